package providers

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/toolfix/toolfix/providers/configtest"
)

// writeFile writes a test file (configtest.WriteFile).
var writeFile = configtest.WriteFile

func TestDotenvDoc(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"bare", "# qwen\nOPENAI_API_KEY=sk-x\nOPENAI_BASE_URL=https://gw.example/v1\n", "# qwen\nOPENAI_API_KEY=sk-x\nOPENAI_BASE_URL=" + toolfixURL + "\n"},
		{"export, double quotes, comment", "export OPENAI_BASE_URL = \"https://gw.example/v1\" # gw\r\n", "export OPENAI_BASE_URL = \"" + toolfixURL + "\" # gw\r\n"},
		{"single quotes, no final newline", "OPENAI_BASE_URL='https://gw.example/v1'", "OPENAI_BASE_URL='" + toolfixURL + "'"},
		{"bare with a comment", "OPENAI_BASE_URL=https://gw.example/v1 # gw\n", "OPENAI_BASE_URL=" + toolfixURL + " # gw\n"},
		{"the last line wins", "OPENAI_BASE_URL=https://old/v1\nOPENAI_BASE_URL=https://gw.example/v1\n", "OPENAI_BASE_URL=https://old/v1\nOPENAI_BASE_URL=" + toolfixURL + "\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d, err := ParseDotenv(".env", []byte(tc.in))
			if err != nil {
				t.Fatal(err)
			}
			before, ok, _ := d.Get(QwenEnvKey)
			if !ok || before != "https://gw.example/v1" {
				t.Fatalf("Get = %q, %v", before, ok)
			}
			lit := d.Literal(QwenEnvKey)
			if _, err := d.Set(QwenEnvKey, toolfixURL); err != nil {
				t.Fatal(err)
			}
			if got := string(d.Bytes()); got != tc.want {
				t.Fatalf("after Set %q, want %q", got, tc.want)
			}
			if err := d.SetLiteral(QwenEnvKey, lit); err != nil {
				t.Fatal(err)
			}
			if got := string(d.Bytes()); got != tc.in {
				t.Fatalf("after undo %q, want the input", got)
			}
		})
	}
	if _, err := ParseDotenv(".env", []byte("OPENAI_BASE_URL=\"https://gw\n")); err == nil {
		t.Error("an unclosed quote parsed")
	}
	if _, err := ParseDotenv(".env", []byte("not an assignment\n")); err == nil || !strings.Contains(err.Error(), "line 1") {
		t.Errorf("a stray line: error %v, want one naming line 1", err)
	}
	d, _ := ParseDotenv(".env", []byte("A=1\n"))
	if _, err := d.Set(QwenEnvKey, toolfixURL); err == nil {
		t.Error("Set added a variable the file does not set")
	}
}

func FuzzDotenv(f *testing.F) {
	for _, s := range []string{"OPENAI_BASE_URL=https://gw/v1\n", "export OPENAI_BASE_URL='x' # c\r\n", "# c\n\nA=\"b\"", ""} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		d, err := ParseDotenv("f", data)
		if err != nil {
			return
		}
		if string(d.Bytes()) != string(data) {
			t.Fatal("parse changed the bytes")
		}
		before, ok, _ := d.Get(QwenEnvKey)
		if !ok {
			return
		}
		lit := d.Literal(QwenEnvKey)
		if _, err := d.Set(QwenEnvKey, toolfixURL); err != nil {
			return
		}
		if v, _, _ := d.Get(QwenEnvKey); v != toolfixURL {
			t.Fatalf("Get after Set = %q\n%q", v, d.Bytes())
		}
		if err := d.SetLiteral(QwenEnvKey, lit); err != nil {
			t.Fatal(err)
		}
		if v, _, _ := d.Get(QwenEnvKey); v != before || string(d.Bytes()) != string(data) {
			t.Fatalf("undo gave %q (%q), want the input", d.Bytes(), v)
		}
	})
}

func TestScanCodex(t *testing.T) {
	const cfg = "model_provider = \"gw\"\n\n[model_providers.gw]\nname = \"Gateway\"\nbase_url = \"https://gw.example/v1\"\nwire_api = \"responses\"\n\n[model_providers.old]\nbase_url = \"https://old.example/v1\"\nwire_api = \"chat\"\n\n[model_providers.nourl]\nname = \"n\"\n\n[profiles.fast]\nmodel_provider = \"gw\"\n"
	tests := []struct {
		name     string
		vars     map[string]string
		file     string // relative to the home; "" for none
		content  string
		builtin  bool
		want     []targetSummary
		notesHas []string
	}{
		{
			name: "providers", file: ".codex/config.toml", content: cfg,
			want:     []targetSummary{{"codex-gw", ".codex/config.toml", "/model_providers/gw/base_url", "https://gw.example/v1", "https://gw.example/v1", "responses", true}},
			notesHas: []string{`provider "old"`, `wire_api = "chat"`, `provider "nourl"`},
		},
		{
			name: "CODEX_HOME and the built-in provider", vars: map[string]string{"CODEX_HOME": "~/cx"}, file: "cx/config.toml", content: cfg, builtin: true,
			want: []targetSummary{
				{"codex-gw", "cx/config.toml", "/model_providers/gw/base_url", "https://gw.example/v1", "https://gw.example/v1", "responses", true},
				{"codex-openai", "cx/config.toml", "/openai_base_url", "", CodexBuiltinUpstream, "responses", false},
			},
			notesHas: []string{"426"},
		},
		{
			name: "openai_base_url set, not asked for", file: ".codex/config.toml", content: "openai_base_url = \"https://corp.example/v1\"\n",
			notesHas: []string{"--codex-builtin"},
		},
		{
			name: "no file, built-in asked for", builtin: true,
			want: []targetSummary{{"codex-openai", ".codex/config.toml", "/openai_base_url", "", CodexBuiltinUpstream, "responses", false}},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			env := fakeEnv(t, tc.vars)
			if tc.file != "" {
				writeFile(t, filepath.Join(env.Home, tc.file), tc.content)
			}
			s, err := ScanCodex(env, tc.builtin)
			if err != nil {
				t.Fatal(err)
			}
			if d := cmp.Diff(tc.want, summarize(env, s.Targets)); d != "" {
				t.Errorf("targets (-want +got):\n%s", d)
			}
			notes := strings.Join(s.Notes, "\n")
			for _, n := range tc.notesHas {
				if !strings.Contains(notes, n) {
					t.Errorf("notes %q lack %q", notes, n)
				}
			}
		})
	}
}

func TestScanKilo(t *testing.T) {
	env := fakeEnv(t, map[string]string{"KILO_CONFIG_DIR": "~/kdir", "MOONSHOT": "https://api.moonshot.ai/v1"})
	writeFile(t, filepath.Join(env.Home, ".config/kilo/kilo.jsonc"), "{\n  // mine\n  \"provider\": {\"gw\": {\"npm\": \"@ai-sdk/openai-compatible\", \"options\": {\"baseURL\": \"https://gw.example/v1\"}}},\n}\n")
	writeFile(t, filepath.Join(env.Home, "kdir/opencode.json"), `{"provider": {"ms": {"npm": "@ai-sdk/anthropic", "options": {"baseURL": "{env:MOONSHOT}"}}}}`)
	s, err := ScanKilo(env, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := []targetSummary{
		{"kilo-gw", ".config/kilo/kilo.jsonc", "/provider/gw/options/baseURL", "https://gw.example/v1", "https://gw.example/v1", "openai", true},
		{"kilo-ms", "kdir/opencode.json", "/provider/ms/options/baseURL", "{env:MOONSHOT}", "https://api.moonshot.ai/v1", "anthropic", true},
	}
	if d := cmp.Diff(want, summarize(env, s.Targets)); d != "" {
		t.Errorf("targets (-want +got):\n%s", d)
	}
	// The same folder layout is not OpenCode's: an OpenCode scan of this home finds nothing.
	if oc, _ := ScanOpenCode(env, nil); len(oc.Targets) != 0 {
		t.Errorf("OpenCode found Kilo's providers: %v", oc.Targets)
	}
}

func TestScanQwen(t *testing.T) {
	env := fakeEnv(t, nil)
	writeFile(t, QwenSettingsPath(env), "{\n  // providers\n  \"modelProviders\": {\n    \"openai\": [\n      {\"id\": \"qwen3-coder\", \"name\": \"Q\", \"baseUrl\": \"https://dashscope.example/v1\", \"envKey\": \"DASH\"},\n      {\"id\": \"local\", \"baseUrl\": \"http://localhost:8000/v1\"},\n      {\"id\": \"nourl\"}\n    ],\n    \"gemini\": []\n  },\n  \"security\": {\"auth\": {\"selectedType\": \"openai\"}}\n}\n")
	writeFile(t, QwenEnvPath(env), "OPENAI_API_KEY=sk-x\nOPENAI_BASE_URL=https://gw.example/v1\n")
	s, err := ScanQwen(env)
	if err != nil {
		t.Fatal(err)
	}
	want := []targetSummary{
		{"qwen-qwen3-coder", ".qwen/settings.json", "/modelProviders/openai/0/baseUrl", "https://dashscope.example/v1", "https://dashscope.example/v1", "openai", true},
		{"qwen-local", ".qwen/settings.json", "/modelProviders/openai/1/baseUrl", "http://localhost:8000/v1", "http://localhost:8000/v1", "openai", true},
		{"qwen", ".qwen/.env", "/OPENAI_BASE_URL", "https://gw.example/v1", "https://gw.example/v1", "openai", true},
	}
	if d := cmp.Diff(want, summarize(env, s.Targets)); d != "" {
		t.Errorf("targets (-want +got):\n%s", d)
	}
	if !strings.Contains(strings.Join(s.Notes, "\n"), "modelProviders.gemini") {
		t.Errorf("notes %q do not name the skipped gemini entries", s.Notes)
	}
	// Set a value inside the array keeps every other byte.
	f := s.File(QwenSettingsPath(env))
	before := string(f.Data)
	if _, err := f.Doc.Set(want[0].keyPointer(t), toolfixURL); err != nil {
		t.Fatal(err)
	}
	if got := string(f.Doc.Bytes()); got != strings.Replace(before, "https://dashscope.example/v1", toolfixURL, 1) {
		t.Fatalf("Set changed more than the value:\n%s", got)
	}

	writeFile(t, QwenSettingsPath(env), "{\"modelProviders\": {\"openai\": [{\"id\": \"a\", \"baseUrl\": \"https://x/v1\"},]}}\n")
	if _, err := ScanQwen(env); err == nil || !strings.Contains(err.Error(), "trailing comma") {
		t.Errorf("a trailing comma: error %v, want a refusal naming it", err)
	}
}

func (s targetSummary) keyPointer(t *testing.T) Pointer {
	p, err := ParsePointer(s.Key)
	if err != nil {
		t.Fatal(err)
	}
	return p
}
