package exchange

import (
	"bytes"
	"fmt"
	"io"
	"math/rand/v2"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/toolfix/toolfix/proxy/repair"
	"github.com/toolfix/toolfix/proxy/sse"
)

// madeIDs matches the ids a repair makes for the calls it creates (repair.NewID).
var madeIDs = regexp.MustCompile(`(toolu_|call_)[0-9A-Za-z]{24}`)

// hiddenRun is a Repairer without its PushRun: the pump then takes every piece through Push.
type hiddenRun struct{ sse.Repairer }

// countingRun counts the Push calls of a RunPusher and the pieces its PushRun took.
type countingRun struct {
	sse.Repairer
	pushes, runs int
}

func (c *countingRun) Push(ev sse.Event, w io.Writer) error {
	c.pushes++
	return c.Repairer.Push(ev, w)
}

func (c *countingRun) PushRun(ahead []byte, max int) int {
	n := c.Repairer.(sse.RunPusher).PushRun(ahead, max)
	if n > 0 {
		c.runs++
	}
	return n
}

// runRequests are the requests of the streams pushRunStream builds, per dialect.
var runRequests = map[string][]byte{
	"anthropic": []byte(`{"model":"m","stream":true,"tools":[{"name":"Read","input_schema":{"type":"object","properties":{"path":{"type":"string"},"limit":{"type":"integer"}},"required":["path"]}}]}`),
	"chat":      []byte(`{"model":"m","stream":true,"tools":[{"type":"function","function":{"name":"Read","parameters":{"type":"object","properties":{"path":{"type":"string"},"limit":{"type":"integer"}},"required":["path"]}}}]}`),
}

var runWords = []string{"The", "file", "is", "read,", "then", "the", "answer.", " ", "a b", "x=1;", "(ok)", "{}", "\\\"quoted\\\"", "<", "<invoke name=\\\"Read\\\">", "<tool_call>", "[TOOL_CALLS]", "`code`", "\\n", "\\u00e9t\\u00e9", "é", "</think>", "{\\\"name\\\":\\\"Read\\\",\\\"arguments\\\":{\\\"path\\\":\\\"/a\\\"}}", "<parameter name=\\\"path\\\">/a</parameter></invoke>", "\\n\\n<tool_call>\\n{\\\"name\\\": \\\"Read\\\", \\\"arguments\\\": {\\\"path\\\": \\\"/etc\\\"}}\\n</tool_call>"}

// pushRunStream builds a stream of dialect from prog, a byte per event: mostly quiet text, with
// text that may start markup, blocks and calls, comments, events framed with CR, and stray bytes
// between them, so that runs of quiet pieces start and stop anywhere.
func pushRunStream(dialect string, prog []byte) string {
	var b strings.Builder
	word := func(i int) string { return runWords[i%len(runWords)] }
	if dialect == "anthropic" {
		b.WriteString("event: message_start\ndata: {\"type\":\"message_start\",\"message\":{\"id\":\"msg_1\",\"type\":\"message\",\"role\":\"assistant\",\"content\":[],\"usage\":{\"input_tokens\":1}}}\n\n")
		idx := 0
		open := ""
		start := func(typ string) {
			if open != "" {
				fmt.Fprintf(&b, "event: content_block_stop\ndata: {\"type\":\"content_block_stop\",\"index\":%d}\n\n", idx)
				idx++
			}
			open = typ
			if typ == "text" {
				fmt.Fprintf(&b, "event: content_block_start\ndata: {\"type\":\"content_block_start\",\"index\":%d,\"content_block\":{\"type\":\"text\",\"text\":\"\"}}\n\n", idx)
			} else {
				fmt.Fprintf(&b, "event: content_block_start\ndata: {\"type\":\"content_block_start\",\"index\":%d,\"content_block\":{\"type\":\"tool_use\",\"id\":\"toolu_%d\",\"name\":\"Read\",\"input\":{}}}\n\n", idx, idx)
			}
		}
		start("text")
		for i, op := range prog {
			w := word(int(op>>4) + i)
			switch op % 12 {
			case 0, 1, 2, 3, 4:
				fmt.Fprintf(&b, "event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":%d,\"delta\":{\"type\":\"text_delta\",\"text\":\"%s \"}}\n\n", idx, strings.Repeat("word ", int(op>>5)))
			case 5:
				fmt.Fprintf(&b, "event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":%d,\"delta\":{\"type\":\"text_delta\",\"text\":\"%s\"}}\n\n", idx, w)
			case 6:
				start("text")
			case 7:
				start("tool_use")
				fmt.Fprintf(&b, "event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":%d,\"delta\":{\"type\":\"input_json_delta\",\"partial_json\":\"{\\\"path\\\": \\\"/a\"}}\n\n", idx)
				fmt.Fprintf(&b, "event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":%d,\"delta\":{\"type\":\"input_json_delta\",\"partial_json\":\"\\\", \\\"limit\\\": \\\"%d\\\"}\"}}\n\n", idx, op)
			case 8:
				b.WriteString(": ping\n\n")
			case 9:
				fmt.Fprintf(&b, "event: content_block_delta\r\ndata: {\"type\":\"content_block_delta\",\"index\":%d,\"delta\":{\"type\":\"text_delta\",\"text\":\"crlf \"}}\r\n\r\n", idx)
			case 10:
				fmt.Fprintf(&b, "event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":%d,\"delta\":{\"type\":\"text_delta\",\"text\":\"other \"}}\n\n", idx+1+int(op>>6))
			case 11:
				b.WriteString(string(prog[i:min(len(prog), i+int(op>>5)+1)])) // stray bytes
			}
		}
		if open != "" {
			fmt.Fprintf(&b, "event: content_block_stop\ndata: {\"type\":\"content_block_stop\",\"index\":%d}\n\n", idx)
		}
		stop := "end_turn"
		if open == "tool_use" {
			stop = "tool_use"
		}
		b.WriteString("event: message_delta\ndata: {\"type\":\"message_delta\",\"delta\":{\"stop_reason\":\"" + stop + "\"},\"usage\":{\"output_tokens\":3}}\n\n")
		b.WriteString("event: message_stop\ndata: {\"type\":\"message_stop\"}\n\n")
		return b.String()
	}
	chunk := func(choice int, delta string) {
		fmt.Fprintf(&b, `data: {"id":"c1","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":%d,"delta":%s,"finish_reason":null}]}`+"\n\n", choice, delta)
	}
	for i, op := range prog {
		w := word(int(op>>4) + i)
		switch op % 12 {
		case 0, 1, 2, 3, 4:
			chunk(0, `{"content":"`+strings.Repeat("word ", int(op>>5))+` "}`)
		case 5:
			chunk(0, `{"content":"`+w+`"}`)
		case 6:
			chunk(int(op>>6)&1, `{"content":"second "}`)
		case 7:
			chunk(0, `{"tool_calls":[{"index":0,"id":"call_`+strconv.Itoa(i)+`","type":"function","function":{"name":"Read","arguments":""}}]}`)
			chunk(0, `{"tool_calls":[{"index":0,"function":{"arguments":"{\"path\": \"/a\", \"limit\": \"`+strconv.Itoa(int(op))+`\"}"}}]}`)
		case 8:
			b.WriteString(": keep-alive\n\n")
		case 9:
			fmt.Fprintf(&b, `data: {"id":"c1","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,"delta":{"content":"crlf "},"finish_reason":null}]}`+"\r\n\r\n")
		case 10:
			fmt.Fprintf(&b, `data: {"id":"c1","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,"delta":{"role":"assistant","content":"other shape "},"finish_reason":null}]}`+"\n\n")
		case 11:
			b.WriteString(string(prog[i:min(len(prog), i+int(op>>5)+1)]))
		}
	}
	fmt.Fprintf(&b, `data: {"id":"c1","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}`+"\n\n")
	b.WriteString("data: [DONE]\n\n")
	return b.String()
}

// sizedReader hands out b in reads of the sizes it draws.
type sizedReader struct {
	b   []byte
	rnd *rand.Rand
	max int
}

func (r *sizedReader) Read(p []byte) (int, error) {
	if len(r.b) == 0 {
		return 0, io.EOF
	}
	n := copy(p[:min(len(p), 1+r.rnd.IntN(r.max))], r.b)
	r.b = r.b[n:]
	return n, nil
}

// pumpRun pumps body through rep (built by build) into a batchWriter flushed at every read, as
// the proxy does, and returns what the client got and what the reporter heard.
func pumpRun(body []byte, rep sse.Repairer, events *[]string, seed uint64, readMax, maxEvent int) []byte {
	var out bytes.Buffer
	cw := &batchWriter{w: &out}
	r := &sizedReader{b: body, rnd: rand.New(rand.NewPCG(seed, 7)), max: readMax}
	_, _ = pumpStream(r, cw, rep, maxEvent, pumpHooks{beforeRead: func() { _, _ = cw.flush() }, panicked: func(p any) { *events = append(*events, fmt.Sprint("panic ", p)) }})
	_, _ = cw.flush()
	return out.Bytes()
}

func runReporter(events *[]string) *repair.Reporter {
	return &repair.Reporter{
		Repaired:   func(kind, tool string) { *events = append(*events, "repaired "+kind+" "+tool) },
		FailOpen:   func(reason string) { *events = append(*events, "failopen "+reason) },
		Undeclared: func(tool string) { *events = append(*events, "undeclared "+tool) },
	}
}

// checkPushRun holds the pump with the dialect's PushRun to the pump without it: the same bytes
// to the client and the same reports, for the stream prog builds, read in pieces of random size.
func checkPushRun(t *testing.T, dialect string, prog []byte, seed uint64, readMax, maxEvent int) {
	t.Helper()
	body := pushRunStream(dialect, prog)
	var withEv, withoutEv []string
	with := newStreamRepairer(dialect, runRequests[dialect], "", 0, runReporter(&withEv))
	if _, ok := with.(sse.RunPusher); !ok {
		t.Fatalf("%s: the stream repairer takes no runs", dialect)
	}
	got := pumpRun([]byte(body), with, &withEv, seed, readMax, maxEvent)
	without := newStreamRepairer(dialect, runRequests[dialect], "", 0, runReporter(&withoutEv))
	want := pumpRun([]byte(body), hiddenRun{without}, &withoutEv, seed, readMax, maxEvent)
	got, want = madeIDs.ReplaceAll(got, []byte("${1}ID")), madeIDs.ReplaceAll(want, []byte("${1}ID")) // a repair's new call ids are random
	if !bytes.Equal(got, want) {
		at := 0
		for at < len(got) && at < len(want) && got[at] == want[at] {
			at++
		}
		from := max(0, at-300)
		t.Fatalf("%s stream %q (reads up to %d, events up to %d): the outputs differ at byte %d:\nwith runs:    …%q\nwithout runs: …%q", dialect, body, readMax, maxEvent, at, got[from:min(len(got), at+300)], want[from:min(len(want), at+300)])
	}
	if fmt.Sprint(withEv) != fmt.Sprint(withoutEv) {
		t.Fatalf("%s stream %q: reports with runs %q, without %q", dialect, body, withEv, withoutEv)
	}
}

// FuzzPushRun holds sse.RunPusher's law for both dialects that take runs: a pump that lets the
// dialect take runs of pieces from the bytes read ahead writes exactly what one that pushes every
// piece writes, and reports the same repairs and fail-opens, whatever the stream and however it is
// cut into reads and whatever the event size limit.
func FuzzPushRun(f *testing.F) {
	f.Add(false, []byte{0, 0, 0, 32, 64, 96, 0, 0}, uint64(1), uint16(4096), uint16(0))
	f.Add(true, []byte{0, 0, 0, 32, 64, 96, 0, 0}, uint64(2), uint16(64), uint16(0))
	f.Add(false, []byte{0, 5, 0, 7, 0, 6, 0, 8, 9, 10, 11, 0, 0}, uint64(3), uint16(200), uint16(120))
	f.Add(true, []byte{0, 5, 0, 7, 0, 6, 0, 8, 9, 10, 11, 0, 0}, uint64(4), uint16(33), uint16(100))
	f.Add(false, []byte{21, 37, 53, 0, 0, 0, 0, 0, 69, 85, 0, 0, 0}, uint64(5), uint16(1), uint16(0))
	f.Fuzz(func(t *testing.T, chat bool, prog []byte, seed uint64, readMax, maxEvent uint16) {
		if len(prog) > 512 {
			return
		}
		dialect := "anthropic"
		if chat {
			dialect = "chat"
		}
		checkPushRun(t, dialect, prog, seed, 1+int(readMax), int(maxEvent))
	})
}

// TestPushRunTakesRuns holds that the runs are taken at all: a healthy stream of quiet text read
// in large pieces goes mostly through PushRun, in far fewer Push calls than it has events, and
// still comes out as it came, and so does one whose deltas show tags no call begins with (a
// "<b>" in prose); a stream with markup in every delta takes none.
func TestPushRunTakesRuns(t *testing.T) {
	for _, dialect := range []string{"anthropic", "chat"} {
		t.Run(dialect, func(t *testing.T) {
			quiet := bytes.Repeat([]byte{96}, 400) // a text "word word word  " each
			body := []byte(pushRunStream(dialect, quiet))
			c := &countingRun{Repairer: newStreamRepairer(dialect, runRequests[dialect], "", 0, nil)}
			var evs []string
			got := pumpRun(body, c, &evs, 1, 32<<10, 0)
			if !bytes.Equal(got, body) {
				t.Fatalf("a healthy stream changed:\n got %q\nwant %q", got, body)
			}
			if c.runs == 0 || c.pushes > 60 {
				t.Errorf("%d events went in %d Push calls and %d runs; want most in runs", bytes.Count(body, []byte("\n\n")), c.pushes, c.runs)
			}
			// A '<' that can begin no markup where it stands is prose: such deltas go in runs too.
			tags := bytes.ReplaceAll(body, []byte("word"), []byte("a <b>"))
			c = &countingRun{Repairer: newStreamRepairer(dialect, runRequests[dialect], "", 0, nil)}
			if got := pumpRun(tags, c, &evs, 1, 32<<10, 0); !bytes.Equal(got, tags) || c.runs == 0 || c.pushes > 60 {
				t.Errorf("prose with tags changed (%v) or went in %d Push calls and %d runs; want most in runs", !bytes.Equal(got, tags), c.pushes, c.runs)
			}
			loud := bytes.ReplaceAll(body, []byte("word"), []byte("Done.<tool_call>")) // every delta may start markup
			c = &countingRun{Repairer: newStreamRepairer(dialect, runRequests[dialect], "", 0, nil)}
			pumpRun(loud, c, &evs, 1, 32<<10, 0)
			if c.runs != 0 {
				t.Errorf("markup text went in %d runs; want none", c.runs)
			}
		})
	}
}
