package service

import (
	"os"
	"path/filepath"
	"testing"
)

// TestSystemdStatus runs Status against a fake systemctl that prints what `systemctl --user show`
// prints for a running, a failed and an unreachable unit.
func TestSystemdStatus(t *testing.T) {
	tests := []struct {
		name      string
		installed bool
		script    string
		want      Status
		wantErr   bool
	}{
		{name: "not installed", script: "exit 0", want: Status{}},
		{name: "running", installed: true, script: "printf 'ActiveState=active\\nSubState=running\\nMainPID=4242\\n'",
			want: Status{Installed: true, Running: true, PID: 4242, State: "active (running)"}},
		{name: "failed", installed: true, script: "printf 'MainPID=0\\nActiveState=failed\\nSubState=failed\\n'",
			want: Status{Installed: true, State: "failed (failed)"}},
		{name: "no bus", installed: true, script: "echo 'Failed to connect to bus' >&2; exit 1",
			want: Status{Installed: true}, wantErr: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			bin, home := t.TempDir(), t.TempDir()
			if err := os.WriteFile(filepath.Join(bin, "systemctl"), []byte("#!/bin/sh\n"+tt.script+"\n"), 0o755); err != nil {
				t.Fatal(err)
			}
			t.Setenv("PATH", bin)
			t.Setenv("HOME", home)
			unit := filepath.Join(home, ".config", "systemd", "user", "toolfix.service")
			if tt.installed {
				if err := os.MkdirAll(filepath.Dir(unit), 0o700); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(unit, []byte("[Unit]\n"), 0o600); err != nil {
					t.Fatal(err)
				}
			}
			m, err := New(Config{Executable: "/usr/bin/toolfix"})
			if err != nil {
				t.Fatal(err)
			}
			got, err := m.Status()
			if (err != nil) != tt.wantErr {
				t.Fatalf("Status error = %v, want error %v", err, tt.wantErr)
			}
			tt.want.Path = unit
			if got != tt.want {
				t.Errorf("Status = %+v, want %+v", got, tt.want)
			}
		})
	}
}

func TestStatusString(t *testing.T) {
	tests := []struct {
		st   Status
		want string
	}{
		{Status{}, "not installed"},
		{Status{Installed: true, Running: true, PID: 7, State: "active (running)"}, "installed, running (pid 7): active (running)"},
		{Status{Installed: true, State: "inactive (dead)"}, "installed, not running: inactive (dead)"},
	}
	for _, tt := range tests {
		if got := tt.st.String(); got != tt.want {
			t.Errorf("%+v.String() = %q, want %q", tt.st, got, tt.want)
		}
	}
}
