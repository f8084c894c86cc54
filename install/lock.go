package install

import (
	"fmt"
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
