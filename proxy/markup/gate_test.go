package markup

import (
	"strings"
	"testing"
)

// TestUndeclaredReleased: markup naming a tool the request does not declare, or a JSON call
// object with a member no call has, is released as it came as soon as that is read, in one piece
// and a byte at a time, and is no tail when the text ends; the same markup naming a declared tool
// is held and found (issue 20 F7; attack round 2026-12-01 e-invoke-undeclared, e-hold-then-emoji,
// h-json-answer-glued).
func TestUndeclaredReleased(t *testing.T) {
	known := func(name, member string) bool { return name == "ls" && (member == "" || member == "path") }
	tests := []struct {
		name string
		text string // the text so far, its markup unfinished
		rest string // what completes the markup
	}{
		{"invoke", "Running.\n<invoke name=\"nope\">\n<parameter name=\"a\">é/😀", "</parameter>\n</invoke>"},
		{"hermes", "Listing now.\n<tool_call>\n{\"name\": \"nope_tool\", \"arguments\": {\"p\": \"😀   /x", "\"}}\n</tool_call>"},
		{"qwen", "<tool_call>\n<function=nope>\n<parameter=a>\nx", "\n</parameter>\n</function>\n</tool_call>"},
		{"glm", "<tool_call>nope\n<arg_key>a</arg_key><arg_value>x", "</arg_value></tool_call>"},
		{"kimi", "Go.<|tool_calls_section_begin|><|tool_call_begin|>functions.nope:0<|tool_call_argument_begin|>{\"a\": \"x", "\"}<|tool_call_end|><|tool_calls_section_end|>"},
		{"mistral", "[TOOL_CALLS]nope[ARGS]{\"a\": \"x", "\"}"},
		{"pythonic", "[nope(path=\"x", "\")]"},
		{"llama3 json, undeclared", "{\"name\": \"nope\", \"parameters\": {\"path\": \"x", "\"}}"},
		{"llama3 json, a member no call has", "{\"name\": \"ls\", \"parameters\": {\"path\": \"/\"}, \"extra\": \"data the user as", "ked for\"}"},
		{"xlam list", "[{\"name\": \"ls\", \"arguments\": {}}, {\"name\": \"nope\", \"arguments\": {\"path\": \"x", "\"}}]"},
		{"gemma", "<|tool_call>call:nope{a:<|\"|>x", "<|\"|>}<tool_call|>"},
		{"bare json, an undeclared member", "{\"name\": \"ls\", \"arguments\": {\"dir\": \"/x", "\"}}"},
		{"bare pythonic, an undeclared member", "[ls(all=True, path=\"/x", "\")]"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			for _, piece := range []int{len(tc.text), 1} {
				released, held := feed(NewHolderFor(All, known), tc.text, piece)
				if held != "" {
					t.Errorf("pieces of %d: held %q, released %q", piece, held, released)
				}
			}
			if l, ok := FindDeclared(tc.text+tc.rest, All, known); ok {
				t.Errorf("found a tail at %d: %s", l.Start, dumpCalls(l.Calls))
			}
			// The same markup naming the declared tool is held, and found when whole.
			decl := strings.ReplaceAll(strings.ReplaceAll(tc.text, "nope_tool", "ls"), "nope", "ls")
			if decl == tc.text {
				return
			}
			if _, held := feed(NewHolderFor(All, known), decl, 1); held == "" {
				t.Errorf("the declared call %q is not held", decl)
			}
			full := strings.ReplaceAll(strings.ReplaceAll(tc.text+tc.rest, "nope_tool", "ls"), "nope", "ls")
			if _, ok := FindDeclared(full, All, known); !ok {
				t.Errorf("the declared call %q is not found", full)
			}
		})
	}
}

// TestUndeclaredNil: a nil Declared counts every name, as FindTail does.
func TestUndeclaredNil(t *testing.T) {
	text := "Running.\n<invoke name=\"nope\">\n<parameter name=\"a\">x</parameter>\n</invoke>"
	l1, ok1 := FindTail(text, All)
	l2, ok2 := FindDeclared(text, All, nil)
	if !ok1 || !ok2 || l1.Start != l2.Start || len(l2.Calls) != 1 {
		t.Fatalf("FindTail %v %+v, FindDeclared(nil) %v %+v", ok1, l1, ok2, l2)
	}
}
