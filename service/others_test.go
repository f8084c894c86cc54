package service

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestUsersServing reads a /proc laid out by the test: other users' `<exe> serve` count once
// each, this user's, other programs and other binaries do not.
func TestUsersServing(t *testing.T) {
	proc := t.TempDir()
	exe := "/usr/local/bin/toolfix"
	procs := []struct {
		pid, uid string
		cmdline  string
	}{
		{"10", "1001", exe + "\x00serve\x00"},
		{"11", "1001", exe + "\x00serve\x00"},
		{"12", "1002", exe + "\x00serve\x00--log-level\x00debug\x00"},
		{"13", "1000", exe + "\x00serve\x00"},                  // this user
		{"14", "1003", exe + "\x00doctor\x00"},                 // not the proxy
		{"15", "1004", "/home/x/bin/toolfix\x00serve\x00"},     // another binary
		{"16", "1005", "/usr/local/bin/.toolfix.old\x00serve"}, // the set-aside file
		{"self", "1006", exe + "\x00serve\x00"},                // not a pid
	}
	for _, p := range procs {
		dir := filepath.Join(proc, p.pid)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "cmdline"), []byte(p.cmdline), 0o644); err != nil {
			t.Fatal(err)
		}
		status := "Name:\ttoolfix\nUid:\t" + p.uid + "\t" + p.uid + "\t" + p.uid + "\t" + p.uid + "\n"
		if err := os.WriteFile(filepath.Join(dir, "status"), []byte(status), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if got, want := usersServing(proc, exe, 1000), []int{1001, 1002}; !slices.Equal(got, want) {
		t.Errorf("usersServing = %v, want %v", got, want)
	}
	if got := usersServing(filepath.Join(proc, "missing"), exe, 1000); got != nil {
		t.Errorf("usersServing of a missing /proc = %v", got)
	}
}
