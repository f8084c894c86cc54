package install

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// errCrash, injected by a test through Installer.fail, makes Apply stop dead like a killed process,
// leaving the half-done install for Recover.
var errCrash = errors.New("simulated crash")

// ApplyError is what Apply returns when a step failed. Everything done before the step has been
// undone unless UndoErr says otherwise.
type ApplyError struct {
	// Step says what was being done, such as "installing the service".
	Step string
	// Err is the failure.
	Err error
	// UndoErr is nil when every earlier step was undone, else what could not be undone.
	UndoErr error
	// Hint says what the user can do.
	Hint string
}

// Error says what failed, whether it was undone, and what to do, on several lines.
func (e *ApplyError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %v", e.Step, e.Err)
	if e.UndoErr == nil {
		b.WriteString("\nnothing was changed: every file is as it was")
	} else {
		fmt.Fprintf(&b, "\nundoing the install failed too: %v\nthe state file and backups say what toolfix changed; run `toolfix uninstall` to put back what it can", e.UndoErr)
	}
	if e.Hint != "" {
		b.WriteString("\n" + e.Hint)
	}
	return b.String()
}

// Unwrap returns Err.
func (e *ApplyError) Unwrap() error { return e.Err }

// Result is what Apply did.
type Result struct {
	// BackupDir is the folder holding this install's backups; "" when no file was changed.
	BackupDir string
	// Written are the files rewritten, in order.
	Written []string
	// Notes are things that went wrong after the install was complete (removing an old service).
	Notes []string
}

// Apply carries out p: back up, write the state, install and start the service, wait for
// /healthz, rewrite the files. A failure undoes what was done and returns an *ApplyError. The
// caller holds the Lock. A plan whose service manager does not answer is refused before anything
// is touched, unless it was made with NoService.
func (in *Installer) Apply(ctx context.Context, p *Plan) (*Result, error) {
	if p.next == nil {
		return nil, errors.New("applying an empty plan")
	}
	if !p.NoService && p.ServiceErr != nil {
		return nil, &ApplyError{Step: "checking the per-user service manager", Err: p.ServiceErr,
			Hint: "pass --no-service to install everything else and run `toolfix serve` yourself"}
	}
	next := cloneState(p.next)
	res := &Result{}
	var undo []func() error
	fail := func(step string, err error, hint string) (*Result, error) {
		if errors.Is(err, errCrash) {
			return nil, err // a test simulating a killed process: no undo
		}
		var errs []error
		for i := len(undo) - 1; i >= 0; i-- {
			if uerr := undo[i](); uerr != nil {
				errs = append(errs, uerr)
			}
		}
		return nil, &ApplyError{Step: step, Err: err, UndoErr: errors.Join(errs...), Hint: hint}
	}
	inject := func(step string) error {
		if in.fail != nil {
			return in.fail(step)
		}
		return nil
	}

	// 1. Back up every existing file that changes.
	if err := inject("backup"); err != nil {
		return fail("backing up", err, "")
	}
	dir, backups, err := in.backup(p.Changes)
	if dir != "" {
		undo = append(undo, func() error { return os.RemoveAll(dir) })
	}
	if err != nil {
		return fail("backing up", err, "check that "+in.Dirs.Backups()+" is writable")
	}
	res.BackupDir = dir
	for _, c := range p.Changes {
		fst := next.file(c.Path)
		fst.Pending = true
		if c.Exists {
			fst.Pre = backups[c.Path]
			if fst.Original == "" && fst.OriginalSHA256 == sum(c.Before) {
				fst.Original = backups[c.Path]
			}
		}
	}

	// 2. Write the state, saying that an install is under way.
	if err := inject("state"); err != nil {
		return fail("writing the state", err, "")
	}
	next.Phase = PhaseApplying
	next.Updated = in.now().UTC()
	if p.prev != nil {
		prev := cloneState(p.prev)
		prev.Previous = nil
		next.Previous = prev
	}
	restoreState := func() error {
		if p.prev == nil {
			return removeState(in.Dirs)
		}
		return saveState(in.Dirs, p.prev)
	}
	if err := saveState(in.Dirs, next); err != nil {
		return fail("writing the state", err, "check that "+in.Dirs.State+" is writable")
	}
	undo = append(undo, restoreState)

	// 3. Install and start the service; 4. wait until it serves the new routes.
	if !p.NoService {
		if err := inject("service"); err != nil {
			return fail("installing the service", err, "")
		}
		// The service as it is now, to put back byte for byte if the install fails: the unit of
		// the earlier install (which may run another binary), or none.
		restoreService, err := in.Service.Snapshot()
		if err != nil {
			return fail("installing the service", err, "")
		}
		undo = append(undo, func() error {
			if err := restoreState(); err != nil {
				return err
			}
			return restoreService()
		})
		if err := in.Service.Install(); err != nil {
			return fail("installing the service", err, "pass --no-service to install everything else and run `toolfix serve` yourself")
		}
		err = inject("health")
		if err == nil {
			err = in.waitHealthy(ctx, next.Port, next.Routes)
		}
		if err != nil {
			return fail("waiting for the proxy to answer", err, fmt.Sprintf("see the service's log (Linux: journalctl --user -u toolfix; macOS and Windows: %s); is another program using port %d? (--port picks another)", in.Dirs.Logs(), next.Port))
		}
	}

	// 5. Rewrite each file, if it is still as planned.
	for _, c := range p.Changes {
		if err := inject("write"); err != nil {
			return fail("rewriting "+c.Path, err, "")
		}
		if err := checkUnchanged(c); err != nil {
			return fail("rewriting "+c.Path, err, "run `toolfix install` again to plan against the new content")
		}
		for _, d := range c.NewDirs {
			if err := os.Mkdir(d, 0o700); err != nil && !errors.Is(err, os.ErrExist) {
				return fail("rewriting "+c.Path, fmt.Errorf("creating %s: %w", d, err), "")
			}
		}
		if err := writeFileAtomic(c.Path, c.After, c.Mode); err != nil {
			removeNewDirs(c.NewDirs)
			return fail("rewriting "+c.Path, err, "")
		}
		undo = append(undo, func() error { return putBack(c) })
		res.Written = append(res.Written, c.Path)
	}

	// 6. Commit.
	err = inject("commit")
	if err == nil {
		for i := range next.Files {
			next.Files[i].Pending, next.Files[i].Pre = false, ""
		}
		next.Phase, next.Previous = PhaseInstalled, nil
		err = saveState(in.Dirs, next)
	}
	if err != nil {
		return fail("writing the state", err, "")
	}
	if p.NoService && p.prev != nil && p.prev.Service && in.Service != nil {
		if err := in.Service.Remove(); err != nil {
			res.Notes = append(res.Notes, fmt.Sprintf("removing the service of the earlier install: %v", err))
		}
	}
	return res, nil
}

// checkUnchanged refuses to write a file whose content is not what the plan read.
func checkUnchanged(c *FileChange) error {
	cur, ok, err := readMaybe(c.Path)
	if err != nil {
		return err
	}
	switch {
	case !c.Exists && ok:
		return fmt.Errorf("%s was created since the plan was made", c.Path)
	case c.Exists && !ok:
		return fmt.Errorf("%s was removed since the plan was made", c.Path)
	case c.Exists && !bytes.Equal(cur, c.Before):
		return fmt.Errorf("%s changed since the plan was made", c.Path)
	}
	return nil
}

// putBack undoes the rewrite of one file.
func putBack(c *FileChange) error {
	if !c.Exists {
		if err := os.Remove(c.Path); err != nil && !errors.Is(err, os.ErrNotExist) {
			return fmt.Errorf("removing %s: %w", c.Path, err)
		}
		removeNewDirs(c.NewDirs)
		return nil
	}
	return writeFileAtomic(c.Path, c.Before, c.Mode)
}

// removeNewDirs removes folders toolfix created, innermost first, where they are empty.
func removeNewDirs(outermostFirst []string) {
	for i := len(outermostFirst) - 1; i >= 0; i-- {
		_ = os.Remove(outermostFirst[i])
	}
}

// backup copies the plan's existing files into a new folder <Backups>/<UTC time>, folder 0700,
// files 0600, created exclusively so that no backup is ever overwritten. It returns the folder
// ("" when nothing needed a copy) and the copy of each path.
func (in *Installer) backup(changes []*FileChange) (string, map[string]string, error) {
	copies := map[string]string{}
	var todo []*FileChange
	for _, c := range changes {
		if c.Exists {
			todo = append(todo, c)
		}
	}
	if len(todo) == 0 {
		return "", copies, nil
	}
	if err := os.MkdirAll(in.Dirs.Backups(), 0o700); err != nil {
		return "", nil, fmt.Errorf("creating %s: %w", in.Dirs.Backups(), err)
	}
	stamp := in.now().UTC().Format("2006-01-02T15-04-05Z")
	dir := filepath.Join(in.Dirs.Backups(), stamp)
	for i := 2; ; i++ {
		err := os.Mkdir(dir, 0o700)
		if err == nil {
			break
		}
		if !errors.Is(err, os.ErrExist) || i > 1000 {
			return "", nil, fmt.Errorf("creating backup folder %s: %w", dir, err)
		}
		dir = filepath.Join(in.Dirs.Backups(), fmt.Sprintf("%s-%d", stamp, i))
	}
	for _, c := range todo {
		dst := filepath.Join(dir, backupName(c.Path))
		if err := os.MkdirAll(filepath.Dir(dst), 0o700); err != nil {
			return dir, nil, fmt.Errorf("backing up %s: %w", c.Path, err)
		}
		f, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
		if err != nil {
			return dir, nil, fmt.Errorf("backing up %s: %w", c.Path, err)
		}
		_, err = f.Write(c.Before)
		if err == nil {
			err = f.Sync()
		}
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return dir, nil, fmt.Errorf("backing up %s: %w", c.Path, err)
		}
		copies[c.Path] = dst
	}
	syncDir(dir)
	return dir, copies, nil
}

// backupName maps an absolute path into the backup folder: "/home/me/.claude/settings.json"
// becomes "home/me/.claude/settings.json", "C:\Users\me\x.json" becomes "C\Users\me\x.json".
func backupName(path string) string {
	vol := filepath.VolumeName(path)
	rest := strings.TrimLeft(path[len(vol):], `/\`)
	vol = strings.Map(func(r rune) rune {
		if r == ':' || r == '\\' || r == '/' {
			return -1
		}
		return r
	}, vol)
	return filepath.Join(vol, rest)
}

func (in *Installer) now() time.Time {
	if in.Now != nil {
		return in.Now()
	}
	return time.Now()
}

// cloneState is a deep copy of st.
func cloneState(st *State) *State {
	if st == nil {
		return nil
	}
	c := *st
	c.Routes = append([]Route(nil), st.Routes...)
	c.Files = make([]FileState, len(st.Files))
	for i, f := range st.Files {
		f.CreatedDirs = append([]string(nil), f.CreatedDirs...)
		f.Edits = append([]Edit(nil), f.Edits...)
		c.Files[i] = f
	}
	c.Previous = cloneState(st.Previous)
	return &c
}
