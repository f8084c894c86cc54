package cmd

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/spf13/cobra"
	"github.com/toolfix/toolfix/install"
	"github.com/toolfix/toolfix/proxy/netfault"
	"github.com/toolfix/toolfix/service"
	"github.com/toolfix/toolfix/service/update"
	"github.com/toolfix/toolfix/service/update/updatetest"
)

func TestUpdateFlags(t *testing.T) {
	tests := []struct {
		name    string
		args    []string
		envRepo string
		envAPI  string
		want    updateOptions
		wantErr string
	}{
		{name: "defaults", args: nil, want: updateOptions{Repo: UpdateRepo, Current: Version}},
		{name: "check", args: []string{"--check"}, want: updateOptions{Check: true, Repo: UpdateRepo, Current: Version}},
		{name: "version", args: []string{"--version", "v1.2.0"}, want: updateOptions{Version: "v1.2.0", Repo: UpdateRepo, Current: Version}},
		{name: "env repo and API", envRepo: "fork/toolfix", envAPI: "http://127.0.0.1:1/", want: updateOptions{Repo: "fork/toolfix", API: "http://127.0.0.1:1/", Current: Version}},
		{name: "flag beats env", args: []string{"--repo", "me/toolfix"}, envRepo: "fork/toolfix", want: updateOptions{Repo: "me/toolfix", Current: Version}},
		{name: "no arguments", args: []string{"now"}, wantErr: `unknown command "now"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Setenv(EnvUpdateRepo, tt.envRepo)
			t.Setenv(EnvUpdateAPI, tt.envAPI)
			got, err := parseFlags(func(ios *IOStreams, hook func(*updateOptions) error) *cobra.Command {
				return newUpdateCmd(ios, func(_ context.Context, o *updateOptions) error { return hook(o) })
			}, tt.args...)
			if wantedError(t, err, tt.wantErr) {
				return
			}
			if err != nil {
				t.Fatalf("Execute: %v", err)
			}
			if diff := cmp.Diff(tt.want, *got, cmpopts.IgnoreFields(updateOptions{}, "IO", "Restart")); diff != "" {
				t.Errorf("options (-want +got):\n%s", diff)
			}
		})
	}
}

func TestUpdateOutput(t *testing.T) {
	rels := func(t *testing.T) []updatetest.Release {
		return []updatetest.Release{
			updatetest.NewRelease(t, "1.2.0", "linux/amd64", "darwin/amd64", "darwin/arm64", "linux/arm64", "windows/amd64", "windows/arm64"),
			updatetest.NewRelease(t, "1.1.0", "linux/amd64", "darwin/amd64", "darwin/arm64", "linux/arm64", "windows/amd64", "windows/arm64"),
		}
	}
	tests := []struct {
		name        string
		opts        updateOptions
		wantOut     []string // lines (after the executable path is replaced by EXE)
		wantErr     string
		wantBinary  string
		wantRestart int
		others      []int // uids of other users serving the binary
	}{
		{
			name:    "check finds a newer release",
			opts:    updateOptions{Check: true, Current: "1.1.0"},
			wantOut: []string{"toolfix v1.2.0 is available (this is v1.1.0): URL/tag/v1.2.0", "Run `toolfix update` to install it into EXE."},
		},
		{
			name:    "check a downgrade",
			opts:    updateOptions{Check: true, Current: "1.2.0", Version: "v1.1.0"},
			wantOut: []string{"toolfix v1.1.0 is available as a downgrade (this is v1.2.0): URL/tag/v1.1.0", "Run `toolfix update --version v1.1.0` to install it into EXE."},
		},
		{
			name:    "up to date",
			opts:    updateOptions{Current: "1.2.0"},
			wantOut: []string{"toolfix v1.2.0 is up to date (toolfix/toolfix)."},
		},
		{
			name:    "already the asked version",
			opts:    updateOptions{Current: "1.1.0", Version: "1.1.0"},
			wantOut: []string{"toolfix v1.1.0 is already installed."},
		},
		{
			name:        "installs and restarts",
			opts:        updateOptions{Current: "1.1.0"},
			wantOut:     []string{"Updated toolfix v1.1.0 → v1.2.0 in EXE (ARCHIVE matched its line in the signed checksums.txt).", "The toolfix service runs the new version."},
			wantBinary:  "1.2.0",
			wantRestart: 1,
		},
		{
			name:        "downgrades when asked",
			opts:        updateOptions{Current: "1.2.0", Version: "v1.1.0"},
			wantOut:     []string{"Downgraded toolfix v1.2.0 → v1.1.0 in EXE (ARCHIVE matched its line in the signed checksums.txt).", "The toolfix service runs the new version."},
			wantBinary:  "1.1.0",
			wantRestart: 1,
		},
		{
			name:    "dev build",
			opts:    updateOptions{Current: "dev"},
			wantErr: "update: this toolfix is a source build (dev), which does not update itself: run `go install github.com/toolfix/toolfix/cmd/toolfix@latest`, or install a release archive from https://github.com/toolfix/toolfix/releases (`toolfix update --check` names the newest)",
		},
		{
			name: "check on a source build names the newest release and how to update",
			opts: updateOptions{Check: true, Current: "dev"},
			wantOut: []string{"toolfix v1.2.0 is the newest release: URL/tag/v1.2.0",
				"This toolfix is a source build (dev), which does not update itself: run `go install github.com/toolfix/toolfix/cmd/toolfix@latest`, or install the release archive from URL/tag/v1.2.0."},
		},
		{
			name: "check says beforehand that the folder is not writable",
			opts: updateOptions{Check: true, Current: "1.1.0", CanReplace: func(exe string) error {
				return update.NotWritable(exe, filepath.Dir(exe), fs.ErrPermission)
			}},
			wantOut: []string{"toolfix v1.2.0 is available (this is v1.1.0): URL/tag/v1.2.0",
				"`toolfix update` will not be able to install it: cannot replace EXE, since DIR is not writable by you (permission denied); run `toolfix update` as the folder's owner (for example with sudo), or install toolfix into a folder of yours, such as ~/.local/bin."},
		},
		{
			name:       "other users' services on the binary are named",
			opts:       updateOptions{Current: "1.1.0"},
			others:     []int{1001, 1002},
			wantBinary: "1.2.0",
			wantOut: []string{"Updated toolfix v1.1.0 → v1.2.0 in EXE (ARCHIVE matched its line in the signed checksums.txt).", "The toolfix service runs the new version.",
				"Other users' toolfix services run EXE too (uid 1001, 1002): they still run the old code until each of those users restarts it (`systemctl --user restart toolfix`, or logs in again)."},
			wantRestart: 1,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Setenv("GITHUB_TOKEN", "")
			withTestReleaseKey(t)
			saved := otherUsersServing
			otherUsersServing = func(string) []int { return tt.others }
			t.Cleanup(func() { otherUsersServing = saved })
			srv := updatetest.NewServer(t, update.DefaultRepo, rels(t)...)
			exe := filepath.Join(t.TempDir(), updatetest.BinaryName(runtime.GOOS))
			if err := os.WriteFile(exe, updatetest.FakeBinary(tt.opts.Current), 0o755); err != nil {
				t.Fatal(err)
			}
			out := &bytes.Buffer{}
			restarts := 0
			opts := tt.opts
			opts.IO = &IOStreams{In: strings.NewReader(""), Out: out, ErrOut: &bytes.Buffer{}}
			opts.Repo, opts.API, opts.Executable = update.DefaultRepo, srv.URL(), exe
			opts.Restart = func(context.Context, update.Result) (string, error) {
				restarts++
				return "The toolfix service runs the new version.", nil
			}

			err := runUpdate(context.Background(), &opts)

			if tt.wantErr != "" {
				if err == nil || err.Error() != tt.wantErr {
					t.Errorf("error = %v, want %q", err, tt.wantErr)
				}
			} else if err != nil {
				t.Fatalf("runUpdate: %v", err)
			}
			r := strings.NewReplacer(exe, "EXE", filepath.Dir(exe), "DIR", srv.URL()+update.DefaultRepo+"/releases", "URL",
				updatetest.ArchiveName(tt.wantBinary, runtime.GOOS, runtime.GOARCH), "ARCHIVE")
			got := strings.Split(strings.TrimSuffix(r.Replace(out.String()), "\n"), "\n")
			if out.Len() == 0 {
				got = nil
			}
			if diff := cmp.Diff(tt.wantOut, got); diff != "" {
				t.Errorf("output (-want +got):\n%s", diff)
			}
			wantBinary := tt.wantBinary
			if wantBinary == "" {
				wantBinary = tt.opts.Current
			}
			if b, err := os.ReadFile(exe); err != nil || !bytes.Equal(b, updatetest.FakeBinary(wantBinary)) {
				t.Errorf("executable holds %q (err %v), want the %s binary", b, err, wantBinary)
			}
			if restarts != tt.wantRestart {
				t.Errorf("restarts = %d, want %d", restarts, tt.wantRestart)
			}
		})
	}
}

// withTestReleaseKey builds updatetest's release key into package update for the test, as a
// release build has its key built in.
func withTestReleaseKey(t *testing.T) {
	saved := update.ReleaseKey
	update.ReleaseKey = updatetest.PublicKey()
	t.Cleanup(func() { update.ReleaseKey = saved })
}

// TestUpdateSilentAPI: `toolfix update --check` against an API that never answers names what it
// waits for in one line, then fails with a sentence saying what to do, within the list timeout.
func TestUpdateSilentAPI(t *testing.T) {
	withTestReleaseKey(t)
	silent := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		<-r.Context().Done() // never answers; ends when the client gives up
	}))
	t.Cleanup(silent.Close)
	out, errOut := &bytes.Buffer{}, &bytes.Buffer{}
	err := runUpdate(context.Background(), &updateOptions{
		IO: &IOStreams{In: strings.NewReader(""), Out: out, ErrOut: errOut}, Check: true, Current: "1.1.0",
		Repo: update.DefaultRepo, API: silent.URL + "/", Executable: filepath.Join(t.TempDir(), "toolfix"),
		ListTimeout: 200 * time.Millisecond, WaitNotice: -1, // the bound under test; the notice at once
	})
	want := "update: the releases API did not answer in time: " + silent.URL + "/ did not list the releases of toolfix/toolfix within 200ms; check the network connection and any proxy settings (HTTPS_PROXY), or try again later"
	if err == nil || err.Error() != want {
		t.Errorf("error = %v\nwant    %s", err, want)
	}
	if want := "Waiting: listing the releases of toolfix/toolfix at " + silent.URL + "/ …\n"; errOut.String() != want {
		t.Errorf("stderr = %q, want %q", errOut, want)
	}
	if out.Len() != 0 {
		t.Errorf("stdout = %q, want nothing", out)
	}
}

// TestUpdateDevBuildExit runs the real command tree: this test binary is a dev build, so update
// refuses with exit status 1 before asking any server.
func TestUpdateDevBuildExit(t *testing.T) {
	srv := updatetest.NewServer(t, update.DefaultRepo, updatetest.NewRelease(t, "9.0.0", runtime.GOOS+"/"+runtime.GOARCH))
	t.Setenv(EnvUpdateAPI, srv.URL())
	t.Setenv(EnvUpdateRepo, "")
	out, errOut := &bytes.Buffer{}, &bytes.Buffer{}
	code := Run([]string{"update"}, &IOStreams{In: strings.NewReader(""), Out: out, ErrOut: errOut})
	if code != 1 {
		t.Errorf("exit status = %d, want 1", code)
	}
	if want := "toolfix: update: this toolfix is a source build (dev), which does not update itself: run `go install github.com/toolfix/toolfix/cmd/toolfix@latest`, or install a release archive from https://github.com/toolfix/toolfix/releases (`toolfix update --check` names the newest)\n"; errOut.String() != want {
		t.Errorf("stderr = %q, want %q", errOut, want)
	}
	if out.Len() != 0 || srv.Lists() != 0 {
		t.Errorf("stdout = %q and %d release listings, want neither", out, srv.Lists())
	}
}

// TestUpdateUnreachableAPI: a releases API that cannot be reached gives a sentence naming the
// host and what happened in words, never the raw chain of Go errors (dial tcp …, lookup …).
func TestUpdateUnreachableAPI(t *testing.T) {
	withTestReleaseKey(t)
	closed := httptest.NewServer(http.NotFoundHandler())
	api := closed.URL + "/"
	host := strings.TrimPrefix(closed.URL, "http://")
	closed.Close() // nothing listens on its port any more
	tests := []struct {
		name, api, want string
	}{
		{"refused", api, "update: cannot reach " + host + " for the releases of toolfix/toolfix: " + netfault.Of(netfault.Refused).Reason + "; check the network connection and any proxy settings (HTTPS_PROXY), or try again later"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := runUpdate(context.Background(), &updateOptions{
				IO: &IOStreams{In: strings.NewReader(""), Out: &bytes.Buffer{}, ErrOut: &bytes.Buffer{}}, Check: true, Current: "1.1.0",
				Repo: update.DefaultRepo, API: tt.api, Executable: filepath.Join(t.TempDir(), "toolfix"), WaitNotice: -1,
			})
			if err == nil || err.Error() != tt.want {
				t.Errorf("error = %v\nwant    %s", err, tt.want)
			}
		})
	}
}

// fakeManager stands in for the service manager: it reports registered as the binary the installed
// service runs, and records Install calls; the rest of install.Service is not used by the restart.
type fakeManager struct {
	install.Service
	registered string
	installs   int
}

func (f *fakeManager) Install() error { f.installs++; return nil }
func (f *fakeManager) Status() (service.Status, error) {
	return service.Status{Installed: true, Running: true, Executable: f.registered}, nil
}

// TestRestartInstalledService: after an update, the service is registered again on the path update
// replaced (never on this process's own path, which names the set-aside .toolfix.old by then), and
// the restart counts only when the proxy answers /healthz with the new version.
func TestRestartInstalledService(t *testing.T) {
	exe := filepath.Join(t.TempDir(), "toolfix")
	if err := os.WriteFile(exe, []byte("new"), 0o755); err != nil {
		t.Fatal(err)
	}
	old := filepath.Join(filepath.Dir(exe), ".toolfix.old")
	other := filepath.Join(t.TempDir(), "toolfix")
	tests := []struct {
		name         string
		state        string // the state file's service field; "" writes no state
		registered   string // what the installed service runs
		answers      string // the version /healthz answers
		wantInstalls int
		wantOut      string
		wantErr      string
	}{
		{name: "nothing installed"},
		{name: "installed with --no-service", state: "false", wantOut: "toolfix was installed with --no-service: restart your `toolfix serve` so that it runs v1.2.0."},
		{name: "service on the updated path", state: "true", registered: exe, answers: "1.2.0", wantInstalls: 1,
			wantOut: "The toolfix service runs v1.2.0 now: http://127.0.0.1:47821/healthz answered."},
		{name: "service a broken update left on .toolfix.old is repaired", state: "true", registered: old, answers: "1.2.0", wantInstalls: 1,
			wantOut: "The toolfix service runs v1.2.0 now"},
		{name: "service still answering the old version", state: "true", registered: exe, answers: "1.1.0", wantInstalls: 1,
			wantErr: `the toolfix service does not answer with v1.2.0: `},
		{name: "service running another binary is left alone", state: "true", registered: other,
			wantErr: "the toolfix service runs " + other + ", not " + exe + ", which was updated, so the service was left as it was: run `" + other + " update`"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			home := t.TempDir()
			t.Setenv("HOME", home)
			t.Setenv("XDG_STATE_HOME", home+"/state")
			t.Setenv("XDG_CONFIG_HOME", home+"/config")
			t.Setenv("TOOLFIX_STATE_DIR", "")
			fake := &fakeManager{registered: tt.registered}
			var builtFor []string
			saved := newServiceManager
			newServiceManager = func(_ install.Dirs, exe string) (install.Service, error) {
				builtFor = append(builtFor, exe)
				return fake, nil
			}
			t.Cleanup(func() { newServiceManager = saved })
			health := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				_ = json.NewEncoder(w).Encode(map[string]any{"status": "ok", "version": tt.answers, "routes": []string{"claude"}})
			}))
			t.Cleanup(health.Close)
			restartHealthURL, restartHealthTimeout = health.URL+"/healthz", 300*time.Millisecond // the bound of the wait, not a synchronisation
			t.Cleanup(func() { restartHealthURL, restartHealthTimeout = "", 0 })
			if tt.state != "" {
				dirs := install.DefaultDirs()
				state := fmt.Sprintf(`{"version":1,"phase":"installed","port":47821,"service":%s,"routes":[{"name":"claude","upstream":"https://api.anthropic.com"}],"files":[]}`, tt.state)
				if err := os.MkdirAll(filepath.Dir(dirs.StateFile()), 0o700); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(dirs.StateFile(), []byte(state), 0o600); err != nil {
					t.Fatal(err)
				}
			}

			out, err := restartInstalledService(context.Background(), update.Result{Action: update.Installed, Executable: exe, Target: "1.2.0"})

			if tt.wantErr == "" && err != nil {
				t.Fatalf("restart: %v", err)
			}
			if tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)) {
				t.Fatalf("error = %v, want one containing %q", err, tt.wantErr)
			}
			if !strings.HasPrefix(out, tt.wantOut) || (tt.wantOut == "" && out != "") {
				t.Errorf("output = %q, want %q", out, tt.wantOut)
			}
			if fake.installs != tt.wantInstalls {
				t.Errorf("service installs = %d, want %d", fake.installs, tt.wantInstalls)
			}
			for _, b := range builtFor {
				if b != exe {
					t.Errorf("service manager built for %q, want the updated path %q", b, exe)
				}
			}
		})
	}
}
