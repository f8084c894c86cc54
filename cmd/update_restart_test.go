package cmd

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/toolfix/toolfix/install"
	"github.com/toolfix/toolfix/service"
	"github.com/toolfix/toolfix/service/update"
)

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
