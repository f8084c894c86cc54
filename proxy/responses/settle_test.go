package responses

import (
	"strings"
	"testing"

	"github.com/toolfix/toolfix/proxy/cases"
	"github.com/toolfix/toolfix/proxy/sse/ssetest"
)

// TestSettleCountsOnce: a call whose done is mended in the stream and again in the final output
// (D74) is one shape repair, however many events carried it; two calls are two.
func TestSettleCountsOnce(t *testing.T) {
	want := map[string]int{
		"struct-done-empty-name":           1, // the done's name and the final output's
		"struct-no-item-done":              1, // the done made, the empty final output rebuilt
		"struct-no-item-done-final-output": 1,
		"struct-no-item-done-two-calls":    2,
	}
	n := 0
	for _, c := range cases.ForTest(t, "responses") {
		w, ok := want[c.Name]
		if !ok {
			continue
		}
		n++
		t.Run(c.Name, func(t *testing.T) {
			for _, r := range ssetest.Readers(c.Upstream) {
				if _, kinds := run(t, c.Request, r); strings.Count(strings.Join(kinds, ","), "shape") != w || len(kinds) != w {
					t.Fatalf("kinds %v, want %d shape", kinds, w)
				}
			}
		})
	}
	if n != len(want) {
		t.Fatalf("%d of the %d cases found", n, len(want))
	}
}
