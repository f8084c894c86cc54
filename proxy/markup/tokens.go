package markup

import "strings"

// Kimi K2's tool-call tokens.
const (
	kimiSection    = "<|tool_calls_section_begin|>"
	kimiSectionEnd = "<|tool_calls_section_end|>"
	kimiCall       = "<|tool_call_begin|>"
	kimiArgs       = "<|tool_call_argument_begin|>"
	kimiCallEnd    = "<|tool_call_end|>"
)

// DeepSeek's tool-call tokens: fullwidth vertical bar U+FF5C and lower one-eighth block U+2581.
const (
	dsCalls    = "<｜tool▁calls▁begin｜>"
	dsCallsEnd = "<｜tool▁calls▁end｜>"
	dsCall     = "<｜tool▁call▁begin｜>"
	dsSep      = "<｜tool▁sep｜>"
	dsCallEnd  = "<｜tool▁call▁end｜>"
)

// section parses the frame both token syntaxes share: open, then one or more calls each begun by
// begin and parsed by kimiCallRest (kimi) or deepseekCallRest, then end. Those return a call whose
// arguments object is complete, cut when the text ended after that object with only closers
// missing, or fail/short.
func section(c *cursor, open, begin, end string, kimi bool) ([]Call, outcome) {
	if r := c.lit(open); r != ok {
		return nil, failOrShort(r)
	}
	var calls []Call
	for {
		c.skipBlanks()
		rest := c.rest()
		switch {
		case strings.HasPrefix(rest, end):
			if len(calls) == 0 {
				return nil, fail
			}
			c.i += len(end)
			return calls, whole
		case strings.HasPrefix(rest, begin):
			c.i += len(begin)
			var (
				k Call
				o outcome
			)
			if kimi {
				k, o = kimiCallRest(c)
			} else {
				k, o = deepseekCallRest(c)
			}
			switch o {
			case fail, short:
				return nil, o
			case cut:
				return append(calls, k), cut
			}
			calls = append(calls, k)
		case partial(rest, end) && len(calls) > 0:
			return calls, cut
		case partial(rest, end), partial(rest, begin):
			return nil, short
		default:
			return nil, fail
		}
	}
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

// kimiBlock parses one Kimi tool-call section.
func kimiBlock(c *cursor) ([]Call, outcome) {
	return section(c, kimiSection, kimiCall, kimiSectionEnd, true)
}

// kimiCallRest parses functions.T:N<|tool_call_argument_begin|>{…}<|tool_call_end|>.
func kimiCallRest(c *cursor) (Call, outcome) {
	c.skipBlanks()
	raw, r := c.token()
	if r != ok {
		return Call{}, short
	}
	name := strings.TrimPrefix(raw, "functions.")
	if k := strings.LastIndexByte(name, ':'); k >= 0 && allDigits(name[k+1:]) {
		name = name[:k]
	}
	if name == "" {
		return Call{}, fail
	}
	c.skipBlanks()
	if r := c.lit(kimiArgs); r != ok {
		return Call{}, failOrShort(r)
	}
	return argsEnd(c, Call{Syntax: Kimi, Name: name}, kimiCallEnd)
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// deepseekBlock parses one DeepSeek tool-calls block.
func deepseekBlock(c *cursor) ([]Call, outcome) {
	return section(c, dsCalls, dsCall, dsCallsEnd, false)
}

// deepseekCallRest parses function<｜tool▁sep｜>T\n```json\n{…}\n``` (V3) or T<｜tool▁sep｜>{…}
// (V3.1), then <｜tool▁call▁end｜>.
func deepseekCallRest(c *cursor) (Call, outcome) {
	c.skipBlanks()
	t, r := c.token()
	if r != ok {
		return Call{}, short
	}
	if t == "" {
		return Call{}, fail
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
		return argsEnd(c, Call{Syntax: DeepSeek, Name: t}, dsCallEnd)
	}
	name, r := c.token()
	if r != ok {
		return Call{}, short
	}
	if name == "" {
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
