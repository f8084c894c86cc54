package doctor

import (
	"path/filepath"
	"testing"

	"github.com/toolfix/toolfix/install"
)

func TestManagedSettingsPath(t *testing.T) {
	for goos, want := range map[string]string{
		"linux":   "/etc/claude-code/managed-settings.json",
		"freebsd": "/etc/claude-code/managed-settings.json",
		"darwin":  "/Library/Application Support/ClaudeCode/managed-settings.json",
		"windows": `C:\ProgramData\ClaudeCode\managed-settings.json`,
	} {
		if got := ManagedSettingsPath(goos); got != want {
			t.Errorf("ManagedSettingsPath(%s) = %s, want %s", goos, got, want)
		}
	}
}

func TestCheckClaudeLayers(t *testing.T) {
	toolfix := install.BaseURL(testPort, "claude")
	// A case's routed is the user's settings.json; "" for toolfix's routed file.
	setup := func(f *fixture, settings string) { f.claudeInstalled(settings) }
	runLayerCases(t, "claude-layers", setup, []layerCase{
		{name: "clean", status: OK, want: []string{"no Claude Code setting wins over " + toolfix}},
		{name: "project local file wins",
			files:  map[string]string{".claude/settings.local.json": `{"env": {"ANTHROPIC_BASE_URL": "https://other.example"}}`},
			status: Warn, want: []string{"1 setting wins", "settings.local.json sets env.ANTHROPIC_BASE_URL = https://other.example", "remove env.ANTHROPIC_BASE_URL from", "or set it to " + toolfix}},
		{name: "project file wins",
			files:  map[string]string{".claude/settings.json": `{"env": {"ANTHROPIC_BASE_URL": "https://team.example"}}`},
			status: Warn, want: []string{".claude/settings.json sets env.ANTHROPIC_BASE_URL = https://team.example"}},
		{name: "project file routed too",
			files:  map[string]string{".claude/settings.json": `{"env": {"ANTHROPIC_BASE_URL": "` + toolfix + `"}}`},
			status: OK, want: []string{"read: ./.claude/settings.json"}},
		{name: "managed settings win",
			system: map[string]string{"etc/claude-code/managed-settings.json": `{"env": {"ANTHROPIC_BASE_URL": "https://corp.example"}}`},
			status: Warn, want: []string{"managed-settings.json sets env.ANTHROPIC_BASE_URL = https://corp.example", "administrator"}},
		{name: "managed selector",
			system: map[string]string{"etc/claude-code/managed-settings.json": `{"env": {"CLAUDE_CODE_USE_BEDROCK": "1"}}`},
			status: Warn, want: []string{"sets CLAUDE_CODE_USE_BEDROCK=1", "unset CLAUDE_CODE_USE_BEDROCK"}},
		{name: "broken project file",
			files:  map[string]string{".claude/settings.local.json": `{"env": {},}`},
			status: Warn, want: []string{"cannot be parsed", "fix the syntax"}},
		{name: "shell overridden by the user file",
			env:    map[string]string{"ANTHROPIC_BASE_URL": "https://shell.example"},
			status: OK, want: []string{"$ANTHROPIC_BASE_URL=https://shell.example (overridden by ~/.claude/settings.json)"}},
		{name: "shell wins when the user file lost the key",
			env:    map[string]string{"ANTHROPIC_BASE_URL": "https://shell.example"},
			routed: `{"env": {}}`,
			status: Warn, want: []string{"your shell sets ANTHROPIC_BASE_URL=https://shell.example", "no longer sets", "toolfix install"}},
		{name: "shell points at toolfix", env: map[string]string{"ANTHROPIC_BASE_URL": toolfix}, status: OK},
		{name: "shell selector", env: map[string]string{"CLAUDE_CODE_USE_VERTEX": "true"}, status: Warn, want: []string{"your shell sets CLAUDE_CODE_USE_VERTEX=true"}},
		{name: "shell selector off", env: map[string]string{"CLAUDE_CODE_USE_VERTEX": "0"}, status: OK},
		{name: "selector in the user file",
			routed: `{"env": {"ANTHROPIC_BASE_URL": "` + toolfix + `", "CLAUDE_CODE_USE_FOUNDRY": "1"}}`,
			status: Warn, want: []string{"~/.claude/settings.json sets CLAUDE_CODE_USE_FOUNDRY=1"}},
		{name: "two findings",
			files: map[string]string{
				".claude/settings.json":       `{"env": {"ANTHROPIC_BASE_URL": "https://a.example"}}`,
				".claude/settings.local.json": `{"env": {"ANTHROPIC_BASE_URL": "https://b.example"}}`,
			},
			status: Warn, want: []string{"2 settings win", "https://a.example", "https://b.example"}},
	})
}

func TestCheckClaudeLayersNotRouted(t *testing.T) {
	f := newFixture(t)
	f.openCodeInstalled()
	expect(t, f.run("claude-layers"), Skip, "Claude Code is not routed")
}

// The current folder being the home: ~/.claude/settings.json is the user file, not a project
// layer over it.
func TestCheckClaudeLayersHomeIsCwd(t *testing.T) {
	f := newFixture(t)
	f.claudeInstalled("")
	f.d.Cwd = f.home
	expect(t, f.run("claude-layers"), OK)
}

// openCodeInstalled writes an opencode.json whose provider "moonshot" toolfix routed, and the state.
func (f *fixture) openCodeInstalled() string {
	f.t.Helper()
	after := install.BaseURL(testPort, "opencode-moonshot")
	return f.installedFrom("opencode", "openai", "https://api.moonshot.ai/v1", ".config/opencode/opencode.json",
		`{"provider": {"moonshot": {"options": {"baseURL": "`+after+`"}}}}`, map[string]string{"/provider/moonshot/options/baseURL": "opencode-moonshot"})
}

func TestCheckOpenCodeLayers(t *testing.T) {
	toolfix := install.BaseURL(testPort, "opencode-moonshot")
	other := func(u string) string { return `{"provider": {"moonshot": {"options": {"baseURL": "` + u + `"}}}}` }
	runLayerCases(t, "opencode-layers", func(f *fixture, _ string) { f.openCodeInstalled() }, []layerCase{
		{name: "clean", git: ".", status: OK, want: []string{"no OpenCode setting wins over toolfix's 1 provider"}},
		{name: "project file", git: ".", files: map[string]string{"opencode.json": other("https://proj.example/v1")},
			status: Warn, want: []string{"./opencode.json sets provider.moonshot.options.baseURL = https://proj.example/v1", "or set it to " + toolfix}},
		{name: "jsonc in .opencode", git: ".", files: map[string]string{".opencode/opencode.jsonc": "// team\n" + other("https://team.example/v1")},
			status: Warn, want: []string{".opencode/opencode.jsonc sets"}},
		{name: "parent up to the git root", git: "..", files: map[string]string{"../opencode.json": other("https://mono.example/v1")},
			status: Warn, want: []string{"~/src/opencode.json sets"}},
		{name: "above the git root is not read", git: ".", files: map[string]string{"../opencode.json": other("https://mono.example/v1")},
			status: OK},
		{name: "other provider", git: ".", files: map[string]string{"opencode.json": `{"provider": {"local": {"options": {"baseURL": "http://localhost:8080/v1"}}}}`},
			status: OK, want: []string{"read: ./opencode.json"}},
		{name: "env reference resolving to toolfix", git: ".", files: map[string]string{"opencode.json": other("{env:MOON}")},
			env: map[string]string{"MOON": toolfix}, status: OK},
		{name: "OPENCODE_CONFIG_CONTENT", git: ".", env: map[string]string{"OPENCODE_CONFIG_CONTENT": other("https://inline.example/v1")},
			status: Warn, want: []string{"OPENCODE_CONFIG_CONTENT in your shell sets provider.moonshot.options.baseURL = https://inline.example/v1"}},
		{name: "OPENCODE_CONFIG_CONTENT broken", git: ".", env: map[string]string{"OPENCODE_CONFIG_CONTENT": "{"},
			status: Warn, want: []string{"OPENCODE_CONFIG_CONTENT cannot be parsed"}},
		{name: "OPENCODE_CONFIG not edited by toolfix", git: ".", files: map[string]string{"../../custom.json": other("https://custom.example/v1")},
			env: map[string]string{"OPENCODE_CONFIG": "~/custom.json"}, status: Warn, want: []string{"~/custom.json sets"}},
		{name: "broken project file", git: ".", files: map[string]string{"opencode.jsonc": "{"}, status: Warn, want: []string{"cannot be parsed"}},
	})
}

func TestCheckOpenCodeLayersNotRouted(t *testing.T) {
	f := newFixture(t)
	f.claudeInstalled("")
	expect(t, f.run("opencode-layers"), Skip, "no OpenCode provider is routed")
}

func TestProjectDirs(t *testing.T) {
	root := t.TempDir()
	f := &fixture{t: t, home: root}
	f.write("repo/.git", "gitdir: /elsewhere\n") // a worktree's .git is a file
	deep := filepath.Join(root, "repo", "a", "b")
	f.write(filepath.Join(deep, "x"), "")
	want := []string{deep, filepath.Join(root, "repo", "a"), filepath.Join(root, "repo")}
	got := ProjectDirs(deep)
	if len(got) != len(want) {
		t.Fatalf("ProjectDirs = %q, want %q", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("ProjectDirs[%d] = %s, want %s", i, got[i], want[i])
		}
	}
	// Without a git root, up to the file system's root.
	if dirs := ProjectDirs(root); dirs[len(dirs)-1] != filepath.VolumeName(root)+string(filepath.Separator) {
		t.Errorf("ProjectDirs(%s) ends at %s", root, dirs[len(dirs)-1])
	}
}
