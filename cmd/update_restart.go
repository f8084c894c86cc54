package cmd

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"github.com/toolfix/toolfix/install"
	"github.com/toolfix/toolfix/service"
	"github.com/toolfix/toolfix/service/update"
)

func init() { restartService = restartInstalledService }

// Where restartInstalledService asks whether the restarted service runs the new version; tests
// point them at a stand-in. "" means http://127.0.0.1:<installed port>/healthz, 0 means 20 s.
var (
	restartHealthURL     string
	restartHealthTimeout time.Duration
)

// serviceStatus is the part of *service.Manager that tells which binary the installed service runs.
type serviceStatus interface {
	Status() (service.Status, error)
}

// restartInstalledService makes the per-user service run the binary `toolfix update` just put at
// res.Executable, and checks that it does: it registers the service again on res.Executable (the
// path update resolved before the swap, never this process's own path, which names the set-aside
// old file by now), restarts it, and waits until the proxy answers /healthz with version
// res.Target. It leaves a service that runs another binary than res.Executable alone and says so.
// It returns the line to print; "" and nil when toolfix is not installed. Its errors are sentences
// that say what to do next.
func restartInstalledService(ctx context.Context, res update.Result) (string, error) {
	dirs := install.DefaultDirs()
	st, err := install.LoadState(dirs)
	if errors.Is(err, install.ErrNotInstalled) {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("reading the installed state to restart the service: %w", err)
	}
	if !st.Service {
		return fmt.Sprintf("toolfix was installed with --no-service: restart your `toolfix serve` so that it runs v%s.", res.Target), nil
	}
	svc, err := newServiceManager(dirs, res.Executable)
	if err != nil {
		return "", fmt.Errorf("preparing the toolfix service on %s: %w", res.Executable, err)
	}
	if ss, ok := svc.(serviceStatus); ok {
		cur, err := ss.Status()
		if err == nil && cur.Executable != "" && !sameBinary(cur.Executable, res.Executable) {
			return "", fmt.Errorf("the toolfix service runs %s, not %s, which was updated, so the service was left as it was: run `%s update` to update the binary it runs, or `%s install` to make it run this one", cur.Executable, res.Executable, cur.Executable, res.Executable)
		}
	}
	if err := svc.Install(); err != nil {
		return "", fmt.Errorf("registering the toolfix service again on %s: %w; run `%s install` to register it", res.Executable, err, res.Executable)
	}
	in := &install.Installer{Dirs: dirs, HealthURL: restartHealthURL, HealthTimeout: restartHealthTimeout}
	if err := in.WaitServing(ctx, st.Port, res.Target, st.Routes); err != nil {
		return "", fmt.Errorf("the toolfix service does not answer with v%s: %w; see its log (%s), then run `%s install` to register it again", res.Target, err, serviceLogHint(dirs), res.Executable)
	}
	return fmt.Sprintf("The toolfix service runs v%s now: http://127.0.0.1:%d/healthz answered.", res.Target, st.Port), nil
}

// sameBinary reports whether the service's registered program is the updated file: the same path
// once symlinks are resolved, or the old file an earlier update set aside beside it
// (.toolfix.old), which a service registered by a broken update names; registering the service
// again on the updated path repairs that.
func sameBinary(registered, updated string) bool {
	if r, err := filepath.EvalSymlinks(registered); err == nil {
		registered = r
	}
	if u, err := filepath.EvalSymlinks(updated); err == nil {
		updated = u
	}
	if filepath.Clean(registered) == filepath.Clean(updated) {
		return true
	}
	base := strings.ToLower(filepath.Base(registered))
	return filepath.Dir(registered) == filepath.Dir(updated) && strings.HasPrefix(base, ".") && strings.HasSuffix(base, ".old")
}

// serviceLogHint says where the service's output goes on this OS.
func serviceLogHint(dirs install.Dirs) string {
	return "Linux: `journalctl --user -u toolfix`; macOS and Windows: " + dirs.Logs()
}
