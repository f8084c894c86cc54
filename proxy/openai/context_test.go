package openai

import (
	"testing"

	"github.com/toolfix/toolfix/proxy/client"
	"github.com/toolfix/toolfix/proxy/repair"
	"github.com/toolfix/toolfix/proxy/sse/ssetest"
)

// TestSpansInContext: Chat arguments of ssetest.SpanContexts, in argument deltas read in random
// small chunks, reach the client as the whole-arguments repair (with Options.Args) makes them.
func TestSpansInContext(t *testing.T) {
	tools := func(schema string) (*repair.Tools, error) {
		return toolsFromChat(`{"model":"m","stream":true,"tools":[{"type":"function","function":{"name":"t","parameters":` + schema + `}}]}`)
	}
	ssetest.SpanContexts(t, "t", repair.Options{Args: true}, tools, func(t *testing.T, tl *repair.Tools, want []byte, deltas []string, i int) {
		datas := []string{head("0", "call_1", "t")}
		for _, d := range deltas {
			datas = append(datas, args("0", d))
		}
		body := sseOf(append(datas, finish("tool_calls"))...)
		out, err := ssetest.Run(ssetest.Chunks([]byte(body), int64(i%9)), NewStream(tl, nil, Options{}))
		if err != nil {
			t.Fatal(err)
		}
		got, err := chatArguments(out)
		if err != nil {
			t.Fatalf("%v\n%s", err, out)
		}
		if err := client.SameRepair(got, want); err != nil {
			t.Fatalf("deltas %q: %v", deltas, err)
		}
	})
}
