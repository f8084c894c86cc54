package responses

import (
	"strings"
	"testing"

	"github.com/toolfix/toolfix/proxy/client"
	"github.com/toolfix/toolfix/proxy/sse/ssetest"
)

// resentStream is a Responses stream of one function call of name whose arguments deltas are
// deltas and whose done event, item and final output carry args (each JSON-quoted, control
// characters escaped).
func resentStream(name string, deltas []string, args string) string {
	fc := `{"type":"function_call","id":"fc_1","call_id":"call_1","name":"` + name + `","arguments":` + qj(args) + `,"status":"completed"}`
	var b strings.Builder
	b.WriteString(ev("response.created", `{"type":"response.created","response":{"id":"r","status":"in_progress","output":[]}}`))
	b.WriteString(ev("response.output_item.added", `{"type":"response.output_item.added","output_index":0,"item":{"type":"function_call","id":"fc_1","call_id":"call_1","name":"`+name+`","arguments":""}}`))
	for _, d := range deltas {
		b.WriteString(ev("response.function_call_arguments.delta", `{"type":"response.function_call_arguments.delta","item_id":"fc_1","output_index":0,"delta":`+qj(d)+`}`))
	}
	b.WriteString(ev("response.function_call_arguments.done", `{"type":"response.function_call_arguments.done","item_id":"fc_1","output_index":0,"arguments":`+qj(args)+`}`))
	b.WriteString(ev("response.output_item.done", `{"type":"response.output_item.done","output_index":0,"item":`+fc+`}`))
	b.WriteString(ev("response.completed", `{"type":"response.completed","response":{"id":"r","status":"completed","output":[`+fc+`]}}`))
	return b.String()
}

// TestResentArguments: a translator that glued the deltas of a stream resending the whole
// arguments so far into its done event (D71) has the call judged by the last delta; the look-alikes
// (a done that carries the right arguments, deltas that do not form a chain) pass byte for byte.
func TestResentArguments(t *testing.T) {
	cum := []string{`{"com`, `{"command":"l`, `{"command":"ls","timeout":"3`, `{"command":"ls","timeout":"30"}`}
	tests := []struct {
		name  string
		in    string
		want  string // "" for a stream that must pass unchanged
		kinds []string
	}{
		{name: "look-alike: a done that is not the deltas' concatenation", in: resentStream("bash", cum[:2:2], strings.Join(cum[:2], "")+`s"}`)},
		{
			name:  "done, item and final output carry the concatenation",
			in:    resentStream("bash", cum, strings.Join(cum, "")),
			want:  `{"text":"","calls":[{"name":"bash","arguments":{"command":"ls","timeout":30}}]}`,
			kinds: []string{"shape", "coerce"},
		},
		{name: "look-alike: the done event carries the arguments right", in: resentStream("bash", []string{`{"com`, `{"command":"ls"}`}, `{"command":"ls"}`)},
		{name: "look-alike: deltas that are no chain", in: resentStream("bash", []string{`{"command":`, `"ls"}`}, `{"command":"ls"}`)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			for _, r := range ssetest.Readers([]byte(tc.in), 1, 3) {
				out, kinds := run(t, []byte(tools), r)
				if tc.want == "" {
					ssetest.CheckPassthrough(t, []byte(tc.in), out, kinds)
					continue
				}
				m, err := client.ResponsesStream(out)
				if err != nil {
					t.Fatalf("%v\n%s", err, out)
				}
				if err := client.CompareResponses([]byte(tc.want), m); err != nil {
					t.Fatalf("%v\n%s", err, out)
				}
				ssetest.CheckKinds(t, kinds, tc.kinds)
			}
		})
	}
}
