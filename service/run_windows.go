package service

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"

	"golang.org/x/sys/windows"
	"golang.org/x/sys/windows/registry"
)

// runKey is the per-user logon list: no administrator is needed to add to it.
const runKey = `Software\Microsoft\Windows\CurrentVersion\Run`

// logonEntry runs toolfix from the current user's Run key at logon, and starts it now in the
// background. kardianos/service installs only machine-wide services on Windows.
type logonEntry struct {
	cfg Config
}

func newBackend(cfg Config) (backend, error) { return &logonEntry{cfg: cfg}, nil }

func (l *logonEntry) check() error { return nil }

func (l *logonEntry) describe() string {
	return fmt.Sprintf(`logon entry HKCU\%s\%s running "%s" serve at login, started now in the background, output in %s`, runKey, Name, l.cfg.Executable, l.cfg.LogDir)
}

func (l *logonEntry) command() string {
	return `"` + l.cfg.Executable + `" serve`
}

func (l *logonEntry) pidFile() string { return filepath.Join(l.cfg.LogDir, Name+".pid") }

func (l *logonEntry) install() error {
	k, _, err := registry.CreateKey(registry.CURRENT_USER, runKey, registry.SET_VALUE)
	if err != nil {
		return fmt.Errorf("opening HKCU\\%s: %w", runKey, err)
	}
	defer k.Close()
	if err := k.SetStringValue(Name, l.command()); err != nil {
		return fmt.Errorf("writing HKCU\\%s\\%s: %w", runKey, Name, err)
	}
	l.stop()
	return l.start()
}

// start runs `toolfix serve` detached, without a window, its output appended to the log.
func (l *logonEntry) start() error {
	if err := os.MkdirAll(l.cfg.LogDir, 0o700); err != nil {
		return err
	}
	log, err := os.OpenFile(filepath.Join(l.cfg.LogDir, Name+".log"), os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o600)
	if err != nil {
		return err
	}
	defer log.Close()
	c := exec.Command(l.cfg.Executable, "serve")
	c.Stdout, c.Stderr = log, log
	if l.cfg.StateDir != "" {
		c.Env = append(os.Environ(), StateDirEnv+"="+l.cfg.StateDir)
	}
	c.SysProcAttr = &syscall.SysProcAttr{
		HideWindow:    true,
		CreationFlags: windows.CREATE_NEW_PROCESS_GROUP | windows.DETACHED_PROCESS | windows.CREATE_NO_WINDOW,
	}
	if err := c.Start(); err != nil {
		return fmt.Errorf("starting %s serve: %w", l.cfg.Executable, err)
	}
	pid := c.Process.Pid
	_ = c.Process.Release()
	return os.WriteFile(l.pidFile(), []byte(strconv.Itoa(pid)), 0o600)
}

// stop ends the process start recorded, if it still runs this executable.
func (l *logonEntry) stop() {
	b, err := os.ReadFile(l.pidFile())
	if err != nil {
		return
	}
	defer os.Remove(l.pidFile())
	pid, err := strconv.Atoi(strings.TrimSpace(string(b)))
	if err != nil {
		return
	}
	h, err := windows.OpenProcess(windows.PROCESS_TERMINATE|windows.PROCESS_QUERY_LIMITED_INFORMATION, false, uint32(pid))
	if err != nil {
		return
	}
	defer windows.CloseHandle(h)
	buf := make([]uint16, windows.MAX_PATH)
	n := uint32(len(buf))
	if windows.QueryFullProcessImageName(h, 0, &buf[0], &n) != nil {
		return
	}
	if !strings.EqualFold(windows.UTF16ToString(buf[:n]), l.cfg.Executable) {
		return // the id was reused by another program
	}
	_ = windows.TerminateProcess(h, 1)
}

func (l *logonEntry) remove() error {
	l.stop()
	k, err := registry.OpenKey(registry.CURRENT_USER, runKey, registry.SET_VALUE)
	if errors.Is(err, registry.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("opening HKCU\\%s: %w", runKey, err)
	}
	defer k.Close()
	if err := k.DeleteValue(Name); err != nil && !errors.Is(err, registry.ErrNotExist) {
		return fmt.Errorf("removing HKCU\\%s\\%s: %w", runKey, Name, err)
	}
	return nil
}

// status reads the Run value, and whether the process start recorded still runs this executable.
func (l *logonEntry) status() (Status, error) {
	st := Status{Path: `HKCU\` + runKey + `\` + Name}
	k, err := registry.OpenKey(registry.CURRENT_USER, runKey, registry.QUERY_VALUE)
	if errors.Is(err, registry.ErrNotExist) {
		return st, nil
	}
	if err != nil {
		return st, fmt.Errorf("opening HKCU\\%s: %w", runKey, err)
	}
	defer k.Close()
	if _, _, err := k.GetStringValue(Name); err != nil {
		return st, nil
	}
	st.Installed = true
	st.State = "not running"
	b, err := os.ReadFile(l.pidFile())
	if err != nil {
		return st, nil
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(b)))
	if err != nil {
		return st, nil
	}
	h, err := windows.OpenProcess(windows.PROCESS_QUERY_LIMITED_INFORMATION, false, uint32(pid))
	if err != nil {
		return st, nil
	}
	defer windows.CloseHandle(h)
	var code uint32
	if windows.GetExitCodeProcess(h, &code) != nil || code != 259 { // 259: STILL_ACTIVE
		return st, nil
	}
	buf := make([]uint16, windows.MAX_PATH)
	n := uint32(len(buf))
	if windows.QueryFullProcessImageName(h, 0, &buf[0], &n) != nil || !strings.EqualFold(windows.UTF16ToString(buf[:n]), l.cfg.Executable) {
		return st, nil // the id was reused by another program
	}
	st.Running, st.PID, st.State = true, pid, "running"
	return st, nil
}

// snapshot records the Run value (or that there is none); restore writes it back and starts the
// proxy it names, or removes the entry when there was none.
func (l *logonEntry) snapshot() (func() error, error) {
	k, err := registry.OpenKey(registry.CURRENT_USER, runKey, registry.QUERY_VALUE)
	if errors.Is(err, registry.ErrNotExist) {
		return l.remove, nil
	}
	if err != nil {
		return nil, fmt.Errorf("opening HKCU\\%s: %w", runKey, err)
	}
	before, _, err := k.GetStringValue(Name)
	k.Close()
	if errors.Is(err, registry.ErrNotExist) {
		return l.remove, nil
	}
	if err != nil {
		return nil, fmt.Errorf("reading HKCU\\%s\\%s: %w", runKey, Name, err)
	}
	return func() error {
		k, _, err := registry.CreateKey(registry.CURRENT_USER, runKey, registry.SET_VALUE)
		if err != nil {
			return fmt.Errorf("opening HKCU\\%s: %w", runKey, err)
		}
		defer k.Close()
		if err := k.SetStringValue(Name, before); err != nil {
			return fmt.Errorf("writing HKCU\\%s\\%s: %w", runKey, Name, err)
		}
		l.stop()
		return l.start()
	}, nil
}
