package cmd

import (
	"encoding/json"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/tailscale/hujson"
	"github.com/toolfix/toolfix/providers"
)

// handOff returns the client's argv and environment with toolfix's URLs in them: for Claude Code a
// --settings inline JSON setting env.ANTHROPIC_BASE_URL (merged into a --settings the user gave);
// for OpenCode and Kilo OPENCODE_CONFIG_CONTENT or KILO_CONFIG_CONTENT with
// provider.<id>.options.baseURL set (merged into the user's); for Codex one
// -c model_providers.<id>.base_url="…" (or -c openai_base_url="…") per provider after the program
// name; for Qwen Code --openai-base-url after the program name. A target left unchanged adds
// nothing.
func handOff(kind string, argv, environ []string, env providers.Env, targets []runTarget) ([]string, []string, error) {
	args := append([]string(nil), argv...)
	childEnv := append([]string(nil), environ...)
	switch kind {
	case providers.Claude:
		t := targets[0]
		if t.Via == "unchanged" {
			return args, childEnv, nil
		}
		args, err := claudeSettingsArgs(args, t.URL)
		return args, childEnv, err
	case providers.OpenCode, providers.Kilo:
		getenv := env.Getenv
		if getenv == nil {
			getenv = os.Getenv
		}
		name := runFamilies[kind].contentEnv
		content, err := openCodeContent(name, getenv(name), targets)
		if err != nil {
			return nil, nil, err
		}
		if content != "" {
			childEnv = setEnv(childEnv, name, content)
		}
	case providers.Codex:
		var over []string
		for _, t := range targets {
			if t.Via == "unchanged" {
				continue
			}
			key := providers.CodexProviderKey(t.ID).Dotted()
			if t.ID == "openai" {
				key = providers.CodexBuiltinKey.Dotted()
			}
			b, _ := json.Marshal(t.URL) // a JSON string is a TOML basic string too
			over = append(over, "-c", key+"="+string(b))
		}
		args = append(append([]string{args[0]}, over...), args[1:]...)
	case providers.Qwen:
		if t := targets[0]; t.Via != "unchanged" {
			args = append([]string{args[0], "--openai-base-url", t.URL}, args[1:]...)
		}
	}
	return args, childEnv, nil
}

// claudeSettingsArgs adds --settings '{"env":{"ANTHROPIC_BASE_URL":url}}' after the program name,
// or merges the key into the --settings the user gave (inline JSON or a file).
func claudeSettingsArgs(args []string, url string) ([]string, error) {
	for i := 1; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			break
		}
		val, inline := "", false
		switch {
		case a == "--settings" && i+1 < len(args):
			val = args[i+1]
		case strings.HasPrefix(a, "--settings="):
			val, inline = strings.TrimPrefix(a, "--settings="), true
		default:
			continue
		}
		merged, err := mergeClaudeSettings(val, url)
		if err != nil {
			return nil, err
		}
		if inline {
			args[i] = "--settings=" + merged
		} else {
			args[i+1] = merged
		}
		return args, nil
	}
	merged, _ := mergeClaudeSettings("", url)
	return append([]string{args[0], "--settings", merged}, args[1:]...), nil
}

// mergeClaudeSettings sets env.ANTHROPIC_BASE_URL in a --settings value: inline JSON, a file path,
// or "" for none. It returns compact inline JSON.
func mergeClaudeSettings(val, url string) (string, error) {
	s := map[string]any{}
	if v := strings.TrimSpace(val); v != "" {
		data := []byte(v)
		if !strings.HasPrefix(v, "{") {
			b, err := os.ReadFile(v)
			if err != nil {
				return "", fmt.Errorf("reading the --settings file %q: %w", v, err)
			}
			data = b
		}
		if err := json.Unmarshal(data, &s); err != nil {
			return "", fmt.Errorf("%w (fix it and run again)", providers.ParseError("--settings "+strconv.Quote(val), data, err))
		}
	}
	e, _ := s["env"].(map[string]any)
	if e == nil {
		e = map[string]any{}
	}
	e["ANTHROPIC_BASE_URL"] = url
	s["env"] = e
	b, err := json.Marshal(s)
	return string(b), err
}

// openCodeContent merges provider.<id>.options.baseURL for every routed target into the user's
// config content in the variable name (OPENCODE_CONFIG_CONTENT, KILO_CONFIG_CONTENT; JSONC; ""
// for none). It returns "" when nothing is to be set.
func openCodeContent(name, existing string, targets []runTarget) (string, error) {
	doc := map[string]any{}
	if strings.TrimSpace(existing) != "" {
		std, err := hujson.Standardize([]byte(existing))
		if err == nil {
			err = json.Unmarshal(std, &doc)
		}
		if err != nil {
			return "", fmt.Errorf("%w (fix it and run again)", providers.ParseError(name, []byte(existing), err))
		}
	}
	set := 0
	for _, t := range targets {
		if t.Via == "unchanged" {
			continue
		}
		provs := child(doc, "provider")
		opts := child(child(provs, t.ID), "options")
		opts["baseURL"] = t.URL
		set++
	}
	if set == 0 {
		return "", nil
	}
	b, err := json.Marshal(doc)
	return string(b), err
}

// child returns m[key] as an object, creating it (or replacing a non-object) when needed.
func child(m map[string]any, key string) map[string]any {
	c, ok := m[key].(map[string]any)
	if !ok {
		c = map[string]any{}
		m[key] = c
	}
	return c
}

// setEnv sets key=value in an environment list, replacing any earlier value.
func setEnv(environ []string, key, value string) []string {
	out := environ[:0:0]
	for _, kv := range environ {
		if k, _, _ := strings.Cut(kv, "="); k != key {
			out = append(out, kv)
		}
	}
	return append(out, key+"="+value)
}
