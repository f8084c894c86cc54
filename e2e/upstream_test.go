package e2e

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// dialect is the wire protocol a mock upstream speaks.
type dialect string

const (
	anthropic dialect = "anthropic" // Messages API: POST …/messages
	openai    dialect = "openai"    // Chat Completions: POST …/chat/completions
	responses dialect = "responses" // Responses API: POST …/responses (Codex CLI)
)

// turn names what the mock made of a request: the tool-less title request, the main call that gets
// the scenario's stream, or the follow-up that carries a tool result and gets a plain final answer.
type turn string

const (
	turnTitle turn = "title"
	turnMain  turn = "main"
	turnFinal turn = "final"
	turnOther turn = "other" // anything the mock does not know: answered 404
)

// request is one request the mock upstream received.
type request struct {
	Method, Path string
	Body         []byte
	Turn         turn
	Upgrade      bool      // a WebSocket upgrade (Codex's GET …/responses), answered 404 as a plain API would
	At           time.Time // when it arrived
}

// upstream is a mock LLM API on loopback. It answers HEAD with 200; a request on its dialect's
// path gets: the main stream if the request offers tools and holds no tool result yet, the final
// stream if it holds a tool result, and the final stream as a title otherwise. It records every
// request.
type upstream struct {
	URL string // http://127.0.0.1:PORT, no trailing slash

	dialect dialect
	main    []byte // the scenario's SSE body for the main call
	final   []byte // a healthy plain-text SSE body
	// mainOnce answers only the first main call with main, later ones (Qwen Code's memory agent
	// asks with tools after the turn) with final.
	mainOnce bool

	mu     sync.Mutex
	reqs   []request
	mained bool
}

// newUpstream starts a mock speaking d that answers the main call with testdata/mainFile. It is
// closed when t ends.
func newUpstream(t *testing.T, d dialect, mainFile string) *upstream {
	t.Helper()
	u := &upstream{dialect: d, main: readTestdata(t, mainFile), final: readTestdata(t, string(d)+"-final.sse")}
	srv := httptest.NewServer(http.HandlerFunc(u.serveHTTP))
	t.Cleanup(srv.Close)
	u.URL = srv.URL
	return u
}

func readTestdata(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatalf("reading mock stream: %v", err)
	}
	return b
}

func (u *upstream) serveHTTP(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	rec := request{Method: r.Method, Path: r.URL.RequestURI(), Body: body, Turn: turnOther, Upgrade: strings.EqualFold(r.Header.Get("Upgrade"), "websocket"), At: time.Now()}
	defer func() {
		u.mu.Lock()
		u.reqs = append(u.reqs, rec)
		u.mu.Unlock()
	}()
	if err != nil {
		http.Error(w, fmt.Sprintf("reading request body: %v", err), http.StatusBadRequest)
		return
	}
	if r.Method == http.MethodHead {
		w.WriteHeader(http.StatusOK)
		return
	}
	if r.Method != http.MethodPost || !strings.HasSuffix(r.URL.Path, u.dialect.path()) {
		http.NotFound(w, r)
		return
	}
	var probe struct {
		Stream bool              `json:"stream"`
		Tools  []json.RawMessage `json:"tools"`
	}
	if err := json.Unmarshal(body, &probe); err != nil || !probe.Stream {
		// Every request these clients make is streamed; anything else is a surprise worth a failure.
		http.Error(w, "the mock answers only streamed requests", http.StatusBadRequest)
		return
	}
	switch {
	case len(toolResults(u.dialect, body)) > 0:
		rec.Turn = turnFinal
	case len(probe.Tools) > 0:
		rec.Turn = turnMain
	default:
		rec.Turn = turnTitle
	}
	out := u.final
	u.mu.Lock()
	if rec.Turn == turnMain && !(u.mainOnce && u.mained) {
		out = u.main
		u.mained = true
	}
	u.mu.Unlock()
	writeSSE(w, out)
}

// path is the suffix of the request path the dialect serves.
func (d dialect) path() string {
	switch d {
	case openai:
		return "/chat/completions"
	case responses:
		return "/responses"
	}
	return "/messages"
}

// writeSSE sends body event by event (split after each blank line), flushing after each, as a
// streaming upstream does.
func writeSSE(w http.ResponseWriter, body []byte) {
	w.Header().Set("Content-Type", "text/event-stream; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	w.WriteHeader(http.StatusOK)
	f, _ := w.(http.Flusher)
	for len(body) > 0 {
		n := bytes.Index(body, []byte("\n\n"))
		if n < 0 {
			n = len(body)
		} else {
			n += 2
		}
		if _, err := w.Write(body[:n]); err != nil {
			return
		}
		if f != nil {
			f.Flush()
		}
		body = body[n:]
	}
}

// requests returns a copy of what the mock has received so far, in order.
func (u *upstream) requests() []request {
	u.mu.Lock()
	defer u.mu.Unlock()
	return append([]request(nil), u.reqs...)
}

// summary describes the received requests in one line each, for failure messages.
func (u *upstream) summary() string {
	var b strings.Builder
	for i, r := range u.requests() {
		fmt.Fprintf(&b, "  #%d %s %s (%s, %d bytes)", i, r.Method, r.Path, r.Turn, len(r.Body))
		for _, tr := range toolResults(u.dialect, r.Body) {
			fmt.Fprintf(&b, "\n      tool result %s error=%v: %.300q", tr.Tool, tr.IsError, tr.Text)
		}
		b.WriteByte('\n')
	}
	return b.String()
}
