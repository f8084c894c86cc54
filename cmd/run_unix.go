//go:build unix

package cmd

import (
	"os"
	"syscall"
)

// relayed are the signals toolfix catches during `toolfix run` and passes on to the client.
var relayed = []os.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGQUIT, syscall.SIGUSR1, syscall.SIGUSR2}

// forwarded reports whether a caught signal is sent on: the terminal delivers Ctrl-C (SIGINT) and
// Ctrl-\ (SIGQUIT) to the client as well, so with a terminal they are not sent a second time.
func forwarded(s os.Signal, tty bool) bool {
	return !tty || (s != syscall.SIGINT && s != syscall.SIGQUIT)
}

// exitStatus is a finished client's exit status, 128+N when signal N killed it, as shells report.
func exitStatus(ps *os.ProcessState) int {
	if ws, ok := ps.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		return 128 + int(ws.Signal())
	}
	return ps.ExitCode()
}
