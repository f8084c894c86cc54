package service

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// fakeSystemctl puts a systemctl on PATH (and nothing else) that logs its arguments, one call a
// line, and fails `--user show-environment` with bus's message when noBus. It returns the log.
func fakeSystemctl(t *testing.T, noBus bool) string {
	t.Helper()
	log := filepath.Join(t.TempDir(), "calls")
	script := "echo \"$*\" >> '" + log + "'\n"
	if noBus {
		script += "if [ \"$1 $2\" = \"--user show-environment\" ]; then echo 'Failed to connect to bus: No medium found' >&2; exit 1; fi\n"
	}
	putSystemctl(t, script+"exit 0")
	return log
}

// putSystemctl puts a systemctl on PATH (and nothing else) that runs script under /bin/sh, and
// makes HOME a new temporary folder.
func putSystemctl(t *testing.T, script string) {
	t.Helper()
	bin := t.TempDir()
	if err := os.WriteFile(filepath.Join(bin, "systemctl"), []byte("#!/bin/sh\n"+script+"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", bin)
	t.Setenv("HOME", t.TempDir())
}

// userUnit is where the user's toolfix.service lives under HOME.
func userUnit() string {
	return filepath.Join(os.Getenv("HOME"), ".config", "systemd", "user", "toolfix.service")
}

// writeUnit writes content (mode 0600) as the user's toolfix.service under HOME, creating its
// folder, and returns its path.
func writeUnit(t *testing.T, content string) string {
	t.Helper()
	unit := userUnit()
	if err := os.MkdirAll(filepath.Dir(unit), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(unit, []byte(content), 0o600); err != nil {
		t.Fatal(err)
	}
	return unit
}

// checkNoManager checks that m.Check says there is no service manager, saying want.
func checkNoManager(t *testing.T, m *Manager, want string) {
	t.Helper()
	err := m.Check()
	if !errors.Is(err, errNoManager) {
		t.Fatalf("Check = %v", err)
	}
	contains(t, err.Error(), want)
}

func calls(t *testing.T, log string) []string {
	t.Helper()
	b, err := os.ReadFile(log)
	if os.IsNotExist(err) {
		return nil
	}
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(log); err != nil {
		t.Fatal(err)
	}
	return strings.Split(strings.TrimSpace(string(b)), "\n")
}

// TestSystemdThroughFakeSystemctl runs the systemd backend against a fake systemctl:
// the unit text, and the systemctl calls of install, re-install and remove.
func TestSystemdThroughFakeSystemctl(t *testing.T) {
	log := fakeSystemctl(t, false)
	home := os.Getenv("HOME")
	state := filepath.Join(home, "my state", "100%")
	m := newManager(t, Config{Executable: "/opt/tool fix/toolfix", StateDir: state})
	if err := m.Check(); err != nil {
		t.Fatalf("Check: %v", err)
	}
	if diff := cmp.Diff([]string{"--user show-environment"}, calls(t, log)); diff != "" {
		t.Errorf("check calls: %s", diff)
	}
	unit := userUnit()
	contains(t, m.Describe(), unit)

	if err := m.Install(); err != nil {
		t.Fatalf("Install: %v", err)
	}
	b, err := os.ReadFile(unit)
	if err != nil {
		t.Fatal(err)
	}
	text := string(b)
	for _, want := range []string{
		"ConditionFileIsExecutable=/opt/tool fix/toolfix\n",
		`ExecStart="/opt/tool fix/toolfix" serve` + "\n",
		`Environment="TOOLFIX_STATE_DIR=` + filepath.Join(home, "my state", "100%%") + `"` + "\n",
		"Restart=on-failure\n",
		"RestartSec=3\n",
		"WantedBy=default.target\n",
	} {
		contains(t, text, want)
	}
	if strings.Contains(text, "multi-user.target") {
		t.Errorf("unit wants multi-user.target, which never starts for a user unit:\n%s", text)
	}
	want := []string{"--user show-environment", "--user daemon-reload", "--user enable toolfix.service", "--user restart toolfix.service"}
	if diff := cmp.Diff(want, calls(t, log)); diff != "" {
		t.Errorf("install calls (-want +got):\n%s", diff)
	}

	// Installing again replaces the unit and restarts it.
	if err := m.Install(); err != nil {
		t.Fatalf("re-Install: %v", err)
	}
	want = []string{"--user show-environment", "--user daemon-reload", "--user enable toolfix.service", "--user restart toolfix.service"}
	if diff := cmp.Diff(want, calls(t, log)); diff != "" {
		t.Errorf("re-install calls (-want +got):\n%s", diff)
	}

	if err := m.Remove(); err != nil {
		t.Fatalf("Remove: %v", err)
	}
	if _, err := os.Stat(unit); !os.IsNotExist(err) {
		t.Errorf("unit file left: %v", err)
	}
	want = []string{"--user stop toolfix.service", "--user disable toolfix.service", "--user daemon-reload"}
	if diff := cmp.Diff(want, calls(t, log)); diff != "" {
		t.Errorf("remove calls (-want +got):\n%s", diff)
	}
	if err := m.Remove(); err != nil {
		t.Errorf("Remove when not installed: %v", err)
	}
	if c := calls(t, log); c != nil {
		t.Errorf("Remove when not installed called systemctl: %q", c)
	}
}

func TestSystemdNoUserBus(t *testing.T) {
	log := fakeSystemctl(t, true)
	m := newManager(t, Config{Executable: "/usr/bin/toolfix"})
	checkNoManager(t, m, "Failed to connect to bus: No medium found")
	if err := m.Install(); err == nil {
		t.Error("Install without a user bus: no error")
	}
	for _, c := range calls(t, log) {
		if c != "--user show-environment" {
			t.Errorf("systemctl %s called without a user bus", c)
		}
	}
	if _, err := os.Stat(filepath.Join(os.Getenv("HOME"), ".config", "systemd")); !os.IsNotExist(err) {
		t.Errorf("unit folder written without a user bus: %v", err)
	}
}

func TestSystemdNotInstalled(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	m := newManager(t, Config{Executable: "/usr/bin/toolfix"})
	checkNoManager(t, m, "systemctl is not installed")
}

func TestSystemdQuote(t *testing.T) {
	tests := []struct{ in, want string }{
		{"A=/home/me/.local/state/toolfix", `"A=/home/me/.local/state/toolfix"`},
		{`A=C:\x "y" 5%`, `"A=C:\\x \"y\" 5%%"`},
	}
	for _, tt := range tests {
		if got := systemdQuote(tt.in); got != tt.want {
			t.Errorf("systemdQuote(%s) = %s, want %s", tt.in, got, tt.want)
		}
	}
}

// TestSystemdSnapshotRestores: a snapshot taken before an install puts the unit that was there
// back byte for byte (and its mode), or removes the unit when there was none.
func TestSystemdSnapshotRestores(t *testing.T) {
	tests := []struct {
		name   string
		before string // "" means no unit
	}{
		{"a unit of another binary", "[Unit]\n# written by hand\n[Service]\nExecStart=/old/toolfix serve\n"},
		{"no unit", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			log := fakeSystemctl(t, false)
			unit := userUnit()
			if tt.before != "" {
				writeUnit(t, tt.before)
			}
			m := newManager(t, Config{Executable: "/new/toolfix"})
			restore, err := m.Snapshot()
			if err != nil {
				t.Fatal(err)
			}
			if err := m.Install(); err != nil {
				t.Fatal(err)
			}
			calls(t, log)
			if err := restore(); err != nil {
				t.Fatalf("restore: %v", err)
			}
			b, err := os.ReadFile(unit)
			if tt.before == "" {
				if !os.IsNotExist(err) {
					t.Errorf("unit left after restoring none: %q, %v", b, err)
				}
				return
			}
			if err != nil || string(b) != tt.before {
				t.Errorf("unit after restore = %q (%v), want %q", b, err, tt.before)
			}
			if fi, err := os.Stat(unit); err != nil || fi.Mode().Perm() != 0o600 {
				t.Errorf("unit mode after restore = %v (%v), want 0600", fi.Mode(), err)
			}
			if c := calls(t, log); len(c) == 0 || c[0] != "--user daemon-reload" {
				t.Errorf("restore calls = %q, want a daemon-reload first", c)
			}
		})
	}
}
