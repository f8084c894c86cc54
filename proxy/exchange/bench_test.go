package exchange

import (
	"fmt"
	"runtime"
	"runtime/metrics"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/toolfix/toolfix/proxy/jsontext"
	"github.com/toolfix/toolfix/proxy/repair"
)

// wholeSchema is the tool of the whole-answer benchmarks: an array of integers.
const wholeSchema = `{"type":"object","properties":{"v":{"type":"array","items":{"type":"integer"}}},"required":["v"]}`

// wholeRequests are the requests of the whole-answer benchmarks, per dialect.
var wholeRequests = map[string]string{
	"anthropic": `{"model":"m","tools":[{"name":"t","input_schema":` + wholeSchema + `}]}`,
	"chat":      `{"model":"m","tools":[{"type":"function","function":{"name":"t","parameters":` + wholeSchema + `}}]}`,
}

// intArrayInput is a tool input {"v":[0,1,...]} of about size bytes, with its array stringified
// (the D13 fault) when stringified is set.
func intArrayInput(size int, stringified bool) []byte {
	arr := make([]byte, 0, size+16)
	arr = append(arr, '[')
	for i := 0; len(arr) < size; i++ {
		if i > 0 {
			arr = append(arr, ',')
		}
		arr = strconv.AppendInt(arr, int64(i%1000), 10)
	}
	arr = append(arr, ']')
	if stringified {
		arr = jsontext.Quote(string(arr))
	}
	return append(append([]byte(`{"v":`), arr...), '}')
}

// wholeAnswer is a non-streamed answer of dialect with one call to t of that input.
func wholeAnswer(dialect string, input []byte) []byte {
	if dialect == "chat" {
		b := []byte(`{"id":"c","object":"chat.completion","model":"m","choices":[{"index":0,"message":{"role":"assistant","content":null,"tool_calls":[{"id":"call_1","type":"function","function":{"name":"t","arguments":`)
		b = jsontext.AppendQuote(b, string(input))
		return append(b, `}}]},"finish_reason":"tool_calls"}],"usage":{"prompt_tokens":1,"completion_tokens":1}}`...)
	}
	b := []byte(`{"id":"msg_1","type":"message","role":"assistant","model":"m","content":[{"type":"text","text":"Here."},{"type":"tool_use","id":"toolu_1","name":"t","input":`)
	b = append(b, input...)
	return append(b, `}],"stop_reason":"tool_use","usage":{"input_tokens":1,"output_tokens":1}}`...)
}

// peakHeap runs f while sampling the live heap every millisecond and returns the most it saw
// over what was live before, in bytes.
func peakHeap(f func()) uint64 {
	runtime.GC()
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	read := func() uint64 { metrics.Read(sample); return sample[0].Value.Uint64() }
	base := read()
	var peak uint64
	var mu sync.Mutex
	stop := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		t := time.NewTicker(time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-stop:
				return
			case <-t.C:
				if h := read(); h > base {
					mu.Lock()
					peak = max(peak, h-base)
					mu.Unlock()
				}
			}
		}
	}()
	f()
	if h := read(); h > base {
		peak = max(peak, h-base)
	}
	close(stop)
	<-done
	return peak
}

// BenchmarkWholeAnswer repairs non-streamed answers with one call of an integer array of 10, 20
// and 30 MB, healthy and stringified (D13), per dialect, and reports the peak of the live heap
// over the body (peak-heap-MB) and that peak over the body's size (peak/body).
func BenchmarkWholeAnswer(b *testing.B) {
	for _, dialect := range []string{"anthropic", "chat"} {
		for _, fault := range []bool{false, true} {
			for _, mb := range []int{10, 20, 30} {
				name := fmt.Sprintf("%s/healthy=%v/%dMB", dialect, !fault, mb)
				b.Run(name, func(b *testing.B) {
					body := wholeAnswer(dialect, intArrayInput(mb<<20, fault))
					request := []byte(wholeRequests[dialect])
					b.SetBytes(int64(len(body)))
					b.ReportAllocs()
					var peak uint64
					for b.Loop() {
						peak = max(peak, peakHeap(func() {
							tools, _ := ToolsOf(dialect, request)
							_, changed := repairBody(dialect, request, tools, body, "", &repair.Reporter{}, func(any) {})
							if changed != fault {
								b.Fatalf("changed %v", changed)
							}
						}))
					}
					b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MB")
					b.ReportMetric(float64(peak)/float64(len(body)), "peak/body")
				})
			}
		}
	}
}
