package e2e

import (
	"testing"
)

// runQwen runs Qwen Code non-interactively (`qwen -p … --yolo`, so that its tools run) against
// baseURL (a root without /v1) through OPENAI_BASE_URL, in a temporary HOME.
func runQwen(t *testing.T, baseURL string) clientRun {
	t.Helper()
	return runQwenEnv(t, "OPENAI_BASE_URL="+baseURL+"/v1", "OPENAI_MODEL=mock-model")
}

// runQwenEnv runs Qwen Code as runQwen does, with extra variables instead of OPENAI_BASE_URL (a
// HOME whose ~/.qwen/settings.json names the provider, say).
func runQwenEnv(t *testing.T, extra ...string) clientRun {
	t.Helper()
	bin := clientBin(t, "qwen")
	env := append([]string{"OPENAI_API_KEY=sk-e2e-dummy", "MOCK_API_KEY=sk-e2e-dummy", "QWEN_CODE_SUPPRESS_YOLO_WARNING=1"}, extra...)
	return runClient(t, bin, env, "-p", prompt, "--yolo", "--output-format", "json")
}

// TestQwenCode runs the real Qwen Code CLI (Chat Completions) on streams it cannot use as they
// come.
func TestQwenCode(t *testing.T) {
	t.Parallel()
	requireTools(t, "qwen")
	for _, s := range []scenario{
		{name: "qwen-data-null", broken: "Cannot read properties of null (reading 'choices')", straightExit: 1},
		{name: "qwen-double-encoded", broken: "params must have required property 'command'"},
	} {
		// Qwen Code sometimes reports a command's output as "(empty)" (its output capture races the
		// exit under load), so the proof that the command ran is its exit code and the file it writes.
		s.dialect, s.run, s.tool, s.ran, s.file, s.mainOnce = openai, runQwen, "run_shell_command", "Exit Code: 0", "qwen-ran.txt", true
		t.Run(s.name, s.check)
	}
}
