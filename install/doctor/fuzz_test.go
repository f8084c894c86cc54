package doctor

import (
	"fmt"
	"net/netip"
	"strconv"
	"strings"
	"testing"
)

// FuzzParseProcNetTCP: never panics; a line it accepts prints back (through the kernel's format)
// to the same socket.
func FuzzParseProcNetTCP(f *testing.F) {
	f.Add([]byte("  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode\n" +
		"   0: 0100007F:BAAD 00000000:0000 0A 00000000:00000000 00:00000000 00000000  1000        0 12345 1 0 20 4 30 10 -1\n"))
	f.Add([]byte("0: 00000000000000000000000001000000:1F90 00000000000000000000000001000000:C350 01 0 0 0 0 0 7\n"))
	f.Add([]byte("0: 0000000000000000FFFF00000100007F:1F90 0000000000000000FFFF00000100007F:C350 01 0 0 0 0 0 7\n"))
	f.Add([]byte("0: zz:zz yy:yy 01 0 0 0 0 0 7\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		conns, inodes, err := ParseProcNetTCP(b)
		if err != nil {
			return
		}
		if len(conns) != len(inodes) {
			t.Fatalf("%d conns, %d inodes", len(conns), len(inodes))
		}
		for i, c := range conns {
			remote := c.Remote
			if !remote.IsValid() {
				remote = netip.AddrPortFrom(netip.IPv4Unspecified(), 0)
			}
			if c.Local.Addr().Is4() != remote.Addr().Is4() {
				continue // a listener's zeroed remote, or a mixed line only a fuzzer writes
			}
			line := fmt.Sprintf("0: %s %s 01 0 0 0 0 0 %s\n", kernelHex(c.Local), kernelHex(remote), inodes[i])
			again, _, err := ParseProcNetTCP([]byte(line))
			if err != nil || len(again) != 1 || again[0].Local != c.Local {
				t.Fatalf("%s: reparsed as %v, %v", line, again, err)
			}
		}
	})
}

// FuzzParseLsof: never panics; a listener has no remote end; every socket has the pid of the
// "p" line before it.
func FuzzParseLsof(f *testing.F) {
	f.Add([]byte(lsofOutput))
	f.Add([]byte("p1\nn*:80\nTST=LISTEN\np2\ncx\nf3\nn[::1]:1->[::1]:2\nTST=ESTABLISHED\n"))
	f.Add([]byte("TST=LISTEN\nn1.2.3.4:5->\np\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		pids := map[int]bool{0: true}
		for _, line := range strings.Split(string(b), "\n") {
			if p, ok := strings.CutPrefix(line, "p"); ok {
				n, _ := strconv.Atoi(p)
				pids[n] = true
			}
		}
		for _, c := range ParseLsof(b) {
			if c.State == "LISTEN" && c.Remote.IsValid() {
				t.Fatalf("listener with a remote end: %+v", c)
			}
			if !pids[c.PID] {
				t.Fatalf("pid %d from nowhere", c.PID)
			}
		}
		_ = ParsePs(b)
	})
}

// FuzzParseNetstat: never panics; no more sockets than TCP lines; a listener has no remote end.
func FuzzParseNetstat(f *testing.F) {
	f.Add([]byte(netstatOutput))
	f.Add([]byte(tasklistOutput))
	f.Add([]byte("TCP *:1 *:* LISTENING x\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		conns := ParseNetstat(b)
		if n := strings.Count(string(b), "TCP"); len(conns) > n {
			t.Fatalf("%d sockets from %d TCP lines", len(conns), n)
		}
		for _, c := range conns {
			if c.State == "LISTEN" && c.Remote.IsValid() {
				t.Fatalf("listener with a remote end: %+v", c)
			}
		}
		_ = ParseTasklist(b)
	})
}

// FuzzNoProxyCovers: never panics; "*" anywhere in the list covers every host.
func FuzzNoProxyCovers(f *testing.F) {
	for _, s := range []string{"", "localhost,127.0.0.1", "127.0.0.0/8", "*", "[::1]:80", ".example.com 10.0.0.0/8"} {
		f.Add(s, "127.0.0.1")
	}
	f.Fuzz(func(t *testing.T, noProxy, host string) {
		_ = NoProxyCovers(noProxy, host)
		if !NoProxyCovers(noProxy+",*", host) {
			t.Fatalf("%q with * does not cover %q", noProxy, host)
		}
	})
}
