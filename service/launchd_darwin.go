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

// launchd runs toolfix as a LaunchAgent through kardianos/service.
type launchd struct {
	cfg Config
}

func newBackend(cfg Config) (backend, error) { return &launchd{cfg: cfg}, nil }

func (l *launchd) plistPath() (string, error) {
	home, err := os.UserHomeDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(home, "Library", "LaunchAgents", Name+".plist"), nil
}

func (l *launchd) check() error {
	if _, err := exec.LookPath("launchctl"); err != nil {
		return fmt.Errorf("%w: launchctl is not installed", errNoManager)
	}
	var stderr bytes.Buffer
	c := exec.Command("launchctl", "print", "gui/"+strconv.Itoa(os.Getuid()))
	c.Stdout, c.Stderr = nil, &stderr
	if err := c.Run(); err != nil {
		return fmt.Errorf("%w: no launchd session for this user answers (`launchctl print gui/%d`: %s); log in at the Mac's screen once, or run `toolfix serve` yourself", errNoManager, os.Getuid(), strings.TrimSpace(stderr.String()))
	}
	return nil
}

func (l *launchd) describe() string {
	p, _ := l.plistPath()
	return fmt.Sprintf("LaunchAgent %s (%s) running `%s serve` at login, kept alive, logs in %s", Name, p, l.cfg.Executable, l.cfg.LogDir)
}

func (l *launchd) service() (kservice.Service, error) {
	sys, err := librarySystem("darwin-launchd")
	if err != nil {
		return nil, err
	}
	env := map[string]string{}
	if l.cfg.StateDir != "" {
		env[StateDirEnv] = l.cfg.StateDir
	}
	return sys.New(program{}, &kservice.Config{
		Name:        Name,
		DisplayName: "toolfix",
		Description: "toolfix: repairs broken tool calls between coding agents and their APIs",
		Executable:  l.cfg.Executable,
		Arguments:   []string{"serve"},
		EnvVars:     env,
		Option: kservice.KeyValue{
			"UserService":  true,
			"RunAtLoad":    true,
			"KeepAlive":    true,
			"LogDirectory": l.cfg.LogDir,
		},
	})
}

func (l *launchd) install() error {
	if l.cfg.LogDir != "" {
		if err := os.MkdirAll(l.cfg.LogDir, 0o700); err != nil {
			return err
		}
	}
	svc, err := l.service()
	if err != nil {
		return err
	}
	p, err := l.plistPath()
	if err != nil {
		return err
	}
	if _, err := os.Stat(p); err == nil {
		_ = svc.Stop()
		if err := svc.Uninstall(); err != nil {
			return fmt.Errorf("replacing %s: %w", p, err)
		}
	}
	if err := svc.Install(); err != nil {
		return err
	}
	return svc.Start()
}

func (l *launchd) remove() error {
	p, err := l.plistPath()
	if err != nil {
		return err
	}
	if _, err := os.Stat(p); errors.Is(err, os.ErrNotExist) {
		return nil
	}
	svc, err := l.service()
	if err != nil {
		return err
	}
	return svc.Uninstall() // stops first
}

// status reads "state = …" and "pid = …" from `launchctl print gui/<uid>/toolfix`.
func (l *launchd) status() (Status, error) {
	p, err := l.plistPath()
	if err != nil {
		return Status{}, err
	}
	st := Status{Path: p}
	if _, err := os.Stat(p); errors.Is(err, os.ErrNotExist) {
		return st, nil
	}
	st.Installed = true
	target := "gui/" + strconv.Itoa(os.Getuid()) + "/" + Name
	var stdout, stderr bytes.Buffer
	c := exec.Command("launchctl", "print", target)
	c.Stdout, c.Stderr = &stdout, &stderr
	if err := c.Run(); err != nil {
		// launchctl print fails for a service that is not loaded.
		st.State = "not loaded"
		if msg := strings.TrimSpace(stderr.String()); msg != "" {
			st.State += ": " + msg
		}
		return st, nil
	}
	for _, line := range strings.Split(stdout.String(), "\n") {
		k, v, ok := strings.Cut(strings.TrimSpace(line), " = ")
		if !ok {
			continue
		}
		switch k {
		case "state":
			if st.State == "" {
				st.State = v
			}
		case "pid":
			if pid, err := strconv.Atoi(v); err == nil && st.PID == 0 {
				st.PID = pid
			}
		}
	}
	st.Running = st.State == "running"
	if !st.Running {
		st.PID = 0
	}
	return st, nil
}
