package linediff

import (
	"fmt"
	"strings"
	"testing"
)

// TestMyers: each script rebuilds both sides; the classic example has its edit distance.
func TestMyers(t *testing.T) {
	tests := []struct{ a, b string }{
		{"", ""}, {"abc", "abc"}, {"", "abc"}, {"abc", ""}, {"abcabba", "cbabac"}, {"xaxbx", "ab"}, {"aaaa", "aaab"},
	}
	for _, tc := range tests {
		a, b := strings.Split(tc.a, ""), strings.Split(tc.b, "")
		ops := Script(a, b)
		if err := Check(ops, a, b); err != nil {
			t.Errorf("%q -> %q: %v", tc.a, tc.b, err)
		}
	}
	// The classic example has an edit distance of 5.
	n := 0
	for _, o := range Script(strings.Split("abcabba", ""), strings.Split("cbabac", "")) {
		if o.Kind != ' ' {
			n++
		}
	}
	if n != 5 {
		t.Errorf("edit distance %d, want 5", n)
	}
}

func TestHunks(t *testing.T) {
	lines := func(s string) []string { return strings.Split(s, "") }
	tests := []struct {
		name    string
		a, b    string
		context int
		want    []Hunk
	}{
		{"equal", "abc", "abc", 3, nil},
		{"one change, context cut at the ends", "abcdefg", "abcXefg", 1, []Hunk{{Start: 2, End: 6, Old: 3, New: 3}}},
		{"two changes close: one hunk", "abcdefg", "aXcYefg", 1, []Hunk{{Start: 0, End: 7, Old: 5, New: 5}}},
		{"two changes far: two hunks", "abcdefghij", "Xbcdefghi", 1, []Hunk{{Start: 0, End: 3, Old: 2, New: 2}, {Start: 9, End: 11, Old: 2, New: 1}}},
		{"context 0", "abc", "aXc", 0, []Hunk{{Start: 1, End: 3, Old: 1, New: 1}}},
		{"all added", "", "ab", 3, []Hunk{{Start: 0, End: 2, Old: 0, New: 2}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			a, b := lines(tc.a), lines(tc.b)
			if tc.a == "" {
				a = nil
			}
			got := Hunks(Script(a, b), tc.context)
			if fmt.Sprint(got) != fmt.Sprint(tc.want) {
				t.Errorf("Hunks = %+v, want %+v (script %v)", got, tc.want, Script(a, b))
			}
		})
	}
}

// FuzzScript: the script rebuilds both sides, is no longer than their sizes together, and its
// hunks cover every change in order.
func FuzzScript(f *testing.F) {
	f.Add("a\nb\nc\n", "a\nc\nd\n", 3)
	f.Add("abcabba", "cbabac", 0)
	f.Fuzz(func(t *testing.T, a, b string, context int) {
		context = min(max(context, 0), 8)
		la, lb := strings.SplitAfter(a, "\n"), strings.SplitAfter(b, "\n")
		ops := Script(la, lb)
		if err := Check(ops, la, lb); err != nil {
			t.Fatal(err)
		}
		if len(ops) > len(la)+len(lb) {
			t.Fatalf("%d steps for %d and %d units", len(ops), len(la), len(lb))
		}
		at := 0
		for _, h := range Hunks(ops, context) {
			for ; at < h.Start; at++ {
				if ops[at].Kind != ' ' {
					t.Fatalf("change %d outside every hunk", at)
				}
			}
			at = h.End
		}
		for ; at < len(ops); at++ {
			if ops[at].Kind != ' ' {
				t.Fatalf("change %d after the last hunk", at)
			}
		}
	})
}
