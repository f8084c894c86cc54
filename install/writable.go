package install

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/toolfix/toolfix/providers"
)

// checkWritable checks, before anything is written, that install can write every file of changes
// as it must: the file (through a symlink, the file it points to) is not read-only, not immutable,
// has no other hard links and belongs to the user who runs toolfix (or toolfix runs as root), and
// its folder (for a new file, the nearest folder that exists) is writable. It returns every
// problem at once, each a sentence with the next step (the --only that leaves the file's client
// out among them); nil when none. acc reads owners and permissions (osAccess outside tests).
func checkWritable(changes []*FileChange, acc fileAccess) error {
	var errs []error
	for _, fc := range changes {
		name := fc.Path
		target, err := linkTarget(fc.Path)
		if err != nil {
			errs = append(errs, fmt.Errorf("%s: toolfix cannot follow this link (%v); point it at an existing file%s", fc.Path, err, leaveOut(fc.Client, changes)))
			continue
		}
		if target != fc.Path {
			name = fc.Path + " (a link to " + target + ")"
		}
		leave := leaveOut(fc.Client, changes)
		dir := filepath.Dir(target)
		if fi, err := os.Lstat(target); err == nil {
			// In the order the fixes work: chattr -i first (nothing else may change an immutable
			// file), then chown (chmod needs the owner), then chmod.
			if acc.immutable(target) {
				errs = append(errs, fmt.Errorf("%s is immutable (chattr +i), so no one may replace it; clear that (sudo chattr -i %s)%s", name, shellQuote(target), leave))
			}
			if uid, ok := acc.owner(fi); ok && uid != acc.uid && acc.uid != 0 {
				errs = append(errs, fmt.Errorf("%s belongs to %s, not to you, and toolfix writes a new file in its place that must keep that owner; make it yours (sudo chown \"$USER\" %s)%s", name, acc.userName(uid), shellQuote(target), leave))
			}
			if fi.Mode().Perm()&0o200 == 0 {
				errs = append(errs, fmt.Errorf("%s is read-only (mode %04o): toolfix will not write it; make it writable (chmod u+w %s)%s", name, fi.Mode().Perm(), shellQuote(target), leave))
			}
			if n := acc.links(fi); n > 1 {
				errs = append(errs, fmt.Errorf("%s has %d hard links, and replacing it would split them (toolfix writes a new file and renames it over the old); make the other names symlinks to it%s", name, n, leave))
			}
		} else {
			for ; dir != filepath.Dir(dir); dir = filepath.Dir(dir) {
				if _, err := os.Stat(dir); err == nil {
					break
				}
			}
		}
		if fi, err := os.Stat(dir); err == nil && !acc.canWrite(fi) {
			errs = append(errs, fmt.Errorf("%s: its folder %s is not writable by you, and toolfix writes the new file there first; make it yours (sudo chown \"$USER\" %s)%s", name, dir, shellQuote(dir), leave))
		}
	}
	return errors.Join(errs...)
}

// CheckWritable is checkWritable for this process on files (each with Path and Client set; the
// rest unused): every reason install would refuse to write one of them, a sentence each with its
// next step, or nil. doctor warns with it before an install refuses.
func CheckWritable(files []*FileChange) error { return checkWritable(files, osAccess()) }

// checkStateDir checks that toolfix can write its state folder dir (its state file, lock and
// backups go there before any config is rewritten): the folder, or for one not made yet the
// nearest folder that exists, is writable by acc's user; nil when it is.
func checkStateDir(dir string, acc fileAccess) error {
	for d := dir; ; d = filepath.Dir(d) {
		fi, err := os.Stat(d)
		if err == nil {
			if !acc.canWrite(fi) {
				return fmt.Errorf("toolfix's state folder %s cannot be made or written: %s is not writable by you; make it yours (sudo chown \"$USER\" %s), or point %s at a folder of yours", dir, d, shellQuote(d), StateDirEnv)
			}
			return nil
		}
		if d == filepath.Dir(d) {
			return nil
		}
	}
}

// leaveOut ends a sentence about a file of client's that install cannot write: ", or leave
// client out with --only" and the other clients the plan's changes route, the way on; when
// client is the only one, a clause saying --only has nothing to leave it for.
func leaveOut(client string, changes []*FileChange) string {
	var others []string
	for _, c := range providers.Clients {
		if c != client && slices.ContainsFunc(changes, func(fc *FileChange) bool { return fc.Client == c }) {
			others = append(others, c)
		}
	}
	if len(others) == 0 {
		return fmt.Sprintf("; %s is the only client install would route here, so --only cannot leave it out: this fix is the way on", client)
	}
	return fmt.Sprintf(", or leave %s out with --only %s", client, strings.Join(others, ","))
}

// shellQuote is path quoted for a POSIX shell when it needs quoting.
func shellQuote(path string) string {
	if strings.ContainsAny(path, " '\"$`\\!*?[]{}()<>|&;#~") {
		return "'" + strings.ReplaceAll(path, "'", `'\''`) + "'"
	}
	return path
}
