package repair

import (
	"slices"
	"strings"
	"testing"
)

// repairTest is one RepairInput call under a one-tool schema: want "" means changed=false.
type repairTest struct {
	name, schema, input, want string
	kinds                     []string
}

func runRepairTests(t *testing.T, tests []repairTest, opt Options) {
	t.Helper()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tools := toolsWith(t, tt.schema)
			fixed, kinds, changed := tools.RepairInput("t", []byte(tt.input), opt)
			if tt.want == "" {
				if changed || fixed != nil || kinds != nil {
					t.Fatalf("repaired %s into %s %v, want it left alone", tt.input, fixed, kinds)
				}
				return
			}
			if !changed {
				t.Fatalf("left %s alone, want %s", tt.input, tt.want)
			}
			if string(fixed) != tt.want {
				t.Errorf("got  %s\nwant %s", fixed, tt.want)
			}
			if !slices.Equal(kinds, tt.kinds) {
				t.Errorf("kinds %v, want %v", kinds, tt.kinds)
			}
			if !tools.Fits("t", fixed) {
				t.Errorf("the result does not fit")
			}
		})
	}
}

const (
	todoSchema = `{"type":"object","properties":{"todos":{"type":"array","items":{"type":"object",` +
		`"properties":{"content":{"type":"string"},"status":{"type":"string","enum":["pending","done"]}},` +
		`"required":["content","status"]}}},"required":["todos"]}`
	bashSchema = `{"type":"object","properties":{"command":{"type":"string"},"timeout":{"type":"number"},` +
		`"n":{"type":"integer"},"bg":{"type":"boolean"},"nothing":{"type":"null"}},"required":["command"],"additionalProperties":false}`
)

func TestCoerceStructures(t *testing.T) {
	runRepairTests(t, []repairTest{
		{"stringified array", todoSchema, `{"todos":"[{\"content\":\"a\",\"status\":\"done\"}]"}`,
			`{"todos":[{"content":"a","status":"done"}]}`, []string{KindCoerce}},
		{"double stringified", todoSchema, `{"todos":"\"[{\\\"content\\\":\\\"a\\\",\\\"status\\\":\\\"done\\\"}]\""}`,
			`{"todos":[{"content":"a","status":"done"}]}`, []string{KindCoerce}},
		{"triple stringified is too deep", `{"properties":{"a":{"type":"array"}}}`, `{"a":"\"\\\"[1]\\\"\""}`, "", nil},
		{"items each a string", todoSchema, `{"todos":["{\"content\":\"a\",\"status\":\"done\"}","{\"content\":\"b\",\"status\":\"pending\"}"]}`,
			`{"todos":[{"content":"a","status":"done"},{"content":"b","status":"pending"}]}`, []string{KindCoerce}},
		{"nested stringified inside stringified", `{"properties":{"a":{"type":"object","properties":{"b":{"type":"array"}}}}}`,
			`{"a":"{\"b\":\"[1,2]\"}"}`, `{"a":{"b":[1,2]}}`, []string{KindCoerce}},
		{"object", `{"properties":{"p":{"type":"object"}}}`, `{"p":"{\"id\":\"x\"}"}`, `{"p":{"id":"x"}}`, []string{KindCoerce}},
		{"whole input stringified", `{"type":"object","properties":{"a":{"type":"array"}}}`, `"{\"a\":[1]}"`, `{"a":[1]}`, []string{KindCoerce}},
		{"prefixItems", `{"properties":{"a":{"prefixItems":[{"type":"string"},{"type":"array"}]}}}`, `{"a":["[1]","[2]"]}`,
			`{"a":["[1]",[2]]}`, []string{KindCoerce}},
		{"additionalProperties schema", `{"additionalProperties":{"type":"array"}}`, `{"x":"[1]"}`, `{"x":[1]}`, []string{KindCoerce}},
		{"patternProperties", `{"patternProperties":{"^l":{"type":"array"}}}`, `{"list":"[1]","other":"[1]"}`,
			`{"list":[1],"other":"[1]"}`, []string{KindCoerce}},
		{"anyOf object or null", `{"properties":{"p":{"anyOf":[{"type":"object","properties":{"id":{"type":"string"}}},{"type":"null"}]}}}`,
			`{"p":"{\"id\":\"x\"}"}`, `{"p":{"id":"x"}}`, []string{KindCoerce}},
		{"anyOf null from text", `{"properties":{"p":{"anyOf":[{"type":"object"},{"type":"null"}]}}}`, `{"p":"null"}`, `{"p":null}`, []string{KindCoerce}},
		{"oneOf picks the branch that fits", `{"properties":{"p":{"oneOf":[{"type":"array","items":{"type":"integer"}},{"type":"object"}]}}}`,
			`{"p":"{\"a\":1}"}`, `{"p":{"a":1}}`, []string{KindCoerce}},
		{"anyOf branch with inner strings", `{"properties":{"p":{"anyOf":[{"type":"object","properties":{"n":{"type":"integer"}},"required":["n"]},{"type":"array"}]}}}`,
			`{"p":{"n":"5"}}`, `{"p":{"n":5}}`, []string{KindCoerce}},
		{"allOf", `{"properties":{"p":{"allOf":[{"type":"array"},{"minItems":1}]}}}`, `{"p":"[1]"}`, `{"p":[1]}`, []string{KindCoerce}},
		{"type list", `{"properties":{"l":{"type":["array","null"],"items":{"type":"string"}}}}`, `{"l":"[\"bug\", \"ci\"]"}`,
			`{"l":["bug","ci"]}`, []string{KindCoerce}},
		{"ref to $defs", `{"$defs":{"L":{"type":"array"}},"properties":{"l":{"$ref":"#/$defs/L"}}}`, `{"l":"[1]"}`, `{"l":[1]}`, []string{KindCoerce}},
		{"ref to definitions with escapes", `{"definitions":{"a/b~c":{"type":"array"}},"properties":{"l":{"$ref":"#/definitions/a~1b~0c"}}}`,
			`{"l":"[1]"}`, `{"l":[1]}`, []string{KindCoerce}},
		{"recursive ref", `{"type":"object","properties":{"kids":{"type":"array","items":{"$ref":"#"}}}}`,
			`{"kids":[{"kids":"[{\"kids\":[]}]"}]}`, `{"kids":[{"kids":[{"kids":[]}]}]}`, []string{KindCoerce}},
		{"order and number text kept", `{"properties":{"b":{"type":"array"}}}`, `{"z":1.50,"b":"[1.0, 2E3]","a":-0}`,
			`{"z":1.50,"b":[1.0,2E3],"a":-0}`, []string{KindCoerce}},
		{"no HTML escaping", `{"properties":{"x":{"type":"array"}}}`, `{"x":"[\"<a&b>\"]"}`, `{"x":["<a&b>"]}`, []string{KindCoerce}},
		{"the result must fit", todoSchema, `{"todos":"[{\"content\":\"a\",\"status\":\"maybe\"}]"}`, "", nil},
		{"unrepairable truncation", todoSchema, `{"todos":"[{\"content\":\"a\",\"stat`, "", nil},
		{"not JSON at all", todoSchema, `{"todos": [`, "", nil},
		{"already fits", `{"properties":{"c":{"type":"string"}}}`, `{"c":"[1, 2]"}`, "", nil},
		// The string-allowed rules: a sibling "n" is repaired, "c" must stay as sent even where
		// its coerced value would fit.
		{"schema allows string", `{"properties":{"c":{"type":"string"},"n":{"type":"integer"}}}`, `{"c":"[1]","n":"5"}`, `{"c":"[1]","n":5}`, []string{KindCoerce}},
		{"type list with string", `{"properties":{"c":{"type":["string","array"]},"n":{"type":"integer"}}}`, `{"c":"[1]","n":"5"}`, `{"c":"[1]","n":5}`, []string{KindCoerce}},
		{"anyOf branch with string", `{"properties":{"c":{"anyOf":[{"type":"array"},{"type":"string"}]},"n":{"type":"integer"}}}`, `{"c":"[1]","n":"5"}`, `{"c":"[1]","n":5}`, []string{KindCoerce}},
		{"oneOf branch with string", `{"properties":{"c":{"oneOf":[{"type":"array"},{"type":"string"}]},"n":{"type":"integer"}}}`, `{"c":"[1]","n":"5"}`, `{"c":"[1]","n":5}`, []string{KindCoerce}},
		{"ref to a string", `{"$defs":{"s":{"type":"string"}},"properties":{"c":{"anyOf":[{"type":"array"},{"$ref":"#/$defs/s"}]},"n":{"type":"integer"}}}`, `{"c":"[1]","n":"5"}`, `{"c":"[1]","n":5}`, []string{KindCoerce}},
		{"no type said", `{"properties":{"c":{"description":"a list"},"n":{"type":"integer"}}}`, `{"c":"[1]","n":"5"}`, `{"c":"[1]","n":5}`, []string{KindCoerce}},
		{"empty schema", `{"properties":{"c":{},"n":{"type":"integer"}}}`, `{"c":"[1]","n":"5"}`, `{"c":"[1]","n":5}`, []string{KindCoerce}},
		{"anyOf with an untyped branch", `{"properties":{"c":{"anyOf":[{"type":"array"},{"minLength":1}]},"n":{"type":"integer"}}}`, `{"c":"[1]","n":"5"}`, `{"c":"[1]","n":5}`, []string{KindCoerce}},
		{"enum without type", `{"properties":{"c":{"enum":[1,2,"1"]},"n":{"type":"integer"}}}`, `{"c":"1","n":"5"}`, `{"c":"1","n":5}`, []string{KindCoerce}},
		{"unresolved ref", `{"properties":{"c":{"$ref":"#/nowhere"},"n":{"type":"integer"}}}`, `{"c":"[1]","n":"5"}`, `{"c":"[1]","n":5}`, []string{KindCoerce}},
		{"remote ref", `{"properties":{"c":{"$ref":"https://example.com/s.json"},"n":{"type":"integer"}}}`, `{"c":"[1]","n":"5"}`, `{"c":"[1]","n":5}`, []string{KindCoerce}},
		{"leading zero stays where a string may be", `{"properties":{"z":{"type":["string","integer"]},"n":{"type":"integer"}}}`, `{"z":"02134","n":"5"}`, `{"z":"02134","n":5}`, []string{KindCoerce}},
		{"no schema for the member", `{"properties":{"a":{"type":"integer"}}}`, `{"a":"x","c":"[1]"}`, "", nil},
		{"object where a string is wanted (D16)", `{"properties":{"c":{"type":"string"}}}`, `{"c":{"a":1}}`, "", nil},
		{"too deep", `{"properties":{"a":{"type":"array"}}}`, `{"a":"` + strings.Repeat("[", maxDepth+1) + strings.Repeat("]", maxDepth+1) + `"}`, "", nil},
	}, Options{})
}

func TestCoerceScalars(t *testing.T) {
	runRepairTests(t, []repairTest{
		{"number", bashSchema, `{"command":"make","timeout":"180000"}`, `{"command":"make","timeout":180000}`, []string{KindCoerce}},
		{"number with fraction", bashSchema, `{"command":"make","timeout":"1.5e3"}`, `{"command":"make","timeout":1.5e3}`, []string{KindCoerce}},
		{"integer", bashSchema, `{"command":"make","n":"-42"}`, `{"command":"make","n":-42}`, []string{KindCoerce}},
		{"integer not from a fraction", bashSchema, `{"command":"make","n":"42.0"}`, "", nil},
		{"integer not from an exponent", bashSchema, `{"command":"make","n":"1e3"}`, "", nil},
		{"never a leading zero", bashSchema, `{"command":"make","timeout":"02134"}`, "", nil},
		{"never a leading zero integer", bashSchema, `{"command":"make","n":"007"}`, "", nil},
		{"not a number", bashSchema, `{"command":"make","timeout":"soon"}`, "", nil},
		{"not hex", bashSchema, `{"command":"make","timeout":"0x10"}`, "", nil},
		{"boolean", bashSchema, `{"command":"make","bg":"true"}`, `{"command":"make","bg":true}`, []string{KindCoerce}},
		{"boolean false", bashSchema, `{"command":"make","bg":"false"}`, `{"command":"make","bg":false}`, []string{KindCoerce}},
		{"a Python boolean alone (QwenLM/qwen-code #633)", bashSchema, `{"command":"make","bg":"True"}`, `{"command":"make","bg":true}`, []string{KindCoerce}},
		{"a Python False alone", bashSchema, `{"command":"make","bg":"False"}`, `{"command":"make","bg":false}`, []string{KindCoerce}},
		{"no other spelling of a boolean", bashSchema, `{"command":"make","bg":"TRUE"}`, "", nil},
		{"no yes for a boolean", bashSchema, `{"command":"make","bg":"yes"}`, "", nil},
		{"no Python None for null", bashSchema, `{"command":"make","nothing":"None"}`, "", nil},
		{"a Python boolean where a string is wanted stays", bashSchema, `{"command":"True"}`, "", nil},
		{"no yes", bashSchema, `{"command":"make","bg":"yes"}`, "", nil},
		{"null", bashSchema, `{"command":"make","nothing":"null"}`, `{"command":"make","nothing":null}`, []string{KindCoerce}},
		{"no None alone", bashSchema, `{"command":"make","nothing":"None"}`, "", nil},
		{"a number is no boolean", bashSchema, `{"command":"make","bg":"1"}`, "", nil},
		{"several at once", bashSchema, `{"command":"make -j4","timeout":"180000","bg":"true"}`,
			`{"command":"make -j4","timeout":180000,"bg":true}`, []string{KindCoerce}},
		{"the string param stays", bashSchema, `{"command":"42","timeout":"42"}`, `{"command":"42","timeout":42}`, []string{KindCoerce}},
	}, Options{})
}

func TestCoercePythonAndMarkup(t *testing.T) {
	runRepairTests(t, []repairTest{
		{"python literal", `{"properties":{"a":{"type":"array","items":{"type":"object"}}}}`, `{"a":"[{'a': 'b', 'ok': True, 'n': None}]"}`,
			`{"a":[{"a":"b","ok":true,"n":null}]}`, []string{KindCoerce}},
		{"python tuple", `{"properties":{"a":{"type":"array"}}}`, `{"a":"('x', (1, 2))"}`, `{"a":["x",[1,2]]}`, []string{KindCoerce}},
		{"python escapes", `{"properties":{"a":{"type":"array"}}}`, `{"a":"['it\\'s', \"q\\\"\", r'C:\\new']"}`,
			`{"a":["it's","q\"","C:\\new"]}`, []string{KindCoerce}},
		{"python nested dict", `{"properties":{"a":{"type":"object"}}}`, `{"a":"{'k': [{'x': (1,)}], 'f': 1.}"}`,
			`{"a":{"k":[{"x":[1]}],"f":1.0}}`, []string{KindCoerce}},
		{"python only for arrays and objects", `{"properties":{"a":{"type":"integer"}}}`, `{"a":"0x10"}`, "", nil},
		{"python set refused", `{"properties":{"a":{"type":"array"}}}`, `{"a":"{1, 2}"}`, "", nil},
		{"no quote swapping", `{"properties":{"a":{"type":"array"}}}`, `{"a":"['it's']"}`, "", nil},
		{"closing markup cut", `{"properties":{"a":{"type":"array"}}}`, `{"a":"[1, 2]</parameter>"}`, `{"a":[1,2]}`, []string{KindCoerce}},
		{"closing markup with white space", `{"properties":{"a":{"type":"array"}}}`, `{"a":"[1, 2]\n</parameter>\n</invoke>\n"}`, `{"a":[1,2]}`, []string{KindCoerce}},
		{"all closers", `{"properties":{"a":{"type":"object"}}}`, `{"a":"{} </function> </tool_call></function_calls>"}`, `{"a":{}}`, []string{KindCoerce}},
		{"closing markup after python", `{"properties":{"a":{"type":"array"}}}`, `{"a":"['x']</parameter>"}`, `{"a":["x"]}`, []string{KindCoerce}},
		{"closing markup after a number", bashSchema, `{"command":"x","timeout":"5</parameter>"}`, `{"command":"x","timeout":5}`, []string{KindCoerce}},
		{"other markup kept", `{"properties":{"a":{"type":"array"}}}`, `{"a":"[1, 2]</b>"}`, "", nil},
		{"opening markup kept", `{"properties":{"a":{"type":"array"}}}`, `{"a":"[1, 2]<parameter>"}`, "", nil},
		{"prose kept", `{"properties":{"a":{"type":"array"}}}`, `{"a":"[1, 2] and more"}`, "", nil},
		{"broken escape mended", `{"properties":{"a":{"type":"array","items":{"type":"object"}}}}`, `{"a":"[{\"q\": \"\\u7 ee7\\u7eed\"}]"}`,
			`{"a":[{"q":"继续"}]}`, []string{KindCoerce, KindEscape}},
		{"broken escape that cannot be mended", `{"properties":{"a":{"type":"array"}}}`, `{"a":"[\"\\u7 e\"]"}`, "", nil},
		{"escaped backslash is no broken escape", `{"properties":{"a":{"type":"array"}}}`, `{"a":"[\"\\\\u7 ee7\"]"}`,
			`{"a":["\\u7 ee7"]}`, []string{KindCoerce}},
	}, Options{})
}

func TestRepairUnknownTool(t *testing.T) {
	tools := toolsWith(t, todoSchema)
	for _, tool := range []string{"T", "other", "mcp__t", ""} {
		if fixed, kinds, changed := tools.RepairInput(tool, []byte(`{"todos":"[]"}`), Options{Args: true}); changed || fixed != nil || kinds != nil {
			t.Errorf("tool %q: repaired into %s %v", tool, fixed, kinds)
		}
	}
	var none *Tools
	if _, _, changed := none.RepairInput("t", []byte(`{"todos":"[]"}`), Options{}); changed {
		t.Error("a nil *Tools repaired")
	}
}
