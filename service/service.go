package service

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"
)

// Name is the service's name: the systemd unit toolfix.service and the Windows Run value toolfix.
// The launchd label is LaunchdLabel.
const Name = "toolfix"

// StateDirEnv is the environment variable the service is started with, naming the state folder
// (the same name package install reads).
const StateDirEnv = "TOOLFIX_STATE_DIR"

// Config says what the service runs.
type Config struct {
	// Executable is the toolfix binary; it must be an absolute path.
	Executable string
	// StateDir is passed to the service as TOOLFIX_STATE_DIR so that `toolfix serve` reads the
	// state install wrote, whatever the service manager's environment; "" passes nothing.
	StateDir string
	// LogDir is where the service's output goes where the OS does not keep it (launchd,
	// Windows); "" means StateDir/logs.
	LogDir string
}

// Manager is toolfix's per-user service on this OS. It satisfies install.Service.
type Manager struct {
	cfg Config
	b   backend
}

// backend is one OS's way of running the service.
type backend interface {
	check() error
	describe() string
	install() error
	remove() error
	status() (Status, error)
	snapshot() (func() error, error)
}

// New returns the Manager for this OS. It returns an error when cfg.Executable is not absolute or
// a path cannot be written into a service file.
func New(cfg Config) (*Manager, error) {
	if !filepath.IsAbs(cfg.Executable) {
		return nil, fmt.Errorf("service executable %q is not an absolute path", cfg.Executable)
	}
	if cfg.LogDir == "" && cfg.StateDir != "" {
		cfg.LogDir = filepath.Join(cfg.StateDir, "logs")
	}
	if isSwapLeftover(cfg.Executable) {
		return nil, fmt.Errorf("service executable %q is the old binary `toolfix update` set aside, not the installed one", cfg.Executable)
	}
	for _, p := range []string{cfg.Executable, cfg.StateDir, cfg.LogDir} {
		if strings.ContainsAny(p, "\n\r\x00") || strings.Contains(p, "{{") {
			return nil, fmt.Errorf("path %q cannot go into a service file", p)
		}
	}
	b, err := newBackend(cfg)
	if err != nil {
		return nil, err
	}
	return &Manager{cfg: cfg, b: b}, nil
}

// Check returns nil when a per-user service manager answers, else an error saying why not.
func (m *Manager) Check() error { return m.b.check() }

// Describe says in one line what is installed and how it starts.
func (m *Manager) Describe() string { return m.b.describe() }

// Install installs the service, replacing an installed one, and (re)starts it.
func (m *Manager) Install() error {
	if err := m.b.check(); err != nil {
		return err
	}
	if err := m.b.install(); err != nil {
		return fmt.Errorf("installing the %s service: %w", Name, err)
	}
	return nil
}

// Remove stops and removes the service; nil when it is not installed.
func (m *Manager) Remove() error {
	if err := m.b.remove(); err != nil {
		return fmt.Errorf("removing the %s service: %w", Name, err)
	}
	return nil
}

// Snapshot records the service as it is now: its definition (the unit file, the plist, the Run
// value) byte for byte, or that there is none, and whether it is enabled and running. The
// returned restore puts exactly that back and brings the service to the state it was in, or
// removes the service when there was none. install takes one before it replaces the service, so
// that a failed install leaves the service that was there.
func (m *Manager) Snapshot() (restore func() error, err error) {
	put, err := m.b.snapshot()
	if err != nil {
		return nil, fmt.Errorf("recording the %s service before changing it: %w", Name, err)
	}
	return func() error {
		if err := put(); err != nil {
			return fmt.Errorf("putting the earlier %s service back: %w", Name, err)
		}
		return nil
	}, nil
}

// isSwapLeftover reports whether path names the file `toolfix update` renames the running binary
// to while it swaps in the new one (.toolfix.old, .toolfix.exe.old), which it then deletes: a
// service must never be registered on it.
func isSwapLeftover(path string) bool {
	base := strings.ToLower(filepath.Base(path))
	return strings.HasPrefix(base, ".") && strings.HasSuffix(base, ".old")
}

// errNoManager is wrapped by check errors of OSes without a supported user service manager.
var errNoManager = errors.New("no per-user service manager")
