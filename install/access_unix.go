//go:build unix

package install

import (
	"io/fs"
	"os"
	"slices"
)

// fileAccess is who toolfix runs as, and how it reads a file's owner, links and flags: what
// checkWritable needs. osAccess is this process; tests give another uid to check files of
// "another user" while running as root.
type fileAccess struct {
	uid    int   // the effective user id
	groups []int // the effective group and the supplementary groups
	// immutableFlag reports whether the file at path has the immutable flag; nil means never.
	immutableFlag func(path string) bool
}

// osAccess is the fileAccess of this process.
func osAccess() fileAccess {
	groups, _ := os.Getgroups()
	return fileAccess{uid: os.Geteuid(), groups: append(groups, os.Getegid()), immutableFlag: immutable}
}

// owner is fi's owner uid; false where the system does not say.
func (a fileAccess) owner(fi fs.FileInfo) (int, bool) {
	if st, ok := sysStat(fi); ok {
		return int(st.Uid), true
	}
	return 0, false
}

// links is fi's count of hard links; 1 where the system does not say.
func (a fileAccess) links(fi fs.FileInfo) int {
	if st, ok := sysStat(fi); ok {
		return int(st.Nlink)
	}
	return 1
}

// canWrite reports whether a's user may create files in the folder fi, from its owner, group and
// mode (root may always).
func (a fileAccess) canWrite(fi fs.FileInfo) bool {
	st, ok := sysStat(fi)
	if !ok || a.uid == 0 {
		return true
	}
	m := fi.Mode().Perm()
	switch {
	case int(st.Uid) == a.uid:
		return m&0o300 == 0o300
	case slices.Contains(a.groups, int(st.Gid)):
		return m&0o030 == 0o030
	}
	return m&0o003 == 0o003
}

func (a fileAccess) immutable(path string) bool {
	return a.immutableFlag != nil && a.immutableFlag(path)
}

// userName is UserName(uid).
func (a fileAccess) userName(uid int) string { return UserName(uid) }
