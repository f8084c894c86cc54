package exchange

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/toolfix/toolfix/proxy/jsontext"
	"github.com/toolfix/toolfix/proxy/repair"
	"github.com/toolfix/toolfix/proxy/sse/ssetest"
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
						peak = max(peak, ssetest.PeakHeap(func() {
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

// healthyWholeWords are the words of BenchmarkHealthyWhole's texts (those of the load benchmark's
// healthy answers, with markup-like prose a repair must leave be).
const healthyWholeWords = "Let me look at the failing test first, then the parser. The CRLF input is split across reads so the framer must keep state; a < b holds and <div> is fine in prose."

// healthyWholeRequests are the requests of BenchmarkHealthyWhole, per dialect (the load
// benchmark's: Anthropic's declares TodoWrite and Bash, so its Read calls are undeclared).
var healthyWholeRequests = map[string]string{
	"anthropic": `{"model":"m","max_tokens":1024,"messages":[{"role":"user","content":"plan it"}],"tools":[` +
		`{"name":"TodoWrite","input_schema":{"type":"object","properties":{"todos":{"type":"array","items":{"type":"object","properties":{"content":{"type":"string"},"status":{"type":"string","enum":["pending","in_progress","completed"]}},"required":["content","status"]}}},"required":["todos"]}},` +
		`{"name":"Bash","input_schema":{"type":"object","properties":{"command":{"type":"string"}},"required":["command"]}}]}`,
	"chat": `{"model":"m","messages":[{"role":"user","content":"go"}],"tools":[{"type":"function","function":{"name":"read","parameters":{"type":"object","properties":{"path":{"type":"string"},"limit":{"type":"integer"}},"required":["path"]}}}]}`,
}

// healthyWholeText appends 200 words of prose to b, a paragraph break every 40 (escaped).
func healthyWholeText(b *bytes.Buffer, from int) {
	words := strings.Fields(healthyWholeWords)
	for i := range 200 {
		sep := " "
		if i%40 == 39 {
			sep = `\n\n`
		}
		b.WriteString(words[(i+from)%len(words)] + sep)
	}
}

// healthyWholeAnswer is a healthy non-streamed answer of dialect of about size bytes, the shape of
// the load benchmark's (proxy/loadbench/jsonanswers.go): Anthropic text blocks with a tool_use
// block after each, or one Chat content with a tool call for every 200 words.
func healthyWholeAnswer(dialect string, size int) []byte {
	var b, calls bytes.Buffer
	if dialect == "chat" {
		for call := 0; b.Len()+calls.Len() < size; call++ {
			healthyWholeText(&b, call)
			if call > 0 {
				calls.WriteByte(',')
			}
			fmt.Fprintf(&calls, `{"id":"call_%d","type":"function","function":{"name":"read","arguments":"{\"path\": \"/repo/main.go\", \"limit\": 40}"}}`, call)
		}
		return []byte(`{"id":"chatcmpl-1","object":"chat.completion","created":1,"model":"m","choices":[{"index":0,"message":{"role":"assistant","content":"` +
			b.String() + `","tool_calls":[` + calls.String() + `]},"finish_reason":"tool_calls"}],"usage":{"prompt_tokens":10,"completion_tokens":5,"total_tokens":15}}`)
	}
	b.WriteString(`{"id":"msg_01","type":"message","role":"assistant","model":"claude","content":[`)
	for idx := 0; b.Len() < size; idx++ {
		if idx > 0 {
			b.WriteByte(',')
		}
		b.WriteString(`{"type":"text","text":"`)
		healthyWholeText(&b, idx)
		fmt.Fprintf(&b, `"},{"type":"tool_use","id":"toolu_%d","name":"Read","input":{"file_path":"/repo/main.go","limit":40}}`, idx)
	}
	b.WriteString(`],"stop_reason":"tool_use","stop_sequence":null,"usage":{"input_tokens":10,"output_tokens":5}}`)
	return b.Bytes()
}

// BenchmarkHealthyWhole judges a healthy 24 MB non-streamed answer of each dialect, the load
// benchmark's whole answer (issue 21), as the proxy does once the body is read: its tools read
// from the request, then repairBody, which must change nothing. Compare runs with -count and
// benchstat (CPU per answer is ns/op).
func BenchmarkHealthyWhole(b *testing.B) {
	for _, dialect := range []string{"anthropic", "chat"} {
		b.Run(dialect, func(b *testing.B) {
			body := healthyWholeAnswer(dialect, 24<<20)
			request := []byte(healthyWholeRequests[dialect])
			b.SetBytes(int64(len(body)))
			b.ReportAllocs()
			for b.Loop() {
				tools, _ := ToolsOf(dialect, request)
				rep := &repair.Reporter{}
				if _, changed := repairBody(dialect, request, tools, body, "", rep, func(p any) { b.Fatal(p) }); changed {
					b.Fatal("a healthy answer changed")
				}
			}
		})
	}
}
