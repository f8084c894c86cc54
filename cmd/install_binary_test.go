package cmd

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestTransientBinary: a binary in a temporary folder, a go run/go test build folder, the Go
// build cache or a toolfix checkout gets a warning that says how to put toolfix on PATH; one in
// a lasting place gets none.
func TestTransientBinary(t *testing.T) {
	root := t.TempDir()
	checkout := filepath.Join(root, "src", "toolfix")
	writeFile(t, filepath.Join(checkout, "go.mod"), "module github.com/toolfix/toolfix\n\ngo 1.26\n")
	other := filepath.Join(root, "src", "other")
	writeFile(t, filepath.Join(other, "go.mod"), "module example.com/other\n")
	places := binaryPlaces{TempDirs: []string{filepath.Join(root, "tmp")}, CacheDirs: []string{filepath.Join(root, "cache", "go-cache")}}
	tests := []struct {
		name, exe string
		want      string // "" for no warning
	}{
		{"go install", filepath.Join(root, "home", "go", "bin", "toolfix"), ""},
		{"release in ~/.local/bin", filepath.Join(root, "home", ".local", "bin", "toolfix"), ""},
		{"another module's folder", filepath.Join(other, "bin", "toolfix"), ""},
		{"temporary folder", filepath.Join(root, "tmp", "toolfix"), "in a temporary folder that may be emptied"},
		{"go run", filepath.Join(root, "x", "go-build1234", "b001", "exe", "toolfix"), "a `go run` or `go test` build folder"},
		{"build cache", filepath.Join(root, "cache", "go-cache", "ab", "toolfix"), "the Go build cache"},
		{"checkout", filepath.Join(checkout, "toolfix"), "the toolfix source checkout " + checkout},
		{"checkout, deeper", filepath.Join(checkout, "cmd", "toolfix", "toolfix"), "the toolfix source checkout " + checkout},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := transientBinary(tc.exe, places)
			if tc.want == "" {
				if got != "" {
					t.Errorf("warning for %s: %s", tc.exe, got)
				}
				return
			}
			for _, want := range []string{"the service would run " + tc.exe, tc.want, "`go install ./cmd/toolfix`", "release archive", "run `toolfix install` from there"} {
				if !strings.Contains(got, want) {
					t.Errorf("warning %q lacks %q", got, want)
				}
			}
		})
	}
}

// TestInstallWarnsOfTransientBinary: the plan's notes carry the warning when a service would be
// installed, and not with --no-service.
func TestInstallWarnsOfTransientBinary(t *testing.T) {
	home := tempHome(t)
	writeFile(t, filepath.Join(home, ".claude", "settings.json"), settingsJSON)
	serviceExecutable = func() (string, error) { return filepath.Join(os.TempDir(), "toolfix"), nil }
	_, stdout, _ := run(t, "", false, "install", "--dry-run")
	if !strings.Contains(stdout, "the service would run "+filepath.Join(os.TempDir(), "toolfix")+", in a temporary folder") {
		t.Errorf("install --dry-run does not warn of a binary in %s:\n%s", os.TempDir(), stdout)
	}
	_, stdout, _ = run(t, "", false, "install", "--dry-run", "--no-service")
	if strings.Contains(stdout, "the service would run") {
		t.Errorf("install --dry-run --no-service warns of the service's binary:\n%s", stdout)
	}
}
