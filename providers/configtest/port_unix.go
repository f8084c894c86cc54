//go:build unix

package configtest

import (
	"syscall"
	"testing"
)

// RefusingPort returns a loopback TCP port (127.0.0.1) that refuses every connection for the rest
// of the test: a socket bound to it without listening holds it, so that no other test running at
// the same time can be given the port (as it could after closing a listener) and a connection to
// it is refused at once. The socket is closed when the test ends; a failure to make it ends the
// test.
func RefusingPort(t testing.TB) int {
	t.Helper()
	fd, err := syscall.Socket(syscall.AF_INET, syscall.SOCK_STREAM, 0)
	if err != nil {
		t.Fatalf("making a socket to hold a refusing port: %v", err)
	}
	t.Cleanup(func() { _ = syscall.Close(fd) })
	if err := syscall.Bind(fd, &syscall.SockaddrInet4{Addr: [4]byte{127, 0, 0, 1}}); err != nil {
		t.Fatalf("binding a socket to hold a refusing port: %v", err)
	}
	sa, err := syscall.Getsockname(fd)
	if err != nil {
		t.Fatalf("reading the refusing port's address: %v", err)
	}
	return sa.(*syscall.SockaddrInet4).Port
}
