package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// scenario is one degraded upstream stream and what it does to one real client.
type scenario struct {
	// name is the subtest name and the testdata stem: testdata/<name>.sse is the degraded stream,
	// testdata/<name>.healthy.sse the stream a correct repair amounts to.
	name string
	// stream is the testdata stem when it is not name (a stream shared by two clients).
	stream  string
	dialect dialect
	// run runs the client against a base URL (a root without /v1).
	run func(t *testing.T, baseURL string) clientRun
	// tool is the tool the stream calls; ran is a text its successful result holds.
	tool, ran string
	// broken is the documented text of the failure the degraded stream causes straight: in the
	// client's output or in the error result it sends back for the tool.
	broken string
	// file, when set, is a file the tool call creates in the client's working folder.
	file string
	// straightExit is the client's exit status when it runs straight at the degraded stream.
	straightExit int
	// faultAfterCall is set when the degraded stream breaks only after the tool call is complete
	// (a junk frame after message_stop): straight, the client may start the tool before the run
	// dies on the frame, so whether file appears is a race and is not asserted; the lost turn (no
	// successful result reaches the model), the error and the exit status still are.
	faultAfterCall bool
	// mainOnce is upstream.mainOnce.
	mainOnce bool
}

// mode is how a scenario's client reaches the mock.
type mode string

const (
	straight mode = "straight" // the degraded stream, straight at the mock: must fail
	control  mode = "control"  // the healthy stream, straight: proves the mock and assertions
	repaired mode = "toolfix"  // the degraded stream through toolfix serve: must work
)

// check runs s in each mode, one after the other; scenarios run in parallel with each other (at
// most -parallel at once, GOMAXPROCS by default).
func (s scenario) check(t *testing.T) {
	t.Parallel()
	for _, m := range []mode{straight, control, repaired} {
		t.Run(string(m), func(t *testing.T) { s.checkMode(t, m) })
	}
}

func (s scenario) checkMode(t *testing.T, m mode) {
	stem := s.name
	if s.stream != "" {
		stem = s.stream
	}
	file := stem + ".sse"
	if m == control {
		file = stem + ".healthy.sse"
	}
	up := newUpstream(t, s.dialect, file)
	up.mainOnce = s.mainOnce
	base := up.URL
	if m == repaired {
		base = startToolfix(t, up.URL)
	}
	r := s.run(t, base)
	reqs := up.requests()
	results := toolResults(s.dialect, lastTurnBody(reqs))
	defer func() {
		if t.Failed() {
			t.Logf("mock upstream saw:\n%s", up.summary())
			t.Logf("client stdout:\n%s", tail(r.Stdout))
			t.Logf("client stderr:\n%s", tail(r.Stderr))
		}
	}()
	if !sawTurn(reqs, turnMain) {
		t.Fatalf("the client never made the tool-carrying main call")
	}
	ok := s.succeeded(results)
	if m == straight {
		if ok {
			t.Errorf("straight at the mock the degraded stream still ran %s; the mock does not reproduce the fault", s.tool)
		}
		if !s.showsBroken(r, results) {
			t.Errorf("straight at the mock the documented failure %q did not show", s.broken)
		}
		if r.ExitCode != s.straightExit {
			t.Errorf("straight at the mock the client exited %d, want %d", r.ExitCode, s.straightExit)
		}
		if s.file != "" && !s.faultAfterCall {
			if _, err := os.Stat(filepath.Join(r.Workdir, s.file)); err == nil {
				t.Errorf("straight at the mock the tool call still created %s", s.file)
			}
		}
		return
	}
	if !ok {
		t.Errorf("%s did not run: the mock saw no successful %s result holding %q in the last call", s.tool, s.tool, s.ran)
	}
	if s.showsBroken(r, results) {
		t.Errorf("the failure %q still shows", s.broken)
	}
	if r.ExitCode != 0 {
		t.Errorf("the client exited %d, want 0", r.ExitCode)
	}
	if s.file != "" {
		if _, err := os.Stat(filepath.Join(r.Workdir, s.file)); err != nil {
			t.Errorf("the tool call did not create its file: %v", err)
		}
	}
}

// succeeded reports whether results hold a result of s.tool that is no error and holds s.ran.
func (s scenario) succeeded(results []toolResult) bool {
	for _, tr := range results {
		if tr.Tool == s.tool && !tr.IsError && strings.Contains(tr.Text, s.ran) && !strings.Contains(tr.Text, s.broken) {
			return true
		}
	}
	return false
}

// showsBroken reports whether s.broken appears in the client's output or any tool result.
func (s scenario) showsBroken(r clientRun, results []toolResult) bool {
	if strings.Contains(r.output(), s.broken) {
		return true
	}
	for _, tr := range results {
		if strings.Contains(tr.Text, s.broken) {
			return true
		}
	}
	return false
}

// lastTurnBody is the body of the last main or final call, which holds every tool result the
// client sent back; nil when there is none.
func lastTurnBody(reqs []request) []byte {
	for i := len(reqs) - 1; i >= 0; i-- {
		if reqs[i].Turn == turnMain || reqs[i].Turn == turnFinal {
			return reqs[i].Body
		}
	}
	return nil
}

func sawTurn(reqs []request, want turn) bool {
	for _, r := range reqs {
		if r.Turn == want {
			return true
		}
	}
	return false
}
