package proxy

import (
	"bufio"
	"encoding/json"
	"fmt"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/toolfix/toolfix/proxy/observe"
)

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
	c := namedCase(t, "anthropic", "stringified-array-todos")
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

	resp, err := http.Get(url + "/stats")
	if err != nil {
		t.Fatal(err)
	}
	var rep observe.StatsReport
	err = json.NewDecoder(resp.Body).Decode(&rep)
	resp.Body.Close()
	if err != nil {
		t.Fatal(err)
	}
	if rep.Status != "ok" || rep.Version != "v-test" || rep.Repairs["coerce"] != 1 || len(rep.Routes) != 1 || rep.Routes[0].Upstream == "" || rep.SamplesMode != "off" {
		t.Errorf("stats: %+v", rep)
	}
}

func TestMetricsCountRefusals(t *testing.T) {
	_, ps := newProxy(t, []Route{{Name: "claude", Upstream: "http://127.0.0.1:1"}})
	for _, p := range []string{"/nosuch/v1/messages", "/claude/v1/chat/completions"} {
		resp, err := http.Post(ps.URL+p, "application/json", strings.NewReader("{}"))
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
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
