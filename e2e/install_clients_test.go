package e2e

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// routedFile is one client config the install test routes, with what it must hold.
type routedFile struct {
	path   string
	before []byte // the file as the user wrote it
	orig   string // the upstream base URL in it
	route  string // the route toolfix must write
	// rewrites is set for a client that rewrites its own file on start (Kilo adds $schema and a
	// permission block, Qwen Code adds $version): uninstall then puts back only the base URL.
	rewrites bool
}

// TestInstallRoutesNewClients is issue 11's end-to-end check: on one temporary HOME holding a
// Codex config.toml, a Kilo kilo.jsonc and a Qwen Code settings.json (comments in each),
// `toolfix install --no-service --yes` routes all three, `toolfix serve` serves the installed
// routes, each real client's own fault is repaired through the written base URL (its tool runs and
// writes its file), and `toolfix uninstall` leaves Codex's file byte-identical and, in the files
// Kilo and Qwen Code rewrote themselves, puts back exactly the base URL and keeps their changes.
func TestInstallRoutesNewClients(t *testing.T) {
	t.Parallel()
	for _, c := range []string{"codex", "qwen", kiloBin} {
		requireTools(t, c)
	}
	upCodex := newUpstream(t, responses, "codex-login-string.sse")
	upKilo := newUpstream(t, openai, "opencode-openai-todowrite-string.sse")
	upQwen := newUpstream(t, openai, "qwen-data-null.sse")
	upQwen.mainOnce = true

	home := t.TempDir()
	files := []*routedFile{
		{path: filepath.Join(home, ".codex", "config.toml"), before: codexConfig(upCodex.URL), orig: upCodex.URL + "/v1", route: "/codex-mock"},
		{path: filepath.Join(home, ".config", "kilo", "kilo.jsonc"), orig: upKilo.URL + "/v1", route: "/kilo-mock", rewrites: true,
			before: []byte("// e2e: Kilo's provider\n" + string(kiloConfig(t, sdkOpenAICompatible, upKilo.URL)))},
		{path: filepath.Join(home, ".qwen", "settings.json"), orig: upQwen.URL + "/v1", route: "/qwen-mock-model", rewrites: true, before: []byte(`{
  // e2e: Qwen Code's provider
  "modelProviders": {
    "openai": [
      { "id": "mock-model", "name": "Mock model", "baseUrl": "` + upQwen.URL + `/v1", "envKey": "MOCK_API_KEY" }
    ]
  },
  "model": { "name": "mock-model" },
  "security": { "auth": { "selectedType": "openai" } }
}
`)},
	}
	for _, f := range files {
		writeFile(t, f.path, f.before)
	}

	env := []string{"HOME=" + home, "PATH=" + os.Getenv("PATH")}
	port := freePort(t)
	out := toolfix(t, env, "install", "--no-service", "--yes", "--only", "codex,kilo,qwen", "--port", strconv.Itoa(port))
	if !strings.Contains(out, "toolfix is installed") {
		t.Fatalf("install said:\n%s", out)
	}
	self := "http://127.0.0.1:" + strconv.Itoa(port)
	for _, f := range files {
		b, _ := os.ReadFile(f.path)
		want := bytes.Replace(f.before, []byte(f.orig), []byte(self+f.route), 1)
		if !bytes.Equal(b, want) {
			t.Fatalf("install changed more of %s than its base URL:\n%s", f.path, b)
		}
	}
	if base := startServe(t, env); base != self {
		t.Fatalf("serve listens on %s, want %s", base, self)
	}

	rc := runCodexHome(t, home)
	if !hasResult(toolResults(responses, lastTurnBody(upCodex.requests())), "exec_command", "e2e-42") {
		t.Errorf("Codex did not run the repaired exec_command call through the installed route\nmock saw:\n%s\nstdout:\n%s", upCodex.summary(), tail(rc.Stdout))
	}
	if _, err := os.Stat(filepath.Join(rc.Workdir, "codex-ran.txt")); err != nil {
		t.Errorf("Codex's command did not write its file: %v", err)
	}
	rk := runKiloHome(t, home)
	if !hasResult(toolResults(openai, lastTurnBody(upKilo.requests())), "todowrite", "Fix the e2e parser") {
		t.Errorf("Kilo did not run the repaired todowrite call through the installed route\nmock saw:\n%s\nstdout:\n%s", upKilo.summary(), tail(rk.Stdout))
	}
	rq := runQwenEnv(t, "HOME="+home)
	if _, err := os.Stat(filepath.Join(rq.Workdir, "qwen-ran.txt")); err != nil || rq.ExitCode != 0 {
		t.Errorf("Qwen Code did not run its command through the installed route (exit %d, %v)\nmock saw:\n%s\nstdout:\n%s", rq.ExitCode, err, upQwen.summary(), tail(rq.Stdout))
	}

	// What each client left in its file, toolfix's URL in it.
	after := map[string][]byte{}
	for _, f := range files {
		after[f.path], _ = os.ReadFile(f.path)
	}
	out = toolfix(t, env, "uninstall")
	if !strings.Contains(out, "uninstalled") {
		t.Errorf("uninstall said:\n%s", out)
	}
	for _, f := range files {
		got, _ := os.ReadFile(f.path)
		switch {
		case !f.rewrites || bytes.Equal(after[f.path], bytes.Replace(f.before, []byte(f.orig), []byte(self+f.route), 1)):
			if !bytes.Equal(got, f.before) {
				t.Errorf("%s is not byte-identical after uninstall:\n%s", f.path, got)
			}
		default:
			want := bytes.Replace(after[f.path], []byte(self+f.route), []byte(f.orig), 1)
			if !bytes.Equal(got, want) {
				t.Errorf("%s after uninstall:\n%s\nwant the client's own rewrite with only the base URL put back:\n%s", f.path, got, want)
			}
			t.Logf("%s was rewritten by its client; uninstall put back the base URL and kept the rest", f.path)
		}
	}
}
