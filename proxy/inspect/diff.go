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
// its event name and data, and a changed run of deltas of one text or one call's arguments
// (see deltaText) folded into one line with their text joined, so that a repaired tool input reads
// as before and after. Two JSON
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
		if dt, di, p, ok := deltaText(e); ok && kind != ' ' {
			joined := p
			j := i + 1
			for ; j < len(ops); j++ {
				nt, ni, q, ok := deltaText(ev(ops[j]))
				if !ok || nt != dt || ni != di {
					break
				}
				joined += q
			}
			shown := joined
			if dt != "input_json_delta" && dt != "arguments" {
				shown = string(jsontext.Quote(joined))
			}
			if j-i > 1 {
				out = append(out, fmt.Sprintf("%s ×%d [%d] %s, joined: %s", eventLabel(e), j-i, di, dt, shown))
			} else {
				out = append(out, fmt.Sprintf("%s [%d] %s: %s", eventLabel(e), di, dt, shown))
			}
			i = j
			continue
		}
		line := eventLabel(e)
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

// eventLabel names an event in a diff: its event line, else "data".
func eventLabel(e Event) string {
	if e.Name != "" {
		return e.Name
	}
	return "data"
}

// deltaText reads an event that carries one piece of a streamed text or arguments: an Anthropic
// text_delta or input_json_delta of a block, a Chat Completions chunk with only content or only
// one call's arguments, a Responses output_text or function_call_arguments delta. It returns the
// kind of piece, the block, call or output index it belongs to, and the text.
func deltaText(e Event) (typ string, index int, text string, ok bool) {
	switch {
	case e.Type == "content_block_delta":
		var d struct {
			Delta struct {
				Type        string  `json:"type"`
				PartialJSON *string `json:"partial_json"`
				Text        *string `json:"text"`
			} `json:"delta"`
		}
		if json.Unmarshal([]byte(e.Data), &d) != nil {
			return "", 0, "", false
		}
		switch {
		case d.Delta.Type == "input_json_delta" && d.Delta.PartialJSON != nil:
			return d.Delta.Type, e.Index, *d.Delta.PartialJSON, true
		case d.Delta.Type == "text_delta" && d.Delta.Text != nil:
			return d.Delta.Type, e.Index, *d.Delta.Text, true
		}
	case e.ObjectName == "chat.completion.chunk":
		var c struct {
			Choices []struct {
				Index int `json:"index"`
				Delta struct {
					Content   *string `json:"content"`
					ToolCalls []struct {
						Index    int    `json:"index"`
						ID       string `json:"id"`
						Function struct {
							Name      string  `json:"name"`
							Arguments *string `json:"arguments"`
						} `json:"function"`
					} `json:"tool_calls"`
				} `json:"delta"`
				FinishReason *string `json:"finish_reason"`
			} `json:"choices"`
		}
		if json.Unmarshal([]byte(e.Data), &c) != nil || len(c.Choices) != 1 || c.Choices[0].FinishReason != nil {
			return "", 0, "", false
		}
		d := c.Choices[0].Delta
		switch {
		case d.Content != nil && len(d.ToolCalls) == 0:
			return "content", c.Choices[0].Index, *d.Content, true
		case d.Content == nil && len(d.ToolCalls) == 1 && d.ToolCalls[0].ID == "" && d.ToolCalls[0].Function.Name == "" && d.ToolCalls[0].Function.Arguments != nil:
			return "arguments", d.ToolCalls[0].Index, *d.ToolCalls[0].Function.Arguments, true
		}
	case e.Type == "response.output_text.delta" || e.Type == "response.function_call_arguments.delta":
		var d struct {
			Delta *string `json:"delta"`
		}
		if json.Unmarshal([]byte(e.Data), &d) != nil || d.Delta == nil {
			return "", 0, "", false
		}
		typ := "output_text"
		if e.Type == "response.function_call_arguments.delta" {
			typ = "arguments"
		}
		return typ, e.Index, *d.Delta, true
	}
	return "", 0, "", false
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
