package proxy

import (
	"bytes"
	"encoding/json"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// TestLoopLoggedWithRoute: a request that comes back into the proxy (it carries the hop header) is
// answered 508 and logged once, naming its route as /metrics does ("/" for the root route); /stats
// counts it with the root route spelt "/" too.
func TestLoopLoggedWithRoute(t *testing.T) {
	for _, tt := range []struct {
		routes []Route
		path   string
		want   string
	}{
		{[]Route{{Name: "", Upstream: "http://127.0.0.1:1"}}, "/v1/messages", "/"},
		{[]Route{{Name: "claude", Upstream: "http://127.0.0.1:1"}}, "/claude/v1/messages", "claude"},
	} {
		t.Run(tt.want, func(t *testing.T) {
			var logs bytes.Buffer
			srv, err := New(Options{Routes: tt.routes, Logger: slog.New(slog.NewJSONHandler(&logs, nil))})
			if err != nil {
				t.Fatal(err)
			}
			req := inProcess(http.MethodPost, tt.path, strings.NewReader(`{}`))
			req.Header.Set(HopHeader, "1")
			rec := httptest.NewRecorder()
			srv.ServeHTTP(rec, req)
			if rec.Code != http.StatusLoopDetected {
				t.Fatalf("status %d, want 508", rec.Code)
			}
			lines := strings.Split(strings.TrimSpace(logs.String()), "\n")
			if len(lines) != 1 {
				t.Fatalf("%d log lines, want 1:\n%s", len(lines), logs.String())
			}
			var line map[string]any
			if err := json.Unmarshal([]byte(lines[0]), &line); err != nil {
				t.Fatal(err)
			}
			if line["route"] != tt.want || !strings.Contains(line["msg"].(string), "508 Loop Detected") {
				t.Errorf("log line %s; want route %q and the 508", lines[0], tt.want)
			}
		})
	}
}

// TestRootRouteSpeltSlash: log lines, /stats and /metrics all name the root route "/".
func TestRootRouteSpeltSlash(t *testing.T) {
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusBadGateway)
	}))
	defer up.Close()
	var logs bytes.Buffer
	srv, err := New(Options{Routes: []Route{{Name: "", Upstream: up.URL}}, Logger: slog.New(slog.NewJSONHandler(&logs, nil)).With("route", "")})
	if err != nil {
		t.Fatal(err)
	}
	srv.ServeHTTP(httptest.NewRecorder(), inProcess(http.MethodPost, "/v1/messages", strings.NewReader(`{}`)))
	stats := httptest.NewRecorder()
	srv.ServeHTTP(stats, inProcess(http.MethodGet, "/stats", nil))
	var snap struct {
		Requests  map[string]int64 `json:"requests"`
		Responses []struct {
			Route string `json:"route"`
		} `json:"responses"`
	}
	if err := json.Unmarshal(stats.Body.Bytes(), &snap); err != nil {
		t.Fatal(err)
	}
	if snap.Requests["/"] != 1 || len(snap.Responses) != 1 || snap.Responses[0].Route != "/" {
		t.Errorf("/stats: %s; want the root route as \"/\"", stats.Body.String())
	}
	if _, ok := snap.Requests[""]; ok {
		t.Errorf("/stats still names the root route \"\": %s", stats.Body.String())
	}
	metrics := httptest.NewRecorder()
	srv.ServeHTTP(metrics, inProcess(http.MethodGet, "/metrics", nil))
	if !strings.Contains(metrics.Body.String(), `route="/"`) {
		t.Errorf("/metrics does not name the root route \"/\":\n%s", metrics.Body.String())
	}
	handler := routeNames{slog.NewJSONHandler(&logs, nil)}
	logs.Reset()
	slog.New(handler).Info("x", "route", "")
	slog.New(handler).With("route", "").Info("y")
	for _, l := range strings.Split(strings.TrimSpace(logs.String()), "\n") {
		if !strings.Contains(l, `"route":"/"`) {
			t.Errorf("log line %s: the root route is not \"/\"", l)
		}
	}
}
