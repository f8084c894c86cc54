package anthropic

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/toolfix/toolfix/proxy/repair"
	"github.com/toolfix/toolfix/proxy/sse/ssetest"
)

// loadShapeTools offers the tool the load benchmark's healthy stream calls, so that its
// input_json_delta events take the repairable path.
const loadShapeTools = `{"tools":[{"name":"Read","input_schema":{"type":"object","properties":{"file_path":{"type":"string"},"limit":{"type":"integer"}},"required":["file_path"]}}]}`

// loadShapeStream is the healthy stream of the load benchmark (proxy/loadbench healthyAnthropic)
// of about size bytes: one-word text deltas, a Read call after every 200.
func loadShapeStream(size int) []byte {
	var b bytes.Buffer
	ev := func(typ, data string) { b.WriteString("event: " + typ + "\ndata: " + data + "\n\n") }
	ev("message_start", `{"type":"message_start","message":{"id":"msg_01","type":"message","role":"assistant","model":"claude","content":[],"stop_reason":null,"usage":{"input_tokens":10,"output_tokens":1}}}`)
	words := strings.Fields("Let me look at the failing test first, then the parser. The CRLF input is split across reads so the framer must keep state; a < b holds and <div> is fine in prose.")
	for idx := 0; b.Len() < size; idx += 2 {
		ev("content_block_start", fmt.Sprintf(`{"type":"content_block_start","index":%d,"content_block":{"type":"text","text":""}}`, idx))
		for i := 0; i < 200; i++ {
			sep := " "
			if i%40 == 39 {
				sep = `\n\n`
			}
			ev("content_block_delta", fmt.Sprintf(`{"type":"content_block_delta","index":%d,"delta":{"type":"text_delta","text":"%s%s"}}`, idx, words[(i+idx)%len(words)], sep))
		}
		ev("content_block_stop", fmt.Sprintf(`{"type":"content_block_stop","index":%d}`, idx))
		ev("content_block_start", fmt.Sprintf(`{"type":"content_block_start","index":%d,"content_block":{"type":"tool_use","id":"toolu_%d","name":"Read","input":{}}}`, idx+1, idx))
		for _, p := range []string{`{\"file_`, `path\": \"/repo/`, `main.go\", \"limit\": 40}`} {
			ev("content_block_delta", fmt.Sprintf(`{"type":"content_block_delta","index":%d,"delta":{"type":"input_json_delta","partial_json":"%s"}}`, idx+1, p))
		}
		ev("content_block_stop", fmt.Sprintf(`{"type":"content_block_stop","index":%d}`, idx+1))
	}
	ev("message_delta", `{"type":"message_delta","delta":{"stop_reason":"tool_use","stop_sequence":null},"usage":{"output_tokens":5}}`)
	ev("message_stop", `{"type":"message_stop"}`)
	return b.Bytes()
}

// BenchmarkStreamLoadShape measures the dialect alone (framing included) on the load
// benchmark's healthy stream, 4 MB, its Read calls offered: the output must equal the input;
// allocs/op over events/op is the allocations per event.
func BenchmarkStreamLoadShape(b *testing.B) {
	in := loadShapeStream(4 << 20)
	tools, err := repair.ToolsFromAnthropic([]byte(loadShapeTools))
	if err != nil {
		b.Fatal(err)
	}
	events := bytes.Count(in, []byte("\n\n"))
	out, err := ssetest.Run(bytes.NewReader(in), NewStream(tools, nil))
	if err != nil || !bytes.Equal(out, in) {
		b.Fatalf("the healthy stream changed (%v)", err)
	}
	b.SetBytes(int64(len(in)))
	b.ReportAllocs()
	for b.Loop() {
		if err := ssetest.RunTo(bytes.NewReader(in), NewStream(tools, nil), io.Discard); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(events), "events/op")
}

// TestLoadShapeHealthy: 256 KiB of the load benchmark's healthy stream go through byte for byte
// with no repair, read whole, a byte at a time and in random small chunks.
func TestLoadShapeHealthy(t *testing.T) {
	in := loadShapeStream(256 << 10)
	for name, r := range ssetest.Readers(in, 1, 2) {
		out, kinds := run(t, []byte(loadShapeTools), r)
		if !bytes.Equal(out, in) || len(kinds) > 0 {
			t.Fatalf("%s: the healthy stream changed (repairs %v)", name, kinds)
		}
	}
}
