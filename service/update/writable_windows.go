package update

import (
	"fmt"
	"os"
	"path/filepath"
)

// writable returns nil when this user can replace exe: create files in its folder (Windows has no
// access(2); a file is created and removed to find out). Else the error wraps ErrNotWritable and
// says what to do.
func writable(exe string) error {
	dir := filepath.Dir(exe)
	f, err := os.CreateTemp(dir, ".toolfix-writable-*")
	if err != nil {
		return NotWritable(exe, dir, err)
	}
	name := f.Name()
	f.Close()
	os.Remove(name)
	return nil
}

// NotWritable is the error of a failed check that exe, in folder dir, can be replaced (err says
// why): it wraps ErrNotWritable and says what to do.
func NotWritable(exe, dir string, err error) error {
	return fmt.Errorf("%w: cannot replace %s, since %s is not writable by you (%v); run `toolfix update` from an administrator's terminal, or install toolfix into a folder of yours, such as %%LOCALAPPDATA%%\\Programs\\toolfix", ErrNotWritable, exe, dir, err)
}
