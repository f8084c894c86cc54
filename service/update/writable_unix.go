//go:build !windows

package update

import (
	"fmt"
	"path/filepath"

	"golang.org/x/sys/unix"
)

// writable returns nil when this user can replace exe: create and rename files in its folder. Else
// the error wraps ErrNotWritable and says what to do.
func writable(exe string) error {
	dir := filepath.Dir(exe)
	if err := unix.Access(dir, unix.W_OK|unix.X_OK); err != nil {
		return NotWritable(exe, dir, err)
	}
	return nil
}

// NotWritable is the error of a failed check that exe, in folder dir, can be replaced (err says
// why): it wraps ErrNotWritable and says what to do.
func NotWritable(exe, dir string, err error) error {
	return fmt.Errorf("%w: cannot replace %s, since %s is not writable by you (%v); run `toolfix update` as the folder's owner (for example with sudo), or install toolfix into a folder of yours, such as ~/.local/bin", ErrNotWritable, exe, dir, err)
}
