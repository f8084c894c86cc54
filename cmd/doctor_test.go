package cmd

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/toolfix/toolfix/install/doctor"
	"github.com/toolfix/toolfix/providers/configtest"
	"github.com/toolfix/toolfix/proxy"
)

func TestDoctorFlags(t *testing.T) {
	tests := []struct {
		args    []string
		want    doctorOptions
		wantErr string
	}{
		{nil, doctorOptions{}, ""},
		{[]string{"--json", "--port", "50000", "--timeout", "2s"}, doctorOptions{JSON: true, Port: 50000, Timeout: 2 * time.Second}, ""},
		{[]string{"--port", "0"}, doctorOptions{}, "not a TCP port"},
		{[]string{"--timeout", "-1s"}, doctorOptions{}, "must be positive"},
		{[]string{"extra"}, doctorOptions{}, "unknown"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			got, err := parseFlags(newDoctorCmd, tt.args...)
			if wantedError(t, err, tt.wantErr) {
				return
			}
			if err != nil || got == nil || *got != tt.want {
				t.Errorf("options %+v, err %v; want %+v", got, err, tt.want)
			}
		})
	}
}

func TestStatusFlags(t *testing.T) {
	if got, err := parseFlags(newStatusCmd, "--json", "--port", "4000"); err != nil || got == nil || *got != (statusOptions{JSON: true, Port: 4000}) {
		t.Errorf("options %+v, err %v", got, err)
	}
	code, _, stderr := run(t, "", false, "status", "--port", "70000")
	if code != 2 || !strings.Contains(stderr, "not a TCP port") {
		t.Errorf("status --port 70000: exit %d, %s", code, stderr)
	}
}

func TestDoctorHelp(t *testing.T) {
	code, stdout, _ := run(t, "", false, "doctor", "--help")
	for _, want := range []string{"✓ ok, ! warning, ✗ failure", "--json", "exit status is 1", "HTTPS_PROXY", "current folder"} {
		if code != 0 || !strings.Contains(stdout, want) {
			t.Errorf("doctor --help (exit %d) lacks %q:\n%s", code, want, stdout)
		}
	}
}

// holdEnv names the address TestHelperHoldConnection connects to when the test binary runs as
// the client of TestDoctorNamesConnectedClient.
const holdEnv = "TOOLFIX_TEST_HOLD_CONNECTION"

// TestHelperHoldConnection is not a test: run as a child process with holdEnv set, it sends one
// request to the proxy through one connection, reads the answer, says "connected" and keeps the
// connection open until its standard input closes.
func TestHelperHoldConnection(t *testing.T) {
	addr := os.Getenv(holdEnv)
	if addr == "" {
		return
	}
	c, err := net.Dial("tcp", addr)
	if err != nil {
		fmt.Println("dial:", err)
		os.Exit(1)
	}
	fmt.Fprintf(c, "GET /claude/v1/models HTTP/1.1\r\nHost: %s\r\nx-api-key: sk-test\r\n\r\n", addr)
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		fmt.Println("reading:", err)
		os.Exit(1)
	}
	_, _ = io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	fmt.Printf("connected %d\n", resp.StatusCode)
	_, _ = io.Copy(io.Discard, os.Stdin)
	c.Close()
	os.Exit(0)
}

// TestDoctorNamesConnectedClient is the real run: install on a temporary home, a real proxy on a
// loopback port serving the installed routes, a child process holding a connection to it, then
// `toolfix doctor --json` names the child's pid and `toolfix status` counts its request.
func TestDoctorNamesConnectedClient(t *testing.T) {
	home := tempHome(t)
	clearEnv(t, "CLAUDE_CODE_USE_BEDROCK", "CLAUDE_CODE_USE_VERTEX", "CLAUDE_CODE_USE_FOUNDRY", "OPENCODE_CONFIG_CONTENT")
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `{"data":[]}`)
	}))
	defer up.Close()
	writeFile(t, filepath.Join(home, ".claude", "settings.json"), `{"env": {"ANTHROPIC_BASE_URL": "`+up.URL+`/anthropic"}}`)

	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := ln.Addr().(*net.TCPAddr).Port
	if code, stdout, stderr := run(t, "", false, "install", "--no-service", "--yes", "--port", strconv.Itoa(port)); code != 0 {
		t.Fatalf("install: exit %d\n%s\n%s", code, stdout, stderr)
	}
	cfg, err := installedConfig()
	if err != nil {
		t.Fatal(err)
	}
	srv, err := proxy.New(proxy.Options{Routes: cfg.Routes, Version: Version})
	if err != nil {
		t.Fatal(err)
	}
	hs := &http.Server{Handler: srv}
	go func() { _ = hs.Serve(ln) }()
	defer hs.Close()

	child := exec.Command(os.Args[0], "-test.run=^TestHelperHoldConnection$")
	child.Env = append(os.Environ(), holdEnv+"="+ln.Addr().String())
	stdin, err := child.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := child.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := child.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		stdin.Close()
		_ = child.Wait()
	}()
	line, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil || line != "connected 200\n" {
		t.Fatalf("child said %q (%v)", line, err)
	}
	pid := child.Process.Pid

	code, out, stderr := run(t, "", false, "doctor", "--json")
	if code != 0 {
		t.Errorf("doctor --json: exit %d\n%s\n%s", code, out, stderr)
	}
	var rep struct {
		Port   int `json:"port"`
		Checks []struct {
			Name   string          `json:"name"`
			Status string          `json:"status"`
			Data   json.RawMessage `json:"data"`
		} `json:"checks"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("doctor --json: %v\n%s", err, out)
	}
	if rep.Port != port {
		t.Errorf("doctor checked port %d, the installed port is %d", rep.Port, port)
	}
	var conns *doctor.Connections
	for _, c := range rep.Checks {
		if c.Status == "fail" {
			t.Errorf("check %s failed:\n%s", c.Name, out)
		}
		if c.Name == "connections" {
			if err := json.Unmarshal(c.Data, &conns); err != nil {
				t.Fatalf("connections data: %v\n%s", err, c.Data)
			}
		}
	}
	if conns == nil {
		t.Fatalf("no connections check:\n%s", out)
	}
	found := false
	for _, c := range conns.Clients {
		if c.PID == pid {
			found = true
			if !strings.Contains(c.Command, filepath.Base(os.Args[0])) || c.Count != 1 {
				t.Errorf("client %d: %+v", pid, c)
			}
		}
	}
	if !found || conns.ProxyPID != os.Getpid() {
		t.Errorf("connections do not name the child (pid %d) and the proxy (pid %d): %+v", pid, os.Getpid(), conns)
	}
	upAddr := up.Listener.Addr().String()
	reached := false
	for _, u := range conns.Upstreams {
		reached = reached || u.Remote == upAddr
	}
	if !reached {
		t.Errorf("the proxy's connection to the upstream %s is not listed: %+v", upAddr, conns.Upstreams)
	}

	// The same, for people.
	code, out, _ = run(t, "", false, "doctor")
	if want := fmt.Sprintf("(pid %d) → toolfix", pid); code != 0 || !strings.Contains(out, want) || !strings.Contains(out, "No problems found.") {
		t.Errorf("doctor: exit %d, lacks %q:\n%s", code, want, out)
	}

	code, out, _ = run(t, "", false, "status")
	for _, want := range []string{fmt.Sprintf("running on 127.0.0.1:%d, pid %d", port, os.Getpid()), "requests         1 (claude 1)", "fail-opens       0"} {
		if code != 0 || !strings.Contains(out, want) {
			t.Errorf("status: exit %d, lacks %q:\n%s", code, want, out)
		}
	}
	code, out, _ = run(t, "", false, "status", "--json")
	var st doctor.Overview
	if err := json.Unmarshal([]byte(out), &st); err != nil || code != 0 || st.Stats == nil || st.Stats.Requests["claude"] != 1 || !st.Installed {
		t.Errorf("status --json: exit %d, %v\n%s", code, err, out)
	}
}

// With nothing listening, doctor and status exit 1.
func TestDoctorAndStatusProxyDown(t *testing.T) {
	tempHome(t)
	port := strconv.Itoa(configtest.RefusingPort(t))
	code, out, _ := run(t, "", false, "doctor", "--port", port)
	if code != 1 || !strings.Contains(out, "✗ proxy") || !strings.Contains(out, "no toolfix proxy answers on 127.0.0.1:"+port) || !strings.Contains(out, "✗ install") {
		t.Errorf("doctor: exit %d\n%s", code, out)
	}
	code, out, _ = run(t, "", false, "status", "--port", port)
	if code != 1 || !strings.Contains(out, "no toolfix proxy answers on 127.0.0.1:"+port+"; start one with `toolfix serve --upstream URL`") {
		t.Errorf("status: exit %d\n%s", code, out)
	}
}

// TestDoctorStripsUpstreamEscapes holds issue 13 item 8: an upstream's reason phrase and error body
// with terminal escape sequences (clear the screen, set the title, write the clipboard) reach the
// terminal stripped, through the one filter every command's output passes.
func TestDoctorStripsUpstreamEscapes(t *testing.T) {
	home := tempHome(t)
	clearEnv(t)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go func() {
				defer c.Close()
				if _, err := http.ReadRequest(bufio.NewReader(c)); err != nil {
					return
				}
				body := "{\"error\":{\"message\":\"bad key\x1b]52;c;cm0gLXJmIH4=\x07\x1b[2J\u009b1m\"}}"
				_, _ = c.Write([]byte("HTTP/1.1 401 \x1b]0;pwned\x07Unauthorized\x1b[2J\r\nContent-Type: application/json\r\nConnection: close\r\nContent-Length: " + strconv.Itoa(len(body)) + "\r\n\r\n" + body))
			}()
		}
	}()
	writeFile(t, filepath.Join(home, ".claude", "settings.json"), `{"env": {"ANTHROPIC_BASE_URL": "http://`+ln.Addr().String()+`/anthropic"}}`)
	if code, stdout, stderr := run(t, "", false, "install", "--no-service", "--yes", "--port", "1"); code != 0 {
		t.Fatalf("install: exit %d\n%s\n%s", code, stdout, stderr)
	}
	_, out, errOut := run(t, "", false, "doctor", "--port", "1")
	if !strings.Contains(out, "Unauthorized") {
		t.Fatalf("doctor did not report the upstream's answer:\n%s", out)
	}
	for _, s := range []string{out, errOut} {
		if strings.ContainsAny(s, "\x1b\x07\u009b") {
			t.Errorf("doctor printed a control character:\n%q", s)
		}
	}
	// With colour on, doctor's own marks keep their colours; the upstream's sequences still go.
	var cout, cerr bytes.Buffer
	Run([]string{"doctor", "--port", "1"}, &IOStreams{In: strings.NewReader(""), Out: &cout, ErrOut: &cerr, Color: true})
	colored := cout.String()
	if !strings.Contains(colored, "\x1b[31m✗\x1b[0m proxy") || !strings.Contains(colored, "Unauthorized") {
		t.Errorf("doctor's marks lost their colours:\n%q", colored)
	}
	if rest := strings.NewReplacer("\x1b[31m", "", "\x1b[32m", "", "\x1b[33m", "", "\x1b[2m", "", "\x1b[0m", "").Replace(colored); strings.ContainsAny(rest, "\x1b\x07\u009b") {
		t.Errorf("doctor printed a control character beside its colours:\n%q", colored)
	}
}
