package gateway

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/toolfix/toolfix/e2e/gateway/haproxy"
	"github.com/toolfix/toolfix/proxy/cases"
)

// The cluster of the rolling-restart test: the toolfix binary, the mock model server, the
// replicas, and what HAProxy says of them.

func needHAProxy(t *testing.T) string {
	t.Helper()
	p, err := haproxy.Find()
	if err == nil {
		return p
	}
	if os.Getenv("CI") == "true" {
		t.Fatal("haproxy is not installed: the gateway test needs it under CI (apt-get install -y haproxy; .ci/run does)")
	}
	t.Skip("haproxy is not installed (apt-get install haproxy); this test runs under CI=true, where haproxy is required")
	return ""
}

// buildToolfix builds ./cmd/toolfix of this module into dir.
func buildToolfix(t *testing.T, dir string) string {
	t.Helper()
	gomod, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil {
		t.Fatalf("finding the module (go env GOMOD): %v", err)
	}
	bin := filepath.Join(dir, "toolfix")
	build := exec.Command("go", "build", "-o", bin, "./cmd/toolfix")
	build.Dir = filepath.Dir(strings.TrimSpace(string(gomod)))
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building toolfix: %v\n%s", err, out)
	}
	return bin
}

// freePorts returns n loopback ports free a moment ago (the replicas must come back on theirs).
func freePorts(t *testing.T, n int) []int {
	t.Helper()
	var ports []int
	var lns []net.Listener
	for range n {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		lns = append(lns, ln)
		ports = append(ports, ln.Addr().(*net.TCPAddr).Port)
	}
	for _, ln := range lns {
		ln.Close()
	}
	return ports
}

// upstream is the mock model server: it answers each request with the case named by its X-Case
// header, in pieces, pace apart.
func upstream(t *testing.T, byName map[string]cases.Case) *http.Server {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		c, ok := byName[r.Header.Get("X-Case")]
		if !ok {
			http.Error(w, "no such case", http.StatusBadRequest)
			return
		}
		w.Header().Set("Content-Type", "text/event-stream")
		rc := http.NewResponseController(w)
		b := c.Upstream
		size := (len(b) + pieces - 1) / pieces
		for len(b) > 0 {
			n := min(size, len(b))
			if _, err := w.Write(b[:n]); err != nil {
				return
			}
			_ = rc.Flush()
			b = b[n:]
			if len(b) > 0 {
				time.Sleep(pace) // the model's pace, not a synchronisation
			}
		}
	})}
	go func() { _ = srv.Serve(ln) }()
	t.Cleanup(func() { srv.Close() })
	srv.Addr = ln.Addr().String()
	return srv
}

// replica is one `toolfix serve` process on a fixed port.
type replica struct {
	bin, dir string
	port     int
	cmd      *exec.Cmd
	log      bytes.Buffer
}

func (r *replica) start(t *testing.T) {
	t.Helper()
	r.log.Reset()
	cmd := exec.Command(r.bin, "serve", "--listen", fmt.Sprintf("127.0.0.1:%d", r.port), "--config", filepath.Join(r.dir, "routes.json"),
		"--access-token-file", filepath.Join(r.dir, "token"), "--public-host", publicHost, "--log-format", "json", "--drain-delay", "1s")
	cmd.Env = append(os.Environ(), "HOME="+r.dir, "XDG_STATE_HOME="+filepath.Join(r.dir, "state"), "TOOLFIX_ACCESS_TOKEN=")
	cmd.Stderr = &r.log
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil || !strings.HasPrefix(line, "toolfix listening on ") {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		t.Fatalf("replica on %d did not start (%q, %v): %s", r.port, line, err, r.log.String())
	}
	go func() { _, _ = io.Copy(io.Discard, out) }()
	r.cmd = cmd
}

// streamsOpen asks the replica's /stats how many streams it holds.
func (r *replica) streamsOpen() int {
	resp, err := http.Get(fmt.Sprintf("http://127.0.0.1:%d/t/%s/stats", r.port, token))
	if err != nil {
		return -1
	}
	defer resp.Body.Close()
	var s struct {
		StreamsOpen int `json:"streams_open"`
	}
	if err := jsonDecode(resp.Body, &s); err != nil {
		return -1
	}
	return s.StreamsOpen
}

// waitFor polls cond every 20 ms for up to limit: it waits on other processes' state (a health
// check, a restart), which tells of its changes no other way.
func waitFor(limit time.Duration, cond func() bool) bool {
	for end := time.Now().Add(limit); time.Now().Before(end); time.Sleep(20 * time.Millisecond) {
		if cond() {
			return true
		}
	}
	return cond()
}

func jsonDecode(r io.Reader, v any) error { return json.NewDecoder(r).Decode(v) }
