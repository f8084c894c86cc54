package repair

import (
	"strings"
)

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
// complex numbers, Ellipsis, \N{...} escapes, surrogate code points, non-string dict keys (which
// json.dumps would turn into text), names and any expression, and nesting deeper than maxDepth;
// such a value is refused wherever it stands, even where a later repeated dict key would drop
// it. Nothing is ever read by swapping quotes. Checked against CPython 3 on random literals: every
// literal read gives the value Python gives.
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
	{
		p.i = end
		p.ws(true) // a trailing comment ends the text as Python reads it
		if p.i == len(p.s) {
			end = p.i
		}
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

func isDigit(c byte) bool      { return c >= '0' && c <= '9' }
func isIdentStart(c byte) bool { return c == '_' || (c|0x20 >= 'a' && c|0x20 <= 'z') || c >= 0x80 }
func isIdentByte(c byte) bool  { return isIdentStart(c) || isDigit(c) }
