package markup

import (
	"strings"
	"testing"
)

// TestFamilyRows holds each row of the families table read by a shared body reader to vectors of
// the peers' test suites (each named by its file and test), positives and look-alikes.
func TestFamilyRows(t *testing.T) {
	js := func(syn Syntax, name, args string) Call { return Call{Syntax: syn, Name: name, JSON: []byte(args)} }
	bare := func(syn Syntax, name, args string) Call { c := js(syn, name, args); c.Bare = true; return c }
	weather := []Call{js(LongCat, "get_weather", `{"city": "Tokyo"}`)}
	runTail(t, []tailCase{
		// MiniMax M2 in LM Studio, lmstudio-ai/lmstudio-bug-tracker #1177 (no peer vector)
		{name: "minimax brackets", syn: All, text: `[TOOL_CALL] { "tool": "write", "args": { "filePath": "test.html", "content": "<html>...</html>" } } [/TOOL_CALL]`,
			calls: []Call{js(MiniMaxBracket, "write", `{ "filePath": "test.html", "content": "<html>...</html>" }`)}},
		{name: "minimax brackets two, after prose", syn: All, text: "Writing both.\n[TOOL_CALL]\n{\"tool\": \"a\", \"args\": {}}\n[/TOOL_CALL]\n[TOOL_CALL] {\"tool\": \"b\", \"args\": {\"x\": 1}} [/TOOL_CALL]",
			keep: "Writing both.", calls: []Call{js(MiniMaxBracket, "a", `{}`), js(MiniMaxBracket, "b", `{"x": 1}`)}},
		{name: "minimax brackets closer missing", syn: All, text: `[TOOL_CALL] {"tool": "a", "args": {}}`, calls: []Call{js(MiniMaxBracket, "a", `{}`)}},
		{name: "minimax brackets with name and arguments", syn: All, text: `[TOOL_CALL] {"name": "a", "arguments": {}} [/TOOL_CALL]`},
		{name: "minimax brackets with args and arguments", syn: All, text: `[TOOL_CALL] {"tool": "a", "args": {}, "arguments": {}} [/TOOL_CALL]`},
		{name: "minimax brackets not JSON", syn: All, text: "[TOOL_CALL]\n{tool => \"terminal\", args => {\n  --command \"echo test\"\n}}\n[/TOOL_CALL]"},
		{name: "minimax brackets after prose on its line", syn: All, text: `LM Studio runs the first [TOOL_CALL] {"tool": "a", "args": {}} [/TOOL_CALL]`},
		{name: "minimax brackets then prose", syn: All, text: `[TOOL_CALL] {"tool": "a", "args": {}} [/TOOL_CALL]` + "\nDone."},
		// vllm vllm/tool_parsers/step_audio_2_tool_parser.py (its comment's format; no test file)
		{name: "step-audio 2", syn: All, text: "<tool_call>function\nforecast_weather\n{\"location\": \"shanghai\"}</tool_call>",
			calls: []Call{js(ToolCallXML, "forecast_weather", `{"location": "shanghai"}`)}},
		{name: "step-audio 2 after prose", syn: All, text: "Let me check.\n<tool_call>function\nforecast_weather\n{\"location\": \"shanghai\"}</tool_call>",
			keep: "Let me check.", calls: []Call{js(ToolCallXML, "forecast_weather", `{"location": "shanghai"}`)}},
		{name: "step-audio 2 then prose", syn: All, text: "<tool_call>function\nforecast_weather\n{\"location\": \"shanghai\"}</tool_call>\nDone."},
		{name: "step-audio 2 after prose on its line", syn: All, text: "The format is <tool_call>function\nforecast_weather\n{\"location\": \"shanghai\"}</tool_call>"},
		{name: "step-audio 2 cut off", syn: All, text: "<tool_call>function\nforecast_weather\n{\"location\": \"shang"},
		{name: "step-audio 2 no arguments object", syn: All, text: "<tool_call>function\nforecast_weather\nshanghai</tool_call>"},
		// ml-explore/mlx-lm 7d505c2 tests/test_tool_parsing.py test_kimi_k3 (raw JSON object block)
		// and the module doc of its kimi_k3 parser: a call's arguments as one JSON block
		{name: "kimi k3 json block", syn: All, text: k3json(`<|open|>json type="object"<|sep|>{"city": "Tokyo"}<|close|>json<|sep|>`),
			calls: []Call{js(KimiK3, "get_weather", `{"city": "Tokyo"}`)}},
		{name: "kimi k3 json block, no attribute, blanks", syn: All, text: k3json("\n  <|open|>json<|sep|> {\"city\": \"Tokyo\"} <|close|>json<|sep|>\n"),
			calls: []Call{js(KimiK3, "get_weather", `{"city": "Tokyo"}`)}},
		{name: "kimi k3 json block then a call of arguments", syn: All,
			text: `<|open|>tools<|sep|><|open|>call tool="a" index="1"<|sep|><|open|>json type="object"<|sep|>{}<|close|>json<|sep|><|close|>call<|sep|>` +
				`<|open|>call tool="b" index="2"<|sep|><|open|>argument key="x" type="number"<|sep|>1<|close|>argument<|sep|><|close|>call<|sep|><|close|>tools<|sep|>`,
			calls: []Call{js(KimiK3, "a", `{}`), {Syntax: KimiK3, Name: "b", Params: []Param{{Name: "x", Value: "1", JSON: true}}}}},
		{name: "kimi k3 json block closers cut off", syn: All, text: `<|open|>tools<|sep|><|open|>call tool="get_weather" index="1"<|sep|><|open|>json type="object"<|sep|>{"city": "Tokyo"}<|close|>js`,
			calls: []Call{js(KimiK3, "get_weather", `{"city": "Tokyo"}`)}},
		{name: "kimi k3 json block cut inside the object", syn: All, text: `<|open|>tools<|sep|><|open|>call tool="get_weather" index="1"<|sep|><|open|>json type="object"<|sep|>{"city": "To`},
		{name: "kimi k3 json block of an array", syn: All, text: k3json(`<|open|>json type="array"<|sep|>[1]<|close|>json<|sep|>`)},
		{name: "kimi k3 json block not JSON", syn: All, text: k3json(`<|open|>json type="object"<|sep|>{not json<|close|>json<|sep|>`)},
		{name: "kimi k3 json block then an argument", syn: All,
			text: k3json(`<|open|>json type="object"<|sep|>{}<|close|>json<|sep|><|open|>argument key="x" type="number"<|sep|>1<|close|>argument<|sep|>`)},
		// ggml-org/llama.cpp tests/test-chat.cpp COMMON_CHAT_FORMAT_FUNCTIONARY_V3_2 and its
		// peg_tester vectors; the look-alikes a Python prompt and a quoted reply write
		{name: "functionary v3.2", syn: All, text: ">>>special_function\n{\"arg1\": 1}", calls: []Call{js(ToolCallXML, "special_function", `{"arg1": 1}`)}},
		{name: "functionary v3.2 after its speech", syn: All, text: ">>>all\nLet me check.\n>>>a\n{}\n>>>b\n{\"x\": 1}\n",
			keep: ">>>all\nLet me check.", calls: []Call{js(ToolCallXML, "a", `{}`), js(ToolCallXML, "b", `{"x": 1}`)}},
		{name: "functionary v3.2 glued after a sentence", syn: All, text: "What's up?>>>a\n{}"},
		{name: "functionary v3.2 python prompt", syn: All, text: ">>> a\n{}"},
		{name: "functionary v3.2 no name", syn: All, text: ">>>\n{}"},
		{name: "functionary v3.2 raw code", syn: All, text: ">>>python\nprint('hey')"},
		{name: "functionary v3.2 then prose", syn: All, text: ">>>a\n{}\nDone."},
		// sglang test/registered/unit/function_call/test_inkling_detector.py (visible prefix, batch,
		// unterminated json frame, degenerate payloads, raw-text frame) and inkling_detector.py's
		// header check
		{name: "inkling with header", syn: All, text: `<|message_model|>weather<|content_invoke_tool_json|>{"name":"weather","args":{"city":"SF"}}<|end_message|>`,
			calls: []Call{js(Inkling, "weather", `{"city":"SF"}`)}},
		{name: "inkling two after a sentence", syn: All, text: `Sure, let me check.<|message_model|>weather<|content_invoke_tool_json|>{"name":"weather","args":{"city":"SF"}}<|end_message|><|message_model|>weather<|content_invoke_tool_json|>{"name":"weather","args":{"city":"NY"}}<|end_message|>`,
			keep: "Sure, let me check.", calls: []Call{js(Inkling, "weather", `{"city":"SF"}`), js(Inkling, "weather", `{"city":"NY"}`)}},
		{name: "inkling without header, closer missing", syn: All, text: `Sure, let me check.<|content_invoke_tool_json|>{"name":"weather","args":{"city":"SF"}}`,
			keep: "Sure, let me check.", calls: []Call{js(Inkling, "weather", `{"city":"SF"}`)}},
		{name: "inkling header names another tool", syn: All, text: `<|message_model|>search<|content_invoke_tool_json|>{"name":"weather","args":{}}<|end_message|>`},
		{name: "inkling frame glued to a word", syn: All, text: `before<|content_invoke_tool_json|>{"name":"weather","args":{}}<|end_message|>`},
		{name: "inkling marker in prose", syn: All, text: "before <|content_invoke_tool_json|> after"},
		{name: "inkling array payload", syn: All, text: "<|content_invoke_tool_json|>[1, 2, 3]<|end_message|>"},
		{name: "inkling raw-text frame", syn: All, text: "<|message_model|>weather<|content_invoke_tool_text|>search the web<|end_message|>"},
		{name: "inkling header cut", syn: All, text: "Sure.<|message_model|>weat"},
		{name: "inkling then prose", syn: All, text: `<|content_invoke_tool_json|>{"name":"weather","args":{}}<|end_message|>` + "\nDone."},
		// sglang test/registered/unit/function_call/test_muse_glimmer_detector.py
		// (test_parameter_value_typing, test_single_tool_call, test_whitespace_before_header_is_tolerated,
		// test_prose_opening_with_to_equals_does_not_stall), ollama glimmer_test.go
		// TestGlimmerParserStreamingATEMAtEveryBoundary
		{name: "glimmer channel", syn: All, text: "<|start|>assistant to=get_weather<|message|><atem:function_calls>\n<atem:invoke name=\"get_weather\">\n<atem:parameter name=\"city\">Paris</atem:parameter>\n</atem:invoke>\n</atem:function_calls>",
			calls: []Call{{Syntax: Invoke, Name: "get_weather", Params: ps("city", "Paris")}}},
		{name: "glimmer channels after reasoning", syn: All, text: " to=self<|message|>Two cities.<|eom|><|start|>assistant to=get_weather<|message|><atem:function_calls><atem:invoke name=\"get_weather\"><atem:parameter name=\"city\">Paris</atem:parameter></atem:invoke></atem:function_calls><|eom|>\n<|start|>assistant to=get_weather<|message|><atem:function_calls><atem:invoke name=\"get_weather\"><atem:parameter name=\"city\">Tokyo</atem:parameter></atem:invoke></atem:function_calls>",
			keep: " to=self<|message|>Two cities.<|eom|>", calls: []Call{{Syntax: Invoke, Name: "get_weather", Params: ps("city", "Paris")}, {Syntax: Invoke, Name: "get_weather", Params: ps("city", "Tokyo")}}},
		{name: "glimmer first channel at the text's start", syn: All, text: " to=get_weather<|message|><atem:function_calls>\n<atem:invoke name=\"get_weather\">\n<atem:parameter name=\"city\">SF</atem:parameter>\n</atem:invoke>\n</atem:function_calls><|eot|>",
			calls: []Call{{Syntax: Invoke, Bare: true, Name: "get_weather", Params: ps("city", "SF")}}}, // a TextStart opener: judged as strictly as a bare call
		{name: "glimmer channel to the user", syn: All, text: "<|start|>assistant to=user<|message|><atem:function_calls><atem:invoke name=\"get_weather\"><atem:parameter name=\"city\">Paris</atem:parameter></atem:invoke></atem:function_calls>"},
		{name: "glimmer channel to the user, invokes on their own lines", syn: All, text: "<|start|>assistant to=user<|message|><atem:function_calls>\n<atem:invoke name=\"get_weather\">\n<atem:parameter name=\"city\">Paris</atem:parameter>\n</atem:invoke>\n</atem:function_calls>"},
		{name: "glimmer header naming another tool", syn: All, text: "<|start|>assistant to=get_time<|message|><atem:function_calls><atem:invoke name=\"get_weather\"><atem:parameter name=\"city\">Paris</atem:parameter></atem:invoke></atem:function_calls>"},
		{name: "glimmer channel then the answer", syn: All, text: "<|start|>assistant to=get_weather<|message|><atem:function_calls><atem:invoke name=\"get_weather\"><atem:parameter name=\"city\">Paris</atem:parameter></atem:invoke></atem:function_calls><|eom|><|start|>assistant to=user<|message|>It is sunny."},
		{name: "glimmer prose to=", syn: All, text: "to=x is the syntax."},
		{name: "glimmer channel cut", syn: All, text: "<|start|>assistant to=get_weather<|message|><atem:function_calls>\n<atem:invoke name=\"get_weather\">\n<atem:parameter name=\"city\">Par"},
		// vllm tests/tool_parsers/test_seed_oss_tool_parser.py test_extract_tool_calls
		{name: "seed-oss", syn: All, text: "<seed:tool_call>\n<function=get_weather>\n<parameter=location>Barcelona, Spain</parameter>\n</function>\n</seed:tool_call>",
			calls: []Call{{Syntax: SeedOSS, Name: "get_weather", Params: ps("location", "Barcelona, Spain")}}},
		{name: "seed-oss after its thinking", syn: All, text: "temperature in Celsius.</seed:think><seed:tool_call>\n<function=get_weather>\n<parameter=location>Barcelona, Spain</parameter>\n<parameter=unit>celsius</parameter>\n</function>\n</seed:tool_call>",
			keep: "temperature in Celsius.</seed:think>", calls: []Call{{Syntax: SeedOSS, Name: "get_weather", Params: ps("location", "Barcelona, Spain", "unit", "celsius")}}},
		// vllm tests/tool_parsers/test_longcat_tool_parser.py single_tool_call_output, parallel, surrounding_text, malformed
		{name: "longcat", syn: All, text: `<longcat_tool_call>{"name": "get_weather", "arguments": {"city": "Tokyo"}}</longcat_tool_call>`, calls: weather},
		{name: "longcat two", syn: All, text: `<longcat_tool_call>{"name": "get_weather", "arguments": {"city": "Tokyo"}}</longcat_tool_call>` + "\n" + `<longcat_tool_call>{"name": "get_time", "arguments": {"timezone": "Asia/Tokyo"}}</longcat_tool_call>`,
			calls: []Call{weather[0], js(LongCat, "get_time", `{"timezone": "Asia/Tokyo"}`)}},
		{name: "longcat then prose", syn: All, text: "Let me check the weather for you.\n" + `<longcat_tool_call>{"name": "get_weather", "arguments": {"city": "Tokyo"}}</longcat_tool_call>` + "\nHere is the result."},
		{name: "longcat cut off", syn: All, text: `<longcat_tool_call>{"name": "func", "arguments": {`},
		{name: "longcat string arguments", syn: All, text: `<longcat_tool_call>{"name": "func", "arguments": "not a dict"}</longcat_tool_call>`},
		{name: "longcat invalid json", syn: All, text: "Some text with <longcat_tool_call>invalid json"},
		// vllm tests/tool_parsers/test_hunyuan_a13b_tool_parser.py test_hunyuan_a13b_tool_parser_extract
		{name: "hunyuan two", syn: All, text: `<tool_calls>[{"name": "get_weather", "arguments": {"city": "San Francisco", "metric": "celsius"}}, {"name": "register_user", "arguments": {"name": "John Doe", "age": 37}}]</tool_calls>`,
			calls: []Call{js(ToolCallsList, "get_weather", `{"city": "San Francisco", "metric": "celsius"}`), js(ToolCallsList, "register_user", `{"name": "John Doe", "age": 37}`)}},
		{name: "hunyuan glued to a sentence (line-start rule)", syn: All, text: `I will call the tool now. <tool_calls>[{"name": "get_weather", "arguments": {"city": "Boston"}}]</tool_calls>`},
		{name: "hunyuan then prose", syn: All, text: `<tool_calls>[{"name": "get_weather", "arguments": {"city": "Seattle"}}]</tool_calls>` + "\nThank you!"},
		// ml-explore/mlx-lm tests/test_tool_parsing.py test_hy_v3_opensource (84f6d12): Hy3's final
		// tokens, <tool_sep:opensource> after the name
		{name: "hy3 opensource", syn: All, text: "<tool_calls:opensource><tool_call:opensource>search<tool_sep:opensource>\n<arg_key:opensource>query</arg_key:opensource>\n<arg_value:opensource>weather</arg_value:opensource>\n</tool_call:opensource></tool_calls:opensource>",
			calls: []Call{{Syntax: ToolCallsList, Name: "search", Params: ps("query", "weather")}}},
		{name: "hy3 opensource closers left out", syn: All, text: "<tool_calls:opensource><tool_call:opensource>search<tool_sep:opensource>\n<arg_key:opensource>query</arg_key:opensource>\n<arg_value:opensource>weather</arg_value:opensource>",
			calls: []Call{{Syntax: ToolCallsList, Name: "search", Params: ps("query", "weather")}}},
		{name: "hy3 opensource separator without suffix", syn: All, text: "<tool_calls:opensource><tool_call:opensource>search<tool_sep>\n<arg_key:opensource>query</arg_key:opensource>\n<arg_value:opensource>weather</arg_value:opensource>\n</tool_call:opensource></tool_calls:opensource>"},
		{name: "hy3 opensource then prose", syn: All, text: "<tool_calls:opensource><tool_call:opensource>search<tool_sep:opensource>\n<arg_key:opensource>query</arg_key:opensource>\n<arg_value:opensource>weather</arg_value:opensource>\n</tool_call:opensource></tool_calls:opensource>\nDone."},
		// vllm tests/tool_parsers/test_step3_tool_parser.py single, parallel, empty, malformed
		{name: "step3", syn: All, text: `<｜tool_calls_begin｜><｜tool_call_begin｜><steptml:invoke name="get_weather"><steptml:parameter name="city">Tokyo</steptml:parameter></steptml:invoke><｜tool_call_end｜><｜tool_calls_end｜>`,
			calls: []Call{{Syntax: Step3, Name: "get_weather", Params: ps("city", "Tokyo")}}},
		{name: "step3 two, function lead", syn: All, text: "Sure.<｜tool_calls_begin｜><｜tool_call_begin｜>function<｜tool_sep｜>get_weather\n" + `<steptml:invoke name="get_weather"><steptml:parameter name="city">Tokyo</steptml:parameter></steptml:invoke><｜tool_call_end｜><｜tool_sep｜><｜tool_call_begin｜><steptml:invoke name="get_time"></steptml:invoke><｜tool_call_end｜><｜tool_calls_end｜>`,
			keep: "Sure.", calls: []Call{{Syntax: Step3, Name: "get_weather", Params: ps("city", "Tokyo")}, {Syntax: Step3, Name: "get_time"}}},
		{name: "step3 unclosed invoke", syn: All, text: `<｜tool_calls_begin｜><｜tool_call_begin｜><steptml:invoke name="func">`},
		{name: "step3 without its section", syn: All, text: `<｜tool_call_begin｜><steptml:invoke name="func"></steptml:invoke><｜tool_call_end｜>`},
		// vllm tests/tool_parsers/test_internlm2_tool_parser.py
		{name: "internlm2", syn: All, text: "Let me look.<|action_start|><|plugin|>\n" + `{"name": "get_current_weather", "parameters": {"city": "Dallas"}}<|action_end|>`,
			keep: "Let me look.", calls: []Call{js(InternLM, "get_current_weather", `{"city": "Dallas"}`)}},
		// vllm tests/tool_parsers/test_granite_tool_parser.py
		{name: "granite", syn: All, text: `<|tool_call|>[{"name": "get_current_weather", "arguments": {"city": "Dallas", "state": "TX"}}]`,
			calls: []Call{js(Granite, "get_current_weather", `{"city": "Dallas", "state": "TX"}`)}},
		// vllm tests/tool_parsers/test_phi4mini_tool_parser.py
		{name: "phi-4-mini", syn: All, text: `functools[{"name": "get_weather", "arguments": {"city": "Paris"}}, {"name": "get_time", "arguments": {}}]`,
			calls: []Call{js(Phi4Mini, "get_weather", `{"city": "Paris"}`), js(Phi4Mini, "get_time", `{}`)}},
		{name: "phi-4-mini in prose", syn: All, text: `Use functools[{"name": "get_weather", "arguments": {}}]`},
		// vllm tests/tool_parsers/test_llama3_json_tool_parser.py
		{name: "llama3 json", syn: All, text: `{"name": "searchTool", "parameters": {"query": "test"}}`,
			calls: []Call{bare(Llama3JSON, "searchTool", `{"query": "test"}`)}},
		{name: "llama3 json python_tag, two", syn: All, text: `<|python_tag|>{"name": "getOpenIncidentsTool", "parameters": {}}; {"name": "searchTool", "parameters": {"query": "x"}}`,
			calls: []Call{js(Llama3JSON, "getOpenIncidentsTool", `{}`), js(Llama3JSON, "searchTool", `{"query": "x"}`)}},
		{name: "llama3 json after prose", syn: All, text: `Here: {"name": "searchTool", "parameters": {"query": "test"}}`},
		{name: "a JSON answer", syn: All, text: `{"result": "ok", "name": "x"}`},
		// Llama 3.x with "type": "function" beside its keys, and in the OpenAI tool-call shape
		// (vllm-project/vllm #11786)
		{name: "llama3 json, type key", syn: All, text: `{"type": "function", "name": "searchTool", "parameters": {"query": "test"}}`,
			calls: []Call{bare(Llama3JSON, "searchTool", `{"query": "test"}`)}},
		{name: "llama3 json, the OpenAI shape", syn: All, text: `{"type": "function", "function": {"name": "searchTool", "parameters": {"query": "test"}}}`,
			calls: []Call{bare(Llama3JSON, "searchTool", `{"query": "test"}`)}},
		{name: "llama3 json, another type", syn: All, text: `{"type": "tool", "name": "searchTool", "parameters": {"query": "test"}}`},
		{name: "llama3 json, function beside a name", syn: All, text: `{"type": "function", "name": "searchTool", "function": {"name": "searchTool"}}`},
		{name: "llama3 json, function twice typed", syn: All, text: `{"type": "function", "function": {"type": "function", "name": "searchTool", "parameters": {}}}`},
		// llama.cpp's generic format (ggml-org/llama.cpp PR #9639)
		{name: "llama.cpp generic list", syn: All, text: `{"tool_calls": [{"name": "get_weather", "arguments": {"city": "Dallas"}, "id": "123456789"}, {"name": "get_time", "arguments": {}}]}`,
			calls: []Call{bare(JSONList, "get_weather", `{"city": "Dallas"}`), bare(JSONList, "get_time", `{}`)}},
		{name: "llama.cpp generic one", syn: All, text: "{\n  \"tool_call\": {\"name\": \"get_weather\", \"arguments\": {\"city\": \"Dallas\"}}\n}",
			calls: []Call{bare(JSONList, "get_weather", `{"city": "Dallas"}`)}},
		{name: "llama.cpp generic response", syn: All, text: `{"response": "It is sunny."}`},
		{name: "llama.cpp generic, more after the list", syn: All, text: `{"tool_calls": [{"name": "get_time", "arguments": {}}], "note": "x"}`},
		{name: "llama.cpp generic after prose", syn: All, text: `Like this: {"tool_calls": [{"name": "get_time", "arguments": {}}]}`},
		// a Hermes call whose <tool_call> opener was lost: the object on its own line, its closer after it
		{name: "hermes, opener lost", syn: All, text: "I will check.\n" + `{"name": "get_weather", "arguments": {"city": "Dallas"}}` + "\n</tool_call>",
			keep: "I will check.", calls: []Call{bare(ToolCallXML, "get_weather", `{"city": "Dallas"}`)}},
		{name: "hermes, opener and closer lost", syn: All, text: "I will check.\n" + `{"name": "get_weather", "arguments": {"city": "Dallas"}}`},
		{name: "hermes, opener lost, in a sentence", syn: All, text: `Write {"name": "get_weather", "arguments": {}} then </tool_call> to end it.`},
		// vllm tests/tool_parsers/test_pythonic_tool_parser.py
		{name: "pythonic", syn: All, text: `[get_weather(city='San Francisco', metric='celsius')]`,
			calls: []Call{bare(Pythonic, "get_weather", `{"city":"San Francisco","metric":"celsius"}`)}},
		{name: "pythonic two, literals", syn: All, text: `[get_weather(city='LA', metric='C'), register_user(name='Doe', age=37, address={'city': 'SF'}, role=None, passed_test=True, aliases=['J', "Jo"])]`,
			calls: []Call{bare(Pythonic, "get_weather", `{"city":"LA","metric":"C"}`), bare(Pythonic, "register_user", `{"name":"Doe","age":37,"address":{"city":"SF"},"role":null,"passed_test":true,"aliases":["J","Jo"]}`)}},
		{name: "pythonic llama4 tokens", syn: All, text: `<|python_start|>[get_weather(city="SF")]<|python_end|>`,
			calls: []Call{js(Pythonic, "get_weather", `{"city":"SF"}`)}},
		{name: "pythonic lfm2 tokens", syn: All, text: `Checking.<|tool_call_start|>[get_weather(city="SF")]<|tool_call_end|>`,
			keep: "Checking.", calls: []Call{js(Pythonic, "get_weather", `{"city":"SF"}`)}},
		// ollama lfm2_test.go TestLFM2Parser_parseToolCallsContent single_call_with_orphan_end_tag:
		// the end token after a bare list (Trail), at the end of the text only
		{name: "pythonic bare, lfm2 end token after it", syn: All, text: "[get_weather(city='SF')]<|tool_call_end|>\n",
			calls: []Call{bare(Pythonic, "get_weather", `{"city":"SF"}`)}},
		{name: "pythonic bare, lfm2 end token cut", syn: All, text: "[get_weather(city='SF')]<|tool_call_e",
			calls: []Call{bare(Pythonic, "get_weather", `{"city":"SF"}`)}},
		{name: "pythonic bare, lfm2 end token then prose", syn: All, text: "[get_weather(city='SF')]<|tool_call_end|> done"},
		{name: "pythonic bare, another token after it", syn: All, text: "[get_weather(city='SF')]<|python_end|>"},
		{name: "a markdown link", syn: All, text: `[get_weather](https://example.com)`},
		{name: "pythonic after prose", syn: All, text: `Call it as [get_weather(city='SF')]`},
		// SGLang test/registered/unit/function_call/test_pythonic_streaming.py
		{name: "pythonic triple-quoted strings", syn: All, text: "[get_weather(city='''a ' and ]\nb''', metric=\"\"\"c \" d\"\"\", unit='')]",
			calls: []Call{bare(Pythonic, "get_weather", `{"city":"a ' and ]\nb","metric":"c \" d","unit":""}`)}},
		{name: "pythonic triple-quoted string unclosed", syn: All, text: "[get_weather(city='''a ' and ]'')]"},
		// SGLang test/registered/unit/function_call/test_function_call_parser.py TestLfm2Detector
		// test_explicit_positive_number: a number written with its + is the number
		{name: "pythonic explicit plus", syn: All, text: `[search(query='x', limit=+7, r=+1.5e2, xs=[+1, -2], d={'a': +0})]`,
			calls: []Call{bare(Pythonic, "search", `{"query":"x","limit":7,"r":1.5e2,"xs":[1,-2],"d":{"a":0}}`)}},
		{name: "pythonic plus without a digit", syn: All, text: `[search(limit=+)]`},
		{name: "pythonic plus before a sign", syn: All, text: `[search(limit=+-7)]`},
		{name: "pythonic plus before a point", syn: All, text: `[search(limit=+.5)]`},
		// ... test_constant_fstring_argument: an f-string without a placeholder is its text; the
		// other prefixes Python gives a str (r keeps its backslashes, u changes nothing) read too
		{name: "pythonic f-string with a doubled brace", syn: All, text: `[search(query=f'hello', p=r'C:\d\'x', u=U"ü", fr=Rf"a\n", e=F'{{')]`},
		{name: "pythonic constant prefixed strings", syn: All, text: `[search(query=f'hello', p=r'C:\d\'x', u=U"ü", fr=Rf"a\n")]`,
			calls: []Call{bare(Pythonic, "search", `{"query":"hello","p":"C:\\d\\'x","u":"ü","fr":"a\\n"}`)}},
		{name: "pythonic f-string placeholder", syn: All, text: `[search(query=f'{x}')]`},
		{name: "pythonic bytes", syn: All, text: `[search(query=b'z')]`},
		{name: "pythonic doubled prefix", syn: All, text: `[search(query=rr'z')]`},
		{name: "pythonic false after a prefix letter", syn: All, text: `[search(on=false, off=False)]`,
			calls: []Call{bare(Pythonic, "search", `{"on":false,"off":false}`)}},
		// vllm tests/tool_parsers/test_xlam_tool_parser.py
		{name: "xlam list", syn: All, text: `[{"name": "get_current_weather", "arguments": {"city": "Dallas"}}]`,
			calls: []Call{bare(JSONList, "get_current_weather", `{"city": "Dallas"}`)}},
		{name: "a JSON list answer", syn: All, text: `[{"id": 1}, {"id": 2}]`},
		// vllm tests/tool_parsers/test_qwen3_xml_coder_shared.py single_tool_with_content: the opener
		// glued after prose counts when its line ends after it; on one line it is an example
		{name: "qwen glued, line ends", syn: All, text: "Sure! Let me check.<tool_call>\n<function=get_weather>\n<parameter=city>\nDallas\n</parameter>\n</function>\n</tool_call>",
			keep: "Sure! Let me check.", calls: []Call{{Syntax: ToolCallXML, Name: "get_weather", Params: ps("city", "Dallas")}}},
		{name: "hermes glued on one line", syn: All, text: `The format is: <tool_call>{"name": "get_weather", "arguments": {}}</tool_call>`},
		{name: "hermes glued after a sentence that runs into the tag", syn: All, text: "The template writes the reply and then <tool_call>\n" + `{"name": "get_weather", "arguments": {}}` + "\n</tool_call>"},
		{name: "a line naming the tag introduces its example", syn: All, text: "Hunyuan wraps the list in a <tool_calls> tag:\n\n" + `<tool_calls>[{"name": "get_weather", "arguments": {}}]</tool_calls>`},
		{name: "a line naming the tag in a code span introduces its example", syn: All, text: "Each call is an `<invoke name=\"…\">` element, like this:\n" + `<invoke name="get_weather"><parameter name="city">Dallas</parameter></invoke>`},
		{name: "the tag named lines before the call", syn: All, text: "Qwen writes <tool_call> tags:\nthat is all.\n<tool_call>\n" + `{"name": "get_weather", "arguments": {}}` + "\n</tool_call>",
			keep: "Qwen writes <tool_call> tags:\nthat is all.", calls: []Call{js(ToolCallXML, "get_weather", `{}`)}},
		// vllm tests/tool_parsers/test_mimov2_flash_tool_parser.py test_extract_multiple_tool_calls
		{name: "a bare function inside an unclosed tool_call", syn: All, text: "Here:\n<tool_call>\n<parameter=city>Dallas</parameter>\n<function=get_weather>\n</function>\n</tool_call>"},
		{name: "a bare function after a closed tool_call", syn: All, text: "<tool_call>x</tool_call> is the tag.\n<function=get_weather>\n<parameter=city>\nDallas\n</parameter>\n</function>",
			keep: "<tool_call>x</tool_call> is the tag.", calls: []Call{{Syntax: ToolCallXML, Name: "get_weather", Params: ps("city", "Dallas")}}},
		{name: "hermes glued, line ends", syn: All, text: "Running it:<tool_call>\n" + `{"name": "get_weather", "arguments": {}}` + "\n</tool_call>",
			keep: "Running it:", calls: []Call{js(ToolCallXML, "get_weather", `{}`)}},
		// vllm tests/tool_parsers/test_gemma4_tool_parser.py TestExtractToolCalls
		{name: "gemma 4 nested", syn: All, text: `Let me check. <|tool_call>call:complex_function{nested:{inner:<|"|>value<|"|>},list:[<|"|>a<|"|>,<|"|>b<|"|>],n:3.14,on:true,x:null,m:{<|"|>3<|"|>:<|"|>new text<|"|>}}<tool_call|>`,
			keep: "Let me check.", calls: []Call{js(Gemma4, "complex_function", `{"nested":{"inner":"value"},"list":["a","b"],"n":3.14,"on":true,"x":null,"m":{"3":"new text"}}`)}},
		{name: "gemma 4 incomplete", syn: All, text: `<|tool_call>call:get_weather{location:<|"|>London`},
		{name: "gemma 4 bare word value", syn: All, text: `<|tool_call>call:get_weather{location:London}<tool_call|>`},
		// SGLang test/registered/unit/function_call/test_gemma4_detector_string_delimiters.py
		{name: "gemma 4 string without its opening quote", syn: All, text: `<|tool_call>call:get_weather{location:Paris, France<|"|>,n:5,l:[<|"|>a<|"|>,b<|"|>]}<tool_call|>`,
			calls: []Call{js(Gemma4, "get_weather", `{"location":"Paris, France","n":5,"l":["a","b"]}`)}},
		{name: "gemma 4 bare word running into the next key", syn: All, text: `<|tool_call>call:get_weather{location:London,unit:<|"|>c<|"|>}<tool_call|>`},
		// ollama gemma4_test.go: JSON string values beside <|"|> ones (TestGemma4ArgsToJSON
		// raw_quoted_string_*, TestParseGemma4ToolCall_RawQuotedStructuralString), a call glued after
		// the thought channel's <channel|> (TestGemma4Parser thinking_then_tool_call), <|tool_response>
		// or the closer again after the call (Trail: TestGemma4Parser_IgnoresToolResponseBoundaryAfterToolCall,
		// TestGemma4Parser_IgnoresExtraToolCallCloseTags)
		{name: "gemma 4 json string values", syn: All, text: `<|tool_call>call:search{q:"keep , oldText: and \"quoted\" text",note:<|"|>ok<|"|>,l:["y \"4\"",<|"|>x<|"|>]}<tool_call|>`,
			calls: []Call{js(Gemma4, "search", `{"q":"keep , oldText: and \"quoted\" text","note":"ok","l":["y \"4\"","x"]}`)}},
		{name: "gemma 4 json string with an escape json has not", syn: All, text: `<|tool_call>call:open_file{path:"C:\users\bob"}<tool_call|>`},
		{name: "gemma 4 json string cut", syn: All, text: `<|tool_call>call:search{q:"say \"hi`},
		{name: "gemma 4 after the thought channel", syn: All, text: "<|channel>thought\nI need the weather<channel|><|tool_call>call:get_weather{location:<|\"|>Paris<|\"|>}<tool_call|>",
			keep: "<|channel>thought\nI need the weather<channel|>", calls: []Call{js(Gemma4, "get_weather", `{"location":"Paris"}`)}},
		{name: "gemma 4 glued to a word", syn: All, text: `I need the weather<|tool_call>call:get_weather{location:<|"|>Paris<|"|>}<tool_call|>`},
		{name: "gemma 4 tool response token after it", syn: All, text: `<|tool_call>call:get_weather{location:<|"|>Paris<|"|>}<tool_call|><|tool_response>`,
			calls: []Call{js(Gemma4, "get_weather", `{"location":"Paris"}`)}},
		{name: "gemma 4 closer twice", syn: All, text: `<|tool_call>call:get_weather{location:<|"|>Paris<|"|>}<tool_call|> <tool_call|>` + "\n",
			calls: []Call{js(Gemma4, "get_weather", `{"location":"Paris"}`)}},
		{name: "gemma 4 tool response token cut", syn: All, text: `<|tool_call>call:get_weather{location:<|"|>Paris<|"|>}<tool_call|><|tool_res`,
			calls: []Call{js(Gemma4, "get_weather", `{"location":"Paris"}`)}},
		{name: "gemma 4 two calls, closer twice between", syn: All, text: `<|tool_call>call:a{}<tool_call|><tool_call|><|tool_call>call:b{}<tool_call|>`},
		{name: "gemma 4 tool response token then prose", syn: All, text: `<|tool_call>call:get_weather{location:<|"|>Paris<|"|>}<tool_call|><|tool_response>Done.`},
		// vllm tests/tool_parsers/test_apertus_tool_parser.py
		{name: "apertus two", syn: All, text: `Let me check. <|tools_prefix|>[{"get_weather": {"location": "London"}}, {"get_time": {"location": "London"}}]<|tools_suffix|>`,
			keep: "Let me check.", calls: []Call{js(Apertus, "get_weather", `{"location": "London"}`), js(Apertus, "get_time", `{"location": "London"}`)}},
		{name: "apertus not keyed", syn: All, text: `<|tools_prefix|>[{"get_weather": "London"}]<|tools_suffix|>`},
		// ml-explore/mlx-lm 5313609 tests/test_tool_parsing.py test_apertus (a bare object rather
		// than an array)
		{name: "apertus bare object", syn: All, text: `<|tools_prefix|>{"get_time": {}}<|tools_suffix|>`, calls: []Call{js(Apertus, "get_time", `{}`)}},
		{name: "apertus bare object of two keys", syn: All, text: `<|tools_prefix|>{"get_time": {}, "get_weather": {}}<|tools_suffix|>`},
		{name: "apertus bare object not keyed", syn: All, text: `<|tools_prefix|>{"get_weather": "London"}<|tools_suffix|>`},
		{name: "apertus bare object cut off", syn: All, text: `<|tools_prefix|>{"get_weather": {"location": "Lon`},
		// vllm tests/tool_parsers/test_deepseekv4_tool_parser.py
		{name: "deepseek v4 dsml", syn: All, text: "Let me check.\n\n<｜DSML｜tool_calls>\n<｜DSML｜invoke name=\"get_weather\">\n<｜DSML｜parameter name=\"city\" string=\"true\">Paris</｜DSML｜parameter>\n</｜DSML｜invoke>\n</｜DSML｜tool_calls>",
			keep: "Let me check.", calls: []Call{{Syntax: DeepSeek, Name: "get_weather", Params: []Param{{Name: "city", Value: "Paris"}}}}},
		// sglang test/registered/unit/function_call/test_deepseekv32_strict_dsml.py (JSONBody, SelfClose)
		{name: "dsml json body", syn: All, text: "<｜DSML｜tool_calls>\n<｜DSML｜invoke name=\"get_weather\">\n{\"city\": \"Paris\"}\n</｜DSML｜invoke>\n</｜DSML｜tool_calls>",
			calls: []Call{js(DeepSeek, "get_weather", `{"city": "Paris"}`)}},
		{name: "dsml json body then text", syn: All, text: "<｜DSML｜tool_calls>\n<｜DSML｜invoke name=\"get_weather\">\n{\"city\": \"Paris\"} {}\n</｜DSML｜invoke>\n</｜DSML｜tool_calls>"},
		{name: "dsml self-closed", syn: All, text: "<｜DSML｜function_calls>\n<｜DSML｜invoke name=\"get_weather\"/>\n</｜DSML｜function_calls>",
			calls: []Call{{Syntax: DeepSeek, Name: "get_weather"}}},
		// sglang test/registered/unit/function_call/test_function_call_parser.py TestLfm2Detector: "parameters" too
		{name: "openpangu parameters", syn: All, text: `<|tool_call_start|>[{"name": "get_weather", "parameters": {"city": "Madrid"}}]<|tool_call_end|>`,
			calls: []Call{js(Pangu, "get_weather", `{"city": "Madrid"}`)}},
		// sglang test/registered/unit/function_call/test_deepseekv41_detector.py (V4.1's spaced DSML)
		{name: "dsml v4.1 spaced", syn: All, text: "summary\n\n<｜DSML｜ calls>\n<｜DSML｜ invoke name=\"get_weather\">\n<｜DSML｜ parameter name=\"city\" string=\"true\">Paris</｜DSML｜ parameter>\n</｜DSML｜ invoke>\n</｜DSML｜ calls>",
			keep: "summary", calls: []Call{{Syntax: DeepSeek, Name: "get_weather", Params: []Param{{Name: "city", Value: "Paris"}}}}},
	})
}

// TestTableDerived holds the lists derived from the table to it.
// k3json is a Kimi K3 tools section of one get_weather call whose body is body.
func k3json(body string) string {
	return `<|open|>tools<|sep|><|open|>call tool="get_weather" index="1"<|sep|>` + body + `<|close|>call<|sep|><|close|>tools<|sep|>`
}

func TestTableDerived(t *testing.T) {
	for _, f := range families {
		for _, o := range f.Open {
			if o.Stand == Anywhere && !loud[o.Text[0]] {
				t.Errorf("%s: the first byte of %q is not loud", f.Name, o.Text)
			}
			if triggers[o.Stand][o.Text[0]]&f.Syntax == 0 {
				t.Errorf("%s: %q triggers nothing", f.Name, o.Text)
			}
		}
		if f.Syntax&All == 0 || f.Row == "" || f.Name == "" {
			t.Errorf("%+v: no syntax, row or name", f)
		}
	}
	if got := strings.Join(Closers(Invoke|ToolCallXML), " "); got != "</parameter> </invoke> </function_calls> </function> </tool_call>" {
		t.Errorf("closers = %s", got)
	}
}

// TestSyntaxBitsFitFuzz: the fuzz targets take a Syntax as a uint32, so the table's bits must fit
// in one; rows of one model family share a bit.
func TestSyntaxBitsFitFuzz(t *testing.T) {
	if uint64(All) > uint64(^uint32(0)) {
		t.Fatalf("All = %#x needs more than 32 bits; give a new row an existing family's bit", uint64(All))
	}
}
