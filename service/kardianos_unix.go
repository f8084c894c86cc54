//go:build linux || darwin

package service

import (
	"fmt"

	kservice "github.com/kardianos/service"
)

// program satisfies kardianos/service's Interface; toolfix never runs under the library (the
// service runs `toolfix serve`), it only installs and controls the service.
type program struct{}

func (program) Start(kservice.Service) error { return nil }
func (program) Stop(kservice.Service) error  { return nil }

// librarySystem returns the library's service system of the given name ("linux-systemd",
// "darwin-launchd"), whatever the library's own detection chose: toolfix probes the user manager
// itself (Check), since the library looks at the system manager.
func librarySystem(name string) (kservice.System, error) {
	for _, s := range kservice.AvailableSystems() {
		if s.String() == name {
			return s, nil
		}
	}
	return nil, fmt.Errorf("service system %s is not built in", name)
}
