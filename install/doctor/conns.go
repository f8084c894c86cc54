package doctor

import (
	"context"
	"fmt"
	"net"
	"net/netip"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/toolfix/toolfix/providers"
	"github.com/toolfix/toolfix/proxy/secret"
)

// Connections is what the "connections" check found: who talks to the proxy, and the proxy's own
// connections upstream.
type Connections struct {
	// Port is the proxy's port.
	Port int `json:"port"`
	// ProxyPID is the process listening on Port; 0 when none was found.
	ProxyPID int `json:"proxy_pid,omitempty"`
	// Clients are the processes with an established connection to Port, one entry per process.
	Clients []Peer `json:"clients"`
	// Upstreams are the proxy's established connections to other hosts, one entry per remote
	// address.
	Upstreams []Peer `json:"upstreams"`
}

// Peer is one process's connections to one place.
type Peer struct {
	// PID is the process; 0 when the table does not tell (another user's process, or one that
	// ended while the table was read).
	PID int `json:"pid"`
	// Program is a short name: the command's base name, or the script a runtime (node, bun,
	// python) runs.
	Program string `json:"program,omitempty"`
	// Command is the full command line, as the TCP table's source gives it, with its secrets
	// (--api-key VALUE, OPENAI_API_KEY=VALUE, sk-… and the like; see secret.Command) replaced by
	// REDACTED.
	Command string `json:"command,omitempty"`
	// Remote is the address connected to: the proxy's for a client, the upstream's for the proxy.
	Remote string `json:"remote"`
	// Hosts are the upstreams this peer reaches: for an upstream connection the route hosts
	// (host, or host:port when the URL names a port) resolving to Remote; for a client the hosts (with a port when not the default) of the routes
	// of the client it is, told by its command line (claude, opencode).
	Hosts []string `json:"hosts,omitempty"`
	// Count is how many connections this entry stands for.
	Count int `json:"count"`
}

// connTable is Doctor.Conns, or the OS's table.
func (s *session) connTable() ConnTable {
	if s.d.Conns != nil {
		return s.d.Conns
	}
	switch s.goos {
	case "darwin":
		return LsofTable{Exec: s.d.Exec}
	case "windows":
		return NetstatTable{Exec: s.d.Exec}
	}
	return ProcTable{Root: s.d.ProcRoot}
}

// checkConnections lists the processes connected to the proxy and the proxy's upstream
// connections, shown as "claude (pid 4242) → toolfix → api.anthropic.com".
func (s *session) checkConnections(ctx context.Context) Result {
	h, _ := s.health(ctx)
	conns, err := s.connTable().Conns(ctx)
	if err != nil {
		return Result{Status: Warn, Summary: "cannot read the TCP table: " + err.Error()}
	}
	c := &Connections{Port: s.port, Clients: []Peer{}, Upstreams: []Peer{}}
	port := uint16(s.port)
	for _, k := range conns {
		if k.State == "LISTEN" && k.Local.Port() == port && k.PID != 0 {
			c.ProxyPID = k.PID
		}
	}
	if c.ProxyPID == 0 && h != nil {
		c.ProxyPID = h.PID
	}
	hostsOf := s.upstreamAddrs(ctx)
	self := os.Getpid()
	clients := map[int]*Peer{}
	ups := map[string]*Peer{}
	seen := map[[2]netip.AddrPort]bool{} // a socket the table lists twice (per thread, say) is one connection
	for _, k := range conns {
		if k.State != "ESTABLISHED" || seen[[2]netip.AddrPort{k.Local, k.Remote}] {
			continue
		}
		seen[[2]netip.AddrPort{k.Local, k.Remote}] = true
		switch {
		case k.Remote.Port() == port && k.Local.Port() != port && k.Remote.Addr().IsLoopback():
			if _, own := s.own.Load(k.Local); own || (k.PID == self && k.PID != c.ProxyPID) {
				continue // doctor's own question to /healthz
			}
			p := clients[k.PID] // all sockets of unknown owners go together under pid 0
			if p == nil {
				p = &Peer{PID: k.PID, Command: secret.Command(k.Command), Program: programName(k.Command), Remote: k.Remote.String()}
				p.Hosts = s.clientHosts(p.Program, k.Command)
				clients[k.PID] = p
			}
			p.Count++
		case c.ProxyPID != 0 && k.PID == c.ProxyPID && k.Local.Port() != port:
			key := k.Remote.String()
			p := ups[key]
			if p == nil {
				p = &Peer{PID: k.PID, Command: secret.Command(k.Command), Program: programName(k.Command), Remote: key, Hosts: hostsOf[netip.AddrPortFrom(k.Remote.Addr().Unmap(), k.Remote.Port())]}
				ups[key] = p
			}
			p.Count++
		}
	}
	for _, p := range clients {
		c.Clients = append(c.Clients, *p)
	}
	sort.Slice(c.Clients, func(i, j int) bool { return c.Clients[i].PID < c.Clients[j].PID })
	for _, p := range ups {
		c.Upstreams = append(c.Upstreams, *p)
	}
	sort.Slice(c.Upstreams, func(i, j int) bool { return c.Upstreams[i].Remote < c.Upstreams[j].Remote })
	return connectionsResult(c)
}

// connectionsResult words what was found.
func connectionsResult(c *Connections) Result {
	r := Result{Status: OK, Data: c}
	proxy := "toolfix"
	if c.ProxyPID != 0 {
		proxy = fmt.Sprintf("toolfix (pid %d)", c.ProxyPID)
	}
	var names []string
	for _, p := range c.Clients {
		line := who(p) + " → toolfix"
		if len(p.Hosts) > 0 {
			line += " → " + strings.Join(p.Hosts, ", ")
		}
		if p.Command != "" && p.Command != p.Program {
			line += "   [" + clip(p.Command, 72) + "]"
		}
		r.Details = append(r.Details, line)
		names = append(names, who(p))
	}
	for _, p := range c.Upstreams {
		dest := p.Remote
		if len(p.Hosts) > 0 && !slices.Equal(p.Hosts, []string{p.Remote}) {
			dest = strings.Join(p.Hosts, ", ") + " (" + p.Remote + ")"
		}
		r.Details = append(r.Details, fmt.Sprintf("%s → %s%s", proxy, dest, times(p.Count)))
	}
	switch {
	case len(c.Clients) == 0:
		r.Summary = fmt.Sprintf("no client is connected to 127.0.0.1:%d now", c.Port)
	default:
		r.Summary = fmt.Sprintf("%s connected: %s", plural(len(c.Clients), "client"), strings.Join(names, ", "))
	}
	if n := countAll(c.Upstreams); n > 0 {
		r.Summary += fmt.Sprintf("; toolfix holds %s upstream", plural(n, "connection"))
	}
	if c.ProxyPID == 0 && len(c.Clients) == 0 {
		r.Status = Skip
		r.Summary = fmt.Sprintf("no proxy listens on 127.0.0.1:%d", c.Port)
	}
	return r
}

func countAll(ps []Peer) int {
	n := 0
	for _, p := range ps {
		n += p.Count
	}
	return n
}

func who(p Peer) string {
	name := p.Program
	if name == "" {
		name = "a process"
	}
	if p.PID == 0 {
		return "a process doctor cannot see (another user's, or gone)" + times(p.Count)
	}
	if p.Count > 1 {
		return fmt.Sprintf("%s (pid %d, %d connections)", name, p.PID, p.Count)
	}
	return fmt.Sprintf("%s (pid %d)", name, p.PID)
}

func times(n int) string {
	if n > 1 {
		return fmt.Sprintf(" ×%d", n)
	}
	return ""
}

func clip(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n-1]) + "…"
	}
	return s
}

// runtimes are programs whose first argument names the program people know (node cli.js).
var runtimes = []string{"node", "bun", "deno", "python", "python3", "ruby"}

// programName is the short name of a command line: its program's base name, or for a runtime
// the base name of the script it runs; "" for an empty command.
func programName(cmd string) string {
	f := strings.Fields(cmd)
	if len(f) == 0 {
		return ""
	}
	name := base(f[0])
	if slices.Contains(runtimes, strings.TrimSuffix(strings.ToLower(name), ".exe")) {
		for _, a := range f[1:] {
			if !strings.HasPrefix(a, "-") {
				script := base(a)
				if script == "cli.js" || script == "index.js" { // a package's entry: name the package
					script = base(filepath.Dir(filepath.Dir(a))) + "/" + base(filepath.Dir(a))
					script = strings.TrimPrefix(script, "node_modules/")
				}
				return script
			}
		}
	}
	return name
}

// base is the last element of a path with / or \ separators.
func base(p string) string {
	if i := strings.LastIndexAny(p, `/\`); i >= 0 {
		return p[i+1:]
	}
	return p
}

// clientHosts are the upstream hosts of the routes of the client a program is (its name or
// command line names claude, kilo, qwen, codex or opencode, checked in that order since Kilo is an
// OpenCode fork): that client's routes in the state; nil for another program.
func (s *session) clientHosts(program, cmd string) []string {
	if s.st == nil {
		return nil
	}
	l := strings.ToLower(program + " " + cmd)
	var client string
	for _, c := range []string{providers.Claude, providers.Kilo, providers.Qwen, providers.Codex, providers.OpenCode} {
		if strings.Contains(l, c) {
			client = c
			break
		}
	}
	if client == "" {
		return nil
	}
	var hosts []string
	for _, r := range s.st.Routes {
		if r.Client != client {
			continue
		}
		if u, err := url.Parse(r.Upstream); err == nil && !slices.Contains(hosts, u.Host) {
			hosts = append(hosts, u.Host)
		}
	}
	return hosts
}

// upstreamAddrs resolves each route's upstream host, and the shell's proxy for it, to map the
// proxy's remote addresses back to names: each address with the upstream's port maps to the
// upstream's host (with its port when the URL names one). Hosts that do not resolve are left out.
func (s *session) upstreamAddrs(ctx context.Context) map[netip.AddrPort][]string {
	m := map[netip.AddrPort][]string{}
	if s.st == nil {
		return m
	}
	add := func(u *url.URL, name string) {
		host := u.Hostname()
		_, p, _ := net.SplitHostPort(hostPort(u))
		port, err := strconv.ParseUint(p, 10, 16)
		if err != nil {
			return
		}
		addrs := []string{host}
		if net.ParseIP(host) == nil {
			if addrs, err = s.lookupHost(ctx, host); err != nil {
				return
			}
		}
		for _, a := range addrs {
			ip, err := netip.ParseAddr(a)
			if err != nil {
				continue
			}
			ap := netip.AddrPortFrom(ip.Unmap(), uint16(port))
			if !slices.Contains(m[ap], name) {
				m[ap] = append(m[ap], name)
			}
		}
	}
	for _, r := range s.st.Routes {
		u, err := url.Parse(r.Upstream)
		if err != nil {
			continue
		}
		add(u, u.Host)
		if via, err := s.proxyFunc()(u); err == nil && via != nil {
			add(via, "proxy "+via.Host)
		}
	}
	return m
}
