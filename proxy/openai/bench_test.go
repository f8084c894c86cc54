package openai

import (
	"bytes"
	"io"
	"math/rand"
	"strconv"
	"strings"
	"testing"

	"github.com/toolfix/toolfix/proxy/repair"
	"github.com/toolfix/toolfix/proxy/sse"
	"github.com/toolfix/toolfix/proxy/sse/ssetest"
)

// healthyStream is a healthy stream of about size bytes: prose with code, angle brackets and
// Markdown in deltas of 1 to 24 bytes for nine tenths, then calls of an offered tool, each writing
// a file whose content arrives in deltas of 1 to 24 bytes.
func healthyStream(size int) []byte {
	rnd := rand.New(rand.NewSource(1))
	words := []string{"the ", "proxy ", "repairs ", "a < b ", "<div> ", "`code` ", "\n", "- item\n", "if x {\n", "}\n", "count ", "工具箱 ", "über ", "**bold** ", `"q" `, `C:\dir `}
	piece := func() string {
		var s strings.Builder
		for s.Len() < 1+rnd.Intn(24) {
			s.WriteString(words[rnd.Intn(len(words))])
		}
		return s.String()
	}
	var b bytes.Buffer
	b.WriteString("data: " + chunk(`{"role":"assistant","content":""}`, "null") + "\n\n")
	for b.Len() < size*9/10 {
		b.WriteString("data: " + text(piece()) + "\n\n")
	}
	for call := 0; b.Len() < size; call++ {
		i := strconv.Itoa(call)
		b.WriteString("data: " + head(i, "call_"+i, "write") + "\n\n")
		b.WriteString("data: " + args(i, `{"file_path":"/tmp/f`+i+`.txt","content":"`) + "\n\n")
		for k := 0; k < 400; k++ {
			b.WriteString("data: " + args(i, strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`).Replace(piece())) + "\n\n")
		}
		b.WriteString("data: " + args(i, `"}`) + "\n\n")
	}
	b.WriteString("data: " + finish("tool_calls") + "\n\ndata: [DONE]\n\n")
	return b.Bytes()
}

func pump(tb testing.TB, tl *repair.Tools, body []byte, w io.Writer) {
	if err := ssetest.RunTo(bytes.NewReader(body), NewStream(tl, nil, Options{}), w); err != nil {
		tb.Fatal(err)
	}
}

// BenchmarkHealthyStream measures the Chat Completions dialect alone (framing included) on a
// healthy 4 MB stream with every rule on; the output must equal the input.
func BenchmarkHealthyStream(b *testing.B) {
	body := healthyStream(4 << 20)
	tl, _ := repair.ToolsFromChat([]byte(tools))
	benchHealthy(b, tl, body)
}

// benchHealthy pumps the healthy stream body through the dialect with tl, once to check that the
// output equals it, then b.N times; it reports the events of body per op.
func benchHealthy(b *testing.B, tl *repair.Tools, body []byte) {
	var out bytes.Buffer
	pump(b, tl, body, &out)
	if !bytes.Equal(out.Bytes(), body) {
		b.Fatal("healthy stream changed")
	}
	b.SetBytes(int64(len(body)))
	b.ReportAllocs()
	for b.Loop() {
		pump(b, tl, body, io.Discard)
	}
	b.ReportMetric(float64(bytes.Count(body, []byte("\n\n"))), "events/op")
}

// BenchmarkFramingOnly is the floor: SSE framing and writing without the dialect.
func BenchmarkFramingOnly(b *testing.B) {
	body := healthyStream(4 << 20)
	b.SetBytes(int64(len(body)))
	for i := 0; i < b.N; i++ {
		fr := &sse.Reader{R: bytes.NewReader(body)}
		for {
			ev, err := fr.Next()
			if err != nil {
				break
			}
			_, _ = io.Discard.Write(ev.Raw)
		}
	}
}

// loadShapeStream is the healthy stream of the load benchmark (proxy/loadbench healthyChat) of
// about size bytes: one-word content deltas, a read call after every 200 chunks.
func loadShapeStream(size int) []byte {
	var b bytes.Buffer
	chunk := func(delta, finish string) {
		b.WriteString(`data: {"id":"chatcmpl-1","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,"delta":` + delta + `,"finish_reason":` + finish + `}]}` + "\n\n")
	}
	chunk(`{"role":"assistant","content":""}`, "null")
	words := strings.Fields("Let me look at the failing test first, then the parser. The CRLF input is split across reads so the framer must keep state; a < b holds and <div> is fine in prose.")
	for call := 0; b.Len() < size; call++ {
		for i := 0; i < 200; i++ {
			sep := " "
			if i%40 == 39 {
				sep = `\n\n`
			}
			chunk(`{"content":"`+words[(i+call)%len(words)]+sep+`"}`, "null")
		}
		chunk(`{"tool_calls":[{"index":`+strconv.Itoa(call)+`,"id":"call_`+strconv.Itoa(call)+`","type":"function","function":{"name":"read","arguments":""}}]}`, "null")
		for _, p := range []string{`{\"path\": \"/repo/`, `main.go\", \"limit\": 40}`} {
			chunk(`{"tool_calls":[{"index":`+strconv.Itoa(call)+`,"function":{"arguments":"`+p+`"}}]}`, "null")
		}
	}
	chunk(`{}`, `"tool_calls"`)
	b.WriteString("data: [DONE]\n\n")
	return b.Bytes()
}

// BenchmarkStreamLoadShape measures the dialect alone (framing included) on the load
// benchmark's healthy stream, 4 MB, its read calls offered: the output must equal the input;
// allocs/op over events/op is the allocations per event.
func BenchmarkStreamLoadShape(b *testing.B) {
	body := loadShapeStream(4 << 20)
	tl, err := repair.ToolsFromChat([]byte(loadShapeTools))
	if err != nil {
		b.Fatal(err)
	}
	benchHealthy(b, tl, body)
}

// loadShapeTools offers the function the load benchmark's healthy stream calls.
const loadShapeTools = `{"tools":[{"type":"function","function":{"name":"read","parameters":{"type":"object","properties":{"path":{"type":"string"},"limit":{"type":"integer"}},"required":["path"]}}}]}`

// TestLoadShapeHealthy: 256 KiB of the load benchmark's healthy stream go through byte for byte
// with no repair, read whole, a byte at a time and in random small chunks.
func TestLoadShapeHealthy(t *testing.T) {
	in := loadShapeStream(256 << 10)
	for name, r := range ssetest.Readers(in, 1, 2) {
		out, kinds := run(t, []byte(loadShapeTools), r, Options{})
		if !bytes.Equal(out, in) || len(kinds) > 0 {
			t.Fatalf("%s: the healthy stream changed (repairs %v)", name, kinds)
		}
	}
}
