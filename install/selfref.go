package install

import (
	"errors"
	"fmt"
	"net"
	"net/url"
	"os"
	"strconv"
	"strings"

	"github.com/toolfix/toolfix/proxy/secret"
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
		ip = parseInetAton(host)
	}
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

// parseInetAton reads the IPv4 spellings that Go's net.ParseIP refuses but the C resolver's
// inet_aton (and so Node, curl and Go with cgo) accepts: one to four parts separated by '.', each
// decimal, hexadecimal (0x7f) or octal (0177), the last part filling the bytes that remain —
// 127.1, 127.0.1, 2130706433, 0x7f.1, 017700000001. It returns nil for anything else.
func parseInetAton(host string) net.IP {
	parts := strings.Split(host, ".")
	if len(parts) > 4 {
		return nil
	}
	var v [4]uint64
	for i, p := range parts {
		base := 10
		switch {
		case len(p) > 2 && (p[:2] == "0x" || p[:2] == "0X"):
			base, p = 16, p[2:]
		case len(p) > 1 && p[0] == '0':
			base, p = 8, p[1:]
		}
		n, err := strconv.ParseUint(p, base, 32)
		if err != nil || p == "" || p[0] == '+' || p[0] == '-' {
			return nil
		}
		v[i] = n
	}
	last := len(parts) - 1
	for i := 0; i < last; i++ {
		if v[i] > 0xff {
			return nil
		}
	}
	if v[last] >= 1<<(8*(4-last)) {
		return nil
	}
	var n uint64
	for i := 0; i < last; i++ {
		n |= v[i] << (8 * (3 - i))
	}
	n |= v[last]
	return net.IPv4(byte(n>>24), byte(n>>16), byte(n>>8), byte(n))
}

// check parses an upstream and tells whether it is toolfix itself (refuse) or another server on
// this machine (warn). The error describes a URL that is not an absolute http(s) URL without query
// or fragment.
func (s self) check(raw string) (isSelf bool, localOther bool, err error) {
	u, err := url.Parse(raw)
	if err != nil {
		var ue *url.Error
		if errors.As(err, &ue) {
			err = ue.Err // its text holds the whole URL, password and all
		}
		return false, false, fmt.Errorf("%q is not a URL: %w", secret.URL(raw), err)
	}
	if u.Scheme != "http" && u.Scheme != "https" {
		return false, false, fmt.Errorf("%q is not an http or https URL", secret.URL(raw))
	}
	if u.Hostname() == "" {
		return false, false, fmt.Errorf("%q has no host", secret.URL(raw))
	}
	if u.RawQuery != "" || u.Fragment != "" {
		return false, false, fmt.Errorf("%q has a query or fragment, which a base URL cannot have", secret.URL(raw))
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
			return false, false, fmt.Errorf("%q has a bad port", secret.URL(raw))
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
