package markup

import (
	"bytes"
	"slices"
	"strings"
)

// Line phases of textState: where in the current line the scanner is.
const (
	phaseLead  uint8 = iota // only blanks so far
	phaseRun                // in a leading run of ` or ~
	phaseRest               // after the leading run
	phasePlain              // the line began with something else
)

// textState follows Markdown code through a text fed byte by byte: fenced code blocks across
// lines, and inline code spans within a line; also blockquote lines (a line whose first byte after
// blanks is '>') and reasoning opened by <think> outside code and not yet closed by </think>
// (D11: vybestack/llxprt-code #749). The zero value is the start of a text, outside code. It holds
// no slices, so a copy is an independent snapshot.
type textState struct {
	mid    bool // inside a line (false: at the start of one)
	fence  byte // '`' or '~' inside a fenced code block; 0 outside
	fenceN int  // length of the fence's opening run

	phase     uint8
	run       byte // the leading run's byte
	runN      int  // the leading run's length
	restBlank bool // only blanks after the leading run so far
	restTick  bool // a backtick after the leading run

	ticks int // length of the backtick run just read; 0 when the last byte was not a backtick
	code  int // length of the backtick run that opened an inline code span on this line; 0 none

	quote  bool  // this line is a blockquote line
	col    int   // columns of the line's leading blanks so far (a tab to the next multiple of 4)
	icode  bool  // this line is indented code (see indented)
	mark   uint8 // list item marker on this line: markNone, markDigits (digits read), markWant (a blank due)
	list   bool  // a list item line came before and no unindented line other than one has since
	think  bool  // inside a reasoning block, <think>…</think> or another of reasoningPairs (or after an unclosed opener)
	pair   uint8 // the reasoningPairs entry that opened the block (think true)
	began  bool  // a byte other than a blank has been read: the text no longer stands at its start
	tagN   uint8 // bytes matched so far of the reasoningPairs openers in thinkM (think false) or of pair's closer (think true)
	thinkM uint8 // the reasoningPairs openers still matching, one bit each (think false, tagN > 0)

	last uint64 // the last eight bytes other than blanks on this line, the latest lowest (see afterStop, exampleColon)
	prev uint64 // the eight such bytes before those of last, the latest lowest (see afterReasoning)
	sp   bool   // the byte just read is a blank (' ' or '\t'): a token here is not glued (Glued)
	gaps uint16 // bit k: a blank came right before the k-th latest byte of last and prev (see afterReasoning)

	named     bool   // this line named a call tag (markupTags), outside <think>
	paraNamed bool   // a line before this one in its paragraph (no blank line since) named a call tag
	nameAt    int    // the bytes other than blanks on this line when its last such tag was named
	nb        int    // the bytes other than blanks on this line so far
	nameN     uint8  // bytes matched of '<' and a markupTags entry; 0 when no match goes on
	nameM     uint32 // the watchedTags entries still matching, one bit each
	example   bool   // the last line other than blanks introduced an example of a call tag: see namedSyntax
	exAll     bool   // the last line other than blanks ended with a colon after a word introducing an example (exampleColon), or declines
	about     bool   // a call token stood quoted before, in a code span or after a quote mark: see quoteTokens
	inline    bool   // a call token stood on this line after a blank inside a sentence (see Glued)
	qN        uint8  // bytes matched so far of a quoteTokens entry; 0 when no match goes on
	qLine     bool   // the match going on is of a token after a blank inside a sentence (sets inline, not about)
	qM        uint64 // the quoteTokens entries still matching, one bit each
	inTC      bool   // a call wrapper the text opened (outside <think>) is not closed: see watchedTags (LineStartFree)
}

// markupTags are the tag names of the XML-ish call formats that prose writes when it explains
// them. A line that names one (after '<', in a code span too, not in <think>) and ends with a
// colon, or with the tag it names, introduces an example: markup of those formats on the lines
// right after it (blank lines between allowed) is the example the text shows, not a leak
// (namedSyntax; issue 20 attack round la-invoke-doc, la-tool-calls-tag: "wrap the list in a
// <tool_calls> tag:" and the example; la-sentence-tool-call-lineend2: "ends its sentence with
// <tool_call>" and the function on the next line). So does a line ending with a colon (ASCII or
// the fullwidth ：) after another line of its paragraph named one ("…wrap each call in a
// `<tool_call>` element.\nFor example:"; attack3 la-for-example-next-line, la-zh-fullwidth-colon).
// A model that leaks a call does not write about the tag first; "Running it:" names none.
//
// Nemotron's <TOOLCALL>, Granite 20B's <function_call> and Qwen2.5-Coder's <tools> are such tags
// too (attack3 la-nemotron-named-colon, la-granite20b-named, la-qwen25-tools-named), and so is
// MiniMax's <minimax:tool_call> ("MiniMax M2 wraps its invokes in <minimax:tool_call>" and the
// invoke on the next line: issue 20 look-alike report-lookalike3-minimax-wrap-inside).
var markupTags = [...]string{"invoke", "function_calls", "function=", "tool_call", "parameter", "TOOLCALL", "function_call", "tools>", "minimax:tool_call"}

// watchedTags are what matchName matches after '<': markupTags, then the openers and closers of
// the wrappers whose calls are never calls of their own (textState.inTC): Hermes's and Qwen's
// <tool_call>, MiniMax's <minimax:tool_call>, Claude's <function_calls> and Muse Glimmer's
// <atem:function_calls> (a channel to the user may hold one glued after its header, its invokes
// on lines of their own: sglang test_muse_glimmer_detector.py
// test_invoke_inside_final_answer_is_not_a_call), each opener followed by its closer.
var watchedTags = [...]string{markupTags[0], markupTags[1], markupTags[2], markupTags[3], markupTags[4], markupTags[5], markupTags[6], markupTags[7], markupTags[8],
	"tool_call>", "/tool_call>", "minimax:tool_call>", "/minimax:tool_call>", "function_calls>", "/function_calls>",
	"atem:function_calls>", "/atem:function_calls>"}

// tagWrap is the first watchedTags entry past markupTags: from it on, wrapper openers at even
// offsets and their closers at odd ones.
const tagWrap = len(markupTags)

// The reasoning tags some servers leave in the content most often (D11).
const (
	thinkOpen  = "<think>"
	thinkClose = "</think>"
)

// reasoningPair is a reasoning block's opener and its closer.
type reasoningPair struct{ open, close string }

// reasoningPairs are the reasoning blocks a model's text may open (D11): markup after an opener,
// outside code, is reasoning until the same pair's closer, to the text's end when none comes. They
// are <think> (Qwen3, DeepSeek R1, MiniMax, GLM, Kimi and most others), Seed-OSS's <seed:think>,
// Command R7B's <|START_THINKING|>, Magistral's [THINK], Apertus's <|inner_prefix|> and Gemma 4's
// thought channel <|channel> (ollama gemma4_test.go thinking_then_tool_call); their closers are
// reasoningClosers too. Every opener begins with '<' or '[' (loud bytes) and is at most 18 bytes
// long; there are at most 8 (textState.thinkM).
var reasoningPairs = [...]reasoningPair{
	{thinkOpen, thinkClose},
	{"<seed:think>", "</seed:think>"},
	{"<|START_THINKING|>", "<|END_THINKING|>"},
	{"[THINK]", "[/THINK]"},
	{"<|inner_prefix|>", "<|inner_suffix|>"},
	{"<|channel>", "<channel|>"},
}

// States of textState.mark: how far a list item marker ("- ", "* ", "+ ", "1. ", "1) ") at the
// line's start has been read.
const (
	markNone   uint8 = iota // no marker going on
	markDigits              // digits of an ordered list item's number read
	markWant                // the marker read, a blank due
)

// indented reports whether a line whose leading blanks measure col columns is indented code or
// list item content: 4 columns or more is an indented code block (CommonMark 4.4); under a list
// item 1 column or more is the item's content, an example the item shows (the choice toolfix makes
// for 1-3 blanks under a list item, where CommonMark reads a paragraph: markup there is quoted,
// not leaked). Either way markup there is never promoted, as in a fence.
func (t *textState) indented(col int) bool { return col >= 4 || t.list && col >= 1 }

// indentedAhead reports whether the line that s begins (t at a line's start) is indented code or
// list item content by its leading blanks (see indented), for a reader that looks past the blanks
// itself (a stray word's line).
func indentedAhead[T string | []byte](t *textState, s T) bool {
	col := 0
	for i := 0; i < len(s) && (s[i] == ' ' || s[i] == '\t'); i++ {
		if s[i] == ' ' {
			col++
		} else {
			col = col/4*4 + 4
		}
	}
	return t.indented(col)
}

// lineLead reports whether only blanks precede the next byte on its line.
func (t *textState) lineLead() bool { return t.phase == phaseLead }

// leads reports whether an opener that must start a line counts at the next byte: only blanks
// precede it on its line, or a reasoning closer does (afterReasoning).
func (t *textState) leads() bool { return t.lineLead() || t.afterReasoning() }

// stands is the set of [Stand] an opener at the next byte has, a bit each.
func (t *textState) stands() uint8 {
	s := uint8(1 << Anywhere)
	lead := t.leads()
	if lead {
		s |= 1 << LineStart
		if !t.inTC {
			s |= 1 << LineStartFree
		}
	}
	if lead || t.afterStop() && !t.declines() {
		s |= 1<<AfterStop | 1<<LineEnd | 1<<Glued | 1<<GluedColon
	}
	if t.glued() && !t.inline {
		s |= 1<<Glued | 1<<GluedColon
	}
	if t.afterColon() && !t.exampleColon() && !t.declines() {
		s |= 1 << LineEnd
		if !t.inline {
			s |= 1 << GluedColon
		}
	}
	if !t.began {
		s |= 1 << TextStart
	}
	return s
}

// glued reports whether the next byte is glued to the one before it on its line: that byte is no
// blank, no colon (ASCII or fullwidth) and not the dot that ends "e.g." or "i.e." (Glued).
func (t *textState) glued() bool {
	return t.mid && !t.sp && t.last&0xff != ':' && t.last&0xffffff != 0xefbc9a && !t.abbrev()
}

// abbrev reports whether the line's last bytes other than blanks are "e.g." or "i.e.", whose dot
// ends no sentence ("…inside the tag, e.g. <tool_call>…": issue 20 look-alike
// report-lookalike3-glm-eg).
func (t *textState) abbrev() bool {
	w := t.last & 0xffffffff
	return w == 'e'<<24|'.'<<16|'g'<<8|'.' || w == 'i'<<24|'.'<<16|'e'<<8|'.'
}

// exampleWords are the last words before a colon that introduce an example of what follows
// ("Example:", "For instance:", "The call block is:", "The format looks like:", "the call would
// be:", "示例："), as
// their last bytes other than blanks, ASCII in lower case (see exampleColon). A model that leaks
// a call after a colon writes what it does ("Running it:", "Let me check:"), not these.
// Each is at most seven bytes (the colon takes the eighth of last): "nstance" for "instance",
// "ooklike" for "look like".
var exampleWords = [...]string{"example", "xamples", "nstance", "format", "syntax", "sample", "emplate",
	"follows", "ikethis", "ooklike", "okslike", "blockis", "wouldbe", "e.g.", "i.e.", "例", "式", "下"}

// exampleColon reports whether the line ends with a colon (afterColon) right after one of
// exampleWords: what follows it, on its line or the lines after it, is the example the text
// shows, not a leak (issue 20 look-alikes report-lookalike3-*-example-line).
func (t *textState) exampleColon() bool {
	var w uint64 // the bytes before the colon, the latest lowest
	switch {
	case t.last&0xff == ':':
		w = t.last >> 8
	case t.last&0xffffff == 0xefbc9a:
		w = t.last >> 24
	default:
		return false
	}
	for _, ex := range exampleWords {
		if endsWord(w, ex) {
			return true
		}
	}
	return false
}

// declines reports whether this line ends in a way that introduces markup the text shows rather
// than a call it makes: a question that points at what follows ("Do you want me to run the
// following?", "Shall I run this?": a model asks before it would run anything; pointingWords), or
// a colon after a last clause
// that holds a negation ("Don't run this:", "You asked why this did not run:", "Ich werde das
// nicht ausführen:", "不要运行："; the break-it round of 2026-12-03, report-lookalike4-*). Only the
// clause before the colon counts, as far as the line's last sixteen bytes other than blanks reach
// (textState.last and prev): "The tests do not pass, so let me look at the log:" leaks a call.
func (t *textState) declines() bool {
	end, asks := 16, false // b[:end] is the clause's bytes and what precedes it, the colon or question mark cut
	switch {
	case t.last&0xff == '?':
		end, asks = 15, true
	case t.last&0xffffff == 0xefbc9f:
		end, asks = 13, true
	case t.last&0xff == ':':
		end = 15
	case t.last&0xffffff == 0xefbc9a:
		end = 13
	default:
		return false
	}
	var b [16]byte // the bytes of prev and last, the earliest first; 0 before the line's first
	for k := range 8 {
		b[15-k], b[7-k] = byte(t.last>>(8*k)), byte(t.prev>>(8*k))
	}
	start := 0
	for i := end - 1; i >= 0 && start == 0; i-- {
		switch {
		case b[i] == 0 || b[i] == '.' || b[i] == ',' || b[i] == ';' || b[i] == '!':
			start = i + 1
		case i >= 2 && b[i-2] == 0xe3 && b[i-1] == 0x80 && (b[i] == 0x81 || b[i] == 0x82), // 、。
			i >= 2 && b[i-2] == 0xef && b[i-1] == 0xbc && (b[i] == 0x8c || b[i] == 0x9b || b[i] == 0x81): // ，；！
			start = i + 1
		}
	}
	marks, words := negationMarks[:], negationWords[:]
	if asks {
		marks, words = pointingMarks[:], pointingWords[:]
	}
	for _, n := range marks {
		if bytes.Contains(b[start:end], []byte(n)) {
			return true
		}
	}
	w := ""
	for i := start; i < end; { // the clause's words, split where a blank stood
		j := i + 1
		for j < end && t.gaps&(1<<(15-j)) == 0 {
			j++
		}
		w = strings.ToLower(strings.Trim(string(b[i:j]), "\"'()*_"))
		if !asks && (slices.Contains(words, w) || len(w) > 3 && (strings.HasSuffix(w, "n't") || strings.HasSuffix(w, "n’t"))) {
			return true
		}
		i = j
	}
	return asks && slices.Contains(words, w) // a question ends with the word that points at what follows
}

// pointingWords are the last words of a question that points at what follows it, in lower case
// ("Do you want me to run the following?", "Shall I run this?"; declines): such a question asks
// before the markup after it is run. Another question ("Hello, world!\nWhat's up?", llama.cpp's
// tests) may stand before a call.
var pointingWords = [...]string{"following", "below", "this", "these", "it", "that", "them", "folgende", "folgendes", "dies", "suivant", "suivante", "ceci", "siguiente", "esto"}

// pointingMarks are the same in Chinese and Japanese, which write no blanks: 以下 下面 这个 这些 這個 次の.
var pointingMarks = [...]string{"以下", "下面", "这个", "这些", "這個", "次の"}

// negationWords are the words, in lower case, that negate the clause they stand in (declines):
// English, German, French, Spanish, Portuguese and Italian; "n't" endings count too.
var negationWords = [...]string{"not", "cannot", "never", "nicht", "nie", "niemals", "kein", "keine", "pas", "jamais", "nunca", "não", "nao", "non", "no"}

// negationMarks are negations that stand inside a word, no blank around them (declines): Chinese
// 不 别 勿 没 未, Japanese ない and ません, Korean 않.
var negationMarks = [...]string{"不", "别", "勿", "没", "未", "ない", "ません", "않"}

// endsWord reports whether the bytes of w (the latest lowest, as textState.last) end with ex,
// ASCII letters compared in lower case; ex is at most seven bytes.
func endsWord(w uint64, ex string) bool {
	for i := len(ex) - 1; i >= 0; i-- {
		b := byte(w)
		if b >= 'A' && b <= 'Z' {
			b += 'a' - 'A'
		}
		if b != ex[i] {
			return false
		}
		w >>= 8
	}
	return true
}

// lineStart reports whether the next byte begins a line.
func (t *textState) lineStart() bool { return !t.mid }

// mayOpen reports whether markup may begin at the next byte: outside a fence, not in a fence's
// opening-line info string after ~~~, outside an inline code span, not on a blockquote line and
// not inside <think> reasoning.
func (t *textState) mayOpen() bool { return !t.think && !t.inCode() }

// inCode reports whether the next byte is inside Markdown code or on a blockquote line: in a fence,
// in a fence's opening-line info string after ~~~, in an inline code span or after '>' at a line's
// start.
func (t *textState) inCode() bool {
	if t.fence != 0 || t.quote || t.icode || t.phase == phaseLead && t.indented(t.col) {
		return true
	}
	if t.run == '~' && t.runN >= 3 && (t.phase == phaseRun || t.phase == phaseRest) {
		return true
	}
	return t.inlineCode() != 0
}

// inlineCode is the length of the open inline code span's run, counting the run just read.
func (t *textState) inlineCode() int {
	switch {
	case t.ticks == 0:
		return t.code
	case t.code == 0:
		return t.ticks
	case t.ticks == t.code:
		return 0
	}
	return t.code
}

// loud marks the bytes that, in the middle of an ordinary line, either may start markup ('<',
// '[': see first) or change the state (a line end, a backtick starting a code span; feed): the
// other bytes of such a line are read by neither.
var loud = [256]bool{'<': true, '\n': true, '`': true} // and the first byte of every Anywhere, Glued, GluedColon, LineEnd and AfterStop opener and of every reasoningPairs tag (family.go)

// quiet reports whether s, read from state t, can start no markup and leaves t as it is but for
// what noteStop records (so a caller that skips feeding s calls noteStop): t is in
// the middle of an ordinary line (after its first byte, no backtick run or tag match going on) and
// s holds no loud byte. Then first finds nothing in s and feeding s changes nothing, so a healthy
// prose delta is decided by one pass over its bytes (FuzzQuiet holds it to that).
func quiet[T string | []byte](t *textState, s T) bool {
	return t.ordinary() && loudFrom(s, 0) == len(s)
}

// loudFrom returns the offset of the first loud byte of s from i on, or len(s), eight bytes a
// step where it can.
func loudFrom[T string | []byte](s T, i int) int {
	for ; i+8 <= len(s); i += 8 {
		_ = s[i+7]
		if loud[s[i]] || loud[s[i+1]] || loud[s[i+2]] || loud[s[i+3]] || loud[s[i+4]] || loud[s[i+5]] || loud[s[i+6]] || loud[s[i+7]] {
			break
		}
	}
	for ; i < len(s); i++ {
		if loud[s[i]] {
			return i
		}
	}
	return i
}

// ordinary reports whether t is in the middle of an ordinary line, where only a loud byte can
// start markup or change t (see quiet).
func (t *textState) ordinary() bool {
	return t.phase == phasePlain && t.ticks == 0 && t.tagN == 0 && t.nameN == 0 && t.qN == 0 && t.mark == markNone
}

// noteStop is what feeding s, a text quiet says leaves the state as it is, changes: the line's
// last bytes other than blanks (last and prev), where blanks stood between them (gaps) and
// whether the last byte is a blank. It reads s
// from its end only as far as its last sixteen such bytes, gathered into two words as it goes (a
// delta's few last bytes, not its length).
func noteStop[T string | []byte](t *textState, s T) {
	if len(s) == 0 {
		return
	}
	var lo, hi uint64 // the bytes found, the latest lowest: the first eight, the next eight
	var gaps uint16   // their gaps bits (see textState.gaps)
	n := uint(0)
	for i := len(s) - 1; i >= 0 && n < 16; i-- {
		if b := s[i]; b > ' ' {
			if n < 8 {
				lo |= uint64(b) << (8 * n)
			} else {
				hi |= uint64(b) << (8 * (n - 8))
			}
			if i > 0 && (s[i-1] == ' ' || s[i-1] == '\t') || i == 0 && t.sp {
				gaps |= 1 << n
			}
			n++
		}
	}
	t.gaps = t.gaps<<n | gaps
	// prev:last, one word of 128 bits, shifted by the bytes found (a shift of 64 or more leaves
	// nothing of the old bytes in the word it moves them out of)
	if sh := 8 * n; sh < 64 {
		t.prev = t.prev<<sh | t.last>>(64-sh)
		t.last = t.last<<sh | lo
	} else {
		t.prev = t.last<<(sh-64) | hi
		t.last = lo
	}
	t.sp = s[len(s)-1] == ' ' || s[len(s)-1] == '\t'
}

// afterStop reports whether the last character other than a blank on this line ends a sentence:
// . ! ? or their CJK forms 。！？ (U+3002, U+FF01, U+FF1F), which Chinese models write; the dot
// of "e.g." and "i.e." ends none (abbrev).
func (t *textState) afterStop() bool {
	switch t.last & 0xff {
	case '.':
		return !t.abbrev()
	case '!', '?':
		return true
	}
	switch t.last & 0xffffff {
	case 0xe38082, 0xefbc81, 0xefbc9f:
		return true
	}
	return false
}

// afterReasoning reports whether the last bytes other than blanks on this line close a
// reasoning block: one of reasoningClosers, byte for byte, no blank between its bytes (gaps:
// "a </ think>" closes none, as "a < b" opens no tag; blanks after it may follow). What follows a reasoning closer begins
// the answer as a new line would, so an opener that must start a line counts there too
// ("I'm\nthinking</think><TOOLCALL>[…]", llama.cpp tests/test-chat.cpp
// COMMON_CHAT_FORMAT_NEMOTRON_V2; "plan</think><tool_call>…", Ollama's reasoning parsers).
func (t *textState) afterReasoning() bool {
	if b := t.last & 0xff; b != '>' && b != ']' {
		return false // every closer ends with one of them
	}
	for _, c := range closerWords {
		if t.last&c.loMask == c.lo && t.prev&c.hiMask == c.hi && t.gaps&c.gapMask == 0 {
			return true
		}
	}
	return false
}

// reasoningClosers are the tags that close a reasoning block in a model's text: </think>
// (</seed:think> too), Command R7B's <|END_THINKING|>, Magistral's [/THINK], Apertus's
// <|inner_suffix|> and Gemma 4's <channel|> (its thought channel's closer, a call glued after
// it: ollama gemma4_test.go TestGemma4Parser thinking_then_tool_call), and Apertus's
// <|tools_suffix|>, after which only another call of the same list may follow. None has a blank
// and none is longer than sixteen bytes (textState.last and prev).
var reasoningClosers = []string{"</think>", "</seed:think>", "<|END_THINKING|>", "[/THINK]", "<|inner_suffix|>", "<channel|>", "<|tools_suffix|>"}

// closerWord is a reasoning closer as the words textState.last and prev hold its bytes (the
// latest lowest), with masks of the bytes it has in each, and the textState.gaps bits that must
// be clear for its bytes to stand together, no blank between them ("</ think>" is no closer).
type closerWord struct {
	lo, loMask, hi, hiMask uint64
	gapMask                uint16
}

// closerWords are reasoningClosers as closerWords, in their order.
var closerWords = func() []closerWord {
	var ws []closerWord
	for _, c := range reasoningClosers {
		if len(c) > 16 || c[len(c)-1] != '>' && c[len(c)-1] != ']' {
			panic("markup: a reasoning closer longer than sixteen bytes or not ending with > or ]")
		}
		var w closerWord
		for k := range len(c) {
			b, sh := uint64(c[len(c)-1-k]), uint(8*(k%8))
			if b <= ' ' {
				panic("markup: a reasoning closer with a blank") // last and prev skip them
			}
			if k < 8 {
				w.lo, w.loMask = w.lo|b<<sh, w.loMask|0xff<<sh
			} else {
				w.hi, w.hiMask = w.hi|b<<sh, w.hiMask|0xff<<sh
			}
		}
		w.gapMask = 1<<(len(c)-1) - 1
		ws = append(ws, w)
	}
	return ws
}()

// namedOff is the syntaxes whose markup stands in an example here (namedSyntax): on a line after
// one that introduced an example of a call tag (see markupTags), none elsewhere.
func (t *textState) namedOff() Syntax {
	if t.exAll || t.about {
		return All
	}
	if t.example {
		return namedSyntax
	}
	return 0
}

// afterColon reports whether the last character other than a blank on this line is a colon
// ("Running it:<tool_call>"), ASCII or the fullwidth ： (U+FF1A) that Chinese and Japanese text
// writes ("示例如下："): where a LineEnd opener may stand besides after a sentence's end.
func (t *textState) afterColon() bool { return t.last&0xff == ':' || t.last&0xffffff == 0xefbc9a }

// feed advances the state over one byte of text.
func (t *textState) feed(b byte) {
	quoted, inline := false, false // a quoteTokens match may begin at b, quoted or inside a sentence
	if t.qN == 0 && quoteStart(b) && !t.think {
		quoted = t.inlineCode() != 0 || !t.sp && t.quoteBefore()
		inline = !quoted && t.sp && t.mid && !t.afterStop() && !t.afterColon()
	}
	if b > ' ' {
		t.prev = t.prev<<8 | t.last>>56
		t.last = t.last<<8 | uint64(b)
		t.gaps <<= 1
		if t.sp {
			t.gaps |= 1
		}
	}
	t.sp = b == ' ' || b == '\t'
	if t.phase == phasePlain && t.ticks == 0 && t.tagN == 0 && t.nameN == 0 && t.qN == 0 && t.mark == markNone && b != '\n' && b != '`' && b != '<' && b != '[' {
		return // the common case: an ordinary byte inside an ordinary line
	}
	if t.qN > 0 || quoted || inline {
		t.matchQuoted(b, inline)
	}
	if t.tagN > 0 || (b == '<' || b == '[') && !t.inCode() {
		t.matchThink(b)
	}
	if b > ' ' {
		t.nb++
	}
	if t.nameN > 0 || b == '<' && !t.think {
		t.matchName(b)
	}
	if !isBlank(b) {
		t.began = true
	}
	if b == '\n' {
		t.endLine()
		return
	}
	t.mid = true
	if t.mark != markNone {
		t.listMark(b)
	}
	switch t.phase {
	case phaseLead:
		if !isBlank(b) && t.fence == 0 {
			t.lineBegins(b)
		}
		switch {
		case b == ' ':
			t.col++
		case b == '\t':
			t.col = t.col/4*4 + 4
		case b == '`' || b == '~':
			t.phase, t.run, t.runN = phaseRun, b, 1
		case b == '>':
			t.phase, t.quote = phasePlain, true
		case !isBlank(b):
			t.phase = phasePlain
		}
	case phaseRun:
		if b == t.run {
			t.runN++
		} else {
			t.phase, t.restBlank, t.restTick = phaseRest, isBlank(b), b == '`'
		}
	case phaseRest:
		t.restBlank = t.restBlank && isBlank(b)
		t.restTick = t.restTick || b == '`'
	}
	if t.fence != 0 {
		return
	}
	if b == '`' {
		t.ticks++
		return
	}
	if t.ticks > 0 {
		t.code, t.ticks = t.inlineCode(), 0
	}
}

// endLine closes or opens a fence at the end of a line and resets the line's state.
func (t *textState) endLine() {
	fenceLine := (t.phase == phaseRun || t.phase == phaseRest) && t.runN >= 3
	switch {
	case t.fence != 0:
		if fenceLine && t.run == t.fence && t.runN >= t.fenceN && (t.phase == phaseRun || t.restBlank) {
			t.fence, t.fenceN = 0, 0
		}
	case fenceLine && (t.run == '~' || !t.restTick):
		t.fence, t.fenceN = t.run, t.runN
	}
	example, exAll, paraNamed := t.example, t.exAll, false
	if t.nb > 0 {
		example = t.named && t.endsNamed() || (t.named || t.paraNamed) && t.afterColon()
		exAll = t.exampleColon() || t.declines()
		paraNamed = t.paraNamed || t.named
	}
	fence, fenceN, think, pair, began, list, inTC, about := t.fence, t.fenceN, t.think, t.pair, t.began, t.list, t.inTC, t.about
	*t = textState{fence: fence, fenceN: fenceN, think: think, pair: pair, began: began, list: list, example: example, exAll: exAll, inTC: inTC, paraNamed: paraNamed, about: about}
}

// endsNamed reports whether this line ends with the call tag it named last, its '>' and nothing
// after it but a code span's closing backtick ("## Example of a `<tool_call>`": attack3
// lookalike-example-heading-md).
func (t *textState) endsNamed() bool {
	return t.last&0xff == '>' && t.nb-t.nameAt <= 1 || t.last&0xffff == '>'<<8|'`' && t.nb-t.nameAt <= 2
}

// lineBegins reads b, the first byte other than a blank on a line outside a fence: the line is
// indented code when its indentation says so (a fence's run excepted: a fence in a list item
// stays a fence), a list item marker may begin, and an unindented line that cannot be one ends
// the list.
func (t *textState) lineBegins(b byte) {
	if t.indented(t.col) && b != '`' && b != '~' {
		t.icode = true
	}
	switch {
	case t.col >= 4:
	case b == '-' || b == '*' || b == '+':
		t.mark = markWant
	case b >= '0' && b <= '9':
		t.mark = markDigits
	case t.col == 0:
		t.list = false
	}
}

// listMark advances the list item marker begun on this line over b, a byte after its first.
func (t *textState) listMark(b byte) {
	switch {
	case t.mark == markDigits && b >= '0' && b <= '9':
		return
	case t.mark == markDigits && (b == '.' || b == ')'):
		t.mark = markWant
		return
	case t.mark == markWant && (b == ' ' || b == '\t'):
		t.list = true
	case t.col == 0:
		t.list = false
	}
	t.mark = markNone
}

// matchName advances the match of '<' and a markupTags entry over b, setting named when one
// completes.
func (t *textState) matchName(b byte) {
	if b == '<' {
		t.nameN, t.nameM = 1, 1<<len(watchedTags)-1
		return
	}
	pos, m := int(t.nameN)-1, uint32(0)
	for k, tag := range watchedTags {
		if t.nameM&(1<<k) == 0 || tag[pos] != b {
			continue
		}
		switch {
		case pos+1 < len(tag):
			m |= 1 << k
		case k >= tagWrap:
			t.inTC = (k-tagWrap)%2 == 0
		default:
			t.named, t.nameAt = true, t.nb
		}
	}
	t.nameN, t.nameM = t.nameN+1, m
	if m == 0 {
		t.nameN = 0
	}
}

// matchThink advances the match of the reasoning tags due over b, a byte outside code: outside
// reasoning every reasoningPairs opener at once (thinkM, one bit each), inside only the closer of
// the pair that opened it (pair); think flips when the tag is complete.
func (t *textState) matchThink(b byte) {
	if t.think {
		c := reasoningPairs[t.pair].close
		switch {
		case c[t.tagN] == b:
			t.tagN++
			if int(t.tagN) == len(c) {
				t.think, t.tagN = false, 0
			}
		case c[0] == b:
			t.tagN = 1
		default:
			t.tagN = 0
		}
		return
	}
	var m uint8
	if t.tagN > 0 {
		for k, p := range reasoningPairs {
			if t.thinkM&(1<<k) != 0 && p.open[t.tagN] == b {
				m |= 1 << k
			}
		}
	}
	if m == 0 { // no match goes on: b may begin one afresh ("<<think>")
		t.tagN = 0
		for k, p := range reasoningPairs {
			if p.open[0] == b {
				m |= 1 << k
			}
		}
		if m == 0 {
			t.thinkM = 0
			return
		}
	}
	t.tagN++
	t.thinkM = m
	for k, p := range reasoningPairs {
		if m&(1<<k) != 0 && int(t.tagN) == len(p.open) {
			t.think, t.pair, t.tagN, t.thinkM = true, uint8(k), 0, 0
			return
		}
	}
}

// quoteBefore reports whether the line's last byte other than a blank (the latest of last) is a
// quote mark (" ' or the opening “), asked when no blank follows it.
func (t *textState) quoteBefore() bool {
	return t.last&0xff == '"' || t.last&0xff == '\'' || t.last&0xffffff == 0xe2809c
}

// quoteTokens are the literals whose bytes, quoted (in an inline code span or right after a
// quote mark), say the text is about a call format: every opener of the table that begins with
// '<' or '[' and is more than that byte, cut to its first twelve bytes, and GLM's <arg_key>
// (derived in derive). After one, the rest of the text is about the format, so markup in it is
// the example it shows, never a leak ("Kimi K2 opens its calls with `<|tool_calls_section_begin|>`.
// ⏎<|tool_calls_section_begin|>…", "Devstral starts a call with the `[TOOL_CALLS]` token.⏎
// [TOOL_CALLS]…": issue 20 look-alikes report-lookalike3-*-quoted-*). The cost: a real leak after
// a text that quoted a token stays text.
var quoteTokens []string

// quoteMax is the length limit of a quoteTokens entry (openers are cut to it): the positions of
// quoteAt.
const quoteMax = 12

// The match of quoteTokens as tables, derived in derive with quoteTokens: quoteSet is the first
// bytes of the entries, a bit per byte value below 128 (every entry begins with '<' or '[');
// quoteAt[pos][b] the entries (a bit each, as in textState.qM) whose byte at pos is b;
// quoteEnd[pos] those that end after pos+1 bytes. A match over b at pos keeps qM&quoteAt[pos][b]
// and completes when that meets quoteEnd[pos] (FuzzMatchQuoted holds it to the plain walk).
var (
	quoteSet [2]uint64
	quoteAt  [quoteMax][256]uint64
	quoteEnd [quoteMax]uint64
)

// quoteStart reports whether a quoteTokens entry begins with b (see quoteSet).
func quoteStart(b byte) bool { return b < 128 && quoteSet[b>>6]&(1<<(b&63)) != 0 }

// matchQuoted advances the match of a quoteTokens entry over b, setting about when one completes
// (inline when the match began after a blank inside a sentence: a token shown there makes the rest
// of its line the example, so a token glued after it is a part of what it shows, not a call of its
// own: "…a whole message such as <|start|>assistant<|channel|>commentary…", issue 20 look-alike
// report-lookalike3-harmony-start-inside). line says where a match begins.
func (t *textState) matchQuoted(b byte, line bool) {
	if t.qN == 0 {
		t.qLine = line
		if m := quoteAt[0][b]; m != 0 {
			t.qN, t.qM = 1, m
		}
		return
	}
	pos := int(t.qN)
	m := t.qM & quoteAt[pos][b]
	if m&quoteEnd[pos] != 0 {
		t.quotedDone()
		return
	}
	t.qN, t.qM = t.qN+1, m
	if m == 0 {
		t.qN = 0
	}
}

// quotedDone ends a match of matchQuoted that completed a token: the rest of the line is an
// example (inline) when it began inside a sentence, else the rest of the text (about).
func (t *textState) quotedDone() {
	if t.qLine {
		t.inline = true
	} else {
		t.about = true
	}
	t.qN, t.qM = 0, 0
}
