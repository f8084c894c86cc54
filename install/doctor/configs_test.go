package doctor

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
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
	// The backups folder is named only when it holds a backup.
	for _, backups := range []bool{false, true} {
		withBackups := func(f *fixture) {
			if backups {
				f.write(filepath.Join(f.d.Dirs.Backups(), "2026-11-30T10-00-00Z", "settings.json"), "{}")
			}
		}
		t.Run(fmt.Sprintf("not installed, settings still routed, backups %v", backups), func(t *testing.T) {
			f := newFixture(t)
			withBackups(f)
			f.write(".claude/settings.json", `{"env": {"ANTHROPIC_BASE_URL": "`+install.BaseURL(testPort, "claude")+`"}}`)
			r := f.run("install")
			expect(t, r, Fail, "not installed", "1 setting still points at", "ANTHROPIC_BASE_URL is http://127.0.0.1:", "real upstream back")
			if got := strings.Contains(r.Hint, "~/.local/state/toolfix/backups"); got != backups {
				t.Errorf("hint names the backups folder: %v, want %v: %s", got, backups, r.Hint)
			}
		})
		t.Run(fmt.Sprintf("unreadable, backups %v", backups), func(t *testing.T) {
			f := newFixture(t)
			withBackups(f)
			f.write(f.d.Dirs.StateFile(), "{not json")
			r := f.run("install")
			expect(t, r, Fail, "the state file "+f.d.Dirs.StateFile()+", line 1, column 2: a bare word where a key is due", "move the state file aside (~/.local/state/toolfix/state.json)")
			if got := strings.Contains(r.Hint, "put back each config file it changed from the newest folder in ~/.local/state/toolfix/backups"); got != backups {
				t.Errorf("hint names the backups folder: %v, want %v: %s", got, backups, r.Hint)
			}
			if strings.Contains(r.Summary, "invalid character") {
				t.Errorf("summary holds the JSON parser's words: %s", r.Summary)
			}
		})
	}
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
		{"password hidden", `{"env": {"ANTHROPIC_BASE_URL": "https://me:s3cret@gw.example"}}`, Fail, []string{"https://REDACTED@gw.example"}},
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

// TestCheckConfigsBackupsNamed: the configs check's hint names the backups folder only when
// toolfix is installed and the folder holds a backup, and the file's error is in words.
func TestCheckConfigsBackupsNamed(t *testing.T) {
	for _, tc := range []struct{ backups, installed bool }{{false, false}, {true, false}, {false, true}, {true, true}} {
		t.Run(fmt.Sprintf("backups %v installed %v", tc.backups, tc.installed), func(t *testing.T) {
			f := newFixture(t)
			if tc.backups {
				f.write(filepath.Join(f.d.Dirs.Backups(), "2026-11-30T10-00-00Z", "settings.json"), "{}")
			}
			if tc.installed {
				f.claudeInstalled("")
			}
			f.write(".claude/settings.json", "{\n  \"env\": {}\n  \"model\": \"opus\"\n}\n")
			r := f.run("configs")
			expect(t, r, Fail, "settings.json, line 3, column 3: a ',' or a closing '}' is missing", "fix the syntax")
			want := tc.backups && tc.installed
			if got := strings.Contains(r.Hint, "~/.local/state/toolfix/backups"); got != want {
				t.Errorf("hint names the backups folder: %v, want %v: %s", got, want, r.Hint)
			}
			if strings.Contains(strings.Join(r.Details, "\n"), "hujson") {
				t.Errorf("details hold the parser's prefix: %q", r.Details)
			}
		})
	}
}

// TestCheckConfigsUnwritable: a config file install would refuse to write (here read-only) is
// warned of, with the sentence install would give and its next step, before an install refuses.
func TestCheckConfigsUnwritable(t *testing.T) {
	f := newFixture(t)
	p := f.write(".claude/settings.json", `{"env": {}}`)
	if err := os.Chmod(p, 0o444); err != nil {
		t.Fatal(err)
	}
	expect(t, f.run("configs"), Warn, "1 config file parses, but `toolfix install` would refuse to write as things are (1 problem)",
		p+" is read-only (mode 0444): toolfix will not write it; make it writable (chmod u+w "+p+"); claude is the only client install would route here")
	if err := os.Chmod(p, 0o644); err != nil {
		t.Fatal(err)
	}
	expect(t, f.run("configs"), OK, "1 config file parses")
}
