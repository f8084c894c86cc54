package proxy

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/toolfix/toolfix/proxy/cases"
	"github.com/toolfix/toolfix/proxy/client"
	"github.com/toolfix/toolfix/proxy/sse"
)

// TestMessagesSSEAsJSON: a Messages request that asks for no stream ("stream" false or absent)
// and is answered with an SSE stream, or with JSON and a trailing [DONE], gets one message object
// through the real HTTP path (docs/faults.md D55); a request that asks for a stream, or that cannot be
// read, keeps the stream byte for byte.
func TestMessagesSSEAsJSON(t *testing.T) {
	tools := `"tools":[{"name":"Bash","input_schema":{"type":"object","properties":{"command":{"type":"string"},"timeout":{"type":"number"}},"required":["command"]}}]`
	stream := "event: message_start\ndata: {\"type\":\"message_start\",\"message\":{\"id\":\"m\",\"type\":\"message\",\"role\":\"assistant\",\"content\":[],\"stop_reason\":null,\"usage\":{\"input_tokens\":2,\"output_tokens\":1}}}\n\n" +
		"event: content_block_start\ndata: {\"type\":\"content_block_start\",\"index\":0,\"content_block\":{\"type\":\"tool_use\",\"id\":\"toolu_1\",\"name\":\"Bash\",\"input\":{}}}\n\n" +
		"event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"input_json_delta\",\"partial_json\":\"{\\\"command\\\":\\\"ls\\\",\\\"timeout\\\":\\\"5\\\"}\"}}\n\n" +
		"event: content_block_stop\ndata: {\"type\":\"content_block_stop\",\"index\":0}\n\n" +
		"event: message_delta\ndata: {\"type\":\"message_delta\",\"delta\":{\"stop_reason\":\"end_turn\",\"stop_sequence\":null},\"usage\":{\"output_tokens\":7}}\n\n" +
		"event: message_stop\ndata: {\"type\":\"message_stop\"}\n\n"
	want := `{"stop_reason":"tool_use","content":[{"type":"tool_use","id":"toolu_1","name":"Bash","input":{"command":"ls","timeout":5}}]}`
	jsonBody := `{"id":"m","type":"message","role":"assistant","content":[{"type":"tool_use","id":"toolu_1","name":"Bash","input":{"command":"ls"}}],"stop_reason":"tool_use","usage":{"output_tokens":3}}`
	tests := []struct {
		name, request, contentType, body string
		wantJSON                         string // the message it must read as; "" when the body must pass
	}{
		{"stream false", `{"stream":false,` + tools + `}`, "text/event-stream", stream, want},
		{"stream absent", `{` + tools + `}`, "text/event-stream", stream, want},
		{"stream true", `{"stream":true,` + tools + `}`, "text/event-stream; charset=utf-8", stream, ""},
		{"request not JSON", `not json`, "text/event-stream", stream, ""},
		{"JSON then [DONE]", `{` + tools + `}`, "application/json", jsonBody + "\ndata: [DONE]\n\n",
			`{"stop_reason":"tool_use","content":[{"type":"tool_use","id":"toolu_1","name":"Bash","input":{"command":"ls"}}]}`},
		{"stream cut inside a tool input", `{` + tools + `}`, "text/event-stream", stream[:strings.Index(stream, "event: content_block_stop")-20], ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out, snap, gotReq := exchangeThrough(t, Options{}, "/v1/messages", []byte(tc.request), tc.contentType, []byte(tc.body))
			if string(gotReq) != tc.request {
				t.Fatal("the request changed on its way upstream")
			}
			if tc.wantJSON == "" {
				if json.Valid(out) {
					t.Fatalf("answered as JSON:\n%s", out)
				}
				if tc.name != "stream cut inside a tool input" {
					// Still a stream, for the stream rules.
					if _, err := client.AnthropicStream(out); err != nil || !strings.HasPrefix(string(out), "event: message_start") {
						t.Fatalf("not a stream (%v):\n%s", err, out)
					}
					return
				}
				if string(out) != tc.body {
					t.Fatalf("the body changed (repairs %v):\n%s", snap.Repairs, out)
				}
				return
			}
			if err := client.Checks["anthropic"]([]byte(tc.wantJSON), out, false); err != nil {
				t.Fatalf("%v\n%s", err, out)
			}
			if snap.Repairs["shape"] == 0 {
				t.Errorf("shape repair not counted: %v", snap.Repairs)
			}
		})
	}
}

// TestEveryStreamedCaseAsJSON sends every shared case whose upstream is a stream as the answer to
// the same request asking for no stream (docs/faults.md D55), labelled text/event-stream or, as some
// gateways do, text/plain: the client must get one JSON object of the protocol that reads as the
// case's wanted message (for a passthrough case, as the healthy stream's message), in every
// dialect toolfix repairs.
func TestEveryStreamedCaseAsJSON(t *testing.T) {
	for _, c := range streamedCases(t) {
		protocol := c.Protocol
		req := asksNoStream(t, c.Request)
		want := c.Want.Message // nil for a passthrough case: only one JSON object is asked of it
		for _, ct := range []string{"text/event-stream", "text/plain; charset=utf-8"} {
			t.Run(protocol+"/"+c.Name+"/"+ct, func(t *testing.T) {
				out, snap, _ := exchangeThrough(t, Options{}, casePath(protocol), req, ct, c.Upstream)
				if !json.Valid(out) {
					if sse.LooksLikeStream(out) && snap.FailOpens > 0 && string(out) == string(c.Upstream) {
						t.Logf("failed open: the stream passes as it came")
						return
					}
					t.Fatalf("not one JSON object (repairs %v, fail-opens %d):\n%.600s", snap.Repairs, snap.FailOpens, out)
				}
				if want == nil {
					return
				}
				err := client.Checks[protocol](want, out, false)
				if err != nil && protocol == "openai" {
					// in a stream no content is "": a JSON answer may say null
					err = client.Checks[protocol](emptyContentAsNull(t, want), out, false)
				}
				if err != nil {
					t.Fatalf("%v\n%.1200s", err, out)
				}
				if snap.Repairs["shape"] == 0 {
					t.Errorf("the reshaping was not counted: %v", snap.Repairs)
				}
			})
		}
	}
}

// streamedCases are the shared cases of every protocol whose upstream is a stream answered with
// status 200.
func streamedCases(t *testing.T) []cases.Case {
	t.Helper()
	var out []cases.Case
	for _, protocol := range []string{"anthropic", "openai", "responses"} {
		for _, c := range cases.ForTest(t, protocol) {
			if c.Stream && c.Status == 200 {
				out = append(out, c)
			}
		}
	}
	return out
}

// asksNoStream returns a copy of a request body with "stream" set to false.
func asksNoStream(t *testing.T, request []byte) []byte {
	t.Helper()
	var m map[string]json.RawMessage
	if err := json.Unmarshal(request, &m); err != nil {
		t.Fatal(err)
	}
	m["stream"] = json.RawMessage("false")
	b, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestStreamLabelledJSON sends every streamed shared case, to a request that asks for a stream,
// labelled application/json, text/plain or not at all: the client must get the stream the case wants,
// byte-identical when it is a passthrough case, never a JSON object.
func TestStreamLabelledJSON(t *testing.T) {
	for _, c := range streamedCases(t) {
		protocol := c.Protocol
		if !requestAsksStream(c.Request) {
			continue
		}
		for _, ct := range []string{"application/json", "", "text/plain; charset=utf-8"} {
			t.Run(protocol+"/"+c.Name+"/"+ct, func(t *testing.T) {
				out, snap, _ := exchangeThrough(t, Options{}, casePath(protocol), c.Request, ct, c.Upstream)
				if c.Want.Passthrough {
					if string(out) != string(c.Upstream) {
						t.Fatalf("a healthy stream changed (repairs %v):\n%.800s", snap.Repairs, out)
					}
					return
				}
				if err := client.Checks[protocol](c.Want.Message, out, true); err != nil {
					t.Fatalf("%v\n%.1200s", err, out)
				}
			})
		}
	}
}

// requestAsksStream reports whether a request body sets "stream" to true.
func requestAsksStream(request []byte) bool {
	var r struct {
		Stream bool `json:"stream"`
	}
	return json.Unmarshal(request, &r) == nil && r.Stream
}

// TestToolChoiceLimitsLeaks sends the shared leaked-call cases with a tool_choice that does not
// allow the calls the text holds: none, another named tool, or one call when the text has two.
// The stream must pass as it came.
func TestToolChoiceLimitsLeaks(t *testing.T) {
	tests := []struct {
		caseName, choice string
	}{
		{"leaked-invoke-court", `{"type":"none"}`},
		{"leaked-invoke-court", `{"type":"tool","name":"NotBash"}`},
		{"leaked-invoke-two-calls", `{"type":"auto","disable_parallel_tool_use":true}`},
	}
	for _, tc := range tests {
		t.Run(tc.caseName+"/"+tc.choice, func(t *testing.T) {
			c := cases.NamedForTest(t, "anthropic", tc.caseName)
			var m map[string]json.RawMessage
			if err := json.Unmarshal(c.Request, &m); err != nil {
				t.Fatal(err)
			}
			m["tool_choice"] = json.RawMessage(tc.choice)
			req, _ := json.Marshal(m)
			out, snap, _ := exchangeThrough(t, Options{}, "/v1/messages", req, "text/event-stream", c.Upstream)
			if string(out) != string(c.Upstream) || snap.Repairs["leaked_call"] != 0 {
				t.Fatalf("the leak was converted against tool_choice (repairs %v):\n%.1000s", snap.Repairs, out)
			}
		})
	}
	// The same case without the limit is converted: the test can fail.
	c := cases.NamedForTest(t, "anthropic", "leaked-invoke-two-calls")
	if _, snap, _ := exchangeThrough(t, Options{}, "/v1/messages", c.Request, "text/event-stream", c.Upstream); snap.Repairs["leaked_call"] == 0 {
		t.Fatalf("the case is not converted without a tool_choice either: %v", snap.Repairs)
	}
}

// emptyContentAsNull turns the content "" of a streamed Chat case's wanted message into null, what
// a JSON answer with no content may say.
func emptyContentAsNull(t *testing.T, want json.RawMessage) json.RawMessage {
	t.Helper()
	if want == nil {
		return nil
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(want, &m); err != nil {
		t.Fatal(err)
	}
	if string(m["content"]) != `""` {
		return want
	}
	m["content"] = json.RawMessage("null")
	out, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return out
}
