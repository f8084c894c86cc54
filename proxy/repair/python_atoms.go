package repair

import (
	"math/big"
	"strings"
	"unicode/utf8"
)

// maxPyNumber is the longest Python number token accepted; CPython itself refuses to turn an int
// of more than 4300 digits into text.
const maxPyNumber = 4300

// strings reads one or more adjacent str literals and joins them.
func (p *pyParser) strings() (value, error) {
	var b strings.Builder
	for {
		if err := p.str(&b); err != nil {
			return value{}, err
		}
		save := p.i
		p.ws(false)
		if p.i < len(p.s) && (p.s[p.i] == '\'' || p.s[p.i] == '"' || isIdentStart(p.s[p.i])) {
			j := p.i
			for j < len(p.s) && isIdentByte(p.s[j]) {
				j++
			}
			if j < len(p.s) && (p.s[j] == '\'' || p.s[j] == '"') {
				continue
			}
		}
		p.i = save
		return value{kind: kindString, text: b.String()}, nil
	}
}

// str reads one str literal (prefix, quotes, body) into b.
func (p *pyParser) str(b *strings.Builder) error {
	raw := false
	start := p.i
	for p.i < len(p.s) && isIdentByte(p.s[p.i]) {
		p.i++
	}
	switch strings.ToLower(p.s[start:p.i]) {
	case "":
	case "u":
	case "r":
		raw = true
	default:
		p.i = start
		return p.fail("bytes and f-strings are refused")
	}
	q := p.s[p.i]
	triple := strings.HasPrefix(p.s[p.i:], string([]byte{q, q, q}))
	if triple {
		p.i += 3
	} else {
		p.i++
	}
	for {
		if p.i >= len(p.s) {
			return p.fail("unterminated string")
		}
		c := p.s[p.i]
		switch {
		case c == q && (!triple || strings.HasPrefix(p.s[p.i:], string([]byte{q, q, q}))):
			if triple {
				p.i += 3
			} else {
				p.i++
			}
			return nil
		case c == '\n' && !triple:
			return p.fail("line end in a string")
		case c == '\\':
			if p.i+1 >= len(p.s) {
				return p.fail("unterminated string")
			}
			if raw { // the backslash stays, and the next character cannot end the string
				_, size := utf8.DecodeRuneInString(p.s[p.i+1:])
				b.WriteString(p.s[p.i : p.i+1+size])
				p.i += 1 + size
				continue
			}
			if err := p.escape(b); err != nil {
				return err
			}
		case c < utf8.RuneSelf:
			b.WriteByte(c)
			p.i++
		default:
			r, size := utf8.DecodeRuneInString(p.s[p.i:])
			if r == utf8.RuneError && size == 1 {
				return p.fail("invalid UTF-8")
			}
			b.WriteString(p.s[p.i : p.i+size])
			p.i += size
		}
	}
}

// escape reads the escape sequence at p.i (a backslash) of a non-raw str literal.
func (p *pyParser) escape(b *strings.Builder) error {
	e := p.s[p.i+1]
	p.i += 2
	switch e {
	case '\n':
	case '\\', '\'', '"':
		b.WriteByte(e)
	case 'a':
		b.WriteByte(7)
	case 'b':
		b.WriteByte(8)
	case 'f':
		b.WriteByte(12)
	case 'n':
		b.WriteByte('\n')
	case 'r':
		b.WriteByte('\r')
	case 't':
		b.WriteByte('\t')
	case 'v':
		b.WriteByte(11)
	case '0', '1', '2', '3', '4', '5', '6', '7':
		r := rune(e - '0')
		for n := 1; n < 3 && p.i < len(p.s) && p.s[p.i] >= '0' && p.s[p.i] <= '7'; n++ {
			r = r<<3 | rune(p.s[p.i]-'0')
			p.i++
		}
		b.WriteRune(r)
	case 'x', 'u', 'U':
		n := map[byte]int{'x': 2, 'u': 4, 'U': 8}[e]
		var r rune
		for k := 0; k < n; k++ {
			if p.i >= len(p.s) {
				return p.fail("truncated escape")
			}
			d, ok := hexDigit(p.s[p.i])
			if !ok {
				return p.fail("truncated escape")
			}
			r = r<<4 | d
			p.i++
		}
		if r > utf8.MaxRune || (r >= 0xD800 && r <= 0xDFFF) {
			return p.fail("a surrogate or out-of-range code point")
		}
		b.WriteRune(r)
	case 'N':
		return p.fail(`\N{...} escapes are refused`)
	default: // an unknown escape keeps its backslash
		p.i--
		b.WriteByte('\\')
	}
	return nil
}

// number reads an unsigned int or float literal and writes it as a JSON number.
func (p *pyParser) number() (value, error) {
	start := p.i
	for p.i < len(p.s) && (isIdentByte(p.s[p.i]) || p.s[p.i] == '.' ||
		((p.s[p.i] == '+' || p.s[p.i] == '-') && (p.s[p.i-1] == 'e' || p.s[p.i-1] == 'E') && !isPrefixed(p.s[start:p.i]))) {
		p.i++
	}
	tok := p.s[start:p.i]
	if len(tok) > maxPyNumber {
		return value{}, p.fail("number too long")
	}
	text, ok := pyNumberToJSON(tok)
	if !ok {
		p.i = start
		return value{}, p.fail("invalid number")
	}
	return value{kind: kindNumber, text: text}, nil
}

func isPrefixed(tok string) bool {
	return len(tok) > 1 && tok[0] == '0' && strings.ContainsRune("xXoObB", rune(tok[1]))
}

// pyNumberToJSON turns a Python int or float token into JSON number text, or reports it is none.
func pyNumberToJSON(tok string) (string, bool) {
	if isPrefixed(tok) {
		base := map[byte]int{'x': 16, 'o': 8, 'b': 2}[tok[1]|0x20]
		digits, ok := pyDigits(strings.TrimPrefix(tok[2:], "_"), base)
		if !ok {
			return "", false
		}
		n, ok := new(big.Int).SetString(digits, base)
		if !ok {
			return "", false
		}
		return n.String(), true
	}
	mant, exp := tok, ""
	if i := strings.IndexAny(tok, "eE"); i >= 0 {
		mant, exp = tok[:i], tok[i+1:]
		sign := ""
		if exp != "" && (exp[0] == '+' || exp[0] == '-') {
			sign, exp = exp[:1], exp[1:]
		}
		d, ok := pyDigits(exp, 10)
		if !ok {
			return "", false
		}
		exp = sign + d
	}
	intPart, frac, dot := mant, "", false
	if i := strings.IndexByte(mant, '.'); i >= 0 {
		intPart, frac, dot = mant[:i], mant[i+1:], true
	}
	var ok bool
	if intPart != "" {
		if intPart, ok = pyDigits(intPart, 10); !ok {
			return "", false
		}
	}
	if frac != "" {
		if frac, ok = pyDigits(frac, 10); !ok {
			return "", false
		}
	}
	if intPart == "" && frac == "" {
		return "", false
	}
	if !dot && exp == "" && len(intPart) > 1 && intPart[0] == '0' && strings.Trim(intPart, "0") != "" {
		return "", false // 0123 is a syntax error in Python 3
	}
	intPart = strings.TrimLeft(intPart, "0")
	if intPart == "" {
		intPart = "0"
	}
	out := intPart
	if dot {
		if frac == "" {
			frac = "0"
		}
		out += "." + frac
	}
	if exp != "" {
		out += "e" + exp
	}
	return out, true
}

// pyDigits checks digits of base with single underscores between them and returns them without
// the underscores.
func pyDigits(s string, base int) (string, bool) {
	if s == "" || s[0] == '_' || s[len(s)-1] == '_' || strings.Contains(s, "__") {
		return "", false
	}
	for i := 0; i < len(s); i++ {
		if s[i] == '_' {
			continue
		}
		d, ok := hexDigit(s[i])
		if !ok || int(d) >= base {
			return "", false
		}
	}
	return strings.ReplaceAll(s, "_", ""), true
}
