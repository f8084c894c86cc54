// Package responses repairs OpenAI Responses API responses (POST …/responses), streamed as SSE
// events or whole JSON, guided by the function tools of the request. It is pure: bytes in, bytes
// out, no net/http.
//
// Nothing is held: every event is judged on its own and goes out at once, as it came unless a
// rule rewrites it. A healthy stream comes out byte for byte. The arguments deltas
// (response.function_call_arguments.delta) pass as they came; the SDKs build a call from the
// arguments of response.output_item.done, which the rules repair, as they do the same arguments
// in response.function_call_arguments.done and in the final response.
package responses

import (
	"bytes"
	"encoding/json"
	"io"
	"sort"

	"github.com/toolfix/toolfix/proxy/jsontext"
	"github.com/toolfix/toolfix/proxy/openai"
	"github.com/toolfix/toolfix/proxy/repair"
	"github.com/toolfix/toolfix/proxy/sse"
)

// event is what the dialect reads of one data payload.
type event struct {
	Type        *string         `json:"type"`
	ItemID      string          `json:"item_id"`
	OutputIndex *int            `json:"output_index"`
	Item        json.RawMessage `json:"item"`
	Arguments   *string         `json:"arguments"`
	Response    json.RawMessage `json:"response"`
	Error       json.RawMessage `json:"error"`
}

// wireItem is what the dialect reads of an output item.
type wireItem struct {
	Type      string  `json:"type"`
	ID        string  `json:"id"`
	Name      string  `json:"name"`
	Arguments *string `json:"arguments"`
}

// fix is the verdict on one call's arguments, made once and reused by every event that repeats
// them.
type fix struct {
	args    string // the arguments as they came
	fixed   string
	changed bool
}

// Stream repairs one streamed Responses API response. Create it with NewStream; feed it every
// piece of the stream in order with Push and call End once at the end. Not safe for concurrent
// use.
type Stream struct {
	tools *repair.Tools
	rep   *repair.Reporter

	names map[string]string // function_call item id -> tool name
	byOut map[int]string    // output_index -> item id
	fixes map[string]*fix   // item id -> verdict
	done  map[int]json.RawMessage
}

// NewStream returns a Stream for a response to a request offering tools (nil: none). rep may be
// nil.
func NewStream(tools *repair.Tools, rep *repair.Reporter) *Stream {
	return &Stream{tools: tools, rep: rep, names: map[string]string{}, byOut: map[int]string{},
		fixes: map[string]*fix{}, done: map[int]json.RawMessage{}}
}

// Held returns nil: the dialect never holds an event.
func (s *Stream) Held() []byte { return nil }

// End writes nothing: nothing is ever held.
func (s *Stream) End(io.Writer) error { return nil }

// Push takes one piece of the stream and writes it, rewritten when a rule applies.
func (s *Stream) Push(ev sse.Event, w io.Writer) error {
	out := ev.Raw
	if !ev.Oversize {
		var drop bool
		out, drop = s.event(ev.Raw)
		if drop {
			return nil
		}
	} else {
		s.rep.Fail("event over the size limit")
	}
	_, err := w.Write(out)
	return err
}

// event judges one event: it returns the bytes to write, or drop for a junk frame.
func (s *Stream) event(raw []byte) (out []byte, drop bool) {
	_, data, has := sse.Fields(raw)
	if !has {
		return raw, false
	}
	if openai.IsJunk(data) {
		s.rep.Repair("", "junk_frame")
		return nil, true
	}
	d := bytes.TrimSpace(data)
	if d[0] != '{' {
		return raw, false // [DONE] and text that is not JSON: not ours to judge
	}
	var e event
	if json.Unmarshal(d, &e) != nil {
		return raw, false
	}
	if e.Type == nil && e.Error == nil {
		// An object no Responses client can read: a gateway's billing or usage frame (docs/faults.md
		// D47: anomalyco/opencode #39087, #1298).
		s.rep.Repair("", "junk_frame")
		return nil, true
	}
	if e.Type == nil {
		return raw, false
	}
	var nd []byte
	switch *e.Type {
	case "response.output_item.added":
		s.added(&e)
	case "response.function_call_arguments.done":
		nd = s.argsDone(d, &e)
	case "response.output_item.done":
		nd = s.itemDone(d, &e)
	case "response.completed", "response.incomplete":
		nd = s.completed(d, &e)
	}
	if nd == nil {
		return raw, false
	}
	return openai.ReplaceData(raw, nd), false
}

func (s *Stream) added(e *event) {
	var it wireItem
	if json.Unmarshal(e.Item, &it) != nil || it.Type != "function_call" {
		return
	}
	s.names[it.ID] = it.Name
	if e.OutputIndex != nil {
		s.byOut[*e.OutputIndex] = it.ID
	}
}

// argsDone repairs the arguments of response.function_call_arguments.done; nil when they stay.
func (s *Stream) argsDone(d []byte, e *event) []byte {
	if e.Arguments == nil {
		return nil
	}
	id := e.ItemID
	if id == "" && e.OutputIndex != nil {
		id = s.byOut[*e.OutputIndex]
	}
	name, ok := s.names[id]
	if !ok {
		return nil
	}
	fixed, changed := s.verdict(id, name, *e.Arguments)
	if !changed {
		return nil
	}
	obj, err := jsontext.ParseObject(d)
	if err != nil {
		return nil
	}
	obj.Set("arguments", jsontext.Quote(fixed))
	return obj.Marshal()
}

// itemDone repairs a function_call item of response.output_item.done and remembers every item
// for a final response that comes without output; nil when the event stays.
func (s *Stream) itemDone(d []byte, e *event) []byte {
	item := e.Item
	fixed, changed := s.item(item)
	if changed {
		item = fixed
	}
	if e.OutputIndex != nil && len(item) > 0 {
		s.done[*e.OutputIndex] = bytes.Clone(item)
	}
	if !changed {
		return nil
	}
	obj, err := jsontext.ParseObject(d)
	if err != nil {
		return nil
	}
	obj.Set("item", fixed)
	return obj.Marshal()
}

// item repairs the arguments of one function_call output item; changed is false when it stays.
func (s *Stream) item(raw json.RawMessage) (json.RawMessage, bool) {
	var it wireItem
	if json.Unmarshal(raw, &it) != nil || it.Type != "function_call" || it.Arguments == nil {
		return nil, false
	}
	fixed, changed := s.verdict(it.ID, it.Name, *it.Arguments)
	if !changed {
		return nil, false
	}
	obj, err := jsontext.ParseObject(raw)
	if err != nil {
		return nil, false
	}
	obj.Set("arguments", jsontext.Quote(fixed))
	return obj.Marshal(), true
}

// verdict repairs a function call's arguments by the tool's schema, once per item: arguments that
// do not fit go through the schema engine with the OpenAI argument-text repairs (docs/faults.md D43:
// BerriAI/litellm #27144; D13-D15: anomalyco/opencode #7512, PR #7513, #8249, lablup/mlxcel
// #1336; D19, D21, D23, D24 as in the Chat Completions dialect). The repair is reported the first
// time only.
func (s *Stream) verdict(id, name, args string) (string, bool) {
	if f, ok := s.fixes[id]; ok && id != "" && f.args == args {
		return f.fixed, f.changed
	}
	f := &fix{args: args}
	if s.tools.Has(name) && !s.tools.Fits(name, []byte(args)) {
		if fixed, kinds, ok := s.tools.RepairInput(name, []byte(args), repair.Options{Args: true}); ok {
			f.fixed, f.changed = string(fixed), true
			s.rep.Repair(name, kinds...)
		} else {
			s.rep.Fail("tool arguments do not fit the schema and no repair makes them fit")
		}
	}
	if id != "" {
		s.fixes[id] = f
	}
	return f.fixed, f.changed
}

// completed repairs the final response: the arguments of its function_call items, and an output
// of null rebuilt from the response.output_item.done events seen, in output_index order
// (docs/faults.md D44: NousResearch/hermes-agent #32974). nil when the event stays.
func (s *Stream) completed(d []byte, e *event) []byte {
	resp, err := jsontext.ParseObject(e.Response)
	if err != nil {
		return nil
	}
	out := resp.Get("output")
	switch {
	case out == nil:
		return nil
	case string(out) == "null":
		if len(s.done) == 0 {
			return nil
		}
		idx := make([]int, 0, len(s.done))
		for i := range s.done {
			idx = append(idx, i)
		}
		sort.Ints(idx)
		items := make([]json.RawMessage, len(idx))
		for k, i := range idx {
			items[k] = s.done[i]
		}
		resp.Set("output", joinList(items))
		s.rep.Repair("", "shape")
	default:
		items, changed := s.output(out)
		if !changed {
			return nil
		}
		resp.Set("output", items)
	}
	obj, err := jsontext.ParseObject(d)
	if err != nil {
		return nil
	}
	obj.Set("response", resp.Marshal())
	return obj.Marshal()
}

// output repairs the function_call items of an output list; changed is false when none changed.
func (s *Stream) output(raw json.RawMessage) (json.RawMessage, bool) {
	var items []json.RawMessage
	if json.Unmarshal(raw, &items) != nil {
		return nil, false
	}
	changed := false
	for i, it := range items {
		if fixed, ok := s.item(it); ok {
			items[i] = fixed
			changed = true
		}
	}
	if !changed {
		return nil, false
	}
	return joinList(items), true
}

func joinList(l []json.RawMessage) json.RawMessage {
	b := []byte{'['}
	for i, e := range l {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, e...)
	}
	return append(b, ']')
}

// RepairResponse repairs a non-streamed Responses API body (a response object): the arguments of
// its function_call output items, as the stream rules do. It returns the new body and true, or
// nil and false when nothing was repaired.
//
// A body that is an SSE stream, or a response object followed by "data: [DONE]" (docs/faults.md D55:
// decolua/9router #3492), becomes the response object a non-streamed request asks for: the
// response of the stream's last response.completed, response.incomplete or response.failed event,
// after the stream rules ran over every event (so its arguments are repaired and a null output is
// rebuilt, D43, D44). A stream without such an event, or with an event over the size limit,
// passes as it came.
func RepairResponse(tools *repair.Tools, body []byte, rep *repair.Reporter) ([]byte, bool) {
	body, shaped, ok := sse.OneObject(body, func(b []byte) ([]byte, bool) { return responseFromSSE(tools, b, rep) })
	if !ok {
		rep.Fail("SSE answer to a non-streamed request could not be read as one response")
		return nil, false
	}
	if shaped {
		rep.Repair("", "shape")
	}
	// A response made from a stream was repaired by the stream rules already; this pass finds
	// nothing more to do there.
	if fixed, ok := repairResponse(tools, body, rep); ok {
		return fixed, true
	}
	if shaped {
		return body, true
	}
	return nil, false
}

// responseFromSSE runs the stream rules over an SSE body and returns the response object of its
// last final event (see RepairResponse); false when there is none or an event is over the limit.
func responseFromSSE(tools *repair.Tools, body []byte, rep *repair.Reporter) ([]byte, bool) {
	s := NewStream(tools, rep)
	var final json.RawMessage
	var out bytes.Buffer
	for _, ev := range sse.Each(body, 0) {
		if ev.Oversize {
			return nil, false
		}
		out.Reset()
		if err := s.Push(ev, &out); err != nil {
			return nil, false
		}
		_, data, has := sse.Fields(out.Bytes())
		if !has {
			continue
		}
		var e struct {
			Type     string          `json:"type"`
			Response json.RawMessage `json:"response"`
			Error    json.RawMessage `json:"error"`
		}
		if json.Unmarshal(bytes.TrimSpace(data), &e) != nil {
			continue
		}
		switch e.Type {
		case "response.completed", "response.incomplete", "response.failed":
			final = append(json.RawMessage(nil), e.Response...)
		case "error":
			return errorObject(bytes.TrimSpace(data), e.Error), true
		}
	}
	if d := bytes.TrimSpace(final); len(d) == 0 || d[0] != '{' {
		return nil, false
	}
	return bytes.TrimSpace(final), true
}

// errorObject turns a Responses stream's error event into the body the API answers a failed
// non-streamed request with: {"error":{...}}. The event carries the error's members at its top
// level ({"type":"error","code":…,"message":…,"param":…}) or, from some gateways, in an "error"
// member (inner), which is then taken as it is.
func errorObject(event []byte, inner json.RawMessage) []byte {
	if d := bytes.TrimSpace(inner); len(d) > 0 && d[0] == '{' {
		return append(append([]byte(`{"error":`), d...), '}')
	}
	obj, err := jsontext.ParseObject(event)
	if err != nil {
		return append(append([]byte(`{"error":`), event...), '}')
	}
	e := jsontext.Object{}
	for _, k := range []string{"message", "param", "code"} { // "type" is the event's own: "error"
		if v := obj.Get(k); v != nil {
			e = append(e, jsontext.Member{Key: k, Value: v})
		}
	}
	return append(append([]byte(`{"error":`), e.Marshal()...), '}')
}

// repairResponse repairs a body that is one response object (see RepairResponse).
func repairResponse(tools *repair.Tools, body []byte, rep *repair.Reporter) ([]byte, bool) {
	obj, err := jsontext.ParseObject(body)
	if err != nil {
		return nil, false
	}
	out := obj.Get("output")
	if out == nil || string(out) == "null" {
		return nil, false
	}
	s := NewStream(tools, rep)
	items, changed := s.output(out)
	if !changed {
		return nil, false
	}
	obj.Set("output", items)
	return obj.Marshal(), true
}
