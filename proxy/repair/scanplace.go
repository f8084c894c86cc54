package repair

// The schema side of Scan: which schemas apply at the place of the next value.

// place sets the schemas of the next item of the innermost array.
func (s *Scan) place() {
	f := &s.stack[len(s.stack)-1]
	s.next = s.next[:0]
	for _, x := range f.set {
		if is := itemSchema(x, f.items); is != nil {
			s.next = append(s.next, is)
		}
	}
	s.wants, s.alt = wantsNoString(s.next), f.alt
}

// member sets the schemas of the value of member key of the innermost object.
func (s *Scan) member(key string) {
	f := &s.stack[len(s.stack)-1]
	s.next = s.next[:0]
	var buf [4]*schema
	for _, x := range f.set {
		s.next = append(s.next, memberSchemas(x, key, buf[:0])...)
	}
	s.wants, s.alt = wantsNoString(s.next), f.alt
}

// wantsNoString reports whether a string at a place with these schemas may be coerced: one of
// them knows its types and allows no string (coerceString's rule).
func wantsNoString(set []*schema) bool {
	for _, x := range set {
		if x.always || x.never || x.unresolved || x.opaque {
			continue
		}
		if ts, known := types(x); known && ts&tString == 0 {
			return true
		}
	}
	return false
}

// flatNext returns the schemas of the next value's place with their $ref, allOf, anyOf and
// oneOf branches, as coerce walks them, and whether anyOf or oneOf branches are among them; nil
// for a place nothing constrains. More than maxScanSet schemas give wildcard, which holds every
// string.
func (s *Scan) flatNext() ([]*schema, bool) {
	if len(s.next) == 0 {
		return nil, false
	}
	var out []*schema
	alt := false
	var walk func(x *schema, hops int) bool
	walk = func(x *schema, hops int) bool {
		if x == nil || hops > maxHops || x.always || x.unresolved || x.opaque {
			return true
		}
		for _, y := range out {
			if y == x {
				return true
			}
		}
		if len(out) >= maxScanSet {
			return false
		}
		out = append(out, x)
		if x.never {
			return true
		}
		if !walk(x.ref, hops+1) {
			return false
		}
		alt = alt || len(x.anyOf) > 0 || len(x.oneOf) > 0
		for _, group := range [][]*schema{x.allOf, x.anyOf, x.oneOf} {
			for _, a := range group {
				if !walk(a, hops+1) {
					return false
				}
			}
		}
		return true
	}
	for _, x := range s.next {
		if !walk(x, 0) {
			return []*schema{wildcard}, true
		}
	}
	return out, alt
}

// isValueStart reports whether c can start a JSON value.
func isValueStart(c byte) bool {
	return c == '"' || c == '-' || c >= '0' && c <= '9' || c == 't' || c == 'f' || c == 'n' || c == '{' || c == '['
}

// wildcard stands for a place whose schemas are too many to follow: every member and item under
// it counts as wanting no string, so that a string there is held.
var wildcard = func() *schema {
	s := &schema{hasType: true, types: tObject | tArray, typesKnown: true, typesAllowed: tObject | tArray,
		minProps: -1, maxProps: -1, minItems: -1, maxItems: -1, minLength: -1, maxLength: -1}
	s.additional, s.items = s, s
	return s
}()
