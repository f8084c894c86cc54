package e2e

import (
	"bufio"
	"context"
	"os"
	"os/exec"
	"regexp"
	"testing"
	"time"

	"github.com/toolfix/toolfix/proxy/syncbuf"
)

// listeningLine is what `toolfix serve` prints on stdout once it accepts connections.
var listeningLine = regexp.MustCompile(`toolfix listening on (http://127\.0\.0\.1:[0-9]+)`)

// startToolfix runs `toolfix serve --listen 127.0.0.1:0 --upstream upstreamURL` with a temporary
// HOME, waits (up to 20 s) for its listening line and returns the URL it printed. The process is
// interrupted and reaped when t ends; its stderr (JSON logs) is shown if t failed.
func startToolfix(t *testing.T, upstreamURL string) string {
	t.Helper()
	return startServe(t, []string{"HOME=" + t.TempDir(), "PATH=" + os.Getenv("PATH")}, "--listen", "127.0.0.1:0", "--upstream", upstreamURL)
}

// startServe runs `toolfix serve args…` in the environment env and returns the URL it prints, as
// startToolfix does.
func startServe(t *testing.T, env []string, args ...string) string {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	cmd := exec.CommandContext(ctx, toolfixBin, append([]string{"serve"}, args...)...)
	cmd.Env = env
	cmd.Cancel = func() error { return cmd.Process.Signal(os.Interrupt) }
	cmd.WaitDelay = 5 * time.Second
	stderr := &syncbuf.Buffer{}
	cmd.Stderr = stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		cancel()
		t.Fatalf("piping toolfix stdout: %v", err)
	}
	if err := cmd.Start(); err != nil {
		cancel()
		t.Fatalf("starting toolfix serve: %v", err)
	}
	found := make(chan string, 1)
	drained := make(chan struct{})
	go func() {
		defer close(drained)
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			if m := listeningLine.FindStringSubmatch(sc.Text()); m != nil {
				select {
				case found <- m[1]:
				default:
				}
			}
		}
	}()
	t.Cleanup(func() {
		cancel()
		<-drained
		_ = cmd.Wait()
		if t.Failed() {
			t.Logf("toolfix serve stderr:\n%s", stderr.String())
		}
	})
	wait, stop := context.WithTimeout(ctx, 20*time.Second)
	defer stop()
	select {
	case u := <-found:
		return u
	case <-drained:
		t.Fatalf("toolfix serve closed its stdout without printing %q; stderr:\n%s", "toolfix listening on http://127.0.0.1:PORT", stderr.String())
	case <-wait.Done():
		t.Fatalf("toolfix serve printed no listening line within 20 s; stderr:\n%s", stderr.String())
	}
	return ""
}
