package anthropic

import (
	"strings"
	"testing"

	"github.com/toolfix/toolfix/proxy/client"
	"github.com/toolfix/toolfix/proxy/repair"
	"github.com/toolfix/toolfix/proxy/sse/ssetest"
)

// TestSpansInContext: a tool_use input of ssetest.SpanContexts, as input_json_delta events read
// in random small chunks, reaches the client as RepairInput makes it of the whole input.
func TestSpansInContext(t *testing.T) {
	tools := func(schema string) (*repair.Tools, error) {
		return repair.ToolsFromAnthropic([]byte(`{"model":"m","max_tokens":9,"stream":true,"messages":[],"tools":[{"name":"TodoWrite","input_schema":` + schema + `}]}`))
	}
	ssetest.SpanContexts(t, "TodoWrite", deltaOptions, tools, func(t *testing.T, tl *repair.Tools, want []byte, deltas []string, i int) {
		body := strings.Join(spanEvents(deltas...), "")
		out, err := ssetest.Run(ssetest.Chunks([]byte(body), int64(i%9)), NewStream(tl, nil))
		if err != nil {
			t.Fatal(err)
		}
		m, err := client.AnthropicStream(out)
		if err != nil {
			t.Fatalf("%v\n%s", err, out)
		}
		if err := client.SameRepair(m.Content[0].Input, want); err != nil {
			t.Fatalf("deltas %q: %v", deltas, err)
		}
	})
}
