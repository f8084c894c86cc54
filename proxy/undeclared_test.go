package proxy

import (
	"bytes"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// undeclaredMsg is the log line of a call to a tool the request does not declare.
const undeclaredMsg = "tool not declared in the request"

// TestUndeclaredToolLogged: a call to a tool the request does not declare (Claude Code's tool
// search defers a tool's schema) passes as it came, and the log says why nothing was repaired.
func TestUndeclaredToolLogged(t *testing.T) {
	anthropicStream := "event: message_start\ndata: {\"type\":\"message_start\",\"message\":{\"id\":\"m\",\"type\":\"message\",\"role\":\"assistant\",\"content\":[],\"model\":\"x\"}}\n\n" +
		"event: content_block_start\ndata: {\"type\":\"content_block_start\",\"index\":0,\"content_block\":{\"type\":\"tool_use\",\"id\":\"t1\",\"name\":\"TodoWrite\",\"input\":{}}}\n\n" +
		"event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"input_json_delta\",\"partial_json\":\"{\\\"todos\\\":\\\"[]\\\"}\"}}\n\n" +
		"event: content_block_stop\ndata: {\"type\":\"content_block_stop\",\"index\":0}\n\n" +
		"event: message_delta\ndata: {\"type\":\"message_delta\",\"delta\":{\"stop_reason\":\"tool_use\"}}\n\n" +
		"event: message_stop\ndata: {\"type\":\"message_stop\"}\n\n"
	chatJSON := `{"id":"c","object":"chat.completion","choices":[{"index":0,"message":{"role":"assistant","tool_calls":[{"id":"c1","type":"function","function":{"name":"ghost","arguments":"{}"}}]},"finish_reason":"tool_calls"}]}`
	chatStream := "data: {\"id\":\"c\",\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":0,\"id\":\"c1\",\"type\":\"function\",\"function\":{\"name\":\"ghost\",\"arguments\":\"\"}}]}}]}\n\n" +
		"data: {\"id\":\"c\",\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":0,\"function\":{\"arguments\":\"{}\"}}]}}]}\n\n" +
		"data: {\"id\":\"c\",\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":1,\"id\":\"c2\",\"type\":\"function\",\"function\":{\"name\":\"ghost\",\"arguments\":\"{}\"}}]}}]}\n\n" +
		"data: {\"id\":\"c\",\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"tool_calls\"}]}\n\ndata: [DONE]\n\n"
	responsesStream := "event: response.output_item.added\ndata: {\"type\":\"response.output_item.added\",\"output_index\":0,\"item\":{\"type\":\"function_call\",\"id\":\"f\",\"call_id\":\"c\",\"name\":\"exec_command\",\"arguments\":\"\"}}\n\n"
	tests := []struct {
		name, path, request, contentType, body string
		want                                   string // the tool named in the log line; "" for none
	}{
		{"deferred tool, streamed", "/v1/messages", `{"stream":true,"tools":[{"name":"ToolSearch","input_schema":{"type":"object"}},{"name":"DeferredToolPlaceholder","defer_loading":true,"input_schema":{"type":"object"}}]}`, "text/event-stream", anthropicStream, "TodoWrite"},
		{"declared tool, streamed", "/v1/messages", `{"stream":true,"tools":[{"name":"TodoWrite","input_schema":{"type":"object","properties":{"todos":{"type":"string"}}}}]}`, "text/event-stream", anthropicStream, ""},
		{"chat, streamed", "/v1/chat/completions", `{"stream":true,"tools":[{"type":"function","function":{"name":"bash","parameters":{"type":"object"}}}]}`, "text/event-stream", chatStream, "ghost"},
		{"declared tool, chat, streamed", "/v1/chat/completions", `{"stream":true,"tools":[{"type":"function","function":{"name":"ghost","parameters":{"type":"object"}}}]}`, "text/event-stream", chatStream, ""},
		{"request whose tools cannot be read", "/v1/messages", `{"stream":true,"tools":{"name":1}`, "text/event-stream", anthropicStream, ""},
		{"chat JSON", "/v1/chat/completions", `{"tools":[{"type":"function","function":{"name":"bash","parameters":{"type":"object"}}}]}`, "application/json", chatJSON, "ghost"},
		{"responses without tools (code mode)", "/v1/responses", `{"stream":true}`, "text/event-stream", responsesStream, "exec_command"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", tc.contentType)
				f := w.(http.Flusher)
				b := []byte(tc.body)
				for len(b) > 0 { // random small chunks
					n := min(len(b), 1+rand.IntN(9))
					_, _ = w.Write(b[:n])
					f.Flush()
					b = b[n:]
				}
			}))
			defer up.Close()
			var logs bytes.Buffer
			_, ps := newServer(t, up.URL, Options{Logger: slog.New(slog.NewJSONHandler(&logs, nil))})
			_, got := readAnswer(t, http.DefaultClient, newJSONPost(t, ps.URL+tc.path, strings.NewReader(tc.request)))
			if tc.want != "" && string(got) != tc.body {
				t.Errorf("the answer changed:\n%s", got)
			}
			lines := strings.Count(logs.String(), undeclaredMsg)
			switch {
			case tc.want == "" && lines != 0:
				t.Errorf("logged %q for a declared tool:\n%s", undeclaredMsg, logs.String())
			case tc.want != "" && (lines != 1 || !strings.Contains(logs.String(), `"tool":"`+tc.want+`"`)):
				t.Errorf("want one %q line naming %s, got:\n%s", undeclaredMsg, tc.want, logs.String())
			}
		})
	}
}
