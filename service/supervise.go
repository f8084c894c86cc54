package service

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"time"
)

// SuperviseConfig says what Supervise keeps running.
type SuperviseConfig struct {
	// Executable is the toolfix binary; Supervise runs `Executable serve`.
	Executable string
	// StateDir is passed to the proxy as TOOLFIX_STATE_DIR; "" passes nothing.
	StateDir string
	// LogDir receives toolfix.log (the proxy's output and the supervisor's own lines), toolfix.pid
	// (the running proxy's process id) and supervisor.pid; it must not be "".
	LogDir string
	// Backoff is the wait before the n-th restart in a row (n from 1) after the proxy ended; nil
	// means 3 s, doubling up to 1 minute. A proxy that ran a minute or longer before it ended
	// starts the count again.
	Backoff func(n int) time.Duration
	// Started, when set, is told the process id of each proxy started.
	Started func(pid int)
}

// Supervise keeps `toolfix serve` running: it starts it without a window, records its process id,
// and whenever it ends (fails, crashes, is killed, or exits in any way: nothing but Supervise's own
// end stops it on purpose, since install, update and uninstall stop the supervisor first) starts
// it again after Backoff. It returns nil when ctx ends (the proxy is then stopped), and an error
// when the proxy cannot be started at all. On Windows the logon launcher runs it (`toolfix
// supervise`), so the per-user logon start restarts a proxy that died and always knows its
// process id.
func Supervise(ctx context.Context, cfg SuperviseConfig) error {
	if cfg.LogDir == "" {
		return errors.New("supervise: no log folder")
	}
	if err := makeLogDir(cfg.LogDir); err != nil {
		return err
	}
	backoff := cfg.Backoff
	if backoff == nil {
		backoff = defaultBackoff
	}
	log, err := os.OpenFile(filepath.Join(cfg.LogDir, Name+".log"), os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o600)
	if err != nil {
		return fmt.Errorf("opening the log: %w", err)
	}
	defer log.Close()
	supPID := filepath.Join(cfg.LogDir, supervisorPIDFile)
	if err := os.WriteFile(supPID, []byte(strconv.Itoa(os.Getpid())), 0o600); err != nil {
		return fmt.Errorf("recording the supervisor's process id: %w", err)
	}
	defer os.Remove(supPID)
	failures := 0
	for ctx.Err() == nil {
		began := time.Now()
		err := runOnce(ctx, cfg, log)
		if ctx.Err() != nil {
			return nil
		}
		var exit *exec.ExitError
		if err != nil && !errors.As(err, &exit) {
			return err // could not start at all
		}
		how := "exit status 0"
		if err != nil {
			how = err.Error()
		}
		if time.Since(began) >= time.Minute {
			failures = 0
		}
		failures++
		wait := backoff(failures)
		fmt.Fprintf(log, "toolfix supervise: `%s serve` ended (%s); starting it again in %s\n", cfg.Executable, how, wait)
		select {
		case <-ctx.Done():
		case <-time.After(wait):
		}
	}
	return nil
}

// supervisorPIDFile and proxyPIDFile are, in the log folder, the process ids of the supervisor
// and of the proxy it runs.
const (
	supervisorPIDFile = "supervisor.pid"
	proxyPIDFile      = Name + ".pid"
)

// runOnce runs the proxy until it exits or ctx ends, and returns its Wait error.
func runOnce(ctx context.Context, cfg SuperviseConfig, log io.Writer) error {
	c := exec.Command(cfg.Executable, "serve")
	c.Stdout, c.Stderr = log, log
	c.Env = os.Environ()
	if cfg.StateDir != "" {
		c.Env = append(c.Env, StateDirEnv+"="+cfg.StateDir)
	}
	hideWindow(c)
	if err := c.Start(); err != nil {
		return fmt.Errorf("starting `%s serve`: %w", cfg.Executable, err)
	}
	pidFile := filepath.Join(cfg.LogDir, proxyPIDFile)
	_ = os.WriteFile(pidFile, []byte(strconv.Itoa(c.Process.Pid)), 0o600)
	defer os.Remove(pidFile)
	if cfg.Started != nil {
		cfg.Started(c.Process.Pid)
	}
	done := make(chan error, 1)
	go func() { done <- c.Wait() }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
		_ = c.Process.Kill()
		return <-done
	}
}

func defaultBackoff(n int) time.Duration {
	d := 3 * time.Second
	for i := 1; i < n && d < time.Minute; i++ {
		d *= 2
	}
	return min(d, time.Minute)
}
