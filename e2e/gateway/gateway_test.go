// Package gateway proves toolfix as a team gateway under a real load balancer: three `toolfix
// serve` replicas behind HAProxy (Debian's haproxy), all on loopback, 1,000 streams in flight,
// the replicas restarted one by one with SIGTERM. It is a package of its own so that the main e2e
// package (the npm clients) starts no slower; it needs only the go command and haproxy on PATH.
// Without haproxy it skips, except under CI=true, where it fails and says to install it.
package gateway

import (
	"bufio"
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/toolfix/toolfix/proxy/cases"
	"github.com/toolfix/toolfix/proxy/client"
)

const (
	token      = "gateway-test-token-0123456789"
	publicHost = "toolfix.test"
	inFlight   = 1000                   // streams kept open at once
	pieces     = 10                     // each upstream body is sent in this many pieces
	pace       = 150 * time.Millisecond // between pieces: a stream lasts about 1.5 s
	replicas   = 3
)

// streamCases are the cases every stream is one of: healthy ones, which must come out
// byte-identical, and repaired ones, which must come out repaired.
var streamCases = []struct{ protocol, name string }{
	{"anthropic", "healthy-text"},
	{"anthropic", "healthy-tool-use"},
	{"anthropic", "stringified-array-todos"},
	{"anthropic", "double-stringified-array"},
	{"openai", "healthy-tool-call"},
	{"openai", "stringified-array-args"},
}

func needHAProxy(t *testing.T) string {
	t.Helper()
	p, err := exec.LookPath("haproxy")
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

// haproxyUp returns how many of the backend's servers HAProxy's stats socket says are UP.
func haproxyUp(sock string) int {
	c, err := net.Dial("unix", sock)
	if err != nil {
		return -1
	}
	defer c.Close()
	_, _ = io.WriteString(c, "show stat\n")
	b, _ := io.ReadAll(c)
	rd := csv.NewReader(bytes.NewReader(bytes.TrimPrefix(b, []byte("# "))))
	rd.FieldsPerRecord = -1
	recs, err := rd.ReadAll()
	if err != nil || len(recs) == 0 {
		return -1
	}
	col := -1
	for i, h := range recs[0] {
		if h == "status" {
			col = i
		}
	}
	up := 0
	for _, rec := range recs[1:] {
		if len(rec) > col && rec[0] == "toolfix" && rec[1] != "BACKEND" && strings.HasPrefix(rec[col], "UP") {
			up++
		}
	}
	return up
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

const haproxyConfig = `global
  maxconn 8000
  stats socket %[1]s mode 600 level admin
defaults
  mode http
  timeout connect 2s
  timeout client 2m
  timeout server 2m
  timeout queue 30s
  retries 3
  option redispatch 1
  retry-on all-retryable-errors
frontend gateway
  bind 127.0.0.1:%[2]d
  maxconn 8000
  default_backend toolfix
backend toolfix
  balance leastconn
  option httpchk
  http-check send meth GET uri /readyz ver HTTP/1.1 hdr Host 127.0.0.1
  http-check expect status 200
  timeout check 5s
  default-server inter 100ms fastinter 100ms downinter 100ms fall 2 rise 1 maxconn 5000
%[3]s`

type tally struct {
	streams, repaired, cut, bad5xx, badStatus, wrong atomic.Int64
	mu                                               sync.Mutex
	first                                            []string
}

func (t *tally) fail(counter *atomic.Int64, format string, args ...any) {
	counter.Add(1)
	t.mu.Lock()
	if len(t.first) < 5 {
		t.first = append(t.first, fmt.Sprintf(format, args...))
	}
	t.mu.Unlock()
}

// TestRollingRestartBehindHAProxy keeps inFlight streams open through HAProxy to three replicas
// and restarts each replica with SIGTERM in turn: no stream may be cut, none answered 5xx, every
// healthy stream must arrive byte-identical and every repaired case repaired.
func TestRollingRestartBehindHAProxy(t *testing.T) {
	haproxy := needHAProxy(t)
	dir := t.TempDir()
	bin := buildToolfix(t, dir)

	byName := map[string]cases.Case{}
	for _, sc := range streamCases {
		byName[sc.protocol+"/"+sc.name] = cases.NamedForTest(t, sc.protocol, sc.name)
	}
	up := upstream(t, byName)
	if err := os.WriteFile(filepath.Join(dir, "routes.json"), []byte(`{"routes":[{"name":"models","upstream":"http://`+up.Addr+`"}]}`), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "token"), []byte(token+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}

	ports := freePorts(t, replicas+1)
	var reps []*replica
	var servers strings.Builder
	for i := range replicas {
		r := &replica{bin: bin, dir: dir, port: ports[i]}
		r.start(t)
		reps = append(reps, r)
		fmt.Fprintf(&servers, "  server r%d 127.0.0.1:%d check\n", i, r.port)
	}
	t.Cleanup(func() {
		for _, r := range reps {
			if r.cmd != nil && r.cmd.ProcessState == nil {
				_ = r.cmd.Process.Kill()
				_ = r.cmd.Wait()
			}
		}
	})
	sock := filepath.Join(dir, "haproxy.sock")
	cfg := filepath.Join(dir, "haproxy.cfg")
	if err := os.WriteFile(cfg, []byte(fmt.Sprintf(haproxyConfig, sock, ports[replicas], servers.String())), 0o600); err != nil {
		t.Fatal(err)
	}
	var hlog bytes.Buffer
	hp := exec.Command(haproxy, "-db", "-f", cfg)
	hp.Stdout, hp.Stderr = &hlog, &hlog
	if err := hp.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = hp.Process.Kill(); _ = hp.Wait() })
	if !waitFor(20*time.Second, func() bool { return haproxyUp(sock) == replicas }) {
		t.Fatalf("HAProxy never saw the %d replicas up (%d up): %s", replicas, haproxyUp(sock), hlog.String())
	}

	front := fmt.Sprintf("http://127.0.0.1:%d/t/%s/models", ports[replicas], token)
	hc := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: inFlight, MaxConnsPerHost: 0, DisableCompression: true}}
	var res tally
	var open atomic.Int64
	full := make(chan struct{})
	var fullOnce sync.Once
	ctx, stop := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	for w := range inFlight {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := w; ctx.Err() == nil; i += inFlight {
				sc := streamCases[i%len(streamCases)]
				c := byName[sc.protocol+"/"+sc.name]
				if open.Add(1) >= inFlight {
					fullOnce.Do(func() { close(full) })
				}
				one(hc, front, c, &res)
				open.Add(-1)
			}
		}()
	}
	<-full
	if !waitFor(30*time.Second, func() bool {
		n := 0
		for _, r := range reps {
			n += r.streamsOpen()
		}
		return n >= inFlight*9/10
	}) {
		t.Fatalf("the replicas never held %d streams between them", inFlight*9/10)
	}
	held := make([]int, replicas)
	for i, r := range reps {
		held[i] = r.streamsOpen()
		if err := r.cmd.Process.Signal(syscall.SIGTERM); err != nil {
			t.Fatal(err)
		}
		err := r.cmd.Wait()
		if code := r.cmd.ProcessState.ExitCode(); err != nil || code != 0 {
			t.Errorf("replica %d exited %d (%v) after SIGTERM: %s", i, code, err, r.log.String())
		}
		if !strings.Contains(r.log.String(), `"msg":"draining"`) || strings.Contains(r.log.String(), "drain timed out") {
			t.Errorf("replica %d did not drain cleanly: %s", i, r.log.String())
		}
		r.start(t)
		if !waitFor(20*time.Second, func() bool { return haproxyUp(sock) == replicas }) {
			t.Fatalf("HAProxy did not see replica %d back up", i)
		}
		if open.Load() < inFlight*9/10 {
			t.Errorf("only %d streams in flight after restarting replica %d", open.Load(), i)
		}
	}
	stop()
	wg.Wait()

	t.Logf("streams: %d (%d repaired); streams open on each replica at its SIGTERM: %v; cut %d, 5xx %d, other status %d, wrong %d",
		res.streams.Load(), res.repaired.Load(), held, res.cut.Load(), res.bad5xx.Load(), res.badStatus.Load(), res.wrong.Load())
	if n := res.cut.Load() + res.bad5xx.Load() + res.badStatus.Load() + res.wrong.Load(); n > 0 {
		t.Errorf("%d streams lost or wrong; the first: %s", n, strings.Join(res.first, "\n"))
	}
	for i, h := range held {
		if h < 100 {
			t.Errorf("replica %d held only %d streams when it was sent SIGTERM: the restart proved little", i, h)
		}
	}
	if res.streams.Load() < 2*inFlight || res.repaired.Load() == 0 {
		t.Errorf("only %d streams (%d repaired) in all", res.streams.Load(), res.repaired.Load())
	}
}

// one sends case c through the gateway and checks what comes back.
func one(hc *http.Client, front string, c cases.Case, res *tally) {
	path := "/v1/messages"
	if c.Protocol == "openai" {
		path = "/v1/chat/completions"
	}
	req, err := http.NewRequest(http.MethodPost, front+path, bytes.NewReader(c.Request))
	if err != nil {
		res.fail(&res.wrong, "%v", err)
		return
	}
	req.Host = publicHost
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("x-api-key", "client-own-key")
	req.Header.Set("X-Case", c.Protocol+"/"+c.Name)
	resp, err := hc.Do(req)
	if err != nil {
		res.fail(&res.cut, "%s: %v", c.Name, err)
		return
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	res.streams.Add(1)
	switch {
	case err != nil:
		res.fail(&res.cut, "%s: reading: %v after %d bytes", c.Name, err, len(body))
		return
	case resp.StatusCode >= 500:
		res.fail(&res.bad5xx, "%s: %d %s", c.Name, resp.StatusCode, body)
		return
	case resp.StatusCode != 200:
		res.fail(&res.badStatus, "%s: %d %s", c.Name, resp.StatusCode, body)
		return
	}
	if c.Want.Passthrough {
		if !bytes.Equal(body, c.Upstream) {
			res.fail(&res.wrong, "%s: a healthy stream changed (%d bytes, want %d)", c.Name, len(body), len(c.Upstream))
		}
		return
	}
	var cmpErr error
	if c.Protocol == "openai" {
		got, err := client.ChatStream(body)
		if cmpErr = err; err == nil {
			cmpErr = client.CompareChat(c.Want.Message, got, true)
		}
	} else {
		got, err := client.AnthropicStream(body)
		if cmpErr = err; err == nil {
			cmpErr = client.CompareAnthropic(c.Want.Message, got)
		}
	}
	if cmpErr != nil {
		res.fail(&res.wrong, "%s: not repaired: %v", c.Name, cmpErr)
		return
	}
	res.repaired.Add(1)
}

func jsonDecode(r io.Reader, v any) error { return json.NewDecoder(r).Decode(v) }
