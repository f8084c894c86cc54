package openai

import (
	"encoding/json"
	"testing"

	"github.com/toolfix/toolfix/proxy/client"
	"github.com/toolfix/toolfix/proxy/repair"
	"github.com/toolfix/toolfix/proxy/sse/ssetest"
)

// TestContentBeforeLeakedCall: the content before leaked markup stays as it came, its line
// breaks and the blanks before the markup on its line too: streamed (where they may
// have gone out before the markup came) and whole alike (issue 19 "Done when"). The whole path
// used to trim "hello\n" to "hello" while the stream had sent the line break.
func TestContentBeforeLeakedCall(t *testing.T) {
	call := `<tool_call>{"name":"p","arguments":{"p":"x"}}</tool_call>`
	tl, err := repair.ToolsFromChat([]byte(orderTools))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ before, markup, want string }{
		{"hello\n", call, "hello\n"},
		{"hello\n\n", "  " + call, "hello\n\n  "},
		{"hello\n", "\n" + call, "hello\n\n"},
	} {
		in := sseOf(text(tc.before), text(tc.markup), finish("stop"))
		whole, ok := completionFromSSE([]byte(in), nil)
		if !ok {
			t.Fatalf("no chat.completion from %s", in)
		}
		fixed, ok := RepairCompletion(tl, whole, nil, Options{})
		if !ok {
			t.Fatalf("the whole answer was not repaired: %s", whole)
		}
		var c struct {
			Choices []struct {
				Message struct {
					Content string `json:"content"`
				} `json:"message"`
			} `json:"choices"`
		}
		if err := json.Unmarshal(fixed, &c); err != nil || len(c.Choices) != 1 {
			t.Fatalf("reading %s: %v", fixed, err)
		}
		if got := c.Choices[0].Message.Content; got != tc.want {
			t.Fatalf("whole %q: content %q, want %q", tc.before+tc.markup, got, tc.want)
		}
		for name, r := range ssetest.Readers([]byte(in), 1, 2) {
			out, _ := run(t, []byte(orderTools), r, Options{})
			if got := client.Assemble(client.ChatOrderFrames(out))["0/content"]; got != tc.want {
				t.Fatalf("streamed %s %q: content %q, want %q\n%s", name, tc.before+tc.markup, got, tc.want, out)
			}
		}
	}
}
