// Package linediff computes the shortest edit script between two lists of units (lines, SSE
// events) and cuts it into the hunks of a unified diff. It is a leaf package (no imports of
// toolfix's): it lives beside proxy/inspect, its main user (analyze's and replay's diffs), and
// install's plan diff uses it too.
//
// Script is E. Myers' O(ND) algorithm ("An O(ND) Difference Algorithm and Its Variations", 1986)
// after taking off the units both sides share at their start and end, bounded by MaxEdits so that
// time and memory stay bounded on two very different inputs. Hunks groups the script's changes
// with context units around them, as diff -u does. Neither renders anything: the caller knows
// what a unit looks like to a person.
package linediff

// Op is one step of an edit script: Kind ' ' keeps a[I] (equal to b[J]), '-' drops a[I], '+'
// inserts b[J]. I and J are 0-based; for a '+' I is the index in a before which b[J] goes, for a
// '-' J is the index in b where a[I] would have been.
type Op struct {
	Kind byte
	I, J int
}

// MaxEdits bounds the edit distance Script searches, in units; beyond it the differing middle is
// given as all of it removed and then all of it added.
const MaxEdits = 2000

// Script returns a shortest edit script from a to b (within MaxEdits): applying its ' ' and '+'
// steps in order gives b, its ' ' and '-' steps give a. It is empty when both are.
func Script(a, b []string) []Op {
	pre := 0
	for pre < len(a) && pre < len(b) && a[pre] == b[pre] {
		pre++
	}
	suf := 0
	for suf < len(a)-pre && suf < len(b)-pre && a[len(a)-1-suf] == b[len(b)-1-suf] {
		suf++
	}
	var out []Op
	for i := 0; i < pre; i++ {
		out = append(out, Op{' ', i, i})
	}
	for _, o := range middle(a[pre:len(a)-suf], b[pre:len(b)-suf]) {
		out = append(out, Op{o.Kind, o.I + pre, o.J + pre})
	}
	for k := suf; k > 0; k-- {
		out = append(out, Op{' ', len(a) - k, len(b) - k})
	}
	return out
}

// middle is Myers' greedy forward search over a and b, which share neither their first nor their
// last unit, and the backtrack through its trace; past MaxEdits, all of a out and all of b in.
func middle(a, b []string) []Op {
	n, m := len(a), len(b)
	limit := min(n+m, MaxEdits)
	off := limit + 1
	v := make([]int, 2*limit+3)
	var trace [][]int // trace[d]: v for k in [-d-1, d+1] before step d
	for d := 0; d <= limit; d++ {
		trace = append(trace, append([]int(nil), v[off-d-1:off+d+2]...))
		for k := -d; k <= d; k += 2 {
			var x int
			if k == -d || k != d && v[off+k-1] < v[off+k+1] {
				x = v[off+k+1]
			} else {
				x = v[off+k-1] + 1
			}
			y := x - k
			for x < n && y < m && a[x] == b[y] {
				x, y = x+1, y+1
			}
			v[off+k] = x
			if x >= n && y >= m {
				return backtrack(trace, n, m, d)
			}
		}
	}
	var out []Op
	for i := range a {
		out = append(out, Op{'-', i, 0})
	}
	for j := range b {
		out = append(out, Op{'+', n, j})
	}
	return out
}

// backtrack walks the trace of a search that reached (n, m) in d edits back to (0, 0) and returns
// the script in order.
func backtrack(trace [][]int, n, m, d int) []Op {
	x, y := n, m
	var rev []Op
	for ; d > 0; d-- {
		w := trace[d]
		at := func(k int) int { return w[k+d+1] }
		k := x - y
		var pk int
		if k == -d || k != d && at(k-1) < at(k+1) {
			pk = k + 1
		} else {
			pk = k - 1
		}
		px := at(pk)
		py := px - pk
		for x > px && y > py {
			x, y = x-1, y-1
			rev = append(rev, Op{' ', x, y})
		}
		if x == px {
			y--
			rev = append(rev, Op{'+', x, y})
		} else {
			x--
			rev = append(rev, Op{'-', x, y})
		}
	}
	for x > 0 && y > 0 {
		x, y = x-1, y-1
		rev = append(rev, Op{' ', x, y})
	}
	out := make([]Op, len(rev))
	for i := range rev {
		out[i] = rev[len(rev)-1-i]
	}
	return out
}
