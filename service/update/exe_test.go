package update_test

import (
	"bytes"
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/toolfix/toolfix/service/update"
	"github.com/toolfix/toolfix/service/update/updatetest"
)

// TestRunReplacesSymlinkTarget: a symlinked executable (as package managers install it) has the
// file it points to replaced, and the link stays a link.
func TestRunReplacesSymlinkTarget(t *testing.T) {
	srv := updatetest.NewServer(t, repo, updatetest.NewRelease(t, "1.2.0", "linux/amd64"))
	real := fakeExecutable(t, "linux", "1.1.0")
	link := filepath.Join(t.TempDir(), "toolfix")
	if err := os.Symlink(real, link); err != nil {
		t.Fatal(err)
	}
	res, err := update.Run(context.Background(), update.Options{
		Current: "1.1.0", APIBaseURL: srv.URL(), Repo: repo, Executable: link, OS: "linux", Arch: "amd64",
	})
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	if res.Executable != real {
		t.Errorf("replaced %q, want the link's target %q", res.Executable, real)
	}
	if got := readFile(t, real); !bytes.Equal(got, updatetest.FakeBinary("1.2.0")) {
		t.Errorf("target holds %q, want the 1.2.0 binary", got)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("link is no longer a symlink (mode %v, err %v)", fi.Mode(), err)
	}
	if fi, err := os.Stat(real); err != nil || fi.Mode().Perm()&0o111 == 0 {
		t.Errorf("new binary is not executable (err %v)", err)
	}
}

// TestRunKeepsMode: the new binary gets the old one's permission bits, not the library's 0755.
func TestRunKeepsMode(t *testing.T) {
	for _, mode := range []fs.FileMode{0o750, 0o700, 0o775} {
		t.Run(mode.String(), func(t *testing.T) {
			srv := updatetest.NewServer(t, repo, updatetest.NewRelease(t, "1.2.0", "linux/amd64"))
			exe := fakeExecutable(t, "linux", "1.1.0")
			if err := os.Chmod(exe, mode); err != nil {
				t.Fatal(err)
			}
			if _, err := update.Run(context.Background(), update.Options{
				Current: "1.1.0", Repo: repo, APIBaseURL: srv.URL(), Executable: exe, OS: "linux", Arch: "amd64",
			}); err != nil {
				t.Fatalf("Run: %v", err)
			}
			fi, err := os.Stat(exe)
			if err != nil {
				t.Fatal(err)
			}
			if fi.Mode().Perm() != mode {
				t.Errorf("mode after the update = %v, want %v", fi.Mode().Perm(), mode)
			}
		})
	}
}

// TestRunNotWritable: a folder the user cannot write refuses the update before any download, with
// what to do; --check says so beforehand and still reports the release.
func TestRunNotWritable(t *testing.T) {
	srv := updatetest.NewServer(t, repo, updatetest.NewRelease(t, "1.2.0", "linux/amd64"))
	exe := fakeExecutable(t, "linux", "1.1.0")
	opts := update.Options{Current: "1.1.0", Repo: repo, APIBaseURL: srv.URL(), Executable: exe, OS: "linux", Arch: "amd64",
		CanReplace: func(exe string) error { return update.NotWritable(exe, filepath.Dir(exe), fs.ErrPermission) }}

	check := opts
	check.CheckOnly = true
	res, err := update.Run(context.Background(), check)
	if err != nil || res.Action != update.Available || !errors.Is(res.CannotReplace, update.ErrNotWritable) {
		t.Errorf("--check: %s, CannotReplace %v, err %v; want available with ErrNotWritable", res.Action, res.CannotReplace, err)
	}

	_, err = update.Run(context.Background(), opts)
	if !errors.Is(err, update.ErrNotWritable) {
		t.Fatalf("error = %v, want ErrNotWritable", err)
	}
	for _, want := range []string{"cannot replace " + exe, "is not writable by you", "run `toolfix update` as the folder's owner"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q lacks %q", err, want)
		}
	}
	if d := srv.Downloads(); len(d) != 0 {
		t.Errorf("downloaded %q although the binary cannot be replaced", d)
	}
}
