package doctor

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/toolfix/toolfix/install"
	"github.com/toolfix/toolfix/proxy/observe"
)

// Health is the proxy's /healthz answer.
type Health struct {
	// Status is "ok" from a healthy toolfix.
	Status string `json:"status"`
	// Version is the running proxy's version.
	Version string `json:"version"`
	// Routes are the route names it serves, the root route as "/".
	Routes []string `json:"routes"`
	// PID is the proxy's process id; 0 from a proxy too old to say.
	PID int `json:"pid"`
	// UptimeSeconds is how long it has been running, in seconds.
	UptimeSeconds int64 `json:"uptime_seconds"`
}

// ErrNotToolfix is wrapped by FetchHealth's error when something answers on the port but not as
// toolfix does.
var ErrNotToolfix = errors.New("the answer is not toolfix's")

// FetchHealth asks http://127.0.0.1:<port>/healthz. Errors: nothing answers (a dial error), or
// the answer is not a toolfix health answer (wrapping ErrNotToolfix). A nil client means one
// with a 3-second timeout that keeps no connection open and uses no proxy.
func FetchHealth(ctx context.Context, client *http.Client, port int) (*Health, error) {
	var raw struct {
		Health
		Routes []json.RawMessage `json:"routes"`
	}
	if err := getJSON(ctx, client, port, "/healthz", &raw); err != nil {
		return nil, err
	}
	if raw.Status != "ok" {
		return nil, fmt.Errorf("/healthz says status %q: %w", raw.Status, ErrNotToolfix)
	}
	h := raw.Health
	h.Routes = install.RouteNames(raw.Routes)
	return &h, nil
}

// FetchStats asks the proxy's /stats for its counters since it started. Errors as FetchHealth.
func FetchStats(ctx context.Context, client *http.Client, port int) (*observe.Snapshot, error) {
	var snap observe.Snapshot
	if err := getJSON(ctx, client, port, "/stats", &snap); err != nil {
		return nil, err
	}
	return &snap, nil
}

func getJSON(ctx context.Context, client *http.Client, port int, path string, v any) error {
	if client == nil {
		// No connection is kept open: doctor's own would show among the proxy's clients.
		client = &http.Client{Timeout: 3 * time.Second, Transport: &http.Transport{DisableKeepAlives: true, Proxy: nil}}
	}
	url := "http://" + net.JoinHostPort("127.0.0.1", strconv.Itoa(port)) + path
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return fmt.Errorf("asking %s: %w", url, err)
	}
	resp, err := client.Do(req)
	if err != nil {
		return fmt.Errorf("asking %s: %w", url, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("%s answered %s: %w", url, resp.Status, ErrNotToolfix)
	}
	if err := json.NewDecoder(http.MaxBytesReader(nil, resp.Body, 1<<20)).Decode(v); err != nil {
		return fmt.Errorf("reading %s: %v: %w", url, err, ErrNotToolfix)
	}
	return nil
}

// health asks the proxy's /healthz once per session: the proxy and connections checks share the
// answer, and the connections check reads the TCP table only after doctor's own question is over
// (else doctor would see itself among the proxy's clients).
func (s *session) health(ctx context.Context) (*Health, error) {
	s.healthOnce.Do(func() { s.healthRes, s.healthErr = FetchHealth(ctx, s.httpClient(), s.port) })
	return s.healthRes, s.healthErr
}

// httpClient is Doctor.HTTPClient, or one that keeps no connection open and notes the local
// address of each connection it opens, so that the connections check can leave doctor's own
// out even while the kernel is still closing them.
func (s *session) httpClient() *http.Client {
	if s.d.HTTPClient != nil {
		return s.d.HTTPClient
	}
	dial := func(ctx context.Context, network, addr string) (net.Conn, error) {
		var d net.Dialer
		c, err := d.DialContext(ctx, network, addr)
		if err == nil {
			if ap, perr := netip.ParseAddrPort(c.LocalAddr().String()); perr == nil {
				s.own.Store(netip.AddrPortFrom(ap.Addr().Unmap(), ap.Port()), true)
			}
		}
		return c, err
	}
	return &http.Client{Timeout: 3 * time.Second, Transport: &http.Transport{DisableKeepAlives: true, DialContext: dial}}
}

// checkProxy asks the proxy's /healthz and compares its version with this binary's and its
// routes with the state's.
func (s *session) checkProxy(ctx context.Context) Result {
	addr := net.JoinHostPort("127.0.0.1", strconv.Itoa(s.port))
	h, err := s.health(ctx)
	if err != nil {
		summary, hint := s.proxyDown(err)
		return Result{Status: Fail, Summary: summary, Hint: hint}
	}
	r := Result{Status: OK, Data: h, Summary: fmt.Sprintf("toolfix %s answers on %s (pid %d, up %s), routes %s", h.Version, addr, h.PID, time.Duration(h.UptimeSeconds)*time.Second, strings.Join(h.Routes, ", "))}
	restart := "restart it: stop that `toolfix serve` and start it again"
	if s.st != nil && s.st.Service {
		restart = "restart it with `toolfix install` (it restarts the service with this binary)"
	}
	if owner, other := OtherUser(s.d.ProcRoot, s.port); other {
		r.Status = Warn
		r.Summary = fmt.Sprintf("the toolfix on %s (pid %d) belongs to %s, not to you: your clients' requests, keys included, go through another user's proxy", addr, h.PID, owner)
		r.Hint = "you cannot stop it; move yours to another port with `toolfix install --port N`"
		return r
	}
	if h.Version != s.d.Version {
		r.Status = Warn
		r.Summary = fmt.Sprintf("the proxy on %s (pid %d) runs toolfix %s, but this binary is %s", addr, h.PID, h.Version, s.d.Version)
		if exe := s.procExe(h.PID); exe != "" {
			r.Details = append(r.Details, "its binary: "+exe)
		}
		r.Hint = restart
	}
	if s.st != nil {
		var want []string
		for _, rt := range s.st.Routes {
			want = append(want, rt.Name)
		}
		have := slices.Clone(h.Routes)
		slices.Sort(have)
		if !slices.Equal(have, want) {
			r.Status = Warn
			r.Details = append(r.Details, fmt.Sprintf("it serves routes [%s], but the installed routes are [%s]", strings.Join(have, " "), strings.Join(want, " ")))
			r.Hint = restart
		}
	}
	return r
}

// proxyDown says why FetchHealth found no toolfix on the session's port, as a sentence without
// the HTTP client's nested errors, and what to do about it.
func (s *session) proxyDown(err error) (summary, hint string) {
	addr := net.JoinHostPort("127.0.0.1", strconv.Itoa(s.port))
	hint = "start it with `toolfix serve`"
	if s.st == nil {
		hint = "start one with `toolfix serve --upstream URL` (not installed, `toolfix serve` alone has nothing to serve)"
	}
	if s.st != nil && s.st.Service {
		hint = s.startHint()
	}
	var ne net.Error
	switch {
	case errors.Is(err, ErrNotToolfix):
		if owner, other := OtherUser(s.d.ProcRoot, s.port); other {
			return "a program of " + owner + " answers on " + addr + ", not toolfix (" + notToolfixReason(err) + ")",
				"it is not yours to stop; move toolfix to another port with `toolfix install --port N`"
		}
		return "another program answers on " + addr + ", not toolfix (" + notToolfixReason(err) + ")",
			"stop that program, or move toolfix to another port with `toolfix install --port N`"
	case errors.Is(err, syscall.ECONNREFUSED):
		return "no toolfix proxy answers on " + addr, hint
	case errors.Is(err, context.DeadlineExceeded), errors.As(err, &ne) && ne.Timeout():
		return "the proxy on " + addr + " did not answer in time", "see whether it is stuck: `toolfix doctor`, and its log"
	}
	return "the proxy on " + addr + " cannot be reached (" + rootCause(err) + ")", hint
}

// notToolfixReason is what FetchHealth saw instead of toolfix's answer, without URLs.
func notToolfixReason(err error) string {
	msg := strings.TrimSuffix(err.Error(), ": "+ErrNotToolfix.Error())
	if _, after, ok := strings.Cut(msg, " answered "); ok {
		return "its /healthz answered " + after
	}
	if strings.HasPrefix(msg, "/healthz says") {
		return "its " + msg
	}
	return "its /healthz answer is not toolfix's"
}

// rootCause is the innermost error of a chain: "connection reset by peer" rather than the
// client's "Get \"http://…\": dial tcp …: " around it.
func rootCause(err error) string {
	for {
		u := errors.Unwrap(err)
		if u == nil {
			return err.Error()
		}
		err = u
	}
}

// procExe is the executable of a process from /proc/<pid>/exe, marked when it was replaced on
// disk since the process started; "" when not on Linux or not readable.
func (s *session) procExe(pid int) string {
	if s.goos != "linux" || pid <= 0 {
		return ""
	}
	exe, err := os.Readlink(filepath.Join(s.procRoot(), strconv.Itoa(pid), "exe"))
	if err != nil {
		return ""
	}
	if p, ok := strings.CutSuffix(exe, " (deleted)"); ok {
		return p + " (replaced on disk since it started: it runs the old code)"
	}
	return exe
}

func (s *session) procRoot() string {
	if s.d.ProcRoot != "" {
		return s.d.ProcRoot
	}
	return "/proc"
}
