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
		{"string stays raw", []Param{{"file_path", `C:\test\new.txt`}}, `{"file_path":"C:\\test\\new.txt"}`, nil},
		{"JSON-looking string stays", []Param{{"file_path", `[1, 2]`}}, `{"file_path":"[1, 2]"}`, nil},
		{"white space kept in strings", []Param{{"file_path", "\na.txt\n"}}, `{"file_path":"\na.txt\n"}`, nil},
		{"untyped stays a string", []Param{{"file_path", "a"}, {"any", "[1]"}}, `{"file_path":"a","any":"[1]"}`, nil},
		{"array from JSON", []Param{{"file_path", "a"}, {"todos", "\n[{\"content\": \"x\", \"done\": false}]\n"}},
			`{"file_path":"a","todos":[{"content":"x","done":false}]}`, nil},
		{"array from Python", []Param{{"file_path", "a"}, {"todos", "[{'content': 'x', 'done': True}]"}},
			`{"file_path":"a","todos":[{"content":"x","done":true}]}`, nil},
		{"array with closing markup", []Param{{"file_path", "a"}, {"todos", "[{\"content\": \"x\"}]\n</parameter>"}},
			`{"file_path":"a","todos":[{"content":"x"}]}`, nil},
		{"items stringified", []Param{{"file_path", "a"}, {"todos", `["{\"content\": \"x\"}"]`}},
			`{"file_path":"a","todos":[{"content":"x"}]}`, nil},
		{"scalars", []Param{{"timeout", "180000"}, {"n", "-3"}, {"bg", "true"}, {"file_path", "a"}, {"opt", "null"}},
			`{"timeout":180000,"n":-3,"bg":true,"file_path":"a","opt":null}`, nil},
		{"order kept", []Param{{"n", "1"}, {"file_path", "a"}}, `{"n":1,"file_path":"a"}`, nil},
		{"leading zero", []Param{{"file_path", "a"}, {"n", "02134"}}, "", ErrUntyped},
		{"fraction for an integer", []Param{{"file_path", "a"}, {"n", "1.5"}}, "", ErrUntyped},
		{"words for a boolean", []Param{{"file_path", "a"}, {"bg", "yes"}}, "", ErrUntyped},
		{"prose for an array", []Param{{"file_path", "a"}, {"todos", "first read, then fix"}}, "", ErrUntyped},
		{"unknown param", []Param{{"file_path", "a"}, {"color", "red"}}, "", ErrUnknownParam},
		{"param twice", []Param{{"file_path", "a"}, {"file_path", "b"}}, "", ErrUnknownParam},
		{"required missing", []Param{{"n", "1"}}, "", ErrNoFit},
		{"enum miss", []Param{{"file_path", "a"}, {"mode", "c"}}, "", ErrNoFit},
		{"items do not fit", []Param{{"file_path", "a"}, {"todos", `[{"done": true}]`}}, "", ErrNoFit},
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
	got, err := tools.BuildInput("t", []Param{{"n", "7"}})
	if err != nil || string(got) != `{"n":7}` {
		t.Fatalf("got %s, %v", got, err)
	}
	if !tools.HasParam("t", "n") || tools.HasParam("t", "m") {
		t.Error("HasParam does not look through $ref and allOf")
	}
}
