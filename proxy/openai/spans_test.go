package openai

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/toolfix/toolfix/proxy/client"
	"github.com/toolfix/toolfix/proxy/repair"
	"github.com/toolfix/toolfix/proxy/sse/ssetest"
)

// multiTools declares one tool with several places a stringified value can stand (D13-D15).
const multiTools = `{"model":"m","stream":true,"tools":[
{"type":"function","function":{"name":"todo","parameters":{"type":"object","properties":{"todos":{"type":"array","items":{"type":"object","properties":{"content":{"type":"string"},"n":{"type":"integer"}}}},"opts":{"type":"object"},"count":{"type":"integer"}}}}}]}`

// TestSeveralFaultyValues: arguments holding two or more faulty values (D13-D15), cut into two
// deltas at every byte boundary and into three at every pair, each stream read in random small
// chunks, come out as the whole-arguments repair: every faulty value repaired, whichever delta
// ends one value and begins the next (a value that ended in the delta where the next began was
// let go unrepaired).
func TestSeveralFaultyValues(t *testing.T) {
	inputs := []string{
		`{"todos":"[{\"content\":\"a\",\"n\":1}]","count":"3"}`,
		`{"opts":"{}","count":"3"}`,
		`{"todos":"[]","count":"3"}`,
		`{"todos":"[]","opts":"{}"}`,
		`{"todos":[{"n":"1"},{"n":"2"}]}`,
		`{"count":"3","todos":"[]"}`,
		`{"count":"3","opts":"{}","todos":"[{\"n\":\"4\"}]"}`,
	}
	tl, _ := toolsFromChat(multiTools)
	for _, input := range inputs {
		t.Run(input, func(t *testing.T) {
			fixed, _, changed := tl.RepairInput("todo", []byte(input), repair.Options{Args: true, KeepText: true})
			if !changed {
				t.Fatalf("RepairInput did not change %s", input)
			}
			var cuts [][]int
			for i := 1; i < len(input); i++ {
				cuts = append(cuts, []int{i})
				for j := i + 1; j < len(input); j++ {
					cuts = append(cuts, []int{i, j})
				}
			}
			for n, cut := range cuts {
				var deltas []string
				at := 0
				for _, c := range append(cut, len(input)) {
					deltas = append(deltas, args("0", input[at:c]))
					at = c
				}
				body := sseOf(append(append([]string{head("0", "call_1", "todo")}, deltas...), finish("tool_calls"))...)
				if !utf8.ValidString(body) {
					t.Fatal("not UTF-8")
				}
				out, err := ssetest.Run(ssetest.Chunks([]byte(body), int64(n)), NewStream(tl, nil, Options{}))
				if err != nil {
					t.Fatal(err)
				}
				err = client.CheckStreamedCall(out, []byte(body), fixed, changed, false, spanComment, func(out []byte) (any, error) {
					m, err := client.ChatStream(out)
					if err != nil {
						return nil, err
					}
					return m.ToolCalls[0].Arguments, nil
				})
				if err != nil {
					t.Fatalf("cut at %v: %v\n%s", cut, err, strings.TrimSpace(string(out)))
				}
			}
		})
	}
}

// TestUnreadableChunkStopsRepairs: a chunk that is a JSON object the dialect cannot read (an
// index spelled 0.0 or "0", which JavaScript's and Python's readers take as 0) passes as it came,
// and no repair is judged without it: a healthy call whose arguments came in such a chunk gets
// no D19 {} after them, and the stream comes out byte for byte, in any chunking.
func TestUnreadableChunkStopsRepairs(t *testing.T) {
	odd := func(index string) string {
		return chunk(`{"tool_calls":[{"index":`+index+`,"function":{"arguments":"{\"timeout\":1}"}}]}`, "null")
	}
	tl, _ := toolsFromChat(tools)
	for _, index := range []string{`0.0`, `"0"`, `1e0`, `-0.0`} {
		t.Run(index, func(t *testing.T) {
			body := sseOf(head("0", "call_1", "status"), odd(index), finish("tool_calls"))
			for n := range 8 {
				out, err := ssetest.Run(ssetest.Chunks([]byte(body), int64(n)), NewStream(tl, nil, Options{}))
				if err != nil {
					t.Fatal(err)
				}
				if string(out) != body {
					t.Fatalf("chunking %d: changed:\n%s", n, out)
				}
			}
		})
	}
}
