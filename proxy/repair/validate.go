package repair

import (
	"strconv"
	"unicode/utf8"
)

// maxHops bounds how many $ref, allOf, anyOf, oneOf and not steps may follow each other without
// descending into the value; a schema cycle such as {"$ref": "#"} ends there (and fits nothing).
const maxHops = 64

// budget counts the schema steps one call may spend, so that a pathological schema (nested
// anyOf over a large value) ends in a bounded time; a spent budget fails open.
type budget struct {
	left  int
	spent bool
	tree  bool // no kindRaw values: every stringified value is read as a tree (tests' oracle)
	// unsure is set when valid met an opaque node: what it answered cannot be trusted, so a
	// repaired value checked then does not fit (judges)
	unsure bool
}

// judges reports whether the repaired value v fits s (hops as valid counts them) with every place of it judged: a value
// under an opaque node (a keyword toolfix does not know) never counts as fitting, so that no
// repair fires there (fail open).
func (b *budget) judges(v *value, s *schema, hops int) bool {
	b.unsure = false
	return b.valid(v, s, hops) && !b.unsure
}

// newBudget gives a call over n bytes of input its steps: a floor plus a multiple of the size.
func newBudget(n int) *budget {
	return &budget{left: 1<<22 + 64*n}
}

func (b *budget) step() bool {
	if b.left--; b.left < 0 {
		b.spent = true
	}
	return !b.spent
}

// valid reports whether v fits s. hops counts combinator steps at the same value.
func (b *budget) valid(v *value, s *schema, hops int) bool {
	if v.kind == kindRaw {
		return b.rawFits(v, s, hops)
	}
	if !b.step() || s == nil || hops > maxHops {
		return s == nil && !b.spent
	}
	if s.always || s.unresolved {
		return true
	}
	if s.opaque {
		b.unsure = true
		return true
	}
	if s.never {
		return false
	}
	if s.ext != nil && !b.validExtras(v, s, hops) {
		return false
	}
	if s.hasType && !typeMatches(v, s.types) {
		return false
	}
	if s.hasEnum && !inEnum(v, s.enum) {
		return false
	}
	if s.constant != nil && !equalValues(v, s.constant) {
		return false
	}
	switch v.kind {
	case kindObject:
		if !b.validObject(v, s) {
			return false
		}
	case kindArray:
		if !b.validArray(v, s) {
			return false
		}
	case kindString:
		if !validString(v.text, s) {
			return false
		}
	case kindNumber:
		if !validNumber(v.text, s) {
			return false
		}
	}
	return b.validCombinators(v, s, hops)
}

func (b *budget) validCombinators(v *value, s *schema, hops int) bool {
	if s.ref != nil && !b.valid(v, s.ref, hops+1) {
		return false
	}
	for _, a := range s.allOf {
		if !b.valid(v, a, hops+1) {
			return false
		}
	}
	if len(s.anyOf) > 0 {
		ok := false
		for _, a := range s.anyOf {
			if b.valid(v, a, hops+1) {
				ok = true
				break
			}
		}
		if !ok {
			return false
		}
	}
	if len(s.oneOf) > 0 {
		n := 0
		for _, a := range s.oneOf {
			if b.valid(v, a, hops+1) {
				n++
			}
		}
		if n != 1 {
			return false
		}
	}
	if s.not != nil && (b.valid(v, s.not, hops+1) || b.spent) {
		return false
	}
	return !b.spent
}

func (b *budget) validObject(v *value, s *schema) bool {
	for _, r := range s.required {
		if v.member(r) == nil {
			return false
		}
	}
	if (s.minProps >= 0 && len(v.keys) < s.minProps) || (s.maxProps >= 0 && len(v.keys) > s.maxProps) {
		return false
	}
	var buf [4]*schema
	for i, k := range v.keys {
		for _, ps := range memberSchemas(s, k, buf[:0]) {
			if !b.valid(&v.elems[i], ps, 0) {
				return false
			}
		}
	}
	return true
}

// memberSchemas appends to out the schemas that apply to the member named k of an object under
// s: properties[k] and every matching patternProperties, else additionalProperties. None means
// the member is unconstrained. Callers pass a small array on their stack to spare allocations.
func memberSchemas(s *schema, k string, out []*schema) []*schema {
	out = out[:0]
	if p, ok := s.properties[k]; ok {
		out = append(out, p)
	}
	for _, pp := range s.patternProps {
		if pp.re.MatchString(k) {
			out = append(out, pp.s)
		}
	}
	if len(out) == 0 && s.additional != nil {
		out = append(out, s.additional)
	}
	return out
}

func (b *budget) validArray(v *value, s *schema) bool {
	n := len(v.elems)
	if (s.minItems >= 0 && n < s.minItems) || (s.maxItems >= 0 && n > s.maxItems) {
		return false
	}
	for i := range v.elems {
		if is := itemSchema(s, i); is != nil && !b.valid(&v.elems[i], is, 0) {
			return false
		}
	}
	return true
}

// itemSchema returns the schema for item i of an array under s, or nil when it is unconstrained.
func itemSchema(s *schema, i int) *schema {
	if i < len(s.prefix) {
		return s.prefix[i]
	}
	return s.items
}

func validString(text string, s *schema) bool {
	if s.path && pathControl(text) {
		return false // D24 at a path place (pathplace.go)
	}
	if s.minLength >= 0 || s.maxLength >= 0 {
		n := utf8.RuneCountInString(text)
		if (s.minLength >= 0 && n < s.minLength) || (s.maxLength >= 0 && n > s.maxLength) {
			return false
		}
	}
	return s.pattern == nil || s.pattern.MatchString(text)
}

func validNumber(text string, s *schema) bool {
	if s.minimum == nil && s.maximum == nil && s.exclusiveMin == nil && s.exclMax == nil {
		return true
	}
	f, err := strconv.ParseFloat(text, 64)
	if err != nil && f == 0 {
		return false
	}
	return (s.minimum == nil || f >= *s.minimum) && (s.maximum == nil || f <= *s.maximum) &&
		(s.exclusiveMin == nil || f > *s.exclusiveMin) && (s.exclMax == nil || f < *s.exclMax)
}

func typeMatches(v *value, ts typeSet) bool {
	return ts&typeOf(v) != 0
}

// typeOf returns the types v belongs to: an integral number is both number and integer.
func typeOf(v *value) typeSet {
	switch v.kind {
	case kindNull:
		return tNull
	case kindTrue, kindFalse:
		return tBoolean
	case kindString:
		return tString
	case kindArray:
		return tArray
	case kindObject:
		return tObject
	}
	if isIntegral(v.text) {
		return tNumber | tInteger
	}
	return tNumber
}

func inEnum(v *value, enum []value) bool {
	for i := range enum {
		if equalValues(v, &enum[i]) {
			return true
		}
	}
	return false
}

// types returns the JSON types a value may have under s, computed when s was compiled (see
// computeTypes); known is false when nothing in s says, and then nothing may be coerced there.
func types(s *schema) (ts typeSet, known bool) {
	if s == nil {
		return tAll, false
	}
	return s.typesAllowed, s.typesKnown
}

// computeTypes fills typesAllowed and typesKnown of s and of every node it reaches through $ref,
// allOf (intersection), anyOf and oneOf (union). Nothing is known of {}, true, an unresolved $ref
// or a node met again on a cycle. Each node is computed once, so this is linear in the schema.
func computeTypes(s *schema, state map[*schema]int8) {
	const busy, done = 1, 2
	switch state[s] {
	case busy, done:
		return
	}
	state[s] = busy
	defer func() { state[s] = done }()
	s.typesAllowed, s.typesKnown = tAll, false
	if s.always || s.unresolved || s.opaque {
		return
	}
	if s.never {
		s.typesAllowed, s.typesKnown = 0, true
		return
	}
	ts, known := tAll, false
	if s.hasType {
		ts, known = s.types, true
		if ts&tNumber != 0 {
			ts |= tInteger
		}
	}
	sub := func(a *schema) (typeSet, bool) {
		computeTypes(a, state)
		if state[a] == busy { // a cycle back to a node still being computed
			return tAll, false
		}
		return a.typesAllowed, a.typesKnown
	}
	and := func(t typeSet, k bool) {
		if k {
			ts &= t
			known = true
		}
	}
	if s.ref != nil {
		and(sub(s.ref))
	}
	for _, a := range s.allOf {
		and(sub(a))
	}
	for _, group := range [][]*schema{s.anyOf, s.oneOf} {
		if len(group) == 0 {
			continue
		}
		var u typeSet
		all := true
		for _, a := range group {
			t, k := sub(a)
			if !k {
				all = false
				break
			}
			u |= t
		}
		and(u, all)
	}
	s.typesAllowed, s.typesKnown = ts, known
}
