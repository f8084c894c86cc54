package providers

import (
	"fmt"
	"path/filepath"
	"strings"
)

// ClaudeDefaultUpstream is where Claude Code sends requests when ANTHROPIC_BASE_URL is not set.
const ClaudeDefaultUpstream = "https://api.anthropic.com"

// ClaudeKey is the setting that routes Claude Code: env.ANTHROPIC_BASE_URL in settings.json.
var ClaudeKey = Pointer{"env", "ANTHROPIC_BASE_URL"}

// claudeDefault is Claude Code's default upstream, routed with --claude-default-upstream.
var claudeDefault = defaultRoute{"Claude Code", ClaudeDefaultUpstream, "--claude-default-upstream", "it"}

// claudeSelectors choose a cloud wire format (Bedrock, Vertex AI, Microsoft Foundry) that is not the
// Anthropic Messages API toolfix repairs.
var claudeSelectors = []string{"CLAUDE_CODE_USE_BEDROCK", "CLAUDE_CODE_USE_VERTEX", "CLAUDE_CODE_USE_FOUNDRY"}

// ClaudeSettingsPath is ${CLAUDE_CONFIG_DIR:-~/.claude}/settings.json.
func ClaudeSettingsPath(env Env) string {
	dir := env.getenv("CLAUDE_CONFIG_DIR")
	if dir == "" {
		dir = filepath.Join(env.Home, ".claude")
	}
	return filepath.Join(expandHome(dir, env.Home), "settings.json")
}

// ScanClaude reads Claude Code's user settings. A present env.ANTHROPIC_BASE_URL becomes a target.
// When the key (or the file) is missing, Claude Code talks to ClaudeDefaultUpstream; that is a
// target only with routeDefault (the file and its folder are then created if missing), else a
// note. A file that selects Bedrock, Vertex or Foundry gives a note and no target. Errors: the
// file cannot be read or parsed (with line and column), or env is not an object.
func ScanClaude(env Env, routeDefault bool) (Scan, error) {
	var s Scan
	path := ClaudeSettingsPath(env)
	f, err := s.readOrCreate(Claude, path, routeDefault, claudeDefault)
	if err != nil || f == nil {
		return s, err
	}
	for _, sel := range claudeSelectors {
		v, ok, err := f.Doc.Get(Pointer{"env", sel})
		if err != nil {
			return s, err
		}
		if ok && truthy(v) {
			s.Notes = append(s.Notes, fmt.Sprintf("Claude Code: skipped: %s sets env.%s, a cloud wire format toolfix does not repair", path, sel))
			return s, nil
		}
	}
	for _, sel := range claudeSelectors {
		if v := env.getenv(sel); truthy(v) {
			s.Notes = append(s.Notes, fmt.Sprintf("Claude Code: your shell sets %s=%s, so while it is set Claude Code talks to that cloud, not to the base URL toolfix routes; unset it for toolfix to repair Claude Code's tool calls", sel, v))
		}
	}
	raw, ok, err := f.Doc.Get(ClaudeKey)
	if err != nil {
		return s, err
	}
	t := Target{Client: Claude, File: path, Key: ClaudeKey, Route: Claude, Present: ok, Raw: raw, Upstream: raw, Protocol: "anthropic"}
	if !ok {
		if !routeDefault {
			s.Notes = append(s.Notes, claudeDefault.direct(path+" has no env.ANTHROPIC_BASE_URL"))
			return s, nil
		}
		t.Upstream = ClaudeDefaultUpstream
		s.Notes = append(s.Notes, "Claude Code: routing the default upstream "+ClaudeDefaultUpstream+" through toolfix. With a base URL that is not Anthropic's own, Claude Code may turn off features it enables only for api.anthropic.com; run `toolfix uninstall` to go back.")
		if shell := env.getenv("ANTHROPIC_BASE_URL"); shell != "" {
			s.Notes = append(s.Notes, fmt.Sprintf("Claude Code: your shell sets ANTHROPIC_BASE_URL=%s; the settings file wins over it from now on. To route that instead, put it in %s under env.ANTHROPIC_BASE_URL and run install again", shell, path))
		}
	}
	s.Targets = append(s.Targets, t)
	return s, nil
}

// truthy is how Claude Code reads a boolean environment setting.
func truthy(v string) bool {
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "", "0", "false", "no", "off":
		return false
	}
	return true
}

// expandHome replaces a leading "~" or "~/" with home.
func expandHome(p, home string) string {
	if p == "~" {
		return home
	}
	if strings.HasPrefix(p, "~/") || strings.HasPrefix(p, `~\`) {
		return filepath.Join(home, p[2:])
	}
	return p
}
