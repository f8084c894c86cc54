package openai

import (
	"strings"
	"testing"

	"github.com/toolfix/toolfix/proxy/client"
	"github.com/toolfix/toolfix/proxy/jsontext"
	"github.com/toolfix/toolfix/proxy/repair"
	"github.com/toolfix/toolfix/proxy/sse/ssetest"
)

// tools offers bash (command required), read (file_path required), write, todowrite, ping (no
// parameters) and status (only optional parameters).
const tools = `{"model":"m","stream":true,"tools":[
{"type":"function","function":{"name":"bash","parameters":{"type":"object","properties":{"command":{"type":"string"},"timeout":{"type":"number"}},"required":["command"],"additionalProperties":false}}},
{"type":"function","function":{"name":"read","parameters":{"type":"object","properties":{"file_path":{"type":"string"},"limit":{"type":"integer"}},"required":["file_path"]}}},
{"type":"function","function":{"name":"write","parameters":{"type":"object","properties":{"file_path":{"type":"string"},"content":{"type":"string"}},"required":["file_path","content"]}}},
{"type":"function","function":{"name":"todowrite","parameters":{"type":"object","properties":{"todos":{"type":"array","items":{"type":"object","properties":{"content":{"type":"string"}},"required":["content"]}}},"required":["todos"]}}},
{"type":"function","function":{"name":"ping"}},
{"type":"function","function":{"name":"status","parameters":{"type":"object","properties":{"verbose":{"type":"boolean"}}}}}]}`

// chunk is one chat.completion.chunk with one choice.
func chunk(delta, finish string) string {
	return `{"id":"c1","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,"delta":` + delta + `,"finish_reason":` + finish + `}]}`
}

func text(s string) string   { return chunk(`{"content":`+quote(s)+`}`, "null") }
func finish(r string) string { return chunk(`{}`, `"`+r+`"`) }

// head is the standard first delta of a call; args one arguments delta.
func head(i, id, name string) string {
	return chunk(`{"tool_calls":[{"index":`+i+`,"id":"`+id+`","type":"function","function":{"name":"`+name+`","arguments":""}}]}`, "null")
}
func args(i, s string) string {
	return chunk(`{"tool_calls":[{"index":`+i+`,"function":{"arguments":`+quote(s)+`}}]}`, "null")
}

func quote(s string) string { return string(jsontext.Quote(s)) }

// sseOf frames data payloads as SSE events and ends the stream with [DONE].
func sseOf(datas ...string) string {
	var b strings.Builder
	for _, d := range datas {
		b.WriteString("data: " + d + "\n\n")
	}
	b.WriteString("data: [DONE]\n\n")
	return b.String()
}

type ruleCase struct {
	name  string
	in    string
	want  string // the message as CompareChat reads it; "" for a stream that must pass unchanged
	kinds []string
	opt   Options
	has   string // text the repaired output must hold ("" for none)
}

func runRules(t *testing.T, tests []ruleCase) {
	t.Helper()
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			// whole, one byte per read, and small random reads
			for _, r := range ssetest.Readers([]byte(tc.in), 1, 2, 3) {
				out, kinds := run(t, []byte(tools), r, tc.opt)
				if tc.want == "" {
					ssetest.CheckPassthrough(t, []byte(tc.in), out, kinds)
					continue
				}
				if !strings.Contains(string(out), tc.has) {
					t.Fatalf("output lacks %s:\n%s", tc.has, out)
				}
				if err := client.ChatFramesValid(out); err != nil {
					t.Fatalf("%v\n%s", err, out)
				}
				checkMessage(t, out, true, []byte(tc.want))
				ssetest.CheckKinds(t, kinds, tc.kinds)
			}
		})
	}
}

func TestArgumentRules(t *testing.T) {
	call := func(name, args string) string {
		return `{"id":"*","type":"function","function":{"name":"` + name + `","arguments":` + args + `}}`
	}
	msg := func(content string, calls ...string) string {
		return `{"finish_reason":"tool_calls","content":` + quote(content) + `,"tool_calls":[` + strings.Join(calls, ",") + `]}`
	}
	runRules(t, []ruleCase{
		{
			name:  "stringified array coerced, deltas released as one",
			in:    sseOf(text("Plan."), head("0", "call_1", "todowrite"), args("0", `{"todos":"[{\"content\":`), args("0", `\"a\"}]"}`), finish("tool_calls")),
			want:  msg("Plan.", call("todowrite", `{"todos":[{"content":"a"}]}`)),
			kinds: []string{"coerce"},
		},
		{
			name: "healthy call of an offered tool passes",
			in:   sseOf(head("0", "call_1", "bash"), args("0", `{"command":`), args("0", `"ls"}`), finish("tool_calls")),
		},
		{
			name: "arguments that fit no repair pass as they came",
			in:   sseOf(head("0", "call_1", "bash"), args("0", `{"cmd":"ls"}`), finish("tool_calls")),
		},
		{
			name: "truncated arguments are never completed",
			in:   sseOf(head("0", "call_1", "bash"), args("0", `{"command":"l`), finish("length")),
		},
		{
			name: "empty arguments of a call cut off by max_tokens stay empty (D46 over D19)",
			in:   sseOf(head("0", "call_1", "status"), finish("length")),
		},
		{
			name: "empty arguments delta of a call cut off stays empty",
			in:   sseOf(head("0", "call_1", "ping"), args("0", ""), finish("length")),
		},
		{
			name: "prose after the arguments of a call cut off stays",
			in:   sseOf(head("0", "call_1", "bash"), args("0", `{"command":"ls"} I will`), finish("length")),
		},
		{
			name: "repeated arguments of a call cut off stay",
			in:   sseOf(head("0", "call_1", "bash"), args("0", `{"command":"ls"}{"command":"ls"}`), finish("length")),
		},
		{
			name:  "an earlier call with whole arguments is still repaired when the choice is cut off",
			in:    sseOf(head("0", "call_1", "read"), args("0", `{"file_path":"a","limit":"5"}`), head("1", "call_2", "bash"), args("1", `{"command":"ls"}`), finish("length")),
			want:  `{"finish_reason":"length","content":"","tool_calls":[` + call("read", `{"file_path":"a","limit":5}`) + `,` + call("bash", `{"command":"ls"}`) + `]}`,
			kinds: []string{"coerce"},
		},
		{
			// Its deltas may still come (parallel calls interleave), so it counts as cut off too.
			name: "an earlier call with empty arguments stays empty when the choice is cut off",
			in:   sseOf(head("0", "call_1", "ping"), head("1", "call_2", "bash"), args("1", `{"command":"l`), finish("length")),
		},
		{
			name:  "empty arguments of a tool without required parameters become {}",
			in:    sseOf(head("0", "call_1", "status"), finish("tool_calls")),
			want:  msg("", call("status", `{}`)),
			kinds: []string{"args"},
		},
		{
			name:  "empty arguments of a tool declared without parameters become {}",
			in:    sseOf(head("0", "call_1", "ping"), args("0", ""), finish("tool_calls")),
			want:  msg("", call("ping", `{}`)),
			kinds: []string{"args"},
		},
		{
			name: "empty arguments of a tool with required parameters stay",
			in:   sseOf(head("0", "call_1", "bash"), finish("tool_calls")),
		},
		{
			name:  "arguments repeated whole become one copy",
			in:    sseOf(head("0", "call_1", "bash"), args("0", `{"command":"ls"}`), args("0", `{"command":"ls"}`), finish("tool_calls")),
			want:  msg("", call("bash", `{"command":"ls"}`)),
			kinds: []string{"args"},
		},
		{
			name: "two different objects glued stay",
			in:   sseOf(head("0", "call_1", "bash"), args("0", `{"command":"ls"}{"command":"rm -rf x"}`), finish("tool_calls")),
		},
		{
			name:  "prose after complete arguments is cut",
			in:    sseOf(head("0", "call_1", "bash"), args("0", `{"command":"ls"} I will now list.`), finish("tool_calls")),
			want:  msg("", call("bash", `{"command":"ls"}`)),
			kinds: []string{"args"},
		},
		{
			name:  "unescaped backslashes of a Windows path are escaped",
			in:    sseOf(head("0", "call_1", "read"), args("0", `{"file_path": "C:\Users\dev\new.txt"}`), finish("tool_calls")),
			want:  msg("", call("read", `{"file_path":"C:\\Users\\dev\\new.txt"}`)),
			kinds: []string{"args"},
		},
		{ // D65, streamed: the comma is held, so the stringified array's repair can go out before it
			name:  "a trailing comma after a stringified array",
			in:    sseOf(head("0", "call_1", "todowrite"), args("0", `{"todos":"[{\"content\":\"a\"}]",`), args("0", `}`), finish("tool_calls")),
			want:  msg("", call("todowrite", `{"todos":[{"content":"a"}]}`)),
			kinds: []string{"args", "coerce"},
		},
		{
			name:  "a trailing comma in an array, split",
			in:    sseOf(head("0", "call_1", "todowrite"), args("0", `{"todos": [{"content": "a"},`), args("0", ` ]}`), finish("tool_calls")),
			want:  msg("", call("todowrite", `{"todos":[{"content":"a"}]}`)),
			kinds: []string{"args"},
		},
		{ // D66 (OpenHands/software-agent-sdk #2488)
			name:  "a literal backslash-n between tokens is white space",
			in:    sseOf(head("0", "call_1", "bash"), args("0", `{\n  "command": `), args("0", `"ls",\n  "timeout": 5\n}`), finish("tool_calls")),
			want:  msg("", call("bash", `{"command":"ls","timeout":5}`)),
			kinds: []string{"args"},
		},
		{ // D68 (vllm-project/vllm #51804; continuedev/continue #11453)
			name:  "arguments holding the raw markup of the same call",
			in:    sseOf(head("0", "call_1", "bash"), args("0", "<tool_call>\n<function=bash>\n<parameter=command>\nls -la\n"), args("0", "</parameter>\n</function>\n</tool_call>"), finish("tool_calls")),
			want:  msg("", call("bash", `{"command":"ls -la"}`)),
			kinds: []string{"args"},
		},
		{
			name: "arguments holding the markup of another function stay",
			in:   sseOf(head("0", "call_1", "bash"), args("0", "<tool_call>\n<function=read>\n<parameter=file_path>\na\n</parameter>\n</function>\n</tool_call>"), finish("tool_calls")),
		},
		{
			name: "arguments holding markup with an undeclared parameter stay",
			in:   sseOf(head("0", "call_1", "bash"), args("0", "<tool_call>\n<function=bash>\n<parameter=cmd>\nls\n</parameter>\n</function>\n</tool_call>"), finish("tool_calls")),
		},
		{ // D69
			name:  "arguments null become {} when nothing is required",
			in:    sseOf(chunk(`{"tool_calls":[{"index":0,"id":"call_1","type":"function","function":{"name":"status","arguments":null}}]}`, "null"), finish("tool_calls")),
			want:  msg("", call("status", `{}`)),
			kinds: []string{"args"},
		},
		{
			name: "arguments null stay when a parameter is required",
			in:   sseOf(chunk(`{"tool_calls":[{"index":0,"id":"call_1","type":"function","function":{"name":"bash","arguments":null}}]}`, "null"), finish("tool_calls")),
		},
		{
			name:  "arguments sent as an object become a string",
			in:    sseOf(chunk(`{"tool_calls":[{"index":0,"id":"call_1","type":"function","function":{"name":"bash","arguments":{"command":"pwd"}}}]}`, "null"), finish("tool_calls")),
			want:  msg("", `{"id":"call_1","type":"function","function":{"name":"bash","arguments":{"command":"pwd"}}}`),
			kinds: []string{"args_object"},
		},
		{
			name: "a tool the request does not offer is not coerced",
			in:   sseOf(head("0", "call_1", "deploy"), args("0", `{"targets":"[1,2]"}`), finish("tool_calls")),
		},
		{
			name: "two healthy calls in order pass",
			in: sseOf(head("0", "call_1", "bash"), args("0", `{"command":"ls"}`), head("1", "call_2", "read"),
				args("1", `{"file_path":"a"}`), finish("tool_calls")),
		},
		{
			name: "the first of two calls is repaired when the second begins",
			in: sseOf(head("0", "call_1", "read"), args("0", `{"file_path":"a","limit":"5"}`), head("1", "call_2", "bash"),
				args("1", `{"command":"ls"}`), finish("tool_calls")),
			want:  msg("", call("read", `{"file_path":"a","limit":5}`), call("bash", `{"command":"ls"}`)),
			kinds: []string{"coerce"},
		},
		{
			name: "interleaved parallel calls are each repaired",
			in: sseOf(head("0", "call_1", "todowrite"), head("1", "call_2", "read"), args("1", `{"file_path":`), args("1", `"a"}`),
				args("0", `{"todos":"[{\"content\":\"x\",`), args("0", `\"status\":\"pending\"}]"}`), finish("tool_calls")),
			want:  msg("", call("todowrite", `{"todos":[{"content":"x","status":"pending"}]}`), call("read", `{"file_path":"a"}`)),
			kinds: []string{"coerce"},
		},
		{
			name: "interleaved healthy parallel calls pass",
			in: sseOf(head("0", "call_1", "bash"), head("1", "call_2", "read"), args("1", `{"file_path":"a"}`),
				args("0", `{"command":`), args("0", `"ls"}`), finish("tool_calls")),
		},
		{
			name: "interleaved calls, the second needing repair",
			in: sseOf(head("0", "call_1", "bash"), args("0", `{"command":`), head("1", "call_2", "read"), args("1", `{"file_path":"a","limit":"5"}`),
				args("0", `"ls"}`), finish("tool_calls")),
			want:  msg("", call("bash", `{"command":"ls"}`), call("read", `{"file_path":"a","limit":5}`)),
			kinds: []string{"coerce"},
		},
		{
			name: "two calls in one chunk, the first repaired, keep their order",
			in: sseOf(chunk(`{"tool_calls":[{"index":0,"id":"call_1","type":"function","function":{"name":"read","arguments":""}},`+
				`{"index":1,"id":"call_2","type":"function","function":{"name":"bash","arguments":""}}]}`, "null"),
				chunk(`{"tool_calls":[{"index":0,"function":{"arguments":"{\"file_path\":\"a\",\"limit\":\"5\"}"}},`+
					`{"index":1,"function":{"arguments":"{\"command\":\"ls\"}"}}]}`, "null"), finish("tool_calls")),
			want:  msg("", call("read", `{"file_path":"a","limit":5}`), call("bash", `{"command":"ls"}`)),
			kinds: []string{"coerce"},
		},
		{
			name: "three calls in one chunk with content, the middle one repaired, keep their order",
			in: sseOf(chunk(`{"content":"Go.","tool_calls":[{"index":0,"id":"call_1","type":"function","function":{"name":"bash","arguments":""}},`+
				`{"index":1,"id":"call_2","type":"function","function":{"name":"read","arguments":""}},`+
				`{"index":2,"id":"call_3","type":"function","function":{"name":"bash","arguments":""}}]}`, "null"),
				args("0", `{"command":"pwd"}`), args("1", `{"file_path":"a","limit":"5"}`), args("2", `{"command":"ls"}`), finish("tool_calls")),
			want:  msg("Go.", call("bash", `{"command":"pwd"}`), call("read", `{"file_path":"a","limit":5}`), call("bash", `{"command":"ls"}`)),
			kinds: []string{"coerce"},
		},
		{
			name:  "a whole call and the finish in one chunk",
			in:    sseOf(chunk(`{"tool_calls":[{"index":0,"id":"call_1","type":"function","function":{"name":"read","arguments":"{\"file_path\":\"a\",\"limit\":\"5\"}"}}]}`, `"tool_calls"`)),
			want:  msg("", call("read", `{"file_path":"a","limit":5}`)),
			kinds: []string{"coerce"},
		},
	})
}

func TestShapeRules(t *testing.T) {
	msg := func(finish, content string, calls ...string) string {
		return `{"finish_reason":"` + finish + `","content":` + quote(content) + `,"tool_calls":[` + strings.Join(calls, ",") + `]}`
	}
	runRules(t, []ruleCase{
		{
			name: "junk frames dropped, the rest kept",
			in: "data:\n\n" + "data: true\n\n" + "data: 42\n\n" + "data: \"ping\"\n\n" + "data: [1]\n\n" + "data: null\n\n" +
				"data: : OPENROUTER PROCESSING\n\n" + "data::keep-alive\n\n" +
				"data: " + text("Hi.") + "\n\n" + ": keep-alive\n\n" + "data: {\"object\":\"billing.summary\",\"billing\":{}}\n\n" +
				"data: {\"usage\":{\"total_tokens\":3}}\n\n" + "data: " + finish("stop") + "\n\ndata: [DONE]\n\n",
			want:  msg("stop", "Hi."),
			kinds: []string{"junk_frame"},
		},
		{
			name: "error objects, comments and text that is not JSON pass",
			in:   ": hello\n\ndata: not json\n\n" + sseOf(text("a"), `{"error":{"message":"rate limited"}}`),
		},
		{
			name:  "choices null becomes a list",
			in:    sseOf(text("Hi."), finish("stop"), `{"id":"c1","choices":null,"usage":{"total_tokens":3}}`),
			want:  msg("stop", "Hi."),
			kinds: []string{"shape"},
		},
		{
			name: "deltas without index are given one",
			in: sseOf(chunk(`{"tool_calls":[{"id":"call_1","type":"function","function":{"name":"bash","arguments":""}}]}`, "null"),
				chunk(`{"tool_calls":[{"function":{"arguments":"{\"command\":\"ls\"}"}}]}`, "null"),
				chunk(`{"tool_calls":[{"id":"call_2","type":"function","function":{"name":"read","arguments":"{\"file_path\":\"a\"}"}}]}`, "null"),
				finish("tool_calls")),
			want: msg("tool_calls", "", `{"id":"call_1","function":{"name":"bash","arguments":{"command":"ls"}}}`,
				`{"id":"call_2","function":{"name":"read","arguments":{"file_path":"a"}}}`),
			kinds: []string{"shape"},
		},
		{
			name: "deltas without index of a tool not offered are mended in place",
			in: sseOf(chunk(`{"tool_calls":[{"id":"call_1","type":"function","function":{"name":"deploy","arguments":""}}]}`, "null"),
				chunk(`{"tool_calls":[{"function":{"arguments":"{}"}}]}`, "null"), finish("tool_calls")),
			want:  msg("tool_calls", "", `{"id":"call_1","function":{"name":"deploy","arguments":{}}}`),
			kinds: []string{"shape"},
		},
		{
			name: "two calls sent with one index and different ids are told apart",
			in: sseOf(head("0", "call_1", "bash"), args("0", `{"command":"ls"}`), head("0", "call_2", "deploy"), args("0", `{}`),
				head("0", "call_3", "read"), args("0", `{"file_path":"a"}`), finish("tool_calls")),
			want: msg("tool_calls", "", `{"id":"call_1","function":{"name":"bash","arguments":{"command":"ls"}}}`,
				`{"id":"call_2","function":{"name":"deploy","arguments":{}}}`, `{"id":"call_3","function":{"name":"read","arguments":{"file_path":"a"}}}`),
			kinds: []string{"shape"},
		},
		{
			name: "an empty id is filled",
			in: sseOf(chunk(`{"tool_calls":[{"index":0,"id":"","type":"function","function":{"name":"bash","arguments":""}}]}`, "null"),
				args("0", `{"command":"ls"}`), finish("tool_calls")),
			want:  msg("tool_calls", "", `{"id":"*","function":{"name":"bash","arguments":{"command":"ls"}}}`),
			kinds: []string{"shape"},
		},
		{
			name: "a late name is waited for",
			in: sseOf(chunk(`{"tool_calls":[{"index":0,"id":"call_1","type":"function","function":{"arguments":""}}]}`, "null"),
				chunk(`{"tool_calls":[{"index":0,"function":{"name":"bash"}}]}`, "null"),
				args("0", `{"command":"ls"}`), finish("tool_calls")),
			want:  msg("tool_calls", "", `{"id":"call_1","function":{"name":"bash","arguments":{"command":"ls"}}}`),
			kinds: []string{"shape"},
		},
		{
			name:  "a first delta without type gets it",
			in:    sseOf(chunk(`{"tool_calls":[{"index":0,"id":"c1","function":{"name":"bash","arguments":""}}]}`, "null"), args("0", `{"command":"ls"}`), finish("tool_calls")),
			want:  msg("tool_calls", "", `{"id":"c1","function":{"name":"bash","arguments":{"command":"ls"}}}`),
			kinds: []string{"shape"},
			has:   `{"index":0,"id":"c1","function":{"name":"bash","arguments":""},"type":"function"}`,
		},
		{
			name:  "a first delta with an empty type gets it",
			in:    sseOf(chunk(`{"tool_calls":[{"index":0,"id":"c1","type":"","function":{"name":"bash","arguments":""}}]}`, "null"), args("0", `{"command":"ls"}`), finish("tool_calls")),
			want:  msg("tool_calls", "", `{"id":"c1","function":{"name":"bash","arguments":{"command":"ls"}}}`),
			kinds: []string{"shape"},
			has:   `"type":"function"`,
		},
		{
			name:  "a first delta without type of a tool not offered gets it",
			in:    sseOf(chunk(`{"tool_calls":[{"index":0,"id":"c1","function":{"name":"deploy","arguments":""}}]}`, "null"), args("0", `{}`), finish("tool_calls")),
			want:  msg("tool_calls", "", `{"id":"c1","function":{"name":"deploy","arguments":{}}}`),
			kinds: []string{"shape"},
			has:   `"type":"function"`,
		},
		{
			name:  "a first delta without type of a call repaired anyway",
			in:    sseOf(chunk(`{"tool_calls":[{"index":0,"id":"c1","function":{"name":"read","arguments":""}}]}`, "null"), args("0", `{"file_path":"a","limit":"5"}`), finish("tool_calls")),
			want:  msg("tool_calls", "", `{"id":"c1","function":{"name":"read","arguments":{"file_path":"a","limit":5}}}`),
			kinds: []string{"coerce"},
			has:   `"type":"function"`,
		},
		{
			name:  "stop after tool calls becomes tool_calls",
			in:    sseOf(head("0", "call_1", "deploy"), args("0", `{}`), finish("stop")),
			want:  msg("tool_calls", "", `{"id":"call_1","function":{"name":"deploy","arguments":{}}}`),
			kinds: []string{"finish_reason"},
		},
		{
			name:  "an Anthropic end_turn after tool calls becomes tool_calls",
			in:    sseOf(head("0", "call_1", "deploy"), args("0", `{}`), finish("end_turn")),
			want:  msg("tool_calls", "", `{"id":"call_1","function":{"name":"deploy","arguments":{}}}`),
			kinds: []string{"finish_reason"},
		},
		{
			name:  "tool_use after tool calls becomes tool_calls",
			in:    sseOf(head("0", "call_1", "deploy"), args("0", `{}`), finish("tool_use")),
			want:  msg("tool_calls", "", `{"id":"call_1","function":{"name":"deploy","arguments":{}}}`),
			kinds: []string{"finish_reason"},
		},
		{
			name: "end_turn without tool calls stays",
			in:   sseOf(text("Done."), finish("end_turn")),
		},
		{
			name: "content_filter after tool calls stays",
			in:   sseOf(head("0", "call_1", "deploy"), args("0", `{}`), finish("content_filter")),
		},
		{
			name: "stop without tool calls stays",
			in:   sseOf(text("Done."), finish("stop")),
		},
		{
			name: "length after tool calls stays",
			in:   sseOf(head("0", "call_1", "deploy"), args("0", `{}`), finish("length")),
		},
		{
			name: "a chunk with two choices passes",
			in: sseOf(`{"id":"c","choices":[{"index":0,"delta":{"content":"a"},"finish_reason":null},{"index":1,"delta":{"content":"<tool_call>"},"finish_reason":null}]}`,
				finish("stop")),
		},
	})
}

// TestFailOpenAfterPanic: when Push panics (here in the reporter), what was written, then Held,
// then the piece being pushed give the input back, as the pump writes them.
func TestFailOpenAfterPanic(t *testing.T) {
	tl, _ := toolsFromChat(tools)
	rep := &repair.Reporter{Repaired: func(kind, _ string) { panic("boom: " + kind) }}
	st := NewStream(tl, rep, Options{})
	in := []string{text("Calling."), head("0", "call_1", "bash"), args("0", `{"command":"ls"}`), finish("stop")}
	var out strings.Builder
	for i, d := range in {
		raw := "data: " + d + "\n\n"
		func() {
			defer func() {
				if p := recover(); p != nil {
					if i != len(in)-1 {
						t.Fatalf("panic at piece %d: %v", i, p)
					}
					out.Write(st.Held())
					out.WriteString(raw)
				}
			}()
			if err := st.Push(ssetest.Event(raw), &out); err != nil {
				t.Fatal(err)
			}
		}()
	}
	if want := strings.TrimSuffix(sseOf(in...), "data: [DONE]\n\n"); out.String() != want {
		t.Fatalf("got\n%s\nwant\n%s", out.String(), want)
	}
}
