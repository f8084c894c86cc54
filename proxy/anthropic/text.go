package anthropic

import (
	"io"
	"strings"

	"github.com/toolfix/toolfix/proxy/jsontext"
	"github.com/toolfix/toolfix/proxy/markup"
	"github.com/toolfix/toolfix/proxy/repair"
	"github.com/toolfix/toolfix/proxy/sse"
)

// BlankText reports whether text, a text_delta's text, is blank as D41b counts it: white space
// only (space, tab, CR, LF), the empty text too. Such a delta on the open tool_use block carries
// nothing, and the stream drops it (docs/faults.md D41b, agentgateway/agentgateway #2147);
// proxy/inspect names the fault by the same test.
func BlankText(text string) bool { return strings.Trim(text, " \t\r\n") == "" }

// textDelta takes one text_delta. Text of the open text block flows at once except a tail that
// could still become a stray word or leaked markup (markup.Holder decides).
func (s *Stream) textDelta(w io.Writer, raw []byte, index int, text string) error {
	b := s.blk
	if b != nil && b.typ == "tool_use" && b.index == index && BlankText(text) {
		// D41b: a blank text_delta on the open tool_use block, a translator's empty content delta
		// between tool-call chunks (agentgateway/agentgateway #2147). It carries nothing, and a
		// client that looks up the text part of that block (the AI SDK) finds none; it is dropped.
		// A text_delta with text in it is not ours to drop: it goes out as it came. The repair is
		// counted once for the call, however many such deltas it had.
		s.rep.CallRepair(&b.rec, b.name, "shape")
		return nil
	}
	if b == nil || b.typ != "text" || b.index != index {
		if s.shift != 0 {
			raw = eventFrame(sse.LineEnding(raw), "content_block_delta", textDeltaData(index+s.shift, text))
		}
		return s.send(w, raw)
	}
	if s.shift != 0 {
		raw = eventFrame(sse.LineEnding(raw), "content_block_delta", textDeltaData(index+s.shift, text))
	}
	if len(s.held) == 0 && b.started && b.pending.Len() == 0 && b.holder.Safe(text) == len(text) {
		// The common case: nothing held and the new text is clear at once, so the piece goes out
		// without being copied.
		b.holder.Release(text)
		_, err := w.Write(raw)
		return err
	}
	b.pending.WriteString(text)
	s.hold(raw, pTextDelta, text)
	if b.pending.Len() > s.maxHeld {
		// A tail that may be a leaked call, over the bound: it goes out as it came, and the rest
		// of the block flows (a fail-open).
		s.rep.Fail("held text tail over the size limit")
		b.typ, b.pending = "text-unheld", strings.Builder{}
		return s.releaseAll(w)
	}
	return s.releaseText(w)
}

// quietText takes a text_delta of the open text block whose literal is lit, when nothing is held
// and its text can start no markup (markup.Holder.ReleaseQuiet): textDelta would write it at once
// as it came. It reports whether it did; the caller then writes the piece. Otherwise nothing
// changed, and the caller goes through textDelta.
func (s *Stream) quietText(index int, lit []byte) bool {
	b := s.blk
	if b == nil || b.typ != "text" || b.index != index || s.shift != 0 || len(s.held) > 0 || !b.started || b.pending.Len() > 0 {
		return false
	}
	return releaseQuietLiteral(b.holder, lit)
}

// quietASCIIText is quietText for a text that markup.PlainASCII passed (quietTextEvent), quiet
// saying whether it is quiet too: a quiet one only the holder's state decides, without another
// pass over the text; one with a loud byte ('<' of "a < b", "<div>") the holder reads as Safe
// would, and lets go when Safe would let all of it go (markup.ReleasePlainASCII): textDelta's
// common case, without its string of the text. An escaped text (a line end in it) is decoded
// into the stream's scratch first.
func (s *Stream) quietASCIIText(index int, text []byte, quiet, escaped bool) bool {
	b := s.blk
	if b == nil || b.typ != "text" || b.index != index || s.shift != 0 || len(s.held) > 0 || !b.started || b.pending.Len() > 0 {
		return false
	}
	if escaped {
		var ok bool
		if s.unescaped, ok = jsontext.AppendUnescaped(s.unescaped[:0], text); !ok {
			return false // SimpleEscaped passed it: not reached
		}
		text = s.unescaped
	}
	return markup.ReleasePlainASCII(b.holder, text, quiet)
}

// releaseText writes the held pieces of the open text block that the holder lets go: whole
// text_delta pieces only, so that a healthy stream goes out byte for byte. The block's start is
// written with the first non-empty text.
func (s *Stream) releaseText(w io.Writer) error {
	b := s.blk
	pending := b.pending.String()
	safe := b.holder.Safe(pending)
	n, textLen := 0, 0
	for n < len(s.held) {
		p := s.held[n]
		if p.kind == pTextDelta {
			if textLen+len(p.text) > safe {
				break
			}
			textLen += len(p.text)
		}
		n++
	}
	// Keep a start back until some text other than blanks goes with it, so that a block that
	// turns out to hold nothing but blanks and a stray word or a leaked call can be dropped whole,
	// as the whole-body path drops it.
	if !b.started && strings.TrimLeft(pending[:textLen], " \t\r\n") == "" {
		return nil
	}
	for i := 0; i < n; i++ {
		p := s.held[i]
		if _, err := w.Write(p.raw); err != nil {
			return err
		}
		if p.kind == pTextStart {
			b.started = true
		}
	}
	s.held = append(s.held[:0], s.held[n:]...)
	if textLen > 0 {
		b.holder.Release(pending[:textLen])
		b.pending.Reset()
		b.pending.WriteString(pending[textLen:])
	}
	return nil
}

// textStop ends the open text block: a leaked call at its tail becomes tool_use blocks; a last line
// that is a lone stray word is held until the next block shows whether a tool_use follows; anything
// else goes out as it came.
func (s *Stream) textStop(w io.Writer, raw []byte) error {
	b := s.blk
	s.hold(raw, pTextStop, "")
	if pending := b.pending.String(); pending != "" {
		if s.leakedCall(b, pending) {
			return nil
		}
		if _, _, ok := b.holder.TrailingWord(pending); ok {
			s.orphan = b
			return nil
		}
	}
	return s.releaseAll(w)
}

// leakedCall finds a leaked call at the tail of text block b, whose held text is pending (docs/faults.md
// D01, D02 and, from gateways that translate open models, D03-D06). It fires only when every call
// names a tool of the request, every parameter is in that tool's schema and every input fits it,
// and when the block holds nothing but text (a citations_delta or other delta of the block would
// lose its place). It then holds the block until the message's stop_reason is known (see
// pushLeak) and returns true; otherwise it writes nothing and returns false. Sources:
// anthropics/claude-code #64314, #64112, #67307, #69258, #75326, #74338; MiniMax-AI/MiniMax-M2.5
// #10; earendil-works/pi #368.
func (s *Stream) leakedCall(b *block, pending string) bool {
	leak, ok := b.holder.Tail(pending)
	if !ok || len(leak.Calls) == 0 {
		return false
	}
	if s.holdsBlockOther() {
		s.rep.Fail("leaked call in a text block that holds other deltas")
		return false
	}
	inputs, ok := s.callInputs(leak.Calls)
	if !ok {
		return false
	}
	s.leak = &heldLeak{b: b, calls: leak.Calls, inputs: inputs, rest: pending[:leak.Start]}
	s.blk = nil
	return true
}

// callInputs types every call's input by its tool's schema; ok is false when any call names a tool
// the request does not offer or cannot be made to fit.
func (s *Stream) callInputs(calls []markup.Call) ([][]byte, bool) {
	if err := s.tools.AllowsCalls(s.calls + len(calls)); err != nil {
		s.rep.Fail("leaked calls more than the request allows")
		return nil, false
	}
	inputs := make([][]byte, len(calls))
	for i, c := range calls {
		in, err := s.tools.LeakedInput(c.Name, repair.MarkupParams(c.Params), c.JSON, c.Bare)
		if err != nil {
			s.rep.Fail("leaked call does not fit the request's tools")
			return nil, false
		}
		inputs[i] = in
	}
	return inputs, true
}

// writeOthers writes the held pieces that belong to no text or tool block (pings), dropping the
// text pieces the caller replaces.
func (s *Stream) writeOthers(w io.Writer) error {
	for _, p := range s.held {
		if p.kind == pOther {
			if _, err := w.Write(p.raw); err != nil {
				return err
			}
		}
	}
	s.held = s.held[:0]
	return nil
}

// writeTextTail finishes text block b: its start if not yet written, the unwritten text rest as
// one text_delta when not empty, and its stop.
func (s *Stream) writeTextTail(w io.Writer, b *block, rest string) error {
	out := b.index + s.shift
	if !b.started {
		start := `{"type":"content_block_start","index":` + itoa(out) + `,"content_block":{"type":"text","text":""}}`
		if _, err := w.Write(eventFrame(b.eol, "content_block_start", []byte(start))); err != nil {
			return err
		}
		b.started = true
	}
	if rest != "" {
		if _, err := w.Write(eventFrame(b.eol, "content_block_delta", textDeltaData(out, rest))); err != nil {
			return err
		}
	}
	_, err := w.Write(eventFrame(b.eol, "content_block_stop", blockStopData(out)))
	return err
}

func (s *Stream) writeToolBlock(w io.Writer, eol []byte, index int, id, name string, input []byte) error {
	for _, f := range [][]byte{
		eventFrame(eol, "content_block_start", toolStartData(index, id, name)),
		eventFrame(eol, "content_block_delta", inputDeltaData(index, input)),
		eventFrame(eol, "content_block_stop", blockStopData(index)),
	} {
		if _, err := w.Write(f); err != nil {
			return err
		}
	}
	return nil
}

// resolveOrphan settles a text block held by textStop. When a tool_use block follows (toolNext),
// the block loses its last line, a lone stray word (docs/faults.md D01b: anthropics/claude-code #64097,
// #63953; attson/claude-proxy); a block left with no text is dropped and later indexes move down so
// they stay 0..n-1. Otherwise the held pieces go out as they came.
func (s *Stream) resolveOrphan(w io.Writer, toolNext bool) error {
	b := s.orphan
	if b == nil {
		return nil
	}
	s.orphan = nil
	if !toolNext {
		return s.releaseAll(w)
	}
	keep, _, ok := b.holder.TrailingWord(b.pending.String())
	if !ok {
		return s.releaseAll(w)
	}
	if s.holdsBlockOther() {
		s.rep.Fail("stray word in a text block that holds other deltas")
		return s.releaseAll(w)
	}
	if err := s.writeOthers(w); err != nil {
		return err
	}
	s.rep.Repair("", "orphan_prefix")
	// The text before the word's line goes as it is (see markup.TrailingWord), as the whole path
	// keeps it; a block left with blanks alone goes when none of it was sent.
	rest := keep
	if !b.started && markup.Blank(rest) {
		s.shift--
		return nil
	}
	return s.writeTextTail(w, b, rest)
}
