package cmd

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/tailscale/hujson"
	"github.com/toolfix/toolfix/install"
	"github.com/toolfix/toolfix/providers"
	"github.com/toolfix/toolfix/proxy"
	"github.com/toolfix/toolfix/proxy/observe"
	"github.com/toolfix/toolfix/proxy/secret"
)

// runTarget is one base URL of the client that `toolfix run` routes: Claude Code's
// ANTHROPIC_BASE_URL, one OpenCode, Kilo or Codex provider's base URL, or Qwen Code's.
type runTarget struct {
	// ID is the client's name for Claude Code and Qwen Code, else the provider id.
	ID string
	// Upstream is where the client sends requests today, toolfix's own URL resolved to the route's
	// upstream.
	Upstream string
	// Protocol is "anthropic", "openai" or "responses".
	Protocol string
	// Route is the route that serves it: in the private proxy, or in the installed service.
	Route string
	// Via is "private" (a proxy for this run), "service" (the installed service has a route to the
	// same upstream) or "unchanged" (the client already goes through the running service).
	Via string
	// URL is the base URL handed to the client; set once the proxy listens.
	URL string
}

// runService is the installed toolfix service, when it answers.
type runService struct {
	base   string              // "http://127.0.0.1:PORT"
	port   int                 // its port
	routes []observe.RouteInfo // what it serves
}

// claudeSelectors choose a cloud wire format toolfix does not repair.
var claudeSelectors = []string{"CLAUDE_CODE_USE_BEDROCK", "CLAUDE_CODE_USE_VERTEX", "CLAUDE_CODE_USE_FOUNDRY"}

// managedSettingsPath is Claude Code's managed (enterprise) settings file, which wins over
// --settings.
func managedSettingsPath() string {
	switch runtime.GOOS {
	case "darwin":
		return "/Library/Application Support/ClaudeCode/managed-settings.json"
	case "windows":
		return `C:\ProgramData\ClaudeCode\managed-settings.json`
	}
	return "/etc/claude-code/managed-settings.json"
}

// settingsEnv reads the "env" object of a Claude Code settings file (strict JSON); a missing file
// gives nil.
func settingsEnv(path string) (map[string]string, error) {
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", path, err)
	}
	var s struct {
		Env map[string]any `json:"env"`
	}
	if err := json.Unmarshal(b, &s); err != nil {
		return nil, fmt.Errorf("%w (fix the file and run again)", providers.ParseError(path, b, err))
	}
	out := map[string]string{}
	for k, v := range s.Env {
		if str, ok := v.(string); ok {
			out[k] = str
		} else if v != nil {
			out[k] = fmt.Sprint(v)
		}
	}
	return out, nil
}

// claudeUpstream works out where Claude Code sends requests today, as Claude Code does: the env of
// the local project settings, then the project settings (.claude/ in dir), then the user settings,
// then the shell's ANTHROPIC_BASE_URL, then Anthropic's API. It refuses when a settings layer or
// the shell selects Bedrock, Vertex or Foundry, and when the managed settings fix the base URL
// (they win over --settings, so toolfix could not route the run).
func claudeUpstream(env providers.Env, dir string) (string, error) {
	getenv := env.Getenv
	if getenv == nil {
		getenv = os.Getenv
	}
	managed, err := settingsEnv(managedSettingsPath())
	if err != nil {
		return "", err
	}
	if v := managed["ANTHROPIC_BASE_URL"]; v != "" {
		return "", fmt.Errorf("the managed settings %s set ANTHROPIC_BASE_URL=%s, which wins over anything toolfix can hand Claude Code", managedSettingsPath(), secret.URL(v))
	}
	layers := []string{
		filepath.Join(dir, ".claude", "settings.local.json"),
		filepath.Join(dir, ".claude", "settings.json"),
		providers.ClaudeSettingsPath(env),
	}
	var found string
	for _, p := range layers {
		e, err := settingsEnv(p)
		if err != nil {
			return "", err
		}
		for _, sel := range claudeSelectors {
			if truthy(e[sel]) {
				return "", fmt.Errorf("%s sets %s: Claude Code then speaks a cloud wire format toolfix does not repair", p, sel)
			}
		}
		if v := e["ANTHROPIC_BASE_URL"]; v != "" && found == "" {
			found = v
		}
	}
	for _, sel := range claudeSelectors {
		if truthy(getenv(sel)) {
			return "", fmt.Errorf("your environment sets %s: Claude Code then speaks a cloud wire format toolfix does not repair", sel)
		}
	}
	if found != "" {
		return found, nil
	}
	if v := getenv("ANTHROPIC_BASE_URL"); v != "" {
		return v, nil
	}
	return providers.ClaudeDefaultUpstream, nil
}

func truthy(v string) bool {
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "", "0", "false", "no", "off":
		return false
	}
	return true
}

// openCodeProvider is what an OpenCode config layer says of one provider.
type openCodeProvider struct {
	NPM     string `json:"npm"`
	Options struct {
		BaseURL string `json:"baseURL"`
	} `json:"options"`
}

type openCodeConfig struct {
	Provider map[string]openCodeProvider `json:"provider"`
}

// parseOpenCode reads an OpenCode config text (JSONC); name is for errors.
func parseOpenCode(name string, data []byte) (openCodeConfig, error) {
	var c openCodeConfig
	std, err := hujson.Standardize(data)
	if err == nil {
		err = json.Unmarshal(std, &c)
	}
	if err != nil {
		return c, fmt.Errorf("%w (fix it and run again)", providers.ParseError(name, data, err))
	}
	return c, nil
}

// runFamily says where a client of OpenCode's config format (OpenCode, Kilo) finds its layers.
type runFamily struct {
	name       string // the client's name in messages
	scan       func(providers.Env, []string) (providers.Scan, error)
	project    []string // project files in each folder, in reading order
	contentEnv string   // the variable holding a whole config
}

// runFamilies are OpenCode and Kilo.
var runFamilies = map[string]runFamily{
	providers.OpenCode: {name: "OpenCode", scan: providers.ScanOpenCode, project: []string{"opencode.jsonc", "opencode.json"}, contentEnv: "OPENCODE_CONFIG_CONTENT"},
	providers.Kilo:     {name: "Kilo", scan: providers.ScanKilo, project: []string{"opencode.jsonc", "opencode.json", "kilo.jsonc", "kilo.json"}, contentEnv: "KILO_CONFIG_CONTENT"},
}

// openCodeTargets lists the providers OpenCode (or Kilo, as fam says) would send requests to,
// with their upstreams: every provider with a baseURL in the global files (fam.scan), then the
// project's files (from dir up to the repository root, nearest last) and fam.contentEnv, each
// layer winning over the one before; and the built-in anthropic and openai providers at their
// default upstreams when no layer sets theirs. Providers whose package speaks a format toolfix
// does not repair are left out.
func openCodeTargets(fam runFamily, env providers.Env, dir string) ([]runTarget, []string, error) {
	scan, err := fam.scan(env, nil)
	if err != nil {
		return nil, nil, err
	}
	notes := scan.Notes
	byID := map[string]runTarget{}
	for _, t := range scan.Targets {
		id := t.Key[1] // provider/<id>/options/baseURL
		byID[id] = runTarget{ID: id, Upstream: t.Upstream, Protocol: t.Protocol}
	}
	overlay := func(name, from string, data []byte) error {
		c, err := parseOpenCode(name, data)
		if err != nil {
			return err
		}
		for id, p := range c.Provider {
			if p.Options.BaseURL == "" {
				continue
			}
			proto, ok := providers.ProtocolOf(p.NPM, id)
			if !ok {
				notes = append(notes, fmt.Sprintf("%s: provider %q in %s speaks a format toolfix does not repair", fam.name, id, name))
				delete(byID, id)
				continue
			}
			up, err := providers.Resolve(p.Options.BaseURL, from, env)
			if err != nil {
				notes = append(notes, fmt.Sprintf("%s: provider %q in %s: %v", fam.name, id, name, err))
				continue
			}
			byID[id] = runTarget{ID: id, Upstream: up, Protocol: proto}
		}
		return nil
	}
	for _, p := range projectFiles(dir, fam.project) {
		b, err := os.ReadFile(p)
		if err != nil {
			return nil, nil, fmt.Errorf("reading %s: %w", p, err)
		}
		if err := overlay(p, filepath.Dir(p), b); err != nil {
			return nil, nil, err
		}
	}
	getenv := env.Getenv
	if getenv == nil {
		getenv = os.Getenv
	}
	if c := getenv(fam.contentEnv); c != "" {
		if err := overlay(fam.contentEnv, dir, []byte(c)); err != nil {
			return nil, nil, err
		}
	}
	for id, up := range providers.OpenCodeBuiltins {
		if _, ok := byID[id]; !ok {
			proto, _ := providers.ProtocolOf("", id)
			byID[id] = runTarget{ID: id, Upstream: up, Protocol: proto}
		}
	}
	ids := make([]string, 0, len(byID))
	for id := range byID {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	var out []runTarget
	for _, id := range ids {
		out = append(out, byID[id])
	}
	return out, notes, nil
}

// projectFiles are the project config files named names in dir and each parent up to the folder
// holding .git, farthest first, and within one folder in the order of names.
func projectFiles(dir string, names []string) []string {
	var found []string
	for d := dir; ; d = filepath.Dir(d) {
		for i := len(names) - 1; i >= 0; i-- {
			p := filepath.Join(d, names[i])
			if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() {
				found = append(found, p)
			}
		}
		if _, err := os.Stat(filepath.Join(d, ".git")); err == nil || filepath.Dir(d) == d {
			break
		}
	}
	slices.Reverse(found)
	return found
}

// codexTargets lists Codex CLI's providers with a base URL in its config.toml, and the built-in
// openai provider (at openai_base_url, else api.openai.com).
func codexTargets(env providers.Env) ([]runTarget, []string, error) {
	scan, err := providers.ScanCodex(env, true)
	if err != nil {
		return nil, nil, err
	}
	var out []runTarget
	for _, t := range scan.Targets {
		id := "openai"
		if len(t.Key) == 3 {
			id = t.Key[1] // model_providers/<id>/base_url
		}
		out = append(out, runTarget{ID: id, Upstream: t.Upstream, Protocol: t.Protocol})
	}
	return out, scan.Notes, nil
}

// qwenTarget is where Qwen Code sends requests: OPENAI_BASE_URL from the environment, else from
// ~/.qwen/.env, else the modelProviders.openai entry whose id is model.name (else the first one)
// in ~/.qwen/settings.json. It is an error when none of them names one.
func qwenTarget(env providers.Env) (runTarget, error) {
	getenv := env.Getenv
	if getenv == nil {
		getenv = os.Getenv
	}
	t := runTarget{ID: providers.Qwen, Protocol: "openai"}
	if v := getenv("OPENAI_BASE_URL"); v != "" {
		t.Upstream = v
		return t, nil
	}
	scan, err := providers.ScanQwen(env)
	if err != nil {
		return t, err
	}
	model := ""
	if f := scan.File(providers.QwenSettingsPath(env)); f != nil {
		model, _, _ = f.Doc.Get(providers.Pointer{"model", "name"})
	}
	for _, c := range scan.Targets {
		switch {
		case c.Route == providers.Qwen:
			t.Upstream = c.Upstream
			return t, nil
		case t.Upstream == "" || c.Route == providers.Qwen+"-"+routeSafe(model):
			t.Upstream = c.Upstream
		}
	}
	if t.Upstream == "" {
		return t, fmt.Errorf("no base URL for Qwen Code to route: set OPENAI_BASE_URL, or give %s a modelProviders.openai entry with a baseUrl", providers.QwenSettingsPath(env))
	}
	return t, nil
}

// selfRoute reports whether raw is a base URL of toolfix on port (loopback host, that port) and
// returns the route its first path segment names ("" for the root route).
func selfRoute(raw string, port int) (string, bool) {
	u, err := url.Parse(raw)
	if err != nil || port == 0 || u.Port() != strconv.Itoa(port) {
		return "", false
	}
	host := u.Hostname()
	if ip := net.ParseIP(host); !(host == "localhost" || ip != nil && ip.IsLoopback()) {
		return "", false
	}
	seg := strings.Trim(u.EscapedPath(), "/")
	if i := strings.IndexByte(seg, '/'); i >= 0 {
		seg = seg[:i]
	}
	if seg == "v1" {
		seg = ""
	}
	return seg, true
}

// sameUpstream compares two base URLs as the proxy would use them.
func sameUpstream(a, b string) bool {
	ua, err1 := proxy.ParseUpstream(a)
	ub, err2 := proxy.ParseUpstream(b)
	if err1 != nil || err2 != nil {
		return false
	}
	return strings.EqualFold(ua.Scheme, ub.Scheme) && strings.EqualFold(ua.Host, ub.Host) && ua.Path == ub.Path
}

// place decides how each target is served: unchanged when it already goes through the running
// service; by the service when it has a route to the same upstream; else by a private proxy route.
// A target that points at toolfix while the service does not answer is given the upstream of the
// installed route it names. It returns the private routes.
func place(kind string, targets []runTarget, st *install.State, svc *runService) ([]runTarget, []proxy.Route, error) {
	var routes []proxy.Route
	port := 0
	if st != nil {
		port = st.Port
	}
	for i := range targets {
		t := &targets[i]
		if name, ok := selfRoute(t.Upstream, port); ok {
			if svc != nil {
				t.Via, t.Route, t.URL = "unchanged", name, t.Upstream
				continue
			}
			up := ""
			for _, r := range st.Routes {
				if r.Name == name {
					up = r.Upstream
				}
			}
			if up == "" {
				return nil, nil, fmt.Errorf("%s goes to toolfix at %s, which does not answer, and no installed route is named %q: start it with 'toolfix serve' or run 'toolfix uninstall'", t.ID, t.Upstream, name)
			}
			t.Upstream = up
		}
		if svc != nil {
			for _, r := range svc.routes {
				if sameUpstream(r.Upstream, t.Upstream) {
					t.Via, t.Route = "service", r.Name
					break
				}
			}
			if t.Via != "" {
				continue
			}
		}
		if _, err := proxy.ParseUpstream(t.Upstream); err != nil {
			return nil, nil, fmt.Errorf("%s: %w", t.ID, err)
		}
		t.Via, t.Route = "private", t.ID
		if t.ID != kind {
			t.Route = kind + "-" + routeSafe(t.ID)
		}
		routes = append(routes, proxy.Route{Name: t.Route, Upstream: t.Upstream, Protocol: t.Protocol})
	}
	return targets, routes, nil
}

// routeSafe replaces the characters a route name may not hold.
func routeSafe(id string) string {
	return strings.Map(func(r rune) rune {
		if r == '.' || r == '_' || r == '-' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' {
			return r
		}
		return '-'
	}, id)
}
