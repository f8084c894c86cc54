package cmd

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/toolfix/toolfix/install"
	"github.com/toolfix/toolfix/providers/configtest"
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
		var got *installOptions
		c := newInstallCmd(&IOStreams{Out: &bytes.Buffer{}, ErrOut: &bytes.Buffer{}}, func(o *installOptions) error { got = o; return nil })
		c.SetArgs(tt.args)
		if err := c.Execute(); err != nil {
			t.Fatalf("%v: %v", tt.args, err)
		}
		if diff := cmp.Diff(tt.want, *got); diff != "" {
			t.Errorf("%v (-want +got):\n%s", tt.args, diff)
		}
	}
	var got *uninstallOptions
	c := newUninstallCmd(&IOStreams{}, func(o *uninstallOptions) error { got = o; return nil })
	c.SetArgs([]string{"--purge"})
	if err := c.Execute(); err != nil || !got.Purge {
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
