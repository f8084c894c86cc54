package responses

import (
	"bytes"
	"encoding/json"
	"io"

	"github.com/toolfix/toolfix/proxy/jsontext"
	"github.com/toolfix/toolfix/proxy/markup"
	"github.com/toolfix/toolfix/proxy/openai"
	"github.com/toolfix/toolfix/proxy/sse"
)

// This file builds the function_call items a leaked call becomes (D60) and places them: after
// their message item in the stream, with room made in the output_index and sequence_number of the
// events after, and in the final response's output.

// callItem is a function_call output item.
func callItem(id, callID, name, args, status string) json.RawMessage {
	b := []byte(`{"type":"function_call","id":`)
	b = jsontext.AppendQuote(b, id)
	b = append(b, `,"call_id":`...)
	b = jsontext.AppendQuote(b, callID)
	b = append(b, `,"name":`...)
	b = jsontext.AppendQuote(b, name)
	b = append(b, `,"arguments":`...)
	b = jsontext.AppendQuote(b, args)
	b = append(b, `,"status":`...)
	b = jsontext.AppendQuote(b, status)
	return append(b, '}')
}

// cutMessage returns the message item with the text of its content part part replaced by keep;
// false when the item is not a completed message whose part holds text.
func cutMessage(item json.RawMessage, part int, text, keep string) (json.RawMessage, bool) {
	obj, err := jsontext.ParseObject(item)
	if err != nil {
		return nil, false
	}
	var head struct {
		Type    string            `json:"type"`
		Status  string            `json:"status"`
		Content []json.RawMessage `json:"content"`
	}
	if json.Unmarshal(item, &head) != nil || head.Type != "message" || head.Status != "completed" ||
		part < 0 || part >= len(head.Content) {
		return nil, false
	}
	p, err := jsontext.ParseObject(head.Content[part])
	if err != nil {
		return nil, false
	}
	var got string
	if json.Unmarshal(p.Get("text"), &got) != nil || got != text {
		return nil, false
	}
	p.Set("text", jsontext.Quote(keep))
	head.Content[part] = p.Marshal()
	obj.Set("content", jsontext.Array(head.Content))
	return obj.Marshal(), true
}

// insertCalls writes, after the message item's output_item.done (raw, e), each call the standard
// way: output_item.added, the arguments delta and done, output_item.done; and makes room for them
// in the output_index and sequence_number of the events after.
func (s *Stream) insertCalls(w io.Writer, raw []byte, e *event, fx *leakFix) error {
	msgIndex := s.outIndex(intOr(e.OutputIndex))
	seq := intOr(e.SequenceNumber) + s.seqShift
	named := bytes.HasPrefix(bytes.TrimLeft(raw, " \t\r\n"), []byte("event:"))
	eol := sse.LineEnding(raw)
	for k, it := range fx.calls {
		var c struct {
			ID        string `json:"id"`
			Arguments string `json:"arguments"`
		}
		_ = json.Unmarshal(it, &c)
		added, _ := jsontext.ParseObject(it)
		added.Set("arguments", json.RawMessage(`""`))
		added.Set("status", json.RawMessage(`"in_progress"`))
		idx := jsontext.FormatInt(msgIndex + 1 + k)
		evs := []jsontext.Object{
			{{Key: "type", Value: json.RawMessage(`"response.output_item.added"`)}, {Key: "output_index", Value: idx}, {Key: "item", Value: added.Marshal()}},
			{{Key: "type", Value: json.RawMessage(`"response.function_call_arguments.delta"`)}, {Key: "item_id", Value: jsontext.Quote(c.ID)}, {Key: "output_index", Value: idx}, {Key: "delta", Value: jsontext.Quote(c.Arguments)}},
			{{Key: "type", Value: json.RawMessage(`"response.function_call_arguments.done"`)}, {Key: "item_id", Value: jsontext.Quote(c.ID)}, {Key: "output_index", Value: idx}, {Key: "arguments", Value: jsontext.Quote(c.Arguments)}},
			{{Key: "type", Value: json.RawMessage(`"response.output_item.done"`)}, {Key: "output_index", Value: idx}, {Key: "item", Value: it}},
		}
		for _, o := range evs {
			if e.SequenceNumber != nil {
				seq++
				o = append(o, jsontext.Member{Key: "sequence_number", Value: jsontext.FormatInt(seq)})
			}
			var typ string
			_ = json.Unmarshal(o.Get("type"), &typ)
			if _, err := w.Write(frame(eol, named, typ, o.Marshal())); err != nil {
				return err
			}
		}
	}
	if e.SequenceNumber != nil {
		s.seqShift += 4 * len(fx.calls)
	}
	s.shifts = append(s.shifts, shift{after: intOr(e.OutputIndex), n: len(fx.calls)})
	s.fixed[s.itemID(fx.msg)] = fx
	return nil
}

// frame is one SSE event with its data, and an event: line when named.
func frame(eol []byte, named bool, typ string, data []byte) []byte {
	var b []byte
	if named {
		b = append(append(append(b, "event: "...), typ...), eol...)
	}
	b = append(append(append(b, "data: "...), data...), eol...)
	return append(b, eol...)
}

// outIndex is where the upstream's output_index i stands in the client's output, after the
// function_call items inserted before it.
func (s *Stream) outIndex(i int) int {
	for _, sh := range s.shifts {
		if sh.after < i {
			i += sh.n
		}
	}
	return i
}

// write writes one event, with its output_index and sequence_number moved past the items
// inserted before it and, for the final response, the repaired message items and the calls made
// from them in its output.
func (s *Stream) write(w io.Writer, raw []byte, e *event) error {
	if e != nil && (len(s.shifts) > 0 || len(s.fixed) > 0 || s.seqShift != 0) {
		_, d, _ := sse.Fields(raw)
		if nd, ok := s.shifted(bytes.TrimSpace(d), e); ok {
			raw = openai.ReplaceData(raw, nd)
		}
	}
	_, err := w.Write(raw)
	return err
}

// shifted rewrites an event's data for the items inserted before it; false when nothing changes.
func (s *Stream) shifted(d []byte, e *event) ([]byte, bool) {
	obj, err := jsontext.ParseObject(d)
	if err != nil {
		return nil, false
	}
	changed := false
	if e.OutputIndex != nil {
		if n := s.outIndex(*e.OutputIndex); n != *e.OutputIndex {
			obj.Set("output_index", jsontext.FormatInt(n))
			changed = true
		}
	}
	if e.SequenceNumber != nil && s.seqShift != 0 {
		obj.Set("sequence_number", jsontext.FormatInt(*e.SequenceNumber+s.seqShift))
		changed = true
	}
	if e.Type != nil && (*e.Type == "response.completed" || *e.Type == "response.incomplete") {
		if resp, ok := s.withCalls(obj.Get("response")); ok {
			obj.Set("response", resp)
			changed = true
		}
	}
	if !changed {
		return nil, false
	}
	return obj.Marshal(), true
}

// withCalls puts the repaired message items in a response object's output, each followed by the
// calls made from it; false when the output holds none of them.
func (s *Stream) withCalls(raw json.RawMessage) (json.RawMessage, bool) {
	if len(s.fixed) == 0 {
		return nil, false
	}
	resp, err := jsontext.ParseObject(raw)
	if err != nil {
		return nil, false
	}
	out, ok := s.outputWithCalls(resp.Get("output"))
	if !ok {
		return nil, false
	}
	resp.Set("output", out)
	return resp.Marshal(), true
}

// outputWithCalls is withCalls on an output list.
func (s *Stream) outputWithCalls(raw json.RawMessage) (json.RawMessage, bool) {
	var items []json.RawMessage
	if json.Unmarshal(raw, &items) != nil {
		return nil, false
	}
	var out []json.RawMessage
	changed := false
	for _, it := range items {
		fx := s.fixed[s.itemID(it)]
		if fx == nil {
			out = append(out, it)
			continue
		}
		out = append(append(out, fx.msg), fx.calls...)
		changed = true
	}
	if !changed {
		return nil, false
	}
	return jsontext.Array(out), true
}

// setMember returns the event raw with its data's top-level key set to v.
func setMember(raw []byte, key string, v []byte) []byte {
	_, d, _ := sse.Fields(raw)
	obj, err := jsontext.ParseObject(bytes.TrimSpace(d))
	if err != nil {
		return raw
	}
	obj.Set(key, v)
	return openai.ReplaceData(raw, obj.Marshal())
}

// setPartText returns a content_part.done event with its part's text set to text.
func setPartText(raw []byte, text string) []byte {
	_, d, _ := sse.Fields(raw)
	obj, err := jsontext.ParseObject(bytes.TrimSpace(d))
	if err != nil {
		return raw
	}
	p, err := jsontext.ParseObject(obj.Get("part"))
	if err != nil {
		return raw
	}
	p.Set("text", jsontext.Quote(text))
	obj.Set("part", p.Marshal())
	return openai.ReplaceData(raw, obj.Marshal())
}

func (s *Stream) itemType(item json.RawMessage) string {
	var it wireItem
	_ = json.Unmarshal(item, &it)
	return it.Type
}

func (s *Stream) itemID(item json.RawMessage) string {
	var it wireItem
	_ = json.Unmarshal(item, &it)
	return it.ID
}

func intOr(p *int) int {
	if p == nil {
		return -1
	}
	return *p
}

// leakedOutput applies the leaked-call rule (D60) to a non-streamed response resp whose output
// list is out: each completed message item whose last output_text ends in a leaked tail that
// makes calls the request allows has the markup cut and the calls put after it. Not in a response
// that is not completed (cut by a limit: D46, never completed) or that holds a function_call.
func (s *Stream) leakedOutput(resp jsontext.Object, out json.RawMessage) (json.RawMessage, bool) {
	var status string
	if s.leakOff() || json.Unmarshal(resp.Get("status"), &status) != nil || status != "completed" {
		return nil, false
	}
	var items []json.RawMessage
	if json.Unmarshal(out, &items) != nil {
		return nil, false
	}
	made := functionCalls(items)
	for _, it := range items {
		var m struct {
			ID      string `json:"id"`
			Type    string `json:"type"`
			Content []struct {
				Type string `json:"type"`
				Text string `json:"text"`
			} `json:"content"`
		}
		if json.Unmarshal(it, &m) != nil || m.Type != "message" || len(m.Content) == 0 {
			continue
		}
		last := len(m.Content) - 1
		if m.Content[last].Type != "output_text" {
			continue
		}
		text := m.Content[last].Text
		l, found := markup.FindDeclared(text, Syntaxes, s.tools.Declares)
		if !found {
			continue
		}
		keep, leaked := text[:l.Start], l.Calls
		msg, ok := cutMessage(it, last, text, keep)
		if !ok {
			continue
		}
		calls, ok := s.leakedCalls(leaked, made)
		if !ok {
			continue
		}
		s.fixed[m.ID] = &leakFix{part: last, keep: keep, msg: msg, calls: calls}
	}
	return s.outputWithCalls(out)
}
