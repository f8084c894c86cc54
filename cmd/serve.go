package cmd

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/spf13/cobra"
	"github.com/toolfix/toolfix/install"
	"github.com/toolfix/toolfix/providers"
	"github.com/toolfix/toolfix/proxy"
	"github.com/toolfix/toolfix/proxy/repair"
	"github.com/toolfix/toolfix/proxy/sample"
)

// installedConfig returns the routes (and listen address) of the installed state, for `toolfix serve`
// with no flags. It is set by the install command's file; nil means no install support is built in.
// It returns an error that says to run `toolfix install` when nothing is installed.
var installedConfig func() (proxy.Config, error)

// DefaultPort is the loopback port toolfix listens on unless told otherwise.
const DefaultPort = 47821

type serveOptions struct {
	Listen      string
	Upstream    string
	Config      string
	LogLevel    string
	Samples     string // "repairs", "all", "off"; "" takes the config's, else repairs
	SamplesDir  string // "" means samplesDir()
	SamplesKeep int    // 0 takes the config's, else sample.DefaultKeep
	MaxHeld     int    // bytes; 0 takes the config's, else repair.DefaultMaxHeld
	gatewayOptions
}

func newServeCmd(ios *IOStreams) *cobra.Command {
	opts := &serveOptions{}
	c := &cobra.Command{
		Use:   "serve",
		Short: "Run the repair proxy",
		Long: `Run the repair proxy in the foreground.

With --upstream URL, one route at "/" forwards every request to URL (a path prefix in URL is kept):
POST /v1/messages goes to URL/v1/messages. With --config FILE, the named routes of FILE are served:
/<route>/<rest> goes to <route's upstream>/<rest>. With neither, the routes written by
'toolfix install' are served.

The routes file is JSON: {"routes": [{"name": "claude", "upstream": "https://api.anthropic.com"},
{"name": "moonshot", "upstream": "https://api.moonshot.ai/v1", "protocol": "openai"}]}, and may
also set "listen", "samples", "samples_dir" (relative to the file's folder), "samples_keep" and
"max_held_bytes" (the flags of the same names win). A route's "protocol" ("anthropic", "openai", "responses") is a note for doctor: the request
path chooses the dialect. Route names are letters, digits, '.', '_' and '-'; unknown fields are
refused. docs/serve.md has the whole format.

The proxy listens on loopback only, unless it is a team gateway: with --access-token-file (or
TOOLFIX_ACCESS_TOKEN) it may listen on any address, and every request must carry a token
(docs/gateway.md). --listen 127.0.0.1:0 picks a free port; the address is printed
on standard output as "toolfix listening on http://HOST:PORT". Logs go to standard error as JSON.

Every exchange in which a repair fired or was refused is kept, redacted, as a sample file in the
samples folder (the newest 100): --samples=all keeps every exchange, --samples=off none. GET
/metrics answers in the Prometheus text format, GET /stats as JSON.`,
		Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			return runServe(c.Context(), opts, ios)
		},
	}
	f := c.Flags()
	f.StringVar(&opts.Listen, "listen", "", fmt.Sprintf("loopback address to listen on (default 127.0.0.1:%d)", DefaultPort))
	f.StringVar(&opts.Upstream, "upstream", "", "serve one route at / forwarding to this base URL")
	f.StringVar(&opts.Config, "config", "", "serve the named routes of this JSON file")
	f.StringVar(&opts.LogLevel, "log-level", "info", "log level: debug, info, warn or error")
	addSampleFlags(f, &opts.Samples, &opts.SamplesDir, &opts.SamplesKeep)
	addGatewayFlags(f, &opts.gatewayOptions)
	f.IntVar(&opts.MaxHeld, "max-held", 0, fmt.Sprintf("most bytes of one tool call held for repair; past it the call passes as it came (default %d)", repair.DefaultMaxHeld))
	return c
}

// serveConfig works out the routes and listen address from the options.
func serveConfig(opts *serveOptions) (proxy.Config, error) {
	var cfg proxy.Config
	if err := gatewayConfig(&opts.gatewayOptions, os.Getenv); err != nil {
		return cfg, err
	}
	switch {
	case opts.Upstream != "" && opts.Config != "":
		return cfg, &usageError{errors.New("--upstream and --config cannot be used together")}
	case opts.Upstream != "":
		cfg.Routes = []proxy.Route{{Name: "", Upstream: opts.Upstream}}
		if err := proxy.CheckBaseURL(opts.Upstream); err != nil {
			return cfg, &usageError{fmt.Errorf("--upstream %w", err)}
		}
		if _, err := proxy.ParseUpstream(opts.Upstream); err != nil {
			return cfg, &usageError{fmt.Errorf("--upstream: %w; give the API's base URL, such as --upstream https://api.anthropic.com", err)}
		}
	case opts.Config != "":
		c, err := proxy.LoadConfig(opts.Config)
		if err != nil {
			return cfg, configError(opts.Config, err)
		}
		for _, r := range c.Routes {
			if err := proxy.CheckBaseURL(r.Upstream); err != nil {
				return cfg, &usageError{fmt.Errorf("%s: route %q: upstream %w", opts.Config, r.Name, err)}
			}
		}
		cfg = c
	default:
		if installedConfig == nil {
			return cfg, &usageError{errors.New("no routes: give --upstream URL or --config FILE")}
		}
		c, err := installedConfig()
		if errors.Is(err, install.ErrNotInstalled) {
			return cfg, fmt.Errorf("nothing to serve: %w, or give --upstream URL (one route) or --config FILE (named routes)", err)
		}
		if err != nil {
			return cfg, fmt.Errorf("loading the installed routes (give --upstream or --config, or run `toolfix install`): %w", err)
		}
		cfg = c
	}
	if opts.Listen != "" {
		cfg.Listen = opts.Listen
	}
	if opts.Samples != "" {
		cfg.Samples = opts.Samples
	}
	if opts.gateway() && cfg.Samples == "" {
		cfg.Samples = string(sample.ModeOff) // a gateway's samples hold many people's conversations
	}
	if cfg.SamplesDir != "" && !filepath.IsAbs(cfg.SamplesDir) && opts.Config != "" {
		cfg.SamplesDir = filepath.Join(filepath.Dir(opts.Config), cfg.SamplesDir)
	}
	if opts.SamplesDir != "" {
		cfg.SamplesDir = opts.SamplesDir
	}
	if opts.SamplesKeep != 0 {
		cfg.SamplesKeep = opts.SamplesKeep
	}
	if opts.MaxHeld != 0 {
		cfg.MaxHeldBytes = opts.MaxHeld
	}
	if cfg.MaxHeldBytes < 0 {
		return cfg, &usageError{fmt.Errorf("--max-held %d: a size limit must be a positive number of bytes", cfg.MaxHeldBytes)}
	}
	if _, err := sample.ParseMode(cfg.Samples); err != nil {
		return cfg, &usageError{err}
	}
	if cfg.Listen == "" {
		cfg.Listen = "127.0.0.1:" + strconv.Itoa(DefaultPort)
	}
	if _, port, err := net.SplitHostPort(cfg.Listen); err != nil || !validPort(port) {
		if n, nerr := strconv.Atoi(port); err == nil && nerr == nil && port == strconv.Itoa(n) {
			return cfg, &usageError{fmt.Errorf("listen address %q: port %d is out of range: a port is 1 to 65535 (0 picks a free one), such as 127.0.0.1:%d", cfg.Listen, n, DefaultPort)}
		}
		return cfg, &usageError{fmt.Errorf("listen address %q is not host:port: give a loopback host and a port, such as 127.0.0.1:%d (port 0 picks a free one)", cfg.Listen, DefaultPort)}
	}
	if !proxy.IsLoopback(cfg.Listen) && !opts.gateway() {
		return cfg, notLoopbackError(cfg.Listen)
	}
	if err := loopsBack(cfg); err != nil {
		return cfg, err
	}
	return cfg, nil
}

// configError says what is wrong with the routes file at path, which proxy.LoadConfig refused with
// err: a file that cannot be read, or JSON that does not parse, in words with its place; other
// errors (a bad route) as they are, since they already name the file and the route.
func configError(path string, err error) error {
	var pe *fs.PathError
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &pe):
		return fmt.Errorf("%w; give --config the path of a routes file (its format: `toolfix serve --help`)", &fileError{Path: pe.Path, Err: pe.Err})
	case errors.As(err, &se), errors.As(err, &te), errors.Is(err, io.ErrUnexpectedEOF), strings.Contains(err.Error(), "json: unknown field"):
		cause := errors.Unwrap(err)
		if errors.Is(err, io.ErrUnexpectedEOF) {
			cause = errors.New("unexpected end of JSON input")
		}
		b, _ := os.ReadFile(path)
		return fmt.Errorf("%w (fix the routes file and run again; its format: `toolfix serve --help`)", providers.ParseError(path, b, cause))
	}
	return err
}

// listenError says why serve cannot listen on addr and what to try; a port in use is the usual
// case (another toolfix, the installed service, or another program, maybe another user's). When
// installed (the port is the installed one, which the clients' configs name) the way to another
// port is `toolfix install --port N`, which moves the clients too.
func listenError(addr string, err error, installed bool) error {
	if errors.Is(err, syscall.EADDRINUSE) || strings.Contains(err.Error(), "address already in use") || strings.Contains(err.Error(), "Only one usage of each socket address") {
		move := "choose another port with --listen 127.0.0.1:0 (any free port) or --listen 127.0.0.1:PORT"
		if installed {
			move = "move toolfix and its clients to another port with `toolfix install --port N` (--listen would leave the clients on this one)"
		}
		if owner, other := portOtherUser(addr); other {
			return fmt.Errorf("cannot listen on %s: a program of %s already listens there, maybe their toolfix, and it is not yours to stop; %s", addr, owner, move)
		}
		return fmt.Errorf("cannot listen on %s: another program already listens there, maybe another toolfix (`toolfix status` tells); stop it, or %s", addr, move)
	}
	var se *os.SyscallError
	if errors.As(err, &se) {
		err = se.Err
	}
	return fmt.Errorf("cannot listen on %s (%w); choose another address with --listen 127.0.0.1:PORT", addr, err)
}

func runServe(ctx context.Context, opts *serveOptions, ios *IOStreams) error {
	cfg, err := serveConfig(opts)
	if err != nil {
		return err
	}
	var level slog.Level
	if err := level.UnmarshalText([]byte(opts.LogLevel)); err != nil {
		return &usageError{fmt.Errorf("--log-level %q: the levels are debug, info, warn and error", opts.LogLevel)}
	}
	logger := newLogger(ios.ErrOut, opts.LogFormat, level)
	store, err := openSamples(cfg.Samples, cfg.SamplesDir, cfg.SamplesKeep)
	if err != nil {
		return err
	}
	if err := store.SetBounds(opts.samplesBounds()); err != nil {
		return err
	}
	srv, err := proxy.New(proxy.Options{Routes: cfg.Routes, Version: Version, Logger: logger, Samples: store, MaxHeld: cfg.MaxHeldBytes, AccessTokens: opts.tokens, PublicHosts: opts.PublicHosts})
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", cfg.Listen)
	if err != nil {
		return listenError(cfg.Listen, err, opts.Listen == "" && opts.Upstream == "" && opts.Config == "")
	}
	hs := &http.Server{
		Handler:           srv,
		ReadHeaderTimeout: 30 * time.Second,
		IdleTimeout:       5 * time.Minute,
		// No WriteTimeout: a streamed answer may take many minutes.
		ErrorLog: slog.NewLogLogger(logger.Handler(), slog.LevelWarn),
	}
	fmt.Fprintf(ios.Out, "toolfix listening on http://%s\n", ln.Addr())
	logger.Info("listening", "addr", ln.Addr().String(), "routes", srv.RouteNames(), "version", Version, "gateway", opts.gateway())

	ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	defer stop()
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	select {
	case err := <-errc:
		return fmt.Errorf("serving on %s: %w", cfg.Listen, err)
	case <-ctx.Done():
	}
	stop() // a second signal ends the process at once
	drain(hs, srv, &opts.gatewayOptions, logger)
	srv.Wait()
	logger.Info("stopped")
	return nil
}

// validPort reports whether p is a port number, 0 to 65535.
func validPort(p string) bool {
	n, err := strconv.Atoi(p)
	return err == nil && n >= 0 && n <= 65535 && p == strconv.Itoa(n)
}
