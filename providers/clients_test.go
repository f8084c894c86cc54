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
