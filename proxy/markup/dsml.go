package markup

import (
	"slices"
	"strings"
)

// DeepSeek V3.2's DSML markup: tags whose names begin with the token ｜DSML｜ (fullwidth vertical
// bars U+FF5C), written by the model as text when the server does not parse them (docs/faults.md
// D05: ochafik/minja PR #11, stdapi-ai/stdapi.ai #182). Its rows of the table read, with the
// element reader, <｜DSML｜function_calls> (V4: <｜DSML｜tool_calls>) holding one or more invokes,
// or one bare invoke: <｜DSML｜invoke name="T"> holding zero or more <｜DSML｜parameter name="P"
// string="true|false">V</｜DSML｜parameter>, then </｜DSML｜invoke>. V is raw, as in Invoke;
// string="false" marks it as JSON text ([Param.JSON]), string="true" as a string, and no string
// attribute leaves it to the schema. Missing closers are forgiven at the end once a parameter is
// complete.
const (
	dsml            = "<｜DSML｜"
	dsmlCalls       = dsml + "function_calls>"
	dsmlCallsEnd    = "</｜DSML｜function_calls>"
	dsmlToolCalls   = dsml + "tool_calls>" // V4's wrapper (D62: vllm deepseekv4_tool_parser)
	dsmlToolEnd     = "</｜DSML｜tool_calls>"
	dsmlInvoke      = dsml + "invoke"
	dsmlParam       = dsml + "parameter"
	maxDSMLAttrs    = 4
	dsmlStringTrue  = "true"
	dsmlStringFalse = "false"
)

// attr is one attribute of a tag.
type attr struct{ key, value string }

type attrList []attr

// callName returns the tool name of a call element's attributes: the value of f.NameAttr ("name"
// when "") and, besides it, at most f.OtherAttr of any value.
func (l attrList) callName(f *Family) (string, bool) {
	key := f.NameAttr
	if key == "" {
		key = "name"
	}
	name := ""
	for i, a := range l {
		switch {
		case a.key == key && name == "":
			name = a.value
		case a.key == f.OtherAttr && f.OtherAttr != "" && slices.IndexFunc(l[:i], func(b attr) bool { return b.key == a.key }) < 0:
		default:
			return "", false
		}
	}
	return name, validName(name)
}

// param reads a parameter element's attributes: its name (f.KeyAttr, "name" when ""), and
// optionally its type: DSML's string="true|false" (false marks the value as JSON text), or, when
// f.TypeAttr names one, XTML's type="string" (raw text) or another JSON type (JSON text).
func (l attrList) param(f *Family) (Param, bool) {
	key := f.KeyAttr
	if key == "" {
		key = "name"
	}
	var p Param
	seen := map[string]bool{}
	for _, a := range l {
		if seen[a.key] {
			return Param{}, false
		}
		seen[a.key] = true
		switch {
		case a.key == key && validName(a.value):
			p.Name = a.value
		case f.TypeAttr == "" && a.key == "string" && a.value == dsmlStringTrue:
		case f.TypeAttr == "" && a.key == "string" && a.value == dsmlStringFalse:
			p.JSON = true
		case f.TypeAttr != "" && a.key == f.TypeAttr && a.value == "string":
		case f.TypeAttr != "" && a.key == f.TypeAttr && slices.Contains(xtmlJSONTypes[:], a.value):
			p.JSON = true
		default:
			return Param{}, false
		}
	}
	return p, p.Name != ""
}

// xtmlJSONTypes are the type attributes that mark an XTML argument as JSON text.
var xtmlJSONTypes = [...]string{"number", "integer", "boolean", "null", "object", "array"}

// attrs consumes the rest of an opening tag: one or more blanks-led key="V" (or 'V', or “V”) pairs, then
// blanks and end ('>'; XTML's <|sep|>). A key is a run of ASCII letters and _; V is non-empty and
// holds no < > or line break. More than maxDSMLAttrs attributes are refused. The list is built in
// buf (its capacity maxDSMLAttrs, so that a caller's array keeps it off the heap).
func (c *cursor) attrs(end string, buf []attr) (attrList, res) {
	l := attrList(buf)
	for {
		if c.eof() {
			return nil, eof
		}
		rest := c.rest()
		if strings.HasPrefix(rest, end) && len(l) > 0 {
			c.i += len(end)
			return l, ok
		}
		if partial(rest, end) && len(l) > 0 {
			return nil, eof
		}
		if !isBlank(c.s[c.i]) {
			return nil, bad
		}
		c.skipBlanks()
		if c.eof() {
			return nil, eof
		}
		if strings.HasPrefix(c.rest(), end) {
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
		v, r := c.attrValue()
		if r != ok {
			return nil, r
		}
		l = append(l, attr{key, v})
	}
}

// Typographic quotes a model may write around an element's attribute values in place of "
// (D62: syt2/paper-chat-for-zotero #28, DSML's name=“get_pages” string=“true”).
const (
	curlyOpen  = "“"
	curlyClose = "”"
)

// attrValue consumes an attribute value of a call or parameter element: quoted as [cursor.quoted]
// takes it, or between the typographic quotes “ and ”, with the same limits (non-empty, no < > or
// line break in it).
func (c *cursor) attrValue() (string, res) {
	rest := c.rest()
	switch {
	case strings.HasPrefix(rest, curlyOpen):
		body := rest[len(curlyOpen):]
		k := strings.Index(body, curlyClose)
		seen := body
		if k >= 0 {
			seen = body[:k]
		}
		if strings.ContainsAny(seen, "<>\r\n") {
			return "", bad
		}
		if k < 0 {
			return "", eof
		}
		if k == 0 {
			return "", bad
		}
		c.i += len(curlyOpen) + k + len(curlyClose)
		return seen, ok
	case rest != "" && partial(rest, curlyOpen):
		return "", eof
	}
	return c.quoted()
}
