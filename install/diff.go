package install

import (
	"bytes"
	"fmt"
	"strings"
)

// maxDiffCells bounds the line-matching table (lines before × lines after) of one diff; a larger
// change is shown as one hunk that replaces the changed middle.
const maxDiffCells = 4 << 20

// unifiedDiff renders the change from a to b as a unified diff with three lines of context. The
// labels name the two sides. Line ends are shown without their "\r"; secrets are redacted and long
// lines clipped around their change (see shownLine). It is "" when a and b are equal. Its cost is
// linear in the size of a and b outside the changed middle (see maxDiffCells).
func unifiedDiff(labelA, labelB string, a, b []byte) string {
	if bytes.Equal(a, b) {
		return ""
	}
	al, bl := splitLines(a), splitLines(b)
	ops := diffLines(al, bl)
	var out strings.Builder
	fmt.Fprintf(&out, "--- %s\n+++ %s\n", labelA, labelB)
	const ctx = 3
	// Walk the ops and cut them into hunks around the changes.
	i := 0
	for i < len(ops) {
		if ops[i].kind == ' ' {
			i++
			continue
		}
		start := max(i-ctx, 0)
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
			if run == len(ops) || run-end > 2*ctx {
				end = min(end+ctx, len(ops))
				break
			}
			end = run
		}
		writeHunk(&out, ops[start:end])
		i = end
	}
	return out.String()
}

type diffOp struct {
	kind byte // ' ', '-', '+'
	line string
	a, b int // 1-based line numbers in a and b (of the line, or where it would be)
}

func writeHunk(out *strings.Builder, ops []diffOp) {
	var na, nb int
	for _, o := range ops {
		if o.kind != '+' {
			na++
		}
		if o.kind != '-' {
			nb++
		}
	}
	sa, sb := ops[0].a, ops[0].b
	if na == 0 {
		sa--
	}
	if nb == 0 {
		sb--
	}
	fmt.Fprintf(out, "@@ -%d,%d +%d,%d @@\n", sa, na, sb, nb)
	partners := pairLines(ops)
	for i, o := range ops {
		out.WriteByte(o.kind)
		out.WriteString(shownLine(trimEOL(o.line), trimEOL(partners[i])))
		out.WriteByte('\n')
		if !strings.HasSuffix(o.line, "\n") {
			out.WriteString("\\ No newline at end of file\n")
		}
	}
}

// splitLines splits b after each "\n", keeping it; a byte-order mark is dropped from the view.
func splitLines(b []byte) []string {
	b = bytes.TrimPrefix(b, bom)
	var lines []string
	for len(b) > 0 {
		i := bytes.IndexByte(b, '\n')
		if i < 0 {
			lines = append(lines, string(b))
			break
		}
		lines = append(lines, string(b[:i+1]))
		b = b[i+1:]
	}
	return lines
}

var bom = []byte("\xef\xbb\xbf")

// diffLines is a longest-common-subsequence line diff, after trimming the common head and tail.
func diffLines(a, b []string) []diffOp {
	var ops []diffOp
	pre := 0
	for pre < len(a) && pre < len(b) && a[pre] == b[pre] {
		ops = append(ops, diffOp{' ', a[pre], pre + 1, pre + 1})
		pre++
	}
	suf := 0
	for suf < len(a)-pre && suf < len(b)-pre && a[len(a)-1-suf] == b[len(b)-1-suf] {
		suf++
	}
	ma, mb := a[pre:len(a)-suf], b[pre:len(b)-suf]
	ai, bi := pre, pre
	emit := func(kind byte, line string) {
		ops = append(ops, diffOp{kind, line, ai + 1, bi + 1})
		if kind != '+' {
			ai++
		}
		if kind != '-' {
			bi++
		}
	}
	if len(ma)*len(mb) > maxDiffCells {
		for _, l := range ma {
			emit('-', l)
		}
		for _, l := range mb {
			emit('+', l)
		}
	} else {
		// lcs[i][j] is the LCS length of ma[i:] and mb[j:].
		w := len(mb) + 1
		lcs := make([]int, (len(ma)+1)*w)
		for i := len(ma) - 1; i >= 0; i-- {
			for j := len(mb) - 1; j >= 0; j-- {
				if ma[i] == mb[j] {
					lcs[i*w+j] = lcs[(i+1)*w+j+1] + 1
				} else {
					lcs[i*w+j] = max(lcs[(i+1)*w+j], lcs[i*w+j+1])
				}
			}
		}
		i, j := 0, 0
		for i < len(ma) || j < len(mb) {
			switch {
			case i < len(ma) && j < len(mb) && ma[i] == mb[j]:
				emit(' ', ma[i])
				i++
				j++
			case i < len(ma) && (j == len(mb) || lcs[(i+1)*w+j] >= lcs[i*w+j+1]):
				emit('-', ma[i])
				i++
			default:
				emit('+', mb[j])
				j++
			}
		}
	}
	for k := len(a) - suf; k < len(a); k++ {
		emit(' ', a[k])
	}
	return ops
}
