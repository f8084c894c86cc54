package providers

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// fakeEnv is a temporary home with the given variables; nothing reads the process environment.
func fakeEnv(t *testing.T, vars map[string]string) Env {
	t.Helper()
	home := t.TempDir()
	return Env{Home: home, Getenv: func(k string) string { return vars[k] }}
}

// copyFixture writes testdata/fixture to dst, making its folders.
func copyFixture(t *testing.T, fixture, dst string) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", fixture))
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, dst, string(b))
}

type targetSummary struct {
	Route, File, Key, Raw, Upstream, Protocol string
	Present                                   bool
}

func summarize(env Env, ts []Target) []targetSummary {
	var out []targetSummary
	for _, t := range ts {
		rel, _ := filepath.Rel(env.Home, t.File)
		out = append(out, targetSummary{t.Route, filepath.ToSlash(rel), t.Key.String(), t.Raw, t.Upstream, t.Protocol, t.Present})
	}
	return out
}

func TestScanClaude(t *testing.T) {
	tests := []struct {
		name         string
		fixture      string // "" for no file
		vars         map[string]string
		routeDefault bool
		want         []targetSummary
		noteHas      string
	}{
		{
			name:    "gateway in settings",
			fixture: "claude/gateway.json",
			want:    []targetSummary{{"claude", ".claude/settings.json", "/env/ANTHROPIC_BASE_URL", "https://gateway.example.com/anthropic", "https://gateway.example.com/anthropic", "anthropic", true}},
		},
		{
			name:    "no key without the flag",
			fixture: "claude/crlf-bom.json",
			noteHas: "--claude-default-upstream",
		},
		{
			name:         "no key with the flag",
			fixture:      "claude/crlf-bom.json",
			routeDefault: true,
			want:         []targetSummary{{"claude", ".claude/settings.json", "/env/ANTHROPIC_BASE_URL", "", ClaudeDefaultUpstream, "anthropic", false}},
			noteHas:      "turn off features",
		},
		{
			name:    "bedrock is skipped",
			fixture: "claude/bedrock.json",
			noteHas: "CLAUDE_CODE_USE_BEDROCK",
		},
		{
			name:    "vertex in the shell is noted, the settings still routed",
			fixture: "claude/gateway.json",
			vars:    map[string]string{"CLAUDE_CODE_USE_VERTEX": "1"},
			want:    []targetSummary{{"claude", ".claude/settings.json", "/env/ANTHROPIC_BASE_URL", "https://gateway.example.com/anthropic", "https://gateway.example.com/anthropic", "anthropic", true}},
			noteHas: "your shell sets CLAUDE_CODE_USE_VERTEX=1",
		},
		{
			name:    "missing file without the flag",
			noteHas: "does not exist",
		},
		{
			name:         "missing file with the flag, shell variable noted",
			vars:         map[string]string{"ANTHROPIC_BASE_URL": "https://shell.example"},
			routeDefault: true,
			want:         []targetSummary{{"claude", ".claude/settings.json", "/env/ANTHROPIC_BASE_URL", "", ClaudeDefaultUpstream, "anthropic", false}},
			noteHas:      "your shell sets ANTHROPIC_BASE_URL=https://shell.example",
		},
		{
			name:    "CLAUDE_CONFIG_DIR moves the file",
			fixture: "claude/gateway.json",
			vars:    map[string]string{"CLAUDE_CONFIG_DIR": "~/alt"},
			want:    []targetSummary{{"claude", "alt/settings.json", "/env/ANTHROPIC_BASE_URL", "https://gateway.example.com/anthropic", "https://gateway.example.com/anthropic", "anthropic", true}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			env := fakeEnv(t, tt.vars)
			if tt.fixture != "" {
				copyFixture(t, tt.fixture, ClaudeSettingsPath(env))
			}
			s, err := ScanClaude(env, tt.routeDefault)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, summarize(env, s.Targets)); diff != "" {
				t.Errorf("targets (-want +got):\n%s", diff)
			}
			if tt.noteHas != "" && !strings.Contains(strings.Join(s.Notes, "\n"), tt.noteHas) {
				t.Errorf("notes %q lack %q", s.Notes, tt.noteHas)
			}
			for _, tg := range s.Targets {
				if s.File(tg.File) == nil {
					t.Errorf("target file %s not among the scanned files", tg.File)
				}
			}
		})
	}
}

func TestScanClaudeCorrupt(t *testing.T) {
	env := fakeEnv(t, nil)
	p := ClaudeSettingsPath(env)
	writeFile(t, p, "{\n  \"env\": {\n    \"A\": \"1\",\n  }\n}\n")
	_, err := ScanClaude(env, true)
	if err == nil || !strings.Contains(err.Error(), "line 4, column 3") || !strings.Contains(err.Error(), p) {
		t.Errorf("error = %v; want the file and line 4, column 3", err)
	}
}

func TestScanOpenCode(t *testing.T) {
	env := fakeEnv(t, map[string]string{"GW_BASE": "https://gw.example", "MOONSHOT_API_KEY": "sk-x"})
	dir := OpenCodeDir(env)
	copyFixture(t, "opencode/opencode.jsonc", filepath.Join(dir, "opencode.jsonc"))
	copyFixture(t, "opencode/opencode.json", filepath.Join(dir, "opencode.json"))
	if err := os.MkdirAll(filepath.Join(env.Home, ".secrets"), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(env.Home, ".secrets", "base-url"), []byte("https://file.example/v1\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	s, err := ScanOpenCode(env, []string{"anthropic"})
	if err != nil {
		t.Fatal(err)
	}
	const (
		jsonFile  = ".config/opencode/opencode.json"
		jsoncFile = ".config/opencode/opencode.jsonc"
	)
	want := []targetSummary{
		{"opencode-moonshot", jsonFile, "/provider/moonshot/options/baseURL", "https://old.moonshot.example/v1", "https://api.moonshot.ai/v1", "openai", true},
		{"opencode-local", jsonFile, "/provider/local/options/baseURL", "http://localhost:11434/v1", "http://localhost:11434/v1", "openai", true},
		{"opencode-moonshot", jsoncFile, "/provider/moonshot/options/baseURL", "https://api.moonshot.ai/v1", "https://api.moonshot.ai/v1", "openai", true},
		{"opencode-gw", jsoncFile, "/provider/gw/options/baseURL", "{env:GW_BASE}/v1", "https://gw.example/v1", "anthropic", true},
		{"opencode-fromfile", jsoncFile, "/provider/fromfile/options/baseURL", "{file:~/.secrets/base-url}", "https://file.example/v1", "openai", true},
		{"opencode-anthropic", jsoncFile, "/provider/anthropic/options/baseURL", "", "https://api.anthropic.com/v1", "anthropic", false},
	}
	if diff := cmp.Diff(want, summarize(env, s.Targets)); diff != "" {
		t.Errorf("targets (-want +got):\n%s", diff)
	}
	notes := strings.Join(s.Notes, "\n")
	for _, w := range []string{"NOT_SET_ANYWHERE is not set", `"gemini"`, "is overridden by"} {
		if !strings.Contains(notes, w) {
			t.Errorf("notes lack %q:\n%s", w, notes)
		}
	}
}

func TestScanOpenCodePaths(t *testing.T) {
	tests := []struct {
		name string
		vars map[string]string
		want []string // relative to home, "/abs" kept
	}{
		{"default", nil, []string{".config/opencode/config.json", ".config/opencode/opencode.json", ".config/opencode/opencode.jsonc"}},
		{"XDG_CONFIG_HOME", map[string]string{"XDG_CONFIG_HOME": "XDG"}, []string{"XDG/opencode/config.json", "XDG/opencode/opencode.json", "XDG/opencode/opencode.jsonc"}},
		{"OPENCODE_CONFIG", map[string]string{"OPENCODE_CONFIG": "~/my/oc.json"}, []string{".config/opencode/config.json", ".config/opencode/opencode.json", ".config/opencode/opencode.jsonc", "my/oc.json"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			env := fakeEnv(t, tt.vars)
			if x := tt.vars["XDG_CONFIG_HOME"]; x != "" {
				tt.vars["XDG_CONFIG_HOME"] = filepath.Join(env.Home, x)
			}
			var got []string
			for _, p := range OpenCodePaths(env) {
				rel, _ := filepath.Rel(env.Home, p)
				got = append(got, filepath.ToSlash(rel))
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Error(diff)
			}
		})
	}
}

func TestScanOpenCodeBuiltinNewFile(t *testing.T) {
	env := fakeEnv(t, nil)
	s, err := ScanOpenCode(env, []string{"openai"})
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Targets) != 1 || len(s.Files) != 1 || s.Files[0].Exists {
		t.Fatalf("want one target in a new file, got %+v / %+v", s.Targets, s.Files)
	}
	if got := s.Targets[0]; got.Route != "opencode-openai" || got.Protocol != "responses" || got.Upstream != OpenCodeBuiltins["openai"] {
		t.Errorf("target = %+v", got)
	}
	if _, err := ScanOpenCode(env, []string{"gemini"}); err == nil {
		t.Error("unknown builtin: no error")
	}
}

func TestRouteNames(t *testing.T) {
	r := routeNamer{prefix: OpenCode, names: map[string]string{}}
	got := []string{r.name("a b"), r.name("a/b"), r.name("a b"), r.name("ok.1")}
	want := []string{"opencode-a-b", "opencode-a-b-2", "opencode-a-b", "opencode-ok.1"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Error(diff)
	}
}

func TestScanOpenCodeSameFileTwice(t *testing.T) {
	env := fakeEnv(t, nil)
	dir := OpenCodeDir(env)
	copyFixture(t, "opencode/opencode.json", filepath.Join(dir, "opencode.json"))
	link := filepath.Join(env.Home, "oc-link.json")
	if err := os.Symlink(filepath.Join(dir, "opencode.json"), link); err != nil {
		t.Fatal(err)
	}
	env.Getenv = func(k string) string { return map[string]string{"OPENCODE_CONFIG": link}[k] }
	s, err := ScanOpenCode(env, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Files) != 1 || len(s.Targets) != 2 {
		t.Errorf("files %d targets %d, want the file once with its 2 providers", len(s.Files), len(s.Targets))
	}
}

// TestScanOpenCodeMissingConfigVar: an OPENCODE_CONFIG that names no file is a note saying so,
// not silence; one that names a file gives no such note.
func TestScanOpenCodeMissingConfigVar(t *testing.T) {
	vars := map[string]string{}
	env := fakeEnv(t, vars)
	there := filepath.Join(env.Home, "oc.json")
	writeFile(t, there, `{"provider": {}}`)
	for _, tc := range []struct {
		name, value string
		note        bool
	}{
		{"names no file", filepath.Join(env.Home, "nope.json"), true},
		{"names a file", there, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			vars["OPENCODE_CONFIG"] = tc.value
			s, err := ScanOpenCode(env, nil)
			if err != nil {
				t.Fatal(err)
			}
			want := "OpenCode: OPENCODE_CONFIG names " + tc.value + ", which does not exist, so nothing in it is routed (check the variable)"
			if got := strings.Join(s.Notes, "\n"); strings.Contains(got, want) != tc.note {
				t.Errorf("OPENCODE_CONFIG=%s: notes %q, want the note: %v", tc.value, s.Notes, tc.note)
			}
		})
	}
}

// TestDefaultRouteNotes: a client left talking to its default upstream gets a note naming why, the
// upstream and the flag that routes it, word for word.
func TestDefaultRouteNotes(t *testing.T) {
	tests := []struct {
		name    string
		content string // Claude Code's settings.json; "" for none
		scan    func(Env) (Scan, error)
		want    string // the note, with <path> for the file's path
	}{
		{"claude, no file", "", func(e Env) (Scan, error) { return ScanClaude(e, false) },
			"Claude Code: <path> does not exist, so Claude Code talks to https://api.anthropic.com directly; pass --claude-default-upstream to route it through toolfix"},
		{"claude, no key", `{"env": {}}`, func(e Env) (Scan, error) { return ScanClaude(e, false) },
			"Claude Code: <path> has no env.ANTHROPIC_BASE_URL, so Claude Code talks to https://api.anthropic.com directly; pass --claude-default-upstream to route it through toolfix"},
		{"codex, no file", "", func(e Env) (Scan, error) { return ScanCodex(e, false) },
			"Codex: <path> does not exist, so Codex talks to https://api.openai.com/v1 directly; pass --codex-builtin to route its built-in openai provider through toolfix"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			env := fakeEnv(t, nil)
			path := CodexConfigPath(env)
			if strings.HasPrefix(tc.name, "claude") {
				path = ClaudeSettingsPath(env)
			}
			if tc.content != "" {
				writeFile(t, path, tc.content)
			}
			s, err := tc.scan(env)
			if err != nil {
				t.Fatal(err)
			}
			want := strings.Replace(tc.want, "<path>", path, 1)
			if diff := cmp.Diff([]string{want}, s.Notes); diff != "" {
				t.Errorf("notes (-want +got):\n%s", diff)
			}
		})
	}
}
