package doctor

import (
	"context"
	"errors"
	"slices"
	"testing"

	"github.com/toolfix/toolfix/install"
	"github.com/toolfix/toolfix/service"
)

type fakeService struct {
	st  service.Status
	err error
}

func (f fakeService) Status() (service.Status, error) { return f.st, f.err }

// withService marks the fixture's install as having a service.
func (f *fixture) withService() {
	f.t.Helper()
	st, err := install.LoadState(f.d.Dirs)
	if err != nil {
		f.t.Fatal(err)
	}
	st.Service = true
	f.install(st)
}

// newServiceFixture is a fixture with Claude Code routed by an install that set up a service.
func newServiceFixture(t *testing.T) *fixture {
	t.Helper()
	f := newFixture(t)
	f.claudeInstalled("")
	f.withService()
	return f
}

func TestCheckService(t *testing.T) {
	unit := "/home/me/.config/systemd/user/toolfix.service"
	tests := []struct {
		name    string
		svc     ServiceStatus
		goos    string
		status  Status
		want    []string
		noState bool
	}{
		{name: "running", svc: fakeService{st: service.Status{Installed: true, Running: true, PID: 4100, State: "active (running)", Path: unit}}, status: OK, want: []string{"installed, running (pid 4100): active (running)", unit}},
		{name: "stopped", svc: fakeService{st: service.Status{Installed: true, State: "failed (failed)", Path: unit}}, status: Fail, want: []string{"not running: failed (failed)", "systemctl --user start toolfix", "journalctl --user -u toolfix"}},
		{name: "stopped on macOS", goos: "darwin", svc: fakeService{st: service.Status{Installed: true, State: "not loaded"}}, status: Fail, want: []string{"launchctl kickstart -k gui/$(id -u)/io.github.toolfix.proxy", "launchctl bootstrap gui/$(id -u) ~/Library/LaunchAgents/io.github.toolfix.proxy.plist"}},
		{name: "gone", svc: fakeService{st: service.Status{Path: unit}}, status: Fail, want: []string{"not installed", "toolfix install"}},
		{name: "manager silent", svc: fakeService{st: service.Status{Installed: true}, err: errors.New("no user bus")}, status: Fail, want: []string{"cannot be asked: no user bus"}},
		{name: "no manager", status: Fail, want: []string{"no per-user service manager", "--no-service"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newServiceFixture(t)
			f.d.Service = tt.svc
			if tt.goos != "" {
				f.d.GOOS = tt.goos
			}
			expect(t, f.run("service"), tt.status, tt.want...)
		})
	}
}

func TestCheckServiceNoService(t *testing.T) {
	f := newFixture(t)
	f.claudeInstalled("")
	f.d.Service = fakeService{err: errors.New("must not be asked")}
	expect(t, f.run("service"), Skip, "--no-service")
	expect(t, f.run("linger"), Skip, "no service")
}

func TestCheckLinger(t *testing.T) {
	tests := []struct {
		name     string
		file     bool   // /var/lib/systemd/linger/me exists
		dir      bool   // /var/lib/systemd/linger exists
		loginctl string // its output; "" fails
		status   Status
		want     []string
	}{
		{name: "file", file: true, status: OK, want: []string{"lingering is on for me"}},
		{name: "loginctl yes", loginctl: "Linger=yes\n", status: OK},
		{name: "loginctl no", loginctl: "Linger=no\n", status: Warn, want: []string{"lingering is off for me", "loginctl enable-linger me"}},
		{name: "folder without the file", dir: true, status: Warn, want: []string{"lingering is off"}},
		{name: "cannot tell", status: Skip, want: []string{"cannot tell", "not in this test"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newServiceFixture(t)
			f.d.User = "me"
			if tt.file {
				f.write(f.d.Root+"/var/lib/systemd/linger/me", "")
			}
			if tt.dir {
				f.write(f.d.Root+"/var/lib/systemd/linger/someone-else", "")
			}
			var calls [][]string
			f.d.Exec = func(_ context.Context, name string, args ...string) ([]byte, error) {
				calls = append(calls, append([]string{name}, args...))
				if tt.loginctl == "" {
					return nil, errors.New("loginctl: not in this test")
				}
				return []byte(tt.loginctl), nil
			}
			expect(t, f.run("linger"), tt.status, tt.want...)
			if !tt.file && (len(calls) != 1 || !slices.Equal(calls[0], []string{"loginctl", "show-user", "me", "--property=Linger"})) {
				t.Errorf("calls = %q", calls)
			}
		})
	}
}

func TestLingerOnlyOnLinux(t *testing.T) {
	f := newFixture(t)
	f.d.GOOS = "darwin"
	for _, c := range f.d.Checks() {
		if c.Name == "linger" {
			t.Error("linger checked on macOS")
		}
	}
}
