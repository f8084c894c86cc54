package cmd

import (
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
