package anthropic

import (
	"bytes"
	"io"
	"strings"
	"testing"

	"github.com/toolfix/toolfix/proxy/client"
	"github.com/toolfix/toolfix/proxy/repair"
	"github.com/toolfix/toolfix/proxy/sse/ssetest"
)

const dbTools = `{"tools":[{"name":"mcp__db__query","input_schema":{"type":"object","properties":{"sql":{"type":"string"}},"required":["sql"]}}]}`

// readers returns the ways a test feeds a stream: whole, one byte at a time and in random small
// chunks under a few seeds (ssetest.Readers).
func readers(in string) map[string]io.Reader { return ssetest.Readers([]byte(in), 1, 7, 42) }

// streamCase is one stream through the dialect: want is the JSON message it must read as, or ""
// when it must pass byte for byte; kinds must be reported (all of them), noKinds must not be.
type streamCase struct {
	name    string
	request string
	in      string
	want    string
	kinds   []string
	noKinds []string
}

func (tc streamCase) check(t *testing.T) {
	t.Helper()
	for mode, r := range readers(tc.in) {
		out, kinds := run(t, []byte(tc.request), r)
		got := strings.Join(kinds, ",")
		for _, k := range tc.kinds {
			if !strings.Contains(got, k) {
				t.Errorf("%s: kind %q not reported (got %v)", mode, k, kinds)
			}
		}
		for _, k := range tc.noKinds {
			if strings.Contains(got, k) {
				t.Errorf("%s: kind %q reported (got %v)", mode, k, kinds)
			}
		}
		if tc.want == "" {
			if string(out) != tc.in {
				t.Fatalf("%s: changed a stream that must pass (kinds %v):\n%s", mode, kinds, out)
			}
			continue
		}
		m, err := client.AnthropicStream(out)
		if err != nil {
			t.Fatalf("%s: %v\n%s", mode, err, out)
		}
		if err := client.CompareAnthropic([]byte(tc.want), m); err != nil {
			t.Fatalf("%s: %v\n%s", mode, err, out)
		}
	}
}

const (
	fStart     = `{"type":"message_start","message":{"id":"m","type":"message","role":"assistant","content":[],"stop_reason":null,"usage":{"input_tokens":3,"output_tokens":1}}}`
	fTextStart = `{"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}`
	fStop0     = `{"type":"content_block_stop","index":0}`
	fEnd       = `{"type":"message_stop"}`
)

func fText(i, s string) string {
	return `{"type":"content_block_delta","index":` + i + `,"delta":{"type":"text_delta","text":` + s + `}}`
}

func fMsgDelta(reason string) string {
	return `{"type":"message_delta","delta":{"stop_reason":` + reason + `,"stop_sequence":null},"usage":{"output_tokens":9}}`
}

// TestErrorEventsKept: an error event, with or without a top-level "type" or an event line, is
// the client's to handle and passes unchanged (docs/faults.md D42, D56).
func TestErrorEventsKept(t *testing.T) {
	tests := []streamCase{
		{
			name: "event error without type",
			in: sseOf(fStart, fTextStart, fText("0", `"Hi"`)) +
				"event: error\ndata: {\"error\":{\"type\":\"overloaded_error\",\"message\":\"Overloaded\"}}\n\n",
			noKinds: []string{"junk_frame"},
		},
		{
			name: "data-only error object with a code",
			in: sseOf(fStart, fTextStart, fText("0", `"Hi"`)) +
				"data: {\"error\":{\"message\":\"upstream timeout\",\"code\":504}}\n\n",
			noKinds: []string{"junk_frame", "shape"},
		},
		{
			name:    "event error whose data is not JSON",
			in:      sseOf(fStart) + "event: error\ndata: Overloaded\n\n",
			noKinds: []string{"junk_frame"},
		},
		{
			name:    "error event after a held stray word",
			in:      sseOf(fStart, fTextStart, fText("0", `"Reading.\ncount"`), fStop0) + "event: error\ndata: {\"error\":{\"message\":\"x\"}}\n\n",
			noKinds: []string{"junk_frame", "orphan_prefix"},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, tc.check)
	}
}

// TestNullStopReason: a stream whose message_delta says stop_reason null although a tool_use
// block came gets tool_use (docs/faults.md D39); without a tool_use block null stays.
func TestNullStopReason(t *testing.T) {
	tool := sseOf(fStart,
		`{"type":"content_block_start","index":0,"content_block":{"type":"tool_use","id":"toolu_1","name":"Bash","input":{}}}`,
		`{"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":"{\"command\":\"ls\"}"}}`,
		fStop0, fMsgDelta("null"), fEnd)
	tests := []streamCase{
		{
			name: "null after a tool_use", request: bashTools, in: tool,
			want:  `{"stop_reason":"tool_use","content":[{"type":"tool_use","id":"toolu_1","name":"Bash","input":{"command":"ls"}}]}`,
			kinds: []string{"stop_reason"},
		},
		{
			name: "null after text only", request: bashTools,
			in:      sseOf(fStart, fTextStart, fText("0", `"Hi"`), fStop0, fMsgDelta("null"), fEnd),
			noKinds: []string{"stop_reason"},
		},
		{
			name: "absent stop_reason after a tool_use", request: bashTools,
			in: strings.Replace(tool, fMsgDelta("null"), `{"type":"message_delta","delta":{"stop_sequence":null},"usage":{"output_tokens":9}}`, 1),
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, tc.check)
	}
}

// d46Text is the text of docs/faults.md D46's report: a leaked call whose invoke never closes.
const d46Text = `"Cleaning up.\ncount\n<invoke name=\"mcp__db__query\">\n<parameter name=\"sql\">DELETE FROM users WHERE inactive</parameter>\n"`

// TestLeakCutOff: a leaked call in a message that ends with stop_reason max_tokens, or never
// ends, is never completed: the text passes as it came (docs/faults.md D46). The same call in a
// message that ended normally still becomes a tool_use (D01).
func TestLeakCutOff(t *testing.T) {
	closed := strings.Replace(d46Text, `</parameter>\n"`, `</parameter>\n</invoke>"`, 1)
	ping := `{"type":"ping"}`
	// endedBy is the closed call's message ended with stop_reason reason: it stays text.
	endedBy := func(name, reason string) streamCase {
		return streamCase{name: name, request: dbTools, noKinds: []string{"leaked_call"},
			in: sseOf(fStart, fTextStart, fText("0", closed), fStop0, fMsgDelta(`"`+reason+`"`), fEnd)}
	}
	tests := []streamCase{
		{
			name: "D46 max_tokens", request: dbTools,
			in:      sseOf(fStart, fTextStart, fText("0", d46Text), fStop0, fMsgDelta(`"max_tokens"`), fEnd),
			noKinds: []string{"leaked_call", "stop_reason"},
		},
		{
			name: "D46 max_tokens, text in many deltas and a ping before message_delta", request: dbTools,
			in: sseOf(fStart, fTextStart, fText("0", `"Cleaning up.\ncount\n"`), fText("0", `"<invoke name=\"mcp__db__query\">\n<parameter name=\"sql\">"`),
				fText("0", `"DELETE FROM users</parameter>\n</invoke>"`), fStop0, ping, fMsgDelta(`"max_tokens"`), fEnd),
			noKinds: []string{"leaked_call"},
		},
		endedBy("D46 context window exceeded", "model_context_window_exceeded"),
		endedBy("refusal", "refusal"),
		endedBy("pause_turn", "pause_turn"),
		endedBy("stop_sequence", "stop_sequence"),
		{
			name: "stream dropped after the text block", request: dbTools,
			in:      sseOf(fStart, fTextStart, fText("0", closed), fStop0),
			noKinds: []string{"leaked_call"},
		},
		{
			name: "stream dropped inside message_delta", request: dbTools,
			in:      sseOf(fStart, fTextStart, fText("0", closed), fStop0) + "event: message_delta\ndata: {\"type\":\"message_de",
			noKinds: []string{"leaked_call"},
		},
		{
			name: "error after the text block", request: dbTools,
			in:      sseOf(fStart, fTextStart, fText("0", closed), fStop0) + "event: error\ndata: {\"type\":\"error\",\"error\":{\"type\":\"overloaded_error\"}}\n\n",
			noKinds: []string{"leaked_call"},
		},
		{
			name: "end_turn after a ping converts", request: dbTools,
			in:    sseOf(fStart, fTextStart, fText("0", closed), fStop0, ping, fMsgDelta(`"end_turn"`), fEnd),
			want:  `{"stop_reason":"tool_use","content":[{"type":"text","text":"Cleaning up."},{"type":"tool_use","id":"*","name":"mcp__db__query","input":{"sql":"DELETE FROM users WHERE inactive"}}]}`,
			kinds: []string{"leaked_call", "stop_reason"},
		},
		{
			name: "null stop_reason converts", request: dbTools,
			in:    sseOf(fStart, fTextStart, fText("0", closed), fStop0, fMsgDelta("null"), fEnd),
			want:  `{"stop_reason":"tool_use","content":[{"type":"text","text":"Cleaning up."},{"type":"tool_use","id":"*","name":"mcp__db__query","input":{"sql":"DELETE FROM users WHERE inactive"}}]}`,
			kinds: []string{"leaked_call", "stop_reason"},
		},
		{
			name: "a later block is renumbered once the stop_reason is known", request: dbTools,
			in: sseOf(fStart, fTextStart, fText("0", closed), fStop0,
				`{"type":"content_block_start","index":1,"content_block":{"type":"text","text":""}}`, fText("1", `"Done."`), `{"type":"content_block_stop","index":1}`,
				fMsgDelta(`"end_turn"`), fEnd),
			want:  `{"stop_reason":"tool_use","content":[{"type":"text","text":"Cleaning up."},{"type":"tool_use","id":"*","name":"mcp__db__query","input":{"sql":"DELETE FROM users WHERE inactive"}},{"type":"text","text":"Done."}]}`,
			kinds: []string{"leaked_call"},
		},
		{
			name: "a later block then max_tokens", request: dbTools,
			in: sseOf(fStart, fTextStart, fText("0", closed), fStop0,
				`{"type":"content_block_start","index":1,"content_block":{"type":"text","text":""}}`, fText("1", `"Done."`), `{"type":"content_block_stop","index":1}`,
				fMsgDelta(`"max_tokens"`), fEnd),
			noKinds: []string{"leaked_call"},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, tc.check)
	}
}

// TestLeakBlockOtherDeltas: a text block whose leaked call would be rewritten but that holds a
// delta other than text (a citations_delta) passes as it came, so that the delta keeps its place
// after the block's start.
func TestLeakBlockOtherDeltas(t *testing.T) {
	cite := `{"type":"content_block_delta","index":0,"delta":{"type":"citations_delta","citation":{"type":"char_location","cited_text":"x","document_index":0,"start_char_index":0,"end_char_index":1}}}`
	tests := []streamCase{
		{
			name: "citations_delta between text deltas of a leaked call", request: dbTools,
			in: sseOf(fStart, fTextStart, fText("0", `"count\n<invoke name=\"mcp__db__query\">"`), cite,
				fText("0", `"<parameter name=\"sql\">SELECT 1</parameter></invoke>"`), fStop0, fMsgDelta(`"end_turn"`), fEnd),
			noKinds: []string{"leaked_call"},
		},
		{
			name: "citations_delta already out keeps its place before a stray word", request: bashTools,
			in: sseOf(fStart, fTextStart, fText("0", `"Reading"`), cite, fText("0", `" it.\ncourt"`), fStop0,
				`{"type":"content_block_start","index":1,"content_block":{"type":"tool_use","id":"toolu_1","name":"Bash","input":{}}}`,
				`{"type":"content_block_delta","index":1,"delta":{"type":"input_json_delta","partial_json":"{\"command\":\"ls\"}"}}`,
				`{"type":"content_block_stop","index":1}`, fMsgDelta(`"tool_use"`), fEnd),
			want:  `{"stop_reason":"tool_use","content":[{"type":"text","text":"Reading it."},{"type":"tool_use","id":"toolu_1","name":"Bash","input":{"command":"ls"}}]}`,
			kinds: []string{"orphan_prefix"},
		},
		{
			name: "citations_delta held after a stray word", request: bashTools,
			in: sseOf(fStart, fTextStart, fText("0", `"Reading it.\ncourt"`), cite, fStop0,
				`{"type":"content_block_start","index":1,"content_block":{"type":"tool_use","id":"toolu_1","name":"Bash","input":{}}}`,
				`{"type":"content_block_delta","index":1,"delta":{"type":"input_json_delta","partial_json":"{\"command\":\"ls\"}"}}`,
				`{"type":"content_block_stop","index":1}`, fMsgDelta(`"tool_use"`), fEnd),
			noKinds: []string{"orphan_prefix"},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, tc.check)
	}
}

// TestNonStreamLeakCutOff: the non-streamed answer follows the same rule (docs/faults.md D46).
func TestNonStreamLeakCutOff(t *testing.T) {
	tools, _ := repair.ToolsFromAnthropic([]byte(dbTools))
	msg := func(reason string) []byte {
		return []byte(`{"id":"m","type":"message","role":"assistant","content":[{"type":"text","text":` + d46Text + `}],"stop_reason":` + reason + `,"usage":{"output_tokens":9}}`)
	}
	for _, tc := range []struct {
		reason string
		fixed  bool
	}{{`"max_tokens"`, false}, {`"model_context_window_exceeded"`, false}, {`"refusal"`, false}, {`"pause_turn"`, false}, {`"stop_sequence"`, false}, {`"end_turn"`, true}, {"null", true}} {
		out, ok := RepairMessage(tools, msg(tc.reason), nil)
		if ok != tc.fixed {
			t.Errorf("stop_reason %s: repaired %v, want %v: %s", tc.reason, ok, tc.fixed, out)
		}
		if ok && !bytes.Contains(out, []byte(`"tool_use"`)) {
			t.Errorf("stop_reason %s: no tool_use in %s", tc.reason, out)
		}
	}
}

// TestLeakOneCallAllowed: with parallel calls turned off (tool_choice.disable_parallel_tool_use),
// a leaked call is made only when it is the message's one call: not beside a real tool_use
// before or after it, nor beside another leaked call in a later text block.
func TestLeakOneCallAllowed(t *testing.T) {
	single := `{"tool_choice":{"type":"auto","disable_parallel_tool_use":true},"tools":[{"name":"mcp__db__query","input_schema":{"type":"object","properties":{"sql":{"type":"string"}},"required":["sql"]}}]}`
	leak := `"Next.\ncount\n<invoke name=\"mcp__db__query\">\n<parameter name=\"sql\">SELECT 1</parameter>\n</invoke>"`
	tool := func(i string) string {
		return `{"type":"content_block_start","index":` + i + `,"content_block":{"type":"tool_use","id":"toolu_r","name":"mcp__db__query","input":{}}}`
	}
	args := func(i string) string {
		return `{"type":"content_block_delta","index":` + i + `,"delta":{"type":"input_json_delta","partial_json":"{\"sql\":\"SELECT 2\"}"}}`
	}
	stop := func(i string) string { return `{"type":"content_block_stop","index":` + i + `}` }
	text := func(i string) string {
		return `{"type":"content_block_start","index":` + i + `,"content_block":{"type":"text","text":""}}`
	}
	tests := []streamCase{
		{
			name: "real call before the leak", request: single,
			in:      sseOf(fStart, tool("0"), args("0"), stop("0"), text("1"), fText("1", leak), stop("1"), fMsgDelta(`"tool_use"`), fEnd),
			noKinds: []string{"leaked_call"},
		},
		{
			name: "real call after the leak", request: single,
			in:      sseOf(fStart, fTextStart, fText("0", leak), fStop0, tool("1"), args("1"), stop("1"), fMsgDelta(`"tool_use"`), fEnd),
			noKinds: []string{"leaked_call"},
		},
		{
			name: "the one call", request: single,
			in:    sseOf(fStart, fTextStart, fText("0", leak), fStop0, fMsgDelta(`"end_turn"`), fEnd),
			want:  `{"stop_reason":"tool_use","content":[{"type":"text","text":"Next."},{"type":"tool_use","id":"*","name":"mcp__db__query","input":{"sql":"SELECT 1"}}]}`,
			kinds: []string{"leaked_call"},
		},
		{
			name: "real call before the leak, parallel allowed", request: dbTools,
			in:    sseOf(fStart, tool("0"), args("0"), stop("0"), text("1"), fText("1", leak), stop("1"), fMsgDelta(`"tool_use"`), fEnd),
			want:  `{"stop_reason":"tool_use","content":[{"type":"tool_use","id":"toolu_r","name":"mcp__db__query","input":{"sql":"SELECT 2"}},{"type":"text","text":"Next."},{"type":"tool_use","id":"*","name":"mcp__db__query","input":{"sql":"SELECT 1"}}]}`,
			kinds: []string{"leaked_call"},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, tc.check)
	}
	// Non-streamed: a real tool_use beside a leak.
	tl, _ := repair.ToolsFromAnthropic([]byte(single))
	body := `{"id":"m","type":"message","role":"assistant","content":[{"type":"tool_use","id":"toolu_r","name":"mcp__db__query","input":{"sql":"SELECT 2"}},{"type":"text","text":` + leak + `}],"stop_reason":"tool_use"}`
	if out, ok := RepairMessage(tl, []byte(body), nil); ok {
		t.Errorf("non-streamed: the leak beside a real call was made a call:\n%s", out)
	}
}

// TestBlankText holds D41b's predicate: white space only (space, tab, CR, LF) or empty is blank;
// any other byte, a no-break space or a zero-width one too, is text.
func TestBlankText(t *testing.T) {
	for _, tc := range []struct {
		text string
		want bool
	}{
		{"", true}, {" ", true}, {"\n", true}, {" \t\r\n ", true},
		{"x", false}, {" x ", false}, {"\u00a0", false}, {"\u200b", false}, {"\f", false}, {"\v", false},
	} {
		if got := BlankText(tc.text); got != tc.want {
			t.Errorf("BlankText(%q) = %v, want %v", tc.text, got, tc.want)
		}
	}
}
