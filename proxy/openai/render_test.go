package openai

import "testing"

// TestRewriteKeepsFields: a chunk the rules rewrite keeps what a client checks of it (docs/faults.md
// D61): the role of the first delta (openai-node's finalChatCompletion throws "missing role for
// choice 0" without it), refusal, the chunk's other members (system_fingerprint) and the choice's
// logprobs, even when its delta is left with nothing else.
func TestRewriteKeepsFields(t *testing.T) {
	msg := func(args string) string {
		return `{"finish_reason":"tool_calls","content":"","tool_calls":[{"id":"*","type":"function","function":{"name":"todowrite","arguments":` + args + `}}]}`
	}
	runRules(t, []ruleCase{
		{
			name: "the role and logprobs of rewritten chunks are kept (D61)",
			// The fault is in the call's first delta, so that the chunk carrying the role is the one
			// rewritten (a call streams up to its first faulty delta).
			in: sseOf(`{"id":"c1","object":"chat.completion.chunk","created":1,"model":"m","system_fingerprint":"fp_1","choices":[{"index":0,"delta":{"role":"assistant","content":null,"refusal":null,"tool_calls":[{"index":0,"id":"call_1","type":"function","function":{"name":"todowrite","arguments":"{\"todos\":\"[{\\\"content"}}]},"logprobs":null,"finish_reason":null}]}`,
				`{"id":"c1","object":"chat.completion.chunk","created":1,"model":"m","system_fingerprint":"fp_1","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"\\\":\\\"a\\\"}]\"}"}}]},"logprobs":{"content":[{"token":"x","logprob":-0.1}]},"finish_reason":null}]}`,
				finish("tool_calls")),
			want:  msg(`{"todos":[{"content":"a"}]}`),
			has:   `"delta":{"role":"assistant","content":null,"refusal":null},"logprobs":null`,
			kinds: []string{"coerce"},
		},
		{
			name:  "logprobs of a rewritten chunk are kept (D61)",
			in:    sseOf(head("0", "call_1", "todowrite"), `{"id":"c1","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"{\"todos\":\"[{\\\"content\\\":\\\"a\\\"}]\"}"}}]},"logprobs":{"content":[{"token":"x","logprob":-0.1}]},"finish_reason":null}]}`, finish("tool_calls")),
			want:  msg(`{"todos":[{"content":"a"}]}`),
			has:   `"logprobs":{"content":[{"token":"x","logprob":-0.1}]}`,
			kinds: []string{"coerce"},
		},
	})
}
