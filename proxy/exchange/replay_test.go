package exchange

import "testing"

func TestDialectOf(t *testing.T) {
	tests := []struct {
		in, want string
		err      bool
	}{
		{"/v1/messages?beta=true", "anthropic", false},
		{"/claude/v1/messages", "anthropic", false},
		{"/v1/chat/completions", "chat", false},
		{"/v1/responses", "responses", false},
		{"/v1/models", "", false},
		{"openai", "chat", false},
		{"Anthropic", "anthropic", false},
		{"", "", false},
		{"gemini", "", true},
	}
	for _, tc := range tests {
		got, err := DialectOf(tc.in)
		if got != tc.want || (err != nil) != tc.err {
			t.Errorf("DialectOf(%q) = %q, %v", tc.in, got, err)
		}
	}
}
