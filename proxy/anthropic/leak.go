package anthropic

import (
	"bytes"
	"encoding/json"
	"io"

	"github.com/toolfix/toolfix/proxy/markup"
	"github.com/toolfix/toolfix/proxy/repair"
	"github.com/toolfix/toolfix/proxy/sse"
)

// heldLeak is a text block ending in a leaked call, held until the message's stop_reason shows
// whether the call was finished.
type heldLeak struct {
	b      *block
	calls  []markup.Call
	inputs [][]byte // one typed input per call
	rest   string   // the block's unwritten text before the leaked part, trailing blanks trimmed
	queued []sse.Event
}

// cutOff reports whether a stop_reason (a JSON value as it came; nil when absent) leaves a leaked
// call unmade: anything but a turn that ended normally (end_turn, tool_use, or null, D39). That
// is max_tokens and model_context_window_exceeded, where the call may be cut off (docs/faults.md D46),
// refusal, where the model declined, pause_turn, where the client sends the content back as it
// is, and stop_sequence, where the text stopped at a string the client chose.
func cutOff(stopReason []byte) bool {
	switch string(bytes.TrimSpace(stopReason)) {
	case `"end_turn"`, `"tool_use"`, `null`:
		return false
	}
	return true
}

// pushLeak takes a piece while a leaked call is held. Every piece is queued, as it came, until
// one settles the leak:
//   - a message_delta with a stop_reason: the call becomes tool_use blocks unless the message was
//     cut off (max_tokens), when a leaked call is never completed (docs/faults.md D46:
//     anthropics/claude-code #1236; anthropics/anthropic-sdk-python #794) and the text passes;
//   - message_stop, an error, a piece over the size limit or cut short, or the end of the stream
//     (see End): no stop_reason came, so the text passes as it came.
//
// The queued pieces then go through Push again, in order, after the settled block.
func (s *Stream) pushLeak(ev sse.Event, w io.Writer) error {
	if ev.Oversize || !ev.Complete {
		return s.settleLeak(w, false, &ev)
	}
	if _, ok := fastDeltaData(ev.Raw); ok {
		s.leak.queued = append(s.leak.queued, cloneEvent(ev))
		return nil
	}
	name, data, has := sse.Fields(ev.Raw)
	if !has {
		s.leak.queued = append(s.leak.queued, cloneEvent(ev))
		return nil
	}
	var e event
	_ = json.Unmarshal(data, &e)
	typ := e.Type
	if name != nil {
		typ = string(name)
	}
	switch {
	case typ == "message_delta" && e.Delta != nil && e.Delta.StopReason != nil:
		return s.settleLeak(w, !cutOff(e.Delta.StopReason), &ev)
	case typ == "message_stop" || typ == "error" || e.Type == "error" || hasErrorKey(data):
		return s.settleLeak(w, false, &ev)
	}
	s.leak.queued = append(s.leak.queued, cloneEvent(ev))
	return nil
}

// settleLeak ends the hold of a leaked call: converted (writeLeak) or written as it came, then the
// queued pieces and last, when not nil, go through Push.
func (s *Stream) settleLeak(w io.Writer, convert bool, last *sse.Event) error {
	l := s.leak
	s.leak = nil
	if convert {
		// The message's calls with these: the real ones before and after the text block too.
		if err := s.tools.AllowsCalls(s.calls + len(l.calls) + queuedToolStarts(l.queued)); err != nil {
			s.rep.Fail("leaked calls more than the request allows")
			convert = false
		}
	}
	if convert {
		if err := s.writeLeak(w, l); err != nil {
			return err
		}
	} else {
		s.rep.Fail("leaked call in a message that was cut off or never ended")
		if err := s.releaseAll(w); err != nil {
			return err
		}
	}
	for _, q := range l.queued {
		if err := s.Push(q, w); err != nil {
			return err
		}
	}
	if last != nil {
		return s.Push(*last, w)
	}
	return nil
}

// writeLeak rewrites a held text block that ends in leaked calls: the text before them stays a
// text block, each call becomes a tool_use block with its typed input, later block indexes move
// up, and stop_reason becomes tool_use (see leakedCall for the sources).
func (s *Stream) writeLeak(w io.Writer, l *heldLeak) error {
	b := l.b
	if err := s.writeOthers(w); err != nil {
		return err
	}
	out := b.index + s.shift
	if b.started || l.rest != "" {
		if err := s.writeTextTail(w, b, l.rest); err != nil {
			return err
		}
		out++
		s.shift++
	}
	made := append(s.made[:len(s.made):len(s.made)], queuedCalls(l.queued)...)
	n := 0 // the tool_use blocks written
	for i, c := range l.calls {
		s.rep.Repair(c.Name, "leaked_call")
		if repair.Copies(made, c.Name, l.inputs[i]) {
			continue // the message makes this call already, before or after: its text copy goes, no second call
		}
		if err := s.writeToolBlock(w, b.eol, out+n, repair.NewID("toolu_"), c.Name, l.inputs[i]); err != nil {
			return err
		}
		n++
	}
	s.shift += n - 1
	s.calls += n
	return nil
}

// queuedCalls are the calls of the tool_use blocks among pieces queued behind a held leak, each
// with its input as it came: the start's, or its input_json_delta pieces joined.
func queuedCalls(queued []sse.Event) []repair.MadeCall {
	var made []repair.MadeCall
	at := map[int]int{} // upstream block index: its entry in made
	for _, q := range queued {
		_, data, has := sse.Fields(q.Raw)
		if !has {
			continue
		}
		var e event
		if json.Unmarshal(data, &e) != nil || e.Index == nil {
			continue
		}
		switch {
		case e.Type == "content_block_start" && e.ContentBlock != nil && e.ContentBlock.Type == "tool_use":
			at[*e.Index] = len(made)
			made = append(made, repair.MadeCall{Name: e.ContentBlock.Name, Input: bytes.TrimSpace(e.ContentBlock.Input)})
		case e.Type == "content_block_delta" && e.Delta != nil && e.Delta.Type == "input_json_delta":
			if k, ok := at[*e.Index]; ok {
				m := &made[k]
				if m.Input != nil && string(m.Input) == "{}" {
					m.Input = nil // the start's empty input, which the deltas replace
				}
				if e.Delta.PartialJSON != nil {
					m.Input = append(m.Input, *e.Delta.PartialJSON...)
				}
			}
		}
	}
	return made
}

// queuedToolStarts counts the tool_use block starts among pieces queued behind a held leak.
func queuedToolStarts(queued []sse.Event) int {
	n := 0
	for _, q := range queued {
		_, data, has := sse.Fields(q.Raw)
		if !has || !bytes.Contains(data, []byte(`"tool_use"`)) {
			continue
		}
		var e event
		if json.Unmarshal(data, &e) == nil && e.Type == "content_block_start" && e.ContentBlock != nil && e.ContentBlock.Type == "tool_use" {
			n++
		}
	}
	return n
}

// holdsBlockOther reports whether a held piece is a delta of the open text block other than
// text (a citations_delta): a rewrite of the block would move it out of place.
func (s *Stream) holdsBlockOther() bool {
	for _, p := range s.held {
		if p.kind == pBlockOther {
			return true
		}
	}
	return false
}

func cloneEvent(ev sse.Event) sse.Event {
	ev.Raw = bytes.Clone(ev.Raw)
	return ev
}
