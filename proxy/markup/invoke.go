package markup

import "strings"

// minimaxWrap is MiniMax's wrapper opener, a special token of its vocabulary (D02; vllm
// test_minimax_m2_tool_parser.py test_content_before_tool_call).
const minimaxWrap = "<minimax:tool_call>"

// maxNS is the longest namespace prefix of a tag name, in bytes.
const maxNS = 32

// validNS reports whether p is a namespace prefix: a letter or _ then letters, digits, _ . -.
func validNS(p string) bool {
	if p == "" || len(p) > maxNS {
		return false
	}
	for i := 0; i < len(p); i++ {
		b := p[i]
		letter := 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z' || b == '_'
		if !letter && (i == 0 || !('0' <= b && b <= '9' || b == '.' || b == '-')) {
			return false
		}
	}
	return true
}

// qnameIs reports whether the tag name q is local, bare or after one namespace prefix (nsOnly: only
// after one).
func qnameIs(q, local string, nsOnly bool) bool {
	if k := strings.IndexByte(q, ':'); k >= 0 {
		return validNS(q[:k]) && q[k+1:] == local
	}
	return !nsOnly && q == local
}

// qnameCould reports whether q, a tag name cut short by the end of the text, can still grow into
// one qnameIs accepts.
func qnameCould(q, local string, nsOnly bool) bool {
	if k := strings.IndexByte(q, ':'); k >= 0 {
		return validNS(q[:k]) && strings.HasPrefix(local, q[k+1:])
	}
	return q == "" || validNS(q) || !nsOnly && strings.HasPrefix(local, q)
}

// tagName consumes '<' and the tag name after it; eof when the text ends inside the name.
func (c *cursor) tagName() (string, res) {
	if r := c.lit("<"); r != ok {
		return "", r
	}
	return c.token()
}

// nameAttr consumes the rest of an opening tag: blanks, name="V" (or 'V'), blanks, '>'. V must be
// non-empty and hold no < > or line break.
func (c *cursor) nameAttr() (string, res) {
	if c.eof() {
		return "", eof
	}
	if !isBlank(c.s[c.i]) {
		return "", bad
	}
	c.skipBlanks()
	if r := c.lit("name"); r != ok {
		return "", r
	}
	c.skipBlanks()
	if r := c.lit("="); r != ok {
		return "", r
	}
	c.skipBlanks()
	v, r := c.quoted()
	if r != ok {
		return "", r
	}
	c.skipBlanks()
	if r := c.lit(">"); r != ok {
		return "", r
	}
	return v, ok
}

// paramAttrs consumes the rest of a parameter's opening tag: its name attribute and, besides it,
// at most DSML's string="true|false" (string="false" marks the value as JSON text, [Param.JSON]),
// which DeepSeek models served by Ollama write into plain invoke markup (D01/D05:
// NousResearch/hermes-agent #8965, <parameter name="action" string="true">list</parameter>).
func (c *cursor) paramAttrs() (Param, res) {
	var buf [maxDSMLAttrs]attr
	l, r := c.attrs(">", buf[:0])
	if r != ok {
		return Param{}, r
	}
	var p Param
	typed := false
	for _, a := range l {
		switch {
		case a.key == "name" && p.Name == "":
			p.Name = a.value
		case a.key == "string" && !typed && (a.value == dsmlStringTrue || a.value == dsmlStringFalse):
			typed, p.JSON = true, a.value == dsmlStringFalse
		default:
			return Param{}, bad
		}
	}
	if p.Name == "" {
		return Param{}, bad
	}
	return p, ok
}

// quoted consumes a quoted attribute value, " or ', non-empty, with no < > or line break in it.
func (c *cursor) quoted() (string, res) {
	if c.eof() {
		return "", eof
	}
	q := c.s[c.i]
	if q != '"' && q != '\'' {
		return "", bad
	}
	j := c.i + 1
	for ; j < len(c.s) && c.s[j] != q; j++ {
		if b := c.s[j]; b == '<' || b == '>' || b == '\n' || b == '\r' {
			return "", bad
		}
	}
	if j == len(c.s) {
		return "", eof
	}
	v := c.s[c.i+1 : j]
	if v == "" {
		return "", bad
	}
	c.i = j + 1
	return v, ok
}

// wrapped reads the calls of a bodyInvoke row with Wraps from the first tag: an invoke element,
// or a wrapper element of f.Wraps (see [Family.Wraps]) holding invokes.
func wrapped(c *cursor, f *Family) ([]Call, outcome) {
	q, r := c.tagName()
	var calls []Call
	o := fail
	switch {
	case r == bad:
	case r == eof:
		if qnameCould(q, "invoke", false) || isWrap(f.Wraps, q, true) {
			o = short
		}
	case qnameIs(q, "invoke", false):
		var call Call
		if call, o = invokeRest(c, q); o == whole {
			o = strayWrapperEnd(c, f.Wraps)
		}
		calls, o = single(call, o)
	case isWrap(f.Wraps, q, false):
		calls, o = wrapperRest(c, q)
	}
	for k := range calls {
		calls[k].Syntax = f.Syntax
	}
	return calls, o
}

// isWrap reports whether the tag name q names one of the wrappers (see [Family.Wraps]); with
// cut, whether q, a tag name cut short by the end of the text, can still grow into one.
func isWrap(wraps []string, q string, cut bool) bool {
	for _, w := range wraps {
		local, nsOnly := strings.CutPrefix(w, ":")
		if cut && qnameCould(q, local, nsOnly) || !cut && qnameIs(q, local, nsOnly) {
			return true
		}
	}
	return false
}

// strayWrapperEnd ends a bare invoke (no wrapper opener before it) after its closer: the closer
// of a wrapper (isWrap, </minimax:tool_call>) after blanks, its opener lost (docs/faults.md
// D02, anomalyco/opencode #26296: MiniMax M2.5 leaves it after the last </invoke>), is taken with
// it when only blanks follow, as a bare Qwen call takes a stray </tool_call> (bareEnd); the text
// ending inside such a closer is cut. Anything else (the next invoke, blanks, prose, the end) is
// left for what follows.
func strayWrapperEnd(c *cursor, wraps []string) outcome {
	save := c.i
	c.skipBlanks()
	if c.lit("</") == ok {
		q, r := c.token()
		switch {
		case r == eof && isWrap(wraps, q, true):
			return cut
		case r == ok && isWrap(wraps, q, false) && c.lit(">") == ok:
			if c.skipBlanks(); c.eof() {
				return whole
			}
		}
	}
	c.i = save
	return whole
}

// wrapperRest parses a wrapper after its tag name q: '>', one or more invokes, the closer.
func wrapperRest(c *cursor, q string) ([]Call, outcome) {
	c.skipBlanks()
	if r := c.lit(">"); r != ok {
		return nil, failOrShort(r)
	}
	return callsUntil(c, "</"+q+">")
}

// wrappedInvoke parses one invoke of a wrapper.
func wrappedInvoke(c *cursor) (Call, outcome) {
	iq, r := c.tagName()
	if r == eof && qnameCould(iq, "invoke", false) {
		return Call{}, short
	}
	if r != ok || !qnameIs(iq, "invoke", false) {
		return Call{}, fail
	}
	return invokeRest(c, iq)
}

// invokeRest parses an invoke after its tag name q: the name attribute, parameters, the closer.
// A missing closer is forgiven once a parameter is complete.
func invokeRest(c *cursor, q string) (Call, outcome) {
	name, r := c.nameAttr()
	if r != ok {
		return Call{}, failOrShort(r)
	}
	if !c.tool(name) {
		return Call{}, fail
	}
	call := Call{Syntax: Invoke, Name: name}
	closer := "</" + q + ">"
	for {
		if o, done := c.closing(closer, call); done {
			return call, o
		}
		if strings.HasPrefix(c.rest(), "</") {
			return call, fail
		}
		pq, r := c.tagName()
		if r == eof && qnameCould(pq, "parameter", false) {
			return call, short
		}
		if r != ok || !qnameIs(pq, "parameter", false) {
			return call, fail
		}
		p, r := c.paramAttrs()
		if r != ok {
			return call, failOrShort(r)
		}
		v, r := c.upto("</" + pq + ">")
		if r != ok {
			return call, short
		}
		p.Value = v
		call.Params = append(call.Params, p)
	}
}
