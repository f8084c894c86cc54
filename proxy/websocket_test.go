package proxy

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
)

func TestWebSocketUpgradeRefusedAtOnce(t *testing.T) {
	var upstreamHits atomic.Int32
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		upstreamHits.Add(1)
		w.WriteHeader(http.StatusOK)
	}))
	defer up.Close()
	_, ps := newProxy(t, []Route{{Name: "codex-openai", Upstream: up.URL + "/v1", Protocol: "responses"}})

	tests := []struct {
		name       string
		connection string
		upgrade    string
		refused    bool
	}{
		{"codex handshake", "Upgrade", "websocket", true},
		{"token lists, any case", "keep-alive, UPGRADE", "h2c, WebSocket", true},
		{"upgrade to another protocol", "Upgrade", "h2c", false},
		{"upgrade header without connection token", "keep-alive", "websocket", false},
		{"plain GET", "", "", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			before := upstreamHits.Load()
			req, _ := http.NewRequest(http.MethodGet, ps.URL+"/codex-openai/responses", nil)
			if tc.connection != "" {
				req.Header.Set("Connection", tc.connection)
			}
			if tc.upgrade != "" {
				req.Header.Set("Upgrade", tc.upgrade)
			}
			req.Header.Set("Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ==")
			req.Header.Set("Sec-WebSocket-Version", "13")
			req.Header.Set("openai-beta", "responses_websockets=2026-02-06")
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(res.Body)
			res.Body.Close()
			forwarded := upstreamHits.Load() != before
			if !tc.refused {
				if !forwarded || res.StatusCode != http.StatusOK {
					t.Fatalf("status %d, forwarded %v; want the request forwarded", res.StatusCode, forwarded)
				}
				return
			}
			if forwarded {
				t.Fatal("a WebSocket upgrade reached the upstream")
			}
			if res.StatusCode != http.StatusUpgradeRequired {
				t.Fatalf("status %d, want 426 (Codex falls back to HTTPS on the first 426)", res.StatusCode)
			}
			var e struct {
				Error struct {
					Message string `json:"message"`
				} `json:"error"`
			}
			if err := json.Unmarshal(body, &e); err != nil || e.Error.Message == "" {
				t.Fatalf("body %q is not an OpenAI-shaped error: %v", body, err)
			}
		})
	}
}
