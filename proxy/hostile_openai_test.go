package proxy

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/toolfix/toolfix/proxy/cases"
	"github.com/toolfix/toolfix/proxy/observe"
)

// hostileVariants derives hostile exchanges from a shared case that needs a repair: each returns
// the request and upstream body to send.
func hostileVariants(t *testing.T, c cases.Case, tool string) map[string][2]string {
	t.Helper()
	req, body := string(c.Request), string(c.Upstream)
	deep := strings.Repeat("[", 100000) + strings.Repeat("]", 100000)
	deepQ, _ := json.Marshal(deep)
	rename := func(name string) [2]string {
		q, _ := json.Marshal(name)
		inner := string(q[1 : len(q)-1])
		return [2]string{strings.ReplaceAll(req, `"`+tool+`"`, `"`+inner+`"`), strings.ReplaceAll(body, `"`+tool+`"`, `"`+inner+`"`)}
	}
	return map[string][2]string{
		"as it is":                      {req, body},
		"invalid UTF-8 in text":         {req, strings.Replace(body, `"Upd`, "\"U\xff\xfepd", 1)},
		"invalid UTF-8 in arguments":    {req, strings.Replace(body, `test`, "t\xff\x80est", 1)},
		"invalid UTF-8 in the request":  {strings.Replace(req, `"Please help."`, "\"Please \xff help.\"", 1), body},
		"deep nesting in an event":      {req, strings.Replace(body, "data: {", "data: {\"x\":"+deep+",", 1)},
		"deep nesting as an argument":   {req, strings.Replace(body, `test`, string(deepQ[1:len(deepQ)-1]), 1)},
		"deep nesting in the schema":    {strings.Replace(req, `"type": "object"`, `"type": "object", "x": `+deep, 1), body},
		"markup as the tool name":       rename(`<invoke name="Bash">`),
		"closing markup as a tool name": rename(`</tool_call><tool_call>{"name":"x"}`),
		"quotes in the tool name":       rename(`a"b\c`),
		"request not JSON":              {"not json \xff", body},
		"request cut short":             {req[:len(req)/2], body},
	}
}

// TestHostileOpenAI sends hostile variants of the shared stringified-argument cases through the
// Chat Completions and Responses dialects: no panic, no hang, and the dialect invariants hold
// (output unchanged unless a repair is counted, valid frames, calls the upstream's or fitting).
func TestHostileOpenAI(t *testing.T) {
	for _, dialect := range []struct{ protocol, name, path string }{{"openai", "chat", "/v1/chat/completions"}, {"responses", "responses", "/v1/responses"}} {
		base := cases.NamedForTest(t, dialect.protocol, "stringified-array-args")
		for name, v := range hostileVariants(t, base, "todowrite") {
			t.Run(dialect.name+"/"+name, func(t *testing.T) {
				out, snap, gotReq := withDeadline(t, 60*time.Second, func() ([]byte, observe.Snapshot, []byte) {
					return exchangeThrough(t, Options{}, dialect.path, []byte(v[0]), "text/event-stream", []byte(v[1]))
				})
				if string(gotReq) != v[0] {
					t.Fatal("the request changed on its way upstream")
				}
				checkOpenAIExchange(t, dialect.name, []byte(v[0]), []byte(v[1]), out, true, snap)
				if name == "as it is" && len(snap.Repairs) == 0 {
					t.Fatal("the base case was not repaired: the variants test nothing")
				}
				if strings.HasPrefix(name, "request") && len(snap.Repairs) != 0 {
					t.Errorf("repairs %v without a readable request", snap.Repairs)
				}
				if strings.Contains(name, "deep nesting") && name != "deep nesting in the schema" {
					t.Log(fmt.Sprintf("repairs %v, fail-opens %d", snap.Repairs, snap.FailOpens))
				}
			})
		}
	}
}

// TestUnreadableRequestKeepsStream: a Chat answer streamed to a request toolfix could not read (not
// JSON, or over the request size limit) stays a stream: only a request that is read and asks for
// no stream gets its stream turned into JSON (D55).
func TestUnreadableRequestKeepsStream(t *testing.T) {
	body := "data: {\"id\":\"c\",\"object\":\"chat.completion.chunk\",\"choices\":[{\"index\":0,\"delta\":{\"content\":\"Hi\"},\"finish_reason\":null}]}\n\n" +
		"data: {\"id\":\"c\",\"object\":\"chat.completion.chunk\",\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"stop\"}]}\n\ndata: [DONE]\n\n"
	big := `{"model":"m","stream":true,"messages":[{"role":"user","content":"` + strings.Repeat("x", 4096) + `"}]}`
	tests := []struct {
		name, request string
		opts          Options
		wantJSON      bool
	}{
		{"not JSON", "not json", Options{}, false},
		{"over the size limit", big, Options{MaxRequestBody: 1024}, false},
		{"asks for a stream", `{"model":"m","stream":true}`, Options{}, false},
		{"asks for JSON", `{"model":"m","stream":false}`, Options{}, true},
		{"says nothing of streams", `{"model":"m"}`, Options{}, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out, snap, _ := exchangeThrough(t, tc.opts, "/v1/chat/completions", []byte(tc.request), "text/event-stream", []byte(body))
			if gotJSON := json.Valid(out); gotJSON != tc.wantJSON {
				t.Fatalf("answered as JSON: %v, want %v (repairs %v):\n%s", gotJSON, tc.wantJSON, snap.Repairs, out)
			}
			if !tc.wantJSON && string(out) != body {
				t.Fatalf("the stream changed:\n%s", out)
			}
		})
	}
}
