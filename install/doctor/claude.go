package doctor

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/toolfix/toolfix/providers"
)

// claudeSelectors are the environment settings that make Claude Code talk to a cloud (Bedrock,
// Vertex AI, Microsoft Foundry) instead of ANTHROPIC_BASE_URL.
var claudeSelectors = []string{"CLAUDE_CODE_USE_BEDROCK", "CLAUDE_CODE_USE_VERTEX", "CLAUDE_CODE_USE_FOUNDRY"}

// ManagedSettingsPath is where Claude Code reads the settings an administrator manages, which win
// over every other layer: /etc/claude-code/managed-settings.json on Linux (and other Unixes),
// /Library/Application Support/ClaudeCode/managed-settings.json on macOS,
// C:\ProgramData\ClaudeCode\managed-settings.json on Windows.
func ManagedSettingsPath(goos string) string {
	switch goos {
	case "darwin":
		return "/Library/Application Support/ClaudeCode/managed-settings.json"
	case "windows":
		return `C:\ProgramData\ClaudeCode\managed-settings.json`
	}
	return "/etc/claude-code/managed-settings.json"
}

// layers collects what one layer check found.
type layers struct {
	checked  []string // files and variables read, for the details of a clean result
	findings []string
	hints    []string
}

func (l *layers) find(finding, hint string) {
	l.findings = append(l.findings, finding)
	if hint != "" && !slices.Contains(l.hints, hint) {
		l.hints = append(l.hints, hint)
	}
}

func (l *layers) result(clean string) Result {
	if len(l.findings) > 0 {
		return Result{Status: Warn, Summary: plural(len(l.findings), "setting") + verb(len(l.findings), " wins", " win") + " over toolfix's edit", Details: l.findings, Hint: strings.Join(l.hints, "; ")}
	}
	r := Result{Status: OK, Summary: clean}
	if len(l.checked) > 0 {
		r.Details = []string{"read: " + strings.Join(l.checked, ", ")}
	}
	return r
}

// checkClaudeLayers looks for settings that win over env.ANTHROPIC_BASE_URL in the user's
// settings.json: managed settings, the project's .claude/settings.local.json and
// .claude/settings.json in the current folder, ANTHROPIC_BASE_URL in the shell when the user
// file lost the key, and a CLAUDE_CODE_USE_* selector in any of them.
func (s *session) checkClaudeLayers(context.Context) Result {
	want := s.routeURL(providers.Claude)
	if want == "" {
		return Result{Status: Skip, Summary: "Claude Code is not routed through toolfix"}
	}
	user := providers.ClaudeSettingsPath(s.d.Env)
	var l layers
	managed := s.d.ManagedSettings
	if managed == nil {
		managed = []string{s.sysPath(ManagedSettingsPath(s.goos))}
	}
	var files []string
	files = append(files, managed...)
	if s.d.Cwd != "" {
		for _, n := range []string{"settings.local.json", "settings.json"} {
			files = append(files, filepath.Join(s.d.Cwd, ".claude", n))
		}
	}
	for _, f := range files {
		if f == user {
			continue
		}
		hint := fmt.Sprintf("remove env.ANTHROPIC_BASE_URL from %s, or set it to %s", s.short(f), want)
		if slices.Contains(managed, f) {
			hint = "managed settings are your administrator's and win over yours: ask them to remove env.ANTHROPIC_BASE_URL or set it to " + want
		}
		s.claudeFile(&l, f, want, hint)
	}
	// The user's own file: only a selector there bypasses the edit.
	if doc, err := readDoc(user, providers.Claude); err == nil {
		s.claudeSelectorsIn(&l, s.tilde(user), func(k string) (string, bool) {
			v, ok, _ := doc.Get(providers.Pointer{"env", k})
			return v, ok
		})
	}
	if v := s.getenv("ANTHROPIC_BASE_URL"); v != "" && v != want && !s.isToolfixURL(v) {
		// Claude Code applies settings.json's env over the shell's: the shell's value wins only
		// when the user file no longer sets the key.
		has := false
		if doc, err := readDoc(user, providers.Claude); err == nil {
			_, has, _ = doc.Get(providers.ClaudeKey)
		}
		if has {
			l.checked = append(l.checked, fmt.Sprintf("$ANTHROPIC_BASE_URL=%s (overridden by %s)", redactURL(v), s.tilde(user)))
		} else {
			l.find(fmt.Sprintf("your shell sets ANTHROPIC_BASE_URL=%s and %s no longer sets env.ANTHROPIC_BASE_URL, so the shell's wins", redactURL(v), s.tilde(user)),
				"run `toolfix install` to put toolfix's address back in "+s.tilde(user))
		}
	}
	s.claudeSelectorsIn(&l, "your shell", func(k string) (string, bool) {
		v := s.getenv(k)
		return v, v != ""
	})
	return l.result("no Claude Code setting wins over " + want)
}

// readLayer reads a config file of client that may win over toolfix's edit: nil when it does not
// exist, or, with a finding, when it cannot be parsed (the client may refuse it); a file read is
// added to l.checked.
func (s *session) readLayer(l *layers, path, client string) providers.Document {
	doc, err := readDoc(path, client)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil
	case err != nil:
		l.find(fmt.Sprintf("%s cannot be parsed, and the client may refuse it: %v", s.short(path), err), "fix the syntax of "+s.short(path))
		return nil
	}
	l.checked = append(l.checked, s.short(path))
	return doc
}

// claudeFile checks one settings file that wins over the user's.
func (s *session) claudeFile(l *layers, path, want, hint string) {
	doc := s.readLayer(l, path, providers.Claude)
	if doc == nil {
		return
	}
	if v, ok, _ := doc.Get(providers.ClaudeKey); ok && v != want && !s.isToolfixURL(v) {
		l.find(fmt.Sprintf("%s sets env.ANTHROPIC_BASE_URL = %s", s.short(path), quoteValue(v)), hint)
	}
	s.claudeSelectorsIn(l, s.short(path), func(k string) (string, bool) {
		v, ok, _ := doc.Get(providers.Pointer{"env", k})
		return v, ok
	})
}

// claudeSelectorsIn reports each CLAUDE_CODE_USE_* that get says is on.
func (s *session) claudeSelectorsIn(l *layers, where string, get func(string) (string, bool)) {
	for _, k := range claudeSelectors {
		if v, ok := get(k); ok && truthy(v) {
			l.find(fmt.Sprintf("%s sets %s=%s: Claude Code talks to that cloud directly, not through toolfix", where, k, v), "unset "+k+" to go through toolfix")
		}
	}
}

// truthy is how Claude Code reads a boolean environment setting.
func truthy(v string) bool {
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "", "0", "false", "no", "off":
		return false
	}
	return true
}

// getenv reads the user's environment as providers.Env does: nil Getenv means os.Getenv.
func (s *session) getenv(k string) string {
	if s.d.Env.Getenv == nil {
		return os.Getenv(k)
	}
	return s.d.Env.Getenv(k)
}

// sysPath puts a system file's absolute path under Root.
func (s *session) sysPath(p string) string {
	if s.d.Root == "" {
		return p
	}
	return filepath.Join(s.d.Root, strings.TrimPrefix(p, filepath.VolumeName(p)))
}
