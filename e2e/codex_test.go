package e2e

import (
	"encoding/json"
	"net/http"
	"path/filepath"
	"testing"
	"time"
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

// TestCodexWebSocketFallsBackAtOnce: Codex's built-in openai provider opens a WebSocket
// (GET …/v1/responses, Upgrade: websocket) before each turn. Straight at an API that does not
// serve one (the mock answers 404) it retries with back-off before it falls back to HTTPS;
// through toolfix the upgrade is refused with 426 and Codex falls back on its first try: toolfix
// answered exactly one upgrade, none reached the upstream, and the turn went over HTTPS. The time
// from Codex's start to its first POST is logged for both (a measurement, not asserted).
func TestCodexWebSocketFallsBackAtOnce(t *testing.T) {
	t.Parallel()
	requireTools(t, "codex")
	for _, viaToolfix := range []bool{false, true} {
		name := map[bool]string{false: "straight", true: "toolfix"}[viaToolfix]
		t.Run(name, func(t *testing.T) {
			up := newUpstream(t, responses, "codex-login-string.healthy.sse")
			base := up.URL
			if viaToolfix {
				base = startToolfix(t, up.URL)
			}
			home := t.TempDir()
			writeFile(t, filepath.Join(home, ".codex", "config.toml"), []byte("model = \"mock-model\"\nopenai_base_url = \""+base+"/v1\"\n"))
			r := runCodexHome(t, home)
			upgrades, firstPost := 0, time.Time{}
			for _, q := range up.requests() {
				if q.Upgrade {
					upgrades++
				}
				if q.Method == http.MethodPost && firstPost.IsZero() {
					firstPost = q.At
				}
			}
			if firstPost.IsZero() {
				t.Fatalf("Codex never posted its turn\nmock saw:\n%s\nstderr:\n%s", up.summary(), tail(r.Stderr))
			}
			t.Logf("%s: %d upgrade(s) reached the mock; first POST %s after Codex started", name, upgrades, firstPost.Sub(r.Started).Round(time.Millisecond))
			if !viaToolfix {
				if upgrades < 2 {
					t.Errorf("straight at the mock Codex tried the WebSocket %d time(s); the mock no longer shows the retries toolfix saves", upgrades)
				}
				return
			}
			if upgrades != 0 {
				t.Errorf("%d WebSocket upgrade(s) went through toolfix to the upstream", upgrades)
			}
			if n := refusedUpgrades(t, base); n != 1 {
				t.Errorf("toolfix refused %d upgrade(s), want exactly 1 (Codex falls back on the first 426)", n)
			}
			if !hasResult(toolResults(responses, lastTurnBody(up.requests())), "exec_command", "e2e-42") {
				t.Errorf("the turn did not go on over HTTPS\nmock saw:\n%s", up.summary())
			}
		})
	}
}

// refusedUpgrades reads toolfix's /stats at base and counts its 426 answers.
func refusedUpgrades(t *testing.T, base string) int64 {
	t.Helper()
	res, err := http.Get(base + "/stats")
	if err != nil {
		t.Fatalf("reading toolfix's stats: %v", err)
	}
	defer res.Body.Close()
	var st struct {
		Responses []struct {
			Status int   `json:"status"`
			Count  int64 `json:"count"`
		} `json:"responses"`
	}
	if err := json.NewDecoder(res.Body).Decode(&st); err != nil {
		t.Fatalf("decoding toolfix's stats: %v", err)
	}
	var n int64
	for _, r := range st.Responses {
		if r.Status == http.StatusUpgradeRequired {
			n += r.Count
		}
	}
	return n
}
