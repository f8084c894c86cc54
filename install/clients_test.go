package install

import (
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

const (
	codexConfig = "# Codex\r\nmodel_provider = \"gw\"  # mine\r\nmodel = \"gpt-5.1-codex\"\r\nmodel_providers.inl = { name = \"I\", base_url = \"https://inline.example/v1\" }\r\n\r\n[model_providers.gw]\r\nname = \"Gateway\"\r\nbase_url = 'https://gw.example/v1'\r\nwire_api = \"responses\"\r\n\r\n[model_providers.chat]\r\nbase_url = \"https://chat.example/v1\"\r\nwire_api = \"chat\"\r\n\r\n[profiles.fast]\r\nmodel = \"o4-mini\"\r\n"
	kiloConfig  = "{\n  // Kilo\n  \"provider\": {\n    \"gw\": {\n      \"npm\": \"@ai-sdk/openai-compatible\",\n      \"options\": { \"baseURL\": \"https://gw.example/v1\", \"apiKey\": \"{env:GW_KEY}\" }\n    }\n  }\n}\n"
	qwenConfig  = "{\n  // Qwen\n  \"modelProviders\": {\n    \"openai\": [\n      {\n        \"id\": \"coder\",\n        \"baseUrl\": \"https://dash.example/v1\",\n        \"envKey\": \"DASH\"\n      }\n    ]\n  },\n  \"model\": { \"name\": \"coder\" }\n}\n"
	qwenEnv     = "# qwen\nOPENAI_API_KEY=sk-canary\nOPENAI_BASE_URL=\"https://gw.example/v1\"\n"
)

// TestClientRewritesItsFile: Kilo and Qwen Code rewrite their own config on first start (Kilo adds
// "$schema" and a "permission" block and reformats the object it touched; Qwen adds "$version" and
// re-indents). Uninstall then finds toolfix's key by its path and puts back only the base URL,
// keeping every change the client made; doctor's drift check (the same Get) still finds it.
func TestClientRewritesItsFile(t *testing.T) {
	tests := []struct {
		name, rel, orig string
		// rewrite is the file as the client leaves it, given what toolfix wrote.
		rewrite func(written string) string
		want    string
	}{
		{
			name: "kilo adds $schema and permission, reformats provider",
			rel:  ".config/kilo/kilo.jsonc", orig: kiloConfig,
			rewrite: func(string) string {
				return "{\n  \"$schema\": \"https://app.kilo.ai/config.json\",\n  // Kilo\n  \"provider\": {\n    \"gw\": {\n      \"npm\": \"@ai-sdk/openai-compatible\",\n      \"options\": {\n        \"baseURL\": \"http://127.0.0.1:47821/kilo-gw\",\n        \"apiKey\": \"{env:GW_KEY}\"\n      }\n    }\n  },\n  \"permission\": {\n    \"bash\": \"allow\"\n  }\n}\n"
			},
			want: "{\n  \"$schema\": \"https://app.kilo.ai/config.json\",\n  // Kilo\n  \"provider\": {\n    \"gw\": {\n      \"npm\": \"@ai-sdk/openai-compatible\",\n      \"options\": {\n        \"baseURL\": \"https://gw.example/v1\",\n        \"apiKey\": \"{env:GW_KEY}\"\n      }\n    }\n  },\n  \"permission\": {\n    \"bash\": \"allow\"\n  }\n}\n",
		},
		{
			name: "qwen adds $version and re-indents",
			rel:  ".qwen/settings.json", orig: qwenConfig,
			rewrite: func(string) string {
				return "{\n    // Qwen\n    \"modelProviders\": {\n        \"openai\": [\n            {\n                \"id\": \"coder\",\n                \"baseUrl\": \"http://127.0.0.1:47821/qwen-coder\",\n                \"envKey\": \"DASH\"\n            }\n        ]\n    },\n    \"model\": {\n        \"name\": \"coder\"\n    },\n    \"$version\": 4\n}\n"
			},
			want: "{\n    // Qwen\n    \"modelProviders\": {\n        \"openai\": [\n            {\n                \"id\": \"coder\",\n                \"baseUrl\": \"https://dash.example/v1\",\n                \"envKey\": \"DASH\"\n            }\n        ]\n    },\n    \"model\": {\n        \"name\": \"coder\"\n    },\n    \"$version\": 4\n}\n",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := newWorld(t)
			w.write(tt.rel, tt.orig)
			w.mustInstall(Options{})
			w.write(tt.rel, tt.rewrite(w.read(tt.rel)))
			// A second install (say, after a port change) sees its own edit and keeps it.
			if p := w.mustPlan(Options{}); len(p.Routes) != 1 {
				t.Fatalf("a plan after the client's rewrite has routes %v, want toolfix's one route kept", p.Routes)
			}
			rep := w.mustUninstall()
			if len(rep.Warnings) > 0 {
				t.Errorf("warnings: %q", rep.Warnings)
			}
			if d := cmp.Diff(tt.want, w.read(tt.rel)); d != "" {
				t.Errorf("after uninstall (-want +got):\n%s", d)
			}
		})
	}
}

func TestQwenTrailingCommaRefused(t *testing.T) {
	w := newWorld(t)
	w.write(".qwen/settings.json", strings.Replace(qwenConfig, "\"DASH\"\n", "\"DASH\",\n", 1))
	_, err := w.in.Plan(Options{DefaultPort: 47821})
	if err == nil || !strings.Contains(err.Error(), "trailing comma") {
		t.Fatalf("Plan error = %v, want a refusal naming the trailing comma", err)
	}
	if _, err := os.Stat(w.in.Dirs.StateFile()); !os.IsNotExist(err) {
		t.Error("a refused plan wrote a state file")
	}
}

// TestLeftoversNewClients: with no state, Codex's, Kilo's and Qwen Code's keys still pointing at
// toolfix are named, as Claude Code's and OpenCode's are.
func TestLeftoversNewClients(t *testing.T) {
	w := newWorld(t)
	w.write(".codex/config.toml", "[model_providers.gw]\nbase_url = \"http://127.0.0.1:47821/codex-gw\"\n")
	w.write(".config/kilo/kilo.json", `{"provider": {"gw": {"options": {"baseURL": "http://127.0.0.1:47821/kilo-gw"}}}}`)
	w.write(".qwen/.env", "OPENAI_BASE_URL=http://127.0.0.1:47821/qwen\n")
	found, errs := w.in.Leftovers()
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	got := strings.Join(found, "\n")
	for _, want := range []string{"config.toml: model_providers.gw.base_url is http://127.0.0.1:47821/codex-gw", "kilo.json: provider.gw.options.baseURL is", ".env: OPENAI_BASE_URL is http://127.0.0.1:47821/qwen"} {
		if !strings.Contains(got, want) {
			t.Errorf("leftovers %q lack %q", found, want)
		}
	}
}
