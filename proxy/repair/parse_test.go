package repair

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestParseJSON(t *testing.T) {
	tests := []struct {
		in, want string // want "" means a syntax error
	}{
		{`{"b":1,"a":2}`, `{"b":1,"a":2}`},
		{` { "b" : [ 1 , 2.50 , -0 , 1E+2 ] , "a" : null } `, `{"b":[1,2.50,-0,1E+2],"a":null}`},
		{`{"a":1,"a":2}`, `{"a":1,"a":2}`},
		{`"\u00e9\/\b\f\n\r\t\"\\"`, `"é/\b\f\n\r\t\"\\"`},
		{`"\ud83d\ude00"`, `"😀"`},
		{`"<a&b>"`, `"<a&b>"`},
		{`"\u0001"`, `"\u0001"`},
		{`[true,false,null,"",{},[]]`, `[true,false,null,"",{},[]]`},
		{`01`, ``},
		{`1.`, ``},
		{`.5`, ``},
		{`1e`, ``},
		{`+1`, ``},
		{`[1,]`, ``},
		{`{"a":1,}`, ``},
		{`{'a':1}`, ``},
		{`"\x41"`, ``},
		{`"\u12"`, ``},
		{`"\ud800"`, ``},
		{`"\ude00\ud83d"`, ``},
		{"\"a\nb\"", ``},
		{"\"\xff\"", ``},
		{`[1] [2]`, ``},
		{`tru`, ``},
		{``, ``},
		{`"\u7 ee7"`, ``},
	}
	for _, tt := range tests {
		v, err := parseJSON(tt.in)
		if tt.want == "" {
			if err == nil {
				t.Errorf("parseJSON(%q) = %s, want an error", tt.in, appendJSON(nil, &v))
			}
			continue
		}
		if err != nil {
			t.Errorf("parseJSON(%q): %v", tt.in, err)
			continue
		}
		if got := string(appendJSON(nil, &v)); got != tt.want {
			t.Errorf("parseJSON(%q) encodes to %s, want %s", tt.in, got, tt.want)
		}
	}
}

func TestParseJSONMend(t *testing.T) {
	tests := []struct {
		in, want string // want "" means a syntax error even when mending
		mended   bool
	}{
		{`"\u7 ee7\u7eed"`, `"继续"`, true},
		{"\"\\u7\tee\n7\"", `"继"`, true},
		{`"\u7ee7"`, `"继"`, false},
		{`"\\u7 ee7"`, `"\\u7 ee7"`, false}, // an escaped backslash: nothing to mend
		{`"\u 7ee7"`, ``, false},            // white space before the first digit
		{`"\u7 e"`, ``, false},              // not four digits
		{`"\u7 eg7"`, ``, false},
	}
	for _, tt := range tests {
		v, end, mended, err := parseJSONPrefix(tt.in, true)
		if tt.want == "" {
			if err == nil {
				t.Errorf("mending %q gave %s, want an error", tt.in, appendJSON(nil, &v))
			}
			continue
		}
		if err != nil || end != len(tt.in) {
			t.Errorf("mending %q: %v (end %d)", tt.in, err, end)
			continue
		}
		if got := string(appendJSON(nil, &v)); got != tt.want || mended != tt.mended {
			t.Errorf("mending %q = %s (mended %v), want %s (mended %v)", tt.in, got, mended, tt.want, tt.mended)
		}
	}
}

func TestParseJSONDepth(t *testing.T) {
	nest := func(n int) string { return strings.Repeat("[", n) + strings.Repeat("]", n) }
	if _, err := parseJSON(nest(maxDepth)); err != nil {
		t.Errorf("depth %d: %v", maxDepth, err)
	}
	if _, err := parseJSON(nest(maxDepth + 1)); err == nil {
		t.Errorf("depth %d parsed, want an error", maxDepth+1)
	}
}

func TestIsIntegral(t *testing.T) {
	tests := []struct {
		in   string
		want bool
	}{
		{"3", true}, {"-3", true}, {"3.0", true}, {"3e2", true}, {"300e-2", true}, {"0.0", true},
		{"0e-99999999999999999999", true}, {"1e99999999999999999999", true},
		{"3.5", false}, {"1e-1", false}, {"350e-2", false}, {"1e-99999999999999999999", false},
	}
	for _, tt := range tests {
		if got := isIntegral(tt.in); got != tt.want {
			t.Errorf("isIntegral(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

func TestEqualValues(t *testing.T) {
	tests := []struct {
		a, b string
		want bool
	}{
		{`{"a":1,"b":[1,2]}`, `{"b":[1,2],"a":1.0}`, true},
		{`{"a":1,"a":2}`, `{"a":2}`, true},
		{`[1,2]`, `[2,1]`, false},
		{`{"a":1}`, `{"a":1,"b":2}`, false},
		{`"1"`, `1`, false},
		{`null`, `false`, false},
	}
	for _, tt := range tests {
		a, _ := parseJSON(tt.a)
		b, _ := parseJSON(tt.b)
		if got := equalValues(&a, &b); got != tt.want {
			t.Errorf("equalValues(%s, %s) = %v, want %v", tt.a, tt.b, got, tt.want)
		}
	}
}

// FuzzParseJSON: what the parser accepts is JSON, and parse then encode keeps its meaning
// (member order and number text included) and is stable.
func FuzzParseJSON(f *testing.F) {
	_, calls := fuzzCorpus(f)
	for _, c := range calls {
		f.Add(c.raw)
	}
	for _, s := range []string{`{"a":[1,2.5e3,"x\u00e9"],"b":{"c":null}}`, `"\ud83d\ude00"`, `[true,false]`, `-0.0`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		v, err := parseJSON(in)
		if err != nil {
			return
		}
		if !json.Valid([]byte(in)) {
			t.Fatalf("accepted %q, which is not JSON", in)
		}
		out := appendJSON(nil, &v)
		if !json.Valid(out) {
			t.Fatalf("encoded %q as %q, which is not JSON", in, out)
		}
		var a, b any
		da := json.NewDecoder(strings.NewReader(in))
		da.UseNumber()
		db := json.NewDecoder(strings.NewReader(string(out)))
		db.UseNumber()
		if da.Decode(&a) != nil || db.Decode(&b) != nil {
			t.Fatalf("decoding %q or %q failed", in, out)
		}
		ja, _ := json.Marshal(a)
		jb, _ := json.Marshal(b)
		if string(ja) != string(jb) {
			t.Fatalf("meaning changed: %q -> %q", in, out)
		}
		w, err := parseJSON(string(out))
		if err != nil {
			t.Fatalf("re-parsing %q: %v", out, err)
		}
		if again := appendJSON(nil, &w); string(again) != string(out) {
			t.Fatalf("not stable: %q -> %q", out, again)
		}
	})
}
