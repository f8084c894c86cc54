package cmd

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
)

// TestNoSecretInAnyOutput holds issue 13's "no key appears in any output of toolfix's own": with a
// settings file full of keys (an upstream's password, ANTHROPIC_CUSTOM_HEADERS, the auth token,
// another env key, apiKeyHelper), none shows in the plan (text or JSON), install's report, status
// or doctor (text or JSON).
func TestNoSecretInAnyOutput(t *testing.T) {
	home := tempHome(t)
	clearEnv(t)
	canaries := []string{"canaryPW1x", "canaryHDR2x", "canaryTOK3x", "canaryKEY4x", "canaryHELP5x"}
	writeFile(t, filepath.Join(home, ".claude", "settings.json"), `{
  "apiKeyHelper": "/usr/local/bin/print-key canaryHELP5x",
  "env": {
    "ANTHROPIC_BASE_URL": "http://me:canaryPW1x@127.0.0.1:2/anthropic",
    "ANTHROPIC_CUSTOM_HEADERS": "x-api-key: canaryHDR2x",
    "ANTHROPIC_AUTH_TOKEN": "canaryTOK3x",
    "OPENAI_API_KEY": "canaryKEY4x"
  }
}
`)
	runs := [][]string{
		{"install", "--dry-run", "--no-service"},
		{"install", "--dry-run", "--json", "--no-service"},
		{"install", "--yes", "--no-service", "--port", "1"},
		{"status", "--port", "1"},
		{"status", "--json", "--port", "1"},
		{"doctor", "--port", "1"},
		{"doctor", "--json", "--port", "1"},
		{"uninstall"},
	}
	for _, args := range runs {
		code, out, errOut := run(t, "", false, args...)
		if args[0] == "install" && code != 0 {
			t.Fatalf("%v: exit %d\n%s\n%s", args, code, out, errOut)
		}
		if out == "" {
			t.Errorf("%v printed nothing", args)
		}
		for _, c := range canaries {
			if strings.Contains(out, c) || strings.Contains(errOut, c) {
				t.Errorf("%v shows %s:\n%s\n%s", args, c, out, errOut)
			}
		}
	}
}

// TestBrokenConfigNeverEchoed: a config that does not parse is reported by place and kind; none of
// install --dry-run, doctor or status prints the text of the value there (a key, a token).
func TestBrokenConfigNeverEchoed(t *testing.T) {
	files := []struct{ path, data string }{
		{".claude/settings.json", `{"env": {"ANTHROPIC_AUTH_TOKEN": sk-canary-123}}`},
		{".claude/settings.json", "{\n  \"env\": {\n    \"ANTHROPIC_AUTH_TOKEN\": \"sk-canary-123,\n    \"X\": \"1\"}}"},
		{".config/opencode/opencode.jsonc", "{\n  \"provider\": {\"x\": {\"options\": {\"apiKey\": tok_canary9}}}\n}"},
		{".qwen/settings.json", `{"security": {"auth": {"apiKey": "sk-canary-123" "x": 1}}}`},
		{".codex/config.toml", "[model_providers.x]\nenv_key = sk-canary-123\n"},
		{".codex/config.toml", "model = \"sk-canary-123\nx = 1\n"},
		{".qwen/.env", "OPENAI_API_KEY=\"sk-canary-123\nX=1\n"},
	}
	for i, f := range files {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			home := tempHome(t)
			clearEnv(t)
			writeFile(t, filepath.Join(home, filepath.FromSlash(f.path)), f.data)
			for _, args := range [][]string{{"install", "--dry-run", "--no-service"}, {"doctor", "--port", "1"}} {
				_, out, errOut := run(t, "", false, args...)
				all := out + errOut
				if strings.Contains(all, "canary") {
					t.Errorf("%v shows the config's text:\n%s", args, all)
				}
				if !strings.Contains(all, "line ") {
					t.Errorf("%v does not name the place:\n%s", args, all)
				}
			}
		})
	}
}
