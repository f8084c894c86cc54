//go:build !unix

package configtest

import (
	"net"
	"testing"
)

// RefusingPort returns a loopback TCP port (127.0.0.1) nothing listens on. Outside Unix it is the
// port of a listener closed at once, which another test could be given again; on Unix a bound
// socket holds it for the rest of the test (port_unix.go). A failure ends the test.
func RefusingPort(t testing.TB) int {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatalf("finding a free loopback port: %v", err)
	}
	p := ln.Addr().(*net.TCPAddr).Port
	ln.Close()
	return p
}
