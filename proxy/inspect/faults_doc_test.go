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

// TestEscapeRow: an escape repair is named by the fault it mended: a \u escape broken by white
// space (D25), a raw control character inside a string (D64), a Windows path whose escapes JSON
// has at a path place (D24).
func TestEscapeRow(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{`{"q":"\u7 ee7"}`, "D25"},
		{`{"q":"\u 7ee7"}`, "D25"},
		{"{\"command\":\"a\tb\"}", "D64"},
		{`{"file_path":"src\new\table.txt"}`, "D24"},
		{`{"path":"C:\new"}`, "D24"},
	} {
		if got, _ := escapeRow(tc.text); got != tc.want {
			t.Errorf("escapeRow(%q) = %s, want %s", tc.text, got, tc.want)
		}
	}
}
