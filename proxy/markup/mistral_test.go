package markup

import "testing"

// TestMistralTail: Mistral and Devstral [TOOL_CALLS] calls in content (D59).
func TestMistralTail(t *testing.T) {
	read := jsonCall(Mistral, "read", `{"file_path": "/a"}`)
	runTail(t, []tailCase{
		{name: "glued to prose", syn: Mistral, text: "Checking.[TOOL_CALLS]read[ARGS]{\"file_path\": \"/a\"}", keep: "Checking.", calls: []Call{read}},
		{name: "two calls", syn: All, text: "Checking.\n[TOOL_CALLS]read[ARGS]{\"file_path\": \"/a\"}[TOOL_CALLS]glob[ARGS]{\"pattern\": \"*\"}\n", keep: "Checking.",
			calls: []Call{read, jsonCall(Mistral, "glob", `{"pattern": "*"}`)}},
		{name: "call id", syn: Mistral, text: "[TOOL_CALLS]read[CALL_ID]a1b2c3d4e[ARGS]{\"file_path\": \"/a\"}", calls: []Call{read}},
		{name: "json list", syn: Mistral, text: "[TOOL_CALLS] [{\"name\": \"read\", \"arguments\": {\"file_path\": \"/a\"}, \"id\": \"Rk7pQ2xWz\"}, {\"name\": \"b\", \"arguments\": \"{\\\"x\\\": 1}\"}]",
			calls: []Call{read, jsonCall(Mistral, "b", `{"x": 1}`)}},
		{name: "json list glued", syn: Mistral, text: "Ok.[TOOL_CALLS][{\"name\": \"read\", \"arguments\": {\"file_path\": \"/a\"}}]", keep: "Ok.", calls: []Call{read}},

		{name: "unfinished arguments", syn: Mistral, text: "[TOOL_CALLS]read[ARGS]{\"file_path\": "},
		{name: "arguments twice", syn: Mistral, text: "[TOOL_CALLS]read[ARGS]{}{}"},
		{name: "no name", syn: Mistral, text: "[TOOL_CALLS][ARGS]{}"},
		{name: "arguments not an object", syn: Mistral, text: "[TOOL_CALLS]read[ARGS][1]"},
		{name: "list with an extra key", syn: Mistral, text: "[TOOL_CALLS] [{\"name\": \"read\", \"arguments\": {}, \"type\": \"function\"}]"},
		{name: "empty list", syn: Mistral, text: "[TOOL_CALLS] []"},
		{name: "followed by prose", syn: All, text: "[TOOL_CALLS]read[ARGS]{} is the format"},
		{name: "in a fence", syn: All, text: "```\n[TOOL_CALLS]read[ARGS]{}\n```"},
		{name: "in inline code", syn: All, text: "Devstral writes `[TOOL_CALLS]read[ARGS]{}`"},
		{name: "markdown link", syn: All, text: "See [the docs](https://x) and [TOOL_CALLS]"},
		{name: "after an unclosed think", syn: All, text: "<think>[TOOL_CALLS]read[ARGS]{}"},
		{name: "syntax disabled", syn: Invoke | ToolCallXML | Kimi | DeepSeek | Harmony, text: "[TOOL_CALLS]read[ARGS]{}"},
	})
}
