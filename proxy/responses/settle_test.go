package responses

import (
	"encoding/json"
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
		"struct-done-empty-name":              1, // the done's name and the final output's
		"struct-no-item-done":                 1, // the done made, the empty final output rebuilt
		"struct-no-item-done-final-output":    1,
		"struct-no-item-done-two-calls":       2,
		"struct-completed-args-empty":         1, // the final output takes the done's arguments
		"struct-completed-args-other-order":   1,
		"struct-completed-args-empty-no-done": 1, // the done made from the deltas, the final output agreeing
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

// TestFinalAgreesWithDone: a function_call item of response.completed's output that disagrees
// with the call's output_item.done takes the done's name and arguments where they are the
// stream's evidence (agreed), and is left to the other rules where they are not.
func TestFinalAgreesWithDone(t *testing.T) {
	const ls, pwd = `{"command":"ls"}`, `{"command":"pwd"}`
	tests := []struct {
		name           string
		tool, doneArgs string
		final          string // the final output's call item
		wantName       string
		wantArgs       string // "" for the final item as it came
	}{
		{"empty", "bash", ls, `{"type":"function_call","id":"fc_1","call_id":"call_1","name":"bash","arguments":""}`, "bash", ls},
		{"blank", "bash", ls, `{"type":"function_call","id":"fc_1","call_id":"call_1","name":"bash","arguments":" "}`, "bash", ls},
		{"other value, the done fits", "bash", ls, `{"type":"function_call","id":"fc_1","call_id":"call_1","name":"bash","arguments":` + q(pwd) + `}`, "bash", ls},
		{"other name", "bash", ls, `{"type":"function_call","id":"fc_1","call_id":"call_1","name":"shell","arguments":` + q(ls) + `}`, "bash", ls},
		{"by call_id", "bash", ls, `{"type":"function_call","call_id":"call_1","name":"bash","arguments":""}`, "bash", ls},
		// the done does not fit and the final item does: the final state is left as it came
		{"the done cut short", "bash", `{"command":"l`, `{"type":"function_call","id":"fc_1","call_id":"call_1","name":"bash","arguments":` + q(ls) + `}`, "bash", ""},
		// an undeclared tool is never repaired (D57)
		{"undeclared", "grep", ls, `{"type":"function_call","id":"fc_1","call_id":"call_1","name":"grep","arguments":""}`, "grep", ""},
		// another item: nothing ties it to the call
		{"another call id", "bash", ls, `{"type":"function_call","id":"fc_9","call_id":"call_9","name":"bash","arguments":` + q(pwd) + `}`, "bash", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fc := `{"type":"function_call","id":"fc_1","call_id":"call_1","name":"` + tt.tool + `","arguments":` + q(tt.doneArgs) + `,"status":"completed"}`
			in := ev("response.output_item.added", `{"type":"response.output_item.added","output_index":0,"item":{"type":"function_call","id":"fc_1","call_id":"call_1","name":"`+tt.tool+`","arguments":""}}`) +
				ev("response.function_call_arguments.delta", `{"type":"response.function_call_arguments.delta","item_id":"fc_1","output_index":0,"delta":`+q(tt.doneArgs)+`}`) +
				ev("response.output_item.done", `{"type":"response.output_item.done","output_index":0,"item":`+fc+`}`) +
				ev("response.completed", `{"type":"response.completed","response":{"id":"r","status":"completed","output":[`+tt.final+`]}}`)
			out, _ := run(t, []byte(tools), strings.NewReader(in))
			got, err := client.ResponsesStream(out)
			if err != nil || len(got.Final) != 1 {
				t.Fatalf("final %+v (%v)\n%s", got.Final, err, out)
			}
			want := tt.wantArgs
			if want == "" {
				var it wireItem
				if err := json.Unmarshal([]byte(tt.final), &it); err != nil {
					t.Fatal(err)
				}
				want = *it.Arguments
			}
			if f := got.Final[0]; f.Name != tt.wantName || f.RawArguments != want {
				t.Fatalf("final call %s %s, want %s %s\n%s", f.Name, f.RawArguments, tt.wantName, want, out)
			}
		})
	}
}
