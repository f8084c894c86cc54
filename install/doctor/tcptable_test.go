package doctor

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/toolfix/toolfix/install"
)

// lsofOutput is `lsof -nP -iTCP -FpcnT` as macOS prints it.
const lsofOutput = `p4100
ctoolfix
f5
n127.0.0.1:47821
TST=LISTEN
TQR=0
TQS=0
f7
n127.0.0.1:47821->127.0.0.1:50000
TST=ESTABLISHED
TQR=0
TQS=0
f9
n10.0.0.5:40000->160.79.104.10:443
TST=ESTABLISHED
p4242
cnode
f21
n127.0.0.1:50000->127.0.0.1:47821
TST=ESTABLISHED
f22
n[::1]:50001->[::1]:47821
TST=CLOSE_WAIT
p501
claunchd
f30
n*:5000
TST=LISTEN
f31
nsome-unix-thing
`

const psOutput = `    1 /sbin/launchd
 4100 /usr/local/bin/toolfix serve
 4242 node /opt/homebrew/lib/node_modules/@anthropic-ai/claude-code/cli.js
`

// netstatOutput is `netstat -ano` as Windows prints it, CRLF and all.
const netstatOutput = "\r\nActive Connections\r\n\r\n" +
	"  Proto  Local Address          Foreign Address        State           PID\r\n" +
	"  TCP    0.0.0.0:135            0.0.0.0:0              LISTENING       1000\r\n" +
	"  TCP    127.0.0.1:47821        0.0.0.0:0              LISTENING       4100\r\n" +
	"  TCP    127.0.0.1:50000        127.0.0.1:47821        ESTABLISHED     4242\r\n" +
	"  TCP    127.0.0.1:47821        127.0.0.1:50000        ESTABLISHED     4100\r\n" +
	"  TCP    10.0.0.5:40000         160.79.104.10:443      ESTABLISHED     4100\r\n" +
	"  TCP    [::1]:50500            [::1]:47821            ESTABLISHED     4343\r\n" +
	"  UDP    0.0.0.0:500            *:*                                    2000\r\n"

const tasklistOutput = `"System Idle Process","0","Services","0","8 K"
"toolfix.exe","4100","Console","1","12,345 K"
"claude.exe","4242","Console","1","99,000 K"
`

// darwinPrograms and windowsPrograms are what the programs that list the TCP table print, by
// program, on macOS and on Windows.
var (
	darwinPrograms  = map[string]string{"lsof": lsofOutput, "ps": psOutput}
	windowsPrograms = map[string]string{"netstat": netstatOutput, "tasklist": tasklistOutput}
)

// fakeExec answers each program with a fixed output and records the calls.
func fakeExec(outputs map[string]string, calls *[]string) Runner {
	return func(_ context.Context, name string, args ...string) ([]byte, error) {
		*calls = append(*calls, name+" "+strings.Join(args, " "))
		out, ok := outputs[name]
		if !ok {
			return nil, fmt.Errorf("%s: not found", name)
		}
		return []byte(out), nil
	}
}

func summarizeConns(cs []Conn) []string {
	var s []string
	for _, c := range cs {
		s = append(s, fmt.Sprintf("%s %s %s %d %s", c.Local, c.Remote, c.State, c.PID, c.Command))
	}
	return s
}

// TestConnTables reads each OS's TCP table through its programs, faked: lsof and ps on macOS,
// netstat and tasklist on Windows.
func TestConnTables(t *testing.T) {
	tests := []struct {
		name      string
		table     func(Runner) ConnTable
		outputs   map[string]string
		want      []string
		wantCalls []string // nil: not checked
	}{
		{name: "lsof", table: func(r Runner) ConnTable { return LsofTable{Exec: r} }, outputs: darwinPrograms,
			want: []string{
				"127.0.0.1:47821 invalid AddrPort LISTEN 4100 /usr/local/bin/toolfix serve",
				"127.0.0.1:47821 127.0.0.1:50000 ESTABLISHED 4100 /usr/local/bin/toolfix serve",
				"10.0.0.5:40000 160.79.104.10:443 ESTABLISHED 4100 /usr/local/bin/toolfix serve",
				"127.0.0.1:50000 127.0.0.1:47821 ESTABLISHED 4242 node /opt/homebrew/lib/node_modules/@anthropic-ai/claude-code/cli.js",
				"[::1]:50001 [::1]:47821 CLOSE_WAIT 4242 node /opt/homebrew/lib/node_modules/@anthropic-ai/claude-code/cli.js",
				"0.0.0.0:5000 invalid AddrPort LISTEN 501 launchd",
			},
			wantCalls: []string{"lsof -nP -iTCP -FpcnT", "ps -axww -o pid=,command="}},
		{name: "netstat", table: func(r Runner) ConnTable { return NetstatTable{Exec: r} }, outputs: windowsPrograms,
			want: []string{
				"0.0.0.0:135 invalid AddrPort LISTEN 1000 ",
				"127.0.0.1:47821 invalid AddrPort LISTEN 4100 toolfix.exe",
				"127.0.0.1:50000 127.0.0.1:47821 ESTABLISHED 4242 claude.exe",
				"127.0.0.1:47821 127.0.0.1:50000 ESTABLISHED 4100 toolfix.exe",
				"10.0.0.5:40000 160.79.104.10:443 ESTABLISHED 4100 toolfix.exe",
				"[::1]:50500 [::1]:47821 ESTABLISHED 4343 ",
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var calls []string
			conns, err := tt.table(fakeExec(tt.outputs, &calls)).Conns(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, summarizeConns(conns)); diff != "" {
				t.Errorf("conns (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.wantCalls, calls); tt.wantCalls != nil && diff != "" {
				t.Errorf("calls (-want +got):\n%s", diff)
			}
		})
	}
}

func TestLsofTableFails(t *testing.T) {
	var calls []string
	if _, err := (LsofTable{Exec: fakeExec(nil, &calls)}).Conns(context.Background()); err == nil || !strings.Contains(err.Error(), "lsof: not found") {
		t.Errorf("err = %v", err)
	}
}

// On each OS the connections check reads that OS's table through its programs.
func TestCheckConnectionsPerOS(t *testing.T) {
	tests := []struct {
		goos    string
		outputs map[string]string
		want    []string
	}{
		{"darwin", darwinPrograms, []string{
			"1 client connected: @anthropic-ai/claude-code (pid 4242)",
			"@anthropic-ai/claude-code (pid 4242) → toolfix → api.anthropic.com",
			"toolfix (pid 4100) → api.anthropic.com (160.79.104.10:443)",
		}},
		{"windows", windowsPrograms, []string{
			"2 clients connected: claude.exe (pid 4242), a process (pid 4343)",
			"claude.exe (pid 4242) → toolfix → api.anthropic.com\n",
			"toolfix (pid 4100) → api.anthropic.com (160.79.104.10:443)",
		}},
	}
	for _, tt := range tests {
		t.Run(tt.goos, func(t *testing.T) {
			f := newFixture(t)
			f.install(&install.State{Version: install.StateVersion, Phase: install.PhaseInstalled, Port: testPort,
				Routes: []install.Route{{Name: "claude", Upstream: "https://api.anthropic.com", Client: "claude"}}})
			f.d.GOOS, f.d.Conns = tt.goos, nil
			var calls []string
			f.d.Exec = fakeExec(tt.outputs, &calls)
			f.d.LookupHost = func(context.Context, string) ([]string, error) { return []string{"160.79.104.10"}, nil }
			expect(t, f.run("connections"), OK, tt.want...)
		})
	}
}
