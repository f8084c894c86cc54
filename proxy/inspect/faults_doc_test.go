package inspect

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// docRows reads the fault ids that have a row in the project's fault table, docs/faults.md, and the
// kind table at its end (kind -> rows as written there).
func docRows(t *testing.T) (ids map[string]bool, kinds map[string][]string) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "docs", "faults.md"))
	if err != nil {
		t.Fatalf("the fault table docs/faults.md: %v", err)
	}
	ids, kinds = map[string]bool{}, map[string][]string{}
	row := regexp.MustCompile("^\\| (D\\d+b?)(?:-D(\\d+))? \\|")
	kind := regexp.MustCompile("^\\| `(\\w+)` \\| (D[^|]*) \\|$")
	for _, line := range strings.Split(string(b), "\n") {
		if m := row.FindStringSubmatch(line); m != nil {
			ids[m[1]] = true
		}
		if m := kind.FindStringSubmatch(line); m != nil {
			kinds[m[1]] = strings.Split(m[2], ", ")
		}
	}
	return ids, kinds
}

// TestFaultTableDocumented: every fault analyze can name has a row in docs/faults.md, and the doc's
// kind table says what KindRows says.
func TestFaultTableDocumented(t *testing.T) {
	ids, kinds := docRows(t)
	if len(ids) < 50 {
		t.Fatalf("docs/faults.md has %d fault rows; want the whole table", len(ids))
	}
	for id := range titles {
		if !ids[id] {
			t.Errorf("fault %s (%q) has no row in docs/faults.md", id, titles[id])
		}
	}
	for kind, rows := range KindRows {
		for _, id := range rows {
			if !ids[id] {
				t.Errorf("kind %s names %s, which has no row in docs/faults.md", kind, id)
			}
		}
		if got := kinds[kind]; !slices.Equal(got, rows) {
			t.Errorf("docs/faults.md maps kind %s to %v; KindRows says %v", kind, got, rows)
		}
	}
	if len(kinds) != len(KindRows) {
		t.Errorf("docs/faults.md lists %d kinds, KindRows %d", len(kinds), len(KindRows))
	}
}
