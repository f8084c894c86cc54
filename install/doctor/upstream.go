package doctor

import (
	"bufio"
	"context"
	"crypto/tls"
	"encoding/base64"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"

	"golang.org/x/net/http/httpproxy"

	"github.com/toolfix/toolfix/install"
	"github.com/toolfix/toolfix/proxy/netfault"
)

// Probe is what reaching one upstream took: each step with its time, stopping at the first that
// failed.
type Probe struct {
	// URL is the upstream's base URL, a password in it hidden.
	URL string `json:"url"`
	// Via is the proxy from HTTPS_PROXY or HTTP_PROXY the probe went through, a password in it
	// hidden; "" when direct.
	Via string `json:"via,omitempty"`
	// Steps are "dns", "tcp", "proxy" (the CONNECT through Via), "tls" and "http", in order; the
	// last one failed when Err is set.
	Steps []Step `json:"steps"`
	// HTTPStatus is the status code of the upstream's answer; 0 when none came.
	HTTPStatus int `json:"http_status,omitempty"`
}

// Step is one step of a Probe.
type Step struct {
	// Name is "dns", "tcp", "proxy", "tls" or "http".
	Name string `json:"name"`
	// Millis is how long the step took, in milliseconds.
	Millis float64 `json:"ms"`
	// Detail is what it found: the addresses, the TLS version, the HTTP status.
	Detail string `json:"detail,omitempty"`
	// Err says why the step failed; "" when it succeeded.
	Err string `json:"error,omitempty"`
	// Kind is the kind of failure, as netfault classifies it (the proxy's 502 uses the same
	// words); "" when the step succeeded.
	Kind netfault.Kind `json:"kind,omitempty"`
}

// Failed is the step that failed, or nil.
func (p *Probe) Failed() *Step {
	if n := len(p.Steps); n > 0 && p.Steps[n-1].Err != "" {
		return &p.Steps[n-1]
	}
	return nil
}

// String is the one-line form: "DNS 12ms, TCP 30ms, TLS 45ms, HTTP 404 in 80ms".
func (p *Probe) String() string {
	var parts []string
	for _, s := range p.Steps {
		name := strings.ToUpper(s.Name)
		if s.Name == "proxy" {
			name = "CONNECT"
		}
		switch {
		case s.Err != "":
			parts = append(parts, fmt.Sprintf("%s failed after %s: %s", name, ms(s.Millis), s.Err))
		case s.Name == "http":
			parts = append(parts, fmt.Sprintf("HTTP %s in %s", s.Detail, ms(s.Millis)))
		default:
			parts = append(parts, name+" "+ms(s.Millis))
		}
	}
	return strings.Join(parts, ", ")
}

func ms(v float64) string {
	if v < 10 {
		return fmt.Sprintf("%.1fms", v)
	}
	return fmt.Sprintf("%.0fms", v)
}

// proxyFunc is the proxy choice of the user's shell: HTTPS_PROXY, HTTP_PROXY and NO_PROXY (or
// their lower-case forms), as Go's net/http reads them.
func (s *session) proxyFunc() func(*url.URL) (*url.URL, error) {
	get := func(k string) string {
		if v := s.getenv(k); v != "" {
			return v
		}
		return s.getenv(strings.ToLower(k))
	}
	return (&httpproxy.Config{HTTPProxy: get("HTTP_PROXY"), HTTPSProxy: get("HTTPS_PROXY"), NoProxy: get("NO_PROXY")}).ProxyFunc()
}

// probe reaches raw step by step, through the shell's proxy when one applies, and asks for its
// base path with a GET (any HTTP answer counts).
func (s *session) probe(ctx context.Context, raw string) (*Probe, error) {
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Hostname() == "" {
		return nil, fmt.Errorf("%q is not an http or https URL", redactURL(raw))
	}
	p := &Probe{URL: redactURL(raw)}
	target := hostPort(u)
	via, err := s.proxyFunc()(u)
	if err != nil {
		return nil, fmt.Errorf("reading the proxy settings: %w", err)
	}
	dialTo := u
	if via != nil {
		if via.Scheme != "http" && via.Scheme != "https" {
			return nil, fmt.Errorf("the %s proxy %s is not probed (only http and https proxies are)", via.Scheme, redactURL(via.String()))
		}
		p.Via = redactURL(via.String())
		dialTo = via
	}
	step := func(name string, f func() (string, error)) bool {
		start := time.Now()
		detail, err := f()
		st := Step{Name: name, Millis: float64(time.Since(start).Microseconds()) / 1000, Detail: detail}
		if err != nil {
			st.Err, st.Kind = err.Error(), netfault.Classify(err).Kind
		}
		p.Steps = append(p.Steps, st)
		return err == nil
	}

	host := dialTo.Hostname()
	addrs := []string{host}
	if net.ParseIP(host) == nil {
		if !step("dns", func() (string, error) {
			var err error
			addrs, err = s.lookupHost(ctx, host)
			if err == nil && len(addrs) == 0 {
				err = fmt.Errorf("%s has no address", host)
			}
			return strings.Join(addrs, " "), unwrapDNS(err)
		}) {
			return p, nil
		}
	}
	_, port, _ := net.SplitHostPort(hostPort(dialTo))
	var conn net.Conn
	if !step("tcp", func() (string, error) {
		var err error
		for _, a := range addrs {
			var c net.Conn
			c, err = s.dial(ctx, "tcp", net.JoinHostPort(a, port))
			if err == nil {
				conn = c
				return c.RemoteAddr().String(), nil
			}
		}
		return "", unwrapOp(err)
	}) {
		return p, nil
	}
	defer conn.Close()
	if dl, ok := ctx.Deadline(); ok {
		_ = conn.SetDeadline(dl)
	}
	br := bufio.NewReader(conn)
	if via != nil && via.Scheme == "https" {
		if !step("tls", func() (string, error) { return s.handshake(ctx, &conn, via.Hostname()) }) {
			return p, nil
		}
		br = bufio.NewReader(conn)
	}
	if via != nil && u.Scheme == "https" {
		if !step("proxy", func() (string, error) {
			fmt.Fprintf(conn, "CONNECT %s HTTP/1.1\r\nHost: %s\r\n%s\r\n", target, target, proxyAuth(via))
			resp, err := http.ReadResponse(br, &http.Request{Method: http.MethodConnect})
			if err != nil {
				return "", fmt.Errorf("reading the proxy's answer: %w", unwrapOp(err))
			}
			resp.Body.Close()
			if resp.StatusCode != http.StatusOK {
				return resp.Status, fmt.Errorf("the proxy answered %s", resp.Status)
			}
			return resp.Status, nil
		}) {
			return p, nil
		}
	}
	if u.Scheme == "https" {
		if !step("tls", func() (string, error) { return s.handshake(ctx, &conn, u.Hostname()) }) {
			return p, nil
		}
		br = bufio.NewReader(conn)
	}
	step("http", func() (string, error) {
		path := u.EscapedPath()
		if path == "" {
			path = "/"
		}
		reqTarget, extra := path, ""
		if via != nil && u.Scheme == "http" {
			reqTarget, extra = (&url.URL{Scheme: "http", Host: u.Host, Path: u.Path, RawPath: u.RawPath}).String(), proxyAuth(via)
		}
		fmt.Fprintf(conn, "GET %s HTTP/1.1\r\nHost: %s\r\nUser-Agent: toolfix-doctor\r\nAccept: */*\r\nConnection: close\r\n%s\r\n", reqTarget, u.Host, extra)
		resp, err := http.ReadResponse(br, &http.Request{Method: http.MethodGet})
		if err != nil {
			return "", fmt.Errorf("no HTTP answer: %w", unwrapOp(err))
		}
		resp.Body.Close()
		p.HTTPStatus = resp.StatusCode
		return resp.Status, nil
	})
	return p, nil
}

// handshake runs TLS over *conn for serverName and replaces *conn with the TLS connection.
func (s *session) handshake(ctx context.Context, conn *net.Conn, serverName string) (string, error) {
	tc := tls.Client(*conn, &tls.Config{ServerName: serverName, RootCAs: s.d.RootCAs, NextProtos: []string{"http/1.1"}})
	if err := tc.HandshakeContext(ctx); err != nil {
		return "", unwrapOp(err)
	}
	*conn = tc
	return tls.VersionName(tc.ConnectionState().Version), nil
}

func (s *session) lookupHost(ctx context.Context, host string) ([]string, error) {
	if s.d.LookupHost != nil {
		return s.d.LookupHost(ctx, host)
	}
	return net.DefaultResolver.LookupHost(ctx, host)
}

func (s *session) dial(ctx context.Context, network, addr string) (net.Conn, error) {
	if s.d.Dial != nil {
		return s.d.Dial(ctx, network, addr)
	}
	var d net.Dialer
	return d.DialContext(ctx, network, addr)
}

// hostPort is u's host and port, the port defaulted from the scheme.
func hostPort(u *url.URL) string {
	port := u.Port()
	if port == "" {
		port = "80"
		if u.Scheme == "https" {
			port = "443"
		}
	}
	return net.JoinHostPort(u.Hostname(), port)
}

func proxyAuth(via *url.URL) string {
	if via.User == nil {
		return ""
	}
	pw, _ := via.User.Password()
	return "Proxy-Authorization: Basic " + base64.StdEncoding.EncodeToString([]byte(via.User.Username()+":"+pw)) + "\r\n"
}

// unwrapOp drops the "dial tcp 1.2.3.4:443:" prefix of a *net.OpError; the step names it already.
func unwrapOp(err error) error {
	var op *net.OpError
	if errors.As(err, &op) && op.Err != nil {
		return op.Err
	}
	return err
}

// unwrapDNS says a *net.DNSError by its own words ("no such host"), keeping it for netfault.
func unwrapDNS(err error) error {
	var de *net.DNSError
	if errors.As(err, &de) {
		return shortDNS{de}
	}
	return err
}

type shortDNS struct{ *net.DNSError }

func (e shortDNS) Error() string { return e.Err }
func (e shortDNS) Unwrap() error { return e.DNSError }

// checkUpstream probes one route's upstream.
func (s *session) checkUpstream(ctx context.Context, r install.Route) Result {
	p, err := s.probe(ctx, r.Upstream)
	if err != nil {
		return Result{Status: Fail, Summary: err.Error(), Hint: "run `toolfix install` after fixing the client's base URL"}
	}
	u, _ := url.Parse(r.Upstream)
	res := Result{Status: OK, Data: p, Summary: hostPort(u) + ": " + p.String()}
	if p.Via != "" {
		res.Summary += " (through " + p.Via + ")"
	}
	if f := p.Failed(); f != nil {
		res.Status = Fail
		res.Hint = upstreamHint(f, p.Via != "")
		return res
	}
	if p.HTTPStatus >= 500 {
		res.Status = Warn
		res.Hint = "the upstream answers with a server error: it may be down or overloaded; try again later"
	}
	return res
}

func upstreamHint(f *Step, viaProxy bool) string {
	switch f.Name {
	case "dns":
		if viaProxy {
			return "the proxy's host name does not resolve: check HTTPS_PROXY"
		}
		return faultHint(f, netfault.DNS)
	case "tcp":
		if viaProxy {
			return "the proxy refuses or drops connections: check HTTPS_PROXY and that the proxy runs"
		}
		return faultHint(f, netfault.Refused)
	case "proxy":
		return "the proxy refused to connect to the upstream: check its allow list and credentials"
	case "tls":
		if f.Kind == netfault.Certificate {
			return faultHint(f, netfault.Certificate) + " (NODE_EXTRA_CA_CERTS for the clients)"
		}
		return faultHint(f, netfault.TLS)
	}
	return "the upstream accepted the connection but sent no HTTP answer: is it an HTTP server on this port?"
}

// faultHint is "REASON: NEXT" of the step's kind of failure (or of def when it has none), in the
// words of the proxy's own 502 answer.
func faultHint(f *Step, def netfault.Kind) string {
	k := f.Kind
	if k == "" || k == netfault.Other {
		k = def
	}
	n := netfault.Of(k)
	return n.Reason + ": " + n.Next
}
