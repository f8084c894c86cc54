package openai

import (
	"bytes"
	"io"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/toolfix/toolfix/proxy/cases"
	"github.com/toolfix/toolfix/proxy/client"
	"github.com/toolfix/toolfix/proxy/repair"
	"github.com/toolfix/toolfix/proxy/sse"
	"github.com/toolfix/toolfix/proxy/sse/ssetest"
)

// FuzzStream: never panic, hold nothing after End, and an output that differs from the input
// must have been reported as a repair, but for comments that passed ahead of a held call; and
// every call's bytes go out in upstream order (client.CheckOrder).
func FuzzStream(f *testing.F) {
	for _, c := range cases.ForTest(f, "openai") {
		if c.Stream {
			f.Add(c.Request, c.Upstream, uint8(1), false)
		}
	}
	for _, seed := range []string{
		streamOf("工具 bash\ncommand=\"ls\"\n", "stop"),
		streamOf("Ok.\n<tool_call>{\"name\":\"bash\",\"arguments\":{\"command\":\"ls\"}}</tool_call>", "stop"),
		sseOf(head("0", "c1", "read"), args("0", `{"file_path":"a","limit":"5"}`), head("1", "c2", "bash"), finish("stop")),
		sseOf(chunk(`{"tool_calls":[{"id":"c1","function":{"arguments":""}}]}`, "null"), chunk(`{"tool_calls":[{"function":{"name":"bash"}}]}`, "null"), finish("stop")),
		"data:\n\ndata: null\n\n: c\n\ndata: {\"choices\":null}\n\n" + sseOf(text("a"), `{"error":{}}`),
		"data: " + head("0", "c1", "status") + "\n\n: ping\n\n" + sseOf(head("1", "c2", "todowrite"), args("0", ""), finish("length")),
		sseOf(chunk(`{"tool_calls":[{"index":0,"id":"c1","function":{"name":"bash","arguments":""}}]}`, "null"), args("0", `{"command":"ls"}`), finish("tool_calls")),
	} {
		f.Add([]byte(tools), []byte(seed), uint8(3), true)
	}
	f.Add([]byte(tools), []byte(sseOf(chunk(`{"tool_calls":[{"id":"","function":{"arguments":{"a":1}}}]}`, "null"), finish("stop"))), uint8(5), false)
	f.Fuzz(func(t *testing.T, request, body []byte, chunk uint8, bridge bool) {
		opt := Options{}
		if bridge {
			opt.TextFormat = FormatGongju
		}
		r := io.Reader(ssetest.Chunks(body, int64(chunk)))
		out, kinds := run(t, request, r, opt)
		if len(kinds) == 0 && !bytes.Equal(sse.WithoutKeepAlives(out, nil), sse.WithoutKeepAlives(body, nil)) {
			t.Fatalf("output changed with no repair reported:\n in: %q\nout: %q", body, out)
		}
		if err := client.CheckOrder(client.ChatOrderFrames(body), client.ChatOrderFrames(out)); err != nil {
			t.Fatalf("order: %v\n in: %q\nout: %q", err, body, out)
		}
	})
}

// FuzzCompletion: never panic; a body left alone is reported as such, and a changed one is JSON.
func FuzzCompletion(f *testing.F) {
	for _, c := range cases.ForTest(f, "openai") {
		f.Add(c.Request, c.Upstream, false)
	}
	f.Add([]byte(tools), []byte(completion(`{"role":"assistant","content":"工具 read\nfile_path=\"a\"\n"}`, "stop")), true)
	f.Fuzz(func(t *testing.T, request, body []byte, bridge bool) {
		opt := Options{}
		if bridge {
			opt.TextFormat = FormatGongju
		}
		tl, _ := repair.ToolsFromChat(request)
		out, ok, kinds := ssetest.RepairKinds(func(rep *repair.Reporter) ([]byte, bool) {
			return RepairCompletion(tl, bytes.Clone(body), rep, opt)
		})
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

// FuzzHealthy: content of any text that does not end as markup, in any split, followed by a call
// of an offered tool whose arguments fit, in any split, passes byte for byte.
func FuzzHealthy(f *testing.F) {
	f.Add("Hello <b>world</b>\ncount\nmore", "ls -la", uint8(3))
	f.Add("```\n<tool_call>\n```\nok", `C:\x "q"`, uint8(1))
	f.Add("a\r\nb `<invoke>` c", "", uint8(7))
	f.Fuzz(func(t *testing.T, content, command string, parts uint8) {
		if !utf8.ValidString(content) || !utf8.ValidString(command) {
			return
		}
		if strings.Contains(content, "<") || strings.Contains(content, "｜") {
			return // could be real leaked markup; FuzzStream covers it
		}
		n := int(parts%8) + 1
		var datas []string
		step := len(content)/n + 1
		for i := 0; i < len(content); i += step {
			j := min(len(content), i+step)
			for j < len(content) && !utf8.RuneStart(content[j]) {
				j++
			}
			datas = append(datas, text(content[i:j]))
			i = j - step
		}
		argText := `{"command":` + quote(command) + `}`
		datas = append(datas, head("0", "call_1", "bash"))
		step = len(argText)/n + 1
		for i := 0; i < len(argText); i += step {
			datas = append(datas, args("0", argText[i:min(len(argText), i+step)]))
		}
		datas = append(datas, finish("tool_calls"))
		in := sseOf(datas...)
		for _, opt := range []Options{{}, {TextFormat: FormatGongju}} {
			if opt.TextFormat != "" && strings.Contains(content, "工具") {
				continue
			}
			out, kinds := run(t, []byte(tools), strings.NewReader(in), opt)
			if string(out) != in {
				t.Fatalf("healthy stream changed (kinds %v):\n in: %q\nout: %q", kinds, in, out)
			}
		}
	})
}
