package exchange

import "testing"

// FuzzUndeclared: any event or body, in any dialect, never panics the watcher.
func FuzzUndeclared(f *testing.F) {
	f.Add("anthropic", []byte("event: content_block_start\ndata: {\"content_block\":{\"type\":\"tool_use\",\"name\":\"x\"}}\n\n"))
	f.Add("chat", []byte(`data: {"choices":[{"delta":{"tool_calls":[{"function":{"name":"x"}}]}}]}`+"\n\n"))
	f.Add("responses", []byte(`{"output":[{"type":"function_call","name":"x"}]}`))
	f.Fuzz(func(t *testing.T, dialect string, b []byte) {
		tools, err := ToolsOf(dialect, []byte(`{"tools":[]}`))
		if err != nil {
			return
		}
		newUndeclared(dialect, tools, func(string) {}).body(b)
	})
}
