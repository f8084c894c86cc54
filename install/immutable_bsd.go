//go:build darwin || freebsd || netbsd || openbsd || dragonfly

package install

import (
	"os"
	"syscall"
)

// immutable reports whether the file at path has a user or system immutable flag (chflags
// uchg/schg), from its stat flags.
func immutable(path string) bool {
	fi, err := os.Stat(path)
	if err != nil {
		return false
	}
	st, ok := fi.Sys().(*syscall.Stat_t)
	const uchg, schg = 0x2, 0x20000
	return ok && st.Flags&(uchg|schg) != 0
}
