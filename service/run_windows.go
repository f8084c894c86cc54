package service

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"unsafe"

	"golang.org/x/sys/windows"
	"golang.org/x/sys/windows/registry"
)

// runKey is the per-user logon list: no administrator is needed to add to it.
const runKey = `Software\Microsoft\Windows\CurrentVersion\Run`

// launcherName is the logon launcher's file name, in the state folder: a copy of toolfix.exe with
// the GUI subsystem (guiCopy), so that starting it at logon opens no console window.
const launcherName = Name + "-logon.exe"

// logonEntry runs toolfix at logon from the current user's Run key, and starts it now:
// kardianos/service and the Service Control Manager install only machine-wide services, which
// need an administrator. The Run value starts the logon launcher, `toolfix-logon.exe supervise`,
// which runs `toolfix.exe serve` without a window, records both process ids in the log folder,
// and starts the proxy again when it fails (Supervise).
type logonEntry struct {
	cfg Config
}

func newBackend(cfg Config) (backend, error) { return &logonEntry{cfg: cfg}, nil }

func (l *logonEntry) check() error { return nil }

func (l *logonEntry) describe() string {
	return fmt.Sprintf(`logon entry HKCU\%s\%s running "%s" serve at login without a window (through %s), restarted when it fails, output in %s`, runKey, Name, l.cfg.Executable, l.launcher(), l.cfg.LogDir)
}

// launcher is where the logon launcher lives: the state folder, or the log folder without one.
func (l *logonEntry) launcher() string {
	dir := l.cfg.StateDir
	if dir == "" {
		dir = l.cfg.LogDir
	}
	return filepath.Join(dir, launcherName)
}

// command is the Run value: the launcher's supervise command line.
func (l *logonEntry) command() string {
	args := []string{l.launcher(), "supervise", "--exe", l.cfg.Executable, "--log-dir", l.cfg.LogDir}
	if l.cfg.StateDir != "" {
		args = append(args, "--state-dir", l.cfg.StateDir)
	}
	quoted := make([]string, len(args))
	for i, a := range args {
		quoted[i] = syscall.EscapeArg(a)
	}
	return strings.Join(quoted, " ")
}

// install stops whatever runs now (the launcher and every proxy of this binary, including one an
// update set aside), writes the launcher and the Run value, and starts the launcher.
func (l *logonEntry) install() error {
	if err := makeLogDir(l.cfg.LogDir); err != nil {
		return err
	}
	l.stop()
	if err := guiCopy(l.cfg.Executable, l.launcher()); err != nil {
		return err
	}
	if err := setRunValue(l.command()); err != nil {
		return err
	}
	return startHidden(l.command())
}

// stop ends the logon launchers first (so none starts the proxy again), then the proxies: the
// processes whose image is the launcher, this binary, or the old binary an update set aside
// beside it (.toolfix.exe.old), found by their image path, so a proxy started without a pid file
// (by an older toolfix's logon entry) is found too. toolfix itself and its parents are spared.
func (l *logonEntry) stop() {
	dir, base := filepath.Split(l.cfg.Executable)
	for _, images := range [][]string{{l.launcher()}, {l.cfg.Executable, filepath.Join(dir, "."+base+".old")}} {
		for _, pid := range processesOf(images...) {
			terminate(pid)
		}
	}
	for _, f := range []string{supervisorPIDFile, proxyPIDFile} {
		os.Remove(filepath.Join(l.cfg.LogDir, f))
	}
}

func (l *logonEntry) remove() error {
	l.stop()
	if err := deleteRunValue(); err != nil {
		return err
	}
	if err := os.Remove(l.launcher()); err != nil && !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("removing the logon launcher %s: %w", l.launcher(), err)
	}
	return nil
}

// snapshot records the Run value (or that there is none); restore stops what runs, writes the
// value back and starts the command it names, or removes the entry when there was none.
func (l *logonEntry) snapshot() (func() error, error) {
	before, ok, err := runValue()
	if err != nil {
		return nil, err
	}
	if !ok {
		return l.remove, nil
	}
	return func() error {
		l.stop()
		if err := setRunValue(before); err != nil {
			return err
		}
		return startHidden(before)
	}, nil
}

// status reads the Run value, and whether the proxy it starts runs: the process in toolfix.pid,
// else any process of this binary.
func (l *logonEntry) status() (Status, error) {
	st := Status{Path: `HKCU\` + runKey + `\` + Name}
	value, ok, err := runValue()
	if err != nil || !ok {
		return st, err
	}
	st.Installed = true
	st.Executable = logonExecutable(value)
	st.State = "not running"
	if b, err := os.ReadFile(filepath.Join(l.cfg.LogDir, proxyPIDFile)); err == nil {
		if pid, err := strconv.Atoi(strings.TrimSpace(string(b))); err == nil && strings.EqualFold(imagePath(uint32(pid)), l.cfg.Executable) {
			st.Running, st.PID, st.State = true, pid, "running"
			return st, nil
		}
	}
	if pids := processesOf(l.cfg.Executable); len(pids) > 0 {
		st.Running, st.PID, st.State = true, int(pids[0]), "running (no pid file)"
	}
	return st, nil
}

// logonExecutable is the toolfix binary a Run value runs: the --exe of a launcher's supervise
// command, or the program of an older `"toolfix.exe" serve` entry.
func logonExecutable(value string) string {
	args, err := windows.DecomposeCommandLine(value)
	if err != nil || len(args) == 0 {
		return ""
	}
	for i, a := range args {
		if a == "--exe" && i+1 < len(args) {
			return args[i+1]
		}
	}
	return args[0]
}

// startHidden starts a command line detached, without a window.
func startHidden(cmdline string) error {
	p, err := windows.UTF16PtrFromString(cmdline)
	if err != nil {
		return fmt.Errorf("starting %s: %w", cmdline, err)
	}
	si := &windows.StartupInfo{Cb: uint32(unsafe.Sizeof(windows.StartupInfo{})), Flags: windows.STARTF_USESHOWWINDOW, ShowWindow: windows.SW_HIDE}
	var pi windows.ProcessInformation
	flags := uint32(windows.CREATE_NEW_PROCESS_GROUP | windows.DETACHED_PROCESS | windows.CREATE_NO_WINDOW)
	if err := windows.CreateProcess(nil, p, nil, nil, false, flags, nil, nil, si, &pi); err != nil {
		return fmt.Errorf("starting %s: %w", cmdline, err)
	}
	windows.CloseHandle(pi.Thread)
	windows.CloseHandle(pi.Process)
	return nil
}

func runValue() (string, bool, error) {
	k, err := registry.OpenKey(registry.CURRENT_USER, runKey, registry.QUERY_VALUE)
	if errors.Is(err, registry.ErrNotExist) {
		return "", false, nil
	}
	if err != nil {
		return "", false, fmt.Errorf("opening HKCU\\%s: %w", runKey, err)
	}
	defer k.Close()
	v, _, err := k.GetStringValue(Name)
	if errors.Is(err, registry.ErrNotExist) {
		return "", false, nil
	}
	if err != nil {
		return "", false, fmt.Errorf("reading HKCU\\%s\\%s: %w", runKey, Name, err)
	}
	return v, true, nil
}

func setRunValue(v string) error {
	k, _, err := registry.CreateKey(registry.CURRENT_USER, runKey, registry.SET_VALUE)
	if err != nil {
		return fmt.Errorf("opening HKCU\\%s: %w", runKey, err)
	}
	defer k.Close()
	if err := k.SetStringValue(Name, v); err != nil {
		return fmt.Errorf("writing HKCU\\%s\\%s: %w", runKey, Name, err)
	}
	return nil
}

func deleteRunValue() error {
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
