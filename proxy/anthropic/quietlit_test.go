package anthropic

import (
	"testing"

	"github.com/toolfix/toolfix/proxy/jsontext"
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

// FuzzQuietTextEvent: quietTextEvent reads a piece only when the general reading (fastDeltaData,
// then deltaLiteral) reads the same index and literal from it and the literal's inside is plain
// ASCII (its text is its bytes) or of such bytes and simple escapes (jsontext.SimpleEscaped, then
// decoded as fastTextDelta decodes it), saying quiet and escaped exactly when they hold, so that
// releaseQuietLiteral takes the branch quietASCIIText does for a quiet one.
func FuzzQuietTextEvent(f *testing.F) {
	for _, s := range envelopeSeeds {
		f.Add([]byte(s))
	}
	for _, text := range []string{"word ", "a", "", "exactly8", "sixteen bytes ok", "a < b", "x\\ny", "state;\\n\\n", "a\\tb\\/", "q\\\"", "b\\\\", "u\\u0041", "caf\xc3\xa9", "tick`"} {
		f.Add([]byte("event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":3,\"delta\":{\"type\":\"text_delta\",\"text\":\"" + text + "\"}}\n\n"))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		idx, text, quiet, escaped, ok := quietTextEvent(raw)
		data, framed := fastDeltaData(raw)
		var lit []byte
		var want int
		if framed {
			want, lit, framed = deltaLiteral(data, textDeltaMiddle)
		}
		plain, wantQuiet, wantEscaped := false, false, false
		if framed {
			plain, wantQuiet = markup.PlainASCII(lit[1 : len(lit)-1])
			wantEscaped = !plain && jsontext.SimpleEscaped(lit[1:len(lit)-1])
		}
		if ok != (plain || wantEscaped) || ok && (quiet != wantQuiet || escaped != wantEscaped) {
			t.Fatalf("%q: quietTextEvent says %v (quiet %v, escaped %v), the general reading %v (quiet %v, escaped %v)", raw, ok, quiet, escaped, plain, wantQuiet, wantEscaped)
		}
		if ok && (idx != want || string(text) != string(lit[1:len(lit)-1])) {
			t.Fatalf("%q: quietTextEvent reads %d %q, the general reading %d %s", raw, idx, text, want, lit)
		}
		if escaped {
			// the decoded text is the one fastTextDelta gives the general path
			dec, dok := jsontext.AppendUnescaped(nil, text)
			_, general, gok := fastTextDelta(data)
			if !dok || !gok || string(dec) != general {
				t.Fatalf("%q: decoded %q (%v), fastTextDelta %q (%v)", raw, dec, dok, general, gok)
			}
		}
	})
}
