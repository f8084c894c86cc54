package anthropic

import (
	"encoding/json"
	"io"
	"testing"

	"github.com/toolfix/toolfix/proxy/repair"
	"github.com/toolfix/toolfix/proxy/sse/ssetest"
)

// todoRequest offers TodoWrite as Claude Code does (the load benchmark's tool scenario).
const todoRequest = `{"model":"m","stream":true,"max_tokens":1024,"messages":[],"tools":[` +
	`{"name":"TodoWrite","input_schema":{"type":"object","properties":{"todos":{"type":"array","items":{"type":"object","properties":{"content":{"type":"string"},"status":{"type":"string","enum":["pending","in_progress","completed"]}},"required":["content","status"]}}},"required":["todos"]}}]}`

// stringifiedTodoStream is a Messages stream of one TodoWrite call whose todos array of about n
// bytes arrives as one JSON string (D13), in input_json_delta events of 4 KiB of input each.
func stringifiedTodoStream(n int) []byte {
	input, _ := ssetest.StringifiedTodos(n)
	events := []string{`{"type":"message_start","message":{"id":"msg_1","type":"message","role":"assistant","model":"m","content":[],"stop_reason":null,"usage":{"input_tokens":1,"output_tokens":1}}}`,
		`{"type":"content_block_start","index":0,"content_block":{"type":"tool_use","id":"toolu_1","name":"TodoWrite","input":{}}}`}
	for s := input; len(s) > 0; {
		k := min(4096, len(s))
		d, _ := json.Marshal(s[:k])
		events = append(events, `{"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":`+string(d)+`}}`)
		s = s[k:]
	}
	events = append(events, `{"type":"content_block_stop","index":0}`, `{"type":"message_delta","delta":{"stop_reason":"tool_use","stop_sequence":null},"usage":{"output_tokens":5}}`, `{"type":"message_stop"}`)
	return []byte(sseOf(events...))
}

// BenchmarkRepairedValue streams an 11.3 MB stringified todos array (the load benchmark's tool
// scenario, 4 KiB deltas) through the dialect, framed in memory, and reports the peak of the live
// heap over the input's size (peak/input): the repaired value's memory, issue 21.
func BenchmarkRepairedValue(b *testing.B) {
	in := stringifiedTodoStream(11_300_000)
	tools, _ := repair.ToolsFromAnthropic([]byte(todoRequest))
	b.SetBytes(int64(len(in)))
	b.ReportAllocs()
	var peak uint64
	for b.Loop() {
		peak = max(peak, ssetest.PeakHeap(func() {
			kinds := 0
			pushAll(NewStream(tools, &repair.Reporter{Repaired: func(string, string) { kinds++ }}), in, io.Discard)
			if kinds == 0 {
				b.Fatal("nothing repaired")
			}
		}))
	}
	b.ReportMetric(float64(peak)/11_300_000, "peak/input")
}
