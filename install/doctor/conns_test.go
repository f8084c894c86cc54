package doctor

import (
	"context"
	"encoding/binary"
	"fmt"
	"net/netip"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/toolfix/toolfix/install"
	"github.com/toolfix/toolfix/providers/configtest"
)

// kernelHex writes an address as /proc/net/tcp does: each 32-bit word of the address as this
// machine holds it in memory, in hex, then the port.
func kernelHex(ap netip.AddrPort) string {
	var b []byte
	if ap.Addr().Is4() {
		a := ap.Addr().As4()
		b = a[:]
	} else {
		a := ap.Addr().As16()
		b = a[:]
	}
	var sb strings.Builder
	for i := 0; i < len(b); i += 4 {
		fmt.Fprintf(&sb, "%08X", binary.NativeEndian.Uint32(b[i:]))
	}
	fmt.Fprintf(&sb, ":%04X", ap.Port())
	return sb.String()
}

// sock is one line of a fake /proc/net/tcp(6) and the process holding it (pid 0: none readable).
type sock struct {
	local, remote string
	state         string // hex code
	inode         int
	pid           int
}

// fakeProc writes a /proc tree under root: net/tcp and net/tcp6 from socks, and for each pid in
// cmdlines a cmdline file and fd links to its sockets (and to a file that is not a socket).
func fakeProc(t *testing.T, root string, socks []sock, cmdlines map[int]string) {
	t.Helper()
	tables := map[string]*strings.Builder{}
	for _, n := range []string{"tcp", "tcp6"} {
		tables[n] = &strings.Builder{}
		tables[n].WriteString("  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode\n")
	}
	for i, s := range socks {
		l, r := netip.MustParseAddrPort(s.local), netip.MustParseAddrPort(s.remote)
		table := "tcp"
		if l.Addr().Is6() {
			table = "tcp6"
		}
		fmt.Fprintf(tables[table], "%4d: %s %s %s 00000000:00000000 00:00000000 00000000  %d        0 %d 1 0000000000000000 20 4 30 10 -1\n", i, kernelHex(l), kernelHex(r), s.state, os.Getuid(), s.inode)
	}
	for n, b := range tables {
		writeTestFile(t, filepath.Join(root, "net", n), b.String())
	}
	for pid, cmd := range cmdlines {
		dir := filepath.Join(root, fmt.Sprint(pid))
		writeTestFile(t, filepath.Join(dir, "cmdline"), strings.ReplaceAll(cmd, " ", "\x00")+"\x00")
		if err := os.MkdirAll(filepath.Join(dir, "fd"), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink("/dev/null", filepath.Join(dir, "fd", "0")); err != nil {
			t.Fatal(err)
		}
		for _, s := range socks {
			if s.pid == pid {
				if err := os.Symlink(fmt.Sprintf("socket:[%d]", s.inode), filepath.Join(dir, "fd", fmt.Sprint(s.inode))); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	// A process whose fd folder cannot be read (another user's) has only a cmdline.
	writeTestFile(t, filepath.Join(root, "6000", "cmdline"), "secret\x00")
}

// writeTestFile writes a test file (configtest.WriteFile).
var writeTestFile = configtest.WriteFile

const (
	established = "01"
	listen      = "0A"
	timeWait    = "06"
)

var testSocks = []sock{
	{"127.0.0.1:47821", "0.0.0.0:0", listen, 1000, 4100},
	{"127.0.0.1:50000", "127.0.0.1:47821", established, 2000, 4242},
	{"127.0.0.1:47821", "127.0.0.1:50000", established, 1001, 4100},
	{"10.0.0.5:40000", "160.79.104.10:443", established, 1002, 4100},
	{"10.0.0.5:40001", "160.79.104.10:443", established, 1003, 4100},
	{"10.0.0.5:40100", "1.1.1.1:443", established, 3000, 5000},
	{"127.0.0.1:50001", "127.0.0.1:47821", timeWait, 0, 0},
	{"[::1]:50500", "[::1]:47821", established, 2100, 4343},
	{"[::ffff:127.0.0.1]:50600", "[::ffff:127.0.0.1]:47821", established, 2200, 0},
}

var testCmdlines = map[int]string{
	4100: "/usr/local/bin/toolfix serve",
	4242: "node /usr/lib/node_modules/@anthropic-ai/claude-code/cli.js --resume",
	4343: "/home/me/.opencode/bin/opencode",
	5000: "curl https://one.one.one.one",
}

func TestProcTable(t *testing.T) {
	root := t.TempDir()
	fakeProc(t, root, testSocks, testCmdlines)
	conns, err := ProcTable{Root: root}.Conns(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, c := range conns {
		got = append(got, fmt.Sprintf("%s %s %s %d %s", c.Local, c.Remote, c.State, c.PID, c.Command))
	}
	want := []string{
		"127.0.0.1:47821 invalid AddrPort LISTEN 4100 /usr/local/bin/toolfix serve",
		"127.0.0.1:50000 127.0.0.1:47821 ESTABLISHED 4242 " + testCmdlines[4242],
		"127.0.0.1:47821 127.0.0.1:50000 ESTABLISHED 4100 /usr/local/bin/toolfix serve",
		"10.0.0.5:40000 160.79.104.10:443 ESTABLISHED 4100 /usr/local/bin/toolfix serve",
		"10.0.0.5:40001 160.79.104.10:443 ESTABLISHED 4100 /usr/local/bin/toolfix serve",
		"10.0.0.5:40100 1.1.1.1:443 ESTABLISHED 5000 curl https://one.one.one.one",
		"127.0.0.1:50001 127.0.0.1:47821 TIME_WAIT 0 ",
		"[::1]:50500 [::1]:47821 ESTABLISHED 4343 /home/me/.opencode/bin/opencode",
		"127.0.0.1:50600 127.0.0.1:47821 ESTABLISHED 0 ",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("conns (-want +got):\n%s", diff)
	}
}

func TestProcTableMissing(t *testing.T) {
	if _, err := (ProcTable{Root: t.TempDir()}).Conns(context.Background()); err == nil || !strings.Contains(err.Error(), "no net/tcp") {
		t.Errorf("err = %v", err)
	}
}

func TestParseProcNetTCPErrors(t *testing.T) {
	for _, in := range []string{
		"sl local\n0: 0100007F:1F90 00000000:0000 0A\n",
		"0: 0100007F 00000000:0000 0A 0 0 0 0 0 1\n",
		"0: 01007F:1F90 00000000:0000 0A 0 0 0 0 0 1\n",
		"0: 0100007F:XYZ 00000000:0000 0A 0 0 0 0 0 1\n",
	} {
		if _, _, err := ParseProcNetTCP([]byte(in)); err == nil {
			t.Errorf("ParseProcNetTCP(%q): no error", in)
		}
	}
}

func TestCheckConnections(t *testing.T) {
	f := newFixture(t)
	f.install(&install.State{Version: install.StateVersion, Phase: install.PhaseInstalled, Port: testPort, Routes: []install.Route{
		{Name: "claude", Upstream: "https://api.anthropic.com", Client: "claude"},
		{Name: "opencode-moonshot", Upstream: "https://api.moonshot.ai/v1", Client: "opencode"},
	}})
	fakeProc(t, f.d.ProcRoot, testSocks, testCmdlines)
	f.d.Conns = nil // the default on Linux: the /proc tree under ProcRoot
	f.d.LookupHost = func(_ context.Context, host string) ([]string, error) {
		if host == "api.anthropic.com" {
			return []string{"160.79.104.10", "2607:6bc0::10"}, nil
		}
		return nil, fmt.Errorf("no such host")
	}
	r := f.run("connections")
	expect(t, r, OK,
		"3 clients connected: a process doctor cannot see (another user's, or gone), @anthropic-ai/claude-code (pid 4242), opencode (pid 4343); toolfix holds 2 connections upstream",
		"@anthropic-ai/claude-code (pid 4242) → toolfix → api.anthropic.com   [node /usr/lib/node_modules/@anthropic-ai/claude-code/cli.js --resume]",
		"opencode (pid 4343) → toolfix → api.moonshot.ai   [/home/me/.opencode/bin/opencode]",
		"toolfix (pid 4100) → api.anthropic.com (160.79.104.10:443) ×2",
	)
	c := r.Data.(*Connections)
	want := &Connections{Port: testPort, ProxyPID: 4100,
		Clients: []Peer{
			{PID: 0, Remote: "127.0.0.1:47821", Count: 1},
			{PID: 4242, Program: "@anthropic-ai/claude-code", Command: testCmdlines[4242], Remote: "127.0.0.1:47821", Hosts: []string{"api.anthropic.com"}, Count: 1},
			{PID: 4343, Program: "opencode", Command: testCmdlines[4343], Remote: "[::1]:47821", Hosts: []string{"api.moonshot.ai"}, Count: 1},
		},
		Upstreams: []Peer{{PID: 4100, Program: "toolfix", Command: testCmdlines[4100], Remote: "160.79.104.10:443", Hosts: []string{"api.anthropic.com"}, Count: 2}},
	}
	if diff := cmp.Diff(want, c); diff != "" {
		t.Errorf("connections (-want +got):\n%s", diff)
	}
}

func TestCheckConnectionsNoProxy(t *testing.T) {
	f := newFixture(t)
	f.d.Port = closedPort(t)
	f.d.Conns = fakeTable{conns: []Conn{{Local: netip.MustParseAddrPort("127.0.0.1:1"), State: "LISTEN", PID: 9}}}
	expect(t, f.run("connections"), Skip, "no proxy listens on 127.0.0.1:")
}

func TestCheckConnectionsTableError(t *testing.T) {
	f := newFixture(t)
	f.d.Conns = fakeTable{err: fmt.Errorf("lsof: not found")}
	expect(t, f.run("connections"), Warn, "cannot read the TCP table: lsof: not found")
}

func TestProgramName(t *testing.T) {
	tests := []struct{ cmd, want string }{
		{"", ""},
		{"/usr/bin/claude --resume", "claude"},
		{`C:\Users\me\AppData\Local\claude.exe`, "claude.exe"},
		{"node /home/me/.npm/bin/claude", "claude"},
		{"node --max-old-space-size=4096 /x/node_modules/opencode-ai/index.js", "opencode-ai"},
		{"bun /x/pkg/cli.js", "x/pkg"},
		{"python3 -m http.server", "http.server"},
	}
	for _, tt := range tests {
		if got := programName(tt.cmd); got != tt.want {
			t.Errorf("programName(%q) = %q, want %q", tt.cmd, got, tt.want)
		}
	}
}
