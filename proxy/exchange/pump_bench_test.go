//go:build unix

package exchange

import (
	"bytes"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/toolfix/toolfix/proxy/observe"
	"github.com/toolfix/toolfix/proxy/sample"
)

// pumpWords are the prose of the pump benchmark's streams.
var pumpWords = strings.Fields("The framer keeps state across reads; a < b holds, and <div> is fine in prose, as is the rest of it.")

// pumpStreams are the healthy streams of BenchmarkPump, about 16 MB each, with their requests.
func pumpStreams() map[string][2][]byte {
	var a, c bytes.Buffer
	a.WriteString("event: message_start\ndata: {\"type\":\"message_start\",\"message\":{\"id\":\"msg_1\",\"type\":\"message\",\"role\":\"assistant\",\"content\":[],\"usage\":{\"input_tokens\":1}}}\n\n")
	for blk := 0; a.Len() < 16<<20; blk++ {
		idx := strconv.Itoa(blk)
		a.WriteString("event: content_block_start\ndata: {\"type\":\"content_block_start\",\"index\":" + idx + ",\"content_block\":{\"type\":\"text\",\"text\":\"\"}}\n\n")
		for i := range 300 {
			a.WriteString("event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":" + idx + ",\"delta\":{\"type\":\"text_delta\",\"text\":\"" + pumpWords[(i+blk)%len(pumpWords)] + " \"}}\n\n")
		}
		a.WriteString("event: content_block_stop\ndata: {\"type\":\"content_block_stop\",\"index\":" + idx + "}\n\n")
	}
	a.WriteString("event: message_stop\ndata: {\"type\":\"message_stop\"}\n\n")
	for i := 0; c.Len() < 16<<20; i++ {
		c.WriteString(`data: {"id":"c1","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,"delta":{"content":"` + pumpWords[i%len(pumpWords)] + ` "},"finish_reason":null}]}` + "\n\n")
	}
	c.WriteString("data: [DONE]\n\n")
	tool := `{"type":"object","properties":{"path":{"type":"string"}},"required":["path"]}`
	return map[string][2][]byte{
		"anthropic": {a.Bytes(), []byte(`{"model":"m","stream":true,"tools":[{"name":"Read","input_schema":` + tool + `}]}`)},
		"chat":      {c.Bytes(), []byte(`{"model":"m","stream":true,"tools":[{"type":"function","function":{"name":"Read","parameters":` + tool + `}}]}`)},
	}
}

// discardWriter is a flushable ResponseWriter that keeps nothing.
type discardWriter struct{ h http.Header }

func (d *discardWriter) Header() http.Header         { return d.h }
func (d *discardWriter) Write(p []byte) (int, error) { return len(p), nil }
func (d *discardWriter) WriteHeader(int)             {}
func (d *discardWriter) Flush()                      {}

// chunkedReader hands out its bytes in reads of at most 32 KiB, as an upstream connection does.
type chunkedReader struct{ b []byte }

func (r *chunkedReader) Read(p []byte) (int, error) {
	if len(r.b) == 0 {
		return 0, io.EOF
	}
	n := copy(p[:min(len(p), 32<<10)], r.b)
	r.b = r.b[n:]
	return n, nil
}

// processCPU is the CPU time the process has used, user and system, every thread's.
func processCPU() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkPump runs a healthy 16 MB stream of each dialect through the response side of an
// exchange as the proxy runs it (framing, the dialect's repairer, the batch, the recorder and
// the capture of a sample in the default mode, repairs only, which a healthy stream does not
// make a sample), upstream reads of 32 KiB, into a client that keeps nothing: the proxy's own
// CPU per stream without the sockets (cpu-ms/op, the process's user and system time, which a
// loaded machine moves less than the wall clock of ns/op).
func BenchmarkPump(b *testing.B) {
	streams := pumpStreams()
	for _, dialect := range []string{"anthropic", "chat"} {
		s := streams[dialect]
		body, request := s[0], s[1]
		for _, samples := range []string{"off", "repairs"} {
			b.Run(dialect+"/samples="+samples, func(b *testing.B) {
				b.Setenv("TMPDIR", b.TempDir())
				stats := observe.NewStats()
				var smp *observe.Samples
				if samples == "repairs" {
					st, err := sample.Open(b.TempDir(), sample.ModeRepairs, 0)
					if err != nil {
						b.Fatal(err)
					}
					smp = observe.NewSamples(st, 0, slog.New(slog.DiscardHandler), stats)
				}
				env := NewEnv(stats, nil, nil, Limits{})
				b.SetBytes(int64(len(body)))
				cpu0 := processCPU()
				for b.Loop() {
					req := httptest.NewRequest(http.MethodPost, "/v1/messages", nil)
					var c *observe.Capture
					if smp != nil {
						c = smp.Start(req, observe.Route{Name: "r", Upstream: "http://127.0.0.1:1"}, "/v1/messages", dialect, request, time.Now())
					}
					rec := observe.NewRecorder(&discardWriter{h: http.Header{}}, time.Now())
					rec.Tee(c)
					resp := &http.Response{StatusCode: 200, Header: http.Header{"Content-Type": {"text/event-stream"}}, Request: req}
					resp.Body = stats.UpstreamBody(io.NopCloser(&chunkedReader{b: body}), c, rec)
					ex := &exchange{s: env, route: "r", w: rec, resp: resp, request: request, dialect: dialect, cap: c}
					ex.respond()
					if smp != nil {
						smp.Save(c, 200)
					}
				}
				b.ReportMetric(float64(processCPU()-cpu0)/float64(time.Millisecond)/float64(b.N), "cpu-ms/op")
				if n := len(stats.Snapshot().Repairs); n > 0 {
					b.Fatalf("%d repairs of a healthy stream", n)
				}
			})
		}
	}
}
