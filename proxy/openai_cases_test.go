package proxy

import (
	"bytes"
	"strconv"
	"strings"
	"testing"

	"github.com/toolfix/toolfix/proxy/client"
)

func TestOpenAICases(t *testing.T) {
	testCases(t, "openai", client.Checks["openai"])
}

func TestResponsesCases(t *testing.T) {
	testCases(t, "responses", client.Checks["responses"])
}

// serveOnce runs a toolfix Server with one root route (text format tf) in front of an upstream
// that answers every request with body and content type ct, posts request to path, and returns
// the response's content type and body.
func serveOnce(t *testing.T, tf, path, ct, body, request string) (string, []byte) {
	t.Helper()
	up := answerUpstream(t, ct, body)
	_, ps := newServer(t, "", Options{Routes: []Route{{Upstream: up.URL, TextFormat: tf}}})
	resp, got := readAnswer(t, ps.Client(), newJSONPost(t, ps.URL+path, strings.NewReader(request)))
	return resp.Header.Get("Content-Type"), got
}

const chatTools = `"tools":[{"type":"function","function":{"name":"read","parameters":{"type":"object","properties":{"file_path":{"type":"string"},"limit":{"type":"integer"}},"required":["file_path"]}}}]`

func chatChunk(delta, finish string) string {
	return "data: {\"id\":\"c\",\"object\":\"chat.completion.chunk\",\"created\":1,\"model\":\"m\",\"choices\":[{\"index\":0,\"delta\":" + delta + ",\"finish_reason\":" + finish + "}]}\n\n"
}

func TestChatSSEForNonStreamedRequest(t *testing.T) {
	sse := chatChunk(`{"role":"assistant","content":"Reading."}`, "null") +
		chatChunk(`{"tool_calls":[{"index":0,"id":"call_1","type":"function","function":{"name":"read","arguments":""}}]}`, "null") +
		chatChunk(`{"tool_calls":[{"index":0,"function":{"arguments":"{\"file_path\":\"a\",\"limit\":\"3\"}"}}]}`, "null") +
		chatChunk(`{}`, `"tool_calls"`) + "data: [DONE]\n\n"
	want := `{"finish_reason":"tool_calls","content":"Reading.","tool_calls":[{"id":"call_1","type":"function","function":{"name":"read","arguments":{"file_path":"a","limit":3}}}]}`

	ct, body := serveOnce(t, "", "/v1/chat/completions", "text/event-stream", sse, `{"model":"m",`+chatTools+`}`)
	if ct != "application/json" {
		t.Fatalf("content type %q, want application/json", ct)
	}
	if err := client.Checks["openai"]([]byte(want), body, false); err != nil {
		t.Fatalf("%v\n%s", err, body)
	}

	// A streamed request gets the stream.
	ct, body = serveOnce(t, "", "/v1/chat/completions", "text/event-stream", sse, `{"model":"m","stream":true,`+chatTools+`}`)
	if ct != "text/event-stream" {
		t.Fatalf("streamed request: content type %q", ct)
	}
	if err := client.Checks["openai"]([]byte(want), body, true); err != nil {
		t.Fatalf("%v\n%s", err, body)
	}

	// A JSON answer with a trailing [DONE] loses it.
	js := `{"id":"c","object":"chat.completion","choices":[{"index":0,"message":{"role":"assistant","content":"Hi."},"finish_reason":"stop"}]}`
	_, body = serveOnce(t, "", "/v1/chat/completions", "application/json", js+"\n\ndata: [DONE]\n\n", `{"model":"m"}`)
	if string(body) != js {
		t.Fatalf("got %q, want %q", body, js)
	}
}

func TestRouteTextFormat(t *testing.T) {
	sse := chatChunk(`{"role":"assistant","content":"Sure.\n工具 read\nfile_path=\"C:\\\\tmp\\\\new.txt\"\n工具结束"}`, "null") +
		chatChunk(`{}`, `"stop"`) + "data: [DONE]\n\n"
	req := `{"model":"m","stream":true,` + chatTools + `}`
	_, body := serveOnce(t, "", "/v1/chat/completions", "text/event-stream", sse, req)
	if string(body) != sse {
		t.Fatalf("without a text format the stream changed:\n%s", body)
	}
	_, body = serveOnce(t, "gongju", "/v1/chat/completions", "text/event-stream", sse, req)
	want := `{"finish_reason":"tool_calls","content":"Sure.","tool_calls":[{"id":"*","type":"function","function":{"name":"read","arguments":{"file_path":"C:\\tmp\\new.txt"}}}]}`
	if err := client.Checks["openai"]([]byte(want), body, true); err != nil {
		t.Fatalf("%v\n%s", err, body)
	}
}

// healthyChatStream builds a healthy Chat Completions stream of about size bytes: content deltas
// of the size models send, then calls of an offered tool whose arguments arrive in small deltas,
// and returns it with its event count.
func healthyChatStream(size int) ([]byte, int) {
	var b bytes.Buffer
	n := 0
	ev := func(delta, finish string) {
		b.WriteString(`data: {"id":"chatcmpl-1","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,"delta":` + delta + `,"finish_reason":` + finish + "}]}\n\n")
		n++
	}
	words := strings.Fields("Let me look at the failing test first, then the parser. The CRLF input is split across reads so the framer must keep state; a < b holds and <div> is fine in prose.")
	ev(`{"role":"assistant","content":""}`, "null")
	for i := 0; b.Len() < size*9/10; i++ {
		sep := " "
		if i%40 == 39 {
			sep = `\n\n`
		}
		ev(`{"content":"`+words[i%len(words)]+sep+`"}`, "null")
	}
	for c := 0; b.Len() < size; c++ {
		id := strconv.Itoa(c)
		ev(`{"tool_calls":[{"index":`+id+`,"id":"call_`+id+`","type":"function","function":{"name":"read","arguments":""}}]}`, "null")
		for _, p := range []string{`{\"file_`, `path\": \"/repo/`, `main.go\", \"limit\": 40}`} {
			ev(`{"tool_calls":[{"index":`+id+`,"function":{"arguments":"`+p+`"}}]}`, "null")
		}
	}
	ev(`{}`, `"tool_calls"`)
	b.WriteString("data: [DONE]\n\n")
	return b.Bytes(), n + 1
}

const chatBenchRequest = `{"model":"m","stream":true,"messages":[],` + chatTools + `}`

// BenchmarkHealthyChatStream is BenchmarkHealthyStream for Chat Completions: a 50 MB healthy stream
// through the whole toolfix server (every repair on) and through a bare httputil.ReverseProxy.
func BenchmarkHealthyChatStream(b *testing.B) {
	body, events := healthyChatStream(50 << 20)
	benchFloorAndToolfix(b, body, events, "/v1/chat/completions", chatBenchRequest)
}

func TestHealthyChatBenchStreamPasses(t *testing.T) {
	body, _ := healthyChatStream(1 << 20)
	_, got := serveOnce(t, "", "/v1/chat/completions", "text/event-stream", string(body), chatBenchRequest)
	if !bytes.Equal(got, body) {
		t.Fatalf("the healthy benchmark stream changed:\n%s", firstDiff(got, body))
	}
}
