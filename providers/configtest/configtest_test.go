package configtest

import (
	"net"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"testing"
)

func TestWriteFile(t *testing.T) {
	tests := []struct{ name, rel, content string }{
		{"in the folder", "a.json", "{}"},
		{"folders made", "x/y/z.toml", "k = 1\n"},
		{"empty", "e", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := filepath.Join(t.TempDir(), tc.rel)
			WriteFile(t, p, tc.content)
			got, err := os.ReadFile(p)
			if err != nil || string(got) != tc.content {
				t.Fatalf("read back %q, %v; want %q", got, err, tc.content)
			}
		})
	}
}

// TestRefusingPort: a connection to the port is refused, and no listener can take the port while
// the test runs.
func TestRefusingPort(t *testing.T) {
	p := RefusingPort(t)
	addr := net.JoinHostPort("127.0.0.1", strconv.Itoa(p))
	if c, err := net.Dial("tcp", addr); err == nil {
		c.Close()
		t.Fatalf("a connection to %s was accepted", addr)
	}
	if runtime.GOOS != "windows" {
		if ln, err := net.Listen("tcp", addr); err == nil {
			ln.Close()
			t.Fatalf("a listener could take the held port %s", addr)
		}
	}
}
