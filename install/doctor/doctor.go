package doctor

import (
	"context"
	"crypto/x509"
	"errors"
	"fmt"
	"net"
	"net/http"
	"runtime"
	"sync"
	"time"

	"github.com/toolfix/toolfix/install"
	"github.com/toolfix/toolfix/providers"
	"github.com/toolfix/toolfix/service"
)

// Status is the outcome of one check.
type Status string

// The outcomes of a check, from best to worst. Skip means the check does not apply (nothing is
// installed, the client is not routed, not Linux).
const (
	OK   Status = "ok"
	Warn Status = "warn"
	Fail Status = "fail"
	Skip Status = "skip"
)

// Symbol is the mark shown before a result: ✓ ok, ! warning, ✗ failure, - skipped.
func (s Status) Symbol() string {
	switch s {
	case OK:
		return "✓"
	case Warn:
		return "!"
	case Fail:
		return "✗"
	}
	return "-"
}

// Result is what one check found.
type Result struct {
	// Name is the check's name, such as "drift" or "upstream claude".
	Name string `json:"name"`
	// Status is the outcome.
	Status Status `json:"status"`
	// Summary is the one line shown after the name.
	Summary string `json:"summary"`
	// Details are further lines (one per file, route or connection); nil when the summary says it all.
	Details []string `json:"details,omitempty"`
	// Hint says what to do; "" when there is nothing to do.
	Hint string `json:"hint,omitempty"`
	// Millis is how long the check took, in milliseconds.
	Millis int64 `json:"elapsed_ms"`
	// Data is the check's findings for scripts: *Connections for "connections", *Probe for an
	// upstream, *Health for "proxy"; nil for the others.
	Data any `json:"data,omitempty"`
}

// Check is one named check. Run must return when ctx is done.
type Check struct {
	// Name is the check's name, shown first on its line.
	Name string
	// Timeout bounds Run; zero means Doctor.Timeout.
	Timeout time.Duration
	// Run performs the check. It needs to set only Status, Summary, and Details, Hint or Data
	// where they apply.
	Run func(ctx context.Context) Result
}

// ServiceStatus asks the OS's service manager about toolfix's service; *service.Manager has it.
type ServiceStatus interface {
	// Status tells whether the service is installed and running; see service.Manager.Status.
	Status() (service.Status, error)
}

// Runner runs a program and returns its standard output; the error of a failed run holds its
// standard error. Doctor runs loginctl, lsof, ps, netstat and tasklist through it.
type Runner func(ctx context.Context, name string, args ...string) ([]byte, error)

// orExec is r, or ExecRunner when r is nil.
func (r Runner) orExec() Runner {
	if r == nil {
		return ExecRunner
	}
	return r
}

// Doctor holds everything the checks read from the machine. Every field that reaches outside the
// process has a default for nil or zero, and tests replace it: a temporary home in Env, a fake
// /proc under ProcRoot, a fake file system root in Root, an Exec that prints fixtures.
type Doctor struct {
	// Version is this binary's version, compared with the running proxy's.
	Version string
	// Env is the user's home and environment (the shell's: ANTHROPIC_BASE_URL, HTTPS_PROXY, …).
	Env providers.Env
	// Dirs are toolfix's folders; the state file is read from Dirs.State.
	Dirs install.Dirs
	// Cwd is the folder whose project settings are checked; "" means no project layers are read.
	Cwd string
	// Port is the proxy's port to check; zero means the installed port, else DefaultPort.
	Port int
	// DefaultPort is the port when Port is zero and nothing is installed.
	DefaultPort int
	// GOOS is the OS whose rules apply (managed settings paths, lingering, the TCP table);
	// "" means runtime.GOOS.
	GOOS string
	// Root is prefixed to the absolute paths of system files (managed settings, the linger
	// folder); "" means the real root.
	Root string
	// ProcRoot is the /proc tree read for the TCP table on Linux; "" means "/proc".
	ProcRoot string
	// User is the login name whose lingering is checked; "" means the current user.
	User string
	// Service asks about the per-user service; nil means no service manager is available.
	Service ServiceStatus
	// Conns reads the TCP table; nil means the OS's (/proc on Linux, lsof on macOS, netstat on
	// Windows).
	Conns ConnTable
	// Exec runs helper programs; nil means ExecRunner (os/exec).
	Exec Runner
	// LookupHost resolves a host name to addresses; nil means net.DefaultResolver.LookupHost.
	LookupHost func(ctx context.Context, host string) ([]string, error)
	// Dial opens TCP connections to upstreams and proxies; nil means a net.Dialer.
	Dial func(ctx context.Context, network, addr string) (net.Conn, error)
	// RootCAs verifies upstream certificates; nil means the system's.
	RootCAs *x509.CertPool
	// HTTPClient asks the proxy's /healthz and /stats; nil means a client with a 3-second timeout.
	HTTPClient *http.Client
	// Timeout bounds each check; zero means 5 seconds.
	Timeout time.Duration
	// UpstreamTimeout bounds each upstream's check; zero means 10 seconds.
	UpstreamTimeout time.Duration
	// ManagedSettings are Claude Code's managed settings files; nil means the OS's (under Root).
	ManagedSettings []string
}

// Report is the result of every check, in the order of Checks.
type Report struct {
	// Version is this binary's version.
	Version string `json:"version"`
	// Port is the proxy port checked.
	Port int `json:"port"`
	// StateDir is toolfix's state folder.
	StateDir string `json:"state_dir"`
	// Checks are the results.
	Checks []Result `json:"checks"`
}

// Failed reports whether any check failed: doctor's exit status is then non-zero.
func (r *Report) Failed() bool {
	for _, c := range r.Checks {
		if c.Status == Fail {
			return true
		}
	}
	return false
}

// session is one run's shared reading of the state, made once before the checks start.
type session struct {
	d     *Doctor
	st    *install.State // nil when not installed or unreadable
	stErr error          // why st is nil; install.ErrNotInstalled when nothing is installed
	port  int
	goos  string

	healthOnce sync.Once
	healthRes  *Health
	healthErr  error
	own        sync.Map // netip.AddrPort -> true: local ends of doctor's own connections to the proxy
}

func (d *Doctor) session() *session {
	s := &session{d: d, goos: d.GOOS}
	if s.goos == "" {
		s.goos = runtime.GOOS
	}
	s.st, s.stErr = install.LoadState(d.Dirs)
	if s.stErr != nil {
		s.st = nil
	}
	s.port = d.Port
	if s.port == 0 && s.st != nil {
		s.port = s.st.Port
	}
	if s.port == 0 {
		s.port = d.DefaultPort
	}
	return s
}

// installed reports whether a finished install's state was read; checks that need it skip
// otherwise, with the reason.
func (s *session) installed() (Result, bool) {
	switch {
	case errors.Is(s.stErr, install.ErrNotInstalled):
		return Result{Status: Skip, Summary: "toolfix is not installed"}, false
	case s.stErr != nil:
		return Result{Status: Skip, Summary: "the state cannot be read"}, false
	case s.st.Phase != install.PhaseInstalled:
		return Result{Status: Skip, Summary: "an install was interrupted"}, false
	}
	return Result{}, true
}

// afterInstall is check run only when a finished install's state was read; otherwise it skips
// with installed's reason.
func (s *session) afterInstall(check func(context.Context) Result) func(context.Context) Result {
	return func(ctx context.Context) Result {
		if r, ok := s.installed(); !ok {
			return r
		}
		return check(ctx)
	}
}

// Checks lists the checks of this machine, in the order they are shown: the install, the client
// configs, the layers over them, the service, the proxy, each route.
func (d *Doctor) Checks() []Check {
	return d.session().checks()
}

func (s *session) checks() []Check {
	cs := []Check{
		{Name: "install", Run: s.checkInstall},
		{Name: "configs", Run: s.checkConfigs},
		{Name: "drift", Run: s.afterInstall(s.checkDrift)},
		{Name: "claude-layers", Run: s.afterInstall(s.checkClaudeLayers)},
		{Name: "opencode-layers", Run: s.afterInstall(s.checkOpenCodeLayers)},
		{Name: "opencode-auth", Run: s.afterInstall(s.checkOpenCodeAuth)},
		{Name: "codex-layers", Run: s.afterInstall(s.checkCodexLayers)},
		{Name: "kilo-layers", Run: s.afterInstall(s.checkKiloLayers)},
		{Name: "qwen-layers", Run: s.afterInstall(s.checkQwenLayers)},
		{Name: "service", Run: s.afterInstall(s.checkService)},
	}
	if s.goos == "linux" {
		cs = append(cs, Check{Name: "linger", Run: s.afterInstall(s.checkLinger)})
	}
	cs = append(cs,
		Check{Name: "proxy", Run: s.checkProxy},
		Check{Name: "proxy-env", Run: s.checkProxyEnv},
		Check{Name: "self-reference", Run: s.afterInstall(s.checkSelfReference)},
	)
	if s.st != nil {
		for _, r := range s.st.Routes {
			cs = append(cs, Check{Name: "upstream " + r.Name, Timeout: s.d.upstreamTimeout(), Run: func(ctx context.Context) Result { return s.checkUpstream(ctx, r) }})
		}
	}
	cs = append(cs, Check{Name: "connections", Run: s.checkConnections})
	if s.st != nil && s.st.Gateway != "" {
		return s.gatewayChecks(cs)
	}
	return cs
}

func (d *Doctor) upstreamTimeout() time.Duration {
	if d.UpstreamTimeout > 0 {
		return d.UpstreamTimeout
	}
	return 10 * time.Second
}

// Run runs every check in parallel, each under its own timeout, and returns their results in
// order. A check that does not return in time is reported as failed.
func (d *Doctor) Run(ctx context.Context) *Report {
	s := d.session()
	return &Report{Version: d.Version, Port: s.port, StateDir: d.Dirs.State, Checks: d.runAll(ctx, s.checks())}
}

// runAll runs checks in parallel and returns their results in the same order.
func (d *Doctor) runAll(ctx context.Context, checks []Check) []Result {
	res := make([]Result, len(checks))
	var wg sync.WaitGroup
	for i, c := range checks {
		wg.Go(func() { res[i] = d.runOne(ctx, c) })
	}
	wg.Wait()
	return res
}

// timeoutGrace is how long a check whose time is up may take to return its own answer.
const timeoutGrace = 200 * time.Millisecond

// runOne runs c under its timeout and names it in its result.
func (d *Doctor) runOne(ctx context.Context, c Check) Result {
	timeout := c.Timeout
	if timeout == 0 {
		timeout = d.Timeout
	}
	if timeout == 0 {
		timeout = 5 * time.Second
	}
	cctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	start := time.Now()
	done := make(chan Result, 1)
	go func() {
		defer func() {
			if p := recover(); p != nil {
				done <- Result{Status: Fail, Summary: fmt.Sprintf("the check crashed: %v", p), Hint: "please report this as a bug of toolfix"}
			}
		}()
		done <- c.Run(cctx)
	}()
	var r Result
	select {
	case r = <-done:
	case <-cctx.Done():
		// A check that heeds ctx says best what it was waiting for: give it a moment to say it.
		grace := time.NewTimer(timeoutGrace)
		defer grace.Stop()
		select {
		case r = <-done:
		case <-grace.C:
			r = Result{Status: Fail, Summary: fmt.Sprintf("no answer within %s", timeout)}
		}
	}
	r.Name = c.Name
	r.Millis = time.Since(start).Milliseconds()
	return r
}
