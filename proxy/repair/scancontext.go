package repair

import (
	"bytes"
	"slices"
	"sort"
	"strings"
)

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
		if hops > maxHops || x.hasEnum || x.constant != nil || x.not != nil || len(x.anyOf) > 0 || len(x.oneOf) > 0 {
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

// fit is the answer for one value of an input as far as it came: it can still fit, it waits for
// more of itself, or it cannot fit whatever follows.
type fit uint8

const (
	fitOK fit = iota
	fitWait
	fitNo
)

// and combines two answers a value needs both of.
func (f fit) and(g fit) fit { return max(f, g) }

// ctxNode is one value of the input as far as it came: a complete value without an edit in it
// (v), an edit (a faulty value whose repair fits its place), or an array or object with an edit
// in it or not yet closed (structural: elems, keys). Offsets are in ctxJudge.text.
type ctxNode struct {
	start, end int
	depth      int  // 1: the top level
	absent     bool // the value has not begun
	complete   bool
	edit       bool // an edit: fits its place
	pending    bool // the node is or holds an edit not yet let go
	structural bool // read member by member (elems, keys), not as one value (v)
	k          kind
	v          value
	keys       []string // objects: the member names, skipped ones first
	elems      []ctxNode
	skipped    int // the members (items) before elems, judged by an earlier Judge
	// resume is the offset after the last comma that follows a complete member, and resumeItems
	// the members before it; 0 when none
	resume, resumeItems int
}

// items returns the number of members or items read of n, skipped ones included.
func (n *ctxNode) items() int { return n.skipped + len(n.elems) }

// ctxJudge reads and checks one input for Scan.Judge. text is the input from offset base on,
// read in place: only the values parsed whole are copied.
type ctxJudge struct {
	text        []byte
	base        int
	sent, edits []SpanEdit
	next        int // the first edit (of sent then edits) not yet met by read
	b           *budget
	waitDepth   int // the depth of the outermost open value the answer waits for (1: the top)
}

// edit returns edit k of sent then edits, its offsets in text, and whether it is pending (not
// yet let go); ok is false past the last.
func (j *ctxJudge) edit(k int) (e SpanEdit, pending, ok bool) {
	switch {
	case k < len(j.sent):
		e = j.sent[k]
	case k < len(j.sent)+len(j.edits):
		e, pending = j.edits[k-len(j.sent)], true
	default:
		return e, false, false
	}
	e.Start -= j.base
	e.End -= j.base
	return e, pending, true
}

// seek returns the first edit that starts at or after i.
func (j *ctxJudge) seek(i int) int {
	k := sort.Search(len(j.sent), func(k int) bool { return j.sent[k].Start-j.base >= i })
	if k == len(j.sent) {
		k += sort.Search(len(j.edits), func(k int) bool { return j.edits[k].Start-j.base >= i })
	}
	return k
}

// read reads the value at i, at depth (1: the top level); false when the text is not JSON there.
func (j *ctxJudge) read(i, depth int) (ctxNode, bool) {
	n := ctxNode{start: i, end: len(j.text), depth: depth}
	if depth > maxDepth || !j.b.step() {
		return n, false
	}
	for {
		if e, _, ok := j.edit(j.next); !ok || e.Start >= i {
			break
		}
		j.next++
	}
	if i >= len(j.text) {
		n.absent = true
		return n, true
	}
	e, pending, ok := j.edit(j.next)
	if ok && e.Start == i {
		j.next++
		n.end, n.complete, n.edit, n.pending = e.End, true, true, pending
		return n, e.End <= len(j.text)
	}
	switch c := j.text[i]; {
	case c == '{' || c == '[':
		limit := len(j.text)
		if ok {
			limit = e.Start
		}
		if v, end, _, err := parseJSONPrefix(string(j.text[i:limit]), false); err == nil {
			n.end, n.complete, n.k, n.v = i+end, true, v.kind, v
			return n, true
		}
		n.k, n.structural = kindArray, true
		if c == '{' {
			n.k = kindObject
		}
		return j.container(n, i+1, depth)
	case c == '"':
		end, closed := stringEnd(j.text, i)
		if !closed {
			n.k = kindString
			return n, true // cut off
		}
		return j.scalar(n, end)
	case c == 't' || c == 'f' || c == 'n':
		for _, lit := range []string{"true", "false", "null"} {
			if lit[0] != c {
				continue
			}
			if bytes.HasPrefix(j.text[i:], []byte(lit)) {
				return j.scalar(n, i+len(lit))
			}
			if bytes.HasPrefix([]byte(lit), j.text[i:]) {
				n.k = map[byte]kind{'t': kindTrue, 'f': kindFalse, 'n': kindNull}[c]
				return n, true // cut off
			}
		}
		return n, false
	case c == '-' || c >= '0' && c <= '9':
		end := i
		for end < len(j.text) && strings.IndexByte("0123456789+-.eE", j.text[end]) >= 0 {
			end++
		}
		if end == len(j.text) {
			n.k = kindNumber
			return n, true // cut off: more digits may come
		}
		return j.scalar(n, end)
	}
	return n, false
}

// skipBlank returns the offset of the first byte at or after i that is not JSON white space.
func skipBlank(text []byte, i int) int {
	for i < len(text) && isWS(text[i]) {
		i++
	}
	return i
}

// stringEnd returns the offset just past the string token at i and true, or the text's length
// and false when the token is not closed yet.
func stringEnd(text []byte, i int) (int, bool) {
	for k := i + 1; k < len(text); k++ {
		switch text[k] {
		case '\\':
			k++
		case '"':
			return k + 1, true
		}
	}
	return len(text), false
}

// scalar reads the complete scalar token n.start..end.
func (j *ctxJudge) scalar(n ctxNode, end int) (ctxNode, bool) {
	v, k, _, err := parseJSONPrefix(string(j.text[n.start:end]), false)
	if err != nil || n.start+k != end {
		return n, false
	}
	n.end, n.complete, n.k, n.v = end, true, v.kind, v
	return n, true
}

// container reads the members (or items) of the array or object n, one that holds an edit or
// is not closed yet, from i on: just after its opening bracket, or where an earlier Judge
// stopped.
func (j *ctxJudge) container(n ctxNode, i, depth int) (ctxNode, bool) {
	obj := n.k == kindObject
	closer := byte(']')
	if obj {
		closer = '}'
	}
	j.next = j.seek(i)
	for {
		i = skipBlank(j.text, i)
		if i >= len(j.text) {
			return n, true
		}
		if j.text[i] == closer && n.items() == 0 {
			n.end, n.complete = i+1, true
			return n, true
		}
		if obj {
			if j.text[i] != '"' {
				return n, false
			}
			end, closed := stringEnd(j.text, i)
			if !closed {
				return n, true // the name is cut off
			}
			key, k, _, err := parseJSONPrefix(string(j.text[i:end]), false)
			if err != nil || key.kind != kindString || i+k != end {
				return n, false
			}
			if i = skipBlank(j.text, end); i >= len(j.text) {
				return n, true
			}
			if j.text[i] != ':' {
				return n, false
			}
			n.keys = append(n.keys, key.text)
			i = skipBlank(j.text, i+1)
		}
		e, ok := j.read(i, depth+1)
		if !ok {
			return n, false
		}
		n.elems = append(n.elems, e)
		n.pending = n.pending || e.pending
		if !e.complete {
			return n, true
		}
		if i = skipBlank(j.text, e.end); i >= len(j.text) {
			return n, true
		}
		switch j.text[i] {
		case ',':
			i++
			n.resume, n.resumeItems = i, n.items()
		case closer:
			n.end, n.complete = i+1, true
			return n, true
		default:
			return n, false
		}
	}
}

// fits judges node n against schema x (hops counting combinator steps at n, as valid does).
func (j *ctxJudge) fits(n *ctxNode, x *schema, hops int) fit {
	switch {
	case !j.b.step() || n.absent || n.edit:
		// an edit fits every schema of its place (RepairSpan checked it): fits is called on it only
		// with those, never through their combinators
		return fitOK
	case hops > maxHops:
		return fitNo
	case x == nil || x.always || x.unresolved:
		return fitOK
	case x.never:
		return fitNo
	case !n.structural && n.complete:
		if j.b.valid(&n.v, x, hops) {
			return fitOK
		}
		return fitNo
	}
	if x.hasType && x.types&kindTypes(n.k) == 0 {
		return fitNo
	}
	whole := x.hasEnum || x.constant != nil || x.not != nil || len(x.anyOf) > 0 || len(x.oneOf) > 0
	if !n.complete && (x.constant != nil && j.ruledOut(n, x.constant) || x.hasEnum && j.ruledOutAll(n, x.enum)) {
		return fitNo
	}
	switch {
	case whole && n.complete:
		// an array or object with edits in it, complete: its whole value, repaired, decides
		if v, ok := j.repaired(n); ok && j.b.valid(&v, x, hops) {
			return fitOK
		}
		return fitNo
	case whole && n.pending:
		// its whole value decides whether the edits may go: wait until it ends
		if j.waitDepth == 0 || n.depth < j.waitDepth {
			j.waitDepth = n.depth
		}
		return fitWait
	}
	r := fitOK
	switch n.k {
	case kindObject:
		r = j.fitsObject(n, x)
	case kindArray:
		r = j.fitsArray(n, x)
	}
	if s := x.ref; s != nil && r != fitNo {
		r = r.and(j.fits(n, s, hops+1))
	}
	for _, a := range x.allOf {
		if r == fitNo {
			break
		}
		r = r.and(j.fits(n, a, hops+1))
	}
	for _, group := range [][]*schema{x.anyOf, x.oneOf} {
		if len(group) == 0 || r == fitNo {
			continue
		}
		// an open value none of whose branches can fit any more fits no schema (whole is set, so
		// n holds no pending edit: its branches never wait)
		no := true
		for _, a := range group {
			if j.fits(n, a, hops+1) != fitNo {
				no = false
				break
			}
		}
		if no {
			r = fitNo
		}
	}
	return r
}

// ruledOut reports whether the open array or object n can no longer become c, whatever
// follows: c is of another kind, has no member of a name n has (a later member of the same name
// may still replace an earlier one's value, so values are not compared), has fewer items than n,
// or an item other than n's at the same index.
func (j *ctxJudge) ruledOut(n *ctxNode, c *value) bool {
	if n.k != c.kind {
		return true
	}
	if n.k == kindObject {
		for _, k := range n.keys {
			if c.member(k) == nil {
				return true
			}
		}
		return false
	}
	if n.items() > len(c.elems) {
		return true
	}
	for i := range n.elems {
		e, ce := &n.elems[i], &c.elems[n.skipped+i]
		switch {
		case e.absent || e.edit:
		case !e.complete && e.structural:
			if j.ruledOut(e, ce) {
				return true
			}
		case e.complete && !e.structural:
			if !equalValues(&e.v, ce) {
				return true
			}
		case !e.complete && e.k != ce.kind:
			return true // a cut scalar of another kind (its first byte says which)
		}
	}
	return false
}

// ruledOutAll reports whether the open array or object n can become none of enum's values.
func (j *ctxJudge) ruledOutAll(n *ctxNode, enum []value) bool {
	for i := range enum {
		if !j.ruledOut(n, &enum[i]) {
			return false
		}
	}
	return true
}

// fitsObject judges the members of the object n, complete or not, against x.
func (j *ctxJudge) fitsObject(n *ctxNode, x *schema) fit {
	if x.maxProps >= 0 && len(n.keys) > x.maxProps {
		return fitNo
	}
	if n.complete {
		if x.minProps >= 0 && len(n.keys) < x.minProps {
			return fitNo
		}
		for _, req := range x.required {
			if !slices.Contains(n.keys, req) {
				return fitNo
			}
		}
	}
	r := fitOK
	var buf [4]*schema
	for i, k := range n.keys[n.skipped:] {
		for _, ps := range memberSchemas(x, k, buf[:0]) {
			if r = r.and(j.fits(&n.elems[i], ps, 0)); r == fitNo {
				return r
			}
		}
	}
	return r
}

// fitsArray judges the items of the array n, complete or not, against x.
func (j *ctxJudge) fitsArray(n *ctxNode, x *schema) fit {
	if x.maxItems >= 0 && n.items() > x.maxItems || n.complete && x.minItems >= 0 && n.items() < x.minItems {
		return fitNo
	}
	r := fitOK
	for i := range n.elems {
		if is := itemSchema(x, n.skipped+i); is != nil {
			if r = r.and(j.fits(&n.elems[i], is, 0)); r == fitNo {
				return r
			}
		}
	}
	return r
}

// kindTypes returns the types a value of kind k may have: every number may be an integer until
// its text is known.
func kindTypes(k kind) typeSet {
	switch k {
	case kindNull:
		return tNull
	case kindTrue, kindFalse:
		return tBoolean
	case kindNumber:
		return tNumber | tInteger
	case kindString:
		return tString
	case kindArray:
		return tArray
	}
	return tObject
}

// repaired returns the complete value n with the edits in it made.
func (j *ctxJudge) repaired(n *ctxNode) (value, bool) {
	var out []byte
	pos := n.start
	for k := j.seek(n.start); ; k++ {
		e, _, ok := j.edit(k)
		if !ok || e.End > n.end {
			break
		}
		out = append(out, j.text[pos:e.Start]...)
		if e.Inlined {
			var err error
			if out, err = AppendInlined(out, j.text[e.Start:e.End]); err != nil {
				return value{}, false
			}
		} else {
			out = append(out, e.Repl...)
		}
		pos = e.End
	}
	out = append(out, j.text[pos:n.end]...)
	v, err := parseJSON(string(out))
	return v, err == nil
}
