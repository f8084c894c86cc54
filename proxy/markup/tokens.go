package markup

import "strings"

// Kimi K2's tool-call tokens.
const (
	kimiSection    = "<|tool_calls_section_begin|>"
	kimiSectionEnd = "<|tool_calls_section_end|>"
	// the singular form some Kimi K2 builds emit (D04: ggml-org/llama.cpp PR #17376,
	// thinking-machines-lab/tinker-cookbook PR #248)
	kimiSection1    = "<|tool_call_section_begin|>"
	kimiSection1End = "<|tool_call_section_end|>"
	kimiCall        = "<|tool_call_begin|>"
	kimiArgs        = "<|tool_call_argument_begin|>"
	kimiCallEnd     = "<|tool_call_end|>"
)

// DeepSeek's tool-call tokens: fullwidth vertical bar U+FF5C and lower one-eighth block U+2581.
const (
	dsCalls    = "<｜tool▁calls▁begin｜>"
	dsCallsEnd = "<｜tool▁calls▁end｜>"
	dsCall     = "<｜tool▁call▁begin｜>"
	dsSep      = "<｜tool▁sep｜>"
	dsCallEnd  = "<｜tool▁call▁end｜>"
)

// section parses DeepSeek's frame: open, then one or more calls each begun by its call token and
// parsed by deepseekCallRest, then end. That returns a call whose arguments object is complete,
// cut when the text ended after that object with only closers missing, or fail/short.
func section(c *cursor, open, end string) ([]Call, outcome) {
	if r := c.lit(open); r != ok {
		return nil, failOrShort(r)
	}
	return callsUntil(c, end, listDeepSeek)
}

// tokenCall parses one call of a DeepSeek section from its call token.
func tokenCall(c *cursor) (Call, outcome) {
	if r := c.lit(dsCall); r != ok {
		return Call{}, failOrShort(r)
	}
	return deepseekCallRest(c)
}

// argsEnd parses blanks, the arguments object, blanks and the call's closer, which may be missing at
// the end of the text.
func argsEnd(c *cursor, call Call, closer string) (Call, outcome) {
	c.skipBlanks()
	obj, r := c.object()
	if r != ok {
		return call, failOrShort(r)
	}
	call.JSON = []byte(obj)
	c.skipBlanks()
	return call, c.closeOr(closer, true)
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// deepseekBlock parses one DeepSeek tool-calls block: the tokens of V3 and V3.1, or V3.2's DSML
// markup (see dsmlBlock).
func deepseekBlock(c *cursor) ([]Call, outcome) {
	rest := c.rest()
	switch {
	case strings.HasPrefix(rest, dsml):
		return dsmlBlock(c)
	case partial(rest, dsml) && partial(rest, dsCalls):
		return nil, short
	case partial(rest, dsml):
		return dsmlBlock(c)
	}
	return section(c, dsCalls, dsCallsEnd)
}

// deepseekCallRest parses function<｜tool▁sep｜>T\n```json\n{…}\n``` (V3) or T<｜tool▁sep｜>{…}
// (V3.1), then <｜tool▁call▁end｜>.
func deepseekCallRest(c *cursor) (Call, outcome) {
	t, o := c.name()
	if o != whole {
		return Call{}, o
	}
	c.skipBlanks()
	if r := c.lit(dsSep); r != ok {
		return Call{}, failOrShort(r)
	}
	c.skipBlanks()
	if c.eof() {
		return Call{}, short
	}
	if t != "function" || c.s[c.i] == '{' {
		if !c.tool(t) {
			return Call{}, fail
		}
		return argsEnd(c, Call{Syntax: DeepSeek, Name: t}, dsCallEnd)
	}
	name, o := c.name()
	if o != whole {
		return Call{}, o
	}
	if !c.tool(name) {
		return Call{}, fail
	}
	c.skipBlanks()
	if r := c.lit("```"); r != ok {
		return Call{}, failOrShort(r)
	}
	if rest := c.rest(); strings.HasPrefix(rest, "json") {
		c.i += len("json")
	} else if partial(rest, "json") && rest != "" {
		return Call{}, short
	}
	c.skipBlanks()
	obj, r := c.object()
	if r != ok {
		return Call{}, failOrShort(r)
	}
	c.skipBlanks()
	if r := c.lit("```"); r != ok {
		return Call{}, failOrShort(r)
	}
	c.skipBlanks()
	return Call{Syntax: DeepSeek, Name: name, JSON: []byte(obj)}, c.closeOr(dsCallEnd, true)
}
