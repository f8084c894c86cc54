package main

import (
	"bytes"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// TestPrintHeld: the figure reported is the largest count N such that every count up to N
// completed through toolfix with an added p99 under 1 ms, whatever the order of the rows.
func TestPrintHeld(t *testing.T) {
	row := func(n, completed int, floor, toolfix time.Duration) heldRow {
		return heldRow{streams: n, completed: [2]int{n, completed}, p99: [2]time.Duration{floor, toolfix}}
	}
	tests := []struct {
		rows []heldRow
		want string
	}{
		{[]heldRow{row(100, 100, 2*time.Millisecond, 2500*time.Microsecond), row(500, 500, 3*time.Millisecond, 5*time.Millisecond)}, ": 100\n"},
		{[]heldRow{row(1000, 1000, 9*time.Millisecond, 9*time.Millisecond), row(500, 500, 3*time.Millisecond, 5*time.Millisecond)}, ": 0\n"},
		{[]heldRow{row(1000, 1000, 9*time.Millisecond, 9*time.Millisecond), row(500, 500, 300*time.Microsecond, 500*time.Microsecond)}, ": 1000\n"},
		{[]heldRow{row(250, 250, 300*time.Microsecond, 500*time.Microsecond), row(500, 500, 300*time.Microsecond, 5*time.Millisecond), row(1000, 1000, 50*time.Millisecond, 10*time.Millisecond)}, ": 250\n"},
		{[]heldRow{row(100, 99, time.Millisecond, time.Millisecond)}, ": 0\n"},
	}
	for _, tc := range tests {
		var out bytes.Buffer
		printHeld(&out, tc.rows, "one proxy at a time", "1.00")
		if !strings.HasSuffix(out.String(), tc.want) {
			t.Errorf("got\n%s\nwant it to end %q", out.String(), tc.want)
		}
	}
}

// TestPrintHeldNoisy: a floor whose own p99 is over 1 ms is named as the machine's noise.
func TestPrintHeldNoisy(t *testing.T) {
	for _, tc := range []struct {
		floor time.Duration
		noisy bool
	}{{2 * time.Millisecond, true}, {300 * time.Microsecond, false}} {
		var out bytes.Buffer
		printHeld(&out, []heldRow{{streams: 100, completed: [2]int{100, 100}, p99: [2]time.Duration{tc.floor, tc.floor}}}, "one proxy at a time", "1.00")
		if got := strings.Contains(out.String(), "too loaded"); got != tc.noisy {
			t.Errorf("floor p99 %v: says the machine is too loaded: %v, want %v\n%s", tc.floor, got, tc.noisy, out.String())
		}
	}
}

// TestHeldReplicas runs the held scenario through HAProxy in front of three replicas of each
// proxy, a few streams: every stream completes through both, toolfix's replicas as a gateway
// behind the token. It needs haproxy, as e2e/gateway does (required under CI).
func TestHeldReplicas(t *testing.T) {
	cfg := config{Only: "held", Replicas: 3, HeldLadder: []int{12}}
	if _, err := exec.LookPath("haproxy"); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("haproxy is not installed: this test needs it under CI (apt-get install -y haproxy; .ci/run does)")
		}
		t.Skip("haproxy is not installed (apt-get install haproxy); this test runs under CI=true, where haproxy is required")
	}
	var out, logs bytes.Buffer
	res, err := run(cfg, &out, &logs)
	if err != nil {
		t.Fatalf("%v\n%s", err, logs.String())
	}
	if len(res.held) != 1 || res.held[0].completed != [2]int{12, 12} {
		t.Fatalf("rows %+v, want 12 of 12 streams completed through both\n%s\n%s", res.held, out.String(), logs.String())
	}
	for _, want := range []string{"through HAProxy in front of 3 replicas of each proxy", "most streams held with an added p99 lag under 1 ms"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the report lacks %q:\n%s", want, out.String())
		}
	}
}

// TestHeldReplicasWithoutHAProxy: with no haproxy on PATH the replicas' run is skipped with a
// sentence naming the package to install, and measures nothing.
func TestHeldReplicasWithoutHAProxy(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	var out, logs bytes.Buffer
	res, err := run(config{Only: "held", Replicas: 3, HeldLadder: []int{12}}, &out, &logs)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.held) != 0 || !strings.Contains(logs.String(), "skipping the held scenario through 3 replicas: haproxy is not installed (apt-get install haproxy)") {
		t.Errorf("rows %v, log\n%s", res.held, logs.String())
	}
}
