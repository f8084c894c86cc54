package markup

import (
	"math/bits"
	"strings"
)

// Syntax is a set of leaked-call syntaxes, one bit each; a dialect enables those its upstreams emit.
// The zero Syntax enables none: nothing is found and nothing held.
type Syntax uint

const (
	// Invoke is <invoke name="T"><parameter name="P">…, bare, in <function_calls> or in
	// <minimax:tool_call>, after an optional stray word (docs/faults.md D01: anthropics/claude-code
	// #64314, #64112, #67307, #69258, #75326, #74338; D02: MiniMax-AI/MiniMax-M2.5 #10,
	// earendil-works/pi #368, vllm-project/vllm-ascend #12815).
	Invoke Syntax = 1 << iota
	// ToolCallXML is <tool_call> holding Hermes JSON, Qwen <function=T> or GLM <arg_key> pairs
	// (D03: vllm-project/vllm #21571, #22975, #42021; D03b: vllm #17161, #33083; D06:
	// waybarrios/vllm-mlx #797, sgl-project/sglang #30925).
	ToolCallXML
	// Kimi is Kimi K2's <|tool_calls_section_begin|> tokens, and their singular form
	// <|tool_call_section_begin|> (D04: NousResearch/hermes-agent #24534, anomalyco/opencode
	// #10382, MoonshotAI/Kimi-K2 #89; singular: ggml-org/llama.cpp PR #17376,
	// thinking-machines-lab/tinker-cookbook PR #248).
	Kimi
	// DeepSeek is DeepSeek's <｜tool▁calls▁begin｜> tokens (D05: google/adk-python #5654) and
	// V3.2's DSML markup <｜DSML｜function_calls> (D05: ochafik/minja PR #11, stdapi-ai/stdapi.ai
	// #182).
	DeepSeek
	// Harmony is gpt-oss's Harmony call <|channel|>commentary to=functions.T …<|message|>{…}, and
	// its detokenized form commentary to=functions.T json{…} (D58: raullenchai/Rapid-MLX #480,
	// kekzl/imp PR #1719, lablup/mlxcel #654), and SGLang multi_format's <tool_call>assistant
	// to=functions.T json⏎{…}⏎</tool_call> (sglang multi_format_detector, gptoss dialect).
	Harmony
	// Mistral is Mistral's and Devstral's [TOOL_CALLS]T[ARGS]{…} and the older [TOOL_CALLS]
	// [{"name":…,"arguments":…}] list (D59: ml-explore/mlx-lm PR #1448, #1374, PR #1643;
	// raullenchai/Rapid-MLX #1071; ai-dynamo/frontend-crates PR #60).
	Mistral

	lastSyntax = Mistral
)

// Param is one named argument of a call written in an XML-ish syntax: Value is the raw text,
// never unescaped or typed (the schema engine types it). JSON is set when the markup itself says
// the value is JSON text (DSML's string="false", K2 Horizon's <ifm|arg_type> naming a type other
// than string); a value it says is a string (string="true"), or says nothing of, is raw text.
// Elements is set when the value was written as elements of its own (MiniMax M3's
// <shipping><city>…</city></shipping>): Value is then the JSON object [nestedJSON] built of them,
// its texts strings, for the schema engine to shape and type (a value it cannot fit is no value).
type Param struct {
	Name, Value    string
	JSON, Elements bool
}

// Call is one leaked tool call.
//
// Invoke, Qwen, GLM and DSML calls carry Params, in the order written (names may repeat), and a
// nil JSON. Hermes, Kimi, DeepSeek, Harmony and Mistral calls carry JSON, the raw text of the
// arguments object as written (for Hermes and Mistral-list arguments given as a JSON string, the
// string's decoded content), and nil Params. Both nil means a call with no arguments.
type Call struct {
	Syntax Syntax // the one syntax the call was written in
	// Bare is set when the call is written in a bare form, the whole text being a JSON call
	// object, a JSON list of them or a Python call list (a [TextStart] opener): nothing but its
	// shape says it is a call, so a dialect takes it only when its arguments name no member the
	// tool's schema does not declare (issue 20 G1).
	Bare   bool
	Name   string // the tool name as written (Kimi: without functions. and :N)
	Params []Param
	JSON   []byte
}

// Leak is a leaked tail found by [FindTail].
type Leak struct {
	Start int    // byte offset in the text where the leaked part begins: its stray word (with the blanks before it on its line) or its first opener
	Word  string // the stray word dropped with the markup; "" when there is none
	Calls []Call // one or more, in the order written
}

// FindTail finds leaked calls of the syntaxes syn at the tail of text. It reports false when the
// first position from which the rest of text could be a tail is not the start of a complete one
// (see the package doc for what counts and which missing closers are forgiven), or when there is
// no such position.
func FindTail(text string, syn Syntax) (Leak, bool) {
	return findFrom(textState{}, text, syn, nil)
}

// Declared reports, with member "", whether tool, a tool name as a call's markup writes it, is one
// the request declares; with a member, whether the tool's schema declares that member of its
// arguments, asked only of a call written bare ([Call.Bare]), which its shape alone does not make
// a call. A nil Declared counts every name and member.
type Declared func(tool, member string) bool

// FindDeclared is [FindTail] counting only calls whose tool name known declares: markup naming
// another tool is text, as an example of an unknown tool is, and a [Holder] made by
// [NewHolderFor] with the same known releases it as soon as the name is read (D57:
// router-for-me/CLIProxyAPI #2857; issue 20 F7). Every call of a tail must be declared; a tail
// with one undeclared call is none, though a later opener may begin one of its own.
func FindDeclared(text string, syn Syntax, known Declared) (Leak, bool) {
	return findFrom(textState{}, text, syn, known)
}

// findFrom is FindTail on s after text that left the state ts.
func findFrom(ts textState, s string, syn Syntax, known Declared) (Leak, bool) {
	f := first(ts, s, syn, known, nil)
	if f.at < 0 || f.st != done || len(f.calls) == 0 {
		return Leak{}, false
	}
	return Leak{Start: f.at, Word: f.word, Calls: f.calls}, true
}

// ParseTail is [FindTail] for callers that want the cleaned text: keep is the text before the
// leaked part with trailing blanks removed (so it is a prefix of text). When ok is false, keep is
// "" and calls nil. A dialect that turns the markup into calls keeps the text before it as it
// came instead (text[:Leak.Start] of [FindTail]): a stream may have sent its line breaks and
// blanks before the markup came, so that only so is the text the same streamed and whole, as
// [TrailingWord] keeps the text before a stray word's line.
func ParseTail(text string, syn Syntax) (keep string, calls []Call, ok bool) {
	l, ok := FindTail(text, syn)
	if !ok {
		return "", nil, false
	}
	return strings.TrimRight(text[:l.Start], blanks), l.Calls, true
}

// Blank reports whether text is made of spaces, tabs and line breaks alone (or empty): a text
// block left so when leaked markup or a stray word leaves it goes.
func Blank(text string) bool { return strings.TrimRight(text, blanks) == "" }

// TrailingWord reports whether text ends with a stray word (count, court or call, exactly) alone on
// its last line, outside a code fence and <think>, followed by nothing but blanks (D01b:
// anthropics/claude-code #64097, #63953; attson/claude-proxy). Any other word there ("ls", "make",
// "done") is the text's own: ok is false. keep is the text before that line as it is, its line
// break and any blank lines before the word included: a stream may have sent them before the word
// came, so that dropping only the word's line gives the same text streamed and whole. Whether
// to drop the word is the dialect's call: only when a real tool call follows the text. For the
// text a [Holder] held, ask [Holder.TrailingWord], which reads it in the context of what the
// Holder released (a fence closed in the held text was opened before it).
func TrailingWord(text string) (keep, word string, ok bool) {
	return trailingWordFrom(textState{}, text)
}

// TrailingWord is [TrailingWord] on the whole text — the text released so far followed by pending
// — with keep a prefix of pending: call it when the text ends, with the unreleased text. A word
// whose line began in the released text is not alone on its line.
func (h *Holder) TrailingWord(pending string) (keep, word string, ok bool) {
	return trailingWordFrom(h.ts, pending)
}

// trailingWordFrom is TrailingWord on text read after a text whose state is ts.
func trailingWordFrom(ts textState, text string) (keep, word string, ok bool) {
	t := strings.TrimRight(text, blanks)
	ls := strings.LastIndexByte(t, '\n') + 1
	w := strings.TrimLeft(t[ls:], " \t")
	if !strayWord(w) || ls == 0 && !ts.lineLead() {
		return "", "", false
	}
	for i := 0; i < ls; i++ {
		ts.feed(text[i])
	}
	if ts.fence != 0 || ts.think {
		return "", "", false
	}
	return text[:ls], w, true
}

// blanks are the bytes allowed between and after markup.
const blanks = " \t\r\n"

func isBlank(b byte) bool { return b == ' ' || b == '\t' || b == '\r' || b == '\n' }

// strayWords are the only stray words: the tokens reported alone on a line before leaked markup
// or alone at the end of a text block (D01: anthropics/claude-code #64314; D01b: #64097, #63953).
// Any other one-word line is ordinary text ("ls", "make", "done", "counts") and is kept.
var strayWords = [...]string{"count", "court", "call"}

// strayWord reports whether w is one of strayWords, exactly.
func strayWord(w string) bool {
	for _, s := range strayWords {
		if w == s {
			return true
		}
	}
	return false
}

// status says what the text from a position on can still be.
type status uint8

const (
	dead status = iota // no continuation of the text makes it a tail
	more               // it ended inside markup that a continuation could complete; not a tail as it is
	done               // a tail as it is (perhaps missing forgivable closers); more blocks or blanks may follow
)

// found is the first position where a tail could begin.
type found struct {
	at    int // byte offset; -1 when there is none
	word  string
	calls []Call
	st    status
}

// first scans s, whose preceding text left the state ts, for the first position outside Markdown
// code, blockquotes and <think> from which s could be a tail of syn: a line start (Invoke: a
// possible stray word), or a byte that begins an opener of a family of syn where that opener may
// stand (see [Stand] and the table families).
// ms, when not nil, gives each position's parse its memo.
func first(ts textState, s string, syn Syntax, known Declared, ms *memos) found {
	worded := syn & worded // the syntaxes whose stray words may start a line
	for i := 0; ; i++ {
		if i = clearFrom(&ts, s, i, syn); i == len(s) {
			break
		}
		// A stray word's line (D01) counts right after a line that introduces an example too
		// ("Example:⏎court⏎<invoke …>"): the markup is then not on the line after it, and no
		// example writes the glitch's word alone on a line; only a text about the format (a
		// call token quoted before it, textState.about) makes it the example's.
		if wordLineAt(&ts, s, i, worded) {
			if w, calls, st := wordTail(s[i:], worded, ts.stands()&(1<<LineStart|1<<LineStartFree), known, ms.forPos(i)); st != dead {
				return found{at: i, word: w, calls: calls, st: st}
			}
		}
		if x := openersAt(&ts, s, i, syn); x != 0 {
			if calls, st := markupTail(s[i:], x, ts.stands(), known, ms.forPos(i)); st != dead {
				return found{at: i, calls: calls, st: st}
			}
		}
		ts.feed(s[i])
	}
	return found{at: -1}
}

// clearFrom advances ts over s from i on up to the first byte at which first tries a tail of syn
// (wordLineAt or openersAt: a possible stray word's line or an opener's first bytes where it may
// stand) and returns that byte's offset, or len(s) when there is none: s[i:] up to it is text in
// which no tail of syn can begin, and ts is then the state after it, as feeding it would leave it
// (quiet bytes only noted: FuzzQuiet). first runs it between the places it tries; on its own it is
// the exact check that Safe finds no markup in a text, without reading any (ReleasePlainASCII).
func clearFrom[T string | []byte](ts *textState, s T, i int, syn Syntax) int {
	worded := syn & worded
	for ; i < len(s); i++ {
		if ts.ordinary() {
			// Quiet bytes: nothing starts at them and feeding them changes nothing (FuzzQuiet)
			// but the line's last bytes, which say whether a token after them ends a sentence.
			j := i
			if i = loudFrom(s, i); i > j {
				noteStop(ts, s[j:i])
			}
			if i == len(s) {
				break
			}
		}
		if wordLineAt(ts, s, i, worded) || openersAt(ts, s, i, syn) != 0 {
			return i
		}
		ts.feed(s[i])
	}
	return len(s)
}

// wordLineAt reports whether first tries a stray word's line of worded (the syntaxes of syn with
// Words) at s[i], where t stands: at a line start where markup may open, outside indented code,
// and not in a text about the format, unless the line's first word already says it is no stray
// word's line of any of them (wordHead: "The", "Then", a word that is none of Words), where
// wordTail would find nothing.
func wordLineAt[T string | []byte](t *textState, s T, i int, worded Syntax) bool {
	if worded == 0 || t.about || !t.lineStart() || !t.mayOpen() || indentedAhead(t, s[i:]) {
		return false
	}
	for _, f := range wordRows {
		if f.Syntax&worded != 0 {
			if _, _, none := wordHead(s[i:], f); !none {
				return true
			}
		}
	}
	return false
}

// wordHead reads what wordTailOf reads first at the start of s for the row f: the blanks, then
// the lowercase word after them, s[w0:i]. none reports that s is no tail of f by that word alone:
// no stray word of f begins with it, or more text follows a word that is none of them.
func wordHead[T string | []byte](s T, f *Family) (w0, i int, none bool) {
	for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
		i++
	}
	w0 = i
	for i < len(s) && s[i] >= 'a' && s[i] <= 'z' {
		i++
	}
	n, prefix, whole := i-w0, false, false
	for _, w := range f.Words {
		if len(w) >= n && w[:n] == string(s[w0:i]) {
			prefix, whole = true, whole || len(w) == n
		}
	}
	return w0, i, !prefix || i < len(s) && !whole
}

// openersAt is the syntaxes of syn whose openers first tries at s[i], where t stands: those that
// begin with its bytes and may stand there, none where markup may not open.
func openersAt[T string | []byte](t *textState, s T, i int, syn Syntax) Syntax {
	if x := syn & triggered(t, s, i) &^ t.namedOff(); x != 0 && t.mayOpen() {
		return x
	}
	return 0
}

// triggered is the syntaxes whose openers, where the next byte stands, begin with s[i] (and
// s[i+1], when the text goes on).
func triggered[T string | []byte](t *textState, s T, i int) Syntax {
	if !anyTrigger[s[i]] {
		return 0
	}
	st := t.stands()
	var x Syntax
	for k := range nStands {
		if st&(1<<k) != 0 {
			x |= triggers[k][s[i]]
		}
	}
	if x == 0 || i+1 == len(s) {
		return x
	}
	var y Syntax
	for k := range nStands {
		if st&(1<<k) != 0 {
			y |= seconds[k][s[i+1]]
		}
	}
	return x & y
}

// wordTail checks s, which starts at a line start, as blanks, a stray word and a tail of a row of
// x with stray Words; stands are the line-start [Stand] bits of the word's line (LineStartFree
// only outside an open wrapper), which the markup after the word has.
func wordTail(s string, x Syntax, stands uint8, known Declared, m *memo) (string, []Call, status) {
	for _, f := range wordRows {
		if f.Syntax&x != 0 {
			if w, calls, st := wordTailOf(s, f, stands, known, m); st != dead {
				return w, calls, st
			}
		}
	}
	return "", nil, dead
}

// wordTailOf is wordTail for the row f.
func wordTailOf(s string, f *Family, stands uint8, known Declared, m *memo) (string, []Call, status) {
	w0, i, none := wordHead(s, f)
	if none {
		return "", nil, dead
	}
	w := s[w0:i]
	if i == len(s) {
		return w, nil, more
	}
	if s[i] != '<' {
		for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r') {
			i++
		}
		if i < len(s) && s[i] != '\n' {
			return "", nil, dead
		}
		for i < len(s) && isBlank(s[i]) {
			i++
		}
		if i == len(s) {
			return w, nil, more
		}
	}
	calls, st := seq(s, i, f.Syntax, stands, known, m)
	return w, calls, st
}

// markupTail checks s as a tail of any family of syn whose openers may stand where s begins
// (stands: a bit per [Stand]).
func markupTail(s string, syn Syntax, stands uint8, known Declared, m *memo) ([]Call, status) {
	best := dead
	for _, x := range syntaxOrder {
		if syn&x == 0 {
			continue
		}
		calls, st := seq(s, 0, x, stands, known, m)
		if st == done {
			return calls, done
		}
		if st == more {
			best = more
		}
	}
	return nil, best
}

// seq checks s from byte start as one or more blocks of syntax x (of any of its rows), blanks
// between and after, and end-of-turn tokens after the last (endTokens).
func seq(s string, start int, x Syntax, stands uint8, known Declared, m *memo) ([]Call, status) {
	c := &cursor{s: s, i: start, m: m, known: known}
	var calls []Call
	for {
		cs, o := blockOf(c, x, stands)
		switch o {
		case fail:
			return nil, dead
		case short:
			return nil, more
		case cut:
			return append(calls, cs...), done
		}
		calls = append(calls, cs...)
		c.skipBlanks()
		if c.eof() {
			return calls, done
		}
		switch c.endsTurn() { // the model's end-of-turn token after its last call
		case ok:
			return calls, done
		case eof: // held until the token shows whole, or the text ends inside it (no tail)
			return nil, more
		}
		stands = 1<<LineStart | 1<<LineStartFree | 1<<Anywhere | 1<<LineEnd | 1<<AfterStop | 1<<Glued | 1<<GluedColon // a later block follows blanks after markup
	}
}

// blockOf parses one block of syntax x at the cursor with each of its rows in turn: the first
// that reads a block (whole or cut) gives it; else short when one may still read one; else fail.
func blockOf(c *cursor, x Syntax, stands uint8) ([]Call, outcome) {
	start, best := c.i, fail
	for _, f := range rowsOf[bits.TrailingZeros(uint(x))] {
		c.i = start
		cs, o := block(c, f, stands)
		if (o == whole || o == cut) && !c.allTools(cs) {
			o = fail // a reader that does not check its names as it reads them
		}
		if o == whole || o == cut {
			return cs, o
		}
		if o == short {
			best = short
		}
	}
	return nil, best
}

// allTools reports whether every call of cs names a tool that counts (see cursor.tool).
func (c *cursor) allTools(cs []Call) bool {
	for _, call := range cs {
		if !c.tool(call.Name) {
			return false
		}
	}
	return true
}

// block parses one block of family f.
func block(c *cursor, f *Family, stands uint8) ([]Call, outcome) {
	c.bare = false
	switch f.body {
	}
	// a call whose wrapper's opener was lost (f.CloseNeeded) is judged as strictly as a bare one
	c.bare = bareOpener(f, c.rest(), stands) || f.CloseNeeded
	cs, o := envelope(c, f, stands)
	if o == cut && f.CloseNeeded { // the closer that makes it a call has not come (yet)
		return nil, short
	}
	if (o == whole || o == cut) && c.bare {
		for k := range cs {
			cs[k].Bare = true
		}
	}
	return cs, o
}

// bareOpener reports whether the markup of f that s begins opens with one of its [TextStart]
// openers, where one may stand (stands).
func bareOpener(f *Family, s string, stands uint8) bool {
	if stands&(1<<TextStart) == 0 {
		return false
	}
	for _, o := range f.Open {
		if o.Stand == TextStart && strings.HasPrefix(s, o.Text) {
			return true
		}
	}
	return false
}
