package responses

import (
	"bytes"
	"encoding/json"
	"io"
	"strings"

	"github.com/toolfix/toolfix/proxy/jsontext"
	"github.com/toolfix/toolfix/proxy/markup"
	"github.com/toolfix/toolfix/proxy/repair"
	"github.com/toolfix/toolfix/proxy/sse"
)

// Syntaxes are the leaked-call markups recognised at the tail of a message item's output_text:
// the <invoke> markup Claude models leak behind a Responses endpoint, with D01's stray word and
// guards (docs/faults.md D60: anthropics/claude-code #64314, #67307, #75326; lidge-jun/opencodex
// #5499, Codex CLI shows the markup as a message), and every other family of the markup table,
// which open models leak there as in Chat content (D62: ai-dynamo/dynamo #6821, ollama/ollama PR
// #17742).
const Syntaxes = markup.All

// textKey names one output_text part: its message item and content index.
type textKey struct {
	item string
	part int
}

// textHold follows one output_text part while its deltas stream.
type textHold struct {
	h    *markup.Holder
	all  strings.Builder // every delta's text, in order
	sent int             // bytes of the text in deltas written before the first held one
	held bool            // a delta of this part is held
}

// heldEvent is one event held behind a text that may end in a leaked call.
type heldEvent struct {
	raw   []byte
	e     event
	key   textKey // the text part an output_text delta belongs to
	start int     // an output_text delta's offset in its part's text
	delta string
}

// leakFix is what a message item's leaked tail became: the text kept and the function_call
// items made, for the response.completed that lists the item.
type leakFix struct {
	part  int
	keep  string
	msg   json.RawMessage   // the message item with its text cut
	calls []json.RawMessage // the function_call items, completed
}

// shift is the room inserted function_call items take in output_index: n items after the
// upstream's item at index after.
type shift struct{ after, n int }

// noTools reports whether no leaked call can be made for a request offering tools: it offers
// no tool at all.
func noTools(tools *repair.Tools) bool { return len(tools.Names()) == 0 }

// leakOff reports whether no leaked call can be made in this response.
func (s *Stream) leakOff() bool { return s.noTools }

// step writes one event the per-event rules have judged (raw, and what was read of it, e: nil
// when it is no event object) through the leaked-call rule (D60): an output_text delta
// that may begin a leaked tail is held, and every event after it, until the text is clear or its
// message item is done; then the held events go out as they came, or with the markup cut from the
// text and function_call items after the message item.
func (s *Stream) step(w io.Writer, raw []byte, e *event) error {
	if e == nil || e.Type == nil || s.leakOff() {
		if len(s.held) > 0 {
			if _, _, has := sse.Fields(raw); has || !commentOnly(raw) {
				// A data event this dialect cannot read (or an event of other fields, such as a
				// data line whose name came garbled), behind held events: nothing is known of
				// it, so the held events go out as they came, then it, in their order (a
				// fail-open).
				s.rep.Fail("an event that is not a Responses event object behind a held text")
				s.holding, s.msgDone = nil, -1
				return s.flush(w, raw, e)
			}
			// Comments and blank lines keep their place behind the held events, so that a
			// text that proves healthy goes out byte for byte, as Chat and Anthropic keep
			// theirs behind a held text (D49); a hold that lasts is covered by the proxy's own
			// keep-alive (HoldingSpan). They used to pass at once, ahead of the held events.
			s.held = append(s.held, heldEvent{raw: bytes.Clone(raw)})
			return nil
		}
		return s.write(w, raw, e)
	}
	switch *e.Type {
	case "response.output_text.delta":
		if e.Delta != nil && e.ContentIndex != nil && e.ItemID != "" {
			return s.textDelta(w, raw, e)
		}
	case "response.output_text.done":
		if th := s.texts[textKey{e.ItemID, intOr(e.ContentIndex)}]; th != nil && th.held {
			if _, found := th.h.Tail(th.h.Held()); !found {
				s.holding = nil
				return s.flush(w, raw, e)
			}
		}
	case "response.output_item.done":
		if s.holding != nil && s.itemID(e.Item) == s.holding.item {
			// The decision waits for the response's end: a function_call item after the message
			// means the leaked markup is not promoted.
			s.msgDone = len(s.held)
			s.hold(raw, e, textKey{}, 0, "")
			return nil
		}
	case "response.completed":
		if s.holding != nil && s.msgDone >= 0 {
			return s.finish(w, raw, e)
		}
	}
	if len(s.held) > 0 && isFinal(*e.Type) {
		s.holding, s.msgDone = nil, -1
		return s.flush(w, raw, e) // incomplete, failed, an error, no message done: as it came
	}
	if len(s.held) > 0 {
		s.hold(raw, e, textKey{}, 0, "")
		return nil
	}
	return s.write(w, raw, e)
}

// commentOnly reports whether raw, a piece of the stream without data, holds only SSE comments
// and blank lines.
func commentOnly(raw []byte) bool {
	for line := range bytes.Lines(raw) {
		if t := bytes.TrimRight(line, "\r\n"); len(t) > 0 && t[0] != ':' {
			return false
		}
	}
	return true
}

// textDelta takes one output_text delta.
func (s *Stream) textDelta(w io.Writer, raw []byte, e *event) error {
	key := textKey{e.ItemID, *e.ContentIndex}
	th := s.texts[key]
	if th == nil {
		th = &textHold{h: markup.NewHolderFor(Syntaxes, s.tools.Declares)}
		s.texts[key] = th
	}
	start := th.all.Len()
	th.all.WriteString(*e.Delta)
	out := th.h.Push(*e.Delta)
	if len(s.held) == 0 && len(out) == len(*e.Delta) {
		return s.write(w, raw, e)
	}
	if !th.held && s.holding == nil {
		th.held, th.sent = true, start
		s.holding = &key
	}
	s.hold(raw, e, key, start, *e.Delta)
	if s.holding != nil && *s.holding == key && th.h.Held() == "" {
		// what was held proved to be no tail: it all goes as it came
		th.held, s.holding = false, nil
		return s.flush(w, nil, nil)
	}
	return nil
}

func (s *Stream) hold(raw []byte, e *event, key textKey, start int, delta string) {
	s.held = append(s.held, heldEvent{raw: bytes.Clone(raw), e: *e, key: key, start: start, delta: delta})
}

// flush writes the held events as they came, then raw when it is not nil.
func (s *Stream) flush(w io.Writer, raw []byte, e *event) error {
	held := s.held
	s.held = nil
	for _, h := range held {
		if err := s.write(w, h.raw, &h.e); err != nil {
			return err
		}
	}
	if raw == nil {
		return nil
	}
	return s.write(w, raw, e)
}

// isFinal reports whether an event type ends a response.
func isFinal(typ string) bool {
	switch typ {
	case "response.completed", "response.incomplete", "response.failed", "error":
		return true
	}
	return false
}

// finish takes the response.completed of a response whose message item ended with its text held:
// a leaked tail that makes calls the request allows becomes function_call items after the message
// item; anything else goes as it came.
func (s *Stream) finish(w io.Writer, raw []byte, e *event) error {
	key, at := *s.holding, s.msgDone
	th := s.texts[key]
	s.holding, s.msgDone = nil, -1
	done := s.held[at]
	fx, ok := s.decide(th, key, done.e.Item)
	if !ok {
		return s.flush(w, raw, e)
	}
	held := s.held
	s.held = nil
	cut := len(fx.keep)
	for i, h := range held {
		out := h.raw
		switch {
		case i == at:
			out = setMember(h.raw, "item", fx.msg)
		case h.e.Type != nil && *h.e.Type == "response.output_text.delta" && h.key == key:
			if h.start >= cut {
				if h.e.SequenceNumber != nil {
					s.seqShift--
				}
				continue
			}
			if h.start+len(h.delta) > cut {
				out = setMember(h.raw, "delta", jsontext.Quote(h.delta[:cut-h.start]))
			}
		case sameText(&h.e, key, "response.output_text.done"):
			out = setMember(h.raw, "text", jsontext.Quote(fx.keep))
		case sameText(&h.e, key, "response.content_part.done"):
			out = setPartText(h.raw, fx.keep)
		}
		if err := s.write(w, out, &h.e); err != nil {
			return err
		}
		if i == at {
			if err := s.insertCalls(w, h.raw, &h.e, fx); err != nil {
				return err
			}
		}
	}
	return s.write(w, raw, e)
}

func sameText(e *event, key textKey, typ string) bool {
	return e.Type != nil && *e.Type == typ && e.ItemID == key.item && intOr(e.ContentIndex) == key.part
}

// decide decides on the held text of key, whose message item is done as item: the text must end
// in a leaked tail (with D01's guards), the item must be completed and the same text, and every
// call must fit the request's tools; a call that copies a function_call item the client got is
// not made again (leakedCalls).
func (s *Stream) decide(th *textHold, key textKey, item json.RawMessage) (*leakFix, bool) {
	leak, found := th.h.Tail(th.h.Held())
	if !found {
		return nil, false
	}
	text := th.all.String()
	start := len(text) - len(th.h.Held()) + leak.Start
	keep := text[:max(th.sent, start)]
	msg, ok := cutMessage(item, key.part, text, keep)
	if !ok {
		s.rep.Fail("message item does not match its streamed text")
		return nil, false
	}
	calls, ok := s.leakedCalls(leak.Calls, s.doneCalls())
	if !ok {
		return nil, false
	}
	return &leakFix{part: key.part, keep: keep, msg: msg, calls: calls}, true
}

// structuredTail reports a fail-open when the held text th ends in a leaked tail in a response
// that has a function_call item: its markup is never made into calls.
func (s *Stream) structuredTail(th *textHold) {
	if _, found := th.h.Tail(th.h.Held()); found {
		s.rep.Fail("leaked call beside structured calls")
	}
}

// leakedCalls turns leaked calls into completed function_call items, beside the function_call
// items made (the calls the response already has, as the client gets them): a leaked call that
// copies one of them (its name, and its arguments as a JSON value) is only cut from the text,
// never made a second time; one that copies none is made (waybarrios/vllm-mlx PR #55: the
// server parsed the first call and left the next in the text), as Chat's leakedTail does. False
// when the request does not allow the calls or one does not fit its tool.
func (s *Stream) leakedCalls(leaked []markup.Call, made []wireItem) ([]json.RawMessage, bool) {
	inputs := make([][]byte, len(leaked))
	for i, cl := range leaked {
		in, err := s.tools.LeakedInput(cl.Name, repair.MarkupParams(cl.Params), cl.JSON, cl.Bare)
		if err != nil {
			s.rep.Fail("leaked call does not fit the request's tools")
			return nil, false
		}
		inputs[i] = in
	}
	var items []json.RawMessage
	for i, cl := range leaked {
		if !copiesCall(made, cl.Name, inputs[i]) {
			items = append(items, callItem(repair.NewID("fc_"), repair.NewID("call_"), cl.Name, string(inputs[i]), "completed"))
		}
	}
	n := len(items) + len(made)
	if len(made) == 0 {
		n = len(leaked)
	}
	if err := s.tools.AllowsCalls(n); err != nil {
		s.rep.Fail("leaked calls more than the request allows")
		return nil, false
	}
	for _, cl := range leaked {
		s.rep.Repair(cl.Name, "leaked_call")
	}
	return items, true
}

// copiesCall reports whether one of the function_call items made has this name and these
// arguments (as JSON values).
func copiesCall(made []wireItem, name string, input []byte) bool {
	calls := make([]repair.MadeCall, 0, len(made))
	for _, it := range made {
		if it.Arguments != nil {
			calls = append(calls, repair.MadeCall{Name: it.Name, Input: []byte(*it.Arguments)})
		}
	}
	return repair.Copies(calls, name, input)
}

// doneCalls is the function_call items of the output_item.done events the client got (repaired),
// in output_index order.
func (s *Stream) doneCalls() []wireItem {
	return functionCalls(s.doneItems())
}

// functionCalls reads the function_call items of an output list.
func functionCalls(items []json.RawMessage) []wireItem {
	var calls []wireItem
	for _, raw := range items {
		var it wireItem
		if json.Unmarshal(raw, &it) == nil && it.Type == "function_call" {
			calls = append(calls, it)
		}
	}
	return calls
}
