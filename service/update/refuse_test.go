package update_test

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/toolfix/toolfix/service/update"
	"github.com/toolfix/toolfix/service/update/updatetest"
)

// TestRunRefusesBeforeAsking covers what is refused before the releases API is asked.
func TestRunRefusesBeforeAsking(t *testing.T) {
	tests := []struct {
		name    string
		opts    update.Options
		wantErr error  // nil: only the message is checked
		wantMsg string // a part of the error message
		noKey   bool   // a build without a release key
	}{
		{name: "dev build", opts: update.Options{Current: "dev"}, wantErr: update.ErrDevBuild, wantMsg: "source build, which does not update itself"},
		{name: "empty version", opts: update.Options{Current: ""}, wantErr: update.ErrDevBuild, wantMsg: "source build"},
		{name: "not a semantic version", opts: update.Options{Current: "abc123"}, wantErr: update.ErrDevBuild, wantMsg: `"abc123"`},
		{name: "repository without owner", opts: update.Options{Current: "1.0.0", Repo: "toolfix"}, wantMsg: `update repository "toolfix": want owner/name`},
		{name: "repository with a path", opts: update.Options{Current: "1.0.0", Repo: "a/b/c"}, wantMsg: `"a/b/c"`},
		{name: "release key that is not a key", opts: update.Options{Current: "1.0.0", ReleaseKey: "bm90IGEga2V5"}, wantMsg: "release key: "},
		{name: "no release key built in", noKey: true, opts: update.Options{Current: "1.0.0"}, wantErr: update.ErrNoReleaseKey, wantMsg: "install a release archive"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := updatetest.NewServer(t, repo, updatetest.NewRelease(t, "9.0.0", "linux/amd64"))
			exe := fakeExecutable(t, "linux", "0.0.1")
			if tt.noKey {
				saved := update.ReleaseKey
				update.ReleaseKey = ""
				t.Cleanup(func() { update.ReleaseKey = saved })
			}
			opts := tt.opts
			opts.APIBaseURL, opts.Executable, opts.OS, opts.Arch = srv.URL(), exe, "linux", "amd64"
			_, err := update.Run(context.Background(), opts)
			if err == nil {
				t.Fatal("Run succeeded, want an error")
			}
			if tt.wantErr != nil && !errors.Is(err, tt.wantErr) {
				t.Errorf("error = %v, want one wrapping %q", err, tt.wantErr)
			}
			if !strings.Contains(err.Error(), tt.wantMsg) {
				t.Errorf("error = %q, want it to contain %q", err, tt.wantMsg)
			}
			if n := srv.Lists(); n != 0 {
				t.Errorf("the releases API was asked %d times, want 0", n)
			}
			if got := readFile(t, exe); !bytes.Equal(got, updatetest.FakeBinary("0.0.1")) {
				t.Errorf("executable changed to %q", got)
			}
		})
	}
}

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

func TestActionString(t *testing.T) {
	for _, tt := range []struct {
		a    update.Action
		want string
	}{
		{update.UpToDate, "up to date"},
		{update.Available, "available"},
		{update.Installed, "installed"},
		{update.Action(7), "Action(7)"},
	} {
		if got := tt.a.String(); got != tt.want {
			t.Errorf("Action(%d).String() = %q, want %q", int(tt.a), got, tt.want)
		}
	}
}
