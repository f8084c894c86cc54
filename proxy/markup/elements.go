package markup

import "strings"

// CDATA's markers, which MiniCPM 5 may write around a value (vllm test_minicpm5xml_tool_parser.py
// test_cdata_multiline).
const (
	cdataOpen  = "<![CDATA["
	cdataClose = "]]>"
)

// elementCall reads bodyElements: one call written as elements of the tag names f.CallTag and
// f.ParamTag, <C name="T"><P name="K">V</P>…</C>, from the call's '<'. A parameter's attributes
// are its name and optionally string="true|false" (string="false" marks V as JSON text, as
// DSML's, [Param.JSON]); V is raw, its CDATA markers removed when it is all one CDATA section
// and f.CDATA says so.
// A missing </C> is forgiven at the end of the text once a parameter is complete.
func elementCall(c *cursor, f *Family) (Call, outcome) {
	if r := c.lit("<" + f.CallTag); r != ok {
		return Call{}, failOrShort(r)
	}
	attrs, r := c.attrs()
	if r != ok {
		return Call{}, failOrShort(r)
	}
	name, valid := attrs.only("name")
	if !valid || !validName(name) {
		return Call{}, fail
	}
	call := Call{Syntax: f.Syntax, Name: name}
	closer, opener, valEnd := "</"+f.CallTag+">", "<"+f.ParamTag, "</"+f.ParamTag+">"
	for {
		if o, done := c.nextParam(closer, opener, call); done {
			return call, o
		}
		attrs, r := c.attrs()
		if r != ok {
			return call, failOrShort(r)
		}
		p, valid := attrs.param()
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
