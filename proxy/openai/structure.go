package openai

import (
	"bytes"
	"encoding/json"
	"slices"

	"github.com/toolfix/toolfix/proxy/repair"
)

// This file holds the rules for streams whose structure a gateway broke while each delta reads
// well on its own: two parallel calls sent on one index (docs/faults.md D70) and arguments whose
// every delta resends the whole text so far (D71). Neither has a whole-body form: a non-streamed
// answer carries each call once, with its whole arguments.

// beginsAnother reports whether a tool-call delta on the index of a call, carrying id and name,
// begins another call (docs/faults.md D70: InternLM/lmdeploy #3412, ollama/ollama #15457,
// huggingface/smolagents PR #1958): parallel calls streamed on one index, the second beginning
// with its own id and name, which the SDKs would glue onto the first. Only where that is the one
// reading: the delta names an id other than the one the call began with and a name, and either the
// name is not the call's (nothing renames a call) or its arguments so far are one whole JSON value (a call
// is not whole before its last delta). The same id repeated is the same call; a new id without a
// name is a gateway's fresh id on every chunk (oracle/langchain-oracle PR #254), which the SDKs
// read as the same call; and a delta with cl's name and exactly cl's arguments again is a resend,
// never a second call (a call is not made twice: D21 mends {A}{A}), and neither is one with cl's
// name whose text cannot begin arguments (white space after the whole object from a gateway that
// repeats the id and name on every chunk).
//
// The call is given by the id and name it began with and its arguments so far, args (kept
// false: they are not all kept, and cannot be judged whole).
func beginsAnother(clID, clName string, args []byte, kept bool, tc *wireToolCall, id, name string) bool {
	switch {
	case id == "" || clID == "" || id == clID || name == "":
		return false
	case clName == "" || name != clName:
		return true
	case !kept || !json.Valid(args):
		return false
	}
	if tc.Function != nil {
		text, _, ok := argText(tc.Function.Arguments)
		t := bytes.TrimSpace(text)
		if ok && (bytes.Equal(t, bytes.TrimSpace(args)) || len(text) > 0 && (len(t) == 0 || t[0] != '{')) {
			return false
		}
	}
	return true
}

// resend is the evidence for cumulative arguments in one call (repair.Chain, docs/faults.md D71)
// and whether the call is held for it. Even a healthy stream whose every delta extends the one
// before is never changed: the cumulative reading is taken only when the concatenation does not
// fit the schema and the last text does, after the usual repairs (see cumulative).
type resend struct {
	repair.Chain
	hold bool // the call is held for the chain (see holdResend)
}

// holdResend starts holding a streaming call at the delta of piece p that extended the chain
// (see resend): nothing of the call went out held before it, and from here its deltas wait until
// the chain breaks (resendGoesOn) or the call is complete and judged whole (repairSpan). The hold
// is not for a fault, so comments keep their places.
func (c *choiceState) holdResend(p *piece, pos int, cl *call, text []byte) {
	cl.held, cl.span, cl.spanFirst, cl.faulty = true, true, false, false
	cl.cum.hold = true
	cl.hold++
	cl.args = repair.AppendHeld(cl.args, text)
	cl.refs = append(cl.refs, pieceRef{p: p, pos: pos})
	p.calls = append(p.calls, callRef{call: cl, pos: pos, hold: cl.hold})
}

// resendGoesOn takes a delta of a held call that extended its chain or came while the chain
// held the call: whether the chain holds it now. A span held for another rule (a comma that
// ended a delta, a faulty value) that the chain extends is held for the chain from here, so
// that no resent text goes out before the call is judged whole. When the delta broke the chain
// the evidence is gone, and the call is held only as far as its scan holds a byte for another
// rule (settleSpans lets the rest go as it came).
func (c *choiceState) resendGoesOn(cl *call, extends bool) bool {
	cl.cum.hold = extends
	cl.faulty = cl.scan.Faulty()
	return extends
}

// repairWhole repairs the whole arguments of a complete call that do not fit its tool's schema:
// read as a cumulative stream when the chain shows one (cumulative), else by the argument-text
// and schema repairs (repairArguments).
func (s *Stream) repairWhole(cl *call, cut bool) ([]byte, []string, bool) {
	if f, k, ok := s.cumulative(cl, cut); ok {
		return f, k, true
	}
	return repairArguments(s.tools, cl.name, cl.args, cut)
}

// cumulative returns the arguments of a complete call read as a cumulative stream (see resend),
// when its chain is unbroken and its last text fits the tool's schema as it is or once repaired
// (the argument-text repairs off for a call cut off, D46), with the kinds of repair: "shape" and
// those of the repair.
func (s *Stream) cumulative(cl *call, cut bool) ([]byte, []string, bool) {
	last, ok := cl.cum.Last(cl.args)
	if !ok {
		return nil, nil, false
	}
	return lastFits(s.tools, cl.name, slices.Clone(last), cut)
}

// lastFits returns the last text of a cumulative stream (see resend) of a call to tool when it
// fits the tool's schema as it is or once repaired (the argument-text repairs off for a call cut
// off, D46), with the kinds of repair: "shape" and those of the repair.
func lastFits(tools *repair.Tools, tool string, last []byte, cut bool) ([]byte, []string, bool) {
	if tools.Fits(tool, last) {
		return last, []string{"shape"}, true
	}
	if f, k, ok := repairArguments(tools, tool, last, cut); ok {
		return f, append(k, "shape"), true
	}
	return nil, nil, false
}

// mendHeld mends in place the held deltas of call cl that go out as they came (no repair replaced
// them): each gets the index the call goes out with where the upstream gave another or none
// (D70, D31: the deltas of a call toolfix numbered anew must not land on another call), and the
// call's first delta, when it lacked "type" and the call is named, gets "type":"function"
// (docs/faults.md D72: vllm-project/vllm #16340, PR #16346; openai-node's ChatCompletionStream
// and the AI SDK's stream parser reject a call without it). A delta that streamed was mended as
// it went (patchInPlace).
func (c *choiceState) mendHeld(cl *call) {
	mended := false
	for _, r := range cl.refs {
		if r.p.ed != nil && r.p.ed.drop[r.pos] {
			continue
		}
		typ := r == cl.head && cl.untyped && cl.name != ""
		if cl.wire == cl.index && !typ {
			continue
		}
		ed := r.p.edit()
		if ed.patch == nil {
			ed.patch = map[int]*callPatch{}
		}
		cp := ed.patch[r.pos]
		if cp == nil {
			cp = &callPatch{}
			ed.patch[r.pos] = cp
		}
		if cl.wire != cl.index {
			cp.index = &cl.index
		}
		cp.typ = cp.typ || typ
		mended = true
	}
	if mended {
		c.s.rep.CallRepair(&cl.rec, cl.name, "shape")
	}
}
