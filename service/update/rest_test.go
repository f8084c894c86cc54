package update_test

import (
	"context"
	"errors"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/toolfix/toolfix/service/update"
	"github.com/toolfix/toolfix/service/update/updatetest"
)

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

// TestRunSilentAPI: an API that never answers fails the listing after ListTimeout with
// ErrNoAnswer naming it, after Waiting was told what is waited for.
func TestRunSilentAPI(t *testing.T) {
	silent := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		<-r.Context().Done() // never answers; ends when the client gives up
	}))
	t.Cleanup(silent.Close)
	var steps []string
	_, err := update.Run(context.Background(), update.Options{
		Current: "1.1.0", Repo: repo, APIBaseURL: silent.URL + "/", Executable: fakeExecutable(t, "linux", "1.1.0"),
		OS: "linux", Arch: "amd64", ListTimeout: 200 * time.Millisecond, // the bound under test, not a synchronisation
		Waiting: func(step string) { steps = append(steps, step) },
	})
	if !errors.Is(err, update.ErrNoAnswer) {
		t.Fatalf("error = %v, want ErrNoAnswer", err)
	}
	if want := silent.URL + "/ did not list the releases of " + repo + " within 200ms"; !strings.Contains(err.Error(), want) {
		t.Errorf("error %q lacks %q", err, want)
	}
	if want := "listing the releases of " + repo + " at " + silent.URL + "/"; len(steps) != 1 || steps[0] != want {
		t.Errorf("Waiting got %q, want [%q]", steps, want)
	}
}

// TestRunSourceBuild: a source build can check (it is told the newest release) but installs
// nothing, and asks nothing when not checking.
func TestRunSourceBuild(t *testing.T) {
	srv := updatetest.NewServer(t, repo, updatetest.NewRelease(t, "1.2.0", "linux/amd64"), updatetest.NewRelease(t, "1.1.0", "linux/amd64"))
	exe := fakeExecutable(t, "linux", "dev")
	opts := update.Options{Current: "dev", Repo: repo, APIBaseURL: srv.URL(), Executable: exe, OS: "linux", Arch: "amd64", CheckOnly: true}
	res, err := update.Run(context.Background(), opts)
	if err != nil {
		t.Fatalf("--check on a source build: %v", err)
	}
	if res.Action != update.Available || !res.SourceBuild || res.Target != "1.2.0" || res.ReleaseURL == "" {
		t.Errorf("result = %+v, want v1.2.0 available to a source build", res)
	}
	opts.CheckOnly = false
	lists := srv.Lists()
	if _, err := update.Run(context.Background(), opts); !errors.Is(err, update.ErrDevBuild) {
		t.Errorf("update of a source build: %v, want ErrDevBuild", err)
	}
	if srv.Lists() != lists || len(srv.Downloads()) != 0 {
		t.Errorf("a source build's update asked the API (%d lists, downloads %q)", srv.Lists()-lists, srv.Downloads())
	}
}
