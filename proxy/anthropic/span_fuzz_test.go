package anthropic

import (
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/toolfix/toolfix/proxy/client"
	"github.com/toolfix/toolfix/proxy/repair"
	"github.com/toolfix/toolfix/proxy/sse/ssetest"
)

// splitDeltas cuts input into 1..n-byte deltas, by seed.
func splitDeltas(input string, seed uint64, n int) []string {
	rng := rand.New(rand.NewPCG(seed, 11))
	var out []string
	for len(input) > 0 {
		k := min(len(input), 1+rng.IntN(n))
		for k < len(input) && !utf8.RuneStart(input[k]) {
			k++ // a delta's JSON string holds whole characters
		}
		out = append(out, input[:k])
		input = input[k:]
	}
	return out
}

// FuzzStreamedInput: a TodoWrite input of any text, split into deltas of any size and read in
// random small chunks: what the client accumulates from the streamed repair is the whole-input
// repair (RepairInput, as the non-streamed path applies it) when it changes the input; else the
// stream comes out as it came — byte for byte when the input fits (a healthy stream), and but for
// the pings that passed ahead of a held input when it does not.
func FuzzStreamedInput(f *testing.F) {
	for _, s := range []string{`{"todos": [{"content": "a"}]}`, `{"note": "x", "todos": "[{\"content\": \"a\"}]"}`,
		`{"todos": "[{'content': 'a'}]"}`, `{"todos": "[{\"content\": \"\u7 ee7\"}]"}`, `{"todos": "[1]"}`, `{"todos": "[`, ``} {
		f.Add(s, uint64(1), uint8(4))
	}
	tools, _ := repair.ToolsFromAnthropic([]byte(spanRequest))
	f.Fuzz(func(t *testing.T, input string, seed uint64, size uint8) {
		input = strings.ToValidUTF8(input, "\uFFFD") // what the wire's JSON string can carry
		evs := spanEvents(splitDeltas(input, seed, int(size%16)+1)...)
		body := strings.Join(evs, "")
		st := NewStream(tools, nil)
		out, err := ssetest.Run(ssetest.Chunks([]byte(body), int64(seed%64)), st)
		if err != nil {
			t.Fatal(err)
		}
		fixed, _, changed := tools.RepairInput("TodoWrite", []byte(input), repair.Options{})
		healthy := tools.Fits("TodoWrite", []byte(input)) || strings.Trim(input, " \t\r\n") == ""
		err = client.CheckStreamedCall(out, []byte(body), fixed, changed, healthy, ev("ping", `{"type": "ping"}`), func(out []byte) (any, error) {
			m, err := client.AnthropicStream(out)
			if err != nil {
				return nil, err
			}
			return m.Content[0].Input, nil
		})
		if err != nil {
			t.Fatal(err)
		}
	})
}
