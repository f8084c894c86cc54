package doctor

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// TestRunAllParallel holds each check until every other one has started: run one after the
// other, they would all time out.
func TestRunAllParallel(t *testing.T) {
	const n = 4
	started := make(chan struct{}, n)
	all := make(chan struct{})
	var checks []Check
	for i := range n {
		checks = append(checks, Check{Name: string(rune('a' + i)), Timeout: time.Minute, Run: func(ctx context.Context) Result {
			started <- struct{}{}
			select {
			case <-all:
				return Result{Status: OK, Summary: "met the others"}
			case <-ctx.Done():
				return Result{Status: Fail, Summary: "alone"}
			}
		}})
	}
	go func() {
		for range n {
			<-started
		}
		close(all)
	}()
	res := (&Doctor{}).runAll(context.Background(), checks)
	for i, r := range res {
		if r.Name != checks[i].Name || r.Status != OK {
			t.Errorf("result %d = %+v", i, r)
		}
	}
}

func TestRunOneTimeoutAndPanic(t *testing.T) {
	stuck := make(chan struct{})
	defer close(stuck)
	d := &Doctor{Timeout: 30 * time.Millisecond}
	tests := []struct {
		check Check
		want  Result
	}{
		{Check{Name: "deaf", Run: func(context.Context) Result { <-stuck; return Result{Status: OK} }},
			Result{Name: "deaf", Status: Fail, Summary: "no answer within 30ms"}},
		{Check{Name: "own timeout", Timeout: 10 * time.Millisecond, Run: func(context.Context) Result { <-stuck; return Result{Status: OK} }},
			Result{Name: "own timeout", Status: Fail, Summary: "no answer within 10ms"}},
		{Check{Name: "polite", Run: func(ctx context.Context) Result {
			<-ctx.Done()
			return Result{Status: Warn, Summary: ctx.Err().Error()}
		}},
			Result{Name: "polite", Status: Warn, Summary: "context deadline exceeded"}},
		{Check{Name: "crash", Run: func(context.Context) Result { panic("boom") }},
			Result{Name: "crash", Status: Fail, Summary: "the check crashed: boom", Hint: "please report this as a bug of toolfix"}},
	}
	for _, tt := range tests {
		got := d.runOne(context.Background(), tt.check)
		got.Millis = 0
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tt.check.Name, diff)
		}
	}
}

func sampleReport() *Report {
	return &Report{Version: "v1.2.0", Port: 47821, StateDir: "/home/me/.local/state/toolfix", Checks: []Result{
		{Name: "install", Status: OK, Summary: "2 routes on port 47821", Details: []string{"claude → https://gw"}},
		{Name: "linger", Status: Warn, Summary: "lingering is off", Hint: "loginctl enable-linger me"},
		{Name: "upstream claude", Status: Fail, Summary: "gw:443: TCP failed", Hint: "check it"},
		{Name: "service", Status: Skip, Summary: "no service"},
	}}
}

func TestWriteText(t *testing.T) {
	var b bytes.Buffer
	if err := sampleReport().WriteText(&b); err != nil {
		t.Fatal(err)
	}
	want := `toolfix doctor: toolfix v1.2.0, proxy port 47821, state /home/me/.local/state/toolfix

✓ install          2 routes on port 47821
                   claude → https://gw
! linger           lingering is off
                   hint: loginctl enable-linger me
✗ upstream claude  gw:443: TCP failed
                   hint: check it
- service          no service

1 failure, 1 warning.
`
	if diff := cmp.Diff(want, b.String()); diff != "" {
		t.Errorf("text (-want +got):\n%s", diff)
	}
	rep := &Report{Checks: []Result{{Name: "x", Status: OK}}}
	b.Reset()
	_ = rep.WriteText(&b)
	if !strings.HasSuffix(b.String(), "\nNo problems found.\n") {
		t.Errorf("clean report ends:\n%s", b.String())
	}
}

// TestWriteTextColor: with color each mark, and only the mark, is wrapped in its ANSI colour;
// without it the text has no escape at all.
func TestWriteTextColor(t *testing.T) {
	for _, color := range []bool{false, true} {
		var b bytes.Buffer
		if err := sampleReport().WriteTextColor(&b, color); err != nil {
			t.Fatal(err)
		}
		out := b.String()
		for _, want := range []string{"\x1b[32m✓\x1b[0m install ", "\x1b[33m!\x1b[0m linger ", "\x1b[31m✗\x1b[0m upstream claude ", "\x1b[2m-\x1b[0m service "} {
			if strings.Contains(out, want) != color {
				t.Errorf("color %v: has %q: %v\n%s", color, want, !color, out)
			}
		}
		if !color && strings.Contains(out, "\x1b") {
			t.Errorf("no color, but an escape:\n%q", out)
		}
		if plain := strings.NewReplacer("\x1b[32m", "", "\x1b[33m", "", "\x1b[31m", "", "\x1b[2m", "", "\x1b[0m", "").Replace(out); color && !strings.Contains(plain, "✓ install          2 routes on port 47821\n") {
			t.Errorf("colour changed the layout:\n%s", plain)
		}
	}
}

func TestWriteJSON(t *testing.T) {
	var b bytes.Buffer
	rep := sampleReport()
	rep.Checks[0].Data = &Connections{Port: 1, ProxyPID: 2, Clients: []Peer{{PID: 3, Program: "claude", Command: "claude <&>", Count: 1}}}
	if err := rep.WriteJSON(&b); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), `"command": "claude <&>"`) {
		t.Errorf("HTML-escaped or missing command:\n%s", b.String())
	}
	var got struct {
		Version string `json:"version"`
		Summary Tally  `json:"summary"`
		Checks  []struct {
			Name   string          `json:"name"`
			Status string          `json:"status"`
			Hint   string          `json:"hint"`
			Data   json.RawMessage `json:"data"`
		} `json:"checks"`
	}
	if err := json.Unmarshal(b.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	var statuses []string
	for _, c := range got.Checks {
		statuses = append(statuses, c.Name+"="+c.Status)
	}
	if diff := cmp.Diff([]string{"install=ok", "linger=warn", "upstream claude=fail", "service=skip"}, statuses); diff != "" {
		t.Errorf("statuses (-want +got):\n%s", diff)
	}
	if want := (Tally{OK: 1, Warnings: 1, Failures: 1, Skipped: 1}); got.Summary != want {
		t.Errorf("summary = %+v, want %+v", got.Summary, want)
	}
	var c Connections
	if err := json.Unmarshal(got.Checks[0].Data, &c); err != nil || c.Clients[0].PID != 3 {
		t.Errorf("data = %s (%v)", got.Checks[0].Data, err)
	}
}

func TestFailed(t *testing.T) {
	rep := sampleReport()
	if !rep.Failed() {
		t.Error("a report with a failure is not Failed")
	}
	rep.Checks = rep.Checks[:2]
	if rep.Failed() {
		t.Error("a report with only a warning is Failed")
	}
}

func TestSymbols(t *testing.T) {
	for s, want := range map[Status]string{OK: "✓", Warn: "!", Fail: "✗", Skip: "-"} {
		if got := s.Symbol(); got != want {
			t.Errorf("%s.Symbol() = %s, want %s", s, got, want)
		}
	}
}

// TestRunWholeFixture runs every check of an installed fixture whose proxy does not answer:
// the checks come in order, and the report fails.
func TestRunWholeFixture(t *testing.T) {
	f := newFixture(t)
	f.claudeInstalled("")
	f.d.Port = closedPort(t)
	rep := f.d.Run(context.Background())
	var names []string
	for _, c := range rep.Checks {
		names = append(names, c.Name)
	}
	want := []string{"install", "configs", "drift", "claude-layers", "opencode-layers", "opencode-auth", "codex-layers", "kilo-layers", "qwen-layers", "service", "linger", "proxy", "proxy-env", "self-reference", "upstream claude", "connections"}
	if diff := cmp.Diff(want, names); diff != "" {
		t.Errorf("checks (-want +got):\n%s", diff)
	}
	if !rep.Failed() || rep.Port != f.d.Port {
		t.Errorf("report failed=%v port=%d", rep.Failed(), rep.Port)
	}
}
