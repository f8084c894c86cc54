package providers

import (
	"encoding/json"
	"errors"
	"path/filepath"
	"strings"
	"testing"
)

// TestParseErrorWords: every way a config can fail to parse is said with the file, the line and
// column, and words; never a parser's prefix or its "invalid character … after …" phrasing.
func TestParseErrorWords(t *testing.T) {
	tests := []struct {
		name, data string
		want       string
	}{
		{"missing comma", "{\n  \"a\": 1\n  \"b\": 2\n}", `f.json, line 3, column 3: a ',' or a closing '}' is missing before '"'`},
		{"unclosed object", "{\n \"a\": {\"b\": 1}\n", "f.json, line 3, column 1: the file ends inside an object: a '}' is missing"},
		{"bare word", "{\"model\": opus}", "f.json, line 1, column 11: a bare word where a value is due; text needs double quotes (the bare words are true, false and null)"},
		{"missing colon", "{\"a\" 1}", "f.json, line 1, column 6: a ':' is missing after the key, before a number"},
		{"single quotes", "{'a': 1}", `f.json, line 1, column 2: a value cannot start with '\''`},
		{"unclosed string", "{\"a\": \"b}", `f.json, line 1, column 10: a string is not closed: a '"' is missing`},
		{"array", "{\"a\": [1 2]}", "f.json, line 1, column 10: a ',' or a closing ']' is missing before a number"},
		{"after top level", "{} x", "f.json, line 1, column 4: there is more after the end of the top-level object, starting with a bare word"},
		{"unclosed comment", "{} /* x", "f.json, line 1, column 4: a /* comment is not closed: a */ is missing"},
		{"value start", "{\"a\": }", "f.json, line 1, column 7: a value cannot start with '}'"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseDoc("f.json", []byte(tc.data), false)
			if err == nil {
				t.Fatal("parsed")
			}
			got := err.Error()
			if !strings.HasPrefix(got, tc.want) {
				t.Errorf("error\n %s\nwant it to start with\n %s", got, tc.want)
			}
			for _, raw := range []string{"hujson", "invalid character", "parsing object", "EOF"} {
				if strings.Contains(got, raw) {
					t.Errorf("error %q holds the parser's %q", got, raw)
				}
			}
			if !strings.HasSuffix(got, "(toolfix changed nothing; fix the file and run again)") {
				t.Errorf("error %q does not say what to do", got)
			}
		})
	}
}

// TestParseErrorEncodingJSON: the same words for encoding/json's errors, which carry a byte offset.
func TestParseErrorEncodingJSON(t *testing.T) {
	tests := []struct {
		name, data string
		into       any
		want       string
	}{
		{"missing comma", "{\n  \"a\": 1\n  \"b\": 2\n}", new(any), `s.json, line 3, column 3: a ',' or a closing '}' is missing before '"'`},
		{"cut off", "{\"a\": [1,", new(any), `s.json: the file ends before its JSON does: a closing '}', ']' or '"' is missing`},
		{"bare word", "{\"a\": nope}", new(any), "s.json, line 1, column 8: a bare word that is not true, false or null (text needs double quotes)"},
		{"env not an object", `{"env": "x"}`, new(struct {
			Env map[string]any `json:"env"`
		}), `s.json: "env" holds a JSON string, where an object belongs`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := json.Unmarshal([]byte(tc.data), tc.into)
			if err == nil {
				t.Fatal("parsed")
			}
			got := ParseError("s.json", []byte(tc.data), err).Error()
			if !strings.HasPrefix(got, tc.want) {
				t.Errorf("error\n %s\nwant it to start with\n %s", got, tc.want)
			}
			if strings.Contains(got, "invalid character") || strings.Contains(got, ": json: ") {
				t.Errorf("error %q holds the parser's words", got)
			}
		})
	}
}

// FuzzParseError: for any text that hujson or encoding/json refuses, ParseError never panics, names
// the file first, keeps no parser prefix, and a place it gives lies inside the text.
func FuzzParseError(f *testing.F) {
	for _, s := range []string{"{", "{\"a\" 1}", "{'a': 1}", "{} x", "{\"a\": [1 2]}", "{\"a\": \"\\q\"}", "{/* x", "\xff", "{\"a\": nul}"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var errs []error
		if _, err := ParseDoc("f.json", data, false); err != nil {
			errs = append(errs, err)
		}
		if err := json.Unmarshal(data, new(any)); err != nil {
			errs = append(errs, ParseError("f.json", data, err))
		}
		for _, err := range errs {
			msg := err.Error()
			if !strings.HasPrefix(msg, "f.json") || strings.Contains(msg, "hujson:") || strings.HasPrefix(msg, "f.json: json:") {
				t.Fatalf("message %q", msg)
			}
			var se *SyntaxError
			if errors.As(err, &se) && se.Line > 1+strings.Count(string(data), "\n") {
				t.Fatalf("line %d past the end of a %d-line text: %q", se.Line, 1+strings.Count(string(data), "\n"), msg)
			}
		}
	})
}

// TestResolveErrorWords: a reference Resolve cannot resolve is named, with what is wrong in words.
func TestResolveErrorWords(t *testing.T) {
	home := t.TempDir()
	env := Env{Home: home, Getenv: func(string) string { return "" }}
	tests := []struct{ raw, want string }{
		{"{env:NOPE}/v1", "{env:NOPE}: environment variable NOPE is not set (a service would not see your shell either)"},
		{"{file:~/nope}", "{file:~/nope}: cannot read " + filepath.Join(home, "nope") + ": there is no such file"},
		{"{file:" + home + "}", "{file:" + home + "}: cannot read " + home + ": is a directory"},
	}
	for _, tc := range tests {
		_, err := Resolve(tc.raw, home, env)
		if err == nil || err.Error() != tc.want {
			t.Errorf("Resolve(%q) error = %v, want %q", tc.raw, err, tc.want)
		}
		if err != nil && strings.Contains(err.Error(), "open ") {
			t.Errorf("Resolve(%q) error holds the os package's prefix: %v", tc.raw, err)
		}
	}
}
