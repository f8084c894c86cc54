package markup

// maxDepth is the deepest nesting of JSON arrays and objects accepted in arguments; deeper is
// refused (the text passes as it is).
const maxDepth = 256

// jsonObject scans the JSON object at the very start of s (no blanks before it). It returns ok and
// the object's length in bytes; eof when s ends inside the object and some continuation of s is
// valid JSON there; bad when none is. It follows RFC 8259 strictly except that it does not check
// UTF-8 inside strings and takes raw control characters inside them (U+0000 to U+001F, which
// JSON forbids there: docs/faults.md D64, a real tab in an edit's old text), as the argument
// repairs do; the readers escape them (escapeControls) before the text is decoded.
func jsonObject(s string) (int, res) { return jsonObjectAt(s, 0, nil) }

// jsonObjectAt is jsonObject on s from byte i, using and adding to the facts of m; it returns the
// offset just after the object.
func jsonObjectAt(s string, i int, m *memo) (int, res) { return jsonAt(s, i, m, '{') }

// jsonArrayAt is jsonObjectAt for the JSON array at byte i of s.
func jsonArrayAt(s string, i int, m *memo) (int, res) { return jsonAt(s, i, m, '[') }

// jsonAt scans the object ('{') or array ('[') open at byte i of s.
func jsonAt(s string, i int, m *memo, open byte) (int, res) {
	if i >= len(s) {
		return i, eof
	}
	if s[i] != open {
		return i, bad
	}
	j := jscan{s: s, i: i, m: m}
	var r res
	if open == '[' {
		r = j.array(1)
	} else {
		r = j.object(1)
	}
	return j.i, r
}

// jscan is a recursive-descent JSON scanner over s from byte i.
type jscan struct {
	s string
	i int
	m *memo
}

func (j *jscan) skipBlanks() {
	for j.i < len(j.s) && isBlank(j.s[j.i]) {
		j.i++
	}
}

// value scans one value after optional blanks.
func (j *jscan) value(depth int) res {
	j.skipBlanks()
	if j.i >= len(j.s) {
		return eof
	}
	switch b := j.s[j.i]; {
	case b == '{':
		return j.object(depth + 1)
	case b == '[':
		return j.array(depth + 1)
	case b == '"':
		return j.str()
	case b == 't':
		return j.word("true")
	case b == 'f':
		return j.word("false")
	case b == 'n':
		return j.word("null")
	case b == '-' || '0' <= b && b <= '9':
		return j.number()
	}
	return bad
}

// object scans {…} starting at '{'.
func (j *jscan) object(depth int) res {
	if r, done := j.open(depth, '}'); done {
		return r
	}
	for {
		if r := j.at('"'); r != ok {
			return r
		}
		if r := j.str(); r != ok {
			return r
		}
		if r := j.at(':'); r != ok {
			return r
		}
		j.i++
		if r := j.value(depth); r != ok {
			return r
		}
		if r := j.next('}'); r != ok || j.s[j.i-1] == '}' {
			return r
		}
	}
}

// array scans […] starting at '['.
func (j *jscan) array(depth int) res {
	if r, done := j.open(depth, ']'); done {
		return r
	}
	for {
		if r := j.value(depth); r != ok {
			return r
		}
		if r := j.next(']'); r != ok || j.s[j.i-1] == ']' {
			return r
		}
	}
}

// open consumes the '{' or '[' of a container at depth and the blanks after it. done says the scan
// of the container is over, with r: bad past maxDepth, ok when the closing byte end follows at once
// (consumed too); otherwise its members follow.
func (j *jscan) open(depth int, end byte) (r res, done bool) {
	if depth > maxDepth {
		return bad, true
	}
	j.i++
	j.skipBlanks()
	if j.i < len(j.s) && j.s[j.i] == end {
		j.i++
		return ok, true
	}
	return ok, false
}

// at consumes blanks and says whether the byte b follows (ok, not consumed), s ends first (eof) or
// another byte does (bad).
func (j *jscan) at(b byte) res {
	j.skipBlanks()
	if j.i >= len(j.s) {
		return eof
	}
	if j.s[j.i] != b {
		return bad
	}
	return ok
}

// next consumes blanks and then ',' or the closing byte end; the caller tells which by j.s[j.i-1].
func (j *jscan) next(end byte) res {
	j.skipBlanks()
	if j.i >= len(j.s) {
		return eof
	}
	if b := j.s[j.i]; b != ',' && b != end {
		return bad
	}
	j.i++
	return ok
}

// str scans a string starting at '"'.
func (j *jscan) str() res {
	quote := j.i
	j.i = max(quote+1, j.m.strFrom(quote))
	for j.i < len(j.s) {
		at := j.i
		b := j.s[j.i]
		switch {
		case b == '"':
			j.i++
			return ok
		case b == '\\':
			j.i++
			if j.i >= len(j.s) {
				j.m.setStr(quote, at)
				return eof
			}
			switch j.s[j.i] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				j.i++
			case 'u':
				j.i++
				for k := 0; k < 4; k++ {
					if j.i >= len(j.s) {
						j.m.setStr(quote, at)
						return eof
					}
					if !isHex(j.s[j.i]) {
						return bad
					}
					j.i++
				}
			default:
				return bad
			}
		default:
			j.i++
		}
	}
	j.m.setStr(quote, j.i)
	return eof
}

func isHex(b byte) bool { return '0' <= b && b <= '9' || 'a' <= b && b <= 'f' || 'A' <= b && b <= 'F' }

// word scans the literal w.
func (j *jscan) word(w string) res {
	c := cursor{s: j.s, i: j.i}
	r := c.lit(w)
	j.i = c.i
	return r
}

// number scans -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?; eof when s ends inside it (it may
// grow, and its container is still open).
func (j *jscan) number() res {
	if j.s[j.i] == '-' {
		j.i++
	}
	if j.i >= len(j.s) {
		return eof
	}
	switch b := j.s[j.i]; {
	case b == '0':
		j.i++
	case '1' <= b && b <= '9':
		j.digits()
	default:
		return bad
	}
	if j.i < len(j.s) && j.s[j.i] == '.' {
		j.i++
		if r := j.someDigits(); r != ok {
			return r
		}
	}
	if j.i < len(j.s) && (j.s[j.i] == 'e' || j.s[j.i] == 'E') {
		j.i++
		if j.i < len(j.s) && (j.s[j.i] == '+' || j.s[j.i] == '-') {
			j.i++
		}
		if r := j.someDigits(); r != ok {
			return r
		}
	}
	if j.i >= len(j.s) {
		return eof
	}
	return ok
}

func (j *jscan) digits() {
	for j.i < len(j.s) && '0' <= j.s[j.i] && j.s[j.i] <= '9' {
		j.i++
	}
}

// someDigits scans one or more digits.
func (j *jscan) someDigits() res {
	if j.i >= len(j.s) {
		return eof
	}
	if j.s[j.i] < '0' || j.s[j.i] > '9' {
		return bad
	}
	j.digits()
	return ok
}

// escapeControls returns the JSON text s (as jscan accepts it) with each raw control character
// inside a string escaped: \n, \r, \t, \b, \f, else \u00XX (docs/faults.md D64: gethouston/houston
// PR #1561; jundot/omlx #1672, a leaked Hermes call whose edit holds raw tabs); s itself when it
// holds none. Outside strings such a byte is white space or refused by the scan, and is kept.
func escapeControls(s string) string {
	var b []byte
	in, last := false, 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '"':
			in = !in
		case c == '\\' && in:
			i++
		case c < 0x20 && in:
			b = append(b, s[last:i]...)
			switch c {
			case '\n':
				b = append(b, `\n`...)
			case '\r':
				b = append(b, `\r`...)
			case '\t':
				b = append(b, `\t`...)
			case '\b':
				b = append(b, `\b`...)
			case '\f':
				b = append(b, `\f`...)
			default:
				b = append(b, `\u00`...)
				b = append(b, hexDigits[c>>4], hexDigits[c&0xf])
			}
			last = i + 1
		}
	}
	if b == nil {
		return s
	}
	return string(append(b, s[last:]...))
}

const hexDigits = "0123456789abcdef"
