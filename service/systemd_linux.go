package service

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"

	kservice "github.com/kardianos/service"
)

// systemd runs toolfix as a systemd user unit through kardianos/service.
type systemd struct {
	cfg Config
}

func newBackend(cfg Config) (backend, error) { return &systemd{cfg: cfg}, nil }

// unitTemplate is toolfix's unit text, in kardianos/service's template syntax ({{Path}} etc.);
// the environment lines are added by unitText.
const unitTemplate = `[Unit]
Description={{Description}}
ConditionFileIsExecutable={{Path | cmdEscape}}

[Service]
ExecStart={{Path | cmdEscape}}{{range Arguments}} {{. | cmd}}{{end}}
%sRestart=on-failure
RestartSec=3

[Install]
WantedBy=default.target
`

// unitText is the template with a quoted Environment= line for the state folder.
func (s *systemd) unitText() string {
	env := ""
	if s.cfg.StateDir != "" {
		env = "Environment=" + systemdQuote(StateDirEnv+"="+s.cfg.StateDir) + "\n"
	}
	return fmt.Sprintf(unitTemplate, env)
}

// systemdQuote quotes one Environment= assignment: inside double quotes a backslash and a double
// quote are escaped with a backslash, and '%' is doubled (systemd expands %-specifiers).
func systemdQuote(s string) string {
	s = strings.NewReplacer(`\`, `\\`, `"`, `\"`, "%", "%%").Replace(s)
	return `"` + s + `"`
}

func (s *systemd) unitPath() (string, error) {
	home, err := os.UserHomeDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(home, ".config", "systemd", "user", Name+".service"), nil
}

func (s *systemd) check() error {
	if _, err := exec.LookPath("systemctl"); err != nil {
		return fmt.Errorf("%w: systemctl is not installed, so there is no systemd user manager (a container, or WSL without systemd)", errNoManager)
	}
	var stderr bytes.Buffer
	c := exec.Command("systemctl", "--user", "show-environment")
	c.Stderr = &stderr
	if err := c.Run(); err != nil {
		msg := strings.TrimSpace(stderr.String())
		if msg == "" {
			msg = err.Error()
		}
		return fmt.Errorf("%w: no systemd user manager answers (`systemctl --user`: %s); in a container, over su/sudo without a login session, or in WSL without systemd there is none", errNoManager, msg)
	}
	return nil
}

func (s *systemd) describe() string {
	p, _ := s.unitPath()
	return fmt.Sprintf("systemd user unit %s.service (%s) running `%s serve`, started at login, restarted on failure", Name, p, s.cfg.Executable)
}

func (s *systemd) service() (kservice.Service, error) {
	sys, err := librarySystem("linux-systemd")
	if err != nil {
		return nil, err
	}
	return sys.New(program{}, &kservice.Config{
		Name:        Name,
		DisplayName: "toolfix",
		Description: "toolfix: repairs broken tool calls between coding agents and their APIs",
		Executable:  s.cfg.Executable,
		Arguments:   []string{"serve"},
		Option:      kservice.KeyValue{"UserService": true, "SystemdScript": s.unitText()},
	})
}

func (s *systemd) install() error {
	svc, err := s.service()
	if err != nil {
		return err
	}
	p, err := s.unitPath()
	if err != nil {
		return err
	}
	if _, err := os.Stat(p); err == nil {
		// Replace: the library refuses to install over an existing unit.
		_ = svc.Stop()
		if err := svc.Uninstall(); err != nil {
			return fmt.Errorf("replacing %s: %w", p, err)
		}
	}
	if err := svc.Install(); err != nil {
		return err
	}
	// Restart starts a stopped unit and restarts a running one, so it serves the new state.
	return svc.Restart()
}

func (s *systemd) remove() error {
	p, err := s.unitPath()
	if err != nil {
		return err
	}
	if _, err := os.Stat(p); errors.Is(err, os.ErrNotExist) {
		return nil
	}
	svc, err := s.service()
	if err != nil {
		return err
	}
	_ = svc.Stop()
	return svc.Uninstall()
}

// status reads the unit's ActiveState, SubState and MainPID from `systemctl --user show`.
func (s *systemd) status() (Status, error) {
	p, err := s.unitPath()
	if err != nil {
		return Status{}, err
	}
	st := Status{Path: p}
	if _, err := os.Stat(p); errors.Is(err, os.ErrNotExist) {
		return st, nil
	}
	st.Installed = true
	var stdout, stderr bytes.Buffer
	c := exec.Command("systemctl", "--user", "show", Name+".service", "--property=ActiveState,SubState,MainPID")
	c.Stdout, c.Stderr = &stdout, &stderr
	if err := c.Run(); err != nil {
		msg := strings.TrimSpace(stderr.String())
		if msg == "" {
			msg = err.Error()
		}
		return st, fmt.Errorf("`systemctl --user show %s.service`: %s", Name, msg)
	}
	props := map[string]string{}
	for _, line := range strings.Split(stdout.String(), "\n") {
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
