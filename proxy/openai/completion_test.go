package openai

import (
	"slices"
	"strings"
	"testing"

	"github.com/toolfix/toolfix/proxy/markup"
	"github.com/toolfix/toolfix/proxy/repair"
	"github.com/toolfix/toolfix/proxy/sse/ssetest"
)

func completion(message, finish string) string {
	return `{"id":"c1","object":"chat.completion","created":1,"model":"m","choices":[{"index":0,"message":` + message + `,"finish_reason":"` + finish + `"}],"usage":{"total_tokens":9}}`
}

func TestRepairCompletion(t *testing.T) {
	tests := []struct {
		name  string
		body  string
		want  string // "" for a body that must pass unchanged
		kinds []string
		opt   Options
		has   string // text the repaired body must hold ("" for none)
	}{
		{
			name:  "stringified arguments coerced",
			body:  completion(`{"role":"assistant","content":null,"tool_calls":[{"id":"call_1","type":"function","function":{"name":"todowrite","arguments":"{\"todos\":\"[{\\\"content\\\":\\\"a\\\"}]\"}"}}]}`, "tool_calls"),
			want:  `{"finish_reason":"tool_calls","content":null,"tool_calls":[{"id":"call_1","type":"function","function":{"name":"todowrite","arguments":{"todos":[{"content":"a"}]}}}]}`,
			kinds: []string{"coerce"},
		},
		{
			name:  "arguments as an object, empty id, stop",
			body:  completion(`{"role":"assistant","content":"","tool_calls":[{"id":"","type":"function","function":{"name":"bash","arguments":{"command":"ls"}}}]}`, "stop"),
			want:  `{"finish_reason":"tool_calls","content":"","tool_calls":[{"id":"*","type":"function","function":{"name":"bash","arguments":{"command":"ls"}}}]}`,
			kinds: []string{"args_object", "shape", "finish_reason"},
		},
		{ // D68
			name:  "arguments holding the raw markup of the same call",
			body:  completion(`{"role":"assistant","content":null,"tool_calls":[{"id":"call_1","type":"function","function":{"name":"bash","arguments":"<tool_call>\n<function=bash>\n<parameter=command>\nls -la\n</parameter>\n</function>\n</tool_call>"}}]}`, "tool_calls"),
			want:  `{"finish_reason":"tool_calls","content":null,"tool_calls":[{"id":"call_1","type":"function","function":{"name":"bash","arguments":{"command":"ls -la"}}}]}`,
			kinds: []string{"args"},
		},
		{ // D34 (BerriAI/litellm #12481)
			name:  "an Anthropic end_turn with tool calls becomes tool_calls",
			body:  completion(`{"role":"assistant","content":null,"tool_calls":[{"id":"call_1","type":"function","function":{"name":"status","arguments":"{}"}}]}`, "end_turn"),
			want:  `{"finish_reason":"tool_calls","content":null,"tool_calls":[{"id":"call_1","type":"function","function":{"name":"status","arguments":{}}}]}`,
			kinds: []string{"finish_reason"},
		},
		{
			name: "length with tool calls stays",
			body: completion(`{"role":"assistant","content":null,"tool_calls":[{"id":"call_1","type":"function","function":{"name":"status","arguments":"{}"}}]}`, "length"),
		},
		{ // D69 (braintrustdata/braintrust-sdk-javascript PR #1061; spring-projects/spring-ai PR #5232)
			name:  "arguments null become {} when nothing is required",
			body:  completion(`{"role":"assistant","content":null,"tool_calls":[{"id":"call_1","type":"function","function":{"name":"status","arguments":null}}]}`, "tool_calls"),
			want:  `{"finish_reason":"tool_calls","content":null,"tool_calls":[{"id":"call_1","type":"function","function":{"name":"status","arguments":{}}}]}`,
			kinds: []string{"args"},
		},
		{
			name: "arguments null stay when a parameter is required",
			body: completion(`{"role":"assistant","content":null,"tool_calls":[{"id":"call_1","type":"function","function":{"name":"bash","arguments":null}}]}`, "tool_calls"),
		},
		{
			name:  "leaked Hermes call",
			body:  completion(`{"role":"assistant","content":"Running.\n<tool_call>\n{\"name\": \"bash\", \"arguments\": {\"command\": \"ls\"}}\n</tool_call>"}`, "stop"),
			want:  `{"finish_reason":"tool_calls","content":"Running.","tool_calls":[{"id":"*","type":"function","function":{"name":"bash","arguments":{"command":"ls"}}}]}`,
			kinds: []string{"leaked_call"},
		},
		{
			name:  "bridge format with the option",
			body:  completion(`{"role":"assistant","content":"工具 read\nfile_path=\"C:\\new\\t.txt\"\n工具结束"}`, "stop"),
			want:  `{"finish_reason":"tool_calls","content":"","tool_calls":[{"id":"*","type":"function","function":{"name":"read","arguments":{"file_path":"C:\\new\\t.txt"}}}]}`,
			kinds: []string{"leaked_call"},
			opt:   Options{TextFormat: FormatGongju},
		},
		{
			name: "bridge format without the option",
			body: completion(`{"role":"assistant","content":"工具 read\nfile_path=\"a\"\n工具结束"}`, "stop"),
		},
		{
			name: "healthy message",
			body: completion(`{"role":"assistant","content":null,"tool_calls":[{"id":"call_1","type":"function","function":{"name":"bash","arguments":"{\"command\":\"ls\"}"}}]}`, "tool_calls"),
		},
		{
			name: "leaked call cut by length stays",
			body: completion(`{"role":"assistant","content":"<tool_call>{\"name\":\"bash\",\"arguments\":{\"command\":\"ls\"}}</tool_call>"}`, "length"),
		},
		{
			name: "empty arguments of a call cut off by max_tokens stay empty (D46 over D19)",
			body: completion(`{"role":"assistant","content":null,"tool_calls":[{"id":"call_1","type":"function","function":{"name":"status","arguments":""}}]}`, "length"),
		},
		{
			name: "prose after the arguments of a call cut off stays",
			body: completion(`{"role":"assistant","content":null,"tool_calls":[{"id":"call_1","type":"function","function":{"name":"bash","arguments":"{\"command\":\"ls\"} I will"}}]}`, "length"),
		},
		{
			// Parallel calls may interleave their deltas: a call not yet whole may be the one
			// cut off, as the stream judges it (cutCall).
			name: "an earlier call of a message cut off with empty arguments stays empty",
			body: completion(`{"role":"assistant","content":null,"tool_calls":[{"id":"call_1","type":"function","function":{"name":"status","arguments":""}},{"id":"call_2","type":"function","function":{"name":"ping","arguments":""}}]}`, "length"),
		},
		{
			name:  "empty arguments of a finished call become {}",
			body:  completion(`{"role":"assistant","content":null,"tool_calls":[{"id":"call_1","type":"function","function":{"name":"status","arguments":""}}]}`, "tool_calls"),
			want:  `{"finish_reason":"tool_calls","content":null,"tool_calls":[{"id":"call_1","type":"function","function":{"name":"status","arguments":{}}}]}`,
			kinds: []string{"args"},
		},
		{
			name: "not a completion",
			body: `{"error":{"message":"bad"}}`,
		},
		{
			name:  "a trailing [DONE] is dropped",
			body:  completion(`{"role":"assistant","content":"Hi."}`, "stop") + "\n\ndata: [DONE]\n\n",
			want:  `{"finish_reason":"stop","content":"Hi.","tool_calls":[]}`,
			kinds: []string{"shape"},
		},
		{
			name: "an SSE answer becomes the JSON asked for, then is repaired",
			body: sseOf(chunk(`{"role":"assistant","content":""}`, "null"), text("Hi "), text("there."),
				head("0", "call_1", "read"), args("0", `{"file_path":"a","limit":"5"}`), finish("stop"),
				`{"id":"c1","choices":[],"usage":{"total_tokens":9}}`),
			want:  `{"finish_reason":"tool_calls","content":"Hi there.","tool_calls":[{"id":"call_1","type":"function","function":{"name":"read","arguments":{"file_path":"a","limit":5}}}]}`,
			kinds: []string{"shape", "coerce", "finish_reason"},
		},
	}
	tl, _ := repair.ToolsFromChat([]byte(tools))
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out, ok, kinds := ssetest.RepairKinds(func(rep *repair.Reporter) ([]byte, bool) {
				return RepairCompletion(tl, []byte(tc.body), rep, tc.opt)
			})
			if tc.want == "" {
				if ok || len(kinds) > 0 {
					t.Fatalf("changed a body that must pass (kinds %v): %s", kinds, out)
				}
				return
			}
			if !ok {
				t.Fatalf("nothing repaired (kinds %v)", kinds)
			}
			if !strings.Contains(string(out), tc.has) {
				t.Fatalf("body lacks %s: %s", tc.has, out)
			}
			checkMessage(t, out, false, []byte(tc.want))
			ssetest.CheckKinds(t, kinds, tc.kinds)
		})
	}
}

// TestNewLeaked: of the calls leaked beside structured ones, those that copy none (by name and
// arguments as a JSON value) are the ones to add, in order.
func TestNewLeaked(t *testing.T) {
	made := []sentCall{{name: "read_file", args: []byte(`{"path": "src/a.go"}`)}}
	copies := func(name string, input []byte) bool { return copiesOf(made, name, input) }
	tests := []struct {
		name   string
		leaked []string // name=arguments
		want   []int
	}{
		{"another call", []string{`read_file={"path":"src/b.go"}`}, []int{0}},
		{"a copy respaced", []string{`read_file={"path":"src/a.go"}`}, nil},
		{"a copy and another", []string{`read_file={"path":"src/a.go"}`, `read_file={"path":"src/c.go"}`}, []int{1}},
		{"same arguments, another tool", []string{`grep={"path":"src/a.go"}`}, []int{0}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var calls []markup.Call
			var inputs [][]byte
			for _, l := range tt.leaked {
				n, a, _ := strings.Cut(l, "=")
				calls, inputs = append(calls, markup.Call{Name: n}), append(inputs, []byte(a))
			}
			if got := newLeaked(calls, inputs, copies); !slices.Equal(got, tt.want) {
				t.Fatalf("newLeaked = %v, want %v", got, tt.want)
			}
		})
	}
}
