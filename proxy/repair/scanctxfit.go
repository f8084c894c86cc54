package repair

import "slices"

// The checking side of Scan.Judge: whether a value read so far (ctxNode) can still fit a schema.

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
	case x.never || x.opaque:
		// an opaque place cannot be judged: no edit under it goes out repaired
		return fitNo
	case !n.structural && n.complete:
		if j.b.judges(&n.v, x, hops) {
			return fitOK
		}
		return fitNo
	}
	if x.hasType && x.types&kindTypes(n.k) == 0 {
		return fitNo
	}
	whole := x.ext != nil || x.hasEnum || x.constant != nil || x.not != nil || len(x.anyOf) > 0 || len(x.oneOf) > 0
	if !n.complete && (x.constant != nil && j.ruledOut(n, x.constant) || x.hasEnum && j.ruledOutAll(n, x.enum)) {
		return fitNo
	}
	switch {
	case whole && n.complete:
		// an array or object with edits in it, complete: its whole value, repaired, decides
		if v, ok := j.repaired(n); ok && j.b.judges(&v, x, hops) {
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
