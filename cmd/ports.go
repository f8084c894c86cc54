package cmd

import (
	"context"
	"fmt"
	"net"
	"strconv"

	"github.com/toolfix/toolfix/install/doctor"
)

// portOtherUser reports whether the socket listening on addr's port (host:port, or a bare port)
// belongs to another user than this process's, and which ("user NAME (uid N)"): serve, install
// and uninstall then say it is not the user's to stop. Tests replace it; the default reads Linux's
// TCP table (doctor.OtherUser) and is false where the system does not tell.
var portOtherUser = func(addr string) (string, bool) {
	port := addr
	if _, p, err := net.SplitHostPort(addr); err == nil {
		port = p
	}
	n, err := strconv.Atoi(port)
	if err != nil {
		return "", false
	}
	return doctor.OtherUser("", n)
}

// portTakenNote is the plan's note when something already listens on the loopback port the
// install would move the proxy to, "" when the port is free or is the installed proxy's own
// (installedPort, 0 when nothing is installed). It says whose it is and names a free port.
func portTakenNote(ctx context.Context, port, installedPort int) string {
	if port == installedPort {
		return ""
	}
	addr := net.JoinHostPort("127.0.0.1", strconv.Itoa(port))
	ln, err := net.Listen("tcp", addr)
	if err == nil {
		ln.Close()
		return ""
	}
	what := "another program"
	if probeService(ctx, port) != nil {
		what = "a toolfix proxy"
	}
	if owner, other := portOtherUser(addr); other {
		what += " of " + owner
	}
	free := "another port"
	if ln, err := net.Listen("tcp", "127.0.0.1:0"); err == nil {
		free = "a free one such as " + strconv.Itoa(ln.Addr().(*net.TCPAddr).Port)
		ln.Close()
	}
	return fmt.Sprintf("%s already listens on %s, so toolfix's proxy could not start there; choose %s with `toolfix install --port N`", what, addr, free)
}
