package openai

import (
	"bytes"
	"encoding/json"

	"github.com/toolfix/toolfix/proxy/jsontext"
	"github.com/toolfix/toolfix/proxy/sse"
)

// wireChunk is what the dialect reads of one chat.completion.chunk. Members it does not name are
// skipped by the decoder and kept in the raw bytes.
type wireChunk struct {
	Choices choicesField    `json:"choices"`
	Error   json.RawMessage `json:"error"`
}

// choicesField tells a missing "choices" from "choices": null from a list.
type choicesField struct {
	present bool
	null    bool
	list    []wireChoice
}

// UnmarshalJSON records that the member is present, and whether it is null, before reading the
// list.
func (c *choicesField) UnmarshalJSON(b []byte) error {
	c.present = true
	if string(b) == "null" {
		c.null = true
		return nil
	}
	return json.Unmarshal(b, &c.list)
}

type wireChoice struct {
	Index        *int       `json:"index"`
	Delta        *wireDelta `json:"delta"`
	FinishReason *string    `json:"finish_reason"`
}

type wireDelta struct {
	Content   *string        `json:"content"`
	Reasoning *string        `json:"reasoning_content"` // read only when a stream becomes JSON (D55)
	ToolCalls []wireToolCall `json:"tool_calls"`
}

type wireToolCall struct {
	Index    *int          `json:"index"`
	ID       *string       `json:"id"`
	Type     *string       `json:"type"`
	Function *wireFunction `json:"function"`
}

type wireFunction struct {
	Name      *string         `json:"name"`
	Arguments json.RawMessage `json:"arguments"`
}

// argText returns the text a delta adds to a call's arguments: the string's content, or for an
// object or array sent where a string was due (D20) its JSON text; obj reports the latter. A
// missing or null arguments adds nothing.
func argText(raw json.RawMessage) (text []byte, obj bool, ok bool) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || string(raw) == "null" {
		return nil, false, true
	}
	switch raw[0] {
	case '"':
		s, err := jsontext.UnquoteBytes(raw)
		if err != nil {
			return nil, false, false
		}
		return s, false, true
	case '{', '[':
		var b bytes.Buffer
		if err := json.Compact(&b, raw); err != nil {
			return nil, false, false
		}
		return b.Bytes(), true, true
	}
	return nil, false, false
}

// argTextInto is argText decoding a string's content into *buf (grown as needed and kept there:
// the text is valid until the next call with buf), for a caller that copies what it keeps of it,
// so that a streamed argument delta costs no allocation for its text (issue 21).
func argTextInto(raw json.RawMessage, buf *[]byte) (text []byte, obj bool, ok bool) {
	if t := bytes.TrimSpace(raw); len(t) > 0 && t[0] == '"' {
		text, err := jsontext.AppendUnquote((*buf)[:0], t)
		if err != nil {
			return nil, false, false
		}
		*buf = text
		return text, false, true
	}
	return argText(raw)
}

// dataFrame builds one SSE event holding data, with the given line ending.
func dataFrame(eol, data []byte) []byte {
	b := make([]byte, 0, len(data)+8+2*len(eol))
	b = append(b, "data: "...)
	b = append(b, data...)
	b = append(b, eol...)
	return append(b, eol...)
}

// ReplaceData returns the SSE event raw with its data replaced by data: the first "data" line
// carries it, further data lines are dropped, and every other line (event, id, retry, comments)
// stays as it was, with the event's own line endings. The Responses dialect shares it.
func ReplaceData(raw, data []byte) []byte {
	eol := sse.LineEnding(raw)
	out := make([]byte, 0, len(raw)+len(data))
	wrote := false
	rest := raw
	for len(rest) > 0 {
		var line []byte
		line, rest = sse.CutLine(rest)
		if len(line) == 0 {
			break // the blank line that ends the event
		}
		if bytes.Equal(line, []byte("data")) || bytes.HasPrefix(line, []byte("data:")) {
			if wrote {
				continue
			}
			wrote = true
			out = append(out, "data: "...)
			out = append(out, data...)
			out = append(out, eol...)
			continue
		}
		out = append(out, line...)
		out = append(out, eol...)
	}
	if !wrote {
		out = append(out, "data: "...)
		out = append(out, data...)
		out = append(out, eol...)
	}
	return append(out, eol...)
}

// IsJunk reports whether an SSE data payload is a junk frame that no client can read (docs/faults.md
// D48: lidge-jun/opencodex #1219): empty, JSON that is not an object (null, a number, a string,
// a boolean, an array), or an SSE comment that a proxy re-wrapped as data (`data: : OPENROUTER
// PROCESSING`: mnfst/llm-gateway #2053, Routstr/routstr-core PR #543), which no JSON text or [DONE]
// starts with. Other text that is not JSON ([DONE], gateway notes) is not junk: it is kept. The
// Responses dialect shares it.
func IsJunk(data []byte) bool {
	d := bytes.TrimSpace(data)
	if len(d) == 0 || d[0] == ':' {
		return true
	}
	if d[0] == '{' {
		return false
	}
	return json.Valid(d)
}

// without returns o without its members named key.
func without(o jsontext.Object, key string) jsontext.Object {
	out := o[:0:0]
	for _, m := range o {
		if m.Key != key {
			out = append(out, m)
		}
	}
	return out
}

// rawList splits a JSON array into its elements' raw text; ok is false for anything else.
func rawList(raw json.RawMessage) ([]json.RawMessage, bool) {
	var l []json.RawMessage
	if err := json.Unmarshal(raw, &l); err != nil || l == nil {
		return nil, false
	}
	return l, true
}
