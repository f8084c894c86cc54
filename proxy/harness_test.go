package proxy

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/toolfix/toolfix/proxy/sse"
)

// Helpers shared by the package's tests: Anthropic stream pieces, servers under test and upstreams,
// requests and the reading of their answers.

// sseOf frames each JSON event object as "event: <its type>\ndata: <it>\n\n".
func sseOf(events ...string) string {
	var b strings.Builder
	for _, e := range events {
		var t struct{ Type string }
		_ = json.Unmarshal([]byte(e), &t)
		b.WriteString("event: " + t.Type + "\ndata: " + e + "\n\n")
	}
	return b.String()
}

// Events of a small Anthropic stream, for building test bodies.
const (
	evStart     = `{"type":"message_start","message":{"id":"msg_1","type":"message","role":"assistant","model":"m","content":[],"stop_reason":null,"usage":{"input_tokens":1,"output_tokens":1}}}`
	evTextStart = `{"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}`
	evTextDelta = `{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Reading the file now."}}`
	evStop0     = `{"type":"content_block_stop","index":0}`
	evToolStart = `{"type":"content_block_start","index":1,"content_block":{"type":"tool_use","id":"toolu_1","name":"TodoWrite","input":{}}}`
	evStop1     = `{"type":"content_block_stop","index":1}`
	evMsgDelta  = `{"type":"message_delta","delta":{"stop_reason":"tool_use","stop_sequence":null},"usage":{"output_tokens":9}}`
	evMsgStop   = `{"type":"message_stop"}`
	evPing      = `{"type":"ping"}`
)

// toolDelta is an input_json_delta event of block 1 carrying partial.
func toolDelta(partial string) string {
	q, _ := json.Marshal(partial)
	return `{"type":"content_block_delta","index":1,"delta":{"type":"input_json_delta","partial_json":` + string(q) + `}}`
}

// todoRequest offers TodoWrite (todos: array of objects) and Bash, as Claude Code does.
const todoRequest = `{"model":"m","stream":true,"max_tokens":1024,"messages":[{"role":"user","content":"go"}],"tools":[` +
	`{"name":"TodoWrite","input_schema":{"type":"object","properties":{"todos":{"type":"array","items":{"type":"object","properties":{"content":{"type":"string"},"status":{"type":"string"}},"required":["content"]}}},"required":["todos"]}},` +
	`{"name":"Bash","input_schema":{"type":"object","properties":{"command":{"type":"string"}},"required":["command"]}}]}`

// stringifiedTodoStream is a stream whose TodoWrite input sends the todos array as a JSON string
// (docs/faults.md coerce), with secret inside the todo's content.
func stringifiedTodoStream(secret string) string {
	inner, _ := json.Marshal(`[{"content":"` + secret + `","status":"pending"}]`)
	return sseOf(evStart, evTextStart, evTextDelta, evStop0, evToolStart,
		toolDelta(`{"todos": `), toolDelta(string(inner)+`}`), evStop1, evMsgDelta, evMsgStop)
}

// newHandler builds a Server with opts, with a root route to upstream when opts.Routes is empty;
// it stops the test when New refuses the options.
func newHandler(t testing.TB, upstream string, opts Options) *Server {
	t.Helper()
	if len(opts.Routes) == 0 {
		opts.Routes = []Route{{Upstream: upstream}}
	}
	srv, err := New(opts)
	if err != nil {
		t.Fatal(err)
	}
	return srv
}

// newServer is newHandler's Server served on loopback until the test ends.
func newServer(t testing.TB, upstream string, opts Options) (*Server, *httptest.Server) {
	t.Helper()
	srv := newHandler(t, upstream, opts)
	ps := httptest.NewServer(srv)
	t.Cleanup(ps.Close)
	return srv, ps
}

// resettingTransport is a clone of http.DefaultTransport whose connections close with a reset
// (SO_LINGER 0) rather than the FIN that leaves a TIME_WAIT socket on the closing end for a
// minute: a test that closes its idle connections before its servers keeps the ephemeral ports
// free.
func resettingTransport() *http.Transport {
	tr := http.DefaultTransport.(*http.Transport).Clone()
	d := &net.Dialer{}
	tr.DialContext = func(ctx context.Context, network, addr string) (net.Conn, error) {
		c, err := d.DialContext(ctx, network, addr)
		if tc, ok := c.(*net.TCPConn); ok {
			tc.SetLinger(0)
		}
		return c, err
	}
	return tr
}

// countingServer serves h on loopback until the test ends, and returns the server and the number
// of requests it has been sent so far.
func countingServer(t testing.TB, h http.HandlerFunc) (*httptest.Server, *atomic.Int64) {
	t.Helper()
	var n atomic.Int64
	s := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n.Add(1)
		h(w, r)
	}))
	t.Cleanup(s.Close)
	return s, &n
}

// answerUpstream answers every request, once it has read the request body, with contentType and
// body (and so ends the response normally, however body ends), until the test ends.
func answerUpstream(t testing.TB, contentType, body string) *httptest.Server {
	t.Helper()
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		w.Header().Set("Content-Type", contentType)
		_, _ = io.WriteString(w, body)
	}))
	t.Cleanup(up.Close)
	return up
}

// pacedUpstream is an SSE upstream driven through a channel: it sends the headers at once, then
// writes and flushes every []byte received on the returned channel, and ends the response when the
// channel is closed (or the request is cancelled).
func pacedUpstream(t testing.TB, contentType string) (*httptest.Server, chan<- []byte) {
	t.Helper()
	ch := make(chan []byte)
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		w.Header().Set("Content-Type", contentType)
		w.WriteHeader(http.StatusOK)
		rc := http.NewResponseController(w)
		_ = rc.Flush()
		for {
			select {
			case b, ok := <-ch:
				if !ok {
					return
				}
				_, _ = w.Write(b)
				_ = rc.Flush()
			case <-r.Context().Done():
				return
			}
		}
	}))
	t.Cleanup(up.Close)
	return up, ch
}

// newGet is a GET of url.
func newGet(t testing.TB, url string) *http.Request {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	return req
}

// newJSONPost is a POST of body to url labelled application/json, as http.Post sends it.
func newJSONPost(t testing.TB, url string, body io.Reader) *http.Request {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, url, body)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	return req
}

// newPost is a POST of the JSON body to url with an Anthropic-style key header.
func newPost(t testing.TB, url, body string) *http.Request {
	t.Helper()
	req := newJSONPost(t, url, strings.NewReader(body))
	req.Header.Set("x-api-key", "sk-ant-api03-test")
	return req
}

// postTo sends body to url with an Anthropic-style key header and returns the response.
func postTo(t testing.TB, c *http.Client, url, body string) *http.Response {
	t.Helper()
	resp, err := c.Do(newPost(t, url, body))
	if err != nil {
		t.Fatal(err)
	}
	return resp
}

// readAnswer sends req with c and returns the answer (its status and headers; the body read and
// closed) and its whole body. It stops the test when no answer comes or its body cannot be read.
func readAnswer(t testing.TB, c *http.Client, req *http.Request) (*http.Response, []byte) {
	t.Helper()
	resp, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	body, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil {
		t.Fatalf("reading the answer: %v", err)
	}
	return resp, body
}

// nextPiece reads the next SSE piece of r, failing the test at the end of the stream.
func nextPiece(t testing.TB, r *sse.Reader) string {
	t.Helper()
	ev, err := r.Next()
	if err != nil {
		t.Fatalf("reading the next event: %v", err)
	}
	return string(ev.Raw)
}

// readPieces reads SSE pieces of r until they hold at least n bytes, and returns them.
func readPieces(t testing.TB, r *sse.Reader, n int) string {
	t.Helper()
	var got strings.Builder
	for got.Len() < n {
		got.WriteString(nextPiece(t, r))
	}
	return got.String()
}

// allComplete reports whether every piece of b ends with the blank line that dispatches it.
func allComplete(b []byte) bool {
	r := &sse.Reader{R: bytes.NewReader(b)}
	for {
		ev, err := r.Next()
		if err != nil {
			return true
		}
		if !ev.Complete {
			return false
		}
	}
}

// runtimeMem is a reading of the process's allocation counters.
type runtimeMem struct{ totalAlloc uint64 }

func (m *runtimeMem) read() {
	var s runtime.MemStats
	runtime.ReadMemStats(&s)
	m.totalAlloc = s.TotalAlloc
}

// inProcess is a request for Server.ServeHTTP as net/http's server hands it in from a local
// client: in origin form (path only), Host 127.0.0.1. (httptest.NewRequest with a full URL gives an
// absolute-form request, which the browser guard refuses.)
func inProcess(method, path string, body io.Reader) *http.Request {
	req := httptest.NewRequest(method, path, body)
	req.Host = "127.0.0.1"
	return req
}
