package repair

import (
	"errors"
	"testing"
)

func TestBuildInput(t *testing.T) {
	const schema = `{"type":"object","properties":{` +
		`"file_path":{"type":"string"},"todos":{"type":"array","items":{"type":"object","properties":{"content":{"type":"string"},"done":{"type":"boolean"}},"required":["content"]}},` +
		`"timeout":{"type":"number"},"n":{"type":"integer"},"bg":{"type":"boolean"},"opt":{"anyOf":[{"type":"object"},{"type":"null"}]},"any":{},` +
		`"mode":{"type":"string","enum":["a","b"]}},"required":["file_path"],"additionalProperties":false}`
	tests := []struct {
		name   string
		params []Param
		want   string
		err    error
	}{
		{"string stays raw", []Param{{Name: "file_path", Value: `C:\test\new.txt`}}, `{"file_path":"C:\\test\\new.txt"}`, nil},
		{"JSON-looking string stays", []Param{{Name: "file_path", Value: `[1, 2]`}}, `{"file_path":"[1, 2]"}`, nil},
		{"white space kept in strings", []Param{{Name: "file_path", Value: "\na.txt\n"}}, `{"file_path":"\na.txt\n"}`, nil},
		{"untyped stays a string", []Param{{Name: "file_path", Value: "a"}, {Name: "any", Value: "[1]"}}, `{"file_path":"a","any":"[1]"}`, nil},
		{"array from JSON", []Param{{Name: "file_path", Value: "a"}, {Name: "todos", Value: "\n[{\"content\": \"x\", \"done\": false}]\n"}},
			`{"file_path":"a","todos":[{"content":"x","done":false}]}`, nil},
		{"array from Python", []Param{{Name: "file_path", Value: "a"}, {Name: "todos", Value: "[{'content': 'x', 'done': True}]"}},
			`{"file_path":"a","todos":[{"content":"x","done":true}]}`, nil},
		{"array with closing markup", []Param{{Name: "file_path", Value: "a"}, {Name: "todos", Value: "[{\"content\": \"x\"}]\n</parameter>"}},
			`{"file_path":"a","todos":[{"content":"x"}]}`, nil},
		{"items stringified", []Param{{Name: "file_path", Value: "a"}, {Name: "todos", Value: `["{\"content\": \"x\"}"]`}},
			`{"file_path":"a","todos":[{"content":"x"}]}`, nil},
		{"scalars", []Param{{Name: "timeout", Value: "180000"}, {Name: "n", Value: "-3"}, {Name: "bg", Value: "true"}, {Name: "file_path", Value: "a"}, {Name: "opt", Value: "null"}},
			`{"timeout":180000,"n":-3,"bg":true,"file_path":"a","opt":null}`, nil},
		// D05 DSML: string="false" marks JSON, string="true" (JSON false) raw text
		{"marked JSON", []Param{{Name: "file_path", Value: "a"}, {Name: "todos", Value: `[{"content": "x"}]`, JSON: true}}, `{"file_path":"a","todos":[{"content":"x"}]}`, nil},
		{"marked JSON number", []Param{{Name: "file_path", Value: "a"}, {Name: "timeout", Value: " 120000 ", JSON: true}}, `{"file_path":"a","timeout":120000}`, nil},
		{"marked JSON string", []Param{{Name: "file_path", Value: `"a b"`, JSON: true}}, `{"file_path":"a b"}`, nil},
		{"marked JSON stringified array", []Param{{Name: "file_path", Value: "a"}, {Name: "todos", Value: `"[{\"content\": \"x\"}]"`, JSON: true}}, `{"file_path":"a","todos":[{"content":"x"}]}`, nil},
		{"marked JSON that does not fit a string is read raw", []Param{{Name: "file_path", Value: "2.10", JSON: true}}, `{"file_path":"2.10"}`, nil},
		{"marked JSON that is no JSON is read raw", []Param{{Name: "file_path", Value: "src/a.go", JSON: true}}, `{"file_path":"src/a.go"}`, nil},
		{"number-like raw string stays a string", []Param{{Name: "file_path", Value: "2.10"}}, `{"file_path":"2.10"}`, nil},
		{"marked JSON of the wrong type", []Param{{Name: "file_path", Value: "a"}, {Name: "bg", Value: "[1]", JSON: true}}, "", ErrUntyped},
		{"order kept", []Param{{Name: "n", Value: "1"}, {Name: "file_path", Value: "a"}}, `{"n":1,"file_path":"a"}`, nil},
		{"leading zero", []Param{{Name: "file_path", Value: "a"}, {Name: "n", Value: "02134"}}, "", ErrUntyped},
		{"fraction for an integer", []Param{{Name: "file_path", Value: "a"}, {Name: "n", Value: "1.5"}}, "", ErrUntyped},
		{"words for a boolean", []Param{{Name: "file_path", Value: "a"}, {Name: "bg", Value: "yes"}}, "", ErrUntyped},
		{"prose for an array", []Param{{Name: "file_path", Value: "a"}, {Name: "todos", Value: "first read, then fix"}}, "", ErrUntyped},
		{"unknown param", []Param{{Name: "file_path", Value: "a"}, {Name: "color", Value: "red"}}, "", ErrUnknownParam},
		{"param twice", []Param{{Name: "file_path", Value: "a"}, {Name: "file_path", Value: "b"}}, "", ErrUnknownParam},
		{"required missing", []Param{{Name: "n", Value: "1"}}, "", ErrNoFit},
		{"enum miss", []Param{{Name: "file_path", Value: "a"}, {Name: "mode", Value: "c"}}, "", ErrNoFit},
		{"items do not fit", []Param{{Name: "file_path", Value: "a"}, {Name: "todos", Value: `[{"done": true}]`}}, "", ErrNoFit},
	}
	tools := toolsWith(t, schema)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := tools.BuildInput("t", tt.params)
			if tt.err != nil {
				if !errors.Is(err, tt.err) {
					t.Fatalf("err %v, want %v (got %s)", err, tt.err, got)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != tt.want {
				t.Errorf("got  %s\nwant %s", got, tt.want)
			}
			if !tools.Fits("t", got) {
				t.Errorf("%s does not fit", got)
			}
		})
	}
	if _, err := tools.BuildInput("nope", nil); !errors.Is(err, ErrUnknownTool) {
		t.Errorf("unknown tool: err %v", err)
	}
	var none *Tools
	if _, err := none.BuildInput("t", nil); !errors.Is(err, ErrUnknownTool) {
		t.Errorf("nil tools: err %v", err)
	}
}

// TestBuildInputThroughRootRef: the parameters may sit behind a root $ref or allOf.
func TestBuildInputThroughRootRef(t *testing.T) {
	tools := toolsWith(t, `{"$ref":"#/$defs/in","$defs":{"in":{"allOf":[{"type":"object","properties":{"n":{"type":"integer"}}}]}}}`)
	got, err := tools.BuildInput("t", []Param{{Name: "n", Value: "7"}})
	if err != nil || string(got) != `{"n":7}` {
		t.Fatalf("got %s, %v", got, err)
	}
	if !tools.HasParam("t", "n") || tools.HasParam("t", "m") {
		t.Error("HasParam does not look through $ref and allOf")
	}
}

// TestBuildInputThroughRootBranches: a root anyOf or oneOf types a parameter when the branches
// that declare it agree on its types (SGLang test_root_combinator_tool_parsers.py), and types
// none when they disagree.
func TestBuildInputThroughRootBranches(t *testing.T) {
	for _, tt := range []struct {
		name, schema string
		params       []Param
		want         string // "" when no input is built
	}{
		{"one branch declares it", `{"type":"object","oneOf":[{"properties":{"k":{"const":"a"},"p":{"type":"object"}},"required":["k","p"]},{"properties":{"k":{"const":"b"}},"required":["k"]}]}`,
			[]Param{{Name: "k", Value: "a"}, {Name: "p", Value: `{"v":"x"}`}}, `{"k":"a","p":{"v":"x"}}`},
		{"branches agree", `{"anyOf":[{"type":"object","properties":{"n":{"type":"integer"}}},{"type":"object","properties":{"n":{"type":"integer","minimum":5}}}]}`,
			[]Param{{Name: "n", Value: "7"}}, `{"n":7}`},
		{"branches disagree", `{"anyOf":[{"type":"object","properties":{"n":{"type":"integer"}}},{"type":"object","properties":{"n":{"type":"string"}}}]}`,
			[]Param{{Name: "n", Value: "7"}}, ""},
		{"no branch declares it", `{"oneOf":[{"type":"object","properties":{"n":{"type":"integer"}}}]}`,
			[]Param{{Name: "m", Value: "7"}}, ""},
	} {
		t.Run(tt.name, func(t *testing.T) { checkBuilt(t, tt.schema, tt.params, tt.want) })
	}
}

// TestBuildInputTextAsJSON: a raw text that fits its parameter's schema not as a string but as
// JSON (a const or enum of non-strings) is read as JSON; one that fits as a string stays one.
func TestBuildInputTextAsJSON(t *testing.T) {
	for _, tt := range []struct{ field, text, want string }{
		{`{"const":7}`, "7", `{"v":7}`},
		{`{"enum":["ok",null]}`, "null", `{"v":null}`},
		{`{"enum":["ok",null]}`, "ok", `{"v":"ok"}`},
		{`{"type":["string","integer"]}`, "7", `{"v":"7"}`},
		{`{"const":7}`, "8", ""},
	} {
		t.Run(tt.field+" "+tt.text, func(t *testing.T) {
			checkBuilt(t, `{"type":"object","properties":{"v":`+tt.field+`}}`, []Param{{Name: "v", Value: tt.text}}, tt.want)
		})
	}
}

// checkBuilt builds the input of tool t under schema from params and checks it is want, or that
// no input is built when want is "".
func checkBuilt(t *testing.T, schema string, params []Param, want string) {
	t.Helper()
	got, err := toolsWith(t, schema).BuildInput("t", params)
	if want == "" {
		if err == nil {
			t.Fatalf("built %s, want an error", got)
		}
		return
	}
	if err != nil || string(got) != want {
		t.Fatalf("got %s, %v, want %s", got, err, want)
	}
}

// TestBuildInputElements: a parameter written as nested elements (Param.Elements, MiniMax M3:
// vllm test_minimax_m3_tool_parser.py test_non_streaming_nested_tool_call, sglang
// test_minimax_m3_detector.py test_nested_object_and_array) is shaped and typed by its schema,
// and one that does not fit is no value, never a string of markup.
func TestBuildInputElements(t *testing.T) {
	const schema = `{"type":"object","properties":{"note":{"type":"string"},` +
		`"loc":{"type":"object","properties":{"city":{"type":"string"},"zip":{"type":"integer"}}},` +
		`"tags":{"type":"array","items":{"type":"string"}},` +
		`"items":{"type":"array","items":{"type":"object","properties":{"sku":{"type":"string"},"qty":{"type":"integer"}}}},` +
		`"meta":{"type":"object","additionalProperties":{"type":"string"}},"any":{"type":"object"}}}`
	el := func(name, value string) []Param { return []Param{{Name: name, Value: value, Elements: true}} }
	for _, tt := range []struct {
		name   string
		params []Param
		want   string
	}{
		{"object typed", el("loc", `{"city":"NYC","zip":"10001"}`), `{"loc":{"city":"NYC","zip":10001}}`},
		{"list of items", el("tags", `{"item":["red","blue"]}`), `{"tags":["red","blue"]}`},
		{"one item a list of one", el("tags", `{"item":"red"}`), `{"tags":["red"]}`},
		{"list of objects", el("items", `{"item":[{"sku":"a","qty":"2"},{"sku":"b","qty":"5"}]}`), `{"items":[{"sku":"a","qty":2},{"sku":"b","qty":5}]}`},
		{"map of strings", el("meta", `{"source":"mobile","campaign":"may"}`), `{"meta":{"source":"mobile","campaign":"may"}}`},
		{"a name twice a list", el("any", `{"tag":["a","b"]}`), `{"any":{"tag":["a","b"]}}`},
		{"elements for a string", el("note", `{"city":"NYC"}`), ""},
		{"a leading zero for an integer", el("loc", `{"zip":"018956"}`), ""},
		{"two members for a list", el("tags", `{"a":"x","b":"y"}`), ""},
		{"no JSON", el("loc", `<city>`), ""},
	} {
		t.Run(tt.name, func(t *testing.T) { checkBuilt(t, schema, tt.params, tt.want) })
	}
}

// TestBuildInputDiscriminatedBranch: where root branches disagree on a parameter's types, the
// branch a const or enum parameter chooses types it (SGLang test_glm47_schema_types.py
// test_root_unions_preserve_each_value_type); no choice, two choices or a branch without a tag
// type nothing.
func TestBuildInputDiscriminatedBranch(t *testing.T) {
	const text = `{"type":"object","properties":{"kind":{"const":"text"},"value":{"type":"string"}}}`
	const count = `{"type":"object","properties":{"kind":{"const":"count"},"value":{"type":"integer"}}}`
	const counts = `{"type":"object","properties":{"kind":{"enum":["count","n"]},"value":{"type":"integer"}}}`
	const untagged = `{"type":"object","properties":{"value":{"type":"boolean"}}}`
	for _, tt := range []struct {
		name, schema string
		params       []Param
		want         string
	}{
		{"const chooses count", `{"oneOf":[` + text + `,` + count + `]}`, []Param{{Name: "kind", Value: "count"}, {Name: "value", Value: "7"}}, `{"kind":"count","value":7}`},
		{"const chooses text", `{"anyOf":[` + count + `,` + text + `]}`, []Param{{Name: "kind", Value: "text"}, {Name: "value", Value: "7"}}, `{"kind":"text","value":"7"}`},
		{"tag after the value", `{"anyOf":[` + text + `,` + count + `]}`, []Param{{Name: "value", Value: "7"}, {Name: "kind", Value: "count"}}, `{"value":7,"kind":"count"}`},
		{"enum chooses", `{"oneOf":[` + text + `,` + counts + `]}`, []Param{{Name: "kind", Value: "n"}, {Name: "value", Value: "7"}}, `{"kind":"n","value":7}`},
		{"through a ref", `{"$ref":"#/$defs/u","$defs":{"u":{"oneOf":[` + text + `,` + count + `]}}}`, []Param{{Name: "kind", Value: "count"}, {Name: "value", Value: "7"}}, `{"kind":"count","value":7}`},
		{"no tag given", `{"oneOf":[` + text + `,` + count + `]}`, []Param{{Name: "value", Value: "7"}}, ""},
		{"tag fits no branch", `{"oneOf":[` + text + `,` + count + `]}`, []Param{{Name: "kind", Value: "size"}, {Name: "value", Value: "7"}}, ""},
		{"two branches fit the tag", `{"anyOf":[` + count + `,` + counts + `,` + text + `]}`, []Param{{Name: "kind", Value: "count"}, {Name: "value", Value: "7"}}, ""},
		{"an untagged branch may be the one", `{"anyOf":[` + text + `,` + count + `,` + untagged + `]}`, []Param{{Name: "kind", Value: "count"}, {Name: "value", Value: "7"}}, ""},
		{"the chosen branch rejects the value", `{"oneOf":[` + text + `,` + count + `]}`, []Param{{Name: "kind", Value: "count"}, {Name: "value", Value: "seven"}}, ""},
	} {
		t.Run(tt.name, func(t *testing.T) { checkBuilt(t, tt.schema, tt.params, tt.want) })
	}
	if !toolsWith(t, `{"oneOf":[`+text+`,`+count+`]}`).HasParam("t", "value") {
		t.Error("HasParam does not see a member the branches disagree on")
	}
}
