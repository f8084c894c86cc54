package anthropic

import (
	"bytes"
	"encoding/json"
	"io"
	"strconv"
	"strings"

	"github.com/toolfix/toolfix/proxy/repair"
	"github.com/toolfix/toolfix/proxy/sse"
)

func itoa(n int) string { return strconv.Itoa(n) }

// blockStop ends the open block.
func (s *Stream) blockStop(w io.Writer, raw, data []byte, e *event) error {
	b := s.blk
	raw = s.shifted(raw, data, e.Index)
	if b == nil || e.Index == nil || b.index != *e.Index {
		return s.send(w, raw)
	}
	switch b.typ {
	case "text":
		return s.textStop(w, raw)
	case "tool_use":
		s.blk = nil
		if b.repairable {
			err := s.toolStop(w, b, raw)
			s.judgeCall(b)
			return err
		}
	}
	s.blk = nil
	return s.send(w, raw)
}

// deltaOptions are the repair options of a tool_use input built from input_json_delta events:
// the concatenated partial_json is a text the model wrote token by token, as OpenAI arguments
// are, so it takes the argument-text repairs (repair.Options.Args; docs/faults.md D63), and keeps
// its own bytes so that what streamed before the first held byte is a prefix of the repair.
var deltaOptions = repair.Options{Args: true, KeepText: true}

// toolStop ends a tool_use block of a tool the request offers. Its input_json_delta events went
// out as they came up to the first one holding a byte a repair may change (see toolDelta), and
// the rest were held:
//   - a block with nothing held has nothing left to do;
//   - an input that fits the schema goes out as it came;
//   - one that does not is repaired by the schema engine (docs/faults.md D13-D15, D25, D29, D23b:
//     anomalyco/opencode #7512, #8249; anthropics/claude-code #23500, #20732, #24597, #82652,
//     #79339, #69522; QwenLM/qwen-code #288; librefang/librefang #2975), keeping the input's own
//     bytes (repair.Options.KeepText), and the held part goes out as one input_json_delta, when
//     what already went out is a prefix of the repair; else, and when no repair makes it fit, as
//     it came;
//   - the input_json_delta text is an argument text as in OpenAI's APIs, so the argument-text
//     repairs apply to it (deltaOptions; docs/faults.md D63: a stray closer or prose after the
//     complete object, {A}{A}, Windows backslashes: gethouston/houston PR #1561), and deltas that
//     each resent the whole input so far are read as their last (repairInput, D71);
//   - a block that carried its whole input in content_block_start and no deltas gets that input as
//     one input_json_delta (D38: inflaborg/ccrelay PR #119), since Claude Code builds the input from
//     the deltas alone.
func (s *Stream) toolStop(w io.Writer, b *block, stop []byte) error {
	defer s.noteMade(b)
	out := b.index + s.shift
	if b.deltas == 0 {
		if !carriesInput(b.startInput) {
			return s.send(w, stop)
		}
		in := bytes.TrimSpace(b.startInput)
		compact := in
		if fixed, kinds, changed := s.tools.RepairInput(b.name, in, repair.Options{}); changed {
			compact, b.fixed = fixed, fixed
			s.rep.CallRepair(&b.rec, b.name, kinds...)
		} else if in[0] == '"' {
			// the JSON text of an object that no repair makes fit: the start goes out as it came
			s.rep.CallFail(&b.rec, repair.NotFit)
			s.held = append(s.held, piece{raw: bytes.Clone(stop)})
			return s.releaseAll(w)
		} else if c, err := compactJSON(in); err == nil {
			compact = c
		}
		if !s.emptyStartInput() {
			s.rep.CallFail(&b.rec, "tool_use start could not be rewritten")
			s.held = append(s.held, piece{raw: bytes.Clone(stop)})
			return s.releaseAll(w)
		}
		s.rep.CallRepair(&b.rec, b.name, "shape")
		return s.replaceDeltas(w, b, out, compact, stop)
	}
	if !b.holding {
		return s.send(w, stop) // every delta went out as it came
	}
	input := b.partial
	if b.lost || len(bytes.TrimSpace(input)) == 0 || s.tools.Fits(b.name, input) {
		s.held = append(s.held, piece{raw: bytes.Clone(stop)})
		return s.releaseAll(w)
	}
	fixed, kinds, changed := s.repairInput(b, input)
	sent := repair.Edited(input[:b.sent], b.edits)
	if !changed || !bytes.HasPrefix(fixed, sent) {
		if changed {
			s.rep.CallFail(&b.rec, "the repair would change tool input already sent")
		} else {
			s.rep.CallFail(&b.rec, repair.NotFit)
		}
		s.held = append(s.held, piece{raw: bytes.Clone(stop)})
		return s.releaseAll(w)
	}
	s.rep.CallRepair(&b.rec, b.name, kinds...)
	b.fixed = fixed
	return s.replaceDeltas(w, b, out, fixed[len(sent):], stop)
}

// repairInput repairs the whole input of a tool_use block that does not fit its schema: read as
// a cumulative stream when every input_json_delta from the second on was the one before it plus
// more (repair.Chain; docs/faults.md D71: NousResearch/hermes-agent PR #35718, a translator that
// forwards such a stream's deltas) and its last text fits the schema as it is or repaired, with
// "shape"; else by the schema engine (deltaOptions); else, when the input is the raw markup of
// this same call, read as it (D68, repair.Tools.MarkupInput).
func (s *Stream) repairInput(b *block, input []byte) ([]byte, []string, bool) {
	if last, ok := b.cum.Last(input); ok {
		last = bytes.Clone(last)
		if s.tools.Fits(b.name, last) {
			return last, []string{"shape"}, true
		}
		if fixed, kinds, ok := s.tools.RepairInput(b.name, last, deltaOptions); ok {
			return fixed, append(kinds, "shape"), true
		}
	}
	if fixed, kinds, ok := s.tools.RepairInput(b.name, input, deltaOptions); ok {
		return fixed, kinds, ok
	}
	if in, ok := s.tools.MarkupInput(b.name, input); ok {
		return in, []string{repair.KindArgs}, true // D68: the input is the raw markup of this same call
	}
	return nil, nil, false
}

// toolDelta takes one input_json_delta of the open tool_use block of an offered tool (raw with
// its index shifted). While the scan finds the input consistent with the tool's schema and
// nothing is held before it, the delta goes out at once, as it came. From the first delta that
// holds a byte a repair may change (see repair.Scan) the deltas are held: a faulty string value
// (repair.ScanSpan) until its closing quote, when it goes out repaired or as it came and the
// rest streams again (settleSpans); anything else to the block's end, where toolStop judges the
// input whole. A held input over the size limit goes out as it came (a fail-open), and the rest
// of the block streams. partial, the delta's text, is read during the call only (it may be the
// piece's own bytes or the Stream's scratch).
func (s *Stream) toolDelta(w io.Writer, raw []byte, partial []byte) error {
	b := s.blk
	b.deltas++
	if !b.holding {
		b.scan.Feed(partial)
		_, held := b.scan.Held()
		if held && b.lost {
			s.rep.CallFail(&b.rec, "tool input too long before its fault to repair while streaming")
			b.scan = nil
			held = false
		}
		counted := false // b.cum has taken partial
		if !held && len(s.held) == 0 {
			if !b.lost {
				if len(b.partial)+len(partial) <= keptPrefix {
					// a delta that resends the input so far and more (D71) is held with the rest
					// of the block, where toolStop reads the last text
					b.resend, counted = b.cum.Next(b.partial, partial), true
					if !b.resend {
						if b.partial == nil && len(partial) > 0 {
							b.partial = make([]byte, 0, max(len(partial), 64)) // a small call's input in one allocation
						}
						b.partial = append(b.partial, partial...)
					}
				} else {
					b.partial, b.lost, b.edits = nil, true, nil
					b.cum.Break()
				}
			}
			if !b.resend {
				b.sent += len(partial)
				_, err := w.Write(raw)
				return err
			}
		}
		b.holding, b.faulty = true, b.scan.Faulty()
		if !counted {
			b.resend = b.cum.Next(b.partial, partial)
		}
	} else {
		if b.scan != nil {
			b.scan.Feed(partial)
		}
		// while every delta resends the input so far, the block is held to its end
		ext := b.cum.Next(b.partial, partial)
		b.resend = b.resend && (len(partial) == 0 || ext)
	}
	off := len(b.partial)
	b.partial = repair.AppendHeld(b.partial, partial)
	if len(b.partial)-b.sent > s.maxHeld {
		s.rep.CallFail(&b.rec, "held tool input over the size limit")
		s.held = append(s.held, piece{raw: bytes.Clone(raw)})
		err := s.releaseAll(w)
		b.holding, b.lost, b.scan, b.partial, b.edits = false, true, nil, nil, nil
		return err
	}
	p := piece{kind: pToolDelta, n: len(partial), src: b, off: off, out: b.index + s.shift}
	s.frame = appendInputFrame(s.frame[:0], b.eol, p.out, b.partial[off:])
	if !bytes.Equal(raw, s.frame) {
		p.raw = bytes.Clone(raw) // not what toolfix would write for it: kept as it came
	}
	s.held = append(s.held, p)
	if b.resend {
		return nil // judged whole at the block's end (toolStop, repairInput)
	}
	return s.settleSpans(w, b)
}

// failOpenHeld lets go, as it came, what is held of the open block when an error comes (issue 19
// item 4), so that the error goes out in its place, after the bytes the upstream sent before it:
// a tool_use block's held input, whose rest then streams as it comes, never repaired, and a text
// block's held tail, whose rest flows, never taken for leaked markup (no repair may carry bytes
// sent after the error ahead of it).
func (s *Stream) failOpenHeld(w io.Writer) error {
	b := s.blk
	if b == nil || len(s.held) == 0 {
		return nil
	}
	switch {
	case b.typ == "tool_use" && b.repairable:
		s.rep.Fail("an error came while a tool input was held")
		err := s.releaseAll(w) // first: held deltas are rebuilt from the input kept
		b.holding, b.faulty, b.lost, b.scan, b.partial, b.edits = false, false, true, nil, nil, nil
		b.repairable = false
		return err
	case b.typ == "text":
		s.rep.Fail("an error came while a text tail was held")
		b.typ, b.pending, b.started = "text-unheld", strings.Builder{}, true
		return s.releaseAll(w)
	}
	return nil
}

// judgeCall applies the law to a tool_use block of an offered tool once its stop went out
// (docs/repairs.md, "The law"): a call whose input, as it went out, does not fit the tool's
// schema is one fail-open, whether or not a repair was tried on it (an input that streamed as
// it came is judged here too, since a fault the scan cannot see while streaming, such as a
// missing required field or text that is not JSON, shows only whole), and it keeps the
// message's stop_reason from being rewritten (fixStopReason). An input longer than keptPrefix
// that streamed as it came is not judged: it is no longer kept.
func (s *Stream) judgeCall(b *block) {
	if b.rec.Failed() {
		s.unfit++
		return
	}
	input := b.fixed
	switch {
	case input != nil:
	case b.lost:
		return
	case b.deltas == 0 && carriesInput(b.startInput):
		input = b.startInput
	case b.deltas == 0:
		input = []byte("{}")
	default:
		input = repair.SentInput(b.partial, b.edits)
	}
	if !s.tools.Fits(b.name, input) {
		s.rep.CallFail(&b.rec, repair.NotFit)
		s.unfit++
	}
}

// replaceDeltas writes the held pieces with every input_json_delta replaced by input (in events
// of at most maxDeltaBytes: writeInputDeltas), at the place of the first, then the block's stop.
func (s *Stream) replaceDeltas(w io.Writer, b *block, out int, input, stop []byte) error {
	wrote := false
	emit := func() error {
		wrote = true
		return writeInputDeltas(w, b.eol, out, input)
	}
	for _, p := range s.held {
		if p.kind == pToolDelta {
			if !wrote {
				if err := emit(); err != nil {
					return err
				}
			}
			continue
		}
		if _, err := w.Write(p.raw); err != nil {
			return err
		}
	}
	s.held = s.held[:0]
	if !wrote {
		if err := emit(); err != nil {
			return err
		}
	}
	_, err := w.Write(stop)
	return err
}

// carriesInput reports whether a tool_use content_block_start's input is a non-empty object:
// `{}` with any white space in it ("{ }", "{\n}") is empty.
func carriesInput(in []byte) bool {
	in = bytes.TrimSpace(in)
	if stringOfObject(in) {
		return true
	}
	if !isObject(in) {
		return false
	}
	inner := in[1:]
	if n := len(inner); n > 0 && inner[n-1] == '}' {
		inner = inner[:n-1]
	}
	return len(bytes.TrimSpace(inner)) != 0
}

// stringOfObject reports whether in is a JSON string whose text begins, after white space, with
// '{': the JSON text of an object sent as the whole input (docs/faults.md D67, here in a
// content_block_start: 0xPlaygrounds/rig PR #1964, a provider that accumulates arguments as a
// JSON string).
func stringOfObject(in []byte) bool {
	if len(in) < 2 || in[0] != '"' {
		return false
	}
	var text string
	if json.Unmarshal(in, &text) != nil {
		return false
	}
	t := strings.TrimSpace(text)
	return len(t) > 0 && t[0] == '{'
}

// emptyStartInput rewrites the held tool_use start so that its input is {}: clients such as
// @ai-sdk/anthropic begin a call's input with the start's input and append the deltas, so the
// input must come once, in the delta. It reports false when the start cannot be rewritten.
func (s *Stream) emptyStartInput() bool {
	for i, p := range s.held {
		if p.kind != pToolStart {
			continue
		}
		_, data, _ := sse.Fields(p.raw)
		raw, ok := withNested(p.raw, data, "content_block_start", "content_block", "input", json.RawMessage("{}"))
		if ok {
			s.held[i].raw = raw
		}
		return ok
	}
	return false
}

func compactJSON(in []byte) ([]byte, error) {
	var b bytes.Buffer
	if err := json.Compact(&b, in); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// EndsTurn reports whether a stop_reason word says the turn ended without naming tool use, so
// that a message with tool_use blocks gets "tool_use" (docs/faults.md D39): "end_turn" or
// "null" (JSON null), or the Chat words "stop" and "tool_calls" that a translator left unmapped
// (BerriAI/litellm #12481). max_tokens, refusal, pause_turn, stop_sequence and any other word are
// not: they keep their meaning.
func EndsTurn(word string) bool {
	switch word {
	case "end_turn", "null", "stop", "tool_calls":
		return true
	}
	return false
}

// endsTurn is EndsTurn of a stop_reason as its JSON text (null, or a quoted word).
func endsTurn(sr string) bool {
	if sr == "null" {
		return true
	}
	if len(sr) < 2 || sr[0] != '"' || sr[len(sr)-1] != '"' || sr == `"null"` {
		return false
	}
	return EndsTurn(sr[1 : len(sr)-1])
}

// fixStopReason sets a message_delta's stop_reason to "tool_use" when the message holds a tool_use
// block but says the turn ended (endsTurn: "end_turn", null, or a Chat word; docs/faults.md D39:
// open-octo/octo-agent PR #647); clients decide from stop_reason whether to run tools. It
// announces only calls that fit: a message with a call
// that does not (judgeCall) keeps its stop_reason (the law, docs/repairs.md). A null in a later
// message_delta, after one that went out with a stop_reason (a gateway's usage-only update:
// LibreChat-AI/agents PR #308), is no wrong stop_reason but none, and passes as it came — unless
// toolfix rewrote the one before: the SDKs take the later null as the message's stop_reason
// (anthropics/anthropic-sdk-python #1940), so it becomes "tool_use" too (counted once).
func (s *Stream) fixStopReason(raw, data []byte, e *event) []byte {
	if e.Delta == nil || e.Delta.StopReason == nil {
		return raw
	}
	sr := string(bytes.TrimSpace(e.Delta.StopReason))
	later := s.said
	s.said = s.said || sr != "null"
	if s.calls == 0 || s.unfit > 0 || !endsTurn(sr) || sr == "null" && later && !s.stopFixed {
		return raw
	}
	out, ok := withNested(raw, data, "message_delta", "delta", "stop_reason", json.RawMessage(`"tool_use"`))
	if !ok {
		return raw
	}
	s.said = true
	if !s.stopFixed {
		s.rep.Repair("", "stop_reason")
	}
	s.stopFixed = true
	return out
}

// noteMade records the call of a tool_use block that has ended, with the whole input the client
// got when it is known, so that a leaked call in a later text block that only copies it adds no
// second call (writeLeak). Nothing is recorded when no tools are known (no leak is read then) or
// the input is no longer held whole (past keptPrefix).
func (s *Stream) noteMade(b *block) {
	if s.tools == nil {
		return
	}
	in := b.fixed
	switch {
	case in != nil:
	case b.deltas == 0:
		in = bytes.TrimSpace(b.startInput)
	case !b.lost:
		in = b.partial
	default:
		return
	}
	s.made = append(s.made, repair.MadeCall{Name: b.name, Input: bytes.Clone(in)})
}
