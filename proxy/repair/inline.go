package repair

import (
	"errors"
	"unsafe"

	"github.com/toolfix/toolfix/proxy/jsontext"
)

// maxInlineSet bounds the schemas of a span's place the inline path judges at once: with the
// tree path's budget of 64 steps per byte (newBudget), a coerce and a validity check per node and
// schema cannot run out of it under this bound, so both paths answer alike.
const maxInlineSet = 16

// inlineSpan is the repair of a faulty string value (RepairSpan) when its repair is to inline
// the JSON text the string holds: the string's text is unescaped once, then read token by token
// against the schemas of the span's place and written out compact as it is read — no value
// tree. It answers (ok) only where the tree path (repairSpanTree) would write these very bytes:
// the text holds strictly one array or object with white space around it at most, nothing
// inside needs a coercion of its own, and every schema on the way uses only keywords judged
// here (type, properties, additionalProperties, required, minProperties, maxProperties, items,
// prefixItems, minItems, maxItems, minLength, maxLength, pattern, number bounds, enum of
// strings). Otherwise — and when the value does not fit — ok is false and the caller takes the
// tree path, which gives the exact answer.
func inlineSpan(sp ScanSpan, tok []byte) (fixed []byte, ok bool) {
	if len(tok) < 2 || tok[0] != '"' || len(sp.set) == 0 || len(sp.set) > maxInlineSet {
		return nil, false
	}
	ts, known := types(sp.set[0])
	if !known || ts&tString != 0 {
		return nil, false
	}
	// tok is only read while the call runs, and nothing read from it is kept past it.
	outer := &jsonParser{s: unsafe.String(&tok[0], len(tok))}
	text, err := outer.str()
	if err != nil || outer.i != len(tok) {
		return nil, false
	}
	in := inliner{p: jsonParser{s: text}}
	in.p.i = skipWS(text, 0)
	if in.p.i >= len(text) {
		return nil, false
	}
	switch text[in.p.i] {
	case '[':
		if ts&tArray == 0 {
			return nil, false
		}
	case '{':
		if ts&tObject == 0 {
			return nil, false
		}
	default:
		return nil, false
	}
	in.out = make([]byte, 0, len(text)+16)
	if !in.value(sp.set, 0) || skipWS(text, in.p.i) != len(text) {
		return nil, false
	}
	return in.out, true
}

// inliner reads the JSON text of a stringified value and writes it compact (as appendJSON
// writes the value it holds) while judging it against the schemas of each place.
type inliner struct {
	p    jsonParser
	out  []byte
	sets [][]*schema // by depth: the reused list of the schemas of the member or item being read
}

// judged reports whether s uses only the keywords the inline path judges; nil, true, {} and an
// unresolved $ref constrain nothing and are judged too.
func judged(s *schema) bool {
	if s == nil || s.always || s.unresolved {
		return true
	}
	return !s.never && s.ref == nil && len(s.allOf) == 0 && len(s.anyOf) == 0 && len(s.oneOf) == 0 &&
		s.not == nil && s.constant == nil && len(s.patternProps) == 0
}

// constrains reports whether s says anything of a value (valid and coerce look at it).
func constrains(s *schema) bool {
	return s != nil && !s.always && !s.unresolved
}

// value reads the value at p.i, at a place with the schemas set, and writes it; false when
// unsure or when the value does not fit.
func (in *inliner) value(set []*schema, depth int) bool {
	for _, s := range set {
		if !judged(s) {
			return false
		}
	}
	p := &in.p
	if p.i >= len(p.s) {
		return false
	}
	var k kind
	switch c := p.s[p.i]; {
	case c == '{':
		return in.object(set, depth+1)
	case c == '[':
		return in.array(set, depth+1)
	case c == '"':
		text, err := p.str()
		if err != nil || !in.fitsString(set, text) {
			return false
		}
		in.out = jsontext.AppendQuote(in.out, text)
		return true
	case c == '-' || (c >= '0' && c <= '9'):
		v, err := p.number()
		if err != nil || !in.fits(set, &v) {
			return false
		}
		for _, s := range set {
			if constrains(s) && !validNumber(v.text, s) {
				return false
			}
		}
		in.out = append(in.out, v.text...)
		return true
	case hasAt(p.s, p.i, "true"):
		k = kindTrue
	case hasAt(p.s, p.i, "false"):
		k = kindFalse
	case hasAt(p.s, p.i, "null"):
		k = kindNull
	default:
		return false
	}
	v := value{kind: k}
	if !in.fits(set, &v) {
		return false
	}
	in.out = appendJSON(in.out, &v)
	p.i += litLen(k)
	return true
}

// litLen is the length of the literal of kind k.
func litLen(k kind) int {
	if k == kindFalse {
		return 5
	}
	return 4
}

// hasAt reports whether s holds lit at i.
func hasAt(s string, i int, lit string) bool {
	return len(s)-i >= len(lit) && s[i:i+len(lit)] == lit
}

// fits checks the type and enum of a scalar v (never a string) against set: an enum on a value
// that is not a string is not judged here.
func (in *inliner) fits(set []*schema, v *value) bool {
	for _, s := range set {
		if !constrains(s) {
			continue
		}
		if s.hasEnum || (s.hasType && !typeMatches(v, s.types)) {
			return false
		}
	}
	return true
}

// fitsString checks a string value: no schema of its place may want it coerced (the tree path
// would try), and it must fit each.
func (in *inliner) fitsString(set []*schema, text string) bool {
	v := value{kind: kindString, text: text}
	for _, s := range set {
		if !constrains(s) {
			continue
		}
		if ts, known := types(s); known && ts&tString == 0 {
			return false
		}
		if s.hasType && !typeMatches(&v, s.types) {
			return false
		}
		if s.hasEnum && !inEnum(&v, s.enum) {
			return false
		}
		if !validString(text, s) {
			return false
		}
	}
	return true
}

// container checks the type of an array or object v (kind only) against set.
func (in *inliner) container(set []*schema, v *value) bool {
	for _, s := range set {
		if constrains(s) && (s.hasEnum || (s.hasType && !typeMatches(v, s.types))) {
			return false
		}
	}
	return true
}

// errUnsure stops the inline path's reading: the tree path is to judge the value.
var errUnsure = errors.New("repair: left to the tree path")

// scratch returns the reused schema list of depth d, emptied.
func (in *inliner) scratch(d int) []*schema {
	for len(in.sets) <= d {
		in.sets = append(in.sets, nil)
	}
	return in.sets[d][:0]
}

func (in *inliner) object(set []*schema, depth int) bool {
	if depth > maxDepth || !in.container(set, &value{kind: kindObject}) {
		return false
	}
	in.out = append(in.out, '{')
	n := 0
	var found uint64 // bit j: s.required[j] of the first schema that has some (at most 64)
	var req []string
	for _, s := range set {
		if constrains(s) && len(s.required) > 0 {
			if req != nil || len(s.required) > 64 {
				return false // more than one list of required members: not judged here
			}
			req = s.required
		}
	}
	err := in.p.members(func(key string) error {
		if n > 0 {
			in.out = append(in.out, ',')
		}
		n++
		in.out = append(jsontext.AppendQuote(in.out, key), ':')
		for j, r := range req {
			if r == key {
				found |= 1 << j
			}
		}
		members := in.scratch(depth)
		var buf [4]*schema
		for _, s := range set {
			if constrains(s) {
				members = append(members, memberSchemas(s, key, buf[:0])...)
			}
		}
		in.sets[depth] = members
		if !in.value(members, depth) {
			return errUnsure
		}
		return nil
	})
	if err != nil || found != 1<<len(req)-1 {
		return false
	}
	in.out = append(in.out, '}')
	for _, s := range set {
		if constrains(s) && ((s.minProps >= 0 && n < s.minProps) || (s.maxProps >= 0 && n > s.maxProps)) {
			return false
		}
	}
	return true
}

func (in *inliner) array(set []*schema, depth int) bool {
	if depth > maxDepth || !in.container(set, &value{kind: kindArray}) {
		return false
	}
	in.out = append(in.out, '[')
	n := 0
	err := in.p.items(func() error {
		if n > 0 {
			in.out = append(in.out, ',')
		}
		items := in.scratch(depth)
		for _, s := range set {
			if constrains(s) {
				if is := itemSchema(s, n); is != nil {
					items = append(items, is)
				}
			}
		}
		in.sets[depth] = items
		n++
		if !in.value(items, depth) {
			return errUnsure
		}
		return nil
	})
	if err != nil {
		return false
	}
	in.out = append(in.out, ']')
	for _, s := range set {
		if constrains(s) && ((s.minItems >= 0 && n < s.minItems) || (s.maxItems >= 0 && n > s.maxItems)) {
			return false
		}
	}
	return true
}
