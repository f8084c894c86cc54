package markup

import "testing"

func jsonCall(syn Syntax, name, args string) Call {
	return Call{Syntax: syn, Name: name, JSON: []byte(args)}
}

func xmlCall(name string, kv ...string) Call {
	return Call{Syntax: ToolCallXML, Name: name, Params: ps(kv...)}
}

const hermesLs = "<tool_call>\n{\"name\": \"bash\", \"arguments\": {\"command\": \"ls\"}}\n</tool_call>"

func TestHermesTail(t *testing.T) {
	ls := []Call{jsonCall(ToolCallXML, "bash", `{"command": "ls"}`)}
	runTail(t, []tailCase{
		{name: "object arguments", syn: ToolCallXML, text: "I will run it.\n" + hermesLs, keep: "I will run it.", calls: ls},
		{name: "after prose on its line", syn: All, text: "The format is: <tool_call>{\"name\":\"bash\",\"arguments\":{\"command\":\"rm -rf build\"}}</tool_call>"},
		{name: "qwen after prose on its line", syn: All, text: "Like <tool_call><function=bash><parameter=command>ls</parameter></function></tool_call>"},
		{name: "in a blockquote", syn: All, text: "> " + hermesLs},
		{name: "after an unclosed think", syn: All, text: "<think>\nPlan:\n" + hermesLs},
		{name: "after a closed think", syn: All, text: "<think>\nPlan:\n</think>\n" + hermesLs, keep: "<think>\nPlan:\n</think>", calls: ls},
		{name: "own line, no blanks", syn: All, text: "Run.\n<tool_call>{\"name\":\"bash\",\"arguments\":{\"command\":\"ls\"}}</tool_call>",
			keep: "Run.", calls: []Call{jsonCall(ToolCallXML, "bash", `{"command":"ls"}`)}},
		{name: "string arguments decoded", syn: ToolCallXML,
			text:  "<tool_call>{\"arguments\": \"{\\\"path\\\": \\\"C:\\\\\\\\tmp\\\"}\", \"name\": \"read\"}</tool_call>",
			calls: []Call{jsonCall(ToolCallXML, "read", `{"path": "C:\\tmp"}`)}},
		{name: "no arguments", syn: ToolCallXML, text: "<tool_call>{\"name\": \"list\"}</tool_call>",
			calls: []Call{jsonCall(ToolCallXML, "list", `{}`)}},
		{name: "two calls", syn: ToolCallXML, text: "Both.\n" + hermesLs + "\n" + hermesLs + "\n", keep: "Both.", calls: append(ls, ls...)},
		{name: "crlf", syn: ToolCallXML, text: "Ok.\r\n<tool_call>\r\n{\"name\": \"bash\", \"arguments\": {\"command\": \"ls\"}}\r\n</tool_call>\r\n",
			keep: "Ok.", calls: ls},
		{name: "missing closer", syn: ToolCallXML, text: "Ok.\n<tool_call>\n{\"name\": \"bash\", \"arguments\": {\"command\": \"ls\"}}\n",
			keep: "Ok.", calls: ls},
		{name: "closer cut", syn: ToolCallXML, text: "Ok.\n<tool_call>\n{\"name\": \"bash\", \"arguments\": {\"command\": \"ls\"}}\n</tool_",
			keep: "Ok.", calls: ls},
		{name: "braces and closers inside strings", syn: ToolCallXML,
			text:  "<tool_call>{\"name\": \"write\", \"arguments\": {\"content\": \"}</tool_call>{\"}}</tool_call>",
			calls: []Call{jsonCall(ToolCallXML, "write", `{"content": "}</tool_call>{"}`)}},

		// ml-explore/mlx-lm 8601e7f tests/test_tool_parsing.py
		// test_qwen3_coder_value_contains_parameter_tags: a </parameter> that neither the next
		// parameter nor </function> follows is a part of the value
		{name: "qwen value holds its closer", syn: ToolCallXML,
			text:  "<tool_call>\n<function=set_filter>\n<parameter=spec>\n{\"hint\": \"use <parameter=name>val</parameter>\"}\n</parameter>\n</function>\n</tool_call>",
			calls: []Call{xmlCall("set_filter", "spec", `{"hint": "use <parameter=name>val</parameter>"}`)}},
		{name: "qwen value holds two closers", syn: ToolCallXML,
			text:  "<tool_call><function=write><parameter=text>a</parameter> b </parameter> c</parameter><parameter=n>1</parameter></function></tool_call>",
			calls: []Call{xmlCall("write", "text", "a</parameter> b </parameter> c", "n", "1")}},
		{name: "qwen value's closer then text to the end", syn: ToolCallXML, text: "<tool_call><function=write><parameter=text>a</parameter> b\n</function>\n</tool_call>"},
		{name: "qwen value's closer then prose", syn: All, text: "<tool_call><function=write><parameter=text>a</parameter> and so on."},
		{name: "unfinished object", syn: ToolCallXML, text: "Ok.\n<tool_call>\n{\"name\": \"bash\", \"arguments\": {\"command\": \"ls\""},
		{name: "invalid json", syn: ToolCallXML, text: "<tool_call>{\"name\": \"bash\", \"arguments\": {command: ls}}</tool_call>"},
		{name: "trailing comma", syn: ToolCallXML, text: "<tool_call>{\"name\": \"bash\", \"arguments\": {},}</tool_call>"},
		{name: "extra key", syn: ToolCallXML, text: "<tool_call>{\"name\": \"bash\", \"arguments\": {}, \"id\": 1}</tool_call>"},
		{name: "name not a string", syn: ToolCallXML, text: "<tool_call>{\"name\": 3, \"arguments\": {}}</tool_call>"},
		{name: "empty name", syn: ToolCallXML, text: "<tool_call>{\"name\": \"\", \"arguments\": {}}</tool_call>"},
		{name: "arguments an array", syn: ToolCallXML, text: "<tool_call>{\"name\": \"bash\", \"arguments\": [1]}</tool_call>"},
		{name: "arguments a string not holding an object", syn: ToolCallXML, text: "<tool_call>{\"name\": \"bash\", \"arguments\": \"ls\"}</tool_call>"},
		{name: "in inline code", syn: ToolCallXML, text: "The format looks like `" + hermesLs + "`"},
		{name: "followed by prose", syn: ToolCallXML, text: hermesLs + "\nin docs."},
		{name: "in a fence", syn: ToolCallXML, text: "```json\n" + hermesLs},
		{name: "mentions tool_call", syn: ToolCallXML, text: "Wrap it in <tool_call> tags"},
		{name: "mentions tool_call at end", syn: ToolCallXML, text: "Wrap it in <tool_call>"},
		{name: "syntax disabled", syn: Invoke | Kimi | DeepSeek, text: hermesLs},
	})
}

func TestQwenTail(t *testing.T) {
	write := []Call{xmlCall("write", "file_path", `C:\Users\dev\test.txt`, "content", "line one\nline two")}
	runTail(t, []tailCase{
		{name: "windows path kept", syn: ToolCallXML,
			text: "Let me write that file.\n\n<tool_call>\n<function=write>\n<parameter=file_path>\nC:\\Users\\dev\\test.txt\n</parameter>\n<parameter=content>\nline one\nline two\n</parameter>\n</function>\n</tool_call>",
			keep: "Let me write that file.", calls: write},
		{name: "a parameter's closer left out", syn: All,
			text: "<tool_call>\n<function=write>\n<parameter=file_path>\na.txt\n<parameter=content>\nx\n</parameter>\n</function>\n</tool_call>"},
		{name: "a parameter's closer left out, bare", syn: All,
			text: "<function=write>\n<parameter=file_path>\na.txt\n<parameter=content>\nx\n</parameter>\n</function>"},
		{name: "the opener inside a line of a value", syn: ToolCallXML,
			text:  "<tool_call><function=write><parameter=content>see <parameter=x> here</parameter></function></tool_call>",
			calls: []Call{xmlCall("write", "content", "see <parameter=x> here")}},
		{name: "one line break trimmed each side", syn: ToolCallXML,
			text:  "<tool_call><function=write><parameter=content>\n\nx\n\n</parameter></function></tool_call>",
			calls: []Call{xmlCall("write", "content", "\nx\n")}},
		{name: "crlf", syn: ToolCallXML,
			text: "Ok.\r\n<tool_call>\r\n<function=write>\r\n<parameter=file_path>\r\nC:\\Users\\dev\\test.txt\r\n</parameter>\r\n<parameter=content>\r\nline one\nline two\r\n</parameter>\r\n</function>\r\n</tool_call>\r\n",
			keep: "Ok.", calls: write},
		{name: "blanks around names", syn: ToolCallXML, text: "<tool_call><function= bash ><parameter= command >ls</parameter></function></tool_call>",
			calls: []Call{xmlCall("bash", "command", "ls")}},
		{name: "no parameters", syn: ToolCallXML, text: "<tool_call><function=list></function></tool_call>", calls: []Call{xmlCall("list")}},
		{name: "function closer left out", syn: ToolCallXML, text: "<tool_call><function=bash><parameter=command>ls</parameter></tool_call>",
			calls: []Call{xmlCall("bash", "command", "ls")}},
		{name: "tool_call closer missing", syn: ToolCallXML, text: "Ok.\n<tool_call>\n<function=bash>\n<parameter=command>\nls\n</parameter>\n</function>\n",
			keep: "Ok.", calls: []Call{xmlCall("bash", "command", "ls")}},
		{name: "both closers missing", syn: ToolCallXML, text: "Ok.\n<tool_call>\n<function=bash>\n<parameter=command>\nls\n</parameter>\n",
			keep: "Ok.", calls: []Call{xmlCall("bash", "command", "ls")}},
		{name: "function closer cut", syn: ToolCallXML, text: "<tool_call>\n<function=bash>\n<parameter=command>\nls\n</parameter>\n</func",
			calls: []Call{xmlCall("bash", "command", "ls")}},
		{name: "two calls", syn: ToolCallXML, text: "<tool_call><function=a></function></tool_call>\n<tool_call><function=b></function></tool_call>",
			calls: []Call{xmlCall("a"), xmlCall("b")}},

		// ggml-org/llama.cpp tests/test-chat.cpp (Nemotron 3 Nano, "string parameter and no closing
		// </parameter> tag"): the last value ends at </function> when only the closer follows
		{name: "last parameter's closer left out", syn: ToolCallXML, text: "<tool_call>\n<function=python>\n<parameter=code>\nprint(1)\n\nx()\n</function>\n</tool_call>",
			calls: []Call{xmlCall("python", "code", "print(1)\n\nx()")}},
		{name: "last parameter's closer left out, no tool_call closer", syn: ToolCallXML, text: "Ok.\n<tool_call>\n<function=bash>\n<parameter=command>\nls\n</function>\n",
			keep: "Ok.", calls: []Call{xmlCall("bash", "command", "ls")}},
		{name: "last parameter's closer left out, bare", syn: All, text: "<function=bash>\n<parameter=command>\nls\n</function>",
			calls: []Call{xmlCall("bash", "command", "ls")}},
		{name: "last parameter's closer left out after a complete one", syn: ToolCallXML, text: "<tool_call>\n<function=write>\n<parameter=file_path>\na.txt\n</parameter>\n<parameter=content>\nx\n</function>\n</tool_call>",
			calls: []Call{xmlCall("write", "file_path", "a.txt", "content", "x")}},
		{name: "a value holding </function>, its closer later", syn: ToolCallXML, text: "<tool_call>\n<function=write>\n<parameter=content>\na\n</function>\n</tool_call>\n</parameter>\n</function>\n</tool_call>",
			calls: []Call{xmlCall("write", "content", "a\n</function>\n</tool_call>")}},
		{name: "last parameter's closer left out, then prose", syn: ToolCallXML, text: "<tool_call>\n<function=bash>\n<parameter=command>\nls\n</function>\n</tool_call>\nDone."},
		{name: "last parameter's closer left out, another closer", syn: ToolCallXML, text: "<tool_call>\n<function=bash>\n<parameter=command>\nls\n</function>\n</seed:tool_call>"},
		{name: "two parameters' closers left out", syn: All, text: "<tool_call>\n<function=write>\n<parameter=file_path>\na.txt\n<parameter=content>\nx\n</function>\n</tool_call>"},
		{name: "last parameter's closer left out, </function> glued", syn: ToolCallXML, text: "<tool_call>\n<function=bash>\n<parameter=command>\nls</function>\n</tool_call>"},
		{name: "unclosed parameter", syn: ToolCallXML, text: "<tool_call>\n<function=bash>\n<parameter=command>\nls\n"},
		{name: "function opener only", syn: ToolCallXML, text: "<tool_call>\n<function=bash>\n"},
		{name: "bad function name", syn: ToolCallXML, text: "<tool_call><function=run it></function></tool_call>"},
		// ollama qwen3coder_test.go TestQwenToolParser unicode in function names and parameters
		{name: "a parameter name beyond ASCII", syn: ToolCallXML, text: "<tool_call>\n<function=get_weather>\n<parameter=城市>\n北京\n</parameter>\n</function>\n</tool_call>",
			calls: []Call{xmlCall("get_weather", "城市", "北京")}},
		{name: "a function name beyond ASCII", syn: ToolCallXML, text: "<tool_call>\n<function=获取天气>\n<parameter=city>\n北京\n</parameter>\n</function>\n</tool_call>"},
		{name: "a parameter name with a symbol beyond ASCII", syn: ToolCallXML, text: "<tool_call><function=a><parameter=→>x</parameter></function></tool_call>"},
		{name: "unknown child", syn: ToolCallXML, text: "<tool_call><function=bash><arg=command>ls</arg></function></tool_call>"},
		{name: "followed by prose", syn: ToolCallXML, text: "<tool_call><function=bash></function></tool_call> done"},
	})
}

func TestGLMTail(t *testing.T) {
	runTail(t, []tailCase{
		{name: "two pairs", syn: ToolCallXML,
			text: "Checking status.\n<tool_call>bash\n<arg_key>command</arg_key>\n<arg_value>git status --short</arg_value>\n<arg_key>timeout</arg_key>\n<arg_value>30</arg_value>\n</tool_call>",
			keep: "Checking status.", calls: []Call{xmlCall("bash", "command", "git status --short", "timeout", "30")}},
		{name: "glued pairs, raw value", syn: ToolCallXML,
			text:  "<tool_call>write<arg_key>content</arg_key><arg_value>\na\\tb <x>\n</arg_value></tool_call>",
			calls: []Call{xmlCall("write", "content", "\na\\tb <x>\n")}},
		{name: "no arguments", syn: ToolCallXML, text: "<tool_call>list</tool_call>", calls: []Call{xmlCall("list")}},
		{name: "closer missing", syn: ToolCallXML, text: "<tool_call>bash\n<arg_key>command</arg_key>\n<arg_value>ls</arg_value>\n",
			calls: []Call{xmlCall("bash", "command", "ls")}},

		// D06 (vllm-project/vllm #49248): the value's opener left out.
		{name: "value opener missing", syn: ToolCallXML, text: "<tool_call>search<arg_key>query</arg_key>how many vacation days left</arg_value></tool_call>",
			calls: []Call{xmlCall("search", "query", "how many vacation days left")}},
		{name: "value opener missing, second pair whole", syn: ToolCallXML,
			text:  "<tool_call>search<arg_key>query</arg_key> x </arg_value><arg_key>limit</arg_key><arg_value>5</arg_value></tool_call>",
			calls: []Call{xmlCall("search", "query", "x ", "limit", "5")}},
		// Glued after a finished sentence, a call with a pair counts (zai-org/GLM-5 #84); without
		// one, or after a colon or a sentence that runs on, it is an example.
		{name: "glued after a sentence", syn: ToolCallXML, text: "Reading it.<tool_call>read<arg_key>p</arg_key><arg_value>a</arg_value></tool_call>",
			keep: "Reading it.", calls: []Call{xmlCall("read", "p", "a")}},
		{name: "glued after a CJK sentence", syn: ToolCallXML, text: "我来读一下。<tool_call>read<arg_key>p</arg_key><arg_value>a</arg_value></tool_call>",
			keep: "我来读一下。", calls: []Call{xmlCall("read", "p", "a")}},
		{name: "glued after a sentence, no pair", syn: ToolCallXML, text: "Checking.<tool_call>read</tool_call>"},
		{name: "glued after a sentence that runs on", syn: ToolCallXML, text: "GLM writes <tool_call>read<arg_key>p</arg_key><arg_value>a</arg_value></tool_call>"},
		{name: "glued after a colon", syn: All, text: "GLM writes:<tool_call>read<arg_key>p</arg_key><arg_value>a</arg_value></tool_call>"},
		{name: "hermes glued after a sentence", syn: All, text: "Reading it.<tool_call>{\"name\": \"read\", \"arguments\": {}}</tool_call>"},
		{name: "value opener missing, another pair inside", syn: ToolCallXML,
			text: "<tool_call>search<arg_key>query</arg_key>x<arg_key>limit</arg_key><arg_value>5</arg_value></tool_call>"},
		{name: "value opener missing, value unclosed", syn: ToolCallXML, text: "<tool_call>search<arg_key>query</arg_key>x</tool_call>"},
		{name: "unclosed value", syn: ToolCallXML, text: "<tool_call>bash\n<arg_key>command</arg_key>\n<arg_value>ls"},
		{name: "key without value", syn: ToolCallXML, text: "<tool_call>bash<arg_key>command</arg_key></tool_call>"},
		{name: "name only, unclosed", syn: ToolCallXML, text: "<tool_call>bash\n"},
		{name: "prose inside", syn: ToolCallXML, text: "<tool_call> is the tag</tool_call>"},
		{name: "bad name", syn: ToolCallXML, text: "<tool_call>run/it</tool_call>"},
	})
}

// TestQwenBareTail: a Qwen call whose <tool_call> opener was left out after a preamble, often with
// the stray </tool_call> after it (D03).
func TestQwenBareTail(t *testing.T) {
	bash := xmlCall("bash", "command", "make build", "timeout", "300")
	bare := "<function=bash>\n<parameter=command>\nmake build\n</parameter>\n<parameter=timeout>\n300\n</parameter>\n</function>"
	wrapped := "<tool_call>\n<function=read>\n<parameter=path>\na.go\n</parameter>\n</function>\n</tool_call>"
	runTail(t, []tailCase{
		{name: "with the stray closer", syn: ToolCallXML, text: "Rebuilding.\n\n" + bare + "\n</tool_call>", keep: "Rebuilding.", calls: []Call{bash}},
		{name: "without it", syn: All, text: "Rebuilding.\n" + bare + "\n", keep: "Rebuilding.", calls: []Call{bash}},
		{name: "then a wrapped call", syn: All, text: "Two.\n" + bare + "\n</tool_call>\n" + wrapped, keep: "Two.",
			calls: []Call{bash, xmlCall("read", "path", "a.go")}},
		{name: "two bare calls", syn: ToolCallXML, text: bare + "\n" + bare, calls: []Call{bash, bash}},
		{name: "function closer missing before the stray closer", syn: ToolCallXML,
			text: "<function=bash>\n<parameter=command>\nls\n</parameter>\n</tool_call>", calls: []Call{xmlCall("bash", "command", "ls")}},
		{name: "stray closer cut", syn: ToolCallXML, text: bare + "\n</tool_c", calls: []Call{bash}},
		{name: "closers missing", syn: ToolCallXML, text: "<function=bash>\n<parameter=command>\nls\n</parameter>\n", calls: []Call{xmlCall("bash", "command", "ls")}},

		// D03 (NousResearch/hermes-agent PR #35129): a JSON object as the function's body.
		{name: "JSON body", syn: ToolCallXML, text: "Listing.\n<function=bash>{\"command\": \"ls\"}</function>", keep: "Listing.",
			calls: []Call{jsonCall(ToolCallXML, "bash", `{"command": "ls"}`)}},
		{name: "JSON body, wrapped, blanks", syn: All, text: "<tool_call>\n<function=bash>\n{\"command\": \"ls\"}\n</function>\n</tool_call>",
			calls: []Call{jsonCall(ToolCallXML, "bash", `{"command": "ls"}`)}},
		{name: "JSON body, stray closer", syn: ToolCallXML, text: "<function=bash>{\"command\": \"ls\"}</function></tool_call>",
			calls: []Call{jsonCall(ToolCallXML, "bash", `{"command": "ls"}`)}},
		{name: "JSON body, closer missing", syn: ToolCallXML, text: "<function=bash>{\"command\": \"ls\"}",
			calls: []Call{jsonCall(ToolCallXML, "bash", `{"command": "ls"}`)}},
		{name: "JSON body unfinished", syn: ToolCallXML, text: "<function=bash>{\"command\": "},
		{name: "JSON body then a parameter", syn: ToolCallXML, text: "<function=bash>{\"command\": \"ls\"}<parameter=x>1</parameter></function>"},
		{name: "JSON body then prose", syn: All, text: "<function=bash>{\"command\": \"ls\"}</function>\nDone."},
		{name: "after prose on its line", syn: All, text: "Call it like <function=bash><parameter=command>ls</parameter></function>"},
		{name: "in a fence", syn: All, text: "```\n" + bare + "\n```"},
		{name: "in inline code", syn: All, text: "Use `" + bare + "`"},
		{name: "in a blockquote", syn: All, text: "> " + bare},
		{name: "followed by prose", syn: All, text: bare + "\nThat runs the build."},
		{name: "two stray closers", syn: ToolCallXML, text: bare + "\n</tool_call>\n</tool_call>"},
		{name: "no parameter, unclosed", syn: ToolCallXML, text: "Ok.\n<function=bash>"},
		{name: "after an unclosed think", syn: All, text: "<think>\n" + bare},
		{name: "syntax disabled", syn: Invoke | Kimi | DeepSeek, text: bare},
	})
}

// TestRowKeysTail holds the row data read by the shared readers: ArgsKey (gemma3n's "args",
// ollama/ollama #18357) and KVType (K2 Horizon's <ifm|arg_type>, vllm
// test_k2_horizon_tool_parser.py; a type other than string marks the value JSON text, sglang
// test_k2_v3_detector.py).
func TestRowKeysTail(t *testing.T) {
	runTail(t, []tailCase{
		{name: "args for arguments", syn: ToolCallXML, text: "<tool_call>\n{\"name\": \"bash\", \"args\": {\"command\": \"ls\"}}\n</tool_call>",
			calls: []Call{jsonCall(ToolCallXML, "bash", `{"command": "ls"}`)}},
		{name: "args and arguments both", syn: All, text: "<tool_call>\n{\"name\": \"bash\", \"args\": {}, \"arguments\": {}}\n</tool_call>"},
		{name: "args bare", syn: All, text: "{\"name\": \"bash\", \"args\": {\"command\": \"ls\"}}"},
		{name: "args in another row", syn: All, text: "<longcat_tool_call>{\"name\": \"bash\", \"args\": {}}</longcat_tool_call>"},
		{name: "typed pair", syn: K2Horizon, text: "<ifm|tool_calls><ifm|tool_call>ls<ifm|arg_key>n</ifm|arg_key><ifm|arg_type>integer</ifm|arg_type><ifm|arg_value>2</ifm|arg_value></ifm|tool_call></ifm|tool_calls>",
			calls: []Call{{Syntax: K2Horizon, Name: "ls", Params: []Param{{Name: "n", Value: "2", JSON: true}}}}},
		{name: "typed pair with blanks", syn: K2Horizon, text: "<ifm|tool_calls><ifm|tool_call>ls<ifm|arg_key>n</ifm|arg_key>\n<ifm|arg_type>integer</ifm|arg_type>\n<ifm|arg_value>2</ifm|arg_value></ifm|tool_call></ifm|tool_calls>",
			calls: []Call{{Syntax: K2Horizon, Name: "ls", Params: []Param{{Name: "n", Value: "2", JSON: true}}}}},
		{name: "string-typed pair", syn: K2Horizon, text: "<ifm|tool_calls><ifm|tool_call>ls<ifm|arg_key>n</ifm|arg_key><ifm|arg_type> string </ifm|arg_type><ifm|arg_value>2</ifm|arg_value></ifm|tool_call></ifm|tool_calls>",
			calls: []Call{{Syntax: K2Horizon, Name: "ls", Params: ps("n", "2")}}},
		{name: "type element in a row without it", syn: All, text: "<tool_call>ls<arg_key>n</arg_key><ifm|arg_type>integer</ifm|arg_type><arg_value>2</arg_value></tool_call>"},
		{name: "type element cut", syn: K2Horizon, text: "<ifm|tool_calls><ifm|tool_call>ls<ifm|arg_key>n</ifm|arg_key><ifm|arg_type>inte"},
	})
}
