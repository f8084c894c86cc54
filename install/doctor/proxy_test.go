package doctor

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/toolfix/toolfix/install"
	"github.com/toolfix/toolfix/providers/configtest"
	"github.com/toolfix/toolfix/proxy"
)

// startProxy runs a real toolfix proxy on a loopback port and returns the port.
func startProxy(t *testing.T, version string, routes ...string) int {
	t.Helper()
	var rs []proxy.Route
	for _, r := range routes {
		rs = append(rs, proxy.Route{Name: r, Upstream: "http://127.0.0.1:1"})
	}
	srv, err := proxy.New(proxy.Options{Routes: rs, Version: version})
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(srv)
	t.Cleanup(hs.Close)
	return portOf(t, hs.URL)
}

func portOf(t *testing.T, raw string) int {
	t.Helper()
	u, err := url.Parse(raw)
	if err != nil {
		t.Fatal(err)
	}
	p, err := strconv.Atoi(u.Port())
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// closedPort is a loopback port nothing listens on, held for the rest of the test so that no
// other test can be given it (configtest.RefusingPort).
func closedPort(t *testing.T) int {
	t.Helper()
	return configtest.RefusingPort(t)
}

func TestCheckProxy(t *testing.T) {
	t.Run("this version", func(t *testing.T) {
		f := newFixture(t)
		f.claudeInstalled("")
		f.d.Port = startProxy(t, "v1.2.0", "claude")
		r := f.run("proxy")
		expect(t, r, OK, "toolfix v1.2.0 answers on 127.0.0.1:", "pid "+strconv.Itoa(os.Getpid()), "routes claude")
		if h, ok := r.Data.(*Health); !ok || h.PID != os.Getpid() {
			t.Errorf("data = %#v", r.Data)
		}
	})
	t.Run("old binary still running", func(t *testing.T) {
		f := newServiceFixture(t)
		f.d.Port = startProxy(t, "v1.1.0", "claude")
		exe := filepath.Join(f.d.ProcRoot, strconv.Itoa(os.Getpid()), "exe")
		if err := os.MkdirAll(filepath.Dir(exe), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink("/usr/local/bin/toolfix (deleted)", exe); err != nil {
			t.Fatal(err)
		}
		expect(t, f.run("proxy"), Warn, "runs toolfix v1.1.0, but this binary is v1.2.0", "its binary: /usr/local/bin/toolfix (replaced on disk", "toolfix install")
	})
	t.Run("older routes", func(t *testing.T) {
		f := newFixture(t)
		f.claudeInstalled("")
		f.d.Port = startProxy(t, "v1.2.0", "opencode-x")
		expect(t, f.run("proxy"), Warn, "serves routes [opencode-x], but the installed routes are [claude]", "start it again")
	})
	t.Run("nothing answers", func(t *testing.T) {
		f := newFixture(t)
		f.d.Port = closedPort(t)
		expect(t, f.run("proxy"), Fail, "no toolfix proxy answers on 127.0.0.1:"+strconv.Itoa(f.d.Port), "toolfix serve")
	})
	t.Run("nothing answers, service", func(t *testing.T) {
		f := newServiceFixture(t)
		f.d.Port = closedPort(t)
		expect(t, f.run("proxy"), Fail, "no toolfix proxy answers", "systemctl --user start toolfix")
	})
	t.Run("another program", func(t *testing.T) {
		other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.WriteHeader(http.StatusNotFound)
			_, _ = io.WriteString(w, "<html>not here</html>")
		}))
		defer other.Close()
		f := newFixture(t)
		f.d.Port = portOf(t, other.URL)
		expect(t, f.run("proxy"), Fail, "another program answers", "404 Not Found", "--port")
	})
}

func TestFetchHealthRouteObjects(t *testing.T) {
	hs := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.WriteString(w, `{"status":"ok","version":"v2","routes":[{"name":"claude","upstream":"https://x"},"opencode-y"],"pid":7,"uptime_seconds":61}`)
	}))
	defer hs.Close()
	h, err := FetchHealth(context.Background(), nil, portOf(t, hs.URL))
	if err != nil {
		t.Fatal(err)
	}
	if h.Version != "v2" || h.PID != 7 || h.UptimeSeconds != 61 || len(h.Routes) != 2 || h.Routes[0] != "claude" || h.Routes[1] != "opencode-y" {
		t.Errorf("health = %+v", h)
	}
}

// TestProxyDownWords: each way the proxy can fail to answer is one sentence naming the address,
// with a next step, and none of the HTTP client's nested errors.
func TestProxyDownWords(t *testing.T) {
	u := "http://127.0.0.1:47821/healthz"
	refused := fmt.Errorf("asking %s: %w", u, &url.Error{Op: "Get", URL: u, Err: &net.OpError{Op: "dial", Net: "tcp", Err: os.NewSyscallError("connect", syscall.ECONNREFUSED)}})
	timeout := fmt.Errorf("asking %s: %w", u, &url.Error{Op: "Get", URL: u, Err: context.DeadlineExceeded})
	reset := fmt.Errorf("asking %s: %w", u, &url.Error{Op: "Get", URL: u, Err: &net.OpError{Op: "read", Net: "tcp", Err: os.NewSyscallError("read", syscall.ECONNRESET)}})
	other := fmt.Errorf("%s answered 404 Not Found: %w", u, ErrNotToolfix)
	tests := []struct {
		name          string
		err           error
		service       bool
		summary, hint string
	}{
		{"refused, not installed", refused, false, "no toolfix proxy answers on 127.0.0.1:47821", "start one with `toolfix serve --upstream URL`"},
		{"refused, installed without a service", refused, false, "no toolfix proxy answers on 127.0.0.1:47821", "start it with `toolfix serve`"},
		{"refused, service", refused, true, "no toolfix proxy answers on 127.0.0.1:47821", "start it with `systemctl --user start toolfix`"},
		{"timeout", timeout, false, "the proxy on 127.0.0.1:47821 did not answer in time", "`toolfix doctor`"},
		{"reset", reset, false, "the proxy on 127.0.0.1:47821 cannot be reached (connection reset by peer)", "toolfix serve"},
		{"another program", other, false, "another program answers on 127.0.0.1:47821, not toolfix (its /healthz answered 404 Not Found)", "--port N"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := &session{d: &Doctor{}, port: 47821, goos: "linux"}
			if tc.service {
				s.st = &install.State{Service: true}
			} else if strings.Contains(tc.name, "installed without") {
				s.st = &install.State{}
			}
			summary, hint := s.proxyDown(tc.err)
			if summary != tc.summary || !strings.Contains(hint, tc.hint) {
				t.Errorf("proxyDown = %q, %q; want %q and a hint with %q", summary, hint, tc.summary, tc.hint)
			}
			for _, raw := range []string{"dial tcp", "Get \"", "asking", "http://"} {
				if strings.Contains(summary+hint, raw) {
					t.Errorf("%q / %q holds the HTTP client's %q", summary, hint, raw)
				}
			}
		})
	}
}
