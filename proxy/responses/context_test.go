package responses

import (
	"strings"
	"testing"

	"github.com/toolfix/toolfix/proxy/client"
	"github.com/toolfix/toolfix/proxy/repair"
	"github.com/toolfix/toolfix/proxy/sse/ssetest"
)

// TestSpansInContext: Responses arguments of ssetest.SpanContexts, however their deltas came,
// are read by the client, from the item's done event and the final response, as the whole
// repair makes them: this dialect judges a call's arguments whole.
func TestSpansInContext(t *testing.T) {
	var req string
	tools := func(schema string) (*repair.Tools, error) {
		req = `{"model":"m","stream":true,"tools":[{"type":"function","name":"t","parameters":` + schema + `}]}`
		return repair.ToolsFromResponses([]byte(req))
	}
	ssetest.SpanContexts(t, "t", repair.Options{Args: true}, tools, func(t *testing.T, _ *repair.Tools, want []byte, deltas []string, i int) {
		input := strings.Join(deltas, "")
		one := ev("response.function_call_arguments.delta", `{"type":"response.function_call_arguments.delta","item_id":"fc_1","output_index":1,"delta":`+q(input)+`}`)
		var split strings.Builder
		for _, d := range deltas {
			split.WriteString(ev("response.function_call_arguments.delta", `{"type":"response.function_call_arguments.delta","item_id":"fc_1","output_index":1,"delta":`+q(d)+`}`))
		}
		body := strings.Replace(stream("t", input, ""), one, split.String(), 1)
		out, _ := run(t, []byte(req), ssetest.Chunks([]byte(body), int64(i%9)))
		r, err := client.ResponsesStream(out)
		if err != nil {
			t.Fatalf("%v\n%s", err, out)
		}
		for _, calls := range [][]*client.ResponsesCall{r.Calls, r.Final} {
			if len(calls) != 1 {
				t.Fatalf("%d calls, want 1\n%s", len(calls), out)
			}
			if err := client.SameRepair(calls[0].Arguments, want); err != nil {
				t.Fatalf("deltas %q: %v", deltas, err)
			}
		}
	})
}
