package proxy

import (
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// TestImportsRunDownhill holds the direction doc.go draws: proxy -> exchange -> observe, and the
// dialects beneath exchange, so that a request's path only ever goes down. Each package's
// dependencies of this module (go list -deps) must not include any package named as above it.
func TestImportsRunDownhill(t *testing.T) {
	const mod = "github.com/toolfix/toolfix/proxy"
	tests := []struct {
		pkg    string
		forbid []string // packages above pkg
	}{
		{mod + "/observe", []string{mod, mod + "/exchange", mod + "/anthropic", mod + "/openai", mod + "/responses", mod + "/repair", mod + "/sse"}},
		{mod + "/exchange", []string{mod}},
		{mod + "/anthropic", []string{mod, mod + "/exchange", mod + "/observe"}},
		{mod + "/openai", []string{mod, mod + "/exchange", mod + "/observe"}},
		{mod + "/responses", []string{mod, mod + "/exchange", mod + "/observe"}},
		{mod + "/repair", []string{mod, mod + "/exchange", mod + "/observe"}},
		{mod + "/sse", []string{mod, mod + "/exchange", mod + "/observe"}},
	}
	for _, tc := range tests {
		t.Run(strings.TrimPrefix(tc.pkg, mod+"/"), func(t *testing.T) {
			out, err := exec.Command("go", "list", "-deps", tc.pkg).Output()
			if err != nil {
				t.Fatalf("go list -deps %s: %v", tc.pkg, err)
			}
			deps := strings.Fields(string(out))
			if !slices.Contains(deps, tc.pkg) {
				t.Fatalf("go list did not list %s itself:\n%s", tc.pkg, out)
			}
			for _, up := range tc.forbid {
				if slices.Contains(deps, up) {
					t.Errorf("%s depends on %s, which is above it", tc.pkg, up)
				}
			}
		})
	}
}
