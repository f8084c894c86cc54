package proxy

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/toolfix/toolfix/proxy/cases"
	"github.com/toolfix/toolfix/proxy/exchange"
	"github.com/toolfix/toolfix/proxy/sample"
)

// lawSchema is the schema of the one tool every request of these tests offers, read: a required
// string path and two integers, count and limit.
const lawSchema = `{"type":"object","properties":{"path":{"type":"string"},"count":{"type":"integer"},"limit":{"type":"integer"}},"required":["path"]}`

// lawAPIs are, per API, its request path, a request offering lawSchema's tool, and the upstream
// answer carrying one call of it with the given arguments text, streamed or whole.
var lawAPIs = []struct {
	name, path, request string
	answer              func(args string, stream bool) string
	announced           string // what a rewritten stop_reason/finish_reason reads; "" for none
}{
	{"anthropic", "/v1/messages", `{"model":"m","max_tokens":100,"stream":true,"tools":[{"name":"read","input_schema":` + lawSchema + `}],"messages":[{"role":"user","content":"hi"}]}`, lawAnthropic, `"stop_reason":"tool_use"`},
	{"chat", "/v1/chat/completions", `{"model":"m","stream":true,"tools":[{"type":"function","function":{"name":"read","parameters":` + lawSchema + `}}],"messages":[{"role":"user","content":"hi"}]}`, lawChat, `"finish_reason":"tool_calls"`},
	{"responses", "/v1/responses", `{"model":"m","stream":true,"tools":[{"type":"function","name":"read","parameters":` + lawSchema + `}],"input":"hi"}`, lawResponses, ""},
}

func jsonString(s string) string { b, _ := json.Marshal(s); return string(b) }

// lawAnthropic is a message with one tool_use block whose input is args, split in two deltas when
// streamed; whole, args that are not JSON become a JSON string. Its stop_reason says end_turn.
func lawAnthropic(args string, stream bool) string {
	if !stream {
		in := args
		if !json.Valid([]byte(in)) {
			in = jsonString(in)
		}
		return `{"id":"msg_1","type":"message","role":"assistant","model":"m","content":[{"type":"tool_use","id":"toolu_1","name":"read","input":` + in + `}],"stop_reason":"end_turn","usage":{"input_tokens":1,"output_tokens":1}}`
	}
	half := len(args) / 2
	return sseEvent("message_start", map[string]any{"type": "message_start", "message": map[string]any{"id": "msg_1", "type": "message", "role": "assistant", "content": []any{}, "stop_reason": nil}}) +
		sseEvent("content_block_start", map[string]any{"type": "content_block_start", "index": 0, "content_block": map[string]any{"type": "tool_use", "id": "toolu_1", "name": "read", "input": map[string]any{}}}) +
		inputDelta(0, args[:half]) + inputDelta(0, args[half:]) +
		sseEvent("content_block_stop", map[string]any{"type": "content_block_stop", "index": 0}) +
		sseEvent("message_delta", map[string]any{"type": "message_delta", "delta": map[string]any{"stop_reason": "end_turn"}}) +
		sseEvent("message_stop", map[string]any{"type": "message_stop"})
}

// lawChat is a choice with one tool call whose arguments are args, split in two deltas when
// streamed. Its finish_reason says stop.
func lawChat(args string, stream bool) string {
	if !stream {
		return `{"id":"c1","object":"chat.completion","model":"m","choices":[{"index":0,"message":{"role":"assistant","content":null,"tool_calls":[{"id":"call_1","type":"function","function":{"name":"read","arguments":` + jsonString(args) + `}}]},"finish_reason":"stop"}]}`
	}
	half := len(args) / 2
	chunk := func(delta, finish string) string {
		return `data: {"id":"c1","object":"chat.completion.chunk","model":"m","choices":[{"index":0,"delta":` + delta + `,"finish_reason":` + finish + `}]}` + "\n\n"
	}
	return chunk(`{"role":"assistant","tool_calls":[{"index":0,"id":"call_1","type":"function","function":{"name":"read","arguments":""}}]}`, "null") +
		chunk(`{"tool_calls":[{"index":0,"function":{"arguments":`+jsonString(args[:half])+`}}]}`, "null") +
		chunk(`{"tool_calls":[{"index":0,"function":{"arguments":`+jsonString(args[half:])+`}}]}`, "null") +
		chunk(`{}`, `"stop"`) + "data: [DONE]\n\n"
}

// lawResponses is a response with one function_call item whose arguments are args, streamed as
// two argument deltas, the item's done and response.completed.
func lawResponses(args string, stream bool) string {
	item := `{"type":"function_call","id":"fc_1","call_id":"call_1","name":"read","arguments":` + jsonString(args) + `,"status":"completed"}`
	resp := `{"id":"resp_1","object":"response","status":"completed","model":"m","output":[` + item + `]}`
	if !stream {
		return resp
	}
	half := len(args) / 2
	ev := func(typ, data string) string { return "event: " + typ + "\ndata: " + data + "\n\n" }
	return ev("response.created", `{"type":"response.created","response":{"id":"resp_1","object":"response","status":"in_progress","output":[]}}`) +
		ev("response.output_item.added", `{"type":"response.output_item.added","output_index":0,"item":{"type":"function_call","id":"fc_1","call_id":"call_1","name":"read","arguments":"","status":"in_progress"}}`) +
		ev("response.function_call_arguments.delta", `{"type":"response.function_call_arguments.delta","output_index":0,"item_id":"fc_1","delta":`+jsonString(args[:half])+`}`) +
		ev("response.function_call_arguments.delta", `{"type":"response.function_call_arguments.delta","output_index":0,"item_id":"fc_1","delta":`+jsonString(args[half:])+`}`) +
		ev("response.function_call_arguments.done", `{"type":"response.function_call_arguments.done","output_index":0,"item_id":"fc_1","arguments":`+jsonString(args)+`}`) +
		ev("response.output_item.done", `{"type":"response.output_item.done","output_index":0,"item":`+item+`}`) +
		ev("response.completed", `{"type":"response.completed","response":`+resp+`}`)
}

// lawReplay replays upstream, an answer to request on path, streamed or not, and returns it with
// its Content-Type and what replay made of it.
func lawReplay(t *testing.T, path, request, upstream string, stream bool) (string, string, *exchange.ReplayResult) {
	t.Helper()
	ct := "application/json"
	if stream {
		ct = "text/event-stream"
	}
	res, err := exchange.ReplayResponse(path, "POST", 200, ct, "", []byte(request), []byte(upstream))
	if err != nil {
		t.Fatal(err)
	}
	return upstream, ct, res
}

// lawUpstream serves upstream with Content-Type ct in random small writes (cases.WriteUpstream),
// a new split for every test.
func lawUpstream(t *testing.T, upstream, ct string) *httptest.Server {
	t.Helper()
	c := cases.Case{Stream: ct == "text/event-stream", Status: http.StatusOK, Upstream: []byte(upstream)}
	up := httptest.NewServer(&caseUpstream{c: c, seed: int64(len(t.Name()))})
	t.Cleanup(up.Close)
	return up
}

// TestUnmendableCallFailsOpen holds the law's record (issue 20 item 4): in each API, streamed and
// whole, through the proxy and through replay, a call that cannot be mended (arguments that miss
// a required field, or are not JSON) passes as it came, leaves one fail-open count and a sample,
// and no stop_reason/finish_reason announces it; a healthy call leaves none and is announced.
func TestUnmendableCallFailsOpen(t *testing.T) {
	faults := []struct {
		name, args string
		fails      bool
	}{
		{"healthy", `{"path":"a.go"}`, false},
		{"missing required", `{"count":3}`, true},
		{"not JSON", `read a.go please`, true},
	}
	for _, api := range lawAPIs {
		for _, stream := range []bool{true, false} {
			for _, f := range faults {
				t.Run(api.name+"/"+map[bool]string{true: "stream", false: "whole"}[stream]+"/"+f.name, func(t *testing.T) {
					upstream, ct, res := lawReplay(t, api.path, api.request, api.answer(f.args, stream), stream)
					want := 0
					if f.fails {
						want = 1
					}
					if len(res.FailOpens) != want {
						t.Errorf("replay: fail-opens %q, want %d", res.FailOpens, want)
					}
					announced := api.announced != "" && bytes.Contains(res.Body, []byte(api.announced))
					if f.fails && (announced || string(res.Body) != upstream) {
						t.Errorf("replay: a call that fits nothing changed the answer (announced %v):\n%s", announced, res.Body)
					}
					if !f.fails && api.announced != "" && !announced {
						t.Errorf("replay: a healthy call is not announced:\n%s", res.Body)
					}

					up := lawUpstream(t, upstream, ct)
					dir, store := openSamples(t, sample.ModeRepairs, 0)
					srv := newHandler(t, up.URL, Options{Samples: store})
					got := answerOnce(t, srv, func(url string) *http.Request { return newPost(t, url+api.path, api.request) })
					if !bytes.Equal(mintedID.ReplaceAll(got, []byte("$1X")), mintedID.ReplaceAll(res.Body, []byte("$1X"))) {
						t.Errorf("proxy and replay differ:\n%s", firstDiff(got, res.Body))
					}
					if n := srv.Stats.Snapshot().FailOpens; n != int64(want) {
						t.Errorf("proxy: %d fail-opens counted, want %d", n, want)
					}
					if !f.fails {
						return
					}
					x, err := sample.Parse(theSample(t, dir))
					if err != nil {
						t.Fatal(err)
					}
					if len(x.FailOpens) != 1 || !strings.Contains(x.FailOpens[0], "schema") {
						t.Errorf("sample fail-opens %q, want one saying the input fits no schema", x.FailOpens)
					}
				})
			}
		}
	}
}

// TestRepairCountedOncePerCall holds that one repair is counted once per call and kind (issue 20
// item 4), not once per value or delta it rewrote: a call with two integers sent as strings is
// one coerce, in replay, in /metrics' counts and in the sample, in each API, streamed and whole.
func TestRepairCountedOncePerCall(t *testing.T) {
	const args = `{"path":"a.go","count":"3","limit":"4"}`
	for _, api := range lawAPIs {
		for _, stream := range []bool{true, false} {
			t.Run(api.name+"/"+map[bool]string{true: "stream", false: "whole"}[stream], func(t *testing.T) {
				upstream, ct, res := lawReplay(t, api.path, api.request, api.answer(args, stream), stream)
				coerce := 0
				for _, r := range res.Repairs {
					if r.Kind == "coerce" {
						coerce++
					}
				}
				if coerce != 1 || len(res.FailOpens) != 0 {
					t.Errorf("replay: repairs %v, fail-opens %q; want one coerce", res.Repairs, res.FailOpens)
				}
				up := lawUpstream(t, upstream, ct)
				dir, store := openSamples(t, sample.ModeRepairs, 0)
				srv := newHandler(t, up.URL, Options{Samples: store})
				answerOnce(t, srv, func(url string) *http.Request { return newPost(t, url+api.path, api.request) })
				if n := srv.Stats.Snapshot().Repairs["coerce"]; n != 1 {
					t.Errorf("proxy: %d coerce counted, want 1", n)
				}
				x, err := sample.Parse(theSample(t, dir))
				if err != nil {
					t.Fatal(err)
				}
				if n := len(x.Repairs); n != len(res.Repairs) {
					t.Errorf("sample repairs %v, replay %v", x.Repairs, res.Repairs)
				}
			})
		}
	}
}
