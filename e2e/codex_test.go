package e2e

import (
	"path/filepath"
	"testing"
)

// codexConfig is a config.toml whose provider "mock" (Responses API) points at baseURL/v1.
func codexConfig(baseURL string) []byte {
	return []byte(`# e2e: the mock upstream
model = "mock-model"
model_provider = "mock"

[model_providers.mock]
name = "Mock upstream"
base_url = "` + baseURL + `/v1" # Codex appends /responses
env_key = "MOCK_API_KEY"
wire_api = "responses"
`)
}

// runCodex runs `codex exec` against baseURL (a root without /v1) through a provider "mock" in a
// temporary CODEX_HOME.
func runCodex(t *testing.T, baseURL string) clientRun {
	t.Helper()
	home := t.TempDir()
	writeFile(t, filepath.Join(home, ".codex", "config.toml"), codexConfig(baseURL))
	return runCodexHome(t, home)
}

// runCodexHome runs `codex exec` non-interactively with HOME set to home (its config in
// ~/.codex/config.toml); approvals and the sandbox are off so that its exec_command tool runs.
func runCodexHome(t *testing.T, home string, args ...string) clientRun {
	t.Helper()
	bin := clientBin(t, "codex")
	env := []string{"HOME=" + home, "CODEX_HOME=" + filepath.Join(home, ".codex"), "MOCK_API_KEY=sk-e2e-dummy", "OPENAI_API_KEY=sk-e2e-dummy"}
	args = append(args, "exec", "--json", "--skip-git-repo-check", "--ephemeral", "--dangerously-bypass-approvals-and-sandbox", prompt)
	return runClient(t, bin, env, args...)
}

// TestCodex runs the real Codex CLI (Responses API) on streams it cannot use as they come. Codex
// sends a bad call's error back to the model and still exits 0.
func TestCodex(t *testing.T) {
	t.Parallel()
	requireTools(t, "codex")
	for _, s := range []scenario{
		{name: "codex-prefix-rule-string", broken: `invalid type: string "[\"echo\"]", expected a sequence`},
		{name: "codex-login-string", broken: `invalid type: string "false", expected a boolean`},
		{name: "codex-yield-string", broken: `expected u64`},
		{name: "codex-double-encoded", broken: `invalid type: string`},
	} {
		s.dialect, s.run, s.tool, s.ran, s.file = responses, runCodex, "exec_command", "e2e-42", "codex-ran.txt"
		t.Run(s.name, s.check)
	}
}
