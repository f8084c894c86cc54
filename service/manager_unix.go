//go:build linux || darwin

package service

import (
	"bytes"
	"fmt"
	"os/exec"
	"strings"
)

// definedStatus is the part of a Status the service's definition file at path says (pathErr:
// finding path failed): Path, and when the file is there, Installed and the Executable that
// executable reads from its bytes. ok is false, with no error, when there is no file.
func definedStatus(path string, pathErr error, executable func([]byte) string) (st Status, ok bool, err error) {
	if pathErr != nil {
		return Status{}, false, pathErr
	}
	st = Status{Path: path}
	data, _, ok, err := readMaybe(path)
	if err != nil || !ok {
		return st, false, err
	}
	st.Installed = true
	st.Executable = executable(data)
	return st, true, nil
}

// manage runs the service manager's command `name args…` and returns what it printed on
// standard output; its error names the command and carries the manager's message: what it printed
// on standard error, else on standard output, else how it failed to run.
func manage(name string, args ...string) (string, error) {
	var stdout, stderr bytes.Buffer
	c := exec.Command(name, args...)
	c.Stdout, c.Stderr = &stdout, &stderr
	if err := c.Run(); err != nil {
		msg := strings.TrimSpace(stderr.String())
		if msg == "" {
			msg = strings.TrimSpace(stdout.String())
		}
		if msg == "" {
			msg = err.Error()
		}
		return stdout.String(), fmt.Errorf("`%s %s`: %s", name, strings.Join(args, " "), msg)
	}
	return stdout.String(), nil
}
