package doctor

import (
	"bufio"
	"bytes"
	"context"
	"encoding/csv"
	"fmt"
	"net/netip"
	"strconv"
	"strings"
)

// LsofTable reads the TCP table on macOS: `lsof -nP -iTCP -FpcnT` for the sockets and their
// owners, `ps -axww -o pid=,command=` for the command lines.
type LsofTable struct {
	// Exec runs lsof and ps; nil means ExecRunner.
	Exec Runner
}

// Conns implements ConnTable.
func (t LsofTable) Conns(ctx context.Context) ([]Conn, error) {
	run := t.Exec.orExec()
	out, err := run(ctx, "lsof", "-nP", "-iTCP", "-FpcnT")
	if err != nil && len(out) == 0 {
		return nil, fmt.Errorf("listing TCP sockets: %w", err)
	}
	conns := ParseLsof(out)
	if ps, err := run(ctx, "ps", "-axww", "-o", "pid=,command="); err == nil {
		cmds := ParsePs(ps)
		for i := range conns {
			if c := cmds[conns[i].PID]; c != "" {
				conns[i].Command = c
			}
		}
	}
	return conns, nil
}

// ParseLsof parses lsof's field output (-F pcnT): a "p" line starts a process, "c" names its
// command, "f" starts a file, "n" is "local->remote" or a listener's "addr:port", "TST=" its TCP
// state. Lines it does not know, and names that are not addresses, are skipped.
func ParseLsof(b []byte) []Conn {
	var conns []Conn
	var pid int
	var cmd string
	cur := -1 // index of the current file's Conn in conns, -1 before its name
	sc := bufio.NewScanner(bytes.NewReader(b))
	for sc.Scan() {
		line := sc.Text()
		if line == "" {
			continue
		}
		v := line[1:]
		switch line[0] {
		case 'p':
			pid, _ = strconv.Atoi(v)
			cmd, cur = "", -1
		case 'c':
			cmd = v
		case 'f':
			cur = -1
		case 'n':
			local, remote, ok := parseLsofName(v)
			if !ok {
				cur = -1
				continue
			}
			conns = append(conns, Conn{Local: local, Remote: remote, PID: pid, Command: cmd, UID: -1})
			cur = len(conns) - 1
		case 'T':
			if st, ok := strings.CutPrefix(v, "ST="); ok && cur >= 0 {
				if st == "LISTEN" {
					conns[cur].Remote = netip.AddrPort{}
				}
				conns[cur].State = st
			}
		}
	}
	return conns
}

// parseLsofName parses "127.0.0.1:5000->127.0.0.1:47821", "[::1]:5000->[::1]:47821" or a
// listener's "*:47821".
func parseLsofName(s string) (local, remote netip.AddrPort, ok bool) {
	l, r, _ := strings.Cut(s, "->")
	local, ok = parseHostPort(l)
	if !ok {
		return local, remote, false
	}
	if r != "" {
		if remote, ok = parseHostPort(r); !ok {
			return local, remote, false
		}
	}
	return local, remote, true
}

// parseHostPort parses "1.2.3.4:80", "[::1]:80" and "*:80" (any address).
func parseHostPort(s string) (netip.AddrPort, bool) {
	if rest, ok := strings.CutPrefix(s, "*:"); ok {
		p, err := strconv.ParseUint(rest, 10, 16)
		return netip.AddrPortFrom(netip.IPv4Unspecified(), uint16(p)), err == nil
	}
	ap, err := netip.ParseAddrPort(s)
	if err != nil {
		return ap, false
	}
	return netip.AddrPortFrom(ap.Addr().Unmap(), ap.Port()), true
}

// ParsePs parses `ps -o pid=,command=` output: a pid, spaces, the command line.
func ParsePs(b []byte) map[int]string {
	m := map[int]string{}
	for _, line := range strings.Split(string(b), "\n") {
		f := strings.Fields(line)
		if len(f) < 2 {
			continue
		}
		if pid, err := strconv.Atoi(f[0]); err == nil {
			m[pid] = strings.Join(f[1:], " ")
		}
	}
	return m
}

// NetstatTable reads the TCP table on Windows: `netstat -ano` for the sockets and owning pids,
// `tasklist /FO CSV /NH` for the image names (Windows has no command line to read cheaply).
type NetstatTable struct {
	// Exec runs netstat and tasklist; nil means ExecRunner.
	Exec Runner
}

// Conns implements ConnTable.
func (t NetstatTable) Conns(ctx context.Context) ([]Conn, error) {
	run := t.Exec.orExec()
	out, err := run(ctx, "netstat", "-ano")
	if err != nil {
		return nil, fmt.Errorf("listing TCP sockets: %w", err)
	}
	conns := ParseNetstat(out)
	if tl, err := run(ctx, "tasklist", "/FO", "CSV", "/NH"); err == nil {
		names := ParseTasklist(tl)
		for i := range conns {
			conns[i].Command = names[conns[i].PID]
		}
	}
	return conns, nil
}

// ParseNetstat parses `netstat -ano` lines "TCP local remote state pid"; other lines (UDP,
// headers) are skipped. "LISTENING" becomes "LISTEN".
func ParseNetstat(b []byte) []Conn {
	var conns []Conn
	for _, line := range strings.Split(string(b), "\n") {
		f := strings.Fields(line)
		if len(f) != 5 || f[0] != "TCP" {
			continue
		}
		local, ok := parseHostPort(f[1])
		if !ok {
			continue
		}
		remote, _ := parseHostPort(f[2])
		st := f[3]
		if st == "LISTENING" || st == "LISTEN" {
			st, remote = "LISTEN", netip.AddrPort{}
		}
		pid, _ := strconv.Atoi(f[4])
		conns = append(conns, Conn{Local: local, Remote: remote, State: st, PID: pid, UID: -1})
	}
	return conns
}

// ParseTasklist parses `tasklist /FO CSV /NH`: "image","pid",… per line.
func ParseTasklist(b []byte) map[int]string {
	m := map[int]string{}
	r := csv.NewReader(bytes.NewReader(b))
	r.FieldsPerRecord = -1
	recs, _ := r.ReadAll()
	for _, rec := range recs {
		if len(rec) < 2 {
			continue
		}
		if pid, err := strconv.Atoi(rec[1]); err == nil {
			m[pid] = rec[0]
		}
	}
	return m
}
