//go:build !windows

package service

import "os/exec"

// hideWindow does nothing where programs get no window of their own.
func hideWindow(*exec.Cmd) {}
