package markup

import (
	"math/bits"
	"slices"
	"strings"
)

// gpt-oss's Harmony tokens (docs/faults.md D58: raullenchai/Rapid-MLX #480, kekzl/imp PR #1719,
// lablup/mlxcel #654). Its three rows of the table read one call, with its tokens:
//
//	[<|start|>assistant[ to=functions.T]]<|channel|>commentary[ to=functions.T][ <|constrain|>json | json]<|message|>{…}[<|call|>]
//
// with exactly one recipient, in the start header or the channel header, or detokenized (the
// server dropped the special tokens), at a line's start:
//
//	commentary to=functions.T[ <|constrain|>][json][<|message|>]{…}[<|call|>]
//
// The arguments are one complete JSON object; only the recipient namespace functions. counts (a
// built-in tool such as browser or python is no function call). The channel is commentary, where
// Harmony puts its calls, or analysis: gpt-oss addresses a call from its reasoning channel too,
// and the peers take it (sglang gpt_oss_detector, test_gptoss_detector.py; vllm openai_tool_parser;
// llama.cpp test-chat.cpp); an analysis message without a recipient stays text. <|call|> (or
// <|end|>) may follow, or be missing.
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
	hAnalysis  = "analysis"
	hJSON      = "json"
	// maxHeader is the longest header between two tokens, in bytes.
	maxHeader = 160
)

// hCommentary is Harmony's channel header: commentary or analysis, the recipient when the start
// header had none, and json or <|constrain|>json, up to <|message|>.
var hCommentary = Head{Term: hMessage, First: []string{hComment, hAnalysis}, Tags: []string{hJSON, hConstrain + hJSON}}

// Head is one header of a bodyHeadJSON row: the text up to the token Term, at most maxHeader
// bytes on one line, read as blank-separated words: one of First, then in any order the recipient (the
// family's Recipient and the tool name, once in all the headers) and at most one of Tags. A Head
// whose Term is "" is written without tokens, right after the opener: blanks (not a line break),
// the recipient, optional blanks, then each of Tags, optional, in order, glued.
type Head struct {
	Term  string
	First []string
	Tags  []string
}

// headCall reads bodyHeadJSON: f.Heads in turn, blanks and the arguments object. A recipient
// naming a tool that does not count fails as soon as it is read.
func headCall(c *cursor, f *Family) (Call, outcome) {
	name := ""
	for _, h := range f.Heads {
		if h.Term == "" {
			n, o := plainHead(c, f, h)
			if o != whole {
				return Call{}, o
			}
			name = n
			continue
		}
		text, r := c.header(h.Term)
		if r != ok {
			return Call{}, failOrShort(r)
		}
		n, valid := h.read(text, f, name)
		if !valid || n != "" && !c.tool(n) {
			return Call{}, fail
		}
		name = n
	}
	if name == "" {
		return Call{}, fail
	}
	c.skipBlanks()
	return argsObject(c, Call{Syntax: f.Syntax, Name: name})
}

// plainHead reads a Head written without tokens (see [Head]) and returns the tool name.
func plainHead(c *cursor, f *Family, h Head) (string, outcome) {
	if c.eof() {
		return "", short
	}
	if c.s[c.i] != ' ' && c.s[c.i] != '\t' {
		return "", fail
	}
	c.skipSpaces()
	if r := c.lit(f.Recipient); r != ok {
		return "", failOrShort(r)
	}
	name, r := c.token()
	if r != ok {
		return "", short
	}
	if !validName(name) || !c.tool(name) {
		return "", fail
	}
	c.skipSpaces()
	for _, opt := range h.Tags {
		rest := c.rest()
		if strings.HasPrefix(rest, opt) {
			c.i += len(opt)
			if opt == f.HeadSplit {
				c.skipSpaces() // "<|constrain|> json", as in read
			}
		} else if partial(rest, opt) && rest != "" {
			return "", short
		}
	}
	return name, whole
}

// skipSpaces skips spaces and tabs.
func (c *cursor) skipSpaces() {
	for c.i < len(c.s) && (c.s[c.i] == ' ' || c.s[c.i] == '\t') {
		c.i++
	}
}

// closeOpt reads blanks and f's optional closer (f.CloseOpt): whole after it or without it, cut
// when the text ends inside one and what is there may not yet begin an opener of f's syntax.
func (c *cursor) closeOpt(f *Family) outcome {
	c.skipBlanks()
	rest := c.rest()
	for _, end := range [...]string{f.Close, f.Close2} {
		if end != "" && strings.HasPrefix(rest, end) {
			c.i += len(end)
			return whole
		}
	}
	if rest == "" || !partial(rest, f.Close) && !partial(rest, f.Close2) {
		return whole
	}
	for _, g := range rowsOf[bits.TrailingZeros(uint(f.Syntax))] {
		for _, o := range g.Open {
			if partial(rest, o.Text) {
				return whole
			}
		}
	}
	return cut
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

// read reads the header text t of h (see [Head]), name the tool named by an earlier header or "",
// and returns the tool name so far.
func (h Head) read(t string, f *Family, name string) (string, bool) {
	if f.HeadSplit != "" {
		t = strings.ReplaceAll(t, f.HeadSplit, " "+f.HeadSplit)
	}
	words := strings.Fields(t)
	if len(words) == 0 || !slices.Contains(h.First, words[0]) {
		return "", false
	}
	tagged := false
	for i := 1; i < len(words); i++ {
		w := words[i]
		if w == f.HeadSplit && i+1 < len(words) {
			// "<|constrain|> json": the token and its type apart, as the Harmony notebooks render
			// it (ollama, vllm and the openai-harmony docs' examples alike)
			w, i = w+words[i+1], i+1
		}
		switch {
		case strings.HasPrefix(w, f.Recipient) && name == "" && validName(w[len(f.Recipient):]):
			name = w[len(f.Recipient):]
		case slices.Contains(h.Tags, w) && !tagged:
			tagged = true
		default:
			return "", false
		}
	}
	return name, true
}
