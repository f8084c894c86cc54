package cmd

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/toolfix/toolfix/install"
	"github.com/toolfix/toolfix/proxy"
)

const openCodeJSONC = `// OpenCode, with comments and trailing commas
{
  "$schema": "https://opencode.ai/config.json",
  "provider": {
    "moonshot": {
      "npm": "@ai-sdk/openai-compatible",
      "name": "Moonshot", /* the Kimi models */
      "options": {
        "baseURL": "https://api.moonshot.ai/v1",
        "apiKey": "{env:MOONSHOT_API_KEY}",
      },
      "models": { "kimi-k2": {} },
    },
  },
}
`

// TestInstallServeUninstall runs `toolfix install --no-service --yes` on a temporary home with a
// Claude Code settings.json and an OpenCode opencode.jsonc, checks the state's routes and what
// `toolfix serve` (no flags) would serve, then `toolfix uninstall`: both files byte-identical.
func TestInstallServeUninstall(t *testing.T) {
	home := tempHome(t)
	settings := filepath.Join(home, ".claude", "settings.json")
	opencode := filepath.Join(home, ".config", "opencode", "opencode.jsonc")
	writeFile(t, settings, settingsJSON)
	writeFile(t, opencode, openCodeJSONC)

	code, stdout, stderr := run(t, "", false, "install", "--no-service", "--yes")
	if code != 0 {
		t.Fatalf("install: exit %d\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	for _, s := range []string{"toolfix is installed: 2 routes on 127.0.0.1:47821.", "toolfix serve"} {
		if !strings.Contains(stdout, s) {
			t.Errorf("install output lacks %q:\n%s", s, stdout)
		}
	}
	b, _ := os.ReadFile(settings)
	if !strings.Contains(string(b), `"ANTHROPIC_BASE_URL": "http://127.0.0.1:47821/claude"`) {
		t.Errorf("settings.json not routed:\n%s", b)
	}
	b, _ = os.ReadFile(opencode)
	if !strings.Contains(string(b), `"baseURL": "http://127.0.0.1:47821/opencode-moonshot",`) || !strings.Contains(string(b), "/* the Kimi models */") {
		t.Errorf("opencode.jsonc not routed, or its comments lost:\n%s", b)
	}

	st, err := install.LoadState(install.DefaultDirs())
	if err != nil {
		t.Fatal(err)
	}
	wantRoutes := []install.Route{
		{Name: "claude", Upstream: "https://gw.example.com/anthropic", Protocol: "anthropic", Client: "claude"},
		{Name: "opencode-moonshot", Upstream: "https://api.moonshot.ai/v1", Protocol: "openai", Client: "opencode"},
	}
	if diff := cmp.Diff(wantRoutes, st.Routes); diff != "" {
		t.Errorf("state routes (-want +got):\n%s", diff)
	}
	if st.Service || st.Port != DefaultPort {
		t.Errorf("state service %v port %d", st.Service, st.Port)
	}

	cfg, err := installedConfig()
	if err != nil {
		t.Fatal(err)
	}
	wantCfg := proxy.Config{Listen: "127.0.0.1:47821", Routes: []proxy.Route{
		{Name: "claude", Upstream: "https://gw.example.com/anthropic", Protocol: "anthropic"},
		{Name: "opencode-moonshot", Upstream: "https://api.moonshot.ai/v1", Protocol: "openai"},
	}}
	if diff := cmp.Diff(wantCfg, cfg); diff != "" {
		t.Errorf("installedConfig (-want +got):\n%s", diff)
	}
	if err := proxy.CheckRoutes(cfg.Routes); err != nil {
		t.Errorf("installed routes do not pass the proxy's check: %v", err)
	}

	code, stdout, stderr = run(t, "", false, "uninstall")
	if code != 0 {
		t.Fatalf("uninstall: exit %d\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	if stderr != "" {
		t.Errorf("uninstall warned:\n%s", stderr)
	}
	for path, want := range map[string]string{settings: settingsJSON, opencode: openCodeJSONC} {
		got, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(want, string(got)); diff != "" {
			t.Errorf("%s not byte-identical after uninstall (-want +got):\n%s", path, diff)
		}
	}
	if _, err := installedConfig(); err == nil {
		t.Error("installedConfig after uninstall: no error")
	}
}

// TestUninstallPurgeLeavesNoLock: after install then `uninstall --purge`, the state folder holds
// the backups and nothing else: no state, no install.lock.
func TestUninstallPurgeLeavesNoLock(t *testing.T) {
	home := tempHome(t)
	writeFile(t, filepath.Join(home, ".claude", "settings.json"), settingsJSON)
	if code, stdout, stderr := run(t, "", false, "install", "--no-service", "--yes"); code != 0 {
		t.Fatalf("install: exit %d\n%s%s", code, stdout, stderr)
	}
	code, stdout, stderr := run(t, "", false, "uninstall", "--purge")
	if code != 0 {
		t.Fatalf("uninstall --purge: exit %d\n%s%s", code, stdout, stderr)
	}
	dirs := install.DefaultDirs()
	ents, err := os.ReadDir(dirs.State)
	if err != nil {
		t.Fatal(err)
	}
	var left []string
	for _, e := range ents {
		left = append(left, e.Name())
	}
	if diff := cmp.Diff([]string{"backups"}, left); diff != "" {
		t.Errorf("state folder after --purge (-want +got):\n%s", diff)
	}
}
