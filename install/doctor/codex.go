package doctor

import (
	"context"
	"fmt"
	"maps"
	"path/filepath"
	"slices"

	"github.com/toolfix/toolfix/providers"
)

// codexRoutes maps each Codex provider id toolfix routed ("openai" for the built-in one, whose
// key is openai_base_url) to the base URL it wrote, with the file it edited.
func (s *session) codexRoutes() (map[string]string, []string) {
	m := map[string]string{}
	var files []string
	for _, f := range s.st.Files {
		if f.Client != providers.Codex {
			continue
		}
		for _, e := range f.Edits {
			p, err := providers.ParsePointer(e.Key)
			if err != nil {
				continue
			}
			id := ""
			switch {
			case len(p) == 3 && p[0] == "model_providers" && p[2] == "base_url":
				id = p[1]
			case len(p) == 1 && p[0] == providers.CodexBuiltinKey[0]:
				id = "openai"
			default:
				continue
			}
			if u := s.routeURL(e.Route); u != "" {
				m[id] = u
				if !slices.Contains(files, f.Path) {
					files = append(files, f.Path)
				}
			}
		}
	}
	return m, files
}

// checkCodexLayers looks for what wins over toolfix's edit of Codex CLI's config.toml: a
// CODEX_HOME in the shell that names another folder than the one toolfix edited, a
// model_provider (top level or in a [profiles.x] table) that selects a provider toolfix did not
// route, and a project .codex/config.toml from the current folder up to the git root that sets a
// provider's base_url or openai_base_url. `-c key=value` overrides on Codex's command line win
// over every file and cannot be seen from here; the details say so.
func (s *session) checkCodexLayers(context.Context) Result {
	routed, edited := s.codexRoutes()
	if len(routed) == 0 {
		return Result{Status: Skip, Summary: "no Codex CLI provider is routed through toolfix"}
	}
	var l layers
	now := providers.CodexConfigPath(s.d.Env)
	if !slices.Contains(edited, now) {
		l.find(fmt.Sprintf("Codex now reads %s (CODEX_HOME=%s), not the file toolfix edited (%s)", s.tilde(now), quoteValue(s.getenv("CODEX_HOME")), s.tilde(edited[0])),
			"run `toolfix install` again with this CODEX_HOME, or unset it")
	}
	for _, path := range edited {
		doc, err := readDoc(path, providers.Codex)
		if err != nil {
			continue // the drift and configs checks report it
		}
		l.checked = append(l.checked, s.tilde(path))
		s.codexSelections(&l, s.tilde(path), doc.(*providers.TOMLDoc), routed)
	}
	if s.d.Cwd != "" {
		for _, dir := range ProjectDirs(s.d.Cwd) {
			f := filepath.Join(dir, ".codex", "config.toml")
			if slices.Contains(edited, f) {
				continue
			}
			doc := s.readLayer(&l, f, providers.Codex)
			if doc == nil {
				continue
			}
			s.codexProject(&l, s.short(f), doc.(*providers.TOMLDoc), routed)
			s.codexSelections(&l, s.short(f), doc.(*providers.TOMLDoc), routed)
		}
	}
	r := l.result(fmt.Sprintf("no Codex CLI setting wins over toolfix's %s", plural(len(routed), "provider")))
	r.Details = append(r.Details, "not visible here: `codex -c model_providers.<id>.base_url=…` or `-c openai_base_url=…` on the command line wins over every file")
	return r
}

// codexSelections reports each model_provider in doc (top level and in profiles) that names a
// provider toolfix did not route.
func (s *session) codexSelections(l *layers, where string, doc *providers.TOMLDoc, routed map[string]string) {
	check := func(key providers.Pointer) {
		id, ok, _ := doc.Get(key)
		if !ok {
			return
		}
		if _, r := routed[id]; r {
			return
		}
		hint := fmt.Sprintf("give provider %q a base_url and run `toolfix install`", id)
		if id == "openai" {
			hint = "run `toolfix install --codex-builtin` to route Codex's built-in openai provider"
		}
		l.find(fmt.Sprintf("%s: %s = %q selects a provider toolfix does not route", where, key.Dotted(), id), hint)
	}
	if _, ok, _ := doc.Get(providers.Pointer{"model_provider"}); !ok && where == s.tilde(doc.Path()) {
		if _, r := routed["openai"]; !r {
			l.find(fmt.Sprintf("%s sets no model_provider, so Codex uses its built-in openai provider, which toolfix does not route", where),
				"set model_provider to a routed provider, or run `toolfix install --codex-builtin`")
		}
	}
	check(providers.Pointer{"model_provider"})
	for _, p := range doc.Keys(providers.Pointer{"profiles"}) {
		check(providers.Pointer{"profiles", p, "model_provider"})
	}
}

// codexProject reports each routed provider's base URL that a project config sets to something
// else.
func (s *session) codexProject(l *layers, where string, doc *providers.TOMLDoc, routed map[string]string) {
	for _, id := range slices.Sorted(maps.Keys(routed)) {
		key := providers.CodexProviderKey(id)
		if id == "openai" {
			key = providers.CodexBuiltinKey
		}
		v, ok, _ := doc.Get(key)
		if !ok || v == routed[id] || s.isToolfixURL(v) {
			continue
		}
		l.find(fmt.Sprintf("%s sets %s = %s", where, key.Dotted(), quoteValue(v)),
			fmt.Sprintf("remove %s from %s, or set it to %s", key.Dotted(), where, routed[id]))
	}
}
