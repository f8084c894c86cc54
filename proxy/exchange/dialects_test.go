package exchange

import "testing"

// TestToolsOf: each dialect reads its own request shape, and a dialect toolfix does not repair
// gives no tools and an error.
func TestToolsOf(t *testing.T) {
	tests := []struct {
		name, dialect, request string
		has                    bool // the tool "Bash" is declared
		err                    bool
	}{
		{"anthropic tools", "anthropic", `{"tools":[{"name":"Bash","input_schema":{"type":"object"}}]}`, true, false},
		{"chat functions", "chat", `{"tools":[{"type":"function","function":{"name":"Bash","parameters":{"type":"object"}}}]}`, true, false},
		{"responses functions", "responses", `{"tools":[{"type":"function","name":"Bash","parameters":{"type":"object"}}]}`, true, false},
		{"chat reads no anthropic tool", "chat", `{"tools":[{"name":"Bash","input_schema":{"type":"object"}}]}`, false, false},
		{"a request cut short", "anthropic", `{"tools":`, false, true},
		{"no dialect", "", `{"tools":[{"name":"Bash","input_schema":{"type":"object"}}]}`, false, true},
		{"a protocol name is no dialect", "openai", `{"tools":[{"type":"function","function":{"name":"Bash","parameters":{"type":"object"}}}]}`, false, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tools, err := ToolsOf(tc.dialect, []byte(tc.request))
			if (err != nil) != tc.err {
				t.Errorf("error %v, want error %v", err, tc.err)
			}
			if got := tools.Has("Bash"); got != tc.has {
				t.Errorf("Has(Bash) = %v, want %v", got, tc.has)
			}
		})
	}
}
