package service

import (
	"fmt"
	"strings"
)

// Status is what this OS's service manager says about toolfix's service, for doctor and status.
type Status struct {
	// Installed is whether the service's file exists: the systemd unit, the LaunchAgent plist, or
	// the Windows Run value.
	Installed bool
	// Running is whether the manager reports the service running; false when not installed or
	// when the manager could not be asked.
	Running bool
	// PID is the process id of the running `toolfix serve`; 0 when not running or not known.
	PID int
	// State is the manager's own words, such as "active (running)", "inactive (dead)", "failed
	// (failed)" for systemd or "running" for launchd; "" when not installed.
	State string
	// Path is where the service is defined: the unit file, the plist, or HKCU\…\Run\toolfix.
	Path string
	// Executable is the toolfix binary the installed definition runs (the unit's ExecStart, the
	// plist's first ProgramArguments, the Run value's program), as an absolute path; "" when not
	// installed or when the definition does not say.
	Executable string
}

// String is a one-line form: "installed, running (pid 42): active (running)".
func (s Status) String() string {
	if !s.Installed {
		return "not installed"
	}
	var b strings.Builder
	b.WriteString("installed, ")
	if s.Running {
		b.WriteString("running")
		if s.PID > 0 {
			fmt.Fprintf(&b, " (pid %d)", s.PID)
		}
	} else {
		b.WriteString("not running")
	}
	if s.State != "" {
		b.WriteString(": " + s.State)
	}
	return b.String()
}

// Status asks the service manager whether the service is installed and running. It returns the
// Status with what is known (Installed at least) and an error when the service is installed but
// the manager cannot be asked (no user bus, launchctl failing).
func (m *Manager) Status() (Status, error) {
	st, err := m.b.status()
	if err != nil {
		return st, fmt.Errorf("asking about the %s service: %w", Name, err)
	}
	return st, nil
}
