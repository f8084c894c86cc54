package install

import (
	"fmt"
	"net"
	"net/url"
	"os"
	"strconv"
	"strings"
)

// self describes toolfix as an upstream would reach it, to refuse routing toolfix to itself.
type self struct {
	// ports are toolfix's port now and in the state.
	ports map[int]bool
	// hosts are this machine's host names, lower case (full and short).
	hosts map[string]bool
	// addrs are this machine's interface addresses.
	addrs []net.IP
	// routes are toolfix's route names, in the state and planned.
	routes map[string]bool
}

// newSelf reads this machine's host name and addresses; failures to read them leave the lists
// shorter, never fail the plan (loopback names are always known).
func newSelf(ports []int, routes []string) self {
	s := self{ports: map[int]bool{}, hosts: map[string]bool{}, routes: map[string]bool{}}
	for _, p := range ports {
		if p > 0 {
			s.ports[p] = true
		}
	}
	for _, r := range routes {
		s.routes[r] = true
	}
	if h, err := os.Hostname(); err == nil && h != "" {
		h = strings.ToLower(h)
		s.hosts[h] = true
		s.hosts[strings.SplitN(h, ".", 2)[0]] = true
	}
	if as, err := net.InterfaceAddrs(); err == nil {
		for _, a := range as {
			if n, ok := a.(*net.IPNet); ok {
				s.addrs = append(s.addrs, n.IP)
			}
		}
	}
	return s
}

// isLocal reports whether host names this machine.
func (s self) isLocal(host string) bool {
	host = strings.ToLower(strings.TrimSuffix(host, "."))
	if host == "localhost" || strings.HasSuffix(host, ".localhost") || s.hosts[host] {
		return true
	}
	ip := net.ParseIP(host)
	if ip == nil {
		return false
	}
	if ip.IsLoopback() || ip.IsUnspecified() {
		return true
	}
	for _, a := range s.addrs {
		if a.Equal(ip) {
			return true
		}
	}
	return false
}

// check parses an upstream and tells whether it is toolfix itself (refuse) or another server on
// this machine (warn). The error describes a URL that is not an absolute http(s) URL without query
// or fragment.
func (s self) check(raw string) (isSelf bool, localOther bool, err error) {
	u, err := url.Parse(raw)
	if err != nil {
		return false, false, fmt.Errorf("%q is not a URL: %w", raw, err)
	}
	if u.Scheme != "http" && u.Scheme != "https" {
		return false, false, fmt.Errorf("%q is not an http or https URL", raw)
	}
	if u.Hostname() == "" {
		return false, false, fmt.Errorf("%q has no host", raw)
	}
	if u.RawQuery != "" || u.Fragment != "" {
		return false, false, fmt.Errorf("%q has a query or fragment, which a base URL cannot have", raw)
	}
	if !s.isLocal(u.Hostname()) {
		return false, false, nil
	}
	port := 80
	if u.Scheme == "https" {
		port = 443
	}
	if p := u.Port(); p != "" {
		if port, err = strconv.Atoi(p); err != nil {
			return false, false, fmt.Errorf("%q has a bad port", raw)
		}
	}
	first := strings.SplitN(strings.TrimPrefix(u.Path, "/"), "/", 2)[0]
	if s.ports[port] || (first != "" && s.routes[first]) {
		return true, false, nil
	}
	return false, true, nil
}

// CheckUpstream applies install's self-reference rules to one upstream base URL, for doctor's
// check of each installed route. isSelf is true when raw would send requests back into toolfix: a
// loopback, unspecified or own address or host name of this machine on one of ports, or a local
// URL whose first path segment is one of routes. local is true when raw names another server on
// this machine. The error says why raw is not an absolute http or https URL without query or
// fragment.
func CheckUpstream(raw string, ports []int, routes []string) (isSelf, local bool, err error) {
	return newSelf(ports, routes).check(raw)
}
