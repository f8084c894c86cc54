package ssetest

import (
	"math/rand/v2"
	"testing"
	"unicode/utf8"

	"github.com/toolfix/toolfix/proxy/cases"
	"github.com/toolfix/toolfix/proxy/repair"
)

// SpanContexts runs, as a subtest for each input of testdata/spancontext.json (a faulty value
// whose repair the rest of the input, or a schema above it, decides: cases.SpanContext), check
// with the Tools that tools makes of a request offering one tool named tool with the input's
// schema, the whole-body repair of the input (RepairInput with opt; the input itself when that
// changes nothing), and one way to stream it: in one delta, then, unless the input's fault
// comes later, cut at random into deltas of 1-7 bytes of whole characters. i counts the ways,
// for the caller's chunking.
func SpanContexts(t *testing.T, tool string, opt repair.Options, tools func(schema string) (*repair.Tools, error),
	check func(t *testing.T, tl *repair.Tools, want []byte, deltas []string, i int)) {
	for _, tc := range cases.SpanContextsForTest(t) {
		t.Run(tc.Name, func(t *testing.T) {
			tl, err := tools(string(tc.Schema))
			if err != nil {
				t.Fatal(err)
			}
			want := []byte(tc.Input)
			if fixed, _, changed := tl.RepairInput(tool, want, opt); changed {
				want = fixed
			}
			check(t, tl, want, []string{tc.Input}, 0)
			for seed := range uint64(24) {
				if !tc.Later {
					check(t, tl, want, SplitRunes(tc.Input, seed, 1+int(seed%7)), int(seed)+1)
				}
			}
		})
	}
}

// SplitRunes cuts s into pieces of 1..n bytes, by seed, each of whole characters (as the
// deltas of a JSON string on the wire are).
func SplitRunes(s string, seed uint64, n int) []string {
	rng := rand.New(rand.NewPCG(seed, 11))
	var out []string
	for len(s) > 0 {
		k := min(len(s), 1+rng.IntN(n))
		for k < len(s) && !utf8.RuneStart(s[k]) {
			k++
		}
		out = append(out, s[:k])
		s = s[k:]
	}
	return out
}

// SentBefore is how much of input streams before a Scan fed delta by delta (ends) holds for
// good: the end of the last delta before the one from which it holds to the call's end or to
// its first faulty value's end. An escape held only until its next bytes came, found to be one
// JSON has, holds nothing for good (the dialect lets its deltas go as they came).
func SentBefore(sc *repair.Scan, input string, ends []int) int {
	sent, at := 0, 0
	for _, e := range ends {
		sc.Feed([]byte(input[at:e]))
		at = e
		if len(sc.Spans()) > 0 {
			break
		}
		if _, held := sc.Held(); !held {
			sent = e
		}
	}
	return sent
}
