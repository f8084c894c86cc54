package proxy

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/toolfix/toolfix/proxy/client"
)

func TestOpenAICases(t *testing.T) {
	testCases(t, "openai", func(want []byte, body []byte, stream bool) error {
		var m *client.ChatMessage
		var err error
		if stream {
			if err := client.ChatFramesValid(body); err != nil {
				return err
			}
			m, err = client.ChatStream(body)
		} else {
			m, err = client.ChatJSON(body)
		}
		if err != nil {
			return err
		}
		return client.CompareChat(want, m, stream)
	})
}

func TestResponsesCases(t *testing.T) {
	testCases(t, "responses", func(want []byte, body []byte, stream bool) error {
		read := client.ResponsesJSON
		if stream {
			read = client.ResponsesStream
		}
		r, err := read(body)
		if err != nil {
			return err
		}
		return client.CompareResponses(want, r)
	})
}

// serveOnce runs a toolfix Server with one root route (text format tf) in front of an upstream
// that answers every request with body and content type ct, posts request to path, and returns
// the response's content type and body.
func serveOnce(t *testing.T, tf, path, ct, body, request string) (string, []byte) {
	t.Helper()
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", ct)
		_, _ = io.WriteString(w, body)
	}))
	defer up.Close()
	srv, err := New(Options{Routes: []Route{{Upstream: up.URL, TextFormat: tf}}})
	if err != nil {
		t.Fatal(err)
	}
	ps := httptest.NewServer(srv)
	defer ps.Close()
	resp, err := ps.Client().Post(ps.URL+path, "application/json", strings.NewReader(request))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	got, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
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
	m, err := client.ChatJSON(body)
	if err != nil {
		t.Fatalf("%v\n%s", err, body)
	}
	if err := client.CompareChat([]byte(want), m, false); err != nil {
		t.Fatalf("%v\n%s", err, body)
	}

	// A streamed request gets the stream.
	ct, body = serveOnce(t, "", "/v1/chat/completions", "text/event-stream", sse, `{"model":"m","stream":true,`+chatTools+`}`)
	if ct != "text/event-stream" {
		t.Fatalf("streamed request: content type %q", ct)
	}
	sm, err := client.ChatStream(body)
	if err != nil {
		t.Fatalf("%v\n%s", err, body)
	}
	if err := client.CompareChat([]byte(want), sm, true); err != nil {
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
	m, err := client.ChatStream(body)
	if err != nil {
		t.Fatalf("%v\n%s", err, body)
	}
	want := `{"finish_reason":"tool_calls","content":"Sure.","tool_calls":[{"id":"*","type":"function","function":{"name":"read","arguments":{"file_path":"C:\\tmp\\new.txt"}}}]}`
	if err := client.CompareChat([]byte(want), m, true); err != nil {
		t.Fatalf("%v\n%s", err, body)
	}
}
