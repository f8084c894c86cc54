package markup

import (
	"encoding/json"
	"strconv"
	"strings"
)

// maxPyDepth is the deepest nesting of Python lists and dicts accepted in a call's arguments.
const maxPyDepth = 64

// pythonCalls reads the pythonic call syntax (D62: vllm pythonic_tool_parser,
// llama4_pythonic_tool_parser, lfm2_tool_parser): a list [f(a=1), g(b="x")] of calls, or a
// single call f(a=1). A call is a tool name, then keyword arguments only, each a Python literal:
// a string ('…' or "…", with Python's escapes), a number, True, False, None (or JSON's true,
// false, null), or a list, tuple or dict of them. Each call's arguments become a JSON object ([Call.JSON]); positional arguments, other
// expressions and duplicate keywords are refused.
func pythonCalls(c *cursor, syn Syntax) ([]Call, outcome) {
	if c.eof() {
		return nil, short
	}
	if c.s[c.i] != '[' {
		call, o := pythonCall(c, syn)
		return single(call, o)
	}
	c.i++
	var calls []Call
	for {
		c.skipBlanks()
		if c.eof() {
			return nil, short
		}
		if c.s[c.i] == ']' && len(calls) > 0 {
			c.i++
			return calls, whole
		}
		call, o := pythonCall(c, syn)
		if o != whole {
			return nil, o
		}
		calls = append(calls, call)
		c.skipBlanks()
		switch {
		case c.eof():
			return nil, short
		case c.s[c.i] == ',':
			c.i++
		case c.s[c.i] != ']':
			return nil, fail
		}
	}
}

// pythonCall reads one call f(k=v, …).
func pythonCall(c *cursor, syn Syntax) (Call, outcome) {
	name, r := c.pyIdent(true)
	if r != ok {
		return Call{}, failOrShort(r)
	}
	if !c.tool(name) {
		return Call{}, fail
	}
	c.skipBlanks()
	if r := c.lit("("); r != ok {
		return Call{}, failOrShort(r)
	}
	args := map[string]any{}
	var b strings.Builder
	b.WriteByte('{')
	for {
		c.skipBlanks()
		if c.eof() {
			return Call{}, short
		}
		if c.s[c.i] == ')' {
			c.i++
			b.WriteByte('}')
			return Call{Syntax: syn, Name: name, JSON: []byte(b.String())}, whole
		}
		k, r := c.pyIdent(false)
		if r != ok {
			return Call{}, failOrShort(r)
		}
		if _, dup := args[k]; dup || !c.member(name, k) {
			return Call{}, fail
		}
		args[k] = nil
		c.skipBlanks()
		if r := c.lit("="); r != ok {
			return Call{}, failOrShort(r)
		}
		if len(args) > 1 {
			b.WriteByte(',')
		}
		kj, _ := json.Marshal(k)
		b.Write(kj)
		b.WriteByte(':')
		if r := c.pyValue(&b, 0); r != ok {
			return Call{}, failOrShort(r)
		}
		c.skipBlanks()
		switch {
		case c.eof():
			return Call{}, short
		case c.s[c.i] == ',':
			c.i++
		case c.s[c.i] != ')':
			return Call{}, fail
		}
	}
}

// pyIdent reads a Python identifier (dotted: a tool name may hold dots): ok with it; eof when the
// text ends inside it or before it.
func (c *cursor) pyIdent(dotted bool) (string, res) {
	c.skipBlanks()
	j := c.i
	for j < len(c.s) {
		b := c.s[j]
		letter := 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z' || b == '_'
		if !letter && !(j > c.i && ('0' <= b && b <= '9' || dotted && b == '.')) {
			break
		}
		j++
	}
	if j == len(c.s) {
		return "", eof
	}
	if j == c.i {
		return "", bad
	}
	id := c.s[c.i:j]
	c.i = j
	return id, ok
}

// pyValue reads one Python literal and writes it to b as JSON.
func (c *cursor) pyValue(b *strings.Builder, depth int) res {
	c.skipBlanks()
	if c.eof() {
		return eof
	}
	if depth > maxPyDepth {
		return bad
	}
	switch q := c.s[c.i]; {
	case q == '"' || q == '\'':
		return c.pyStringValue(b, false, false)
	case strings.IndexByte("rRuUfF", q) >= 0:
		n, raw, format := strPrefix(c.rest())
		switch {
		case n < 0:
			return eof
		case n > 0:
			c.i += n
			return c.pyStringValue(b, raw, format)
		}
	case q == '[' || q == '(':
		end := byte(']')
		if q == '(' {
			end = ')'
		}
		c.i++
		b.WriteByte('[')
		return c.pyItems(b, depth, end, false)
	case q == '{': // a dict, or a set, which JSON writes as a list (vllm test_lfm2_tool_parser.py set_arg)
		at := c.i + 1
		var d strings.Builder
		d.WriteByte('{')
		c.i = at
		r := c.pyItems(&d, depth, '}', true)
		if r == bad {
			d.Reset()
			d.WriteByte('[')
			c.i = at
			r = c.pyItems(&d, depth, '}', false)
		}
		if r == ok {
			b.WriteString(d.String())
		}
		return r
	case q == '-' || q == '+' || '0' <= q && q <= '9':
		return c.pyNumber(b)
	}
	// Python's constants, and JSON's, which Olmo 3 writes too (vllm test_olmo3_tool_parser.py
	// MORE_TYPES_FUNCTION_OUTPUT_JSON_LITERALS)
	for _, w := range [...][2]string{{"True", "true"}, {"False", "false"}, {"None", "null"}, {"true", "true"}, {"false", "false"}, {"null", "null"}} {
		switch rest := c.rest(); {
		case strings.HasPrefix(rest, w[0]):
			c.i += len(w[0])
			if !c.eof() && (nameByte(c.s[c.i]) && c.s[c.i] != ':') {
				return bad
			}
			b.WriteString(w[1])
			return ok
		case partial(rest, w[0]):
			return eof
		}
	}
	return bad
}

// strPrefix reads the prefix of a string literal at the start of s: u, r, f, fr or rf in either
// case (a bytes literal, b, is no JSON value, and u stands alone, as in Python). n is the prefix's
// length, 0 when no prefixed literal starts s, -1 when s ends after a prefix that may still be one.
func strPrefix(s string) (n int, raw, format bool) {
	u := false
	for ; n < len(s) && n < 2; n++ {
		switch s[n] | 0x20 {
		case 'r':
			if raw || u {
				return 0, false, false
			}
			raw = true
			continue
		case 'f':
			if format || u {
				return 0, false, false
			}
			format = true
			continue
		case 'u':
			if n > 0 {
				return 0, false, false
			}
			u = true
			continue
		}
		break
	}
	switch {
	case n == len(s):
		return -1, false, false
	case s[n] != '"' && s[n] != '\'':
		return 0, false, false
	}
	return n, raw, format
}

// pyStringValue reads a string literal at the cursor (after its prefix: raw keeps its
// backslashes, format is an f-string, taken only without a {placeholder}, which would be an
// expression: SGLang test/registered/unit/function_call/test_function_call_parser.py
// TestLfm2Detector test_constant_fstring_argument) and writes it to b as a JSON string.
func (c *cursor) pyStringValue(b *strings.Builder, raw, format bool) res {
	at := c.i
	s, r := c.pyString(raw)
	if r != ok {
		return r
	}
	if format && strings.ContainsAny(c.s[at:c.i], "{}") {
		return bad
	}
	j, _ := json.Marshal(s)
	b.Write(j)
	return ok
}

// pyItems reads the items of a list (or tuple) or dict after its opener, up to end.
func (c *cursor) pyItems(b *strings.Builder, depth int, end byte, dict bool) res {
	n := 0
	for {
		c.skipBlanks()
		if c.eof() {
			return eof
		}
		if c.s[c.i] == end {
			c.i++
			if dict {
				b.WriteByte('}')
			} else {
				b.WriteByte(']')
			}
			return ok
		}
		if n > 0 {
			b.WriteByte(',')
		}
		n++
		if dict {
			c.skipBlanks()
			if c.eof() {
				return eof
			}
			if c.s[c.i] != '"' && c.s[c.i] != '\'' {
				return bad
			}
			if r := c.pyValue(b, depth+1); r != ok {
				return r
			}
			c.skipBlanks()
			if r := c.lit(":"); r != ok {
				return r
			}
			b.WriteByte(':')
		}
		if r := c.pyValue(b, depth+1); r != ok {
			return r
		}
		c.skipBlanks()
		switch {
		case c.eof():
			return eof
		case c.s[c.i] == ',':
			c.i++
		case c.s[c.i] != end:
			return bad
		}
	}
}

// pyNumber reads a number that is also a JSON number (an optional -, digits, a fraction, an
// exponent), or one with a + before its digits, which Python reads as the number itself and JSON
// writes without it (SGLang test/registered/unit/function_call/test_function_call_parser.py
// TestLfm2Detector test_explicit_positive_number: limit=+7 is 7).
func (c *cursor) pyNumber(b *strings.Builder) res {
	j := c.i
	for j < len(c.s) && strings.IndexByte("+-0123456789.eE", c.s[j]) >= 0 {
		j++
	}
	if j == len(c.s) {
		return eof
	}
	n := c.s[c.i:j]
	if len(n) > 1 && n[0] == '+' && '0' <= n[1] && n[1] <= '9' {
		n = n[1:]
	}
	if _, err := strconv.ParseFloat(n, 64); err != nil || !json.Valid([]byte(n)) {
		return bad
	}
	b.WriteString(n)
	c.i = j
	return ok
}

// pyString reads a one-line Python string literal, ' or ", decoding its escapes (a raw one, r,
// keeps each backslash and the byte after it as they stand); a raw line break in it is kept when
// the row allows it (c.lines), else the literal is bad.
//
// A triple-quoted literal (three ' or three " around it, SGLang test_pythonic_streaming.py
// test_quoted_brackets_match_non_streaming_for_every_split) may hold raw line breaks and lone
// quotes; it ends at the first three quotes not escaped.
func (c *cursor) pyString(raw bool) (string, res) {
	q := c.s[c.i]
	rest := c.rest()
	qqq := `"""`
	if q == '\'' {
		qqq = "'''"
	}
	triple := strings.HasPrefix(rest, qqq)
	if !triple && rest == qqq[:2] {
		return "", eof // "" or the start of """
	}
	start := c.i + 1
	if triple {
		start = c.i + 3
	}
	var out strings.Builder
	for j := start; j < len(c.s); j++ {
		switch ch := c.s[j]; {
		case ch == q && !triple:
			c.i = j + 1
			return out.String(), ok
		case ch == q && strings.HasPrefix(c.s[j:], qqq):
			c.i = j + 3
			return out.String(), ok
		case ch == q && partial(c.s[j:], qqq):
			return "", eof
		case ch == '\n' && !c.lines && !triple:
			return "", bad
		case ch != '\\':
			out.WriteByte(ch)
		case j+1 == len(c.s):
			return "", eof
		case raw:
			j++
			if c.s[j] == '\n' && !c.lines && !triple {
				return "", bad
			}
			out.WriteByte('\\')
			out.WriteByte(c.s[j])
		default:
			j++
			switch e := c.s[j]; e {
			case 'n':
				out.WriteByte('\n')
			case 't':
				out.WriteByte('\t')
			case 'r':
				out.WriteByte('\r')
			case '\\', '\'', '"':
				out.WriteByte(e)
			case 'x', 'u':
				w := 2
				if e == 'u' {
					w = 4
				}
				if j+w >= len(c.s) {
					return "", eof
				}
				v, err := strconv.ParseUint(c.s[j+1:j+1+w], 16, 32)
				if err != nil {
					return "", bad
				}
				out.WriteRune(rune(v))
				j += w
			default:
				out.WriteByte('\\')
				out.WriteByte(e)
			}
		}
	}
	return "", eof
}
