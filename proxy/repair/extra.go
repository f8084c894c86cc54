package repair

import (
	"math"
	"math/big"
	"strconv"
	"strings"
)

// The keywords judged on a whole value, by valid only (draft 2020-12, with the draft-07
// dependencies): contains (+minContains, maxContains), dependentRequired, dependentSchemas,
// dependencies, if/then/else, propertyNames, multipleOf, uniqueItems. The inline path and the
// streaming judge leave a value under them to valid (judged, ctxJudge.fits), and coerce does not
// look into their subschemas, so a repair under them fires only when valid says its result fits
// (REPAIRS.md: a repair fires only when its result fits; attack round 2026-12-01).

// extras holds the keywords of this file for one schema node.
type extras struct {
	contains                 *schema
	minContains, maxContains int // -1: no bound (minContains defaults to 1 when contains is set)
	depRequired              map[string][]string
	depSchemas               map[string]*schema
	ifS, thenS, elseS        *schema
	propertyNames            *schema
	multipleOf               string // the number's text; "": none
	uniqueItems              bool
}

// unjudged are the assertion keywords of JSON Schema drafts 4 to 2020-12 and OpenAPI 3.x that the
// compiler does not implement (the others it reads: schema.go keyword, bound, and this file): a
// node that carries one is opaque, since which values fit it cannot be told. Every other keyword
// the compiler does not read is an annotation and is ignored, as the specification says of an
// unknown keyword (JSON Schema 2020-12 core §6.5 "Unknown keywords"; OpenAPI 3.x
// discriminator, xml, externalDocs, Gemini's propertyOrdering, strict, vendor keys): a repair fires
// under it. Draft 3's disallow, extends and divisibleBy are listed as well, for the old schemas
// some tools still carry.
var unjudged = map[string]bool{
	"unevaluatedProperties": true, // 2019-09, 2020-12
	"unevaluatedItems":      true, // 2019-09, 2020-12
	"$dynamicRef":           true, // 2020-12
	"$recursiveRef":         true, // 2019-09
	"disallow":              true, // draft 3
	"extends":               true, // draft 3
	"divisibleBy":           true, // draft 3
}

// extraKeyword compiles k into s.ext when it is one of this file's keywords and reports
// whether it was. A value of the wrong shape makes the node opaque.
func (c *compiler) extraKeyword(s *schema, k string, e *value, p string) bool {
	x := s.ext
	ensure := func() *extras {
		if x == nil {
			x = &extras{minContains: -1, maxContains: -1}
			s.ext = x
		}
		return x
	}
	switch k {
	case "contains":
		ensure().contains = c.compile(e, p)
	case "if":
		ensure().ifS = c.compile(e, p)
	case "then":
		ensure().thenS = c.compile(e, p)
	case "else":
		ensure().elseS = c.compile(e, p)
	case "propertyNames":
		ensure().propertyNames = c.compile(e, p)
	case "minContains", "maxContains":
		n := -1
		if e.kind == kindNumber && isIntegral(e.text) {
			if f, err := strconv.ParseFloat(e.text, 64); err == nil && f >= 0 && f < 1<<31 {
				n = int(f)
			}
		}
		if n < 0 {
			s.opaque = true
		}
		if k == "minContains" {
			ensure().minContains = n
		} else {
			ensure().maxContains = n
		}
	case "multipleOf":
		if f, err := strconv.ParseFloat(e.text, 64); e.kind != kindNumber || err != nil || f <= 0 {
			s.opaque = true
		} else {
			ensure().multipleOf = e.text
		}
	case "uniqueItems":
		ensure().uniqueItems = e.kind == kindTrue
	case "dependentRequired", "dependentSchemas", "dependencies":
		if e.kind != kindObject {
			s.opaque = true
			return true
		}
		x := ensure()
		for i, name := range e.keys {
			d := &e.elems[i]
			if d.kind == kindArray && k != "dependentSchemas" {
				if x.depRequired == nil {
					x.depRequired = map[string][]string{}
				}
				for j := range d.elems {
					if d.elems[j].kind != kindString {
						s.opaque = true
					}
					x.depRequired[name] = append(x.depRequired[name], d.elems[j].text)
				}
				continue
			}
			if k == "dependentRequired" {
				s.opaque = true
				continue
			}
			if x.depSchemas == nil {
				x.depSchemas = map[string]*schema{}
			}
			x.depSchemas[name] = c.compile(d, p+"/"+escapeToken(name))
		}
	default:
		return false
	}
	return true
}

// validExtras reports whether v fits the keywords of s.ext (hops as valid counts them).
func (b *budget) validExtras(v *value, s *schema, hops int) bool {
	x := s.ext
	if x.ifS != nil {
		if b.valid(v, x.ifS, hops+1) {
			if x.thenS != nil && !b.valid(v, x.thenS, hops+1) {
				return false
			}
		} else if x.elseS != nil && !b.valid(v, x.elseS, hops+1) {
			return false
		}
	}
	switch v.kind {
	case kindObject:
		return b.validObjectExtras(v, x, hops)
	case kindArray:
		return b.validArrayExtras(v, x)
	case kindNumber:
		return x.multipleOf == "" || multipleOf(v.text, x.multipleOf)
	}
	return !b.spent
}

func (b *budget) validObjectExtras(v *value, x *extras, hops int) bool {
	for _, k := range v.keys {
		if x.propertyNames != nil && !b.valid(&value{kind: kindString, text: k}, x.propertyNames, 0) {
			return false
		}
		for _, r := range x.depRequired[k] {
			if v.member(r) == nil {
				return false
			}
		}
		if d := x.depSchemas[k]; d != nil && !b.valid(v, d, hops+1) {
			return false
		}
	}
	return !b.spent
}

func (b *budget) validArrayExtras(v *value, x *extras) bool {
	if x.contains != nil {
		n := 0
		for i := range v.elems {
			if b.valid(&v.elems[i], x.contains, 0) {
				n++
			}
		}
		lo := x.minContains
		if lo < 0 {
			lo = 1
		}
		if n < lo || x.maxContains >= 0 && n > x.maxContains {
			return false
		}
	}
	if x.uniqueItems {
		for i := range v.elems {
			for j := i + 1; j < len(v.elems); j++ {
				if !b.step() {
					return false
				}
				if equalValues(&v.elems[i], &v.elems[j]) {
					return false
				}
			}
		}
	}
	return !b.spent
}

// multipleOf reports whether the number text is an integral multiple of the number m (both
// JSON number texts, m > 0): exactly for texts without an exponent, else in float64.
func multipleOf(text, m string) bool {
	if !strings.ContainsAny(text+m, "eE") {
		a, ok1 := new(big.Rat).SetString(text)
		d, ok2 := new(big.Rat).SetString(m)
		if ok1 && ok2 {
			return new(big.Rat).Quo(a, d).IsInt()
		}
	}
	f, err1 := strconv.ParseFloat(text, 64)
	d, err2 := strconv.ParseFloat(m, 64)
	if err1 != nil || err2 != nil || d == 0 {
		return false
	}
	q := f / d
	return !math.IsInf(q, 0) && q == math.Trunc(q)
}
