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

const kimiSingular = "<|tool_call_section_begin|><|tool_call_begin|>functions.grep:0<|tool_call_argument_begin|>{\"pattern\": \"x\"}<|tool_call_end|><|tool_call_section_end|>"

// TestKimiSingularTail: the singular section tokens some Kimi K2 builds write (D04).
func TestKimiSingularTail(t *testing.T) {
	grep := []Call{jsonCall(Kimi, "grep", `{"pattern": "x"}`)}
	runTail(t, []tailCase{
		{name: "glued to prose", syn: Kimi, text: "Searching." + kimiSingular, keep: "Searching.", calls: grep},
		{name: "lines between tokens", syn: All, text: "Searching.\n<|tool_call_section_begin|>\n<|tool_call_begin|>functions.grep:0<|tool_call_argument_begin|>{\"pattern\": \"x\"}<|tool_call_end|>\n<|tool_call_section_end|>\n",
			keep: "Searching.", calls: grep},
		{name: "two calls", syn: Kimi, text: "<|tool_call_section_begin|><|tool_call_begin|>functions.grep:0<|tool_call_argument_begin|>{\"pattern\": \"x\"}<|tool_call_end|><|tool_call_begin|>functions.list_dir:1<|tool_call_argument_begin|>{}<|tool_call_end|><|tool_call_section_end|>",
			calls: append(grep, jsonCall(Kimi, "list_dir", `{}`))},
		{name: "section end missing", syn: Kimi, text: "<|tool_call_section_begin|><|tool_call_begin|>grep<|tool_call_argument_begin|>{\"pattern\": \"x\"}<|tool_call_end|>",
			calls: grep},
		{name: "section end cut", syn: Kimi, text: "<|tool_call_section_begin|><|tool_call_begin|>grep<|tool_call_argument_begin|>{\"pattern\": \"x\"}<|tool_call_end|><|tool_call_sec",
			calls: grep},

		{name: "plural closer for a singular opener", syn: Kimi, text: "<|tool_call_section_begin|><|tool_call_begin|>grep<|tool_call_argument_begin|>{}<|tool_call_end|><|tool_calls_section_end|>",
			calls: []Call{jsonCall(Kimi, "grep", `{}`)}},
		{name: "singular closer for a plural opener", syn: Kimi, text: "<|tool_calls_section_begin|><|tool_call_begin|>grep<|tool_call_argument_begin|>{}<|tool_call_end|><|tool_call_section_end|>",
			calls: []Call{jsonCall(Kimi, "grep", `{}`)}},
		{name: "a closer of neither form", syn: Kimi, text: "<|tool_call_section_begin|><|tool_call_begin|>grep<|tool_call_argument_begin|>{}<|tool_call_end|><|tool_call_sections_end|>"},
		{name: "unfinished arguments", syn: Kimi, text: "<|tool_call_section_begin|><|tool_call_begin|>grep<|tool_call_argument_begin|>{\"pattern\": "},
		{name: "in a fence", syn: All, text: "```\n" + kimiSingular + "\n```"},
		{name: "in inline code", syn: All, text: "The tokens are `" + kimiSingular + "`"},
		{name: "followed by prose", syn: All, text: kimiSingular + " and then"},
		{name: "after an unclosed think", syn: All, text: "<think>" + kimiSingular},
	})
}

const dsmlWrite = "<｜DSML｜function_calls>\n<｜DSML｜invoke name=\"write\">\n<｜DSML｜parameter name=\"file_path\" string=\"true\">/srv/VERSION</｜DSML｜parameter>\n<｜DSML｜parameter name=\"n\" string=\"false\">2</｜DSML｜parameter>\n</｜DSML｜invoke>\n</｜DSML｜function_calls>"

// TestDSMLTail: DeepSeek V3.2's DSML markup (D05), string="false" marking JSON values.
func TestDSMLTail(t *testing.T) {
	write := Call{Syntax: DeepSeek, Name: "write", Params: []Param{{Name: "file_path", Value: "/srv/VERSION"}, {Name: "n", Value: "2", JSON: true}}}
	runTail(t, []tailCase{
		{name: "wrapped", syn: DeepSeek, text: "Bumping.\n\n" + dsmlWrite, keep: "Bumping.", calls: []Call{write}},
		{name: "glued", syn: All, text: "Bumping." + dsmlWrite + "\n", keep: "Bumping.", calls: []Call{write}},
		{name: "two invokes, no string attribute, single quotes", syn: DeepSeek,
			text:  "<｜DSML｜function_calls><｜DSML｜invoke name='a'><｜DSML｜parameter name='p'>x</｜DSML｜parameter></｜DSML｜invoke><｜DSML｜invoke name=\"b\"></｜DSML｜invoke></｜DSML｜function_calls>",
			calls: []Call{{Syntax: DeepSeek, Name: "a", Params: []Param{{Name: "p", Value: "x"}}}, {Syntax: DeepSeek, Name: "b"}}},
		{name: "attributes in the other order", syn: DeepSeek,
			text:  "<｜DSML｜invoke name=\"a\"><｜DSML｜parameter string=\"false\" name=\"p\">[1, 2]</｜DSML｜parameter></｜DSML｜invoke>",
			calls: []Call{{Syntax: DeepSeek, Name: "a", Params: []Param{{Name: "p", Value: "[1, 2]", JSON: true}}}}},
		{name: "closers missing", syn: DeepSeek, text: "<｜DSML｜function_calls>\n<｜DSML｜invoke name=\"a\">\n<｜DSML｜parameter name=\"p\" string=\"true\">x</｜DSML｜parameter>\n",
			calls: []Call{{Syntax: DeepSeek, Name: "a", Params: []Param{{Name: "p", Value: "x"}}}}},
		{name: "value keeps markup-like text raw", syn: DeepSeek, text: "<｜DSML｜invoke name=\"w\"><｜DSML｜parameter name=\"c\" string=\"true\"><b>C:\\x</b>\n</｜DSML｜parameter></｜DSML｜invoke>",
			calls: []Call{{Syntax: DeepSeek, Name: "w", Params: []Param{{Name: "c", Value: "<b>C:\\x</b>\n"}}}}},

		{name: "doubled bars (D62)", syn: DeepSeek, keep: "Ok.",
			text:  "Ok.<｜｜DSML｜｜tool_calls>\n<｜｜DSML｜｜invoke name=\"a\">\n<｜｜DSML｜｜parameter name=\"p\" string=\"false\">2</｜｜DSML｜｜parameter>\n</｜｜DSML｜｜invoke>\n</｜｜DSML｜｜tool_calls>",
			calls: []Call{{Syntax: DeepSeek, Name: "a", Params: []Param{{Name: "p", Value: "2", JSON: true}}}}},
		{name: "double vertical line, function_calls", syn: DeepSeek,
			text:  "<‖DSML‖function_calls><‖DSML‖invoke name=\"a\"><‖DSML‖parameter name=\"p\">x</‖DSML‖parameter></‖DSML‖invoke></‖DSML‖function_calls>",
			calls: []Call{{Syntax: DeepSeek, Name: "a", Params: []Param{{Name: "p", Value: "x"}}}}},
		{name: "typographic quotes", syn: DeepSeek,
			text:  "<｜DSML｜tool_calls><｜DSML｜invoke name=“a”><｜DSML｜parameter name=“p” string=“true”>x</｜DSML｜parameter></｜DSML｜invoke></｜DSML｜tool_calls>",
			calls: []Call{{Syntax: DeepSeek, Name: "a", Params: []Param{{Name: "p", Value: "x"}}}}},
		{name: "invoke closer left out before the wrapper's", syn: DeepSeek,
			text:  "<｜DSML｜tool_calls>\n<｜DSML｜invoke name=\"a\">\n<｜DSML｜parameter name=\"p\">x</｜DSML｜parameter>\n</｜DSML｜tool_calls>",
			calls: []Call{{Syntax: DeepSeek, Name: "a", Params: []Param{{Name: "p", Value: "x"}}}}},
		{name: "invoke closer left out before the next invoke", syn: DeepSeek,
			text:  "<｜DSML｜tool_calls><｜DSML｜invoke name=\"a\"><｜DSML｜parameter name=\"p\">x</｜DSML｜parameter><｜DSML｜invoke name=\"b\"><｜DSML｜parameter name=\"q\">y</｜DSML｜parameter></｜DSML｜invoke></｜DSML｜tool_calls>",
			calls: []Call{{Syntax: DeepSeek, Name: "a", Params: []Param{{Name: "p", Value: "x"}}}, {Syntax: DeepSeek, Name: "b", Params: []Param{{Name: "q", Value: "y"}}}}},
		{name: "invoke closer left out, the wrapper's cut", syn: DeepSeek,
			text:  "<｜DSML｜tool_calls><｜DSML｜invoke name=\"a\"><｜DSML｜parameter name=\"p\">x</｜DSML｜parameter></｜DSML｜tool_ca",
			calls: []Call{{Syntax: DeepSeek, Name: "a", Params: []Param{{Name: "p", Value: "x"}}}}},

		{name: "typographic quote not closed", syn: DeepSeek, text: "<｜DSML｜invoke name=“a\"><｜DSML｜parameter name=\"p\">x</｜DSML｜parameter></｜DSML｜invoke>"},
		{name: "typographic quotes empty", syn: DeepSeek, text: "<｜DSML｜invoke name=“”><｜DSML｜parameter name=\"p\">x</｜DSML｜parameter></｜DSML｜invoke>"},
		{name: "invoke closer left out before no parameter", syn: DeepSeek, text: "<｜DSML｜tool_calls><｜DSML｜invoke name=\"a\"></｜DSML｜tool_calls>"},
		{name: "doubled bars mixed with single", syn: DeepSeek, text: "<｜｜DSML｜｜tool_calls><｜DSML｜invoke name=\"a\"><｜DSML｜parameter name=\"p\">x</｜DSML｜parameter></｜DSML｜invoke></｜｜DSML｜｜tool_calls>"},
		{name: "doubled bars in a fence", syn: All, text: "```\n<｜｜DSML｜｜tool_calls><｜｜DSML｜｜invoke name=\"a\"><｜｜DSML｜｜parameter name=\"p\">x</｜｜DSML｜｜parameter></｜｜DSML｜｜invoke></｜｜DSML｜｜tool_calls>\n```"},
		{name: "string attribute neither true nor false", syn: DeepSeek, text: "<｜DSML｜invoke name=\"a\"><｜DSML｜parameter name=\"p\" string=\"yes\">x</｜DSML｜parameter></｜DSML｜invoke>"},
		{name: "unknown attribute", syn: DeepSeek, text: "<｜DSML｜invoke name=\"a\" id=\"1\"></｜DSML｜invoke>"},
		{name: "name twice", syn: DeepSeek, text: "<｜DSML｜invoke name=\"a\"><｜DSML｜parameter name=\"p\" name=\"q\">x</｜DSML｜parameter></｜DSML｜invoke>"},
		{name: "unclosed value", syn: DeepSeek, text: "<｜DSML｜invoke name=\"a\"><｜DSML｜parameter name=\"p\">x"},
		{name: "no invokes", syn: DeepSeek, text: "<｜DSML｜function_calls></｜DSML｜function_calls>"},
		{name: "ascii bars", syn: DeepSeek, text: "<|DSML|invoke name=\"a\"></|DSML|invoke>"},
		{name: "in a fence", syn: All, text: "```xml\n" + dsmlWrite + "\n```"},
		{name: "in a blockquote", syn: All, text: "> " + dsmlWrite},
		{name: "followed by prose", syn: All, text: dsmlWrite + "\nThat is the format."},
		{name: "after an unclosed think", syn: All, text: "<think>\n" + dsmlWrite},
		{name: "syntax disabled", syn: Invoke | ToolCallXML | Kimi, text: dsmlWrite},
	})
}

// TestEndOfTurnTokens holds the end-of-turn rule (endTokens): a model's end token after its last
// call, at the very end of the text, goes with the markup in every family; a token before more
// text, alone after prose or in code leaves the text as it is.
func TestEndOfTurnTokens(t *testing.T) {
	js := func(syn Syntax, name, args string) Call { return Call{Syntax: syn, Name: name, JSON: []byte(args)} }
	qwen := []Call{{Syntax: ToolCallXML, Name: "bash", Params: ps("command", "ls")}}
	hermes := []Call{js(ToolCallXML, "bash", `{"command": "ls"}`)}
	qwenCall := "<tool_call>\n<function=bash>\n<parameter=command>\nls\n</parameter>\n</function>\n</tool_call>"
	hermesCall := "<tool_call>\n{\"name\": \"bash\", \"arguments\": {\"command\": \"ls\"}}\n</tool_call>"
	runTail(t, []tailCase{
		{name: "qwen, im_end", syn: All, text: qwenCall + "\n<|im_end|>", calls: qwen},
		{name: "qwen, im_end then endoftext", syn: All, text: qwenCall + "<|im_end|>\n<|endoftext|>\n", calls: qwen},
		{name: "hermes, eot_id glued", syn: All, text: "Listing.\n" + hermesCall + "<|eot_id|>", keep: "Listing.", calls: hermes},
		{name: "hermes, end token cut", syn: All, text: hermesCall + "<|eot_"},
		{name: "hermes, end token then prose", syn: All, text: hermesCall + "<|eot_id|>\nDone."},
		{name: "hermes, another token", syn: All, text: hermesCall + "<|python_end|>"},
		{name: "hermes, two calls, end token between", syn: All, text: hermesCall + "<|im_end|>" + hermesCall},
		{name: "kimi, im_end", syn: All, text: "<|tool_calls_section_begin|><|tool_call_begin|>functions.bash:0<|tool_call_argument_begin|>{\"command\": \"ls\"}<|tool_call_end|><|tool_calls_section_end|><|im_end|>",
			calls: []Call{js(Kimi, "bash", `{"command": "ls"}`)}},
		{name: "mistral, </s>", syn: All, text: "[TOOL_CALLS]bash[ARGS]{\"command\": \"ls\"}</s>", calls: []Call{js(Mistral, "bash", `{"command": "ls"}`)}},
		{name: "invoke, END_OF_TURN_TOKEN", syn: All, text: "<invoke name=\"bash\">\n<parameter name=\"command\">ls</parameter>\n</invoke>\n<|END_OF_TURN_TOKEN|>",
			calls: []Call{{Syntax: Invoke, Name: "bash", Params: ps("command", "ls")}}},
		{name: "gemma4, end_of_turn after its trail", syn: All, text: "<|tool_call>call:bash{command:<|\"|>ls<|\"|>}<tool_call|><|tool_response><end_of_turn>",
			calls: []Call{js(Gemma4, "bash", `{"command":"ls"}`)}},
		{name: "token alone after prose", syn: All, text: "All done.<|im_end|>"},
		{name: "token in a code fence", syn: All, text: "Like this:\n```\n" + hermesCall + "\n<|im_end|>\n```"},
	})
}
