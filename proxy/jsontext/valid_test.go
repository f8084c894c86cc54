package jsontext

import (
	"encoding/json"
	"strings"
	"testing"
)

// validSeeds are texts at every edge of the grammar: numbers, escapes, literals, nesting, white
// space and what may follow a value.
var validSeeds = []string{
	``, ` `, `0`, `-0`, `01`, `-`, `1.`, `1.5`, `.5`, `1e`, `1e+`, `1E-7`, `1.5e10`, `-1.0e-0`, `2x`,
	`true`, `tru`, `truex`, `false`, `null`, `nul`, `"`, `""`, `"a"`, `"\"`, `"\\"`, `"\/\b\f\n\r\t"`,
	`"\u00e9"`, `"\u00G0"`, `"\u12"`, `"\x"`, "\"\x01\"", "\"\x7f\"", "\"\xff\xfe\"", `"abcdefghijklmnop\"q"`,
	`"0123456789abcdef"`, "\"0123456\x1f89\"", `[]`, `[ ]`, `[1,]`, `[,1]`, `[1 2]`, `[[[]]]`, `[[]`,
	`{}`, `{ }`, `{"a":1}`, `{"a" : [1, {"b":null}] }`, `{"a":}`, `{"a"}`, `{1:2}`, `{"a":1,}`, `{"a":1 "b":2}`,
	`{"a":1}}`, `{"a":1}]`, `[1]]`, "\t\r\n{}\n", "\u00a0{}", `{"a":1}{}`, `"a" "b"`, `[1}`, `{"a":1]`,
	strings.Repeat("[", 10000) + strings.Repeat("]", 10000),
	strings.Repeat("[", 10001) + strings.Repeat("]", 10001),
	strings.Repeat(`{"a":`, 10000) + "1" + strings.Repeat("}", 10000),
	strings.Repeat(`{"a":`, 10001) + "1" + strings.Repeat("}", 10001),
}

func TestValidAsEncodingJSON(t *testing.T) {
	for _, s := range validSeeds {
		if got, want := Valid([]byte(s)), json.Valid([]byte(s)); got != want {
			t.Errorf("Valid(%.60q) = %v, json.Valid %v", s, got, want)
		}
	}
}

// FuzzValid: Valid gives json.Valid's answer for any text.
func FuzzValid(f *testing.F) {
	for _, s := range validSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := Valid([]byte(s)), json.Valid([]byte(s)); got != want {
			t.Fatalf("Valid(%q) = %v, json.Valid %v", s, got, want)
		}
	})
}

// FuzzString: String reads a value as json.Unmarshal into a string does, and CheckedString, on
// text Valid checked, as String.
func FuzzString(f *testing.F) {
	for _, s := range []string{`"a\nb"`, `"\"q\" \\ \/ \b\f\r\t"`, `"\u00e9\n"`, `null`, `1`, `{}`, `"plain"`, "\"\xff\\n\"", `"\ud83d\ude00\n"`, `"a\\"`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		s = strings.Trim(s, " \t\r\n") // a value as the splits give it
		if !json.Valid([]byte(s)) {
			return
		}
		var want string
		werr := json.Unmarshal([]byte(s), &want)
		got, ok := String([]byte(s))
		if ok != (werr == nil) || ok && got != want {
			t.Fatalf("String(%q) = %q, %v; json.Unmarshal %q, %v", s, got, ok, want, werr)
		}
		if cg, cok := CheckedString([]byte(s)); cok != ok || cg != got {
			t.Fatalf("CheckedString(%q) = %q, %v; String %q, %v", s, cg, cok, got, ok)
		}
	})
}

// BenchmarkValid checks a 4 MB answer of prose in string literals, a paragraph break (an escape)
// every 250 bytes or so, as a whole answer's texts are (issue 21).
func BenchmarkValid(b *testing.B) {
	var sb strings.Builder
	sb.WriteString(`{"content":[`)
	for sb.Len() < 4<<20 {
		sb.WriteString(`{"type":"text","text":"`)
		for range 5 {
			sb.WriteString(strings.Repeat("Let me look at the failing test first, then the parser. ", 4) + `\n\n`)
		}
		sb.WriteString(`"},`)
	}
	sb.WriteString(`{"type":"text","text":""}]}`)
	data := []byte(sb.String())
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if !Valid(data) {
			b.Fatal("not valid")
		}
	}
}
