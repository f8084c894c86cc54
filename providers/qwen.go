package providers

import (
	"fmt"
	"path/filepath"
	"strconv"
)

// QwenEnvKey is the variable of Qwen Code's .env file that routes its OpenAI provider.
var QwenEnvKey = Pointer{"OPENAI_BASE_URL"}

// QwenDir is ~/.qwen, where Qwen Code keeps settings.json and .env.
func QwenDir(env Env) string { return filepath.Join(env.Home, ".qwen") }

// QwenSettingsPath is ~/.qwen/settings.json.
func QwenSettingsPath(env Env) string { return filepath.Join(QwenDir(env), "settings.json") }

// QwenEnvPath is ~/.qwen/.env.
func QwenEnvPath(env Env) string { return filepath.Join(QwenDir(env), ".env") }

// QwenProviderKey is the key of the base URL of entry i of modelProviders.openai.
func QwenProviderKey(i int) Pointer {
	return Pointer{"modelProviders", "openai", strconv.Itoa(i), "baseUrl"}
}

// ScanQwen reads Qwen Code's user settings and .env. Every modelProviders.openai[i].baseUrl in
// ~/.qwen/settings.json becomes a target routed as "qwen-<id>" (the entry's id, else its index),
// protocol "openai" (Chat Completions; the base URL includes /v1). An OPENAI_BASE_URL set in
// ~/.qwen/.env becomes route "qwen". settings.json is JSONC for Qwen (// comments allowed) but a
// trailing comma is fatal to it: ParseConfig refuses such a file, so toolfix never writes one.
// Entries of other auth types (modelProviders.anthropic, …) are skipped with a note. Errors: a
// file cannot be read or parsed, or a value on the way has the wrong type.
func ScanQwen(env Env) (Scan, error) {
	var s Scan
	routes := routeNamer{prefix: Qwen, names: map[string]string{}}
	path := QwenSettingsPath(env)
	f, err := readConfig(Qwen, path)
	if err != nil {
		return s, err
	}
	if f != nil {
		doc := f.Doc.(*Doc)
		s.Files = append(s.Files, f)
		for _, kind := range providerIDs(doc, Pointer{"modelProviders"}) {
			if kind != "openai" {
				s.Notes = append(s.Notes, fmt.Sprintf("Qwen Code: skipped modelProviders.%s in %s: toolfix routes only the openai entries", kind, path))
			}
		}
		for i := range doc.Len(Pointer{"modelProviders", "openai"}) {
			key := QwenProviderKey(i)
			raw, ok, err := doc.Get(key)
			if err != nil {
				return s, err
			}
			if !ok {
				continue
			}
			id, _, _ := doc.Get(Pointer{"modelProviders", "openai", strconv.Itoa(i), "id"})
			if id == "" {
				id = strconv.Itoa(i)
			}
			s.Targets = append(s.Targets, Target{Client: Qwen, File: path, Key: key, Route: routes.name(id), Present: true, Raw: raw, Upstream: raw, Protocol: "openai"})
		}
	}
	envPath := QwenEnvPath(env)
	ef, err := readConfig(Qwen, envPath)
	if err != nil {
		return s, err
	}
	if ef != nil {
		raw, ok, _ := ef.Doc.Get(QwenEnvKey)
		if ok && raw != "" {
			s.Files = append(s.Files, ef)
			s.Targets = append(s.Targets, Target{Client: Qwen, File: envPath, Key: QwenEnvKey, Route: Qwen, Present: true, Raw: raw, Upstream: raw, Protocol: "openai"})
		}
	}
	if len(s.Targets) == 0 {
		s.Notes = append(s.Notes, fmt.Sprintf("Qwen Code: neither %s (modelProviders.openai[].baseUrl) nor %s (OPENAI_BASE_URL) names a base URL; nothing to route", path, envPath))
	}
	return s, nil
}
