// Package responses repairs OpenAI Responses API responses (POST …/responses), streamed as SSE
// events or whole JSON, guided by the function tools of the request. It is pure: bytes in, bytes
// out, no net/http.
//
// Every event is judged on its own and goes out at once, as it came unless a rule rewrites it,
// except behind a message item's output_text that may end in a leaked call (docs/faults.md D60, see
// leak.go): from the first delta that could begin one, the events are held until the text is
// clear, or until the response ends and the markup becomes function_call items. A healthy stream
// comes out byte for byte. The arguments deltas (response.function_call_arguments.delta) pass as
// they came; the SDKs build a call from the arguments of response.output_item.done, which the
// rules repair, as they do the same arguments in response.function_call_arguments.done and in the
// final response.
package responses

import (
	"bytes"
	"encoding/json"
	"io"

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

	ContentIndex   *int    `json:"content_index"`
	Delta          *string `json:"delta"`
	SequenceNumber *int    `json:"sequence_number"`
}

// wireItem is what the dialect reads of an output item.
type wireItem struct {
	Type      string  `json:"type"`
	ID        string  `json:"id"`
	Name      string  `json:"name"`
	Arguments *string `json:"arguments"`
	CallID    string  `json:"call_id"`
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

	// the leaked-call rule (leak.go)
	texts    map[textKey]*textHold
	held     []heldEvent
	holding  *textKey            // the text whose tail is held, nil when none
	msgDone  int                 // the held output_item.done of that text's message; -1 none
	seqShift int                 // events inserted so far
	shifts   []shift             // items inserted so far
	fixed    map[string]*leakFix // message item id -> its repair
	noTools  bool                // the request offers no tool: no leaked call can be made

	// the announced calls (settle.go, D74)
	calls  []*announced       // the function_call items announced, in order
	unsent []*announced       // calls settled at response.completed, their done not yet written
	resent map[string]*resent // function_call item id -> its arguments deltas (D71, resend.go)
}

// NewStream returns a Stream for a response to a request offering tools (nil: none). rep may be
// nil.
func NewStream(tools *repair.Tools, rep *repair.Reporter) *Stream {
	return &Stream{tools: tools, rep: rep, names: map[string]string{}, byOut: map[int]string{},
		fixes: map[string]*fix{}, done: map[int]json.RawMessage{}, texts: map[textKey]*textHold{},
		fixed: map[string]*leakFix{}, msgDone: -1, noTools: noTools(tools)}
}

// Held returns the events held behind a text that may end in a leaked call, as they came.
func (s *Stream) Held() []byte {
	var b []byte
	for _, h := range s.held {
		b = append(b, h.raw...)
	}
	return b
}

// HoldingSpan reports whether events are held behind a text that may end in a leaked call. While
// they are, the proxy sends a keep-alive (see KeepAlive) when the client has had no byte for long;
// comments pass ahead of them (see step).
func (s *Stream) HoldingSpan() bool { return len(s.held) > 0 }

// KeepAlive returns what toolfix sends while events stay held long, so that no client watchdog
// takes the silence for a stalled stream: an SSE comment, which every SSE reader ignores.
func (s *Stream) KeepAlive() []byte { return []byte(": toolfix keep-alive\n\n") }

// End writes the events still held, as they came: a stream that ended before its message item
// did is not repaired.
func (s *Stream) End(w io.Writer) error {
	s.holding, s.msgDone = nil, -1
	return s.flush(w, nil, nil)
}

// Push takes one piece of the stream and writes it, rewritten when a rule applies; an output_text
// delta that may begin a leaked call, and what follows it, is held (see step).
func (s *Stream) Push(ev sse.Event, w io.Writer) error {
	if ev.Oversize {
		s.rep.Fail("event over the size limit")
		s.holding, s.msgDone = nil, -1
		return s.flush(w, ev.Raw, nil)
	}
	if !ev.Complete {
		// The stream was cut inside an event (only the last piece can be): it goes out as it
		// came, behind what is held, which goes out as it came too (End).
		s.holding, s.msgDone = nil, -1
		return s.flush(w, ev.Raw, nil)
	}
	out, e, drop := s.event(ev.Raw)
	if drop {
		return nil
	}
	if len(s.unsent) > 0 {
		if err := s.writeSettled(w, out, e); err != nil {
			return err
		}
	}
	return s.step(w, out, e)
}

// event judges one event: it returns the bytes to write and what was read of them (nil when they
// are no event object), or drop for a junk frame.
func (s *Stream) event(raw []byte) (out []byte, ev *event, drop bool) {
	_, data, has := sse.Fields(raw)
	if !has {
		return raw, nil, false
	}
	if openai.IsJunk(data) {
		s.rep.Repair("", "junk_frame")
		return nil, nil, true
	}
	d := bytes.TrimSpace(data)
	if d[0] != '{' {
		return raw, nil, false // [DONE] and text that is not JSON: not ours to judge
	}
	var e event
	if json.Unmarshal(d, &e) != nil {
		return raw, nil, false
	}
	if e.Type == nil && e.Error == nil {
		// An object no Responses client can read: a gateway's billing or usage frame (docs/faults.md
		// D47: anomalyco/opencode #39087, #1298).
		s.rep.Repair("", "junk_frame")
		return nil, nil, true
	}
	if e.Type == nil {
		return raw, &e, false
	}
	var nd []byte
	switch *e.Type {
	case "response.output_item.added":
		s.added(&e)
		nd = s.addedNull(d, &e)
	case "response.function_call_arguments.delta":
		s.argDelta(&e)
		s.argsDelta(&e)
	case "response.function_call_arguments.done":
		s.argsFinal(&e)
		nd = s.argsDone(d, &e)
	case "response.output_item.done":
		if s.lateDone(e.Item) {
			return nil, nil, true
		}
		nd = s.itemDone(d, &e)
	case "response.completed":
		s.settle(e.Response)
		nd = s.completed(d, &e)
	case "response.incomplete":
		nd = s.completed(d, &e)
	}
	if nd == nil {
		return raw, &e, false
	}
	return openai.ReplaceData(raw, nd), &e, false
}

func (s *Stream) added(e *event) {
	var it wireItem
	if json.Unmarshal(e.Item, &it) != nil || it.Type != "function_call" {
		return
	}
	if s.tools != nil && !s.tools.Has(it.Name) {
		s.rep.NotDeclared(it.Name) // REPAIRS.md D57: logged, never repaired
	}
	s.names[it.ID] = it.Name
	s.announce(e, &it)
	if e.OutputIndex != nil {
		s.byOut[*e.OutputIndex] = it.ID
	}
}

// addedNull gives a function_call item that response.output_item.added opens with null arguments
// (D69) the empty text a healthy stream opens it with, when its tool is declared and requires
// nothing, so that its arguments will be "{}" at done (argsDone, itemDone): a client that
// validates each event (the AI SDK's Responses provider: "Type validation failed" on the null)
// reads the call from its start. nil when the event stays: another item, arguments that are text,
// or a tool that "{}" does not fit, whose null passes as it came.
func (s *Stream) addedNull(d []byte, e *event) []byte {
	if len(e.Item) == 0 || !nullArguments(e.Item) {
		return nil
	}
	var it wireItem
	if json.Unmarshal(e.Item, &it) != nil || it.Type != "function_call" || s.tools == nil || !s.tools.Has(it.Name) || !s.tools.Fits(it.Name, []byte("{}")) {
		return nil
	}
	item, err := jsontext.ParseObject(e.Item)
	if err != nil {
		return nil
	}
	item.Set("arguments", []byte(`""`))
	obj, err := jsontext.ParseObject(d)
	if err != nil {
		return nil
	}
	obj.Set("item", item.Marshal())
	return obj.Marshal()
}

// argsDone repairs the arguments of response.function_call_arguments.done; nil when they stay.
func (s *Stream) argsDone(d []byte, e *event) []byte {
	if e.Arguments == nil && !nullArguments(d) {
		return nil
	}
	if e.Arguments == nil {
		e.Arguments = new(string) // D69: null arguments are read as none
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
	item, renamed := s.named(e.Item, true)
	fixed, changed := s.item(item)
	if changed {
		item = fixed
	}
	changed = changed || renamed
	if e.OutputIndex != nil && len(item) > 0 {
		s.done[*e.OutputIndex] = bytes.Clone(item)
	}
	s.sentDone(e.Item, item)
	if !changed {
		return nil
	}
	obj, err := jsontext.ParseObject(d)
	if err != nil {
		return nil
	}
	obj.Set("item", item)
	return obj.Marshal()
}

// sentDone records the item of an output_item.done as the client gets it (item; raw as it came),
// on the call it announced, for the final output to agree with (agreed).
func (s *Stream) sentDone(raw, item json.RawMessage) {
	var it wireItem
	if json.Unmarshal(raw, &it) != nil || it.Type != "function_call" {
		return
	}
	if a := s.announcement(&it); a != nil {
		a.sent, a.sentArgs = bytes.Clone(item), ""
		if it.Arguments != nil {
			a.sentArgs = *it.Arguments
		}
	}
}

// item repairs the arguments of one function_call output item; changed is false when it stays.
func (s *Stream) item(raw json.RawMessage) (json.RawMessage, bool) {
	var it wireItem
	if json.Unmarshal(raw, &it) != nil || it.Type != "function_call" || it.Arguments == nil && !nullArguments(raw) {
		return nil, false
	}
	if it.Arguments == nil {
		it.Arguments = new(string) // D69: null arguments are read as none
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

// nullArguments reports whether the JSON object obj has an arguments member that is null (D69:
// braintrustdata/braintrust-sdk-javascript PR #1061, spring-projects/spring-ai PR #5232): read
// as an empty argument text, which D19 makes {} when nothing is required.
func nullArguments(obj []byte) bool {
	o, err := jsontext.ParseObject(obj)
	return err == nil && string(o.Get("arguments")) == "null"
}

// verdict repairs a function call's arguments by the tool's schema, once per item: arguments that
// do not fit go through the schema engine with the OpenAI argument-text repairs (docs/faults.md D43:
// BerriAI/litellm #27144; D13-D15: anomalyco/opencode #7512, PR #7513, #8249, lablup/mlxcel
// #1336; D19, D21, D23, D24 as in the Chat Completions dialect). The repair is reported the first
// time only, and so is a fail-open (a call is judged in its response.output_item.done and again
// in response.completed): one call, one record (the law, docs/repairs.md). A call without id is
// known by its name and arguments. Arguments that are the concatenation of deltas that each
// resent the whole arguments so far are judged by the last of them (D71, resentArgs); arguments
// that are the raw markup of the same call are read as it (D68, openai.MarkupArguments).
func (s *Stream) verdict(id, name, args string) (string, bool) {
	if id == "" {
		id = "\x00" + name + "\x00" + args
	}
	if f, ok := s.fixes[id]; ok && f.args == args {
		return f.fixed, f.changed
	}
	f := &fix{args: args}
	if s.tools.Has(name) && !s.tools.Fits(name, []byte(args)) {
		text, shape := []byte(args), []string(nil)
		if last, ok := s.resentArgs(id, args); ok {
			text, shape = last, []string{"shape"} // D71: the deltas resent the arguments whole
		}
		if shape != nil && s.tools.Fits(name, text) {
			f.fixed, f.changed = string(text), true
			s.rep.Repair(name, shape...)
		} else if fixed, kinds, ok := s.tools.RepairInput(name, text, repair.Options{Args: true}); ok {
			f.fixed, f.changed = string(fixed), true
			s.rep.Repair(name, append(kinds, shape...)...)
		} else if in, ok := openai.MarkupArguments(s.tools, name, text); ok {
			// D68 as in Chat: the arguments are the raw markup of this same call
			f.fixed, f.changed = string(in), true
			s.rep.Repair(name, append([]string{repair.KindArgs}, shape...)...)
		} else {
			s.rep.Fail(repair.NotFit)
		}
	}
	s.fixes[id] = f
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
		resp.Set("output", jsontext.Array(s.doneItems()))
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

// output repairs the function_call items of an output list, and gives it the names and calls of
// D74 (settledOutput); changed is false when none changed.
func (s *Stream) output(raw json.RawMessage) (json.RawMessage, bool) {
	var items []json.RawMessage
	if json.Unmarshal(raw, &items) != nil {
		return nil, false
	}
	items, changed := s.settledOutput(items)
	for i, it := range items {
		if fixed, ok := s.item(it); ok {
			items[i] = fixed
			changed = true
		}
	}
	if !changed {
		return nil, false
	}
	return jsontext.Array(items), true
}
