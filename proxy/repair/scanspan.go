package repair

import (
	"bytes"
	"slices"
)

// RepairSpan judges one faulty string value the scan read to its end (Spans), tok being its
// text (the string token, quotes included): it reads the value the string holds and coerces it
// along the schemas of its place, as RepairInput does for that value (docs/faults.md D13-D15,
// D25 and D29 inside the string, D23b), and returns its compact JSON and the kinds applied when
// the result fits every schema of the place. changed is false, and the span goes out as it
// came, when tok is not one JSON string, when no reading of it fits, or when the repair runs
// out of budget. It never panics.
//
// Since the span's place lies in no anyOf or oneOf branch, the value RepairInput would write
// there depends on tok and the place alone: when RepairInput repairs the whole input, it writes
// this repair at this place. Whether it does is for Scan.Judge to say, with what is known of the
// rest of the input; when a part that arrives after the span went out repaired fits no schema
// (or the input is cut off), the dialect has sent the repaired value anyway, and the input fits
// no schema either way.
func (s *Scan) RepairSpan(sp ScanSpan, tok []byte) (fixed []byte, kinds []string, changed bool) {
	defer func() {
		if recover() != nil {
			fixed, kinds, changed = nil, nil, false
		}
	}()
	return repairSpan(sp, tok)
}

// repairSpan is RepairSpan without the recover, for the fuzz tests to see a panic: the inline
// path where it answers (a stringified array or object that fits as it is: no value tree), the
// tree path otherwise.
func repairSpan(sp ScanSpan, tok []byte) ([]byte, []string, bool) {
	if inlines(sp, tok) {
		if fixed, err := AppendInlined(make([]byte, 0, len(tok)), tok); err == nil {
			return fixed, maskCoerce.kindStrings(), true
		}
	}
	return repairSpanTree(sp, tok)
}

// repairSpanTree is the repair of a span through the value tree: the string parsed, coerced
// along the schemas of its place, checked and encoded compact.
func repairSpanTree(sp ScanSpan, tok []byte) ([]byte, []string, bool) {
	v, err := parseJSON(string(tok))
	if err != nil || v.kind != kindString || len(sp.set) == 0 {
		return nil, nil, false
	}
	b := newBudget(len(tok))
	var m mask
	changed := false
	for _, ps := range sp.set {
		if w, wm, ch := b.coerce(v, ps, 0); ch {
			v, m, changed = w, m|wm, true
		}
	}
	if !changed || b.spent {
		return nil, nil, false
	}
	for _, ps := range sp.set {
		if !b.judges(&v, ps, 0) {
			return nil, nil, false
		}
	}
	return appendJSON(make([]byte, 0, len(tok)), &v), m.kindStrings(), true
}

// SpanEdit is one faulty value of a streamed input that went out repaired (RepairSpan): the
// bytes [Start, End) of the input as it came went out as Repl, or, with Inlined set (and Repl
// nil), as what WriteInlined writes for them (Scan.Inlines), so that a repair of megabytes need
// not be kept.
type SpanEdit struct {
	Start, End int
	Repl       []byte
	Inlined    bool
}

// Edited returns text, a prefix of an input as it came, with edits (in their order, each ending
// within text) made: what a client has been sent of the input. With no edits it is text itself.
func Edited(text []byte, edits []SpanEdit) []byte {
	if len(edits) == 0 {
		return text
	}
	out := make([]byte, 0, len(text))
	pos := 0
	for _, e := range edits {
		out = append(out, text[pos:e.Start]...)
		if e.Inlined {
			out, _ = AppendInlined(out, text[e.Start:e.End])
		} else {
			out = append(out, e.Repl...)
		}
		pos = e.End
	}
	return append(out, text[pos:]...)
}

// SpansOnly reports whether a Scan of the whole input of a call to tool holds nothing but faulty
// string values read to their end (Spans), and Judge lets them go: a dialect streaming that
// input lets all of it go before the call ends, each such value as soon as it ends (or its
// context decides). opt is as for NewScan.
func (t *Tools) SpansOnly(tool string, opt Options, input []byte) bool {
	sc := t.NewScan(tool, opt)
	sc.Feed(input)
	if len(sc.Spans()) == 0 {
		return false
	}
	var edits []SpanEdit
	for _, sp := range sc.Spans() {
		if fixed, _, ok := sc.RepairSpan(sp, input[sp.Start:sp.End]); ok {
			edits = append(edits, SpanEdit{Start: int(sp.Start), End: int(sp.End), Repl: fixed})
		}
	}
	if sc.Judge(input, nil, edits) == SpansHold {
		return false
	}
	sc.TakeSpans()
	_, held := sc.Held()
	return !held
}

// AppendHeld appends p (a string or bytes) to text, the held input of a call that a dialect keeps whole for its
// repair, and returns the extended text. When text is full its capacity doubles (append grows a
// large slice by a quarter, which copies an input of megabytes many times over and leaves as
// many dead copies for the collector).
func AppendHeld[T string | []byte](text []byte, p T) []byte {
	if len(text)+len(p) > cap(text) {
		text = slices.Grow(text, max(len(p), cap(text)))
	}
	return append(text, p...)
}

// SentInput is a streamed tool input as the client assembles it, for judging the whole call once
// it ends: text with edits applied (Edited), or {} when that is only white space, as clients read
// an empty input (Claude Code, the OpenAI SDKs).
func SentInput(text []byte, edits []SpanEdit) []byte {
	in := Edited(text, edits)
	if len(bytes.TrimSpace(in)) == 0 {
		return []byte("{}")
	}
	return in
}
