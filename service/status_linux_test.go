package service

import "testing"

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
			putSystemctl(t, tt.script)
			unit := userUnit()
			if tt.installed {
				writeUnit(t, "[Unit]\n")
			}
			got, err := newManager(t, Config{Executable: "/usr/bin/toolfix"}).Status()
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
