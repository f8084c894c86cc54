package doctor

import (
	"context"
	"crypto/x509"
	"errors"
	"io"
	"log"
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/toolfix/toolfix/install"
)

// upstreamFixture is a fixture whose only route goes to upstream.
func upstreamFixture(t *testing.T, upstream string) *fixture {
	t.Helper()
	f := newFixture(t)
	f.install(&install.State{Version: install.StateVersion, Phase: install.PhaseInstalled, Port: testPort,
		Routes: []install.Route{{Name: "claude", Upstream: upstream, Protocol: "anthropic", Client: "claude"}}})
	return f
}

// fakeDNS answers example.com (and nothing else) with 127.0.0.1, counting questions.
type fakeDNS struct {
	mu    sync.Mutex
	asked []string
}

func (d *fakeDNS) lookup(_ context.Context, host string) ([]string, error) {
	d.mu.Lock()
	d.asked = append(d.asked, host)
	d.mu.Unlock()
	if host == "example.com" {
		return []string{"127.0.0.1"}, nil
	}
	return nil, &net.DNSError{Err: "no such host", Name: host, IsNotFound: true}
}

// tlsUpstream is an https upstream answering status, whose certificate names example.com.
func tlsUpstream(t *testing.T, status int, seen chan<- *http.Request) (*httptest.Server, *x509.CertPool) {
	t.Helper()
	up := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if seen != nil {
			seen <- r
		}
		w.WriteHeader(status)
	}))
	up.Config.ErrorLog = log.New(io.Discard, "", 0) // the untrusted-certificate case makes it log
	up.StartTLS()
	t.Cleanup(up.Close)
	return up, up.Client().Transport.(*http.Transport).TLSClientConfig.RootCAs
}

func stepNames(p *Probe) string {
	var n []string
	for _, s := range p.Steps {
		n = append(n, s.Name)
	}
	return strings.Join(n, " ")
}

func TestCheckUpstreamDirect(t *testing.T) {
	seen := make(chan *http.Request, 1)
	up, pool := tlsUpstream(t, http.StatusNotFound, seen)
	port := strconv.Itoa(portOf(t, up.URL))
	dns := &fakeDNS{}
	f := upstreamFixture(t, "https://example.com:"+port+"/anthropic")
	f.d.LookupHost, f.d.RootCAs = dns.lookup, pool
	r := f.run("upstream claude")
	expect(t, r, OK, "example.com:"+port+": DNS ", ", TCP ", ", TLS ", ", HTTP 404 Not Found in ")
	p := r.Data.(*Probe)
	if got := stepNames(p); got != "dns tcp tls http" {
		t.Errorf("steps = %s", got)
	}
	if p.Steps[0].Detail != "127.0.0.1" || p.Steps[2].Detail != "TLS 1.3" || p.HTTPStatus != 404 {
		t.Errorf("probe = %+v", p)
	}
	req := <-seen
	if req.URL.Path != "/anthropic" || req.UserAgent() != "toolfix-doctor" {
		t.Errorf("upstream got %s %s", req.URL.Path, req.UserAgent())
	}
}

func TestCheckUpstreamFailures(t *testing.T) {
	refusing := closedPort(t)
	silent, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer silent.Close()
	go func() {
		for {
			c, err := silent.Accept()
			if err != nil {
				return
			}
			c.Close() // accepts, then hangs up without an answer
		}
	}()
	up, _ := tlsUpstream(t, http.StatusOK, nil)
	down, pool := tlsUpstream(t, http.StatusServiceUnavailable, nil)
	tests := []struct {
		name     string
		upstream string
		trust    bool
		status   Status
		steps    string
		want     []string
	}{
		{"refused", "http://127.0.0.1:" + strconv.Itoa(refusing), false, Fail, "tcp", []string{"TCP failed after", "connection refused", "check that the upstream runs"}},
		{"no such host", "https://nowhere.example/v1", false, Fail, "dns", []string{"DNS failed after", "no such host", "check the base URL"}},
		{"untrusted certificate", "https://example.com:" + strconv.Itoa(portOf(t, up.URL)), false, Fail, "dns tcp tls", []string{"TLS failed after", "certificate", "not trusted"}},
		{"no HTTP answer", "http://127.0.0.1:" + strconv.Itoa(silent.Addr().(*net.TCPAddr).Port), false, Fail, "tcp http", []string{"HTTP failed after", "no HTTP answer", "sent no HTTP answer"}},
		{"server error", "https://example.com:" + strconv.Itoa(portOf(t, down.URL)), true, Warn, "dns tcp tls http", []string{"HTTP 503 Service Unavailable", "server error"}},
		{"not a URL", "ftp://example.com", false, Fail, "", []string{"not an http or https URL"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := upstreamFixture(t, tt.upstream)
			f.d.LookupHost = (&fakeDNS{}).lookup
			if tt.trust {
				f.d.RootCAs = pool
			}
			r := f.run("upstream claude")
			expect(t, r, tt.status, tt.want...)
			if p, ok := r.Data.(*Probe); ok && stepNames(p) != tt.steps {
				t.Errorf("steps = %s, want %s", stepNames(p), tt.steps)
			}
		})
	}
}

// fakeProxy is an HTTP proxy: CONNECT tunnels to the address in tunnelTo (whatever host was
// asked), a GET with an absolute URL is answered by the proxy itself. It records the targets.
type fakeProxy struct {
	*httptest.Server
	mu       sync.Mutex
	targets  []string
	auth     []string
	tunnelTo string
	refuse   bool
}

func newFakeProxy(t *testing.T, tunnelTo string, refuse bool) *fakeProxy {
	t.Helper()
	p := &fakeProxy{tunnelTo: tunnelTo, refuse: refuse}
	p.Server = httptest.NewServer(http.HandlerFunc(p.serve))
	t.Cleanup(p.Close)
	return p
}

func (p *fakeProxy) serve(w http.ResponseWriter, r *http.Request) {
	p.mu.Lock()
	p.targets = append(p.targets, r.Method+" "+r.RequestURI)
	p.auth = append(p.auth, r.Header.Get("Proxy-Authorization"))
	p.mu.Unlock()
	if r.Method != http.MethodConnect {
		_, _ = io.WriteString(w, "answered by the proxy")
		return
	}
	if p.refuse {
		http.Error(w, "not allowed", http.StatusForbidden)
		return
	}
	up, err := net.Dial("tcp", p.tunnelTo)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
		return
	}
	c, brw, err := http.NewResponseController(w).Hijack()
	if err != nil {
		up.Close()
		return
	}
	_, _ = brw.WriteString("HTTP/1.1 200 Connection established\r\n\r\n")
	_ = brw.Flush()
	go func() { _, _ = io.Copy(up, brw); up.Close() }()
	_, _ = io.Copy(c, up)
	c.Close()
}

func TestCheckUpstreamThroughProxy(t *testing.T) {
	up, pool := tlsUpstream(t, http.StatusUnauthorized, nil)
	port := strconv.Itoa(portOf(t, up.URL))
	t.Run("https through CONNECT", func(t *testing.T) {
		px := newFakeProxy(t, up.Listener.Addr().String(), false)
		dns := &fakeDNS{}
		f := upstreamFixture(t, "https://example.com:"+port+"/v1")
		f.d.LookupHost, f.d.RootCAs = dns.lookup, pool
		f.env["HTTPS_PROXY"] = strings.Replace(px.URL, "http://", "http://me:pw@", 1)
		r := f.run("upstream claude")
		expect(t, r, OK, "CONNECT ", "HTTP 401 Unauthorized", "(through http://REDACTED@127.0.0.1:")
		if got := stepNames(r.Data.(*Probe)); got != "tcp proxy tls http" {
			t.Errorf("steps = %s", got)
		}
		if len(px.targets) != 1 || px.targets[0] != "CONNECT example.com:"+port || px.auth[0] != "Basic bWU6cHc=" {
			t.Errorf("proxy saw %q with %q", px.targets, px.auth)
		}
		if len(dns.asked) != 0 {
			t.Errorf("the upstream's name was resolved here, not by the proxy: %q", dns.asked)
		}
	})
	t.Run("NO_PROXY skips it", func(t *testing.T) {
		px := newFakeProxy(t, up.Listener.Addr().String(), false)
		f := upstreamFixture(t, "https://example.com:"+port+"/v1")
		f.d.LookupHost, f.d.RootCAs = (&fakeDNS{}).lookup, pool
		f.env["https_proxy"], f.env["no_proxy"] = px.URL, ".com"
		if got := stepNames(f.run("upstream claude").Data.(*Probe)); got != "dns tcp tls http" || len(px.targets) != 0 {
			t.Errorf("steps = %s, proxy saw %q", got, px.targets)
		}
	})
	t.Run("refused CONNECT", func(t *testing.T) {
		px := newFakeProxy(t, "", true)
		f := upstreamFixture(t, "https://example.com:"+port+"/v1")
		f.env["HTTPS_PROXY"] = px.URL
		expect(t, f.run("upstream claude"), Fail, "CONNECT failed", "403 Forbidden", "allow list")
	})
	t.Run("plain http through HTTP_PROXY", func(t *testing.T) {
		px := newFakeProxy(t, "", false)
		f := upstreamFixture(t, "http://api.internal:8080/v1")
		f.env["HTTP_PROXY"] = px.URL
		expect(t, f.run("upstream claude"), OK, "TCP ", "HTTP 200 OK")
		if len(px.targets) != 1 || px.targets[0] != "GET http://api.internal:8080/v1" {
			t.Errorf("proxy saw %q", px.targets)
		}
	})
	t.Run("unreachable proxy", func(t *testing.T) {
		f := upstreamFixture(t, "https://example.com/v1")
		f.env["HTTPS_PROXY"] = "http://127.0.0.1:" + strconv.Itoa(closedPort(t))
		expect(t, f.run("upstream claude"), Fail, "TCP failed", "check HTTPS_PROXY")
	})
}

func TestProbeString(t *testing.T) {
	p := &Probe{Steps: []Step{{Name: "dns", Millis: 1.25}, {Name: "tcp", Millis: 30.4}, {Name: "proxy", Millis: 2}, {Name: "tls", Millis: 12, Err: "remote error"}}}
	want := "DNS 1.2ms, TCP 30ms, CONNECT 2.0ms, TLS failed after 12ms: remote error"
	if got := p.String(); got != want {
		t.Errorf("String = %q, want %q", got, want)
	}
	if f := p.Failed(); f == nil || f.Name != "tls" {
		t.Errorf("Failed = %v", f)
	}
	if f := (&Probe{Steps: []Step{{Name: "http", Detail: "200 OK"}}}).Failed(); f != nil {
		t.Errorf("Failed of a good probe = %v", f)
	}
	if !errors.Is(unwrapOp(&net.OpError{Op: "dial", Err: errFake}), errFake) {
		t.Error("unwrapOp lost the cause")
	}
}

var errFake = errors.New("fake")
