package inspect

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/toolfix/toolfix/proxy/jsontext"
)

// Diff renders the difference between two bodies for a person, unified-diff style: hunks headed
// "@@ -a,n +b,m @@", units only in old marked "-", only in new "+", context " ". Two SSE bodies are
// compared event by event (their raw bytes, line endings included), each event shown on one line as
// its event name and data, and a changed run of input_json_delta or text_delta events of one block
// folded into one line with their text joined, so that a repaired tool input reads as before and
// after. Two JSON
// documents are re-indented and compared line by line (unless they differ only in layout);
// anything else line by line. It returns ""
// when the bodies are equal.
func Diff(old, new []byte, context int) string {
	if bytes.Equal(old, new) {
		return ""
	}
	if looksSSE(old) && looksSSE(new) {
		a, b := Events(old), Events(new)
		ua, ub := eventUnits(old, a), eventUnits(new, b)
		return render(myers(ua, ub), context, func(kind byte, ops []op) []string {
			return showEvents(kind, ops, a, b)
		})
	}
	if json.Valid(old) && json.Valid(new) {
		var a, b bytes.Buffer
		if json.Indent(&a, old, "", "  ") == nil && json.Indent(&b, new, "", "  ") == nil && !bytes.Equal(a.Bytes(), b.Bytes()) {
			old, new = append(a.Bytes(), '\n'), append(b.Bytes(), '\n')
		}
	}
	la, lb := splitLines(old), splitLines(new)
	return render(myers(la, lb), context, func(kind byte, ops []op) []string {
		var out []string
		for _, o := range ops {
			var line string
			if kind == '+' {
				line = lb[o.j]
			} else {
				line = la[o.i]
			}
			l := strings.TrimRight(line, "\r\n")
			if end := line[len(l):]; end != "\n" && end != "" {
				l += fmt.Sprintf("  ⟨%q⟩", end)
			}
			out = append(out, l)
		}
		return out
	})
}

// eventUnits are the raw bytes of each event, the units an SSE diff compares.
func eventUnits(body []byte, evs []Event) []string {
	out := make([]string, len(evs))
	for i, e := range evs {
		end := len(body)
		if i+1 < len(evs) {
			end = evs[i+1].Offset
		}
		out[i] = string(body[e.Offset:end])
	}
	return out
}

// showEvents renders a run of ops of one kind: one line per event, a run of input_json_delta
// events of one block as one line with their partial_json joined.
func showEvents(kind byte, ops []op, a, b []Event) []string {
	ev := func(o op) Event {
		if kind == '+' {
			return b[o.j]
		}
		return a[o.i]
	}
	var out []string
	for i := 0; i < len(ops); {
		e := ev(ops[i])
		if dt, p, ok := deltaText(e); ok && kind != ' ' {
			joined := p
			j := i + 1
			for ; j < len(ops); j++ {
				n := ev(ops[j])
				nt, q, ok := deltaText(n)
				if !ok || nt != dt || n.Index != e.Index {
					break
				}
				joined += q
			}
			shown := joined
			if dt == "text_delta" {
				shown = string(jsontext.Quote(joined))
			}
			if j-i > 1 {
				out = append(out, fmt.Sprintf("%s ×%d [%d] %s, joined: %s", e.Name, j-i, e.Index, dt, shown))
			} else {
				out = append(out, fmt.Sprintf("%s [%d] %s: %s", e.Name, e.Index, dt, shown))
			}
			i = j
			continue
		}
		line := e.Name
		if line == "" {
			line = "(no event line)"
		}
		if e.HasData {
			line += " " + e.Data
		} else {
			line += " " + e.Summary
		}
		if kind == ' ' {
			line = clip(line, 160)
		}
		out = append(out, line)
		i++
	}
	return out
}

// deltaText returns the delta type and its text of an input_json_delta (partial_json) or text_delta
// (text) event.
func deltaText(e Event) (typ, text string, ok bool) {
	if e.Type != "content_block_delta" {
		return "", "", false
	}
	var d struct {
		Delta struct {
			Type        string  `json:"type"`
			PartialJSON *string `json:"partial_json"`
			Text        *string `json:"text"`
		} `json:"delta"`
	}
	if json.Unmarshal([]byte(e.Data), &d) != nil {
		return "", "", false
	}
	switch {
	case d.Delta.Type == "input_json_delta" && d.Delta.PartialJSON != nil:
		return d.Delta.Type, *d.Delta.PartialJSON, true
	case d.Delta.Type == "text_delta" && d.Delta.Text != nil:
		return d.Delta.Type, *d.Delta.Text, true
	}
	return "", "", false
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
// after taking off the units both share at their start and end.
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

// render prints the edit script as hunks with context units around each change; show renders a
// run of ops of one kind as lines.
func render(ops []op, context int, show func(kind byte, ops []op) []string) string {
	var sb strings.Builder
	for i := 0; i < len(ops); {
		if ops[i].kind == ' ' {
			i++
			continue
		}
		// A hunk: from context units before the change to context units after the last change
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
		na, nb := 0, 0
		for _, o := range ops[start:end] {
			if o.kind != '+' {
				na++
			}
			if o.kind != '-' {
				nb++
			}
		}
		fmt.Fprintf(&sb, "@@ -%d,%d +%d,%d @@\n", ops[start].i+1, na, ops[start].j+1, nb)
		for k := start; k < end; {
			r := k + 1
			for r < end && ops[r].kind == ops[k].kind {
				r++
			}
			for _, line := range show(ops[k].kind, ops[k:r]) {
				sb.WriteByte(ops[k].kind)
				sb.WriteString(line)
				sb.WriteByte('\n')
			}
			k = r
		}
		i = end
	}
	return sb.String()
}
