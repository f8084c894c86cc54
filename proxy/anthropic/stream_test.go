package anthropic

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/toolfix/toolfix/proxy/cases"
	"github.com/toolfix/toolfix/proxy/client"
	"github.com/toolfix/toolfix/proxy/repair"
	"github.com/toolfix/toolfix/proxy/sse"
	"github.com/toolfix/toolfix/proxy/sse/ssetest"
)

// run feeds body through a Stream read by r and returns the output and the repair kinds reported.
func run(t testing.TB, request []byte, r io.Reader) ([]byte, []string) {
	tools, _ := repair.ToolsFromAnthropic(request)
	return ssetest.RunKinds(t, r, func(rep *repair.Reporter) sse.Repairer { return NewStream(tools, rep) })
}

func TestCasesPure(t *testing.T) {
	ssetest.RunCases(t, "anthropic", true, func(t *testing.T, c cases.Case) {
		for _, mode := range []string{"onebyte", "chunks"} {
			t.Run(mode, func(t *testing.T) {
				out, kinds := run(t, c.Request, ssetest.Feed(mode, c.Upstream, 7))
				if c.Want.Passthrough {
					if !bytes.Equal(out, c.Upstream) {
						t.Fatalf("passthrough changed; kinds %v\n%s", kinds, out)
					}
					return
				}
				checkMessage(t, client.AnthropicStream, out, c.Want.Message)
				if err := client.CheckOrder(client.AnthropicOrderFrames(c.Upstream), client.AnthropicOrderFrames(out)); err != nil {
					t.Fatalf("order: %v\n%s", err, out)
				}
			})
		}
	})
}

func TestNonStreamCases(t *testing.T) {
	ssetest.RunCases(t, "anthropic", false, func(t *testing.T, c cases.Case) {
		tools, _ := repair.ToolsFromAnthropic(c.Request)
		fixed, ok := RepairMessage(tools, c.Upstream, nil)
		if c.Want.Passthrough {
			if ok {
				t.Fatalf("repaired a passthrough case: %s", fixed)
			}
			return
		}
		body := c.Upstream
		if ok {
			body = fixed
		}
		checkMessage(t, client.AnthropicJSON, body, c.Want.Message)
	})
}

// FuzzRepairMessage: RepairMessage never panics; it reports a change exactly when it returns one;
// what it returns is JSON that the client reads if it read the body; and every tool_use block it
// returns is the body's own (for a streamed body, the stream's own) or fits its tool's schema.
func FuzzRepairMessage(f *testing.F) {
	for _, c := range cases.ForTest(f, "anthropic") {
		f.Add(c.Request, c.Upstream) // a stream too: the answer to a non-streamed request (D55)
	}
	f.Add([]byte(bashTools), []byte(`{"type":"message","content":[{"type":"text","text":"ok\ncourt"},{"type":"tool_use","id":"t","name":"TodoWrite","input":{"todos":"[{\"content\":\"a\"}]"}}],"stop_reason":"end_turn"}`))
	f.Fuzz(func(t *testing.T, request, body []byte) {
		tools, _ := repair.ToolsFromAnthropic(request)
		out, ok, kinds := ssetest.RepairKinds(func(rep *repair.Reporter) ([]byte, bool) { return RepairMessage(tools, body, rep) })
		if !ok {
			if out != nil || len(kinds) > 0 {
				t.Fatalf("no change, yet returned %q with kinds %v", out, kinds)
			}
			return
		}
		if len(kinds) == 0 {
			t.Fatalf("changed %q into %q with no repair reported", body, out)
		}
		if !json.Valid(out) {
			t.Fatalf("repaired into invalid JSON: %q", out)
		}
		in, errIn := client.AnthropicJSON(body)
		if errIn != nil {
			if trimmed, ok := sse.TrimDone(body); ok {
				in, errIn = client.AnthropicJSON(trimmed)
			} else if sse.LooksLikeStream(body) {
				// The stream's own blocks, as a non-streamed client gets them: the plain conversion
				// (no repair). An SDK's stream accumulator differs from it (it ignores a block start's
				// input, D38, and refuses a stream without message_stop).
				in, errIn = nil, errors.New("a stream: the client of a non-streamed request does not read it")
				if conv, ok := messageFromSSE(body); ok {
					in, _ = client.AnthropicJSON(conv)
				}
			}
		}
		m, errOut := client.AnthropicJSON(out)
		if errIn == nil && errOut != nil {
			t.Fatalf("the client read the body but not its repair: %v\n%q", errOut, out)
		}
		if errOut != nil {
			return
		}
		own := map[string]bool{}
		if in != nil {
			for _, b := range in.Content {
				if b != nil && b.Type == "tool_use" {
					x, _ := json.Marshal(b.Input)
					own[b.Name+"\x00"+string(x)] = true
				}
			}
		}
		for _, b := range m.Content {
			if b == nil || b.Type != "tool_use" {
				continue
			}
			x, _ := json.Marshal(b.Input)
			if own[b.Name+"\x00"+string(x)] {
				continue
			}
			if !tools.Fits(b.Name, x) && !bytes.Equal(x, []byte("null")) {
				t.Fatalf("tool_use %q with input %s does not fit (kinds %v)", b.Name, x, kinds)
			}
		}
	})
}

// checkMessage fails t when out, read by read (client.AnthropicStream or client.AnthropicJSON),
// does not read as the message want (client.CompareAnthropic).
func checkMessage(t *testing.T, read func([]byte) (*client.Message, error), out, want []byte) {
	t.Helper()
	m, err := read(out)
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if err := client.CompareAnthropic(want, m); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
}

const bashTools = `{"tools":[{"name":"Bash","input_schema":{"type":"object","properties":{"command":{"type":"string"},"timeout":{"type":"number"}},"required":["command"]}},
{"name":"TodoWrite","input_schema":{"type":"object","properties":{"todos":{"type":"array","items":{"type":"object","properties":{"content":{"type":"string"}},"required":["content"]}}},"required":["todos"]}}]}`

func sseOf(events ...string) string {
	var b strings.Builder
	for _, e := range events {
		typ := e[len(`{"type":"`) : strings.Index(e[len(`{"type":"`):], `"`)+len(`{"type":"`)]
		b.WriteString("event: " + typ + "\ndata: " + e + "\n\n")
	}
	return b.String()
}

func TestStreamRules(t *testing.T) {
	start := `{"type":"message_start","message":{"id":"m","type":"message","role":"assistant","content":[]}}`
	textStart := func(i string) string {
		return `{"type":"content_block_start","index":` + i + `,"content_block":{"type":"text","text":""}}`
	}
	text := func(i, s string) string {
		return `{"type":"content_block_delta","index":` + i + `,"delta":{"type":"text_delta","text":` + s + `}}`
	}
	stop := func(i string) string { return `{"type":"content_block_stop","index":` + i + `}` }
	toolStart := func(i, name string) string {
		return `{"type":"content_block_start","index":` + i + `,"content_block":{"type":"tool_use","id":"toolu_1","name":"` + name + `","input":{}}}`
	}
	input := func(i, s string) string {
		return `{"type":"content_block_delta","index":` + i + `,"delta":{"type":"input_json_delta","partial_json":` + s + `}}`
	}
	msgDelta := func(r string) string {
		return `{"type":"message_delta","delta":{"stop_reason":"` + r + `","stop_sequence":null},"usage":{"output_tokens":5}}`
	}
	end := `{"type":"message_stop"}`

	tests := []struct {
		name   string
		in     string
		want   string // JSON message, or "" for passthrough
		kinds  []string
		noKind bool
	}{
		{
			name: "glued stray word and invoke without function_calls",
			in: sseOf(start, textStart("0"), text("0", `"Looking.\ncall<invoke name=\"Bash\"><parameter name=\"command\">ls -la</parameter><parameter name=\"timeout\">30</parameter></invoke>"`),
				stop("0"), msgDelta("end_turn"), end),
			want:  `{"stop_reason":"tool_use","content":[{"type":"text","text":"Looking."},{"type":"tool_use","id":"*","name":"Bash","input":{"command":"ls -la","timeout":30}}]}`,
			kinds: []string{"leaked_call"},
		},
		{
			name: "leaked call then a later block is renumbered",
			in: sseOf(start, textStart("0"), text("0", `"court\n<invoke name=\"Bash\">\n<parameter name=\"command\">pwd</parameter>\n</invoke>"`),
				stop("0"), toolStart("1", "Bash"), input("1", `"{\"command\":\"ls\"}"`), stop("1"), msgDelta("end_turn"), end),
			want:  `{"stop_reason":"tool_use","content":[{"type":"tool_use","id":"*","name":"Bash","input":{"command":"pwd"}},{"type":"tool_use","id":"toolu_1","name":"Bash","input":{"command":"ls"}}]}`,
			kinds: []string{"leaked_call", "stop_reason"},
		},
		{
			name: "unknown parameter leaves the text",
			in: sseOf(start, textStart("0"), text("0", `"court\n<invoke name=\"Bash\"><parameter name=\"cmd\">pwd</parameter></invoke>"`),
				stop("0"), msgDelta("end_turn"), end),
		},
		{
			name: "invoke inside a code fence is text",
			in: sseOf(start, textStart("0"), text("0", `"Example:\n`+"```"+`\n<invoke name=\"Bash\"><parameter name=\"command\">pwd</parameter></invoke>\n`+"```"+`"`),
				stop("0"), msgDelta("end_turn"), end),
		},
		{
			name: "stray word before a tool_use is dropped",
			in: sseOf(start, textStart("0"), text("0", `"Reading it.\n\ncourt"`), stop("0"),
				toolStart("1", "Bash"), input("1", `"{\"command\":\"cat x\"}"`), stop("1"), msgDelta("tool_use"), end),
			want:  `{"stop_reason":"tool_use","content":[{"type":"text","text":"Reading it."},{"type":"tool_use","id":"toolu_1","name":"Bash","input":{"command":"cat x"}}]}`,
			kinds: []string{"orphan_prefix"},
		},
		{
			name:  "stringified array of objects at depth",
			in:    sseOf(start, toolStart("0", "TodoWrite"), input("0", `"{\"todos\":\"[{\\\"content\\\":\\\"a\\\"}]\"}"`), stop("0"), msgDelta("tool_use"), end),
			want:  `{"stop_reason":"tool_use","content":[{"type":"tool_use","id":"toolu_1","name":"TodoWrite","input":{"todos":[{"content":"a"}]}}]}`,
			kinds: []string{"coerce"},
		},
		{
			name:  "end_turn with a healthy tool_use",
			in:    sseOf(start, toolStart("0", "Bash"), input("0", `"{\"command\":\"ls\"}"`), stop("0"), msgDelta("end_turn"), end),
			want:  `{"stop_reason":"tool_use","content":[{"type":"tool_use","id":"toolu_1","name":"Bash","input":{"command":"ls"}}]}`,
			kinds: []string{"stop_reason"},
		},
		{ // D67 with D38 (0xPlaygrounds/rig PR #1964): the start's input is the JSON text of an object
			name:  "the JSON text of the input in the block start",
			in:    sseOf(start, strings.Replace(toolStart("0", "Bash"), `"input":{}`, `"input":"{\"command\":\"ls\"}"`, 1), stop("0"), msgDelta("tool_use"), end),
			want:  `{"stop_reason":"tool_use","content":[{"type":"tool_use","id":"toolu_1","name":"Bash","input":{"command":"ls"}}]}`,
			kinds: []string{"coerce", "shape"},
		},
		{
			name: "a bare string input in the block start passes",
			in:   sseOf(start, strings.Replace(toolStart("0", "Bash"), `"input":{}`, `"input":"ls -la"`, 1), stop("0"), msgDelta("tool_use"), end),
		},
		{
			name: "the JSON text of an unfit input in the block start passes",
			in:   sseOf(start, strings.Replace(toolStart("0", "Bash"), `"input":{}`, `"input":"{\"cmd\":\"ls\"}"`, 1), stop("0"), msgDelta("tool_use"), end),
		},
		{ // BerriAI/litellm #32478: a bridge starts the message twice
			name:  "the same message_start twice: the second dropped",
			in:    sseOf(start, `{"type":"ping"}`, start, toolStart("0", "Bash"), input("0", `"{\"command\":\"ls\"}"`), stop("0"), msgDelta("tool_use"), end),
			want:  `{"stop_reason":"tool_use","content":[{"type":"tool_use","id":"toolu_1","name":"Bash","input":{"command":"ls"}}]}`,
			kinds: []string{"shape"},
		},
		{
			name: "two message_starts with other ids pass",
			in:   sseOf(start, strings.Replace(start, `"id":"m"`, `"id":"m2"`, 1), textStart("0"), text("0", `"Hi."`), stop("0"), msgDelta("end_turn"), end),
		},
		{
			name: "the same message_start again after message_stop passes",
			in:   sseOf(start, textStart("0"), text("0", `"Hi."`), stop("0"), msgDelta("end_turn"), end, start, textStart("0"), text("0", `"Hi."`), stop("0"), msgDelta("end_turn"), end),
		},
		{ // D39 (BerriAI/litellm #12481): a Chat word left unmapped by a translator
			name:  "tool_calls with a healthy tool_use",
			in:    sseOf(start, toolStart("0", "Bash"), input("0", `"{\"command\":\"ls\"}"`), stop("0"), msgDelta("tool_calls"), end),
			want:  `{"stop_reason":"tool_use","content":[{"type":"tool_use","id":"toolu_1","name":"Bash","input":{"command":"ls"}}]}`,
			kinds: []string{"stop_reason"},
		},
		{
			name:  "stop with a healthy tool_use",
			in:    sseOf(start, toolStart("0", "Bash"), input("0", `"{\"command\":\"ls\"}"`), stop("0"), msgDelta("stop"), end),
			want:  `{"stop_reason":"tool_use","content":[{"type":"tool_use","id":"toolu_1","name":"Bash","input":{"command":"ls"}}]}`,
			kinds: []string{"stop_reason"},
		},
		{
			name: "stop_sequence with a healthy tool_use stays",
			in:   sseOf(start, toolStart("0", "Bash"), input("0", `"{\"command\":\"ls\"}"`), stop("0"), msgDelta("stop_sequence"), end),
		},
		{
			name: "stop without a tool_use stays",
			in:   sseOf(start, textStart("0"), text("0", `"Done."`), stop("0"), msgDelta("stop"), end),
		},
		{
			name: "healthy text with angle brackets and lowercase lines",
			in:   sseOf(start, textStart("0"), text("0", `"a < b and <div>\nok\n"`), text("0", `"then\nfine <inv"`), text("0", `"alid> done"`), stop("0"), msgDelta("end_turn"), end),
		},
		{ // D63: the argument-text repairs of OpenAI's APIs, in input_json_delta
			name:  "stray closer after the complete input",
			in:    sseOf(start, toolStart("0", "Bash"), input("0", `"{\"command\":"`), input("0", `"\"ls\"}}"`), stop("0"), msgDelta("tool_use"), end),
			want:  `{"stop_reason":"tool_use","content":[{"type":"tool_use","id":"toolu_1","name":"Bash","input":{"command":"ls"}}]}`,
			kinds: []string{"args"},
		},
		{
			name:  "prose after the complete input",
			in:    sseOf(start, toolStart("0", "Bash"), input("0", `"{\"command\":\"pwd\"}"`), input("0", `"\nDone, that runs it."`), stop("0"), msgDelta("tool_use"), end),
			want:  `{"stop_reason":"tool_use","content":[{"type":"tool_use","id":"toolu_1","name":"Bash","input":{"command":"pwd"}}]}`,
			kinds: []string{"args"},
		},
		{
			name:  "the same input twice",
			in:    sseOf(start, toolStart("0", "Bash"), input("0", `"{\"command\":\"ls\"}"`), input("0", `"{\"command\":\"ls\"}"`), stop("0"), msgDelta("tool_use"), end),
			want:  `{"stop_reason":"tool_use","content":[{"type":"tool_use","id":"toolu_1","name":"Bash","input":{"command":"ls"}}]}`,
			kinds: []string{"args"},
		},
		{
			name: "two different inputs stay",
			in:   sseOf(start, toolStart("0", "Bash"), input("0", `"{\"command\":\"ls\"}"`), input("0", `"{\"command\":\"rm x\"}"`), stop("0"), msgDelta("tool_use"), end),
		},
		{
			name:  "windows backslashes",
			in:    sseOf(start, toolStart("0", "Bash"), input("0", `"{\"command\":\"type C:\\Users\\dev\\x.txt\"}"`), stop("0"), msgDelta("tool_use"), end),
			want:  `{"stop_reason":"tool_use","content":[{"type":"tool_use","id":"toolu_1","name":"Bash","input":{"command":"type C:\\Users\\dev\\x.txt"}}]}`,
			kinds: []string{"args"},
		},
		{ // D65
			name:  "a trailing comma, split across deltas",
			in:    sseOf(start, toolStart("0", "Bash"), input("0", `"{\"command\": \"ls\","`), input("0", `" "`), input("0", `"}"`), stop("0"), msgDelta("tool_use"), end),
			want:  `{"stop_reason":"tool_use","content":[{"type":"tool_use","id":"toolu_1","name":"Bash","input":{"command":"ls"}}]}`,
			kinds: []string{"args"},
		},
		{
			name: "a comma at a delta's end before a member stays",
			in:   sseOf(start, toolStart("0", "Bash"), input("0", `"{\"command\": \"ls\","`), `{"type":"ping"}`, input("0", `" \"timeout\": 5}"`), stop("0"), msgDelta("tool_use"), end),
		},
		{ // D66
			name:  "a literal backslash-n between tokens",
			in:    sseOf(start, toolStart("0", "Bash"), input("0", `"{\\n  \"command\": \"ls\"\\n}"`), stop("0"), msgDelta("tool_use"), end),
			want:  `{"stop_reason":"tool_use","content":[{"type":"tool_use","id":"toolu_1","name":"Bash","input":{"command":"ls"}}]}`,
			kinds: []string{"args"},
		},
		{ // D67
			name:  "an input that is the JSON text of an object",
			in:    sseOf(start, toolStart("0", "Bash"), input("0", `"\"{\\\"command\\\": \\\"ls\\\"}\""`), stop("0"), msgDelta("tool_use"), end),
			want:  `{"stop_reason":"tool_use","content":[{"type":"tool_use","id":"toolu_1","name":"Bash","input":{"command":"ls"}}]}`,
			kinds: []string{"coerce"},
		},
		{
			name: "an input that is a bare string stays",
			in:   sseOf(start, toolStart("0", "Bash"), input("0", `"\"git status\""`), stop("0"), msgDelta("tool_use"), end),
		},
		{
			name: "tool the request does not offer is left",
			in:   sseOf(start, toolStart("0", "Deploy"), input("0", `"{\"targets\":\"[1]\"}"`), stop("0"), msgDelta("tool_use"), end),
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			for _, r := range ssetest.Readers([]byte(tc.in)) {
				out, kinds := run(t, []byte(bashTools), r)
				if tc.want == "" {
					ssetest.CheckPassthrough(t, []byte(tc.in), out, kinds)
					continue
				}
				checkMessage(t, client.AnthropicStream, out, []byte(tc.want))
				for _, k := range tc.kinds {
					if !strings.Contains(strings.Join(kinds, ","), k) {
						t.Errorf("kind %q not reported (got %v)", k, kinds)
					}
				}
			}
		})
	}
}

func TestJunkAndShape(t *testing.T) {
	in := "event: message_start\ndata: {\"type\":\"message_start\",\"message\":{}}\n\n" +
		"data: {\"type\":\"ping\"}\n\n" +
		"data: null\n\n" +
		"data: {\"object\":\"billing.summary\",\"cost\":1}\n\n" +
		": keep me\n\n" +
		"event: message_stop\ndata: {\"type\":\"message_stop\"}\n\n" +
		"data: [DONE]\n\n"
	want := "event: message_start\ndata: {\"type\":\"message_start\",\"message\":{}}\n\n" +
		"event: ping\ndata: {\"type\":\"ping\"}\n\n" +
		": keep me\n\n" +
		"event: message_stop\ndata: {\"type\":\"message_stop\"}\n\n"
	out, kinds := run(t, nil, strings.NewReader(in))
	if string(out) != want {
		t.Fatalf("got\n%q\nwant\n%q", out, want)
	}
	if !strings.Contains(strings.Join(kinds, ","), "junk_frame") || !strings.Contains(strings.Join(kinds, ","), "shape") {
		t.Errorf("kinds %v", kinds)
	}
}

// FuzzStream: never panic, hold nothing after End, and any output that differs from the input
// must have been reported as a repair, but for pings and comments that passed ahead of a held
// tool input; and every block's bytes go out in upstream order (client.CheckOrder).
func FuzzStream(f *testing.F) {
	for _, c := range cases.ForTest(f, "anthropic") {
		if c.Stream {
			f.Add(c.Request, c.Upstream, uint8(1))
		}
	}
	closed := strings.Replace(d46Text, `</parameter>\n"`, `</parameter>\n</invoke>"`, 1)
	for _, reason := range []string{`"max_tokens"`, `"end_turn"`, "null"} {
		f.Add([]byte(dbTools), []byte(sseOf(fStart, fTextStart, fText("0", closed), fStop0, `{"type":"ping"}`, fMsgDelta(reason), fEnd)), uint8(3))
	}
	f.Add([]byte(dbTools), []byte(sseOf(fStart, fTextStart, fText("0", closed), fStop0)+"event: error\ndata: {\"error\":{\"message\":\"x\"}}\n\n"), uint8(5))
	f.Fuzz(func(t *testing.T, request, body []byte, chunk uint8) {
		r := io.Reader(ssetest.Chunks(body, int64(chunk)))
		out, kinds := run(t, request, r)
		if len(kinds) == 0 && !bytes.Equal(sse.WithoutKeepAlives(out, isPing), sse.WithoutKeepAlives(body, isPing)) {
			t.Fatalf("output changed with no repair reported:\n in: %q\nout: %q", body, out)
		}
		if err := client.CheckOrder(client.AnthropicOrderFrames(body), client.AnthropicOrderFrames(out)); err != nil {
			t.Fatalf("order: %v\n in: %q\nout: %q", err, body, out)
		}
	})
}

// isPing reports whether raw is a ping event, which passes ahead of a held tool input.
func isPing(raw []byte) bool {
	name, data, _ := sse.Fields(raw)
	var e struct{ Type string }
	return string(name) == "ping" || json.Unmarshal(data, &e) == nil && e.Type == "ping"
}

// FuzzHealthyText: text deltas of any content that does not end as markup, in any split, pass
// byte for byte.
func FuzzHealthyText(f *testing.F) {
	f.Add("Hello <b>world</b>\ncount\nmore", uint8(3))
	f.Add("```\n<invoke name=\"Bash\">\n```", uint8(2))
	f.Fuzz(func(t *testing.T, text string, parts uint8) {
		if strings.Contains(text, "<") && (strings.Contains(text, "invoke") || strings.Contains(text, "tool") || strings.Contains(text, "|") || strings.Contains(text, "｜")) {
			return // could be real leaked markup; FuzzStream covers it
		}
		n := int(parts%8) + 1
		var events []string
		events = append(events, `{"type":"message_start","message":{}}`, `{"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}`)
		step := len(text)/n + 1
		for i := 0; i < len(text); i += step {
			seg := text[i:min(len(text), i+step)]
			events = append(events, string(textDeltaData(0, seg)))
		}
		events = append(events, `{"type":"content_block_stop","index":0}`, `{"type":"message_delta","delta":{"stop_reason":"end_turn"}}`, `{"type":"message_stop"}`)
		in := sseOf(events...)
		out, kinds := run(t, []byte(bashTools), strings.NewReader(in))
		if string(out) != in {
			t.Fatalf("healthy text changed (kinds %v):\n%q", kinds, out)
		}
	})
}

// pushAll frames in in memory and pushes its events through st to w, then ends it.
func pushAll(st *Stream, in []byte, w io.Writer) {
	fr := &sse.Reader{R: bytes.NewReader(in)}
	for {
		ev, err := fr.Next()
		if err != nil {
			break
		}
		_ = st.Push(ev, w)
	}
	_ = st.End(w)
}

// BenchmarkStreamHealthyText measures the dialect alone on a healthy stream of short text
// deltas, framed in memory: ns/op divided by the events per op is the cost per event.
func BenchmarkStreamHealthyText(b *testing.B) {
	var events []string
	events = append(events, `{"type":"message_start","message":{}}`, `{"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}`)
	words := strings.Fields("Let me look at the failing test first, then the parser; a < b holds and <div> is prose.")
	for i := 0; i < 10000; i++ {
		sep := " "
		if i%40 == 39 {
			sep = "\n\n"
		}
		events = append(events, string(textDeltaData(0, words[i%len(words)]+sep)))
	}
	events = append(events, `{"type":"content_block_stop","index":0}`, `{"type":"message_delta","delta":{"stop_reason":"end_turn"}}`, `{"type":"message_stop"}`)
	in := []byte(sseOf(events...))
	tools, _ := repair.ToolsFromAnthropic([]byte(bashTools))
	b.SetBytes(int64(len(in)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := ssetest.Run(bytes.NewReader(in), NewStream(tools, nil)); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(events)), "events/op")
}

func TestTooDeep(t *testing.T) {
	tests := []struct {
		in   string
		want bool
	}{
		{`{"a":1}`, false},
		{strings.Repeat("[", 10000) + strings.Repeat("]", 10000), false},
		{strings.Repeat("[", 10001), true},
		{`{"s":"` + strings.Repeat("[", 20000) + `"}`, false},
		{`{"s":"\"` + strings.Repeat("{", 20000) + `"}`, false},
		{`{"s":"\\"` + strings.Repeat("{", 20000) + `}`, true},
	}
	for _, tc := range tests {
		if got := tooDeep([]byte(tc.in)); got != tc.want {
			t.Errorf("tooDeep(%.30q…) = %v, want %v", tc.in, got, tc.want)
		}
	}
}

// TestReplayCountsOnce: a finish replayed twice after message_stop (D73) is dropped both times and
// counted as one shape repair for the message.
func TestReplayCountsOnce(t *testing.T) {
	replay := sseOf(`{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Hi"}}`, fStop0, fMsgDelta(`"end_turn"`), fEnd)
	msg := sseOf(fStart, fTextStart, fText("0", `"Hi"`), fStop0, fMsgDelta(`"end_turn"`), fEnd)
	for name, r := range readers(msg + replay + replay) {
		out, kinds := run(t, []byte(bashTools), r)
		if string(out) != msg || len(kinds) != 1 || kinds[0] != "shape" {
			t.Fatalf("%s: kinds %v\n%s", name, kinds, out)
		}
	}
}

// TestLateDeltasAfterStop: message_delta events after message_stop, even alone with the stream's
// end after them (a translator's second terminal message_delta for a late usage-only chunk:
// router-for-me/CLIProxyAPI #4544), belong to no message: dropped as a replayed finish (D73),
// counted once as shape, pings among them kept in their place; a stop_reason toolfix rewrote
// (D39) stays rewritten in the message.
func TestLateDeltasAfterStop(t *testing.T) {
	tool := `{"type":"content_block_start","index":0,"content_block":{"type":"tool_use","id":"toolu_1","name":"Bash","input":{}}}`
	input := `{"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":"{\"command\":\"ls\"}"}}`
	usage := `{"type":"message_delta","delta":{},"usage":{"output_tokens":52}}`
	late := `{"type":"message_delta","delta":{"stop_reason":"tool_use","stop_sequence":null},"usage":{"output_tokens":52}}`
	ping := `{"type":"ping"}`
	call := sseOf(fStart, tool, input, fStop0, fMsgDelta(`"tool_use"`), fEnd)
	text := sseOf(fStart, fTextStart, fText("0", `"Hi"`), fStop0, fMsgDelta(`"end_turn"`), fEnd)
	for _, tc := range []struct {
		name, in, want string
		kinds          []string
	}{
		{"the same stop_reason again with the final usage", call + sseOf(late), call, []string{"shape"}},
		{"usage-only deltas and a ping", text + sseOf(usage, ping, usage), text + sseOf(ping), []string{"shape"}},
		{"a null stop_reason", call + sseOf(fMsgDelta("null")), call, []string{"shape"}},
		{"closed by a message_stop", text + sseOf(fMsgDelta(`"end_turn"`), fEnd), text, []string{"shape"}},
		{"after a rewritten stop_reason", sseOf(fStart, tool, input, fStop0, fMsgDelta(`"end_turn"`), fEnd, fMsgDelta(`"end_turn"`)),
			sseOf(fStart, tool, input, fStop0, fMsgDelta(`"tool_use"`), fEnd), []string{"shape", "stop_reason"}},
	} {
		for name, r := range readers(tc.in) {
			out, kinds := run(t, []byte(bashTools), r)
			slices.Sort(kinds)
			if string(out) != tc.want || !slices.Equal(kinds, tc.kinds) {
				t.Fatalf("%s, %s: kinds %v\n%s", tc.name, name, kinds, out)
			}
		}
	}
}
