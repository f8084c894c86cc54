package install

import (
	"errors"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// stateBytes is the state file's content, "" when there is none.
func stateBytes(t *testing.T, d Dirs) string {
	t.Helper()
	b, err := os.ReadFile(d.StateFile())
	if os.IsNotExist(err) {
		return ""
	}
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestApplyFailureUndoes injects a failure at each step of Apply, on a first install and on a
// re-install, and checks that every file, the state and the service are as before.
func TestApplyFailureUndoes(t *testing.T) {
	steps := []string{"backup", "state", "service", "health", "write", "write#2", "commit", "service-install-error", "health-timeout"}
	for _, reinstall := range []bool{false, true} {
		for _, step := range steps {
			name := step
			if reinstall {
				name = "reinstall/" + step
			}
			t.Run(name, func(t *testing.T) {
				w := newWorld(t)
				w.write(".claude/settings.json", claudeGateway)
				w.writeOpenCodeJSONC()
				opts := Options{}
				if reinstall {
					w.mustInstall(Options{Only: []string{"claude"}})
					opts = Options{Port: 50002} // rewrites both files
				}
				before, beforeState := w.snapshot(), stateBytes(t, w.in.Dirs)
				defBefore := w.svc.def
				p := w.mustPlan(opts)
				if len(p.Changes) != 2 {
					t.Fatalf("plan changes %d files, want 2", len(p.Changes))
				}
				injected := errors.New("injected failure")
				writes := 0
				switch step {
				case "service-install-error":
					w.svc.installErr = injected
				case "health-timeout":
					w.in.HealthURL = w.in.HealthURL + "-nothing-here"
					w.in.HealthTimeout = 300 * time.Millisecond // the bound of the wait, not a synchronisation
				default:
					w.in.fail = func(s string) error {
						if s == "write" {
							writes++
							if step == "write#2" && writes == 2 {
								return injected
							}
						}
						if s == step {
							return injected
						}
						return nil
					}
				}
				_, err := w.in.Apply(t.Context(), p)
				ae := isApplyError(err)
				if ae == nil {
					t.Fatalf("Apply = %v, want an *ApplyError", err)
				}
				if ae.UndoErr != nil {
					t.Errorf("undo failed: %v", ae.UndoErr)
				}
				contains(t, err.Error(), "nothing was changed")
				sameSnapshot(t, before, w.snapshot())
				if got := stateBytes(t, w.in.Dirs); got != beforeState {
					t.Errorf("state changed:\n%s", cmp.Diff(beforeState, got))
				}
				if w.svc.running() != reinstall {
					t.Errorf("service running = %v, want %v", w.svc.running(), reinstall)
				}
				// The rollback puts back the unit that was there, byte for byte (not a new one
				// for the old state), or none.
				if w.svc.def != defBefore {
					t.Errorf("service definition after the rollback = %q, want the one before, %q", w.svc.def, defBefore)
				}
				if backups, _ := os.ReadDir(w.in.Dirs.Backups()); len(backups) != map[bool]int{false: 0, true: 1}[reinstall] {
					t.Errorf("%d backup folders left", len(backups))
				}
			})
		}
	}
}

// TestNoServiceManager: where no user service manager answers, install stops before touching
// anything, and says why; --no-service does everything but the service.
func TestNoServiceManager(t *testing.T) {
	w := newWorld(t)
	w.write(".claude/settings.json", claudeGateway)
	w.svc.checkErr = errors.New("systemctl --user: Failed to connect to bus: No medium found")
	before := w.snapshot()
	p := w.mustPlan(Options{})
	out := w.shown(p.Render)
	contains(t, out, "Failed to connect to bus")
	contains(t, out, "--no-service")
	_, err := w.in.Apply(t.Context(), p)
	if err == nil {
		t.Fatal("Apply without a service manager: no error")
	}
	contains(t, err.Error(), "Failed to connect to bus")
	contains(t, err.Error(), "--no-service")
	sameSnapshot(t, before, w.snapshot())
	if _, err := os.Stat(w.in.Dirs.State); !os.IsNotExist(err) {
		t.Errorf("state folder created: %v", err)
	}

	w.mustInstall(Options{NoService: true})
	contains(t, w.read(".claude/settings.json"), "http://127.0.0.1:47821/claude")
	if w.svc.installs != 0 || w.state().Service {
		t.Errorf("--no-service installed a service (%d) or recorded one", w.svc.installs)
	}
	w.mustUninstall()
	sameSnapshot(t, before, w.snapshot())
}

// TestPlanRefuses covers plans that must fail with a clear error and write nothing.
func TestPlanRefuses(t *testing.T) {
	host, _ := os.Hostname()
	tests := []struct {
		name  string
		setup func(w *world)
		opts  Options
		want  []string
	}{
		{"corrupt opencode.jsonc", func(w *world) {
			w.write(".config/opencode/opencode.jsonc", "{\n  \"provider\": {\n    \"x\": { \"options\": { \"baseURL\": \"https://x\" } \n  }\n")
		}, Options{}, []string{"opencode.jsonc", "line 5, column 1"}},
		{"comment in Claude's strict settings", func(w *world) {
			w.write(".claude/settings.json", "{\n  // no\n  \"env\": {}\n}\n")
		}, Options{}, []string{"settings.json", "line 2, column 3"}},
		{"duplicate key", func(w *world) {
			w.write(".config/opencode/opencode.json", "{\n  \"provider\": {},\n  \"provider\": {}\n}\n")
		}, Options{}, []string{"opencode.json", "line 3", `"provider" appears twice`}},
		{"read-only file", func(w *world) {
			p := w.write(".claude/settings.json", claudeGateway)
			if err := os.Chmod(p, 0o444); err != nil {
				w.t.Fatal(err)
			}
		}, Options{}, []string{"settings.json", "read-only"}},
		{"loopback on toolfix's port", claudeBaseURL("http://127.0.0.1:47821/claude"), Options{}, []string{"settings.json: env.ANTHROPIC_BASE_URL", "toolfix itself"}},
		{"localhost on the chosen port", claudeBaseURL("http://localhost:9000"), Options{Port: 9000}, []string{"env.ANTHROPIC_BASE_URL", "toolfix itself"}},
		{"unspecified v4", openCodeBaseURL("http://0.0.0.0:47821/v1"), Options{}, []string{"opencode.json: provider.x.options.baseURL", "toolfix itself"}},
		{"unspecified v6", openCodeBaseURL("http://[::]:47821/v1"), Options{}, []string{"provider.x.options.baseURL", "toolfix itself"}},
		{"this host's name", claudeBaseURL("http://" + host + ":47821"), Options{}, []string{"env.ANTHROPIC_BASE_URL", "toolfix itself"}},
		{"a toolfix route on another port", openCodeBaseURL("http://localhost:1234/opencode-x"), Options{}, []string{"provider.x.options.baseURL", "toolfix itself"}},
		{"another toolfix on another port", func(w *world) {
			u := fakeHealthz(w.t, func() (int, any) {
				return http.StatusOK, map[string]any{"status": "ok", "version": "v1.0.0", "routes": []string{"claude"}}
			})
			claudeBaseURL(strings.TrimSuffix(u, "/healthz"))(w)
		}, Options{}, []string{"settings.json: env.ANTHROPIC_BASE_URL", "where another toolfix proxy answers (its /healthz says so)", "run install again"}},
		{"not a URL", claudeBaseURL("gateway.example"), Options{}, []string{"env.ANTHROPIC_BASE_URL", "not an http or https URL"}},
		{"unknown client", func(w *world) {}, Options{Only: []string{"cursor"}}, []string{`unknown client "cursor"`}},
		{"bad port", func(w *world) {}, Options{Port: 70000}, []string{"70000"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := newWorld(t)
			tt.setup(w)
			before := w.snapshot()
			tt.opts.DefaultPort = 47821
			_, err := w.in.Plan(tt.opts)
			if err == nil {
				t.Fatal("no error")
			}
			for _, s := range tt.want {
				contains(t, err.Error(), s)
			}
			sameSnapshot(t, before, w.snapshot())
			if _, err := os.Stat(w.in.Dirs.State); !os.IsNotExist(err) {
				t.Errorf("state folder created: %v", err)
			}
		})
	}
}

// claudeBaseURL is a setup writing Claude Code's settings.json with env.ANTHROPIC_BASE_URL = url.
func claudeBaseURL(url string) func(w *world) {
	return func(w *world) {
		w.write(".claude/settings.json", `{"env": {"ANTHROPIC_BASE_URL": "`+url+`"}}`)
	}
}

// openCodeBaseURL is a setup writing OpenCode's opencode.json with provider x's baseURL = url.
func openCodeBaseURL(url string) func(w *world) {
	return func(w *world) {
		w.write(".config/opencode/opencode.json", `{"provider": {"x": {"options": {"baseURL": "`+url+`"}}}}`)
	}
}

// installedThenStateLost is a world where install routed Claude Code's claudeGateway settings,
// then the state file was deleted (as with a deleted state folder, or another XDG_STATE_HOME).
func installedThenStateLost(t *testing.T) *world {
	t.Helper()
	w := newWorld(t)
	w.write(".claude/settings.json", claudeGateway)
	w.mustInstall(Options{})
	if err := os.Remove(w.in.Dirs.StateFile()); err != nil {
		t.Fatal(err)
	}
	return w
}

// TestRefusesStaleToolfixURL: after the state is lost, a file that already points at toolfix is
// refused rather than taken as the original.
func TestRefusesStaleToolfixURL(t *testing.T) {
	w := installedThenStateLost(t)
	_, err := w.in.Plan(Options{DefaultPort: 47821})
	if err == nil {
		t.Fatal("no error")
	}
	contains(t, err.Error(), "toolfix itself")
	contains(t, err.Error(), "no record of the value before")
}

func TestLocalProxyOnOtherPortWarns(t *testing.T) {
	w := newWorld(t)
	w.write(".config/opencode/opencode.json", `{"provider": {"llama": {"options": {"baseURL": "http://localhost:11434/v1"}}}}`)
	p := w.mustPlan(Options{})
	if len(p.Routes) != 1 || p.Routes[0].Upstream != "http://localhost:11434/v1" {
		t.Fatalf("routes = %+v", p.Routes)
	}
	contains(t, strings.Join(p.Notes, "\n"), "another server on this machine")
}

// TestChangedSincePlan: a file edited between plan and apply is not overwritten.
func TestChangedSincePlan(t *testing.T) {
	w := newWorld(t)
	w.write(".claude/settings.json", claudeGateway)
	p := w.mustPlan(Options{})
	edited := strings.Replace(claudeGateway, "opus", "haiku", 1)
	w.write(".claude/settings.json", edited)
	_, err := w.in.Apply(t.Context(), p)
	if err == nil {
		t.Fatal("no error")
	}
	contains(t, err.Error(), "changed since the plan")
	if got := w.read(".claude/settings.json"); got != edited {
		t.Errorf("file overwritten:\n%s", got)
	}
	if stateBytes(t, w.in.Dirs) != "" || w.svc.running() {
		t.Error("state or service left behind")
	}
}

// TestRecoverAfterCrash kills an install after its first file write (no undo runs) and checks
// that the next install or uninstall puts everything back first.
func TestRecoverAfterCrash(t *testing.T) {
	for _, next := range []string{"uninstall", "install"} {
		for _, reinstall := range []bool{false, true} {
			t.Run(next+map[bool]string{false: "", true: "/after-earlier-install"}[reinstall], func(t *testing.T) {
				w := newWorld(t)
				w.write(".claude/settings.json", claudeGateway)
				w.write(".config/opencode/opencode.json", openCodeJSON)
				original := w.snapshot()
				opts := Options{}
				if reinstall {
					w.mustInstall(Options{Only: []string{"claude"}})
					opts.Port = 50003
				}
				before, beforeState := w.snapshot(), stateBytes(t, w.in.Dirs)
				writes := 0
				w.in.fail = func(s string) error {
					if s == "write" {
						writes++
						if writes == 2 {
							return errCrash
						}
					}
					return nil
				}
				if _, err := w.in.Apply(t.Context(), w.mustPlan(opts)); !errors.Is(err, errCrash) {
					t.Fatalf("Apply = %v", err)
				}
				w.in.fail = nil
				if st := w.state(); st.Phase != PhaseApplying {
					t.Fatalf("phase after crash = %s", st.Phase)
				}
				switch next {
				case "uninstall":
					rep := w.mustUninstall()
					if rep.Recovered == "" {
						t.Error("uninstall did not report the recovery")
					}
					sameSnapshot(t, original, w.snapshot())
				case "install":
					msg, err := w.in.Recover(t.Context())
					if err != nil || msg == "" {
						t.Fatalf("Recover = %q, %v", msg, err)
					}
					sameSnapshot(t, before, w.snapshot())
					if got := stateBytes(t, w.in.Dirs); got != beforeState {
						t.Errorf("state not restored:\n%s", cmp.Diff(beforeState, got))
					}
					if w.svc.running() != reinstall {
						t.Errorf("service running = %v", w.svc.running())
					}
					w.mustInstall(opts)
					w.mustUninstall()
					sameSnapshot(t, original, w.snapshot())
				}
			})
		}
	}
}

func TestLock(t *testing.T) {
	d := Dirs{State: filepath.Join(t.TempDir(), "state")}
	unlock, err := Lock(d)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Lock(d); err == nil || !strings.Contains(err.Error(), "another toolfix install") {
		t.Errorf("second Lock = %v", err)
	}
	unlock()
	unlock2, err := Lock(d)
	if err != nil {
		t.Fatalf("Lock after unlock: %v", err)
	}
	unlock2()
}

// TestUninstallWithoutStateFindsLeftovers removes the state after an install (a deleted state
// folder, or another XDG_STATE_HOME): uninstall must not say there is nothing to undo while a
// client still points at toolfix, and must change nothing.
func TestUninstallWithoutStateFindsLeftovers(t *testing.T) {
	w := installedThenStateLost(t)
	before := w.snapshot()
	rep, err := w.in.Uninstall(t.Context(), false)
	if err == nil {
		t.Fatal("uninstall without a state but with a routed client gave no error")
	}
	contains(t, err.Error(), filepath.Join(".claude", "settings.json"))
	contains(t, err.Error(), "ANTHROPIC_BASE_URL is "+BaseURL(47821, "claude"))
	contains(t, err.Error(), w.in.Dirs.Backups())
	if !rep.NotInstalled {
		t.Error("NotInstalled not set")
	}
	sameSnapshot(t, before, w.snapshot())
}

func TestIsToolfixURL(t *testing.T) {
	tests := []struct {
		raw, route string
		want       bool
	}{
		{"http://127.0.0.1:47821/claude", "claude", true},
		{"http://127.0.0.1:9000/claude/", "claude", true},
		{"http://localhost:47821/opencode-x-2", "opencode-x", true},
		{"http://[::1]:47821/opencode-x", "opencode-x", true},
		{"http://127.0.0.1:47821/claude/v1", "claude", false},
		{"http://127.0.0.1/claude", "claude", false},
		{"https://api.anthropic.com/claude", "claude", false},
		{"http://127.0.0.1:8080/v1", "opencode-x", false},
		{"http://10.0.0.2:47821/claude", "claude", false},
	}
	for _, tc := range tests {
		if got := isToolfixURL(tc.raw, tc.route); got != tc.want {
			t.Errorf("isToolfixURL(%q, %q) = %v, want %v", tc.raw, tc.route, got, tc.want)
		}
	}
}

func TestUninstallNotInstalled(t *testing.T) {
	w := newWorld(t)
	rep, err := w.in.Uninstall(t.Context(), false)
	if err != nil {
		t.Fatal(err)
	}
	if !rep.NotInstalled {
		t.Error("NotInstalled not set")
	}
}

// TestStaleTempsRemoved holds issue 13 item 9: the temporary files a killed toolfix leaves beside
// the files it manages (a full copy of the user's settings) are removed by the next install or
// uninstall; files of other names, other folders' files and folders are left alone.
func TestStaleTempsRemoved(t *testing.T) {
	for _, next := range []string{"install", "uninstall"} {
		t.Run(next, func(t *testing.T) {
			w := newWorld(t)
			settings := w.write(".claude/settings.json", claudeGateway)
			w.mustInstall(Options{Only: []string{"claude"}})
			dir := filepath.Dir(settings)
			stale := []string{
				filepath.Join(dir, ".settings.json.toolfix-2718281828"),
				filepath.Join(w.in.Dirs.State, ".state.json.toolfix-31415"),
			}
			kept := []string{
				filepath.Join(dir, ".settings.json.toolfix-notdigits"),
				filepath.Join(dir, ".settings.json.toolfix-"),
				filepath.Join(dir, ".settings.local.json.toolfix-123"),
				filepath.Join(dir, "settings.json.toolfix-123"),
				filepath.Join(w.home, ".settings.json.toolfix-123"),
			}
			for _, p := range append(append([]string{}, stale...), kept...) {
				if err := os.WriteFile(p, []byte(`{"env":{"ANTHROPIC_AUTH_TOKEN":"sk-ant-copy"}}`), 0o600); err != nil {
					t.Fatal(err)
				}
			}
			keptDir := filepath.Join(dir, ".settings.json.toolfix-999")
			if err := os.Mkdir(keptDir, 0o700); err != nil {
				t.Fatal(err)
			}
			kept = append(kept, keptDir)
			switch next {
			case "install":
				if _, err := w.in.Recover(t.Context()); err != nil {
					t.Fatal(err)
				}
			case "uninstall":
				w.mustUninstall()
			}
			for _, p := range stale {
				if _, err := os.Lstat(p); !errors.Is(err, fs.ErrNotExist) {
					t.Errorf("%s is still there (%v)", p, err)
				}
			}
			for _, p := range kept {
				if _, err := os.Lstat(p); err != nil {
					t.Errorf("%s was removed: %v", p, err)
				}
			}
		})
	}
}

// TestPlanLocalNonToolfix: an upstream on this machine that is not a toolfix (its /healthz says
// something else) is routed, with a note; toolfixAt tells the two apart.
func TestPlanLocalNonToolfix(t *testing.T) {
	for _, tt := range []struct {
		name   string
		code   int
		body   any
		toolfx bool
	}{
		{"toolfix", http.StatusOK, map[string]any{"status": "ok", "version": "dev", "routes": []string{}}, true},
		{"another server's healthz", http.StatusOK, map[string]any{"status": "ok"}, false},
		{"404", http.StatusNotFound, "no", false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			u := strings.TrimSuffix(fakeHealthz(t, func() (int, any) { return tt.code, tt.body }), "/healthz")
			if got := toolfixAt(u + "/v1"); got != tt.toolfx {
				t.Fatalf("toolfixAt = %v, want %v", got, tt.toolfx)
			}
			if tt.toolfx {
				return
			}
			w := newWorld(t)
			claudeBaseURL(u)(w)
			p, err := w.in.Plan(Options{DefaultPort: 47821})
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(strings.Join(p.Notes, "\n"), "points at another server on this machine") {
				t.Errorf("notes %q", p.Notes)
			}
		})
	}
	if toolfixAt("http://127.0.0.1:1") {
		t.Error("toolfixAt found a toolfix where nothing listens")
	}
}
