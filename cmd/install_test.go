package cmd

import (
	"bytes"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/spf13/cobra"
	"github.com/toolfix/toolfix/install"
	"github.com/toolfix/toolfix/providers/configtest"
	"github.com/toolfix/toolfix/proxy"
)

// tempHome points HOME and every XDG variable into a temporary folder, clears the variables that
// move client configs, and replaces the service manager with one that must not be used.
func tempHome(t *testing.T) string {
	t.Helper()
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("USERPROFILE", home)
	for k, v := range map[string]string{
		"XDG_CONFIG_HOME": filepath.Join(home, ".config"),
		"XDG_STATE_HOME":  filepath.Join(home, ".local", "state"),
		"XDG_DATA_HOME":   filepath.Join(home, ".local", "share"),
		"XDG_CACHE_HOME":  filepath.Join(home, ".cache"),
	} {
		t.Setenv(k, v)
	}
	for _, k := range []string{"CLAUDE_CONFIG_DIR", "OPENCODE_CONFIG", install.StateDirEnv, "ANTHROPIC_BASE_URL"} {
		t.Setenv(k, "")
	}
	old, oldExe := newServiceManager, serviceExecutable
	newServiceManager = func(install.Dirs, string) (install.Service, error) { return unusedService{t}, nil }
	serviceExecutable = func() (string, error) { return "/usr/local/bin/toolfix", nil }
	t.Cleanup(func() { newServiceManager, serviceExecutable = old, oldExe })
	return home
}

// clearEnv empties the proxy variables, and the others named, for a test that runs doctor: the
// machine's own settings must not change what it finds.
func clearEnv(t *testing.T, others ...string) {
	t.Helper()
	for _, k := range append([]string{"HTTPS_PROXY", "https_proxy", "HTTP_PROXY", "http_proxy", "ALL_PROXY", "all_proxy", "NO_PROXY", "no_proxy"}, others...) {
		t.Setenv(k, "")
	}
}

// unusedService fails the test when install touches the service (the tests use --no-service).
type unusedService struct{ t *testing.T }

func (u unusedService) Check() error     { return errors.New("no service manager in tests") }
func (u unusedService) Describe() string { return "test: none" }
func (u unusedService) Install() error   { u.t.Error("service installed"); return errors.New("unused") }
func (u unusedService) Remove() error    { u.t.Error("service removed"); return errors.New("unused") }
func (u unusedService) Snapshot() (func() error, error) {
	u.t.Error("service recorded")
	return nil, errors.New("unused")
}

// writeFile writes a test file (configtest.WriteFile).
var writeFile = configtest.WriteFile

func run(t *testing.T, stdin string, tty bool, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errOut bytes.Buffer
	ios := &IOStreams{In: strings.NewReader(stdin), Out: &out, ErrOut: &errOut, IsTTY: tty}
	code = Run(args, ios)
	return code, out.String(), errOut.String()
}

// parseFlags builds a command with newCmd, its hook taking the parsed options instead of running
// the command, and executes it on args, its output discarded. It returns the options the hook got
// (nil when the hook was not called) and Execute's error.
func parseFlags[O any](newCmd func(*IOStreams, func(*O) error) *cobra.Command, args ...string) (*O, error) {
	var got *O
	c := newCmd(&IOStreams{In: strings.NewReader(""), Out: io.Discard, ErrOut: io.Discard}, func(o *O) error { got = o; return nil })
	c.SetArgs(args)
	c.SetOut(io.Discard)
	c.SetErr(io.Discard)
	err := c.Execute()
	return got, err
}

// wantedError reports whether a test case wants an error, want being a text the error must hold
// ("" when it wants none), and fails t when it wants one that err does not hold.
func wantedError(t *testing.T, err error, want string) bool {
	t.Helper()
	if want == "" {
		return false
	}
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("error %v, want one holding %q", err, want)
	}
	return true
}

// TestInstallFlags checks flags -> options.
func TestInstallFlags(t *testing.T) {
	tests := []struct {
		args []string
		want installOptions
	}{
		{nil, installOptions{}},
		{[]string{"--dry-run", "-y", "--port", "50000"}, installOptions{DryRun: true, Yes: true, Port: 50000}},
		{[]string{"--only", "claude,opencode", "--no-service"}, installOptions{Only: []string{"claude", "opencode"}, NoService: true}},
		{[]string{"--claude-default-upstream", "--opencode-builtin", "anthropic", "--opencode-builtin", "openai"}, installOptions{ClaudeDefaultUpstream: true, OpenCodeBuiltins: []string{"anthropic", "openai"}}},
	}
	for _, tt := range tests {
		got, err := parseFlags(newInstallCmd, tt.args...)
		if err != nil {
			t.Fatalf("%v: %v", tt.args, err)
		}
		if diff := cmp.Diff(tt.want, *got); diff != "" {
			t.Errorf("%v (-want +got):\n%s", tt.args, diff)
		}
	}
	if got, err := parseFlags(newUninstallCmd, "--purge"); err != nil || got == nil || !got.Purge {
		t.Errorf("uninstall --purge: %v, %+v", err, got)
	}
}

func TestInstallUsageErrors(t *testing.T) {
	tempHome(t)
	for _, args := range [][]string{
		{"install", "--port", "0"},
		{"install", "--port", "70000"},
		{"install", "--only", "cursor"},
		{"install", "--opencode-builtin", "gemini"},
		{"install", "extra"},
		{"install", "--bogus"},
	} {
		code, _, stderr := run(t, "", false, args...)
		if code != 2 {
			t.Errorf("%v: exit %d, want 2 (stderr %q)", args, code, stderr)
		}
	}
}

const settingsJSON = "{\n  \"env\": {\n    \"ANTHROPIC_BASE_URL\": \"https://gw.example.com/anthropic\"\n  }\n}\n"

// TestInstallAsksOrRefuses: without --yes, a pipe is refused and a terminal is asked; a "no" or
// a refusal changes nothing; --dry-run prints the plan and writes nothing at all.
func TestInstallAsksOrRefuses(t *testing.T) {
	tests := []struct {
		name     string
		args     []string
		stdin    string
		tty      bool
		code     int
		outHas   string
		errHas   string
		installs bool
	}{
		{"dry run", []string{"install", "--dry-run"}, "", false, 0, "+    \"ANTHROPIC_BASE_URL\": \"http://127.0.0.1:47821/claude\"", "", false},
		{"pipe without --yes", []string{"install", "--no-service"}, "", false, 1, "Routes:", "pass --yes", false},
		{"terminal, no", []string{"install", "--no-service"}, "n\n", true, 1, "Routes:", "cancelled", false},
		{"terminal, yes", []string{"install", "--no-service"}, "y\n", true, 0, "toolfix is installed", "Apply this plan?", true},
		{"no service manager", []string{"install", "--yes"}, "", false, 1, "cannot be installed", "--no-service", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			home := tempHome(t)
			settings := filepath.Join(home, ".claude", "settings.json")
			writeFile(t, settings, settingsJSON)
			code, stdout, stderr := run(t, tt.stdin, tt.tty, tt.args...)
			if code != tt.code {
				t.Fatalf("exit %d, want %d\nstdout:\n%s\nstderr:\n%s", code, tt.code, stdout, stderr)
			}
			if !strings.Contains(stdout, tt.outHas) {
				t.Errorf("stdout lacks %q:\n%s", tt.outHas, stdout)
			}
			if !strings.Contains(stderr, tt.errHas) {
				t.Errorf("stderr lacks %q:\n%s", tt.errHas, stderr)
			}
			b, err := os.ReadFile(settings)
			if err != nil {
				t.Fatal(err)
			}
			if installed := string(b) != settingsJSON; installed != tt.installs {
				t.Errorf("settings changed = %v, want %v:\n%s", installed, tt.installs, b)
			}
			if !tt.installs {
				if _, err := os.Stat(install.DefaultDirs().StateFile()); !os.IsNotExist(err) {
					t.Errorf("state written: %v", err)
				}
			}
			if tt.name == "dry run" {
				if _, err := os.Stat(install.StateDir()); !os.IsNotExist(err) {
					t.Errorf("--dry-run created the state folder: %v", err)
				}
			}
		})
	}
}

func TestInstallNothingToRoute(t *testing.T) {
	tempHome(t)
	code, _, stderr := run(t, "", false, "install", "--yes", "--no-service")
	if code != 1 || !strings.Contains(stderr, "nothing to route") || !strings.Contains(stderr, "--claude-default-upstream") {
		t.Errorf("exit %d, stderr:\n%s", code, stderr)
	}
}

func TestUninstallNotInstalled(t *testing.T) {
	tempHome(t)
	code, stdout, stderr := run(t, "", false, "uninstall")
	if code != 0 || !strings.Contains(stdout, "not installed") {
		t.Errorf("exit %d\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
}

func TestInstalledConfigNotInstalled(t *testing.T) {
	tempHome(t)
	_, err := installedConfig()
	if !errors.Is(err, install.ErrNotInstalled) || !strings.Contains(err.Error(), "toolfix install") {
		t.Errorf("installedConfig = %v", err)
	}
}

const openCodeJSONC = `// OpenCode, with comments and trailing commas
{
  "$schema": "https://opencode.ai/config.json",
  "provider": {
    "moonshot": {
      "npm": "@ai-sdk/openai-compatible",
      "name": "Moonshot", /* the Kimi models */
      "options": {
        "baseURL": "https://api.moonshot.ai/v1",
        "apiKey": "{env:MOONSHOT_API_KEY}",
      },
      "models": { "kimi-k2": {} },
    },
  },
}
`

// TestInstallServeUninstall runs `toolfix install --no-service --yes` on a temporary home with a
// Claude Code settings.json and an OpenCode opencode.jsonc, checks the state's routes and what
// `toolfix serve` (no flags) would serve, then `toolfix uninstall`: both files byte-identical.
func TestInstallServeUninstall(t *testing.T) {
	home := tempHome(t)
	settings := filepath.Join(home, ".claude", "settings.json")
	opencode := filepath.Join(home, ".config", "opencode", "opencode.jsonc")
	writeFile(t, settings, settingsJSON)
	writeFile(t, opencode, openCodeJSONC)

	code, stdout, stderr := run(t, "", false, "install", "--no-service", "--yes")
	if code != 0 {
		t.Fatalf("install: exit %d\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	for _, s := range []string{"toolfix is installed: 2 routes on 127.0.0.1:47821.", "toolfix serve"} {
		if !strings.Contains(stdout, s) {
			t.Errorf("install output lacks %q:\n%s", s, stdout)
		}
	}
	b, _ := os.ReadFile(settings)
	if !strings.Contains(string(b), `"ANTHROPIC_BASE_URL": "http://127.0.0.1:47821/claude"`) {
		t.Errorf("settings.json not routed:\n%s", b)
	}
	b, _ = os.ReadFile(opencode)
	if !strings.Contains(string(b), `"baseURL": "http://127.0.0.1:47821/opencode-moonshot",`) || !strings.Contains(string(b), "/* the Kimi models */") {
		t.Errorf("opencode.jsonc not routed, or its comments lost:\n%s", b)
	}

	st, err := install.LoadState(install.DefaultDirs())
	if err != nil {
		t.Fatal(err)
	}
	wantRoutes := []install.Route{
		{Name: "claude", Upstream: "https://gw.example.com/anthropic", Protocol: "anthropic", Client: "claude"},
		{Name: "opencode-moonshot", Upstream: "https://api.moonshot.ai/v1", Protocol: "openai", Client: "opencode"},
	}
	if diff := cmp.Diff(wantRoutes, st.Routes); diff != "" {
		t.Errorf("state routes (-want +got):\n%s", diff)
	}
	if st.Service || st.Port != DefaultPort {
		t.Errorf("state service %v port %d", st.Service, st.Port)
	}

	cfg, err := installedConfig()
	if err != nil {
		t.Fatal(err)
	}
	wantCfg := proxy.Config{Listen: "127.0.0.1:47821", Routes: []proxy.Route{
		{Name: "claude", Upstream: "https://gw.example.com/anthropic", Protocol: "anthropic"},
		{Name: "opencode-moonshot", Upstream: "https://api.moonshot.ai/v1", Protocol: "openai"},
	}}
	if diff := cmp.Diff(wantCfg, cfg); diff != "" {
		t.Errorf("installedConfig (-want +got):\n%s", diff)
	}
	if err := proxy.CheckRoutes(cfg.Routes); err != nil {
		t.Errorf("installed routes do not pass the proxy's check: %v", err)
	}

	code, stdout, stderr = run(t, "", false, "uninstall")
	if code != 0 {
		t.Fatalf("uninstall: exit %d\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	if stderr != "" {
		t.Errorf("uninstall warned:\n%s", stderr)
	}
	for path, want := range map[string]string{settings: settingsJSON, opencode: openCodeJSONC} {
		got, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(want, string(got)); diff != "" {
			t.Errorf("%s not byte-identical after uninstall (-want +got):\n%s", path, diff)
		}
	}
	if _, err := installedConfig(); err == nil {
		t.Error("installedConfig after uninstall: no error")
	}
}

// TestUninstallPurgeLeavesNoLock: after install then `uninstall --purge`, the state folder holds
// the backups and nothing else: no state, no install.lock.
func TestUninstallPurgeLeavesNoLock(t *testing.T) {
	home := tempHome(t)
	writeFile(t, filepath.Join(home, ".claude", "settings.json"), settingsJSON)
	if code, stdout, stderr := run(t, "", false, "install", "--no-service", "--yes"); code != 0 {
		t.Fatalf("install: exit %d\n%s%s", code, stdout, stderr)
	}
	code, stdout, stderr := run(t, "", false, "uninstall", "--purge")
	if code != 0 {
		t.Fatalf("uninstall --purge: exit %d\n%s%s", code, stdout, stderr)
	}
	dirs := install.DefaultDirs()
	ents, err := os.ReadDir(dirs.State)
	if err != nil {
		t.Fatal(err)
	}
	var left []string
	for _, e := range ents {
		left = append(left, e.Name())
	}
	if diff := cmp.Diff([]string{"backups"}, left); diff != "" {
		t.Errorf("state folder after --purge (-want +got):\n%s", diff)
	}
}

// TestUninstallNamesHandStartedProxy: after an install without a service, uninstall says when a
// proxy (started by hand with toolfix serve) still answers on the installed port, and how to stop
// it; it says nothing of one when none answers.
func TestUninstallNamesHandStartedProxy(t *testing.T) {
	for _, running := range []bool{true, false} {
		t.Run(strconv.FormatBool(running), func(t *testing.T) {
			otherUser(t, "")
			home := tempHome(t)
			clearEnv(t)
			writeFile(t, filepath.Join(home, ".claude", "settings.json"), `{"env": {"ANTHROPIC_BASE_URL": "https://gw.example.com/anthropic"}}`)
			port := "1"
			if running {
				ps := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
					if r.URL.Path == "/healthz" {
						_, _ = w.Write([]byte(`{"status":"ok","routes":["claude"]}`))
						return
					}
					http.NotFound(w, r)
				}))
				defer ps.Close()
				_, port, _ = net.SplitHostPort(ps.Listener.Addr().String())
			}
			if code, out, errOut := run(t, "", false, "install", "--yes", "--no-service", "--port", port); code != 0 {
				t.Fatalf("install: exit %d\n%s\n%s", code, out, errOut)
			}
			code, out, errOut := run(t, "", false, "uninstall")
			if code != 0 {
				t.Fatalf("uninstall: exit %d\n%s\n%s", code, out, errOut)
			}
			said := strings.Contains(out, "still answers on 127.0.0.1:"+port) && strings.Contains(out, "stop it with Ctrl-C")
			if said != running {
				t.Errorf("running %v, said %v:\n%s", running, said, out)
			}
		})
	}
}

// otherUser makes portOtherUser say the socket on any port belongs to owner ("" means to the
// user who runs the test) for the rest of t.
func otherUser(t *testing.T, owner string) {
	old := portOtherUser
	portOtherUser = func(string) (string, bool) { return owner, owner != "" }
	t.Cleanup(func() { portOtherUser = old })
}

// TestUninstallTellsAnotherUsersProxy: when the toolfix still answering on the installed port
// belongs to another user, uninstall says so, and does not call it one the user started by hand.
func TestUninstallTellsAnotherUsersProxy(t *testing.T) {
	home := tempHome(t)
	clearEnv(t)
	otherUser(t, "user alice (uid 1001)")
	writeFile(t, filepath.Join(home, ".claude", "settings.json"), `{"env": {"ANTHROPIC_BASE_URL": "https://gw.example.com/anthropic"}}`)
	ps := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = w.Write([]byte(`{"status":"ok","routes":["claude"]}`))
	}))
	defer ps.Close()
	_, port, _ := net.SplitHostPort(ps.Listener.Addr().String())
	if code, out, errOut := run(t, "", false, "install", "--yes", "--no-service", "--port", port); code != 0 {
		t.Fatalf("install: exit %d\n%s\n%s", code, out, errOut)
	}
	_, out, _ := run(t, "", false, "uninstall")
	want := "The toolfix proxy on 127.0.0.1:" + port + " belongs to user alice (uid 1001), not to you, so it is not yours to stop"
	if !strings.Contains(out, want) || strings.Contains(out, "started by hand") {
		t.Errorf("uninstall said:\n%s\nwant %q and not \"started by hand\"", out, want)
	}
}

// TestInstallPortTaken: `install --port N` on a port something already listens on says so in the
// plan, whose it is, and names a free port; the installed proxy's own port is not "taken".
func TestInstallPortTaken(t *testing.T) {
	for _, tt := range []struct{ owner, say string }{
		{"", "another program already listens on 127.0.0.1:"},
		{"user alice (uid 1001)", "another program of user alice (uid 1001) already listens on 127.0.0.1:"},
	} {
		t.Run(tt.say, func(t *testing.T) {
			home := tempHome(t)
			clearEnv(t)
			otherUser(t, tt.owner)
			writeFile(t, filepath.Join(home, ".claude", "settings.json"), `{"env": {"ANTHROPIC_BASE_URL": "https://gw.example.com/anthropic"}}`)
			ln, err := net.Listen("tcp", "127.0.0.1:0")
			if err != nil {
				t.Fatal(err)
			}
			defer ln.Close()
			_, port, _ := net.SplitHostPort(ln.Addr().String())
			_, out, errOut := run(t, "", false, "install", "--dry-run", "--no-service", "--port", port)
			if !strings.Contains(out, tt.say+port+", so toolfix's proxy could not start there; choose a free one such as ") {
				t.Errorf("the plan does not say the port is taken:\n%s\n%s", out, errOut)
			}
		})
	}
}

// TestInstallRefusesEndpointBaseURL: a client's base URL that is a whole endpoint
// (https://api.anthropic.com/v1/messages, to which Claude Code and then toolfix would add
// /v1/messages again) is refused before anything is written, with the base URL to set instead; a
// gateway URL with an API path after its route is refused too.
func TestInstallRefusesEndpointBaseURL(t *testing.T) {
	home := tempHome(t)
	clearEnv(t)
	settings := filepath.Join(home, ".claude", "settings.json")
	const before = `{"env": {"ANTHROPIC_BASE_URL": "https://api.anthropic.com/v1/messages"}}`
	writeFile(t, settings, before)
	code, out, errOut := run(t, "", false, "install", "--yes", "--no-service")
	if want := `route "claude": the base URL in claude's config, "https://api.anthropic.com/v1/messages" ends in the API endpoint /v1/messages, which each request's path adds again (/v1/messages/v1/messages): give the base URL, https://api.anthropic.com; set it so there and run install again (nothing was changed)`; code != 1 || !strings.Contains(errOut, want) {
		t.Errorf("exit %d\n%s\nstderr %q\nwant %q", code, out, errOut, want)
	}
	if b, _ := os.ReadFile(settings); string(b) != before {
		t.Errorf("the settings changed: %s", b)
	}
	code, _, errOut = run(t, "", false, "install", "--yes", "--gateway", "https://gw.example/t/abcdefghijklmnop0123/qwen/v1/messages")
	if want := `gateway "https://gw.example/t/REDACTED/qwen/v1/messages" has a path after its route "qwen" (/v1/messages): give the route's URL alone, https://HOST/t/<token>/qwen`; code == 0 || !strings.Contains(errOut, want) {
		t.Errorf("exit %d, stderr %q, want %q", code, errOut, want)
	}
}
