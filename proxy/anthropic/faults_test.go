package anthropic

import (
	"bytes"
	"io"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/toolfix/toolfix/proxy/client"
	"github.com/toolfix/toolfix/proxy/repair"
	"github.com/toolfix/toolfix/proxy/sse/ssetest"
)

const dbTools = `{"tools":[{"name":"mcp__db__query","input_schema":{"type":"object","properties":{"sql":{"type":"string"}},"required":["sql"]}}]}`

// readers returns the ways a test feeds a stream: whole, one byte at a time and in random small
// chunks under a few seeds.
func readers(in string) map[string]io.Reader {
	rs := map[string]io.Reader{
		"whole":   strings.NewReader(in),
		"onebyte": iotest.OneByteReader(strings.NewReader(in)),
	}
	for _, seed := range []int64{1, 7, 42} {
		rs["chunks"+itoa(int(seed))] = ssetest.Chunks([]byte(in), seed)
	}
	return rs
}

// streamCase is one stream through the dialect: want is the JSON message it must read as, or ""
// when it must pass byte for byte; kinds must be reported (all of them), noKinds must not be.
type streamCase struct {
	name    string
	request string
	in      string
	want    string
	kinds   []string
	noKinds []string
}

func (tc streamCase) check(t *testing.T) {
	t.Helper()
	for mode, r := range readers(tc.in) {
		out, kinds := run(t, []byte(tc.request), r)
		got := strings.Join(kinds, ",")
		for _, k := range tc.kinds {
			if !strings.Contains(got, k) {
				t.Errorf("%s: kind %q not reported (got %v)", mode, k, kinds)
			}
		}
		for _, k := range tc.noKinds {
			if strings.Contains(got, k) {
				t.Errorf("%s: kind %q reported (got %v)", mode, k, kinds)
			}
		}
		if tc.want == "" {
			if string(out) != tc.in {
				t.Fatalf("%s: changed a stream that must pass (kinds %v):\n%s", mode, kinds, out)
			}
			continue
		}
		m, err := client.AnthropicStream(out)
		if err != nil {
			t.Fatalf("%s: %v\n%s", mode, err, out)
		}
		if err := client.CompareAnthropic([]byte(tc.want), m); err != nil {
			t.Fatalf("%s: %v\n%s", mode, err, out)
		}
	}
}

const (
	fStart     = `{"type":"message_start","message":{"id":"m","type":"message","role":"assistant","content":[],"stop_reason":null,"usage":{"input_tokens":3,"output_tokens":1}}}`
	fTextStart = `{"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}`
	fStop0     = `{"type":"content_block_stop","index":0}`
	fEnd       = `{"type":"message_stop"}`
)

func fText(i, s string) string {
	return `{"type":"content_block_delta","index":` + i + `,"delta":{"type":"text_delta","text":` + s + `}}`
}

func fMsgDelta(reason string) string {
	return `{"type":"message_delta","delta":{"stop_reason":` + reason + `,"stop_sequence":null},"usage":{"output_tokens":9}}`
}

// TestErrorEventsKept: an error event, with or without a top-level "type" or an event line, is
// the client's to handle and passes unchanged (REPAIRS.md D42, D56).
func TestErrorEventsKept(t *testing.T) {
	tests := []streamCase{
		{
			name: "event error without type",
			in: sseOf(fStart, fTextStart, fText("0", `"Hi"`)) +
				"event: error\ndata: {\"error\":{\"type\":\"overloaded_error\",\"message\":\"Overloaded\"}}\n\n",
			noKinds: []string{"junk_frame"},
		},
		{
			name: "data-only error object with a code",
			in: sseOf(fStart, fTextStart, fText("0", `"Hi"`)) +
				"data: {\"error\":{\"message\":\"upstream timeout\",\"code\":504}}\n\n",
			noKinds: []string{"junk_frame", "shape"},
		},
		{
			name:    "event error whose data is not JSON",
			in:      sseOf(fStart) + "event: error\ndata: Overloaded\n\n",
			noKinds: []string{"junk_frame"},
		},
		{
			name:    "error event after a held stray word",
			in:      sseOf(fStart, fTextStart, fText("0", `"Reading.\ncount"`), fStop0) + "event: error\ndata: {\"error\":{\"message\":\"x\"}}\n\n",
			noKinds: []string{"junk_frame", "orphan_prefix"},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, tc.check)
	}
}

// TestNullStopReason: a stream whose message_delta says stop_reason null although a tool_use
// block came gets tool_use (REPAIRS.md D39); without a tool_use block null stays.
func TestNullStopReason(t *testing.T) {
	tool := sseOf(fStart,
		`{"type":"content_block_start","index":0,"content_block":{"type":"tool_use","id":"toolu_1","name":"Bash","input":{}}}`,
		`{"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":"{\"command\":\"ls\"}"}}`,
		fStop0, fMsgDelta("null"), fEnd)
	tests := []streamCase{
		{
			name: "null after a tool_use", request: bashTools, in: tool,
			want:  `{"stop_reason":"tool_use","content":[{"type":"tool_use","id":"toolu_1","name":"Bash","input":{"command":"ls"}}]}`,
			kinds: []string{"stop_reason"},
		},
		{
			name: "null after text only", request: bashTools,
			in:      sseOf(fStart, fTextStart, fText("0", `"Hi"`), fStop0, fMsgDelta("null"), fEnd),
			noKinds: []string{"stop_reason"},
		},
		{
			name: "absent stop_reason after a tool_use", request: bashTools,
			in: strings.Replace(tool, fMsgDelta("null"), `{"type":"message_delta","delta":{"stop_sequence":null},"usage":{"output_tokens":9}}`, 1),
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, tc.check)
	}
}

var _ = bytes.Equal
var _ = repair.NewID
