package markup

import "strings"

// res is the result of one step of a block parser.
type res uint8

const (
	bad res = iota // the text contradicts the grammar here
	eof            // the text ended before the step could decide
	ok             // the step matched; the cursor moved past it
)

// outcome is the result of parsing one block.
type outcome uint8

const (
	fail  outcome = iota // not a block of this syntax, whatever follows
	short                // the text ended inside the block; a continuation could complete it
	cut                  // the text ended after the block's last value, only forgivable closers missing
	whole                // the block is complete; the cursor is after it
)

// failOrShort maps a step that did not match: eof -> short, bad -> fail.
func failOrShort(r res) outcome {
	if r == eof {
		return short
	}
	return fail
}

// cursor reads a string from a byte offset. Every method is safe at the end of the string.
type cursor struct {
	s string
	i int
	m *memo // facts about s from an earlier, shorter text; nil for none
	// known says which tool names count; nil: every name
	known Declared
	bare  bool // the block being read is written bare (a TextStart opener): its members are asked of known too
	lines bool // the Python strings of the block being read may hold a raw line break (its row's Lines)
}

// tool reports whether name, a tool name read whole, may name a leaked call: one known declares,
// or any when known is nil. A reader refuses (fail) a call whose name does not, so that markup
// naming an unknown tool goes as it came as soon as its name is read.
func (c *cursor) tool(name string) bool { return c.known == nil || c.known(name, "") }

// member reports whether k, a member of the arguments of a call of tool read whole, may belong
// to a leaked call: always, unless the block is written bare and known says the tool's schema
// does not declare it.
func (c *cursor) member(tool, k string) bool { return !c.bare || c.known == nil || c.known(tool, k) }

func (c *cursor) eof() bool    { return c.i >= len(c.s) }
func (c *cursor) rest() string { return c.s[c.i:] }

func (c *cursor) skipBlanks() {
	for c.i < len(c.s) && isBlank(c.s[c.i]) {
		c.i++
	}
}

// lit consumes l: ok when the rest starts with l, eof when the rest is a proper prefix of l.
func (c *cursor) lit(l string) res {
	r := c.s[c.i:]
	if strings.HasPrefix(r, l) {
		c.i += len(l)
		return ok
	}
	if partial(r, l) {
		return eof
	}
	return bad
}

// partial reports whether r is a proper prefix of l (the empty string included).
func partial(r, l string) bool { return len(r) < len(l) && strings.HasPrefix(l, r) }

// upto consumes the text up to and including the first l and returns the text before it; eof when l
// does not occur (any text may still be followed by l).
func (c *cursor) upto(l string) (string, res) {
	from := c.m.uptoFrom(c.i, l)
	k := strings.Index(c.s[from:], l)
	if k < 0 {
		c.m.setUpto(c.i, l, len(c.s))
		return "", eof
	}
	v := c.s[c.i : from+k]
	c.i = from + k + len(l)
	return v, ok
}

// nameByte reports whether b may appear in a tool or tag name.
func nameByte(b byte) bool {
	return 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z' || '0' <= b && b <= '9' ||
		b == '_' || b == '-' || b == '.' || b == ':'
}

// token consumes a run of name bytes; eof when the text ends inside the run (it may grow).
func (c *cursor) token() (string, res) {
	j := c.i
	for j < len(c.s) && nameByte(c.s[j]) {
		j++
	}
	t := c.s[c.i:j]
	c.i = j
	if j == len(c.s) {
		return t, eof
	}
	return t, ok
}

// name consumes blanks and a run of name bytes: whole with the run; short when the text ends
// inside it (it may grow); fail when there is none.
func (c *cursor) name() (string, outcome) {
	c.skipBlanks()
	t, r := c.token()
	switch {
	case r != ok:
		return "", short
	case t == "":
		return "", fail
	}
	return t, whole
}

// object consumes a JSON object and returns its text, raw control characters inside its strings
// escaped (escapeControls).
func (c *cursor) object() (string, res) {
	end, r := jsonObjectAt(c.s, c.i, c.m)
	if r != ok {
		return "", r
	}
	o := escapeControls(c.s[c.i:end])
	c.i = end
	return o, ok
}

// closeOr consumes closer: whole when present; at the end of the text (the rest a proper prefix of
// closer) cut if forgive, else short; fail otherwise.
func (c *cursor) closeOr(closer string, forgive bool) outcome {
	switch c.lit(closer) {
	case ok:
		return whole
	case eof:
		if forgive {
			return cut
		}
		return short
	}
	return fail
}

// closing reads blanks, then what may end a call's parameters: done with whole when closer comes
// (the cursor after it), done with cutOrShort(call) when the text ends inside closer, not done
// otherwise (the cursor after the blanks).
func (c *cursor) closing(closer string, call Call) (outcome, bool) {
	c.skipBlanks()
	switch c.lit(closer) {
	case ok:
		return whole, true
	case eof:
		return cutOrShort(call), true
	}
	return fail, false
}

// nextParam reads blanks, then the call's closer or the opener of its next parameter: done with
// what closing says for closer, or with fail or short (failOrShort) when opener does not come
// either; not done with the cursor after opener.
func (c *cursor) nextParam(closer, opener string, call Call) (outcome, bool) {
	if o, done := c.closing(closer, call); done {
		return o, true
	}
	if r := c.lit(opener); r != ok {
		return failOrShort(r), true
	}
	return fail, false
}

// cutOrShort is the outcome of call when the text ends inside a closer that may be left out: cut
// once a parameter is complete, short before it.
func cutOrShort(call Call) outcome {
	if len(call.Params) > 0 {
		return cut
	}
	return short
}

// single is the result of a block that holds one call: the call with its outcome, or none when
// the outcome is fail or short.
func single(call Call, o outcome) ([]Call, outcome) {
	if o == fail || o == short {
		return nil, o
	}
	return []Call{call}, o
}

// callsUntil parses one or more invokes, blanks before each, then closer: whole when the
// closer came, cut when the text ended after a call with only a prefix of the closer missing,
// fail or short as the call parser says (fail also for a closer before any call).
func callsUntil(c *cursor, closer string) ([]Call, outcome) {
	var calls []Call
	for {
		c.skipBlanks()
		rest := c.rest()
		switch {
		case strings.HasPrefix(rest, closer):
			if len(calls) == 0 {
				return nil, fail
			}
			c.i += len(closer)
			return calls, whole
		case partial(rest, closer) && len(calls) > 0:
			return calls, cut
		}
		call, o := wrappedInvoke(c)
		switch o {
		case fail, short:
			return nil, o
		case cut:
			return append(calls, call), cut
		}
		calls = append(calls, call)
	}
}
