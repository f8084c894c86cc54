package observe

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"sort"
	"strconv"
	"strings"
	"time"
)

// MetricsContentType is the Content-Type of GET /metrics. The metrics served there, in the
// Prometheus text exposition format (version 0.0.4):
//
//	toolfix_requests_total{route,protocol,status}  counter: requests answered; route "/" for the
//	                                                root route, "(none)" for requests that matched
//	                                                no route, protocol one of
//	                                                anthropic, openai, responses, other, status 499
//	                                                when the client left before an answer
//	toolfix_repairs_total{kind}                     counter: repairs applied, by kind
//	toolfix_fail_opens_total                        counter: repairs refused, original bytes sent
//	toolfix_upstream_errors_total{route}            counter: upstreams that could not be reached
//	toolfix_upstream_retries_total{route}           counter: upstream answers retried (opt-in)
//	toolfix_streams_open                            gauge: SSE streams being repaired now
//	toolfix_bytes_total{direction}                  counter: response body bytes, "in" from
//	                                                upstreams, "out" to clients
//	toolfix_time_to_first_byte_seconds              histogram: from a request's arrival to the first
//	                                                body byte sent back
//	toolfix_samples_saved_total                     counter: samples written
//	toolfix_build_info{version}                     gauge: always 1
//	toolfix_start_time_seconds                      gauge: Unix time the proxy started
const MetricsContentType = "text/plain; version=0.0.4; charset=utf-8"

// ServeMetrics answers GET /metrics: WriteMetrics, buffered, with MetricsContentType.
func ServeMetrics(w http.ResponseWriter, snap Snapshot, version string, started time.Time) {
	w.Header().Set("Content-Type", MetricsContentType)
	bw := bufio.NewWriter(w)
	WriteMetrics(bw, snap, version, started)
	_ = bw.Flush()
}

// WriteMetrics writes the counters of snap to w in the Prometheus text format (see the list above),
// with the running toolfix's version and the time the proxy started. Series of one metric are
// sorted by their labels.
func WriteMetrics(w io.Writer, snap Snapshot, version string, started time.Time) {
	m := &metricWriter{w: w}

	m.head("toolfix_requests_total", "counter", "Requests answered, by route, protocol and status.")
	for _, r := range snap.Responses {
		m.sample("toolfix_requests_total", labels{"route", RouteLabel(r.Route), "protocol", r.Protocol, "status", strconv.Itoa(r.Status)}, float64(r.Count))
	}
	m.head("toolfix_repairs_total", "counter", "Repairs applied, by kind.")
	for _, k := range snap.RepairKinds() {
		m.sample("toolfix_repairs_total", labels{"kind", k}, float64(snap.Repairs[k]))
	}
	m.head("toolfix_fail_opens_total", "counter", "Repairs attempted and refused: the original bytes went out.")
	m.sample("toolfix_fail_opens_total", nil, float64(snap.FailOpens))
	m.head("toolfix_upstream_errors_total", "counter", "Requests whose upstream could not be reached, by route.")
	for _, r := range sortedKeys(snap.UpstreamByRoute) {
		m.sample("toolfix_upstream_errors_total", labels{"route", RouteLabel(r)}, float64(snap.UpstreamByRoute[r]))
	}
	m.head("toolfix_upstream_retries_total", "counter", "Upstream answers given up on and sent again before any byte reached the client, by route (opt-in per route).")
	for _, r := range sortedKeys(snap.RetriesByRoute) {
		m.sample("toolfix_upstream_retries_total", labels{"route", r}, float64(snap.RetriesByRoute[r]))
	}
	m.head("toolfix_streams_open", "gauge", "Streamed responses being passed through the repair now.")
	m.sample("toolfix_streams_open", nil, float64(snap.StreamsOpen))
	m.head("toolfix_bytes_total", "counter", "Response body bytes read from upstreams (in) and written to clients (out).")
	m.sample("toolfix_bytes_total", labels{"direction", "in"}, float64(snap.BytesIn))
	m.sample("toolfix_bytes_total", labels{"direction", "out"}, float64(snap.BytesOut))
	m.head("toolfix_time_to_first_byte_seconds", "histogram", "Time from a request's arrival to the first response body byte sent to the client.")
	for i, b := range snap.TTFB.Bounds {
		m.sample("toolfix_time_to_first_byte_seconds_bucket", labels{"le", formatFloat(b)}, float64(snap.TTFB.Cumulative[i]))
	}
	m.sample("toolfix_time_to_first_byte_seconds_bucket", labels{"le", "+Inf"}, float64(snap.TTFB.Count))
	m.sample("toolfix_time_to_first_byte_seconds_sum", nil, snap.TTFB.Sum)
	m.sample("toolfix_time_to_first_byte_seconds_count", nil, float64(snap.TTFB.Count))
	m.head("toolfix_samples_saved_total", "counter", "Samples written to the samples folder.")
	m.sample("toolfix_samples_saved_total", nil, float64(snap.SamplesSaved))
	m.head("toolfix_build_info", "gauge", "The running toolfix's version; always 1.")
	m.sample("toolfix_build_info", labels{"version", version}, 1)
	m.head("toolfix_start_time_seconds", "gauge", "Unix time the proxy started.")
	m.sample("toolfix_start_time_seconds", nil, float64(started.Unix()))
}

// RouteLabel names a route as toolfix shows it everywhere (log lines, /metrics, /stats, /healthz,
// status): its name, "/" for the root route (whose name is "").
func RouteLabel(name string) string {
	if name == "" {
		return "/"
	}
	return name
}

// labels are name, value pairs.
type labels []string

type metricWriter struct{ w io.Writer }

func (m *metricWriter) head(name, typ, help string) {
	fmt.Fprintf(m.w, "# HELP %s %s\n# TYPE %s %s\n", name, help, name, typ)
}

func (m *metricWriter) sample(name string, ls labels, v float64) {
	var b strings.Builder
	b.WriteString(name)
	if len(ls) > 0 {
		b.WriteByte('{')
		for i := 0; i+1 < len(ls); i += 2 {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(ls[i])
			b.WriteString(`="`)
			b.WriteString(escapeLabel(ls[i+1]))
			b.WriteByte('"')
		}
		b.WriteByte('}')
	}
	b.WriteByte(' ')
	b.WriteString(formatFloat(v))
	b.WriteByte('\n')
	_, _ = io.WriteString(m.w, b.String())
}

// escapeLabel escapes a label value as the text format wants: backslash, double quote and line feed.
func escapeLabel(v string) string {
	return strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`).Replace(v)
}

func formatFloat(v float64) string {
	return strconv.FormatFloat(v, 'g', -1, 64)
}

func sortedKeys(m map[string]int64) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

// RouteInfo describes one route in /stats: its name ("" for the root route), its upstream with any
// user information replaced, and its informational protocol.
type RouteInfo struct {
	Name     string `json:"name"`
	Upstream string `json:"upstream"`
	Protocol string `json:"protocol,omitempty"`
}

// StatsReport is the JSON document served at GET /stats, for `toolfix status` and `toolfix run`.
type StatsReport struct {
	Status        string      `json:"status"` // always "ok"
	Version       string      `json:"version"`
	PID           int         `json:"pid"`
	UptimeSeconds int64       `json:"uptime_seconds"`
	Routes        []RouteInfo `json:"routes"`
	SamplesMode   string      `json:"samples_mode"` // "repairs", "all" or "off"
	SamplesDir    string      `json:"samples_dir,omitempty"`
	Snapshot
}

// ServeStats answers GET /stats with rep as indented JSON.
func ServeStats(w http.ResponseWriter, rep StatsReport) {
	w.Header().Set("Content-Type", "application/json")
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	_ = enc.Encode(rep)
}
