package openai

import (
	"bytes"
	"io"
	"math/rand"
	"testing"

	"github.com/toolfix/toolfix/proxy/cases"
	"github.com/toolfix/toolfix/proxy/repair"
)

// FuzzStream: never panic, hold nothing after End, and an output that differs from the input must
// have been reported as a repair.
func FuzzStream(f *testing.F) {
	if all, err := cases.Load("openai"); err == nil {
		for _, c := range all {
			if c.Stream {
				f.Add(c.Request, c.Upstream, uint8(1), false)
			}
		}
	}
	for _, seed := range []string{
		streamOf("工具 bash\ncommand=\"ls\"\n", "stop"),
		streamOf("Ok.\n<tool_call>{\"name\":\"bash\",\"arguments\":{\"command\":\"ls\"}}</tool_call>", "stop"),
		sseOf(head("0", "c1", "read"), args("0", `{"file_path":"a","limit":"5"}`), head("1", "c2", "bash"), finish("stop")),
		sseOf(chunk(`{"tool_calls":[{"id":"c1","function":{"arguments":""}}]}`, "null"), chunk(`{"tool_calls":[{"function":{"name":"bash"}}]}`, "null"), finish("stop")),
		"data:\n\ndata: null\n\n: c\n\ndata: {\"choices\":null}\n\n" + sseOf(text("a"), `{"error":{}}`),
	} {
		f.Add([]byte(tools), []byte(seed), uint8(3), true)
	}
	f.Add([]byte(tools), []byte(sseOf(chunk(`{"tool_calls":[{"id":"","function":{"arguments":{"a":1}}}]}`, "null"), finish("stop"))), uint8(5), false)
	f.Fuzz(func(t *testing.T, request, body []byte, chunk uint8, bridge bool) {
		opt := Options{}
		if bridge {
			opt.TextFormat = FormatGongju
		}
		r := io.Reader(&randChunks{b: body, rnd: rand.New(rand.NewSource(int64(chunk)))})
		out, kinds := run(t, request, r, opt)
		if len(kinds) == 0 && !bytes.Equal(out, body) {
			t.Fatalf("output changed with no repair reported:\n in: %q\nout: %q", body, out)
		}
	})
}

// FuzzCompletion: never panic; a body left alone is reported as such, and a changed one is JSON.
func FuzzCompletion(f *testing.F) {
	if all, err := cases.Load("openai"); err == nil {
		for _, c := range all {
			f.Add(c.Request, c.Upstream, false)
		}
	}
	f.Add([]byte(tools), []byte(completion(`{"role":"assistant","content":"工具 read\nfile_path=\"a\"\n"}`, "stop")), true)
	f.Fuzz(func(t *testing.T, request, body []byte, bridge bool) {
		opt := Options{}
		if bridge {
			opt.TextFormat = FormatGongju
		}
		tl, _ := repair.ToolsFromChat(request)
		var kinds []string
		rep := &repair.Reporter{Repaired: func(kind, _ string) { kinds = append(kinds, kind) }}
		out, ok := RepairCompletion(tl, bytes.Clone(body), rep, opt)
		if !ok {
			if out != nil {
				t.Fatal("output without a repair")
			}
			return
		}
		if len(kinds) == 0 {
			t.Fatalf("changed with no repair reported: %q", out)
		}
		if !bytes.HasPrefix(bytes.TrimSpace(out), []byte("{")) {
			t.Fatalf("repaired body is not an object: %q", out)
		}
	})
}
