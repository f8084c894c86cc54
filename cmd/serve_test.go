package cmd

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/toolfix/toolfix/proxy"
	"github.com/toolfix/toolfix/proxy/syncbuf"
)

func TestServeConfig(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.json")
	_ = os.WriteFile(good, []byte(`{"listen":"127.0.0.1:5000","routes":[{"name":"claude","upstream":"https://api.anthropic.com"}]}`), 0o600)
	endpoint := filepath.Join(dir, "endpoint.json")
	_ = os.WriteFile(endpoint, []byte(`{"routes":[{"name":"a","upstream":"http://x/base/v1/responses"}]}`), 0o600)
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
		{"port too big", serveOptions{Upstream: "http://x", Listen: "localhost:99999"}, "", `listen address "localhost:99999": port 99999 is out of range: a port is 1 to 65535 (0 picks a free one), such as 127.0.0.1:47821`},
		{"port negative", serveOptions{Upstream: "http://x", Listen: "127.0.0.1:-1"}, "", "port -1 is out of range"},
		{"no host", serveOptions{Upstream: "http://x", Listen: ":8787"}, "", `listen address ":8787" means every interface, not a loopback address: for this machine alone give --listen 127.0.0.1:8787; toolfix listens on every interface only as a team gateway`},
		{"unspecified host", serveOptions{Upstream: "http://x", Listen: "[::]:9"}, "", "means every interface, not a loopback address: for this machine alone give --listen 127.0.0.1:9;"},
		{"other host", serveOptions{Upstream: "http://x", Listen: "10.1.2.3:5"}, "", `listen address "10.1.2.3:5" is not a loopback address: toolfix listens beyond`},
		{"endpoint upstream", serveOptions{Upstream: "https://api.anthropic.com/v1/messages/"}, "", `--upstream "https://api.anthropic.com/v1/messages/" ends in the API endpoint /v1/messages, which each request's path adds again (/v1/messages/v1/messages): give the base URL, https://api.anthropic.com`},
		{"endpoint upstream, chat", serveOptions{Upstream: "http://vllm:8000/v1/chat/completions"}, "", "ends in the API endpoint /v1/chat/completions, which each request's path adds again (/v1/chat/completions/v1/chat/completions): give the base URL, http://vllm:8000"},
		{"endpoint upstream in config", serveOptions{Config: endpoint}, "", `route "a": upstream "http://x/base/v1/responses" ends in the API endpoint /v1/responses, which each request's path adds again (/v1/responses/v1/responses): give the base URL, http://x/base`},
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
	ctx, cancel := context.WithCancel(context.Background())
	var errOut syncbuf.Buffer
	addr, done := startServe(t, ctx, &errOut, "--listen", "127.0.0.1:0", "--upstream", up.URL+"/prefix")
	if !strings.HasPrefix(addr, "http://127.0.0.1:") {
		t.Fatalf("printed %q", addr)
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

// TestServePortInUseInstalled: when the installed port is taken, serve points at `toolfix install
// --port N` (which moves the clients too), not --listen; a port held by another user's socket is
// said to be theirs.
func TestServePortInUseInstalled(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	addr := ln.Addr().String()
	old := installedConfig
	installedConfig = func() (proxy.Config, error) {
		return proxy.Config{Listen: addr, Samples: "off", Routes: []proxy.Route{{Name: "claude", Upstream: "http://127.0.0.1:1"}}}, nil
	}
	defer func() { installedConfig = old }()
	for _, owner := range []string{"", "user alice (uid 1001)"} {
		otherUser(t, owner)
		var errOut bytes.Buffer
		code := Run([]string{"serve"}, &IOStreams{In: strings.NewReader(""), Out: &bytes.Buffer{}, ErrOut: &errOut})
		want := "move toolfix and its clients to another port with `toolfix install --port N` (--listen would leave the clients on this one)"
		if owner != "" {
			want = "a program of " + owner + " already listens there, maybe their toolfix, and it is not yours to stop; " + want
		}
		if code != 1 || !strings.Contains(errOut.String(), want) || strings.Contains(errOut.String(), "--listen 127.0.0.1:0") {
			t.Errorf("owner %q: exit %d, stderr\n%s\nwant it to say %q", owner, code, errOut.String(), want)
		}
	}
}

// TestServeRefusesEveryNonLoopback: serve exits 2 without listening for any address that is not
// loopback only, given by flag or by config file.
func TestServeRefusesEveryNonLoopback(t *testing.T) {
	tempHome(t)
	dir := t.TempDir()
	tests := []struct {
		listen string
		ok     bool
	}{
		{"0.0.0.0:0", false},
		{":0", false},
		{"[::]:0", false},
		{"192.168.1.10:0", false},
		{"10.0.0.1:0", false},
		{"example.com:0", false},
		{"localhost.example.com:0", false},
		{"127.0.0.1", false}, // no port
		{"[fe80::1%lo]:0", false},
		{"127.0.0.1:0", true},
		{"127.9.9.9:0", true},
		{"[::1]:0", true},
		{"localhost:0", true},
	}
	for _, tc := range tests {
		for _, via := range []string{"flag", "config"} {
			t.Run(via+" "+tc.listen, func(t *testing.T) {
				args := []string{"serve", "--upstream", "http://127.0.0.1:1", "--listen", tc.listen}
				if via == "config" {
					f := filepath.Join(dir, fmt.Sprintf("c%d.json", len(tc.listen)))
					if err := os.WriteFile(f, []byte(`{"listen":"`+tc.listen+`","routes":[{"name":"a","upstream":"http://127.0.0.1:1"}]}`), 0o600); err != nil {
						t.Fatal(err)
					}
					args = []string{"serve", "--config", f}
				}
				if tc.ok {
					opts := &serveOptions{Upstream: "http://127.0.0.1:1", Listen: tc.listen}
					if _, err := serveConfig(opts); err != nil {
						t.Fatalf("a loopback address was refused: %v", err)
					}
					return
				}
				var out, errOut bytes.Buffer
				code := RunContext(context.Background(), args, &IOStreams{In: strings.NewReader(""), Out: &out, ErrOut: &errOut})
				if code != 2 || !strings.Contains(errOut.String(), "not a loopback address") && !strings.Contains(errOut.String(), "is not host:port") || strings.Contains(out.String(), "listening") {
					t.Fatalf("code %d, stdout %q, stderr %q", code, out.String(), errOut.String())
				}
			})
		}
	}
}

// TestServeLogsHoldNoSecrets runs `toolfix serve --log-level debug` as a user would and sends it
// requests carrying secrets (headers, query, body, tool arguments) down paths that log: a repair,
// a fail-open, an unreachable upstream, a broken upstream stream, an upstream error echoing the
// key. No secret may appear on standard output or standard error, and no credential in the
// samples it writes (--samples all).
func TestServeLogsHoldNoSecrets(t *testing.T) {
	secrets := []string{"CANARYkey0001", "CANARYbearer0002", "CANARYcookie0003", "CANARYquery0004", "CANARYarg0005", "CANARYbody0006", "CANARYuserinfo0007"}
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		switch {
		case strings.HasSuffix(r.URL.Path, "/repair/v1/messages"):
			w.Header().Set("Content-Type", "text/event-stream")
			_, _ = io.WriteString(w, "event: message_start\ndata: {\"type\":\"message_start\",\"message\":{}}\n\n"+
				"event: content_block_start\ndata: {\"type\":\"content_block_start\",\"index\":0,\"content_block\":{\"type\":\"tool_use\",\"id\":\"t\",\"name\":\"T\",\"input\":{}}}\n\n"+
				"event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"input_json_delta\",\"partial_json\":\"{\\\"a\\\":\\\"[\\\\\\\""+secrets[4]+"\\\\\\\"]\\\"}\"}}\n\n"+
				"event: content_block_stop\ndata: {\"type\":\"content_block_stop\",\"index\":0}\n\n"+
				"event: message_delta\ndata: {\"type\":\"message_delta\",\"delta\":{\"stop_reason\":\"end_turn\"}}\n\n")
		case strings.HasSuffix(r.URL.Path, "/drop/v1/messages"):
			conn, bw, _ := http.NewResponseController(w).Hijack()
			fmt.Fprintf(bw, "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n10\r\ndata: %s", secrets[4][:10])
			_ = bw.Flush()
			conn.Close()
		default:
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusUnauthorized)
			_, _ = io.WriteString(w, `{"type":"error","error":{"type":"authentication_error","message":"invalid x-api-key `+secrets[0]+`"}}`)
		}
	}))
	defer up.Close()
	host := strings.TrimPrefix(up.URL, "http://")
	cfg := filepath.Join(t.TempDir(), "routes.json")
	routes := fmt.Sprintf(`{"routes":[{"name":"repair","upstream":"http://u:%[1]s@%[2]s/repair"},{"name":"drop","upstream":"http://u:%[1]s@%[2]s/drop"},`+
		`{"name":"down","upstream":"http://u:%[1]s@127.0.0.1:1"},{"name":"echo","upstream":"http://u:%[1]s@%[2]s/echo"}]}`, secrets[6], host)
	if err := os.WriteFile(cfg, []byte(routes), 0o600); err != nil {
		t.Fatal(err)
	}
	tempHome(t)
	samples := filepath.Join(t.TempDir(), "samples")
	pr, pw := io.Pipe()
	var errOut syncbuf.Buffer
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan int, 1)
	go func() {
		done <- RunContext(ctx, []string{"serve", "--listen", "127.0.0.1:0", "--config", cfg, "--log-level", "debug", "--samples", "all", "--samples-dir", samples},
			&IOStreams{In: strings.NewReader(""), Out: pw, ErrOut: &errOut})
		pw.Close()
	}()
	line := make([]byte, 200)
	n, err := pr.Read(line)
	if err != nil {
		t.Fatal(err)
	}
	var rest bytes.Buffer
	copied := make(chan struct{})
	go func() { _, _ = io.Copy(&rest, pr); close(copied) }()
	addr := strings.TrimSpace(strings.TrimPrefix(string(line[:n]), "toolfix listening on "))
	body := `{"system":"` + secrets[5] + `","tools":[{"name":"T","input_schema":{"type":"object","properties":{"a":{"type":"array"}}}}]}`
	for _, route := range []string{"repair", "drop", "down", "echo", "nowhere"} {
		req, _ := http.NewRequest(http.MethodPost, addr+"/"+route+"/v1/messages?key="+secrets[3], strings.NewReader(body))
		req.Header.Set("x-api-key", secrets[0])
		req.Header.Set("Authorization", "Bearer "+secrets[1])
		req.Header.Set("Cookie", "s="+secrets[2])
		if resp, err := http.DefaultClient.Do(req); err == nil {
			_, _ = io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
		}
	}
	cancel()
	if code := <-done; code != 0 {
		t.Fatalf("serve exited %d: %s", code, errOut.String())
	}
	<-copied
	logs := string(line[:n]) + rest.String() + errOut.String()
	for _, want := range []string{`"msg":"repaired"`, `"msg":"upstream unreachable"`, `"msg":"reading upstream"`} {
		if !strings.Contains(logs, want) {
			t.Errorf("no %s line: the path was not exercised\n%s", want, logs)
		}
	}
	for _, s := range secrets {
		if strings.Contains(logs, s) {
			t.Errorf("secret %s is in serve's output:\n%s", s, logs)
		}
	}
	// The samples keep the conversation (the argument and the body) by design, never a credential.
	ents, err := os.ReadDir(samples)
	if err != nil || len(ents) < 4 {
		t.Fatalf("%d samples written (%v): the exchanges were not sampled", len(ents), err)
	}
	for _, e := range ents {
		b, err := os.ReadFile(filepath.Join(samples, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range []string{secrets[0], secrets[1], secrets[2], secrets[3], secrets[6]} {
			if strings.Contains(string(b), s) {
				t.Errorf("credential %s is in sample %s", s, e.Name())
			}
		}
	}
}
