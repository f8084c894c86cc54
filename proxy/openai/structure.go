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

// Begins is what one tool-call delta on the index of a call tells of a call beginning there
// (docs/faults.md D70; see BeginsAnother).
type Begins int

const (
	// Same: the delta goes on with the call.
	Same Begins = iota
	// Another: the delta begins another call, which the SDKs would glue onto the first.
	Another
	// Maybe: the delta may begin another call or close the one it follows; it carries a new id,
	// its name is the call's or none, and no arguments. What comes next on the index decides
	// (HeadDecides); until then it is held.
	Maybe
)

// BeginsAnother tells whether a tool-call delta on the index of a call, carrying id, name and the
// arguments text text (nil: none), begins another call (docs/faults.md D70: InternLM/lmdeploy
// #3412, ollama/ollama #15457, huggingface/smolagents PR #1958): parallel calls streamed on one
// index, the second beginning with its own id and name, which the SDKs would glue onto the first.
// Only where that is the one reading: the delta names an id other than the one the call began
// with and either a name that is not the call's (nothing renames a call), or the call's name and
// the beginning of other arguments while the call's arguments so far are one whole JSON value (a
// call is not whole before its last delta). The same id repeated is the same call; a new id
// without a name is a gateway's fresh id on every chunk (oracle/langchain-oracle PR #254), which
// the SDKs read as the same call; a delta with the call's name and exactly its arguments again is
// a resend, never a second call (a call is not made twice: D21 mends {A}{A}), and neither is one
// whose text cannot begin arguments (white space after the whole object from a gateway that
// repeats the id and name on every chunk).
//
// A delta with a new id, the call's name or none, and no arguments at all after whole arguments
// is Maybe: a second call's first delta as the standard sends it, or the last chunk of a gateway
// that sends a fresh id (and the name) on every chunk and ends each call with arguments ""; the
// next delta of the index decides (HeadDecides).
//
// The call is given by the id clID and name clName it began with and its arguments so far, args
// (kept false: they are not all kept, and cannot be judged whole). toolfix inspect names D70 by
// the same rule.
func BeginsAnother(clID, clName string, args []byte, kept bool, id, name string, text []byte) Begins {
	switch {
	case id == "" || clID == "" || id == clID:
		return Same
	case name != "" && (clName == "" || name != clName):
		return Another
	case !kept || !json.Valid(args):
		return Same
	case len(text) == 0:
		return Maybe
	case name == "":
		return Same
	}
	t := bytes.TrimSpace(text)
	if len(t) == 0 || t[0] != '{' || bytes.Equal(t, bytes.TrimSpace(args)) {
		return Same
	}
	return Another
}

// HeadDecides tells of a delta BeginsAnother found Maybe (the head, with the id headID, named
// headName or "" for none) whether the next delta on its index, carrying id, name and the arguments text text,
// shows it the beginning of another call (another) or a part of the call before it (clID,
// clName): decided is false while that delta carries nothing that tells (no arguments, or
// only white space, and no other name), and the one after it decides. The head begins another
// call when that delta names another tool, or brings the beginning of arguments (even the same
// arguments again: a standard first delta and then arguments is how a call begins) while the
// head or it carries the call's name; an id of its own without a name is a gateway's fresh id on
// an arguments delta and tells nothing. An id of its own with a name makes the head the call's
// own last chunk, and the delta is judged on its own (BeginsAnother): a gateway that sends a
// fresh id and the name on every chunk ends each call with a trailer, and the next such chunk
// that brings arguments begins the next call. Text that cannot begin arguments, or arguments that
// nothing names (a fresh id on every chunk, oracle/langchain-oracle PR #254), make the head a part
// of the call before it too, as does anything else that comes first (a finish, content, a delta
// of another index).
func HeadDecides(clID, clName, headID, headName, id, name string, text []byte) (decided, another bool) {
	t := bytes.TrimSpace(text)
	switch {
	case id != "" && (id == clID || id != headID && name != ""):
		return true, false
	case name != "" && name != clName:
		return true, true
	case len(t) == 0:
		return false, false
	case headName == "" && name == "", t[0] != '{':
		return true, false
	}
	return true, true
}

// maxHead bounds the deltas held as a head (see headHold): past it, the head is the call's own.
const maxHead = 8

// headHold is what a choice holds of deltas D that may begin another call on the upstream index
// wire of call cl, or end cl (BeginsAnother's Maybe, D70): a gateway that sends a fresh id and
// the name on every chunk ends a call with arguments "", as the standard begins the next one.
// They wait until the next delta on the index decides (HeadDecides); anything else of the choice
// first (a finish, content, a delta of another index, the stream's end) makes them cl's. The
// stream repair holds the deltas' chunks; the whole-body answer of a stream (D55) its deltas.
type headHold[C any, D any] struct {
	cl     C
	wire   int
	id     string // the first delta's id
	name   string // the first name the held deltas carry
	deltas []D
}

// add holds one more delta, which carries name ("" for none).
func (h *headHold[C, D]) add(d D, name string) {
	h.deltas = append(h.deltas, d)
	if h.name == "" {
		h.name = name
	}
}

// step tells what the next tool-call delta tc of the choice does to the head, whose call has the
// id clID and the name clName: keep when tc joins the head (HeadDecides cannot tell yet, and fewer
// than maxHead deltas are held); else the head ends, as the beginning of another call when
// another is set, as its call's own otherwise (tc has no index or another one, HeadDecides found a
// trailer, or maxHead deltas are held). The stream repair and the whole-body answer of a stream
// both step their heads with it.
func (h *headHold[C, D]) step(tc *wireToolCall, clID, clName string) (keep, another bool) {
	if tc.Index == nil || *tc.Index != h.wire {
		return false, false
	}
	decided, another := HeadDecides(clID, clName, h.id, h.name, strOf(tc.ID), fnName(tc), deltaText(tc))
	return !decided && len(h.deltas) < maxHead, decided && another
}

// end gives the held deltas, in order, to take: as the beginning of a call begin starts on the
// index, when another is set, else as deltas of cl; it returns the call they went to.
func (h *headHold[C, D]) end(another bool, begin func(wire int) C, take func(D, C)) C {
	to := h.cl
	if another {
		to = begin(h.wire)
	}
	for _, d := range h.deltas {
		take(d, to)
	}
	return to
}

// deltaText returns the arguments text of a tool-call delta: nil when it has none or they are not
// a string (argText).
func deltaText(tc *wireToolCall) []byte {
	if tc.Function == nil {
		return nil
	}
	text, _, ok := argText(tc.Function.Arguments)
	if !ok {
		return nil
	}
	return text
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
