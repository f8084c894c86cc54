package install

import (
	"fmt"
	"os/user"
	"path/filepath"
	"runtime"
	"strconv"
)

// HomeNeed is what a command needs of the user's folders, for CheckHome.
type HomeNeed int

const (
	// NeedNothing is a command that reads and writes no folder of the user's (version, help).
	NeedNothing HomeNeed = iota
	// NeedState is a command that keeps toolfix's state, logs or samples: the home folder, or
	// XDG_STATE_HOME or TOOLFIX_STATE_DIR standing in for it.
	NeedState
	// NeedHome is a command that reads or writes the clients' configs, which live in the home
	// folder itself (~/.claude, ~/.codex, ~/.qwen; OpenCode's and Kilo's under XDG_CONFIG_HOME).
	NeedHome
)

// HomeVar is the variable that names the home folder: HOME, or USERPROFILE on Windows.
func HomeVar() string {
	if runtime.GOOS == "windows" {
		return "USERPROFILE"
	}
	return "HOME"
}

// CheckHome returns nil when getenv (os.Getenv) gives a command that needs need an absolute
// folder for everything it may write, so that nothing is ever written at the filesystem root or
// relative to the working folder; else an error, one sentence naming the variable and the ones
// that can stand in for it, with the next step. A relative XDG_* value counts as unset, as the
// XDG Base Directory spec says; a relative TOOLFIX_STATE_DIR, which is set on purpose, is an error.
func CheckHome(getenv func(string) string, need HomeNeed) error {
	if need == NeedNothing {
		return nil
	}
	if s := getenv(StateDirEnv); s != "" && !filepath.IsAbs(s) {
		return fmt.Errorf("%s is %q, not an absolute folder: toolfix would keep its state, backups and samples in a different place from each folder it runs in; set it to an absolute folder (such as %s=$PWD/%s) or unset it, and run the command again", StateDirEnv, s, StateDirEnv, s)
	}
	hv := HomeVar()
	home := getenv(hv)
	if filepath.IsAbs(home) {
		return nil
	}
	problem := hv + " is not set"
	if home != "" {
		problem = fmt.Sprintf("%s is %q, not an absolute folder", hv, home)
	}
	if need == NeedHome {
		return fmt.Errorf("%s, and toolfix finds the clients' configs (~/.claude, ~/.codex, ~/.qwen, ~/.config/opencode) in the home folder; set it to your home folder (export %s=/home/NAME) and run the command again", problem, hv)
	}
	for _, v := range []string{StateDirEnv, "XDG_STATE_HOME"} {
		if filepath.IsAbs(getenv(v)) {
			return nil
		}
	}
	if runtime.GOOS == "windows" && filepath.IsAbs(getenv("LOCALAPPDATA")) {
		return nil
	}
	return fmt.Errorf("%s, so toolfix has no folder for its state, logs and samples (~/.local/state/toolfix); set %s to your home folder, or XDG_STATE_HOME or %s to an absolute folder, and run the command again", problem, hv, StateDirEnv)
}

// UserName names the user uid as messages do: "user NAME (uid N)", or "uid N" when the name is
// not known.
func UserName(uid int) string {
	if u, err := user.LookupId(strconv.Itoa(uid)); err == nil {
		return "user " + u.Username + " (uid " + strconv.Itoa(uid) + ")"
	}
	return "uid " + strconv.Itoa(uid)
}
