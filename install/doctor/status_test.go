package doctor

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	"github.com/toolfix/toolfix/service"
)

func TestStatus(t *testing.T) {
	f := newServiceFixture(t)
	f.d.Service = fakeService{st: service.Status{Installed: true, Running: true, PID: 77, State: "active (running)"}}
	f.d.Port = startProxy(t, "v1.2.0", "claude")
	// One request through the proxy, to an upstream that does not answer, and one to no route
	// (answered 404): status counts both.
	for _, path := range []string{"/claude/v1/models", "/nope/v1/messages"} {
		resp, err := http.Get("http://127.0.0.1:" + strconv.Itoa(f.d.Port) + path)
		if err != nil {
			t.Fatal(err)
		}
		_, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
	}

	o := f.d.Status(context.Background())
	if !o.Installed || o.Proxy == nil || o.Stats == nil || o.Service == nil {
		t.Fatalf("overview = %+v", o)
	}
	if o.Stats.Requests["claude"] != 1 || o.Stats.UpstreamErrors != 1 {
		t.Errorf("stats = %+v", o.Stats)
	}
	var b bytes.Buffer
	if err := o.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"toolfix          v1.2.0\n",
		"proxy            running on 127.0.0.1:" + strconv.Itoa(f.d.Port) + ", pid ",
		"service          installed, running (pid 77): active (running)\n",
		"routes           claude → https://gw.example.com/anthropic (anthropic)\n",
		"requests         2 (claude 1, no route 1)\n",
		"repairs          0\n",
		"fail-opens       0\n",
		"upstream errors  1\n",
	} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("status lacks %q:\n%s", want, b.String())
		}
	}
}

func TestStatusProxyDown(t *testing.T) {
	f := newFixture(t)
	f.d.Port = closedPort(t)
	o := f.d.Status(context.Background())
	want := "no toolfix proxy answers on 127.0.0.1:" + strconv.Itoa(f.d.Port) + "; start one with `toolfix serve --upstream URL` (not installed, `toolfix serve` alone has nothing to serve)"
	if o.Installed || o.Proxy != nil || o.ProxyErr != want || !strings.Contains(o.StateErr, "not installed") {
		t.Errorf("overview = %+v; want proxy error %q", o, want)
	}
	var b bytes.Buffer
	_ = o.WriteText(&b)
	for _, want := range []string{"proxy    " + want + "\n", "install  toolfix is not installed"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("status lacks %q:\n%s", want, b.String())
		}
	}
	for _, raw := range []string{"dial tcp", "Get \"", "connection refused", "/healthz"} {
		if strings.Contains(b.String(), raw) {
			t.Errorf("status holds the HTTP client's %q:\n%s", raw, b.String())
		}
	}
}

// An older proxy answers /healthz but not /stats.
func TestStatusOlderProxy(t *testing.T) {
	old := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/healthz" {
			http.NotFound(w, r)
			return
		}
		_, _ = io.WriteString(w, `{"status":"ok","version":"v0.9.0","routes":["claude"],"pid":5,"uptime_seconds":3600}`)
	}))
	defer old.Close()
	f := newFixture(t)
	f.d.Port = portOf(t, old.URL)
	o := f.d.Status(context.Background())
	var b bytes.Buffer
	_ = o.WriteText(&b)
	for _, want := range []string{"toolfix v0.9.0, up 1h0m0s (not this binary's version: restart it)", "counters  this proxy has no /stats"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("status lacks %q:\n%s", want, b.String())
		}
	}
}

func TestCountLine(t *testing.T) {
	tests := []struct {
		m    map[string]int64
		want string
	}{
		{nil, "0"},
		{map[string]int64{"b": 2, "a": 1, "": 3}, "6 (/ 3, a 1, b 2)"},
	}
	for _, tt := range tests {
		if got := countLine(tt.m); got != tt.want {
			t.Errorf("countLine(%v) = %q, want %q", tt.m, got, tt.want)
		}
	}
}
