package client

import (
	"testing"

	"github.com/toolfix/toolfix/proxy/cases"
)

// FuzzAnthropic: the accumulators never panic on any body, and a message they return has only
// known blocks, each tool_use with an input or the reason it has none.
func FuzzAnthropic(f *testing.F) {
	for _, c := range cases.ForTest(f, "anthropic") {
		f.Add(c.Upstream)
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		m, err := AnthropicStream(body)
		if err == nil {
			for _, b := range m.Content {
				if b == nil {
					t.Fatal("nil block in an accumulated message")
				}
				if b.Type == "tool_use" && b.Input == nil && b.InputErr == "" {
					t.Fatalf("tool_use %q with neither input nor error", b.Name)
				}
			}
		}
		_, _ = AnthropicJSON(body)
	})
}
