package openai

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/toolfix/toolfix/proxy/client"
	"github.com/toolfix/toolfix/proxy/sse/ssetest"
)

// argSplits returns s whole and cut at random places (on character boundaries), n ways, by seed.
func argSplits(s string, n int, seed uint64) [][]string {
	out := [][]string{{s}}
	r := rand.New(rand.NewPCG(seed, 7))
	rs := []rune(s)
	for range n {
		var parts []string
		for at := 0; at < len(rs); {
			k := 1 + r.IntN(len(rs)-at)
			parts = append(parts, string(rs[at:at+k]))
			at += k
		}
		out = append(out, parts)
	}
	return out
}

// TestArgumentsStreamedAgreeWithWhole holds issue 19 item 6 for a call's arguments: what a client
// reads from the streamed repair of one call equals what it reads from the whole-body repair
// (RepairCompletion) of the same arguments, in one delta and cut at random places, and is JSON:
// prose after the value is cut after the white space before it (which may have streamed), and a
// raw control character in a string, at the top or inside a stringified value, is escaped (D64),
// a line feed as a tab; a trailing comma (D65), a literal \n between tokens (D66), {A}{A} (D21)
// and a Windows path at a path place (D24: relative or absolute, its escapes valid or not) are
// mended alike.
func TestArgumentsStreamedAgreeWithWhole(t *testing.T) {
	bash, _ := toolsFromChat(tools)
	todo, _ := toolsFromChat(multiTools)
	for _, input := range []string{
		`{"command":"ls"} `,
		`{"command":"ls"}` + "\n",
		`{"command":"ls"} thanks`,
		`{"command":"ls"}  and more`,
		`{"command": "ls", "timeout": "30"}`,
		`{"command": "ls", "timeout": "30"} thanks`,
		`{"command": "ls", "timeout": "30"} `,
		"{\"command\": \"a\tb\", \"timeout\": \"30\"}\n",
		"{\"command\":\"a\tb\"}",
		"{\"command\":\"a\nb\"}",
		"{\"command\":\"a\x00b\"}",
		"{\"command\":\"a\x1fb\"}",
		// control characters inside a stringified value, escaped in the arguments
		`{"todos":"[{\"content\":\"a\tb\"}]"}`,
		`{"todos":"[{\"content\":\"a\nb\"}]"}`,
		`{"todos":"[{\"content\":\"a\u0000b\"}]"}`,
		`{"todos":"[{\"content\":\"a\u001fb\"}]"}`,
		`{"todos":"[{\"content\":\"a\rb\"}]"}`,
		// D65, D66, D21, D23 (issue 20 part 2)
		`{"command":"ls",}`,
		`{"command":"ls", "timeout":30 , }`,
		`{\n  "command": "ls",\n  "timeout": 30\n}`,
		`{"command":"ls"}{"command":"ls"}`,
		`{"command":"ls"}}`,
		// D24 at a path place: a Windows path typed with single backslashes, relative or not,
		// whose escapes JSON has or not; a real line break in a command stays one
		`{"file_path":"src\new\table.txt"}`,
		`{"file_path":".\build\release","limit":"5"}`,
		`{"file_path":"..\foo\bar"}`,
		`{"file_path":"C:\Users\new\tmp"}`,
		`{"file_path":"src\new\Main.java"}`,
		`{"file_path":"src\new\table.txt",}`,
		`{"command":"printf 'a\nb'"}`,
	} {
		tl, name := bash, "bash"
		if strings.HasPrefix(input, `{"todos"`) {
			tl, name = todo, "todo"
		}
		if strings.HasPrefix(input, `{"file_path"`) {
			name = "read"
		}
		for i, parts := range argSplits(input, 10, uint64(len(input))) {
			t.Run(strconv.Quote(input)+"/"+strconv.Itoa(i), func(t *testing.T) {
				var b strings.Builder
				b.WriteString("data: " + head("0", "call_1", name) + "\n\n")
				for _, p := range parts {
					b.WriteString("data: " + args("0", p) + "\n\n")
				}
				b.WriteString(sseOf(finish("tool_calls"), "[DONE]"))
				out, err := ssetest.Run(strings.NewReader(b.String()), NewStream(tl, nil, Options{}))
				if err != nil {
					t.Fatal(err)
				}
				got, err := client.ChatStream(out)
				if err != nil {
					t.Fatalf("%v\n%s", err, out)
				}
				body := completion(`{"role":"assistant","content":null,"tool_calls":[{"id":"call_1","type":"function","function":{"name":"`+name+`","arguments":`+quote(input)+`}}]}`, "tool_calls")
				fixed, ok := RepairCompletion(tl, []byte(body), nil, Options{})
				if !ok {
					fixed = []byte(body)
				}
				want, err := client.ChatJSON(fixed)
				if err != nil {
					t.Fatal(err)
				}
				if g, w := got.ToolCalls[0].RawArguments, want.ToolCalls[0].RawArguments; !bytes.Equal([]byte(g), []byte(w)) {
					t.Fatalf("streamed %q gives arguments %q, whole %q", parts, g, w)
				}
				if !json.Valid([]byte(got.ToolCalls[0].RawArguments)) {
					t.Fatalf("streamed %q gives arguments %q, not JSON", parts, got.ToolCalls[0].RawArguments)
				}
			})
		}
	}
}
