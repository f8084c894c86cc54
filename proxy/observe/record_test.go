package observe

import (
	"bytes"
	"io"
	"os"
	"testing"
)

// TestCapBuffer: a capture keeps the first limit bytes, past capMemory in a temporary file that
// leaves nothing behind once discarded, and says when it cut.
func TestCapBuffer(t *testing.T) {
	tests := []struct {
		name    string
		limit   int
		writes  int // bytes written, in 64 KiB writes
		want    int
		cut     bool
		spilled bool
	}{
		{"in memory", 4 << 20, 512 << 10, 512 << 10, false, false},
		{"spilled to a file", 4 << 20, 3 << 20, 3 << 20, false, true},
		{"cut at the limit", 2 << 20, 3 << 20, 2 << 20, true, true},
		{"spilled, a part still gathered", 4 << 20, 1<<20 + 320<<10, 1<<20 + 320<<10, false, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			t.Setenv("TMPDIR", dir)
			c := &capBuffer{limit: tt.limit}
			var all bytes.Buffer
			for i := 0; all.Len() < tt.writes; i++ {
				p := bytes.Repeat([]byte{byte('a' + i%26)}, 64<<10)
				all.Write(p)
				c.write(p)
			}
			if (c.file != nil) != tt.spilled {
				t.Fatalf("spilled %v, want %v", c.file != nil, tt.spilled)
			}
			got, err := io.ReadAll(c.section())
			if err != nil {
				t.Fatal(err)
			}
			// Read in place from any offset: across the memory part and the file.
			mid := make([]byte, 100)
			if n, err := c.ReadAt(mid, int64(capMemory-50)); tt.want > capMemory && (n != 100 || err != nil || !bytes.Equal(mid, all.Bytes()[capMemory-50:capMemory+50])) {
				t.Fatalf("ReadAt across the spill: %d, %v", n, err)
			}
			// Any range, across the memory part, the file and what is gathered for it.
			for _, at := range []int{0, capMemory - 1, capMemory, capMemory + spillWrite - 3, capMemory + spillWrite, tt.want - 10} {
				for _, n := range []int{1, 7, 100, spillWrite + 5} {
					if at < 0 || at+n > tt.want {
						continue
					}
					p := make([]byte, n)
					if k, err := c.ReadAt(p, int64(at)); k != n || err != nil || !bytes.Equal(p, all.Bytes()[at:at+n]) {
						t.Fatalf("ReadAt(%d bytes at %d) = %d, %v, or other bytes", n, at, k, err)
					}
				}
			}
			c.discard()
			if !bytes.Equal(got, all.Bytes()[:tt.want]) || c.truncated != tt.cut {
				t.Fatalf("kept %d bytes (cut %v), want the first %d (cut %v)", len(got), c.truncated, tt.want, tt.cut)
			}
			if left, _ := os.ReadDir(dir); len(left) != 0 {
				t.Fatalf("files left behind: %v", left)
			}
		})
	}
}
