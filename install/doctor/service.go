package doctor

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"os/user"
	"strings"

	"github.com/toolfix/toolfix/service"
)

// checkService asks the service manager whether the service install set up is there and running.
func (s *session) checkService(context.Context) Result {
	if !s.st.Service {
		return Result{Status: Skip, Summary: "installed with --no-service: you start `toolfix serve` yourself after each login"}
	}
	if s.d.Service == nil {
		return Result{Status: Fail, Summary: "the state says a service was installed, but this system has no per-user service manager toolfix can use",
			Hint: "run `toolfix install --no-service` and start `toolfix serve` yourself"}
	}
	st, err := s.d.Service.Status()
	where := st.Path
	if where != "" {
		where = " (" + s.tilde(where) + ")"
	}
	switch {
	case err != nil:
		return Result{Status: Fail, Summary: fmt.Sprintf("the service manager cannot be asked: %v", err), Hint: s.startHint()}
	case !st.Installed:
		return Result{Status: Fail, Summary: "the service is not installed" + where + ", though the state says it was", Hint: "run `toolfix install` to put it back"}
	case !st.Running:
		return Result{Status: Fail, Summary: "the service is installed" + where + " but not running: " + st.State, Hint: s.startHint()}
	}
	return Result{Status: OK, Summary: st.String() + where}
}

// startHint says how to start the service and where its log is, on this OS.
func (s *session) startHint() string {
	switch s.goos {
	case "linux":
		return "start it with `systemctl --user start toolfix`; its log: `journalctl --user -u toolfix`"
	case "darwin":
		return "start it with `launchctl kickstart -k gui/$(id -u)/" + service.LaunchdLabel + "` (or, when it is not loaded, `launchctl bootstrap gui/$(id -u) ~/Library/LaunchAgents/" + service.LaunchdLabel + ".plist`); its log is in " + s.tilde(s.d.Dirs.Logs())
	}
	return "run `toolfix install` to start it again; its log is in " + s.tilde(s.d.Dirs.Logs())
}

// checkLinger tells whether systemd keeps the user's services running after logout: the file
// /var/lib/systemd/linger/<user>, else `loginctl show-user <user> --property=Linger`.
func (s *session) checkLinger(ctx context.Context) Result {
	if !s.st.Service {
		return Result{Status: Skip, Summary: "no service is installed"}
	}
	name := s.d.User
	if name == "" {
		u, err := user.Current()
		if err != nil {
			return Result{Status: Skip, Summary: fmt.Sprintf("cannot tell who you are: %v", err)}
		}
		name = u.Username
	}
	on := Result{Status: OK, Summary: "lingering is on for " + name + ": the proxy keeps running after you log out"}
	off := Result{Status: Warn, Summary: "lingering is off for " + name + ": systemd stops the proxy when your last session ends",
		Hint: "`loginctl enable-linger " + name + "` keeps it running (needed for SSH sessions and jobs that outlive a login)"}
	dir := s.sysPath("/var/lib/systemd/linger")
	if _, err := os.Stat(dir + "/" + name); err == nil {
		return on
	}
	out, err := s.run(ctx, "loginctl", "show-user", name, "--property=Linger")
	if err == nil {
		switch strings.TrimSpace(string(out)) {
		case "Linger=yes":
			return on
		case "Linger=no":
			return off
		}
	}
	if _, derr := os.Stat(dir); derr == nil {
		return off
	}
	return Result{Status: Skip, Summary: fmt.Sprintf("cannot tell whether lingering is on (no %s; loginctl: %v)", dir, err)}
}

// run runs a helper program through Doctor.Exec, or os/exec.
func (s *session) run(ctx context.Context, name string, args ...string) ([]byte, error) {
	return s.d.Exec.orExec()(ctx, name, args...)
}

// ExecRunner is the Runner of os/exec: the program's standard output, or an error holding its
// standard error.
func ExecRunner(ctx context.Context, name string, args ...string) ([]byte, error) {
	var stdout, stderr bytes.Buffer
	c := exec.CommandContext(ctx, name, args...)
	c.Stdout, c.Stderr = &stdout, &stderr
	if err := c.Run(); err != nil {
		if msg := strings.TrimSpace(stderr.String()); msg != "" {
			return nil, fmt.Errorf("%s: %w: %s", name, err, msg)
		}
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return stdout.Bytes(), nil
}
