package cmd

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestServeConfig(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.json")
	_ = os.WriteFile(good, []byte(`{"listen":"127.0.0.1:5000","routes":[{"name":"claude","upstream":"https://api.anthropic.com"}]}`), 0o600)
	typo := filepath.Join(dir, "typo.json")
	_ = os.WriteFile(typo, []byte(`{"routes":[{"name":"claude","upstrem":"https://x"}]}`), 0o600)
	tests := []struct {
		name       string
		opts       serveOptions
		wantListen string
		wantErr    string
	}{
		{"upstream", serveOptions{Upstream: "https://api.anthropic.com"}, "127.0.0.1:47821", ""},
		{"listen ipv6 loopback", serveOptions{Upstream: "http://x", Listen: "[::1]:0"}, "[::1]:0", ""},
		{"config", serveOptions{Config: good}, "127.0.0.1:5000", ""},
		{"flag wins over config listen", serveOptions{Config: good, Listen: "localhost:7"}, "localhost:7", ""},
		{"not loopback", serveOptions{Upstream: "http://x", Listen: "0.0.0.0:1"}, "", "not a loopback address"},
		{"all interfaces", serveOptions{Upstream: "http://x", Listen: ":80"}, "", "not a loopback address"},
		{"no port", serveOptions{Upstream: "http://x", Listen: "47821x"}, "", `listen address "47821x" is not host:port: give a loopback host and a port, such as 127.0.0.1:47821`},
		{"bad port", serveOptions{Upstream: "http://x", Listen: "127.0.0.1:47821x"}, "", "is not host:port"},
		{"port too big", serveOptions{Upstream: "http://x", Listen: "localhost:99999"}, "", "is not host:port"},
		{"both", serveOptions{Upstream: "http://x", Config: good}, "", "cannot be used together"},
		{"bad upstream", serveOptions{Upstream: "ftp://x"}, "", "scheme must be http or https"},
		{"typo in config", serveOptions{Config: typo}, "", "unknown field"},
		{"missing config", serveOptions{Config: filepath.Join(dir, "none.json")}, "", "none.json: there is no such file; give --config the path of a routes file"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cfg, err := serveConfig(&tc.opts)
			if wantedError(t, err, tc.wantErr) {
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if cfg.Listen != tc.wantListen {
				t.Errorf("listen = %q, want %q", cfg.Listen, tc.wantListen)
			}
		})
	}
}

// TestServeConfigSamplesDir: "samples_dir" in a routes file is taken from the file's folder when
// relative, as it is when absolute, and --samples-dir wins over it.
func TestServeConfigSamplesDir(t *testing.T) {
	dir := t.TempDir()
	write := func(name, samplesDir string) string {
		p := filepath.Join(dir, name)
		b, _ := json.Marshal(map[string]any{"samples_dir": samplesDir, "routes": []map[string]string{{"name": "claude", "upstream": "https://api.anthropic.com"}}})
		if err := os.WriteFile(p, b, 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	abs := filepath.Join(t.TempDir(), "samples")
	tests := []struct {
		name string
		opts serveOptions
		want string
	}{
		{"relative to the file", serveOptions{Config: write("rel.json", "kept")}, filepath.Join(dir, "kept")},
		{"absolute", serveOptions{Config: write("abs.json", abs)}, abs},
		{"flag wins", serveOptions{Config: write("flag.json", "kept"), SamplesDir: "/elsewhere"}, "/elsewhere"},
		{"none", serveOptions{Upstream: "https://api.anthropic.com"}, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cfg, err := serveConfig(&tc.opts)
			if err != nil {
				t.Fatal(err)
			}
			if cfg.SamplesDir != tc.want {
				t.Errorf("samples dir = %q, want %q", cfg.SamplesDir, tc.want)
			}
		})
	}
}

func TestServeRefusesNonLoopbackExit2(t *testing.T) {
	var out, errOut bytes.Buffer
	code := Run([]string{"serve", "--listen", "0.0.0.0:0", "--upstream", "http://127.0.0.1:1"}, &IOStreams{In: strings.NewReader(""), Out: &out, ErrOut: &errOut})
	if code != 2 || !strings.Contains(errOut.String(), "not a loopback address") {
		t.Fatalf("code %d, stderr %q", code, errOut.String())
	}
}

// TestServeRuns starts `toolfix serve --listen 127.0.0.1:0 --upstream URL` as the README says,
// reads the printed address, sends a request through it and stops it.
func TestServeRuns(t *testing.T) {
	tempHome(t) // serve opens its samples folder in the state folder
	tempHome(t) // serve keeps samples in the state folder
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `{"path":"`+r.URL.Path+`"}`)
	}))
	defer up.Close()
	pr, pw := io.Pipe()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan int, 1)
	var errOut bytes.Buffer
	go func() {
		done <- RunContext(ctx, []string{"serve", "--listen", "127.0.0.1:0", "--upstream", up.URL + "/prefix"}, &IOStreams{In: strings.NewReader(""), Out: pw, ErrOut: &errOut})
		pw.Close()
	}()
	line := make([]byte, 200)
	n, err := pr.Read(line)
	if err != nil {
		t.Fatal(err)
	}
	go func() { _, _ = io.Copy(io.Discard, pr) }()
	addr := strings.TrimSpace(strings.TrimPrefix(string(line[:n]), "toolfix listening on "))
	if !strings.HasPrefix(addr, "http://127.0.0.1:") {
		t.Fatalf("printed %q", line[:n])
	}
	resp, err := http.Get(addr + "/v1/models")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if string(b) != `{"path":"/prefix/v1/models"}` {
		t.Errorf("got %s", b)
	}
	resp, err = http.Get(addr + "/healthz")
	if err != nil {
		t.Fatal(err)
	}
	var h map[string]any
	_ = json.NewDecoder(resp.Body).Decode(&h)
	resp.Body.Close()
	if h["status"] != "ok" {
		t.Errorf("healthz %v", h)
	}
	cancel()
	if code := <-done; code != 0 {
		t.Errorf("exit %d: %s", code, errOut.String())
	}
	if !strings.Contains(errOut.String(), `"msg":"listening"`) {
		t.Errorf("no JSON log line: %s", errOut.String())
	}
}

// TestServePortInUse: serve on a port another program holds exits 1 with one line that says what
// to try, not the socket library's words.
func TestServePortInUse(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	addr := ln.Addr().String()
	var out, errOut bytes.Buffer
	code := Run([]string{"serve", "--listen", addr, "--upstream", "http://127.0.0.1:1"}, &IOStreams{In: strings.NewReader(""), Out: &out, ErrOut: &errOut})
	want := "toolfix: cannot listen on " + addr + ": another program already listens there, maybe another toolfix (`toolfix status` tells); stop it, or choose another port with --listen 127.0.0.1:0 (any free port) or --listen 127.0.0.1:PORT\n"
	if code != 1 || errOut.String() != want {
		t.Errorf("exit %d, stderr\n%s\nwant\n%s", code, errOut.String(), want)
	}
	if strings.Contains(errOut.String(), "bind:") {
		t.Errorf("stderr holds the socket library's words: %s", errOut.String())
	}
}
