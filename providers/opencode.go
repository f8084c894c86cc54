package providers

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/tailscale/hujson"
)

// OpenCodeBuiltins are the built-in OpenCode providers toolfix can route without a baseURL in the
// config (--opencode-builtin), with the upstream each uses by default.
var OpenCodeBuiltins = map[string]string{
	"anthropic": "https://api.anthropic.com/v1",
	"openai":    "https://api.openai.com/v1",
}

// openCodeFiles are the global config files OpenCode merges, lowest precedence first.
var openCodeFiles = []string{"config.json", "opencode.json", "opencode.jsonc"}

// OpenCodeDir is $XDG_CONFIG_HOME/opencode, else ~/.config/opencode — on every OS, as OpenCode
// itself does (this is not adrg/xdg's ConfigHome on macOS or Windows).
func OpenCodeDir(env Env) string {
	if x := env.getenv("XDG_CONFIG_HOME"); x != "" {
		return filepath.Join(x, "opencode")
	}
	return filepath.Join(env.Home, ".config", "opencode")
}

// OpenCodePaths are the config files OpenCode reads, lowest precedence first: config.json,
// opencode.json, opencode.jsonc in OpenCodeDir, then the file OPENCODE_CONFIG names.
func OpenCodePaths(env Env) []string {
	dir := OpenCodeDir(env)
	var paths []string
	for _, n := range openCodeFiles {
		paths = append(paths, filepath.Join(dir, n))
	}
	if c := env.getenv("OPENCODE_CONFIG"); c != "" {
		c = expandHome(c, env.Home)
		if abs, err := filepath.Abs(c); err == nil {
			c = abs
		}
		dup := false
		for _, p := range paths {
			dup = dup || p == c
		}
		if !dup {
			paths = append(paths, c)
		}
	}
	return paths
}

// ScanOpenCode reads OpenCode's config files. Every provider.<id>.options.baseURL is a target
// routed as "opencode-<id>"; when several files set the same provider, all are edited and the
// route goes where the last one (the one OpenCode uses) points. {env:VAR} and {file:path} in a
// value are resolved now, since a service does not see the user's shell; one that cannot be
// resolved is skipped with a note. builtins names built-in providers (keys of OpenCodeBuiltins)
// to route with their default upstream when no file sets their baseURL. Errors: a file cannot be
// read or parsed, a provider is not an object, or builtins names an unknown provider.
func ScanOpenCode(env Env, builtins []string) (Scan, error) {
	var s Scan
	for _, b := range builtins {
		if _, ok := OpenCodeBuiltins[b]; !ok {
			return s, fmt.Errorf("unknown built-in OpenCode provider %q (known: %s)", b, strings.Join(sortedKeys(OpenCodeBuiltins), ", "))
		}
	}
	seen := map[string]bool{} // the same file reached twice (OPENCODE_CONFIG through a link) is read once
	for _, p := range OpenCodePaths(env) {
		real, err := filepath.EvalSymlinks(p)
		if err != nil {
			real = p
		}
		if seen[real] {
			continue
		}
		seen[real] = true
		f, err := readConfig(OpenCode, p, false)
		if err != nil {
			return s, err
		}
		if f != nil {
			s.Files = append(s.Files, f)
		}
	}
	if paths := OpenCodePaths(env); len(paths) > len(openCodeFiles) {
		if c := paths[len(paths)-1]; !fileExists(c) {
			s.Notes = append(s.Notes, fmt.Sprintf("OpenCode: OPENCODE_CONFIG names %s, which does not exist, so nothing in it is routed (check the variable)", c))
		}
	}
	routes := routeNamer{}
	byID := map[string][]int{} // provider id -> indexes into s.Targets
	var order []string
	for _, f := range s.Files {
		for _, id := range providerIDs(f.Doc) {
			key := Pointer{"provider", id, "options", "baseURL"}
			raw, ok, err := f.Doc.Get(key)
			if err != nil {
				return s, err
			}
			if !ok {
				continue
			}
			npm, _, _ := f.Doc.Get(Pointer{"provider", id, "npm"})
			proto, supported := ProtocolOf(npm, id)
			if !supported {
				s.Notes = append(s.Notes, fmt.Sprintf("OpenCode: skipped provider %q in %s: its package %s speaks a wire format toolfix does not repair", id, f.Path, npm))
				continue
			}
			up, err := Resolve(raw, filepath.Dir(f.Path), env)
			if err != nil {
				s.Notes = append(s.Notes, fmt.Sprintf("OpenCode: skipped %s in %s: %v", key.Dotted(), f.Path, err))
				continue
			}
			if _, seen := byID[id]; !seen {
				order = append(order, id)
			}
			byID[id] = append(byID[id], len(s.Targets))
			s.Targets = append(s.Targets, Target{Client: OpenCode, File: f.Path, Key: key, Route: routes.name(id), Present: true, Raw: raw, Upstream: up, Protocol: proto})
		}
	}
	// The last file wins in OpenCode's merge: every edit of a provider routes to its upstream.
	for _, id := range order {
		idx := byID[id]
		win := s.Targets[idx[len(idx)-1]]
		for _, i := range idx[:len(idx)-1] {
			if s.Targets[i].Upstream != win.Upstream {
				s.Notes = append(s.Notes, fmt.Sprintf("OpenCode: provider %q: %s in %s is overridden by %s; both now route to %s", id, s.Targets[i].Key.Dotted(), s.Targets[i].File, win.File, win.Upstream))
			}
			s.Targets[i].Upstream = win.Upstream
			s.Targets[i].Protocol = win.Protocol
		}
	}
	for _, id := range builtins {
		if _, done := byID[id]; done {
			continue
		}
		f := builtinFile(&s, env, id)
		proto, _ := ProtocolOf("", id)
		s.Targets = append(s.Targets, Target{Client: OpenCode, File: f.Path, Key: Pointer{"provider", id, "options", "baseURL"}, Route: routes.name(id), Upstream: OpenCodeBuiltins[id], Protocol: proto})
	}
	return s, nil
}

// builtinFile picks the file that gets a built-in provider's baseURL: the last file that already
// mentions the provider, else the last file OpenCode reads, else a new opencode.json.
func builtinFile(s *Scan, env Env, id string) *ConfigFile {
	for i := len(s.Files) - 1; i >= 0; i-- {
		if d := s.Files[i].Doc; d.IsEmptyObject(Pointer{"provider", id}) || hasKey(d, Pointer{"provider", id}) {
			return s.Files[i]
		}
	}
	if n := len(s.Files); n > 0 {
		return s.Files[n-1]
	}
	f := newConfig(OpenCode, filepath.Join(OpenCodeDir(env), "opencode.json"))
	s.Files = append(s.Files, f)
	return f
}

func hasKey(d *Doc, p Pointer) bool {
	obj, _, err := d.walk(p[:len(p)-1])
	return err == nil && obj != nil && memberIndex(obj, p[len(p)-1]) >= 0
}

// providerIDs lists the members of the top-level "provider" object, in file order.
func providerIDs(d *Doc) []string {
	obj, _, err := d.walk(Pointer{"provider"})
	if err != nil || obj == nil {
		return nil
	}
	var ids []string
	for _, m := range obj.Members {
		ids = append(ids, m.Name.Value.(hujson.Literal).String())
	}
	return ids
}

// ProtocolOf tells the wire protocol of an OpenCode provider from its npm package (or, without
// one, its id) and whether toolfix repairs it: "anthropic" for @ai-sdk/anthropic, "responses" for
// @ai-sdk/openai (OpenCode uses its Responses API), "openai" for @ai-sdk/openai-compatible and
// other OpenAI-style packages. Google, Vertex, Bedrock and Cohere packages are not supported.
func ProtocolOf(npm, id string) (string, bool) {
	switch npm {
	case "@ai-sdk/anthropic":
		return "anthropic", true
	case "@ai-sdk/openai":
		return "responses", true
	case "@ai-sdk/google", "@ai-sdk/google-vertex", "@ai-sdk/amazon-bedrock", "@ai-sdk/cohere":
		return "", false
	case "":
		switch id {
		case "anthropic":
			return "anthropic", true
		case "openai":
			return "responses", true
		case "google", "google-vertex", "amazon-bedrock":
			return "", false
		}
	}
	return "openai", true
}

// fileRefError is a {file:path} reference whose file cannot be read, said without the os
// package's "open PATH:" prefix: "{file:~/k}: cannot read /home/me/k: there is no such file".
type fileRefError struct {
	Ref, Path string
	Err       error // from os.ReadFile
}

func (e *fileRefError) Error() string {
	why := e.Err.Error()
	var pe *fs.PathError
	switch {
	case errors.Is(e.Err, fs.ErrNotExist):
		why = "there is no such file"
	case errors.As(e.Err, &pe):
		why = pe.Err.Error()
	}
	return fmt.Sprintf("%s: cannot read %s: %s", e.Ref, e.Path, why)
}

func (e *fileRefError) Unwrap() error { return e.Err }

var (
	envRef  = regexp.MustCompile(`\{env:([^}]+)\}`)
	fileRef = regexp.MustCompile(`\{file:([^}]+)\}`)
)

// fileExists reports whether path names something that exists.
func fileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// Resolve substitutes OpenCode's {env:VAR} and {file:path} references in raw, as OpenCode does
// when it loads the file: a variable's value; a file's content with surrounding space trimmed,
// its path taken from dir when relative and from the home folder when it starts with "~/". It
// returns an error naming the reference when a variable is unset or empty or a file cannot be read.
func Resolve(raw, dir string, env Env) (string, error) {
	var err error
	out := envRef.ReplaceAllStringFunc(raw, func(m string) string {
		name := envRef.FindStringSubmatch(m)[1]
		v := env.getenv(name)
		if v == "" && err == nil {
			err = fmt.Errorf("%s: environment variable %s is not set (a service would not see your shell either)", m, name)
		}
		return v
	})
	out = fileRef.ReplaceAllStringFunc(out, func(m string) string {
		p := expandHome(fileRef.FindStringSubmatch(m)[1], env.Home)
		if !filepath.IsAbs(p) {
			p = filepath.Join(dir, p)
		}
		b, rerr := os.ReadFile(p)
		if rerr != nil && err == nil {
			err = &fileRefError{Ref: m, Path: p, Err: rerr}
		}
		return strings.TrimSpace(string(b))
	})
	return out, err
}

// routeNamer gives each provider id a stable route name made of the characters routes allow.
type routeNamer map[string]string

var badRouteChar = regexp.MustCompile(`[^A-Za-z0-9._-]`)

func (r routeNamer) name(id string) string {
	if n, ok := r[id]; ok {
		return n
	}
	base := OpenCode + "-" + badRouteChar.ReplaceAllString(id, "-")
	n := base
	for i := 2; r.taken(n); i++ {
		n = fmt.Sprintf("%s-%d", base, i)
	}
	r[id] = n
	return n
}

func (r routeNamer) taken(n string) bool {
	for _, v := range r {
		if v == n {
			return true
		}
	}
	return false
}

func sortedKeys(m map[string]string) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}
