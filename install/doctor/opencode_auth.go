package doctor

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/toolfix/toolfix/providers"
)

// openCodeEnvKeys are the variables OpenCode reads the key of a built-in provider from when
// neither the config nor auth.json holds one.
var openCodeEnvKeys = map[string]string{"anthropic": "ANTHROPIC_API_KEY", "openai": "OPENAI_API_KEY"}

// checkOpenCodeAuth checks that OpenCode finds a key for each provider toolfix routed. OpenCode
// takes a provider's key from its options.apiKey (a literal, or {env:VAR} with VAR set), else from
// auth.json ($XDG_DATA_HOME/opencode/auth.json, what `opencode auth login` writes) under the
// provider's id, else (a built-in provider) from its variable. A provider whose id has no key
// anywhere fails its requests with "Model not found" although `opencode models` lists the model;
// when auth.json holds a key under another id, the hint names the id to rename.
func (s *session) checkOpenCodeAuth(context.Context) Result {
	routed := s.openCodeRoutes(providers.OpenCode)
	if len(routed) == 0 {
		return Result{Status: Skip, Summary: "no OpenCode provider is routed through toolfix"}
	}
	authPath, auth, authErr := s.openCodeAuth()
	var l layers
	var spare []string // auth.json ids that name no configured provider
	configured := map[string]bool{}
	keys := map[string]string{} // provider id -> its options.apiKey as written
	for _, f := range s.st.Files {
		if f.Client != providers.OpenCode {
			continue
		}
		data, err := os.ReadFile(f.Path)
		if err != nil {
			continue
		}
		doc, err := providers.ParseConfig(providers.OpenCode, f.Path, data)
		if err != nil {
			continue
		}
		for id := range routed {
			if raw, ok, _ := doc.Get(providers.Pointer{"provider", id, "options", "apiKey"}); ok {
				keys[id] = raw
			}
		}
		for id := range auth {
			if _, ok, _ := doc.Get(providers.Pointer{"provider", id}); ok {
				configured[id] = true
			}
		}
	}
	for _, id := range slices.Sorted(maps.Keys(auth)) {
		if !configured[id] && routed[id] == "" {
			spare = append(spare, id)
		}
	}
	where := s.tilde(authPath)
	for _, id := range slices.Sorted(maps.Keys(routed)) {
		if raw, ok := keys[id]; ok && raw != "" {
			if v, isEnv := strings.CutPrefix(raw, "{env:"); isEnv {
				name := strings.TrimSuffix(v, "}")
				if s.getenv(name) == "" {
					l.find(fmt.Sprintf("provider.%s.options.apiKey is {env:%s}, but %s is not set in this shell", id, name, name),
						fmt.Sprintf("export %s in the shell that starts OpenCode, or put the key in auth.json with `opencode auth login`", name))
				}
			}
			continue
		}
		if _, ok := auth[id]; ok {
			continue
		}
		if v := openCodeEnvKeys[id]; v != "" && s.getenv(v) != "" {
			continue
		}
		finding := fmt.Sprintf("provider %q has no apiKey in its options, and %s holds no key under %q", id, where, id)
		if authErr != "" {
			finding = fmt.Sprintf("provider %q has no apiKey in its options, and %s", id, authErr)
		}
		hint := fmt.Sprintf("OpenCode looks the key up by the provider's id, so its requests fail with \"Model not found\": run `opencode auth login` and choose %q, or set provider.%s.options.apiKey (\"{env:VAR}\" keeps it out of the file)", id, id)
		if len(spare) > 0 {
			hint = fmt.Sprintf("OpenCode looks the key up by the provider's id: %s holds one under %s; rename provider.%s to provider.%s in OpenCode's config (then run `toolfix install` again), or run `opencode auth login` and choose %q", where, quoteIDs(spare), id, spare[0], id)
		}
		l.find(finding, hint)
	}
	if len(l.findings) > 0 {
		return Result{Status: Warn, Summary: plural(len(l.findings), "routed OpenCode provider") + verb(len(l.findings), " has", " have") + " no key OpenCode can find", Details: l.findings, Hint: strings.Join(l.hints, "; ")}
	}
	return Result{Status: OK, Summary: fmt.Sprintf("OpenCode finds a key for each routed provider (%s)", strings.Join(slices.Sorted(maps.Keys(routed)), ", "))}
}

// openCodeAuth reads OpenCode's auth.json: its path, the ids it holds keys for, and, when it
// cannot be read, why ("" when it was read or is missing, then with no ids).
func (s *session) openCodeAuth() (string, map[string]json.RawMessage, string) {
	data := s.getenv("XDG_DATA_HOME")
	if !filepath.IsAbs(data) {
		data = filepath.Join(s.d.Env.Home, ".local", "share")
	}
	path := filepath.Join(data, "opencode", "auth.json")
	b, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return path, nil, ""
	}
	if err != nil {
		return path, nil, fmt.Sprintf("%s cannot be read (%v)", s.tilde(path), rootCause(err))
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(b, &m); err != nil {
		return path, nil, fmt.Sprintf("%s is not JSON (%v)", s.tilde(path), err)
	}
	return path, m, ""
}

// quoteIDs is `"a"`, `"a" and "b"` or `"a", "b" and "c"`.
func quoteIDs(ids []string) string {
	q := make([]string, len(ids))
	for i, id := range ids {
		q[i] = fmt.Sprintf("%q", id)
	}
	if len(q) == 1 {
		return q[0]
	}
	return strings.Join(q[:len(q)-1], ", ") + " and " + q[len(q)-1]
}
