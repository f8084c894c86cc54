package doctor

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/toolfix/toolfix/install"
)

func TestCheckInstall(t *testing.T) {
	t.Run("not installed", func(t *testing.T) {
		f := newFixture(t)
		expect(t, f.run("install"), Fail, "not installed", "toolfix install")
		// The checks that need the state skip, saying why.
		for _, name := range []string{"drift", "claude-layers", "opencode-layers", "service", "linger", "self-reference"} {
			expect(t, f.run(name), Skip, "not installed")
		}
	})
	t.Run("not installed, settings still routed", func(t *testing.T) {
		f := newFixture(t)
		f.write(".claude/settings.json", `{"env": {"ANTHROPIC_BASE_URL": "`+install.BaseURL(testPort, "claude")+`"}}`)
		expect(t, f.run("install"), Fail, "not installed", "1 setting still points at", "ANTHROPIC_BASE_URL is http://127.0.0.1:", "real upstream back", "backups")
	})
	t.Run("unreadable", func(t *testing.T) {
		f := newFixture(t)
		f.write(f.d.Dirs.StateFile(), "{not json")
		expect(t, f.run("install"), Fail, "parsing state", "put back each config file", "backups")
	})
	t.Run("interrupted", func(t *testing.T) {
		f := newFixture(t)
		f.install(&install.State{Version: install.StateVersion, Phase: install.PhaseApplying, Port: testPort})
		expect(t, f.run("install"), Fail, "interrupted", "toolfix install")
		expect(t, f.run("drift"), Skip, "interrupted")
	})
	t.Run("installed", func(t *testing.T) {
		f := newFixture(t)
		f.claudeInstalled("")
		expect(t, f.run("install"), OK, "1 route on port 47821", "--no-service", "claude → https://gw.example.com/anthropic")
	})
	t.Run("other port asked", func(t *testing.T) {
		f := newFixture(t)
		f.claudeInstalled("")
		f.d.Port = 50000
		expect(t, f.run("install"), Warn, "port 50000", "listens on 47821")
	})
}

func TestCheckConfigs(t *testing.T) {
	tests := []struct {
		name   string
		files  map[string]string
		status Status
		want   []string
	}{
		{"none", nil, Skip, []string{"no Claude Code, OpenCode, Codex CLI, Kilo CLI or Qwen Code config file"}},
		{"good", map[string]string{
			".claude/settings.json":           `{"env": {}}`,
			".config/opencode/opencode.jsonc": "// comments are fine here\n{\"provider\": {},}\n",
		}, OK, []string{"2 config files parse", "~/.claude/settings.json", "~/.config/opencode/opencode.jsonc"}},
		{"comment in claude settings", map[string]string{
			".claude/settings.json": "{\n  // no comments in strict JSON\n  \"env\": {}\n}\n",
		}, Fail, []string{"1 config file cannot be parsed", "settings.json", "line 2", "strict JSON"}},
		{"broken opencode", map[string]string{
			".config/opencode/opencode.json": "{\"provider\": {\n",
		}, Fail, []string{"opencode.json", "line"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture(t)
			for p, c := range tt.files {
				f.write(p, c)
			}
			expect(t, f.run("configs"), tt.status, tt.want...)
		})
	}
}

func TestCheckConfigsReadsStateFiles(t *testing.T) {
	f := newFixture(t)
	f.claudeInstalled("")
	other := f.write("elsewhere/opencode.json", "{,}")
	f.env["OPENCODE_CONFIG"] = "" // the file is no longer named, but the state still holds it
	st, err := install.LoadState(f.d.Dirs)
	if err != nil {
		t.Fatal(err)
	}
	st.Files = append(st.Files, install.FileState{Path: other, Client: "opencode"})
	f.install(st)
	expect(t, f.run("configs"), Fail, other)
}

func TestCheckDrift(t *testing.T) {
	after := install.BaseURL(testPort, "claude")
	tests := []struct {
		name     string
		settings string // "" keeps toolfix's value; "-" removes the file
		status   Status
		want     []string
	}{
		{"intact", "", OK, []string{"1 routed key points at toolfix", "env.ANTHROPIC_BASE_URL = " + after}},
		{"intact among edits by hand", `{"model": "opus", "env": {"ANTHROPIC_BASE_URL": "` + after + `", "X": "1"}}`, OK, nil},
		{"changed by another switcher", `{"env": {"ANTHROPIC_BASE_URL": "https://switcher.example/v1"}}`, Fail,
			[]string{"1 of 1 routed keys no longer points", "is now https://switcher.example/v1", "another switcher", "toolfix install"}},
		{"password hidden", `{"env": {"ANTHROPIC_BASE_URL": "https://me:s3cret@gw.example"}}`, Fail, []string{"https://me:xxxxx@gw.example"}},
		{"emptied", `{"env": {"ANTHROPIC_BASE_URL": ""}}`, Fail, []string{"is now (empty)"}},
		{"removed", `{"env": {}}`, Fail, []string{"env.ANTHROPIC_BASE_URL was removed"}},
		{"another port", `{"env": {"ANTHROPIC_BASE_URL": "http://127.0.0.1:47000/claude"}}`, Fail, []string{"toolfix's address but not the one install wrote"}},
		{"file gone", "-", Fail, []string{"settings.json is gone"}},
		{"file broken", `{"env": {"ANTHROPIC_BASE_URL": "` + after + `",}}`, Fail, []string{"cannot be read or parsed"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture(t)
			path := f.claudeInstalled("")
			switch tt.settings {
			case "":
			case "-":
				if err := os.Remove(path); err != nil {
					t.Fatal(err)
				}
			default:
				f.write(path, tt.settings)
			}
			expect(t, f.run("drift"), tt.status, tt.want...)
		})
	}
}

func TestTilde(t *testing.T) {
	s := &session{d: &Doctor{}}
	s.d.Env.Home = filepath.FromSlash("/home/me")
	tests := []struct{ in, want string }{
		{"/home/me/.claude/settings.json", "~/.claude/settings.json"},
		{"/home/meow/x", "/home/meow/x"},
		{"/etc/x", "/etc/x"},
		{"/home/me", "/home/me"},
	}
	for _, tt := range tests {
		if got := s.tilde(filepath.FromSlash(tt.in)); got != filepath.FromSlash(tt.want) {
			t.Errorf("tilde(%s) = %s, want %s", tt.in, got, tt.want)
		}
	}
}
