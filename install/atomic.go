package install

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
)

// writeFileAtomic replaces the file at path with data so that a reader sees the old or the new
// content, never a mix: a temporary file in the same folder, written, synced, given mode, then
// renamed over the target and the folder synced. When path is a symlink the file it points to is
// written and the link is kept. The replaced file's owner is kept (keepOwner); a file with other
// hard links is refused (checkLinks). The folder must exist.
func writeFileAtomic(path string, data []byte, mode fs.FileMode) error {
	target, err := linkTarget(path)
	if err != nil {
		return err
	}
	old, err := os.Stat(target)
	if errors.Is(err, fs.ErrNotExist) {
		old, err = nil, nil
	}
	if err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err := checkLinks(path, old); err != nil {
		return err
	}
	dir := filepath.Dir(target)
	tmp, err := os.CreateTemp(dir, tempPrefix(target)+"*")
	if err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	name := tmp.Name()
	fail := func(err error) error {
		tmp.Close()
		os.Remove(name)
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if _, err := tmp.Write(data); err != nil {
		return fail(err)
	}
	if err := tmp.Sync(); err != nil {
		return fail(err)
	}
	if err := tmp.Chmod(mode); err != nil && runtime.GOOS != "windows" {
		return fail(err)
	}
	if err := keepOwner(tmp, old); err != nil {
		return fail(err)
	}
	if err := tmp.Close(); err != nil {
		return fail(err)
	}
	if err := os.Rename(name, target); err != nil {
		os.Remove(name)
		return fmt.Errorf("writing %s: %w", path, err)
	}
	syncDir(dir)
	return nil
}

// tempPrefix starts the name of the temporary file writeFileAtomic writes beside target; os.CreateTemp
// adds a random run of digits.
func tempPrefix(target string) string { return "." + filepath.Base(target) + ".toolfix-" }

// removeStaleTemps removes the temporary files that writeFileAtomic leaves beside path (beside the
// file a symlink at path points to) when toolfix is killed between creating one and renaming it
// over path: a full copy of the file, its secrets included. Only regular files named exactly
// tempPrefix followed by digits are removed, nothing else in the folder. The caller holds the
// Lock, so no other toolfix is writing one now. It returns the errors of the removals that failed.
func removeStaleTemps(path string) error {
	target, err := linkTarget(path)
	if err != nil {
		return err
	}
	dir, prefix := filepath.Dir(target), tempPrefix(target)
	entries, err := os.ReadDir(dir)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil
		}
		return fmt.Errorf("looking for temporary files beside %s: %w", path, err)
	}
	var errs []error
	for _, e := range entries {
		rest, ok := strings.CutPrefix(e.Name(), prefix)
		if !ok || rest == "" || strings.Trim(rest, "0123456789") != "" || !e.Type().IsRegular() {
			continue
		}
		if err := os.Remove(filepath.Join(dir, e.Name())); err != nil && !errors.Is(err, fs.ErrNotExist) {
			errs = append(errs, fmt.Errorf("removing the temporary file %s left by an earlier toolfix: %w", filepath.Join(dir, e.Name()), err))
		}
	}
	return errors.Join(errs...)
}

// linkTarget resolves path through symlinks; a path that does not exist (yet) is returned as is,
// and so is a dangling link's own path replaced by where it points.
func linkTarget(path string) (string, error) {
	t, err := filepath.EvalSymlinks(path)
	if err == nil {
		return t, nil
	}
	if !errors.Is(err, fs.ErrNotExist) {
		return "", fmt.Errorf("resolving %s: %w", path, err)
	}
	if dest, lerr := os.Readlink(path); lerr == nil {
		if !filepath.IsAbs(dest) {
			dest = filepath.Join(filepath.Dir(path), dest)
		}
		return dest, nil
	}
	return path, nil
}

// syncDir flushes a folder's entries so that a rename survives a crash; best effort (Windows
// cannot open a folder for syncing).
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		_ = d.Sync()
		d.Close()
	}
}

// readMaybe reads the file at path; a missing file gives (nil, false, nil).
func readMaybe(path string) ([]byte, bool, error) {
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, fmt.Errorf("reading %s: %w", path, err)
	}
	return b, true, nil
}
