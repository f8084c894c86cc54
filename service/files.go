package service

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// readMaybe reads a service definition file: its bytes and mode, and ok false (no error) when
// there is none.
func readMaybe(path string) (data []byte, mode fs.FileMode, ok bool, err error) {
	fi, err := os.Stat(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, 0, false, nil
	}
	if err != nil {
		return nil, 0, false, fmt.Errorf("reading %s: %w", path, err)
	}
	data, err = os.ReadFile(path)
	if err != nil {
		return nil, 0, false, fmt.Errorf("reading %s: %w", path, err)
	}
	return data, fi.Mode().Perm(), true, nil
}

// makeLogDir creates the log folder dir (mode 0700) and its parents; nil when it is there.
func makeLogDir(dir string) error {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("creating the log folder %s: %w", dir, err)
	}
	return nil
}

// writeAtomic replaces path with data: written to a temporary file beside it with mode perm,
// synced, then renamed over it, so a crash leaves the old file or the new one, never half of
// one. A symlink at path is written through (its target is replaced).
func writeAtomic(path string, data []byte, perm fs.FileMode) error {
	if real, err := filepath.EvalSymlinks(path); err == nil {
		path = real
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".toolfix-*")
	if err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	defer os.Remove(tmp.Name()) // fails harmlessly once renamed
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err := tmp.Chmod(perm); err != nil {
		tmp.Close()
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return nil
}

// snapshotFile is a backend's snapshot of its definition file at path (pathErr: finding path
// failed): when there is no file, the restore is none, which removes the service; else the
// restore is what restore makes of the file's bytes and mode.
func snapshotFile(path string, pathErr error, none func() error, restore func(before []byte, mode fs.FileMode) func() error) (func() error, error) {
	if pathErr != nil {
		return nil, pathErr
	}
	before, mode, ok, err := readMaybe(path)
	if err != nil {
		return nil, err
	}
	if !ok {
		return none, nil
	}
	return restore(before, mode), nil
}
