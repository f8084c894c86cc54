package providers

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestScanOpenCodeMissingConfigVar: an OPENCODE_CONFIG that names no file is a note saying so,
// not silence; one that names a file gives no such note.
func TestScanOpenCodeMissingConfigVar(t *testing.T) {
	home := t.TempDir()
	there := filepath.Join(home, "oc.json")
	if err := os.WriteFile(there, []byte(`{"provider": {}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		value string
		note  bool
	}{
		{filepath.Join(home, "nope.json"), true},
		{there, false},
	} {
		env := Env{Home: home, Getenv: func(k string) string {
			if k == "OPENCODE_CONFIG" {
				return tc.value
			}
			return ""
		}}
		s, err := ScanOpenCode(env, nil)
		if err != nil {
			t.Fatal(err)
		}
		want := "OpenCode: OPENCODE_CONFIG names " + tc.value + ", which does not exist, so nothing in it is routed (check the variable)"
		if got := strings.Join(s.Notes, "\n"); strings.Contains(got, want) != tc.note {
			t.Errorf("OPENCODE_CONFIG=%s: notes %q, want the note: %v", tc.value, s.Notes, tc.note)
		}
	}
}
