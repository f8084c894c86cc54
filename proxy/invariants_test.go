package proxy

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/toolfix/toolfix/proxy/client"
	"github.com/toolfix/toolfix/proxy/exchange"
	"github.com/toolfix/toolfix/proxy/observe"
	"github.com/toolfix/toolfix/proxy/repair"
	"github.com/toolfix/toolfix/proxy/sse"
)

// Invariants of one exchange through the proxy, for each dialect, shared by the hostile-input
// tests and FuzzServer.

// upstreamToolInputs returns the tool calls an Anthropic upstream body carries, as name + "\x00" +
// canonical input JSON, read leniently (junk and broken events skipped): the inputs a proxy may
// pass on as they came; and, of a stream, each tool_use block's input text as it accumulated, by
// tool name.
func upstreamToolInputs(body []byte, stream bool) (seen map[string]bool, partials map[string][]string) {
	seen, partials = map[string]bool{}, map[string][]string{}
	if !stream {
		var m struct{ Content []json.RawMessage }
		_ = json.Unmarshal(body, &m)
		for _, raw := range m.Content {
			var b struct {
				Type, Name string
				Input      json.RawMessage
			}
			if json.Unmarshal(raw, &b) == nil && b.Type == "tool_use" {
				seen[b.Name+"\x00"+canonicalJSON(b.Input)] = true
			}
		}
		return seen, nil
	}
	type call struct {
		name    string
		start   json.RawMessage
		partial strings.Builder
		deltas  int
	}
	calls := map[int]*call{}
	fr := &sse.Reader{R: bytes.NewReader(body)}
	for {
		ev, err := fr.Next()
		if err != nil {
			break
		}
		_, data, _ := sse.Fields(ev.Raw)
		var e struct {
			Type         string
			Index        int
			ContentBlock struct {
				Type, Name string
				Input      json.RawMessage
			} `json:"content_block"`
			Delta struct {
				Type        string
				PartialJSON string `json:"partial_json"`
			}
		}
		if json.Unmarshal(data, &e) != nil {
			continue
		}
		switch {
		case e.Type == "content_block_start" && e.ContentBlock.Type == "tool_use":
			calls[e.Index] = &call{name: e.ContentBlock.Name, start: e.ContentBlock.Input}
		case e.Type == "content_block_delta" && e.Delta.Type == "input_json_delta" && calls[e.Index] != nil:
			calls[e.Index].partial.WriteString(e.Delta.PartialJSON)
			calls[e.Index].deltas++
		}
	}
	for _, c := range calls {
		seen[c.name+"\x00"+canonicalJSON([]byte(c.partial.String()))] = true
		seen[c.name+"\x00"+canonicalJSON(c.start)] = true
		partials[c.name] = append(partials[c.name], c.partial.String())
	}
	return seen, partials
}

// inlinedFrom reports whether got is one of the upstream's inputs ins with faulty string values
// inlined (client.Inlined).
func inlinedFrom(got string, ins []string) bool {
	for _, in := range ins {
		if client.Inlined(got, in) == nil {
			return true
		}
	}
	return false
}

// canonicalJSON re-encodes a JSON text so that spacing and member order do not matter; text that
// is not JSON is returned as it is ("" counts as {}).
func canonicalJSON(b []byte) string {
	if len(bytes.TrimSpace(b)) == 0 {
		return "{}"
	}
	var v any
	if json.Unmarshal(b, &v) != nil {
		return string(b)
	}
	out, _ := json.Marshal(v)
	return string(out)
}

// repairCounted reports whether snap counts a repair; with none counted it checks that out is in
// byte for byte, the first invariant of every exchange.
func repairCounted(t testing.TB, in, out []byte, snap observe.Snapshot) bool {
	t.Helper()
	if len(snap.Repairs) == 0 {
		if !bytes.Equal(in, out) {
			t.Fatalf("output changed with no repair counted:\n%s", firstDiff(out, in))
		}
		return false
	}
	return true
}

// checkAnthropicExchange checks the invariants of one Anthropic exchange through the proxy:
//   - with no repair counted, the output is the input byte for byte;
//   - a stream whose pieces are all complete comes out as complete pieces (valid SSE);
//   - a stream (or body) the client could read is still readable after repair;
//   - every tool call in the output is one the upstream sent, or names a tool of the request and
//     has an input that fits its schema, or (streamed) is the upstream's input with faulty string
//     values inlined as they ended, the rest fitting nothing (see docs/serve.md, what is held).
func checkAnthropicExchange(t testing.TB, request, in, out []byte, stream bool, snap observe.Snapshot) {
	t.Helper()
	if !repairCounted(t, in, out, snap) {
		return
	}
	read := client.AnthropicJSON
	if stream {
		read = client.AnthropicStream
		if allComplete(in) && !allComplete(out) {
			t.Fatalf("a stream of whole events came out with a cut event (repairs %v):\n%q", snap.Repairs, out)
		}
	}
	_, errIn := read(in)
	m, errOut := read(out)
	if errIn == nil && errOut != nil {
		t.Fatalf("a repair (%v) broke a response the client could read: %v\nin:  %q\nout: %q", snap.Repairs, errOut, in, out)
	}
	if errOut != nil {
		return
	}
	tools, _ := repair.ToolsFromAnthropic(request)
	seen, partials := upstreamToolInputs(in, stream)
	for _, b := range m.Content {
		if b.Type != "tool_use" || b.InputErr != "" {
			continue // an input that is not JSON is never a repair's (repairs write JSON): the upstream's
		}
		input, _ := json.Marshal(b.Input)
		if b.Input == nil {
			input = []byte("null")
		}
		if seen[b.Name+"\x00"+canonicalJSON(input)] {
			continue
		}
		// A faulty string value goes out repaired as soon as it ends (docs/serve.md, "what is
		// held"): when a later value fits nothing, or the input is cut off, the call fits no
		// schema, and the client has the upstream's input with those values inlined.
		if inlinedFrom(b.PartialJSON(), partials[b.Name]) {
			continue
		}
		if !tools.Has(b.Name) || !tools.Fits(b.Name, input) {
			t.Fatalf("repair (%v) produced tool call %q with input %s, which the upstream did not send and which does not fit", snap.Repairs, b.Name, input)
		}
	}
}

// checkOpenAIExchange checks the invariants of one Chat Completions (dialect "chat") or Responses
// ("responses") exchange: with no repair counted the output is the input; a stream of whole
// events comes out as whole events; frames a client accepts stay acceptable; an answer the client
// could read stays readable; and every tool call in the output is the upstream's own or names a
// tool of the request with arguments that fit its schema.
func checkOpenAIExchange(t testing.TB, dialect string, request, in, out []byte, stream bool, snap observe.Snapshot) {
	t.Helper()
	if !repairCounted(t, in, out, snap) {
		return
	}
	// A non-streamed Chat request answered with a stream may be answered with the JSON it asked
	// for (docs/faults.md D55); then the output is read as JSON.
	outStream := stream && !(dialect == "chat" && exchange.RequestAsksJSON(request) && json.Valid(out))
	if outStream && allComplete(in) && !allComplete(out) {
		t.Fatalf("a stream of whole events came out with a cut event (repairs %v):\n%q", snap.Repairs, out)
	}
	type call struct{ name, args string }
	var read func([]byte, bool) ([]call, error)
	var tools *repair.Tools
	switch {
	case dialect == "chat":
		tools, _ = repair.ToolsFromChat(request)
		if outStream && client.ChatFramesValid(in) == nil {
			if err := client.ChatFramesValid(out); err != nil {
				t.Fatalf("a repair (%v) made a frame no client accepts: %v\nin:  %q\nout: %q", snap.Repairs, err, in, out)
			}
		}
		read = func(b []byte, stream bool) ([]call, error) {
			acc := client.ChatJSON
			if stream {
				acc = client.ChatStream
			}
			m, err := acc(b)
			if err != nil {
				return nil, err
			}
			var cs []call
			for _, c := range m.ToolCalls {
				if c.ArgumentsErr == "" {
					cs = append(cs, call{c.Name, canonicalJSON([]byte(c.RawArguments))})
				}
			}
			return cs, nil
		}
	case dialect == "responses" && stream:
		tools, _ = repair.ToolsFromResponses(request)
		read = func(b []byte, _ bool) ([]call, error) {
			r, err := client.ResponsesStream(b)
			if err != nil {
				return nil, err
			}
			var cs []call
			for _, c := range append(append([]*client.ResponsesCall{}, r.Calls...), r.Final...) {
				if c.ArgumentsErr == "" {
					cs = append(cs, call{c.Name, canonicalJSON([]byte(c.RawArguments))})
				}
			}
			return cs, nil
		}
	default: // a non-streamed Responses body: no accumulator beyond JSON itself
		if json.Valid(in) && !json.Valid(out) {
			t.Fatalf("a repair (%v) made invalid JSON of a valid body:\n%q", snap.Repairs, out)
		}
		return
	}
	before, errIn := read(in, stream)
	after, errOut := read(out, outStream)
	if errIn == nil && errOut != nil && outStream == stream {
		t.Fatalf("a repair (%v) broke an answer the client could read: %v\nin:  %q\nout: %q", snap.Repairs, errOut, in, out)
	}
	if errIn != nil || errOut != nil {
		return // the upstream's own calls are unknown: nothing to tell them from repairs by
	}
	seen := map[call]bool{}
	for _, c := range before {
		seen[c] = true
	}
	for _, c := range after {
		if !seen[c] && (!tools.Has(c.name) || !tools.Fits(c.name, []byte(c.args))) {
			t.Fatalf("repair (%v) produced call %q with arguments %s, which the upstream did not send and which do not fit", snap.Repairs, c.name, c.args)
		}
	}
}
