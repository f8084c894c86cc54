package openai

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"

	"github.com/toolfix/toolfix/proxy/repair"
)

// call is one streamed tool call of a choice.
type call struct {
	index      int // the index it goes out with
	wire       int // the index the upstream gave it (-1: none)
	id         string
	name       string
	args       []byte // the arguments text so far (an object sent as arguments: its JSON text)
	argsObject bool   // some delta sent arguments as an object or array (D20)
	bad        bool   // some delta sent arguments that are neither string nor object
	shape      bool   // its first delta lacked index, id or name
	untyped    bool   // its first delta lacked "type"
	held       bool   // its chunks are held until it is complete
	open       bool
	fixed      []byte     // the repaired arguments, when they were repaired
	refs       []pieceRef // where the deltas of a held call are, until it is settled
	started    bool       // its first delta came
	hold       int        // counts the spans held (see callRef.waits)
	head       pieceRef   // where its first delta is

	// A named call of an offered tool streams while scan finds its arguments consistent with the
	// schema (held stays false; streamed counts the argument bytes that went out). From the first
	// delta a repair may change on, span is set and the call's deltas are held: until the faulty
	// value they hold ends, or an escape cut at a delta's end turns out valid (settleSpans), and
	// then the call streams again; else until it is complete, when the rest goes out repaired as
	// one arguments delta, or as it came. args
	// keeps the whole text for that repair while it is within keptPrefix or held; lost is set
	// once it no longer does.
	scan      *repair.Scan
	span      bool
	spanFirst bool // the span began in the call's first delta: its id and name went with it
	faulty    bool // the arguments cannot fit as they are (see Stream.holdingCall)
	streamed  int
	lost      bool
	edits     []repair.SpanEdit // faulty values that went out repaired as they ended (settleSpans)
	rec       repair.CallRecord // what the call reported (see judgeCall)

	// A delta that comes after the call was complete (see reopen) while it had been held: late
	// is set, and the deltas from here are held to the call's end and judged with the whole
	// arguments (repairLate); lateSent is what the client had of the arguments before them.
	late     bool
	lateSent []byte

	cum resend // the evidence for cumulative arguments (D71)
}

// keptPrefix is how much of a call's arguments that stream as they came is kept, in bytes, so
// that a fault after it can still be repaired (the repair judges the whole text); a later fault
// passes as it came. It bounds what a healthy call of any size costs.
const keptPrefix = 1 << 20

// pieceRef is where one delta of a call is: the chunk and the delta's position in its tool_calls.
type pieceRef struct {
	p   *piece
	pos int
}

// replaceDeltas drops every held delta of the call and sends sc in place of the first.
func (cl *call) replaceDeltas(sc synthCall) {
	for _, r := range cl.refs {
		ed := r.p.edit()
		if ed.drop == nil {
			ed.drop = map[int]bool{}
		}
		ed.drop[r.pos] = true
	}
	first := cl.refs[0]
	sc.slot = first.pos + 1
	first.p.edit().synth = append(first.p.edit().synth, sc)
}

// sent returns the arguments the client ends up with.
func (cl *call) sent() []byte {
	if cl.fixed != nil {
		return cl.fixed
	}
	return repair.Edited(cl.args, cl.edits)
}

// nextIndex is the first index after every index a call of the choice goes out with.
func (c *choiceState) nextIndex() int { return c.next }

// callFor finds the call a tool-call delta belongs to, starting a new one when it begins one.
// A delta without index (docs/faults.md D31: AstrBotDevs/AstrBot #6692) continues the last call
// unless it names another id, or another name where the last call already has one; a delta whose
// index names a call it begins another of (beginsAnother, D70) starts a new call too (the SDKs
// would glue the two calls' arguments together).
//
// A delta that may begin another call or end the one before (BeginsAnother's Maybe) is held
// (see holdHead): callFor returns nil for it.
func (c *choiceState) callFor(tc *wireToolCall) *call {
	id, name := strOf(tc.ID), fnName(tc)
	if tc.Index != nil {
		cl := c.byIndex[*tc.Index]
		if cl == nil {
			return c.newCall(*tc.Index)
		}
		switch BeginsAnother(cl.id, cl.name, cl.args, !cl.lost && !cl.bad, id, name, deltaText(tc)) {
		case Same:
			return cl
		case Maybe:
			return nil
		}
		return c.newCall(*tc.Index)
	}
	cur := c.cur
	if cur == nil || !cur.open ||
		id != "" && cur.id != "" && id != cur.id ||
		id == "" && name != "" && cur.name != "" && name != cur.name {
		return c.newCall(-1)
	}
	return cur
}

// newCall starts a call the upstream numbered wire (-1: no index). A call without index completes
// every open call of the choice. A call with an index completes only the open calls that had the
// same index and those whose arguments are already one whole JSON value: parallel calls may send
// their deltas interleaved (all of call 1, then the rest of call 0), so a call whose arguments are
// not whole yet stays open until its arguments are, another call begins with its index, or the
// choice finishes; each call's arguments are then repaired on their own. The call goes out with
// the upstream's index unless another call has it.
func (c *choiceState) newCall(wire int) *call {
	if wire < 0 {
		c.completeCalls(true)
	} else {
		c.completeWhole(wire)
	}
	index := wire
	if index < 0 || c.outIndex[index] {
		index = c.next
	}
	c.outIndex[index] = true
	c.next = max(c.next, index+1)
	cl := &call{index: index, wire: wire, open: true}
	c.calls = append(c.calls, cl)
	c.open = append(c.open, cl)
	if wire >= 0 {
		c.byIndex[wire] = cl
	}
	c.cur = cl
	return cl
}

func strOf(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}

func fnName(tc *wireToolCall) string {
	if tc.Function == nil {
		return ""
	}
	return strOf(tc.Function.Name)
}

// callDelta takes the tool-call delta at position pos of chunk p.
func (c *choiceState) callDelta(p *piece, pos int, tc *wireToolCall) {
	if name := fnName(tc); name != "" && c.s.tools != nil && !c.s.tools.Has(name) {
		c.s.rep.NotDeclared(name) // REPAIRS.md D57: logged, never repaired
	}
	var cl *call
	if h := c.head; h != nil {
		keep, another := h.step(tc, h.cl.id, h.cl.name)
		if keep {
			c.holdHead(p, pos, tc, h.cl)
			return
		}
		if cl = c.endHead(another); cl != h.cl {
			c.takeDelta(p, pos, tc, cl)
			return
		}
	}
	if cl = c.callFor(tc); cl == nil {
		c.holdHead(p, pos, tc, c.byIndex[*tc.Index])
		return
	}
	c.takeDelta(p, pos, tc, cl)
}

// heldDelta is one tool-call delta held as a head (see headHold), copied out of its chunk (the
// chunk's decoded strings may be the event's bytes).
type heldDelta struct {
	p   *piece
	pos int
	tc  wireToolCall
}

// holdHead holds the delta at position pos of chunk p as (part of) a head on the index of cl:
// its chunk waits (piece.heads) until the head ends (endHead).
func (c *choiceState) holdHead(p *piece, pos int, tc *wireToolCall, cl *call) {
	if c.head == nil {
		c.head = &headHold[*call, heldDelta]{cl: cl, wire: *tc.Index, id: strings.Clone(strOf(tc.ID))}
	}
	c.head.add(heldDelta{p: p, pos: pos, tc: cloneToolCall(tc)}, strings.Clone(fnName(tc)))
	p.heads++
}

// endHead takes the held head's deltas as the beginning of another call, when another is set,
// or as deltas of the call before them, and returns the call they went to.
func (c *choiceState) endHead(another bool) *call {
	h := c.head
	c.head = nil
	return h.end(another, c.newCall, func(d heldDelta, to *call) {
		d.p.heads--
		c.takeDelta(d.p, d.pos, &d.tc, to)
	})
}

// cloneToolCall copies a decoded tool-call delta so that it outlives its chunk.
func cloneToolCall(tc *wireToolCall) wireToolCall {
	dup := func(p *string) *string {
		if p == nil {
			return nil
		}
		s := strings.Clone(*p)
		return &s
	}
	out := wireToolCall{ID: dup(tc.ID), Type: dup(tc.Type)}
	if tc.Index != nil {
		i := *tc.Index
		out.Index = &i
	}
	if tc.Function != nil {
		out.Function = &wireFunction{Name: dup(tc.Function.Name), Arguments: bytes.Clone(tc.Function.Arguments)}
	}
	return out
}

// takeDelta takes the tool-call delta at position pos of chunk p as one of call cl.
func (c *choiceState) takeDelta(p *piece, pos int, tc *wireToolCall, cl *call) {
	s := c.s
	if !slices.Contains(p.lanes, cl) {
		p.lanes = append(p.lanes, cl)
	}
	if !cl.open && !c.reopen(cl) {
		// a late delta of a complete call that cannot be judged: it passes as it is, on the
		// index its call goes out with (D70, D31), and its text still counts for telling the
		// next call on its index apart
		c.patchInPlace(p, pos, cl, tc.Index == nil || *tc.Index != cl.index, false, false, nil, false)
		if tc.Function == nil || cl.lost {
			return
		}
		if text, obj, ok := argTextInto(tc.Function.Arguments, &s.argText); ok && !obj && len(cl.args)+len(text) <= keptPrefix {
			cl.cum.Next(cl.args, text)
			cl.args = append(cl.args, text...)
		} else {
			cl.args, cl.lost = nil, true
			cl.cum.Break()
		}
		return
	}
	first := !cl.started
	cl.started = true
	if first {
		cl.head = pieceRef{p: p, pos: pos}
	}
	id, name := strOf(tc.ID), fnName(tc)
	reindex := tc.Index == nil || *tc.Index != cl.index
	if first {
		cl.id, cl.name = id, name
		// D32: a call without its name is held until a delta brings it; a named one streams.
		cl.held = name == ""
		if name != "" {
			cl.scan = s.tools.NewScan(name, repair.Options{Args: true, KeepText: true})
		}
		cl.shape = reindex || id == "" || name == ""
		cl.untyped = tc.Type == nil || *tc.Type == ""
	} else {
		if cl.id == "" && id != "" {
			cl.id = id
		}
		if cl.name == "" && name != "" {
			cl.name = name
		}
		cl.shape = cl.shape || reindex
	}
	var text []byte
	var obj, ok bool
	if tc.Function != nil {
		text, obj, ok = argTextInto(tc.Function.Arguments, &s.argText) // copied where kept
		if !ok {
			cl.bad = true
		}
		cl.argsObject = cl.argsObject || obj
	}
	if obj {
		cl.cum.Break()
	}
	if cl.held {
		extends := cl.cum.Next(cl.args, text)
		cl.args = repair.AppendHeld(cl.args, text)
		cl.refs = append(cl.refs, pieceRef{p: p, pos: pos})
		p.calls = append(p.calls, callRef{call: cl, pos: pos, hold: cl.hold})
		if len(cl.args)-cl.streamed > s.maxHeld {
			// Past the bound: what is held goes out as it came, and the rest streams.
			s.rep.CallFail(&cl.rec, "held tool arguments over the size limit")
			c.mendHeld(cl)
			cl.held, cl.span, cl.lost, cl.scan, cl.args, cl.refs, cl.late = false, false, true, nil, nil, nil, false
			cl.cum = resend{}
			cl.cum.Break()
		}
		if cl.span {
			if cl.scan != nil {
				cl.scan.Feed(text)
			}
			// an empty delta carries nothing: the chain holds on through it (D71)
			if (cl.cum.hold || extends) && c.resendGoesOn(cl, extends || len(text) == 0 && !cl.cum.Broken()) {
				return
			}
			c.settleSpans(cl)
			return
		}
		if cl.held { // D32: no name yet, or this delta brings it
			if cl.name != "" && !cl.bad && !cl.late {
				c.named(cl)
			}
			return
		}
	} else {
		c.streamDelta(p, pos, cl, text, first, obj)
	}
	c.patchInPlace(p, pos, cl, reindex, first && (tc.Type == nil || *tc.Type == ""), first, text, obj)
}

// named ends the holding of a call whose first delta came without its name (docs/faults.md D32:
// vercel/ai #14722) once a delta brings it: its deltas so far are replaced by a standard first
// delta (index, id, type, name; D31, D33 fills) and one delta with the arguments so far, as they
// came, and the call streams from here as a named one does. When the arguments so far already
// hold a byte a repair may change, came as an object (D20) or may be resent whole (D71), the call
// stays held to its end instead (repairCall).
func (c *choiceState) named(cl *call) {
	s := c.s
	sc := s.tools.NewScan(cl.name, repair.Options{Args: true, KeepText: true})
	sc.Feed(cl.args)
	if _, resent := cl.cum.Last(cl.args); resent {
		return // its deltas may be resending the arguments whole (D71): judged at its end
	}
	if _, held := sc.Held(); held || cl.argsObject || len(cl.args) > keptPrefix {
		return
	}
	if cl.id == "" {
		cl.id = repair.NewID("call_")
	}
	cl.replaceDeltas(synthCall{index: cl.index, id: cl.id, name: cl.name, args: cl.args})
	s.rep.CallRepair(&cl.rec, cl.name, "shape")
	cl.held, cl.refs, cl.scan, cl.streamed = false, nil, sc, len(cl.args)
}

// streamDelta takes the arguments text of one delta of a named call that streams: it goes out
// now while the scan finds the arguments consistent, and from the delta that holds a byte a
// repair may change on, the call is held (see call.span and settleSpans).
func (c *choiceState) streamDelta(p *piece, pos int, cl *call, text []byte, first, obj bool) {
	cl.scan.Feed(text)
	extends := !cl.lost && cl.cum.Next(cl.args, text)
	// D20: arguments sent as an object are held too, so that the call goes out the standard way.
	if _, held := cl.scan.Held(); (held || obj && cl.scan != nil) && !cl.lost && !cl.bad {
		cl.held, cl.span, cl.spanFirst = true, true, first
		cl.cum.hold = extends
		cl.hold++
		cl.faulty = obj || cl.scan.Faulty()
		cl.args = repair.AppendHeld(cl.args, text)
		cl.refs = append(cl.refs, pieceRef{p: p, pos: pos})
		p.calls = append(p.calls, callRef{call: cl, pos: pos, hold: cl.hold})
		if !cl.cum.hold {
			c.settleSpans(cl)
		}
		return
	} else if held && cl.lost {
		c.s.rep.CallFail(&cl.rec, "tool arguments too long before their fault to repair while streaming")
		cl.scan = nil
	} else if extends && cl.scan != nil && !cl.bad {
		c.holdResend(p, pos, cl, text) // D71: the deltas may be resending the arguments whole
		return
	}
	if !cl.lost {
		if len(cl.args)+len(text) <= keptPrefix {
			if cl.args == nil && len(text) > 0 {
				cl.args = make([]byte, 0, max(len(text), 64)) // a small call's arguments in one allocation
			}
			cl.args = append(cl.args, text...)
		} else {
			cl.args, cl.lost = nil, true
			cl.cum.Break()
		}
	}
	cl.streamed += len(text)
}

// patchInPlace mends one delta of a call that is not held (its tool is not offered, so only the
// shape rules apply): a missing index is filled (D31: AstrBotDevs/AstrBot #6692), a first delta
// without id gets "call_" and a random id (D33: Arize-ai/phoenix #11376), and arguments sent as
// an object become its JSON string (D20: ggml-org/llama.cpp #20198), and a first delta without
// "type" gets "type":"function" when untyped is set (the openai SDK's chat.completions.stream()
// throws "tool call snapshot missing 'type'"; a shape fault like D31 and D33).
func (c *choiceState) patchInPlace(p *piece, pos int, cl *call, reindex, untyped, first bool, text []byte, obj bool) {
	var cp callPatch
	kinds := []string(nil)
	if reindex || untyped {
		if reindex {
			cp.index = &cl.index
		}
		cp.typ = untyped
		kinds = append(kinds, "shape")
	}
	if first && cl.id == "" {
		cl.id = repair.NewID("call_")
		cp.id = cl.id
		if kinds == nil {
			kinds = append(kinds, "shape")
		}
	}
	if obj {
		t := string(text)
		cp.args = &t
		kinds = append(kinds, "args_object")
	}
	if kinds == nil {
		return
	}
	ed := p.edit()
	if ed.patch == nil {
		ed.patch = map[int]*callPatch{}
	}
	kept := cp // made only for a patch, so a delta that needs none allocates nothing here
	ed.patch[pos] = &kept
	c.s.rep.CallRepair(&cl.rec, cl.name, kinds...)
}

// completeWhole completes, as completeCalls with repair does, the open calls that had the upstream
// index wire and those named whose arguments are one whole JSON value (see newCall).
func (c *choiceState) completeWhole(wire int) {
	whole := func(cl *call) bool {
		// a call still without its name (D32) is not complete: the name may come later
		return cl.wire == wire || cl.bad || cl.lost || json.Valid(cl.args) && cl.name != ""
	}
	first := slices.IndexFunc(c.open, func(cl *call) bool { return !whole(cl) })
	if first < 0 {
		c.completeCalls(true) // every open call is complete: no lists to split them into
		return
	}
	done := slices.Clone(c.open[:first]) // the calls before the first incomplete one are whole
	var still []*call
	for _, cl := range c.open[first:] {
		if whole(cl) {
			done = append(done, cl)
		} else {
			still = append(still, cl)
		}
	}
	if len(done) == 0 {
		return
	}
	c.open = done
	c.completeCalls(true)
	c.open = still
}

// completeCalls marks every open call of c complete. A held call is then repaired when repair is
// set, else released as it came.
func (c *choiceState) completeCalls(repair bool) {
	open := c.open
	c.open = nil
	for _, cl := range open {
		cl.open = false
		switch {
		case cl.late:
			c.s.repairLate(c, cl, repair)
		case cl.span && repair:
			c.s.repairSpan(c, cl)
		case cl.held && repair:
			c.s.repairCall(c, cl)
		case repair && cl.scan != nil && !cl.lost && !cl.bad && len(bytes.TrimSpace(cl.args)) == 0:
			c.s.repairEmpty(c, cl)
		}
		if repair {
			c.judgeCall(cl)
		}
		c.mendHeld(cl)
		cl.refs = nil
	}
}

// judgeCall applies the law to a complete call of an offered tool (docs/repairs.md, "The law"):
// a call whose arguments, as they went out, do not fit the tool's schema is one fail-open,
// whether or not a repair was tried on it (arguments that streamed as they came are judged here
// too: a missing required field or text that is not JSON shows only whole), and it keeps the
// choice's finish_reason from being rewritten (fixFinish). Arguments longer than keptPrefix that
// streamed as they came are not judged: they are no longer kept.
func (c *choiceState) judgeCall(cl *call) {
	if !c.s.tools.Has(cl.name) {
		return
	}
	if cl.rec.Failed() {
		c.unfit++
		return
	}
	args := cl.fixed
	switch {
	case args != nil:
	case cl.bad:
	case cl.lost:
		return
	default:
		args = repair.SentInput(cl.args, cl.edits)
	}
	if cl.bad || !c.s.tools.Fits(cl.name, args) {
		c.s.rep.CallFail(&cl.rec, repair.NotFit)
		c.unfit++
	}
}

// reopen takes a delta of a call already complete: one that another call's beginning completed
// while its arguments were one whole JSON value (see newCall), whose later bytes (prose, a stray
// closer, the value again: D21, D23) have not gone out yet. It reopens the call, false when the
// delta passes as it is (the choice was settled or tainted, the call cannot be read, its tool
// is not offered). A call that was streaming goes on streaming as if it had never been complete; one
// that was held (and may have gone out repaired) holds its late deltas to its end (repairLate).
func (c *choiceState) reopen(cl *call) bool {
	if c.settled || c.tainted || cl.bad || cl.lost || cl.name == "" || !c.s.tools.Has(cl.name) {
		return false
	}
	cl.open = true
	c.open = append(c.open, cl)
	if !cl.held && !cl.span && !cl.late && cl.scan != nil && cl.fixed == nil {
		return true
	}
	cl.lateSent = slices.Clone(cl.sent())
	cl.late, cl.held, cl.span, cl.scan, cl.refs, cl.fixed = true, true, false, nil, nil, nil
	cl.hold++
	cl.streamed = len(cl.args)
	return true
}

// repairLate settles a reopened held call (see reopen) as repairCall would settle it whole: when
// the whole arguments do not fit the tool's schema and their repair (the argument-text repairs
// off for a call cut off, D46) begins with what the client already has, its late deltas are
// replaced by one arguments delta carrying the rest; otherwise, and without repair, they go out as
// they came.
func (s *Stream) repairLate(c *choiceState, cl *call, repairs bool) {
	came := append(slices.Clone(cl.lateSent), cl.args[cl.streamed:]...)
	cl.fixed = came
	if !repairs || len(cl.refs) == 0 || !s.tools.Has(cl.name) || s.tools.Fits(cl.name, cl.args) {
		return
	}
	f, k, ok := repairArguments(s.tools, cl.name, cl.args, c.cutCall(cl))
	switch {
	case !ok:
		s.rep.CallFail(&cl.rec, "tool arguments do not fit the schema and no repair makes them fit")
	case !bytes.HasPrefix(f, cl.lateSent):
		s.rep.CallFail(&cl.rec, "the repair would change tool arguments already sent")
	default:
		cl.fixed = f
		cl.replaceDeltas(synthCall{index: cl.index, args: f[len(cl.lateSent):], argsOnly: true})
		s.rep.CallRepair(&cl.rec, cl.name, k...)
	}
}

// repairCall settles a complete held call. Its arguments, when they do not fit the tool's
// schema, go through the schema engine with the OpenAI argument-text repairs (docs/faults.md D13-D15
// coerce: anomalyco/opencode #7512, PR #7513, #8249, lablup/mlxcel #1336; D25 escape:
// anthropics/claude-code #79339, #69522; D19 openai/openai-agents-js #664; D21 opencode PR
// #17339; D23 librefang/librefang #2975; D24 claude-code #87251, FoundationAgents/OpenManus
// #1161), except that the argument-text repairs are off for a call still open when the choice
// was cut off (cutOff); arguments sent as an object become a string (D20: ggml-org/llama.cpp #20198); a call
// whose first delta lacked its index or id, or whose name came late, gets a standard first delta
// (D31 AstrBotDevs/AstrBot #6692, D32 vercel/ai #14722, D33 Arize-ai/phoenix #11376). A call
// needing any of these goes out as one first delta and one arguments delta in place of its
// own; a healthy one, or one no rule can mend, goes out as it came.
func (s *Stream) repairCall(c *choiceState, cl *call) {
	if cl.bad || cl.name == "" {
		s.rep.CallFail(&cl.rec, "tool call without a name or with unreadable arguments")
		return
	}
	args := cl.args
	var kinds []string
	if cl.argsObject {
		kinds = append(kinds, "args_object")
	}
	cut := c.cutCall(cl)
	if s.tools.Has(cl.name) && !s.tools.Fits(cl.name, args) {
		if fixed, k, ok := s.repairWhole(cl, cut); ok {
			args = fixed
			cl.fixed = fixed
			kinds = append(kinds, k...)
		} else {
			s.rep.CallFail(&cl.rec, repair.NotFit)
		}
	}
	if cl.shape {
		kinds = append(kinds, "shape")
	}
	if len(kinds) == 0 {
		return // only "type" may be missing: mendHeld adds it in place
	}
	if cl.id == "" {
		cl.id = repair.NewID("call_")
	}
	cl.replaceDeltas(synthCall{index: cl.index, id: cl.id, name: cl.name, args: args})
	cl.refs = nil
	s.rep.CallRepair(&cl.rec, cl.name, kinds...)
}

// repairSpan settles a complete call that streamed until its arguments held a byte a repair may
// change (see call.span): when the whole arguments do not fit the tool's schema, the schema
// engine repairs them as repairCall does (docs/faults.md D13-D15, D19, D21, D23, D24, D25; the
// argument-text repairs off for a call cut off, D46), keeping the text's own bytes, and the
// held deltas are replaced by one arguments delta carrying the repaired rest — only when the
// bytes already sent are a prefix of the repair; otherwise, and when no repair makes the
// arguments fit, the held deltas go out as they came.
func (s *Stream) repairSpan(c *choiceState, cl *call) {
	args := cl.args
	if cl.bad {
		return
	}
	var kinds []string
	fixed := args
	if cl.argsObject {
		kinds = append(kinds, "args_object")
	}
	if !s.tools.Fits(cl.name, args) {
		f, k, ok := s.repairWhole(cl, c.cutCall(cl))
		switch {
		case !ok:
			s.rep.CallFail(&cl.rec, repair.NotFit)
		case !bytes.HasPrefix(f, repair.Edited(args[:cl.streamed], cl.edits)):
			s.rep.CallFail(&cl.rec, "the repair would change tool arguments already sent")
		default:
			fixed, kinds = f, append(kinds, k...)
		}
	}
	if kinds == nil {
		return
	}
	if cl.shape && cl.spanFirst {
		kinds = append(kinds, "shape")
	}
	cl.fixed = fixed
	if cl.spanFirst && cl.id == "" {
		cl.id = repair.NewID("call_")
	}
	cl.replaceDeltas(synthCall{index: cl.index, id: cl.id, name: cl.name, args: fixed[len(repair.Edited(args[:cl.streamed], cl.edits)):], argsOnly: !cl.spanFirst})
	s.rep.CallRepair(&cl.rec, cl.name, kinds...)
}

// repairEmpty settles a call that streamed and ended with empty (or white-space) arguments, which
// become {} when the tool has no required parameters (docs/faults.md D19: openai/openai-agents-js
// #664; never for a call cut off, D46): the {} goes out as one arguments delta after the chunk
// that completed the call. Nothing is held for it, so a call completed by no chunk ([DONE], the
// stream's end) passes as it came.
func (s *Stream) repairEmpty(c *choiceState, cl *call) {
	if s.inflight == nil || c.cutCall(cl) || s.tools.Fits(cl.name, cl.args) {
		return
	}
	fixed, kinds, ok := s.tools.RepairInput(cl.name, cl.args, repair.Options{Args: true, KeepText: true})
	if !ok || !bytes.HasPrefix(fixed, cl.args) {
		s.rep.CallFail(&cl.rec, repair.NotFit)
		return
	}
	cl.fixed = fixed
	ed := s.inflight.edit()
	ed.synth = append(ed.synth, synthCall{index: cl.index, args: fixed[len(cl.args):], argsOnly: true})
	s.rep.CallRepair(&cl.rec, cl.name, kinds...)
}

// cutCall reports whether cl may have been truncated: its choice finished for a reason cutOff
// names and its arguments so far are not one whole JSON value. Parallel calls may interleave
// their deltas, so any call not yet whole may have been the one cut off; a call whose arguments
// are whole was complete and is judged as in any choice. The whole-body repair follows the same
// rule (repairToolCall; docs/faults.md D46).
func (c *choiceState) cutCall(cl *call) bool {
	args := cl.args
	if last, ok := cl.cum.Last(cl.args); ok {
		args = last // the arguments of a cumulative stream are its last text (D71)
	}
	return c.finishPiece != nil && cutOff(c.finishReason) && !json.Valid(args)
}

// cutOff reports whether a choice that finished for reason was cut off (by max_tokens or a
// content filter), so that its open tool call may be truncated. Such a call's arguments text is
// never completed or mended: an empty text stays empty (not D19's {}), and neither D21, D23 nor
// D24 applies; only arguments that already parse may be coerced by schema (docs/faults.md D46:
// anthropics/claude-code #1236, anthropics/anthropic-sdk-python #794 — never completed).
func cutOff(reason string) bool {
	return reason == "length" || reason == "max_tokens" || reason == "content_filter"
}
