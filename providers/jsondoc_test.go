package providers

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

const url = "http://127.0.0.1:47821/claude"

// TestSetLayout checks the bytes Set produces: the new key laid out like its siblings, every other
// byte kept; and that Remove of what Set added (and of the objects it created) restores the input.
func TestSetLayout(t *testing.T) {
	tests := []struct {
		name string
		in   string
		key  Pointer
		want string
	}{
		{
			name: "replace keeps comments around the value",
			in:   "{\n  \"env\": {\n    \"ANTHROPIC_BASE_URL\": /* gw */ \"https://gw.example\" // mine\n  }\n}\n",
			key:  ClaudeKey,
			want: "{\n  \"env\": {\n    \"ANTHROPIC_BASE_URL\": /* gw */ \"" + url + "\" // mine\n  }\n}\n",
		},
		{
			name: "append to env after siblings",
			in:   "{\n  \"env\": {\n    \"A\": \"1\"\n  },\n  \"model\": \"opus\"\n}\n",
			key:  ClaudeKey,
			want: "{\n  \"env\": {\n    \"A\": \"1\",\n    \"ANTHROPIC_BASE_URL\": \"" + url + "\"\n  },\n  \"model\": \"opus\"\n}\n",
		},
		{
			name: "create env in a tab-indented file",
			in:   "{\n\t\"model\": \"opus\"\n}",
			key:  ClaudeKey,
			want: "{\n\t\"model\": \"opus\",\n\t\"env\": {\n\t\t\"ANTHROPIC_BASE_URL\": \"" + url + "\"\n\t}\n}",
		},
		{
			name: "create env in an empty object",
			in:   "{}\n",
			key:  ClaudeKey,
			want: "{\n  \"env\": {\n    \"ANTHROPIC_BASE_URL\": \"" + url + "\"\n  }\n}\n",
		},
		{
			name: "CRLF and four spaces",
			in:   "{\r\n    \"a\": 1\r\n}\r\n",
			key:  ClaudeKey,
			want: "{\r\n    \"a\": 1,\r\n    \"env\": {\r\n        \"ANTHROPIC_BASE_URL\": \"" + url + "\"\r\n    }\r\n}\r\n",
		},
		{
			name: "trailing comma stays trailing",
			in:   "{\n  \"a\": 1,\n}\n",
			key:  Pointer{"b"},
			want: "{\n  \"a\": 1,\n  \"b\": \"" + url + "\",\n}\n",
		},
		{
			name: "line comment after the last member stays on its line",
			in:   "{\n  \"a\": 1 // one\n}\n",
			key:  Pointer{"b"},
			want: "{\n  \"a\": 1, // one\n  \"b\": \"" + url + "\"\n}\n",
		},
		{
			name: "comment after a trailing comma",
			in:   "{\n  \"a\": 1, // one\n}\n",
			key:  Pointer{"b"},
			want: "{\n  \"a\": 1, // one\n  \"b\": \"" + url + "\",\n}\n",
		},
		{
			name: "one-line object stays on one line",
			in:   `{"a": 1, "c": {"d": 2}}`,
			key:  Pointer{"c", "e"},
			want: `{"a": 1, "c": {"d": 2, "e": "` + url + `"}}`,
		},
		{
			name: "byte-order mark kept",
			in:   "\xef\xbb\xbf{\n  \"a\": 1\n}\n",
			key:  Pointer{"b"},
			want: "\xef\xbb\xbf{\n  \"a\": 1,\n  \"b\": \"" + url + "\"\n}\n",
		},
		{
			name: "opencode provider with comments and block comment at the end",
			in:   "// my config\n{\n  \"provider\": {\n    \"moon\": {\n      \"npm\": \"@ai-sdk/openai-compatible\", /* keep */\n      \"options\": {\"baseURL\": \"https://api.moonshot.ai/v1\"},\n    },\n  },\n}\n",
			key:  Pointer{"provider", "moon", "options", "baseURL"},
			want: "// my config\n{\n  \"provider\": {\n    \"moon\": {\n      \"npm\": \"@ai-sdk/openai-compatible\", /* keep */\n      \"options\": {\"baseURL\": \"" + url + "\"},\n    },\n  },\n}\n",
		},
		{
			name: "create nested provider objects",
			in:   "{\n  \"provider\": {}\n}\n",
			key:  Pointer{"provider", "anthropic", "options", "baseURL"},
			want: "{\n  \"provider\": {\n    \"anthropic\": {\n      \"options\": {\n        \"baseURL\": \"" + url + "\"\n      }\n    }\n  }\n}\n",
		},
		{
			name: "empty object holding a comment",
			in:   "{\n  \"env\": { /* none yet */ }\n}\n",
			key:  ClaudeKey,
			want: "{\n  \"env\": {\n    \"ANTHROPIC_BASE_URL\": \"" + url + "\" /* none yet */ }\n}\n",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, err := ParseDoc("f.json", []byte(tt.in), false)
			if err != nil {
				t.Fatal(err)
			}
			if got := string(d.Bytes()); got != tt.in {
				t.Fatalf("parse then pack changed the bytes:\n%s", cmp.Diff(tt.in, got))
			}
			_, existed, _ := d.Get(tt.key)
			created, err := d.Set(tt.key, url)
			if err != nil {
				t.Fatal(err)
			}
			got := string(d.Bytes())
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("after Set (-want +got):\n%s", diff)
			}
			if existed {
				return
			}
			// Undo from a fresh parse, as uninstall does.
			d2, err := ParseDoc("f.json", []byte(got), false)
			if err != nil {
				t.Fatalf("Set wrote a file that does not parse: %v", err)
			}
			if v, ok, _ := d2.Get(tt.key); !ok || v != url {
				t.Fatalf("Get after Set = %q, %v", v, ok)
			}
			if err := d2.Remove(tt.key); err != nil {
				t.Fatal(err)
			}
			for i := len(created) - 1; i >= 0; i-- {
				if d2.IsEmptyObject(created[i]) {
					if err := d2.Remove(created[i]); err != nil {
						t.Fatal(err)
					}
				}
			}
			if diff := cmp.Diff(tt.in, string(d2.Bytes())); diff != "" {
				t.Errorf("Remove did not restore the input (-want +got):\n%s", diff)
			}
		})
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		name   string
		in     string
		strict bool
		want   []string // substrings of the error
	}{
		{"corrupt", "{\n  \"a\": 1,\n  \"b\" 2\n}", false, []string{"f.json", "line 3, column 7"}},
		{"duplicate key", "{\n  \"env\": {},\n  // again\n  \"env\": {}\n}", false, []string{"line 4", `"env" appears twice`}},
		{"nested duplicate", "{\"p\": {\n\"x\": 1,\n\"x\": 2}}", false, []string{"line 3", `"x"`}},
		{"comment in strict file", "{\n  \"a\": 1 // no\n}", true, []string{"line 2, column 10", "strict"}},
		{"trailing comma in strict file", "{\n  \"a\": 1,\n}", true, []string{"line 3, column 1"}},
		{"not an object", "[1]", false, []string{"not a JSON object"}},
		{"empty file", "", false, []string{"f.json", "the file is empty", "put {} in it"}},
		{"blank file", " \r\n\t\n", true, []string{"f.json", "the file is empty"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseDoc("f.json", []byte(tt.in), tt.strict)
			if err == nil {
				t.Fatal("no error")
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not contain %q", err, w)
				}
			}
		})
	}
}

func TestSetNoHTMLEscape(t *testing.T) {
	d, err := ParseDoc("f.json", []byte(`{"u": "x"}`), true)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := d.Set(Pointer{"u"}, "https://h/v1?a=1&b=<2>"); err != nil {
		t.Fatal(err)
	}
	if got, want := string(d.Bytes()), `{"u": "https://h/v1?a=1&b=<2>"}`; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
}

func TestSetRefusesNonString(t *testing.T) {
	d, err := ParseDoc("f.json", []byte(`{"env": {"ANTHROPIC_BASE_URL": 3}, "x": 1}`), true)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := d.Set(ClaudeKey, url); err == nil {
		t.Error("Set over a number: no error")
	}
	if _, err := d.Set(Pointer{"x", "y"}, url); err == nil || !strings.Contains(err.Error(), "x is not an object") {
		t.Errorf("Set under a number: %v", err)
	}
}

func TestPointer(t *testing.T) {
	for _, s := range []string{"", "/env/ANTHROPIC_BASE_URL", "/provider/a~1b/options/x~0y"} {
		p, err := ParsePointer(s)
		if err != nil {
			t.Fatal(err)
		}
		if p.String() != s {
			t.Errorf("ParsePointer(%q).String() = %q", s, p.String())
		}
	}
	p, _ := ParsePointer("/provider/a~1b/options")
	if diff := cmp.Diff(Pointer{"provider", "a/b", "options"}, p); diff != "" {
		t.Error(diff)
	}
	if got := (Pointer{"provider", "my.llm", "options"}).Dotted(); got != `provider."my.llm".options` {
		t.Errorf("Dotted = %s", got)
	}
	if _, err := ParsePointer("env"); err == nil {
		t.Error("no error for a pointer without '/'")
	}
}
