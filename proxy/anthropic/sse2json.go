package anthropic

import (
	"bytes"
	"encoding/json"
	"sort"
	"strings"

	"github.com/toolfix/toolfix/proxy/jsontext"
	"github.com/toolfix/toolfix/proxy/sse"
)

// accBlock is one content block accumulated from a stream's events.
type accBlock struct {
	obj       jsontext.Object // the content_block of its start, members in their order
	typ       string
	text      strings.Builder // text: the start's text and the text_delta texts
	thinking  strings.Builder // thinking: the start's thinking and the thinking_delta texts
	signature string
	partial   []byte            // tool_use: the input_json_delta texts joined
	deltas    int               // input_json_delta count
	stopped   bool              // its content_block_stop came
	citations []json.RawMessage // citations_delta citations, in order
}

// messageFromSSE builds the Messages object a non-streamed request asked for from a streamed body
// (docs/faults.md D55: decolua/9router #3492): message_start's message, its content built from the
// content_block_start blocks and their deltas (text, input_json, thinking, signature, citations),
// and message_delta's members and usage laid over it, up to the message_stop that only a replayed
// finish follows (D73). A stream that carries an error event gives
// that event's object. ok is false when the body has no message_start, a delta of a kind it does
// not know, a delta for no block, a tool input that is not JSON (cut off), or an event over the
// size limit: the caller then passes the body as it came.
func messageFromSSE(body []byte) ([]byte, bool) {
	var msg jsontext.Object
	seen := false
	blocks := map[int]*accBlock{}
	for n, ev := range sse.Each(body, 0) {
		if ev.Oversize {
			return nil, false
		}
		name, d, ok := sse.ObjectData(ev.Raw)
		if !ok {
			if string(name) == "error" {
				return nil, false // an error that is not an object: not ours to shape
			}
			continue
		}
		obj, err := jsontext.ParseObject(d)
		if err != nil {
			return nil, false
		}
		var e event
		if err := json.Unmarshal(d, &e); err != nil {
			return nil, false
		}
		if e.Type == "error" || string(name) == "error" || obj.Get("error") != nil {
			return bytes.Clone(d), true
		}
		switch e.Type {
		case "message_start":
			m, err := jsontext.ParseObject(e.Message)
			if err != nil || seen {
				return nil, false
			}
			msg, seen = m, true
		case "content_block_start":
			if e.Index == nil || e.ContentBlock == nil || blocks[*e.Index] != nil {
				return nil, false
			}
			cb, err := jsontext.ParseObject(obj.Get("content_block"))
			if err != nil {
				return nil, false
			}
			b := &accBlock{obj: cb, typ: e.ContentBlock.Type}
			b.text.WriteString(e.ContentBlock.Text)
			var th struct {
				Thinking string `json:"thinking"`
			}
			_ = json.Unmarshal(obj.Get("content_block"), &th)
			b.thinking.WriteString(th.Thinking)
			blocks[*e.Index] = b
		case "content_block_delta":
			if e.Index == nil || blocks[*e.Index] == nil || !blocks[*e.Index].take(obj.Get("delta")) {
				return nil, false
			}
		case "content_block_stop":
			if e.Index != nil && blocks[*e.Index] != nil {
				blocks[*e.Index].stopped = true
			}
		case "message_delta":
			if !seen || !overlay(&msg, obj) {
				return nil, false
			}
		}
		if e.Type == "message_stop" && replayOnly(body, n, func(i int) bool { return blocks[i] != nil }) {
			break // the finish replayed after it is no part of the message (D73)
		}
	}
	if !seen {
		return nil, false
	}
	idx := make([]int, 0, len(blocks))
	for i := range blocks {
		idx = append(idx, i)
	}
	sort.Ints(idx)
	content := []byte{'['}
	for n, i := range idx {
		raw, ok := blocks[i].finish()
		if !ok {
			return nil, false
		}
		if n > 0 {
			content = append(content, ',')
		}
		content = append(content, raw...)
	}
	msg.Set("content", append(content, ']'))
	return msg.Marshal(), true
}

// take adds one delta to the block; false for a delta of a kind it does not know or that does not
// fit the block.
func (b *accBlock) take(raw json.RawMessage) bool {
	var d struct {
		Type        string          `json:"type"`
		Text        *string         `json:"text"`
		PartialJSON *string         `json:"partial_json"`
		Thinking    *string         `json:"thinking"`
		Signature   *string         `json:"signature"`
		Citation    json.RawMessage `json:"citation"`
	}
	if json.Unmarshal(raw, &d) != nil {
		return false
	}
	switch {
	case d.Type == "text_delta" && d.Text != nil && b.typ == "text":
		b.text.WriteString(*d.Text)
	case d.Type == "input_json_delta" && d.PartialJSON != nil && (b.typ == "tool_use" || b.typ == "server_tool_use"):
		b.partial = append(b.partial, *d.PartialJSON...)
		b.deltas++
	case d.Type == "thinking_delta" && d.Thinking != nil && b.typ == "thinking":
		b.thinking.WriteString(*d.Thinking)
	case d.Type == "signature_delta" && d.Signature != nil && b.typ == "thinking":
		b.signature = *d.Signature
	case d.Type == "citations_delta" && len(d.Citation) > 0 && b.typ == "text":
		b.citations = append(b.citations, d.Citation)
	default:
		return false
	}
	return true
}

// finish returns the block as a non-streamed answer holds it; false when a tool input joined from
// its deltas is not JSON.
func (b *accBlock) finish() ([]byte, bool) {
	switch b.typ {
	case "text":
		b.obj.Set("text", jsontext.Quote(b.text.String()))
		if len(b.citations) > 0 {
			list := []byte{'['}
			for i, c := range b.citations {
				if i > 0 {
					list = append(list, ',')
				}
				list = append(list, c...)
			}
			b.obj.Set("citations", append(list, ']'))
		}
	case "thinking":
		b.obj.Set("thinking", jsontext.Quote(b.thinking.String()))
		if b.signature != "" {
			b.obj.Set("signature", jsontext.Quote(b.signature))
		}
	case "tool_use", "server_tool_use":
		if !b.stopped {
			return nil, false // a call cut off before its block ended is never completed (D46)
		}
		if b.deltas > 0 {
			in := bytes.TrimSpace(b.partial)
			if len(in) == 0 {
				in = []byte("{}")
			}
			if !json.Valid(in) {
				return nil, false
			}
			b.obj.Set("input", in)
		}
	}
	return b.obj.Marshal(), true
}

// overlay lays a message_delta event over msg: every member of its delta replaces msg's, and every
// member of its usage replaces the same member of msg's usage. false when a member is not an object.
func overlay(msg *jsontext.Object, ev jsontext.Object) bool {
	if raw := ev.Get("delta"); raw != nil {
		d, err := jsontext.ParseObject(raw)
		if err != nil {
			return false
		}
		for _, m := range d {
			msg.Set(m.Key, m.Value)
		}
	}
	if raw := ev.Get("usage"); raw != nil && string(raw) != "null" {
		u, err := jsontext.ParseObject(raw)
		if err != nil {
			return false
		}
		mu, err := jsontext.ParseObject(msg.Get("usage"))
		if err != nil {
			mu = jsontext.Object{}
		}
		for _, m := range u {
			mu.Set(m.Key, m.Value)
		}
		msg.Set("usage", mu.Marshal())
	}
	return true
}
