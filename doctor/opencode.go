package doctor

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"

	"github.com/toolfix/toolfix/providers"
)

// openCodeProjectNames are the config files OpenCode reads in each folder from the current one up
// to the git root, and in each .opencode folder there.
var openCodeProjectNames = []string{
	"opencode.json", "opencode.jsonc",
	filepath.Join(".opencode", "opencode.json"), filepath.Join(".opencode", "opencode.jsonc"),
}

// openCodeRoutes maps each OpenCode provider id toolfix routed to the base URL it wrote.
func (s *session) openCodeRoutes() map[string]string {
	m := map[string]string{}
	for _, f := range s.st.Files {
		if f.Client != providers.OpenCode {
			continue
		}
		for _, e := range f.Edits {
			p, err := providers.ParsePointer(e.Key)
			if err != nil || len(p) != 4 || p[0] != "provider" || p[2] != "options" || p[3] != "baseURL" {
				continue
			}
			if u := s.routeURL(e.Route); u != "" {
				m[p[1]] = u
			}
		}
	}
	return m
}

// ProjectDirs are the folders whose project config OpenCode reads: dir, its parent and so on up
// to and including the first that holds .git (a folder, or a file in a git worktree), or up to the
// file system's root when none does.
func ProjectDirs(dir string) []string {
	var dirs []string
	for {
		dirs = append(dirs, dir)
		if _, err := os.Stat(filepath.Join(dir, ".git")); err == nil {
			return dirs
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return dirs
		}
		dir = parent
	}
}

// checkOpenCodeLayers looks for settings that win over the provider baseURLs toolfix set in
// OpenCode's global config: the file OPENCODE_CONFIG names (when toolfix did not edit it), project
// configs from the current folder up to the git root, and OPENCODE_CONFIG_CONTENT.
func (s *session) checkOpenCodeLayers(context.Context) Result {
	if r, ok := s.installed(); !ok {
		return r
	}
	routed := s.openCodeRoutes()
	if len(routed) == 0 {
		return Result{Status: Skip, Summary: "no OpenCode provider is routed through toolfix"}
	}
	edited := map[string]bool{}
	for _, f := range s.st.Files {
		edited[f.Path] = true
	}
	global := providers.OpenCodePaths(providers.Env{Home: s.d.Env.Home, Getenv: func(k string) string {
		if k == "OPENCODE_CONFIG" {
			return ""
		}
		return s.getenv(k)
	}})
	var l layers
	var files []string
	if c := s.getenv("OPENCODE_CONFIG"); c != "" {
		all := providers.OpenCodePaths(s.d.Env)
		files = append(files, all[len(all)-1])
	}
	if s.d.Cwd != "" {
		for _, dir := range ProjectDirs(s.d.Cwd) {
			for _, n := range openCodeProjectNames {
				files = append(files, filepath.Join(dir, n))
			}
		}
	}
	for _, f := range files {
		if edited[f] || slices.Contains(global, f) {
			continue
		}
		doc, err := readDoc(f, providers.OpenCode)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			continue
		case err != nil:
			l.find(fmt.Sprintf("%s cannot be parsed: %v", s.short(f), err), "fix the syntax of "+s.short(f))
			continue
		}
		l.checked = append(l.checked, s.short(f))
		s.openCodeDoc(&l, s.short(f), filepath.Dir(f), doc, routed)
	}
	if c := s.getenv("OPENCODE_CONFIG_CONTENT"); c != "" {
		l.checked = append(l.checked, "$OPENCODE_CONFIG_CONTENT")
		doc, err := providers.ParseDoc("OPENCODE_CONFIG_CONTENT", []byte(c), false)
		if err != nil {
			l.find(fmt.Sprintf("OPENCODE_CONFIG_CONTENT cannot be parsed: %v", err), "fix or unset OPENCODE_CONFIG_CONTENT")
		} else {
			s.openCodeDoc(&l, "OPENCODE_CONFIG_CONTENT in your shell", s.d.Cwd, doc, routed)
		}
	}
	return l.result(fmt.Sprintf("no OpenCode setting wins over toolfix's %s", plural(len(routed), "provider")))
}

// openCodeDoc reports each routed provider whose baseURL doc sets to something else.
func (s *session) openCodeDoc(l *layers, where, dir string, doc providers.Document, routed map[string]string) {
	ids := make([]string, 0, len(routed))
	for id := range routed {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	for _, id := range ids {
		key := providers.Pointer{"provider", id, "options", "baseURL"}
		raw, ok, _ := doc.Get(key)
		if !ok {
			continue
		}
		v, err := providers.Resolve(raw, dir, s.d.Env)
		if err == nil && (v == routed[id] || s.isToolfixURL(v)) {
			continue
		}
		l.find(fmt.Sprintf("%s sets %s = %s", where, key.Dotted(), quoteValue(raw)),
			fmt.Sprintf("remove %s from %s, or set it to %s", key.Dotted(), where, routed[id]))
	}
}
