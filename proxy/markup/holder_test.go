package markup

import (
	"strings"
	"testing"
)

// TestHolderSafe checks what Safe holds for text after some released text.
func TestHolderSafe(t *testing.T) {
	for _, tc := range []struct {
		name     string
		syn      Syntax
		released string
		pending  string
		held     string // the suffix of pending that must be held
	}{
		{name: "prose flows", syn: All, pending: "I'll look at the layout first.", held: ""},
		{name: "capital line start flows", syn: All, released: "Done.\n", pending: "Then", held: ""},
		{name: "partial word at line start", syn: All, released: "Done.\n", pending: "cou", held: "cou"},
		{name: "partial word at text start", syn: Invoke, pending: "co", held: "co"},
		{name: "word not at line start", syn: All, released: "Done. ", pending: "cou", held: ""},
		{name: "word after pending line break", syn: All, pending: "Done.\n\ncourt", held: "court"},
		{name: "word line complete", syn: All, pending: "Done.\ncourt\n", held: "court\n"},
		{name: "word line and blank lines", syn: All, pending: "Done.\ncourt\n\n  ", held: "court\n\n  "},
		{name: "word then prose", syn: All, pending: "Done.\ncourt\nNext", held: ""},
		{name: "word then more words", syn: All, pending: "Done.\ncount it", held: ""},
		{name: "word without Invoke", syn: ToolCallXML | Kimi | DeepSeek, pending: "Done.\ncourt", held: ""},
		{name: "too long a word", syn: All, pending: "x\nabcdefghijklm", held: ""},
		{name: "blanks at line start", syn: All, pending: "X\n  ", held: "  "},
		{name: "lt at line start", syn: Invoke, pending: "a\n  <", held: "<"},
		{name: "lt glued to prose", syn: Invoke, pending: "a<", held: "<"},                // it may begin MiniMax's <minimax:tool_call>
		{name: "lt after prose and a blank flows", syn: Invoke, pending: "a <", held: ""}, // a Glued token stands glued, not after a blank
		{name: "invoke after prose flows", syn: Invoke, pending: "a <inv", held: ""},
		{name: "other word at line start flows", syn: All, released: "Let me list it:\n\n", pending: "ls", held: ""},
		{name: "word prefix then other letters flows", syn: All, released: "Done.\n", pending: "counts", held: ""},
		{name: "kimi glued after a sentence held", syn: All, pending: "Now. <|tool_calls_sec", held: "<|tool_calls_sec"},
		{name: "kimi glued after a CJK sentence held", syn: All, pending: "我来查看一下。<|tool_calls_sec", held: "<|tool_calls_sec"},
		{name: "kimi glued after a word flows", syn: All, pending: "Kimi writes <|tool_calls_sec", held: ""},
		{name: "kimi after a released sentence held", syn: All, released: "I will look.", pending: " <|tool_calls_sec", held: "<|tool_calls_sec"},
		{name: "blockquote", syn: All, pending: "> <tool_call>{\"name\"", held: ""},
		{name: "blockquote kimi", syn: All, pending: "> Now <|tool_calls_sec", held: ""},
		{name: "unclosed think", syn: All, pending: "<think>\nPlan:\n<tool_call>{\"name\"", held: ""},
		{name: "think split", syn: All, released: "<thi", pending: "nk>\ncount\n<tool_call>", held: ""},
		{name: "after closed think", syn: All, pending: "<think>x</think>\n<tool_call>{\"name\"", held: "<tool_call>{\"name\""},
		{name: "glued word", syn: Invoke, pending: "x\ncount<inv", held: "count<inv"},
		{name: "lone lt", syn: All, pending: "A<", held: "<"},
		{name: "lt after a sentence", syn: All, pending: "A. <", held: "<"},
		{name: "invoke prefix", syn: Invoke, pending: "a\n<inv", held: "<inv"},
		{name: "invoke prefix after prose", syn: Invoke, pending: "a <inv", held: ""},
		{name: "namespace prefix", syn: Invoke, pending: "a\n<minimax:tool_", held: "<minimax:tool_"},
		{name: "html tag dies", syn: All, pending: "a <div>b", held: ""},
		{name: "comparison dies", syn: All, pending: "if a < b then", held: ""},
		{name: "tool_call prefix", syn: ToolCallXML, pending: "Run.\n<tool_c", held: "<tool_c"},
		{name: "tool_call prefix not enabled", syn: Kimi | DeepSeek, pending: "Run.\n<tool_c", held: ""},
		{name: "kimi prefix", syn: Kimi, pending: "Now.<|tool_calls_sec", held: "<|tool_calls_sec"},
		{name: "kimi bar alone", syn: Kimi, pending: "Now.<|", held: "<|"},
		// (Invoke holds it now: Muse Glimmer's <|start|>assistant to=T<|message|> is an Invoke row)
		{name: "kimi bar without Kimi", syn: ToolCallXML | DeepSeek, pending: "Now.<|", held: ""},
		{name: "deepseek prefix mid-character", syn: DeepSeek, pending: "Now.<\xef\xbd", held: "<\xef\xbd"},
		{name: "deepseek prefix", syn: DeepSeek, pending: "Now.<｜tool▁", held: "<｜tool▁"},
		{name: "open markup held", syn: Invoke, pending: "Ok.\ncourt\n<invoke name=\"Bash\">\n<parameter name=\"command\">git st",
			held: "court\n<invoke name=\"Bash\">\n<parameter name=\"command\">git st"},
		{name: "closed markup held", syn: Invoke, pending: "Ok.\n" + lsInvoke + "\n\n", held: lsInvoke + "\n\n"},
		{name: "closed markup then prose", syn: Invoke, pending: "Ok.\n" + lsInvoke + "\nThat is how.", held: ""},
		{name: "closed markup then prose then opener", syn: All, pending: lsInvoke + "\nThat is how.\n<tool", held: "<tool"},
		{name: "broken markup", syn: Invoke, pending: "<invoke name=\"Bash\" id=", held: ""},
		{name: "hermes open", syn: ToolCallXML, pending: "Ok.\n<tool_call>\n{\"name\": \"bash\", \"arg", held: "<tool_call>\n{\"name\": \"bash\", \"arg"},
		{name: "hermes prose", syn: ToolCallXML, pending: "Wrap calls in <tool_call> tags, please.", held: ""},
		{name: "in fence", syn: All, released: "```\n", pending: "<invoke name=\"Bash\">", held: ""},
		{name: "fence opens in pending", syn: All, pending: "See:\n```xml\n<invoke name=\"Bash\">\n", held: ""},
		{name: "fence closed in pending", syn: All, pending: "```\nx\n```\n<invoke", held: "<invoke"},
		{name: "no word holding in fence", syn: All, released: "~~~\n", pending: "count", held: ""},
		{name: "inline code", syn: All, pending: "Like `<tool_call>{\"name\"", held: ""},
		{name: "released inline code", syn: All, released: "Like `", pending: "<tool_call>", held: ""},
		{name: "incomplete utf-8", syn: All, pending: "caf\xc3", held: "\xc3"},
		{name: "complete utf-8", syn: All, pending: "café ✓", held: ""},
		{name: "no syntax", syn: 0, pending: "x\ncount\n<invoke", held: ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := NewHolder(tc.syn)
			h.Release(tc.released)
			n := h.Safe(tc.pending)
			if got := tc.pending[n:]; got != tc.held {
				t.Errorf("held %q, want %q", got, tc.held)
			}
			if again := h.Safe(tc.pending); again != n {
				t.Errorf("Safe is not pure: %d then %d", n, again)
			}
		})
	}
}

// TestHolderStream streams texts in pieces and checks what is held after each piece.
func TestHolderStream(t *testing.T) {
	for _, tc := range []struct {
		name   string
		syn    Syntax
		pieces []string
		held   []string // after each piece
	}{
		{name: "leaked invoke", syn: Invoke,
			pieces: []string{"Let me check the gi", "t status.\n\ncou", "rt\n<invo", "ke name=\"Bash\">", "<parameter name=\"command\">ls</parameter>", "</invoke>\n"},
			held:   []string{"", "cou", "court\n<invo", "court\n<invoke name=\"Bash\">", "court\n<invoke name=\"Bash\"><parameter name=\"command\">ls</parameter>", "court\n<invoke name=\"Bash\"><parameter name=\"command\">ls</parameter></invoke>\n"}},
		{name: "markup then prose releases it all", syn: ToolCallXML,
			pieces: []string{"Running it:\n<tool_call>", "{\"name\": \"x\"}</tool_call>", "\n", "and so on."},
			held:   []string{"<tool_call>", "<tool_call>{\"name\": \"x\"}</tool_call>", "<tool_call>{\"name\": \"x\"}</tool_call>\n", ""}},
		{name: "fence state carries across releases", syn: All,
			pieces: []string{"```", "go\n", "<invoke name=\"x\">\n", "```", "\n", "<inv"},
			held:   []string{"", "", "", "", "", "<inv"}},
		{name: "word split from its line start", syn: Invoke,
			pieces: []string{"Done.\n", "c", "ourt", " and more"},
			held:   []string{"", "c", "court", ""}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			step := 0
			feedPieces(NewHolder(tc.syn), tc.pieces, func(released, held string) {
				if held != tc.held[step] {
					t.Errorf("after piece %d (%q): held %q, want %q", step, tc.pieces[step], held, tc.held[step])
				}
				step++
			})
		})
	}
}

// TestHolderReleaseSplit checks that releasing in parts leaves the same state as releasing at once.
func TestHolderReleaseSplit(t *testing.T) {
	text := "Intro `code`\n```go\nx := `a`\n```\n~~~\ny\n~~~\ncount"
	whole := NewHolder(All)
	whole.Release(text)
	for cut := 0; cut <= len(text); cut++ {
		parts := NewHolder(All)
		parts.Release(text[:cut])
		parts.Release(text[cut:])
		if parts.ts != whole.ts || parts.off != whole.off {
			t.Fatalf("release split at %d: state %+v, want %+v", cut, *parts, *whole)
		}
	}
	if n := whole.Safe("\n<invoke"); n != 1 {
		t.Errorf("after the text, Safe(\"\\n<invoke\") = %d, want 1", n)
	}
	if !strings.HasSuffix(text, "count") {
		t.Fatal("bad fixture")
	}
}

func TestZeroHolder(t *testing.T) {
	var h Holder
	for _, s := range []string{"count", "<invoke name=\"x\">", "<tool_call>", "x\xe2\x9c"} {
		if n := h.Safe(s); n != CompleteLen(s) {
			t.Errorf("zero Holder Safe(%q) = %d, want %d", s, n, CompleteLen(s))
		}
	}
}

// TestHolderMemoMismatch: a pending that does not begin with the last one's held text is read
// afresh, not with what the memo learnt on the other text.
func TestHolderMemoMismatch(t *testing.T) {
	open := "<invoke name=\"W\"><parameter name=\"c\">"
	long := open + strings.Repeat("x", 200)
	for _, tc := range []struct {
		name    string
		second  string
		wantAll bool // everything may go
	}{
		{name: "closer inside the remembered part", second: open + "xx</parameter></invoke> and prose" + strings.Repeat("x", 200), wantAll: true},
		{name: "same length, other text", second: open + "xx</parameter></invoke> and prose" + strings.Repeat("x", 200-33), wantAll: true},
		{name: "extension", second: long + "yy", wantAll: false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := NewHolder(Invoke)
			if n := h.Safe(long); n != 0 {
				t.Fatalf("Safe(open markup) = %d, want 0", n)
			}
			n := h.Safe(tc.second)
			if got := n == len(tc.second); got != tc.wantAll {
				t.Errorf("Safe(%q) = %d of %d", tc.second, n, len(tc.second))
			}
		})
	}
}
