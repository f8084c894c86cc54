package proxy

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/toolfix/toolfix/proxy/cases"
	"github.com/toolfix/toolfix/proxy/observe"
)

// The proxy's own answers: GET /healthz, /metrics and /stats (answers.go), the errors it makes in
// place of an upstream's, and the route names its endpoints reserve.

// getStats reads GET /stats of the proxy at url, checks that it answers 200 with JSON, and decodes
// it into v.
func getStats(t *testing.T, url string, v any) {
	t.Helper()
	resp, body := readAnswer(t, http.DefaultClient, newGet(t, url+"/stats"))
	if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Type") != "application/json" {
		t.Fatalf("/stats: %s, %s", resp.Status, resp.Header.Get("Content-Type"))
	}
	if err := json.Unmarshal(body, v); err != nil {
		t.Fatal(err)
	}
}

// metricLine is one sample line of the Prometheus text format.
var metricLine = regexp.MustCompile(`^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(?:[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\n]|\\.)*"(?:,|\}))+)? (\S+)$`)

// scrape reads /metrics and returns every sample by its name and labels as written, checking the
// format line by line: HELP and TYPE before a metric's samples, each sample line well formed.
func scrape(t *testing.T, url string) map[string]float64 {
	t.Helper()
	resp, err := http.Get(url + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if ct := resp.Header.Get("Content-Type"); !strings.HasPrefix(ct, "text/plain; version=0.0.4") {
		t.Errorf("Content-Type %q", ct)
	}
	out := map[string]float64{}
	typed := map[string]string{}
	sc := bufio.NewScanner(resp.Body)
	for sc.Scan() {
		line := sc.Text()
		if f, ok := strings.CutPrefix(line, "# TYPE "); ok {
			parts := strings.Fields(f)
			typed[parts[0]] = parts[1]
			continue
		}
		if strings.HasPrefix(line, "# HELP ") {
			continue
		}
		m := metricLine.FindStringSubmatch(line)
		if m == nil {
			t.Errorf("malformed metrics line %q", line)
			continue
		}
		base := strings.TrimSuffix(strings.TrimSuffix(strings.TrimSuffix(m[1], "_bucket"), "_sum"), "_count")
		if typed[m[1]] == "" && typed[base] != "histogram" {
			t.Errorf("sample %q before its TYPE line", line)
		}
		v, err := strconv.ParseFloat(m[3], 64)
		if err != nil {
			t.Errorf("value in %q: %v", line, err)
		}
		out[m[1]+m[2]] = v
	}
	return out
}

func TestMetricsAfterRepairedCase(t *testing.T) {
	c := cases.NamedForTest(t, "anthropic", "stringified-array-todos")
	got, srv := runCaseWith(t, c, Options{Version: "v-test"})
	url, _ := serveWithDone(t, srv)
	m := scrape(t, url)
	want := map[string]float64{
		`toolfix_requests_total{route="/",protocol="anthropic",status="200"}`: 1,
		`toolfix_repairs_total{kind="coerce"}`:                                1,
		`toolfix_fail_opens_total`:                                            0,
		`toolfix_streams_open`:                                                0,
		`toolfix_bytes_total{direction="in"}`:                                 float64(len(c.Upstream)),
		`toolfix_bytes_total{direction="out"}`:                                float64(len(got)),
		`toolfix_time_to_first_byte_seconds_count`:                            1,
		`toolfix_time_to_first_byte_seconds_bucket{le="+Inf"}`:                1,
		`toolfix_build_info{version="v-test"}`:                                1,
		`toolfix_samples_saved_total`:                                         0,
	}
	for k, v := range want {
		if g, ok := m[k]; !ok || g != v {
			t.Errorf("%s = %v (present %v), want %v", k, g, ok, v)
		}
	}
	// Buckets are cumulative and end at the count.
	prev := 0.0
	for _, b := range observe.TTFBBuckets {
		k := fmt.Sprintf(`toolfix_time_to_first_byte_seconds_bucket{le="%s"}`, strconv.FormatFloat(b, 'g', -1, 64))
		if m[k] < prev {
			t.Errorf("bucket %s = %v below the one before", k, m[k])
		}
		prev = m[k]
	}
	if prev > 1 {
		t.Errorf("buckets exceed the count")
	}

	var rep observe.StatsReport
	getStats(t, url, &rep)
	if rep.Status != "ok" || rep.Version != "v-test" || rep.Repairs["coerce"] != 1 || len(rep.Routes) != 1 || rep.Routes[0].Upstream == "" || rep.SamplesMode != "off" {
		t.Errorf("stats: %+v", rep)
	}
}

func TestMetricsCountRefusals(t *testing.T) {
	_, ps := newProxy(t, []Route{{Name: "claude", Upstream: "http://127.0.0.1:1"}})
	for _, p := range []string{"/nosuch/v1/messages", "/claude/v1/chat/completions"} {
		readAnswer(t, http.DefaultClient, newJSONPost(t, ps.URL+p, strings.NewReader("{}")))
	}
	m := scrape(t, ps.URL)
	for k, v := range map[string]float64{
		`toolfix_requests_total{route="(none)",protocol="anthropic",status="404"}`: 1,
		`toolfix_requests_total{route="claude",protocol="openai",status="502"}`:    1,
		`toolfix_upstream_errors_total{route="claude"}`:                            1,
	} {
		if m[k] != v {
			t.Errorf("%s = %v, want %v", k, m[k], v)
		}
	}
}

func TestReservedRouteNames(t *testing.T) {
	for _, n := range []string{"healthz", "metrics", "stats"} {
		if _, err := New(Options{Routes: []Route{{Name: n, Upstream: "http://127.0.0.1:1"}}}); err == nil {
			t.Errorf("route %q accepted", n)
		}
	}
}

// TestProxyOwnAnswers: what the proxy answers itself is shaped like an Anthropic error and holds no
// key (an unreachable upstream, a loop, an unknown route), and GET /healthz names the version and
// the routes.
func TestProxyOwnAnswers(t *testing.T) {
	_, ps := newProxy(t, []Route{{Name: "claude", Upstream: "http://127.0.0.1:1/v1"}})
	tests := []struct {
		name     string
		path     string
		hop      bool
		status   int
		contains string
	}{
		{"unreachable upstream", "/claude/messages", false, http.StatusBadGateway, "toolfix could not reach the upstream 127.0.0.1:1: the connection is refused (check that the upstream runs"},
		{"loop", "/claude/messages", true, http.StatusLoopDetected, "already passed through toolfix"},
		{"unknown route", "/nope/messages", false, http.StatusNotFound, "known routes: claude"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			req, _ := http.NewRequest(http.MethodPost, ps.URL+tc.path, strings.NewReader(`{}`))
			req.Header.Set("x-api-key", "sk-ant-secret-canary")
			if tc.hop {
				req.Header.Set(HopHeader, "1")
			}
			resp, b := readAnswer(t, http.DefaultClient, req)
			if resp.StatusCode != tc.status || !strings.Contains(string(b), tc.contains) {
				t.Fatalf("got %d %s", resp.StatusCode, b)
			}
			if strings.Contains(string(b), "canary") {
				t.Fatal("the error body holds the key")
			}
			var e struct {
				Type  string `json:"type"`
				Error struct {
					Type, Message string
				} `json:"error"`
			}
			if err := json.Unmarshal(b, &e); err != nil || e.Type != "error" || e.Error.Message == "" {
				t.Errorf("not an Anthropic-shaped error: %s", b)
			}
		})
	}
	_, body := readAnswer(t, http.DefaultClient, newGet(t, ps.URL+"/healthz"))
	var h struct {
		Status, Version string
		Routes          []string
	}
	_ = json.Unmarshal(body, &h)
	if h.Status != "ok" || h.Version != "test" || len(h.Routes) != 1 || h.Routes[0] != "claude" {
		t.Errorf("healthz = %+v", h)
	}
}

// TestStatsSnapshot counts two forwarded requests and one unreachable upstream, then reads them
// back from GET /stats.
func TestStatsSnapshot(t *testing.T) {
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.WriteString(w, "{}")
	}))
	defer up.Close()
	_, ps := newProxy(t, []Route{{Name: "claude", Upstream: up.URL}, {Name: "dead", Upstream: "http://127.0.0.1:1"}})
	for _, p := range []string{"/claude/v1/models", "/claude/v1/models", "/dead/v1/models"} {
		readAnswer(t, http.DefaultClient, newGet(t, ps.URL+p))
	}
	var snap observe.Snapshot
	getStats(t, ps.URL, &snap)
	if snap.Requests["claude"] != 2 || snap.Requests["dead"] != 1 || snap.UpstreamErrors != 1 {
		t.Errorf("snapshot = %+v, want 2 claude and 1 dead requests, 1 upstream error", snap)
	}

	// POST /stats is not the endpoint: with no root route it is an unknown route.
	if resp, _ := readAnswer(t, http.DefaultClient, newJSONPost(t, ps.URL+"/stats", nil)); resp.StatusCode != http.StatusNotFound {
		t.Errorf("POST /stats: %s, want 404", resp.Status)
	}
}
