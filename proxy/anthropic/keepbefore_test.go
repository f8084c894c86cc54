package anthropic

import (
	"strconv"
	"testing"

	"github.com/toolfix/toolfix/proxy/client"
	"github.com/toolfix/toolfix/proxy/repair"
)

// TestTextBeforeLeakedCall: the text before leaked markup stays as it came, its line breaks and
// the blanks before the markup on its line too: streamed (where they may have gone out before
// the markup came) and whole alike (issue 19 "Done when"). The whole path
// used to trim "hello\n" to "hello" while the stream had sent the line break.
func TestTextBeforeLeakedCall(t *testing.T) {
	call := `<invoke name=\"mcp__db__query\">\n<parameter name=\"sql\">select 1</parameter>\n</invoke>`
	for _, tc := range []struct{ before, markup, want string }{
		{`hello\n`, call, "hello\n"},
		{`hello\n\n`, `  ` + call, "hello\n\n  "},
		{`hello\n`, `\n` + call, "hello\n\n"},
	} {
		in := sseOf(fStart, fTextStart, fText("0", `"`+tc.before+`"`), fText("0", `"`+tc.markup+`"`), fStop0, fMsgDelta(`"end_turn"`), fEnd)
		tools, err := repair.ToolsFromAnthropic([]byte(dbTools))
		if err != nil {
			t.Fatal(err)
		}
		whole, ok := messageFromSSE([]byte(in))
		if !ok {
			t.Fatalf("no message from %s", in)
		}
		fixed, ok := RepairMessage(tools, whole, nil)
		if !ok {
			t.Fatalf("the whole message was not repaired: %s", whole)
		}
		wm, err := client.AnthropicJSON(fixed)
		if err != nil {
			t.Fatal(err)
		}
		for name, r := range readers(in) {
			out, _ := run(t, []byte(dbTools), r)
			sm, err := client.AnthropicStream(out)
			if err != nil {
				t.Fatalf("%s: %v\n%s", name, err, out)
			}
			for what, m := range map[string]*client.Message{"whole": wm, "streamed " + name: sm} {
				if len(m.Content) != 2 || m.Content[0].Type != "text" || m.Content[1].Type != "tool_use" {
					t.Fatalf("%s %q: blocks %+v", what, tc.before+tc.markup, m.Content)
				}
				if got := m.Content[0].Text; got != tc.want {
					t.Fatalf("%s %q: text %s, want %s", what, tc.before+tc.markup, strconv.Quote(got), strconv.Quote(tc.want))
				}
			}
		}
	}
}
