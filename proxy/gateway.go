package proxy

import (
	"crypto/sha256"
	"crypto/subtle"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strings"

	"github.com/toolfix/toolfix/proxy/secret"
)

// Gateway mode: a proxy with access tokens may listen beyond loopback and serve a team (see
// docs/gateway.md). A request names its token in the path, /t/<token>/<route>/..., which every
// client can put in its base URL, or in TokenHeader where the client can add a header. The check
// runs before anything else reads the request; what follows it (the route, the upstream, the
// logs, the samples) sees the path without /t/<token> and no TokenHeader.

// TokenHeader is the request header that may carry a gateway access token instead of the path. It
// is removed before the request goes upstream.
const TokenHeader = "X-Toolfix-Token"

// tokenPrefix is the first path segment before an access token: /t/<token>/<route>/...
const tokenPrefix = "/t/"

// CheckToken reports whether tok may be an access token: 16 to 256 characters of A-Z, a-z, 0-9,
// '.', '_', '~' and '-' (secret.CheckAccessToken, which install uses too). The error says what is
// wrong without showing the token.
func CheckToken(tok string) error { return secret.CheckAccessToken(tok) }

// gate is the access check of gateway mode; a nil *gate (no tokens) lets every request through
// as it is.
type gate struct {
	digests [][sha256.Size]byte // of the accepted tokens
	hosts   []string            // the public host names, lower case; "*.x" matches subdomains of x
	scan    tokenScan           // finds a token anywhere in a string (see holdsToken)
}

func newGate(tokens, hosts []string) (*gate, error) {
	if len(tokens) == 0 {
		if len(hosts) > 0 {
			return nil, errors.New("public host names are for a gateway: give an access token too")
		}
		return nil, nil
	}
	g := &gate{}
	for _, t := range tokens {
		if err := CheckToken(t); err != nil {
			return nil, err
		}
		g.digests = append(g.digests, sha256.Sum256([]byte(t)))
	}
	g.scan = newTokenScan(tokens)
	for _, h := range hosts {
		h = strings.ToLower(strings.TrimSpace(h))
		if h == "" {
			continue
		}
		if strings.ContainsAny(h, "/:@ ") || strings.Trim(strings.TrimPrefix(h, "*."), ".") == "" {
			return nil, fmt.Errorf("public host %q: give a host name without scheme, port or path, such as toolfix.example.com or *.example.com", h)
		}
		g.hosts = append(g.hosts, h)
	}
	return g, nil
}

// accepts reports whether tok is one of the tokens, comparing digests in constant time and
// always comparing against every token.
func (g *gate) accepts(tok string) bool {
	d := sha256.Sum256([]byte(tok))
	ok := 0
	for i := range g.digests {
		ok |= subtle.ConstantTimeCompare(d[:], g.digests[i][:])
	}
	return ok == 1
}

// open reports whether a path is answered without a token: the orchestrator's probes and the
// Prometheus metrics, which hold only counts by route. /stats, which names the upstreams, needs
// the token.
func open(r *http.Request) bool {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		return false
	}
	switch r.URL.Path {
	case healthzPath, readyzPath, metricsPath:
		return true
	}
	return false
}

// admit checks r's access token and takes it off r: /t/<token> off the path (and the request
// line), TokenHeader off the headers. It reports false when r carries no valid token and is not an
// open path. A nil gate admits every request untouched.
func (g *gate) admit(r *http.Request) bool {
	if g == nil {
		return true
	}
	hdr, hasHdr := r.Header[http.CanonicalHeaderKey(TokenHeader)]
	r.Header.Del(TokenHeader)
	p := r.URL.EscapedPath()
	if strings.HasPrefix(p, tokenPrefix) {
		tok, rest, _ := strings.Cut(p[len(tokenPrefix):], "/")
		if !g.accepts(tok) {
			return false
		}
		setPath(r, "/"+rest)
		return true
	}
	if hasHdr && len(hdr) == 1 && g.accepts(hdr[0]) {
		return true
	}
	return open(r)
}

// setPath sets r's path (escaped) and its request line to p, keeping the query. p is kept as
// RawPath unless the default escaping of the decoded path gives p back, so that EscapedPath
// returns p byte for byte: a "!" stays "!" and a "%21" stays "%21" (RawPath equal to Path is not
// enough to drop it, since the default escaping of "!" is "%21").
func setPath(r *http.Request, p string) {
	if u, err := url.PathUnescape(p); err == nil {
		r.URL.Path, r.URL.RawPath = u, p
		if (&url.URL{Path: u}).EscapedPath() == p {
			r.URL.RawPath = ""
		}
	} else {
		r.URL.Path, r.URL.RawPath = p, ""
	}
	r.RequestURI = r.URL.RequestURI()
}

// publicHost reports whether a Host header value is one of the gateway's own names, with or
// without a port, or an IP address literal (what a probe or a load balancer's health check sends;
// a rebound DNS name is never one). A nil gate has no public hosts.
func (g *gate) publicHost(host string) bool {
	if g == nil {
		return false
	}
	h := host
	if sh, port, err := net.SplitHostPort(host); err == nil {
		if !allDigits(port) {
			return false
		}
		h = sh
	}
	h = strings.ToLower(strings.TrimSuffix(strings.TrimSuffix(strings.TrimPrefix(h, "["), "]"), "."))
	if h == "" {
		return false
	}
	if net.ParseIP(h) != nil {
		return true
	}
	for _, p := range g.hosts {
		if suffix, ok := strings.CutPrefix(p, "*"); ok {
			if strings.HasSuffix(h, suffix) && len(h) > len(suffix) {
				return true
			}
		} else if h == p {
			return true
		}
	}
	return false
}

// publicOrigin reports whether an Origin header value is an http(s) origin on a public host name
// of the gateway (not an IP literal: a page is never served from the gateway's address).
func (g *gate) publicOrigin(origin string) bool {
	if g == nil {
		return false
	}
	u, err := url.Parse(origin)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.User != nil || (u.Path != "" && u.Path != "/") || u.RawQuery != "" {
		return false
	}
	return net.ParseIP(strings.Trim(u.Hostname(), "[]")) == nil && g.publicHost(u.Host)
}

// unauthorized is the message of a request refused by the access check; it names no token and no
// path, since either may hold one.
const unauthorized = "toolfix: this gateway needs its access token: put it in the base URL, http(s)://HOST/t/<token>/<route>, or send it in the " + TokenHeader + " header; ask your platform team for the gateway's URL"
