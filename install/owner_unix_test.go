//go:build unix

package install

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestWriteKeepsOwner writes over a file owned by another user, as toolfix run under sudo would:
// the new file keeps that owner and group. Unprivileged, the file owned by the test's own user
// keeps it.
func TestWriteKeepsOwner(t *testing.T) {
	path := filepath.Join(t.TempDir(), "settings.json")
	if err := os.WriteFile(path, []byte(`{}`), 0o600); err != nil {
		t.Fatal(err)
	}
	uid, gid := os.Geteuid(), os.Getegid()
	if uid == 0 {
		uid, gid = 4321, 4322
		if err := os.Chown(path, uid, gid); err != nil {
			t.Fatal(err)
		}
	}
	if err := writeFileAtomic(path, []byte(`{"a":1}`), 0o600); err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	st := fi.Sys().(*syscall.Stat_t)
	if int(st.Uid) != uid || int(st.Gid) != gid || fi.Mode().Perm() != 0o600 {
		t.Errorf("after the write: uid %d gid %d mode %v, want %d %d 0600", st.Uid, st.Gid, fi.Mode().Perm(), uid, gid)
	}
}

// TestWriteRefusesHardLinks checks that a file with a second hard link is not replaced (which
// would split the two names) and that both names keep their content.
func TestWriteRefusesHardLinks(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "dotfiles-settings.json"), filepath.Join(dir, "settings.json")
	if err := os.WriteFile(a, []byte(`{"x":1}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Link(a, b); err != nil {
		t.Fatal(err)
	}
	err := writeFileAtomic(b, []byte(`{"x":2}`), 0o644)
	if err == nil || !strings.Contains(err.Error(), "hard links") {
		t.Fatalf("writing a hard-linked file: %v, want a refusal naming the hard links", err)
	}
	for _, p := range []string{a, b} {
		if got, _ := os.ReadFile(p); string(got) != `{"x":1}` {
			t.Errorf("%s now holds %s", p, got)
		}
	}
	if fi, _ := os.Stat(b); fi.Sys().(*syscall.Stat_t).Nlink != 2 {
		t.Errorf("the link was split")
	}
}
