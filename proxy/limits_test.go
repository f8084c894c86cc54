package proxy

import (
	"bytes"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/toolfix/toolfix/proxy/cases"
)

// TestOversizeEventPassesThrough: a stream holding an event over the size limit passes through
// byte for byte from that event on, even when it would otherwise be repaired.
func TestOversizeEventPassesThrough(t *testing.T) {
	all, err := cases.Load("anthropic")
	if err != nil {
		t.Fatal(err)
	}
	var c cases.Case
	for _, x := range all {
		if x.Name == "leaked-invoke-court" {
			c = x
		}
	}
	if c.Name == "" {
		t.Fatal("case leaked-invoke-court not found")
	}
	// A ping whose data is larger than the limit, right after message_start.
	big := "event: ping\ndata: {\"type\":\"ping\",\"pad\":\"" + strings.Repeat("x", 4096) + "\"}\n\n"
	i := bytes.Index(c.Upstream, []byte("event: ping"))
	body := append(append(append([]byte{}, c.Upstream[:i]...), big...), c.Upstream[i:]...)
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		_, _ = w.Write(body)
	}))
	defer up.Close()
	srv, err := New(Options{Routes: []Route{{Upstream: up.URL}}, MaxEvent: 1024})
	if err != nil {
		t.Fatal(err)
	}
	ps := httptest.NewServer(srv)
	defer ps.Close()
	resp, err := http.Post(ps.URL+"/v1/messages", "application/json", bytes.NewReader(c.Request))
	if err != nil {
		t.Fatal(err)
	}
	got, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if !bytes.Equal(got, body) {
		t.Fatalf("oversize stream changed:\n%s", firstDiff(got, body))
	}
	if s := srv.Stats.Snapshot(); s.FailOpens == 0 || len(s.Repairs) != 0 {
		t.Errorf("want a fail-open and no repair, got %+v", s)
	}
}
