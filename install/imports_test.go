package install

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestImportDirection holds DESIGN.md's one-way imports for the packages of the install side:
// providers imports no toolfix package, install imports only providers and the leaf packages
// proxy/secret and proxy/linediff (which, like proxy/syncbuf, import none), service imports none; only providers
// imports hujson.
// (service drives systemctl, launchctl and the registry itself: kardianos/service could not write
// a unit whose paths have spaces, restore a unit byte for byte, or use launchctl
// bootstrap/bootout.)
func TestImportDirection(t *testing.T) {
	const mod = "github.com/toolfix/toolfix/"
	allowed := map[string][]string{
		"providers":            {"github.com/tailscale/hujson"},
		"install":              {mod + "providers", mod + "proxy/secret", mod + "proxy/linediff", "github.com/adrg/xdg"},
		"proxy/secret":         {},
		"proxy/linediff":       {},
		"proxy/syncbuf":        {},
		"providers/configtest": {},
		"service":              {},
	}
	guarded := []string{mod, "github.com/kardianos/service", "github.com/tailscale/hujson", "github.com/adrg/xdg"}
	for pkg, ok := range allowed {
		files, err := filepath.Glob(filepath.Join("..", pkg, "*.go"))
		if err != nil || len(files) == 0 {
			t.Fatalf("%s: no files (%v)", pkg, err)
		}
		for _, f := range files {
			if strings.HasSuffix(f, "_test.go") {
				continue
			}
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			af, err := parser.ParseFile(token.NewFileSet(), f, src, parser.ImportsOnly)
			if err != nil {
				t.Fatal(err)
			}
			for _, imp := range af.Imports {
				path := strings.Trim(imp.Path.Value, `"`)
				for _, g := range guarded {
					if strings.HasPrefix(path, g) && !slices.Contains(ok, path) {
						t.Errorf("%s imports %s", f, path)
					}
				}
			}
		}
	}
}
