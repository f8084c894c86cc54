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
//     that closes the replay, or at the stream's end when it ends inside the replay (the message
//     was whole at its message_stop; nothing after it can be part of it);
//   - pings, comments and blank lines keep their place among them and go out;
//   - anything else (an error, a message_start, a content_block_start, an event this dialect does
//     not know, a frame cut off) means it is not a replay: what is held goes out as it came, and
//     so does the rest, by the rules that apply to it.

// afterPiece is one piece of the stream after a message_stop, held while a replay may be coming:
// its bytes and whether it is part of the replayed finish (dropped) or a ping, comment or blank
// line (kept).
type afterPiece struct {
	raw    []byte
	replay bool
}

// stopped records that the message_stop of a message just went out with nothing held, so that
// what follows is judged by pushAfterStop; from a message_stop that went out behind held pieces, or
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

// afterKind is what a piece of the stream after a message_stop is to the rule above.
type afterKind uint8

const (
	afterOther  afterKind = iota // no part of a replay: the rule ends
	afterKeep                    // a ping, comment or blank line: kept in its place
	afterReplay                  // an event of the finish replayed
	afterClose                   // the message_stop that closes the replay
)

// judgeAfterStop says what the complete piece raw is after a message_stop, opened telling the
// block indexes the message opened.
func judgeAfterStop(raw []byte, opened func(index int) bool) afterKind {
	name, data, has := sse.Fields(raw)
	if !has {
		if commentOrBlank(raw) {
			return afterKeep
		}
		return afterOther
	}
	var e event
	if !isObject(data) || json.Unmarshal(data, &e) != nil || hasErrorKey(data) {
		return afterOther
	}
	typ := e.Type
	if name != nil {
		if typ != "" && typ != string(name) {
			return afterOther
		}
		typ = string(name)
	}
	switch typ {
	case "ping":
		return afterKeep
	case "content_block_delta", "content_block_stop":
		if e.Index != nil && opened(*e.Index) {
			return afterReplay
		}
	case "message_delta":
		return afterReplay
	case "message_stop":
		return afterClose
	}
	return afterOther
}

// pushAfterStop takes one piece of the stream after a message_stop (see the rule above). It
// returns false when the piece is no part of a replay: then what was held went out as it came,
// and the caller goes on with the piece by the other rules.
func (s *Stream) pushAfterStop(ev sse.Event, w io.Writer) (bool, error) {
	if ev.Oversize || !ev.Complete {
		return false, s.endAfterStop(w)
	}
	switch judgeAfterStop(ev.Raw, func(i int) bool { return s.blocks[i] }) {
	case afterKeep:
		return true, s.keepAfterStop(w, ev.Raw)
	case afterReplay:
		s.replay = append(s.replay, afterPiece{raw: bytes.Clone(ev.Raw), replay: true})
		return true, nil
	case afterClose:
		s.replay = append(s.replay, afterPiece{raw: bytes.Clone(ev.Raw), replay: true})
		return true, s.dropReplay(w)
	}
	return false, s.endAfterStop(w)
}

// dropReplay drops the replayed finish held; the pings and comments among it go out.
func (s *Stream) dropReplay(w io.Writer) error {
	dropped := false
	for _, p := range s.replay {
		if p.replay {
			dropped = true
			continue
		}
		if _, err := w.Write(p.raw); err != nil {
			return err
		}
	}
	s.replay = s.replay[:0]
	if dropped && !s.replayed {
		s.replayed = true
		s.rep.Repair("", "shape") // one per message, however many replays
	}
	return nil
}

// replayOnly reports whether the pieces of a whole stream body after its piece number stop (a
// message_stop) are a replayed finish, perhaps cut by the body's end, and keep-alives, and
// nothing else (see the rule above).
func replayOnly(body []byte, stop int, opened func(index int) bool) bool {
	for n, ev := range sse.Each(body, 0) {
		if n > stop && (ev.Oversize || !ev.Complete || judgeAfterStop(ev.Raw, opened) == afterOther) {
			return false
		}
	}
	return true
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
		s.rep.Fail("events after message_stop that are no replayed finish")
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
