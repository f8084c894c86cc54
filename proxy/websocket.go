package proxy

import (
	"net/http"
	"strings"
)

// A request that asks to switch to the WebSocket protocol (Codex CLI opens GET …/v1/responses
// with Upgrade: websocket and openai-beta: responses_websockets=… before each turn) is refused at
// once with 426 Upgrade Required, and never forwarded. The Responses events would travel in
// WebSocket messages that toolfix does not repair, and a forwarded GET without its Upgrade header
// (hop-by-hop, so dropped) makes the upstream answer 404, which Codex retries six more times with
// back-off (about 6.5 s per turn, measured with Codex 0.171.0 against a loopback mock) before it
// falls back to HTTPS. Codex falls back to HTTPS on the first 426, about 40 ms later; a 400 would
// end its run instead, and 404, 405, 501 or a dropped connection all cost the six retries.
// Codex's source: codex-rs/codex-api/src/endpoint/responses_websocket.rs maps the handshake's
// HTTP status into TransportError::Http; its own tests answer a WebSocket they do not serve with
// StatusCode::UPGRADE_REQUIRED.

// websocketRefusal is the message of the 426 answer.
const websocketRefusal = "toolfix: WebSocket transport is not proxied (toolfix repairs the Responses API over HTTPS); use HTTPS for this request"

// isWebSocketUpgrade reports whether r asks to switch to the WebSocket protocol: a Connection
// header naming "upgrade" and an Upgrade header naming "websocket" (both case-insensitive, in
// comma-separated lists, as RFC 9110 7.8 and RFC 6455 4.1 allow).
func isWebSocketUpgrade(r *http.Request) bool {
	return headerHasToken(r.Header, "Connection", "upgrade") && headerHasToken(r.Header, "Upgrade", "websocket")
}

// headerHasToken reports whether any value of header name holds token in its comma-separated list.
func headerHasToken(h http.Header, name, token string) bool {
	for _, v := range h.Values(name) {
		for _, t := range strings.Split(v, ",") {
			if strings.EqualFold(strings.TrimSpace(t), token) {
				return true
			}
		}
	}
	return false
}

// refuseWebSocket answers a WebSocket upgrade with 426 and an error shaped like the request
// path's API, and counts it under route.
func (s *Server) refuseWebSocket(w http.ResponseWriter, r *http.Request, route string) {
	w.Header().Set("Connection", "close")
	s.log.Debug("refused a websocket upgrade", "route", route, "path", r.URL.Path)
	s.refuse(w, r, route, http.StatusUpgradeRequired, websocketRefusal)
}
