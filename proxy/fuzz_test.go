package proxy

import (
	"bytes"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/toolfix/toolfix/proxy/cases"
)

// cannedTransport answers every request with status 200, contentType and body, handed over in
// reads of at most chunk bytes (0: whole), without a network.
type cannedTransport struct {
	contentType string
	body        []byte
	chunk       int
}

func (c cannedTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	if r.Body != nil {
		_, _ = io.Copy(io.Discard, r.Body)
		r.Body.Close()
	}
	var body io.Reader = bytes.NewReader(c.body)
	if c.chunk > 0 {
		body = &chunked{b: c.body, n: c.chunk}
	}
	return &http.Response{StatusCode: 200, Proto: "HTTP/1.1", ProtoMajor: 1, ProtoMinor: 1,
		Header: http.Header{"Content-Type": {c.contentType}}, Body: io.NopCloser(body), ContentLength: -1, Request: r}, nil
}

// chunked reads b at most n bytes at a time.
type chunked struct {
	b []byte
	n int
}

func (c *chunked) Read(p []byte) (int, error) {
	if len(c.b) == 0 {
		return 0, io.EOF
	}
	k := copy(p[:min(len(p), c.n)], c.b)
	c.b = c.b[k:]
	return k, nil
}

// fuzzPaths are the request paths FuzzServer sends to: each dialect, and one toolfix passes by.
var fuzzPaths = []string{"/v1/messages", "/v1/chat/completions", "/v1/responses", "/v1/models"}

// fuzzMode packs a case's path, content type and chunking into FuzzServer's mode byte.
func fuzzMode(protocol string, stream bool, chunk int) uint8 {
	m := map[string]uint8{"anthropic": 0, "openai": 1, "responses": 2}[protocol]
	if !stream {
		m |= 4
	}
	return m | uint8(chunk%32)<<3
}

// FuzzServer sends any upstream bytes through the whole HTTP path of a Server: request body,
// dialect (by path), streamed or JSON (by content type), any chunking of the upstream reads.
// Invariants: the server never panics nor hangs; the request reaches the upstream unchanged; with
// no repair counted the client gets the upstream's bytes exactly; a stream of whole events comes
// out as whole events; an Anthropic answer the client could read stays readable and every tool
// call in it is the upstream's own or fits its tool's schema.
func FuzzServer(f *testing.F) {
	for i, c := range cases.ForTest(f) {
		f.Add(c.Request, c.Upstream, fuzzMode(c.Protocol, c.Stream, i))
	}
	f.Add([]byte(todoRequest), []byte(stringifiedTodoStream("a")), fuzzMode("anthropic", true, 3))
	f.Add([]byte("not json"), []byte("data: [DONE]\n\n"), fuzzMode("openai", true, 0))
	f.Fuzz(func(t *testing.T, request, body []byte, mode uint8) {
		path := fuzzPaths[mode&3]
		ct := "text/event-stream"
		if mode&4 != 0 {
			ct = "application/json"
		}
		var seen []byte
		tr := cannedTransport{contentType: ct, body: body, chunk: int(mode >> 3)}
		srv := newHandler(t, "http://upstream.invalid", Options{Transport: recordingTransport{tr, &seen}})
		rec := httptest.NewRecorder()
		done := make(chan any, 1)
		go func() {
			defer func() { done <- recover() }()
			req := httptest.NewRequest(http.MethodPost, path, bytes.NewReader(request))
			req.Host = "127.0.0.1" // in origin form: an absolute-form request line is refused
			srv.ServeHTTP(rec, req)
		}()
		select {
		case p := <-done:
			if p != nil {
				t.Fatalf("ServeHTTP panicked: %v", p)
			}
		case <-time.After(20 * time.Second): // a bound on an endless loop, not a synchronisation
			t.Fatal("ServeHTTP did not return within 20s")
		}
		if !bytes.Equal(seen, request) {
			t.Fatalf("the upstream got %q, not the request %q", seen, request)
		}
		out := rec.Body.Bytes()
		snap := srv.Stats.Snapshot()
		stream := ct == "text/event-stream"
		switch path {
		case "/v1/messages":
			checkAnthropicExchange(t, request, body, out, stream, snap)
		case "/v1/chat/completions":
			checkOpenAIExchange(t, "chat", request, body, out, stream, snap)
		case "/v1/responses":
			checkOpenAIExchange(t, "responses", request, body, out, stream, snap)
		default:
			if !bytes.Equal(out, body) || len(snap.Repairs) != 0 {
				t.Fatalf("a path toolfix does not repair changed (repairs %v):\n%s", snap.Repairs, firstDiff(out, body))
			}
		}
	})
}

// recordingTransport keeps the request body the upstream would get.
type recordingTransport struct {
	cannedTransport
	seen *[]byte
}

func (r recordingTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	if req.Body != nil {
		*r.seen, _ = io.ReadAll(req.Body)
		req.Body.Close()
		req.Body = http.NoBody
	}
	return r.cannedTransport.RoundTrip(req)
}
