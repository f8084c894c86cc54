package markup

import (
	"strings"
	"testing"
)

func TestTextState(t *testing.T) {
	for _, tc := range []struct {
		name      string
		before    string // the text before a '<'
		mayOpen   bool
		inFence   bool
		lineStart bool
	}{
		{name: "start", before: "", mayOpen: true, lineStart: true},
		{name: "prose", before: "Hello ", mayOpen: true},
		{name: "new line", before: "Hello\n", mayOpen: true, lineStart: true},
		{name: "backtick fence", before: "```go\n", inFence: true, lineStart: true},
		{name: "tilde fence", before: "~~~\nx\n", inFence: true, lineStart: true},
		{name: "indented fence", before: "   ````\n", inFence: true, lineStart: true},
		{name: "closed fence", before: "```\nx\n```\n", mayOpen: true, lineStart: true},
		{name: "closer with blanks", before: "```\nx\n  ``` \r\n", mayOpen: true, lineStart: true},
		{name: "longer closer", before: "```\nx\n`````\n", mayOpen: true, lineStart: true},
		{name: "short closer", before: "````\nx\n```\n", inFence: true, lineStart: true},
		{name: "other char closer", before: "```\nx\n~~~\n", inFence: true, lineStart: true},
		{name: "closer with text", before: "```\n```x\n", inFence: true, lineStart: true},
		{name: "crlf fence", before: "```\r\nx\r\n```\r\n", mayOpen: true, lineStart: true},
		{name: "fence not at line start", before: "a ```\n", mayOpen: true, lineStart: true},
		{name: "backtick info with backtick", before: "```a`b\n", mayOpen: true, lineStart: true},
		{name: "two backticks", before: "``\n", mayOpen: true, lineStart: true},
		{name: "on opening line", before: "```"},
		{name: "on tilde opening line info", before: "~~~ xml "},
		{name: "inline span open", before: "Use `"},
		{name: "inline span closed", before: "Use `x` ", mayOpen: true},
		{name: "inline double run", before: "Use `` a ` b ", mayOpen: false},
		{name: "inline double closed", before: "Use `` a ` b `` ", mayOpen: true},
		{name: "inline reset at line end", before: "Use `x\n", mayOpen: true, lineStart: true},
		{name: "blockquote", before: "> "},
		{name: "indented blockquote", before: "Hi\n  >"},
		{name: "blockquote ends at line end", before: "> a\n", mayOpen: true, lineStart: true},
		{name: "gt after text", before: "a > ", mayOpen: true},
		{name: "unclosed think", before: "<think>\nPlan:\n", lineStart: true},
		{name: "think anywhere", before: "So <think> x "},
		{name: "closed think", before: "<think>\nPlan\n</think>\n", mayOpen: true, lineStart: true},
		{name: "think in inline code", before: "Use `<think>` ", mayOpen: true},
		{name: "think in fence", before: "```\n<think>\n```\n", mayOpen: true, lineStart: true},
		{name: "think on a quote line", before: "> <think>\n", mayOpen: true, lineStart: true},
		{name: "broken think", before: "<thin k>\n", mayOpen: true, lineStart: true},
		{name: "restarted think", before: "<<think>", mayOpen: false},
		{name: "think close in code", before: "<think>`</think>`\n", lineStart: true},
		{name: "unclosed seed think", before: "<seed:think>\nPlan:\n", lineStart: true},
		{name: "closed seed think", before: "<seed:think>Plan</seed:think>\n", mayOpen: true, lineStart: true},
		{name: "seed think closed by another closer", before: "<seed:think>Plan</think>\n", lineStart: true},
		{name: "unclosed command r thinking", before: "<|START_THINKING|>Plan ", mayOpen: false},
		{name: "closed command r thinking", before: "<|START_THINKING|>Plan<|END_THINKING|>", mayOpen: true},
		{name: "unclosed magistral think", before: "[THINK]Plan\n", lineStart: true},
		{name: "closed magistral think", before: "[THINK]Plan[/THINK]\n", mayOpen: true, lineStart: true},
		{name: "magistral think in code", before: "`[THINK]` ", mayOpen: true},
		{name: "unclosed apertus inner", before: "<|inner_prefix|>Plan ", mayOpen: false},
		{name: "closed apertus inner", before: "<|inner_prefix|>Plan<|inner_suffix|>", mayOpen: true},
		{name: "unclosed gemma thought channel", before: "<|channel>thought\nPlan\n", lineStart: true},
		{name: "closed gemma thought channel", before: "<|channel>thought\nPlan<channel|>", mayOpen: true},
		{name: "restarted seed think", before: "<seed<seed:think>", mayOpen: false},
		{name: "broken magistral think", before: "[THIN K]\n", mayOpen: true, lineStart: true},
		{name: "fence after inline", before: "Use `x\n```\n", inFence: true, lineStart: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var ts textState
			for i := 0; i < len(tc.before); i++ {
				ts.feed(tc.before[i])
			}
			if got := ts.mayOpen(); got != tc.mayOpen {
				t.Errorf("mayOpen = %v, want %v", got, tc.mayOpen)
			}
			if got := ts.fence != 0; got != tc.inFence {
				t.Errorf("in fence = %v, want %v", got, tc.inFence)
			}
			if got := ts.lineStart(); got != tc.lineStart {
				t.Errorf("lineStart = %v, want %v", got, tc.lineStart)
			}
		})
	}
}

func TestTrailingWord(t *testing.T) {
	for _, tc := range []struct {
		text, keep, word string
		ok               bool
	}{
		{text: "Now I'll run the tests.\n\ncourt", keep: "Now I'll run the tests.\n\n", word: "court", ok: true},
		{text: "count", keep: "", word: "count", ok: true},
		{text: "Done.\n  call \n\n", keep: "Done.\n", word: "call", ok: true},
		{text: "Done.\r\ncount\r\n", keep: "Done.\r\n", word: "count", ok: true},
		// D01b: only count, court and call are stray; any other word is the text's own.
		{text: "Now let me list the directory:\n\nls"},
		{text: "I'll build it with\n\nmake"},
		{text: "Steps:\n1. build\n2. test\n\ndone"},
		{text: "Here are the\n\ncounts"},
		{text: "Done.\ncout"},
		{text: "Done.\ncalls"},
		{text: "Done.\ncou"},
		{text: "<think>\nPlan:\ncount"},
		{text: "| apples | 3 |\n\ncount", keep: "| apples | 3 |\n\n", word: "count", ok: true},
		{text: "Done. count"},
		{text: "Done.\nCount"},
		{text: "Done.\ncount it"},
		{text: "Done.\nabcdefghijklm"},
		{text: "Done."},
		{text: ""},
		{text: "```\ncount"},
		{text: "```\nx\n```\ncount", keep: "```\nx\n```\n", word: "count", ok: true},
	} {
		keep, word, ok := TrailingWord(tc.text)
		if keep != tc.keep || word != tc.word || ok != tc.ok {
			t.Errorf("TrailingWord(%q) = %q, %q, %v; want %q, %q, %v", tc.text, keep, word, ok, tc.keep, tc.word, tc.ok)
		}
	}
}

// TestIndentedCode holds that markup in Markdown indented code (4 columns, a tab, CRLF) or in a
// list item's indented content is never read as a leak (attack round 2026-12-01, look-alike F1).
func TestIndentedCode(t *testing.T) {
	call := "<tool_call>\n{\"name\": \"ls\", \"arguments\": {\"path\": \"/\"}}\n</tool_call>"
	for _, tc := range []struct {
		name, text string
		leak       bool
	}{
		{name: "four spaces", text: "The format:\n\n    " + strings.ReplaceAll(call, "\n", "\n    ")},
		{name: "tab", text: "The format:\n\n\t" + strings.ReplaceAll(call, "\n", "\n\t")},
		{name: "crlf", text: "The format:\r\n\r\n    " + strings.ReplaceAll(call, "\n", "\r\n    ")},
		{name: "list item", text: "Steps:\n1. Emit the call:\n\n   " + strings.ReplaceAll(call, "\n", "\n   ")},
		{name: "bullet item", text: "- Emit:\n  " + strings.ReplaceAll(call, "\n", "\n  ")},
		{name: "unindented leak", text: "Listing.\n" + call, leak: true},
		{name: "after list ends", text: "- a\n\nDone.\n" + call, leak: true},
		{name: "emphasis is no list", text: "*Note*\n" + call, leak: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, calls, ok := ParseTail(tc.text, All)
			if ok != tc.leak || tc.leak && len(calls) != 1 {
				t.Fatalf("ParseTail(%q) = %v, %d calls; want leak %v", tc.text, ok, len(calls), tc.leak)
			}
		})
	}
}

// TestLeads holds where an opener that must start a line counts: at a line's start and right
// after a reasoning closer (afterReasoning), nowhere else mid-line.
func TestLeads(t *testing.T) {
	for _, tc := range []struct {
		before string // the text before the opener
		want   bool
	}{
		{"", true},
		{"Hello\n", true},
		{"Hello ", false},
		{"I'm\nthinking</think>", true},
		{"I'm\nthinking</think> ", true},
		{"<seed:think>x</seed:think>", true},
		{"plan<|END_THINKING|>", true},
		{"let me think[/THINK]", true},
		{"<|inner_prefix|>x<|inner_suffix|>", true},
		{"Use <b>bold</b>", false},
		{"a link</a>", false},
		{"I think", false},
		// look-alikes of the closers: their last bytes, but not all of their bytes
		{"x</thin>", false},
		{"x/think>", false},
		{"I think>", false},
		{"a <link>", false},
		{"</seed:thinker>", false},
		{"<|START_THINKING|>", false},
		{"<|THINKING|>", false},
		{"x<|END_THINKING>", false},
		{"[THINK]", false},
		{"x/THINK]", false},
		{"<|suffix|>", false},
		{"<|inner_prefix|>", false},
		{"mix|>", false},
		// the closer's bytes with blanks between them: no closer (blanks are skipped in last and prev)
		{"plan</ think>", false},
		{"plan< / t h i n k >", false},
		{"plan</think >", false},
		{"a <| END_THINKING |>", false},
		{"plan [/THINK ]", false},
		{"the long plan spills into the second word <|END_THINKING |>", false},
		{"x </think>", true},
		{"a long line of words that ends with </think>", true},
		{"the plan is long enough to spill into the second word<|END_THINKING|>", true},
		{"x</think> \t", true},
	} {
		var ts textState
		for i := 0; i < len(tc.before); i++ {
			ts.feed(tc.before[i])
		}
		if got := ts.leads(); got != tc.want {
			t.Errorf("leads after %q = %v, want %v", tc.before, got, tc.want)
		}
		if got := ts.stands()&(1<<LineStart) != 0; got != tc.want {
			t.Errorf("LineStart stand after %q = %v, want %v", tc.before, got, tc.want)
		}
	}
}

// TestStandsGlued holds where a Glued and a GluedColon opener may stand after a text, and where
// the text's state says markup is an example (namedOff of all syntaxes).
func TestStandsGlued(t *testing.T) {
	for _, tc := range []struct {
		name              string
		before            string
		glued, gluedColon bool
		example           bool // namedOff() == All
	}{
		{name: "text start", before: "", glued: true, gluedColon: true},
		{name: "line start", before: "Hi\n", glued: true, gluedColon: true},
		{name: "glued to a word", before: "Normal text before", glued: true, gluedColon: true},
		{name: "after a blank in a sentence", before: "It is written as "},
		{name: "after a finished sentence", before: "Let me check. ", glued: true, gluedColon: true},
		{name: "after a CJK stop", before: "我来查一下。", glued: true, gluedColon: true},
		{name: "after e.g.", before: "some models, e.g. "},
		{name: "glued after i.e.", before: "pairs, i.e."},
		{name: "after a colon", before: "Here's a call: ", gluedColon: true},
		{name: "glued to a colon", before: "Running it:", gluedColon: true},
		{name: "after an example word's colon", before: "Mistral's format:"},
		{name: "after a fullwidth colon", before: "调用：", gluedColon: true},
		{name: "a line after Example:", before: "Example:\n", glued: true, gluedColon: true, example: true},
		{name: "a line after For instance:", before: "A tag. For instance:\n\n", glued: true, gluedColon: true, example: true},
		{name: "a line after 示例：", before: "示例：\n", glued: true, gluedColon: true, example: true},
		{name: "a line after an ordinary colon", before: "Let me check the weather:\n", glued: true, gluedColon: true},
		{name: "a line after a question", before: "Do you want me to run the following?\n", glued: true, gluedColon: true, example: true},
		{name: "a line after a fullwidth question", before: "要运行以下吗？\n", glued: true, gluedColon: true, example: true},
		{name: "a line after a question pointing at nothing", before: "Hello, world!\nWhat's up?\n", glued: true, gluedColon: true},
		{name: "a line after shall I run this", before: "Shall I run this?\n", glued: true, gluedColon: true, example: true},
		{name: "a line after a negated colon", before: "Don't run this:\n", glued: true, gluedColon: true, example: true},
		{name: "a line after a curly negated colon", before: "Don’t run this:\n", glued: true, gluedColon: true, example: true},
		{name: "a line after do not", before: "Do not execute:\n\n", glued: true, gluedColon: true, example: true},
		{name: "a line after did not", before: "You asked why this did not run:\n", glued: true, gluedColon: true, example: true},
		{name: "a line after nicht", before: "Ich werde das nicht ausführen:\n", glued: true, gluedColon: true, example: true},
		{name: "a line after a Chinese negation", before: "不要运行：\n", glued: true, gluedColon: true, example: true},
		{name: "a negation in an earlier clause", before: "The tests do not pass, so let me look at the log:\n", glued: true, gluedColon: true},
		{name: "a negation in an earlier sentence", before: "That did not work. Let me retry:\n", glued: true, gluedColon: true},
		{name: "a negation too far back", before: "I will not stop until I have read the config file:\n", glued: true, gluedColon: true},
		{name: "would be", before: "I won't run this without your OK; the call would be:\n", glued: true, gluedColon: true, example: true},
		{name: "cannot", before: "I cannot run this:\n", glued: true, gluedColon: true, example: true},
		{name: "knot is no negation", before: "Untie the knot:\n", glued: true, gluedColon: true},
		{name: "after a negated colon on its line", before: "Don't run this: "},
		{name: "glued to a negated colon", before: "Don't run this:"},
		{name: "after a question on its line", before: "Shall I run it? "},
		{name: "after a question pointing at nothing on its line", before: "What's up? ", glued: true, gluedColon: true},
		{name: "after a token quoted in a code span", before: "It opens with `[TOOL_CALLS]`.\n", glued: true, gluedColon: true, example: true},
		{name: "after a token in quotes", before: "It opens with \"<|tool_call:start|>\". ", glued: true, gluedColon: true, example: true},
		{name: "after a code span of no token", before: "Run `ls -l`.\n", glued: true, gluedColon: true},
		{name: "glued after a token shown in a sentence", before: "such as <|start|>assistant"},
		{name: "a line after a token shown in a sentence", before: "such as <|start|>assistant\n", glued: true, gluedColon: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var ts textState
			for i := 0; i < len(tc.before); i++ {
				ts.feed(tc.before[i])
			}
			st := ts.stands()
			if got := st&(1<<Glued) != 0; got != tc.glued {
				t.Errorf("Glued = %v, want %v", got, tc.glued)
			}
			if got := st&(1<<GluedColon) != 0; got != tc.gluedColon {
				t.Errorf("GluedColon = %v, want %v", got, tc.gluedColon)
			}
			if got := ts.namedOff() == All; got != tc.example {
				t.Errorf("example = %v, want %v", got, tc.example)
			}
		})
	}
}
