package cases

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

func TestLoadAll(t *testing.T) {
	all, err := All()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range all {
		if len(c.Request) == 0 || len(c.Upstream) == 0 {
			t.Errorf("%s/%s: empty request or upstream", c.Protocol, c.Name)
		}
		if !c.Want.Passthrough && c.Want.Message == nil {
			t.Errorf("%s/%s: want has neither passthrough nor message", c.Protocol, c.Name)
		}
	}
}

// fatalTB records the one Fatal a test helper makes and stops its goroutine there, as testing does.
type fatalTB struct {
	testing.TB
	fatals []string
}

func (f *fatalTB) Helper() {}
func (f *fatalTB) Fatal(args ...any) {
	f.fatals = append(f.fatals, fmt.Sprint(args...))
	runtime.Goexit()
}

// TestForTestMissingCases: in a module without testdata/cases, ForTest stops its test once with
// the loader's one line, which says what is missing and how to get it back.
func TestForTestMissingCases(t *testing.T) {
	mod := t.TempDir()
	if err := os.WriteFile(filepath.Join(mod, "go.mod"), []byte("module example.com/x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Chdir(mod)
	for _, protocols := range [][]string{nil, {"openai"}} {
		tb := &fatalTB{TB: t}
		done := make(chan []Case)
		go func() {
			defer close(done)
			done <- ForTest(tb, protocols...)
		}()
		if got := <-done; got != nil {
			t.Errorf("ForTest%v returned %d cases from a module without any", protocols, len(got))
		}
		if len(tb.fatals) != 1 {
			t.Fatalf("ForTest%v: %d Fatal calls, want 1: %q", protocols, len(tb.fatals), tb.fatals)
		}
		msg := tb.fatals[0]
		if strings.Contains(msg, "\n") || !strings.Contains(msg, "the repair cases are missing") || !strings.Contains(msg, "restore testdata/cases from git") {
			t.Errorf("ForTest%v message %q: want one line naming the missing cases and how to restore them", protocols, msg)
		}
	}
}

func TestForTestLoads(t *testing.T) {
	if got := ForTest(t, "responses"); len(got) == 0 || got[0].Protocol != "responses" {
		t.Errorf("ForTest(responses) = %d cases, first %+v", len(got), got)
	}
}
