package markup

import "strings"

// gpt-oss's Harmony tokens (docs/faults.md D58: raullenchai/Rapid-MLX #480, kekzl/imp PR #1719,
// lablup/mlxcel #654).
const (
	hStart     = "<|start|>"
	hChannel   = "<|channel|>"
	hConstrain = "<|constrain|>"
	hMessage   = "<|message|>"
	hCall      = "<|call|>"
	hEnd       = "<|end|>" // some servers end the call's message with it instead
	hRecipient = "to=functions."
	hAssistant = "assistant"
	hComment   = "commentary"
	hJSON      = "json"
	// maxHeader is the longest header between two Harmony tokens, in bytes.
	maxHeader = 160
)

// harmonyBlock parses one Harmony call. With its tokens:
//
//	[<|start|>assistant[ to=functions.T]]<|channel|>commentary[ to=functions.T][ <|constrain|>json | json]<|message|>{…}[<|call|>]
//
// with exactly one recipient, in the start header or the channel header. Detokenized (the
// server dropped the special tokens), at a line's start:
//
//	commentary to=functions.T[ <|constrain|>][json][<|message|>]{…}[<|call|>]
//
// The arguments are one complete JSON object; only the recipient namespace functions. counts (a
// built-in tool such as browser or python is no function call), and only the commentary
// channel. <|call|> (or <|end|>) may follow, or be missing at the end.
func harmonyBlock(c *cursor) ([]Call, outcome) {
	if rest := c.rest(); rest != "" && rest[0] == '<' {
		return single(harmonyTokens(c))
	}
	return single(harmonyPlain(c))
}

// harmonyTokens parses the token form of a Harmony call.
func harmonyTokens(c *cursor) (Call, outcome) {
	name := ""
	switch rest := c.rest(); {
	case strings.HasPrefix(rest, hStart):
		c.i += len(hStart)
		h, r := c.header(hChannel)
		if r != ok {
			return Call{}, failOrShort(r)
		}
		var valid bool
		if name, valid = readHeader(h, hAssistant, ""); !valid {
			return Call{}, fail
		}
	case partial(rest, hStart) && !partial(rest, hChannel):
		return Call{}, short
	default:
		if r := c.lit(hChannel); r != ok {
			return Call{}, failOrShort(r)
		}
	}
	h, r := c.header(hMessage)
	if r != ok {
		return Call{}, failOrShort(r)
	}
	name, valid := readHeader(h, hComment, name)
	if !valid || name == "" {
		return Call{}, fail
	}
	return harmonyArgs(c, name)
}

// harmonyPlain parses the detokenized form of a Harmony call.
func harmonyPlain(c *cursor) (Call, outcome) {
	if r := c.lit(hComment); r != ok {
		return Call{}, failOrShort(r)
	}
	if c.eof() {
		return Call{}, short
	}
	if c.s[c.i] != ' ' && c.s[c.i] != '\t' {
		return Call{}, fail
	}
	for c.i < len(c.s) && (c.s[c.i] == ' ' || c.s[c.i] == '\t') {
		c.i++
	}
	if r := c.lit(hRecipient); r != ok {
		return Call{}, failOrShort(r)
	}
	name, r := c.token()
	if r != ok {
		return Call{}, short
	}
	if !validName(name) || !c.tool(name) {
		return Call{}, fail
	}
	for c.i < len(c.s) && (c.s[c.i] == ' ' || c.s[c.i] == '\t') {
		c.i++
	}
	for _, opt := range []string{hConstrain, hJSON, hMessage} {
		rest := c.rest()
		if strings.HasPrefix(rest, opt) {
			c.i += len(opt)
		} else if partial(rest, opt) && rest != "" {
			return Call{}, short
		}
	}
	return harmonyArgs(c, name)
}

// harmonyArgs parses blanks, the arguments object and the optional <|call|> (or <|end|>).
func harmonyArgs(c *cursor, name string) (Call, outcome) {
	c.skipBlanks()
	obj, r := c.object()
	if r != ok {
		return Call{}, failOrShort(r)
	}
	call := Call{Syntax: Harmony, Name: name, JSON: []byte(obj)}
	c.skipBlanks()
	rest := c.rest()
	for _, end := range []string{hCall, hEnd} {
		if strings.HasPrefix(rest, end) {
			c.i += len(end)
			return call, whole
		}
	}
	if rest != "" && (partial(rest, hCall) || partial(rest, hEnd)) && !partial(rest, hStart) && !partial(rest, hChannel) {
		return call, cut
	}
	return call, whole
}

// header consumes the text up to and including term, at most maxHeader bytes on one line, and
// returns the text before term.
func (c *cursor) header(term string) (string, res) {
	rest := c.rest()
	k := strings.Index(rest[:min(len(rest), maxHeader+len(term))], term)
	if k < 0 || k > maxHeader {
		if len(rest) >= maxHeader+len(term) || strings.ContainsAny(rest, "\r\n") {
			return "", bad
		}
		return "", eof
	}
	h := rest[:k]
	if strings.ContainsAny(h, "\r\n") {
		return "", bad
	}
	c.i += k + len(term)
	return h, ok
}

// readHeader reads a Harmony header: the word first, then optionally to=functions.T (one
// recipient in all: name is the one already read, or ""), and json or <|constrain|>json. It
// returns the recipient's tool name.
func readHeader(h, first, name string) (string, bool) {
	words := strings.Fields(strings.ReplaceAll(h, hConstrain, " "+hConstrain))
	if len(words) == 0 || words[0] != first {
		return "", false
	}
	constrained := false
	for _, w := range words[1:] {
		switch {
		case strings.HasPrefix(w, hRecipient) && name == "" && validName(w[len(hRecipient):]):
			name = w[len(hRecipient):]
		case (w == hJSON || w == hConstrain+hJSON) && !constrained && first == hComment:
			constrained = true
		default:
			return "", false
		}
	}
	return name, true
}
