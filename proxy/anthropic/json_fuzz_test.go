package anthropic

import (
	"bytes"
	"encoding/json"
	"errors"
	"testing"

	"github.com/toolfix/toolfix/proxy/cases"
	"github.com/toolfix/toolfix/proxy/client"
	"github.com/toolfix/toolfix/proxy/repair"
	"github.com/toolfix/toolfix/proxy/sse"
	"github.com/toolfix/toolfix/proxy/sse/ssetest"
)

// FuzzRepairMessage: RepairMessage never panics; it reports a change exactly when it returns one;
// what it returns is JSON that the client reads if it read the body; and every tool_use block it
// returns is the body's own (for a streamed body, the stream's own) or fits its tool's schema.
func FuzzRepairMessage(f *testing.F) {
	for _, c := range cases.ForTest(f, "anthropic") {
		f.Add(c.Request, c.Upstream) // a stream too: the answer to a non-streamed request (D55)
	}
	f.Add([]byte(bashTools), []byte(`{"type":"message","content":[{"type":"text","text":"ok\ncourt"},{"type":"tool_use","id":"t","name":"TodoWrite","input":{"todos":"[{\"content\":\"a\"}]"}}],"stop_reason":"end_turn"}`))
	f.Fuzz(func(t *testing.T, request, body []byte) {
		tools, _ := repair.ToolsFromAnthropic(request)
		out, ok, kinds := ssetest.RepairKinds(func(rep *repair.Reporter) ([]byte, bool) { return RepairMessage(tools, body, rep) })
		if !ok {
			if out != nil || len(kinds) > 0 {
				t.Fatalf("no change, yet returned %q with kinds %v", out, kinds)
			}
			return
		}
		if len(kinds) == 0 {
			t.Fatalf("changed %q into %q with no repair reported", body, out)
		}
		if !json.Valid(out) {
			t.Fatalf("repaired into invalid JSON: %q", out)
		}
		in, errIn := client.AnthropicJSON(body)
		if errIn != nil {
			if trimmed, ok := sse.TrimDone(body); ok {
				in, errIn = client.AnthropicJSON(trimmed)
			} else if sse.LooksLikeStream(body) {
				// The stream's own blocks, as a non-streamed client gets them: the plain conversion
				// (no repair). An SDK's stream accumulator differs from it (it ignores a block start's
				// input, D38, and refuses a stream without message_stop).
				in, errIn = nil, errors.New("a stream: the client of a non-streamed request does not read it")
				if conv, ok := messageFromSSE(body); ok {
					in, _ = client.AnthropicJSON(conv)
				}
			}
		}
		m, errOut := client.AnthropicJSON(out)
		if errIn == nil && errOut != nil {
			t.Fatalf("the client read the body but not its repair: %v\n%q", errOut, out)
		}
		if errOut != nil {
			return
		}
		own := map[string]bool{}
		if in != nil {
			for _, b := range in.Content {
				if b != nil && b.Type == "tool_use" {
					x, _ := json.Marshal(b.Input)
					own[b.Name+"\x00"+string(x)] = true
				}
			}
		}
		for _, b := range m.Content {
			if b == nil || b.Type != "tool_use" {
				continue
			}
			x, _ := json.Marshal(b.Input)
			if own[b.Name+"\x00"+string(x)] {
				continue
			}
			if !tools.Fits(b.Name, x) && !bytes.Equal(x, []byte("null")) {
				t.Fatalf("tool_use %q with input %s does not fit (kinds %v)", b.Name, x, kinds)
			}
		}
	})
}
