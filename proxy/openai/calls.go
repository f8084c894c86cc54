package openai

import (
	"encoding/json"

	"github.com/toolfix/toolfix/proxy/markup"
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
}

// pieceRef is where one delta of a call is: the chunk and the delta's position in its tool_calls.
type pieceRef struct {
	p   *piece
	pos int
}

// sent returns the arguments the client ends up with.
func (cl *call) sent() []byte {
	if cl.fixed != nil {
		return cl.fixed
	}
	return cl.args
}

// nextIndex is the first index after every index a call of the choice goes out with.
func (c *choiceState) nextIndex() int { return c.next }

// callFor finds the call a tool-call delta belongs to, starting a new one when it begins one.
// A delta without index (docs/faults.md D31: AstrBotDevs/AstrBot #6692) continues the last call
// unless it names another id, or another name where the last call already has one; a delta whose
// index names a call begun with another id starts a new call too (the SDKs would glue the two
// calls' arguments together).
func (c *choiceState) callFor(tc *wireToolCall) *call {
	id, name := strOf(tc.ID), fnName(tc)
	if tc.Index != nil {
		cl := c.byIndex[*tc.Index]
		if cl != nil && (id == "" || cl.id == "" || id == cl.id) {
			return cl
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
	s := c.s
	cl := c.callFor(tc)
	if !cl.open {
		return // a late delta of a complete call: it passes as it is
	}
	first := !cl.started
	cl.started = true
	id, name := strOf(tc.ID), fnName(tc)
	reindex := tc.Index == nil || *tc.Index != cl.index
	if first {
		cl.id, cl.name = id, name
		cl.held = name == "" || s.tools.Has(name)
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
		text, obj, ok = argText(tc.Function.Arguments)
		if !ok {
			cl.bad = true
		}
		cl.args = append(cl.args, text...)
		cl.argsObject = cl.argsObject || obj
	}
	if cl.held {
		cl.refs = append(cl.refs, pieceRef{p: p, pos: pos})
		p.calls = append(p.calls, callRef{call: cl, pos: pos})
		return
	}
	c.patchInPlace(p, pos, cl, reindex, first && (tc.Type == nil || *tc.Type == ""), first, text, obj)
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
	ed.patch[pos] = &cp
	c.s.rep.Repair(cl.name, kinds...)
}

// completeWhole completes, as completeCalls with repair does, the open calls that had the upstream
// index wire and those whose arguments are one whole JSON value (see newCall).
func (c *choiceState) completeWhole(wire int) {
	var done, still []*call
	for _, cl := range c.open {
		if cl.wire == wire || cl.bad || json.Valid(cl.args) {
			done = append(done, cl)
		} else {
			still = append(still, cl)
		}
	}
	if done == nil {
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
		if cl.held && repair {
			c.s.repairCall(c, cl)
		}
		cl.refs = nil
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
		s.rep.Fail("tool call without a name or with unreadable arguments")
		return
	}
	args := cl.args
	var kinds []string
	if cl.argsObject {
		kinds = append(kinds, "args_object")
	}
	cut := c.finishPiece != nil && cutOff(c.finishReason)
	if s.tools.Has(cl.name) && !s.tools.Fits(cl.name, args) {
		if fixed, k, ok := s.tools.RepairInput(cl.name, args, repair.Options{Args: !cut}); ok {
			args = fixed
			cl.fixed = fixed
			kinds = append(kinds, k...)
		} else {
			s.rep.Fail("tool arguments do not fit the schema and no repair makes them fit")
		}
	}
	if cl.shape {
		kinds = append(kinds, "shape")
	}
	if len(kinds) == 0 {
		if cl.untyped && len(cl.refs) > 0 {
			// Only "type" is missing: the first delta is mended in place.
			r := cl.refs[0]
			ed := r.p.edit()
			if ed.patch == nil {
				ed.patch = map[int]*callPatch{}
			}
			ed.patch[r.pos] = &callPatch{typ: true}
			s.rep.Repair(cl.name, "shape")
		}
		return
	}
	if cl.id == "" {
		cl.id = repair.NewID("call_")
	}
	for _, r := range cl.refs {
		ed := r.p.edit()
		if ed.drop == nil {
			ed.drop = map[int]bool{}
		}
		ed.drop[r.pos] = true
	}
	first := cl.refs[0]
	first.p.edit().synth = append(first.p.edit().synth, synthCall{index: cl.index, id: cl.id, name: cl.name, args: args, slot: first.pos + 1})
	cl.refs = nil
	s.rep.Repair(cl.name, kinds...)
}

func toParams(ps []markup.Param) []repair.Param {
	out := make([]repair.Param, len(ps))
	for i, p := range ps {
		out[i] = repair.Param{Name: p.Name, Value: p.Value, JSON: p.JSON}
	}
	return out
}

// cutOff reports whether a choice that finished for reason was cut off (by max_tokens or a
// content filter), so that its open tool call may be truncated. Such a call's arguments text is
// never completed or mended: an empty text stays empty (not D19's {}), and neither D21, D23 nor
// D24 applies; only arguments that already parse may be coerced by schema (docs/faults.md D46:
// anthropics/claude-code #1236, anthropics/anthropic-sdk-python #794 — never completed).
func cutOff(reason string) bool {
	return reason == "length" || reason == "max_tokens" || reason == "content_filter"
}
