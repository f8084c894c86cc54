package cmd

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/toolfix/toolfix/install"
)

// TestInstalledStateOwnerOnly: after `toolfix install`, every folder toolfix made in its state
// folder is 0700 and every file 0600 (backups hold copies of client configs, which may hold
// keys), and no key from the client's config reached a file of toolfix's other than its backups.
func TestInstalledStateOwnerOnly(t *testing.T) {
	home := tempHome(t)
	key := "sk-ant-api03-CANARYinstallkey0001"
	writeFile(t, filepath.Join(home, ".claude", "settings.json"),
		`{"env":{"ANTHROPIC_BASE_URL":"https://gateway.example/anthropic","ANTHROPIC_AUTH_TOKEN":"`+key+`","ANTHROPIC_API_KEY":"`+key+`"}}`)
	if code, out, errOut := run(t, "", false, "install", "--yes", "--no-service", "--only", "claude"); code != 0 {
		t.Fatalf("install exited %d:\n%s\n%s", code, out, errOut)
	}
	dirs := install.DefaultDirs()
	files := 0
	err := filepath.WalkDir(dirs.State, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		fi, err := d.Info()
		if err != nil {
			return err
		}
		want := fs.FileMode(0o600)
		if d.IsDir() {
			want = 0o700
		} else {
			files++
		}
		if fi.Mode().Perm() != want {
			t.Errorf("%s has mode %v, want %v", p, fi.Mode().Perm(), want)
		}
		if d.IsDir() || strings.HasPrefix(p, dirs.Backups()+string(filepath.Separator)) {
			return nil
		}
		if b, err := os.ReadFile(p); err == nil && strings.Contains(string(b), "CANARYinstallkey") {
			t.Errorf("%s holds the client's key", p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files < 2 {
		t.Fatalf("only %d files under %s: install wrote no state or backup", files, dirs.State)
	}
}
