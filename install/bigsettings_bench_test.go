package install

import (
	"fmt"
	"strings"
	"testing"
)

// bigSettings is a Claude Code settings file of about n bytes on one line: a long permissions list
// around the env member toolfix edits.
func bigSettings(n int) string {
	var b strings.Builder
	b.WriteString(`{"permissions":{"allow":[`)
	for i := 0; b.Len() < n/2; i++ {
		fmt.Fprintf(&b, `"Bash(echo %d %s)",`, i, strings.Repeat("x", 40))
	}
	b.WriteString(`"Read"]},"env":{"ANTHROPIC_BASE_URL":"https://gw.example/anthropic","ANTHROPIC_CUSTOM_HEADERS":"x-api-key: sk-ant-api03-secret"},"deny":[`)
	for i := 0; b.Len() < n; i++ {
		fmt.Fprintf(&b, `"Bash(rm %d %s)",`, i, strings.Repeat("y", 40))
	}
	b.WriteString(`"Write"]}`)
	return b.String()
}

// BenchmarkPlanBigSettings plans an install over a one-line settings file of 2, 20 and 50 MB (issue 13
// item 9: 20 MB took 15 s, 50 MB 72 s, growing faster than the size).
func BenchmarkPlanBigSettings(b *testing.B) {
	for _, mb := range []int{2, 20, 50} {
		b.Run(fmt.Sprintf("%dMB", mb), func(b *testing.B) {
			w := newWorld(&testing.T{})
			w.write(".claude/settings.json", bigSettings(mb<<20))
			b.SetBytes(int64(mb << 20))
			for b.Loop() {
				p, err := w.in.Plan(Options{DefaultPort: 47821})
				if err != nil {
					b.Fatal(err)
				}
				if len(p.Changes) != 1 || len(p.Changes[0].Diff) > 4<<10 {
					b.Fatalf("plan has %d changes, diff of %d bytes", len(p.Changes), len(p.Changes[0].Diff))
				}
			}
		})
	}
}
