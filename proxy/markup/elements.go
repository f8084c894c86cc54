package markup

import (
	"encoding/json"
	"strings"
)

// CDATA's markers, which MiniCPM 5 may write around a value (vllm test_minicpm5xml_tool_parser.py
// test_cdata_multiline).
const (
	cdataOpen  = "<![CDATA["
	cdataClose = "]]>"
)

// xmlMarks are the marks of an XML element: its opener's start and end, its closer's start and
// end.
var xmlMarks = [4]string{"<", ">", "</", ">"}

// elementCall reads bodyElements: one call written as elements of the tag names f.CallTag and
// f.ParamTag, <C name="T"><P name="K">V</P>…</C>, from the call's opener; f.Marks replace the
// angle brackets (Kimi K3's <|open|>C …<|sep|>…<|close|>C<|sep|>) and f.NameAttr and f.KeyAttr
// the name attributes. A parameter's other attribute may give its type (see [attrList.param]);
// V is raw, its CDATA markers removed when it is all one CDATA section and f.CDATA says so. A
// missing closer of the call is forgiven at the end of the text once a parameter is complete, and
// also before the closer of its wrapper (outer, "" when there is none) or the opener of the next
// call element, where the model left it out (D62: Luce-Org/lucebox #742, DeepSeek V4 Flash
// closes </｜DSML｜tool_calls> or opens the next invoke right after its last parameter).
func elementCall(c *cursor, f *Family, outer string) (Call, outcome) {
	m := f.Marks
	if m[0] == "" {
		m = xmlMarks
	}
	if f.SelfClose {
		save := c.i
		if call, o := callElement(c, f, m[0]+f.CallTag, "/"+m[1]); o != fail {
			return call, o // whole, or short: the text ends inside the opener
		}
		c.i = save
	}
	call, o := callElement(c, f, m[0]+f.CallTag, m[1])
	if o != whole {
		return call, o
	}
	closer, opener, valEnd := m[2]+f.CallTag+m[3], m[0]+f.ParamTag, m[2]+f.ParamTag+m[3]
	next := m[0] + f.CallTag
	if f.JSONBody {
		if o, done := c.jsonBody(&call, closer, outer); done {
			return call, o
		}
	}
	if f.JSONTag != "" {
		if o, done := c.jsonElement(&call, m, f.JSONTag, closer, outer); done {
			return call, o
		}
	}
	for {
		if o, done := c.closerLeftOut(call, closer, opener, outer, next); done {
			return call, o
		}
		if o, done := c.nextParam(closer, opener, call); done {
			return call, o
		}
		var buf [maxDSMLAttrs]attr
		attrs, r := c.attrs(m[1], buf[:0])
		if r != ok {
			return call, failOrShort(r)
		}
		p, valid := attrs.param(f)
		if !valid {
			return call, fail
		}
		v, r := c.upto(valEnd)
		if r != ok {
			return call, short
		}
		if f.CDATA && strings.HasPrefix(v, cdataOpen) && strings.HasSuffix(v, cdataClose) && len(v) >= len(cdataOpen)+len(cdataClose) {
			v = v[len(cdataOpen) : len(v)-len(cdataClose)]
		}
		p.Value = v
		call.Params = append(call.Params, p)
	}
}

// jsonBody reads a call element's body written as one JSON object of its arguments (see
// [Family.JSONBody]), blanks around it, then closer: done with whole when closer or the wrapper's
// closer outer ("" none) comes after it, cut when the text ends inside closer, fail when anything
// else does, and with what the object's reader says when it is no whole object. Not done, the
// cursor back where it was, when the body does not begin with {.
func (c *cursor) jsonBody(call *Call, closer, outer string) (outcome, bool) {
	if o, found := c.argsBody(call); !found || o != whole {
		return o, found
	}
	return c.callEnd(closer, outer), true
}

// jsonElement reads a call element's body written as one element of the tag name tag, in the
// marks m, holding the JSON object of its arguments (see [Family.JSONTag]): its opener with no
// attribute or type="object", the object, blanks around it, its closer, then blanks and the
// call's closer as jsonBody reads it. The text ending after the object, inside the element's
// closer, is cut; ending inside the opener or the object, short. Not done, the cursor back where
// it was, when the body does not begin with the element's opener or a piece of it.
func (c *cursor) jsonElement(call *Call, m [4]string, tag, closer, outer string) (outcome, bool) {
	save := c.i
	c.skipBlanks()
	open, rest := m[0]+tag, c.rest()
	switch {
	case rest != "" && partial(rest, open):
		return short, true
	case !strings.HasPrefix(rest, open):
		c.i = save
		return fail, false
	}
	c.i += len(open)
	switch r := c.lit(m[1]); r {
	case eof:
		return short, true
	case bad:
		var buf [maxDSMLAttrs]attr
		attrs, r := c.attrs(m[1], buf[:0])
		if r != ok {
			return failOrShort(r), true
		}
		if len(attrs) != 1 || attrs[0] != (attr{"type", "object"}) {
			return fail, true
		}
	}
	if c.skipBlanks(); c.eof() {
		return short, true
	}
	if o, found := c.argsBody(call); !found || o != whole {
		return o, true // found false: the body is no object
	}
	switch r := c.lit(m[2] + tag + m[3]); {
	case r == eof || c.eof():
		return cut, true
	case r != ok:
		return fail, true
	}
	c.skipBlanks()
	if c.eof() {
		return cut, true
	}
	return c.callEnd(closer, outer), true
}

// callEnd reads what ends a call element after its body: whole when closer or the wrapper's
// closer outer ("" none) comes, cut when the text ends inside closer, fail when anything else
// does.
func (c *cursor) callEnd(closer, outer string) outcome {
	switch {
	case outer != "" && strings.HasPrefix(c.rest(), outer):
		return whole
	case c.lit(closer) == ok:
		return whole
	case partial(c.rest(), closer) || c.eof():
		return cut
	}
	return fail
}

// keyedElements reads bodyKeyElements: one call written as an element of the tag name f.CallTag
// with a name attribute, holding one element per argument named by its key, <K>V</K>, each tag
// after the namespace token f.NS (MiniMax M3's "]<]minimax[>[", vllm
// test_minimax_m3_tool_parser.py). V is raw text, typed by the schema; an argument written as
// nested elements (an object or a list, vllm test_non_streaming_nested_tool_call, sglang
// test_minimax_m3_detector.py test_nested_object_and_array) is read by nestedJSON into a
// Param.Elements, which the schema shapes; any other text holding an element fails the call.
func keyedElements(c *cursor, f *Family) (Call, outcome) {
	call, o := callElement(c, f, f.NS+"<"+f.CallTag, ">")
	if o != whole {
		return call, o
	}
	closer, opener := f.NS+"</"+f.CallTag+">", f.NS+"<"
	for {
		if o, done := c.nextParam(closer, opener, call); done {
			return call, o
		}
		k, r := c.token()
		switch {
		case r != ok:
			return call, short
		case !validName(k) || strings.IndexByte(k, ':') >= 0:
			return call, fail
		}
		if r := c.lit(">"); r != ok {
			return call, failOrShort(r)
		}
		v, r := c.upto(f.NS + "</" + k + ">")
		if r != ok {
			return call, short
		}
		if strings.Contains(v, opener) {
			j, valid := nestedJSON(v, f.NS)
			if !valid {
				return call, fail
			}
			call.Params = append(call.Params, Param{Name: k, Value: j, Elements: true})
			continue
		}
		call.Params = append(call.Params, Param{Name: k, Value: v})
	}
}

// maxNested is the deepest nesting of elements nestedJSON reads.
const maxNested = 16

// nestedJSON reads v, the text of a bodyKeyElements argument that holds elements of its own
// (<K>V</K>…, each tag after the namespace token ns), as a JSON object: a member per child
// element in their order, the values of a name written more than once gathered into an array at
// its first place (sglang and vllm read <tag>a</tag><tag>b</tag> as "tag": ["a", "b"]), a child
// that holds elements itself an object in turn, any other child's text a string, as written.
// Only blanks may stand around the elements; valid is false for other text beside them, an
// element left open or closed by another name, or more than maxNested levels.
func nestedJSON(v, ns string) (string, bool) {
	b, rest, valid := nestedObject(nil, v, ns, 0)
	if !valid || strings.TrimLeft(rest, " \t\r\n") != "" {
		return "", false
	}
	return string(b), true
}

// nestedObject appends to b the object of the child elements that s begins with (see
// [nestedJSON]) and returns the text after them: "", or the closer of the element that holds
// them.
func nestedObject(b []byte, s, ns string, depth int) ([]byte, string, bool) {
	if depth >= maxNested {
		return b, s, false
	}
	var keys []string
	var vals [][][]byte // each key's values, JSON texts
	for {
		s = strings.TrimLeft(s, " \t\r\n")
		if s == "" || strings.HasPrefix(s, ns+"</") {
			break
		}
		if !strings.HasPrefix(s, ns+"<") {
			return b, s, false
		}
		s = s[len(ns)+1:]
		k := strings.IndexByte(s, '>')
		if k < 0 || !validName(s[:k]) || strings.IndexByte(s[:k], ':') >= 0 {
			return b, s, false
		}
		name, closer := s[:k], ns+"</"+s[:k]+">"
		s = s[k+1:]
		var val []byte
		if t := strings.TrimLeft(s, " \t\r\n"); strings.HasPrefix(t, ns+"<") && !strings.HasPrefix(t, ns+"</") {
			obj, rest, valid := nestedObject(nil, t, ns, depth+1)
			if !valid || !strings.HasPrefix(rest, closer) {
				return b, s, false
			}
			val, s = obj, rest[len(closer):]
		} else {
			e := strings.Index(s, closer)
			if e < 0 || strings.Contains(s[:e], ns+"<") {
				return b, s, false
			}
			val, _ = json.Marshal(s[:e])
			s = s[e+len(closer):]
		}
		i := 0
		for i < len(keys) && keys[i] != name {
			i++
		}
		if i == len(keys) {
			keys, vals = append(keys, name), append(vals, nil)
		}
		vals[i] = append(vals[i], val)
	}
	b = append(b, '{')
	for i, k := range keys {
		if i > 0 {
			b = append(b, ',')
		}
		kj, _ := json.Marshal(k)
		b = append(append(b, kj...), ':')
		if len(vals[i]) == 1 {
			b = append(b, vals[i][0]...)
			continue
		}
		b = append(b, '[')
		for j, v := range vals[i] {
			if j > 0 {
				b = append(b, ',')
			}
			b = append(b, v...)
		}
		b = append(b, ']')
	}
	return append(b, '}'), s, true
}

// callElement reads a call element's opener: open, its attributes up to end, and the tool name
// they give (see [attrList.callName]): whole with the call named, or fail or short; a name the
// request does not declare fails (issue 20 F7).
func callElement(c *cursor, f *Family, open, end string) (Call, outcome) {
	if r := c.lit(open); r != ok {
		return Call{}, failOrShort(r)
	}
	var buf [maxDSMLAttrs]attr
	attrs, r := c.attrs(end, buf[:0])
	if r != ok {
		return Call{}, failOrShort(r)
	}
	name, valid := attrs.callName(f)
	if !valid || !c.tool(name) {
		return Call{}, fail
	}
	return Call{Syntax: f.Syntax, Name: name}, whole
}

// closerLeftOut reads blanks after a call element's complete parameter and reports, done, whether
// its closer was left out: whole when the wrapper's closer outer ("" none) or the next call's
// opener next (then a blank) comes instead of closer or the next parameter's opener, the cursor
// left on it for the wrapper's reader; cut when the text ends inside one of those and could not
// still be closer or opener. Not done (the cursor back where it was) otherwise, and before the
// call's first parameter.
func (c *cursor) closerLeftOut(call Call, closer, opener, outer, next string) (outcome, bool) {
	if len(call.Params) == 0 {
		return fail, false
	}
	save := c.i
	c.skipBlanks()
	rest := c.rest()
	switch {
	case outer != "" && strings.HasPrefix(rest, outer):
		return whole, true
	case len(rest) > len(next) && strings.HasPrefix(rest, next) && isBlank(rest[len(next)]):
		return whole, true
	case rest != "" && (outer != "" && partial(rest, outer) || strings.HasPrefix(next, rest)) &&
		!partial(rest, closer) && !partial(rest, opener):
		return cut, true
	}
	c.i = save
	return fail, false
}
