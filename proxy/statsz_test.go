package proxy

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/toolfix/toolfix/proxy/observe"
)

// TestStatsSnapshot counts two forwarded requests and one unreachable upstream, then reads them
// back from GET /stats.
func TestStatsSnapshot(t *testing.T) {
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.WriteString(w, "{}")
	}))
	defer up.Close()
	_, ps := newProxy(t, []Route{{Name: "claude", Upstream: up.URL}, {Name: "dead", Upstream: "http://127.0.0.1:1"}})
	for _, p := range []string{"/claude/v1/models", "/claude/v1/models", "/dead/v1/models"} {
		resp, err := http.Get(ps.URL + p)
		if err != nil {
			t.Fatal(err)
		}
		_, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
	}
	resp, err := http.Get(ps.URL + "/stats")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Type") != "application/json" {
		t.Fatalf("/stats: %s, %s", resp.Status, resp.Header.Get("Content-Type"))
	}
	var snap observe.Snapshot
	if err := json.NewDecoder(resp.Body).Decode(&snap); err != nil {
		t.Fatal(err)
	}
	if snap.Requests["claude"] != 2 || snap.Requests["dead"] != 1 || snap.UpstreamErrors != 1 {
		t.Errorf("snapshot = %+v, want 2 claude and 1 dead requests, 1 upstream error", snap)
	}

	// POST /stats is not the endpoint: with no root route it is an unknown route.
	resp, err = http.Post(ps.URL+"/stats", "application/json", nil)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusNotFound {
		t.Errorf("POST /stats: %s, want 404", resp.Status)
	}
}
