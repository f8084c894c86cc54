package install

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
)

// Lock takes toolfix's install lock (<state dir>/install.lock) so that two installs or uninstalls
// never run at once, and returns the function that releases it. It does not wait: when another
// process holds the lock it returns an error saying so. The operating system releases the lock of
// a process that dies, so a killed install never leaves it stuck.
func Lock(d Dirs) (unlock func(), err error) {
	if err := os.MkdirAll(d.State, 0o700); err != nil {
		return nil, fmt.Errorf("creating state folder %s: %w", d.State, err)
	}
	f, err := os.OpenFile(d.lockFile(), os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, fmt.Errorf("opening lock %s: %w", d.lockFile(), err)
	}
	held, err := tryLock(f)
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("locking %s: %w", d.lockFile(), err)
	}
	if !held {
		f.Close()
		return nil, fmt.Errorf("another toolfix install or uninstall is running (it holds %s); wait for it to finish", d.lockFile())
	}
	return func() { unlockFile(f); f.Close() }, nil
}

// RemoveLock removes the lock file, and the state folder if nothing else is left in it, after
// `uninstall --purge` released the Lock: a purge leaves no toolfix file behind but the backups.
func RemoveLock(d Dirs) error {
	if err := os.Remove(d.lockFile()); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("removing the lock %s: %w", d.lockFile(), err)
	}
	_ = os.Remove(d.State) // fails, as it should, while backups are in it
	return nil
}
