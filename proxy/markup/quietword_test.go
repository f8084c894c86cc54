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
