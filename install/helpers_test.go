package install

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/toolfix/toolfix/providers"
	"github.com/toolfix/toolfix/providers/configtest"
)

// world is a temporary home with toolfix's folders inside it, a fake service manager and a fake
// proxy answering /healthz from the state file while the fake service "runs".
type world struct {
	t    *testing.T
	home string
	vars map[string]string
	svc  *fakeService
	in   *Installer
}

func newWorld(t *testing.T) *world {
	t.Helper()
	home := t.TempDir()
	w := &world{t: t, home: home, vars: map[string]string{}}
	// toolfix's own folders live beside the home, so that a snapshot of the home sees only the
	// clients' files.
	own := t.TempDir()
	dirs := Dirs{Config: filepath.Join(own, "config", "toolfix"), State: filepath.Join(own, "state", "toolfix")}
	w.svc = &fakeService{}
	healthURL := fakeHealthz(t, func() (int, any) {
		if !w.svc.running() {
			return http.StatusServiceUnavailable, "down"
		}
		st, err := LoadState(dirs)
		if err != nil {
			return http.StatusInternalServerError, err.Error()
		}
		var names []string
		for _, r := range st.Routes {
			names = append(names, r.Name)
		}
		return http.StatusOK, map[string]any{"status": "ok", "version": "test", "routes": names}
	})
	clock := time.Date(2026, 11, 30, 10, 15, 0, 0, time.UTC)
	w.in = &Installer{
		Dirs:          dirs,
		Env:           providers.Env{Home: home, Getenv: func(k string) string { return w.vars[k] }},
		Service:       w.svc,
		HealthURL:     healthURL,
		HealthTimeout: 5 * time.Second,
		Now:           func() time.Time { return clock },
	}
	return w
}

// fakeHealthz starts a loopback stand-in for the proxy's /healthz, stopped when the test ends, and
// returns its URL. Each GET of /healthz is answered with the status code and the body (sent as
// JSON) that answer gives at that moment; any other path with 503 Service Unavailable.
func fakeHealthz(t *testing.T, answer func() (code int, body any)) string {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/healthz" {
			http.Error(rw, "down", http.StatusServiceUnavailable)
			return
		}
		code, body := answer()
		rw.WriteHeader(code)
		_ = json.NewEncoder(rw).Encode(body)
	}))
	t.Cleanup(srv.Close)
	return srv.URL + "/healthz"
}

// write puts content at a path relative to home, creating folders.
func (w *world) write(rel, content string) string {
	w.t.Helper()
	p := filepath.Join(w.home, rel)
	configtest.WriteFile(w.t, p, content)
	return p
}

// writeOpenCodeJSONC writes openCodeJSONC as OpenCode's opencode.jsonc, with GW_BASE (which its
// provider gw reads through {env:GW_BASE}) set to https://gw.example.
func (w *world) writeOpenCodeJSONC() {
	w.t.Helper()
	w.vars["GW_BASE"] = "https://gw.example"
	w.write(".config/opencode/opencode.jsonc", openCodeJSONC)
}

// shown is what write (a plan's Render for --dry-run, or its WriteJSON for --dry-run --json)
// writes.
func (w *world) shown(write func(io.Writer) error) string {
	w.t.Helper()
	var b strings.Builder
	if err := write(&b); err != nil {
		w.t.Fatal(err)
	}
	return b.String()
}

// read is the content of the file at a path relative to home.
func (w *world) read(rel string) string {
	w.t.Helper()
	b, err := os.ReadFile(filepath.Join(w.home, rel))
	if err != nil {
		w.t.Fatal(err)
	}
	return string(b)
}

// snapshot maps every path under home, except toolfix's state folder, to a description of it:
// its bytes and mode, or where a symlink points, or "dir <mode>".
func (w *world) snapshot() map[string]string {
	w.t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(w.home, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if p == w.in.Dirs.State {
			return filepath.SkipDir
		}
		rel, _ := filepath.Rel(w.home, p)
		fi, err := os.Lstat(p)
		if err != nil {
			return err
		}
		switch {
		case fi.Mode()&fs.ModeSymlink != 0:
			dest, err := os.Readlink(p)
			if err != nil {
				return err
			}
			out[rel] = "link -> " + dest
		case fi.IsDir():
			out[rel] = "dir " + fi.Mode().Perm().String()
		default:
			b, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			out[rel] = fi.Mode().Perm().String() + "\n" + string(b)
		}
		return nil
	})
	if err != nil {
		w.t.Fatal(err)
	}
	return out
}

func (w *world) mustPlan(opts Options) *Plan {
	w.t.Helper()
	if opts.DefaultPort == 0 {
		opts.DefaultPort = 47821
	}
	p, err := w.in.Plan(opts)
	if err != nil {
		w.t.Fatalf("plan: %v", err)
	}
	return p
}

func (w *world) mustInstall(opts Options) *Result {
	w.t.Helper()
	p := w.mustPlan(opts)
	res, err := w.in.Apply(w.t.Context(), p)
	if err != nil {
		w.t.Fatalf("apply: %v", err)
	}
	return res
}

func (w *world) mustUninstall() *UninstallReport {
	w.t.Helper()
	rep, err := w.in.Uninstall(w.t.Context(), false)
	if err != nil {
		w.t.Fatalf("uninstall: %v (warnings %q)", err, rep.Warnings)
	}
	return rep
}

func (w *world) state() *State {
	w.t.Helper()
	st, err := LoadState(w.in.Dirs)
	if err != nil {
		w.t.Fatal(err)
	}
	return st
}

func sameSnapshot(t *testing.T, before, after map[string]string) {
	t.Helper()
	if diff := cmp.Diff(before, after); diff != "" {
		t.Errorf("files changed (-before +after):\n%s", diff)
	}
}

// fakeService stands in for the per-user service manager.
type fakeService struct {
	mu         sync.Mutex
	installed  bool
	installs   int
	removes    int
	checkErr   error
	installErr error // the next Install fails with it
	// def stands for the service's definition file (the unit): each Install writes a new one,
	// "unit #<installs>"; "" is none. restores counts restores of a Snapshot.
	def      string
	restores int
}

func (f *fakeService) Check() error     { return f.checkErr }
func (f *fakeService) Describe() string { return "fake per-user service running `toolfix serve`" }
func (f *fakeService) Install() error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if err := f.installErr; err != nil {
		f.installErr = nil // fails once
		return err
	}
	f.installed = true
	f.installs++
	f.def = fmt.Sprintf("unit #%d", f.installs)
	return nil
}

// Snapshot records the definition and whether the service runs; restore puts both back.
func (f *fakeService) Snapshot() (func() error, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	def, installed := f.def, f.installed
	return func() error {
		f.mu.Lock()
		defer f.mu.Unlock()
		f.def, f.installed = def, installed
		f.restores++
		return nil
	}, nil
}
func (f *fakeService) Remove() error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.installed = false
	f.def = ""
	f.removes++
	return nil
}
func (f *fakeService) running() bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.installed
}

func contains(t *testing.T, s, want string) {
	t.Helper()
	if !strings.Contains(s, want) {
		t.Errorf("%q does not contain %q", s, want)
	}
}

func isApplyError(err error) *ApplyError {
	var ae *ApplyError
	if errors.As(err, &ae) {
		return ae
	}
	return nil
}
