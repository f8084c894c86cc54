package anthropic

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/toolfix/toolfix/proxy/client"
	"github.com/toolfix/toolfix/proxy/repair"
	"github.com/toolfix/toolfix/proxy/sse"
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
// the pings that passed ahead of a held input when it does not — or, when a faulty string value
// went out repaired as soon as it ended, the input with such values inlined (client.Inlined).
// Pushed event by event, the stream holds no longer than it must: when the scan's only holds are
// faulty values read to their end, the whole input has reached the client before the block's
// content_block_stop is read.
func FuzzStreamedInput(f *testing.F) {
	for _, s := range []string{`{"todos": [{"content": "a"}]}`, `{"note": "x", "todos": "[{\"content\": \"a\"}]"}`,
		`{"todos": "[{'content': 'a'}]"}`, `{"todos": "[{\"content\": \"\u7 ee7\"}]"}`, `{"todos": "[1]"}`, `{"todos": "[`, ``,
		`{"todos": "[{\"content\": \"a\"}]", "note": "after"}`} {
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
		ping := ev("ping", `{"type": "ping"}`)
		err = client.CheckStreamedCall(out, []byte(body), fixed, changed, healthy, ping, func(out []byte) (any, error) {
			m, err := client.AnthropicStream(out)
			if err != nil {
				return nil, err
			}
			return m.Content[0].Input, nil
		})
		if err != nil && !changed && !healthy {
			m, merr := client.AnthropicStream(out)
			if merr != nil {
				t.Fatal(merr)
			}
			err = client.Inlined(m.Content[0].PartialJSON(), input)
		}
		if err != nil {
			t.Fatal(err)
		}
		checkHeldNoLonger(t, tools, evs, input)
	})
}

// checkHeldNoLonger pushes evs (a spanEvents stream of input) event by event and fails when the
// scan's only holds are faulty values read to their end but the client has not got the whole
// input before content_block_stop is read.
func checkHeldNoLonger(t *testing.T, tools *repair.Tools, evs []string, input string) {
	t.Helper()
	if !tools.SpansOnly("TodoWrite", repair.Options{KeepText: true}, []byte(input)) {
		return
	}
	st := NewStream(tools, nil)
	var out bytes.Buffer
	for _, e := range evs[:len(evs)-3] { // up to the content_block_stop
		if err := st.Push(sse.Event{Raw: []byte(e), Complete: true}, &out); err != nil {
			t.Fatal(err)
		}
	}
	if st.HoldingSpan() || len(st.Held()) > 0 {
		t.Fatalf("input %q: still held before content_block_stop, though its faulty values ended:\n%s", input, out.Bytes())
	}
}
