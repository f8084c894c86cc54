package providers

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
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

// openCodeFamily describes a client that reads OpenCode's config format: OpenCode itself and its
// fork Kilo CLI. Both read provider.<id>.options.baseURL from JSONC files merged in order; only the
// folder, the file names and the variables differ.
type openCodeFamily struct {
	client    string            // OpenCode or Kilo: route prefix and state name
	name      string            // the client's name in messages
	folder    string            // the folder under $XDG_CONFIG_HOME (else ~/.config)
	files     []string          // global config files, lowest precedence first
	configEnv string            // the variable naming one more config file
	dirEnv    string            // the variable naming one more config folder; "" for none
	newFile   string            // the file a built-in provider's baseURL goes in when none exists
	builtins  map[string]string // built-in providers and their default upstreams
}

// openCode is OpenCode: config.json, opencode.json, opencode.jsonc in ~/.config/opencode, then
// the file OPENCODE_CONFIG names.
var openCode = openCodeFamily{
	client: OpenCode, name: "OpenCode", folder: "opencode",
	files:     []string{"config.json", "opencode.json", "opencode.jsonc"},
	configEnv: "OPENCODE_CONFIG", newFile: "opencode.json", builtins: OpenCodeBuiltins,
}

// kilo is Kilo CLI (an OpenCode fork): config.json, kilo.json, kilo.jsonc, opencode.json,
// opencode.jsonc in ~/.config/kilo, then the file KILO_CONFIG names, then the same names in the
// folder KILO_CONFIG_DIR names.
var kilo = openCodeFamily{
	client: Kilo, name: "Kilo", folder: "kilo",
	files:     []string{"config.json", "kilo.json", "kilo.jsonc", "opencode.json", "opencode.jsonc"},
	configEnv: "KILO_CONFIG", dirEnv: "KILO_CONFIG_DIR", newFile: "kilo.json", builtins: OpenCodeBuiltins,
}

// OpenCodeDir is $XDG_CONFIG_HOME/opencode, else ~/.config/opencode — on every OS, as OpenCode
// itself does (this is not adrg/xdg's ConfigHome on macOS or Windows).
func OpenCodeDir(env Env) string { return openCode.dir(env) }

// KiloDir is $XDG_CONFIG_HOME/kilo, else ~/.config/kilo, on every OS as for OpenCode.
func KiloDir(env Env) string { return kilo.dir(env) }

// OpenCodePaths are the config files OpenCode reads, lowest precedence first: config.json,
// opencode.json, opencode.jsonc in OpenCodeDir, then the file OPENCODE_CONFIG names.
func OpenCodePaths(env Env) []string { return openCode.paths(env) }

// KiloPaths are the config files Kilo CLI reads, lowest precedence first: config.json, kilo.json,
// kilo.jsonc, opencode.json, opencode.jsonc in KiloDir, the file KILO_CONFIG names, then those
// names in the folder KILO_CONFIG_DIR names.
func KiloPaths(env Env) []string { return kilo.paths(env) }

func (c openCodeFamily) dir(env Env) string {
	if x := env.getenv("XDG_CONFIG_HOME"); x != "" {
		return filepath.Join(x, c.folder)
	}
	return filepath.Join(env.Home, ".config", c.folder)
}

func (c openCodeFamily) paths(env Env) []string {
	var paths []string
	add := func(p string) {
		p = expandHome(p, env.Home)
		if abs, err := filepath.Abs(p); err == nil {
			p = abs
		}
		if !slices.Contains(paths, p) {
			paths = append(paths, p)
		}
	}
	for _, n := range c.files {
		add(filepath.Join(c.dir(env), n))
	}
	if f := env.getenv(c.configEnv); f != "" {
		add(f)
	}
	if c.dirEnv != "" {
		if d := env.getenv(c.dirEnv); d != "" {
			for _, n := range c.files {
				add(filepath.Join(expandHome(d, env.Home), n))
			}
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
func ScanOpenCode(env Env, builtins []string) (Scan, error) { return openCode.scan(env, builtins) }

// ScanKilo reads Kilo CLI's config files (KiloPaths) exactly as ScanOpenCode reads OpenCode's:
// every provider.<id>.options.baseURL is a target routed as "kilo-<id>", builtins as for
// OpenCode. Kilo rewrites its own file on first start (adds "$schema" and a "permission" block);
// the edit is found again by its key path, so that does not disturb uninstall.
func ScanKilo(env Env, builtins []string) (Scan, error) { return kilo.scan(env, builtins) }

func (c openCodeFamily) scan(env Env, builtins []string) (Scan, error) {
	var s Scan
	for _, b := range builtins {
		if _, ok := c.builtins[b]; !ok {
			return s, fmt.Errorf("unknown built-in %s provider %q (known: %s)", c.name, b, strings.Join(sortedKeys(c.builtins), ", "))
		}
	}
	seen := map[string]bool{} // the same file reached twice (a variable through a link) is read once
	for _, p := range c.paths(env) {
		real, err := filepath.EvalSymlinks(p)
		if err != nil {
			real = p
		}
		if seen[real] {
			continue
		}
		seen[real] = true
		f, err := readConfig(c.client, p)
		if err != nil {
			return s, err
		}
		if f != nil {
			s.Files = append(s.Files, f)
		}
	}
	if v := env.getenv(c.configEnv); v != "" {
		if p := c.paths(Env{Home: env.Home, Getenv: func(k string) string {
			if k == c.configEnv {
				return v
			}
			return ""
		}}); !fileExists(p[len(p)-1]) {
			s.Notes = append(s.Notes, fmt.Sprintf("%s: %s names %s, which does not exist, so nothing in it is routed (check the variable)", c.name, c.configEnv, p[len(p)-1]))
		}
	}
	routes := routeNamer{prefix: c.client, names: map[string]string{}}
	byID := map[string][]int{} // provider id -> indexes into s.Targets
	var order []string
	for _, f := range s.Files {
		d := f.Doc.(*Doc)
		for _, id := range providerIDs(d, Pointer{"provider"}) {
			key := Pointer{"provider", id, "options", "baseURL"}
			raw, ok, err := d.Get(key)
			if err != nil {
				return s, err
			}
			if !ok {
				continue
			}
			npm, _, _ := d.Get(Pointer{"provider", id, "npm"})
			proto, supported := ProtocolOf(npm, id)
			if !supported {
				s.Notes = append(s.Notes, fmt.Sprintf("%s: skipped provider %q in %s: its package %s speaks a wire format toolfix does not repair", c.name, id, f.Path, npm))
				continue
			}
			up, err := Resolve(raw, filepath.Dir(f.Path), env)
			if err != nil {
				s.Notes = append(s.Notes, fmt.Sprintf("%s: skipped %s in %s: %v", c.name, key.Dotted(), f.Path, err))
				continue
			}
			if _, seen := byID[id]; !seen {
				order = append(order, id)
			}
			byID[id] = append(byID[id], len(s.Targets))
			s.Targets = append(s.Targets, Target{Client: c.client, File: f.Path, Key: key, Route: routes.name(id), Present: true, Raw: raw, Upstream: up, Protocol: proto})
		}
	}
	// The last file wins in the merge: every edit of a provider routes to its upstream.
	for _, id := range order {
		idx := byID[id]
		win := s.Targets[idx[len(idx)-1]]
		for _, i := range idx[:len(idx)-1] {
			if s.Targets[i].Upstream != win.Upstream {
				s.Notes = append(s.Notes, fmt.Sprintf("%s: provider %q: %s in %s is overridden by %s; both now route to %s", c.name, id, s.Targets[i].Key.Dotted(), s.Targets[i].File, win.File, win.Upstream))
			}
			s.Targets[i].Upstream = win.Upstream
			s.Targets[i].Protocol = win.Protocol
		}
	}
	for _, id := range builtins {
		if _, done := byID[id]; done {
			continue
		}
		f := c.builtinFile(&s, env, id)
		proto, _ := ProtocolOf("", id)
		s.Targets = append(s.Targets, Target{Client: c.client, File: f.Path, Key: Pointer{"provider", id, "options", "baseURL"}, Route: routes.name(id), Upstream: c.builtins[id], Protocol: proto})
	}
	return s, nil
}

// builtinFile picks the file that gets a built-in provider's baseURL: the last file that already
// mentions the provider, else the last file the client reads, else a new file in its folder.
func (c openCodeFamily) builtinFile(s *Scan, env Env, id string) *ConfigFile {
	for i := len(s.Files) - 1; i >= 0; i-- {
		if d := s.Files[i].Doc.(*Doc); d.IsEmptyObject(Pointer{"provider", id}) || hasKey(d, Pointer{"provider", id}) {
			return s.Files[i]
		}
	}
	if n := len(s.Files); n > 0 {
		return s.Files[n-1]
	}
	f := newConfig(c.client, filepath.Join(c.dir(env), c.newFile))
	s.Files = append(s.Files, f)
	return f
}

func hasKey(d *Doc, p Pointer) bool {
	obj, _, err := d.walk(p[:len(p)-1])
	return err == nil && obj != nil && memberIndex(obj, p[len(p)-1]) >= 0
}

// providerIDs lists the members of the object at p (OpenCode's "provider"), in file order.
func providerIDs(d *Doc, p Pointer) []string {
	obj, _, err := d.walk(p)
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

// routeNamer gives each provider id a stable route name, "<prefix>-<id>", made of the characters
// routes allow.
type routeNamer struct {
	prefix string
	names  map[string]string // id -> route
}

var badRouteChar = regexp.MustCompile(`[^A-Za-z0-9._-]`)

func (r routeNamer) name(id string) string {
	if n, ok := r.names[id]; ok {
		return n
	}
	base := r.prefix + "-" + badRouteChar.ReplaceAllString(id, "-")
	n := base
	for i := 2; r.taken(n); i++ {
		n = fmt.Sprintf("%s-%d", base, i)
	}
	r.names[id] = n
	return n
}

func (r routeNamer) taken(n string) bool {
	for _, v := range r.names {
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
