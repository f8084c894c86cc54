package providers

import (
	"fmt"
	"path/filepath"
)

// CodexBuiltinUpstream is where Codex CLI's built-in "openai" provider sends requests when the
// top-level openai_base_url is not set.
const CodexBuiltinUpstream = "https://api.openai.com/v1"

// CodexBuiltinKey is the top-level key that redirects Codex's built-in "openai" provider.
var CodexBuiltinKey = Pointer{"openai_base_url"}

// codexBuiltin is the upstream of Codex's built-in "openai" provider, routed with --codex-builtin.
var codexBuiltin = defaultRoute{"Codex", CodexBuiltinUpstream, "--codex-builtin", "its built-in openai provider"}

// CodexHome is $CODEX_HOME, else ~/.codex (%USERPROFILE%\.codex on Windows, the home folder there).
func CodexHome(env Env) string {
	if h := env.getenv("CODEX_HOME"); h != "" {
		return expandHome(h, env.Home)
	}
	return filepath.Join(env.Home, ".codex")
}

// CodexConfigPath is CodexHome/config.toml, the one file Codex reads its providers from.
func CodexConfigPath(env Env) string { return filepath.Join(CodexHome(env), "config.toml") }

// CodexProviderKey is the key of a provider's base URL: model_providers.<id>.base_url.
func CodexProviderKey(id string) Pointer { return Pointer{"model_providers", id, "base_url"} }

// ScanCodex reads Codex CLI's config.toml. Every model_providers.<id>.base_url (a table, dotted
// keys or an inline table) becomes a target routed as "codex-<id>" with protocol "responses"
// (Codex appends /responses to the base URL, which includes /v1). A provider with
// wire_api = "chat" is skipped with a note: Codex itself refuses it at start now. A provider
// without base_url is skipped with a note. The built-in "openai" provider is a target only with
// builtin: its upstream is the top-level openai_base_url, else CodexBuiltinUpstream, and the key
// is added before the first table when missing (the file and its folder are created if needed).
// Errors: the file cannot be read or parsed (with line and column), or a value there is not a
// string.
func ScanCodex(env Env, builtin bool) (Scan, error) {
	var s Scan
	path := CodexConfigPath(env)
	f, err := s.readOrCreate(Codex, path, builtin, codexBuiltin)
	if err != nil || f == nil {
		return s, err
	}
	doc := f.Doc.(*TOMLDoc)
	routes := routeNamer{prefix: Codex, names: map[string]string{}}
	for _, id := range doc.Keys(Pointer{"model_providers"}) {
		key := CodexProviderKey(id)
		raw, ok, err := doc.Get(key)
		if err != nil {
			return s, err
		}
		if !ok {
			s.Notes = append(s.Notes, fmt.Sprintf("Codex: skipped provider %q in %s: it sets no base_url", id, path))
			continue
		}
		if wire, _, _ := doc.Get(Pointer{"model_providers", id, "wire_api"}); wire == "chat" {
			s.Notes = append(s.Notes, fmt.Sprintf("Codex: skipped provider %q in %s: wire_api = \"chat\", which Codex no longer supports (it refuses to start with it); set wire_api = \"responses\" if the upstream serves the Responses API and run install again", id, path))
			continue
		}
		s.Targets = append(s.Targets, Target{Client: Codex, File: path, Key: key, Route: routes.name(id), Present: true, Raw: raw, Upstream: raw, Protocol: "responses"})
	}
	raw, ok, err := doc.Get(CodexBuiltinKey)
	if err != nil {
		return s, err
	}
	if !builtin {
		if ok {
			s.Notes = append(s.Notes, fmt.Sprintf("Codex: the built-in openai provider (openai_base_url = %s in %s) is not routed; pass --codex-builtin to route it through toolfix", raw, path))
		}
		return s, nil
	}
	t := Target{Client: Codex, File: path, Key: CodexBuiltinKey, Route: routes.name("openai"), Present: ok, Raw: raw, Upstream: raw, Protocol: "responses"}
	if !ok {
		t.Upstream = CodexBuiltinUpstream
	}
	s.Targets = append(s.Targets, t)
	s.Notes = append(s.Notes, "Codex: its built-in openai provider first tries a WebSocket; toolfix answers that at once with 426 Upgrade Required, and Codex goes on over HTTPS, where toolfix repairs its tool calls")
	return s, nil
}
