//go:build unix

package cmd

import (
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

func TestRunPassesSignals(t *testing.T) {
	tempHome(t)
	up, _, _ := caseServer(t, "anthropic", "healthy-text")
	exe, _ := os.Executable()
	out := filepath.Join(t.TempDir(), "record.json")
	t.Setenv(fakeClientEnv, out)
	t.Setenv(fakeWaitEnv, "1")
	t.Setenv("ANTHROPIC_BASE_URL", up.URL)
	pr, pw := io.Pipe()
	done := make(chan error, 1)
	go func() {
		done <- runRun(t.Context(), &runOptions{Client: "claude", Argv: []string{exe}, Samples: "off", Quiet: true, cwd: t.TempDir()}, &IOStreams{In: strings.NewReader(""), Out: pw, ErrOut: io.Discard})
		pw.Close()
	}()
	line := make([]byte, 6)
	if _, err := io.ReadFull(pr, line); err != nil || string(line) != "ready\n" {
		t.Fatalf("the client did not start: %q %v", line, err)
	}
	go func() { _, _ = io.Copy(io.Discard, pr) }()
	if err := syscall.Kill(os.Getpid(), syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	err := <-done
	ee, ok := err.(*ExitError)
	if !ok || ee.Code != 42 {
		t.Fatalf("run returned %v, want the client's exit 42", err)
	}
	b, _ := os.ReadFile(out)
	var rec fakeRecord
	_ = json.Unmarshal(b, &rec)
	if rec.Signal != "terminated" {
		t.Errorf("the client got signal %q", rec.Signal)
	}
}
