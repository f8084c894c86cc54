package repair

import (
	"testing"
)

// TestExtraKeywordsFit: each keyword of extra.go, a value that fits it and one that does not
// (draft 2020-12, and the draft-07 dependencies); attack round 2026-12-01, F3.
func TestExtraKeywordsFit(t *testing.T) {
	tests := []struct {
		name, schema, input string
		want                bool
	}{
		{"uniqueItems", `{"uniqueItems":true}`, `[1,2,"1"]`, true},
		{"uniqueItems repeat", `{"uniqueItems":true}`, `[1,2,1]`, false},
		{"uniqueItems equal numbers", `{"uniqueItems":true}`, `[1,1.0]`, false},
		{"uniqueItems objects", `{"uniqueItems":true}`, `[{"a":1,"b":2},{"b":2,"a":1}]`, false},
		{"uniqueItems false", `{"uniqueItems":false}`, `[1,1]`, true},
		{"multipleOf", `{"multipleOf":5}`, `10`, true},
		{"multipleOf not", `{"multipleOf":5}`, `7`, false},
		{"multipleOf decimal", `{"multipleOf":0.1}`, `0.3`, true},
		{"multipleOf decimal not", `{"multipleOf":0.1}`, `0.35`, false},
		{"multipleOf exponent", `{"multipleOf":5}`, `1e2`, true},
		{"multipleOf string ignored", `{"multipleOf":5}`, `"7"`, true},
		{"contains", `{"contains":{"const":9}}`, `[1,9]`, true},
		{"contains none", `{"contains":{"const":9}}`, `[1,2]`, false},
		{"contains empty", `{"contains":{"const":9}}`, `[]`, false},
		{"minContains", `{"contains":{"const":9},"minContains":2}`, `[9,1]`, false},
		{"minContains zero", `{"contains":{"const":9},"minContains":0}`, `[]`, true},
		{"maxContains", `{"contains":{"const":9},"maxContains":1}`, `[9,9]`, false},
		{"maxContains without contains", `{"maxContains":0}`, `[9,9]`, true},
		{"propertyNames", `{"propertyNames":{"pattern":"^[a-z]+$"}}`, `{"ab":1}`, true},
		{"propertyNames bad", `{"propertyNames":{"pattern":"^[a-z]+$"}}`, `{"A":1}`, false},
		{"propertyNames maxLength", `{"propertyNames":{"maxLength":1}}`, `{"ab":1}`, false},
		{"dependentRequired", `{"dependentRequired":{"a":["b"]}}`, `{"a":1,"b":2}`, true},
		{"dependentRequired missing", `{"dependentRequired":{"a":["b"]}}`, `{"a":1}`, false},
		{"dependentRequired absent trigger", `{"dependentRequired":{"a":["b"]}}`, `{"c":1}`, true},
		{"dependencies array", `{"dependencies":{"a":["b"]}}`, `{"a":1}`, false},
		{"dependencies schema", `{"dependencies":{"a":{"required":["b"]}}}`, `{"a":1}`, false},
		{"dependentSchemas", `{"dependentSchemas":{"a":{"properties":{"b":{"type":"string"}}}}}`, `{"a":1,"b":2}`, false},
		{"dependentSchemas ok", `{"dependentSchemas":{"a":{"properties":{"b":{"type":"string"}}}}}`, `{"a":1,"b":"x"}`, true},
		{"if then", `{"if":{"properties":{"m":{"const":"none"}}},"then":{"properties":{"l":{"maxItems":0}}}}`, `{"m":"none","l":[1]}`, false},
		{"if then ok", `{"if":{"properties":{"m":{"const":"none"}}},"then":{"properties":{"l":{"maxItems":0}}}}`, `{"m":"all","l":[1]}`, true},
		{"if else", `{"if":{"type":"string"},"then":{"minLength":2},"else":{"minimum":5}}`, `3`, false},
		{"if else string", `{"if":{"type":"string"},"then":{"minLength":2},"else":{"minimum":5}}`, `"ab"`, true},
		{"then without if", `{"then":false}`, `1`, true},
		{"nested under properties", `{"properties":{"n":{"type":"integer","multipleOf":5}}}`, `{"n":7}`, false},
		// a keyword the validator does not know: the value is taken as it came (Fits), yet no
		// repair fires under it (TestUnknownKeywordFailsOpen)
		{"unknown keyword", `{"unevaluatedProperties":false}`, `{"a":1}`, true},
		{"annotations only", `{"title":"t","description":"d","examples":[1],"default":1,"$comment":"c","deprecated":true,"readOnly":true,"writeOnly":false,"contentMediaType":"text/plain","contentEncoding":"base64","x-foo":1}`, `"x"`, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := toolsWith(t, tt.schema).Fits("t", []byte(tt.input)); got != tt.want {
				t.Errorf("Fits(%s) under %s = %v, want %v", tt.input, tt.schema, got, tt.want)
			}
		})
	}
}

// TestExtraKeywordsRepair: a coercion fires under the keywords of extra.go only when its result
// fits them (REPAIRS.md: a repair fires only when its result fits); attack round 2026-12-01, F3.
func TestExtraKeywordsRepair(t *testing.T) {
	arr := func(kw string) string {
		return `{"type":"object","properties":{"lines":{"type":"array","items":{"type":"integer"}` + kw + `}}}`
	}
	num := `{"type":"object","properties":{"n":{"type":"integer","multipleOf":5}}}`
	ifThen := `{"type":"object","properties":{"mode":{"type":"string"},"lines":{"type":"array","items":{"type":"integer"}}},"if":{"properties":{"mode":{"const":"none"}}},"then":{"properties":{"lines":{"maxItems":0}}}}`
	obj := func(kw string) string {
		return `{"type":"object","properties":{"o":{"type":"object"` + kw + `}}}`
	}
	coerce := []string{KindCoerce}
	runRepairTests(t, []repairTest{
		{"uniqueItems fits", arr(`,"uniqueItems":true`), `{"lines":"[1,2]"}`, `{"lines":[1,2]}`, coerce},
		{"uniqueItems repeat", arr(`,"uniqueItems":true`), `{"lines":"[1,1]"}`, "", nil},
		{"multipleOf fits", num, `{"n":"10"}`, `{"n":10}`, coerce},
		{"multipleOf not", num, `{"n":"7"}`, "", nil},
		{"contains fits", arr(`,"contains":{"const":9}`), `{"lines":"[1,9]"}`, `{"lines":[1,9]}`, coerce},
		{"contains none", arr(`,"contains":{"const":9}`), `{"lines":"[1,2]"}`, "", nil},
		{"if then fits", ifThen, `{"mode":"all","lines":"[1]"}`, `{"mode":"all","lines":[1]}`, coerce},
		{"if then not", ifThen, `{"mode":"none","lines":"[1]"}`, "", nil},
		{"propertyNames fits", obj(`,"propertyNames":{"maxLength":1}`), `{"o":"{\"a\":1}"}`, `{"o":{"a":1}}`, coerce},
		{"propertyNames not", obj(`,"propertyNames":{"maxLength":1}`), `{"o":"{\"ab\":1}"}`, "", nil},
		{"dependentRequired fits", obj(`,"dependentRequired":{"a":["b"]}`), `{"o":"{\"a\":1,\"b\":2}"}`, `{"o":{"a":1,"b":2}}`, coerce},
		{"dependentRequired not", obj(`,"dependentRequired":{"a":["b"]}`), `{"o":"{\"a\":1}"}`, "", nil},
		{"dependencies not", obj(`,"dependencies":{"a":["b"]}`), `{"o":"{\"a\":1}"}`, "", nil},
	}, Options{})
}

// TestUnknownKeywordFailsOpen: an assertion keyword the validator does not implement makes its
// place one that cannot be judged, so no repair fires under it, whatever repair it is, at the
// place, above it or beside it; annotations and unknown keywords do not. Attack round
// 2026-12-01, F3; issue 20 G3.
func TestUnknownKeywordFailsOpen(t *testing.T) {
	arr := func(kw string) string {
		return `{"type":"object","properties":{"lines":{"type":"array","items":{"type":"integer"}` + kw + `},"n":{"type":"integer"}}}`
	}
	coerce := []string{KindCoerce}
	tests := []repairTest{
		{"annotation", arr(`,"description":"d","x-note":1,"format":"f"`), `{"lines":"[1,2]"}`, `{"lines":[1,2]}`, coerce},
		{"unknown at the place", arr(`,"unevaluatedItems":false`), `{"lines":"[1,2]"}`, "", nil},
		{"unknown beside the place", arr(`,"unevaluatedItems":false`), `{"lines":[1],"n":"2"}`, "", nil},
		{"unknown item", `{"type":"object","properties":{"lines":{"type":"array","items":{"type":"integer","$dynamicRef":"#x"}}}}`, `{"lines":"[1,2]"}`, "", nil},
		{"unknown at the root", `{"type":"object","properties":{"n":{"type":"integer"}},"unevaluatedProperties":false}`, `{"n":"2"}`, "", nil},
		{"unjudged in a branch", `{"type":"object","properties":{"n":{"anyOf":[{"type":"integer","$recursiveRef":"#"},{"type":"null"}]}}}`, `{"n":"2"}`, "", nil},
		{"draft 3 divisibleBy", `{"type":"object","properties":{"n":{"type":"integer","divisibleBy":5}}}`, `{"n":"2"}`, "", nil},
		{"bad multipleOf", `{"type":"object","properties":{"n":{"type":"integer","multipleOf":"5"}}}`, `{"n":"2"}`, "", nil},
	}
	runRepairTests(t, tests, Options{})
	runRepairTests(t, []repairTest{
		{"args under unjudged", `{"type":"object","properties":{"n":{"type":"integer"}},"unevaluatedProperties":false}`, `{"n":2,}`, "", nil},
	}, Options{Args: true})
}

// TestUnknownKeywordIgnored: a keyword no draft of JSON Schema nor OpenAPI asserts with is an
// annotation (JSON Schema 2020-12 core §6.5): the keywords real tool schemas carry beside the
// standard ones — OpenAPI's discriminator, xml and externalDocs, Gemini's propertyOrdering,
// strict, ajv's errorMessage, Pydantic's title, vendor keys — leave every repair under them to
// fire, at the root, at the place and in a branch (issue 20 G3).
func TestUnknownKeywordIgnored(t *testing.T) {
	coerce := []string{KindCoerce}
	obj := func(root, place string) string {
		return `{"type":"object"` + root + `,"properties":{"lines":{"type":"array","items":{"type":"integer"}` + place + `},"n":{"type":"integer"}}}`
	}
	tests := []repairTest{
		{"propertyOrdering", obj(`,"propertyOrdering":["lines","n"]`, ""), `{"lines":"[1,2]"}`, `{"lines":[1,2]}`, coerce},
		{"strict", obj(`,"strict":true,"additionalProperties":false`, ""), `{"lines":"[1,2]"}`, `{"lines":[1,2]}`, coerce},
		{"discriminator", `{"type":"object","properties":{"op":{"oneOf":[{"type":"object","properties":{"kind":{"const":"a"},"n":{"type":"integer"}},"required":["kind"]},{"type":"object","properties":{"kind":{"const":"b"}},"required":["kind"],"additionalProperties":false}],"discriminator":{"propertyName":"kind"}}}}`, `{"op":{"kind":"a","n":"2"}}`, `{"op":{"kind":"a","n":2}}`, coerce},
		{"vendor keys at the place", obj("", `,"errorMessage":"lines!","vendorHint":{"ui":"list"},"xml":{"wrapped":true}`), `{"lines":"[1,2]"}`, `{"lines":[1,2]}`, coerce},
		{"unknown in a branch", `{"type":"object","properties":{"n":{"anyOf":[{"type":"integer","foo":1},{"type":"null"}]}}}`, `{"n":"2"}`, `{"n":2}`, coerce},
		{"unknown only", `{"type":"object","properties":{"n":{"type":"integer"},"o":{"foo":1}}}`, `{"n":"2","o":[1]}`, `{"n":2,"o":[1]}`, coerce},
	}
	runRepairTests(t, tests, Options{})
}
