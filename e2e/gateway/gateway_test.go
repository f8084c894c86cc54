// Package gateway proves toolfix as a team gateway under a real load balancer: three `toolfix
// serve` replicas behind HAProxy (Debian's haproxy), all on loopback, 1,000 streams in flight,
// the replicas restarted one by one with SIGTERM. It is a package of its own so that the main e2e
// package (the npm clients) starts no slower; it needs only the go command and haproxy on PATH.
// Without haproxy it skips, except under CI=true, where it fails and says to install it.
package gateway

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/toolfix/toolfix/e2e/gateway/haproxy"
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
	hp := needHAProxy(t)
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

	ports := freePorts(t, replicas)
	var reps []*replica
	var servers []string
	for i := range replicas {
		r := &replica{bin: bin, dir: dir, port: ports[i]}
		r.start(t)
		reps = append(reps, r)
		servers = append(servers, fmt.Sprintf("127.0.0.1:%d", r.port))
	}
	t.Cleanup(func() {
		for _, r := range reps {
			if r.cmd != nil && r.cmd.ProcessState == nil {
				_ = r.cmd.Process.Kill()
				_ = r.cmd.Wait()
			}
		}
	})
	lb, err := haproxy.Start(hp, dir, servers)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(lb.Stop)

	front := lb.URL + "/t/" + token + "/models"
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
		if !lb.WaitUp(20 * time.Second) {
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
