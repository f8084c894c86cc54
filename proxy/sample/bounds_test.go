package sample

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestStoreBounds(t *testing.T) {
	tests := []struct {
		name  string
		bound Bounds
		want  []int // the files left, by index (0 oldest)
	}{
		{"none", Bounds{}, []int{0, 1, 2, 3, 4}},
		{"age", Bounds{MaxAge: 90 * time.Minute}, []int{3, 4}},
		{"bytes", Bounds{MaxBytes: 250}, []int{3, 4}},
		{"bytes exact", Bounds{MaxBytes: 300}, []int{2, 3, 4}},
		{"both", Bounds{MaxAge: 30 * time.Minute, MaxBytes: 1000}, []int{4}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			s, err := Open(dir, ModeAll, 10)
			if err != nil {
				t.Fatal(err)
			}
			var names []string
			for i := range 5 {
				n := fmt.Sprintf("20260101T00000%d.000000Z-00000%d-r.json", i, i)
				p := filepath.Join(dir, n)
				if err := os.WriteFile(p, []byte(strings.Repeat("x", 100)), 0o600); err != nil {
					t.Fatal(err)
				}
				old := time.Now().Add(-time.Duration(4-i) * time.Hour) // 4h, 3h, 2h, 1h, now
				if err := os.Chtimes(p, old, old); err != nil {
					t.Fatal(err)
				}
				names = append(names, n)
			}
			if err := os.WriteFile(filepath.Join(dir, "notes.txt"), []byte(strings.Repeat("y", 5000)), 0o600); err != nil {
				t.Fatal(err)
			}
			if err := s.SetBounds(tc.bound); err != nil {
				t.Fatal(err)
			}
			left, _ := List(dir)
			var want []string
			for _, i := range tc.want {
				want = append(want, filepath.Join(dir, names[i]))
			}
			if strings.Join(left, "\n") != strings.Join(want, "\n") {
				t.Errorf("left\n%s\nwant\n%s", strings.Join(left, "\n"), strings.Join(want, "\n"))
			}
			if _, err := os.Stat(filepath.Join(dir, "notes.txt")); err != nil {
				t.Errorf("a file that is no sample was removed: %v", err)
			}
		})
	}
	if err := (*Store)(nil).SetBounds(Bounds{MaxAge: time.Second}); err != nil {
		t.Errorf("nil Store: %v", err)
	}
}
