//go:build linux || darwin

package service

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// homePath is elem joined under the user's home folder: where the service manager looks for a
// per-user service's definition file; what names that file in the error.
func homePath(what string, elem ...string) (string, error) {
	home, err := os.UserHomeDir()
	if err != nil {
		return "", fmt.Errorf("finding the home folder for %s: %w", what, err)
	}
	return filepath.Join(append([]string{home}, elem...)...), nil
}

// writeDefinition writes the service definition file at path (mode 0644, atomically), creating
// its folder (mode 0755) first.
func writeDefinition(path string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return fmt.Errorf("creating %s: %w", filepath.Dir(path), err)
	}
	return writeAtomic(path, data, 0o644)
}

// removeDefinition runs unload and then deletes the service definition file at path; removed is
// false, with no error, when there is no file (unload is not run), or when unload failed (its
// error, the file kept).
func removeDefinition(path string, unload func() error) (removed bool, err error) {
	if _, err := os.Stat(path); errors.Is(err, os.ErrNotExist) {
		return false, nil
	}
	if err := unload(); err != nil {
		return false, err
	}
	if err := os.Remove(path); err != nil && !errors.Is(err, os.ErrNotExist) {
		return false, fmt.Errorf("removing %s: %w", path, err)
	}
	return true, nil
}

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
