package openai

import (
	"bytes"
	"strings"
	"testing"

	"github.com/toolfix/toolfix/proxy/sse"
)

// splitComments splits an SSE stream into its comment-only events and its other events, each in
// order.
func splitComments(b []byte) (comments, rest []string) {
	r := &sse.Reader{R: bytes.NewReader(b)}
	for {
		ev, err := r.Next()
		if err != nil {
			return comments, rest
		}
		if commentOnly(ev.Raw) {
			comments = append(comments, string(ev.Raw))
		} else {
			rest = append(rest, string(ev.Raw))
		}
	}
}

// TestCommentsNotHeld: a comment (a gateway keep-alive) goes out as soon as it is pushed, even
// while a tool call is held (REPAIRS.md D49), and the data events keep their order.
func TestCommentsNotHeld(t *testing.T) {
	tests := []struct {
		name   string
		events []string // raw events; those starting with ':' are comments
	}{
		{
			name: "ping between the deltas of a healthy held call",
			events: []string{"data: " + head("0", "call_1", "bash") + "\n\n", ": ping\n\n", "data: " + args("0", `{"command":"ls"}`) + "\n\n",
				": ping\r\n: two lines\r\n\r\n", "data: " + finish("tool_calls") + "\n\n", "data: [DONE]\n\n"},
		},
		{
			name: "ping between the deltas of a call being repaired",
			events: []string{"data: " + head("0", "call_1", "read") + "\n\n", ":\n\n", "data: " + args("0", `{"file_path":"a","limit":"5"}`) + "\n\n",
				": keep-alive\n\n", "data: " + finish("tool_calls") + "\n\n", "data: [DONE]\n\n"},
		},
		{
			name:   "ping behind held content",
			events: []string{"data: " + text("Ok.\n<tool_") + "\n\n", ": ping\n\n", "data: " + text("call>") + "\n\n", "data: " + finish("stop") + "\n\n"},
		},
	}
	tl, _ := toolsFromChat(tools)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			st := NewStream(tl, nil, Options{})
			var out bytes.Buffer
			for _, raw := range tc.events {
				before := out.Len()
				if err := st.Push(event(raw), &out); err != nil {
					t.Fatal(err)
				}
				if strings.HasPrefix(raw, ":") && !bytes.HasSuffix(out.Bytes()[before:], []byte(raw)) {
					t.Fatalf("comment %q held; written so far:\n%s", raw, out.Bytes())
				}
			}
			if err := st.End(&out); err != nil {
				t.Fatal(err)
			}
			if n := len(st.Held()); n != 0 {
				t.Fatalf("%d bytes held after End", n)
			}
			gotC, _ := splitComments(out.Bytes())
			wantC, _ := splitComments([]byte(strings.Join(tc.events, "")))
			if strings.Join(gotC, "") != strings.Join(wantC, "") {
				t.Fatalf("comments %q, want %q", gotC, wantC)
			}
			// Without the comments, the stream is what it is without them in the input.
			var noComments []string
			for _, raw := range tc.events {
				if !strings.HasPrefix(raw, ":") {
					noComments = append(noComments, raw)
				}
			}
			want, _ := run(t, []byte(tools), strings.NewReader(strings.Join(noComments, "")), Options{})
			if _, rest := splitComments(out.Bytes()); strings.Join(rest, "") != string(want) {
				t.Fatalf("data events changed:\n%s\nwant\n%s", strings.Join(rest, ""), want)
			}
		})
	}
}
