package client

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/toolfix/toolfix/proxy/sse"
)

// ChatCall is one tool call of an accumulated Chat Completions message. Arguments is the
// arguments string parsed as JSON (nil when it is not JSON, with ArgumentsErr saying why; an
// empty string counts as {}); RawArguments is the string itself.
type ChatCall struct {
	ID           string `json:"id"`
	Type         string `json:"type"`
	Name         string `json:"name"`
	Arguments    any    `json:"arguments,omitempty"`
	ArgumentsErr string `json:"arguments_error,omitempty"`
	RawArguments string `json:"-"`
}

// ChatMessage is an accumulated Chat Completions message of choice 0: FinishReason ("" when none
// came), Content (nil when null or absent; in a stream, nil when no content delta came) and the
// tool calls in index order.
type ChatMessage struct {
	FinishReason string      `json:"finish_reason"`
	Content      *string     `json:"content"`
	ToolCalls    []*ChatCall `json:"tool_calls"`
}

// ChatStream accumulates choice 0 of a streamed Chat Completions response the way the SDKs do.
// It is strict about tool calls where the AI SDK is: the first delta of every call must carry
// index, a non-empty id, type "function", a non-empty function.name (its arguments may
// start there: the SDKs take them from the first delta on), and every later delta must carry the same index and no other id or name. Chunks
// without choices are skipped (see ChatFramesValid); an error object ends accumulation with an
// error naming it. It returns an error saying which chunk broke a rule.
func ChatStream(body []byte) (*ChatMessage, error) {
	msg := &ChatMessage{}
	byIndex := map[int]*ChatCall{}
	var order []int
	for n, ev := range sse.Each(body, len(body)+1) { // SDKs read events of any size
		_, data, has := sse.Fields(ev.Raw)
		d := bytes.TrimSpace(data)
		if !has || string(d) == "[DONE]" {
			continue
		}
		var ch struct {
			Choices []struct {
				chatChoiceHead
				Delta struct {
					Content   *string           `json:"content"`
					ToolCalls []json.RawMessage `json:"tool_calls"`
				} `json:"delta"`
			} `json:"choices"`
			Error json.RawMessage `json:"error"`
		}
		if err := json.Unmarshal(d, &ch); err != nil {
			continue
		}
		if ch.Error != nil && string(ch.Error) != "null" {
			return msg, fmt.Errorf("chunk %d: error object: %s", n, ch.Error)
		}
		for _, c := range ch.Choices {
			if c.Index != 0 {
				continue
			}
			if c.Delta.Content != nil {
				if msg.Content == nil {
					msg.Content = new(string)
				}
				*msg.Content += *c.Delta.Content
			}
			for _, raw := range c.Delta.ToolCalls {
				idx, err := chatCallDelta(raw, byIndex)
				if err != nil {
					return nil, fmt.Errorf("chunk %d: %w", n, err)
				}
				if idx >= 0 {
					order = append(order, idx)
				}
			}
			if c.FinishReason != nil {
				msg.FinishReason = *c.FinishReason
			}
		}
	}
	for _, i := range order {
		c := byIndex[i]
		c.Arguments, c.ArgumentsErr = parseInput(c.RawArguments)
		msg.ToolCalls = append(msg.ToolCalls, c)
	}
	return msg, nil
}

// chatCallDelta applies one tool-call delta; it returns the index of a call it began, or -1.
func chatCallDelta(raw json.RawMessage, byIndex map[int]*ChatCall) (int, error) {
	var d struct {
		Index    *int    `json:"index"`
		ID       *string `json:"id"`
		Type     *string `json:"type"`
		Function *struct {
			Name      *string          `json:"name"`
			Arguments *json.RawMessage `json:"arguments"`
		} `json:"function"`
	}
	if err := json.Unmarshal(raw, &d); err != nil {
		return -1, fmt.Errorf("tool call delta: %w", err)
	}
	if d.Index == nil {
		return -1, fmt.Errorf("tool call delta without index: %s", raw)
	}
	var args *string
	if d.Function != nil && d.Function.Arguments != nil {
		var s string
		if err := json.Unmarshal(*d.Function.Arguments, &s); err != nil {
			return -1, fmt.Errorf("tool call %d: arguments is not a string: %s", *d.Index, *d.Function.Arguments)
		}
		args = &s
	}
	c := byIndex[*d.Index]
	if c == nil {
		switch {
		case d.ID == nil || *d.ID == "":
			return -1, fmt.Errorf("tool call %d: first delta without id", *d.Index)
		case d.Type == nil || *d.Type != "function":
			return -1, fmt.Errorf("tool call %d: first delta without type \"function\"", *d.Index)
		case d.Function == nil || d.Function.Name == nil || *d.Function.Name == "":
			return -1, fmt.Errorf("tool call %d: first delta without function.name", *d.Index)
		}
		c = &ChatCall{ID: *d.ID, Type: *d.Type, Name: *d.Function.Name}
		if args != nil {
			c.RawArguments = *args
		}
		byIndex[*d.Index] = c
		return *d.Index, nil
	}
	if d.ID != nil && *d.ID != "" && *d.ID != c.ID {
		return -1, fmt.Errorf("tool call %d: later delta with another id %q", *d.Index, *d.ID)
	}
	if d.Function != nil && d.Function.Name != nil && *d.Function.Name != "" && *d.Function.Name != c.Name {
		return -1, fmt.Errorf("tool call %d: later delta with another name %q", *d.Index, *d.Function.Name)
	}
	if args != nil {
		c.RawArguments += *args
	}
	return -1, nil
}

// ChatFramesValid checks that every data payload of a stream is [DONE] or a JSON object with a
// "choices" or "error" member, and that every "choices" is a list; the error names the first
// payload that is not.
func ChatFramesValid(body []byte) error {
	for n, ev := range sse.Each(body, len(body)+1) { // SDKs read events of any size
		_, data, has := sse.Fields(ev.Raw)
		if !has || string(bytes.TrimSpace(data)) == "[DONE]" {
			continue
		}
		var obj map[string]json.RawMessage
		if err := json.Unmarshal(data, &obj); err != nil || obj == nil {
			return fmt.Errorf("frame %d: data is not a JSON object: %.80q", n, data)
		}
		c, hasC := obj["choices"]
		if _, hasE := obj["error"]; !hasC && !hasE {
			return fmt.Errorf("frame %d: object without choices or error: %.80q", n, data)
		}
		if hasC {
			var l []json.RawMessage
			if json.Unmarshal(c, &l) != nil || l == nil {
				return fmt.Errorf("frame %d: choices is not a list: %.80q", n, data)
			}
		}
	}
	return nil
}

// chatChoiceHead is what a Chat Completions choice carries in a streamed chunk and in a whole
// body alike: its index, and its finish_reason (nil when none came).
type chatChoiceHead struct {
	Index        int     `json:"index"`
	FinishReason *string `json:"finish_reason"`
}

// chatToolCall is a tool call of a whole Chat Completions message, its arguments read as A: the
// string a body carries, or (for a want.json message) the JSON value they must parse to.
type chatToolCall[A any] struct {
	ID       string `json:"id"`
	Type     string `json:"type"`
	Function struct {
		Name      string `json:"name"`
		Arguments A      `json:"arguments"`
	} `json:"function"`
}

// ChatJSON reads choice 0 of a non-streamed Chat Completions body.
func ChatJSON(body []byte) (*ChatMessage, error) {
	var r struct {
		Choices []struct {
			chatChoiceHead
			Message struct {
				Content   *string                `json:"content"`
				ToolCalls []chatToolCall[string] `json:"tool_calls"`
			} `json:"message"`
		} `json:"choices"`
	}
	if err := json.Unmarshal(body, &r); err != nil {
		return nil, fmt.Errorf("parsing chat completion: %w", err)
	}
	for _, c := range r.Choices {
		if c.Index != 0 {
			continue
		}
		m := &ChatMessage{Content: c.Message.Content}
		if c.FinishReason != nil {
			m.FinishReason = *c.FinishReason
		}
		for _, tc := range c.Message.ToolCalls {
			cc := &ChatCall{ID: tc.ID, Type: tc.Type, Name: tc.Function.Name, RawArguments: tc.Function.Arguments}
			cc.Arguments, cc.ArgumentsErr = parseInput(tc.Function.Arguments)
			m.ToolCalls = append(m.ToolCalls, cc)
		}
		return m, nil
	}
	return nil, errors.New("parsing chat completion: no choice 0")
}

// CompareChat checks got against want (a want.json "message" of the openai cases) by the cases'
// rules: finish_reason equal; content equal with trailing white space trimmed, a null content
// only equal to null when stream is false (in a stream no content is ""); tool_calls in order,
// each by function.name and function.arguments as parsed JSON (key order free), type equal when
// want gives one, id equal unless want's id is "*" (then any non-empty id). The error lists every
// difference.
func CompareChat(want json.RawMessage, got *ChatMessage, stream bool) error {
	var w struct {
		FinishReason string              `json:"finish_reason"`
		Content      *string             `json:"content"`
		ToolCalls    []chatToolCall[any] `json:"tool_calls"`
	}
	if err := json.Unmarshal(want, &w); err != nil {
		return fmt.Errorf("parsing want: %w", err)
	}
	var diffs []string
	if w.FinishReason != got.FinishReason {
		diffs = append(diffs, fmt.Sprintf("finish_reason %q, want %q", got.FinishReason, w.FinishReason))
	}
	gc, wc := got.Content, w.Content
	if stream {
		gc, wc = orEmpty(gc), orEmpty(wc)
	}
	switch {
	case (gc == nil) != (wc == nil):
		diffs = append(diffs, fmt.Sprintf("content %s, want %s", showStr(gc), showStr(wc)))
	case gc != nil && !sameText(*gc, *wc):
		diffs = append(diffs, fmt.Sprintf("content %q, want %q", *gc, *wc))
	}
	if len(w.ToolCalls) != len(got.ToolCalls) {
		j, _ := json.Marshal(got.ToolCalls)
		diffs = append(diffs, fmt.Sprintf("%d tool calls, want %d: got %s", len(got.ToolCalls), len(w.ToolCalls), j))
	} else {
		for i, wt := range w.ToolCalls {
			g := got.ToolCalls[i]
			switch {
			case wt.Function.Name != g.Name:
				diffs = append(diffs, fmt.Sprintf("tool call %d: name %q, want %q", i, g.Name, wt.Function.Name))
			case wt.ID == "*" && g.ID == "":
				diffs = append(diffs, fmt.Sprintf("tool call %d: empty id", i))
			case wt.ID != "*" && wt.ID != g.ID:
				diffs = append(diffs, fmt.Sprintf("tool call %d: id %q, want %q", i, g.ID, wt.ID))
			case wt.Type != "" && wt.Type != g.Type:
				diffs = append(diffs, fmt.Sprintf("tool call %d: type %q, want %q", i, g.Type, wt.Type))
			case g.ArgumentsErr != "":
				diffs = append(diffs, fmt.Sprintf("tool call %d: arguments are not JSON: %s: %q", i, g.ArgumentsErr, g.RawArguments))
			case !jsonEqual(wt.Function.Arguments, g.Arguments):
				gj, _ := json.Marshal(g.Arguments)
				wj, _ := json.Marshal(wt.Function.Arguments)
				diffs = append(diffs, fmt.Sprintf("tool call %d: arguments %s, want %s", i, gj, wj))
			}
		}
	}
	return differences(diffs)
}

func orEmpty(s *string) *string {
	if s == nil {
		return new(string)
	}
	return s
}

func showStr(s *string) string {
	if s == nil {
		return "null"
	}
	return fmt.Sprintf("%q", *s)
}
