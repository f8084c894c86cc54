package markup

import "strings"

// DeepSeek V3.2's DSML markup: tags whose names begin with the token ｜DSML｜ (fullwidth vertical
// bars U+FF5C), written by the model as text when the server does not parse them (docs/faults.md
// D05: ochafik/minja PR #11, stdapi-ai/stdapi.ai #182).
const (
	dsml            = "<｜DSML｜"
	dsmlCalls       = dsml + "function_calls>"
	dsmlCallsEnd    = "</｜DSML｜function_calls>"
	dsmlToolCalls   = dsml + "tool_calls>" // V4's wrapper (D62: vllm deepseekv4_tool_parser)
	dsmlToolEnd     = "</｜DSML｜tool_calls>"
	dsmlInvoke      = dsml + "invoke"
	dsmlInvokeEnd   = "</｜DSML｜invoke>"
	dsmlParam       = dsml + "parameter"
	dsmlParamEnd    = "</｜DSML｜parameter>"
	maxDSMLAttrs    = 4
	dsmlStringTrue  = "true"
	dsmlStringFalse = "false"
)

// dsmlBlock parses one DSML item: <｜DSML｜function_calls> (V4: <｜DSML｜tool_calls>) holding one or more invokes, or one
// bare invoke. An invoke is <｜DSML｜invoke name="T"> holding zero or more
// <｜DSML｜parameter name="P" string="true|false">V</｜DSML｜parameter>, then </｜DSML｜invoke>.
// V is raw, as in Invoke; string="false" marks it as JSON text ([Param.JSON]), string="true" as
// a string, and no string attribute leaves it to the schema. Missing closers are forgiven at the
// end once a parameter is complete.
func dsmlBlock(c *cursor) ([]Call, outcome) {
	rest := c.rest()
	if strings.HasPrefix(rest, dsmlInvoke) || partial(rest, dsmlInvoke) && !partial(rest, dsmlCalls) && !partial(rest, dsmlToolCalls) {
		return single(dsmlInvokeRest(c))
	}
	for _, w := range [...][2]string{{dsmlCalls, dsmlCallsEnd}, {dsmlToolCalls, dsmlToolEnd}} {
		if strings.HasPrefix(rest, w[0]) {
			c.i += len(w[0])
			return callsUntil(c, w[1], listDSML)
		}
	}
	if partial(rest, dsmlCalls) || partial(rest, dsmlToolCalls) {
		return nil, short
	}
	return nil, fail
}

// dsmlInvokeRest parses one DSML invoke from its opener.
func dsmlInvokeRest(c *cursor) (Call, outcome) {
	if r := c.lit(dsmlInvoke); r != ok {
		return Call{}, failOrShort(r)
	}
	attrs, r := c.attrs()
	if r != ok {
		return Call{}, failOrShort(r)
	}
	name, valid := attrs.only("name")
	if !valid || !validName(name) || !c.tool(name) {
		return Call{}, fail
	}
	call := Call{Syntax: DeepSeek, Name: name}
	for {
		if o, done := c.nextParam(dsmlInvokeEnd, dsmlParam, call); done {
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
		v, r := c.upto(dsmlParamEnd)
		if r != ok {
			return call, short
		}
		p.Value = v
		call.Params = append(call.Params, p)
	}
}

// attr is one attribute of a tag.
type attr struct{ key, value string }

type attrList []attr

// only returns the value of key when it is the list's one attribute.
func (l attrList) only(key string) (string, bool) {
	if len(l) != 1 || l[0].key != key {
		return "", false
	}
	return l[0].value, true
}

// param reads a DSML parameter's attributes: name, and string="true|false" optionally.
func (l attrList) param() (Param, bool) {
	var p Param
	seen := map[string]bool{}
	for _, a := range l {
		if seen[a.key] {
			return Param{}, false
		}
		seen[a.key] = true
		switch {
		case a.key == "name" && validName(a.value):
			p.Name = a.value
		case a.key == "string" && a.value == dsmlStringTrue:
		case a.key == "string" && a.value == dsmlStringFalse:
			p.JSON = true
		default:
			return Param{}, false
		}
	}
	return p, p.Name != ""
}

// attrs consumes the rest of an opening tag: one or more blanks-led key="V" (or 'V') pairs, then
// blanks and '>'. A key is a run of ASCII letters and _; V is non-empty and holds no < > or line
// break. More than maxDSMLAttrs attributes are refused.
func (c *cursor) attrs() (attrList, res) {
	var l attrList
	for {
		if c.eof() {
			return nil, eof
		}
		if c.s[c.i] == '>' && len(l) > 0 {
			c.i++
			return l, ok
		}
		if !isBlank(c.s[c.i]) {
			return nil, bad
		}
		c.skipBlanks()
		if c.eof() {
			return nil, eof
		}
		if c.s[c.i] == '>' {
			continue
		}
		if len(l) == maxDSMLAttrs {
			return nil, bad
		}
		j := c.i
		for j < len(c.s) && (c.s[j] == '_' || 'a' <= c.s[j] && c.s[j] <= 'z' || 'A' <= c.s[j] && c.s[j] <= 'Z') {
			j++
		}
		if j == len(c.s) {
			return nil, eof
		}
		key := c.s[c.i:j]
		if key == "" {
			return nil, bad
		}
		c.i = j
		c.skipBlanks()
		if r := c.lit("="); r != ok {
			return nil, r
		}
		c.skipBlanks()
		v, r := c.quoted()
		if r != ok {
			return nil, r
		}
		l = append(l, attr{key, v})
	}
}
