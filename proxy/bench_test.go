package proxy

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"strings"
	"testing"
)

// healthyAnthropicStream builds a healthy Messages stream of about size bytes: text deltas of the
// size models send, with a tool_use block every 200 events, and returns it with its event count.
func healthyAnthropicStream(size int) ([]byte, int) {
	var b bytes.Buffer
	n := 0
	ev := func(typ, data string) {
		b.WriteString("event: " + typ + "\ndata: " + data + "\n\n")
		n++
	}
	ev("message_start", `{"type":"message_start","message":{"id":"msg_01","type":"message","role":"assistant","model":"claude","content":[],"stop_reason":null,"usage":{"input_tokens":10,"output_tokens":1}}}`)
	words := strings.Fields("Let me look at the failing test first, then the parser. The CRLF input is split across reads so the framer must keep state; a < b holds and <div> is fine in prose.")
	idx := 0
	for b.Len() < size {
		ev("content_block_start", fmt.Sprintf(`{"type":"content_block_start","index":%d,"content_block":{"type":"text","text":""}}`, idx))
		for i := 0; i < 200; i++ {
			w := words[(i+idx)%len(words)]
			sep := " "
			if i%40 == 39 {
				sep = `\n\n`
			}
			ev("content_block_delta", fmt.Sprintf(`{"type":"content_block_delta","index":%d,"delta":{"type":"text_delta","text":"%s%s"}}`, idx, w, sep))
		}
		ev("content_block_stop", fmt.Sprintf(`{"type":"content_block_stop","index":%d}`, idx))
		idx++
		ev("content_block_start", fmt.Sprintf(`{"type":"content_block_start","index":%d,"content_block":{"type":"tool_use","id":"toolu_01","name":"Read","input":{}}}`, idx))
		for _, p := range []string{`{\"file_`, `path\": \"/repo/`, `main.go\", \"limit\": 40}`} {
			ev("content_block_delta", fmt.Sprintf(`{"type":"content_block_delta","index":%d,"delta":{"type":"input_json_delta","partial_json":"%s"}}`, idx, p))
		}
		ev("content_block_stop", fmt.Sprintf(`{"type":"content_block_stop","index":%d}`, idx))
		idx++
		if i := b.Len(); i > size {
			break
		}
	}
	ev("message_delta", `{"type":"message_delta","delta":{"stop_reason":"tool_use","stop_sequence":null},"usage":{"output_tokens":5}}`)
	ev("message_stop", `{"type":"message_stop"}`)
	return b.Bytes(), n
}

const benchRequest = `{"model":"claude","stream":true,"messages":[],"tools":[{"name":"Read","input_schema":{"type":"object","properties":{"file_path":{"type":"string"},"limit":{"type":"integer"}},"required":["file_path"]}},{"name":"Bash","input_schema":{"type":"object","properties":{"command":{"type":"string"}},"required":["command"]}}]}`

// streamUpstream serves body as an SSE stream in 32 KiB writes.
func streamUpstream(body []byte) *httptest.Server {
	return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		w.Header().Set("Content-Type", "text/event-stream")
		for b := body; len(b) > 0; {
			n := min(32<<10, len(b))
			_, _ = w.Write(b[:n])
			b = b[n:]
		}
	}))
}

func benchThrough(b *testing.B, h http.Handler, path, request string, size int64, events int) {
	ps := httptest.NewServer(h)
	defer ps.Close()
	c := ps.Client()
	b.SetBytes(size)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		resp, err := c.Post(ps.URL+path, "application/json", strings.NewReader(request))
		if err != nil {
			b.Fatal(err)
		}
		n, _ := io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if n != size {
			b.Fatalf("got %d bytes, want %d", n, size)
		}
	}
	b.StopTimer()
	b.ReportMetric(float64(events), "events/op")
}

// BenchmarkHealthyStream sends a 50 MB healthy stream through the whole toolfix server (every
// repair on) and through a bare httputil.ReverseProxy against the same upstream: compare the MB/s
// of the two sub-benchmarks (the goal is toolfix >= 0.9x the floor) and divide allocs/op by
// events/op for allocations per event.
func BenchmarkHealthyStream(b *testing.B) {
	body, events := healthyAnthropicStream(50 << 20)
	benchFloorAndToolfix(b, body, events, "/v1/messages", benchRequest)
}

// benchFloorAndToolfix runs the sub-benchmarks "floor" (a bare httputil.ReverseProxy) and
// "toolfix" (the whole server, every repair on) over the stream body of events events, served by
// one upstream and asked for at path with request.
func benchFloorAndToolfix(b *testing.B, body []byte, events int, path, request string) {
	up := streamUpstream(body)
	defer up.Close()
	u, _ := url.Parse(up.URL)
	b.Run("floor", func(b *testing.B) {
		rp := httputil.NewSingleHostReverseProxy(u)
		rp.FlushInterval = -1
		benchThrough(b, rp, path, request, int64(len(body)), events)
	})
	b.Run("toolfix", func(b *testing.B) {
		srv := newHandler(b, up.URL, Options{})
		benchThrough(b, srv, path, request, int64(len(body)), events)
	})
}

func TestHealthyBenchStreamPasses(t *testing.T) {
	body, _ := healthyAnthropicStream(1 << 20)
	up := streamUpstream(body)
	defer up.Close()
	srv, ps := newServer(t, up.URL, Options{})
	_, got := readAnswer(t, http.DefaultClient, newJSONPost(t, ps.URL+"/v1/messages", strings.NewReader(benchRequest)))
	if !bytes.Equal(got, body) {
		t.Fatalf("the healthy benchmark stream changed:\n%s", firstDiff(got, body))
	}
	if s := srv.Stats.Snapshot(); len(s.Repairs) > 0 {
		t.Errorf("repairs on a healthy stream: %v", s.Repairs)
	}
}
