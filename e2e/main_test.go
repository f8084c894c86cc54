package e2e

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/toolfix/toolfix/cmd"
	"github.com/toolfix/toolfix/providers/configtest"
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
	// The build and the npm install run under configtest's temporary home: the clients' postinstall
	// scripts (opencode's among them) make folders under HOME and the XDG folders, which must not be
	// the user's (a fresh CI machine once got an empty ~/.cache/opencode and ~/.config/opencode).
	return configtest.MainWith(m, func() error {
		if err := buildToolfix(toolfixBin); err != nil {
			return fmt.Errorf("e2e: %w", err)
		}
		if err := installClients(); err != nil {
			// The tests that need a client fail and name the command; the others still run.
			fmt.Fprintf(os.Stderr, "e2e: %v\n", err)
		}
		return nil
	})
}

// installClients installs the pinned clients of clients/package.json, and the pinned SDKs of
// sdk/package.json, from the npm registry when one of them is missing (an SDK also when it is not
// at its pinned version; each folder is tried even when the other fails), so that `go test ./...` on a fresh machine needs nothing else (Node.js
// and npm must be on PATH). An install already done is left as it is.
func installClients() error {
	missing := false
	for _, name := range []string{"claude", "opencode", "codex", "qwen", kiloBin} {
		if _, err := os.Stat(clientPath(name)); err != nil {
			missing = true
		}
	}
	var errs []error
	if missing {
		if err := npmInstall("clients", installHint); err != nil {
			errs = append(errs, fmt.Errorf("installing the real clients: %w", err))
		}
	}
	if sdks, err := sdkMissing(); err != nil {
		errs = append(errs, err)
	} else if len(sdks) > 0 {
		if err := npmInstall("sdk", sdkInstallHint); err != nil {
			errs = append(errs, fmt.Errorf("installing the SDKs: %w", err))
		}
	}
	return errors.Join(errs...)
}

// npmInstall runs `npm install --no-audit --no-fund` in dir (up to 10 minutes); the error names
// hint, the command to run by hand, and holds npm's output.
func npmInstall(dir, hint string) error {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "npm", "install", "--no-audit", "--no-fund")
	cmd.Dir = dir
	if b, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("npm install in %s (%s): %w\n%s", dir, hint, err, b)
	}
	return nil
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

// requireTools fails t unless toolfix was built, its serve command has the flags these tests
// use, and the client name is installed. Every test that runs a client calls it first.
//
// Building the command tree in-process also links all of toolfix into this test binary, so the
// binary, and with it go test's cached result, changes whenever toolfix's code does: the test cache
// cannot see the sources TestMain builds with go build, and a stale pass must not hide a broken
// proxy. (A change to the npm clients shows through the Stat of their binaries in clientBin.)
func requireTools(t *testing.T, client string) {
	t.Helper()
	if _, err := os.Stat(toolfixBin); err != nil {
		t.Fatalf("the toolfix binary TestMain built is missing: %v", err)
	}
	root := cmd.NewRootCmd(&cmd.IOStreams{In: strings.NewReader(""), Out: io.Discard, ErrOut: io.Discard})
	serve, _, err := root.Find([]string{"serve"})
	if err != nil || serve == root {
		t.Fatalf("toolfix has no serve command: %v", err)
	}
	for _, flag := range []string{"listen", "upstream"} {
		if serve.Flags().Lookup(flag) == nil {
			t.Fatalf("toolfix serve has no --%s flag", flag)
		}
	}
	clientBin(t, client)
}

// clientPath is where npm installs the client name: node_modules/.bin/<name>, or, for a name with
// a slash (a package's own path, as for Kilo's platform package), node_modules/<name>.
func clientPath(name string) string {
	if strings.Contains(name, "/") {
		return filepath.Join("clients", "node_modules", filepath.FromSlash(name))
	}
	return filepath.Join("clients", "node_modules", ".bin", name)
}

// clientBin returns the absolute path of the installed client name ("claude", "opencode",
// "codex", "qwen" or kiloBin) and fails the test, naming the install command, when it is not
// installed. It never skips: in CI (CI=true) a missing client is a broken CI script, and on a
// developer's machine the test cannot prove anything without it.
func clientBin(t *testing.T, name string) string {
	t.Helper()
	p, err := filepath.Abs(clientPath(name))
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
