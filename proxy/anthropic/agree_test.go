package anthropic

import (
	"bytes"
	"encoding/json"
	"math/rand"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/toolfix/toolfix/proxy/client"
	"github.com/toolfix/toolfix/proxy/jsontext"
	"github.com/toolfix/toolfix/proxy/repair"
	"github.com/toolfix/toolfix/proxy/sse/ssetest"
)

// agreeMessage is one message, a text block then a Bash tool_use block, streamed with the text
// in the deltas texts and the input in the deltas inputs, and whole.
func agreeMessage(texts, inputs []string) (stream, whole []byte) {
	return agreeCall("Bash", texts, inputs)
}

// agreeCall is agreeMessage with a tool_use block of the tool name.
func agreeCall(name string, texts, inputs []string) (stream, whole []byte) {
	var b bytes.Buffer
	b.WriteString(ev("message_start", `{"type":"message_start","message":{"id":"m","type":"message","role":"assistant","content":[],"model":"x"}}`))
	b.WriteString(ev("content_block_start", `{"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}`))
	text, input := "", ""
	for _, t := range texts {
		text += t
		b.WriteString(ev("content_block_delta", `{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":`+string(jsontext.Quote(t))+`}}`))
	}
	b.WriteString(ev("content_block_stop", `{"type":"content_block_stop","index":0}`))
	b.WriteString(ev("content_block_start", `{"type":"content_block_start","index":1,"content_block":{"type":"tool_use","id":"toolu_1","name":"`+name+`","input":{}}}`))
	for _, in := range inputs {
		input += in
		b.WriteString(ev("content_block_delta", `{"type":"content_block_delta","index":1,"delta":{"type":"input_json_delta","partial_json":`+string(jsontext.Quote(in))+`}}`))
	}
	b.WriteString(ev("content_block_stop", `{"type":"content_block_stop","index":1}`))
	b.WriteString(ev("message_delta", `{"type":"message_delta","delta":{"stop_reason":"tool_use","stop_sequence":null}}`))
	b.WriteString(ev("message_stop", `{"type":"message_stop"}`))
	var blocks []json.RawMessage
	if text != "" {
		blocks = append(blocks, json.RawMessage(`{"type":"text","text":`+string(jsontext.Quote(text))+`}`))
	}
	in := json.RawMessage(input)
	if !json.Valid(in) {
		in = json.RawMessage(`{}`) // not a whole-body case: compared only where the input is JSON
	}
	blocks = append(blocks, json.RawMessage(`{"type":"tool_use","id":"toolu_1","name":"`+name+`","input":`+string(in)+`}`))
	content, _ := json.Marshal(blocks)
	whole = []byte(`{"id":"m","type":"message","role":"assistant","model":"x","content":` + string(content) + `,"stop_reason":"tool_use"}`)
	return b.Bytes(), whole
}

// checkAgree runs stream through a Stream and whole through RepairMessage, and fails t unless
// the client reads the same blocks from both (ids aside); it reports whether whole was repaired.
// parts are the deltas stream was cut into, for the message.
func checkAgree(t *testing.T, tools *repair.Tools, stream, whole []byte, parts []string) bool {
	t.Helper()
	out, err := ssetest.Run(bytes.NewReader(stream), NewStream(tools, nil))
	if err != nil {
		t.Fatal(err)
	}
	got, err := client.AnthropicStream(out)
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	fixed, ok := RepairMessage(tools, whole, nil)
	if !ok {
		fixed = whole
	}
	want, err := client.AnthropicJSON(fixed)
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(want.Content, got.Content, cmp.AllowUnexported(client.Block{}), cmp.FilterPath(func(p cmp.Path) bool {
		return p.Last().String() == ".ID" || p.Last().String() == ".partial" || p.Last().String() == ".deltas"
	}, cmp.Ignore())); d != "" {
		t.Fatalf("streamed (%q) differs from whole (-whole +streamed):\n%s", parts, d)
	}
	return ok
}

// splits returns s in one piece and cut at random places, n ways, drawn with seed.
func splits(s string, n int, seed int64) [][]string {
	out := [][]string{{s}}
	r := rand.New(rand.NewSource(seed))
	for range n {
		var parts []string
		rest := s
		for len(rest) > 0 {
			k := 1 + r.Intn(len(rest))
			parts = append(parts, rest[:k])
			rest = rest[k:]
		}
		out = append(out, parts)
	}
	return out
}

// TestStreamedAgreesWithWhole holds issue 19 item 6 for the text rules: a stray word dropped
// before a tool_use (D01b) leaves the same text streamed as whole (RepairMessage), however the
// text is cut into deltas, its line break included when the word came in a delta of its own.
func TestStreamedAgreesWithWhole(t *testing.T) {
	tools, _ := repair.ToolsFromAnthropic([]byte(bashTools))
	input := `{"command":"ls"}`
	for _, text := range []string{
		"hello\ncount",
		"Now I'll run the tests.\n\ncourt",
		"Done.\n  call \n\n",
		"Done.\r\ncount\r\n",
		"count",
		"\n\ncall",
		"a\n```\nx\n```\ncount",
		"Hello there\ncounts", // not stray: kept
		"hello count",         // not alone on its line: kept
		"x\n<think>\ncount",   // inside reasoning: kept
		"a\n```\ncount",       // inside a fence: kept
	} {
		for i, parts := range splits(text, 12, int64(len(text))) {
			t.Run(strconv.Quote(text)+"/"+strconv.Itoa(i), func(t *testing.T) {
				stream, whole := agreeMessage(parts, []string{input})
				checkAgree(t, tools, stream, whole, parts)
			})
		}
	}
}

// readTools offers Bash and a Read whose file_path is a path place.
const readTools = `{"tools":[{"name":"Bash","input_schema":{"type":"object","properties":{"command":{"type":"string"},"timeout":{"type":"number"}},"required":["command"]}},
{"name":"Read","input_schema":{"type":"object","properties":{"file_path":{"type":"string"},"limit":{"type":"integer"}},"required":["file_path"]}}]}`

// TestInputStreamedAgreesWithWhole holds streamed ≡ whole (issue 20 part 2) for a tool_use input:
// the input Claude Code builds from the input_json_delta events, in one delta or cut at random
// places, is the input of the whole-body repair (RepairMessage) of the same input. A Windows
// path typed with single backslashes at a path place (D24), relative or absolute, whose escapes
// JSON has, is its backslashes both ways; a real line break in a command stays one. An input
// that is not JSON (a trailing comma, prose after it) cannot be a whole body's input: those are
// held to the argument-text repairs streamed (TestStreamRules' D63-D66 rows), never compared here.
func TestInputStreamedAgreesWithWhole(t *testing.T) {
	tools, _ := repair.ToolsFromAnthropic([]byte(readTools))
	for _, tc := range []struct {
		name, input string
		repaired    bool
	}{
		{"Read", `{"file_path":"src\new\table.txt"}`, true},
		{"Read", `{"file_path":".\build\release","limit":200}`, true},
		{"Read", `{"file_path":"..\foo\bar"}`, true},
		{"Read", `{"file_path":"C:\new\tmp"}`, true},
		{"Read", `{"file_path":"C:\\Users\\dev"}`, false},
		{"Read", `{"file_path":"src\new\table.txt","limit":"5"}`, true},
		{"Bash", `{"command":"printf 'a\nb'"}`, false},
	} {
		for i, parts := range splits(tc.input, 8, int64(len(tc.input))) {
			t.Run(strconv.Quote(tc.input)+"/"+strconv.Itoa(i), func(t *testing.T) {
				stream, whole := agreeCall(tc.name, []string{"Reading."}, parts)
				if ok := checkAgree(t, tools, stream, whole, parts); ok != tc.repaired {
					t.Fatalf("whole repaired %v, want %v", ok, tc.repaired)
				}
			})
		}
	}
}

// TestLeakStreamedAgreesWithWhole holds streamed ≡ whole for a leaked <invoke> call after a line
// that introduces an example: markup on the line right after "Example:" is the example (text
// both ways), a stray word's line there is D01's glitch (the call is taken, the word dropped),
// and a sentence after it ends the example, however the text is cut into deltas.
func TestLeakStreamedAgreesWithWhole(t *testing.T) {
	tools, _ := repair.ToolsFromAnthropic([]byte(bashTools))
	inv := "<invoke name=\"Bash\">\n<parameter name=\"command\">ls</parameter>\n</invoke>"
	for _, tc := range []struct {
		text, keep string // keep: the text block the client gets before the call; "" for no call
	}{
		{"Example:\n" + inv, ""},
		{"Example:\n\n" + inv, ""},
		{"Example: " + inv, ""},
		{"For example:\n<function_calls>\n" + inv + "\n</function_calls>", ""},
		{"Example:\ncourt\n" + inv, "Example:\n"},
		{"Example:\n\ncourt\n" + inv, "Example:\n\n"},
		{"Example:\ncount\n<function_calls>\n" + inv + "\n</function_calls>", "Example:\n"},
		{"Example:\nI'll list the files.\ncall\n" + inv, "Example:\nI'll list the files.\n"},
		{"Let me look.\ncourt\n" + inv, "Let me look.\n"},
	} {
		for i, parts := range splits(tc.text, 8, int64(len(tc.text))) {
			t.Run(strconv.Quote(tc.text)+"/"+strconv.Itoa(i), func(t *testing.T) {
				var b bytes.Buffer
				b.WriteString(ev("message_start", `{"type":"message_start","message":{"id":"m","type":"message","role":"assistant","content":[],"model":"x"}}`))
				b.WriteString(ev("content_block_start", `{"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}`))
				for _, p := range parts {
					b.WriteString(ev("content_block_delta", `{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":`+string(jsontext.Quote(p))+`}}`))
				}
				b.WriteString(ev("content_block_stop", `{"type":"content_block_stop","index":0}`))
				b.WriteString(ev("message_delta", `{"type":"message_delta","delta":{"stop_reason":"end_turn","stop_sequence":null}}`))
				b.WriteString(ev("message_stop", `{"type":"message_stop"}`))
				whole := []byte(`{"id":"m","type":"message","role":"assistant","model":"x","content":[{"type":"text","text":` + string(jsontext.Quote(tc.text)) + `}],"stop_reason":"end_turn"}`)
				if ok := checkAgree(t, tools, b.Bytes(), whole, parts); ok != (tc.keep != "") {
					t.Fatalf("whole repaired %v, want %v", ok, tc.keep != "")
				}
				fixed, ok := RepairMessage(tools, whole, nil)
				if !ok {
					return
				}
				m, err := client.AnthropicJSON(fixed)
				if err != nil || len(m.Content) != 2 || m.Content[0].Text != tc.keep || m.StopReason != "tool_use" {
					t.Fatalf("whole gives %s, want the text %q and a call", fixed, tc.keep)
				}
			})
		}
	}
}

// TestObjectTextAgrees holds streamed ≡ whole for an input that is the JSON text of an object
// (D67) with an argument-text fault in it (D21, D23, D24, D65, D66, a stray closer): the input a
// client gets from input_json_delta events of that text, from a content_block_start carrying the
// string and no deltas, and from a whole body whose input is the string, is one object.
func TestObjectTextAgrees(t *testing.T) {
	tools, _ := repair.ToolsFromAnthropic([]byte(bashTools))
	for _, in := range []string{`{"command":"ls",}`, `{"command":"ls"} thanks`, `{"command":"ls"}{"command":"ls"}`,
		`{\n"command":"ls"\n}`, `{"command":"ls"}}`, `{"command":"C:\Users\x"}`} {
		t.Run(strconv.Quote(in), func(t *testing.T) {
			want := map[string]any{"command": "ls"}
			if strings.Contains(in, `\U`) {
				want["command"] = `C:\Users\x`
			}
			whole := []byte(`{"id":"m","type":"message","role":"assistant","model":"x","content":[{"type":"tool_use","id":"toolu_1","name":"Bash","input":` + string(jsontext.Quote(in)) + `}],"stop_reason":"tool_use"}`)
			fixed, ok := RepairMessage(tools, whole, nil)
			if !ok {
				t.Fatalf("whole %s left as it came", whole)
			}
			w, err := client.AnthropicJSON(fixed)
			if err != nil || !cmp.Equal(w.Content[0].Input, any(want)) {
				t.Fatalf("whole gives %s (%v)", fixed, err)
			}
			for i, parts := range splits(in, 4, int64(len(in))) {
				stream, _ := agreeCall("Bash", []string{"x"}, parts)
				out, err := ssetest.Run(bytes.NewReader(stream), NewStream(tools, nil))
				if err != nil {
					t.Fatal(err)
				}
				if g, err := client.AnthropicStream(out); err != nil || !cmp.Equal(g.Content[1].Input, any(want)) {
					t.Fatalf("deltas %d (%q) give %s (%v)", i, parts, out, err)
				}
			}
			start := sseOf(`{"type":"message_start","message":{"id":"m","type":"message","role":"assistant","content":[],"model":"x"}}`,
				`{"type":"content_block_start","index":0,"content_block":{"type":"tool_use","id":"toolu_1","name":"Bash","input":`+string(jsontext.Quote(in))+`}}`,
				`{"type":"content_block_stop","index":0}`, `{"type":"message_delta","delta":{"stop_reason":"tool_use","stop_sequence":null}}`, `{"type":"message_stop"}`)
			out, err := ssetest.Run(strings.NewReader(start), NewStream(tools, nil))
			if err != nil {
				t.Fatal(err)
			}
			if g, err := client.AnthropicStream(out); err != nil || !cmp.Equal(g.Content[0].Input, any(want)) {
				t.Fatalf("a start carrying the string gives %s (%v)", out, err)
			}
		})
	}
}
