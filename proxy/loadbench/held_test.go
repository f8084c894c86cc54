package main

import (
	"bytes"
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
		printHeld(&out, tc.rows, "1.00")
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
		printHeld(&out, []heldRow{{streams: 100, completed: [2]int{100, 100}, p99: [2]time.Duration{tc.floor, tc.floor}}}, "1.00")
		if got := strings.Contains(out.String(), "too loaded"); got != tc.noisy {
			t.Errorf("floor p99 %v: says the machine is too loaded: %v, want %v\n%s", tc.floor, got, tc.noisy, out.String())
		}
	}
}
