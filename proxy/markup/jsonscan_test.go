package markup

import (
	"encoding/json"
	"strings"
	"testing"
)

var jsonSeeds = []string{
	`{}`,
	`{"a":1}`,
	` {"a":1}`,
	`{"a": [1, -2.5e+3, true, false, null, "x\"\\\/\b\f\n\r\t\u00e9"], "b": {"c": {}}}`,
	`{"a":1} trailing`,
	`{"a":01}`,
	`{"a":1.}`,
	`{"a":-}`,
	`{"a":1e}`,
	`{"a":tru}`,
	`{"a":"\x"}`,
	`{"a":"\u12G4"}`,
	"{\"a\":\"\n\"}",
	"{\"a\":\"\t\tif x {\\n\x00\x1f\"}",
	"{\"a\":\"\\\t\"}",
	"{\n\t\"a\":\t1}",
	`{"a":1,}`,
	`{"a" 1}`,
	`{a:1}`,
	`[1]`,
	`{"a":[1,]}`,
	`{"a":[1 2]}`,
	`{"a":"}"}`,
	strings.Repeat(`{"a":`, 300) + `1` + strings.Repeat(`}`, 300),
}

// valid is encoding/json's verdict on s read as jsonObject reads it: raw control characters
// inside strings escaped (D64).
func valid(s string) bool { return json.Valid([]byte(escapeControls(s))) }

// checkJSONObject compares jsonObject with encoding/json on s and every prefix of it.
func checkJSONObject(t *testing.T, s string) {
	n, r := jsonObject(s)
	switch r {
	case ok:
		if n < 1 || n > len(s) || !valid(s[:n]) {
			t.Fatalf("jsonObject(%q) = %d, ok; but %q is not valid JSON", s, n, s[:min(max(n, 0), len(s))])
		}
		for k := 0; k < n; k++ {
			if _, r := jsonObject(s[:k]); r != eof {
				t.Fatalf("jsonObject(%q), a prefix of a valid object, = %v, want eof", s[:k], r)
			}
		}
	case eof:
		if valid(s) {
			t.Fatalf("jsonObject(%q) = eof, but it is valid JSON", s)
		}
	case bad:
		// No continuation may be valid: in particular s itself with any closers appended.
		for _, tail := range []string{"", "}", "]}", "\"}", "\"]}", "0}", "}}", "]}}"} {
			if strings.HasPrefix(s, "{") && valid(s+tail) && len(s) < 600 {
				t.Fatalf("jsonObject(%q) = bad, but %q is valid", s, s+tail)
			}
		}
	}
	if strings.HasPrefix(s, "{") && valid(s) && strings.Count(s, "{")+strings.Count(s, "[") <= maxDepth {
		if r != ok || strings.TrimRight(s[n:], blanks) != "" {
			t.Fatalf("jsonObject(%q) = %d, %v; want the whole valid object", s, n, r)
		}
	}
}

func TestJSONObject(t *testing.T) {
	for _, s := range jsonSeeds {
		checkJSONObject(t, s)
	}
	deep := strings.Repeat(`{"a":`, maxDepth+1) + `1` + strings.Repeat(`}`, maxDepth+1)
	if _, r := jsonObject(deep); r != bad {
		t.Errorf("nesting deeper than %d = %v, want bad", maxDepth, r)
	}
}

func FuzzJSONObject(f *testing.F) {
	for _, s := range jsonSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 512 {
			return
		}
		checkJSONObject(t, s)
	})
}

func TestEscapeControls(t *testing.T) {
	tests := []struct{ in, want string }{
		{`{"a":"x"}`, `{"a":"x"}`},
		{"{\n\t\"a\":\t\"\tx\r\n\"}", "{\n\t\"a\":\t\"\\tx\\r\\n\"}"},
		{"{\"a\\\"\t\":\"\x00\x1f\b\f\"}", `{"a\"\t":"\u0000\u001f\b\f"}`},
		{"{\"a\":\"\\\\\"}\t", "{\"a\":\"\\\\\"}\t"},
	}
	for _, tc := range tests {
		got := escapeControls(tc.in)
		if got != tc.want {
			t.Errorf("escapeControls(%q) = %q, want %q", tc.in, got, tc.want)
		}
		var v, w any
		if json.Unmarshal([]byte(got), &v) != nil || json.Unmarshal([]byte(tc.want), &w) != nil {
			t.Errorf("escapeControls(%q) = %q, not JSON", tc.in, got)
		}
	}
}
