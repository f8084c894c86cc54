package proxy

import (
	"encoding/json"
	"net/http"
)

// statszPath answers the counters since start as JSON (a Snapshot), for `toolfix status`.
//
// This is the minimal /stats the doctor branch needs; the observe branch's fuller /stats (a
// StatsReport that embeds Snapshot, so the same fields at the top level) replaces it.
const statszPath = "/stats"

// serveStatsSnapshot answers GET /stats with Stats.Snapshot as JSON and reports whether it did.
func (s *Server) serveStatsSnapshot(w http.ResponseWriter, r *http.Request) bool {
	if r.URL.Path != statszPath || (r.Method != http.MethodGet && r.Method != http.MethodHead) {
		return false
	}
	w.Header().Set("Content-Type", "application/json")
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	_ = enc.Encode(s.Stats.Snapshot())
	return true
}
