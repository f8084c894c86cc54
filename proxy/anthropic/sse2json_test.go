package anthropic

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/toolfix/toolfix/proxy/client"
	"github.com/toolfix/toolfix/proxy/repair"
)

// TestSSEAsMessage: a non-streamed request answered with an SSE stream, or with a JSON body and a
// trailing [DONE], gets one Messages object, repaired like any non-streamed answer (docs/faults.md
// D55); a stream it cannot read as one message passes as it came.
func TestSSEAsMessage(t *testing.T) {
	tool := sseOf(fStart,
		`{"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}`, fText("0", `"Let me "`), fText("0", `"look."`), fStop0,
		`{"type":"content_block_start","index":1,"content_block":{"type":"tool_use","id":"toolu_1","name":"Bash","input":{}}}`,
		`{"type":"content_block_delta","index":1,"delta":{"type":"input_json_delta","partial_json":"{\"command\":"}}`,
		`{"type":"content_block_delta","index":1,"delta":{"type":"input_json_delta","partial_json":"\"ls\",\"timeout\":\"30\"}"}}`,
		`{"type":"content_block_stop","index":1}`, fMsgDelta(`"end_turn"`), fEnd)
	leak := sseOf(fStart, fTextStart, fText("0", `"Cleaning up.\ncount\n<invoke name=\"mcp__db__query\"><parameter name=\"sql\">SELECT 1</parameter></invoke>"`), fStop0, fMsgDelta(`"end_turn"`), fEnd)
	thinking := sseOf(fStart,
		`{"type":"content_block_start","index":0,"content_block":{"type":"thinking","thinking":""}}`,
		`{"type":"content_block_delta","index":0,"delta":{"type":"thinking_delta","thinking":"hmm"}}`,
		`{"type":"content_block_delta","index":0,"delta":{"type":"signature_delta","signature":"sig"}}`, fStop0,
		`{"type":"content_block_start","index":1,"content_block":{"type":"text","text":""}}`, fText("1", `"Hi"`),
		`{"type":"content_block_delta","index":1,"delta":{"type":"citations_delta","citation":{"type":"char_location","cited_text":"x"}}}`,
		`{"type":"content_block_stop","index":1}`, fMsgDelta(`"end_turn"`), fEnd)
	healthyJSON := `{"id":"m","type":"message","role":"assistant","content":[{"type":"text","text":"Hi"}],"stop_reason":"end_turn","usage":{"output_tokens":1}}`
	tests := []struct {
		name, request, body string
		want                string // the message it must read as; "" when the body must pass
		check               func(t *testing.T, out []byte)
	}{
		{
			name: "stream with a tool_use whose input is repaired", request: bashTools, body: tool,
			want: `{"stop_reason":"tool_use","content":[{"type":"text","text":"Let me look."},{"type":"tool_use","id":"toolu_1","name":"Bash","input":{"command":"ls","timeout":30}}]}`,
			check: func(t *testing.T, out []byte) {
				var m struct {
					ID    string         `json:"id"`
					Type  string         `json:"type"`
					Usage map[string]int `json:"usage"`
				}
				if err := json.Unmarshal(out, &m); err != nil || m.ID != "m" || m.Type != "message" || m.Usage["input_tokens"] != 3 || m.Usage["output_tokens"] != 9 {
					t.Errorf("message members or usage lost (%v): %s", err, out)
				}
			},
		},
		{
			name: "stream with a leaked call", request: dbTools, body: leak,
			want: `{"stop_reason":"tool_use","content":[{"type":"text","text":"Cleaning up."},{"type":"tool_use","id":"*","name":"mcp__db__query","input":{"sql":"SELECT 1"}}]}`,
		},
		{
			name: "stream with a leaked call cut off by max_tokens", request: dbTools, body: strings.Replace(leak, `"end_turn"`, `"max_tokens"`, 1),
			want: `{"stop_reason":"max_tokens","content":[{"type":"text","text":"Cleaning up.\ncount\n<invoke name=\"mcp__db__query\"><parameter name=\"sql\">SELECT 1</parameter></invoke>"}]}`,
		},
		{
			name: "thinking, signature and citations", request: bashTools, body: thinking,
			want: `{"stop_reason":"end_turn","content":[{"type":"thinking","thinking":"hmm","signature":"sig"},{"type":"text","text":"Hi"}]}`,
			check: func(t *testing.T, out []byte) {
				if !bytes.Contains(out, []byte(`"citations":[{"type":"char_location","cited_text":"x"}]`)) {
					t.Errorf("citations lost: %s", out)
				}
			},
		},
		{
			name: "JSON then [DONE]", request: bashTools, body: healthyJSON + "\n\ndata: [DONE]\n\n",
			want: `{"stop_reason":"end_turn","content":[{"type":"text","text":"Hi"}]}`,
		},
		{
			name: "error event", request: bashTools,
			body: sseOf(fStart) + "event: error\ndata: {\"type\":\"error\",\"error\":{\"type\":\"overloaded_error\",\"message\":\"Overloaded\"}}\n\n",
			check: func(t *testing.T, out []byte) {
				if string(out) != `{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}` {
					t.Errorf("error not answered as the error object: %s", out)
				}
			},
		},
		{
			name: "stream with its finish replayed after message_stop", request: bashTools,
			body: tool + sseOf(`{"type":"content_block_delta","index":1,"delta":{"type":"input_json_delta","partial_json":"{\"command\":\"ls\",\"timeout\":\"30\"}"}}`,
				`{"type":"content_block_stop","index":1}`, `{"type":"ping"}`, fMsgDelta(`"end_turn"`), fEnd),
			want: `{"stop_reason":"tool_use","content":[{"type":"text","text":"Let me look."},{"type":"tool_use","id":"toolu_1","name":"Bash","input":{"command":"ls","timeout":30}}]}`,
		},
		{
			name: "stream with an error after message_stop", request: bashTools,
			body: tool + "event: error\ndata: {\"type\":\"error\",\"error\":{\"type\":\"overloaded_error\",\"message\":\"Overloaded\"}}\n\n",
			check: func(t *testing.T, out []byte) {
				if !bytes.Contains(out, []byte(`"overloaded_error"`)) {
					t.Errorf("the error after message_stop is not the answer: %s", out)
				}
			},
		},
		{
			name: "stream with a replay it ends inside", request: bashTools,
			body: tool + sseOf(`{"type":"content_block_delta","index":1,"delta":{"type":"input_json_delta","partial_json":"{}"}}`),
			want: `{"stop_reason":"tool_use","content":[{"type":"text","text":"Let me look."},{"type":"tool_use","id":"toolu_1","name":"Bash","input":{"command":"ls","timeout":30}}]}`,
		},
		{name: "stream with a frame cut off after message_stop", request: bashTools, body: tool + "data: {\"type\":\"content_block_delta\""},
		{name: "healthy JSON passes", request: bashTools, body: healthyJSON},
		{name: "no message_start", request: bashTools, body: sseOf(fTextStart, fText("0", `"Hi"`), fStop0, fEnd)},
		{name: "tool input cut off", request: bashTools, body: strings.Replace(tool, `\"30\"}`, `\"3`, 1)},
		{name: "unknown delta kind", request: bashTools, body: sseOf(fStart, fTextStart, `{"type":"content_block_delta","index":0,"delta":{"type":"future_delta","x":1}}`, fStop0, fEnd)},
		{name: "delta for no block", request: bashTools, body: sseOf(fStart, fText("3", `"Hi"`), fEnd)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tools, _ := repair.ToolsFromAnthropic([]byte(tc.request))
			out, ok := RepairMessage(tools, []byte(tc.body), nil)
			if tc.want == "" && tc.check == nil {
				if ok {
					t.Fatalf("changed a body that must pass: %s", out)
				}
				return
			}
			if !ok {
				t.Fatal("not answered as JSON")
			}
			if tc.check != nil {
				tc.check(t, out)
			}
			if tc.want == "" {
				return
			}
			checkMessage(t, client.AnthropicJSON, out, []byte(tc.want))
		})
	}
}
