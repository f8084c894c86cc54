package anthropic

import (
	"testing"

	"github.com/toolfix/toolfix/proxy/markup"
)

// FuzzQuietLiteral: releaseQuietLiteral answers as plainInner and ReleaseQuiet do, and leaves the
// holder as they do (what it lets go of the text after is the same).
func FuzzQuietLiteral(f *testing.F) {
	for _, s := range []string{`"ordinary words, then more"`, `"a < b"`, `"x\"y"`, `"tick` + "`" + `"`, `"caf` + "\xc3\xa9" + ` words"`,
		`"\xff"`, `"exactly8"`, `"new\nline"`, `"`, `x"`, `""`} {
		f.Add("some text", s)
	}
	f.Add("a `tick", `" and words"`)
	f.Add("<thi", `"nk> words"`)
	f.Fuzz(func(t *testing.T, prefix, lit string) {
		quick, slow := markup.NewHolder(markup.All), markup.NewHolder(markup.All)
		quick.Release(prefix)
		slow.Release(prefix)
		inner, ok := plainInner([]byte(lit))
		want := ok && slow.ReleaseQuiet(inner)
		if got := releaseQuietLiteral(quick, []byte(lit)); got != want {
			t.Fatalf("after %q, releaseQuietLiteral(%q) = %v, want %v", prefix, lit, got, want)
		}
		for _, next := range []string{" more words", "<tool_call>", "\n```\n"} {
			if a, b := quick.Safe(next), slow.Safe(next); a != b {
				t.Fatalf("after %q then %q: Safe(%q) = %d and %d", prefix, lit, next, a, b)
			}
		}
	})
}
