package service

import (
	"context"
	"debug/pe"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// fakeProxy writes a stand-in for `toolfix serve`: a script that appends a line to runs and exits
// with the status listed for its run (1-based), the last one for every run after.
func fakeProxy(t *testing.T, statuses ...string) (exe, runs string) {
	t.Helper()
	dir := t.TempDir()
	runs = filepath.Join(dir, "runs")
	exe = filepath.Join(dir, "toolfix")
	script := "#!/bin/sh\necho \"$1 $TOOLFIX_STATE_DIR\" >> '" + runs + "'\nn=$(wc -l < '" + runs + "')\ncase $n in\n"
	for i, s := range statuses {
		script += "  " + itoa(i+1) + ") exit " + s + ";;\n"
	}
	script += "esac\nexit " + statuses[len(statuses)-1] + "\n"
	if err := os.WriteFile(exe, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return exe, runs
}

func itoa(n int) string { return strconv.Itoa(n) }

// buildWindowsExe cross-compiles a minimal Go program for windows/amd64 to path: a real PE image
// as the Go linker writes toolfix.exe.
func buildWindowsExe(t *testing.T, path string) {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "main.go"), []byte("package main\n\nfunc main() {}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module tiny\n\ngo 1.22\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c := exec.Command("go", "build", "-o", path, ".")
	c.Dir = dir
	c.Env = append(os.Environ(), "GOOS=windows", "GOARCH=amd64", "CGO_ENABLED=0", "GOFLAGS=")
	if out, err := c.CombinedOutput(); err != nil {
		t.Fatalf("building a windows executable: %v\n%s", err, out)
	}
}

// peSubsystem reads the subsystem of the PE image at path with the standard library's reader.
func peSubsystem(path string) (uint16, error) {
	f, err := pe.Open(path)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	switch h := f.OptionalHeader.(type) {
	case *pe.OptionalHeader64:
		return h.Subsystem, nil
	case *pe.OptionalHeader32:
		return h.Subsystem, nil
	}
	return 0, errors.New("no optional header")
}

// TestSuperviseRestartsAfterFailure: a proxy that ends, whatever its exit status (Wine reports a
// killed process as status 0), is started again, with the backoff's count growing; once the
// supervisor is stopped, no proxy is started.
func TestSuperviseRestartsAfterFailure(t *testing.T) {
	exe, runs := fakeProxy(t, "1", "0", "2")
	logDir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var waits, pids []int
	err := Supervise(ctx, SuperviseConfig{
		Executable: exe, StateDir: "/state dir", LogDir: logDir,
		Backoff: func(n int) time.Duration {
			if waits = append(waits, n); n == 3 {
				cancel() // the supervisor is stopped after the third proxy ended
			}
			return 0
		},
		Started: func(pid int) { pids = append(pids, pid) },
	})
	if err != nil {
		t.Fatalf("Supervise: %v", err)
	}
	b, err := os.ReadFile(runs)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := string(b), strings.Repeat("serve /state dir\n", 3); got != want {
		t.Errorf("the proxy ran as %q, want %q", got, want)
	}
	if len(pids) != 3 || !slices.Equal(waits, []int{1, 2, 3}) {
		t.Errorf("started %d proxies, backoffs %v; want 3 and [1 2 3]", len(pids), waits)
	}
	log, _ := os.ReadFile(filepath.Join(logDir, "toolfix.log"))
	for _, want := range []string{"ended (exit status 1); starting it again in 0s", "ended (exit status 0); starting it again in 0s", "ended (exit status 2); starting it again in 0s"} {
		if !strings.Contains(string(log), want) {
			t.Errorf("log lacks %q:\n%s", want, log)
		}
	}
	for _, f := range []string{"toolfix.pid", "supervisor.pid"} {
		if _, err := os.Stat(filepath.Join(logDir, f)); !os.IsNotExist(err) {
			t.Errorf("%s left after the supervisor ended: %v", f, err)
		}
	}
}

// TestSuperviseRecordsPIDs: while the proxy runs, toolfix.pid names it and supervisor.pid the
// supervisor, which is how update and uninstall find them; ending the context stops both.
func TestSuperviseRecordsPIDs(t *testing.T) {
	dir := t.TempDir()
	exe := filepath.Join(dir, "toolfix")
	fifo := filepath.Join(dir, "started")
	// The stand-in proxy says it runs, then waits to be killed.
	if err := os.WriteFile(exe, []byte("#!/bin/sh\necho $$ > '"+fifo+".tmp' && mv '"+fifo+".tmp' '"+fifo+"'\nexec sleep 600\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	logDir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	started := make(chan int, 1)
	done := make(chan error, 1)
	go func() {
		done <- Supervise(ctx, SuperviseConfig{Executable: exe, LogDir: logDir, Started: func(pid int) { started <- pid }})
	}()
	pid := <-started
	b, err := os.ReadFile(filepath.Join(logDir, "toolfix.pid"))
	if err != nil || strings.TrimSpace(string(b)) != itoa(pid) {
		t.Errorf("toolfix.pid = %q (%v), want %d", b, err, pid)
	}
	b, err = os.ReadFile(filepath.Join(logDir, "supervisor.pid"))
	if err != nil || strings.TrimSpace(string(b)) != itoa(os.Getpid()) {
		t.Errorf("supervisor.pid = %q (%v), want %d", b, err, os.Getpid())
	}
	cancel()
	if err := <-done; err != nil {
		t.Errorf("Supervise after cancel: %v", err)
	}
	if _, err := os.Stat(filepath.Join(logDir, "toolfix.pid")); !os.IsNotExist(err) {
		t.Errorf("toolfix.pid left: %v", err)
	}
}

// TestGUICopy: the logon launcher is toolfix.exe with the GUI subsystem (no console window), the
// rest byte for byte; what is not a PE image is refused.
func TestGUICopy(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "toolfix.exe")
	buildWindowsExe(t, src)
	if s, err := peSubsystem(src); err != nil || s != peSubsystemConsole {
		t.Fatalf("the build's subsystem = %d (%v), want console", s, err)
	}
	dst := filepath.Join(dir, "launcher", "toolfix-logon.exe")
	if err := guiCopy(src, dst); err != nil {
		t.Fatal(err)
	}
	if s, err := peSubsystem(dst); err != nil || s != peSubsystemGUI {
		t.Errorf("the launcher's subsystem = %d (%v), want GUI", s, err)
	}
	a, _ := os.ReadFile(src)
	b, _ := os.ReadFile(dst)
	diff := 0
	for i := range a {
		if i < len(b) && a[i] != b[i] {
			diff++
		}
	}
	if len(a) != len(b) || diff != 1 {
		t.Errorf("launcher differs from the binary in %d bytes (sizes %d, %d), want the one subsystem byte", diff, len(a), len(b))
	}
	if err := guiCopy(filepath.Join(dir, "launcher", "missing"), dst); err == nil {
		t.Error("guiCopy of a missing file: no error")
	}
	script := filepath.Join(dir, "script")
	if err := os.WriteFile(script, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := guiCopy(script, filepath.Join(dir, "x.exe")); err == nil || !strings.Contains(err.Error(), "not a Windows executable") {
		t.Errorf("guiCopy of a script = %v", err)
	}
}
