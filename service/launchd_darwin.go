package service

import (
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"strconv"
	"strings"
)

// launchd runs toolfix as a LaunchAgent, ~/Library/LaunchAgents/<LaunchdLabel>.plist, loaded
// into the user's GUI domain with `launchctl bootstrap gui/<uid>` and removed with `launchctl
// bootout gui/<uid>/<label>` (the documented successors of `load` and `unload`).
type launchd struct {
	cfg Config
}

func newBackend(cfg Config) (backend, error) { return &launchd{cfg: cfg}, nil }

// domain is the user's GUI launchd domain, gui/<uid>.
func domain() string { return "gui/" + strconv.Itoa(os.Getuid()) }

func plistPathFor(label string) (string, error) {
	return homePath("the LaunchAgent", "Library", "LaunchAgents", label+".plist")
}

func (l *launchd) plistPath() (string, error) { return plistPathFor(LaunchdLabel) }

func (l *launchd) check() error {
	if _, err := exec.LookPath("launchctl"); err != nil {
		return fmt.Errorf("%w: launchctl is not installed", errNoManager)
	}
	if _, err := launchctl("print", domain()); err != nil {
		return fmt.Errorf("%w: no launchd session for this user answers (%v); log in at the Mac's screen once, or run `toolfix serve` yourself", errNoManager, err)
	}
	return nil
}

func (l *launchd) describe() string {
	p, _ := l.plistPath()
	return fmt.Sprintf("LaunchAgent %s (%s) running `%s serve` at login, relaunched when it fails, logs in %s", LaunchdLabel, p, l.cfg.Executable, l.cfg.LogDir)
}

// install writes the plist and loads it afresh (bootout, then bootstrap, which starts it since it
// has RunAtLoad), after removing the job of the legacy label.
func (l *launchd) install() error {
	if l.cfg.LogDir != "" {
		if err := makeLogDir(l.cfg.LogDir); err != nil {
			return err
		}
	}
	if err := removeJob(legacyLaunchdLabel); err != nil {
		return err
	}
	p, err := l.plistPath()
	if err != nil {
		return err
	}
	if err := writeDefinition(p, launchdPlist(l.cfg)); err != nil {
		return err
	}
	return reload(p)
}

// reload boots the job out if it is loaded and bootstraps the plist at p.
func reload(p string) error {
	_ = bootout(LaunchdLabel)
	if _, err := launchctl("bootstrap", domain(), p); err != nil {
		return err
	}
	return nil
}

func (l *launchd) remove() error {
	if err := removeJob(legacyLaunchdLabel); err != nil {
		return err
	}
	return removeJob(LaunchdLabel)
}

// removeJob boots out the job of label and deletes its plist; nil when there is none.
func removeJob(label string) error {
	p, err := plistPathFor(label)
	if err != nil {
		return err
	}
	_, err = removeDefinition(p, func() error {
		_ = bootout(label) // fails when the job is not loaded, which is fine
		return nil
	})
	return err
}

func bootout(label string) error {
	_, err := launchctl("bootout", domain()+"/"+label)
	return err
}

// snapshot records the plist's bytes and mode (or that there is none) and whether the job is
// loaded; restore writes those bytes back and loads the job again if it was loaded.
func (l *launchd) snapshot() (func() error, error) {
	p, err := l.plistPath()
	none := func() error { return removeJob(LaunchdLabel) }
	return snapshotFile(p, err, none, func(before []byte, mode fs.FileMode) func() error {
		_, perr := launchctl("print", domain()+"/"+LaunchdLabel)
		loaded := perr == nil
		return func() error {
			if err := writeAtomic(p, before, mode); err != nil {
				return err
			}
			if !loaded {
				_ = bootout(LaunchdLabel)
				return nil
			}
			return reload(p)
		}
	})
}

// status reads "state = …" and "pid = …" from `launchctl print gui/<uid>/<label>`.
func (l *launchd) status() (Status, error) {
	p, err := l.plistPath()
	st, ok, err := definedStatus(p, err, plistExecutable)
	if !ok {
		return st, err
	}
	out, err := launchctl("print", domain()+"/"+LaunchdLabel)
	if err != nil {
		// launchctl print fails for a job that is not loaded.
		st.State = "not loaded"
		return st, nil
	}
	for _, line := range strings.Split(out, "\n") {
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

// launchctl runs `launchctl args…` and returns what it printed; its error carries launchctl's
// message.
func launchctl(args ...string) (string, error) { return manage("launchctl", args...) }
