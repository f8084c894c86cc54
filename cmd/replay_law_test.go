package cmd

import (
	"os"
	"path/filepath"
	"testing"
)

// TestReplayUnmendableCallExits4: `toolfix replay` on an answer whose call fits its tool's schema
// in no way (a required field missing, streamed as it came) exits ReplayRefused, not
// ReplayUnchanged: the call is a fail-open (issue 20 item 4).
func TestReplayUnmendableCallExits4(t *testing.T) {
	const schema = `{"type":"object","properties":{"path":{"type":"string"}},"required":["path"]}`
	tests := []struct{ protocol, request, upstream string }{
		{"anthropic", `{"model":"m","max_tokens":9,"stream":true,"tools":[{"name":"read","input_schema":` + schema + `}],"messages":[{"role":"user","content":"hi"}]}`,
			"event: content_block_start\ndata: {\"type\":\"content_block_start\",\"index\":0,\"content_block\":{\"type\":\"tool_use\",\"id\":\"toolu_1\",\"name\":\"read\",\"input\":{}}}\n\n" +
				"event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"input_json_delta\",\"partial_json\":\"{\\\"x\\\":1}\"}}\n\n" +
				"event: content_block_stop\ndata: {\"type\":\"content_block_stop\",\"index\":0}\n\n" +
				"event: message_delta\ndata: {\"type\":\"message_delta\",\"delta\":{\"stop_reason\":\"end_turn\"}}\n\n"},
		{"openai", `{"model":"m","stream":true,"tools":[{"type":"function","function":{"name":"read","parameters":` + schema + `}}],"messages":[{"role":"user","content":"hi"}]}`,
			`data: {"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"call_1","type":"function","function":{"name":"read","arguments":"{\"x\":1}"}}]},"finish_reason":null}]}` + "\n\n" +
				`data: {"choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}` + "\n\ndata: [DONE]\n\n"},
	}
	for _, tc := range tests {
		t.Run(tc.protocol, func(t *testing.T) {
			dir := t.TempDir()
			req, up := filepath.Join(dir, "request.json"), filepath.Join(dir, "upstream.sse")
			if err := os.WriteFile(req, []byte(tc.request), 0o600); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(up, []byte(tc.upstream), 0o600); err != nil {
				t.Fatal(err)
			}
			code, stdout, stderr := run(t, "", false, "replay", "--request", req, "--upstream", up, "--protocol", tc.protocol)
			if code != ReplayRefused || stdout != tc.upstream {
				t.Errorf("exit %d (want %d), body changed %v: %s", code, ReplayRefused, stdout != tc.upstream, stderr)
			}
		})
	}
}
