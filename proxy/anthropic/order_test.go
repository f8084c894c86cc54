package anthropic

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/toolfix/toolfix/proxy/client"
	"github.com/toolfix/toolfix/proxy/repair"
	"github.com/toolfix/toolfix/proxy/sse/ssetest"
)

// orderTools offers the tools of ssetest.GenSchemas.
var orderTools = ssetest.GenRequest(func(name, schema string) string {
	return `{"name":"` + name + `","input_schema":` + schema + `}`
})

const orderError = "event: error\ndata: {\"type\":\"error\",\"error\":{\"type\":\"overloaded_error\",\"message\":\"Overloaded\"}}\n\n"

// indexDelta is an input_json_delta of block i, spelled as the upstream does (with a space
// after each colon, so that no event toolfix writes is spelled so) and with an SSE id line of
// its own, seq, so that no two upstream events are alike (client.CheckOrder tells equal events
// apart only greedily).
func indexDelta(i, seq int, s string) string {
	q, _ := json.Marshal(s)
	return "id: " + strconv.Itoa(seq) + "\n" + ev("content_block_delta", `{"type": "content_block_delta","index": `+strconv.Itoa(i)+`,"delta": {"type": "input_json_delta","partial_json": `+string(q)+`}}`)
}

func toolStart(i int, name string) string {
	return ev("content_block_start", `{"type":"content_block_start","index":`+strconv.Itoa(i)+`,"content_block":{"type":"tool_use","id":"toolu_`+strconv.Itoa(i)+`","name":"`+name+`","input":{}}}`)
}

func blockStop(i int) string {
	return ev("content_block_stop", `{"type":"content_block_stop","index":`+strconv.Itoa(i)+`}`)
}

// genMessage builds a Messages stream from the choices in data: perhaps a text block (some
// ending in leaked call markup), then 1-3
// tool_use blocks with inputs drawn from ssetest.GenArgs cut at random, pings among their
// deltas, perhaps an error event
// anywhere among them, then message_delta and message_stop; and what follows the message_stop
// (ssetest.GenReplay): the finish replayed (each tool input again as one delta, each block's
// stop, a message_delta with end_turn, message_stop: docs/faults.md D73), whole or cut, maybe
// with a ping among it. names holds each block's tool ("" for text); healthy reports that no
// input has a fault, hasError that an error came.
func genMessage(data []byte) (body string, names []string, healthy, hasError bool, after []string, replay ssetest.Replay) {
	p := &ssetest.Picker{B: data}
	healthy = true
	var events []string
	if p.Pick(3) == 0 {
		events = append(events, ev("content_block_start", `{"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}`))
		text := "Let me see."
		if p.Pick(3) == 0 {
			// leaked call markup at the text's tail (D01), which may become a tool_use block
			text, healthy = "Reading.\n<invoke name=\"p\">\n<parameter name=\"p\">x</parameter>\n</invoke>", false
		}
		cut := p.Pick(len(text))
		for _, t := range []string{text[:cut], text[cut:]} {
			q, _ := json.Marshal(t)
			events = append(events, ev("content_block_delta", `{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":`+string(q)+`}}`))
		}
		events = append(events, blockStop(0))
		names = append(names, "")
	}
	inputs := map[int]string{}
	for range 1 + p.Pick(3) {
		i := len(names)
		name, pieces, fits := ssetest.GenCall(p)
		inputs[i] = strings.Join(pieces, "")
		healthy = healthy && fits
		events = append(events, toolStart(i, name))
		for _, s := range pieces {
			events = append(events, indexDelta(i, len(events), s))
			if p.Pick(6) == 0 {
				events = append(events, ev("ping", `{"type": "ping"}`)) // passes ahead of a held fault
			}
		}
		events = append(events, blockStop(i))
		names = append(names, name)
	}
	if p.Pick(4) == 0 {
		at := p.Pick(len(events) + 1)
		events = append(events[:at], append([]string{orderError}, events[at:]...)...)
		hasError = true
	}
	head := ev("message_start", `{"type":"message_start","message":{"id":"msg_1","type":"message","role":"assistant","model":"m","content":[],"stop_reason":null,"usage":{"input_tokens":1,"output_tokens":1}}}`)
	tail := ev("message_delta", `{"type":"message_delta","delta":{"stop_reason":"tool_use"},"usage":{"output_tokens":9}}`) + ev("message_stop", `{"type":"message_stop"}`)
	var finish []string
	for i, name := range names {
		if name != "" {
			finish = append(finish, indexDelta(i, len(events)+len(finish), inputs[i]))
		}
		finish = append(finish, blockStop(i))
	}
	finish = append(finish, ev("message_delta", `{"type":"message_delta","delta":{"stop_reason":"end_turn"},"usage":{"output_tokens":9}}`), ev("message_stop", `{"type":"message_stop"}`))
	after, replay = ssetest.GenReplay(p, finish, genPing)
	return head + strings.Join(events, "") + tail, names, healthy, hasError, after, replay
}

// genPing is the ping genMessage puts among a replayed finish.
const genPing = "event: ping\ndata: {\"type\": \"ping\", \"after\": \"stop\"}\n\n"

// checkGenerated runs one generated stream through the dialect, fed in chunks drawn with seed,
// and checks the ordering invariant (client.CheckOrder), that each tool input is the whole-input
// repair's (repair.Tools.RepairInput of the input joined, as toolStop judges it) but for the
// accepted refinement, and that a stream with no fault passes byte for byte.
func checkGenerated(t *testing.T, data []byte, seed int64) {
	t.Helper()
	msg, names, healthy, hasError, after, replay := genMessage(data)
	body := msg + strings.Join(after, "")
	tl, err := repair.ToolsFromAnthropic([]byte(orderTools))
	if err != nil {
		t.Fatal(err)
	}
	out, _ := run(t, []byte(orderTools), ssetest.Chunks([]byte(body), seed))
	replayed := replay == ssetest.WholeReplay || replay == ssetest.CutReplay
	if replayed && strings.Count(string(out), `"message_stop"`) != 1 {
		t.Fatalf("a replayed finish went out:\n in: %s\nout: %s", body, out)
	}
	if replayed && !hasError {
		// the client's accumulator must not have joined a replayed input into a block
		m, err := client.AnthropicStream(out)
		if err != nil {
			t.Fatalf("client: %v\n in: %s\nout: %s", err, body, out)
		}
		sent := client.Assemble(client.AnthropicOrderFrames(out))
		for _, b := range m.Content {
			if b.Type == "tool_use" && b.PartialJSON() != sent["block/"+b.ID] {
				t.Fatalf("block %s accumulates %q, its lane %q:\n in: %s\nout: %s", b.ID, b.PartialJSON(), sent["block/"+b.ID], body, out)
			}
		}
	}
	if healthy {
		want := body
		if replayed {
			// the replay is dropped, the ping among it kept
			want = msg
			if slices.Contains(after, genPing) {
				want += genPing
			}
		}
		if string(out) != want {
			t.Fatalf("a healthy stream changed:\n in: %s\nout: %s", body, out)
		}
		return
	}
	up, got := client.AnthropicOrderFrames([]byte(body)), client.AnthropicOrderFrames(out)
	if err := client.CheckOrder(up, got); err != nil {
		t.Fatalf("order: %v\n in: %s\nout: %s", err, body, out)
	}
	if hasError {
		return // what came after the error streams as it came
	}
	sent, came := client.Assemble(got), client.Assemble(up)
	for i, name := range names {
		if name == "" {
			continue
		}
		lane := "block/toolu_" + strconv.Itoa(i)
		want := came[lane]
		if fixed, _, ok := tl.RepairInput(name, []byte(want), deltaOptions); ok {
			want = string(fixed)
		}
		g := sent[lane]
		if ssetest.SameJSON(g, want) || ssetest.SameJSON(want, came[lane]) && client.Inlined(g, came[lane]) == nil {
			continue
		}
		t.Fatalf("block %d: streamed %q, the whole-input repair %q (upstream %q)\n in: %s\nout: %s", i, g, want, came[lane], body, out)
	}
}

// FuzzOrder generates Messages streams of text and tool_use blocks with faults of many kinds,
// errors anywhere, at random chunking (issue 19 items 1 and 4), and checks them as
// checkGenerated does.
func FuzzOrder(f *testing.F) {
	ssetest.GenFuzz(f, checkGenerated, []byte{0, 2, 1, 2, 3, 1, 4, 2, 7, 0, 3}, []byte{1, 0, 0, 0, 1, 1, 2, 4, 0, 0, 5, 9},
		[]byte("an error in the middle of a held span"))
}

func TestGeneratedStreams(t *testing.T) { ssetest.GenRuns(t, 300, checkGenerated) }

// TestErrorInTextTail: an error event that comes while a text block's tail is held (it may be
// leaked call markup) goes out in its place, after the text before it (issue 19 item 4); it used
// to go out before the block's start when the markup became a tool_use block.
func TestErrorInTextTail(t *testing.T) {
	closed := strings.Replace(d46Text, `</parameter>\n"`, `</parameter>\n</invoke>"`, 1)
	half := len(closed) / 2
	in := sseOf(fStart, fTextStart, fText("0", closed[:half]+`"`)) + orderError + sseOf(fText("0", `"`+closed[half:]), fStop0, fMsgDelta(`"end_turn"`), fEnd)
	for name, r := range readers(in) {
		out, _ := run(t, []byte(dbTools), r)
		if err := client.CheckOrder(client.AnthropicOrderFrames([]byte(in)), client.AnthropicOrderFrames(out)); err != nil {
			t.Fatalf("%s: %v\n%s", name, err, out)
		}
	}
}

// TestErrorInOrder: an error event that comes while a tool input is held goes out after the
// input's bytes the upstream sent before it and before those it sent after it (issue 19 item 4);
// it used to go out after the repaired value the upstream sent after it.
func TestErrorInOrder(t *testing.T) {
	head := ev("message_start", `{"type":"message_start","message":{"id":"msg_1","type":"message","role":"assistant","model":"m","content":[],"stop_reason":null,"usage":{"input_tokens":1,"output_tokens":1}}}`)
	for name, parts := range map[string][2][]string{
		"inside a span":      {{`{"v":"[1`}, {`]"}`}},
		"inside a held call": {{`{'p': `}, {`'py'}`}},
		"after prose":        {{`{"p":"q"}`, ` I will`}, {` read it`}},
	} {
		t.Run(name, func(t *testing.T) {
			tool := "a"
			if !strings.Contains(parts[0][0], "v") {
				tool = "p"
			}
			in := head + toolStart(0, tool)
			for _, s := range parts[0] {
				in += indexDelta(0, len(in), s)
			}
			in += orderError
			for _, s := range parts[1] {
				in += indexDelta(0, len(in), s)
			}
			in += blockStop(0) + ev("message_stop", `{"type":"message_stop"}`)
			out, _ := run(t, []byte(orderTools), strings.NewReader(in))
			if err := client.CheckOrder(client.AnthropicOrderFrames([]byte(in)), client.AnthropicOrderFrames(out)); err != nil {
				t.Fatalf("%v\n%s", err, out)
			}
			frames := client.AnthropicOrderFrames(out)
			at := slices.IndexFunc(frames, func(f client.OrderFrame) bool { return f.Raw == orderError })
			if at < 0 {
				t.Fatalf("the error did not go out:\n%s", out)
			}
			if got, want := client.Assemble(frames[at+1:])["block/toolu_0"], strings.Join(parts[1], ""); got != want {
				t.Fatalf("the input after the error: %q, the upstream sent %q\n%s", got, want, out)
			}
		})
	}
}
