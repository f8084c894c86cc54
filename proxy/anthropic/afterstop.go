package anthropic

import (
	"bytes"
	"encoding/json"
	"io"

	"github.com/toolfix/toolfix/proxy/sse"
)

// This file is the rule for what follows a message's message_stop (docs/faults.md D73: decolua/9router
// PR #3779, PR #3520). A translator that runs its finish step once per finish chunk (an OpenAI
// upstream that sends finish_reason "tool_calls", then "stop" with the usage) writes the finish
// sequence twice: after the first message_stop come the same input_json_delta events again,
// content_block_stop, a message_delta (end_turn) and a second message_stop. A client's accumulator
// appends those deltas to the block, so the input becomes {A}{A} (Claude Code: "was called with
// input that could not be parsed as JSON"), and the last message_delta's end_turn replaces
// tool_use. Per the Messages API nothing follows message_stop; in practice pings, comments, an
// error or another message's message_start may. So, after a message_stop:
//   - a content_block_delta or content_block_stop of a block the message opened, a message_delta
//     and a message_stop are the finish replayed: they are held, and dropped at the message_stop
//     that closes the replay;
//   - pings, comments and blank lines keep their place among them and go out;
//   - anything else (an error, a message_start, a content_block_start, an event this dialect does
//     not know, a frame cut off) means it is not a replay: what is held goes out as it came, and
//     so does the rest, by the rules that apply to it. A stream that ends inside a replay (no
//     second message_stop) goes out as it came too.

// afterPiece is one piece of the stream after a message_stop, held while a replay may be coming:
// its bytes and whether it is part of the replayed finish (dropped) or a ping, comment or blank
// line (kept).
type afterPiece struct {
	raw    []byte
	replay bool
}

// stopped records that the message_stop of a message just went out with nothing held, so that
// what follows is judged by afterStop; from a message_stop that went out behind held pieces, or
// during a leaked call's hold, nothing is judged (fail open).
func (s *Stream) stopped() {
	s.afterStop = len(s.held) == 0 && s.leak == nil && s.orphan == nil
}

// opened records a block index the message opened (its upstream index), which a replayed
// content_block_delta or content_block_stop names.
func (s *Stream) opened(index int) {
	if s.blocks == nil {
		s.blocks = map[int]bool{}
	}
	s.blocks[index] = true
}

// pushAfterStop takes one piece of the stream after a message_stop (see the rule above). It
// returns false when the piece is no part of a replay: then what was held went out as it came,
// and the caller goes on with the piece by the other rules.
func (s *Stream) pushAfterStop(ev sse.Event, w io.Writer) (bool, error) {
	if ev.Oversize || !ev.Complete {
		return false, s.endAfterStop(w)
	}
	name, data, has := sse.Fields(ev.Raw)
	if !has {
		if commentOrBlank(ev.Raw) {
			return true, s.keepAfterStop(w, ev.Raw)
		}
		return false, s.endAfterStop(w)
	}
	var e event
	if !isObject(data) || json.Unmarshal(data, &e) != nil {
		return false, s.endAfterStop(w)
	}
	typ := e.Type
	if name != nil {
		if typ != "" && typ != string(name) {
			return false, s.endAfterStop(w)
		}
		typ = string(name)
	}
	switch typ {
	case "ping":
		return true, s.keepAfterStop(w, ev.Raw)
	case "content_block_delta", "content_block_stop":
		if e.Index == nil || !s.blocks[*e.Index] || hasErrorKey(data) {
			return false, s.endAfterStop(w)
		}
	case "message_delta":
		if hasErrorKey(data) {
			return false, s.endAfterStop(w)
		}
	case "message_stop":
		// The replay is whole: its events are dropped, the pings and comments among them go out.
		s.replay = append(s.replay, afterPiece{raw: bytes.Clone(ev.Raw), replay: true})
		dropped := 0
		for _, p := range s.replay {
			if p.replay {
				dropped++
				continue
			}
			if _, err := w.Write(p.raw); err != nil {
				return true, err
			}
		}
		s.replay = s.replay[:0]
		if dropped > 0 && !s.replayed {
			s.replayed = true
			s.rep.Repair("", "shape") // one per message, however many replays
		}
		return true, nil
	default:
		return false, s.endAfterStop(w)
	}
	s.replay = append(s.replay, afterPiece{raw: bytes.Clone(ev.Raw), replay: true})
	return true, nil
}

// keepAfterStop writes a ping, comment or blank line now, or in its place among held pieces.
func (s *Stream) keepAfterStop(w io.Writer, raw []byte) error {
	if len(s.replay) == 0 {
		_, err := w.Write(raw)
		return err
	}
	s.replay = append(s.replay, afterPiece{raw: bytes.Clone(raw)})
	return nil
}

// endAfterStop ends the judging of what follows the message_stop: what is held goes out as it came.
func (s *Stream) endAfterStop(w io.Writer) error {
	s.afterStop = false
	held := s.replay
	s.replay = nil
	replay := false
	for _, p := range held {
		replay = replay || p.replay
		if _, err := w.Write(p.raw); err != nil {
			return err
		}
	}
	if replay {
		s.rep.Fail("events after message_stop that are no whole replayed finish")
	}
	return nil
}

// commentOrBlank reports whether raw, a piece of the stream without data, holds only SSE comments
// and blank lines.
func commentOrBlank(raw []byte) bool {
	for line := range bytes.Lines(raw) {
		if t := bytes.TrimRight(line, "\r\n"); len(t) > 0 && t[0] != ':' {
			return false
		}
	}
	return true
}
