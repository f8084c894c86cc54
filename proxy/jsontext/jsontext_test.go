package jsontext

import (
	"bytes"
	"encoding/json"
	"testing"
)

func TestParseObjectRoundTrip(t *testing.T) {
	tests := []struct{ in, want string }{
		{`{"b":1,"a":[1, 2],"c":{"x":"y"}}`, `{"b":1,"a":[1, 2],"c":{"x":"y"}}`},
		{` { "k" : 1.50 } `, `{"k":1.50}`},
		{`{}`, `{}`},
	}
	for _, tc := range tests {
		o, err := ParseObject([]byte(tc.in))
		if err != nil {
			t.Fatalf("ParseObject(%s): %v", tc.in, err)
		}
		if got := string(o.Marshal()); got != tc.want {
			t.Errorf("Marshal = %s, want %s", got, tc.want)
		}
	}
	for _, bad := range []string{`[]`, `null`, `{"a":}`, `{"a":1} x`, `{"a":1}{}`, ``, `"s"`} {
		if _, err := ParseObject([]byte(bad)); err == nil {
			t.Errorf("ParseObject(%q) succeeded", bad)
		}
	}
}

func TestSetGet(t *testing.T) {
	o, _ := ParseObject([]byte(`{"a":1,"b":2}`))
	o.Set("b", json.RawMessage(`"x"`))
	o.Set("c", json.RawMessage(`true`))
	if got := string(o.Marshal()); got != `{"a":1,"b":"x","c":true}` {
		t.Errorf("got %s", got)
	}
	if string(o.Get("a")) != "1" || o.Get("z") != nil {
		t.Error("Get")
	}
}

func TestQuoteUnquote(t *testing.T) {
	for _, s := range []string{"", "plain", "<invoke name=\"Bash\">", "tab\tnl\ncr\r\x01", `C:\Users\dev`, "继续吗？", "emoji 😀"} {
		q := Quote(s)
		var back string
		if err := json.Unmarshal(q, &back); err != nil || back != s {
			t.Errorf("Quote(%q) = %s; back %q, %v", s, q, back, err)
		}
		u, err := Unquote(q)
		if err != nil || u != s {
			t.Errorf("Unquote(%s) = %q, %v", q, u, err)
		}
	}
	if got := string(Quote("a\xffb")); got != `"a\ufffdb"` {
		t.Errorf("invalid UTF-8: %s", got)
	}
	if _, err := Unquote([]byte(`"a\x"`)); err == nil {
		t.Error("bad escape accepted")
	}
}

func FuzzQuote(f *testing.F) {
	f.Add("hello\n\"x\"\\")
	f.Fuzz(func(t *testing.T, s string) {
		q := Quote(s)
		var back string
		if err := json.Unmarshal(q, &back); err != nil {
			t.Fatalf("Quote(%q) = %s is not JSON: %v", s, q, err)
		}
		u, err := Unquote(q)
		if err != nil || u != back {
			t.Fatalf("Unquote disagrees: %q vs %q (%v)", u, back, err)
		}
	})
}

// FuzzUnquote: a literal with an escape decodes as encoding/json decodes it, or fails as it fails.
func FuzzUnquote(f *testing.F) {
	for _, s := range []string{`"a\nb"`, `"\"q\" \\ \/ \b\f\r\t"`, `"\u00e9\n"`, `"\x"`, `"a\`, "\"\\n\x00\"", "\"\\n\xff\"", `"\ud83d\ude00\n"`, `"a"b\n"`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, lit []byte) {
		b, berr := UnquoteBytes(lit)
		if s, err := Unquote(lit); (err == nil) != (berr == nil) || string(b) != s {
			t.Fatalf("UnquoteBytes(%q) = %q, %v; Unquote: %q, %v", lit, b, berr, s, err)
		}
		dst := append(make([]byte, 0, 64), "before"...)
		if a, aerr := AppendUnquote(dst, lit); (aerr == nil) != (berr == nil) || berr == nil && string(a) != "before"+string(b) || berr != nil && string(a) != "before" {
			t.Fatalf("AppendUnquote(%q, %q) = %q, %v; UnquoteBytes: %q, %v", dst, lit, a, aerr, b, berr)
		}
		if len(lit) < 2 || lit[0] != '"' || lit[len(lit)-1] != '"' || bytes.IndexByte(lit[1:len(lit)-1], '\\') < 0 {
			return
		}
		got, err := Unquote(lit)
		var want string
		werr := json.Unmarshal(lit, &want)
		if (err == nil) != (werr == nil) || got != want {
			t.Fatalf("Unquote(%q) = %q, %v; encoding/json: %q, %v", lit, got, err, want, werr)
		}
	})
}

func TestArray(t *testing.T) {
	tests := []struct {
		elems []json.RawMessage
		want  string
	}{
		{nil, `[]`},
		{[]json.RawMessage{}, `[]`},
		{[]json.RawMessage{json.RawMessage(`1`)}, `[1]`},
		{[]json.RawMessage{json.RawMessage(`{"a": 1}`), json.RawMessage(`"x"`), json.RawMessage(`[ ]`)}, `[{"a": 1},"x",[ ]]`},
	}
	for _, tc := range tests {
		if got := string(Array(tc.elems)); got != tc.want {
			t.Errorf("Array(%q) = %s, want %s", tc.elems, got, tc.want)
		}
	}
}
