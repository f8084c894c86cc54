package repair

import (
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// decodeFloat decodes JSON text with numbers as float64, so 1e5 and 100000.0 compare equal.
func decodeFloat(t *testing.T, s string) any {
	t.Helper()
	var v any
	if err := json.Unmarshal([]byte(s), &v); err != nil {
		t.Fatalf("decoding %q: %v", s, err)
	}
	return v
}

// TestPythonLiteral holds Python literals with what CPython's ast.literal_eval followed by
// json.dumps gives for them (checked with CPython 3), or "" where Python refuses the text or JSON
// cannot hold the result.
func TestPythonLiteral(t *testing.T) {
	tests := []struct {
		in, want string
	}{
		{`[{'a': 'b', 'ok': True, 'n': None}]`, `[{"a": "b", "ok": true, "n": null}]`},
		{`('a', 'b')`, `["a", "b"]`},
		{`()`, `[]`},
		{`(1,)`, `[1]`},
		{`(1)`, `1`},
		{`((1))`, `1`},
		{`[1,]`, `[1]`},
		{`1, 2`, `[1, 2]`},
		{`1,`, `[1]`},
		{`{'a': 1, 'a': 2, 'b': 3}`, `{"a": 2, "b": 3}`},
		{`{}`, `{}`},
		{`[]`, `[]`},
		{`['it\'s', "say \"hi\"", 'tab\there', 'nl\n', 'bs\\', 'q"', "s'"]`, `["it's", "say \"hi\"", "tab\there", "nl\n", "bs\\", "q\"", "s'"]`},
		{`['\x41\101\u00e9\U0001F600', '\d', '\0', '\a\b\f\v']`, `["AAé😀", "\\d", "\u0000", "\u0007\b\f\u000b"]`},
		{`[r'C:\new\t', R"\d+", u'uni', U"x"]`, `["C:\\new\\t", "\\d+", "uni", "x"]`},
		{`[r'a\'b']`, `["a\\'b"]`},
		{`['a' 'b' "c"]`, `["abc"]`},
		{`['a' r'\n']`, `["a\\n"]`},
		{"['''tri\nple''', \"\"\"dq 'x' \"y\" \"\"\"]", `["tri\nple", "dq 'x' \"y\" "]`},
		{"['''crlf\r\nline''']", `["crlf\nline"]`},
		{`[0x1F, 0o17, 0b101, 1_000, 0, 00, -5, +5, - 3]`, `[31, 15, 5, 1000, 0, 0, -5, 5, -3]`},
		{`[1.5, 1., .5, 1e5, 1E-3, 1_0.2_5, 00.5, 01e2, -0.0]`, `[1.5, 1.0, 0.5, 100000.0, 0.001, 10.25, 0.5, 100.0, -0.0]`},
		{"[\n  1,  # one\n  2\n]", `[1, 2]`},
		{"['a\\\nb']", `["ab"]`},
		{`{'k': [{'x': (1, 2)}]}`, `{"k": [{"x": [1, 2]}]}`},
		{`[True, False, None]`, `[true, false, null]`},
		{`  [1]`, `[1]`},
		{"  [1]  # a comment", `[1]`},
		{"{'a': b'x', 'a': 1}", ``}, // Python drops the bytes for the later key; toolfix refuses them
		// refused: not JSON, or not Python
		{`{1, 2}`, ``},
		{`{1: 'a'}`, ``}, // Python would give {"1": "a"}; toolfix does not guess a key's text
		{`b'x'`, ``},
		{`f'x'`, ``},
		{`[1j]`, ``},
		{`[01]`, ``},
		{`['\N{EM DASH}']`, ``},
		{`[name]`, ``},
		{`[Truex]`, ``},
		{`[1 2]`, ``},
		{`['unterminated]`, ``},
		{`['\ud800']`, ``},
		{`[1__0]`, ``},
		{`[1_]`, ``},
		{`[0x]`, ``},
		{`[--1]`, ``},
		{`[-True]`, ``},
		{`['a\x4']`, ``},
		{`[set()]`, ``},
		{"['line\nbreak']", ``},
		{`[...]`, ``},
		{`[1e]`, ``},
		{`[1..2]`, ``},
		{`[r'\']`, ``},
		{`[`, ``},
		{`1, 2)`, ``},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			v, rest, err := parsePythonPrefix(tt.in)
			if err == nil && rest != "" {
				err = &syntaxError{"python literal", len(tt.in) - len(rest), "text after the value"}
			}
			if tt.want == "" {
				if err == nil {
					t.Fatalf("read %s, want an error", appendJSON(nil, &v))
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			got := string(appendJSON(nil, &v))
			if diff := cmp.Diff(decodeFloat(t, tt.want), decodeFloat(t, got)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func TestPythonLiteralRest(t *testing.T) {
	tests := []struct{ in, rest string }{
		{`[1]</parameter>`, `</parameter>`},
		{"['a'] \n</invoke>", " \n</invoke>"},
		{`{'a': 1}`, ``},
	}
	for _, tt := range tests {
		_, rest, err := parsePythonPrefix(tt.in)
		if err != nil || rest != tt.rest {
			t.Errorf("parsePythonPrefix(%q) rest %q, %v; want %q", tt.in, rest, err, tt.rest)
		}
	}
}

func TestPythonDepthLimit(t *testing.T) {
	deep := ""
	for i := 0; i < maxDepth+1; i++ {
		deep += "["
	}
	if _, _, err := parsePythonPrefix(deep); err == nil {
		t.Fatal("no error for nesting beyond the limit")
	}
	ok := "[[[1]]]"
	if _, _, err := parsePythonPrefix(ok); err != nil {
		t.Fatal(err)
	}
}
