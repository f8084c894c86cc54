package markup

import "testing"

// FuzzQuietASCII: QuietASCII, eight bytes at a time, gives the byte-by-byte answer, at every
// alignment; and a Holder that releases a text it passed by ReleaseQuietASCII answers as one that
// released it by ReleaseQuiet.
func FuzzQuietASCII(f *testing.F) {
	for _, s := range []string{"", "ordinary words, then more", "a < b", "x[1]", "tick`", "quote\"", "back\\slash",
		"new\nline", "\x1f", "\x7f del", "caf\xc3\xa9 words", "\xff", "exactly8", "sixteen bytes ok", "sixteen bytes o<"} {
		f.Add("x", s)
	}
	f.Add("a `tick", " and words")
	f.Add("<thi", "nk> words")
	f.Fuzz(func(t *testing.T, prefix, text string) {
		for off := 0; off < 8 && off <= len(text); off++ {
			s := []byte(text[off:])
			want := true
			for _, c := range s {
				want = want && c >= 0x20 && c <= 0x7f && c != '\\' && c != '"' && c != '<' && c != '[' && c != '`'
			}
			if got, str := QuietASCII(s), QuietASCII(string(s)); got != want || str != want {
				t.Fatalf("QuietASCII(%q) = %v ([]byte), %v (string), want %v", s, got, str, want)
			}
			wantPlain := true
			for _, c := range s {
				wantPlain = wantPlain && c >= 0x20 && c <= 0x7f && c != '\\' && c != '"'
			}
			if plain, quiet := PlainASCII(s); plain != wantPlain || quiet != want {
				t.Fatalf("PlainASCII(%q) = %v, %v, want %v, %v", s, plain, quiet, wantPlain, want)
			}
		}
		// QuietASCIIIn and PlainASCIIIn answer as QuietASCII and PlainASCII of the part, whatever
		// surrounds it.
		buf := []byte(prefix + text)
		for i := 0; i <= len(buf); i++ {
			for _, j := range []int{i, min(i+1, len(buf)), min(i+7, len(buf)), min(i+8, len(buf)), len(buf)} {
				if got, want := QuietASCIIIn(buf, i, j), QuietASCII(buf[i:j]); got != want {
					t.Fatalf("QuietASCIIIn(%q, %d, %d) = %v, QuietASCII(%q) %v", buf, i, j, got, buf[i:j], want)
				}
				p, q := PlainASCIIIn(buf, i, j)
				if wp, wq := PlainASCII(buf[i:j]); p != wp || q != wq {
					t.Fatalf("PlainASCIIIn(%q, %d, %d) = %v, %v, PlainASCII(%q) %v, %v", buf, i, j, p, q, buf[i:j], wp, wq)
				}
			}
		}
		if !QuietASCII(text) {
			return
		}
		quick, slow := NewHolder(All), NewHolder(All)
		quick.Release(prefix)
		slow.Release(prefix)
		if a, b := ReleaseQuietASCII(quick, text), slow.ReleaseQuiet([]byte(text)); a != b {
			t.Fatalf("after %q, ReleaseQuietASCII(%q) = %v, ReleaseQuiet %v", prefix, text, a, b)
		}
		for _, next := range []string{" more words", "<tool_call>", "\n```\n"} {
			if a, b := quick.Safe(next), slow.Safe(next); a != b {
				t.Fatalf("after %q then %q: Safe(%q) = %d and %d", prefix, text, next, a, b)
			}
		}
	})
}

// TestQuietStopCoversLoud: every loud byte of ASCII from 0x20 on (family.go adds the first byte
// of every Anywhere, LineEnd and AfterStop opener) is one QuietASCII stops at, so that a family
// added with another first byte cannot pass QuietASCII's word path unseen.
func TestQuietStopCoversLoud(t *testing.T) {
	for c := 0x20; c < 0x80; c++ {
		stops := false
		for _, s := range quietStop {
			stops = stops || byte(s) == byte(c)
		}
		if loud[c] && !stops {
			t.Errorf("loud byte %q is not in quietStop", rune(c))
		}
		if stops != !quietByte(byte(c)) {
			t.Errorf("%q: quietStop says %v, quietByte %v", rune(c), stops, quietByte(byte(c)))
		}
	}
}

// FuzzReleasePlain: ReleasePlainASCII lets an ASCII text (plain, or with line ends and control
// bytes besides) go exactly when Safe would let all of it go, and then leaves the Holder as Release does; when it does not, the Holder is as it was.
// The texts before it (released by Release, or pushed, some held) put the Holder in every state:
// a line's start, a code span or fence, <think>, a tag's or quoted token's match going on, an
// example's line, an open wrapper; the Holder counts every syntax or only some.
func FuzzReleasePlain(f *testing.F) {
	for _, s := range []string{"a < b ", "<div> ", "<", "x[1] ", "[", "<tool_call>", "[TOOL_CALLS]", "<think>", "</think>",
		"tick` ", "a <b>c</b> ", "<|channel|>", "<function=", "<invoke", "words then <", "see <tool", "[{", "< |", "<seed:think>", "[THINK]", "[/THINK] ", "<|START_THINKING|>", "<|END_THINKING|>", "<|inner_prefix|>", "<|channel>", "<channel|>", "Then ", "the ", "court ", "co", "call\n<invoke"} {
		for _, prefix := range []string{"", "Some prose. ", "prose\n", "a `code ", "```\n", "<think>plan ", "[THINK]plan ", "<seed:think>plan ", "<|START_THINKING|>plan ", "<|channel>thought ", "Example:\n", "use `<tool_call>` ", "1. ", "    ", "> ", "said \"", "<tool_call>\n"} {
			f.Add(prefix, s, uint8(0))
		}
	}
	f.Add("Running it:", "<div>", uint8(1))
	f.Add("done.", " <[", uint8(2))
	f.Fuzz(func(t *testing.T, prefix, text string, mode uint8) {
		for _, c := range []byte(text) {
			if c >= 0x80 {
				return // ASCII, line ends and control bytes too: clearFrom reads any
			}
		}
		syn := All
		if mode&1 != 0 {
			syn = ToolCallXML | Invoke
		}
		quick, slow := NewHolder(syn), NewHolder(syn)
		if mode&2 != 0 {
			quick.Push(prefix)
			slow.Push(prefix)
			if quick.Held() != "" {
				return // ReleasePlainASCII's callers hold nothing
			}
		} else {
			quick.Release(prefix)
			slow.Release(prefix)
		}
		_, quiet := PlainASCII(text)
		before := quick.ts
		got := ReleasePlainASCII(quick, []byte(text), quiet)
		want := slow.Safe(text) == len(text)
		if want {
			slow.Release(text)
		}
		if got && !want {
			t.Fatalf("after %q, ReleasePlainASCII(%q) let go what Safe holds", prefix, text)
		}
		if !got {
			if quick.ts != before || quick.off != len(prefix) {
				t.Fatalf("after %q, ReleasePlainASCII(%q) declined and changed the state", prefix, text)
			}
			return
		}
		if quick.ts != slow.ts || quick.off != slow.off || quick.memo != nil {
			t.Fatalf("after %q then %q: ReleasePlainASCII left %+v at %d, Release %+v at %d", prefix, text, quick.ts, quick.off, slow.ts, slow.off)
		}
		for _, next := range []string{" more words", "<tool_call>", "\n```\n", "</think>", "\n<tool_call>\n{\"name\": \"x\"}"} {
			if a, b := quick.Safe(next), slow.Safe(next); a != b {
				t.Fatalf("after %q then %q: Safe(%q) = %d and %d", prefix, text, next, a, b)
			}
		}
	})
}

// TestReleasePlainLoud: the loud deltas of healthy prose go whole where no markup can begin at
// them (the load benchmark's "a < b" and "<div>"), and a text that may begin a call's opener where
// it stands (after a sentence's end, at a line's start) does not; each answer is Safe's.
func TestReleasePlainLoud(t *testing.T) {
	for _, tc := range []struct {
		prefix, text string
		want         bool
	}{
		{"The framer keeps state; a ", "< ", true},
		{"and ", "<div> ", true},
		{"x", "[1] ", true},
		{"a ", "<b>bold</b> ", true},
		{"words ", "<tool_call> is a tag ", true}, // inside a sentence no opener stands
		{"Done.", "<", false},
		{"Done.", "<tool_call>", false},
		{"Done. ", "[TOOL_CALLS]", false},
		{"Done.\n", "<tool_call>", false},
		{"state.\n\n", "Then ", true},  // a line's first word that no stray word begins with
		{"state.\n\n", "the < ", true}, // nor one that is none of them, more text after it
		{"state.\n\n", "court ", false},
		{"state.\n\n", "cou", false},
	} {
		h, slow := NewHolder(All), NewHolder(All)
		h.Release(tc.prefix)
		slow.Release(tc.prefix)
		_, quiet := PlainASCII(tc.text)
		got := ReleasePlainASCII(h, tc.text, quiet)
		if safe := slow.Safe(tc.text) == len(tc.text); got != tc.want || got != safe {
			t.Errorf("after %q, ReleasePlainASCII(%q) = %v, want %v (Safe lets all go: %v)", tc.prefix, tc.text, got, tc.want, safe)
		}
	}
}
