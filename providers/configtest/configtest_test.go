package configtest

import (
	"os"
	"path/filepath"
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
