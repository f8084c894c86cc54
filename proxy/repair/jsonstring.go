package repair

import (
	"strings"
	"unicode/utf8"

	"github.com/toolfix/toolfix/proxy/jsontext"
)

// str reads a string token at p.i (which holds '"') and returns its decoded text. A string
// without escapes is returned as a substring of the input, without copying.
func (p *jsonParser) str() (string, error) {
	start := p.i + 1
	i, err := p.plainRun(start)
	if err != nil {
		return "", err
	}
	if p.s[i] == '"' {
		p.i = i + 1
		return p.s[start:i], nil
	}
	return p.strEscaped(start, i)
}

// plainRun returns the offset of the first '"' or '\\' from i on, checking that the bytes
// before it are printable UTF-8; an error for a control character, invalid UTF-8 or the end.
func (p *jsonParser) plainRun(i int) (int, error) {
	s := p.s
	for i < len(s) {
		c := s[i]
		switch {
		case c == '"' || c == '\\':
			return i, nil
		case c < 0x20:
			p.i = i
			return 0, p.fail("control character in string")
		case c < utf8.RuneSelf:
			i++
		default:
			r, size := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && size == 1 {
				p.i = i
				return 0, p.fail("invalid UTF-8")
			}
			i += size
		}
	}
	p.i = i
	return 0, p.fail("unterminated string")
}

// strEscaped continues str from the first backslash at i, building the decoded text.
func (p *jsonParser) strEscaped(start, i int) (string, error) {
	s := p.s
	var b strings.Builder
	b.Grow(escapedLen(s, i) + i - start) // the decoded text is never longer than its source
	b.WriteString(s[start:i])
	for {
		if s[i] == '"' {
			p.i = i + 1
			return b.String(), nil
		}
		// s[i] is a backslash
		if i+1 >= len(s) {
			p.i = i
			return "", p.fail("unterminated string")
		}
		e := s[i+1]
		i += 2
		d, simple := jsontext.EscapedByte(e)
		switch {
		case simple:
			b.WriteByte(d)
		case e == 'u':
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
		j, err := p.plainRun(i)
		if err != nil {
			return "", err
		}
		b.WriteString(s[i:j])
		i = j
	}
}

// escapedLen returns the length of the rest of a string token from i up to its closing quote
// (or the end of s), skipping escaped characters.
func escapedLen(s string, i int) int {
	for j := i; j < len(s); j++ {
		switch s[j] {
		case '"':
			return j - i
		case '\\':
			j++
		}
	}
	return len(s) - i
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
