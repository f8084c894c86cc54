package openai

import (
	"bytes"
	"strings"
	"testing"
)

// TestCommentsKeepTheirPlace: a comment (a gateway keep-alive) that arrives while a tool call or
// a content tail is held stays where it came, so that a healthy stream is byte-identical
// (docs/faults.md D49); in a repaired stream it still comes out, in its order among the comments.
func TestCommentsKeepTheirPlace(t *testing.T) {
	tests := []struct {
		name    string
		events  []string // raw events; those starting with ':' are comments
		healthy bool
	}{
		{
			name: "ping between the deltas of a healthy held call",
			events: []string{"data: " + head("0", "call_1", "bash") + "\n\n", ": ping\n\n", "data: " + args("0", `{"command":"ls"}`) + "\n\n",
				": ping\r\n: two lines\r\n\r\n", "data: " + finish("tool_calls") + "\n\n", "data: [DONE]\n\n"},
			healthy: true,
		},
		{
			name:    "ping behind a held content tail",
			events:  []string{"data: " + text("if a <") + "\n\n", ": ping\n\n", "data: " + text(" b then ok") + "\n\n", "data: " + finish("stop") + "\n\n"},
			healthy: true,
		},
		{
			name: "ping between the deltas of a call being repaired",
			events: []string{"data: " + head("0", "call_1", "read") + "\n\n", ":\n\n", "data: " + args("0", `{"file_path":"a","limit":"5"}`) + "\n\n",
				": keep-alive\n\n", "data: " + finish("tool_calls") + "\n\n", "data: [DONE]\n\n"},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			in := strings.Join(tc.events, "")
			out, kinds := run(t, []byte(tools), strings.NewReader(in), Options{})
			if tc.healthy {
				if len(kinds) != 0 || string(out) != in {
					t.Fatalf("healthy stream changed (repairs %v):\n%s\nwant\n%s", kinds, out, in)
				}
				return
			}
			if len(kinds) == 0 {
				t.Fatalf("not repaired:\n%s", out)
			}
			last := 0
			for _, raw := range tc.events {
				if !strings.HasPrefix(raw, ":") {
					continue
				}
				i := bytes.Index(out[last:], []byte(raw))
				if i < 0 {
					t.Fatalf("comment %q missing or out of order:\n%s", raw, out)
				}
				last += i + len(raw)
			}
		})
	}
}
