package responses

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"github.com/toolfix/toolfix/proxy/sse/ssetest"
)

// FuzzLeakedText: a message whose output_text is any text never panics the stream; the stream
// read in small chunks comes out as read whole; a text without '<' comes out byte for byte.
func FuzzLeakedText(f *testing.F) {
	for _, s := range []string{"Listing.\n\ncourt\n" + lsMarkup, "count" + lsMarkup, "Use `" + lsMarkup + "`", "court\nThe court ruled.",
		"```\n" + lsMarkup + "\n```", "Ok.\n<function_calls>\n" + lsMarkup + "\n</function_calls>", "café ☕ call"} {
		f.Add(s, "", int64(1))
		f.Add(s, `{"command":"ls"}`, int64(2))
	}
	f.Fuzz(func(t *testing.T, text, args string, seed int64) {
		if len(text) > 2048 || strings.ContainsAny(args, "\"\\") {
			return
		}
		in := []byte(textStream(text, args, "completed"))
		whole, _ := run(t, []byte(tools), bytes.NewReader(in))
		chunked, _ := run(t, []byte(tools), ssetest.Chunks(in, seed))
		if !bytes.Equal(mintless(whole), mintless(chunked)) {
			t.Fatalf("chunked differs from whole:\n%s\n---\n%s", chunked, whole)
		}
		if !strings.Contains(text, "<") && !bytes.Equal(whole, in) {
			t.Fatalf("a text without markup changed:\n%s", whole)
		}
	})
}

// minted matches the ids a repair makes for the items it builds, which differ run to run.
var minted = regexp.MustCompile(`(fc_|call_)[A-Za-z0-9]{24}`)

func mintless(b []byte) []byte { return minted.ReplaceAll(b, []byte("${1}X")) }
