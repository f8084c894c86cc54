package install

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/toolfix/toolfix/proxy/linediff"
)

// unifiedDiff renders the change from a to b as a unified diff with three lines of context. The
// labels name the two sides. Line ends are shown without their "\r"; secrets are redacted and long
// lines clipped around their change (see shownLine). It is "" when a and b are equal. The lines are
// matched by package linediff (a shortest edit script, bounded by linediff.MaxEdits).
func unifiedDiff(labelA, labelB string, a, b []byte) string {
	if bytes.Equal(a, b) {
		return ""
	}
	al, bl := splitLines(a), splitLines(b)
	script := linediff.Script(al, bl)
	ops := lineOps(script, al, bl)
	var out strings.Builder
	fmt.Fprintf(&out, "--- %s\n+++ %s\n", labelA, labelB)
	for _, h := range linediff.Hunks(script, 3) {
		writeHunk(&out, ops[h.Start:h.End], h.Old, h.New)
	}
	return out.String()
}

type diffOp struct {
	kind byte // ' ', '-', '+'
	line string
	a, b int // 1-based line numbers in a and b (of the line, or where it would be)
}

// writeHunk writes one hunk: its "@@" header, na lines of a and nb of b from the first step's
// line numbers (one less on a side the hunk has no line of, as diff -u counts), then each step.
func writeHunk(out *strings.Builder, ops []diffOp, na, nb int) {
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

// diffLines is the line diff of a and b: package linediff's edit script, each step with its line.
func diffLines(a, b []string) []diffOp { return lineOps(linediff.Script(a, b), a, b) }

// lineOps gives each step of script its line and its 1-based line numbers.
func lineOps(script []linediff.Op, a, b []string) []diffOp {
	ops := make([]diffOp, len(script))
	for k, o := range script {
		ops[k] = diffOp{kind: o.Kind, a: o.I + 1, b: o.J + 1}
		if o.Kind == '+' {
			ops[k].line = b[o.J]
		} else {
			ops[k].line = a[o.I]
		}
	}
	return ops
}
