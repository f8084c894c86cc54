package proxy

import (
	"encoding/json"
	"net/http"
	"os"
	"time"

	"github.com/toolfix/toolfix/proxy/observe"
	"github.com/toolfix/toolfix/proxy/secret"
)

// The proxy's own answers, GET /healthz, /metrics and /stats (ServeHTTP picks them before any
// route), and Wait, which the owner of the server calls when it stops.

func (s *Server) serveHealthz(w http.ResponseWriter) {
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(map[string]any{
		"status":         "ok",
		"version":        s.opts.Version,
		"routes":         s.RouteNames(),
		"pid":            os.Getpid(),
		"uptime_seconds": int64(time.Since(s.started).Seconds()),
	})
}

func (s *Server) serveMetrics(w http.ResponseWriter) {
	observe.ServeMetrics(w, s.Stats.Snapshot(), s.opts.Version, s.started)
}

func (s *Server) serveStats(w http.ResponseWriter) {
	observe.ServeStats(w, s.Report())
}

// Report builds the /stats document: the counters, the routes (upstreams redacted, see package
// secret) and where samples go.
func (s *Server) Report() observe.StatsReport {
	rep := observe.StatsReport{
		Status: "ok", Version: s.opts.Version, PID: os.Getpid(),
		UptimeSeconds: int64(time.Since(s.started).Seconds()),
		SamplesMode:   string(s.opts.Samples.Mode()), SamplesDir: s.opts.Samples.Dir(),
		Snapshot: s.Stats.Snapshot(),
	}
	for _, n := range s.RouteNames() {
		e := s.root
		if n != "/" {
			e = s.routes[n]
		}
		rep.Routes = append(rep.Routes, observe.RouteInfo{Name: e.Name, Upstream: secret.URL(e.base.String()), Protocol: e.Protocol})
	}
	return rep
}

// Wait blocks until every sample of an exchange that has ended is written (see Options.Samples).
// Call it when the server stops, after http.Server.Shutdown has returned; from then on an exchange
// still ending (one cut by http.Server.Close) writes its sample before its handler returns. It
// returns at once when none is pending.
func (s *Server) Wait() { s.samples.Wait() }
