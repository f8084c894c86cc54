package repair

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/toolfix/toolfix/proxy/cases"
)

// caseCall is one tool call as the upstream sent it: its input text as the client would
// accumulate it, before any repair.
type caseCall struct {
	id, name string
	raw      string
	chain    Chain // a stream's arguments or input texts (D71)
}

// wantCall is one tool call of a want.json message.
type wantCall struct {
	id, name string
	input    json.RawMessage
}

// sseData returns the JSON payloads of the data: lines of an SSE body (enough for these fixed
// cases; the proxy's real framing lives elsewhere).
func sseData(body []byte) []map[string]any {
	var out []map[string]any
	for _, line := range strings.FieldsFunc(string(body), func(r rune) bool { return r == '\n' || r == '\r' }) {
		d, ok := strings.CutPrefix(line, "data:")
		if !ok {
			continue
		}
		var m map[string]any
		if json.Unmarshal([]byte(strings.TrimSpace(d)), &m) == nil && m != nil {
			out = append(out, m)
		}
	}
	return out
}

func str(v any) string { s, _ := v.(string); return s }

// argText is an OpenAI arguments field as text: a string as it is, an object (D20) encoded.
func argText(v any) string {
	if s, ok := v.(string); ok {
		return s
	}
	b, _ := json.Marshal(v)
	return string(b)
}

func upstreamCalls(t testing.TB, c cases.Case) []caseCall {
	t.Helper()
	var calls []caseCall
	switch {
	case c.Protocol == "anthropic" && c.Stream:
		byIndex := map[float64]int{}
		ended := false // a message_stop came: what follows is no part of the message (D73)
		for _, e := range sseData(c.Upstream) {
			switch e["type"] {
			case "message_start":
				ended = false
			case "message_stop":
				ended = true
			}
			if ended {
				continue
			}
			switch e["type"] {
			case "content_block_start":
				cb, _ := e["content_block"].(map[string]any)
				if cb["type"] == "tool_use" {
					byIndex[e["index"].(float64)] = len(calls)
					start := ""
					if in, ok := cb["input"].(map[string]any); ok && len(in) > 0 {
						start = argText(in) // D38: the whole input in the block start
					} else if in, ok := cb["input"].(string); ok {
						b, _ := json.Marshal(in) // D67: the JSON text of the input, as a JSON string
						start = string(b)
					}
					calls = append(calls, caseCall{id: str(cb["id"]), name: str(cb["name"]), raw: start})
				}
			case "content_block_delta":
				d, _ := e["delta"].(map[string]any)
				if i, ok := byIndex[e["index"].(float64)]; ok && d["type"] == "input_json_delta" {
					calls[i].chain.Next([]byte(calls[i].raw), []byte(str(d["partial_json"])))
					calls[i].raw += str(d["partial_json"])
				}
			}
		}
		for i := range calls {
			// D71: input resent whole in every delta is its last text
			if last, ok := calls[i].chain.Last([]byte(calls[i].raw)); ok && !json.Valid([]byte(calls[i].raw)) {
				calls[i].raw = string(last)
			}
		}
	case c.Protocol == "anthropic":
		var msg struct {
			Content []struct {
				Type, ID, Name string
				Input          json.RawMessage
			}
		}
		if err := json.Unmarshal(c.Upstream, &msg); err != nil {
			t.Fatal(err)
		}
		for _, b := range msg.Content {
			if b.Type == "tool_use" {
				calls = append(calls, caseCall{id: b.ID, name: b.Name, raw: string(b.Input)})
			}
		}
	case c.Protocol == "openai":
		frames := sseData(c.Upstream)
		if !c.Stream {
			var m map[string]any
			if err := json.Unmarshal(c.Upstream, &m); err != nil {
				t.Fatal(err)
			}
			frames = []map[string]any{m}
		}
		byIndex := map[float64]int{}
		pending := map[float64]string{} // D70: a new id with no name nor arguments after whole arguments, waiting for its index's next delta
		for _, f := range frames {
			chs, _ := f["choices"].([]any)
			for _, ch := range chs {
				ch, _ := ch.(map[string]any)
				d, _ := ch["delta"].(map[string]any)
				if !c.Stream {
					d, _ = ch["message"].(map[string]any)
				}
				tcs, _ := d["tool_calls"].([]any)
				for n, tc := range tcs {
					tc, _ := tc.(map[string]any)
					fn, _ := tc["function"].(map[string]any)
					idx, ok := tc["index"].(float64)
					if !ok {
						idx = float64(n)
					}
					i, seen := byIndex[idx]
					id, name, args := str(tc["id"]), str(fn["name"]), argText(fn["arguments"])
					head, held := pending[idx]
					delete(pending, idx)
					switch {
					case held && (id == "" || id == head) && (name != "" || args != ""):
						// the held head's call goes on: a second call's name or arguments
						seen = false
						if id == "" {
							tc["id"] = head
						}
					case seen && id != "" && calls[i].id != "" && id != calls[i].id && name == "" && args == "" && json.Valid([]byte(calls[i].raw)):
						pending[idx] = id // its index's next delta decides (openai.HeadDecides)
						continue
					case seen && id != "" && calls[i].id != "" && id != calls[i].id && name != "" &&
						(name != calls[i].name || json.Valid([]byte(calls[i].raw)) && strings.TrimSpace(args) != strings.TrimSpace(calls[i].raw)):
						// D70: a new id and a name on an index taken, the name another or the call
						// before whole, begins another call
						seen = false
					}
					if !seen {
						i = len(calls)
						byIndex[idx] = i
						calls = append(calls, caseCall{})
					}
					if id := str(tc["id"]); id != "" {
						calls[i].id = id
					}
					if name := str(fn["name"]); name != "" {
						calls[i].name = name
					}
					if a, ok := fn["arguments"]; ok && a != nil {
						calls[i].chain.Next([]byte(calls[i].raw), []byte(argText(a)))
						calls[i].raw += argText(a)
					}
				}
			}
		}
		for i := range calls {
			// D71: arguments resent whole in every delta are their last text
			if last, ok := calls[i].chain.Last([]byte(calls[i].raw)); ok && !json.Valid([]byte(calls[i].raw)) {
				calls[i].raw = string(last)
			}
		}
	case c.Protocol == "responses":
		calls = responsesCalls(sseData(c.Upstream))
	}
	return calls
}

// responsesCalls reads the function calls of a Responses stream's events as the dialect settles
// them (D74): each output_item.done's, named as its output_item.added named it when the done's
// name is empty; and at response.completed each call announced and argued (or in the final
// output) whose done never came, from the final output's item or else the arguments that came.
func responsesCalls(events []map[string]any) []caseCall {
	type announced struct {
		item         string // its item id
		call         caseCall
		argued, done bool
	}
	byID := map[string]*announced{}
	var order []*announced
	var calls []caseCall
	for _, e := range events {
		item, _ := e["item"].(map[string]any)
		isCall := item["type"] == "function_call"
		switch e["type"] {
		case "response.output_item.added":
			if isCall && str(item["id"]) != "" {
				a := &announced{item: str(item["id"]), call: caseCall{id: str(item["call_id"]), name: str(item["name"])}}
				byID[str(item["id"])] = a
				order = append(order, a)
			}
		case "response.function_call_arguments.delta":
			if a := byID[str(e["item_id"])]; a != nil {
				a.call.raw += str(e["delta"])
				a.argued = true
			}
		case "response.function_call_arguments.done":
			if a := byID[str(e["item_id"])]; a != nil {
				a.call.raw, a.argued = str(e["arguments"]), true
			}
		case "response.output_item.done":
			if !isCall {
				continue
			}
			cl := caseCall{id: str(item["call_id"]), name: str(item["name"]), raw: str(item["arguments"])}
			if a := byID[str(item["id"])]; a != nil {
				a.done = true
				if cl.name == "" {
					cl.name = a.call.name
				}
			}
			calls = append(calls, cl)
		case "response.completed":
			resp, _ := e["response"].(map[string]any)
			final := map[string]string{}
			out, _ := resp["output"].([]any)
			for _, it := range out {
				it, _ := it.(map[string]any)
				if it["type"] == "function_call" {
					final[str(it["id"])] = str(it["arguments"])
				}
			}
			for _, a := range order { // in output_index order, as the dialect writes them
				args, inFinal := final[a.item]
				if a.done || !a.argued && !inFinal {
					continue
				}
				if inFinal && (a.call.raw == "" || strings.TrimSpace(args) != "" && args != "null") {
					a.call.raw = args // the final state, unless it says no arguments beside those that streamed
				}
				a.done = true
				calls = append(calls, a.call)
			}
		}
	}
	return calls
}

func wantCalls(t *testing.T, c cases.Case) []wantCall {
	t.Helper()
	var m struct {
		Content   json.RawMessage // Anthropic: blocks; OpenAI: text
		ToolCalls []struct {
			ID       string
			Function struct {
				Name      string
				Arguments json.RawMessage
			}
		} `json:"tool_calls"`
		Calls []struct {
			Name      string
			Arguments json.RawMessage
		}
	}
	if err := json.Unmarshal(c.Want.Message, &m); err != nil {
		t.Fatal(err)
	}
	var blocks []struct {
		Type, ID, Name string
		Input          json.RawMessage
	}
	if c.Protocol == "anthropic" {
		if err := json.Unmarshal(m.Content, &blocks); err != nil {
			t.Fatal(err)
		}
	}
	var out []wantCall
	for _, b := range blocks {
		if b.Type == "tool_use" {
			out = append(out, wantCall{b.ID, b.Name, b.Input})
		}
	}
	for _, tc := range m.ToolCalls {
		out = append(out, wantCall{tc.ID, tc.Function.Name, tc.Function.Arguments})
	}
	for _, cl := range m.Calls {
		out = append(out, wantCall{"", cl.Name, cl.Arguments})
	}
	return out
}

// toolsFor returns the Tools the request of case c offers, read as its protocol says; when they
// cannot be read it stops tb.
func toolsFor(tb testing.TB, c cases.Case) *Tools {
	tb.Helper()
	var tools *Tools
	var err error
	switch c.Protocol {
	case "anthropic":
		tools, err = ToolsFromAnthropic(c.Request)
	case "openai":
		tools, err = ToolsFromChat(c.Request)
	default:
		tools, err = ToolsFromResponses(c.Request)
	}
	if err != nil {
		tb.Fatalf("reading the tools of %s/%s: %v", c.Protocol, c.Name, err)
	}
	return tools
}

func decodeAny(t *testing.T, b []byte) any {
	t.Helper()
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		t.Fatalf("decoding %q: %v", b, err)
	}
	return v
}

// markupArguments reads a call's input that no repair of the text makes fit as every API's
// layer does (Tools.MarkupInput, docs/faults.md D68).
func markupArguments(tools *Tools, call caseCall) (input []byte, kinds []string, ok bool) {
	if input, ok = tools.MarkupInput(call.name, []byte(call.raw)); !ok {
		return nil, nil, false
	}
	return input, []string{KindArgs}, true
}

// TestSharedCases runs RepairInput over every tool call the shared cases' upstreams send (and
// the D68 reading over the inputs it leaves unfit: markupArguments) and compares the input a
// client would end with against want.json.
func TestSharedCases(t *testing.T) {
	checked := 0
	for _, c := range cases.ForTest(t) {
		t.Run(c.Protocol+"/"+c.Name, func(t *testing.T) {
			tools := toolsFor(t, c)
			// Every API's argument text takes the argument-text repairs: Anthropic's input_json_delta
			// text too (D63); a whole body's input is one JSON value, which they leave alone.
			opt := Options{Args: true}
			if c.Protocol == "anthropic" && !c.Stream {
				opt = Options{} // a whole Messages body's input is read as the dialect reads it (D67 for a string)
			}
			calls := upstreamCalls(t, c)
			var wants []wantCall
			if !c.Want.Passthrough {
				wants = wantCalls(t, c)
			}
			seen := map[string]bool{}
			for n, call := range calls {
				fixed, kinds, changed := tools.RepairInput(call.name, []byte(call.raw), opt)
				if !changed && !tools.Fits(call.name, []byte(call.raw)) {
					fixed, kinds, changed = markupArguments(tools, call)
				}
				for _, k := range kinds {
					seen[k] = true
					if !slices.Contains(c.Want.Repairs, k) {
						t.Errorf("call %d (%s): kind %q not among want's repairs %v", n, call.name, k, c.Want.Repairs)
					}
				}
				if c.Want.Passthrough {
					if changed {
						t.Errorf("call %d (%s): repaired %q into %s in a passthrough case", n, call.name, call.raw, fixed)
					}
					continue
				}
				got := []byte(call.raw)
				if changed {
					got = fixed
					if !tools.Fits(call.name, fixed) {
						t.Errorf("call %d: fixed input does not fit: %s", n, fixed)
					}
				}
				w := matchWant(wants, call, n)
				if w == nil {
					t.Fatalf("call %d (%s %s): no matching call in want.json", n, call.id, call.name)
				}
				if diff := cmp.Diff(decodeAny(t, w.input), decodeAny(t, got)); diff != "" {
					t.Errorf("call %d (%s): input (-want +got):\n%s", n, call.name, diff)
				}
				checked++
			}
			for _, k := range []string{KindCoerce, KindEscape, KindArgs} {
				if slices.Contains(c.Want.Repairs, k) && !seen[k] {
					t.Errorf("want's repairs list %q but no call produced it", k)
				}
			}
		})
	}
	if checked < 15 {
		t.Errorf("only %d calls compared: the cases were not read", checked)
	}
}

// matchWant finds the want call for upstream call n: the one with its id, else the n-th.
func matchWant(wants []wantCall, call caseCall, n int) *wantCall {
	for i := range wants {
		if wants[i].id != "" && wants[i].id == call.id {
			return &wants[i]
		}
	}
	if n < len(wants) && wants[n].name == call.name {
		return &wants[n]
	}
	var only *wantCall // out of place (Responses dones in another order than the output): the one call of its name
	for i := range wants {
		if wants[i].name == call.name {
			if only != nil {
				return nil
			}
			only = &wants[i]
		}
	}
	return only
}
