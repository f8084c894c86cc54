package repair

import (
	"strings"
	"testing"
)

// TestCallInputGate checks which requests let a leaked call become a tool call: an offered tool,
// calls not forbidden by tool_choice, and a tool declared in tools[] rather than only in the
// legacy functions[] (whose client reads function_call, never tool_calls).
func TestCallInputGate(t *testing.T) {
	const fn = `{"type":"function","function":{"name":"bash","parameters":{"type":"object","properties":{"command":{"type":"string"}}}}}`
	const legacy = `{"name":"bash","parameters":{"type":"object","properties":{"command":{"type":"string"}}}}`
	tests := []struct {
		name, req, api string
		wantErr        string // "" for a call built
	}{
		{"chat tool", `{"tools":[` + fn + `]}`, "chat", ""},
		{"chat tool_choice auto", `{"tools":[` + fn + `],"tool_choice":"auto"}`, "chat", ""},
		{"chat tool_choice none", `{"tools":[` + fn + `],"tool_choice":"none"}`, "chat", "forbids"},
		{"chat tool_choice named", `{"tools":[` + fn + `],"tool_choice":{"type":"function","function":{"name":"bash"}}}`, "chat", ""},
		{"chat legacy functions only", `{"functions":[` + legacy + `]}`, "chat", "legacy"},
		{"chat legacy and tools", `{"tools":[` + fn + `],"functions":[` + legacy + `]}`, "chat", ""},
		{"chat not offered", `{"tools":[]}`, "chat", "not offered"},
		{"anthropic tool", `{"tools":[{"name":"bash","input_schema":{"type":"object"}}]}`, "anthropic", ""},
		{"anthropic tool_choice none", `{"tools":[{"name":"bash","input_schema":{"type":"object"}}],"tool_choice":{"type":"none"}}`, "anthropic", "forbids"},
		{"anthropic tool_choice any", `{"tools":[{"name":"bash","input_schema":{"type":"object"}}],"tool_choice":{"type":"any"}}`, "anthropic", ""},
		{"anthropic tool_choice names another tool", `{"tools":[{"name":"bash","input_schema":{"type":"object"}},{"name":"Read","input_schema":{"type":"object"}}],"tool_choice":{"type":"tool","name":"Read"}}`, "anthropic", "names \"Read\""},
		{"anthropic tool_choice names this tool", `{"tools":[{"name":"bash","input_schema":{"type":"object"}}],"tool_choice":{"type":"tool","name":"bash"}}`, "anthropic", ""},
		{"chat tool_choice names another function", `{"tools":[` + fn + `],"tool_choice":{"type":"function","function":{"name":"read"}}}`, "chat", "names \"read\""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tools := toolsOf(t, tc.api, tc.req)
			in, err := tools.CallInput("bash", nil, []byte(`{"command":"ls"}`))
			switch {
			case tc.wantErr == "" && err != nil:
				t.Fatalf("no call: %v", err)
			case tc.wantErr == "" && string(in) != `{"command":"ls"}`:
				t.Fatalf("input %s", in)
			case tc.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tc.wantErr)):
				t.Fatalf("got %s, %v; want an error with %q", in, err, tc.wantErr)
			}
		})
	}
}

// TestAllowsCalls checks the number of calls leaked text may become: any, unless the request turns
// parallel calls off (Anthropic disable_parallel_tool_use, OpenAI parallel_tool_calls false).
func TestAllowsCalls(t *testing.T) {
	tests := []struct {
		name, req, api string
		n              int
		ok             bool
	}{
		{"anthropic default, two", `{"tools":[]}`, "anthropic", 2, true},
		{"anthropic disable_parallel_tool_use, one", `{"tool_choice":{"type":"auto","disable_parallel_tool_use":true}}`, "anthropic", 1, true},
		{"anthropic disable_parallel_tool_use, two", `{"tool_choice":{"type":"auto","disable_parallel_tool_use":true}}`, "anthropic", 2, false},
		{"chat parallel_tool_calls false, two", `{"parallel_tool_calls":false}`, "chat", 2, false},
		{"chat parallel_tool_calls true, two", `{"parallel_tool_calls":true}`, "chat", 2, true},
	}
	for _, tc := range tests {
		tools := toolsOf(t, tc.api, tc.req)
		if got := tools.AllowsCalls(tc.n) == nil; got != tc.ok {
			t.Errorf("%s: allows %d calls = %v, want %v", tc.name, tc.n, got, tc.ok)
		}
	}
}

// toolsOf reads the tools of a request of api ("anthropic" or "chat").
func toolsOf(t *testing.T, api, request string) *Tools {
	t.Helper()
	read := ToolsFromChat
	switch api {
	case "anthropic":
		read = ToolsFromAnthropic
	case "responses":
		read = ToolsFromResponses
	}
	tools, err := read([]byte(request))
	if err != nil {
		t.Fatal(err)
	}
	return tools
}

// TestLeakedInputBare: a call written bare (the whole text a JSON call object or list, or a
// Python call list) becomes a call only when every member of its input is a property the tool's
// schema declares, through a root $ref or allOf too; a call in an envelope keeps the members its
// schema allows (issue 20 G1).
func TestLeakedInputBare(t *testing.T) {
	req := `{"tools":[{"type":"function","function":{"name":"ls","parameters":{"type":"object","properties":{"path":{"type":"string"},"depth":{"type":"integer"}}}}},` +
		`{"type":"function","function":{"name":"grep","parameters":{"allOf":[{"type":"object","properties":{"pattern":{"type":"string"}}}]}}},` +
		`{"type":"function","function":{"name":"strict","parameters":{"type":"object","properties":{"a":{"type":"string"}},"additionalProperties":false}}}]}`
	tools := toolsOf(t, "chat", req)
	tests := []struct {
		name, tool string
		params     []Param
		json       string
		bare       bool
		want       string // "" for no call
	}{
		{"bare, declared members", "ls", nil, `{"path":"/","depth":"2"}`, true, `{"path":"/","depth":2}`},
		{"bare, no members", "ls", nil, `{}`, true, `{}`},
		{"bare, an undeclared member", "ls", nil, `{"path":"/","hidden":true}`, true, ""},
		{"enveloped, an undeclared member the schema allows", "ls", nil, `{"path":"/","hidden":true}`, false, `{"path":"/","hidden":true}`},
		{"bare, declared through allOf", "grep", nil, `{"pattern":"x"}`, true, `{"pattern":"x"}`},
		{"bare, undeclared beside allOf", "grep", nil, `{"pattern":"x","i":true}`, true, ""},
		{"bare Python params", "ls", []Param{{Name: "path", Value: "/"}, {Name: "all", Value: "1"}}, "", true, ""},
		{"bare, not fitting anyway", "strict", nil, `{"a":"x","b":1}`, true, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var js []byte
			if tc.json != "" {
				js = []byte(tc.json)
			}
			in, err := tools.LeakedInput(tc.tool, tc.params, js, tc.bare)
			switch {
			case tc.want == "" && err == nil:
				t.Fatalf("a call made: %s", in)
			case tc.want != "" && err != nil:
				t.Fatalf("no call: %v", err)
			case tc.want != "" && string(in) != tc.want:
				t.Fatalf("input %s, want %s", in, tc.want)
			}
		})
	}
}

// TestLeakedInputJSONAnswer: when the request asks for its answer as JSON (in any API's
// spelling), a bare call is no call and no member counts for the markup finder, while a call in an
// envelope still is one; a format that asks for text, or a malformed one, changes nothing
// (attack3 lookalike-json-mode-bare-call).
func TestLeakedInputJSONAnswer(t *testing.T) {
	tool := `{"type":"function","function":{"name":"ls","parameters":{"type":"object","properties":{"path":{"type":"string"}}}}}`
	tests := []struct {
		name, api, format string
		json              bool // the request asks for JSON
	}{
		{"chat json_object", "chat", `"response_format":{"type":"json_object"}`, true},
		{"chat json_schema", "chat", `"response_format":{"type":"json_schema","json_schema":{"name":"x","schema":{}}}`, true},
		{"chat text", "chat", `"response_format":{"type":"text"}`, false},
		{"chat malformed", "chat", `"response_format":"json"`, false},
		{"responses json_schema", "responses", `"text":{"format":{"type":"json_schema","name":"x","schema":{}}}`, true},
		{"responses text", "responses", `"text":{"format":{"type":"text"}}`, false},
		{"anthropic output_format", "anthropic", `"output_format":{"type":"json_schema","schema":{}}`, true},
		{"anthropic output_config", "anthropic", `"output_config":{"format":{"type":"json_schema","schema":{}}}`, true},
		{"none", "chat", `"model":"m"`, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tl := tool
			if tc.api == "responses" {
				tl = `{"type":"function","name":"ls","parameters":{"type":"object","properties":{"path":{"type":"string"}}}}`
			} else if tc.api == "anthropic" {
				tl = `{"name":"ls","input_schema":{"type":"object","properties":{"path":{"type":"string"}}}}`
			}
			tools := toolsOf(t, tc.api, `{`+tc.format+`,"tools":[`+tl+`]}`)
			_, bareErr := tools.LeakedInput("ls", nil, []byte(`{"path":"/"}`), true)
			if got := bareErr != nil; got != tc.json {
				t.Errorf("bare call refused %v, want %v (%v)", got, tc.json, bareErr)
			}
			if got := tools.Declares("ls", "path"); got == tc.json {
				t.Errorf("Declares(ls, path) = %v with a JSON answer %v", got, tc.json)
			}
			if _, err := tools.LeakedInput("ls", nil, []byte(`{"path":"/"}`), false); err != nil {
				t.Errorf("an enveloped call refused: %v", err)
			}
		})
	}
}
