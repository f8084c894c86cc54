package markup

import (
	"encoding/json"
	"strings"
	"unicode"
	"unicode/utf8"
)

const (
	tcOpen      = "<tool_call>"
	tcClose     = "</tool_call>"
	qwenFunc    = "<function="
	qwenFuncEnd = "</function>"
	qwenParam   = "<parameter="
	qwenValEnd  = "</parameter>"
	glmKey      = "<arg_key>"
	glmKeyEnd   = "</arg_key>"
	glmVal      = "<arg_value>"
	glmValEnd   = "</arg_value>"
)

// namedCall checks a call object {"name": "T", "arguments": A}: a non-empty string name,
// arguments an object or a string holding one (or absent: {}), and no other key but extra (when
// not ""), of any value. The call is of syntax syn.
func namedCall(obj []byte, syn Syntax, extra string) (Call, bool) {
	return callObject(obj, &Family{Syntax: syn, Extra: extra})
}

// callObject is namedCall with the keys of f: "parameters" for "arguments" when f.Params is set
// (one of the two at most), as Llama 3 and InternLM write it, f.ArgsKey for "arguments" when not
// "" (gemma3n's "args", one of the two at most), f.NameKey for "name" when not "" (Cohere's
// "tool_name") and f.Extra. The call is of syntax f.Syntax.
func callObject(obj []byte, f *Family) (Call, bool) {
	syn, nameKey, extra, parameters := f.Syntax, f.NameKey, f.Extra, f.Params
	var m map[string]json.RawMessage
	if json.Unmarshal(obj, &m) != nil {
		return Call{}, false
	}
	if f.ArgsKey != "" {
		if v, found := m[f.ArgsKey]; found {
			if _, both := m["arguments"]; both {
				return Call{}, false
			}
			delete(m, f.ArgsKey)
			m["arguments"] = v
		}
	}
	if nameKey != "" {
		v, found := m[nameKey]
		if _, both := m["name"]; both || !found {
			return Call{}, false
		}
		delete(m, nameKey)
		m["name"] = v
	}
	if f.TypeKey {
		var ok bool
		if m, ok = typedCall(m); !ok {
			return Call{}, false
		}
	}
	call := Call{Syntax: syn, JSON: []byte("{}")}
	if parameters {
		if v, found := m["parameters"]; found {
			if _, both := m["arguments"]; both || schemaLike(v) {
				return Call{}, false
			}
			delete(m, "parameters")
			m["arguments"] = v
		}
	}
	for k, v := range m {
		switch k {
		case "name":
			if json.Unmarshal(v, &call.Name) != nil || call.Name == "" {
				return Call{}, false
			}
		case "arguments":
			v = json.RawMessage(strings.TrimLeft(string(v), blanks))
			switch v[0] {
			case '{':
				call.JSON = []byte(v)
			case '"':
				var s string
				if json.Unmarshal(v, &s) != nil {
					return Call{}, false
				}
				s = strings.Trim(s, blanks)
				if n, r := jsonObject(s); r != ok || n != len(s) {
					return Call{}, false
				}
				call.JSON = []byte(escapeControls(s))
			default:
				return Call{}, false
			}
		case extra:
			if extra == "" {
				return Call{}, false
			}
		default:
			return Call{}, false
		}
	}
	return call, call.Name != ""
}

// typedCall takes the "type" key of a call object m (f.TypeKey): absent, or the string
// "function", removed; then an object that is only {"function": {…}} (the OpenAI tool-call shape
// Llama 3.x writes, vllm-project/vllm #11786) is that inner object's members. Any other "type",
// a "function" beside other keys or one that is no object, is false.
func typedCall(m map[string]json.RawMessage) (map[string]json.RawMessage, bool) {
	v, found := m["type"]
	if !found {
		return m, true
	}
	var typ string
	if json.Unmarshal(v, &typ) != nil || typ != "function" {
		return nil, false
	}
	delete(m, "type")
	fn, found := m["function"]
	if !found {
		return m, true
	}
	var inner map[string]json.RawMessage
	if len(m) != 1 || json.Unmarshal(fn, &inner) != nil || inner == nil {
		return nil, false
	}
	if _, nested := inner["type"]; nested {
		return nil, false
	}
	return inner, true
}

// schemaLike reports whether v, the "parameters" of a JSON call object, reads as a JSON Schema
// rather than arguments: it has "$schema", or "type": "object" beside an object "properties", or
// "properties" whose every member is an object with a "type". Such an object is a tool's
// definition shown as the answer ({"name": "ls", "parameters": {"type": "object",
// "properties": {…}}}, attack round 2026-12-01, look-alike F2), not a call.
func schemaLike(v json.RawMessage) bool {
	var m map[string]json.RawMessage
	if json.Unmarshal(v, &m) != nil {
		return false
	}
	if _, found := m["$schema"]; found {
		return true
	}
	var props map[string]map[string]json.RawMessage
	if json.Unmarshal(m["properties"], &props) != nil || props == nil {
		return false
	}
	var typ string
	if json.Unmarshal(m["type"], &typ) == nil && typ == "object" {
		return true
	}
	for _, p := range props {
		if _, typed := p["type"]; !typed {
			return false
		}
	}
	return len(props) > 0
}

// qwenRest parses <function=T>, parameters, </function> and the wrapper's closer (</tool_call>,
// Seed-OSS's </seed:tool_call>). </function> may be left out before the closer; both may be
// missing at the end once a parameter is complete. A bare call (no <tool_call> opener) may end
// after </function> or after a stray </tool_call>.
func qwenRest(c *cursor, closer string, bare bool) (Call, outcome) {
	if r := c.lit(qwenFunc); r != ok {
		return Call{}, failOrShort(r)
	}
	name, o := qwenName(c, false)
	if o != whole {
		return Call{}, o
	}
	if !c.tool(name) {
		return Call{}, fail
	}
	call := Call{Syntax: ToolCallXML, Name: name}
	if o, done := c.functionJSON(&call, closer, bare); done {
		return call, o
	}
	for {
		c.skipBlanks()
		switch c.lit(qwenFuncEnd) {
		case ok:
			if bare {
				return call, bareEnd(c)
			}
			c.skipBlanks()
			return call, c.closeOr(closer, true)
		case eof: // the text ends inside </function>
			return call, cutOrShort(call)
		}
		if o, done := c.nextParam(closer, qwenParam, call); done {
			return call, o
		}
		pname, o := qwenName(c, true)
		if o != whole {
			return call, o
		}
		v, r := c.upto(qwenValEnd)
		open := false
		if r == ok {
			if v, r = c.valueRunsOn(v, closer); r != ok {
				return call, short
			}
		}
		if r != ok {
			if v, open = c.unclosedLastValue(closer, bare); !open {
				return call, short
			}
		}
		if swallowsParam(v) || c.gluedParam(name, v) { // a value's closer left out, the next parameter swallowed
			return call, fail
		}
		call.Params = append(call.Params, Param{Name: pname, Value: trimLineBreak(v)})
		if open {
			return call, cut
		}
	}
}

// valueRunsOn reads on past the </parameter> that ended a Qwen parameter's value v when what
// follows it, after blanks, can be neither the next parameter, </function> nor the wrapper's
// closer: that </parameter> is a part of the value, which a file the model writes may hold
// (ml-explore/mlx-lm 8601e7f test_qwen3_coder_value_contains_parameter_tags), and the value
// ends at the next </parameter> that one of those follows. eof when the text ends before one
// does (a stream holds the call until it comes, or until the text is over).
func (c *cursor) valueRunsOn(v, closer string) (string, res) {
	for {
		t := strings.TrimLeft(c.rest(), blanks)
		if t == "" || strings.HasPrefix(t, qwenParam) || strings.HasPrefix(t, qwenFuncEnd) || closer != "" && strings.HasPrefix(t, closer) ||
			partial(t, qwenParam) || partial(t, qwenFuncEnd) || closer != "" && partial(t, closer) {
			return v, ok
		}
		more, r := c.upto(qwenValEnd)
		if r != ok {
			return v, r
		}
		v += qwenValEnd + more
	}
}

// unclosedLastValue reads the rest of the text as a last parameter's value whose </parameter>
// was left out before a line break and </function> (Nemotron 3 Nano writes it so: ggml-org/llama.cpp
// tests/test-chat.cpp test_template_output_peg_parsers, "string parameter and no closing
// </parameter> tag"), when only blanks and closer (none for a bare call), or nothing, follow that
// </function> to the end of the text. The call is then cut: taken at the text's end, held in a
// stream, and read again, the value ending at its </parameter>, when a longer text brings one.
func (c *cursor) unclosedLastValue(closer string, bare bool) (string, bool) {
	rest := c.rest()
	k := strings.LastIndex(rest, "\n"+qwenFuncEnd)
	if k < 0 {
		return "", false
	}
	after := strings.Trim(rest[k+1+len(qwenFuncEnd):], " \t\r\n")
	if after != "" && (bare || after != closer) {
		return "", false
	}
	c.i = len(c.s)
	return rest[:k+1], true
}

// swallowsParam reports whether a Qwen parameter's value holds the opener of another parameter at
// the start of one of its lines: its own </parameter> was left out and it ran on into the next
// ("<parameter=city>\nDallas\n<parameter=state>\nTX\n</parameter>", vllm
// test_qwen3coder_tool_parser.py test_extract_tool_calls_missing_closing_parameter_tag). Where
// the value ends is then a guess, so the call is not taken.
func swallowsParam(v string) bool {
	for i := 0; ; {
		if strings.HasPrefix(v[i:], qwenParam) {
			return true
		}
		k := strings.IndexByte(v[i:], '\n')
		if k < 0 {
			return false
		}
		i += k + 1
	}
}

// gluedParam reports whether a Qwen parameter's value of a call of tool holds, glued to the text
// before it, the opener of a parameter the tool declares ("<parameter=city>\nSF<parameter=city>\n
// LA\n</parameter>"): as for swallowsParam, where the value ends is a guess, and the call is not
// taken (issue 20 look-alike report-wrap-qwen-glued-parameter). With no tools known every name
// counts. An opener after a blank is a part of the value ("see <parameter=x> here").
func (c *cursor) gluedParam(tool, v string) bool {
	for i := 0; ; {
		k := strings.Index(v[i:], qwenParam)
		if k < 0 {
			return false
		}
		at := i + k
		i = at + len(qwenParam)
		if at == 0 || isBlank(v[at-1]) {
			continue
		}
		if e := strings.IndexByte(v[i:], '>'); e > 0 {
			if p := strings.TrimSpace(v[i : i+e]); p != "" && (c.known == nil || c.known(tool, p)) {
				return true
			}
		}
	}
}

// functionJSON reads, done, a Qwen call whose body after <function=T> is one JSON object of
// arguments instead of <parameter=…> elements, as Ollama cloud models write it through a proxy
// (D03: NousResearch/hermes-agent PR #35129, "<function=NAME>{json}</function>"): blanks, the
// object, blanks, </function> (left out at the end of the text: cut), then what ends the call as
// for parameters (bare: bareEnd; else the wrapper's closer). Not done, the cursor back, when no
// object begins the body.
func (c *cursor) functionJSON(call *Call, closer string, bare bool) (outcome, bool) {
	if o, found := c.argsBody(call); !found || o != whole {
		return o, found
	}
	switch c.lit(qwenFuncEnd) {
	case eof:
		return cut, true
	case bad:
		return fail, true
	}
	if bare {
		return bareEnd(c), true
	}
	c.skipBlanks()
	return c.closeOr(closer, true), true
}

// argsBody reads a call's body written as one JSON object of its arguments into call.JSON, blanks
// before and after it: found false, the cursor back, when no object begins the body; else whole
// with the cursor after the blanks that follow the object, or fail or short as the object's reader
// says (Qwen's <function=T>{…}, DSML's JSONBody).
func (c *cursor) argsBody(call *Call) (o outcome, found bool) {
	save := c.i
	c.skipBlanks()
	if c.eof() || c.s[c.i] != '{' {
		c.i = save
		return fail, false
	}
	obj, r := c.object()
	if r != ok {
		return failOrShort(r), true
	}
	call.JSON = []byte(obj)
	c.skipBlanks()
	return whole, true
}

// bareEnd ends a bare Qwen call after its </function>: a stray </tool_call> after blanks is taken
// with it; anything else (the next block, blanks, the end) is left for what follows.
func bareEnd(c *cursor) outcome {
	save := c.i
	c.skipBlanks()
	rest := c.rest()
	switch {
	case strings.HasPrefix(rest, tcClose):
		c.i += len(tcClose)
		return whole
	case rest != "" && partial(rest, tcClose) && !partial(rest, tcOpen):
		return cut
	}
	c.i = save
	return whole
}

// trimLineBreak removes one leading and one trailing line break (LF or CRLF) from a Qwen value.
func trimLineBreak(v string) string {
	if strings.HasPrefix(v, "\r\n") {
		v = v[2:]
	} else if strings.HasPrefix(v, "\n") {
		v = v[1:]
	}
	if strings.HasSuffix(v, "\r\n") {
		v = v[:len(v)-2]
	} else if strings.HasSuffix(v, "\n") {
		v = v[:len(v)-1]
	}
	return v
}

// qwenName reads the name of a <function=…> or <parameter=…> up to its '>', trimmed of blanks: whole
// with the name; short when the text ends where a name may still stand; fail otherwise. A
// parameter's name (key) may hold letters beyond ASCII too, as a schema's property names may
// (<parameter=城市>: ollama qwen3coder_test.go TestQwenToolParser unicode in function names and
// parameters); a tool's name is ASCII, as every API's tool names are.
func qwenName(c *cursor, key bool) (string, outcome) {
	name, r := c.upto(">")
	if r != ok {
		if !nameSoFar(c.rest(), key) {
			return "", fail
		}
		return "", short
	}
	if name = strings.Trim(name, blanks); !validName(name) && !(key && validKey(name)) {
		return "", fail
	}
	return name, whole
}

// nameSoFar reports whether s, the text up to the end before a '>', can still become a name (a
// parameter's, key) with blanks around it.
func nameSoFar(s string, key bool) bool {
	for i := 0; i < len(s); i++ {
		if !nameByte(s[i]) && !isBlank(s[i]) && !(key && s[i] >= utf8.RuneSelf) {
			return false
		}
	}
	return true
}

// validKey reports whether n is a non-empty run of name bytes and letters beyond ASCII, valid
// UTF-8: a parameter's name.
func validKey(n string) bool {
	if n == "" || !utf8.ValidString(n) {
		return false
	}
	for _, r := range n {
		if r < utf8.RuneSelf && !nameByte(byte(r)) || r >= utf8.RuneSelf && !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			return false
		}
	}
	return true
}

// validName reports whether n is a non-empty run of name bytes.
func validName(n string) bool {
	if n == "" {
		return false
	}
	for i := 0; i < len(n); i++ {
		if !nameByte(n[i]) {
			return false
		}
	}
	return true
}

// glmKV are GLM's key and value tags: open key, close key, open value, close value.
var glmKV = [4]string{glmKey, glmKeyEnd, glmVal, glmValEnd}

// glmRest parses the tool name, f.NameSep when f has one, key/value pairs (f.KV, GLM's
// <arg_key>/<arg_value> when zero; between a key and its value an f.KVType element, a type
// other than string marking the value JSON text, Param.JSON) and closer, which may be left out at the end of the text once
// a pair is complete. A value that holds closer fails the call: its own closer was left out and
// it ran on into the markup after it (vllm test_solar_open2_tool_parser.py
// test_dropped_arg_end_does_not_swallow_later_calls). A value's opener left out, the value and its
// closer intact (D06: vllm-project/vllm #49248, <arg_key>query</arg_key>how many…</arg_value>), is
// read from the first byte after the key's closer and the blanks after it (where the opener would
// stand) when no other pair's tag stands in it. A value that holds another pair's opener fails the
// call too: its closer was left out and it swallowed the next pair (ollama/ollama
// model/parsers/glm46_test.go TestGLM46ToolCallParsing[unclosed arg_value before next arg_key]).
// An unclosed value is never mended, as a cut-off call is never completed.
func glmRest(c *cursor, f *Family, closer string) (Call, outcome) {
	name, r := c.token()
	if r != ok {
		return Call{}, short
	}
	if c.eof() || !isBlank(c.s[c.i]) && c.s[c.i] != '<' || !c.tool(name) {
		return Call{}, fail
	}
	if f.NameSep != "" {
		if r := c.lit(f.NameSep); r != ok {
			return Call{}, failOrShort(r)
		}
	}
	kv := f.KV
	if kv[0] == "" {
		kv = glmKV
	}
	call := Call{Syntax: f.Syntax, Name: name}
	for {
		if o, done := c.nextParam(closer, kv[0], call); done {
			if f.ArgsRequired && len(call.Params) == 0 && o != short {
				return call, fail // no pair: not this row's call (the row's looser opener)
			}
			return call, o
		}
		k, r := c.upto(kv[1])
		if r != ok {
			return call, short
		}
		if k = strings.Trim(k, blanks); k == "" {
			return call, fail
		}
		c.skipBlanks()
		typed := false // the type element names a type other than string: the value is JSON text
		if f.KVType[0] != "" {
			switch c.lit(f.KVType[0]) {
			case ok:
				t, r := c.upto(f.KVType[1])
				if r != ok {
					return call, short
				}
				typed = strings.Trim(t, blanks) != "string"
				c.skipBlanks()
			case eof:
				return call, short
			}
		}
		opened := c.lit(kv[2]) // bad: the value's opener left out, the value runs from here
		if opened == eof {
			return call, short
		}
		v, r := c.upto(kv[3])
		if r != ok {
			return call, short
		}
		if strings.Contains(v, closer) { // a value's closer left out, the call's swallowed
			return call, fail
		}
		if holds(v, kv[0]) || holds(v, kv[2]) || opened == bad && holds(v, kv[1]) {
			return call, fail // not one value: other pairs' tags inside (its closer or opener left out)
		}
		call.Params = append(call.Params, Param{Name: k, Value: v, JSON: typed})
	}
}

// holds reports whether s holds tag; an empty tag (a row's pair with no value opener) is held by
// no text.
func holds(s, tag string) bool { return tag != "" && strings.Contains(s, tag) }
