package repair

import (
	"math/big"
	"strings"
	"unicode/utf8"
)

// maxPyNumber is the longest Python number token accepted; CPython itself refuses to turn an int
// of more than 4300 digits into text.
const maxPyNumber = 4300

// parsePythonPrefix reads the first Python literal of s exactly as Python's ast.literal_eval
// would (D29: a Python literal where JSON was due; QwenLM/qwen-code #288, OpenHands PR #8780),
// restricted to what JSON can hold, and returns it as a JSON value with the text after it.
//
// Accepted: lists, tuples (bracketed, or bare at the top: "1, 2") and dicts with string keys,
// which become arrays and objects (a repeated dict key keeps its first place and its last value,
// as in Python); str literals in single, double or triple quotes with the r/u prefixes, all of
// Python's escapes except \N{...}, adjacent literals concatenated; int (decimal, 0x, 0o, 0b,
// underscores) and float literals with one optional sign, written out as JSON numbers; True,
// False and None; comments and line continuations. Source line ends (CRLF, CR) read as LF, as
// Python reads them.
//
// Refused, because JSON cannot hold them or Python would not read them: sets, bytes, f-strings,
// complex numbers, \N{...} escapes, surrogate code points, non-string dict keys, names and any
// expression, and nesting deeper than maxDepth. Nothing is ever read by swapping quotes.
func parsePythonPrefix(s string) (value, string, error) {
	if strings.IndexByte(s, '\r') >= 0 {
		s = strings.ReplaceAll(s, "\r\n", "\n")
		s = strings.ReplaceAll(s, "\r", "\n")
	}
	p := &pyParser{s: s}
	p.ws(true)
	v, err := p.expr()
	if err != nil {
		return value{}, "", err
	}
	end := p.i
	p.ws(false)
	if p.i < len(p.s) && p.s[p.i] == ',' { // a bare tuple
		items := []value{v}
		for {
			p.i++
			p.ws(false)
			save := p.i
			e, err := p.expr()
			if err != nil {
				p.i = save
				p.ws(true)
				if p.i < len(p.s) {
					return value{}, "", err // "1, </x>" is no tuple
				}
				end = save // a trailing comma: "1," is (1,)
				break
			}
			items = append(items, e)
			end = p.i
			p.ws(false)
			if p.i >= len(p.s) || p.s[p.i] != ',' {
				break
			}
		}
		v = value{kind: kindArray, elems: items}
	}
	return v, s[end:], nil
}

type pyParser struct {
	s      string
	i      int
	depth  int
	nested int // open brackets: inside them line ends are white space
}

func (p *pyParser) fail(msg string) error {
	return &syntaxError{"python literal", p.i, msg}
}

// ws skips white space, comments and line continuations. Line ends count only inside brackets
// (or anywhere with lines set, for the start of the text).
func (p *pyParser) ws(lines bool) {
	for p.i < len(p.s) {
		switch c := p.s[p.i]; {
		case c == ' ' || c == '\t' || c == '\f':
			p.i++
		case c == '\n' && (lines || p.nested > 0):
			p.i++
		case c == '\\' && p.i+1 < len(p.s) && p.s[p.i+1] == '\n':
			p.i += 2
		case c == '#' && (lines || p.nested > 0):
			for p.i < len(p.s) && p.s[p.i] != '\n' {
				p.i++
			}
		default:
			return
		}
	}
}

func (p *pyParser) expr() (value, error) {
	if p.i >= len(p.s) {
		return value{}, p.fail("unexpected end")
	}
	switch c := p.s[p.i]; {
	case c == '[':
		return p.seq(']')
	case c == '(':
		return p.seq(')')
	case c == '{':
		return p.dict()
	case c == '\'' || c == '"':
		return p.strings()
	case c == '-' || c == '+':
		p.i++
		p.ws(false)
		if p.i >= len(p.s) || !(isDigit(p.s[p.i]) || p.s[p.i] == '.') {
			return value{}, p.fail("sign before a non-number")
		}
		v, err := p.number()
		if err == nil && c == '-' {
			v.text = "-" + v.text
		}
		return v, err
	case isDigit(c) || (c == '.' && p.i+1 < len(p.s) && isDigit(p.s[p.i+1])):
		return p.number()
	case isIdentStart(c):
		start := p.i
		for p.i < len(p.s) && isIdentByte(p.s[p.i]) {
			p.i++
		}
		word := p.s[start:p.i]
		if p.i < len(p.s) && (p.s[p.i] == '\'' || p.s[p.i] == '"') {
			p.i = start
			return p.strings()
		}
		switch word {
		case "True":
			return value{kind: kindTrue}, nil
		case "False":
			return value{kind: kindFalse}, nil
		case "None":
			return value{kind: kindNull}, nil
		}
		p.i = start
		return value{}, p.fail("a name is not a literal")
	}
	return value{}, p.fail("invalid character")
}

func (p *pyParser) open() error {
	p.depth++
	p.nested++
	if p.depth > maxDepth {
		return p.fail("nested too deep")
	}
	p.i++
	p.ws(false)
	return nil
}

func (p *pyParser) close() {
	p.depth--
	p.nested--
	p.i++
}

// seq reads a list (close ']') or a parenthesised tuple or expression (close ')').
func (p *pyParser) seq(close byte) (value, error) {
	if err := p.open(); err != nil {
		return value{}, err
	}
	items := []value{}
	comma := false
	for {
		if p.i < len(p.s) && p.s[p.i] == close {
			p.close()
			if close == ')' && len(items) == 1 && !comma {
				return items[0], nil // (x) is x, not a tuple
			}
			return value{kind: kindArray, elems: items}, nil
		}
		e, err := p.expr()
		if err != nil {
			return value{}, err
		}
		items = append(items, e)
		p.ws(false)
		if p.i < len(p.s) && p.s[p.i] == ',' {
			comma = true
			p.i++
			p.ws(false)
			continue
		}
		if p.i >= len(p.s) || p.s[p.i] != close {
			return value{}, p.fail("expected ',' or a closing bracket")
		}
	}
}

func (p *pyParser) dict() (value, error) {
	if err := p.open(); err != nil {
		return value{}, err
	}
	v := value{kind: kindObject, keys: []string{}, elems: []value{}}
	var index map[string]int
	for {
		if p.i < len(p.s) && p.s[p.i] == '}' {
			p.close()
			return v, nil
		}
		k, err := p.expr()
		if err != nil {
			return value{}, err
		}
		p.ws(false)
		if p.i >= len(p.s) || p.s[p.i] != ':' {
			return value{}, p.fail("expected ':' (sets are refused)")
		}
		if k.kind != kindString {
			return value{}, p.fail("a dict key that is not a str")
		}
		p.i++
		p.ws(false)
		e, err := p.expr()
		if err != nil {
			return value{}, err
		}
		if index == nil && len(v.keys) >= 8 {
			index = make(map[string]int, 16)
			for i, k := range v.keys {
				index[k] = i
			}
		}
		if j := findKey(v.keys, index, k.text); j >= 0 {
			v.elems[j] = e
		} else {
			if index != nil {
				index[k.text] = len(v.keys)
			}
			v.keys = append(v.keys, k.text)
			v.elems = append(v.elems, e)
		}
		p.ws(false)
		if p.i < len(p.s) && p.s[p.i] == ',' {
			p.i++
			p.ws(false)
			continue
		}
		if p.i >= len(p.s) || p.s[p.i] != '}' {
			return value{}, p.fail("expected ',' or '}'")
		}
	}
}

func findKey(keys []string, index map[string]int, k string) int {
	if index != nil {
		if j, ok := index[k]; ok {
			return j
		}
		return -1
	}
	for j, key := range keys {
		if key == k {
			return j
		}
	}
	return -1
}

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

func isDigit(c byte) bool      { return c >= '0' && c <= '9' }
func isIdentStart(c byte) bool { return c == '_' || (c|0x20 >= 'a' && c|0x20 <= 'z') || c >= 0x80 }
func isIdentByte(c byte) bool  { return isIdentStart(c) || isDigit(c) }
