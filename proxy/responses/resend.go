package responses

import "github.com/toolfix/toolfix/proxy/repair"

// resent is what came of one function_call item's arguments deltas while they may be resending
// the whole arguments so far (docs/faults.md D71: NousResearch/hermes-agent PR #35718,
// docker/docker-agent PR #2105): their concatenation, kept only while its chain (repair.Chain)
// holds, which a healthy stream breaks at its second delta.
type resent struct {
	args  []byte
	chain repair.Chain
}

// maxResent bounds the arguments text kept for one item's chain, in bytes: past it the chain is
// broken and nothing more is kept.
const maxResent = repair.DefaultMaxHeld

// argsDelta takes a response.function_call_arguments.delta. The delta passes as it came; what it
// brings extends its item's chain or breaks it.
func (s *Stream) argsDelta(e *event) {
	id := e.ItemID
	if id == "" && e.OutputIndex != nil {
		id = s.byOut[*e.OutputIndex]
	}
	if id == "" || e.Delta == nil {
		return
	}
	if s.resent == nil {
		s.resent = map[string]*resent{}
	}
	r := s.resent[id]
	if r == nil {
		r = &resent{}
		s.resent[id] = r
	}
	if r.chain.Broken() {
		return
	}
	if len(r.args)+len(*e.Delta) > maxResent {
		r.chain.Break()
	} else {
		r.chain.Next(r.args, []byte(*e.Delta))
	}
	if r.chain.Broken() {
		r.args = nil
		return
	}
	r.args = append(r.args, *e.Delta...)
}

// resentArgs returns the last text of item id's arguments deltas when every one of them from the
// second on was the one before it plus more and args, the arguments a done event or the final
// response carries, is their concatenation: a translator that glued a cumulative stream's deltas
// (D71). The SDKs build the call from those arguments, so they are what is judged.
func (s *Stream) resentArgs(id, args string) ([]byte, bool) {
	r := s.resent[id]
	if r == nil {
		return nil, false
	}
	last, ok := r.chain.Last(r.args)
	if !ok || string(r.args) != args {
		return nil, false
	}
	return last, true
}
