package install

import (
	"os"
	"path/filepath"
	"sync"

	"github.com/adrg/xdg"
)

// StateDirEnv names the environment variable that overrides the state folder. The service is
// started with it set, so that `toolfix serve` finds the state even when the service manager's
// environment lacks the user's XDG variables.
const StateDirEnv = "TOOLFIX_STATE_DIR"

// Dirs are toolfix's own folders. All are absolute paths.
type Dirs struct {
	// Config is for toolfix's own settings: $XDG_CONFIG_HOME/toolfix and its equivalents.
	Config string
	// State holds the state file, the lock, backups, logs and samples: $TOOLFIX_STATE_DIR (when
	// absolute), else
	// $XDG_STATE_HOME/toolfix and its equivalents (~/.local/state/toolfix on Linux,
	// ~/Library/Application Support/toolfix on macOS, %LOCALAPPDATA%\toolfix on Windows).
	State string
}

var xdgMu sync.Mutex

// DefaultDirs reads the environment (HOME, XDG_*, TOOLFIX_STATE_DIR) through adrg/xdg each time it
// is called, so that tests and a service with another environment see their own folders.
func DefaultDirs() Dirs {
	xdgMu.Lock()
	defer xdgMu.Unlock()
	xdg.Reload()
	d := Dirs{Config: filepath.Join(xdg.ConfigHome, "toolfix"), State: filepath.Join(xdg.StateHome, "toolfix")}
	if s := os.Getenv(StateDirEnv); filepath.IsAbs(s) {
		d.State = s // a relative one counts as unset here; CheckHome refuses it before a command runs
	}
	return d
}

// StateDir is DefaultDirs().State: where toolfix keeps its state, backups, logs and samples.
// doctor and the sample recorder use it.
func StateDir() string { return DefaultDirs().State }

// StateFile is the state file: <State>/state.json.
func (d Dirs) StateFile() string { return filepath.Join(d.State, "state.json") }

// Backups is the folder of backups: <State>/backups, one subfolder per install.
func (d Dirs) Backups() string { return filepath.Join(d.State, "backups") }

// BackupsIfAny is Backups when that folder holds at least one backup, else "": messages name the
// folder only when there is something in it to look at.
func (d Dirs) BackupsIfAny() string {
	ents, err := os.ReadDir(d.Backups())
	if err != nil || len(ents) == 0 {
		return ""
	}
	return d.Backups()
}

// Logs is the service's log folder: <State>/logs.
func (d Dirs) Logs() string { return filepath.Join(d.State, "logs") }

// Samples is where recorded samples of repaired responses go: <State>/samples.
func (d Dirs) Samples() string { return filepath.Join(d.State, "samples") }

func (d Dirs) lockFile() string { return filepath.Join(d.State, "install.lock") }
