package sample

import (
	"encoding/json"
	"net/http"
	"runtime"
	"runtime/metrics"
	"strings"
	"testing"
	"time"

	"github.com/toolfix/toolfix/proxy/cases"
	"github.com/toolfix/toolfix/proxy/sse/ssetest"
)

// bigRequest is a request body of about 1 MB shaped like a long coding-agent conversation.
func bigRequest() []byte {
	var msgs []any
	text := strings.Repeat("The function parses the configuration file and returns an error when a key is missing. ", 40)
	for i := 0; len(msgs) < 300; i++ {
		msgs = append(msgs, map[string]any{"role": "user", "content": []any{map[string]any{"type": "text", "text": text}}})
		msgs = append(msgs, map[string]any{"role": "assistant", "content": []any{map[string]any{"type": "tool_use", "id": "toolu_01AAAAAAAAAAAAAAAAAAAAAAAA", "name": "Bash", "input": map[string]any{"command": "go test ./... && git diff --stat HEAD~1"}}}})
	}
	b, _ := json.Marshal(map[string]any{"model": "m", "messages": msgs})
	return b
}

func BenchmarkRedactRequest(b *testing.B) {
	body := bigRequest()
	b.SetBytes(int64(len(body)))
	for b.Loop() {
		RedactBody(body, false)
	}
}

func BenchmarkRedactStream(b *testing.B) {
	c := cases.ForTest(b, "anthropic")
	var body []byte
	for _, x := range c {
		if x.Stream {
			body = append(body, x.Upstream...)
		}
	}
	b.SetBytes(int64(len(body)))
	for b.Loop() {
		RedactBody(body, true)
	}
}

// repairedStream returns the bodies of a repaired exchange like the load benchmark's tool
// scenario: a TodoWrite call whose todos array (about n bytes) came as one JSON string in 4 KiB
// input_json_delta events, and the client's body, where the array went out repaired in one delta.
func repairedStream(n int) (upstream, client []byte) {
	input, array := ssetest.StringifiedTodos(n)
	event := func(typ, data string) string { return "event: " + typ + "\ndata: " + data + "\n\n" }
	head := event("message_start", `{"type":"message_start","message":{"id":"msg_1","type":"message","role":"assistant","model":"m","content":[],"stop_reason":null,"usage":{"input_tokens":1,"output_tokens":1}}}`) +
		event("content_block_start", `{"type":"content_block_start","index":0,"content_block":{"type":"tool_use","id":"toolu_1","name":"TodoWrite","input":{}}}`)
	delta := func(s string) string {
		q, _ := json.Marshal(s)
		return event("content_block_delta", `{"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":`+string(q)+`}}`)
	}
	tail := event("content_block_stop", `{"type":"content_block_stop","index":0}`) +
		event("message_delta", `{"type":"message_delta","delta":{"stop_reason":"tool_use","stop_sequence":null},"usage":{"output_tokens":5}}`) +
		event("message_stop", `{"type":"message_stop"}`)
	var up strings.Builder
	up.WriteString(head)
	for s := input; len(s) > 0; {
		k := min(4096, len(s))
		up.WriteString(delta(s[:k]))
		s = s[k:]
	}
	up.WriteString(tail)
	return []byte(up.String()), []byte(head + delta(`{"todos": `) + delta(array+`}`) + tail)
}

// BenchmarkSaveRepairedStream writes the sample of a repaired 11.3 MB tool input (13.4 MB of
// events each way), its bodies in memory; B/op is what writing it allocates.
func BenchmarkSaveRepairedStream(b *testing.B) {
	up, client := repairedStream(11_300_000)
	st, err := Open(b.TempDir(), ModeRepairs, 1)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(up) + len(client)))
	b.ReportAllocs()
	var peak uint64
	for b.Loop() {
		stop := heapPeak(&peak)
		x := &Exchange{Route: "r", Dialect: "anthropic", Method: "POST", Path: "/v1/messages",
			Request:  Part{Header: http.Header{"Content-Type": {"application/json"}}, Body: []byte(`{"model":"m"}`)},
			Response: Part{Status: 200, Header: http.Header{"Content-Type": {"text/event-stream"}}, Body: up},
			Client:   &Part{Body: client}, Repairs: []Repair{{Kind: "coerce", Tool: "TodoWrite"}}}
		if _, err := st.Save(x); err != nil {
			b.Fatal(err)
		}
		stop()
	}
	b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MiB")
}

// heapPeak collects garbage, then samples the heap's objects (live and not yet collected) every
// 200 µs until stop is called, raising *peak to the most seen above the level at the start.
func heapPeak(peak *uint64) (stop func()) {
	runtime.GC()
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	read := func() uint64 { metrics.Read(sample); return sample[0].Value.Uint64() }
	base := read()
	done, finished := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(finished)
		t := time.NewTicker(200 * time.Microsecond)
		defer t.Stop()
		for {
			if v := read(); v > base && v-base > *peak {
				*peak = v - base
			}
			select {
			case <-done:
				return
			case <-t.C:
			}
		}
	}()
	return func() { close(done); <-finished }
}
