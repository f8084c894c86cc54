package markup

import (
	"encoding/json"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"
)

// fuzzSeeds are texts from the shared cases and the table tests.
func fuzzSeeds(f *testing.F) []string {
	seeds := []string{
		"Let me check.\n\ncourt\n" + lsInvoke, "x\n" + hermesLs, "Now." + kimiRead, dsRead, "count", "| a |\n\ncount",
		"Now let me list the directory:\n\nls", "The format is: " + hermesLs, "> " + lsInvoke, "<think>\nPlan:\n" + hermesLs,
		"<think>x</think>\ncourt" + lsInvoke,
		"<seed:think>\nPlan:\n" + hermesLs, "[THINK]plan[/THINK]\n" + hermesLs, "<|channel>thought\nx<channel|>" + hermesLs,
		"<|START_THINKING|>a<|END_THINKING|>" + hermesLs, "<|inner_prefix|>a\n" + hermesLs,
		"See:\n```xml\n" + lsInvoke + "\n```\nDone.", "Like `" + hermesLs + "` here.",
		"<tool_call><function=write><parameter=p>\nC:\\x\n</parameter></function></tool_call>",
		"<tool_call>bash<arg_key>k</arg_key><arg_value>v</arg_value></tool_call>",
		"<minimax:tool_call><invoke name='a'><parameter name='b'>c</parameter>",
		"Ok.\n<function=bash>\n<parameter=command>\nls\n</parameter>\n</function>\n</tool_call>",
		"Now." + kimiSingular, dsmlWrite, "Run.<|channel|>commentary to=functions.bash <|constrain|>json<|message|>{\"a\":1}<|call|>",
		"commentary to=functions.bash json{\"a\": [1]}", "Check.[TOOL_CALLS]read[ARGS]{\"p\": 1}[TOOL_CALLS]b[ARGS]{}",
		"[TOOL_CALLS] [{\"name\": \"a\", \"arguments\": {}, \"id\": \"x\"}]", "See [docs](x) and [TOOL_CALLS]",
		"Ok.<seed:tool_call>\n<function=a>\n<parameter=b>c</parameter>\n</function>\n</seed:tool_call>",
		"<longcat_tool_call>{\"name\": \"a\", \"arguments\": {\"b\": 1}}</longcat_tool_call>",
		"<tool_calls>[{\"name\": \"a\", \"arguments\": {}}]</tool_calls>", "[a(b='c', d=[1, {'e': None}]), f()]",
		"Ok. <tool_calls>\n{\"name\": \"a\", \"arguments\": {}}\n{\"name\": \"b\", \"arguments\": {\"c\": 1}}\n</tool_calls>",
		"<|tool_call_start|>[a(b='x\ny', c={'d', 'e'}, f={})]<|tool_call_end|>", "<|tool_call>call:a{b:<|\"|>c<|\"|>}<turn|>",
		"<｜tool_calls_begin｜><｜tool_call_begin｜>function<｜tool_sep｜>a\n<steptml:invoke name=\"a\"><steptml:parameter name=\"b\">c</steptml:parameter></steptml:invoke><｜tool_call_end｜><｜tool_calls_end｜>",
		"<|python_tag|>{\"name\": \"a\", \"parameters\": {}}; {\"name\": \"b\", \"parameters\": {}}", "functools[{\"name\": \"a\", \"arguments\": {}}]",
		"<|action_start|><|plugin|>{\"name\": \"a\", \"parameters\": {}}<|action_end|>", "<|tool_call|>[{\"name\": \"a\", \"arguments\": {}}]",
		"<|tool_call_start|>[a(b=1)]<|tool_call_end|>", "<|tool_call>call:a{b:<|\"|>c<|\"|>,d:[1,{e:null}]}<tool_call|>",
		"<function_calls>a(b='c')\nd()</function_calls>",
		minimaxNS + "<tool_call>" + minimaxNS + "<invoke name=\"a\">" + minimaxNS + "<b>" + minimaxNS + "<c>1" + minimaxNS + "</c>" + minimaxNS + "<c>2" + minimaxNS + "</c>" + minimaxNS + "</b>" + minimaxNS + "</invoke>" + minimaxNS + "</tool_call>",
		"<|start|>assistant to=functions.a<|channel|>analysis <|constrain|>json<|message|>{}<|call|>", "<tool_call>function\na\n{\"b\": 1}</tool_call>",
		"Ok.<iquestcoder_tool_call>a<arg_key>b</arg_key><arg_value>c</arg_value></iquestcoder_tool_call>",
		"<seed:tool_call><function name=\"a\"><parameter name=\"b\" string=\"false\">1</parameter></function></seed:tool_call>",
		"<tool_call>\n{\"name\": \"a\", \"args\": {\"b\": 1}}\n</tool_call>", " -> tool/function_call\n[{\"name\": \"a\", \"arguments\": {}}]<|im_end|>",
		"<ifm|tool_call>a<ifm|arg_key>b</ifm|arg_key><ifm|arg_type>integer</ifm|arg_type><ifm|arg_value>1</ifm|arg_value></ifm|tool_call>",
		"<function=a>{\"b\": 1}</function>", "<function name=\"a\">\n{\"b\": 1}\n</function>", "<json>\n{\"name\": \"a\", \"arguments\": {}}\n</json>",
		"<tool_call>\n<function=a>\n<parameter=b>\nx\n</function>\n</tool_call>", "<tool_calls:opensource><tool_call:opensource>a<tool_sep:opensource>\n<arg_key:opensource>b</arg_key:opensource>\n<arg_value:opensource>c</arg_value:opensource>",
		"<tool_call>\n<function=a>\n<parameter=b>\nx\n<parameter=c>\ny\n</parameter>\n</function>\n</tool_call>", "<｜DSML｜tool_calls><｜DSML｜invoke name=\"a\"></｜DSML｜invoke></｜DSML｜tool_calls>",
		"<｜｜DSML｜｜tool_calls><｜｜DSML｜｜invoke name=“a”><｜｜DSML｜｜parameter name=\"p\">x</｜｜DSML｜｜parameter></｜｜DSML｜｜tool_calls>",
		"[TOOL_CALL] {\"tool\": \"a\", \"args\": {\"b\": [1]}} [/TOOL_CALL]\n[TOOL_CALL] {\"tool\": \"c\", \"args\": {}}",
		"Ok.\n<function=bash>{\"command\": \"ls\"}</function>\n</tool_call>", "<tool_call><function=a>\n{\"b\": {\"c\": 1}}",
		"Ok.<tool_call>a<arg_key>b</arg_key>c</arg_value><arg_key>d</arg_key>\n<arg_value>1</arg_value></tool_call>",
		"<‖DSML‖function_calls><‖DSML‖invoke name=\"a\"><‖DSML‖parameter name=\"p\">x</‖DSML‖parameter><‖DSML‖invoke name=\"b\"></‖DSML‖invoke>",
	}
	for _, ct := range loadCaseTexts(f) {
		seeds = append(seeds, strings.Join(ct.pieces, ""))
	}
	return seeds
}

// FuzzParseTail: never panics; a found tail lies inside the text, keep is a prefix of the text
// followed only by blanks up to Start, its stray word is count, court or call, only Kimi or
// DeepSeek tokens follow other text on their line, nothing is found after an unclosed reasoning opener (reasoningPairs),
// and every call has a name and well-formed arguments.
func FuzzParseTail(f *testing.F) {
	for _, s := range fuzzSeeds(f) {
		f.Add(s, uint32(All))
	}
	f.Fuzz(func(t *testing.T, text string, syn uint32) {
		if len(text) > 4096 {
			return
		}
		leak, ok := FindTail(text, Syntax(syn)&All)
		keep, calls, ok2 := ParseTail(text, Syntax(syn)&All)
		TrailingWord(text)
		if ok != ok2 {
			t.Fatalf("FindTail ok=%v, ParseTail ok=%v", ok, ok2)
		}
		if !ok {
			return
		}
		if leak.Start < 0 || leak.Start >= len(text) || len(calls) == 0 {
			t.Fatalf("leak at %d of %d bytes with %d calls", leak.Start, len(text), len(calls))
		}
		if !strings.HasPrefix(text, keep) || strings.TrimLeft(text[len(keep):leak.Start], blanks) != "" {
			t.Fatalf("keep %q is not the text before %d less blanks", keep, leak.Start)
		}
		if leak.Word != "" && !strayWord(leak.Word) {
			t.Fatalf("stray word %q is not count, court or call", leak.Word)
		}
		line := text[strings.LastIndexByte(text[:leak.Start], '\n')+1 : leak.Start]
		if strings.Trim(line, " \t") != "" && calls[0].Syntax&(anywhere|lineEnd|stop) == 0 {
			t.Fatalf("markup of syntax %d after %q on its line", calls[0].Syntax, line)
		}
		for _, p := range reasoningPairs {
			if !strings.Contains(text, p.close) {
				if _, ok := FindTail(p.open+"\n"+text, Syntax(syn)&All); ok {
					t.Fatalf("a tail found after an unclosed %s", p.open)
				}
			}
		}
		for _, c := range calls {
			if c.Name == "" || c.Syntax&Syntax(syn) == 0 {
				t.Fatalf("bad call %+v", c)
			}
			if c.JSON != nil && (!json.Valid(c.JSON) || c.JSON[0] != '{' || c.Params != nil) {
				t.Fatalf("bad JSON arguments %q", c.JSON)
			}
			for _, p := range c.Params {
				if p.Elements && (!json.Valid([]byte(p.Value)) || p.Value[0] != '{') {
					t.Fatalf("bad nested elements %q of %q", p.Value, p.Name)
				}
			}
		}
	})
}

// FuzzPrefixClosed: if a text from a position can still be a tail, so can every prefix of it.
// The Holder relies on this: what it releases can never become part of a tail later.
func FuzzPrefixClosed(f *testing.F) {
	for _, s := range fuzzSeeds(f) {
		f.Add(s, uint16(len(s)/2))
	}
	f.Fuzz(func(t *testing.T, s string, cut uint16) {
		if len(s) > 4096 {
			return
		}
		k := int(cut) % (len(s) + 1)
		for _, stands := range []uint8{1 << Anywhere, 1<<Anywhere | 1<<LineEnd, 1<<Anywhere | 1<<LineStart, 1<<Anywhere | 1<<LineStart | 1<<LineEnd | 1<<TextStart} {
			if _, st := markupTail(s, All, stands, nil, nil); st != dead {
				if _, st2 := markupTail(s[:k], All, stands, nil, nil); st2 == dead {
					t.Fatalf("markup %q can be a tail, its prefix %q cannot", s, s[:k])
				}
			}
		}
		if _, _, st := wordTail(s, All, 1<<LineStart|1<<LineStartFree, nil, nil); st != dead {
			if _, _, st2 := wordTail(s[:k], All, 1<<LineStart|1<<LineStartFree, nil, nil); st2 == dead {
				t.Fatalf("word line %q can be a tail, its prefix %q cannot", s, s[:k])
			}
		}
	})
}

// mayHold is what a text without '<' may leave held: a line start, a prefix of a stray word, or a
// whole one and blanks.
var mayHold = regexp.MustCompile(`^[ \t]*(c|co|cou|coun|cour|ca|cal|(count|court|call)([ \t\r]*\n[ \t\r\n]*|[ \t\r]*))?$`)

// mayHoldRecipient reports whether held text without '<' and '[' is what Functionary v3.2's
// recipient line may hold: blanks, then a prefix of >>> or >>> and what follows it (a name and
// its arguments object, which may run over lines).
func mayHoldRecipient(held string) bool {
	s := strings.TrimLeft(held, " \t")
	return s != "" && (strings.HasPrefix(">>>", s) || strings.HasPrefix(s, ">>>"))
}

// mayHoldHarmony reports whether held text without '<' and '[' is what Harmony's detokenized
// form may hold: a line of blanks, then a prefix of its header or a header and what follows it.
func mayHoldHarmony(held string) bool {
	line := strings.TrimLeft(held[strings.LastIndexByte(held, '\n')+1:], " \t")
	if strings.Contains(held, hComment+" ") || strings.Contains(held, hComment+"\t") {
		return true // a header and its arguments, which may run over lines
	}
	return strings.HasPrefix(hComment, line)
}

// declaredBit in FuzzHolder's syn makes the Holder count only some tool names (NewHolderFor).
const declaredBit = 1 << 31

// FuzzHolder: never panics; Safe stays in [0, len] and answers as it would without its memo; Push
// releases what Safe and Release do; the released text and the held text rebuild the input; a
// valid UTF-8 text is never split inside a character; nothing FindTail reports as leaked was
// released, and Tail on the held text agrees with FindTail on the whole; a text without '<' is
// released except a possible stray word line or blanks (nothing at all without Invoke), a
// possible Muse Glimmer header "to=" at the text's start (with Invoke), a possible Harmony header
// (with Harmony) and an incomplete UTF-8 end. With declaredBit, the same
// holds of NewHolderFor and FindDeclared, and no call of an undeclared name is found.
func FuzzHolder(f *testing.F) {
	for _, s := range fuzzSeeds(f) {
		f.Add(s, []byte{3, 1, 7, 2}, uint32(All))
		f.Add(s, []byte{2, 5}, uint32(All)|declaredBit)
	}
	f.Fuzz(func(t *testing.T, text string, sizes []byte, syn uint32) {
		if len(text) > 4096 {
			return
		}
		sy := Syntax(syn) & All
		var known Declared // the high bit: only names of even length are declared
		if syn&declaredBit != 0 {
			known = func(name, member string) bool { return len(name)%2 == 0 && len(member)%3 != 1 }
		}
		var pieces []string
		for i, k := 0, 0; i < len(text); k++ {
			n := 1
			if len(sizes) > 0 {
				n = int(sizes[k%len(sizes)])%16 + 1
			}
			pieces = append(pieces, text[i:min(i+n, len(text))])
			i += n
		}
		valid := utf8.ValidString(text)
		released, held := feedPieces(NewHolderFor(sy, known), pieces, func(released, held string) {
			if valid && !utf8.ValidString(released) {
				t.Fatalf("released %q splits a character", released)
			}
		})
		if released+held != text {
			t.Fatalf("released %q + held %q != %q", released, held, text)
		}
		h := NewHolderFor(sy, known)
		h.Release(released)
		leak, ok := FindDeclared(text, sy, known)
		for _, c := range leak.Calls {
			if known != nil && !known(c.Name, "") {
				t.Fatalf("a call of the undeclared %q found", c.Name)
			}
		}
		if ok && len(released) > leak.Start {
			t.Fatalf("released %q, past the leak at %d", released, leak.Start)
		}
		tl, tok := h.Tail(held)
		if tok != ok || ok && (len(released)+tl.Start != leak.Start || !reflect.DeepEqual(tl.Calls, leak.Calls)) {
			t.Fatalf("released %q Tail(%q) = %+v, %v; FindTail = %+v, %v", released, held, tl, tok, leak, ok)
		}
		if strings.ContainsAny(text, "<[") {
			return
		}
		body := held[:CompleteLen(held)]
		if sy&Harmony != 0 && mayHoldHarmony(body) || sy&ToolCallXML != 0 && mayHoldRecipient(body) {
			return
		}
		if lead := strings.TrimLeft(body, " \t\r\n"); sy&Invoke != 0 && strings.TrimSpace(released) == "" && (strings.HasPrefix("to=", lead) || strings.HasPrefix(lead, "to=")) {
			return // Muse Glimmer's channel header without its tokens at the text's start ("to=T", the Invoke row's TextStart opener)
		}
		if sy&Invoke == 0 && body != "" || !mayHold.MatchString(body) {
			t.Fatalf("text without '<': held %q", held)
		}
	})
}

// FuzzQuiet: when quiet says a text read from the state after a prefix can start no markup,
// first finds nothing in it for any syntax and feeding it leaves the state as it was; so Safe and
// Release, which skip such a text, answer as the byte-by-byte reading would.
func FuzzQuiet(f *testing.F) {
	for _, s := range fuzzSeeds(f) {
		f.Add(s, " ordinary words, then more")
		f.Add("x", s)
	}
	f.Add("a `tick", " and words")
	f.Add("<thi", "nk> words")
	f.Add("> quoted", " words")
	f.Add("~~~", " info")
	f.Fuzz(func(t *testing.T, prefix, text string) {
		var ts textState
		for i := 0; i < len(prefix); i++ {
			ts.feed(prefix[i])
		}
		if !quiet(&ts, text) {
			return
		}
		ms := memos{at: -1, last: -1}
		if fd := first(ts, text, All, nil, &ms); fd.at >= 0 {
			t.Fatalf("quiet, yet first finds markup at %d of %q after %q", fd.at, text, prefix)
		}
		after, noted := ts, ts
		for i := 0; i < len(text); i++ {
			after.feed(text[i])
		}
		noteStop(&noted, text)
		if after != noted {
			t.Fatalf("quiet, yet %q after %q changes the state: %+v -> %+v", text, prefix, ts, after)
		}
		// A Holder that releases text quietly answers on what follows as one that read it.
		quick, slow := NewHolder(All), NewHolder(All)
		quick.Release(prefix)
		slow.Release(prefix)
		if !utf8.ValidString(text) {
			return
		}
		if !quick.ReleaseQuiet([]byte(text)) {
			t.Fatalf("quiet, yet ReleaseQuiet refuses %q after %q", text, prefix)
		}
		if n := slow.Safe(text); n != len(text) {
			t.Fatalf("quiet, yet Safe holds %q of %q after %q", text[n:], text, prefix)
		}
		slow.Release(text)
		next := prefix + text
		if q, s := quick.Safe(next), slow.Safe(next); q != s {
			t.Fatalf("after %q then %q released quietly, Safe(%q) = %d; read byte by byte: %d", prefix, text, next, q, s)
		}
		ql, qok := quick.Tail(next)
		sl, sok := slow.Tail(next)
		if qok != sok || !reflect.DeepEqual(ql, sl) {
			t.Fatalf("after %q then %q released quietly, Tail differs: %+v %v vs %+v %v", prefix, text, ql, qok, sl, sok)
		}
	})
}

// FuzzMatchQuoted: matchQuoted's tables (quoteAt, quoteEnd) answer exactly as the plain walk
// over quoteTokens, quoteWalk, on arbitrary bytes: the same match state and the same flags after
// every byte, a match begun or not where feed would begin one (a byte of 0xf0 or more in the
// input stands for a whole token, so that matches complete often).
func FuzzMatchQuoted(f *testing.F) {
	for _, s := range fuzzSeeds(f) {
		f.Add(s, uint64(0))
	}
	f.Add("`<|tool_calls_section_begin|>` and [TOOL_CALLS]", uint64(0xff))
	f.Add("\xf0\xf1 <arg_k <arg_key> [TOOL_CAL", uint64(0x5555))
	f.Fuzz(func(t *testing.T, s string, lines uint64) {
		var in []byte
		for i := 0; i < len(s); i++ {
			if s[i] >= 0xf0 {
				in = append(in, quoteTokens[int(s[i])%len(quoteTokens)]...)
			} else {
				in = append(in, s[i])
			}
		}
		var got, want textState
		for i, b := range in {
			line := lines&(1<<(i%64)) != 0
			if got.qN > 0 || quoteStart(b) {
				got.matchQuoted(b, line)
				quoteWalk(&want, b, line)
			}
			if got.qN != want.qN || got.qM != want.qM || got.qLine != want.qLine || got.about != want.about || got.inline != want.inline {
				t.Fatalf("after byte %d of %q: tables qN %d qM %#x qLine %v about %v inline %v, walk qN %d qM %#x qLine %v about %v inline %v",
					i, in, got.qN, got.qM, got.qLine, got.about, got.inline, want.qN, want.qM, want.qLine, want.about, want.inline)
			}
			if got.about || got.inline {
				got.about, got.inline, want.about, want.inline = false, false, false, false
			}
		}
	})
}

// quoteWalk is matchQuoted as a plain walk over quoteTokens, byte by byte: FuzzMatchQuoted's
// reference.
func quoteWalk(t *textState, b byte, line bool) {
	if t.qN == 0 {
		t.qLine = line
		var m uint64
		for k, q := range quoteTokens {
			if q[0] == b {
				m |= 1 << k
			}
		}
		t.qN, t.qM = 1, m
		if m == 0 {
			t.qN = 0
		}
		return
	}
	pos, m := int(t.qN), uint64(0)
	for k, q := range quoteTokens {
		if t.qM&(1<<k) == 0 || q[pos] != b {
			continue
		}
		if pos+1 == len(q) {
			t.quotedDone()
			return
		}
		m |= 1 << k
	}
	t.qN, t.qM = t.qN+1, m
	if m == 0 {
		t.qN = 0
	}
}
