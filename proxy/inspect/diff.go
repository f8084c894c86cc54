package inspect

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
)

// Diff renders the difference between two bodies line by line, unified-diff style: hunks headed
// "@@ -a,n +b,m @@", lines only in old marked "-", only in new "+", context lines " ". Lines are
// compared with their line endings, so a changed ending shows. Two JSON documents are re-indented
// first, so that a one-line body gives a readable diff. It returns "" when the bodies are equal.
func Diff(old, new []byte, context int) string {
	if bytes.Equal(old, new) {
		return ""
	}
	if json.Valid(old) && json.Valid(new) && !looksSSE(old) {
		var a, b bytes.Buffer
		if json.Indent(&a, old, "", "  ") == nil && json.Indent(&b, new, "", "  ") == nil {
			old, new = append(a.Bytes(), '\n'), append(b.Bytes(), '\n')
		}
	}
	a, b := splitLines(old), splitLines(new)
	ops := myers(a, b)
	return render(ops, a, b, context)
}

// splitLines cuts text after each LF (a CR alone also ends a line), keeping the endings.
func splitLines(text []byte) []string {
	var out []string
	start := 0
	for i := 0; i < len(text); i++ {
		if text[i] == '\n' || text[i] == '\r' && (i+1 == len(text) || text[i+1] != '\n') {
			out = append(out, string(text[start:i+1]))
			start = i + 1
		}
	}
	if start < len(text) {
		out = append(out, string(text[start:]))
	}
	return out
}

// op is one step of an edit script: ' ' keep a[i] (= b[j]), '-' drop a[i], '+' insert b[j].
type op struct {
	kind byte
	i, j int
}

// maxEdits bounds the edit distance myers searches; beyond it the differing middle is shown as
// removed and then added, so that time and memory stay bounded.
const maxEdits = 2000

// myers computes a shortest edit script from a to b (E. Myers, "An O(ND) Difference Algorithm"),
// after taking off the lines both share at their start and end.
func myers(a, b []string) []op {
	pre := 0
	for pre < len(a) && pre < len(b) && a[pre] == b[pre] {
		pre++
	}
	suf := 0
	for suf < len(a)-pre && suf < len(b)-pre && a[len(a)-1-suf] == b[len(b)-1-suf] {
		suf++
	}
	var out []op
	for i := 0; i < pre; i++ {
		out = append(out, op{' ', i, i})
	}
	for _, o := range middle(a[pre:len(a)-suf], b[pre:len(b)-suf]) {
		out = append(out, op{o.kind, o.i + pre, o.j + pre})
	}
	for k := suf; k > 0; k-- {
		out = append(out, op{' ', len(a) - k, len(b) - k})
	}
	return out
}

func middle(a, b []string) []op {
	n, m := len(a), len(b)
	limit := min(n+m, maxEdits)
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
	var out []op
	for i := range a {
		out = append(out, op{'-', i, 0})
	}
	for j := range b {
		out = append(out, op{'+', n, j})
	}
	return out
}

func backtrack(trace [][]int, n, m, d int) []op {
	x, y := n, m
	var rev []op
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
			rev = append(rev, op{' ', x, y})
		}
		if x == px {
			y--
			rev = append(rev, op{'+', x, y})
		} else {
			x--
			rev = append(rev, op{'-', x, y})
		}
	}
	for x > 0 && y > 0 {
		x, y = x-1, y-1
		rev = append(rev, op{' ', x, y})
	}
	out := make([]op, len(rev))
	for i := range rev {
		out[i] = rev[len(rev)-1-i]
	}
	return out
}

// render prints the edit script as hunks with context lines around each change.
func render(ops []op, a, b []string, context int) string {
	var sb strings.Builder
	show := func(kind byte, line string) {
		sb.WriteByte(kind)
		l := strings.TrimRight(line, "\r\n")
		sb.WriteString(l)
		if end := line[len(l):]; end != "\n" && end != "" {
			sb.WriteString(fmt.Sprintf("  ⟨%q⟩", end))
		}
		sb.WriteByte('\n')
	}
	for i := 0; i < len(ops); {
		if ops[i].kind == ' ' {
			i++
			continue
		}
		// A hunk: from context lines before the change to context lines after the last change
		// that is closer than 2*context to the next.
		start := max(i-context, 0)
		end := i
		for end < len(ops) {
			if ops[end].kind != ' ' {
				end++
				continue
			}
			run := end
			for run < len(ops) && ops[run].kind == ' ' {
				run++
			}
			if run == len(ops) || run-end > 2*context {
				end = min(end+context, len(ops))
				break
			}
			end = run
		}
		ai, bi := ops[start].i, ops[start].j
		na, nb := 0, 0
		for _, o := range ops[start:end] {
			if o.kind != '+' {
				na++
			}
			if o.kind != '-' {
				nb++
			}
		}
		fmt.Fprintf(&sb, "@@ -%d,%d +%d,%d @@\n", ai+1, na, bi+1, nb)
		for _, o := range ops[start:end] {
			switch o.kind {
			case ' ':
				show(' ', a[o.i])
			case '-':
				show('-', a[o.i])
			case '+':
				show('+', b[o.j])
			}
		}
		i = end
	}
	return sb.String()
}
