package cmd

import (
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// TestHouse holds DESIGN.md's house: the top level is the five packages the product was
// specified with (cmd, install, providers, proxy, service) plus e2e, docs, testdata and .ci; no
// package but cmd/toolfix and e2e imports cmd, not even in its tests (the load benchmark runs the
// built binary); and the doctor (install/doctor) and the self-update (service/update) are imported
// by cmd alone, beside their own tests.
func TestHouse(t *testing.T) {
	entries, err := os.ReadDir("..")
	if err != nil {
		t.Fatal(err)
	}
	folders := []string{".ci", ".git", ".github", "cmd", "docs", "e2e", "install", "providers", "proxy", "service", "testdata"}
	files := []string{".git", ".gitattributes", ".gitignore", ".goreleaser.yaml", "LICENSE", "README.md", "go.mod", "go.sum"}
	for _, e := range entries {
		if !slices.Contains(folders, e.Name()) && !slices.Contains(files, e.Name()) && !ignored(e.Name()) {
			t.Errorf("the top level holds %s, which DESIGN.md's house does not have", e.Name())
		}
	}

	const mod = "github.com/toolfix/toolfix/"
	out, err := exec.Command("go", "list", "-test", "-f", "{{.ImportPath}} {{join .Imports \" \"}}", mod+"...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	only := map[string][]string{
		mod + "cmd":            {mod + "cmd/toolfix", mod + "e2e"},
		mod + "install/doctor": {mod + "cmd"},
		mod + "service/update": {mod + "cmd"},
	}
	listed := 0
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(line)
		// go list -test names a test variant "pkg [pkg.test]", an external test "pkg_test
		// [pkg.test]" and a test main "pkg.test"; an import of a test variant reads "pkg
		// [pkg.test]" too, and its second word names no package.
		pkg := strings.TrimSuffix(strings.TrimSuffix(f[0], ".test"), "_test")
		imports := f[1:]
		if len(f) > 1 && strings.HasPrefix(f[1], "[") {
			imports = f[2:]
		}
		listed++
		for _, imp := range imports {
			allowed, guarded := only[imp]
			if guarded && pkg != imp && !strings.HasPrefix(pkg, imp+"/") && !slices.Contains(allowed, pkg) {
				t.Errorf("%s imports %s, which only %v may import", pkg, imp, allowed)
			}
		}
	}
	if listed < 20 {
		t.Errorf("go list listed %d packages:\n%s", listed, out)
	}
}

// ignored reports whether git ignores a file at the top level (a binary built there, a profile).
func ignored(name string) bool {
	return exec.Command("git", "-C", "..", "check-ignore", "-q", name).Run() == nil
}
