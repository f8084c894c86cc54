package exchange

import (
	"bytes"
	"strings"
	"testing"

	"github.com/toolfix/toolfix/proxy/cases"
	"github.com/toolfix/toolfix/proxy/sse/ssetest"
)

// TestUndeclaredNotHeld: a healthy text whose tail shows markup of a tool the request does not
// declare, or a JSON answer with a member no call object has, is released as it came as soon as
// that shows: with the upstream's last events (the text's end, the finish) not yet come, the
// client already has every event sent before them (the guard-release-* cases; issue 20 F7,
// attack round 2026-12-01: it used to be held to the text's end, and Responses held a JSON
// answer cut mid-object that Chat released; QwenLM/qwen-code #8207, ai-dynamo/dynamo #13176:
// JSON answers with a name member that are no call; issue 20 G1: a bare call naming a member its
// tool's schema does not declare).
func TestUndeclaredNotHeld(t *testing.T) {
	// the events after the text: Anthropic content_block_stop, message_delta, message_stop; Chat
	// the finish chunk and [DONE]; Responses the last delta, output_text.done, content_part.done,
	// output_item.done and response.completed
	tail := map[string]int{"anthropic": 3, "openai": 2, "responses": 5}
	dialect := map[string]string{"anthropic": "anthropic", "openai": "chat", "responses": "responses"}
	n := 0
	for _, c := range cases.ForTest(t) {
		if !c.Stream || !strings.HasPrefix(c.Name, "guard-release-") {
			continue
		}
		n++
		t.Run(c.Protocol+"/"+c.Name, func(t *testing.T) {
			sep := "\n\n"
			if bytes.Contains(c.Upstream, []byte("\r\n\r\n")) {
				sep = "\r\n\r\n"
			}
			evs := strings.SplitAfter(string(c.Upstream), sep)
			if evs[len(evs)-1] == "" {
				evs = evs[:len(evs)-1]
			}
			head := evs[:len(evs)-tail[c.Protocol]]
			st := newStreamRepairer(dialect[c.Protocol], c.Request, "", 0, nil)
			got := ssetest.PushEach(t, st, head)
			if want := strings.Join(head, ""); got != want {
				t.Fatalf("held %d of %d bytes sent before the text's end (held %q)", len(want)-len(got), len(want), st.Held())
			}
		})
	}
	if n < 24 {
		t.Fatalf("%d guard-release cases, want 24 (eight per API)", n)
	}
}
