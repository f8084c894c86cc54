package e2e

import (
	"path/filepath"
	"testing"
)

// kiloBin is where npm puts Kilo CLI's binary: the platform package has no .bin entry.
const kiloBin = "@kilocode/cli-linux-x64/bin/kilo"

// kiloConfig is a kilo.json whose provider "mock" (built on npm) points at baseURL/v1.
func kiloConfig(t *testing.T, npm providerNPM, baseURL string) []byte {
	t.Helper()
	return openCodeConfig(t, "", npm, baseURL)
}

// runKilo runs `kilo run` against baseURL (a root without /v1) through a provider "mock" built on
// npm, configured in a temporary HOME that keeps it offline.
func runKilo(t *testing.T, npm providerNPM, baseURL string) clientRun {
	t.Helper()
	home := t.TempDir()
	writeFile(t, filepath.Join(home, ".config", "kilo", "kilo.json"), kiloConfig(t, npm, baseURL))
	return runKiloHome(t, home)
}

// runKiloHome runs `kilo run` with HOME set to home, whose ~/.config/kilo holds a provider "mock"
// with a model "mock-model".
func runKiloHome(t *testing.T, home string) clientRun {
	t.Helper()
	return runOpenCodeFamily(t, clientBin(t, kiloBin), "KILO", home,
		"KILO_DISABLE_SESSION_INGEST=1",
		"KILO_DISABLE_CODEBASE_INDEXING=1",
		"KILO_EXPERIMENTAL_DISABLE_FILEWATCHER=1",
		"KILO_TELEMETRY_LEVEL=off",
		"DO_NOT_TRACK=1")
}

// TestKilo runs the real Kilo CLI (an OpenCode fork) on the streams that break OpenCode: todos
// sent as a string (openai-compatible) and a billing frame (anthropic).
func TestKilo(t *testing.T) {
	t.Parallel()
	requireTools(t, kiloBin)
	for _, s := range []scenario{
		{
			name: "kilo-openai-todowrite-string", stream: "opencode-openai-todowrite-string", dialect: openai,
			run:  func(t *testing.T, base string) clientRun { return runKilo(t, sdkOpenAICompatible, base) },
			tool: "todowrite", ran: "Fix the e2e parser", broken: "The todowrite tool was called with invalid arguments",
		},
		{
			name: "kilo-anthropic-billing", stream: "opencode-anthropic-billing", dialect: anthropic,
			run:  func(t *testing.T, base string) clientRun { return runKilo(t, sdkAnthropic, base) },
			tool: "bash", ran: "e2e-42", broken: "Type validation failed", file: "bash-ran.txt", straightExit: 1, faultAfterCall: true,
		},
	} {
		t.Run(s.name, s.check)
	}
}
