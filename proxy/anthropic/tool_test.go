package anthropic

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/toolfix/toolfix/proxy/sse"
	"github.com/toolfix/toolfix/proxy/sse/ssetest"
)

// TestInputInStartGoesOnce: a tool_use whose whole input came in content_block_start gets it as
// one input_json_delta and an empty start input, so that clients that start from the start's input
// and append the deltas (@ai-sdk/anthropic) see it once (D38). A start whose caller is a server
// tool (programmatic tool calling) is the API's own form and passes as it came.
func TestInputInStartGoesOnce(t *testing.T) {
	tests := []struct {
		name, caller string
		passes       bool
	}{
		{"no caller", "", false},
		{"direct caller", `,"caller":{"type":"direct"}`, false},
		{"code execution caller", `,"caller":{"type":"code_execution_20260120","tool_id":"srvtoolu_1"}`, true},
		{"older code execution caller", `,"caller":{"type":"code_execution_20250825","tool_id":"srvtoolu_2"}`, true},
		{"caller not an object", `,"caller":"code_execution"`, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			in := sseOf(`{"type":"message_start","message":{}}`,
				`{"type":"content_block_start","index":0,"content_block":{"type":"tool_use","id":"toolu_1","name":"Bash","input":{"command":"ls"}`+tc.caller+`}}`,
				`{"type":"content_block_stop","index":0}`,
				`{"type":"message_delta","delta":{"stop_reason":"tool_use"}}`, `{"type":"message_stop"}`)
			out, kinds := run(t, []byte(bashTools), ssetest.Chunks([]byte(in), 5))
			if tc.passes {
				if string(out) != in || len(kinds) != 0 {
					t.Fatalf("kinds %v, changed:\n%s", kinds, out)
				}
				return
			}
			if !strings.Contains(strings.Join(kinds, ","), "shape") {
				t.Errorf("kinds %v", kinds)
			}
			var startInput, deltas string
			for _, ev := range sse.Each(out, 0) {
				_, data, _ := sse.Fields(ev.Raw)
				var e struct {
					Type         string `json:"type"`
					ContentBlock struct {
						Input json.RawMessage `json:"input"`
					} `json:"content_block"`
					Delta struct {
						PartialJSON string `json:"partial_json"`
					} `json:"delta"`
				}
				_ = json.Unmarshal(data, &e)
				switch e.Type {
				case "content_block_start":
					startInput = string(e.ContentBlock.Input)
				case "content_block_delta":
					deltas += e.Delta.PartialJSON
				}
			}
			if startInput != "{}" || deltas != `{"command":"ls"}` {
				t.Fatalf("start input %s, deltas %s\n%s", startInput, deltas, out)
			}
		})
	}
}
