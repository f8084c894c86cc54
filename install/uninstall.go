package install

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"

	"github.com/toolfix/toolfix/providers"
	"github.com/toolfix/toolfix/proxy/secret"
)

// UninstallReport is what Uninstall did.
type UninstallReport struct {
	// Restored are files put back whole from their backup (toolfix's bytes were untouched).
	Restored []string
	// Undone are files whose edits were undone key by key (the user had edited them).
	Undone []string
	// Removed are files toolfix had created, removed.
	Removed []string
	// Warnings name each file and key left as it is, and anything else that did not go to plan.
	Warnings []string
	// Backups is the backup folder, which uninstall keeps.
	Backups string
	// NotInstalled is true when there was no state: nothing was undone. When a client's settings
	// still point at toolfix then (see Installer.Leftovers), Uninstall returns an error naming them.
	NotInstalled bool
	// Recovered is set when an interrupted install had to be undone first; it says what happened.
	Recovered string
}

// Uninstall undoes every edit in the state, where the key still holds the value toolfix wrote;
// a file with exactly the bytes toolfix wrote is put back whole from its backup, so it comes back
// byte-identical. It then removes the service and the state; backups stay. With purge it also
// removes the logs and samples. The caller holds the Lock. When a file cannot be put back, the
// state keeps it and the error says so: fix the file and run uninstall again.
func (in *Installer) Uninstall(ctx context.Context, purge bool) (*UninstallReport, error) {
	rep := &UninstallReport{Backups: in.Dirs.Backups()}
	msg, err := in.Recover(ctx)
	if err != nil {
		return rep, err
	}
	rep.Recovered = msg
	st, err := LoadState(in.Dirs)
	if errors.Is(err, ErrNotInstalled) {
		rep.NotInstalled = true
		if in.Service != nil && in.Service.Check() == nil {
			if err := in.Service.Remove(); err != nil {
				rep.Warnings = append(rep.Warnings, fmt.Sprintf("removing the service: %v", err))
			}
		}
		if found, _ := in.Leftovers(); len(found) > 0 {
			return rep, in.leftoverError(found)
		}
		return rep, in.purge(purge)
	}
	if err != nil {
		return rep, err
	}
	var failed []FileState
	for _, fs := range st.Files {
		if err := in.undoFile(fs, rep); err != nil {
			rep.Warnings = append(rep.Warnings, err.Error())
			failed = append(failed, fs)
		}
	}
	serviceLeft := false
	if st.Service {
		switch {
		case in.Service == nil:
			serviceLeft = true
			rep.Warnings = append(rep.Warnings, "no per-user service manager to remove the toolfix service with")
		default:
			if err := in.Service.Remove(); err != nil {
				serviceLeft = true
				rep.Warnings = append(rep.Warnings, fmt.Sprintf("removing the service: %v", err))
			}
		}
	}
	if len(failed) > 0 || serviceLeft {
		st.Files, st.Service = failed, serviceLeft
		if err := saveState(in.Dirs, st); err != nil {
			return rep, err
		}
		return rep, fmt.Errorf("uninstall is not complete (see the warnings); fix what they name and run `toolfix uninstall` again")
	}
	if err := removeState(in.Dirs); err != nil {
		return rep, err
	}
	return rep, in.purge(purge)
}

func (in *Installer) purge(purge bool) error {
	if !purge {
		return nil
	}
	var errs []error
	for _, p := range []string{in.Dirs.StateFile(), in.Dirs.Samples(), in.Dirs.Logs()} {
		if err := os.RemoveAll(p); err != nil {
			errs = append(errs, fmt.Errorf("removing %s: %w", p, err))
		}
	}
	return errors.Join(errs...)
}

// undoFile puts one file back. A returned error means the file was left as it is.
func (in *Installer) undoFile(fs FileState, rep *UninstallReport) error {
	cur, ok, err := readMaybe(fs.Path)
	if err != nil {
		return err
	}
	if !ok {
		rep.Warnings = append(rep.Warnings, fmt.Sprintf("%s is gone; nothing to undo there", fs.Path))
		return nil
	}
	untouched := sum(cur) == fs.WrittenSHA256
	if untouched && fs.Created {
		return removeCreated(fs, rep)
	}
	if untouched && fs.Original != "" {
		orig, err := os.ReadFile(fs.Original)
		if err == nil && sum(orig) == fs.OriginalSHA256 {
			if err := writeFileAtomic(fs.Path, orig, modeOf(fs.Path)); err != nil {
				return err
			}
			rep.Restored = append(rep.Restored, fs.Path)
			return nil
		}
		rep.Warnings = append(rep.Warnings, fmt.Sprintf("backup %s of %s is missing or changed; undoing key by key", fs.Original, fs.Path))
	}
	doc, err := providers.ParseConfig(fs.Client, fs.Path, cur)
	if err != nil {
		return fmt.Errorf("%w; fix the file and run `toolfix uninstall` again, or undo toolfix's keys by hand (the state file %s lists each key with its value from before)", err, in.Dirs.StateFile())
	}
	for _, e := range fs.Edits {
		key, err := providers.ParsePointer(e.Key)
		if err != nil || len(key) == 0 {
			return fmt.Errorf("state: %s: bad key %q", fs.Path, e.Key)
		}
		v, ok, err := doc.Get(key)
		if err != nil || !ok || v != e.After {
			undo := "to go back to before toolfix, remove the key by hand"
			if e.Before != nil {
				undo = fmt.Sprintf("to go back to before toolfix, set it to %s by hand", secret.URL(*e.Before))
			}
			rep.Warnings = append(rep.Warnings, fmt.Sprintf("%s: %s no longer holds toolfix's value (%s); left as it is, since someone changed it after toolfix (%s)", fs.Path, key.Dotted(), e.After, undo))
			continue
		}
		if e.Before == nil {
			if err := doc.Remove(key); err != nil {
				return err
			}
			for i := len(e.CreatedObjects) - 1; i >= 0; i-- {
				if p, err := providers.ParsePointer(e.CreatedObjects[i]); err == nil && len(p) > 0 && doc.IsEmptyObject(p) {
					if err := doc.Remove(p); err != nil {
						return err
					}
				}
			}
			continue
		}
		if e.BeforeJSON == "" || doc.SetLiteral(key, e.BeforeJSON) != nil {
			if _, err := doc.Set(key, *e.Before); err != nil {
				return err
			}
		}
	}
	out := doc.Bytes()
	if fs.Created && doc.IsEmpty() {
		return removeCreated(fs, rep)
	}
	if bytes.Equal(out, cur) {
		return nil
	}
	if err := writeFileAtomic(fs.Path, out, modeOf(fs.Path)); err != nil {
		return err
	}
	rep.Undone = append(rep.Undone, fs.Path)
	return nil
}

func removeCreated(fs FileState, rep *UninstallReport) error {
	if err := os.Remove(fs.Path); err != nil && !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("removing %s: %w", fs.Path, err)
	}
	for _, d := range fs.CreatedDirs { // innermost first
		_ = os.Remove(d)
	}
	rep.Removed = append(rep.Removed, fs.Path)
	return nil
}

func modeOf(path string) os.FileMode {
	if fi, err := os.Stat(path); err == nil {
		return fi.Mode().Perm()
	}
	return fs0600
}

// removeStaleTemps removes what writeFileAtomic left behind when an earlier toolfix was killed
// while writing: the temporary files beside the state file and beside every file st (nil when no
// state was read) manages.
func (in *Installer) removeStaleTemps(st *State) error {
	paths := []string{in.Dirs.StateFile()}
	if st != nil {
		for _, fs := range st.Files {
			paths = append(paths, fs.Path)
		}
	}
	var errs []error
	for _, p := range paths {
		errs = append(errs, removeStaleTemps(p))
	}
	return errors.Join(errs...)
}

// Recover first removes the temporary files an earlier toolfix killed while writing left beside
// the files it manages (removeStaleTemps). Then it finishes the business of an install that was
// killed half way (the state says it was still applying): every file it had already rewritten — still holding exactly the bytes it wrote
// — is put back from that install's backup (or removed, if it created it), the state before that
// install is restored, and the service is restarted on it or removed. It returns "" when there was
// nothing to recover, else a sentence for the user. The caller holds the Lock.
func (in *Installer) Recover(ctx context.Context) (string, error) {
	st, err := LoadState(in.Dirs)
	if err := in.removeStaleTemps(st); err != nil {
		return "", err
	}
	if errors.Is(err, ErrNotInstalled) {
		return "", nil
	}
	if err != nil {
		return "", err
	}
	if st.Phase != PhaseApplying {
		return "", nil
	}
	var errs []error
	n := 0
	for _, fs := range st.Files {
		if !fs.Pending {
			continue
		}
		cur, ok, err := readMaybe(fs.Path)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if !ok || sum(cur) != fs.WrittenSHA256 {
			continue // never rewritten, or changed since: leave it
		}
		if fs.Pre == "" {
			if err := os.Remove(fs.Path); err != nil {
				errs = append(errs, err)
			}
			for _, d := range fs.CreatedDirs {
				_ = os.Remove(d)
			}
			n++
			continue
		}
		pre, err := os.ReadFile(fs.Pre)
		if err != nil {
			errs = append(errs, fmt.Errorf("reading backup of %s: %w", fs.Path, err))
			continue
		}
		if err := writeFileAtomic(fs.Path, pre, modeOf(fs.Path)); err != nil {
			errs = append(errs, err)
			continue
		}
		n++
	}
	if len(errs) > 0 {
		return "", fmt.Errorf("undoing an interrupted install: %w", errors.Join(errs...))
	}
	files := "files"
	if n == 1 {
		files = "file"
	}
	msg := fmt.Sprintf("an earlier install was interrupted; undid it (%d %s put back)", n, files)
	if st.Previous != nil {
		prev := st.Previous
		prev.Phase = PhaseInstalled
		if err := saveState(in.Dirs, prev); err != nil {
			return "", err
		}
		if prev.Service && in.Service != nil {
			if err := in.Service.Install(); err != nil {
				msg += fmt.Sprintf("; restarting the service on the earlier state failed: %v", err)
			}
		}
		return msg, nil
	}
	if err := removeState(in.Dirs); err != nil {
		return "", err
	}
	if st.Service && in.Service != nil {
		if err := in.Service.Remove(); err != nil {
			msg += fmt.Sprintf("; removing its service failed: %v", err)
		}
	}
	return msg, nil
}
