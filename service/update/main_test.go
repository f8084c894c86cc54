package update_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/toolfix/toolfix/service/update"
	"github.com/toolfix/toolfix/service/update/updatetest"
)

// TestMain builds the test release key into the package, as a release build has its key built
// in: updatetest signs every release it makes with that key.
func TestMain(m *testing.M) {
	update.ReleaseKey = updatetest.PublicKey()
	os.Exit(m.Run())
}

// fakeExecutable writes the fake binary of version to a temp file named as the archive's binary
// for goos, standing in for the running executable.
func fakeExecutable(t *testing.T, goos, version string) string {
	t.Helper()
	exe := filepath.Join(t.TempDir(), updatetest.BinaryName(goos))
	if err := os.WriteFile(exe, updatetest.FakeBinary(version), 0o755); err != nil {
		t.Fatal(err)
	}
	return exe
}

// readFile is the bytes of the file at path, failing the test at once when it cannot be read.
func readFile(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// dirNames is the names of what the folder dir holds, in order, failing the test at once when it
// cannot be read.
func dirNames(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names
}
