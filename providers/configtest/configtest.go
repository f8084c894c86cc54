// Package configtest writes the files a test of toolfix's config handling needs into its temporary
// home: a client's settings file, a state file, a stand-in /proc entry. It is a leaf package (no
// imports of toolfix's) beside providers, the package that owns the clients' configs, for the
// tests of providers, install, install/doctor and cmd.
package configtest

import (
	"os"
	"path/filepath"
	"testing"
)

// WriteFile writes content to path (mode 0644), making its folders (0755) first; a failure ends
// the test.
func WriteFile(t testing.TB, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}
