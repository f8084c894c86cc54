package repair

import (
	"net/url"
	"regexp"
	"strconv"
	"strings"
)

// typeSet is a set of JSON Schema type names. tNumber holds every number; tInteger only integral
// ones.
type typeSet uint8

const (
	tNull typeSet = 1 << iota
	tBoolean
	tObject
	tArray
	tNumber
	tInteger
	tString

	tAll = tNull | tBoolean | tObject | tArray | tNumber | tInteger | tString
)

var typeNames = map[string]typeSet{
	"null": tNull, "boolean": tBoolean, "object": tObject, "array": tArray,
	"number": tNumber, "integer": tInteger, "string": tString,
}

// schema is one compiled JSON Schema node. A keyword it does not know (other than an annotation,
// see annotations) makes the node opaque: valid cannot judge a value there, so no repair fires
// under it (fail open).
type schema struct {
	always     bool    // the schema true or {}: anything fits, nothing is coerced
	never      bool    // the schema false: nothing fits
	unresolved bool    // a $ref toolfix cannot follow: anything fits, nothing is coerced
	opaque     bool    // a keyword toolfix does not know: cannot be judged, nothing is repaired under it
	ext        *extras // the keywords of extra.go, judged on the whole value by valid only; nil: none

	hasType bool
	types   typeSet

	properties   map[string]*schema
	propOrder    []string
	patternProps []patternSchema
	additional   *schema // nil: any member allowed
	required     []string
	minProps     int // -1: no bound
	maxProps     int // -1: no bound

	prefix   []*schema // prefixItems (or the array form of items)
	items    *schema   // the items after prefix; nil: any
	minItems int       // -1: no bound
	maxItems int       // -1: no bound

	minLength int  // in code points; -1: no bound
	path      bool // a string here is a file path, which holds no control character (pathplace.go)
	maxLength int  // -1: no bound
	pattern   *regexp.Regexp

	minimum, maximum      *float64
	exclusiveMin, exclMax *float64
	enum                  []value
	hasEnum               bool
	constant              *value
	allOf, anyOf, oneOf   []*schema
	not                   *schema
	ref                   *schema
	refTarget             string // the pointer of a $ref still to resolve while compiling

	typesAllowed typeSet // what types(s) answers, set by computeTypes
	typesKnown   bool
}

type patternSchema struct {
	re *regexp.Regexp
	s  *schema
}

// compileSchema compiles the schema document doc. Local $ref ("#", "#/$defs/x", "#/definitions/x",
// any JSON pointer, with ~0 ~1 and %-escapes) resolve inside doc; a $ref that does not resolve
// (another document, an anchor, a missing path) makes that node unresolved. Each node is
// compiled once, so $ref cycles compile to cycles of pointers.
func compileSchema(doc *value) *schema {
	c := &compiler{doc: doc, byPtr: map[string]*schema{}}
	root := c.compile(doc, "")
	for len(c.pending) > 0 {
		s := c.pending[0]
		c.pending = c.pending[1:]
		if t, ok := c.byPtr[s.refTarget]; ok {
			s.ref = t
		} else if node := c.lookup(s.refTarget); node != nil {
			s.ref = c.compile(node, s.refTarget)
		} else {
			s.ref = c.unresolved()
		}
		s.refTarget = ""
	}
	state := map[*schema]int8{}
	for _, s := range c.all {
		computeTypes(s, state)
	}
	return root
}

type compiler struct {
	doc     *value
	byPtr   map[string]*schema
	pending []*schema
	all     []*schema // every node made, in order
}

// unresolved makes the node of a $ref that cannot be followed.
func (c *compiler) unresolved() *schema {
	s := &schema{unresolved: true}
	c.all = append(c.all, s)
	return s
}

func (c *compiler) compile(v *value, ptr string) *schema {
	if s, ok := c.byPtr[ptr]; ok {
		return s
	}
	s := &schema{minProps: -1, maxProps: -1, minItems: -1, maxItems: -1, minLength: -1, maxLength: -1}
	c.byPtr[ptr] = s
	c.all = append(c.all, s)
	switch v.kind {
	case kindTrue:
		s.always = true
		return s
	case kindFalse:
		s.never = true
		return s
	case kindObject:
	default: // not a schema: read as {}
		s.always = true
		return s
	}
	known := false
	for i, k := range v.keys {
		e := &v.elems[i]
		p := ptr + "/" + escapeToken(k)
		if c.extraKeyword(s, k, e, p) {
			known = true
			continue
		}
		known = c.keyword(s, k, e, p) || known
		if unjudged[k] {
			s.opaque, known = true, true
		}
	}
	if m := v.member("exclusiveMinimum"); m != nil && m.kind == kindTrue && s.minimum != nil {
		s.exclusiveMin, s.minimum = s.minimum, nil // draft 4
	}
	if m := v.member("exclusiveMaximum"); m != nil && m.kind == kindTrue && s.maximum != nil {
		s.exclMax, s.maximum = s.maximum, nil
	}
	if !known {
		s.always = true
	}
	return s
}

// subschemaKeywords are the keywords whose value is one subschema, each with the field of a node
// it compiles into.
var subschemaKeywords = map[string]func(*schema) **schema{
	"additionalProperties": func(s *schema) **schema { return &s.additional },
	"not":                  func(s *schema) **schema { return &s.not },
}

// listKeywords are the keywords whose value is an array of subschemas, each with the field of a
// node it compiles into (a value that is not an array compiles to nil). The array form of items
// is read in keyword.
var listKeywords = map[string]func(*schema) *[]*schema{
	"prefixItems": func(s *schema) *[]*schema { return &s.prefix },
	"allOf":       func(s *schema) *[]*schema { return &s.allOf },
	"anyOf":       func(s *schema) *[]*schema { return &s.anyOf },
	"oneOf":       func(s *schema) *[]*schema { return &s.oneOf },
}

// keyword compiles one keyword of an object schema and reports whether it constrains anything.
func (c *compiler) keyword(s *schema, k string, e *value, p string) bool {
	if field, ok := subschemaKeywords[k]; ok {
		*field(s) = c.compile(e, p)
		return true
	}
	if field, ok := listKeywords[k]; ok {
		*field(s) = c.list(e, p)
		return true
	}
	switch k {
	case "type":
		s.types, s.hasType = readTypes(e)
		return s.hasType
	case "nullable": // OpenAPI 3.0, as some tool schemas are written
		if e.kind == kindTrue && s.hasType {
			s.types |= tNull
		}
		return false
	case "properties":
		if e.kind == kindObject {
			s.properties = make(map[string]*schema, len(e.keys))
			for i, name := range e.keys {
				if _, dup := s.properties[name]; !dup {
					s.propOrder = append(s.propOrder, name)
				}
				s.properties[name] = c.compile(&e.elems[i], p+"/"+escapeToken(name))
				markPath(s.properties[name], name)
			}
		}
		return true
	case "patternProperties":
		if e.kind == kindObject {
			for i, pat := range e.keys {
				if re, err := regexp.Compile(pat); err == nil {
					s.patternProps = append(s.patternProps, patternSchema{re, c.compile(&e.elems[i], p+"/"+escapeToken(pat))})
				}
			}
		}
		return true
	case "required":
		for i := range e.elems {
			if e.kind == kindArray && e.elems[i].kind == kindString {
				s.required = append(s.required, e.elems[i].text)
			}
		}
		return true
	case "items":
		if e.kind == kindArray {
			s.prefix = c.list(e, p)
		} else {
			s.items = c.compile(e, p)
		}
		return true
	case "additionalItems":
		if s.items == nil {
			s.items = c.compile(e, p)
		}
		return true
	case "enum":
		if e.kind == kindArray {
			s.enum, s.hasEnum = e.elems, true
		}
		return true
	case "const":
		s.constant = e
		return true
	case "$ref":
		if e.kind == kindString {
			if ptr, ok := localPointer(e.text); ok {
				s.refTarget = ptr
				c.pending = append(c.pending, s)
			} else {
				s.ref = c.unresolved()
			}
		}
		return true
	case "pattern":
		if e.kind == kindString {
			s.pattern, _ = regexp.Compile(e.text) // an invalid (or non-RE2) pattern is ignored
		}
		return true
	}
	return c.bound(s, k, e)
}

// floatBounds are the numeric bound keywords read as numbers, each with the field of a node it
// compiles into (the draft-4 boolean exclusiveMinimum/Maximum are read in compile, once
// minimum/maximum are known).
var floatBounds = map[string]func(*schema) **float64{
	"minimum":          func(s *schema) **float64 { return &s.minimum },
	"maximum":          func(s *schema) **float64 { return &s.maximum },
	"exclusiveMinimum": func(s *schema) **float64 { return &s.exclusiveMin },
	"exclusiveMaximum": func(s *schema) **float64 { return &s.exclMax },
}

// countBounds are the numeric bound keywords read as counts, each with the field of a node it
// compiles into: -1 (no bound) unless the value is a whole number in [0, 2^31).
var countBounds = map[string]func(*schema) *int{
	"minItems":      func(s *schema) *int { return &s.minItems },
	"maxItems":      func(s *schema) *int { return &s.maxItems },
	"minLength":     func(s *schema) *int { return &s.minLength },
	"maxLength":     func(s *schema) *int { return &s.maxLength },
	"minProperties": func(s *schema) *int { return &s.minProps },
	"maxProperties": func(s *schema) *int { return &s.maxProps },
}

// bound compiles one numeric bound keyword (floatBounds, countBounds) and reports whether k is
// one whose value is a number.
func (c *compiler) bound(s *schema, k string, e *value) bool {
	if e.kind != kindNumber {
		return false
	}
	f, err := strconv.ParseFloat(e.text, 64)
	if err != nil {
		return false
	}
	if field, ok := floatBounds[k]; ok {
		*field(s) = &f
		return true
	}
	field, ok := countBounds[k]
	if !ok {
		return false
	}
	n := -1
	if isIntegral(e.text) && f >= 0 && f < 1<<31 {
		n = int(f)
	}
	*field(s) = n
	return true
}

func (c *compiler) list(e *value, p string) []*schema {
	if e.kind != kindArray {
		return nil
	}
	out := make([]*schema, len(e.elems))
	for i := range e.elems {
		out[i] = c.compile(&e.elems[i], p+"/"+strconv.Itoa(i))
	}
	return out
}

// readTypes reads "type": a name or a list of names. An unknown name makes the keyword unknown,
// so nothing is assumed from it.
func readTypes(e *value) (typeSet, bool) {
	names := []value{*e}
	if e.kind == kindArray {
		names = e.elems
	}
	var ts typeSet
	for _, n := range names {
		t, ok := typeNames[n.text]
		if n.kind != kindString || !ok {
			return 0, false
		}
		ts |= t
	}
	return ts, len(names) > 0
}

// localPointer turns a $ref into the JSON pointer it names in the same document: "#" is "",
// "#/a~1b/c%20d" is "/a~1b/c d". Anything else (another document, "#anchor") is not local.
func localPointer(ref string) (string, bool) {
	if !strings.HasPrefix(ref, "#") {
		return "", false
	}
	frag, err := url.PathUnescape(ref[1:])
	if err != nil || (frag != "" && !strings.HasPrefix(frag, "/")) {
		return "", false
	}
	return frag, true
}

// lookup walks the JSON pointer ptr through the document; nil when it names nothing.
func (c *compiler) lookup(ptr string) *value {
	v := c.doc
	if ptr == "" {
		return v
	}
	for _, tok := range strings.Split(ptr[1:], "/") {
		tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
		switch v.kind {
		case kindObject:
			if v = v.member(tok); v == nil {
				return nil
			}
		case kindArray:
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= len(v.elems) || strconv.Itoa(i) != tok {
				return nil
			}
			v = &v.elems[i]
		default:
			return nil
		}
	}
	return v
}

func escapeToken(k string) string {
	if !strings.ContainsAny(k, "~/") {
		return k
	}
	return strings.ReplaceAll(strings.ReplaceAll(k, "~", "~0"), "/", "~1")
}
