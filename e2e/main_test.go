package e2e

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

// installHint is the command that installs the pinned clients, run from the module root.
const installHint = "npm install --no-audit --no-fund --prefix e2e/clients"

// toolfixBin is the toolfix binary TestMain builds once for every test in this package.
var toolfixBin string

func TestMain(m *testing.M) {
	os.Exit(runMain(m))
}

func runMain(m *testing.M) int {
	dir, err := os.MkdirTemp("", "toolfix-e2e-")
	if err != nil {
		fmt.Fprintf(os.Stderr, "e2e: making a build folder: %v\n", err)
		return 1
	}
	defer os.RemoveAll(dir)
	toolfixBin = filepath.Join(dir, "toolfix")
	if err := buildToolfix(toolfixBin); err != nil {
		fmt.Fprintf(os.Stderr, "e2e: %v\n", err)
		return 1
	}
	return m.Run()
}

// buildToolfix builds ./cmd/toolfix from the module root (the parent of this package's folder)
// into out.
func buildToolfix(out string) error {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "go", "build", "-o", out, "./cmd/toolfix")
	cmd.Dir = ".."
	if b, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("building toolfix: %w\n%s", err, b)
	}
	return nil
}

// clientBin returns the absolute path of the installed client name ("claude" or "opencode") and
// fails the test, naming the install command, when it is not installed. It never skips: in CI
// (CI=true) a missing client is a broken CI script, and on a developer's machine the test cannot
// prove anything without it.
func clientBin(t *testing.T, name string) string {
	t.Helper()
	p, err := filepath.Abs(filepath.Join("clients", "node_modules", ".bin", name))
	if err != nil {
		t.Fatalf("locating %s: %v", name, err)
	}
	if _, err := os.Stat(p); err != nil {
		where := "on this machine"
		if os.Getenv("CI") == "true" {
			where = "in CI: .ci/run must install them before go test"
		}
		t.Fatalf("the real client %s is not installed (%v) %s; from the module root run:\n\t%s", name, err, where, installHint)
	}
	return p
}
