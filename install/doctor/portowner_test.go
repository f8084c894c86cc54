package doctor

import (
	"fmt"
	"net/netip"
	"os"
	"path/filepath"
	"testing"
)

// writeListener writes a /proc/net/tcp under root with one socket listening on 127.0.0.1:port
// that belongs to uid.
func writeListener(t *testing.T, root string, port, uid int) {
	t.Helper()
	l := netip.AddrPortFrom(netip.MustParseAddr("127.0.0.1"), uint16(port))
	r := netip.AddrPortFrom(netip.IPv4Unspecified(), 0)
	writeTestFile(t, filepath.Join(root, "net", "tcp"), "  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode\n"+
		fmt.Sprintf("   0: %s %s 0A 00000000:00000000 00:00000000 00000000  %d        0 777 1 0000000000000000 20 4 30 10 -1\n", kernelHex(l), kernelHex(r), uid))
}

func TestPortOwner(t *testing.T) {
	root := t.TempDir()
	other := os.Getuid() + 4321
	writeListener(t, root, 47821, other)
	if uid, ok := PortOwner(root, 47821); !ok || uid != other {
		t.Errorf("PortOwner(47821) = %d, %v; want %d, true", uid, ok, other)
	}
	if _, ok := PortOwner(root, 47822); ok {
		t.Error("PortOwner found a listener on a port nothing listens on")
	}
	if who, ok := OtherUser(root, 47821); !ok || who != fmt.Sprintf("uid %d", other) {
		t.Errorf("OtherUser = %q, %v", who, ok)
	}
	writeListener(t, root, 47821, os.Getuid())
	if _, ok := OtherUser(root, 47821); ok {
		t.Error("the user's own listener counted as another user's")
	}
}

// TestCheckProxyOtherUser: a toolfix that answers on the port but whose socket belongs to another
// user is not called the user's own: doctor says whose it is and suggests another port.
func TestCheckProxyOtherUser(t *testing.T) {
	f := newFixture(t)
	f.claudeInstalled("")
	f.d.Port = startProxy(t, "v1.2.0", "claude")
	writeListener(t, f.d.ProcRoot, f.d.Port, os.Getuid()+4321)
	r := f.run("proxy")
	expect(t, r, Warn, "belongs to uid", "not to you")
	if r.Hint != "you cannot stop it; move yours to another port with `toolfix install --port N`" {
		t.Errorf("hint %q", r.Hint)
	}
}
