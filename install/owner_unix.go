//go:build unix

package install

import (
	"fmt"
	"io/fs"
	"os"
	"syscall"
)

// checkLinks refuses to replace a file that has other hard links: writing a new file and renaming
// it over one name would leave the other names with the old content, splitting what the user
// linked. old is the file's current info; nil (a new file) passes.
func checkLinks(path string, old fs.FileInfo) error {
	if st, ok := sysStat(old); ok && st.Nlink > 1 {
		return fmt.Errorf("writing %s: it has %d hard links, and replacing it would split them (toolfix writes a new file and renames it over the old); make the other names symlinks to it, or leave this client out with --only", path, st.Nlink)
	}
	return nil
}

// keepOwner gives the new file tmp the owner and group of the file it replaces (old; nil for a
// new file), so that running toolfix as root (sudo keeping HOME) does not take a user's config
// away from them. Failing to keep the owner is an error (the file is left as it was); failing to
// keep only the group is not (an ordinary user may not be in the old file's group).
func keepOwner(tmp *os.File, old fs.FileInfo) error {
	st, ok := sysStat(old)
	if !ok {
		return nil
	}
	uid, gid := int(st.Uid), int(st.Gid)
	if uid == os.Geteuid() && gid == os.Getegid() {
		return nil
	}
	if err := tmp.Chown(uid, gid); err != nil && uid != os.Geteuid() {
		return fmt.Errorf("keeping the owner (uid %d) of the file it replaces: %w", uid, err)
	}
	return nil
}

func sysStat(fi fs.FileInfo) (*syscall.Stat_t, bool) {
	if fi == nil {
		return nil, false
	}
	st, ok := fi.Sys().(*syscall.Stat_t)
	return st, ok
}
