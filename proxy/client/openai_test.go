package client

import (
	"strings"
	"testing"
)

func chatSSE(datas ...string) []byte {
	var b strings.Builder
	for _, d := range datas {
		b.WriteString("data: " + d + "\n\n")
	}
	b.WriteString("data: [DONE]\n\n")
	return []byte(b.String())
}

func chunk(delta, finish string) string {
	return `{"id":"c","choices":[{"index":0,"delta":` + delta + `,"finish_reason":` + finish + `}]}`
}

const (
	first = `{"tool_calls":[{"index":0,"id":"call_1","type":"function","function":{"name":"bash","arguments":""}}]}`
	more  = `{"tool_calls":[{"index":0,"function":{"arguments":"{\"command\":\"ls\"}"}}]}`
)

func TestChatStreamStrict(t *testing.T) {
	tests := []struct {
		name    string
		body    []byte
		wantErr string
	}{
		{"standard", chatSSE(chunk(`{"content":"Hi"}`, "null"), chunk(first, "null"), chunk(more, "null"), chunk(`{}`, `"tool_calls"`)), ""},
		{"first delta without id", chatSSE(chunk(strings.Replace(first, `"id":"call_1",`, "", 1), "null")), "without id"},
		{"first delta without type", chatSSE(chunk(strings.Replace(first, `"type":"function",`, "", 1), "null")), "type"},
		{"first delta without name", chatSSE(chunk(strings.Replace(first, `"name":"bash",`, "", 1), "null")), "function.name"},
		{"arguments as an object", chatSSE(chunk(first, "null"), chunk(`{"tool_calls":[{"index":0,"function":{"arguments":{}}}]}`, "null")), "not a string"},
		{"delta without index", chatSSE(chunk(first, "null"), chunk(`{"tool_calls":[{"function":{"arguments":"{}"}}]}`, "null")), "without index"},
		{"later delta with another id", chatSSE(chunk(first, "null"), chunk(`{"tool_calls":[{"index":0,"id":"call_2","function":{"arguments":"{}"}}]}`, "null")), "another id"},
		{"error object", chatSSE(chunk(`{"content":"Hi"}`, "null"), `{"error":{"message":"x"}}`), "error object"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ChatStream(tc.body)
			wantError(t, err, tc.wantErr)
		})
	}
}

func TestCompareChat(t *testing.T) {
	body := chatSSE(chunk(`{"role":"assistant","content":""}`, "null"), chunk(`{"content":"Hi.\n"}`, "null"), chunk(first, "null"), chunk(more, "null"), chunk(`{}`, `"tool_calls"`))
	m, err := ChatStream(body)
	if err != nil {
		t.Fatal(err)
	}
	call := func(id, args string) string {
		return `{"id":"` + id + `","type":"function","function":{"name":"bash","arguments":` + args + `}}`
	}
	tests := []struct {
		name, want, wantErr string
	}{
		{"equal", `{"finish_reason":"tool_calls","content":"Hi.","tool_calls":[` + call("call_1", `{"command":"ls"}`) + `]}`, ""},
		{"any id", `{"finish_reason":"tool_calls","content":"Hi.","tool_calls":[` + call("*", `{"command":"ls"}`) + `]}`, ""},
		{"finish", `{"finish_reason":"stop","content":"Hi.","tool_calls":[` + call("call_1", `{"command":"ls"}`) + `]}`, "finish_reason"},
		{"content", `{"finish_reason":"tool_calls","content":"Hello.","tool_calls":[` + call("call_1", `{"command":"ls"}`) + `]}`, "content"},
		{"id", `{"finish_reason":"tool_calls","content":"Hi.","tool_calls":[` + call("call_2", `{"command":"ls"}`) + `]}`, "id"},
		{"arguments", `{"finish_reason":"tool_calls","content":"Hi.","tool_calls":[` + call("call_1", `{"command":"pwd"}`) + `]}`, "arguments"},
		{"count", `{"finish_reason":"tool_calls","content":"Hi.","tool_calls":[]}`, "tool calls"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := CompareChat([]byte(tc.want), m, true)
			wantError(t, err, tc.wantErr)
		})
	}
}

func TestChatJSONNull(t *testing.T) {
	m, err := ChatJSON([]byte(`{"choices":[{"index":0,"message":{"role":"assistant","content":null},"finish_reason":"stop"}]}`))
	if err != nil {
		t.Fatal(err)
	}
	if err := CompareChat([]byte(`{"finish_reason":"stop","content":null,"tool_calls":[]}`), m, false); err != nil {
		t.Fatal(err)
	}
	if err := CompareChat([]byte(`{"finish_reason":"stop","content":"","tool_calls":[]}`), m, false); err == nil {
		t.Fatal("null content compared equal to \"\" in a non-streamed reply")
	}
}

func TestChatFramesValid(t *testing.T) {
	for _, bad := range []string{"null", "42", `"x"`, "[1]", `{"object":"billing.summary"}`, `{"choices":null}`, ""} {
		if err := ChatFramesValid(chatSSE(chunk(`{"content":"a"}`, "null"), bad)); err == nil {
			t.Errorf("frame %q passed", bad)
		}
	}
	if err := ChatFramesValid([]byte(": c\n\n" + string(chatSSE(chunk(`{}`, "null"), `{"error":{}}`, `{"choices":[]}`)))); err != nil {
		t.Fatal(err)
	}
}

// wantError fails the test unless err is nil where want is "", or an error containing want.
func wantError(t *testing.T, err error, want string) {
	t.Helper()
	if want == "" {
		if err != nil {
			t.Fatal(err)
		}
		return
	}
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Fatalf("error %v, want one containing %q", err, want)
	}
}
