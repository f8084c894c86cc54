package proxy

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
)

// Requests the proxy answers itself and never forwards: what a web browser may have sent (403,
// browser.go) and a WebSocket upgrade (426, websocket.go).

// TestBrowserRequestsRefused holds issue 13 item 7: a request with a foreign Host (DNS rebinding), a
// non-loopback or null Origin, or a CORS preflight is answered 403 with an API-shaped error, carries
// no CORS header and never reaches the upstream, on every endpoint; what the real clients send (a
// loopback Host, no Origin) passes.
func TestBrowserRequestsRefused(t *testing.T) {
	up, hits := countingServer(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Access-Control-Allow-Origin", "*")
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `{"ok":true}`)
	})
	_, ps := newProxy(t, []Route{{Name: "claude", Upstream: up.URL}, {Name: "oc", Upstream: up.URL + "/v1", Protocol: "openai"}})
	port := ps.URL[strings.LastIndexByte(ps.URL, ':')+1:]

	tests := []struct {
		name, method, path, host string
		hdr                      map[string]string
		refused                  bool
		wantType                 string // the error's type in the refusal body
	}{
		{name: "loopback host", method: "POST", path: "/claude/v1/messages?beta=true", host: "127.0.0.1:" + port},
		{name: "localhost with port", method: "POST", path: "/claude/v1/messages", host: "localhost:" + port},
		{name: "LOCALHOST without port", method: "POST", path: "/claude/v1/messages", host: "LOCALHOST"},
		{name: "ipv6 loopback", method: "POST", path: "/claude/v1/messages", host: "[::1]:" + port},
		{name: "ipv6 loopback without port", method: "POST", path: "/claude/v1/messages", host: "[::1]"},
		{name: "127.0.0.2", method: "POST", path: "/claude/v1/messages", host: "127.0.0.2:" + port},
		{name: "loopback origin", method: "POST", path: "/claude/v1/messages", host: "127.0.0.1:" + port, hdr: map[string]string{"Origin": "http://localhost:3000"}},
		{name: "loopback origin cross-site", method: "POST", path: "/claude/v1/messages", host: "127.0.0.1:" + port, hdr: map[string]string{"Origin": "http://localhost:3000", "Sec-Fetch-Site": "cross-site"}},
		{name: "sec-fetch-site none", method: "GET", path: "/healthz", host: "127.0.0.1:" + port, hdr: map[string]string{"Sec-Fetch-Site": "none"}},
		// What the real clients send, seen on 2026-12-01, each with a Host of 127.0.0.1:PORT:
		// Claude Code 2.1.197 and OpenCode 1.18.33 (Bun) no Origin and no Sec-Fetch-*; Node's
		// fetch (the openai SDK 6.49, Qwen Code 0.24.4) Sec-Fetch-Mode: cors without an Origin;
		// Codex 0.171.0, over HTTP and in its WebSocket upgrade, an Originator header, no Origin.
		{name: "codex", method: "POST", path: "/oc/responses", host: "127.0.0.1:" + port, hdr: map[string]string{"Originator": "codex_exec", "Session-Id": "s"}},
		{name: "codex websocket upgrade", method: "GET", path: "/oc/responses", host: "127.0.0.1:" + port, hdr: map[string]string{"Originator": "codex_exec", "Openai-Beta": "responses_websockets=2026-02-06", "Sec-Websocket-Version": "13", "Sec-Websocket-Key": "dGhlIHNhbXBsZSBub25jZQ=="}},
		{name: "node fetch", method: "POST", path: "/oc/chat/completions", host: "127.0.0.1:" + port, hdr: map[string]string{"Sec-Fetch-Mode": "cors", "Accept-Language": "*"}},
		{name: "claude code", method: "POST", path: "/claude/v1/messages?beta=true", host: "127.0.0.1:" + port, hdr: map[string]string{"Anthropic-Dangerous-Direct-Browser-Access": "true", "X-App": "cli"}},

		{name: "rebound host", method: "POST", path: "/claude/v1/messages", host: "evil.example:" + port, refused: true, wantType: "permission_error"},
		{name: "rebound host on stats", method: "GET", path: "/stats", host: "evil.example", refused: true, wantType: "permission_error"},
		{name: "rebound host on healthz", method: "GET", path: "/healthz", host: "evil.example:" + port, refused: true, wantType: "permission_error"},
		{name: "rebound host on metrics", method: "GET", path: "/metrics", host: "rebind.127.0.0.1.nip.io", refused: true, wantType: "permission_error"},
		{name: "localhost suffix", method: "GET", path: "/stats", host: "localhost.evil.example", refused: true, wantType: "permission_error"},
		{name: "unbracketed ipv6", method: "GET", path: "/stats", host: "::1", refused: true, wantType: "permission_error"},
		{name: "mapped ipv4", method: "GET", path: "/stats", host: "[::ffff:127.0.0.1]", refused: true, wantType: "permission_error"},
		{name: "lan address", method: "GET", path: "/stats", host: "192.168.1.5:" + port, refused: true, wantType: "permission_error"},
		{name: "bad port", method: "GET", path: "/stats", host: "127.0.0.1:80x", refused: true, wantType: "permission_error"},
		{name: "foreign origin", method: "POST", path: "/claude/v1/messages", host: "127.0.0.1:" + port, hdr: map[string]string{"Origin": "https://evil.example"}, refused: true, wantType: "permission_error"},
		{name: "foreign origin openai", method: "POST", path: "/oc/chat/completions", host: "127.0.0.1:" + port, hdr: map[string]string{"Origin": "https://evil.example"}, refused: true, wantType: "toolfix_error"},
		{name: "null origin", method: "POST", path: "/claude/v1/messages", host: "127.0.0.1:" + port, hdr: map[string]string{"Origin": "null"}, refused: true, wantType: "permission_error"},
		{name: "file origin", method: "GET", path: "/stats", host: "127.0.0.1:" + port, hdr: map[string]string{"Origin": "file://"}, refused: true, wantType: "permission_error"},
		{name: "origin on healthz", method: "GET", path: "/healthz", host: "127.0.0.1:" + port, hdr: map[string]string{"Origin": "https://evil.example"}, refused: true, wantType: "permission_error"},
		{name: "preflight", method: "OPTIONS", path: "/claude/v1/messages", host: "127.0.0.1:" + port, hdr: map[string]string{"Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "x-api-key"}, refused: true, wantType: "permission_error"},
		{name: "preflight from loopback origin", method: "OPTIONS", path: "/claude/v1/messages", host: "127.0.0.1:" + port, hdr: map[string]string{"Origin": "http://localhost:3000", "Access-Control-Request-Method": "POST"}, refused: true, wantType: "permission_error"},
		{name: "foreign origin same-site", method: "POST", path: "/claude/v1/messages", host: "127.0.0.1:" + port, hdr: map[string]string{"Origin": "https://evil.example", "Sec-Fetch-Site": "same-site"}, refused: true, wantType: "permission_error"},
		{name: "cross-site fetch without origin", method: "GET", path: "/claude/v1/models", host: "127.0.0.1:" + port, hdr: map[string]string{"Sec-Fetch-Site": "cross-site"}, refused: true, wantType: "permission_error"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			before := hits.Load()
			req, _ := http.NewRequest(tc.method, ps.URL+tc.path, strings.NewReader(`{"model":"m","messages":[]}`))
			req.Host = tc.host
			req.Header.Set("x-api-key", "sk-ant-canary")
			for k, v := range tc.hdr {
				req.Header.Set(k, v)
			}
			resp, body := readAnswer(t, http.DefaultClient, req)
			reached := hits.Load() - before
			if !tc.refused {
				if resp.StatusCode != http.StatusOK {
					t.Fatalf("status %d, want 200: %s", resp.StatusCode, body)
				}
				return
			}
			if resp.StatusCode != http.StatusForbidden || reached != 0 {
				t.Fatalf("status %d, upstream reached %d times; want 403 and 0: %s", resp.StatusCode, reached, body)
			}
			for k := range resp.Header {
				if strings.HasPrefix(strings.ToLower(k), "access-control-") {
					t.Errorf("refusal carries CORS header %s", k)
				}
			}
			var e struct {
				Type  string `json:"type"`
				Error struct {
					Type    string `json:"type"`
					Message string `json:"message"`
				} `json:"error"`
			}
			if err := json.Unmarshal(body, &e); err != nil || e.Error.Type != tc.wantType || !strings.Contains(e.Error.Message, "refused") {
				t.Errorf("refusal body %s (%v), want an API-shaped error of type %s saying refused", body, err, tc.wantType)
			}
		})
	}
}

// TestAbsoluteFormRefused holds issue 19 item 6: a request line naming a full URL (RFC 9112
// 3.2.2's absolute form, as a client sends to a forward proxy) is answered 403 and never reaches
// the upstream, whatever host it names and whatever Host header comes with it: net/http routes it
// by the line's host and drops the Host header. Sent on raw TCP, since Go's client never sends
// that form to a server.
func TestAbsoluteFormRefused(t *testing.T) {
	up, hits := countingServer(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `{"ok":true}`)
	})
	_, ps := newProxy(t, []Route{{Name: "claude", Upstream: up.URL}})
	addr := strings.TrimPrefix(ps.URL, "http://")
	body := `{"model":"m","messages":[]}`
	tests := []struct {
		name, target, host string
		want               int
	}{
		{"origin form", "/claude/v1/messages", addr, http.StatusOK},
		{"loopback URL, foreign Host", "http://" + addr + "/claude/v1/messages", "evil.example", http.StatusForbidden},
		{"loopback URL, loopback Host", "http://" + addr + "/claude/v1/messages", addr, http.StatusForbidden},
		{"foreign URL, loopback Host", "http://evil.example/claude/v1/messages", addr, http.StatusForbidden},
		{"healthz", "http://" + addr + "/healthz", "evil.example", http.StatusForbidden},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			before := hits.Load()
			conn, err := net.Dial("tcp", addr)
			if err != nil {
				t.Fatal(err)
			}
			defer conn.Close()
			method := "POST"
			if strings.HasSuffix(tc.target, "/healthz") {
				method = "GET"
			}
			fmt.Fprintf(conn, "%s %s HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nContent-Length: %d\r\nConnection: close\r\n\r\n%s", method, tc.target, tc.host, len(body), body)
			resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
			if err != nil {
				t.Fatal(err)
			}
			answer, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			reached := hits.Load() - before
			if resp.StatusCode != tc.want || (tc.want != http.StatusOK) != (reached == 0) {
				t.Fatalf("status %d, upstream reached %d times; want %d: %s", resp.StatusCode, reached, tc.want, answer)
			}
			if tc.want == http.StatusForbidden && !strings.Contains(string(answer), "not a forward proxy") {
				t.Errorf("refusal %s does not say toolfix is not a forward proxy", answer)
			}
		})
	}
}

// TestLoopbackHost is the Host check alone, including the spellings that must not pass.
func TestLoopbackHost(t *testing.T) {
	for host, want := range map[string]bool{
		"localhost": true, "localhost:47821": true, "127.0.0.1": true, "127.0.0.1:1": true, "127.1.2.3:9": true,
		"[::1]": true, "[::1]:47821": true, "Localhost:80": true,
		"": false, "evil.example": false, "localhost.": false, "[::1": false, "::1": false, "0.0.0.0": false,
		"[::]:1": false, "127.0.0.1:x": false, "10.0.0.1": false, "localhost:80:80": false,
	} {
		if got := loopbackHost(host); got != want {
			t.Errorf("loopbackHost(%q) = %v, want %v", host, got, want)
		}
	}
}

// TestWebSocketUpgradeRefusedAtOnce: a request that asks to switch to the WebSocket protocol is
// answered 426 with an OpenAI-shaped error and never reaches the upstream; an Upgrade to another
// protocol, or one the Connection header does not name, is forwarded.
func TestWebSocketUpgradeRefusedAtOnce(t *testing.T) {
	up, upstreamHits := countingServer(t, func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusOK)
	})
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
			res, body := readAnswer(t, http.DefaultClient, req)
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
