package update_test

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

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
