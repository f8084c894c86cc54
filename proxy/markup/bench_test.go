package markup

import (
	"strings"
	"testing"
)

// benchStream pushes text into a Holder in deltas of n bytes, as a dialect would.
func benchStream(b *testing.B, syn Syntax, text string, n int) {
	var pieces []string
	for i := 0; i < len(text); i += n {
		pieces = append(pieces, text[i:min(i+n, len(text))])
	}
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for b.Loop() {
		h := NewHolder(syn)
		for _, p := range pieces {
			h.Push(p)
		}
	}
}

// BenchmarkHealthyProse is the happy path: 64 KiB of prose in 16-byte deltas.
func BenchmarkHealthyProse(b *testing.B) {
	line := "The parser reads each line, and `x < y` holds for every pair; see <https://go.dev>.\n"
	benchStream(b, All, strings.Repeat(line, 65536/len(line)), 16)
}

// BenchmarkHeldInvoke is a leaked Write whose 64 KiB value is held while it streams in 16-byte deltas.
func BenchmarkHeldInvoke(b *testing.B) {
	body := strings.Repeat("func f() { return a < b }\n", 65536/26)
	benchStream(b, Invoke, "Writing.\ncourt\n<invoke name=\"Write\"><parameter name=\"content\">"+body+"</parameter></invoke>", 16)
}

// BenchmarkHeldHermes is a leaked Hermes call whose 64 KiB JSON arguments stream in 16-byte deltas.
func BenchmarkHeldHermes(b *testing.B) {
	body := strings.Repeat(`func f() { return a \u003c b }\n`, 65536/32)
	benchStream(b, All, "Writing.\n<tool_call>{\"name\": \"write\", \"arguments\": {\"content\": \""+body+"\"}}</tool_call>", 16)
}

// BenchmarkHealthyLinks is prose full of Markdown links and brackets (each '[' and '<' after a
// blank may begin a quoted call token): 64 KiB in 16-byte deltas.
func BenchmarkHealthyLinks(b *testing.B) {
	line := "See [the guide](https://go.dev/doc) and [`x < y`](#order), then run [tests] [1] < 2.\n"
	benchStream(b, All, strings.Repeat(line, 65536/len(line)), 16)
}
