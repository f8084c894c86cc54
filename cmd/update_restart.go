package cmd

import (
	"errors"
	"fmt"

	"github.com/toolfix/toolfix/install"
)

func init() { restartService = restartInstalledService }

// restartInstalledService re-installs and so restarts the per-user service after `toolfix update`
// replaced the binary, so that the proxy runs the new code. It returns nil when toolfix is not
// installed or was installed with --no-service (nothing runs the binary for the user then).
func restartInstalledService() error {
	dirs := install.DefaultDirs()
	st, err := install.LoadState(dirs)
	if errors.Is(err, install.ErrNotInstalled) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("reading the installed state: %w", err)
	}
	if !st.Service {
		return nil
	}
	svc, err := newServiceManager(dirs)
	if err != nil {
		return err
	}
	if err := svc.Install(); err != nil {
		return fmt.Errorf("restarting the toolfix service on the new binary: %w", err)
	}
	return nil
}
