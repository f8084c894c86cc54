package openai

import (
	"bytes"
	"errors"
	"io"
	"math/rand"
	"strconv"
	"strings"
	"testing"

	"github.com/toolfix/toolfix/proxy/repair"
	"github.com/toolfix/toolfix/proxy/sse"
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
	st := NewStream(tl, nil, Options{})
	fr := &sse.Reader{R: bytes.NewReader(body)}
	for {
		ev, err := fr.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			tb.Fatal(err)
		}
		if err := st.Push(ev, w); err != nil {
			tb.Fatal(err)
		}
	}
	if err := st.End(w); err != nil {
		tb.Fatal(err)
	}
}

// BenchmarkHealthyStream measures the Chat Completions dialect alone (framing included) on a
// healthy 4 MB stream with every rule on; the output must equal the input.
func BenchmarkHealthyStream(b *testing.B) {
	body := healthyStream(4 << 20)
	tl, _ := repair.ToolsFromChat([]byte(tools))
	var out bytes.Buffer
	pump(b, tl, body, &out)
	if !bytes.Equal(out.Bytes(), body) {
		b.Fatal("healthy stream changed")
	}
	b.SetBytes(int64(len(body)))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		pump(b, tl, body, io.Discard)
	}
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
