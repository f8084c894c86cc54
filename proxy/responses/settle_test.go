package responses

import (
	"strings"
	"testing"

	"github.com/toolfix/toolfix/proxy/cases"
	"github.com/toolfix/toolfix/proxy/client"
	"github.com/toolfix/toolfix/proxy/sse/ssetest"
)

// TestSettleCountsOnce: a call whose done is mended in the stream and again in the final output
// (D74) is one shape repair, however many events carried it; two calls are two.
func TestSettleCountsOnce(t *testing.T) {
	want := map[string]int{
		"struct-done-empty-name":           1, // the done's name and the final output's
		"struct-no-item-done":              1, // the done made, the empty final output rebuilt
		"struct-no-item-done-final-output": 1,
		"struct-no-item-done-two-calls":    2,
	}
	n := 0
	for _, c := range cases.ForTest(t, "responses") {
		w, ok := want[c.Name]
		if !ok {
			continue
		}
		n++
		t.Run(c.Name, func(t *testing.T) {
			for _, r := range ssetest.Readers(c.Upstream) {
				if _, kinds := run(t, c.Request, r); strings.Count(strings.Join(kinds, ","), "shape") != w || len(kinds) != w {
					t.Fatalf("kinds %v, want %d shape", kinds, w)
				}
			}
		})
	}
	if n != len(want) {
		t.Fatalf("%d of the %d cases found", n, len(want))
	}
}

// TestLateDoneDropped: an output_item.done that comes after response.completed, for a call whose
// done toolfix made there (D74), is dropped, so that the client gets the call once.
func TestLateDoneDropped(t *testing.T) {
	fc := `{"type":"function_call","id":"fc_1","call_id":"call_1","name":"bash","arguments":"{\"command\":\"ls\"}","status":"completed"}`
	in := ev("response.output_item.added", `{"type":"response.output_item.added","output_index":0,"item":{"type":"function_call","id":"fc_1","call_id":"call_1","name":"bash","arguments":""}}`) +
		ev("response.function_call_arguments.delta", `{"type":"response.function_call_arguments.delta","item_id":"fc_1","output_index":0,"delta":"{\"command\":\"ls\"}"}`) +
		ev("response.completed", `{"type":"response.completed","response":{"id":"r","status":"completed","output":[]}}`) +
		ev("response.output_item.done", `{"type":"response.output_item.done","output_index":0,"item":`+fc+`}`)
	for _, r := range ssetest.Readers([]byte(in)) {
		out, kinds := run(t, []byte(tools), r)
		got, err := client.ResponsesStream(out)
		if err != nil || len(got.Calls) != 1 || len(got.Final) != 1 || len(kinds) != 1 {
			t.Fatalf("calls %+v final %+v kinds %v (%v)\n%s", got.Calls, got.Final, kinds, err, out)
		}
	}
}
