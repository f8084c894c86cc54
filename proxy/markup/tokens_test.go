package markup

import "testing"

const kimiRead = "<|tool_calls_section_begin|><|tool_call_begin|>functions.read:0<|tool_call_argument_begin|>{\"file_path\": \"/repo/go.sum\"}<|tool_call_end|><|tool_calls_section_end|>"

func TestKimiTail(t *testing.T) {
	read := []Call{jsonCall(Kimi, "read", `{"file_path": "/repo/go.sum"}`)}
	runTail(t, []tailCase{
		{name: "glued to prose", syn: Kimi, text: "Reading it now." + kimiRead, keep: "Reading it now.", calls: read},
		{name: "all syntaxes", syn: All, text: "Reading it now.\n" + kimiRead + "\n", keep: "Reading it now.", calls: read},
		{name: "two calls with blanks", syn: Kimi,
			text:  "<|tool_calls_section_begin|>\n<|tool_call_begin|> functions.read:0 <|tool_call_argument_begin|> {\"a\":1} <|tool_call_end|>\n<|tool_call_begin|>functions.bash:1<|tool_call_argument_begin|>{}<|tool_call_end|>\n<|tool_calls_section_end|>",
			calls: []Call{jsonCall(Kimi, "read", `{"a":1}`), jsonCall(Kimi, "bash", `{}`)}},
		{name: "bare name", syn: Kimi, text: "<|tool_calls_section_begin|><|tool_call_begin|>read<|tool_call_argument_begin|>{}<|tool_call_end|><|tool_calls_section_end|>",
			calls: []Call{jsonCall(Kimi, "read", `{}`)}},
		{name: "name with index, no prefix", syn: Kimi, text: "<|tool_calls_section_begin|><|tool_call_begin|>mcp__x__read:12<|tool_call_argument_begin|>{}<|tool_call_end|><|tool_calls_section_end|>",
			calls: []Call{jsonCall(Kimi, "mcp__x__read", `{}`)}},
		{name: "section end missing", syn: Kimi, text: "<|tool_calls_section_begin|><|tool_call_begin|>functions.read:0<|tool_call_argument_begin|>{}<|tool_call_end|>",
			calls: []Call{jsonCall(Kimi, "read", `{}`)}},
		{name: "call end missing", syn: Kimi, text: "<|tool_calls_section_begin|><|tool_call_begin|>functions.read:0<|tool_call_argument_begin|>{}\n",
			calls: []Call{jsonCall(Kimi, "read", `{}`)}},
		{name: "call end cut", syn: Kimi, text: "<|tool_calls_section_begin|><|tool_call_begin|>functions.read:0<|tool_call_argument_begin|>{}<|tool_ca",
			calls: []Call{jsonCall(Kimi, "read", `{}`)}},

		{name: "unfinished arguments", syn: Kimi, text: "<|tool_calls_section_begin|><|tool_call_begin|>functions.read:0<|tool_call_argument_begin|>{\"a\":"},
		{name: "invalid arguments", syn: Kimi, text: "<|tool_calls_section_begin|><|tool_call_begin|>functions.read:0<|tool_call_argument_begin|>{a}<|tool_call_end|><|tool_calls_section_end|>"},
		{name: "no calls", syn: Kimi, text: "<|tool_calls_section_begin|><|tool_calls_section_end|>"},
		{name: "no section opener", syn: Kimi, text: "<|tool_call_begin|>read<|tool_call_argument_begin|>{}<|tool_call_end|>"},
		{name: "followed by prose", syn: Kimi, text: kimiRead + "Done."},
		{name: "in a fence", syn: Kimi, text: "```\n" + kimiRead},
		{name: "syntax disabled", syn: Invoke | ToolCallXML | DeepSeek, text: kimiRead},
	})
}

const dsRead = "<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>read\n```json\n{\"file_path\": \"/repo/main.go\", \"limit\": 20}\n```<｜tool▁call▁end｜><｜tool▁calls▁end｜>"

func TestDeepSeekTail(t *testing.T) {
	read := []Call{jsonCall(DeepSeek, "read", `{"file_path": "/repo/main.go", "limit": 20}`)}
	runTail(t, []tailCase{
		{name: "v3 fenced", syn: DeepSeek, text: dsRead, calls: read},
		{name: "after prose", syn: All, text: "Reading.\n\n" + dsRead + "\n", keep: "Reading.", calls: read},
		{name: "v3.1 plain", syn: DeepSeek, text: "Ok.<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>read<｜tool▁sep｜>{\"a\": 1}<｜tool▁call▁end｜><｜tool▁calls▁end｜>",
			keep: "Ok.", calls: []Call{jsonCall(DeepSeek, "read", `{"a": 1}`)}},
		{name: "v3.1 tool named function", syn: DeepSeek, text: "<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>{}<｜tool▁call▁end｜><｜tool▁calls▁end｜>",
			calls: []Call{jsonCall(DeepSeek, "function", `{}`)}},
		{name: "fence without json tag, two calls", syn: DeepSeek,
			text:  "<｜tool▁calls▁begin｜>\n<｜tool▁call▁begin｜>function<｜tool▁sep｜>a\n```\n{}\n```\n<｜tool▁call▁end｜>\n<｜tool▁call▁begin｜>b<｜tool▁sep｜>{\"x\":[1,2]}<｜tool▁call▁end｜>\n<｜tool▁calls▁end｜>",
			calls: []Call{jsonCall(DeepSeek, "a", `{}`), jsonCall(DeepSeek, "b", `{"x":[1,2]}`)}},
		{name: "calls end missing", syn: DeepSeek, text: "<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>read<｜tool▁sep｜>{}<｜tool▁call▁end｜>",
			calls: []Call{jsonCall(DeepSeek, "read", `{}`)}},
		{name: "calls end cut mid-character", syn: DeepSeek, text: "<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>read<｜tool▁sep｜>{}<｜tool▁call▁end｜><\xef\xbd",
			calls: []Call{jsonCall(DeepSeek, "read", `{}`)}},

		{name: "unclosed fence", syn: DeepSeek, text: "<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>read\n```json\n{}\n"},
		{name: "ascii bars", syn: DeepSeek, text: "<|tool▁calls▁begin|><|tool▁call▁begin|>read<|tool▁sep|>{}<|tool▁call▁end|><|tool▁calls▁end|>"},
		{name: "no calls", syn: DeepSeek, text: "<｜tool▁calls▁begin｜><｜tool▁calls▁end｜>"},
		{name: "followed by prose", syn: DeepSeek, text: dsRead + "\nok"},
		{name: "syntax disabled", syn: Invoke | ToolCallXML | Kimi, text: dsRead},
	})
}
