package configtest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// setupHome is HOME as MainWith's setup saw it.
var setupHome string

func TestMain(m *testing.M) {
	os.Exit(MainWith(m, func() error { setupHome = os.Getenv("HOME"); return nil }))
}

// TestMainWithSetupUnderTempHome: setup runs under the temporary home the tests get, never the real one.
func TestMainWithSetupUnderTempHome(t *testing.T) {
	if setupHome == "" || setupHome != os.Getenv("HOME") {
		t.Fatalf("setup saw HOME %q, the tests %q", setupHome, os.Getenv("HOME"))
	}
}

// TestChangedFindsWrites: a new folder at the top of the home or of an XDG folder, a new file deep
// in toolfix's state folder and a rewritten client config are each reported; the npm cache and a
// removed file are not.
func TestChangedFindsWrites(t *testing.T) {
	home := t.TempDir()
	env := map[string]string{"HOME": home}
	h := RealHome(func(k string) string { return env[k] })
	settings := filepath.Join(home, ".claude", "settings.json")
	WriteFile(t, settings, "{}")
	WriteFile(t, filepath.Join(home, ".config", "go", "env"), "")
	WriteFile(t, filepath.Join(home, "notes.txt"), "x")
	before := h.Snapshot()

	WriteFile(t, filepath.Join(home, ".local", "state", "toolfix", "samples", "a.json"), "{}")
	WriteFile(t, filepath.Join(home, ".npm", "_cacache", "x"), "cached")
	WriteFile(t, filepath.Join(home, ".cache", "opencode", "models.json"), "{}")
	WriteFile(t, settings, `{"env":{}}`)
	os.Chtimes(settings, time.Now(), time.Now().Add(time.Hour))
	os.Remove(filepath.Join(home, "notes.txt"))

	got := Changed(before, h.Snapshot())
	want := []string{
		filepath.Join(home, ".cache") + " (new)",
		filepath.Join(home, ".cache", "opencode") + " (new)",
		filepath.Join(home, ".cache", "opencode", "models.json") + " (new)",
		settings + " (changed)",
		filepath.Join(home, ".local") + " (new)",
		filepath.Join(home, ".local", "state") + " (new)",
		filepath.Join(home, ".local", "state", "toolfix") + " (new)",
		filepath.Join(home, ".local", "state", "toolfix", "samples") + " (new)",
		filepath.Join(home, ".local", "state", "toolfix", "samples", "a.json") + " (new)",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Changed (-want +got):\n%s", diff)
	}
}

// TestMainMovedHome: under Main this process's home and XDG folders are a temporary folder, not
// the home the test run started with, and the Go tools keep the real caches.
func TestMainMovedHome(t *testing.T) {
	home := os.Getenv("HOME")
	if !strings.Contains(home, "toolfix-test-home-") {
		t.Fatalf("HOME is %q, not Main's temporary home", home)
	}
	for _, k := range []string{"XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"} {
		if v := os.Getenv(k); !strings.HasPrefix(v, home) {
			t.Errorf("%s is %q, not under %s", k, v, home)
		}
	}
	if v := os.Getenv("GOCACHE"); v == "" || strings.HasPrefix(v, home) {
		t.Errorf("GOCACHE is %q; want the real cache, outside %s", v, home)
	}
}

// TestToolEnvKeepsSetValues: a variable the user set is left alone; one unset gets its default
// under the real home.
func TestToolEnvKeepsSetValues(t *testing.T) {
	env := map[string]string{"HOME": "/h", "GOPATH": "/gp"}
	get := func(k string) string { return env[k] }
	got := toolEnv(RealHome(get), get)
	want := map[string]string{
		"GOCACHE": "/h/.cache/go-build", "GOENV": "/h/.config/go/env", "GOMODCACHE": "/gp/pkg/mod",
		"npm_config_cache": "/h/.npm", "npm_config_userconfig": "/h/.npmrc",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("toolEnv (-want +got):\n%s", diff)
	}
	if got := toolEnv(RealHome(func(string) string { return "" }), get); len(got) != 0 {
		t.Errorf("toolEnv with no home = %v, want none", got)
	}
}

// TestEveryPackageCallsMain: every package of the module with tests runs them through Main, so
// that no test can reach the real home.
func TestEveryPackageCallsMain(t *testing.T) {
	root := filepath.Join("..", "..")
	dirs := map[string]bool{}
	filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if d.IsDir() && (d.Name() == "node_modules" || d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) && p != root {
			return filepath.SkipDir
		}
		if strings.HasSuffix(p, "_test.go") {
			dir := filepath.Dir(p)
			b, _ := os.ReadFile(p)
			dirs[dir] = dirs[dir] || strings.Contains(string(b), "configtest.Main(m)") || strings.Contains(string(b), "configtest.MainWith(m, ") || (dir == "." && strings.Contains(string(b), "MainWith(m, "))
		}
		return nil
	})
	if len(dirs) < 10 {
		t.Fatalf("found only %d test packages under %s", len(dirs), root)
	}
	for dir, ok := range dirs {
		if !ok {
			t.Errorf("%s: no TestMain runs configtest.Main(m) or MainWith; add one so its tests run under a temporary home", dir)
		}
	}
}
