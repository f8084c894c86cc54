package repair

import (
	"fmt"
	"slices"
	"strings"
)

// maxDepth is the deepest nesting of arrays and objects the parsers accept; deeper input fails
// (and so passes unrepaired).
const maxDepth = 512

// syntaxError is a JSON or Python literal syntax error at a byte offset of the text parsed.
type syntaxError struct {
	what string // "json" or "python literal"
	off  int
	msg  string
}

func (e *syntaxError) Error() string {
	return fmt.Sprintf("repair: parsing %s: %s at offset %d", e.what, e.msg, e.off)
}

// jsonParser reads RFC 8259 JSON strictly: UTF-8 only, no lone surrogates, no comments, no
// trailing commas. With mend set it also accepts a \u escape whose four hex digits are broken by
// white space (D25) and records that it did.
type jsonParser struct {
	s      string
	i      int
	depth  int
	mend   bool
	mended bool

	// Scratch stacks of the members of the containers being read; each container copies its
	// own into slices of exactly its size when it closes.
	vals []value
	keys []string
}

// parseJSON parses s as exactly one JSON value with optional white space around it.
func parseJSON(s string) (value, error) {
	v, end, _, err := parseJSONPrefix(s, false)
	if err != nil {
		return value{}, err
	}
	if rest := skipWS(s, end); rest != len(s) {
		return value{}, &syntaxError{"json", rest, "text after the value"}
	}
	return v, nil
}

// parseJSONPrefix parses the first JSON value of s (after optional white space) and returns it
// with the offset just past it. mended reports a mended \u escape (only possible with mend).
func parseJSONPrefix(s string, mend bool) (v value, end int, mended bool, err error) {
	p := &jsonParser{s: s, mend: mend}
	p.i = skipWS(s, 0)
	v, err = p.value()
	if err != nil {
		return value{}, 0, false, err
	}
	return v, p.i, p.mended, nil
}

func skipWS(s string, i int) int {
	for i < len(s) && (s[i] == ' ' || s[i] == '\n' || s[i] == '\r' || s[i] == '\t') {
		i++
	}
	return i
}

func (p *jsonParser) fail(msg string) error {
	return &syntaxError{"json", p.i, msg}
}

func (p *jsonParser) value() (value, error) {
	if p.i >= len(p.s) {
		return value{}, p.fail("unexpected end")
	}
	switch c := p.s[p.i]; {
	case c == '{':
		return p.object()
	case c == '[':
		return p.array()
	case c == '"':
		s, err := p.str()
		return value{kind: kindString, text: s}, err
	case c == '-' || (c >= '0' && c <= '9'):
		return p.number()
	case strings.HasPrefix(p.s[p.i:], "true"):
		p.i += 4
		return value{kind: kindTrue}, nil
	case strings.HasPrefix(p.s[p.i:], "false"):
		p.i += 5
		return value{kind: kindFalse}, nil
	case strings.HasPrefix(p.s[p.i:], "null"):
		p.i += 4
		return value{kind: kindNull}, nil
	}
	return value{}, p.fail("invalid character")
}

func (p *jsonParser) object() (value, error) { return p.container(true) }

func (p *jsonParser) array() (value, error) { return p.container(false) }

// container reads the object (object set) or array whose opener is at p.i. Its members gather on
// the scratch stacks and are copied out when it closes; an empty one has empty, non-nil slices.
func (p *jsonParser) container(object bool) (value, error) {
	if p.depth++; p.depth > maxDepth {
		return value{}, p.fail("nested too deep")
	}
	defer func() { p.depth-- }()
	base, kbase := len(p.vals), len(p.keys)
	defer func() { p.vals, p.keys = p.vals[:base], p.keys[:kbase] }()
	item := func() error {
		e, err := p.value()
		if err == nil {
			p.push(e)
		}
		return err
	}
	v := value{kind: kindArray, elems: []value{}}
	var err error
	if object {
		v = value{kind: kindObject, keys: []string{}, elems: []value{}}
		err = p.members(func(k string) error {
			p.keys = append(p.keys, k)
			return item()
		})
	} else {
		err = p.items(item)
	}
	if err != nil {
		return value{}, err
	}
	if len(p.vals) > base {
		if object {
			v.keys = slices.Clone(p.keys[kbase:])
		}
		v.elems = p.take(base)
	}
	return v, nil
}

// members reads the object whose '{' is at p.i, calling member with the name of each member
// once p.i is at the member's value; member reads that value. It leaves p.i past the '}', and
// returns member's error or the syntax error it met.
func (p *jsonParser) members(member func(key string) error) error {
	p.i = skipWS(p.s, p.i+1)
	if p.i < len(p.s) && p.s[p.i] == '}' {
		p.i++
		return nil
	}
	for {
		if p.i >= len(p.s) || p.s[p.i] != '"' {
			return p.fail("expected a member name")
		}
		k, err := p.str()
		if err != nil {
			return err
		}
		p.i = skipWS(p.s, p.i)
		if p.i >= len(p.s) || p.s[p.i] != ':' {
			return p.fail("expected ':'")
		}
		p.i = skipWS(p.s, p.i+1)
		if err := member(k); err != nil {
			return err
		}
		if closed, err := p.after('}'); closed || err != nil {
			return err
		}
	}
}

// items reads the array whose '[' is at p.i, calling item once p.i is at each item; item reads
// it. It leaves p.i past the ']', and returns item's error or the syntax error it met.
func (p *jsonParser) items(item func() error) error {
	p.i = skipWS(p.s, p.i+1)
	if p.i < len(p.s) && p.s[p.i] == ']' {
		p.i++
		return nil
	}
	for {
		if err := item(); err != nil {
			return err
		}
		if closed, err := p.after(']'); closed || err != nil {
			return err
		}
	}
}

// after reads what follows a member or an item: a ',' and the white space after it (closed is
// false), or the container's closer (true).
func (p *jsonParser) after(closer byte) (closed bool, err error) {
	p.i = skipWS(p.s, p.i)
	if p.i < len(p.s) && p.s[p.i] == ',' {
		p.i = skipWS(p.s, p.i+1)
		return false, nil
	}
	if p.i < len(p.s) && p.s[p.i] == closer {
		p.i++
		return true, nil
	}
	return false, p.fail("expected ',' or '" + string(closer) + "'")
}

// push adds a member to the scratch stack, doubling it when full (append grows large slices by
// only a quarter, which would copy a big array many times).
func (p *jsonParser) push(e value) {
	if len(p.vals) == cap(p.vals) {
		p.vals = slices.Grow(p.vals, len(p.vals)+8)
	}
	p.vals = append(p.vals, e)
}

// take returns the members from base up as the slice of one container. The outermost container
// takes the stack itself rather than a copy.
func (p *jsonParser) take(base int) []value {
	if base == 0 && p.depth == 1 {
		out := p.vals[:len(p.vals):len(p.vals)]
		p.vals = nil
		return out
	}
	return slices.Clone(p.vals[base:])
}

func (p *jsonParser) number() (value, error) {
	start := p.i
	s := p.s
	if s[p.i] == '-' {
		p.i++
	}
	switch {
	case p.i < len(s) && s[p.i] == '0':
		p.i++
	case p.i < len(s) && s[p.i] >= '1' && s[p.i] <= '9':
		p.i = skipDigits(s, p.i)
	default:
		return value{}, p.fail("invalid number")
	}
	if p.i < len(s) && s[p.i] == '.' {
		p.i++
		d := skipDigits(s, p.i)
		if d == p.i {
			return value{}, p.fail("invalid number")
		}
		p.i = d
	}
	if p.i < len(s) && (s[p.i] == 'e' || s[p.i] == 'E') {
		p.i++
		if p.i < len(s) && (s[p.i] == '+' || s[p.i] == '-') {
			p.i++
		}
		d := skipDigits(s, p.i)
		if d == p.i {
			return value{}, p.fail("invalid number")
		}
		p.i = d
	}
	return value{kind: kindNumber, text: s[start:p.i]}, nil
}

func skipDigits(s string, i int) int {
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	return i
}
