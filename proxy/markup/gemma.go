package markup

import (
	"encoding/json"
	"strings"
)

// Gemma 4's call syntax (D62: vllm gemma4_tool_parser, tests/tool_parsers/test_gemma4_tool_parser.py):
// <|tool_call>call:T{k:v,…}<tool_call|>, a string written between <|"|> quotes, raw.
// FunctionGemma writes the same body with <escape> for the quote (vllm functiongemma_tool_parser).
const (
	gemmaCall  = "call:"
	gemmaQuote = `<|"|>`
)

// gemmaBody reads call:T{…}: the tool name, then its arguments as Gemma 4 writes them — keys bare
// or quoted, values a q-quoted string (raw, no escapes; q is <|"|> when ""), a JSON string
// literal, a number, true, false, null, or a {…} object or […] list of them, commas between —
// which become a JSON object
// ([Call.JSON]).
func gemmaBody(c *cursor, syn Syntax, q string) (Call, outcome) {
	if q == "" {
		q = gemmaQuote
	}
	if r := c.lit(gemmaCall); r != ok {
		return Call{}, failOrShort(r)
	}
	j := c.i
	for j < len(c.s) && nameByte(c.s[j]) && c.s[j] != ':' {
		j++
	}
	if j == len(c.s) {
		return Call{}, short
	}
	name := c.s[c.i:j]
	if name == "" || c.s[j] != '{' || !c.tool(name) {
		return Call{}, fail
	}
	c.i = j + 1
	var b strings.Builder
	b.WriteByte('{')
	if r := c.gemmaItems(&b, q, 0, '}', true); r != ok {
		return Call{}, failOrShort(r)
	}
	return Call{Syntax: syn, Name: name, JSON: []byte(b.String())}, whole
}

// gemmaItems reads the items of an object (dict) or list after its opener, up to end, writing
// them to b as JSON; q is the string quote.
func (c *cursor) gemmaItems(b *strings.Builder, q string, depth int, end byte, dict bool) res {
	if depth > maxPyDepth {
		return bad
	}
	for n := 0; ; n++ {
		c.skipBlanks()
		if c.eof() {
			return eof
		}
		if c.s[c.i] == end {
			c.i++
			b.WriteByte(end)
			return ok
		}
		if n > 0 {
			if c.s[c.i] != ',' {
				return bad
			}
			c.i++
			c.skipBlanks()
			b.WriteByte(',')
		}
		if dict {
			if r := c.gemmaKey(b, q); r != ok {
				return r
			}
			b.WriteByte(':')
		}
		if r := c.gemmaValue(b, q, depth); r != ok {
			return r
		}
	}
}

// gemmaKey reads a key, bare (up to its ':') or q-quoted, and the ':' after it.
func (c *cursor) gemmaKey(b *strings.Builder, q string) res {
	var k string
	if rest := c.rest(); strings.HasPrefix(rest, q) {
		c.i += len(q)
		v, r := c.upto(q)
		if r != ok {
			return r
		}
		k = v
	} else if partial(rest, q) {
		return eof
	} else {
		j := c.i
		for j < len(c.s) && (nameByte(c.s[j]) && c.s[j] != ':') {
			j++
		}
		if j == len(c.s) {
			return eof
		}
		if k = c.s[c.i:j]; k == "" {
			return bad
		}
		c.i = j
	}
	c.skipBlanks()
	if r := c.lit(":"); r != ok {
		return r
	}
	kj, _ := json.Marshal(k)
	b.Write(kj)
	return ok
}

// gemmaOpenless reads a string whose opening quote the model left out but whose closing one it
// wrote (query:weather in Tokyo<|"|>, SGLang test_gemma4_detector_string_delimiters.py): the text
// up to the next q is the string when it holds none of {}[]: and no line break, so that a bare
// word running into the next key, a list or an object, stays a broken body (bad).
func (c *cursor) gemmaOpenless(b *strings.Builder, q string) res {
	rest := c.rest()
	k := strings.Index(rest, q)
	if k < 0 {
		if strings.ContainsAny(rest, "{}[]:\n") {
			return bad
		}
		return eof // the closer may come in a later delta
	}
	v := rest[:k]
	if strings.ContainsAny(v, "{}[]:\n") || strings.TrimSpace(v) != v {
		return bad
	}
	c.i += k + len(q)
	j, _ := json.Marshal(v)
	b.Write(j)
	return ok
}

// gemmaJSONString reads a value written as a JSON string literal, its escapes decoded
// (q:"say \"hi\"", as Gemma 4 writes a string beside its <|"|> quoted ones: ollama
// gemma4_test.go TestParseGemma4ToolCall_RawQuotedStructuralString,
// TestGemma4ArgsToJSON raw_quoted_string_with_escaped_quotes); a literal with an escape JSON
// has not (a Windows path's \u of "C:\users") is no value (bad), as Ollama refuses it.
func (c *cursor) gemmaJSONString(b *strings.Builder) res {
	j := jscan{s: c.s, i: c.i}
	if r := j.str(); r != ok {
		return r
	}
	var v string
	if json.Unmarshal([]byte(c.s[c.i:j.i]), &v) != nil {
		return bad // a raw control character inside
	}
	out, _ := json.Marshal(v)
	b.Write(out)
	c.i = j.i
	return ok
}

// gemmaValue reads one value; q is the string quote.
func (c *cursor) gemmaValue(b *strings.Builder, q string, depth int) res {
	c.skipBlanks()
	rest := c.rest()
	switch {
	case rest == "":
		return eof
	case strings.HasPrefix(rest, q):
		c.i += len(q)
		v, r := c.upto(q)
		if r != ok {
			return r
		}
		j, _ := json.Marshal(v)
		b.Write(j)
		return ok
	case rest[0] == '<':
		if partial(rest, q) {
			return eof
		}
		return bad
	case rest[0] == '"':
		return c.gemmaJSONString(b)
	case rest[0] == '{':
		c.i++
		b.WriteByte('{')
		return c.gemmaItems(b, q, depth+1, '}', true)
	case rest[0] == '[':
		c.i++
		b.WriteByte('[')
		return c.gemmaItems(b, q, depth+1, ']', false)
	}
	j := c.i
	for j < len(c.s) && !isBlank(c.s[j]) && strings.IndexByte(",}]", c.s[j]) < 0 {
		j++
	}
	if j == len(c.s) {
		return eof
	}
	w := c.s[c.i:j]
	var v any
	if json.Unmarshal([]byte(w), &v) != nil {
		return c.gemmaOpenless(b, q)
	}
	switch v.(type) {
	case float64, bool, nil:
	default:
		return bad
	}
	b.WriteString(w)
	c.i = j
	return ok
}
