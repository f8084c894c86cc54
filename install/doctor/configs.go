package doctor

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"strings"

	"github.com/toolfix/toolfix/install"
	"github.com/toolfix/toolfix/providers"
	"github.com/toolfix/toolfix/proxy/secret"
)

// checkInstall reads toolfix's state file.
func (s *session) checkInstall(context.Context) Result {
	switch {
	case errors.Is(s.stErr, install.ErrNotInstalled):
		r := Result{Status: Fail, Summary: "toolfix is not installed (no " + s.tilde(s.d.Dirs.StateFile()) + ")", Hint: "run `toolfix install --dry-run` to see what it would change, then `toolfix install`"}
		if found, _ := (&install.Installer{Dirs: s.d.Dirs, Env: s.d.Env}).Leftovers(); len(found) > 0 {
			verb := " still point at"
			if len(found) == 1 {
				verb = " still points at"
			}
			r.Summary += ", yet " + plural(len(found), "setting") + verb + " a toolfix proxy"
			r.Details = found
			r.Hint = "toolfix has no record of these edits (its state folder was removed, or another one is in use): put each key's real upstream back by hand"
			if b := s.d.Dirs.BackupsIfAny(); b != "" {
				r.Hint += " (backups of an earlier install may hold them, in " + s.tilde(b) + ")"
			}
			r.Hint += ", or point XDG_STATE_HOME back at the install's state folder and run `toolfix uninstall`"
		}
		return r
	case s.stErr != nil:
		undo := "set each base URL toolfix changed back to its real upstream by hand"
		if b := s.d.Dirs.BackupsIfAny(); b != "" {
			undo = "put back each config file it changed from the newest folder in " + s.tilde(b) + " (or set each base URL to its real upstream by hand)"
		}
		return Result{Status: Fail, Summary: s.stErr.Error(), Hint: "toolfix cannot undo its edits without this file: " + undo + ", then move the state file aside (" + s.tilde(s.d.Dirs.StateFile()) + "); `toolfix install` works again after that"}
	case s.st.Phase != install.PhaseInstalled:
		return Result{Status: Fail, Summary: "an install was interrupted half way (state phase " + s.st.Phase + ")", Hint: "run `toolfix install` (or `toolfix uninstall`): it undoes the interrupted install first"}
	}
	svc := "service installed"
	if !s.st.Service {
		svc = "no service (--no-service: you run `toolfix serve`)"
	}
	r := Result{Status: OK, Summary: fmt.Sprintf("%s on port %d, %s", plural(len(s.st.Routes), "route"), s.st.Port, svc)}
	for _, rt := range s.st.Routes {
		r.Details = append(r.Details, fmt.Sprintf("%s → %s (%s, %s)", rt.Name, redactURL(rt.Upstream), rt.Protocol, rt.Client))
	}
	if s.d.Port != 0 && s.d.Port != s.st.Port {
		r.Status = Warn
		r.Hint = fmt.Sprintf("doctor was told to check port %d, but the installed proxy listens on %d", s.d.Port, s.st.Port)
	}
	return r
}

// configFile is a client config file doctor reads; its client says how it is parsed.
type configFile struct {
	path   string
	client string
}

// configFiles are the user-level config files of every client and every file in the state.
func (s *session) configFiles() []configFile {
	var fs []configFile
	seen := map[string]bool{}
	add := func(path, client string) {
		if seen[path] {
			return
		}
		seen[path] = true
		fs = append(fs, configFile{path: path, client: client})
	}
	add(providers.ClaudeSettingsPath(s.d.Env), providers.Claude)
	for _, p := range providers.OpenCodePaths(s.d.Env) {
		add(p, providers.OpenCode)
	}
	add(providers.CodexConfigPath(s.d.Env), providers.Codex)
	for _, p := range providers.KiloPaths(s.d.Env) {
		add(p, providers.Kilo)
	}
	add(providers.QwenSettingsPath(s.d.Env), providers.Qwen)
	add(providers.QwenEnvPath(s.d.Env), providers.Qwen)
	if s.st != nil {
		for _, f := range s.st.Files {
			add(f.Path, f.Client)
		}
	}
	return fs
}

// readDoc reads and parses a config file of client (providers.ParseConfig); a missing file gives
// (nil, fs.ErrNotExist).
func readDoc(path, client string) (providers.Document, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return providers.ParseConfig(client, path, b)
}

// checkConfigs parses each client config file that exists, and warns of each that install would
// refuse to write (install.CheckWritable).
func (s *session) checkConfigs(context.Context) Result {
	var ok, bad []string
	var exist []*install.FileChange
	for _, f := range s.configFiles() {
		_, err := readDoc(f.path, f.client)
		switch {
		case errors.Is(err, fs.ErrNotExist):
		case err != nil:
			bad = append(bad, err.Error())
		default:
			ok = append(ok, s.tilde(f.path))
			exist = append(exist, &install.FileChange{Path: f.path, Client: f.client})
		}
	}
	unwritable := install.CheckWritable(exist)
	switch {
	case len(bad) > 0:
		hint := "fix the syntax at the line and column shown (Claude Code's settings.json is strict JSON: no comments, no trailing commas; Codex's config.toml is TOML)"
		// Backups are named only where there were edits to back up: toolfix is installed.
		if b := s.d.Dirs.BackupsIfAny(); b != "" && !errors.Is(s.stErr, install.ErrNotInstalled) {
			hint += "; copies from before toolfix's edits are in " + s.tilde(b)
		}
		return Result{Status: Fail, Summary: fmt.Sprintf("%s cannot be parsed", plural(len(bad), "config file")), Details: bad, Hint: hint}
	case len(ok) == 0:
		return Result{Status: Skip, Summary: "no Claude Code, OpenCode, Codex CLI, Kilo CLI or Qwen Code config file exists"}
	case unwritable != nil:
		problems := strings.Split(unwritable.Error(), "\n")
		return Result{Status: Warn, Summary: fmt.Sprintf("%s, but `toolfix install` would refuse to write as things are (%s)", plural(len(ok), "config file")+verb(len(ok), " parses", " parse"), plural(len(problems), "problem")),
			Details: problems, Hint: "fix each as its line says before `toolfix install`: it checks every file first and changes nothing while one cannot be written as it must"}
	}
	return Result{Status: OK, Summary: plural(len(ok), "config file") + verb(len(ok), " parses", " parse"), Details: ok}
}

// checkDrift reads every key toolfix set and compares it with the value toolfix wrote.
func (s *session) checkDrift(context.Context) Result {
	var good, drifted []string
	for _, f := range s.st.Files {
		doc, err := readDoc(f.Path, f.Client)
		if err != nil {
			what := "cannot be read or parsed (see configs)"
			if errors.Is(err, fs.ErrNotExist) {
				what = "is gone"
			}
			drifted = append(drifted, fmt.Sprintf("%s %s: %s lost", s.tilde(f.Path), what, plural(len(f.Edits), "routed key")))
			continue
		}
		for _, e := range f.Edits {
			key, err := providers.ParsePointer(e.Key)
			if err != nil {
				drifted = append(drifted, fmt.Sprintf("%s: the state names a bad key %q", s.tilde(f.Path), e.Key))
				continue
			}
			where := s.tilde(f.Path) + ": " + key.Dotted()
			v, present, err := doc.Get(key)
			switch {
			case err != nil:
				drifted = append(drifted, fmt.Sprintf("%s: %v", where, err))
			case !present:
				drifted = append(drifted, where+" was removed")
			case v == e.After && e.After == s.st.RouteURL(e.Route):
				good = append(good, where+" = "+v)
			case v == e.After:
				drifted = append(drifted, fmt.Sprintf("%s = %s, but the proxy listens on port %d", where, v, s.st.Port))
			case s.isToolfixURL(v):
				drifted = append(drifted, fmt.Sprintf("%s = %s, toolfix's address but not the one install wrote (%s)", where, v, e.After))
			default:
				drifted = append(drifted, fmt.Sprintf("%s is now %s, not toolfix's %s: changed by hand, by the client itself or by another switcher", where, quoteValue(v), e.After))
			}
		}
	}
	if len(drifted) > 0 {
		return Result{Status: Fail, Summary: fmt.Sprintf("%d of %d routed keys no longer point%s at toolfix", len(drifted), len(drifted)+len(good), verb(len(drifted), "s", "")), Details: drifted,
			Hint: "run `toolfix install` to route the new values through toolfix again, or `toolfix uninstall` to stop using it"}
	}
	if len(good) == 0 {
		return Result{Status: Warn, Summary: "the state records no routed key", Hint: "run `toolfix install` again"}
	}
	return Result{Status: OK, Summary: fmt.Sprintf("%s at toolfix", plural(len(good), "routed key")+verb(len(good), " points", " point")), Details: good}
}

// isToolfixURL reports whether v is a loopback URL on the proxy's port or whose first path
// segment is one of toolfix's routes.
func (s *session) isToolfixURL(v string) bool {
	u, err := url.Parse(v)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") {
		return false
	}
	if s.st != nil && s.st.Gateway != "" && strings.HasPrefix(v, s.st.Gateway) {
		return true
	}
	isSelf, _, err := install.CheckUpstream(v, s.ports(), s.routeNames())
	return err == nil && isSelf
}

// ports are the proxy's port being checked and the installed one.
func (s *session) ports() []int {
	ps := []int{s.port}
	if s.st != nil && s.st.Port != s.port {
		ps = append(ps, s.st.Port)
	}
	return ps
}

func (s *session) routeNames() []string {
	if s.st == nil {
		return nil
	}
	var ns []string
	for _, r := range s.st.Routes {
		ns = append(ns, r.Name)
	}
	return ns
}

// routeURL is the base URL toolfix wrote for the route; "" when the state has no such route.
func (s *session) routeURL(route string) string {
	if s.st == nil {
		return ""
	}
	return s.st.RouteURL(route)
}

// tilde shortens a path under the home folder to ~/….
func (s *session) tilde(p string) string {
	home := s.d.Env.Home
	if home == "" {
		return p
	}
	if rel, err := filepath.Rel(home, p); err == nil && rel != "." && !strings.HasPrefix(rel, "..") {
		return "~" + string(filepath.Separator) + rel
	}
	return p
}

// short shows a path in the current folder or below it as ./…, others as tilde does.
func (s *session) short(p string) string {
	if s.d.Cwd != "" {
		if rel, err := filepath.Rel(s.d.Cwd, p); err == nil && !filepath.IsAbs(rel) && !strings.HasPrefix(rel, "..") {
			return "." + string(filepath.Separator) + rel
		}
	}
	return s.tilde(p)
}

// redactURL hides a password in a URL's user information; other text is returned as it is.
func redactURL(v string) string {
	return secret.URL(v)
}

// quoteValue shows a config value: a URL with its password hidden, "" as (empty).
func quoteValue(v string) string {
	if v == "" {
		return "(empty)"
	}
	return redactURL(v)
}
