package client

import (
	"strings"
	"testing"
)

// TestAnthropicStreamAfterStop: nothing but a ping may follow message_stop (Claude Code: "Received
// message_stop without a current message", katanemo/plano PR #898; anthropics/claude-code #67809).
func TestAnthropicStreamAfterStop(t *testing.T) {
	ev := func(typ, data string) string { return "event: " + typ + "\ndata: " + data + "\n\n" }
	start := ev("message_start", `{"type":"message_start","message":{"id":"m","type":"message","role":"assistant","content":[]}}`) +
		ev("content_block_start", `{"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}`) +
		ev("content_block_delta", `{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Hi."}}`) +
		ev("content_block_stop", `{"type":"content_block_stop","index":0}`)
	delta := ev("message_delta", `{"type":"message_delta","delta":{"stop_reason":"end_turn"},"usage":{"output_tokens":3}}`)
	stop := ev("message_stop", `{"type":"message_stop"}`)
	ping := ev("ping", `{"type":"ping"}`)
	tests := []struct {
		name, body string
		bad        string // what the error says; "" for none
	}{
		{"one message_stop", start + delta + stop, ""},
		{"a ping after it", start + delta + stop + ping + ": comment\n\n", ""},
		{"a second message_stop", start + delta + stop + stop, "message_stop after message_stop"},
		{"the finish replayed", start + delta + stop + delta + stop, "message_delta after message_stop"},
		{"a delta after it", start + delta + stop + ev("content_block_delta", `{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"!"}}`), "content_block_delta after message_stop"},
		{"a block start without an index", start + ev("content_block_start", `{"type":"content_block_start","content_block":{"type":"text","text":""}}`), "content_block_start index missing, want 1"},
		{"a block start out of order", start + ev("content_block_start", `{"type":"content_block_start","index":3,"content_block":{"type":"text","text":""}}`), "content_block_start index 3, want 1"},
		{"a delta without an index", start + ev("content_block_delta", `{"type":"content_block_delta","delta":{"type":"text_delta","text":"!"}}`), "delta for unknown block missing"},
		{"an error after it", start + delta + stop + ev("error", `{"type":"error","error":{"message":"x"}}`), "error after message_stop"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m, err := AnthropicStream([]byte(tc.body))
			switch {
			case tc.bad == "" && err != nil:
				t.Fatalf("a healthy stream failed: %v", err)
			case tc.bad == "" && (len(m.Content) != 1 || m.Content[0].Text != "Hi." || m.StopReason != "end_turn"):
				t.Fatalf("accumulated %+v", m)
			case tc.bad != "" && err == nil:
				t.Fatalf("accepted a stream that breaks a rule")
			case tc.bad != "" && !strings.Contains(err.Error(), tc.bad):
				t.Fatalf("error %q does not say %q", err, tc.bad)
			}
		})
	}
}
