package cmd

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/spf13/cobra"
	"github.com/toolfix/toolfix/install"
	"github.com/toolfix/toolfix/install/doctor"
	"github.com/toolfix/toolfix/providers"
	"github.com/toolfix/toolfix/proxy"
	"github.com/toolfix/toolfix/proxy/observe"
)

type runOptions struct {
	Client      string   // one of providers.Clients; "" tells it from the command's name
	Argv        []string // the client's command line
	Samples     string
	SamplesDir  string
	SamplesKeep int
	NoService   bool   // never use the installed service
	LogFile     string // the private proxy's JSON log; "" discards it
	Quiet       bool   // no summary line at the end

	// For tests; zero values mean the real thing.
	env  *providers.Env // the user's home and environment
	dirs *install.Dirs  // toolfix's folders, for the installed state
	cwd  string         // the project folder
}

// newRunCmdWith builds the run command; runF, when not nil, gets the parsed options instead of
// running (tests).
func newRunCmdWith(ios *IOStreams, runF func(*runOptions) error) *cobra.Command {
	opts := &runOptions{}
	c := &cobra.Command{
		Use:   "run [flags] -- claude|opencode|codex|kilo|qwen [args...]",
		Short: "Run a coding agent once through the repair, without installing anything",
		Long: `Run Claude Code, OpenCode, Codex CLI, Kilo CLI or Qwen Code once with toolfix's repair in between,
changing no file.

toolfix reads where the client sends its requests today — for Claude Code ANTHROPIC_BASE_URL from
its settings files or your environment (else https://api.anthropic.com); for OpenCode and Kilo every
provider's baseURL in their config files and OPENCODE_CONFIG_CONTENT or KILO_CONFIG_CONTENT, plus
the built-in anthropic and openai providers; for Codex every model_providers.<id>.base_url of its
config.toml and the built-in openai provider; for Qwen Code OPENAI_BASE_URL from your environment,
else ~/.qwen/.env, else the modelProviders.openai entry of its model — starts a proxy on a free
loopback port for this run, and hands the client the proxy's URL: Claude Code through --settings
(which wins over your settings files), OpenCode and Kilo through their CONFIG_CONTENT variable,
Codex through -c overrides, Qwen Code through --openai-base-url. When an installed toolfix service answers, the run goes through it instead
where it already serves the same upstream.

Signals toolfix gets go to the client (except the terminal's Ctrl-C and Ctrl-\, which reach the
client directly). toolfix exits with the client's status (128+N when a signal N killed it) and stops
the proxy after; a line on standard error then says what was repaired.`,
		Args: func(_ *cobra.Command, args []string) error {
			if len(args) == 0 {
				return &usageError{errors.New("give the client to run: toolfix run -- claude [args...]")}
			}
			return nil
		},
		RunE: func(c *cobra.Command, args []string) error {
			opts.Argv = args
			if runF != nil {
				return runF(opts)
			}
			return runRun(c.Context(), opts, ios)
		},
	}
	f := c.Flags()
	f.SetInterspersed(false)
	f.StringVar(&opts.Client, "client", "", "the client: claude, opencode, codex, kilo or qwen (default: from the command's name)")
	f.BoolVar(&opts.NoService, "no-service", false, "always start a proxy for this run, even when the installed service answers")
	f.StringVar(&opts.LogFile, "log", "", "write the proxy's JSON log to this file")
	f.BoolVarP(&opts.Quiet, "quiet", "q", false, "print no summary at the end")
	addSampleFlags(f, &opts.Samples, &opts.SamplesDir, &opts.SamplesKeep)
	return c
}

// clientKind tells the client from the --client flag or the command's file name (any folder and a
// .exe or .cmd suffix ignored).
func clientKind(flag, command string) (string, error) {
	name := flag
	if name == "" {
		name = strings.ToLower(command[strings.LastIndexAny(command, `/\`)+1:])
		for _, ext := range []string{".exe", ".cmd", ".bat"} {
			name = strings.TrimSuffix(name, ext)
		}
	}
	if slices.Contains(providers.Clients, name) {
		return name, nil
	}
	if flag != "" {
		return "", &usageError{fmt.Errorf("--client %q: want one of %s", flag, strings.Join(providers.Clients, ", "))}
	}
	return "", &usageError{fmt.Errorf("cannot tell which client %q is: give --client with one of %s", command, strings.Join(providers.Clients, ", "))}
}

func runRun(ctx context.Context, opts *runOptions, ios *IOStreams) error {
	kind, err := clientKind(opts.Client, opts.Argv[0])
	if err != nil {
		return err
	}
	env, dirs, cwd, err := opts.context()
	if err != nil {
		return err
	}
	var targets []runTarget
	var notes []string
	switch kind {
	case providers.Claude:
		up, err := claudeUpstream(env, cwd)
		if err != nil {
			return err
		}
		targets = []runTarget{{ID: providers.Claude, Upstream: up, Protocol: "anthropic"}}
	case providers.OpenCode, providers.Kilo:
		if targets, notes, err = openCodeTargets(runFamilies[kind], env, cwd); err != nil {
			return err
		}
	case providers.Codex:
		if targets, notes, err = codexTargets(env); err != nil {
			return err
		}
	case providers.Qwen:
		t, err := qwenTarget(env)
		if err != nil {
			return err
		}
		targets = []runTarget{t}
	}
	st, err := install.LoadState(dirs)
	if err != nil && !errors.Is(err, install.ErrNotInstalled) {
		notes = append(notes, fmt.Sprintf("toolfix: ignoring the installed state: %v", err))
	}
	var svc *runService
	if st != nil && !opts.NoService {
		svc = probeService(ctx, st.Port)
	}
	targets, routes, err := place(kind, targets, st, svc)
	if err != nil {
		return err
	}
	for _, n := range notes {
		fmt.Fprintln(ios.ErrOut, n)
	}

	var srv *proxy.Server
	base := ""
	stop := func() {}
	if len(routes) > 0 {
		var stopProxy func()
		srv, base, stopProxy, err = startRunProxy(opts, routes)
		if err != nil {
			return err
		}
		stop = sync.OnceFunc(stopProxy)
		defer stop()
	}
	for i := range targets {
		t := &targets[i]
		switch t.Via {
		case "private":
			t.URL = base + "/" + t.Route
		case "service":
			t.URL = svc.base
			if t.Route != "" {
				t.URL += "/" + t.Route
			}
		}
	}
	args, childEnv, err := handOff(kind, opts.Argv, os.Environ(), env, targets)
	if err != nil {
		return err
	}
	code, err := runChild(ctx, args, childEnv, ios)
	if err != nil {
		return err
	}
	stop() // the run's proxy stops and writes its last samples before the summary counts them
	if !opts.Quiet {
		fmt.Fprintln(ios.ErrOut, summary(srv, opts))
	}
	if code != 0 {
		return &ExitError{Code: code}
	}
	return nil
}

// context returns the user's environment, toolfix's folders and the project folder.
func (o *runOptions) context() (providers.Env, install.Dirs, string, error) {
	var env providers.Env
	if o.env != nil {
		env = *o.env
	} else {
		e, err := providers.OSEnv()
		if err != nil {
			return env, install.Dirs{}, "", err
		}
		env = e
	}
	dirs := install.DefaultDirs()
	if o.dirs != nil {
		dirs = *o.dirs
	}
	cwd := o.cwd
	if cwd == "" {
		wd, err := os.Getwd()
		if err != nil {
			return env, dirs, "", fmt.Errorf("finding the current folder: %w", err)
		}
		cwd = wd
	}
	return env, dirs, cwd, nil
}

// probeService asks the installed service on port whether it serves, and what: /healthz must
// answer toolfix's JSON; its routes come from /stats (an older toolfix without /stats is used only
// for clients already routed to it).
func probeService(ctx context.Context, port int) *runService {
	base := fmt.Sprintf("http://127.0.0.1:%d", port)
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	get := func(path string, v any) bool {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, base+path, nil)
		resp, err := http.DefaultTransport.RoundTrip(req)
		if err != nil {
			return false
		}
		defer resp.Body.Close()
		return resp.StatusCode == http.StatusOK && json.NewDecoder(io.LimitReader(resp.Body, 1<<20)).Decode(v) == nil
	}
	var h struct {
		Status string   `json:"status"`
		Routes []string `json:"routes"`
	}
	if !get("/healthz", &h) || h.Status != "ok" || h.Routes == nil {
		return nil
	}
	svc := &runService{base: base, port: port}
	var st observe.StatsReport
	if get("/stats", &st) {
		svc.routes = st.Routes
	}
	return svc
}

// startRunProxy starts a proxy for this run on a free loopback port and returns its base URL and a
// function that stops it.
func startRunProxy(opts *runOptions, routes []proxy.Route) (*proxy.Server, string, func(), error) {
	logger := slog.New(slog.DiscardHandler)
	var logFile *os.File
	if opts.LogFile != "" {
		f, err := os.OpenFile(opts.LogFile, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
		if err != nil {
			return nil, "", nil, fmt.Errorf("opening the log %q: %w", opts.LogFile, err)
		}
		logFile = f
		logger = slog.New(slog.NewJSONHandler(f, nil))
	}
	store, err := openSamples(opts.Samples, opts.SamplesDir, opts.SamplesKeep)
	if err != nil {
		return nil, "", nil, err
	}
	srv, err := proxy.New(proxy.Options{Routes: routes, Version: Version, Logger: logger, Samples: store})
	if err != nil {
		return nil, "", nil, err
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, "", nil, fmt.Errorf("listening on a loopback port: %w", err)
	}
	hs := &http.Server{Handler: srv, ReadHeaderTimeout: 30 * time.Second, ErrorLog: slog.NewLogLogger(logger.Handler(), slog.LevelWarn)}
	done := make(chan struct{})
	go func() {
		_ = hs.Serve(ln)
		close(done)
	}()
	logger.Info("listening", "addr", ln.Addr().String(), "routes", srv.RouteNames())
	stop := func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if hs.Shutdown(ctx) != nil {
			_ = hs.Close()
		}
		<-done
		srv.Wait()
		if logFile != nil {
			_ = logFile.Close()
		}
	}
	return srv, "http://" + ln.Addr().String(), stop, nil
}

// summary is the line printed after the run.
func summary(srv *proxy.Server, opts *runOptions) string {
	if srv == nil {
		return "toolfix: this run went through the installed toolfix service; its /stats and /metrics count the repairs"
	}
	snap := srv.Stats.Snapshot()
	var reqs int64
	for _, n := range snap.Requests {
		reqs += n
	}
	var kinds []string
	for _, k := range snap.RepairKinds() {
		kinds = append(kinds, fmt.Sprintf("%s ×%d", k, snap.Repairs[k]))
	}
	sort.Strings(kinds)
	repairs := "nothing to repair"
	if len(kinds) > 0 {
		repairs = "repaired " + strings.Join(kinds, ", ")
	}
	s := fmt.Sprintf("toolfix: %s, %s, %s", doctor.Count(int(reqs), "request"), repairs, doctor.Count(int(snap.FailOpens), "fail-open"))
	if snap.SamplesSaved > 0 {
		dir := opts.SamplesDir
		if dir == "" {
			dir = samplesDir()
		}
		s += fmt.Sprintf("; %s in %s", doctor.Count(int(snap.SamplesSaved), "sample"), dir)
	}
	return s
}
