package proxy

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"sync"
	"testing"
	"testing/iotest"

	"github.com/toolfix/toolfix/proxy/cases"
	"github.com/toolfix/toolfix/proxy/client"
	"github.com/toolfix/toolfix/proxy/inspect"
	"github.com/toolfix/toolfix/proxy/observe"
)

// caseUpstream serves one case's upstream body in random small writes, flushing after each, gzipped
// when the case's meta says so, and records the request it got.
type caseUpstream struct {
	c    cases.Case
	seed int64

	mu     sync.Mutex
	gotReq []byte
	gotHdr http.Header
}

func (u *caseUpstream) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	u.mu.Lock()
	u.gotReq, u.gotHdr = body, r.Header.Clone()
	u.mu.Unlock()
	cases.WriteUpstream(w, u.c, u.seed, 40)
}

// oneByteTransport hands the proxy the upstream body one byte per read.
type oneByteTransport struct{ http.RoundTripper }

func (t oneByteTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	resp, err := t.RoundTripper.RoundTrip(r)
	if err == nil {
		resp.Body = struct {
			io.Reader
			io.Closer
		}{iotest.OneByteReader(resp.Body), resp.Body}
	}
	return resp, err
}

// casePath is the request path a case of protocol is posted to: the one analyze gives its bodies.
func casePath(protocol string) string { return inspect.PathOf(protocol) }

// runCase sends the case's request through a toolfix Server to its upstream and returns the body
// the client received and the server's counters.
func runCase(t *testing.T, c cases.Case, seed int64, oneByte bool) ([]byte, observe.Snapshot) {
	t.Helper()
	up := &caseUpstream{c: c, seed: seed}
	ups := httptest.NewServer(up)
	defer ups.Close()
	upTr, clTr := resettingTransport(), resettingTransport()
	opts := Options{Transport: upTr}
	if oneByte {
		opts.Transport = oneByteTransport{upTr}
	}
	srv, ps := newServer(t, ups.URL, opts)
	req := newJSONPost(t, ps.URL+casePath(c.Protocol), bytes.NewReader(c.Request))
	req.Header.Set("x-api-key", "sk-ant-test-canary")
	resp, got := readAnswer(t, &http.Client{Transport: clTr}, req)
	// the client ends of both connections close first, with a reset: thousands of case runs
	// leave no TIME_WAIT behind to use up the loopback ports other tests listen on
	clTr.CloseIdleConnections()
	upTr.CloseIdleConnections()
	if resp.StatusCode != c.Status {
		t.Fatalf("status %d, want %d", resp.StatusCode, c.Status)
	}
	if !bytes.Equal(up.gotReq, c.Request) {
		t.Fatalf("the upstream got a different request body")
	}
	return got, srv.Stats.Snapshot()
}

func TestAnthropicCases(t *testing.T) {
	testCases(t, "anthropic", client.Checks["anthropic"])
}

// testCases runs every case of protocol through the HTTP path three ways: whole random writes,
// one byte per read, and another random chunking; passthrough cases must come out byte-identical
// with no repair counted, the others must accumulate to the wanted message.
func testCases(t *testing.T, protocol string, check func(want json.RawMessage, body []byte, stream bool) error) {
	for _, c := range cases.ForTest(t, protocol) {
		for _, mode := range []struct {
			name    string
			seed    int64
			oneByte bool
		}{{"chunks", 1, false}, {"onebyte", 2, true}, {"chunks2", 3, false}} {
			t.Run(c.Name+"/"+mode.name, func(t *testing.T) {
				got, snap := runCase(t, c, mode.seed, mode.oneByte)
				if c.Want.Passthrough {
					if !bytes.Equal(got, c.Upstream) {
						t.Fatalf("passthrough case changed:\n%s", firstDiff(got, c.Upstream))
					}
					if len(snap.Repairs) > 0 {
						t.Errorf("repairs counted on a passthrough case: %v", snap.Repairs)
					}
					return
				}
				if err := check(c.Want.Message, got, c.Stream); err != nil {
					t.Fatalf("%v\nbody:\n%s", err, got)
				}
				for _, k := range c.Want.Repairs {
					if !slices.Contains(snap.RepairKinds(), k) {
						t.Errorf("repair kind %q not counted; counted %v", k, snap.RepairKinds())
					}
				}
			})
		}
	}
}

func firstDiff(got, want []byte) string {
	i := 0
	for i < len(got) && i < len(want) && got[i] == want[i] {
		i++
	}
	lo := max(0, i-80)
	return fmt.Sprintf("at byte %d:\n got: %q\nwant: %q", i, got[lo:min(len(got), i+80)], want[lo:min(len(want), i+80)])
}
