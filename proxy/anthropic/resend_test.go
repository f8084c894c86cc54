package anthropic

import (
	"testing"

	"github.com/toolfix/toolfix/proxy/client"
	"github.com/toolfix/toolfix/proxy/jsontext"
	"github.com/toolfix/toolfix/proxy/sse/ssetest"
)

// TestResentInput: a translator that forwards a cumulative Chat stream's deltas as
// input_json_delta events (docs/faults.md D71) has the input read as the last of them, when the
// concatenation fits nothing and the last text fits; the look-alikes pass byte for byte.
func TestResentInput(t *testing.T) {
	block := func(parts ...string) string {
		evs := []string{`{"type":"message_start","message":{"id":"m","type":"message","role":"assistant","content":[]}}`,
			`{"type":"content_block_start","index":0,"content_block":{"type":"tool_use","id":"toolu_1","name":"Bash","input":{}}}`}
		for _, p := range parts {
			evs = append(evs, `{"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":`+string(jsontext.Quote(p))+`}}`)
		}
		evs = append(evs, `{"type":"content_block_stop","index":0}`,
			`{"type":"message_delta","delta":{"stop_reason":"tool_use","stop_sequence":null},"usage":{"output_tokens":5}}`, `{"type":"message_stop"}`)
		return sseOf(evs...)
	}
	tests := []struct {
		name, in, want string // want "" for a stream that must pass unchanged
		kinds          []string
	}{
		{
			name:  "every delta resends the input so far",
			in:    block(`{"com`, `{"command":"git st`, `{"command":"git status"}`),
			want:  `{"stop_reason":"tool_use","content":[{"type":"tool_use","id":"toolu_1","name":"Bash","input":{"command":"git status"}}]}`,
			kinds: []string{"shape"},
		},
		{
			name:  "the last resend needs a repair of its own",
			in:    block(`{"command":"ls",`, `{"command":"ls","timeout":"30"}`),
			want:  `{"stop_reason":"tool_use","content":[{"type":"tool_use","id":"toolu_1","name":"Bash","input":{"command":"ls","timeout":30}}]}`,
			kinds: []string{"shape", "coerce"},
		},
		{name: "look-alike: a healthy delta restating text before it", in: block(`{"command":"ls -la`, ` -la`, `"}`)},
		{name: "look-alike: a chain that breaks", in: block(`{"com`, `{"command":"l`, `s"}`)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			for _, r := range ssetest.Readers([]byte(tc.in), 1, 3) {
				out, kinds := run(t, []byte(bashTools), r)
				if tc.want == "" {
					ssetest.CheckPassthrough(t, []byte(tc.in), out, kinds)
					continue
				}
				checkMessage(t, client.AnthropicStream, out, []byte(tc.want))
				ssetest.CheckKinds(t, kinds, tc.kinds)
			}
		})
	}
}
