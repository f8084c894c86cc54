package openai

import (
	"strings"
	"testing"

	"github.com/toolfix/toolfix/proxy/sse/ssetest"
)

// pieces splits s into deltas of n bytes at most, never inside a UTF-8 sequence.
func pieces(s string, n int) []string {
	var out []string
	for len(s) > 0 {
		k := min(n, len(s))
		for k < len(s) && s[k]&0xC0 == 0x80 {
			k++
		}
		out = append(out, text(s[:k]))
		s = s[k:]
	}
	return out
}

// streamOf is a stream whose content is s in small deltas, finished with reason.
func streamOf(s, reason string) string {
	return sseOf(append(append([]string{chunk(`{"role":"assistant","content":""}`, "null")}, pieces(s, 7)...), finish(reason))...)
}

func TestLeakedCalls(t *testing.T) {
	leaked := func(content string, calls ...string) string {
		var cs []string
		for _, c := range calls {
			cs = append(cs, `{"id":"*","type":"function","function":`+c+`}`)
		}
		return `{"finish_reason":"tool_calls","content":` + quote(content) + `,"tool_calls":[` + strings.Join(cs, ",") + `]}`
	}
	bash := `{"name":"bash","arguments":{"command":"ls -la","timeout":30}}`
	gongju := Options{TextFormat: FormatGongju}
	// leaks is the case of a stream whose content, finished with "stop", leaks calls: the client
	// gets the text keep and the calls, reported as leaked_call.
	leaks := func(name, content, keep string, calls ...string) ruleCase {
		return ruleCase{name: name, in: streamOf(content, "stop"), want: leaked(keep, calls...), kinds: []string{"leaked_call"}}
	}
	runRules(t, []ruleCase{
		leaks("Hermes",
			"Let me look.\n<tool_call>\n{\"name\": \"bash\", \"arguments\": {\"command\": \"ls -la\", \"timeout\": 30}}\n</tool_call>",
			"Let me look.", bash),
		leaks("Qwen with closers missing at the end",
			"Writing.\n<tool_call>\n<function=write>\n<parameter=file_path>\nC:\\Users\\dev\\test.txt\n</parameter>\n<parameter=content>\nline one\nline two\n</parameter>\n",
			"Writing.", `{"name":"write","arguments":{"file_path":"C:\\Users\\dev\\test.txt","content":"line one\nline two"}}`),
		leaks("GLM",
			"<tool_call>bash\n<arg_key>command</arg_key>\n<arg_value>ls -la</arg_value>\n<arg_key>timeout</arg_key>\n<arg_value>30</arg_value>\n</tool_call>",
			"", bash),
		leaks("Kimi, two calls",
			"Two.<|tool_calls_section_begin|><|tool_call_begin|>functions.bash:0<|tool_call_argument_begin|>{\"command\": \"ls -la\", \"timeout\": 30}<|tool_call_end|><|tool_call_begin|>functions.read:1<|tool_call_argument_begin|>{\"file_path\": \"a\"}<|tool_call_end|><|tool_calls_section_end|>",
			"Two.", bash, `{"name":"read","arguments":{"file_path":"a"}}`),
		leaks("DeepSeek V3.1",
			"<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>read<｜tool▁sep｜>{\"file_path\": \"/a\", \"limit\": 3}<｜tool▁call▁end｜><｜tool▁calls▁end｜>",
			"", `{"name":"read","arguments":{"file_path":"/a","limit":3}}`),
		leaks("MiniMax invoke",
			"Ok.\n<minimax:tool_call>\n<invoke name=\"bash\">\n<parameter name=\"command\">ls -la</parameter>\n<parameter name=\"timeout\">30</parameter>\n</invoke>\n</minimax:tool_call>",
			"Ok.", bash),
		{
			name:  "the whole answer and the finish in one chunk",
			in:    sseOf(chunk(`{"content":"Look.\n<tool_call>{\"name\":\"bash\",\"arguments\":{\"command\":\"ls -la\",\"timeout\":30}}</tool_call>"}`, `"stop"`)),
			want:  leaked("Look.", bash),
			kinds: []string{"leaked_call"},
		},
		leaks("Kimi singular section tokens",
			"Listing.<|tool_call_section_begin|><|tool_call_begin|>functions.bash:0<|tool_call_argument_begin|>{\"command\": \"ls -la\", \"timeout\": 30}<|tool_call_end|><|tool_call_section_end|>",
			"Listing.", bash),
		leaks("bare Qwen function with a stray closer, then a wrapped one",
			"Two things.\n<function=bash>\n<parameter=command>\nls -la\n</parameter>\n<parameter=timeout>\n30\n</parameter>\n</function>\n</tool_call>\n<tool_call>\n<function=read>\n<parameter=file_path>\na.go\n</parameter>\n</function>\n</tool_call>",
			"Two things.", bash, `{"name":"read","arguments":{"file_path":"a.go"}}`),
		leaks("DeepSeek DSML typed by string",
			"Writing.\n\n<｜DSML｜function_calls>\n<｜DSML｜invoke name=\"write\">\n<｜DSML｜parameter name=\"file_path\" string=\"true\">VERSION</｜DSML｜parameter>\n<｜DSML｜parameter name=\"content\" string=\"true\">2.10</｜DSML｜parameter>\n</｜DSML｜invoke>\n<｜DSML｜invoke name=\"read\">\n<｜DSML｜parameter name=\"file_path\" string=\"true\">a</｜DSML｜parameter>\n<｜DSML｜parameter name=\"limit\" string=\"false\">5</｜DSML｜parameter>\n</｜DSML｜invoke>\n</｜DSML｜function_calls>",
			"Writing.", `{"name":"write","arguments":{"file_path":"VERSION","content":"2.10"}}`, `{"name":"read","arguments":{"file_path":"a","limit":5}}`),
		leaks("Harmony tokens after prose",
			"Listing.<|start|>assistant<|channel|>commentary to=functions.bash <|constrain|>json<|message|>{\"command\": \"ls -la\", \"timeout\": 30}<|call|>",
			"Listing.", bash),
		leaks("Harmony detokenized",
			"commentary to=functions.read json{\"file_path\": \"a\", \"limit\": 2}",
			"", `{"name":"read","arguments":{"file_path":"a","limit":2}}`),
		leaks("Mistral, two calls",
			"Both.[TOOL_CALLS]bash[ARGS]{\"command\": \"ls -la\", \"timeout\": 30}[TOOL_CALLS]read[ARGS]{\"file_path\": \"a\"}",
			"Both.", bash, `{"name":"read","arguments":{"file_path":"a"}}`),
		leaks("Mistral list",
			"[TOOL_CALLS] [{\"name\": \"bash\", \"arguments\": {\"command\": \"ls -la\", \"timeout\": 30}, \"id\": \"abcdefghi\"}]",
			"", bash),
		{
			name:  "the role on the first chunk survives a content cut to nothing",
			in:    sseOf(chunk(`{"role":"assistant","content":"[TOOL_CALLS]bash[ARGS]{\"command\": \"ls -la\", \"timeout\": 30}"}`, "null"), finish("stop")),
			want:  leaked("", bash),
			has:   `"role":"assistant"`,
			kinds: []string{"leaked_call"},
		},
		{
			name: "look-alikes of the new formats stay text",
			in: streamOf("Kimi writes `<|tool_call_section_begin|>` and Mistral [TOOL_CALLS] tokens; see [docs](x).\n"+
				"```\ncommentary to=functions.bash json{\"command\": \"ls\"}\n<function=bash>\n<parameter=command>\nls\n</parameter>\n</function>\n```\n"+
				"The header reads commentary to=functions.bash json{}, and <function=bash> opens a call.\n"+
				"> <｜DSML｜invoke name=\"bash\"></｜DSML｜invoke>\n", "stop"),
		},
		{
			name: "a new-format call followed by prose stays text",
			in:   streamOf("[TOOL_CALLS]bash[ARGS]{\"command\": \"ls\"} is how Devstral calls.", "stop"),
		},
		{
			name: "a Harmony call to a tool not offered stays text",
			in:   streamOf("<|channel|>commentary to=functions.deploy <|constrain|>json<|message|>{}", "stop"),
		},
		{
			name: "a DSML string=\"false\" value of the wrong type stays text",
			in:   streamOf("<｜DSML｜invoke name=\"read\"><｜DSML｜parameter name=\"file_path\" string=\"true\">a</｜DSML｜parameter><｜DSML｜parameter name=\"limit\" string=\"false\">[1]</｜DSML｜parameter></｜DSML｜invoke>", "stop"),
		},
		{
			name: "markup inside a code fence stays text",
			in:   streamOf("Example:\n```\n<tool_call>\n{\"name\": \"bash\", \"arguments\": {\"command\": \"ls\"}}\n</tool_call>", "stop"),
		},
		{
			name: "markup followed by more text stays text",
			in:   streamOf("<tool_call>\n{\"name\": \"bash\", \"arguments\": {\"command\": \"ls\"}}\n</tool_call>\nThat is the format.", "stop"),
		},
		{
			name: "a tool the request does not offer stays text",
			in:   streamOf("<tool_call>\n{\"name\": \"deploy\", \"arguments\": {}}\n</tool_call>", "stop"),
		},
		{
			name: "a parameter the schema does not know stays text",
			in:   streamOf("<tool_call>\n<function=bash>\n<parameter=cmd>\nls\n</parameter>\n</function>\n</tool_call>", "stop"),
		},
		{
			name: "a message cut by length stays text",
			in:   streamOf("<tool_call>\n{\"name\": \"bash\", \"arguments\": {\"command\": \"ls\"}}\n</tool_call>", "length"),
		},
		{
			name: "a stream without a finish stays text",
			in:   strings.TrimSuffix(streamOf("<tool_call>\n{\"name\": \"bash\", \"arguments\": {\"command\": \"ls\"}}\n</tool_call>", "stop"), "data: "+finish("stop")+"\n\ndata: [DONE]\n\n"),
		},
		{
			name: "markup in reasoning_content is never promoted",
			in: sseOf(chunk(`{"reasoning_content":"<tool_call>{\"name\":\"bash\",\"arguments\":{\"command\":\"ls\"}}</tool_call>"}`, "null"),
				text("Thinking done."), finish("stop")),
		},
		{
			name: "a leaked copy of a structured call is cut, never added",
			in: sseOf(append(pieces("Done.\n<tool_call>{\"name\":\"bash\",\"arguments\":{\"command\":\"ls -la\",\"timeout\":30}}</tool_call>", 5),
				head("0", "call_9", "bash"), args("0", `{"command":"ls -la","timeout":30}`), finish("tool_calls"))...),
			want:  `{"finish_reason":"tool_calls","content":"Done.","tool_calls":[{"id":"call_9","type":"function","function":{"name":"bash","arguments":{"command":"ls -la","timeout":30}}}]}`,
			kinds: []string{"leaked_call"},
		},
		{
			// the server parsed one call and left the next in the content (waybarrios/vllm-mlx PR #55)
			name: "leaked markup that differs from the structured call is added after it",
			in: sseOf(append(pieces("<tool_call>{\"name\":\"bash\",\"arguments\":{\"command\":\"rm x\"}}</tool_call>", 5),
				head("0", "call_9", "bash"), args("0", `{"command":"ls"}`), finish("tool_calls"))...),
			want:  `{"finish_reason":"tool_calls","content":"","tool_calls":[{"id":"call_9","type":"function","function":{"name":"bash","arguments":{"command":"ls"}}},{"id":"*","type":"function","function":{"name":"bash","arguments":{"command":"rm x"}}}]}`,
			kinds: []string{"leaked_call"},
		},
		{
			name: "healthy prose with angle brackets and words passes",
			in:   streamOf("a < b and <div>\ncount\nthe <tool> and <invoke> are words; <|x|> too\n工具 are tools\n", "stop"),
		},
		{
			name:  "the bridge format, with backslashes kept",
			in:    streamOf("I'll write it.\n工具 write\nfile_path=\"C:\\test\\new.txt\"\ncontent=\"say \\\"hi\\\"\nline two\"\n工具结束", "stop"),
			want:  leaked("I'll write it.", `{"name":"write","arguments":{"file_path":"C:\\test\\new.txt","content":"say \"hi\"\nline two"}}`),
			kinds: []string{"leaked_call"},
			opt:   gongju,
		},
		{
			name:  "the bridge format ended by the end of content, two blocks",
			in:    streamOf("工具 bash\ncommand=\"ls -la\"\ntimeout=\"30\"\n\n工具 read\nfile_path=\"a\"\n", "stop"),
			want:  leaked("", bash, `{"name":"read","arguments":{"file_path":"a"}}`),
			kinds: []string{"leaked_call"},
			opt:   gongju,
		},
		{
			name: "the bridge format is off unless the route names it",
			in:   streamOf("工具 bash\ncommand=\"ls\"\n工具结束", "stop"),
		},
		{
			name: "the bridge format inside a fence stays text",
			in:   streamOf("```\n工具 bash\ncommand=\"ls\"\n工具结束", "stop"),
			opt:  gongju,
		},
		{
			name: "the bridge format followed by prose stays text",
			in:   streamOf("工具 bash\ncommand=\"ls\"\n工具结束\nThat was it.", "stop"),
			opt:  gongju,
		},
		{
			name: "an unclosed bridge value stays text",
			in:   streamOf("工具 bash\ncommand=\"ls", "stop"),
			opt:  gongju,
		},
	})
}

// TestContentFlows checks what is written after each piece: healthy content at once, a tail that
// could be markup held until it is clear, tool-call deltas of an offered tool at once while they
// are consistent with its schema, and from the first that is not to the call's end.
func TestContentFlows(t *testing.T) {
	type step struct {
		data    string
		written bool // whether this piece is out right after its Push
	}
	tests := []struct {
		name  string
		steps []step
		opt   Options
	}{
		{"healthy text flows", []step{{text("Hello "), true}, {text("world. a < b"), true}, {text(" <div> ok"), true}}, Options{}},
		{"a possible opener is held until it breaks", []step{{text("Look:\n<tool"), false}, {text("box> is a word"), true}}, Options{}},
		{"leaked markup is held to the finish", []step{{text("Ok.\n<tool_call>"), false}, {text(`{"name":"bash"`), false}, {finish("stop"), true}}, Options{}},
		{"a healthy call of an offered tool flows delta by delta", []step{{head("0", "c1", "bash"), true}, {args("0", `{"command":`), true}, {args("0", `"ls"}`), true}, {finish("tool_calls"), true}}, Options{}},
		{"a faulty value is held from its first faulty delta to its end", []step{{head("0", "c1", "bash"), true}, {args("0", `{"command":"ls","`), true},
			{args("0", `timeout":"3`), false}, {args("0", `0"}`), true}, {head("1", "c2", "deploy"), true}, {args("1", `{}`), true}}, Options{}},
		{"after a faulty value the call streams again", []step{{head("0", "c1", "bash"), true}, {args("0", `{"timeout":"3`), false},
			{args("0", `0", "comm`), true}, {args("0", `and":"ls"`), true}, {args("0", `}`), true}, {finish("tool_calls"), true}}, Options{}},
		{"text after the arguments is held to the call's end", []step{{head("0", "c1", "bash"), true}, {args("0", `{"command":"ls"}`), true},
			{args("0", ` thanks`), false}, {args("0", `!`), false}, {finish("tool_calls"), true}}, Options{}},
		{"a comma at a delta's end is held until the next token (D65)", []step{{head("0", "c1", "bash"), true}, {args("0", `{"command":"ls",`), false},
			{args("0", ` "timeout":30}`), true}, {finish("tool_calls"), true}}, Options{}},
		{"a trailing comma is held to the call's end (D65)", []step{{head("0", "c1", "bash"), true}, {args("0", `{"command":"ls",`), false},
			{args("0", ` }`), false}, {finish("tool_calls"), true}}, Options{}},
		{"an escape split across deltas is held until its end", []step{{head("0", "c1", "bash"), true}, {args("0", `{"command":"a\`), false},
			{args("0", `nb`), true}, {args("0", `\u00`), false}, {args("0", `e9"}`), true}, {finish("tool_calls"), true}}, Options{}},
		{"interleaved parallel calls: one streams while the other is held", []step{{head("0", "c1", "bash"), true}, {args("0", `{"command":"ls","timeout":"3`), false},
			{head("1", "c2", "read"), true}, {args("1", `{"file_path":"a"}`), true}, {args("0", `0"`), true}, {args("0", `}`), true}, {finish("tool_calls"), true}}, Options{}},
		{"a call without a name is held until it ends", []step{{head("0", "c1", ""), false}, {args("0", `{"command":"ls"}`), false}, {finish("tool_calls"), true}}, Options{}},
		{"a call without a name is held until it is named, then streams", []step{{head("0", "c1", ""), false}, {args("0", `{"command":`), false},
			{chunk(`{"tool_calls":[{"index":0,"function":{"name":"bash"}}]}`, "null"), true}, {args("0", `"ls"}`), true}, {finish("tool_calls"), true}}, Options{}},
		{"a call of a tool not offered flows", []step{{head("0", "c1", "deploy"), true}, {args("0", `{}`), true}}, Options{}},
		{"a bridge header line is held", []step{{text("Sure.\n工"), false}, {text("具 bash\n"), false}, {text("command=\"ls\"\n"), false}, {finish("stop"), true}}, Options{TextFormat: FormatGongju}},
		{"a word starting like the bridge header flows", []step{{text("Sure.\n工"), false}, {text("具箱 ok\n"), true}}, Options{TextFormat: FormatGongju}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tl, _ := toolsFromChat(tools)
			st := NewStream(tl, nil, tc.opt)
			var out strings.Builder
			for i, s := range tc.steps {
				raw := "data: " + s.data + "\n\n"
				if err := st.Push(ssetest.Event(raw), &out); err != nil {
					t.Fatal(err)
				}
				if got := !strings.Contains(string(st.Held()), raw); got != s.written {
					t.Fatalf("step %d: written %v, want %v; out so far:\n%s", i, got, s.written, out.String())
				}
			}
		})
	}
}
