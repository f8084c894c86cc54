package e2e

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/toolfix/toolfix/proxy/syncbuf"
)

// runTimeout bounds one client run. A run takes 1-3 s (Claude Code, Codex), 5-10 s (OpenCode),
// 10-30 s (Qwen Code) or 20-60 s (Kilo CLI) on an idle machine, several times that on a busy one
// (Kilo's took up to 3 minutes under a load average of 20).
const runTimeout = 6 * time.Minute

// prompt is what every run asks; the mock ignores it.
const prompt = "Run the e2e check and keep the todo list current."

// clientRun is the outcome of one client process.
type clientRun struct {
	Stdout, Stderr string
	ExitCode       int           // the process's exit status
	Workdir        string        // the folder the client ran in
	Started        time.Time     // when the process was started
	Took           time.Duration // wall time of the run
}

// output is stdout and stderr together, for looking for a text in either.
func (r clientRun) output() string { return r.Stdout + "\n" + r.Stderr }

// runClaude runs Claude Code non-interactively against baseURL (a root without /v1) with a
// temporary HOME and working folder.
func runClaude(t *testing.T, baseURL string) clientRun {
	t.Helper()
	return runClaudeEnv(t, "ANTHROPIC_BASE_URL="+baseURL)
}

// runClaudeEnv runs Claude Code as runClaude does, with extra variables (a HOME whose
// settings.json names the base URL, say) instead of ANTHROPIC_BASE_URL.
func runClaudeEnv(t *testing.T, extra ...string) clientRun {
	t.Helper()
	bin := clientBin(t, "claude")
	env := []string{
		"ANTHROPIC_API_KEY=sk-ant-e2e-dummy",
		"CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1",
		"DISABLE_TELEMETRY=1",
		"DISABLE_AUTOUPDATER=1",
		"DISABLE_ERROR_REPORTING=1",
		"IS_SANDBOX=1",               // bypassPermissions refuses to start as root without it
		"CLAUDE_CODE_ENABLE_TASKS=0", // offer TodoWrite rather than TaskCreate/TaskUpdate
		// Since 2.1.3xx TodoWrite is off for the newest models, and tool search is on behind a base
		// URL that is not Anthropic's: a deferred tool's schema is then not in the request, so
		// there is nothing to repair against (toolfix logs "tool not declared in the request").
		"CLAUDE_CODE_ENABLE_TODO_TOOLS=1",
		"ENABLE_TOOL_SEARCH=false",
	}
	env = append(env, extra...)
	return runClient(t, bin, env, "-p", prompt,
		"--output-format", "stream-json", "--verbose",
		"--permission-mode", "bypassPermissions", "--max-turns", "4")
}

// providerNPM names the AI SDK provider package OpenCode talks through.
type providerNPM string

const (
	sdkAnthropic        providerNPM = "@ai-sdk/anthropic"
	sdkOpenAICompatible providerNPM = "@ai-sdk/openai-compatible"
)

// runOpenCode runs `opencode run` against baseURL (a root without /v1) through an OpenCode
// provider built on npm, configured in a temporary HOME that keeps it offline.
func runOpenCode(t *testing.T, npm providerNPM, baseURL string) clientRun {
	t.Helper()
	clientBin(t, "opencode")
	home := t.TempDir()
	writeFile(t, filepath.Join(home, ".config", "opencode", "opencode.json"), openCodeConfig(t, "https://opencode.ai/config.json", npm, baseURL))
	return runOpenCodeHome(t, home)
}

// runOpenCodeHome runs `opencode run` with HOME set to home, whose ~/.config/opencode holds a
// provider "mock" with a model "mock-model".
func runOpenCodeHome(t *testing.T, home string) clientRun {
	t.Helper()
	return runOpenCodeFamily(t, clientBin(t, "opencode"), "OPENCODE", home)
}

// openCodeConfig is a config of OpenCode (opencode.json) or of its fork Kilo CLI (kilo.json), with
// autoupdate and sharing off and one provider "mock", built on npm, whose base URL is baseURL/v1
// and whose one model is "mock-model"; schema, when not "", is its "$schema". It ends in a newline.
func openCodeConfig(t *testing.T, schema string, npm providerNPM, baseURL string) []byte {
	t.Helper()
	cfg := map[string]any{
		"autoupdate": false,
		"share":      "disabled",
		"provider": map[string]any{"mock": map[string]any{
			"npm": string(npm), "name": "Mock upstream",
			"options": map[string]any{"baseURL": baseURL + "/v1", "apiKey": "sk-e2e-dummy"},
			"models":  map[string]any{"mock-model": map[string]any{"name": "Mock model"}},
		}},
	}
	if schema != "" {
		cfg["$schema"] = schema
	}
	b, err := json.MarshalIndent(cfg, "", "  ")
	if err != nil {
		t.Fatalf("encoding the config of the provider mock: %v", err)
	}
	return append(b, '\n')
}

// runOpenCodeFamily runs `bin run` for OpenCode or its fork Kilo CLI with HOME set to home (whose
// config holds a provider "mock" with a model "mock-model"), kept offline: npm offline, and the
// client's <prefix>_DISABLE_* variables (prefix OPENCODE or KILO) for the models fetch,
// autoupdate, default plugins, LSP downloads and sharing, besides the extra variables.
func runOpenCodeFamily(t *testing.T, bin, prefix, home string, extra ...string) clientRun {
	t.Helper()
	// OpenCode starts a background npm install of its plugin package on every run; offline, it
	// fails at once instead of waiting on the network.
	writeFile(t, filepath.Join(home, ".npmrc"), []byte("offline=true\n"))
	env := []string{"HOME=" + home}
	for _, off := range []string{"MODELS_FETCH", "AUTOUPDATE", "DEFAULT_PLUGINS", "LSP_DOWNLOAD", "SHARE"} {
		env = append(env, prefix+"_DISABLE_"+off+"=1")
	}
	env = append(env, extra...)
	return runClient(t, bin, env, "run", prompt, "--model", "mock/mock-model", "--format", "json", "--print-logs")
}

func writeFile(t *testing.T, path string, b []byte) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatalf("making %q: %v", filepath.Dir(path), err)
	}
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatalf("writing %q: %v", path, err)
	}
}

// runClient runs bin with args in a fresh working folder under a clean environment (none of the
// caller's variables but PATH, so a developer's own API settings cannot leak in), a temporary
// HOME (unless extra sets one) and TMPDIR, and the extra variables. It waits at most runTimeout.
func runClient(t *testing.T, bin string, extra []string, args ...string) clientRun {
	t.Helper()
	work := t.TempDir()
	env := []string{
		"PATH=" + os.Getenv("PATH"),
		"HOME=" + t.TempDir(),
		"TMPDIR=" + t.TempDir(), // Claude Code's Bash tool keeps its output files there
		"SHELL=/bin/bash",
		"LANG=C.UTF-8",
		"TERM=dumb",
		"NO_COLOR=1",
	}
	env = append(env, extra...) // a later HOME wins: exec keeps the last of duplicate keys
	ctx, cancel := context.WithTimeout(context.Background(), runTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Dir = work
	cmd.Env = env
	cmd.WaitDelay = 5 * time.Second // a grandchild holding the pipes open must not hang the test
	stdout, stderr := &syncbuf.Buffer{}, &syncbuf.Buffer{}
	cmd.Stdout, cmd.Stderr = stdout, stderr
	start := time.Now()
	err := cmd.Run()
	r := clientRun{Stdout: stdout.String(), Stderr: stderr.String(), Workdir: work, Started: start, Took: time.Since(start)}
	var exit *exec.ExitError
	switch {
	case ctx.Err() != nil:
		t.Fatalf("%s did not finish within %s\nstdout:\n%s\nstderr:\n%s", filepath.Base(bin), runTimeout, tail(r.Stdout), tail(r.Stderr))
	case err != nil && !errors.As(err, &exit):
		t.Fatalf("running %s: %v", filepath.Base(bin), err)
	}
	r.ExitCode = cmd.ProcessState.ExitCode()
	t.Logf("%s exited %d after %s", filepath.Base(bin), r.ExitCode, r.Took.Round(10*time.Millisecond))
	return r
}

// tail returns the last 4000 bytes of s, for failure messages.
func tail(s string) string {
	const n = 4000
	if len(s) <= n {
		return s
	}
	return fmt.Sprintf("…(%d bytes cut)…%s", len(s)-n, s[len(s)-n:])
}
