package proxy

import (
	"bufio"
	"bytes"
	"cmp"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"go.uber.org/goleak"

	"github.com/toolfix/toolfix/proxy/client"
	"github.com/toolfix/toolfix/proxy/sse"
)

// Fault tests: what the client sees when the upstream or the client misbehaves at the transport
// level. The rule throughout: toolfix never fabricates an ending, never cuts a live stream, and
// passes errors through as the upstream sent them.

// dropUpstream answers with a chunked HTTP/1.1 SSE response holding body and then closes the
// connection without the last chunk, as a crashed upstream or a reset connection would.
func dropUpstream(t *testing.T, body string) *httptest.Server {
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		conn, bw, err := http.NewResponseController(w).Hijack()
		if err != nil {
			t.Error(err)
			return
		}
		defer conn.Close()
		fmt.Fprintf(bw, "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n")
		fmt.Fprintf(bw, "%x\r\n%s\r\n", len(body), body)
		_ = bw.Flush()
	}))
	t.Cleanup(up.Close)
	return up
}

// cleanEndUpstream sends body and ends the response normally, however body ends.
func cleanEndUpstream(t *testing.T, body string) *httptest.Server {
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		w.Header().Set("Content-Type", "text/event-stream")
		_, _ = io.WriteString(w, body)
	}))
	t.Cleanup(up.Close)
	return up
}

func TestUpstreamEndsMidEvent(t *testing.T) {
	anthropicCut := sseOf(evStart, evTextStart, evTextDelta, evStop0, evToolStart, toolDelta(`{"todos": "[{\"content\": `)) +
		"event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":1,\"delta\":{\"type\":\"input_j"
	chatCut := "data: {\"id\":\"c1\",\"object\":\"chat.completion.chunk\",\"choices\":[{\"index\":0,\"delta\":{\"role\":\"assistant\",\"content\":\"Hi\"}}]}\n\n" +
		"data: {\"id\":\"c1\",\"object\":\"chat.completion.chunk\",\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":0,\"function\":{\"arguments\":\"{\\\"a"
	tests := []struct {
		name, path, body string
		drop             bool // the connection breaks (else the response ends cleanly mid-event)
	}{
		{"anthropic clean end inside a held tool call", "/v1/messages", anthropicCut, false},
		{"anthropic connection dropped inside a held tool call", "/v1/messages", anthropicCut, true},
		{"chat clean end", "/v1/chat/completions", chatCut, false},
		{"chat connection dropped", "/v1/chat/completions", chatCut, true},
		{"anthropic cut after a whole event", "/v1/messages", sseOf(evStart, evTextStart, evTextDelta), true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			up := cleanEndUpstream(t, tc.body)
			if tc.drop {
				up = dropUpstream(t, tc.body)
			}
			srv, ps := newServer(t, up.URL, Options{})
			resp := postTo(t, ps.Client(), ps.URL+tc.path, todoRequest)
			got, err := io.ReadAll(resp.Body)
			resp.Body.Close()
			if tc.drop && err == nil {
				t.Error("the client saw a clean end of a stream whose upstream connection broke")
			}
			if !tc.drop && err != nil {
				t.Errorf("reading a cleanly ended stream: %v", err)
			}
			if !bytes.Equal(got, []byte(tc.body)) {
				t.Fatalf("the client did not get the bytes sent, as sent:\n%s", firstDiff(got, []byte(tc.body)))
			}
			if strings.Contains(string(got), "message_stop") || strings.Contains(string(got), "[DONE]") {
				t.Error("an ending was fabricated")
			}
			if s := srv.Stats.Snapshot(); len(s.Repairs) != 0 {
				t.Errorf("repairs counted on a cut stream: %v", s.Repairs)
			}
		})
	}
}

// TestStalledUpstreamStaysOpen paces the upstream from the test: each event is sent only after the
// client has read the one before, so every event is shown to be delivered at once, with the
// upstream silent. Comments and ping events pass; a ping inside a held tool call keeps its place.
// One stall is stretched in time to stand for a slow model (see the comment there).
func TestStalledUpstreamStaysOpen(t *testing.T) {
	up, send := pacedUpstream(t, "text/event-stream")
	srv, ps := newServer(t, up.URL, Options{})
	if tr, ok := srv.transport.(*http.Transport); !ok || tr.ResponseHeaderTimeout != 0 || tr.IdleConnTimeout > 0 && tr.IdleConnTimeout < time.Minute {
		t.Fatalf("the default transport has a timeout that could cut a slow stream: %+v", srv.transport)
	}
	respc := make(chan *http.Response, 1)
	go func() { respc <- postTo(t, ps.Client(), ps.URL+"/v1/messages", todoRequest) }()
	var sent bytes.Buffer
	emit := func(s string) {
		sent.WriteString(s)
		send <- []byte(s)
	}
	emit(sseOf(evStart))
	resp := <-respc // the headers came with the first event, before anything else was sent
	defer resp.Body.Close()
	fr := &sse.Reader{R: resp.Body}
	steps := []string{
		sseOf(evStart),
		": keep-alive comment\n\n",
		sseOf(evPing),
		sseOf(evTextStart, evTextDelta),
		sseOf(evStop0),
	}
	for i, want := range steps {
		if i > 0 {
			emit(want)
		}
		var got strings.Builder
		for got.Len() < len(want) {
			got.WriteString(nextPiece(t, fr))
		}
		if got.String() != want {
			t.Fatalf("step %d: got %q, want %q", i, got.String(), want)
		}
	}
	// A slow model: the upstream says nothing for a while. The pause is the length of the stall,
	// not a synchronisation; no timeout of toolfix's (the transport above, or serve's http.Server,
	// which has no WriteTimeout) may end the stream during it.
	<-time.After(1500 * time.Millisecond)
	emit(sseOf(evPing))
	if got := nextPiece(t, fr); got != sseOf(evPing) {
		t.Fatalf("after the stall: %q", got)
	}
	// A tool call is held until its block ends (its input may need repair); a ping inside it
	// keeps its place, so that a healthy stream stays byte-identical.
	emit(sseOf(evToolStart, toolDelta(`{"todos":[{"content":"a"}`)))
	emit(sseOf(evPing))
	emit(sseOf(toolDelta(`]}`), evStop1))
	want := sseOf(evToolStart, toolDelta(`{"todos":[{"content":"a"}`), evPing, toolDelta(`]}`), evStop1)
	var got strings.Builder
	for got.Len() < len(want) {
		got.WriteString(nextPiece(t, fr))
	}
	if got.String() != want {
		t.Fatalf("tool block: got %q, want %q", got.String(), want)
	}
	emit(sseOf(evMsgDelta, evMsgStop))
	close(send)
	rest, err := io.ReadAll(fr.R)
	if err != nil {
		t.Fatal(err)
	}
	if string(rest) != sseOf(evMsgDelta, evMsgStop) {
		t.Fatalf("end: %q", rest)
	}
}

// TestClientHangUpEverywhere: a client that goes away at any point of an exchange cancels the
// upstream request and leaves no goroutine behind.
func TestClientHangUpEverywhere(t *testing.T) {
	tests := []struct {
		name, path, contentType string
		first                   string // sent by the upstream before it waits
		readFirst               bool   // the client reads a line before hanging up
		request                 string // the request body; todoRequest when empty
	}{
		{"inside a held tool call", "/v1/messages", "text/event-stream", sseOf(evStart, evTextStart, evTextDelta, evStop0, evToolStart, toolDelta(`{"todos":`)), true, ""},
		{"while the JSON body is read", "/v1/messages", "application/json", `{"type":"message","content":[`, false, ""},
		{"on a stream passed through", "/v1/chat/completions", "text/event-stream", "data: {\"choices\":[]}\n\n", true, ""},
		{"after a ping, to a request with no tools", "/v1/messages", "text/event-stream", "event: ping\ndata: {\"type\":\"ping\"}\n\n", true, `{"stream":true}`},
		{"before the upstream answers", "/v1/messages", "", "", false, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
			arrived := make(chan struct{})
			upDone := make(chan struct{})
			up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				_, _ = io.Copy(io.Discard, r.Body) // the server notices a closed connection only after the body
				if tc.contentType != "" {
					w.Header().Set("Content-Type", tc.contentType)
					_, _ = io.WriteString(w, tc.first)
					w.(http.Flusher).Flush()
				}
				close(arrived)
				<-r.Context().Done() // ends only when the proxy cancels the upstream request
				close(upDone)
			}))
			srv, err := New(Options{Routes: []Route{{Upstream: up.URL}}})
			if err != nil {
				t.Fatal(err)
			}
			ps := httptest.NewServer(srv)
			ctx, cancel := context.WithCancel(context.Background())
			req, _ := http.NewRequestWithContext(ctx, http.MethodPost, ps.URL+tc.path, strings.NewReader(cmp.Or(tc.request, todoRequest)))
			tr := &http.Transport{}
			errc := make(chan error, 1)
			var resp *http.Response
			go func() {
				var err error
				resp, err = tr.RoundTrip(req)
				errc <- err
			}()
			<-arrived
			if tc.readFirst {
				if err := <-errc; err != nil {
					t.Fatal(err)
				}
				_, _ = bufio.NewReader(resp.Body).ReadString('\n')
			}
			cancel()
			if !tc.readFirst {
				if err := <-errc; err == nil {
					resp.Body.Close()
				}
			} else {
				resp.Body.Close()
			}
			closeAfterHangUp(upDone, tr, ps, up, srv)
		})
	}
}

// closeAfterHangUp waits for the upstream handler to end (upDone), then closes what a hang-up test
// opened: the client transport's idle connections, the proxy's server, the upstream and the
// proxy's idle upstream connections, so that goleak finds none of them.
func closeAfterHangUp(upDone <-chan struct{}, tr *http.Transport, ps, up *httptest.Server, srv *Server) {
	<-upDone
	tr.CloseIdleConnections()
	ps.Close()
	up.Close()
	srv.transport.(*http.Transport).CloseIdleConnections()
}

// TestUpstreamConnectionsReused: requests of every kind, one after another, share one upstream
// keep-alive connection: toolfix reads every upstream body to its end.
func TestUpstreamConnectionsReused(t *testing.T) {
	var conns atomic.Int64
	type answer struct {
		status      int
		contentType string
		body        string
	}
	answers := map[string]answer{
		"/healthy/v1/messages":  {200, "text/event-stream", sseOf(evStart, evTextStart, evTextDelta, evStop0, evMsgDelta, evMsgStop)},
		"/repaired/v1/messages": {200, "text/event-stream", stringifiedTodoStream("x")},
		"/json/v1/messages":     {200, "application/json", `{"type":"message","role":"assistant","content":[{"type":"tool_use","id":"t","name":"TodoWrite","input":{"todos":"[{\"content\":\"a\"}]"}}],"stop_reason":"tool_use"}`},
		"/429/v1/messages":      {429, "application/json", `{"type":"error","error":{"type":"rate_limit_error","message":"slow down"}}`},
		"/500/v1/messages":      {500, "application/json", `{"type":"error","error":{"type":"api_error","message":"boom"}}`},
		"/v1/chat/completions":  {200, "text/event-stream", "data: {\"choices\":[]}\n\ndata: [DONE]\n\n"},
		"/v1/models":            {200, "application/json", `{"data":[]}`},
	}
	up := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		a, ok := answers[r.URL.Path]
		if !ok {
			t.Errorf("unexpected upstream path %q", r.URL.Path)
		}
		w.Header().Set("Content-Type", a.contentType)
		w.WriteHeader(a.status)
		_, _ = io.WriteString(w, a.body)
	}))
	up.Config.ConnState = func(_ net.Conn, s http.ConnState) {
		if s == http.StateNew {
			conns.Add(1)
		}
	}
	up.Start()
	defer up.Close()
	_, ps := newServer(t, "", Options{Routes: []Route{
		{Name: "healthy", Upstream: up.URL + "/healthy"}, {Name: "repaired", Upstream: up.URL + "/repaired"}, {Name: "json", Upstream: up.URL + "/json"},
		{Name: "429", Upstream: up.URL + "/429"}, {Name: "500", Upstream: up.URL + "/500"}, {Upstream: up.URL}}})
	paths := []string{"/healthy/v1/messages", "/repaired/v1/messages", "/json/v1/messages", "/429/v1/messages", "/500/v1/messages", "/v1/chat/completions", "/v1/models"}
	for round := 0; round < 3; round++ {
		for _, p := range paths {
			resp := postTo(t, ps.Client(), ps.URL+p, todoRequest)
			if _, err := io.Copy(io.Discard, resp.Body); err != nil {
				t.Fatalf("%s: %v", p, err)
			}
			resp.Body.Close()
		}
	}
	if n := conns.Load(); n != 1 {
		t.Errorf("%d upstream connections for %d sequential requests, want 1", n, 3*len(paths))
	}
}

// TestHTTP2TLSUpstream: an HTTPS upstream speaking HTTP/2 is streamed event by event and repaired.
func TestHTTP2TLSUpstream(t *testing.T) {
	next := make(chan struct{})
	var protos atomic.Value
	up := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		protos.Store(r.Proto)
		w.Header().Set("Content-Type", "text/event-stream")
		body := stringifiedTodoStream("a")
		i := strings.Index(body, "event: content_block_start")
		_, _ = io.WriteString(w, body[:i])
		w.(http.Flusher).Flush()
		<-next
		_, _ = io.WriteString(w, body[i:])
	}))
	up.EnableHTTP2 = true
	up.StartTLS()
	defer up.Close()
	srv, ps := newServer(t, up.URL, Options{Transport: up.Client().Transport})
	resp := postTo(t, ps.Client(), ps.URL+"/v1/messages", todoRequest)
	defer resp.Body.Close()
	fr := &sse.Reader{R: resp.Body}
	if got := nextPiece(t, fr); got != sseOf(evStart) {
		t.Fatalf("first event %q", got)
	}
	close(next)
	rest, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	if p, _ := protos.Load().(string); p != "HTTP/2.0" {
		t.Fatalf("the upstream spoke %q", p)
	}
	m, err := client.AnthropicStream(append([]byte(sseOf(evStart)), rest...))
	if err != nil {
		t.Fatal(err)
	}
	if err := client.CompareAnthropic([]byte(`{"stop_reason":"tool_use","content":[{"type":"text","text":"Reading the file now."},{"type":"tool_use","id":"toolu_1","name":"TodoWrite","input":{"todos":[{"content":"a","status":"pending"}]}}]}`), m); err != nil {
		t.Fatal(err)
	}
	if s := srv.Stats.Snapshot(); s.Repairs["coerce"] != 1 {
		t.Errorf("repairs %v", s.Repairs)
	}
}

// TestErrorAnswersPassUnchanged: an upstream error (rate limit, overload, server error) reaches the
// client as it was sent: status, retry-after and the other headers, and the JSON body.
func TestErrorAnswersPassUnchanged(t *testing.T) {
	tests := []struct {
		name, path, contentType, body string
		status                        int
	}{
		{"429 anthropic", "/v1/messages", "application/json", `{"type":"error","error":{"type":"rate_limit_error","message":"Number of request tokens has exceeded your per-minute rate limit"}}`, 429},
		{"529 overloaded", "/v1/messages", "application/json", `{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}`, 529},
		{"500 anthropic", "/v1/messages", "application/json", `{"type":"error","error":{"type":"api_error","message":"Internal server error"}}`, 500},
		{"503 as an event stream", "/v1/messages", "text/event-stream", "event: error\ndata: {\"type\":\"error\",\"error\":{\"type\":\"overloaded_error\",\"message\":\"Overloaded\"}}\n\n", 503},
		{"429 openai", "/v1/chat/completions", "application/json", `{"error":{"message":"Rate limit reached","type":"requests","param":null,"code":"rate_limit_exceeded"}}`, 429},
		{"502 gateway", "/v1/chat/completions", "application/json", `{"error":{"message":"upstream failed","code":502}}`, 502},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				_, _ = io.Copy(io.Discard, r.Body)
				h := w.Header()
				h.Set("Content-Type", tc.contentType)
				h.Set("Retry-After", "17")
				h.Set("Anthropic-Ratelimit-Requests-Reset", "2026-01-01T00:00:17Z")
				h.Set("X-Should-Retry", "true")
				h.Set("Request-Id", "req_011")
				w.WriteHeader(tc.status)
				_, _ = io.WriteString(w, tc.body)
			}))
			defer up.Close()
			srv, ps := newServer(t, up.URL, Options{})
			resp := postTo(t, ps.Client(), ps.URL+tc.path, todoRequest)
			got, err := io.ReadAll(resp.Body)
			resp.Body.Close()
			if err != nil {
				t.Fatal(err)
			}
			if resp.StatusCode != tc.status || string(got) != tc.body {
				t.Fatalf("got %d %q, want %d %q", resp.StatusCode, got, tc.status, tc.body)
			}
			for k, v := range map[string]string{"Retry-After": "17", "Anthropic-Ratelimit-Requests-Reset": "2026-01-01T00:00:17Z", "X-Should-Retry": "true", "Request-Id": "req_011", "Content-Type": tc.contentType} {
				if resp.Header.Get(k) != v {
					t.Errorf("header %s = %q, want %q", k, resp.Header.Get(k), v)
				}
			}
			if s := srv.Stats.Snapshot(); len(s.Repairs) != 0 || s.UpstreamErrors != 0 {
				t.Errorf("counted %+v", s)
			}
		})
	}
}
