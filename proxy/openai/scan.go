package openai

import (
	"unicode/utf8"
	"unsafe"

	"github.com/toolfix/toolfix/proxy/jsontext"
)

// scanner walks JSON text; every method returns false on anything it does not accept.
type scanner struct {
	b  []byte
	i  int
	sc *scratch

	ascii bool // the last literal str read holds printable ASCII only, no escape: it is its text
}

func (s *scanner) ws() {
	for s.i < len(s.b) {
		switch s.b[s.i] {
		case ' ', '\t', '\r', '\n':
			s.i++
		default:
			return
		}
	}
}

func (s *scanner) eat(c byte) bool {
	if s.i < len(s.b) && s.b[s.i] == c {
		s.i++
		return true
	}
	return false
}

func (s *scanner) end() bool {
	s.ws()
	return s.i == len(s.b)
}

func (s *scanner) peek() byte {
	if s.i < len(s.b) {
		return s.b[s.i]
	}
	return 0
}

// plain marks the bytes a string literal holds as they are: not a quote, a backslash or a control
// character.
var plain = func() (t [256]bool) {
	for c := 0x20; c < 256; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

// str reads a string literal, quotes included, checking escapes and control characters.
func (s *scanner) str() ([]byte, bool) {
	start := s.i
	if !s.eat('"') {
		return nil, false
	}
	b := s.b
	var hi byte // the bits of every plain byte, for the ASCII check
	s.ascii = false
	for esc := false; ; esc = true {
		i := s.i
		for i < len(b) && plain[b[i]] {
			hi |= b[i]
			i++
		}
		s.i = i
		if i >= len(b) {
			return nil, false
		}
		switch b[i] {
		case '"':
			s.i++
			s.ascii = !esc && hi < 0x80
			return b[start:s.i], true
		case '\\':
			if i+1 >= len(b) {
				return nil, false
			}
			switch b[i+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				s.i += 2
			case 'u':
				if i+6 > len(b) {
					return nil, false
				}
				for _, h := range b[i+2 : i+6] {
					if !isHex(h) {
						return nil, false
					}
				}
				s.i += 6
			default:
				return nil, false
			}
		default:
			return nil, false // a control character
		}
	}
}

func isHex(c byte) bool { return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F' }

// value skips one value of any kind.
func (s *scanner) value(depth int) bool {
	if depth > 64 {
		return false
	}
	switch c := s.peek(); {
	case c == '"':
		_, ok := s.str()
		return ok
	case c == '{':
		return s.object(false, func([]byte) bool { return s.value(depth + 1) })
	case c == '[':
		return s.array(func() bool { return s.value(depth + 1) })
	case c == 't':
		return s.word("true")
	case c == 'f':
		return s.word("false")
	case c == 'n':
		return s.word("null")
	default:
		return s.number()
	}
}

// object reads an object, calling member with each member's name, the scanner at its value, to
// read the value. A name is read by key when known is set (the names the dialect reads, exactly
// as the decoder would match them), else as any string. It returns false on anything it does not
// accept, or when member does.
func (s *scanner) object(known bool, member func(key []byte) bool) bool {
	if !s.eat('{') {
		return false
	}
	s.ws()
	if s.eat('}') {
		return true
	}
	for {
		var key []byte
		var ok bool
		if known {
			key, ok = s.key()
		} else {
			key, ok = s.anyKey()
		}
		if !ok || !member(key) {
			return false
		}
		s.ws()
		if s.eat('}') {
			return true
		}
		if !s.eat(',') {
			return false
		}
		s.ws()
	}
}

// array reads an array, calling elem to read each element, the scanner at it; false on anything
// it does not accept, or when elem does.
func (s *scanner) array(elem func() bool) bool {
	if !s.eat('[') {
		return false
	}
	s.ws()
	if s.eat(']') {
		return true
	}
	for {
		if !elem() {
			return false
		}
		s.ws()
		if s.eat(']') {
			return true
		}
		if !s.eat(',') {
			return false
		}
		s.ws()
	}
}

// anyKey reads a member name of any form and the colon after it.
func (s *scanner) anyKey() ([]byte, bool) {
	lit, ok := s.str()
	if !ok {
		return nil, false
	}
	s.ws()
	if !s.eat(':') {
		return nil, false
	}
	s.ws()
	return lit[1 : len(lit)-1], true
}

// null reads a null when one comes next: isNull reports it, and ok is false for a broken one.
func (s *scanner) null() (isNull, ok bool) {
	if s.peek() != 'n' {
		return false, true
	}
	return true, s.word("null")
}

// once reports whether bit is not yet set in seen, and sets it: a member the decoder would read
// twice (the last one wins there) is left to the decoder.
func once(seen *uint8, bit uint8) bool {
	if *seen&bit != 0 {
		return false
	}
	*seen |= bit
	return true
}

func (s *scanner) word(w string) bool {
	if len(s.b)-s.i < len(w) || string(s.b[s.i:s.i+len(w)]) != w {
		return false
	}
	s.i += len(w)
	return true
}

func (s *scanner) digits() int {
	n := 0
	for s.i < len(s.b) && s.b[s.i] >= '0' && s.b[s.i] <= '9' {
		s.i++
		n++
	}
	return n
}

// number reads -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?.
func (s *scanner) number() bool {
	s.eat('-')
	switch {
	case s.eat('0'):
	case s.peek() >= '1' && s.peek() <= '9':
		s.digits()
	default:
		return false
	}
	if s.eat('.') && s.digits() == 0 {
		return false
	}
	if s.eat('e') || s.eat('E') {
		if !s.eat('+') {
			s.eat('-')
		}
		if s.digits() == 0 {
			return false
		}
	}
	return true
}

// integer reads a small integer written without fraction or exponent.
func (s *scanner) integer() (int, bool) {
	start := s.i
	neg := s.eat('-')
	if s.peek() == '0' && s.i+1 < len(s.b) && s.b[s.i+1] >= '0' && s.b[s.i+1] <= '9' {
		return 0, false
	}
	n := 0
	for s.i < len(s.b) && s.b[s.i] >= '0' && s.b[s.i] <= '9' {
		if s.i-start > 9 {
			return 0, false
		}
		n = n*10 + int(s.b[s.i]-'0')
		s.i++
	}
	if s.i == start || neg && s.i == start+1 {
		return 0, false
	}
	switch s.peek() {
	case '.', 'e', 'E':
		return 0, false
	}
	if neg {
		n = -n
	}
	return n, true
}

// nullableInt reads a small integer into *into with *p pointing at it, or null (*p left as it is,
// as the decoder leaves a pointer it reads null into when it was nil).
func (s *scanner) nullableInt(into *int, p **int) bool {
	if null, ok := s.null(); null {
		return ok
	}
	n, ok := s.integer()
	*into, *p = n, into
	return ok
}

// nullableString reads a string, decoded into *into with *p pointing at it, or null (*p nil).
func (s *scanner) nullableString(into *string, p **string) bool {
	return s.stringInto(into, p, false)
}

// borrowedString is nullableString for a content delta: a text without escapes is the event's
// own bytes, not a copy (issue 21 item 3: one allocation less per content delta), and so valid
// only while the event is, until the framer's next read. Its one reader, take, hands it to
// addContent, which copies any text it keeps, and Push copies it with the piece's bytes when the
// piece stays held.
func (s *scanner) borrowedString(into *string, p **string) bool {
	return s.stringInto(into, p, true)
}

// stringInto is nullableString, borrowing the text of a string without escapes when borrow is set
// (see borrowedString).
func (s *scanner) stringInto(into *string, p **string, borrow bool) bool {
	if s.peek() == 'n' {
		*p = nil
		return s.word("null")
	}
	lit, ok := s.str()
	if !ok {
		return false
	}
	inner := lit[1 : len(lit)-1]
	if s.ascii {
		if borrow && len(inner) > 0 {
			*into, *p = unsafe.String(&inner[0], len(inner)), into
		} else {
			*into, *p = string(inner), into // no escape, nothing to check: the text itself
		}
		return true
	}
	if !utf8.Valid(inner) {
		return false // the decoder would replace bytes: let it
	}
	str, err := jsontext.Unquote(lit)
	if err != nil {
		return false
	}
	*into, *p = str, into
	return true
}
