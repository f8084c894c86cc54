package proxy

import (
	"bufio"
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"go.uber.org/goleak"

	"github.com/toolfix/toolfix/proxy/observe"
	"github.com/toolfix/toolfix/proxy/sse"
)

// Fault tests: what the client sees when the upstream or the client misbehaves at the transport
// level: a stream cut or stalled, a hang-up, an error answer, a request body that stops arriving.
// The rule throughout: toolfix never fabricates an ending, never cuts a live stream, and passes
// errors through as the upstream sent them; only a request body stalled past RequestIdle is
// answered by toolfix itself (408).

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
			up := answerUpstream(t, "text/event-stream", tc.body) // ends the response normally, however body ends
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
		if got := readPieces(t, fr, len(want)); got != want {
			t.Fatalf("step %d: got %q, want %q", i, got, want)
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
	if got := readPieces(t, fr, len(want)); got != want {
		t.Fatalf("tool block: got %q, want %q", got, want)
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
// upstream request, is counted with status 499 (not the 200 already written) and leaves no
// goroutine behind.
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
			srv := newHandler(t, up.URL, Options{})
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
			closeAfterHangUp(upDone, tr, ps, up, srv) // the proxy's handler has returned
			got := srv.Stats.Snapshot().Responses
			if len(got) != 1 || got[0].Status != observe.StatusClientClosed || got[0].Count != 1 {
				t.Fatalf("counted %+v, want one answer with status 499", got)
			}
		})
	}
}

// TestHangUpAfterTheAnswerCounts200: a client that closes its connection once it has read the
// whole answer is counted with the answer's status, not 499.
func TestHangUpAfterTheAnswerCounts200(t *testing.T) {
	up := answerUpstream(t, "text/event-stream", stringifiedTodoStream("a"))
	srv := newHandler(t, up.URL, Options{})
	ps := httptest.NewServer(srv)
	tr := &http.Transport{}
	resp, err := tr.RoundTrip(newPost(t, ps.URL+"/v1/messages", todoRequest))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.ReadAll(resp.Body); err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	tr.CloseIdleConnections() // the client hangs up
	ps.Close()                // the proxy's handler has returned
	got := srv.Stats.Snapshot().Responses
	if len(got) != 1 || got[0].Status != http.StatusOK || got[0].Count != 1 {
		t.Fatalf("counted %+v, want one answer with status 200", got)
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

// TestStalledRequestBodyAbandoned holds issue 13 item 9: a request body that stops arriving is
// abandoned after RequestIdle — the client gets a 408 API-shaped error saying so, a body already
// streaming upstream is cut there — whether it is read whole first (announced length or chunked)
// or streamed upstream as it comes (over MaxRequestBody).
func TestStalledRequestBodyAbandoned(t *testing.T) {
	const idle = 100 * time.Millisecond
	tests := []struct {
		name     string
		header   string // the request's framing headers
		sent     string // what arrives before the stall
		maxBody  int64
		upstream bool // the upstream must see the request start, and then lose it
	}{
		{"announced length, read whole", "Content-Length: 1000\r\n", `{"model":"m","messages":[`, 0, false},
		{"chunked, read whole", "Transfer-Encoding: chunked\r\n", "5\r\n{\"mod\r\n", 0, false},
		{"announced length, streamed upstream", "Content-Length: 100000\r\n", `{"model":"m","messages":[` + strings.Repeat(" ", 4096), 1024, true},
		{"chunked, streamed upstream", "Transfer-Encoding: chunked\r\n", "1000\r\n" + strings.Repeat(" ", 4096) + "\r\n", 1024, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			reached := make(chan error, 1)
			up, hits := countingServer(t, func(w http.ResponseWriter, r *http.Request) {
				_, err := io.Copy(io.Discard, r.Body)
				reached <- err
			})
			_, ps := newServer(t, up.URL, Options{RequestIdle: idle, MaxRequestBody: tc.maxBody})
			c, err := net.Dial("tcp", ps.Listener.Addr().String())
			if err != nil {
				t.Fatal(err)
			}
			defer c.Close()
			_ = c.SetDeadline(time.Now().Add(20 * time.Second)) // a bound on a hang, not a synchronisation
			if _, err := io.WriteString(c, "POST /v1/messages HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"+tc.header+"\r\n"+tc.sent); err != nil {
				t.Fatal(err)
			}
			resp, err := http.ReadResponse(bufio.NewReader(c), nil)
			if err != nil {
				t.Fatalf("no answer to a stalled body: %v", err)
			}
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			var e struct {
				Error struct{ Message string } `json:"error"`
			}
			if resp.StatusCode != http.StatusRequestTimeout || json.Unmarshal(body, &e) != nil || !strings.Contains(e.Error.Message, "request body stopped arriving") {
				t.Errorf("answer %d %s, want 408 saying the request body stopped arriving", resp.StatusCode, body)
			}
			if !tc.upstream {
				if hits.Load() != 0 {
					t.Errorf("a body that never arrived whole reached the upstream")
				}
				return
			}
			select {
			case err := <-reached:
				if err == nil {
					t.Errorf("the upstream read the whole of a body that stalled")
				}
			case <-time.After(20 * time.Second): // a bound on a hang, not a synchronisation
				t.Errorf("the upstream's request was not ended when the body stalled")
			}
		})
	}
}

// TestLongAnswerOutlivesRequestIdle: the idle limit is on the request body only; once it has
// arrived, an answer that pauses for longer than RequestIdle goes through whole, whether the body
// was read whole or streamed upstream, of announced length or chunked (read to its end, after
// which the server watches the connection for a hang-up: a deadline left on it would cut the
// answer).
func TestLongAnswerOutlivesRequestIdle(t *testing.T) {
	const idle = 50 * time.Millisecond
	for _, maxBody := range []int64{0, 16} {
		for _, chunked := range []bool{false, true} {
			t.Run(fmt.Sprintf("max body %d chunked %v", maxBody, chunked), func(t *testing.T) {
				up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
					_, _ = io.Copy(io.Discard, r.Body)
					w.Header().Set("Content-Type", "text/event-stream")
					_, _ = io.WriteString(w, sseOf(evStart))
					w.(http.Flusher).Flush()
					time.Sleep(4 * idle) // the pause under test: longer than the request idle limit
					_, _ = io.WriteString(w, sseOf(evMsgStop))
				}))
				defer up.Close()
				_, ps := newServer(t, up.URL, Options{RequestIdle: idle, MaxRequestBody: maxBody})
				var body io.Reader = strings.NewReader(`{"model":"m","stream":true,"messages":[]}`)
				if chunked {
					body = struct{ io.Reader }{body}
				}
				if _, got := readAnswer(t, ps.Client(), newJSONPost(t, ps.URL+"/v1/messages", body)); string(got) != sseOf(evStart, evMsgStop) {
					t.Errorf("answer %q, want the whole stream", got)
				}
			})
		}
	}
}

// BenchmarkStalledBody measures the memory a request that announces a 32 MiB body, sends 1 KiB and
// stalls holds until RequestIdle cuts it off (issue 13 item 9: twenty of them held 673 MB, the
// announced size allocated up front and kept for ever).
func BenchmarkStalledBody(b *testing.B) {
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {}))
	defer up.Close()
	_, ps := newServer(b, up.URL, Options{RequestIdle: 10 * time.Millisecond})
	head := "POST /v1/messages HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: " + fmt.Sprint(32<<20) + "\r\n\r\n" + strings.Repeat(" ", 1024)
	b.ReportAllocs()
	for b.Loop() {
		c, err := net.Dial("tcp", ps.Listener.Addr().String())
		if err != nil {
			b.Fatal(err)
		}
		if _, err := io.WriteString(c, head); err != nil {
			b.Fatal(err)
		}
		resp, err := http.ReadResponse(bufio.NewReader(c), nil)
		if err != nil || resp.StatusCode != http.StatusRequestTimeout {
			b.Fatalf("answer %v, %v", resp, err)
		}
		c.Close()
	}
}
