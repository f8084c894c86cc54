package install

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

const (
	claudeGateway = "{\n  \"model\": \"opus\",\n  \"env\": {\n    \"ANTHROPIC_BASE_URL\": \"https://gw.example.com/anthropic\",\n    \"DISABLE_TELEMETRY\": \"1\"\n  }\n}\n"
	claudeCRLFBOM = "\xef\xbb\xbf{\r\n    \"model\": \"sonnet\"\r\n}\r\n"
	openCodeJSONC = `// my OpenCode config
{
  "$schema": "https://opencode.ai/config.json",
  "provider": {
    /* Moonshot */
    "moonshot": {
      "npm": "@ai-sdk/openai-compatible",
      "options": {
        "baseURL": "https://api.moonshot.ai/v1", // with /v1
        "apiKey": "sk-secret-value",
      },
    },
    "gw": {
      "npm": "@ai-sdk/anthropic",
      "options": { "baseURL": "{env:GW_BASE}/v1" },
    },
  },
}
`
	openCodeJSON = "{\n  \"provider\": {\n    \"moonshot\": {\n      \"options\": {\n        \"baseURL\": \"https://old.moonshot.example/v1\"\n      }\n    }\n  }\n}\n"
)

// TestInstallThenUninstallIsIdentical is the property the product promises: with no edits in
// between, install then uninstall leaves every file (bytes, mode, symlinks, folders) as it was.
func TestInstallThenUninstallIsIdentical(t *testing.T) {
	tests := []struct {
		name  string
		setup func(w *world)
		opts  Options
		// want maps a file (relative to home) to the values it must hold after install.
		want map[string][]string
	}{
		{
			name:  "claude gateway",
			setup: func(w *world) { w.write(".claude/settings.json", claudeGateway) },
			want:  map[string][]string{".claude/settings.json": {"http://127.0.0.1:47821/claude"}},
		},
		{
			name:  "claude CRLF and BOM, default upstream",
			setup: func(w *world) { w.write(".claude/settings.json", claudeCRLFBOM) },
			opts:  Options{ClaudeDefaultUpstream: true},
			want:  map[string][]string{".claude/settings.json": {"\xef\xbb\xbf{\r\n", "\"ANTHROPIC_BASE_URL\": \"http://127.0.0.1:47821/claude\"\r\n"}},
		},
		{
			name:  "claude missing file and folder, default upstream",
			setup: func(w *world) {},
			opts:  Options{ClaudeDefaultUpstream: true, Only: []string{"claude"}},
			want:  map[string][]string{".claude/settings.json": {"http://127.0.0.1:47821/claude"}},
		},
		{
			name: "claude symlinked settings (dotfiles manager)",
			setup: func(w *world) {
				target := w.write("dotfiles/claude/settings.json", claudeGateway)
				if err := os.MkdirAll(filepath.Join(w.home, ".claude"), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.Symlink(target, filepath.Join(w.home, ".claude", "settings.json")); err != nil {
					t.Fatal(err)
				}
			},
			want: map[string][]string{"dotfiles/claude/settings.json": {"http://127.0.0.1:47821/claude"}},
		},
		{
			name: "claude private file mode kept",
			setup: func(w *world) {
				p := w.write(".claude/settings.json", claudeGateway)
				if err := os.Chmod(p, 0o600); err != nil {
					t.Fatal(err)
				}
			},
			want: map[string][]string{".claude/settings.json": {"http://127.0.0.1:47821/claude"}},
		},
		{
			name: "opencode json and jsonc with env values and comments",
			setup: func(w *world) {
				w.writeOpenCodeJSONC()
				w.write(".config/opencode/opencode.json", openCodeJSON)
			},
			want: map[string][]string{
				".config/opencode/opencode.jsonc": {"\"baseURL\": \"http://127.0.0.1:47821/opencode-moonshot\", // with /v1", "{ \"baseURL\": \"http://127.0.0.1:47821/opencode-gw\" }", "/* Moonshot */"},
				".config/opencode/opencode.json":  {"http://127.0.0.1:47821/opencode-moonshot"},
			},
		},
		{
			name: "opencode built-in into a new file, XDG_CONFIG_HOME",
			setup: func(w *world) {
				w.vars["XDG_CONFIG_HOME"] = filepath.Join(w.home, "xdg")
			},
			opts: Options{OpenCodeBuiltins: []string{"anthropic", "openai"}, Only: []string{"opencode"}},
			want: map[string][]string{"xdg/opencode/opencode.json": {"http://127.0.0.1:47821/opencode-anthropic", "http://127.0.0.1:47821/opencode-openai"}},
		},
		{
			name: "both clients, other port",
			setup: func(w *world) {
				w.write(".claude/settings.json", claudeGateway)
				w.write(".config/opencode/opencode.json", openCodeJSON)
			},
			opts: Options{Port: 50123},
			want: map[string][]string{
				".claude/settings.json":          {"http://127.0.0.1:50123/claude"},
				".config/opencode/opencode.json": {"http://127.0.0.1:50123/opencode-moonshot"},
			},
		},
		{
			name:  "codex providers, CRLF, literal and inline",
			setup: func(w *world) { w.write(".codex/config.toml", codexConfig) },
			want: map[string][]string{".codex/config.toml": {
				"base_url = 'http://127.0.0.1:47821/codex-gw'\r\n",
				"{ name = \"I\", base_url = \"http://127.0.0.1:47821/codex-inl\" }",
				"base_url = \"https://chat.example/v1\"", // wire_api = "chat": skipped
				"model_provider = \"gw\"  # mine",
			}},
		},
		{
			name:  "codex built-in into a new file under CODEX_HOME",
			setup: func(w *world) { w.vars["CODEX_HOME"] = w.home + "/cx" },
			opts:  Options{CodexBuiltin: true, Only: []string{"codex"}},
			want:  map[string][]string{"cx/config.toml": {"openai_base_url = \"http://127.0.0.1:47821/codex-openai\"\n"}},
		},
		{
			name:  "codex built-in added before the first table",
			setup: func(w *world) { w.write(".codex/config.toml", codexConfig) },
			opts:  Options{CodexBuiltin: true, Only: []string{"codex"}},
			want:  map[string][]string{".codex/config.toml": {"base_url = \"http://127.0.0.1:47821/codex-inl\" }\r\nopenai_base_url = \"http://127.0.0.1:47821/codex-openai\"\r\n\r\n[model_providers.gw]"}},
		},
		{
			name:  "kilo",
			setup: func(w *world) { w.write(".config/kilo/kilo.jsonc", kiloConfig) },
			want:  map[string][]string{".config/kilo/kilo.jsonc": {"{ \"baseURL\": \"http://127.0.0.1:47821/kilo-gw\", \"apiKey\": \"{env:GW_KEY}\" }"}},
		},
		{
			name: "qwen settings and .env",
			setup: func(w *world) {
				w.write(".qwen/settings.json", qwenConfig)
				w.write(".qwen/.env", qwenEnv)
			},
			want: map[string][]string{
				".qwen/settings.json": {"\"baseUrl\": \"http://127.0.0.1:47821/qwen-coder\",\n"},
				".qwen/.env":          {"OPENAI_BASE_URL=\"http://127.0.0.1:47821/qwen\"\n", "OPENAI_API_KEY=sk-canary\n"},
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := newWorld(t)
			tt.setup(w)
			before := w.snapshot()
			w.mustInstall(tt.opts)
			for rel, wants := range tt.want {
				got := w.read(rel)
				for _, s := range wants {
					contains(t, got, s)
				}
			}
			if !w.svc.running() {
				t.Error("service not running after install")
			}
			rep := w.mustUninstall()
			sameSnapshot(t, before, w.snapshot())
			if w.svc.running() {
				t.Error("service still running after uninstall")
			}
			if len(rep.Warnings) > 0 {
				t.Errorf("warnings: %q", rep.Warnings)
			}
			if _, err := os.Stat(w.in.Dirs.StateFile()); !os.IsNotExist(err) {
				t.Errorf("state file left after uninstall: %v", err)
			}
		})
	}
}

// TestUninstallKeyByKey covers a user who edited the file after install: uninstall must undo
// toolfix's keys only and keep the user's edit, comments and layout.
func TestUninstallKeyByKey(t *testing.T) {
	w := newWorld(t)
	w.writeOpenCodeJSONC()
	w.write(".claude/settings.json", claudeCRLFBOM)
	w.mustInstall(Options{ClaudeDefaultUpstream: true})

	// The user adds a line to each file.
	edit := func(rel, old, new string) {
		got := w.read(rel)
		if !strings.Contains(got, old) {
			t.Fatalf("%s lacks %q", rel, old)
		}
		w.write(rel, strings.Replace(got, old, new, 1))
	}
	edit(".config/opencode/opencode.jsonc", `"$schema": "https://opencode.ai/config.json",`, `"$schema": "https://opencode.ai/config.json",`+"\n  \"theme\": \"dark\", // mine")
	edit(".claude/settings.json", "\"model\": \"sonnet\",", "\"model\": \"opus\",")

	rep := w.mustUninstall()
	if diff := cmp.Diff([]string{filepath.Join(w.home, ".claude/settings.json"), filepath.Join(w.home, ".config/opencode/opencode.jsonc")}, rep.Undone); diff != "" {
		t.Errorf("undone files: %s", diff)
	}
	wantOC := strings.Replace(openCodeJSONC, `"$schema": "https://opencode.ai/config.json",`, `"$schema": "https://opencode.ai/config.json",`+"\n  \"theme\": \"dark\", // mine", 1)
	if diff := cmp.Diff(wantOC, w.read(".config/opencode/opencode.jsonc")); diff != "" {
		t.Errorf("opencode.jsonc (-want +got):\n%s", diff)
	}
	wantClaude := strings.Replace(claudeCRLFBOM, "\"sonnet\"", "\"opus\"", 1)
	if diff := cmp.Diff(wantClaude, w.read(".claude/settings.json")); diff != "" {
		t.Errorf("settings.json (-want +got):\n%s", diff)
	}
}

// TestUninstallLeavesChangedKey: a key the user pointed elsewhere after install stays, with a
// warning naming the file and the key; the other edits are undone.
func TestUninstallLeavesChangedKey(t *testing.T) {
	w := newWorld(t)
	w.write(".claude/settings.json", claudeGateway)
	w.write(".config/opencode/opencode.json", openCodeJSON)
	w.mustInstall(Options{})
	changed := strings.Replace(w.read(".claude/settings.json"), "http://127.0.0.1:47821/claude", "https://elsewhere.example", 1)
	w.write(".claude/settings.json", changed)
	rep := w.mustUninstall()
	if got := w.read(".claude/settings.json"); got != changed {
		t.Errorf("settings.json was changed by uninstall:\n%s", got)
	}
	if len(rep.Warnings) != 1 {
		t.Fatalf("warnings = %q, want one", rep.Warnings)
	}
	contains(t, rep.Warnings[0], filepath.Join(w.home, ".claude/settings.json"))
	contains(t, rep.Warnings[0], "env.ANTHROPIC_BASE_URL")
	contains(t, rep.Warnings[0], "set it to https://gw.example.com/anthropic by hand") // the next step
	if got := w.read(".config/opencode/opencode.json"); got != openCodeJSON {
		t.Errorf("opencode.json not restored:\n%s", got)
	}
}

// TestReinstall: a second install changes nothing and never wraps a toolfix URL twice; a port
// change rewrites the URLs but keeps the original values; uninstall then restores the bytes.
func TestReinstall(t *testing.T) {
	w := newWorld(t)
	w.write(".claude/settings.json", claudeGateway)
	w.writeOpenCodeJSONC()
	before := w.snapshot()
	w.mustInstall(Options{})
	first := w.state()

	p := w.mustPlan(Options{})
	if len(p.Changes) != 0 {
		t.Errorf("second plan changes files: %v", p.Changes[0].Diff)
	}
	if diff := cmp.Diff(first.Routes, p.Routes); diff != "" {
		t.Errorf("routes changed on re-install:\n%s", diff)
	}
	if _, err := w.in.Apply(t.Context(), p); err != nil {
		t.Fatal(err)
	}

	// --only claude --port: the OpenCode edits follow the port too.
	w.mustInstall(Options{Port: 50000, Only: []string{"claude"}})
	contains(t, w.read(".claude/settings.json"), "http://127.0.0.1:50000/claude")
	contains(t, w.read(".config/opencode/opencode.jsonc"), "http://127.0.0.1:50000/opencode-moonshot")
	st := w.state()
	if diff := cmp.Diff(first.Routes, st.Routes); diff != "" {
		t.Errorf("routes changed with the port:\n%s", diff)
	}
	for _, f := range st.Files {
		for _, e := range f.Edits {
			if e.Before == nil || strings.Contains(*e.Before, "127.0.0.1") {
				t.Errorf("%s %s: before = %v, want the original upstream", f.Path, e.Key, e.Before)
			}
		}
		if f.Original == "" {
			t.Errorf("%s lost its original backup across re-installs", f.Path)
		}
	}
	// A plan without --port keeps the installed one.
	if p := w.mustPlan(Options{}); p.Port != 50000 {
		t.Errorf("port = %d, want the installed 50000", p.Port)
	}
	w.mustUninstall()
	sameSnapshot(t, before, w.snapshot())
}

// TestBackups: each install backs up into its own folder (never overwriting one, even within the
// same second), folders 0700 and files 0600, holding the exact bytes; the original stays the
// first backup, not a later copy that already points at toolfix.
func TestBackups(t *testing.T) {
	w := newWorld(t)
	w.write(".claude/settings.json", claudeGateway)
	res1 := w.mustInstall(Options{})
	res2 := w.mustInstall(Options{Port: 50001})
	if res1.BackupDir == "" || res2.BackupDir == "" || res1.BackupDir == res2.BackupDir {
		t.Fatalf("backup folders %q and %q", res1.BackupDir, res2.BackupDir)
	}
	for _, dir := range []string{res1.BackupDir, res2.BackupDir} {
		fi, err := os.Stat(dir)
		if err != nil {
			t.Fatal(err)
		}
		if fi.Mode().Perm() != 0o700 {
			t.Errorf("%s mode %v, want 0700", dir, fi.Mode().Perm())
		}
		b := filepath.Join(dir, backupName(filepath.Join(w.home, ".claude/settings.json")))
		fi, err = os.Stat(b)
		if err != nil {
			t.Fatal(err)
		}
		if fi.Mode().Perm() != 0o600 {
			t.Errorf("%s mode %v, want 0600", b, fi.Mode().Perm())
		}
	}
	st := w.state()
	orig, err := os.ReadFile(st.Files[0].Original)
	if err != nil {
		t.Fatal(err)
	}
	if string(orig) != claudeGateway {
		t.Errorf("original backup = %q", orig)
	}
	if !strings.HasPrefix(st.Files[0].Original, res1.BackupDir) {
		t.Errorf("original %s is not from the first install's backup %s", st.Files[0].Original, res1.BackupDir)
	}
	rep := w.mustUninstall()
	if _, err := os.Stat(res1.BackupDir); err != nil {
		t.Errorf("uninstall removed the backups: %v", err)
	}
	if rep.Backups != w.in.Dirs.Backups() {
		t.Errorf("report backups = %s", rep.Backups)
	}
}

func TestPurge(t *testing.T) {
	w := newWorld(t)
	w.write(".claude/settings.json", claudeGateway)
	res := w.mustInstall(Options{})
	for _, d := range []string{w.in.Dirs.Samples(), w.in.Dirs.Logs()} {
		if err := os.MkdirAll(d, 0o700); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := w.in.Uninstall(t.Context(), true); err != nil {
		t.Fatal(err)
	}
	for _, d := range []string{w.in.Dirs.Samples(), w.in.Dirs.Logs(), w.in.Dirs.StateFile()} {
		if _, err := os.Stat(d); !os.IsNotExist(err) {
			t.Errorf("%s survived --purge: %v", d, err)
		}
	}
	if _, err := os.Stat(res.BackupDir); err != nil {
		t.Errorf("--purge removed backups: %v", err)
	}
}

// TestUninstallBrokenFileNamesState: a file broken since the install is left alone, and the
// warning says where the file is wrong and which state file lists the keys to undo by hand.
func TestUninstallBrokenFileNamesState(t *testing.T) {
	w := newWorld(t)
	w.write(".claude/settings.json", claudeGateway)
	w.mustInstall(Options{})
	broken := strings.Replace(w.read(".claude/settings.json"), "{", "{\n  oops\n", 1)
	w.write(".claude/settings.json", broken)
	rep, err := w.in.Uninstall(t.Context(), false)
	if err == nil {
		t.Fatal("uninstall of a broken file: no error")
	}
	if got := w.read(".claude/settings.json"); got != broken {
		t.Errorf("the broken file was changed:\n%s", got)
	}
	if len(rep.Warnings) != 1 {
		t.Fatalf("warnings = %q, want one", rep.Warnings)
	}
	contains(t, rep.Warnings[0], filepath.Join(w.home, ".claude/settings.json")+", line 2, column 3")
	contains(t, rep.Warnings[0], "the state file "+w.in.Dirs.StateFile()+" lists each key")
}
