package doctor

import (
	"bufio"
	"bytes"
	"context"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"net/netip"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// Conn is one TCP socket of the machine's TCP table, as its owner sees it.
type Conn struct {
	// Local and Remote are the socket's ends; Remote is the zero AddrPort for a listener.
	Local, Remote netip.AddrPort
	// State is "ESTABLISHED", "LISTEN" or another TCP state name.
	State string
	// PID is the owning process; 0 when it cannot be told (another user's process).
	PID int
	// Command is the owner's command line (Windows: its image name); "" when unknown.
	Command string
	// UID is the user the socket belongs to, which Linux's table gives for every socket (other
	// users' too); -1 when the table does not tell (macOS, Windows).
	UID int
}

// ConnTable reads the TCP table of the machine. The implementations are ProcTable (Linux),
// LsofTable (macOS) and NetstatTable (Windows); tests give them fixture trees and outputs.
type ConnTable interface {
	// Conns returns every TCP socket with its owner where that can be told. The error says
	// which source could not be read.
	Conns(ctx context.Context) ([]Conn, error)
}

// ProcTable reads Linux's /proc: the sockets from net/tcp and net/tcp6, their owners by matching
// each socket's inode with the links "socket:[inode]" in <pid>/fd, command lines from
// <pid>/cmdline. Processes of other users cannot be read without privileges; their sockets come
// with PID 0.
type ProcTable struct {
	// Root is the /proc tree; "" means "/proc".
	Root string
}

// tcpStates names the states in /proc/net/tcp's "st" column.
var tcpStates = map[string]string{
	"01": "ESTABLISHED", "02": "SYN_SENT", "03": "SYN_RECV", "04": "FIN_WAIT1", "05": "FIN_WAIT2",
	"06": "TIME_WAIT", "07": "CLOSE", "08": "CLOSE_WAIT", "09": "LAST_ACK", "0A": "LISTEN", "0B": "CLOSING",
}

// Conns implements ConnTable.
func (p ProcTable) Conns(ctx context.Context) ([]Conn, error) {
	root := p.Root
	if root == "" {
		root = "/proc"
	}
	var conns []Conn
	var inodes []string
	read := 0
	for _, name := range []string{"tcp", "tcp6"} {
		b, err := os.ReadFile(filepath.Join(root, "net", name))
		if os.IsNotExist(err) {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("reading %s: %w", filepath.Join(root, "net", name), err)
		}
		read++
		cs, ins, err := ParseProcNetTCP(b)
		if err != nil {
			return nil, fmt.Errorf("parsing %s: %w", filepath.Join(root, "net", name), err)
		}
		conns = append(conns, cs...)
		inodes = append(inodes, ins...)
	}
	if read == 0 {
		return nil, fmt.Errorf("reading %s: no net/tcp or net/tcp6", root)
	}
	owners := socketOwners(ctx, root)
	cmds := map[int]string{}
	for i := range conns {
		pid := owners[inodes[i]]
		if pid == 0 {
			continue
		}
		conns[i].PID = pid
		if _, ok := cmds[pid]; !ok {
			cmds[pid] = procCmdline(root, pid)
		}
		conns[i].Command = cmds[pid]
	}
	return conns, nil
}

// ParseProcNetTCP parses the text of /proc/net/tcp or /proc/net/tcp6: one socket a line after
// the header, addresses as hex words in the kernel's byte order, the port in hex, the state as a
// hex code. It returns the sockets and, at the same index, each one's inode. A line with too few
// fields or a bad address is an error naming its number.
func ParseProcNetTCP(b []byte) ([]Conn, []string, error) {
	var conns []Conn
	var inodes []string
	sc := bufio.NewScanner(bytes.NewReader(b))
	sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
	for n := 1; sc.Scan(); n++ {
		f := strings.Fields(sc.Text())
		if n == 1 && len(f) > 0 && f[0] == "sl" {
			continue
		}
		if len(f) == 0 {
			continue
		}
		if len(f) < 10 {
			return nil, nil, fmt.Errorf("line %d: %d fields, want at least 10", n, len(f))
		}
		local, err := parseHexAddrPort(f[1])
		if err != nil {
			return nil, nil, fmt.Errorf("line %d: local address: %w", n, err)
		}
		remote, err := parseHexAddrPort(f[2])
		if err != nil {
			return nil, nil, fmt.Errorf("line %d: remote address: %w", n, err)
		}
		st, ok := tcpStates[strings.ToUpper(f[3])]
		if !ok {
			st = "STATE_" + f[3]
		}
		if st == "LISTEN" {
			remote = netip.AddrPort{}
		}
		uid, err := strconv.Atoi(f[7])
		if err != nil || uid < 0 {
			uid = -1
		}
		conns = append(conns, Conn{Local: local, Remote: remote, State: st, UID: uid})
		inodes = append(inodes, f[9])
	}
	return conns, inodes, sc.Err()
}

// parseHexAddrPort parses "0100007F:B8CD" (IPv4) or 32 hex digits and a port (IPv6). Each 32-bit
// word of the address is printed as the kernel holds it in memory, so it is decoded in this
// machine's byte order.
func parseHexAddrPort(s string) (netip.AddrPort, error) {
	a, p, ok := strings.Cut(s, ":")
	if !ok {
		return netip.AddrPort{}, fmt.Errorf("%q has no port", s)
	}
	port, err := strconv.ParseUint(p, 16, 16)
	if err != nil {
		return netip.AddrPort{}, fmt.Errorf("%q: bad port", s)
	}
	raw, err := hex.DecodeString(a)
	if err != nil || (len(raw) != 4 && len(raw) != 16) {
		return netip.AddrPort{}, fmt.Errorf("%q: bad address", s)
	}
	ip := make([]byte, len(raw))
	for i := 0; i < len(raw); i += 4 {
		binary.NativeEndian.PutUint32(ip[i:], binary.BigEndian.Uint32(raw[i:]))
	}
	addr, _ := netip.AddrFromSlice(ip)
	return netip.AddrPortFrom(addr.Unmap(), uint16(port)), nil
}

// socketOwners maps socket inodes to the process holding them, from <root>/<pid>/fd links.
// Processes that cannot be read are skipped.
func socketOwners(ctx context.Context, root string) map[string]int {
	owners := map[string]int{}
	ents, err := os.ReadDir(root)
	if err != nil {
		return owners
	}
	for _, e := range ents {
		if ctx.Err() != nil {
			return owners
		}
		pid, err := strconv.Atoi(e.Name())
		if err != nil || pid <= 0 {
			continue
		}
		fdDir := filepath.Join(root, e.Name(), "fd")
		fds, err := os.ReadDir(fdDir)
		if err != nil {
			continue
		}
		for _, fd := range fds {
			link, err := os.Readlink(filepath.Join(fdDir, fd.Name()))
			if err != nil {
				continue
			}
			if ino, ok := strings.CutPrefix(link, "socket:["); ok {
				ino = strings.TrimSuffix(ino, "]")
				if _, seen := owners[ino]; !seen {
					owners[ino] = pid
				}
			}
		}
	}
	return owners
}

// procCmdline is <root>/<pid>/cmdline with its NUL separators as spaces, else <pid>/comm.
func procCmdline(root string, pid int) string {
	dir := filepath.Join(root, strconv.Itoa(pid))
	if b, err := os.ReadFile(filepath.Join(dir, "cmdline")); err == nil {
		if s := strings.TrimSpace(strings.ReplaceAll(string(b), "\x00", " ")); s != "" {
			return s
		}
	}
	b, _ := os.ReadFile(filepath.Join(dir, "comm"))
	return strings.TrimSpace(string(b))
}
