package repair

import (
	"encoding/json"
	"fmt"
	"testing"
	"time"
)

// toolsWith builds the Tools of an Anthropic request offering one tool "t" with the schema.
func toolsWith(t testing.TB, schema string) *Tools {
	t.Helper()
	body := fmt.Sprintf(`{"model":"m","tools":[{"name":"t","input_schema":%s}]}`, schema)
	if !json.Valid([]byte(body)) {
		t.Fatalf("test schema is not JSON: %s", schema)
	}
	tools, err := ToolsFromAnthropic([]byte(body))
	if err != nil {
		t.Fatal(err)
	}
	return tools
}

func TestFits(t *testing.T) {
	tests := []struct {
		name, schema, input string
		want                bool
	}{
		{"type object", `{"type":"object"}`, `{}`, true},
		{"type mismatch", `{"type":"object"}`, `[]`, false},
		{"type list", `{"type":"object","properties":{"a":{"type":["array","null"]}}}`, `{"a":null}`, true},
		{"type list mismatch", `{"type":"object","properties":{"a":{"type":["array","null"]}}}`, `{"a":"x"}`, false},
		{"integer from 2.0", `{"properties":{"n":{"type":"integer"}}}`, `{"n":2.0}`, true},
		{"integer not 2.5", `{"properties":{"n":{"type":"integer"}}}`, `{"n":2.5}`, false},
		{"number takes integer", `{"properties":{"n":{"type":"number"}}}`, `{"n":2}`, true},
		{"required", `{"required":["a"]}`, `{"b":1}`, false},
		{"additional false", `{"properties":{"a":{}},"additionalProperties":false}`, `{"a":1,"b":2}`, false},
		{"additional schema", `{"properties":{"a":{}},"additionalProperties":{"type":"string"}}`, `{"a":1,"b":"x"}`, true},
		{"additional schema bad", `{"properties":{"a":{}},"additionalProperties":{"type":"string"}}`, `{"a":1,"b":2}`, false},
		{"pattern properties", `{"patternProperties":{"^x-":{"type":"integer"}},"additionalProperties":false}`, `{"x-a":1}`, true},
		{"pattern properties bad", `{"patternProperties":{"^x-":{"type":"integer"}},"additionalProperties":false}`, `{"y":1}`, false},
		{"items", `{"type":"array","items":{"type":"string"}}`, `["a",1]`, false},
		{"prefixItems", `{"prefixItems":[{"type":"string"},{"type":"integer"}],"items":false}`, `["a",1]`, true},
		{"prefixItems extra", `{"prefixItems":[{"type":"string"}],"items":false}`, `["a",1]`, false},
		{"draft4 tuple", `{"items":[{"type":"string"}],"additionalItems":{"type":"integer"}}`, `["a",1,2]`, true},
		{"draft4 tuple bad", `{"items":[{"type":"string"}],"additionalItems":{"type":"integer"}}`, `["a","b"]`, false},
		{"minItems", `{"minItems":1}`, `[]`, false},
		{"maxItems", `{"maxItems":1}`, `[1,2]`, false},
		{"minLength code points", `{"minLength":2}`, `"继续"`, true},
		{"maxLength code points", `{"maxLength":1}`, `"继续"`, false},
		{"minimum", `{"minimum":1}`, `0`, false},
		{"maximum", `{"maximum":1}`, `1`, true},
		{"exclusiveMinimum number", `{"exclusiveMinimum":1}`, `1`, false},
		{"exclusiveMaximum draft4", `{"maximum":1,"exclusiveMaximum":true}`, `1`, false},
		{"exclusiveMinimum draft4 first", `{"exclusiveMinimum":true,"minimum":1}`, `1.5`, true},
		{"min/maxProperties", `{"minProperties":1,"maxProperties":1}`, `{}`, false},
		{"enum", `{"enum":["a",1]}`, `1.0`, true},
		{"enum miss", `{"enum":["a",1]}`, `"b"`, false},
		{"const", `{"const":{"a":[1]}}`, `{"a":[1.0]}`, true},
		{"anyOf", `{"anyOf":[{"type":"string"},{"type":"integer"}]}`, `true`, false},
		{"oneOf exactly one", `{"oneOf":[{"type":"integer"},{"type":"number"}]}`, `1.5`, true},
		{"oneOf two match", `{"oneOf":[{"type":"integer"},{"type":"number"}]}`, `1`, false},
		{"allOf", `{"allOf":[{"minimum":1},{"maximum":2}]}`, `3`, false},
		{"not", `{"not":{"type":"string"}}`, `"a"`, false},
		{"pattern", `{"pattern":"^a+$"}`, `"aab"`, false},
		{"invalid pattern ignored", `{"pattern":"(?<=a)b"}`, `"zzz"`, true},
		{"unknown keywords ignored", `{"format":"email","x-foo":1}`, `"not an email"`, true},
		{"nullable", `{"type":"string","nullable":true}`, `null`, true},
		{"ref defs", `{"$defs":{"p":{"type":"integer"}},"properties":{"a":{"$ref":"#/$defs/p"}}}`, `{"a":"x"}`, false},
		{"ref definitions", `{"definitions":{"p":{"type":"integer"}},"properties":{"a":{"$ref":"#/definitions/p"}}}`, `{"a":1}`, true},
		{"ref escapes", `{"$defs":{"a/b~c d":{"type":"integer"}},"properties":{"a":{"$ref":"#/$defs/a~1b~0c%20d"}}}`, `{"a":"x"}`, false},
		{"ref recursive", `{"type":"object","properties":{"kids":{"type":"array","items":{"$ref":"#"}}},"additionalProperties":false}`, `{"kids":[{"kids":[{"x":1}]}]}`, false},
		{"ref recursive ok", `{"type":"object","properties":{"kids":{"type":"array","items":{"$ref":"#"}}}}`, `{"kids":[{"kids":[]}]}`, true},
		{"ref self cycle", `{"$ref":"#"}`, `{}`, false},
		{"ref unresolved", `{"properties":{"a":{"$ref":"other.json#/x"}}}`, `{"a":1}`, true},
		{"false schema", `{"properties":{"a":false}}`, `{"a":1}`, false},
		{"true schema", `true`, `[1]`, true},
		{"not JSON", `{}`, `{`, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := toolsWith(t, tt.schema).Fits("t", []byte(tt.input)); got != tt.want {
				t.Errorf("Fits(%s) under %s = %v, want %v", tt.input, tt.schema, got, tt.want)
			}
		})
	}
}

// TestSchemaCyclesEnd: $ref cycles that never descend into the value end, in Fits and repairs.
func TestSchemaCyclesEnd(t *testing.T) {
	schemas := []string{
		`{"$ref":"#"}`,
		`{"$defs":{"a":{"$ref":"#/$defs/b"},"b":{"$ref":"#/$defs/a"}},"$ref":"#/$defs/a"}`,
		`{"anyOf":[{"$ref":"#"},{"type":"object"}]}`,
		`{"properties":{"x":{"anyOf":[{"$ref":"#/properties/x"}]}}}`,
		`{"properties":{"x":{"allOf":[{"$ref":"#/properties/x"}],"oneOf":[{"$ref":"#/properties/x"}]}}}`,
	}
	for _, s := range schemas {
		done := make(chan struct{})
		go func() {
			defer close(done)
			tools := toolsWith(t, s)
			tools.Fits("t", []byte(`{"x":"[1]"}`))
			tools.RepairInput("t", []byte(`{"x":"[1]"}`), Options{Args: true})
		}()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			t.Fatalf("schema %s: no answer in 10s", s)
		}
	}
}
