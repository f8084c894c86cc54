package inspect

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/toolfix/toolfix/proxy/sse"
)

// Event is one piece of an SSE body as the proxy frames it.
type Event struct {
	// N is the piece's position in the stream, from 0; Offset its first byte in the body.
	N      int `json:"n"`
	Offset int `json:"offset"`
	// Name is the value of its "event:" line; "" when there is none.
	Name string `json:"event,omitempty"`
	// Type is the data's "type" member and ObjectName its "object" member (a Chat Completions
	// chunk has only the latter); "" when absent.
	Type       string `json:"type,omitempty"`
	ObjectName string `json:"object_name,omitempty"`
	// Data is the data payload (data lines joined); HasData is false for a comment or blank piece.
	Data    string `json:"data,omitempty"`
	HasData bool   `json:"has_data"`
	// Object is true when Data is a JSON object.
	Object bool `json:"object"`
	// Index is the data's "index" (or "output_index") member, -1 when absent.
	Index int `json:"index"`
	// Summary describes the event in a few words.
	Summary string `json:"summary"`
}

// Events frames an SSE body into its pieces. It never fails: a body cut off mid-event gives a last,
// incomplete piece.
func Events(body []byte) []Event {
	var out []Event
	off := 0
	for n, piece := range sse.Each(body, 0) {
		ev := Event{N: n, Offset: off, Index: -1}
		off += len(piece.Raw)
		name, data, has := sse.Fields(piece.Raw)
		ev.Name, ev.HasData, ev.Data = string(name), has, string(data)
		if has {
			var head struct {
				Type        *string `json:"type"`
				Object      *string `json:"object"`
				Index       *int    `json:"index"`
				OutputIndex *int    `json:"output_index"`
			}
			if bytes.HasPrefix(bytes.TrimSpace(data), []byte("{")) && json.Unmarshal(data, &head) == nil {
				ev.Object = true
				if head.Type != nil {
					ev.Type = *head.Type
				}
				if head.Object != nil {
					ev.ObjectName = *head.Object
				}
				switch {
				case head.Index != nil:
					ev.Index = *head.Index
				case head.OutputIndex != nil:
					ev.Index = *head.OutputIndex
				}
			}
		}
		ev.Summary = summarize(&ev, piece.Raw)
		out = append(out, ev)
	}
	return out
}

// summarize describes an event: what the data says, in a few words.
func summarize(ev *Event, raw []byte) string {
	if !ev.HasData {
		t := strings.TrimSpace(string(raw))
		switch {
		case t == "":
			return "blank line"
		case strings.HasPrefix(t, ":"):
			return "comment " + clip(t, 40)
		}
		return "no data: " + clip(t, 40)
	}
	if !ev.Object {
		return "data is not a JSON object: " + clip(ev.Data, 60)
	}
	var d struct {
		ContentBlock *struct {
			Type string `json:"type"`
			ID   string `json:"id"`
			Name string `json:"name"`
		} `json:"content_block"`
		Delta   *messagesDelta `json:"delta"`
		Choices []struct {
			Delta        *chatDelta `json:"delta"`
			FinishReason *string    `json:"finish_reason"`
		} `json:"choices"`
		Error json.RawMessage `json:"error"`
	}
	_ = json.Unmarshal([]byte(ev.Data), &d)
	var parts []string
	if ev.Index >= 0 {
		parts = append(parts, fmt.Sprintf("[%d]", ev.Index))
	}
	switch {
	case d.ContentBlock != nil:
		parts = append(parts, d.ContentBlock.Type, d.ContentBlock.Name, d.ContentBlock.ID)
	case d.Delta != nil && d.Delta.Type != "":
		parts = append(parts, d.Delta.Type)
		switch d.Delta.Type {
		case "text_delta":
			parts = append(parts, fmt.Sprintf("%q", clip(d.Delta.Text, 50)))
		case "input_json_delta":
			parts = append(parts, fmt.Sprintf("%d bytes", len(d.Delta.PartialJSON)))
		case "thinking_delta":
			parts = append(parts, fmt.Sprintf("%d bytes", len(d.Delta.Thinking)))
		}
	case d.Delta != nil && d.Delta.StopReason != nil:
		parts = append(parts, "stop_reason "+*d.Delta.StopReason)
	case len(d.Choices) > 0 && d.Choices[0].Delta != nil:
		c := d.Choices[0]
		if c.Delta.Content != nil && *c.Delta.Content != "" {
			parts = append(parts, fmt.Sprintf("content %q", clip(*c.Delta.Content, 50)))
		}
		for _, tc := range c.Delta.ToolCalls {
			s := "tool_call"
			if tc.Index != nil {
				s += fmt.Sprintf(" #%d", *tc.Index)
			}
			if tc.Function.Name != "" {
				s += " " + tc.Function.Name
			}
			parts = append(parts, s, fmt.Sprintf("args %d bytes", len(tc.Function.Arguments)))
		}
		if c.FinishReason != nil {
			parts = append(parts, "finish_reason "+*c.FinishReason)
		}
	case d.Error != nil:
		parts = append(parts, "error "+clip(string(d.Error), 60))
	}
	return strings.Join(nonEmpty(parts), " ")
}

func nonEmpty(ss []string) []string {
	var out []string
	for _, s := range ss {
		if s != "" {
			out = append(out, s)
		}
	}
	return out
}

// clip shortens s to n runes, marking the cut with an ellipsis.
func clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n]) + "…"
}

// messagesDelta is the delta of an Anthropic content_block_delta or message_delta event, as
// analyze reads it.
type messagesDelta struct {
	Type        string  `json:"type"`
	Text        string  `json:"text"`
	PartialJSON string  `json:"partial_json"`
	Thinking    string  `json:"thinking"`
	StopReason  *string `json:"stop_reason"`
}

// chatDelta is the delta of one choice of a chat.completion.chunk, as analyze reads it.
type chatDelta struct {
	Content   *string        `json:"content"`
	ToolCalls []chatToolCall `json:"tool_calls"`
}

// chatToolCall is one tool-call delta of a chunk.
type chatToolCall struct {
	Index    *int    `json:"index"`
	ID       string  `json:"id"`
	Type     *string `json:"type"`
	Function struct {
		Name      string          `json:"name"`
		Arguments json.RawMessage `json:"arguments"`
	} `json:"function"`
}

// text is the arguments text the delta adds: a JSON string's text, or an object's JSON (D20);
// nil when it has none.
func (tc *chatToolCall) text() []byte {
	var s string
	switch t := strings.TrimSpace(string(tc.Function.Arguments)); {
	case t == "" || t == "null":
		return nil
	case json.Unmarshal(tc.Function.Arguments, &s) == nil:
		return []byte(s)
	default:
		return []byte(t)
	}
}
