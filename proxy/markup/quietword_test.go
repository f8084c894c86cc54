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
		}
		// QuietASCIIIn answers as QuietASCII of the part, whatever surrounds it.
		buf := []byte(prefix + text)
		for i := 0; i <= len(buf); i++ {
			for _, j := range []int{i, min(i+1, len(buf)), min(i+7, len(buf)), min(i+8, len(buf)), len(buf)} {
				if got, want := QuietASCIIIn(buf, i, j), QuietASCII(buf[i:j]); got != want {
					t.Fatalf("QuietASCIIIn(%q, %d, %d) = %v, QuietASCII(%q) %v", buf, i, j, got, buf[i:j], want)
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
