package openai

import "github.com/toolfix/toolfix/proxy/repair"

// settleSpans ends the holding of a streaming call's arguments once nothing in them is held any
// more, so that the rest of the call streams again:
//   - a faulty string value the scan read to its end (repair.ScanSpan; docs/faults.md D13-D15,
//     D25 and D29 inside it: anomalyco/opencode #7512, #8249) goes out repaired when its repair
//     fits the schemas of its place (repair.Scan.RepairSpan) and the arguments as far as they
//     came can still fit (repair.Scan.Judge; while that is not decidable it stays held), else
//     as it came; the held deltas
//     are then replaced by one arguments delta carrying the held text with the repair made;
//   - an escape whose backslash ended a delta (held until its next bytes came: D24, D25) that
//     turned out to be one JSON has lets its deltas go as they came.
//
// While the held text holds, after values that ended, another byte that may need a change (the
// next faulty value begun in the same delta), nothing is let go: the values that ended are judged
// with that one when it ends, all at once. What stays held to the call's end (text after the
// arguments, an escape that is not JSON's) is judged whole there (repairSpan), as are calls whose
// arguments came as an object (D20) or cannot be read.
func (c *choiceState) settleSpans(cl *call) {
	sc := cl.scan
	if sc == nil || cl.lost || cl.bad || cl.argsObject || !cl.span {
		return
	}
	if sc.Waiting() {
		// Another value is held after the ones that ended, or their context does not decide yet:
		// they are judged with the next delta (their spans stay in the scan), or with the whole
		// call at its end.
		return
	}
	spans := sc.Spans()
	var out []byte
	var edits []repair.SpanEdit
	var kinds []string
	for _, sp := range spans {
		start, end := int(sp.Start), int(sp.End)
		if fixed, k, ok := sc.RepairSpan(sp, cl.args[start:end]); ok {
			edits = append(edits, repair.SpanEdit{Start: start, End: end, Repl: fixed})
			kinds = append(kinds, k...)
		}
	}
	if len(spans) > 0 {
		switch sc.Judge(cl.args, cl.edits, edits) {
		case repair.SpansHold:
			return // judged again with the next delta, or whole at the call's end
		case repair.SpansAsCame:
			edits, kinds = nil, nil
		}
	}
	pos := cl.streamed
	for _, e := range edits {
		out = append(out, cl.args[pos:e.Start]...)
		out = append(out, e.Repl...)
		pos = e.End
	}
	sc.TakeSpans()
	if len(spans) > len(edits) {
		c.s.rep.CallFail(&cl.rec, "tool arguments value does not fit the schema and no repair makes it fit")
	}
	if edits != nil {
		out = append(out, cl.args[pos:]...)
		if cl.spanFirst && cl.id == "" {
			cl.id = repair.NewID("call_")
		}
		if cl.shape && cl.spanFirst {
			kinds = append(kinds, "shape")
		}
		cl.replaceDeltas(synthCall{index: cl.index, id: cl.id, name: cl.name, args: out, argsOnly: !cl.spanFirst})
		cl.edits = append(cl.edits, edits...)
		c.s.rep.CallRepair(&cl.rec, cl.name, kinds...)
	}
	c.mendHeld(cl)
	cl.held, cl.span, cl.spanFirst, cl.faulty, cl.refs = false, false, false, false, nil
	cl.streamed = len(cl.args)
	if len(cl.args) > keptPrefix {
		cl.args, cl.lost, cl.edits = nil, true, nil
	}
}
