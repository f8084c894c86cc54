package cmd

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"strings"
	"time"

	"github.com/spf13/pflag"
	"github.com/toolfix/toolfix/proxy"
	"github.com/toolfix/toolfix/proxy/sample"
)

// accessTokenEnv is the environment variable that may hold the gateway's access tokens,
// comma-separated, instead of --access-token-file.
const accessTokenEnv = "TOOLFIX_ACCESS_TOKEN"

// DefaultDrainTimeout is how long a gateway lets the requests in flight finish after SIGTERM
// unless --drain-timeout says otherwise: long enough for a long answer of a slow model. A loopback
// proxy (the per-user service, restarted by an update) waits loopbackDrainTimeout.
const DefaultDrainTimeout = 10 * time.Minute

const loopbackDrainTimeout = 5 * time.Second

// Gateway samples' bounds unless the flags say otherwise (samples are off in a gateway unless
// turned on).
const (
	gatewaySamplesMaxBytes = 256 << 20
	gatewaySamplesMaxAge   = 24 * time.Hour
)

// gatewayOptions are serve's flags for a team gateway and an orchestrator (docs/gateway.md).
type gatewayOptions struct {
	AccessTokenFile string
	PublicHosts     []string
	DrainTimeout    time.Duration
	DrainDelay      time.Duration
	LogFormat       string // "json" (the default; "" too) or "text"
	SamplesMaxBytes int64
	SamplesMaxAge   time.Duration
	tokens          []string // read by gatewayConfig
}

func addGatewayFlags(f *pflag.FlagSet, o *gatewayOptions) {
	f.StringVar(&o.AccessTokenFile, "access-token-file", "", "serve as a team gateway: the file of its access tokens, one a line (or set "+accessTokenEnv+"); needed to listen beyond loopback")
	f.StringSliceVar(&o.PublicHosts, "public-host", nil, "a gateway's own host name, accepted as Host besides loopback and IP addresses (repeatable; *.example.com matches subdomains)")
	f.DurationVar(&o.DrainTimeout, "drain-timeout", 0, "after SIGTERM, how long the requests in flight may take to finish (default 10m in a gateway, 5s on loopback)")
	f.DurationVar(&o.DrainDelay, "drain-delay", 0, "after SIGTERM, how long new requests are still taken while /readyz answers 503")
	f.StringVar(&o.LogFormat, "log-format", "json", "log format on standard error: json or text")
	f.Int64Var(&o.SamplesMaxBytes, "samples-max-bytes", 0, "most bytes all samples may take together, the oldest removed first (default none; 256 MiB in a gateway)")
	f.DurationVar(&o.SamplesMaxAge, "samples-max-age", 0, "how long a sample is kept (default for ever; 24h in a gateway)")
}

// gatewayConfig reads the access tokens (the file, then the environment through getenv) into
// o.tokens and checks the gateway flags. Errors are usage errors that say what to give.
func gatewayConfig(o *gatewayOptions, getenv func(string) string) error {
	if o.AccessTokenFile != "" {
		b, err := os.ReadFile(o.AccessTokenFile)
		if err != nil {
			return &usageError{fmt.Errorf("reading the access tokens: %w; give --access-token-file the path of a file holding one token a line", &fileError{Path: o.AccessTokenFile, Err: unwrapPath(err)})}
		}
		for _, line := range strings.Split(string(b), "\n") {
			if t := strings.TrimSpace(line); t != "" && !strings.HasPrefix(t, "#") {
				o.tokens = append(o.tokens, t)
			}
		}
		if len(o.tokens) == 0 {
			return &usageError{fmt.Errorf("the access-token file %s holds no token: put a long random one in it (openssl rand -hex 32 > %s)", o.AccessTokenFile, o.AccessTokenFile)}
		}
	}
	for _, t := range strings.Split(getenv(accessTokenEnv), ",") {
		if t = strings.TrimSpace(t); t != "" {
			o.tokens = append(o.tokens, t)
		}
	}
	for _, t := range o.tokens {
		if err := proxy.CheckToken(t); err != nil {
			return &usageError{fmt.Errorf("access token: %w", err)}
		}
	}
	if len(o.PublicHosts) > 0 && len(o.tokens) == 0 {
		return &usageError{errors.New("--public-host is for a gateway: give its access token too, with --access-token-file FILE or " + accessTokenEnv)}
	}
	if o.DrainTimeout < 0 || o.DrainDelay < 0 {
		return &usageError{fmt.Errorf("--drain-timeout %s, --drain-delay %s: give positive durations, such as --drain-timeout 10m --drain-delay 5s", o.DrainTimeout, o.DrainDelay)}
	}
	if o.LogFormat != "" && o.LogFormat != "json" && o.LogFormat != "text" {
		return &usageError{fmt.Errorf("--log-format %q: the formats are json and text", o.LogFormat)}
	}
	if o.SamplesMaxBytes < 0 || o.SamplesMaxAge < 0 {
		return &usageError{errors.New("--samples-max-bytes and --samples-max-age must not be negative")}
	}
	if o.DrainTimeout == 0 {
		o.DrainTimeout = loopbackDrainTimeout
		if o.gateway() {
			o.DrainTimeout = DefaultDrainTimeout
		}
	}
	return nil
}

func unwrapPath(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// gateway reports whether serve runs as a team gateway (it has access tokens).
func (o *gatewayOptions) gateway() bool { return len(o.tokens) > 0 }

// notLoopbackError refuses a non-loopback listen address without an access token, saying how to
// set one. An address with no host (":8080") or an unspecified one (0.0.0.0, [::]) means every
// interface, which the message says first, with the loopback address of the same port.
func notLoopbackError(addr string) error {
	host, port, _ := net.SplitHostPort(addr)
	gateway := fmt.Sprintf("put a long random token in a file (openssl rand -hex 32 > token) and give --access-token-file token (or set %s), then point clients at http://HOST:%s/t/<token>/<route> (docs/gateway.md)", accessTokenEnv, port)
	if ip := net.ParseIP(host); host == "" || ip != nil && ip.IsUnspecified() {
		return &usageError{fmt.Errorf("listen address %q means every interface, not a loopback address: for this machine alone give --listen 127.0.0.1:%s; toolfix listens on every interface only as a team gateway, with an access token so that no one else can use it: %s", addr, port, gateway)}
	}
	return &usageError{fmt.Errorf("listen address %q is not a loopback address: toolfix listens beyond 127.0.0.1, ::1 or localhost only as a team gateway, with an access token so that no one else can use it; %s", addr, gateway)}
}

// newLogger makes serve's logger on w in the chosen format ("json" or "text").
func newLogger(w io.Writer, format string, level slog.Level) *slog.Logger {
	o := &slog.HandlerOptions{Level: level}
	if format == "text" {
		return slog.New(slog.NewTextHandler(w, o))
	}
	return slog.New(slog.NewJSONHandler(w, o))
}

// samplesBounds are the samples' limits: the flags', else a gateway's defaults, else none.
func (o *gatewayOptions) samplesBounds() sample.Bounds {
	b := sample.Bounds{MaxBytes: o.SamplesMaxBytes, MaxAge: o.SamplesMaxAge}
	if o.gateway() {
		if b.MaxBytes == 0 {
			b.MaxBytes = gatewaySamplesMaxBytes
		}
		if b.MaxAge == 0 {
			b.MaxAge = gatewaySamplesMaxAge
		}
	}
	return b
}

// drain stops hs after a stop signal: srv turns unready at once (/readyz 503), takes new requests
// for o.DrainDelay more, then hs stops listening and lets the requests in flight finish for up to
// o.DrainTimeout; those still open then are cut. It logs what it did and returns nil: a drain is
// a clean stop, whatever it had to cut.
func drain(hs *http.Server, srv *proxy.Server, o *gatewayOptions, logger *slog.Logger) {
	srv.Drain()
	open := srv.Stats.Snapshot().StreamsOpen
	logger.Info("draining", "delay", o.DrainDelay.String(), "timeout", o.DrainTimeout.String(), "streams_open", open)
	if o.DrainDelay > 0 {
		time.Sleep(o.DrainDelay)
	}
	ctx, cancel := context.WithTimeout(context.Background(), o.DrainTimeout)
	defer cancel()
	if err := hs.Shutdown(ctx); err != nil {
		cut := srv.Stats.Snapshot().StreamsOpen
		_ = hs.Close()
		logger.Warn("drain timed out; cut the requests still open", "timeout", o.DrainTimeout.String(), "streams_cut", cut)
	}
}
