package anthropic

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/toolfix/toolfix/proxy/sse"
	"github.com/toolfix/toolfix/proxy/sse/ssetest"
)

// TestLaterNullStopReason: D39 rewrites the message_delta that says end_turn although a tool_use
// block came; a later, usage-only message_delta whose stop_reason is null says tool_use too,
// since the SDKs take its null as the message's stop_reason (the look-alike where the upstream
// itself said tool_use first passes byte for byte: ex-lookalike-message-delta-usage-only).
func TestLaterNullStopReason(t *testing.T) {
	dir := "../../testdata/cases/anthropic/ex-end-turn-then-usage-only-delta/"
	req, err := os.ReadFile(dir + "request.json")
	if err != nil {
		t.Fatal(err)
	}
	up, err := os.ReadFile(dir + "upstream.sse")
	if err != nil {
		t.Fatal(err)
	}
	for _, mode := range ssetest.Feeds {
		t.Run(mode, func(t *testing.T) {
			out, _ := run(t, req, ssetest.Feed(mode, up, 5))
			var deltas [][]byte
			for _, ev := range sse.Each(out, 0) {
				if bytes.Contains(ev.Raw, []byte(`"message_delta"`)) {
					deltas = append(deltas, ev.Raw)
				}
			}
			if len(deltas) != 2 || !strings.Contains(string(deltas[0]), `"stop_reason":"tool_use"`) || !strings.Contains(string(deltas[1]), `"stop_reason":"tool_use"`) {
				t.Fatalf("message_deltas %q, want two, each saying tool_use", deltas)
			}
			if !bytes.Contains(out[bytes.LastIndex(out, []byte("message_delta")):], []byte(`"message_stop"`)) {
				t.Fatalf("no message_stop after the deltas:\n%s", out)
			}
		})
	}
}
