package repair

import (
	"fmt"
	"strings"
	"unicode/utf8"
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

func (p *jsonParser) object() (value, error) {
	if p.depth++; p.depth > maxDepth {
		return value{}, p.fail("nested too deep")
	}
	defer func() { p.depth-- }()
	p.i = skipWS(p.s, p.i+1)
	v := value{kind: kindObject, keys: []string{}, elems: []value{}}
	if p.i < len(p.s) && p.s[p.i] == '}' {
		p.i++
		return v, nil
	}
	for {
		if p.i >= len(p.s) || p.s[p.i] != '"' {
			return value{}, p.fail("expected a member name")
		}
		k, err := p.str()
		if err != nil {
			return value{}, err
		}
		p.i = skipWS(p.s, p.i)
		if p.i >= len(p.s) || p.s[p.i] != ':' {
			return value{}, p.fail("expected ':'")
		}
		p.i = skipWS(p.s, p.i+1)
		e, err := p.value()
		if err != nil {
			return value{}, err
		}
		v.keys = append(v.keys, k)
		v.elems = append(v.elems, e)
		p.i = skipWS(p.s, p.i)
		if p.i < len(p.s) && p.s[p.i] == ',' {
			p.i = skipWS(p.s, p.i+1)
			continue
		}
		if p.i < len(p.s) && p.s[p.i] == '}' {
			p.i++
			return v, nil
		}
		return value{}, p.fail("expected ',' or '}'")
	}
}

func (p *jsonParser) array() (value, error) {
	if p.depth++; p.depth > maxDepth {
		return value{}, p.fail("nested too deep")
	}
	defer func() { p.depth-- }()
	p.i = skipWS(p.s, p.i+1)
	v := value{kind: kindArray, elems: []value{}}
	if p.i < len(p.s) && p.s[p.i] == ']' {
		p.i++
		return v, nil
	}
	for {
		e, err := p.value()
		if err != nil {
			return value{}, err
		}
		v.elems = append(v.elems, e)
		p.i = skipWS(p.s, p.i)
		if p.i < len(p.s) && p.s[p.i] == ',' {
			p.i = skipWS(p.s, p.i+1)
			continue
		}
		if p.i < len(p.s) && p.s[p.i] == ']' {
			p.i++
			return v, nil
		}
		return value{}, p.fail("expected ',' or ']'")
	}
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

// str reads a string token at p.i (which holds '"') and returns its decoded text. A string
// without escapes is returned as a substring of the input, without copying.
func (p *jsonParser) str() (string, error) {
	s := p.s
	start := p.i + 1
	i := start
	for i < len(s) {
		c := s[i]
		switch {
		case c == '"':
			p.i = i + 1
			return s[start:i], nil
		case c == '\\':
			return p.strEscaped(start, i)
		case c < 0x20:
			p.i = i
			return "", p.fail("control character in string")
		case c < utf8.RuneSelf:
			i++
		default:
			r, size := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && size == 1 {
				p.i = i
				return "", p.fail("invalid UTF-8")
			}
			i += size
		}
	}
	p.i = i
	return "", p.fail("unterminated string")
}

// strEscaped continues str from the first backslash at i, building the decoded text.
func (p *jsonParser) strEscaped(start, i int) (string, error) {
	s := p.s
	var b strings.Builder
	b.Grow(i - start + 16)
	b.WriteString(s[start:i])
	for i < len(s) {
		c := s[i]
		switch {
		case c == '"':
			p.i = i + 1
			return b.String(), nil
		case c == '\\':
			if i+1 >= len(s) {
				p.i = i
				return "", p.fail("unterminated string")
			}
			e := s[i+1]
			i += 2
			switch e {
			case '"', '\\', '/':
				b.WriteByte(e)
			case 'b':
				b.WriteByte('\b')
			case 'f':
				b.WriteByte('\f')
			case 'n':
				b.WriteByte('\n')
			case 'r':
				b.WriteByte('\r')
			case 't':
				b.WriteByte('\t')
			case 'u':
				r, next, ok := p.unicodeEscape(i)
				if !ok {
					p.i = i
					return "", p.fail(`invalid \u escape`)
				}
				b.WriteRune(r)
				i = next
			default:
				p.i = i - 1
				return "", p.fail("invalid escape")
			}
		case c < 0x20:
			p.i = i
			return "", p.fail("control character in string")
		case c < utf8.RuneSelf:
			b.WriteByte(c)
			i++
		default:
			r, size := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && size == 1 {
				p.i = i
				return "", p.fail("invalid UTF-8")
			}
			b.WriteString(s[i : i+size])
			i += size
		}
	}
	p.i = i
	return "", p.fail("unterminated string")
}

// unicodeEscape reads the hex digits of a \u escape starting at i (just past the "u"), joining a
// surrogate pair. It returns the rune and the offset after the escape(s); ok is false for a lone
// surrogate or digits that are not hex.
func (p *jsonParser) unicodeEscape(i int) (r rune, next int, ok bool) {
	r, i, ok = p.hex4(i)
	if !ok {
		return 0, 0, false
	}
	if r < 0xD800 || r > 0xDFFF {
		return r, i, true
	}
	if r >= 0xDC00 || i+1 >= len(p.s) || p.s[i] != '\\' || p.s[i+1] != 'u' {
		return 0, 0, false // lone surrogate
	}
	lo, j, ok := p.hex4(i + 2)
	if !ok || lo < 0xDC00 || lo > 0xDFFF {
		return 0, 0, false
	}
	return 0x10000 + (r-0xD800)<<10 + (lo - 0xDC00), j, true
}

// hex4 reads four hex digits at i. With mend set, white space between the digits (never before
// the first) is skipped, as long as exactly four digits come together (D25: "\u7 ee7").
func (p *jsonParser) hex4(i int) (rune, int, bool) {
	var r rune
	n, broken := 0, false
	for n < 4 {
		if i >= len(p.s) {
			return 0, 0, false
		}
		c := p.s[i]
		if d, ok := hexDigit(c); ok {
			r = r<<4 | d
			n++
			i++
			continue
		}
		if p.mend && n > 0 && (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
			broken = true
			i++
			continue
		}
		return 0, 0, false
	}
	if broken {
		p.mended = true
	}
	return r, i, true
}

func hexDigit(c byte) (rune, bool) {
	switch {
	case c >= '0' && c <= '9':
		return rune(c - '0'), true
	case c >= 'a' && c <= 'f':
		return rune(c-'a') + 10, true
	case c >= 'A' && c <= 'F':
		return rune(c-'A') + 10, true
	}
	return 0, false
}
