package proxy

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/toolfix/toolfix/proxy/client"
	"github.com/toolfix/toolfix/proxy/sse"
)

// newProxy is newServer with routes and the version "test".
func newProxy(t *testing.T, routes []Route) (*Server, *httptest.Server) {
	t.Helper()
	return newServer(t, "", Options{Routes: routes, Version: "test"})
}

func TestForwardingKeepsRequest(t *testing.T) {
	type seen struct {
		method, path, rawQuery, body string
		hdr                          http.Header
	}
	got := make(chan seen, 1)
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		got <- seen{r.Method, r.URL.EscapedPath(), r.URL.RawQuery, string(b), r.Header.Clone()}
		w.Header().Set("X-Upstream", "yes")
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusTeapot)
		_, _ = io.WriteString(w, `{"type":"error","error":{"type":"x","message":"teapot"}}`)
	}))
	defer up.Close()
	_, ps := newProxy(t, []Route{{Name: "claude", Upstream: up.URL + "/gateway/v1"}, {Upstream: up.URL}})

	tests := []struct {
		name, path, wantPath string
	}{
		{"named route keeps upstream prefix", "/claude/messages?beta=true&x=%2F", "/gateway/v1/messages"},
		{"root route", "/v1/messages?beta=true&x=%2F", "/v1/messages"},
		{"escaped path", "/claude/models/a%2Fb?beta=true&x=%2F", "/gateway/v1/models/a%2Fb"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			body := `{"model":"m","stream":false,"messages":[]}` + "\n  "
			req, _ := http.NewRequest(http.MethodPost, ps.URL+tc.path, strings.NewReader(body))
			req.Header.Set("x-api-key", "sk-ant-canary")
			req.Header.Set("Authorization", "Bearer canary")
			req.Header.Set("anthropic-version", "2023-06-01")
			req.Header.Set("anthropic-beta", "tools-2024")
			req.Header.Set("User-Agent", "claude-cli/2.1")
			req.Header.Set("X-Unknown-Thing", "kept")
			req.Header.Set("Accept-Encoding", "br")
			req.Header.Set("Connection", "X-Drop-Me")
			req.Header.Set("X-Drop-Me", "hop")
			resp, rb := readAnswer(t, http.DefaultClient, req)
			s := <-got
			if s.method != http.MethodPost || s.path != tc.wantPath || s.rawQuery != "beta=true&x=%2F" || s.body != body {
				t.Errorf("upstream saw %s %s ? %s body %q", s.method, s.path, s.rawQuery, s.body)
			}
			for k, v := range map[string]string{"X-Api-Key": "sk-ant-canary", "Authorization": "Bearer canary", "Anthropic-Version": "2023-06-01", "Anthropic-Beta": "tools-2024", "User-Agent": "claude-cli/2.1", "X-Unknown-Thing": "kept"} {
				if s.hdr.Get(k) != v {
					t.Errorf("header %s = %q, want %q", k, s.hdr.Get(k), v)
				}
			}
			if ae := s.hdr.Get("Accept-Encoding"); ae == "br" {
				t.Errorf("Accept-Encoding forwarded as %q", ae)
			}
			if s.hdr.Get("X-Drop-Me") != "" {
				t.Error("a header named by Connection was forwarded")
			}
			if s.hdr.Get(HopHeader) == "" {
				t.Error("no hop header upstream")
			}
			if resp.StatusCode != http.StatusTeapot || resp.Header.Get("X-Upstream") != "yes" || string(rb) != `{"type":"error","error":{"type":"x","message":"teapot"}}` {
				t.Errorf("answer changed: %d %q", resp.StatusCode, rb)
			}
		})
	}
}

// TestFlushPerEvent checks that an event reaches the client before the upstream sends the next.
func TestFlushPerEvent(t *testing.T) {
	next := make(chan struct{})
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		_, _ = io.WriteString(w, "event: message_start\ndata: {\"type\":\"message_start\",\"message\":{}}\n\n")
		w.(http.Flusher).Flush()
		<-next
		_, _ = io.WriteString(w, "event: message_stop\ndata: {\"type\":\"message_stop\"}\n\n")
	}))
	defer up.Close()
	_, ps := newProxy(t, []Route{{Upstream: up.URL}})
	resp, err := http.Post(ps.URL+"/v1/messages", "application/json", strings.NewReader(`{"stream":true}`))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	br := bufio.NewReader(resp.Body)
	line, err := br.ReadString('\n')
	if err != nil || line != "event: message_start\n" {
		t.Fatalf("first line %q, %v", line, err)
	}
	close(next) // only now may the upstream go on
	rest, _ := io.ReadAll(br)
	if !strings.Contains(string(rest), "message_stop") {
		t.Errorf("rest = %q", rest)
	}
}

// TestUnreachableUpstreamWords: a failure to reach the upstream answers 502 with the host and the
// cause in words, never Go's error chain, and the log line keeps the cause as fields.
func TestUnreachableUpstreamWords(t *testing.T) {
	dnsFail := func(ctx context.Context, network, addr string) (net.Conn, error) {
		return nil, &net.OpError{Op: "dial", Net: "tcp", Err: &net.DNSError{Err: "no such host", Name: "gateway.example.com", Server: "10.255.255.53:53", IsNotFound: true}}
	}
	tests := []struct {
		name, upstream string
		dial           func(context.Context, string, string) (net.Conn, error)
		want, cause    string
	}{
		{"dns", "https://gateway.example.com/v1", dnsFail, "toolfix could not reach the upstream gateway.example.com: the host name does not resolve (check the base URL in your client's config, or your network/DNS)", `"cause":"dns","error":"no such host"`},
		{"refused", "http://127.0.0.1:1/v1", nil, "toolfix could not reach the upstream 127.0.0.1:1: the connection is refused (", `"cause":"refused","error":"connection refused"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var log bytes.Buffer
			tr := http.DefaultTransport.(*http.Transport).Clone()
			tr.Proxy = nil
			if tc.dial != nil {
				tr.DialContext = tc.dial
			}
			_, ps := newServer(t, "", Options{Routes: []Route{{Name: "claude", Upstream: tc.upstream}}, Version: "test", Transport: tr, Logger: slog.New(slog.NewJSONHandler(&log, nil))})
			resp, b := readAnswer(t, http.DefaultClient, newJSONPost(t, ps.URL+"/claude/v1/messages", strings.NewReader(`{}`)))
			if resp.StatusCode != http.StatusBadGateway || !strings.Contains(string(b), tc.want) {
				t.Errorf("got %d %s\nwant %s", resp.StatusCode, b, tc.want)
			}
			for _, raw := range []string{"dial tcp", "lookup ", "10.255.255.53", "connect:"} {
				if strings.Contains(string(b), raw) || strings.Contains(log.String(), raw) {
					t.Errorf("%q in the answer or the log:\n%s\n%s", raw, b, log.String())
				}
			}
			if !strings.Contains(log.String(), tc.cause) || strings.Contains(log.String(), `Get \"`) || strings.Contains(log.String(), `Post \"`) {
				t.Errorf("log line %s lacks %s", log.String(), tc.cause)
			}
		})
	}
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
