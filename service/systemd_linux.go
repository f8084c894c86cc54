package service

import (
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
)

// systemd runs toolfix as a systemd user unit, ~/.config/systemd/user/toolfix.service, driven
// through `systemctl --user`.
type systemd struct {
	cfg Config
}

func newBackend(cfg Config) (backend, error) { return &systemd{cfg: cfg}, nil }

// unitName is the unit's file name.
const unitName = Name + ".service"

func (s *systemd) unitPath() (string, error) {
	return homePath("the unit", ".config", "systemd", "user", unitName)
}

// wantsPath is the link `systemctl --user enable` makes: the unit is started at login.
func (s *systemd) wantsPath() (string, error) {
	p, err := s.unitPath()
	if err != nil {
		return "", err
	}
	return filepath.Join(filepath.Dir(p), "default.target.wants", unitName), nil
}

func (s *systemd) check() error {
	if _, err := exec.LookPath("systemctl"); err != nil {
		return fmt.Errorf("%w: systemctl is not installed, so there is no systemd user manager (a container, or WSL without systemd)", errNoManager)
	}
	if err := systemctl("show-environment"); err != nil {
		return fmt.Errorf("%w: no systemd user manager answers (%v); in a container, over su/sudo without a login session, or in WSL without systemd there is none", errNoManager, err)
	}
	return nil
}

func (s *systemd) describe() string {
	p, _ := s.unitPath()
	return fmt.Sprintf("systemd user unit %s (%s) running `%s serve`, started at login, restarted on failure", unitName, p, s.cfg.Executable)
}

// install writes the unit (replacing one), enables it and restarts it, so a running proxy
// serves the new binary and state.
func (s *systemd) install() error {
	p, err := s.unitPath()
	if err != nil {
		return err
	}
	if err := writeDefinition(p, []byte(systemdUnit(s.cfg))); err != nil {
		return err
	}
	for _, args := range [][]string{{"daemon-reload"}, {"enable", unitName}, {"restart", unitName}} {
		if err := systemctl(args...); err != nil {
			return err
		}
	}
	return nil
}

func (s *systemd) remove() error {
	p, err := s.unitPath()
	if err != nil {
		return err
	}
	removed, err := removeDefinition(p, func() error {
		_ = systemctl("stop", unitName) // a unit that is not running is fine
		return systemctl("disable", unitName)
	})
	if err != nil || !removed {
		return err
	}
	return systemctl("daemon-reload")
}

// snapshot records the unit file's bytes and mode (or that there is none), whether it is enabled
// and whether it runs; restore writes exactly those bytes back and brings the unit to the same
// enabled and running state, or removes the unit when there was none.
func (s *systemd) snapshot() (func() error, error) {
	p, err := s.unitPath()
	return snapshotFile(p, err, s.remove, func(before []byte, mode fs.FileMode) func() error {
		wants, _ := s.wantsPath()
		_, werr := os.Lstat(wants)
		enabled := werr == nil
		active := systemctl("is-active", "--quiet", unitName) == nil
		return func() error {
			if err := writeAtomic(p, before, mode); err != nil {
				return err
			}
			steps := [][]string{{"daemon-reload"}}
			if enabled {
				steps = append(steps, []string{"enable", unitName})
			} else {
				steps = append(steps, []string{"disable", unitName})
			}
			if active {
				steps = append(steps, []string{"restart", unitName})
			} else {
				steps = append(steps, []string{"stop", unitName})
			}
			for _, args := range steps {
				if err := systemctl(args...); err != nil {
					return fmt.Errorf("restoring %s: %w", p, err)
				}
			}
			return nil
		}
	})
}

// status reads the unit's ActiveState, SubState and MainPID from `systemctl --user show`, and
// the program its ExecStart= names from the unit file.
func (s *systemd) status() (Status, error) {
	p, err := s.unitPath()
	st, ok, err := definedStatus(p, err, func(unit []byte) string { return unitExecutable(string(unit)) })
	if !ok {
		return st, err
	}
	out, err := manage("systemctl", "--user", "show", unitName, "--property=ActiveState,SubState,MainPID")
	if err != nil {
		return st, err
	}
	props := map[string]string{}
	for _, line := range strings.Split(out, "\n") {
		if k, v, ok := strings.Cut(strings.TrimSpace(line), "="); ok {
			props[k] = v
		}
	}
	st.Running = props["ActiveState"] == "active"
	st.State = props["ActiveState"]
	if sub := props["SubState"]; sub != "" {
		st.State += " (" + sub + ")"
	}
	if pid, err := strconv.Atoi(props["MainPID"]); err == nil && st.Running {
		st.PID = pid
	}
	return st, nil
}

// systemctl runs `systemctl --user args…`; its error carries what systemctl printed.
func systemctl(args ...string) error {
	_, err := manage("systemctl", append([]string{"--user"}, args...)...)
	return err
}
