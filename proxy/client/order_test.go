package client

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
)

func TestCheckOrder(t *testing.T) {
	n := 0
	// chunk is a distinct upstream chunk; synth one toolfix writes (its members in another order)
	chunk := func(delta, finish string) string {
		n++
		return `{"created":` + strconv.Itoa(n) + `,"choices":[{"delta":` + delta + `,"index":0,"finish_reason":` + finish + `}]}`
	}
	synth := func(delta string) string {
		return `{"choices":[{"index":0,"delta":` + delta + `,"finish_reason":null}]}`
	}
	head := func(i string) string {
		return `{"tool_calls":[{"index":` + i + `,"id":"c` + i + `","type":"function","function":{"name":"a","arguments":""}}]}`
	}
	args := func(i, s string) string {
		return `{"tool_calls":[{"index":` + i + `,"function":{"arguments":` + strconv.Quote(s) + `}}]}`
	}
	sse := func(datas ...string) []byte {
		var b strings.Builder
		for _, d := range datas {
			b.WriteString("data: " + d + "\n\n")
		}
		return []byte(b.String())
	}
	h0, h1 := chunk(head("0"), "null"), chunk(head("1"), "null")
	a0, a0b := chunk(args("0", `{'p': 1`), "null"), chunk(args("0", `}`), "null")
	v1, comma, w1 := chunk(args("1", `{"v":"[1]"`), "null"), chunk(args("1", `,`), "null"), chunk(args("1", `"w":2}`), "null")
	close1 := chunk(args("1", ` }`), "null")
	fin := chunk(`{}`, `"tool_calls"`)
	errFrame := `{"error":{"message":"overloaded"}}`
	span1, span2 := chunk(args("0", `{"v":"[1`), "null"), chunk(args("0", `]"}`), "null")
	whole, prose := chunk(args("0", `{"v":[1]}`), "null"), chunk(args("0", ` I will`), "null")
	tests := []struct {
		name    string
		up, out []byte
		bad     string // text the error holds; "" for none
	}{
		{"as it came", sse(h0, a0, a0b, fin), sse(h0, a0, a0b, fin), ""},
		{"a call repaired in place", sse(h0, a0, a0b, fin), sse(h0, synth(args("0", `{"p":1}`)), fin), ""},
		{"another call passes a held one", sse(h0, a0, h1, v1, comma, w1, a0b, fin), sse(h0, h1, v1, comma, w1, synth(args("0", `{"p":1}`)), fin), ""},
		{"a delta overtakes its call's held span", sse(h0, a0, h1, v1, comma, w1, a0b, fin),
			sse(h0, comma, synth(head("1")), synth(args("1", `{"v":[1]`)), w1, synth(args("0", `{"p":1}`)), fin), "before the event that opens it"},
		{"a copy comes after a later one", sse(h0, a0, a0b, fin), sse(h0, a0b, a0, fin), "after upstream event"},
		{"a tail dropped after a whole value", sse(h0, whole, prose, fin), sse(h0, whole, fin), ""},
		{"a repair carried across an error", sse(h0, span1, errFrame, span2, fin), sse(h0, synth(args("0", `{"v":[1]}`)), errFrame, fin), "overtook upstream event 3"},
		{"an error in its place", sse(h0, span1, errFrame, span2, fin), sse(h0, span1, errFrame, span2, fin), ""},
		{"a trailing comma dropped, its closer as it came", sse(h1, v1, comma, close1, fin), sse(h1, v1, close1, fin), ""},
		{"a comma between members dropped", sse(h1, v1, comma, w1, fin), sse(h1, v1, w1, fin), "overtook upstream event 2"},
		{"a closer overtakes its held trailing comma", sse(h1, v1, comma, close1, fin), sse(h1, v1, close1, comma, fin), "after upstream event"},
		{"bytes held past the finish", sse(h0, a0, a0b, fin), sse(h0, fin, synth(args("0", `{"p":1}`))), "overtook"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := CheckOrder(ChatOrderFrames(tc.up), ChatOrderFrames(tc.out))
			switch {
			case tc.bad == "" && err != nil:
				t.Fatalf("a stream in order failed: %v", err)
			case tc.bad != "" && err == nil:
				t.Fatalf("a stream out of order passed")
			case tc.bad != "" && !strings.Contains(err.Error(), tc.bad):
				t.Fatalf("error %q does not say %q", err, tc.bad)
			}
		})
	}
}

func TestAnthropicOrderFrames(t *testing.T) {
	body := "event: content_block_start\ndata: {\"type\":\"content_block_start\",\"index\":0,\"content_block\":{\"type\":\"tool_use\",\"id\":\"t\",\"name\":\"a\",\"input\":{}}}\n\n" +
		"event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"input_json_delta\",\"partial_json\":\"{}\"}}\n\n" +
		"event: error\ndata: {\"type\":\"error\",\"error\":{\"message\":\"x\"}}\n\n"
	f := AnthropicOrderFrames([]byte(body))
	if len(f) != 3 || !f[0].Items[0].Open || f[1].Items[0].Text != "{}" || f[2].Barrier != "*" {
		t.Fatalf("read %+v", f)
	}
	if got := Assemble(f)["block/t"]; got != "{}" {
		t.Fatalf("assembled %q", got)
	}
}

// TestAnthropicOrderFramesBlankOnTool: a blank text_delta is dropped (D41b) only on an open
// tool_use block: on one stopped, and on a text block, it is read as it came.
func TestAnthropicOrderFramesBlankOnTool(t *testing.T) {
	start := func(i int, block string) string {
		return fmt.Sprintf("event: content_block_start\ndata: {\"type\":\"content_block_start\",\"index\":%d,\"content_block\":%s}\n\n", i, block)
	}
	text := func(i int, s string) string {
		return fmt.Sprintf("event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":%d,\"delta\":{\"type\":\"text_delta\",\"text\":%q}}\n\n", i, s)
	}
	stop := func(i int) string {
		return fmt.Sprintf("event: content_block_stop\ndata: {\"type\":\"content_block_stop\",\"index\":%d}\n\n", i)
	}
	tool := `{"type":"tool_use","id":"t","name":"a","input":{}}`
	for _, tc := range []struct {
		name, body string
		items      int // items read of the blank delta's event
	}{
		{"open tool_use", start(0, tool) + text(0, " \n"), 0},
		{"open tool_use, empty", start(0, tool) + text(0, ""), 0},
		{"open tool_use, text", start(0, tool) + text(0, "x"), 1},
		{"stopped tool_use", start(0, tool) + stop(0) + text(0, " \n"), 1},
		{"text block", start(0, `{"type":"text","text":""}`) + text(0, " \n"), 1},
		{"a text block after a tool_use at the index", start(0, tool) + stop(0) + start(0, `{"type":"text","text":""}`) + text(0, "\t"), 1},
	} {
		f := AnthropicOrderFrames([]byte(tc.body))
		if got := len(f[len(f)-1].Items); got != tc.items {
			t.Errorf("%s: the blank delta's event has %d items, want %d (%+v)", tc.name, got, tc.items, f)
		}
	}
}
