package e2e

import (
	"reflect"
	"testing"
)

func TestToolResults(t *testing.T) {
	for _, tc := range []struct {
		name    string
		dialect dialect
		body    string
		want    []toolResult
	}{
		{
			name:    "anthropic string and list contents, error flag",
			dialect: anthropic,
			body: `{"messages":[
				{"role":"user","content":"go"},
				{"role":"assistant","content":[{"type":"text","text":"ok"},{"type":"tool_use","id":"toolu_1","name":"Bash","input":{}},{"type":"tool_use","id":"toolu_2","name":"TodoWrite","input":{}}]},
				{"role":"user","content":[{"type":"tool_result","tool_use_id":"toolu_1","content":"e2e-42\n"},{"type":"tool_result","tool_use_id":"toolu_2","is_error":true,"content":[{"type":"text","text":"bad"},{"type":"text","text":"input"}]}]}]}`,
			want: []toolResult{{Tool: "Bash", Text: "e2e-42\n"}, {Tool: "TodoWrite", IsError: true, Text: "bad\ninput"}},
		},
		{
			name:    "anthropic result for an unknown call",
			dialect: anthropic,
			body:    `{"messages":[{"role":"user","content":[{"type":"tool_result","tool_use_id":"toolu_9","content":"x"}]}]}`,
			want:    []toolResult{{Text: "x"}},
		},
		{
			name:    "anthropic without results",
			dialect: anthropic,
			body:    `{"messages":[{"role":"system","content":"s"},{"role":"user","content":[{"type":"text","text":"hi"}]}]}`,
		},
		{
			name:    "openai tool messages",
			dialect: openai,
			body: `{"messages":[{"role":"user","content":"go"},
				{"role":"assistant","content":null,"tool_calls":[{"id":"call_a","type":"function","function":{"name":"bash","arguments":"{}"}}]},
				{"role":"tool","tool_call_id":"call_a","content":"e2e-42"},
				{"role":"tool","tool_call_id":"call_b","content":[{"type":"text","text":"parted"}]}]}`,
			want: []toolResult{{Tool: "bash", Text: "e2e-42"}, {Text: "parted"}},
		},
		{name: "not JSON", dialect: openai, body: `data: {}`},
		{name: "empty", dialect: anthropic, body: ``},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := toolResults(tc.dialect, []byte(tc.body)); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("toolResults = %+v\nwant %+v", got, tc.want)
			}
		})
	}
}

func TestScenarioVerdicts(t *testing.T) {
	s := scenario{tool: "todowrite", ran: "Fix the parser", broken: "invalid arguments"}
	for _, tc := range []struct {
		name    string
		results []toolResult
		ok      bool
	}{
		{"ran", []toolResult{{Tool: "todowrite", Text: `[{"content":"Fix the parser"}]`}}, true},
		{"flagged error", []toolResult{{Tool: "todowrite", IsError: true, Text: "Fix the parser"}}, false},
		{"error text quoting the input", []toolResult{{Tool: "todowrite", Text: `invalid arguments: got "Fix the parser"`}}, false},
		{"other tool", []toolResult{{Tool: "bash", Text: "Fix the parser"}}, false},
		{"none", nil, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := s.succeeded(tc.results); got != tc.ok {
				t.Errorf("succeeded = %v, want %v", got, tc.ok)
			}
		})
	}
}
