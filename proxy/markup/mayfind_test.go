package markup

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"
)

// literalOf is text as a JSON string literal: escaped as little as encoding/json allows without
// its HTML escapes; with mode&1 every slash escaped too, with mode&2 the first letter as a \u
// escape, with mode&4 the first space as one.
func literalOf(t *testing.T, text string, mode byte) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(text); err != nil {
		t.Fatal(err)
	}
	lit := bytes.TrimSuffix(b.Bytes(), []byte("\n"))
	if mode&1 != 0 {
		lit = bytes.ReplaceAll(lit, []byte("/"), []byte(`\/`))
	}
	if mode&2 != 0 {
		for i := 1; i < len(lit); i++ { // a letter that is not an escape's
			if lit[i] == '\\' {
				if i++; lit[i] == 'u' {
					i += 4
				}
				continue
			}
			if c := lit[i] | 0x20; c >= 'a' && c <= 'z' {
				lit = append(lit[:i:i], append([]byte(fmt.Sprintf(`\u%04x`, lit[i])), lit[i+1:]...)...)
				break
			}
		}
	}
	if mode&4 != 0 {
		if i := bytes.IndexByte(lit, ' '); i >= 0 {
			lit = append(lit[:i:i], append([]byte(`\u0020`), lit[i+1:]...)...)
		}
	}
	return lit
}

// FuzzMayHold: when MayHold says no call, FindDeclared finds nothing in the literal's text with known
// declaring exactly the names given (those of the calls FindTail finds in it among them, so
// that the seeds' leaks are found); when it says no stray word, TrailingWord finds nothing. The
// literal is the text's, escaped in several ways, or the fuzzer's own when it is a valid one.
func FuzzMayHold(f *testing.F) {
	for _, s := range fuzzSeeds(f) {
		f.Add(s, "", byte(0), false)
		f.Add(s, "ls,x", byte(3), false)
		f.Add(s+"\n\ncall \n", "bash", byte(4), false)
	}
	f.Add(`"a\/b\u0042ash call\n"`, "a/b,Bash", byte(0), true)
	f.Add("\"x\xffy\"", "x\uFFFDy", byte(0), true)
	f.Fuzz(func(t *testing.T, text, names string, mode byte, raw bool) {
		if len(text) > 4096 {
			return
		}
		var lit []byte
		if raw {
			lit = []byte(text)
			if !json.Valid(lit) || json.Unmarshal(lit, &text) != nil {
				return
			}
		} else {
			lit = literalOf(t, text, mode)
			var back string
			if json.Unmarshal(lit, &back) != nil || utf8.ValidString(text) && back != text {
				t.Fatalf("literal %q is not of %q", lit, text)
			}
			text = back // invalid UTF-8 is read as encoding/json reads it
		}
		list := strings.Split(names, ",")
		if mode&8 == 0 {
			if l, ok := FindTail(text, All); ok {
				for _, c := range l.Calls {
					list = append(list, c.Name)
				}
			}
		}
		declared := map[string]bool{}
		for _, n := range list {
			declared[n] = true
		}
		known := func(tool, member string) bool { return declared[tool] }
		call, word := MayHold(lit, list)
		if l, ok := FindDeclared(text, All, known); ok && !call {
			t.Fatalf("MayHold(%q, %q) says no call, FindDeclared found %+v", lit, list, l)
		}
		if _, w, ok := TrailingWord(text); ok && !word {
			t.Fatalf("MayHold(%q) says no stray word, TrailingWord found %q", lit, w)
		}
	})
}

// TestMayHold: the literals MayHold answers no for, and those they must not.
func TestMayHold(t *testing.T) {
	for _, tc := range []struct {
		lit         string
		names       []string
		find, trail bool
	}{
		{`"Let me look.\n\nThen <div> and a < b."`, []string{"Bash", "TodoWrite"}, false, false},
		{`"Run Bash here."`, []string{"Bash"}, true, false},
		{`"B\u0061sh"`, []string{"Bash"}, true, true},
		{`"\\u0042ash"`, []string{"Bash"}, true, true},
		{`"x"`, []string{"a/b"}, true, false},
		{`"x"`, []string{""}, true, false},
		{`"done.\n\ncall \n "`, nil, false, true},
		{`"done.\n\ncount\t\r"`, nil, false, true},
		{`"a recall"`, nil, false, true},
		{`"call it"`, nil, false, false},
		{`null`, nil, true, true},
		{`""`, []string{"x"}, false, false},
	} {
		if call, word := MayHold([]byte(tc.lit), tc.names); call != tc.find || word != tc.trail {
			t.Errorf("MayHold(%s, %q) = %v, %v, want %v, %v", tc.lit, tc.names, call, word, tc.find, tc.trail)
		}
	}
}

// TestHoldsName: a name that begins and ends with a letter, digit or underscore counts only
// where no such byte is next to it in the text; any other name anywhere.
func TestHoldsName(t *testing.T) {
	for _, tc := range []struct {
		in, name string
		want     bool
	}{
		{"it reads the file", "read", false},
		{"unread", "read", false},
		{"read_me", "read", false},
		{"read2", "read", false},
		{"[read(path='x')]", "read", true},
		{`\nread`, "read", true},
		{`a\/read`, "read", true},
		{"x read", "read", true},
		{"read", "read", true},
		{"the reads and a read.", "read", true},
		{"mcp-read-x", "-read", true},
		{"xread.", "read.", true},
		{strings.Repeat("dd ", 40) + "read", "read", true}, // its rarest byte in every third: bytes.Index takes the rest
		{strings.Repeat("d", 100), "read", false},
		{"rea", "read", false},
		{"", "d", false},
		{"Bash bash", "Bash", true},
	} {
		if got := holdsName([]byte(tc.in), tc.name); got != tc.want {
			t.Errorf("holdsName(%q, %q) = %v, want %v", tc.in, tc.name, got, tc.want)
		}
		if got := holdsNameIndex([]byte(tc.in), tc.name); got != tc.want {
			t.Errorf("holdsNameIndex(%q, %q) = %v, want %v", tc.in, tc.name, got, tc.want)
		}
	}
}

// holdsNameIndex is holdsName as it was written, by bytes.Index from the start: the oracle of
// its search by the rarest byte.
func holdsNameIndex(in []byte, n string) bool {
	return holdsNameFrom(in, 0, n, wordByte(n[0]) && wordByte(n[len(n)-1]))
}

// FuzzHoldsName: holdsName, which looks for a name by its rarest byte and may leave the rest to
// bytes.Index, answers as the plain search by bytes.Index does.
func FuzzHoldsName(f *testing.F) {
	f.Add("the reads and a read.", "read")
	f.Add(strings.Repeat("dd ", 40)+"read", "read")
	f.Add("mcp-read-x", "-read")
	f.Add(`a\/read`, "read")
	f.Add("TodoWrite the TodoWriter", "TodoWrite")
	f.Fuzz(func(t *testing.T, in, name string) {
		if name == "" {
			return
		}
		if got, want := holdsName([]byte(in), name), holdsNameIndex([]byte(in), name); got != want {
			t.Fatalf("holdsName(%q, %q) = %v, bytes.Index's %v", in, name, got, want)
		}
	})
}
