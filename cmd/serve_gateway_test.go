package cmd

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/toolfix/toolfix/proxy/syncbuf"
)

const testToken = "gw-token-0123456789abcdef"

func tokenFile(t *testing.T, content string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "token")
	if err := os.WriteFile(p, []byte(content), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestServeGatewayRefusal: a non-loopback listen without a token is refused (exit 2) with a
// sentence that names the flag, the environment variable and the URL shape.
func TestServeGatewayRefusal(t *testing.T) {
	t.Setenv(accessTokenEnv, "")
	var out, errOut bytes.Buffer
	code := Run([]string{"serve", "--listen", "0.0.0.0:0", "--upstream", "http://127.0.0.1:1"}, &IOStreams{In: strings.NewReader(""), Out: &out, ErrOut: &errOut})
	for _, want := range []string{"not a loopback address", "--access-token-file", accessTokenEnv, "/t/<token>/<route>"} {
		if code != 2 || !strings.Contains(errOut.String(), want) {
			t.Errorf("code %d, stderr %q, want %q", code, errOut.String(), want)
		}
	}
}

func TestServeGatewayConfig(t *testing.T) {
	tests := []struct {
		name     string
		opts     serveOptions
		env      string
		wantErr  string // "" when accepted
		tokens   int
		drain    time.Duration
		samples  string
		hideText string // never in the error
	}{
		{name: "file", opts: serveOptions{Listen: "0.0.0.0:0", gatewayOptions: gatewayOptions{AccessTokenFile: tokenFile(t, "# team\n"+testToken+"\n\nother-token-0123456789\n")}}, tokens: 2, drain: DefaultDrainTimeout, samples: "off"},
		{name: "env", opts: serveOptions{Listen: "[::]:0"}, env: testToken + ", other-token-0123456789", tokens: 2, drain: DefaultDrainTimeout, samples: "off"},
		{name: "samples turned on", opts: serveOptions{Listen: "0.0.0.0:0", Samples: "repairs"}, env: testToken, tokens: 1, drain: DefaultDrainTimeout, samples: "repairs"},
		{name: "drain flag", opts: serveOptions{Listen: "0.0.0.0:0", gatewayOptions: gatewayOptions{DrainTimeout: time.Minute}}, env: testToken, tokens: 1, drain: time.Minute, samples: "off"},
		{name: "loopback keeps its short drain", opts: serveOptions{Listen: "127.0.0.1:0"}, drain: loopbackDrainTimeout},
		{name: "short token", opts: serveOptions{Listen: "0.0.0.0:0"}, env: "abc123secret", wantErr: "too short", hideText: "abc123secret"},
		{name: "token with a slash", opts: serveOptions{Listen: "0.0.0.0:0", gatewayOptions: gatewayOptions{AccessTokenFile: tokenFile(t, "abc/def/0123456789abcdef")}}, wantErr: "letters, digits", hideText: "0123456789abcdef"},
		{name: "empty file", opts: serveOptions{Listen: "0.0.0.0:0", gatewayOptions: gatewayOptions{AccessTokenFile: tokenFile(t, "\n# none\n")}}, wantErr: "holds no token"},
		{name: "missing file", opts: serveOptions{Listen: "0.0.0.0:0", gatewayOptions: gatewayOptions{AccessTokenFile: "/nonexistent/token"}}, wantErr: "--access-token-file the path"},
		{name: "public host without token", opts: serveOptions{gatewayOptions: gatewayOptions{PublicHosts: []string{"gw.example"}}}, wantErr: "--public-host is for a gateway"},
		{name: "bad log format", opts: serveOptions{gatewayOptions: gatewayOptions{LogFormat: "xml"}}, wantErr: "--log-format"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv(accessTokenEnv, tc.env)
			opts := tc.opts
			opts.Upstream = "http://127.0.0.1:1"
			cfg, err := serveConfig(&opts)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("error %v, want one holding %q", err, tc.wantErr)
				}
				if tc.hideText != "" && strings.Contains(err.Error(), tc.hideText) {
					t.Errorf("the error shows the token: %v", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(opts.tokens) != tc.tokens || opts.DrainTimeout != tc.drain || tc.samples != "" && cfg.Samples != tc.samples {
				t.Errorf("tokens %d, drain %s, samples %q; want %d, %s, %q", len(opts.tokens), opts.DrainTimeout, cfg.Samples, tc.tokens, tc.drain, tc.samples)
			}
		})
	}
}

// TestServeDrains runs a gateway, opens a stream, stops the server (as SIGTERM does), and checks
// that the stream is still served to its end; with a drain delay, that /readyz turns 503 and the
// server stays; without, that serve exits 0 once the stream has ended, not before.
func TestServeDrains(t *testing.T) {
	t.Run("delay", func(t *testing.T) { testServeDrains(t, "1h") })
	t.Run("no delay", func(t *testing.T) { testServeDrains(t, "0s") })
}

func testServeDrains(t *testing.T, delay string) {
	tempHome(t)
	t.Setenv(accessTokenEnv, testToken)
	release := make(chan struct{})
	started := make(chan struct{}, 1)
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		_, _ = io.WriteString(w, "event: message_start\ndata: {\"type\":\"message_start\"}\n\n")
		w.(http.Flusher).Flush()
		started <- struct{}{}
		<-release
		_, _ = io.WriteString(w, "event: message_stop\ndata: {\"type\":\"message_stop\"}\n\n")
	}))
	defer up.Close()
	ctx, cancel := context.WithCancel(context.Background())
	var errOut syncbuf.Buffer
	addr, done := startServe(t, ctx, &errOut, "--listen", "127.0.0.1:0", "--upstream", up.URL, "--drain-delay", delay, "--log-format", "json")
	req, _ := http.NewRequest(http.MethodPost, addr+"/t/"+testToken+"/v1/messages", strings.NewReader(`{"stream":true}`))
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	<-started
	ready := func() int {
		r, err := http.Get(addr + "/readyz")
		if err != nil {
			t.Fatal(err)
		}
		r.Body.Close()
		return r.StatusCode
	}
	if s := ready(); s != 200 {
		t.Fatalf("/readyz %d before the stop", s)
	}
	cancel()
	for delay != "0s" && ready() != http.StatusServiceUnavailable {
		// the drain starts on the serving goroutine; poll until it has
	}
	select {
	case code := <-done:
		t.Fatalf("serve ended (%d) with a stream in flight", code)
	default:
	}
	close(release)
	b, err := io.ReadAll(resp.Body)
	if err != nil || !strings.HasSuffix(string(b), "message_stop\"}\n\n") {
		t.Fatalf("the stream in flight was cut: %q, %v", b, err)
	}
	if delay == "0s" {
		if code := <-done; code != 0 {
			t.Errorf("exit %d after the drain: %s", code, errOut.String())
		}
	}
	if strings.Contains(errOut.String(), testToken) {
		t.Errorf("the log shows the token: %s", errOut.String())
	}
	if !strings.Contains(errOut.String(), `"msg":"draining"`) || !strings.Contains(errOut.String(), `"request_id"`) {
		t.Errorf("no draining line or request id in the log: %s", errOut.String())
	}
}

// startServe runs `toolfix serve args...` until ctx ends, its log to errOut, and returns the
// address it printed ("http://HOST:PORT") and the channel of its exit code.
func startServe(t *testing.T, ctx context.Context, errOut io.Writer, args ...string) (string, <-chan int) {
	t.Helper()
	pr, pw := io.Pipe()
	done := make(chan int, 1)
	go func() {
		done <- RunContext(ctx, append([]string{"serve"}, args...), &IOStreams{In: strings.NewReader(""), Out: pw, ErrOut: errOut})
		pw.Close()
	}()
	line := make([]byte, 200)
	n, err := pr.Read(line)
	if err != nil {
		t.Fatal(err)
	}
	go func() { _, _ = io.Copy(io.Discard, pr) }()
	return strings.TrimSpace(strings.TrimPrefix(string(line[:n]), "toolfix listening on ")), done
}

// TestServeGatewayFlags holds the names the image and the chart use (docs/gateway.md): the
// packaging's command line parses to these options.
func TestServeGatewayFlags(t *testing.T) {
	c := newServeCmd(&IOStreams{In: strings.NewReader(""), Out: io.Discard, ErrOut: io.Discard})
	args := []string{"--listen", "0.0.0.0:8080", "--config", "/etc/toolfix/routes.json", "--access-token-file", "/var/run/secrets/toolfix/token",
		"--log-format", "json", "--drain-timeout", "10m", "--drain-delay", "5s", "--public-host", "toolfix.example.com,*.ai.svc.cluster.local",
		"--samples", "repairs", "--samples-max-bytes", "1048576", "--samples-max-age", "1h"}
	if err := c.ParseFlags(args); err != nil {
		t.Fatal(err)
	}
	// The options struct is the one RunE closes over: read it back through the flags.
	f := c.Flags()
	for name, want := range map[string]string{"listen": "0.0.0.0:8080", "config": "/etc/toolfix/routes.json", "access-token-file": "/var/run/secrets/toolfix/token",
		"log-format": "json", "drain-timeout": "10m0s", "drain-delay": "5s", "public-host": "[toolfix.example.com,*.ai.svc.cluster.local]",
		"samples": "repairs", "samples-max-bytes": "1048576", "samples-max-age": "1h0m0s"} {
		if got := f.Lookup(name); got == nil || got.Value.String() != want {
			t.Errorf("--%s = %v, want %s", name, got, want)
		}
	}
}
