package doctor

import (
	"os"
	"path/filepath"
	"runtime"

	"github.com/toolfix/toolfix/install"
)

// PortOwner is the user whose socket listens on the TCP port (on any address), read from Linux's
// /proc/net/tcp and tcp6 under root ("" means "/proc"); ok is false when nothing listens there
// or the system does not tell (macOS, Windows). Doctor, serve and uninstall use it to tell the
// user's own toolfix from another user's on the same port.
func PortOwner(root string, port int) (uid int, ok bool) {
	if runtime.GOOS != "linux" && root == "" {
		return -1, false
	}
	if root == "" {
		root = "/proc"
	}
	for _, name := range []string{"tcp", "tcp6"} {
		b, err := os.ReadFile(filepath.Join(root, "net", name))
		if err != nil {
			continue
		}
		conns, _, err := ParseProcNetTCP(b)
		if err != nil {
			continue
		}
		for _, c := range conns {
			if c.State == "LISTEN" && int(c.Local.Port()) == port && c.UID >= 0 {
				return c.UID, true
			}
		}
	}
	return -1, false
}

// OtherUser reports whether the socket listening on port belongs to a user other than this
// process's, and if so that user ("user NAME (uid N)"): the toolfix answering there is not one the
// user can stop. root is as for PortOwner.
func OtherUser(root string, port int) (string, bool) {
	uid, ok := PortOwner(root, port)
	if !ok || uid == os.Getuid() {
		return "", false
	}
	return install.UserName(uid), true
}
