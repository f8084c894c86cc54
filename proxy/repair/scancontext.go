package repair

// The context of a span: whether the whole input, as far as it came, can still fit once the
// faulty values read to their end (Spans) are repaired. RepairSpan judges a value at its place
// alone; RepairInput repairs nothing unless the whole input fits, so a value may go out repaired
// only when nothing known so far rules the whole out (what came before it, what came after it
// in the same deltas, the schemas above it).

// SpanVerdict is what a dialect does with the faulty values a Scan read to their end (Spans),
// as Scan.Judge answers it.
type SpanVerdict uint8

const (
	// SpansHold: keep holding them, and every byte after them. What is known cannot say yet
	// whether the whole input can fit (an enclosing value whose const, enum or not needs its
	// whole value is still open, another byte is held after them, or the judging ran out of
	// budget): they are judged again after the next bytes, and with the whole input at the
	// call's end.
	SpansHold SpanVerdict = iota
	// SpansRepaired: let each go repaired; nothing known so far keeps the input from fitting.
	SpansRepaired
	// SpansAsCame: let them go as they came: the input fits no schema whatever follows (a value
	// known so far fails its schema, or one of them has no repair that fits its place), so
	// RepairInput would change nothing. Every later span of the call goes the same way.
	SpansAsCame
)

// Judge says what to do with the faulty values read to their end (Spans), judged with everything
// known so far (docs/repairs.md, "Spans in context"). text is the input as it came, every byte
// fed so far; sent are the faulty values that went out repaired before, in their order (a
// dialect's edits), and edits one for each value Spans returns, its repair (RepairSpan, or
// Inlined where Inlines said so). A value of Spans that has no edit has no repair that fits its
// place: the input cannot fit.
//
// The answer holds the values while a byte is held beyond them (HeldBeyondSpans), while an
// enclosing array or object whose schema has const, enum or not is still open (its whole value
// decides), and from a byte on that the scan read but that is not JSON (only the whole input can
// say, then, whether a repair of the argument text makes it fit). Otherwise the input as far as
// it came, with every edit made, is checked against the tool's schema: complete values fully
// (as RepairInput checks them), the open containers as far as they go (type, properties,
// additionalProperties, patternProperties, maxProperties, maxItems, items, the anyOf or oneOf
// branches none of which can fit any more, a const or enum none of whose values it can still
// become). required, minProperties and minItems of an open container, and a not or a const or
// enum it can still meet, are left to the whole input: a value they rule out is found out
// later, when the values may have gone repaired already. The members of the top-level value
// judged before are not read again when its schema needs no whole value; the work is bounded
// besides (about 16 times the input, plus 4 MiB, in all the calls of one Scan), and past it the
// values are held. A nil Scan answers SpansRepaired.
func (s *Scan) Judge(text []byte, sent, edits []SpanEdit) (v SpanVerdict) {
	if s == nil {
		return SpansRepaired
	}
	defer func() {
		if recover() != nil {
			v = SpansHold
		}
	}()
	if s.Waiting() {
		return SpansHold
	}
	if s.unfit {
		return SpansAsCame
	}
	if !s.editsCover(edits) {
		s.unfit = true
		return SpansAsCame
	}
	s.minDepth, s.waitDepth = len(s.stack), 0
	base := s.ctx.at
	if s.judged += int64(len(text) - base); s.judged > 16*s.off+4<<20 {
		s.undecided = true
		return SpansHold
	}
	j := ctxJudge{text: text[base:], base: base, sent: sent, edits: edits, b: newBudget(len(text) - base)}
	var n ctxNode
	ok := true
	if base > 0 {
		// keys grows in place: the names before the resume point are never written over
		n = ctxNode{depth: 1, k: s.ctx.k, keys: s.ctx.keys, skipped: s.ctx.items, structural: true}
		n, ok = j.container(n, 0, 1)
	} else {
		n, ok = j.read(skipBlank(j.text, 0), 1)
	}
	if !ok || j.b.spent {
		// not JSON, though the scan read on (a comma before '}', a number JSON does not have):
		// only the whole input can say whether an argument-text repair (D29) makes it fit
		s.undecided = true
		return SpansHold
	}
	switch r := j.fits(&n, s.root, 0); {
	case j.b.spent:
		s.undecided = true
		return SpansHold
	case r == fitNo:
		s.unfit = true
		return SpansAsCame
	case r == fitWait:
		s.waitDepth = j.waitDepth
		return SpansHold
	}
	if n.structural && !n.complete && n.resume > 0 && s.simpleRoot() {
		// the members before n.resume fit and stay as they are: the next Judge starts there
		s.ctx = ctxResume{at: base + n.resume, k: n.k, keys: n.keys[:n.resumeItems], items: n.resumeItems}
		if n.k == kindArray {
			s.ctx.keys = nil
		}
	}
	return SpansRepaired
}

// Waiting reports whether Judge would hold the faulty values read to their end whatever their
// repairs: a dialect need not repair them yet.
func (s *Scan) Waiting() bool {
	return s != nil && (s.HeldBeyondSpans() || s.undecided || s.waitDepth > 0 && s.minDepth >= s.waitDepth)
}

// ctxResume is where Judge goes on reading the top-level array or object: at offset at, after
// the members (or items) judged before, whose names are keys.
type ctxResume struct {
	at    int
	k     kind
	keys  []string
	items int
}

// simpleRoot reports whether the tool's schema, through $ref and allOf, judges the top-level
// value member by member: no const, enum, not, anyOf or oneOf on it, so that members judged once
// need not be read again.
func (s *Scan) simpleRoot() bool {
	var simple func(x *schema, hops int) bool
	simple = func(x *schema, hops int) bool {
		if x == nil || x.always || x.never || x.unresolved {
			return true
		}
		if hops > maxHops || x.opaque || x.ext != nil || x.hasEnum || x.constant != nil || x.not != nil || len(x.anyOf) > 0 || len(x.oneOf) > 0 {
			return false
		}
		for _, a := range x.allOf {
			if !simple(a, hops+1) {
				return false
			}
		}
		return simple(x.ref, hops+1)
	}
	return simple(s.root, 0)
}

// editsCover reports whether every span read to its end has its edit in edits.
func (s *Scan) editsCover(edits []SpanEdit) bool {
	k := 0
	for _, sp := range s.done {
		for k < len(edits) && int64(edits[k].Start) < sp.Start {
			k++
		}
		if k == len(edits) || int64(edits[k].Start) != sp.Start || int64(edits[k].End) != sp.End {
			return false
		}
	}
	return true
}
