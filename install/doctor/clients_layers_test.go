package doctor

import (
	"testing"

	"github.com/toolfix/toolfix/install"
)

// installed writes one routed file of client and the state that records its edits; edits maps
// each key (a JSON pointer) to its route, an OpenAI-compatible one from https://up.example/v1.
func (f *fixture) installed(client, rel, content string, edits map[string]string) string {
	f.t.Helper()
	return f.installedFrom(client, "openai", "https://up.example/v1", rel, content, edits)
}

// installedFrom is installed with each route's protocol and the upstream each edit replaced.
func (f *fixture) installedFrom(client, protocol, before, rel, content string, edits map[string]string) string {
	f.t.Helper()
	path := f.write(rel, content)
	st := &install.State{Version: install.StateVersion, Phase: install.PhaseInstalled, Port: testPort}
	fs := install.FileState{Path: path, Client: client}
	for key, route := range edits {
		st.Routes = append(st.Routes, install.Route{Name: route, Upstream: before, Protocol: protocol, Client: client})
		fs.Edits = append(fs.Edits, install.Edit{Key: key, Route: route, Before: &before, After: install.BaseURL(testPort, route)})
	}
	st.Files = []install.FileState{fs}
	f.install(st)
	return path
}

func TestCheckCodexLayers(t *testing.T) {
	gw := install.BaseURL(testPort, "codex-gw")
	routed := "model_provider = \"gw\"\n[model_providers.gw]\nbase_url = \"" + gw + "\"\n"
	// A case's routed is its ~/.codex/config.toml; "" for routed.
	setup := func(f *fixture, cfg string) {
		if cfg == "" {
			cfg = routed
		}
		f.installed("codex", ".codex/config.toml", cfg, map[string]string{"/model_providers/gw/base_url": "codex-gw"})
	}
	runLayerCases(t, "codex-layers", setup, []layerCase{
		{name: "clean", git: ".", status: OK, want: []string{"no Codex CLI setting wins over toolfix's 1 provider", "-c model_providers"}},
		{name: "profile selects an unrouted provider", git: ".", routed: routed + "[model_providers.other]\nbase_url = \"https://o.example/v1\"\n[profiles.fast]\nmodel_provider = \"other\"\n",
			status: Warn, want: []string{"profiles.fast.model_provider = \"other\" selects a provider toolfix does not route"}},
		{name: "no model_provider: the built-in one", git: ".", routed: "[model_providers.gw]\nbase_url = \"" + gw + "\"\n",
			status: Warn, want: []string{"sets no model_provider", "--codex-builtin"}},
		{name: "project config sets the base URL", git: ".", files: map[string]string{".codex/config.toml": "[model_providers.gw]\nbase_url = \"https://proj.example/v1\"\n"},
			status: Warn, want: []string{"./.codex/config.toml sets model_providers.gw.base_url = https://proj.example/v1", "or set it to " + gw}},
		{name: "CODEX_HOME elsewhere", git: ".", env: map[string]string{"CODEX_HOME": "~/other"},
			status: Warn, want: []string{"Codex now reads ~/other/config.toml", "CODEX_HOME"}},
		{name: "broken project config", git: ".", files: map[string]string{".codex/config.toml": "a = \n"},
			status: Warn, want: []string{"cannot be parsed"}},
	})
}

func TestCheckKiloLayers(t *testing.T) {
	gw := install.BaseURL(testPort, "kilo-gw")
	other := func(u string) string { return `{"provider": {"gw": {"options": {"baseURL": "` + u + `"}}}}` }
	setup := func(f *fixture, _ string) {
		f.installed("kilo", ".config/kilo/kilo.json", other(gw), map[string]string{"/provider/gw/options/baseURL": "kilo-gw"})
	}
	runLayerCases(t, "kilo-layers", setup, []layerCase{
		{name: "clean", git: ".", status: OK, want: []string{"no Kilo setting wins over toolfix's 1 provider"}},
		{name: "project kilo.jsonc", git: ".", files: map[string]string{"kilo.jsonc": other("https://proj.example/v1")},
			status: Warn, want: []string{"./kilo.jsonc sets provider.gw.options.baseURL = https://proj.example/v1", "or set it to " + gw}},
		{name: "project .opencode folder", git: ".", files: map[string]string{".opencode/opencode.json": other("https://team.example/v1")},
			status: Warn, want: []string{".opencode/opencode.json sets"}},
		{name: "KILO_CONFIG_CONTENT", git: ".", env: map[string]string{"KILO_CONFIG_CONTENT": other("https://inline.example/v1")},
			status: Warn, want: []string{"KILO_CONFIG_CONTENT in your shell sets"}},
		{name: "OpenCode's variable is not Kilo's", git: ".", env: map[string]string{"OPENCODE_CONFIG_CONTENT": other("https://inline.example/v1")}, status: OK},
	})
}

func TestCheckQwenLayers(t *testing.T) {
	qwen := install.BaseURL(testPort, "qwen")
	setup := func(f *fixture, _ string) {
		f.installed("qwen", ".qwen/.env", "OPENAI_BASE_URL="+qwen+"\n", map[string]string{"/OPENAI_BASE_URL": "qwen"})
	}
	runLayerCases(t, "qwen-layers", setup, []layerCase{
		{name: "clean", status: OK, want: []string{"no Qwen Code setting wins over toolfix's 1 base URL"}},
		{name: "shell variable", env: map[string]string{"OPENAI_BASE_URL": "https://shell.example/v1"},
			status: Warn, want: []string{"your shell sets OPENAI_BASE_URL=https://shell.example/v1, which wins over ~/.qwen/.env", "set it to " + qwen}},
		{name: "shell variable is toolfix's", env: map[string]string{"OPENAI_BASE_URL": qwen}, status: OK},
		{name: "project .env loaded instead", files: map[string]string{".env": "OPENAI_BASE_URL=https://proj.example/v1\n"},
			status: Warn, want: []string{"./.env sets OPENAI_BASE_URL=https://proj.example/v1; Qwen Code loads it instead"}},
		{name: "workspace settings", files: map[string]string{".qwen/settings.json": "{\n  // ws\n  \"modelProviders\": {\"openai\": [{\"id\": \"x\", \"baseUrl\": \"https://ws.example/v1\"}]}\n}\n"},
			status: Warn, want: []string{"./.qwen/settings.json sets modelProviders.openai.0.baseUrl = https://ws.example/v1"}},
	})
}

func TestNewClientLayersNotRouted(t *testing.T) {
	f := newFixture(t)
	f.claudeInstalled("")
	expect(t, f.run("codex-layers"), Skip, "no Codex CLI provider is routed")
	expect(t, f.run("kilo-layers"), Skip, "no Kilo provider is routed")
	expect(t, f.run("qwen-layers"), Skip, "Qwen Code is not routed")
}

func TestClientHostsNamesEveryClient(t *testing.T) {
	f := newFixture(t)
	st := &install.State{Version: install.StateVersion, Phase: install.PhaseInstalled, Port: testPort}
	for _, r := range []install.Route{
		{Name: "claude", Upstream: "https://claude.example", Client: "claude"},
		{Name: "opencode-a", Upstream: "https://opencode.example/v1", Client: "opencode"},
		{Name: "codex-a", Upstream: "https://codex.example/v1", Client: "codex"},
		{Name: "kilo-a", Upstream: "https://kilo.example/v1", Client: "kilo"},
		{Name: "qwen", Upstream: "https://qwen.example/v1", Client: "qwen"},
	} {
		st.Routes = append(st.Routes, r)
	}
	f.install(st)
	s := f.d.session()
	for _, tc := range []struct{ cmd, want string }{
		{"/usr/lib/node_modules/@openai/codex/vendor/x86_64-unknown-linux-musl/codex/codex exec --json", "codex.example"},
		{"/e2e/clients/node_modules/@kilocode/cli-linux-x64/bin/kilo run hi", "kilo.example"},
		{"node /e2e/clients/node_modules/@qwen-code/qwen-code/cli.js -p hi", "qwen.example"},
		{"/home/me/.local/bin/claude -p hi", "claude.example"},
		{"/home/me/.opencode/bin/opencode run", "opencode.example"},
	} {
		got := s.clientHosts(programName(tc.cmd), tc.cmd)
		if len(got) != 1 || got[0] != tc.want {
			t.Errorf("clientHosts(%q) = %q, want [%s]", tc.cmd, got, tc.want)
		}
	}
}
