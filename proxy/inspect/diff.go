package inspect

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/toolfix/toolfix/proxy/jsontext"
	"github.com/toolfix/toolfix/proxy/linediff"
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
		return render(linediff.Script(ua, ub), context, func(kind byte, ops []linediff.Op) []string {
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
	return render(linediff.Script(la, lb), context, func(kind byte, ops []linediff.Op) []string {
		var out []string
		for _, o := range ops {
			var line string
			if kind == '+' {
				line = lb[o.J]
			} else {
				line = la[o.I]
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
func showEvents(kind byte, ops []linediff.Op, a, b []Event) []string {
	ev := func(o linediff.Op) Event {
		if kind == '+' {
			return b[o.J]
		}
		return a[o.I]
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

// render prints the edit script as hunks with context units around each change; show renders a
// run of ops of one kind as lines.
func render(ops []linediff.Op, context int, show func(kind byte, ops []linediff.Op) []string) string {
	var sb strings.Builder
	for _, h := range linediff.Hunks(ops, context) {
		fmt.Fprintf(&sb, "@@ -%d,%d +%d,%d @@\n", ops[h.Start].I+1, h.Old, ops[h.Start].J+1, h.New)
		for k := h.Start; k < h.End; {
			r := k + 1
			for r < h.End && ops[r].Kind == ops[k].Kind {
				r++
			}
			for _, line := range show(ops[k].Kind, ops[k:r]) {
				sb.WriteByte(ops[k].Kind)
				sb.WriteString(line)
				sb.WriteByte('\n')
			}
			k = r
		}
	}
	return sb.String()
}
