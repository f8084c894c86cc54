package doctor

import (
	"context"
	"fmt"
	"net"
	"net/netip"
	"strings"

	"github.com/toolfix/toolfix/install"
)

// proxyVars are the environment variables that send a client's requests through a proxy.
var proxyVars = []string{"HTTPS_PROXY", "https_proxy", "HTTP_PROXY", "http_proxy", "ALL_PROXY", "all_proxy"}

// NoProxyCovers reports whether a NO_PROXY value keeps requests for host (an IP address or
// name, without port) off the proxy: an entry "*", the host itself (with or without a port), or
// a CIDR block holding the address.
func NoProxyCovers(noProxy, host string) bool {
	ip, ipErr := netip.ParseAddr(host)
	for _, e := range strings.FieldsFunc(noProxy, func(r rune) bool { return r == ',' || r == ' ' }) {
		e = strings.ToLower(strings.TrimSpace(e))
		if e == "*" || e == host {
			return true
		}
		if h, _, err := net.SplitHostPort(e); err == nil && h == host {
			return true
		}
		if pfx, err := netip.ParsePrefix(e); err == nil && ipErr == nil && pfx.Contains(ip) {
			return true
		}
	}
	return false
}

// checkProxyEnv warns when the shell sends HTTP(S) through a proxy and NO_PROXY does not keep
// toolfix's loopback address off it: the clients would then send their requests for toolfix to
// that proxy, which cannot reach the user's 127.0.0.1.
func (s *session) checkProxyEnv(context.Context) Result {
	var set []string
	for _, k := range proxyVars {
		if v := s.getenv(k); v != "" {
			set = append(set, k+"="+redactURL(v))
		}
	}
	if len(set) == 0 {
		return Result{Status: OK, Summary: "no HTTP(S)_PROXY in your shell: the upstreams are reached directly"}
	}
	noProxy := s.getenv("NO_PROXY")
	if noProxy == "" {
		noProxy = s.getenv("no_proxy")
	}
	r := Result{Status: OK, Summary: strings.Join(set, ", ") + ", and NO_PROXY keeps 127.0.0.1 off it"}
	if !NoProxyCovers(noProxy, "127.0.0.1") {
		r.Status = Warn
		r.Summary = strings.Join(set, ", ") + " is set, and NO_PROXY does not name 127.0.0.1: a client may send its requests for toolfix to that proxy"
		r.Hint = "export NO_PROXY=127.0.0.1,localhost"
		if noProxy != "" {
			r.Hint += "," + noProxy
		}
	}
	if s.st != nil && s.st.Service {
		r.Details = append(r.Details, "the service does not see your shell: toolfix reaches the upstreams through a proxy only if the service manager's environment sets one")
	}
	return r
}

// checkSelfReference applies install's self-reference rules to each installed route: an upstream
// that leads back into toolfix loops every request.
func (s *session) checkSelfReference(context.Context) Result {
	var bad, notes []string
	for _, rt := range s.st.Routes {
		isSelf, local, err := install.CheckUpstream(rt.Upstream, s.ports(), s.routeNames())
		switch {
		case err != nil:
			bad = append(bad, fmt.Sprintf("route %s: %v", rt.Name, err))
		case isSelf:
			bad = append(bad, fmt.Sprintf("route %s → %s is toolfix itself: every request would loop", rt.Name, redactURL(rt.Upstream)))
		case local:
			notes = append(notes, fmt.Sprintf("route %s → %s is another server on this machine", rt.Name, redactURL(rt.Upstream)))
		}
	}
	if len(bad) > 0 {
		return Result{Status: Fail, Summary: plural(len(bad), "route") + verb(len(bad), " leads", " lead") + " back into toolfix", Details: bad,
			Hint: "put the real upstream back in the client's config (see `toolfix uninstall`, whose backups hold the values from before) and run `toolfix install` again"}
	}
	return Result{Status: OK, Summary: fmt.Sprintf("no route leads back into toolfix (%s)", plural(len(s.st.Routes), "route")), Details: notes}
}
