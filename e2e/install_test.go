package e2e

import (
	"bytes"
	"context"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestInstallRoutesRealClients is issue 4's end-to-end check: on a temporary HOME holding a Claude
// Code settings.json and an opencode.jsonc with comments, `toolfix install --no-service --yes`
// rewrites both, `toolfix serve` with no flags serves the installed routes, the real clients reach
// their mock upstreams through the written base URLs and a degraded stream is repaired for each,
// and `toolfix uninstall` leaves both files byte-identical to the start.
func TestInstallRoutesRealClients(t *testing.T) {
	t.Parallel()
	requireTools(t, "claude")
	requireTools(t, "opencode")
	upClaude := newUpstream(t, anthropic, "claude-leaked-bash.sse")
	upOpen := newUpstream(t, anthropic, "opencode-anthropic-todowrite-string.sse")

	home := t.TempDir()
	settings := filepath.Join(home, ".claude", "settings.json")
	settingsBody := []byte("{\n  \"model\": \"sonnet\",\n  \"env\": {\n    \"ANTHROPIC_BASE_URL\": \"" + upClaude.URL + "\"\n  }\n}\n")
	writeFile(t, settings, settingsBody)
	jsonc := filepath.Join(home, ".config", "opencode", "opencode.jsonc")
	jsoncBody := []byte(`{
  // the mock upstream, through @ai-sdk/anthropic
  "$schema": "https://opencode.ai/config.json",
  "autoupdate": false,
  "share": "disabled",
  "provider": {
    "mock": {
      "npm": "@ai-sdk/anthropic", /* Messages API */
      "name": "Mock upstream",
      "options": {
        "baseURL": "` + upOpen.URL + `/v1",
        "apiKey": "sk-e2e-dummy",
      },
      "models": { "mock-model": { "name": "Mock model" } },
    },
  },
}
`)
	writeFile(t, jsonc, jsoncBody)

	env := []string{"HOME=" + home, "PATH=" + os.Getenv("PATH")}
	port := freePort(t)
	out := toolfix(t, env, "install", "--no-service", "--yes", "--port", strconv.Itoa(port))
	if !strings.Contains(out, "toolfix is installed") {
		t.Fatalf("install said:\n%s", out)
	}
	for _, f := range []struct{ path, route string }{{settings, "/claude"}, {jsonc, "/opencode-mock"}} {
		b, _ := os.ReadFile(f.path)
		if !bytes.Contains(b, []byte("http://127.0.0.1:"+strconv.Itoa(port)+f.route)) {
			t.Fatalf("%s was not routed through toolfix:\n%s", f.path, b)
		}
	}
	if b, _ := os.ReadFile(jsonc); !bytes.Contains(b, []byte("/* Messages API */")) || !bytes.Contains(b, []byte("// the mock upstream")) {
		t.Errorf("install lost the comments of opencode.jsonc:\n%s", b)
	}

	base := startServe(t, env) // no flags: the installed routes
	if base != "http://127.0.0.1:"+strconv.Itoa(port) {
		t.Fatalf("serve listens on %s, want the installed port %d", base, port)
	}

	// Claude Code takes its base URL from the installed settings.json (HOME), not from the shell.
	rc := runClaudeEnv(t, "HOME="+home)
	if res := toolResults(anthropic, lastTurnBody(upClaude.requests())); !hasResult(res, "Bash", "e2e-42") {
		t.Errorf("Claude Code did not run the repaired Bash call through the installed route\nmock saw:\n%s\nstdout:\n%s", upClaude.summary(), tail(rc.Stdout))
	}
	ro := runOpenCodeHome(t, home)
	if res := toolResults(anthropic, lastTurnBody(upOpen.requests())); !hasResult(res, "todowrite", "Fix the e2e parser") {
		t.Errorf("OpenCode did not run the repaired todowrite call through the installed route\nmock saw:\n%s\nstdout:\n%s", upOpen.summary(), tail(ro.Stdout))
	}

	out = toolfix(t, env, "uninstall")
	if !strings.Contains(out, "uninstalled") {
		t.Errorf("uninstall said:\n%s", out)
	}
	for _, f := range []struct {
		path string
		want []byte
	}{{settings, settingsBody}, {jsonc, jsoncBody}} {
		if b, _ := os.ReadFile(f.path); !bytes.Equal(b, f.want) {
			t.Errorf("%s is not byte-identical after uninstall:\n%s", f.path, b)
		}
	}
}

// hasResult reports whether results hold a successful result of tool whose text holds ran.
func hasResult(results []toolResult, tool, ran string) bool {
	for _, r := range results {
		if r.Tool == tool && !r.IsError && strings.Contains(r.Text, ran) {
			return true
		}
	}
	return false
}

// toolfix runs the toolfix binary with args in env and returns its combined output; a non-zero
// exit fails t.
func toolfix(t *testing.T, env []string, args ...string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, toolfixBin, args...)
	cmd.Env = env
	b, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("toolfix %s: %v\n%s", strings.Join(args, " "), err, b)
	}
	return string(b)
}

// freePort returns a loopback port that was free a moment ago.
func freePort(t *testing.T) int {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port
}
