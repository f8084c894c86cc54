package doctor

import (
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// TestImports holds DESIGN.md's one-way imports for install/doctor: it reads through install, providers,
// proxy and service, and none of them (nor anything but cmd) imports install/doctor.
func TestImports(t *testing.T) {
	const mod = "github.com/toolfix/toolfix/"
	out, err := exec.Command("go", "list", "-f", "{{.ImportPath}} {{join .Imports \" \"}}", mod+"...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	allowed := []string{mod + "install", mod + "providers", mod + "proxy", mod + "proxy/observe", mod + "proxy/secret", mod + "proxy/netfault", mod + "service"}
	seen := false
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(line)
		pkg, imports := f[0], f[1:]
		seen = seen || (pkg == mod+"install/doctor" && slices.Contains(imports, mod+"install"))
		for _, imp := range imports {
			switch {
			case pkg == mod+"install/doctor" && strings.HasPrefix(imp, mod) && !slices.Contains(allowed, imp):
				t.Errorf("install/doctor imports %s", imp)
			case (pkg == mod+"proxy/netfault" || pkg == mod+"proxy/secret") && strings.HasPrefix(imp, mod):
				t.Errorf("the leaf package %s imports %s", pkg, imp)
			case imp == mod+"install/doctor" && pkg != mod+"cmd":
				t.Errorf("%s imports install/doctor", pkg)
			}
		}
	}
	if !seen {
		t.Errorf("go list did not list install/doctor and its imports:\n%s", out)
	}
}
