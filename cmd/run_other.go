//go:build !unix

package cmd

import "os"

// relayed are the signals toolfix catches during `toolfix run`: Ctrl-C reaches every process of
// the console, the client included, so toolfix only keeps it from stopping toolfix itself.
var relayed = []os.Signal{os.Interrupt}

// forwarded is false: there is nothing to send on.
func forwarded(os.Signal, bool) bool { return false }

// exitStatus is a finished client's exit status.
func exitStatus(ps *os.ProcessState) int { return ps.ExitCode() }
