package ssetest

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/toolfix/toolfix/proxy/sse"
)

// Event is raw as one whole SSE event, as a Reader frames an event that ends with its blank line.
func Event(raw string) sse.Event { return sse.Event{Raw: []byte(raw), Complete: true} }

// PushEach pushes each of raws, one whole SSE event each (Complete set), through rep in order,
// without ending the stream, and returns what rep wrote. It fails t on an error from Push.
func PushEach(t testing.TB, rep sse.Repairer, raws []string) string {
	t.Helper()
	var out strings.Builder
	for i, raw := range raws {
		if err := rep.Push(Event(raw), &out); err != nil {
			t.Fatalf("pushing event %d: %v", i, err)
		}
	}
	return out.String()
}

// CheckPassthrough fails t when out, what a dialect made of in, is not in byte for byte, or when
// any repair kind was reported on it (kinds, as RunKinds returns them).
func CheckPassthrough(t testing.TB, in, out []byte, kinds []string) {
	t.Helper()
	if !bytes.Equal(out, in) {
		t.Fatalf("changed what must pass (kinds %v):\n%s", kinds, out)
	}
	if len(kinds) > 0 {
		t.Fatalf("kinds %v reported on a passthrough", kinds)
	}
}

// CheckKinds marks t failed, and goes on, for each kind of want that kinds (the kinds reported)
// does not hold.
func CheckKinds(t testing.TB, kinds, want []string) {
	t.Helper()
	for _, k := range want {
		if !slices.Contains(kinds, k) {
			t.Errorf("kind %q not reported (got %v)", k, kinds)
		}
	}
}
