//go:build !linux && !darwin && !windows

package service

import (
	"fmt"
	"runtime"
)

// unsupported is the backend of OSes without a supported per-user service manager.
type unsupported struct{}

func newBackend(Config) (backend, error) { return unsupported{}, nil }

func (unsupported) check() error {
	return fmt.Errorf("%w: toolfix supports systemd, launchd and Windows logon entries, not %s", errNoManager, runtime.GOOS)
}
func (unsupported) describe() string { return "none on " + runtime.GOOS }
func (unsupported) install() error   { return unsupported{}.check() }
func (unsupported) remove() error    { return nil }

func (unsupported) status() (Status, error) { return Status{}, nil }

func (unsupported) snapshot() (func() error, error) { return func() error { return nil }, nil }
