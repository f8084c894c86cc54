package proxy

import (
	"encoding/json"
	"net/http"
)

// Drain marks the server as going away: from then on GET /readyz answers 503, so that an
// orchestrator or a load balancer sends it no new requests, while every other path is served as
// before. The owner then stops the listener and lets the requests in flight finish
// (http.Server.Shutdown). Drain may be called more than once, from any goroutine.
func (s *Server) Drain() { s.draining.Store(true) }

// Draining reports whether Drain was called.
func (s *Server) Draining() bool { return s.draining.Load() }

// serveReadyz answers the readiness probe: 200 {"status":"ready"} until Drain, then 503
// {"status":"draining"}. /healthz (liveness) stays 200 while draining.
func (s *Server) serveReadyz(w http.ResponseWriter) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	status, word := http.StatusOK, "ready"
	if s.Draining() {
		status, word = http.StatusServiceUnavailable, "draining"
	}
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]string{"status": word})
}
