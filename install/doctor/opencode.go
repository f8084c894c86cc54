package doctor

import (
	"context"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"

	"github.com/toolfix/toolfix/providers"
)

// openCodeLayers says where a client of OpenCode's config format (OpenCode, Kilo CLI) finds the
// layers that win over its global config.
type openCodeLayers struct {
	client     string   // providers.OpenCode or providers.Kilo: whose routes are checked
	name       string   // the client's name in messages
	configEnv  string   // the variable naming one more config file
	contentEnv string   // the variable holding a whole config
	project    []string // config files read in each folder from the current one up to the git root
	global     func(providers.Env) []string
}

// openCodeProject are the files OpenCode reads in each folder from the current one up to the git
// root, and in each .opencode folder there.
var openCodeProject = openCodeLayers{
	client: providers.OpenCode, name: "OpenCode", configEnv: "OPENCODE_CONFIG", contentEnv: "OPENCODE_CONFIG_CONTENT",
	project: []string{
		"opencode.json", "opencode.jsonc",
		filepath.Join(".opencode", "opencode.json"), filepath.Join(".opencode", "opencode.jsonc"),
	},
	global: providers.OpenCodePaths,
}

// kiloProject are the files Kilo CLI reads as OpenCode does, with its own names beside OpenCode's.
var kiloProject = openCodeLayers{
	client: providers.Kilo, name: "Kilo", configEnv: "KILO_CONFIG", contentEnv: "KILO_CONFIG_CONTENT",
	project: []string{
		"kilo.json", "kilo.jsonc", "opencode.json", "opencode.jsonc",
		filepath.Join(".kilo", "kilo.json"), filepath.Join(".kilo", "kilo.jsonc"),
		filepath.Join(".opencode", "opencode.json"), filepath.Join(".opencode", "opencode.jsonc"),
	},
	global: providers.KiloPaths,
}

// openCodeRoutes maps each provider id toolfix routed for client to the base URL it wrote.
func (s *session) openCodeRoutes(client string) map[string]string {
	m := map[string]string{}
	for _, f := range s.st.Files {
		if f.Client != client {
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
func (s *session) checkOpenCodeLayers(ctx context.Context) Result {
	return s.checkOpenCodeFamily(ctx, openCodeProject)
}

// checkKiloLayers does for Kilo CLI what checkOpenCodeLayers does for OpenCode: KILO_CONFIG,
// project files (kilo.json[c], opencode.json[c], in .kilo and .opencode too), KILO_CONFIG_CONTENT.
func (s *session) checkKiloLayers(ctx context.Context) Result {
	return s.checkOpenCodeFamily(ctx, kiloProject)
}

func (s *session) checkOpenCodeFamily(_ context.Context, c openCodeLayers) Result {
	routed := s.openCodeRoutes(c.client)
	if len(routed) == 0 {
		return Result{Status: Skip, Summary: "no " + c.name + " provider is routed through toolfix"}
	}
	edited := map[string]bool{}
	for _, f := range s.st.Files {
		edited[f.Path] = true
	}
	global := c.global(providers.Env{Home: s.d.Env.Home, Getenv: func(k string) string {
		if k == c.configEnv {
			return ""
		}
		return s.getenv(k)
	}})
	var l layers
	var files []string
	if v := s.getenv(c.configEnv); v != "" {
		for _, p := range c.global(s.d.Env) {
			if !slices.Contains(global, p) {
				files = append(files, p)
			}
		}
	}
	if s.d.Cwd != "" {
		for _, dir := range ProjectDirs(s.d.Cwd) {
			for _, n := range c.project {
				files = append(files, filepath.Join(dir, n))
			}
		}
	}
	for _, f := range files {
		if edited[f] || slices.Contains(global, f) {
			continue
		}
		doc := s.readLayer(&l, f, c.client)
		if doc == nil {
			continue
		}
		s.openCodeDoc(&l, s.short(f), filepath.Dir(f), doc, routed)
	}
	if v := s.getenv(c.contentEnv); v != "" {
		l.checked = append(l.checked, "$"+c.contentEnv)
		doc, err := providers.ParseDoc(c.contentEnv, []byte(v), false)
		if err != nil {
			l.find(fmt.Sprintf("%s cannot be parsed: %v", c.contentEnv, err), "fix or unset "+c.contentEnv)
		} else {
			s.openCodeDoc(&l, c.contentEnv+" in your shell", s.d.Cwd, doc, routed)
		}
	}
	return l.result(fmt.Sprintf("no %s setting wins over toolfix's %s", c.name, plural(len(routed), "provider")))
}

// openCodeDoc reports each routed provider whose baseURL doc sets to something else.
func (s *session) openCodeDoc(l *layers, where, dir string, doc providers.Document, routed map[string]string) {
	for _, id := range slices.Sorted(maps.Keys(routed)) {
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
