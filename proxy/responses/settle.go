package responses

import (
	"bytes"
	"encoding/json"
	"io"
	"reflect"
	"sort"
	"strings"

	"github.com/toolfix/toolfix/proxy/jsontext"
	"github.com/toolfix/toolfix/proxy/repair"
	"github.com/toolfix/toolfix/proxy/sse"
)

// This file settles the function calls a gateway announced but never finished (docs/faults.md D74:
// NousResearch/hermes-agent #92764; anomalyco/opencode #37159; router-for-me/CLIProxyAPI #1004).
// Codex CLI and the SDKs build a call from its response.output_item.done; a backend or relay that
// omits that event on a successful completion makes the call vanish (the turn ends with no call
// and no error), and one that writes the done with name "" makes Codex answer "unsupported call".
// So:
//   - a function_call announced by response.output_item.added and argued (at least one
//     response.function_call_arguments.delta, or its .done) or held by response.completed's
//     output, with no output_item.done when response.completed comes, gets the done it lacks,
//     just before response.completed, in output_index order: the final output's item for it when
//     there is one (the final state: the streamed arguments may be cut short, anomalyco/opencode
//     PR #44893), else the announced item with the arguments that came (the .done's, else the
//     deltas joined) and status "completed", repaired by schema as any; the sequence_number of
//     response.completed moves up past the events made. Ordered as a healthy stream would have
//     them, each done would follow its own item's events; toolfix cannot know a done is missing
//     before response.completed, so the dones made come together there, each naming its
//     output_index;
//   - an output_item.done, or an item of response.completed's output, whose name is "" where
//     the announcement of the same item id named the call gets that name back;
//   - an output_item.done that comes after response.completed for a call settled there is
//     dropped (the client would run the call twice);
//   - response.completed's output gets the calls settled here that it lacks: at their
//     output_index in a list that holds other items, or, for an empty list (a relay that leaves
//     the final output empty) or null, the output rebuilt from every output_item.done the client
//     got, as D44 does.
//
// Never: a call announced but never argued nor in the final output (a backend that announces
// before it knows; settling it would run a tool with {}: hermes-agent PR #110975), a response
// that ends otherwise (response.incomplete, failed, an error, no final event: D46, never
// completed), or an output item with neither id nor call_id (nothing ties it to an
// announcement). A non-streamed response has no announcement, so an empty name there is never
// guessed.

// announced is one function_call item announced by response.output_item.added.
type announced struct {
	id       string          // its item id, or ""
	callID   string          // its call_id, or ""
	index    int             // output_index; -1 when absent
	item     json.RawMessage // the item as announced
	name     string
	args     bytes.Buffer // the argument deltas joined
	final    *string      // the arguments of response.function_call_arguments.done
	argued   bool
	done     bool              // its output_item.done came (or was made)
	sent     json.RawMessage   // the item of the upstream's output_item.done, as the client got it; nil when none came
	sentArgs string            // the arguments that done came with
	settled  json.RawMessage   // the item made for it (settle), nil when none
	rec      repair.CallRecord // what the call reported as shape, once
}

// announcement returns the announced call the function_call item it is, or nil: the one with
// its item id, else the one with its call_id (the API allows an item without id, and a gateway
// may give the done item an id of its own: anomalyco/opencode PR #45081). The item id is looked
// at first, so that parallel calls a gateway gave one call_id stay apart.
func (s *Stream) announcement(it *wireItem) *announced {
	for _, a := range s.calls {
		if it.ID != "" && it.ID == a.id {
			return a
		}
	}
	for _, a := range s.calls {
		if it.CallID != "" && it.CallID == a.callID {
			return a
		}
	}
	return nil
}

// announce records a function_call item of response.output_item.added; one with neither id nor
// call_id cannot be told from another and is not followed.
func (s *Stream) announce(e *event, it *wireItem) {
	if it.ID == "" && it.CallID == "" {
		return
	}
	s.calls = append(s.calls, &announced{id: it.ID, callID: it.CallID, index: intOr(e.OutputIndex), item: bytes.Clone(e.Item), name: it.Name})
}

// argued finds the announced call an arguments event names: by item_id, or else by
// output_index when the event has no item_id or the call was announced without id (its item_id
// is then one the announcement never gave: anomalyco/opencode PR #45081).
func (s *Stream) argued(e *event) *announced {
	var a *announced
	for _, c := range s.calls {
		if e.ItemID != "" && c.id == e.ItemID {
			a = c
		}
	}
	for _, c := range s.calls {
		if a == nil && e.OutputIndex != nil && c.index == *e.OutputIndex && (e.ItemID == "" || c.id == "") {
			a = c
		}
	}
	if a == nil || a.done {
		return nil
	}
	return a
}

// argDelta records a response.function_call_arguments.delta.
func (s *Stream) argDelta(e *event) {
	if a := s.argued(e); a != nil && e.Delta != nil {
		a.args.WriteString(*e.Delta)
		a.argued = true
	}
}

// argsFinal records the arguments of a response.function_call_arguments.done.
func (s *Stream) argsFinal(e *event) {
	if a := s.argued(e); a != nil && e.Arguments != nil {
		v := *e.Arguments
		a.final, a.argued = &v, true
	}
}

// named returns a function_call item with its empty name replaced by the one its announcement
// gave; changed is false when the item keeps its name. For an output_item.done (done true) the
// call is marked done.
func (s *Stream) named(item json.RawMessage, done bool) (json.RawMessage, bool) {
	var it wireItem
	if json.Unmarshal(item, &it) != nil || it.Type != "function_call" {
		return item, false
	}
	a := s.announcement(&it)
	if a == nil {
		return item, false
	}
	if done {
		a.done = true
	}
	if it.Name != "" || a.name == "" {
		return item, false
	}
	obj, err := jsontext.ParseObject(item)
	if err != nil {
		return item, false
	}
	obj.Set("name", jsontext.Quote(a.name))
	s.rep.CallRepair(&a.rec, a.name, "shape")
	return obj.Marshal(), true
}

// settle makes, when response.completed comes (its response object resp), the completed item of
// every announced call that had no output_item.done and was argued or is in resp's output, in output_index order, for
// writeSettled to write and for the final output; they count as done from here. The item is the
// one resp's output holds for the call, when it does (the final state: the streamed arguments
// may be cut short, anomalyco/opencode PR #44893), else the announcement with the arguments that
// came.
func (s *Stream) settle(resp json.RawMessage) {
	final := s.finalCalls(resp)
	for _, a := range s.calls {
		if a.done || !a.argued && final[a] == nil {
			continue
		}
		item, ok := final[a], true
		if item != nil && emptyArguments(item) && a.streamedArgs() != "" {
			// A final item with no arguments where the stream's events gave some is a relay that
			// lost them, not a call without arguments: D19 would write {} over the real ones.
			item = nil
		}
		if item != nil {
			item, _ = s.named(item, false)
		} else {
			item, ok = a.made()
		}
		if !ok {
			continue
		}
		if fixed, changed := s.item(item); changed {
			item = fixed
		}
		a.done, a.settled = true, item
		if a.index >= 0 {
			s.done[a.index] = item
		}
		s.unsent = append(s.unsent, a)
		s.rep.CallRepair(&a.rec, a.name, "shape")
	}
	sort.Slice(s.unsent, func(i, j int) bool { return s.unsent[i].index < s.unsent[j].index })
}

// writeSettled writes, before the response.completed raw (read as e), the output_item.done of
// each call settle made, and moves the sequence_number of what follows past them. Text held for a
// leaked tail goes out first, as it came: a response with a function_call item never has its
// text made into calls (decide).
func (s *Stream) writeSettled(w io.Writer, raw []byte, e *event) error {
	unsent := s.unsent
	s.unsent = nil
	if len(s.held) > 0 {
		if s.holding != nil {
			if th := s.texts[*s.holding]; th != nil {
				s.structuredTail(th)
			}
		}
		s.holding, s.msgDone = nil, -1
		if err := s.flush(w, nil, nil); err != nil {
			return err
		}
	}
	named := bytes.HasPrefix(bytes.TrimLeft(raw, " \t\r\n"), []byte("event:"))
	eol := sse.LineEnding(raw)
	for _, a := range unsent {
		o := jsontext.Object{{Key: "type", Value: json.RawMessage(`"response.output_item.done"`)}}
		ev := event{Type: new("response.output_item.done"), Item: a.settled}
		if a.index >= 0 {
			o = append(o, jsontext.Member{Key: "output_index", Value: jsontext.FormatInt(a.index)})
			ev.OutputIndex = &a.index
		}
		o = append(o, jsontext.Member{Key: "item", Value: a.settled})
		if e.SequenceNumber != nil {
			// the slot of the response.completed, which moves up by one (see write)
			o = append(o, jsontext.Member{Key: "sequence_number", Value: jsontext.FormatInt(*e.SequenceNumber)})
			ev.SequenceNumber = e.SequenceNumber
		}
		if err := s.write(w, frame(eol, named, "response.output_item.done", o.Marshal()), &ev); err != nil {
			return err
		}
		if e.SequenceNumber != nil {
			s.seqShift++
		}
	}
	return nil
}

// finalCalls returns the function_call items of a response object's output list that carry
// arguments, by the announced call each is; nil when there is no such list.
func (s *Stream) finalCalls(resp json.RawMessage) map[*announced]json.RawMessage {
	if len(s.calls) == 0 {
		return nil
	}
	var r struct {
		Output []json.RawMessage `json:"output"`
	}
	if json.Unmarshal(resp, &r) != nil {
		return nil
	}
	calls := map[*announced]json.RawMessage{}
	for _, raw := range r.Output {
		var it wireItem
		if json.Unmarshal(raw, &it) == nil && it.Type == "function_call" && it.Arguments != nil {
			if a := s.announcement(&it); a != nil {
				calls[a] = raw
			}
		}
	}
	return calls
}

// lateDone reports whether item, of an output_item.done, is a call whose done toolfix already
// made at response.completed: the client has the call, and a second done would have it run twice,
// so this one is dropped.
func (s *Stream) lateDone(item json.RawMessage) bool {
	var it wireItem
	if json.Unmarshal(item, &it) != nil || it.Type != "function_call" {
		return false
	}
	a := s.announcement(&it)
	return a != nil && a.settled != nil
}

// streamedArgs is the arguments text the stream's own events gave the call: its .done's, else
// its deltas joined.
func (a *announced) streamedArgs() string {
	if a.final != nil {
		return *a.final
	}
	return a.args.String()
}

// made is the completed item of an announced call: the announcement with the arguments that
// came and status "completed"; false when the announcement is no object.
func (a *announced) made() (json.RawMessage, bool) {
	obj, err := jsontext.ParseObject(a.item)
	if err != nil {
		return nil, false
	}
	obj.Set("arguments", jsontext.Quote(a.streamedArgs()))
	obj.Set("status", json.RawMessage(`"completed"`))
	return obj.Marshal(), true
}

// settledOutput mends the output list of a response.completed for D74: the empty names of its
// function_call items, and the calls settle made that it lacks (see the rule above); changed is
// false when the list stays.
func (s *Stream) settledOutput(items []json.RawMessage) ([]json.RawMessage, bool) {
	changed := false
	has := map[*announced]bool{}
	for i, it := range items {
		if fixed, ok := s.agreed(it); ok {
			items[i], changed = fixed, true
		}
		if fixed, ok := s.named(items[i], false); ok {
			items[i], changed = fixed, true
		}
		var it wireItem
		if json.Unmarshal(items[i], &it) == nil && it.Type == "function_call" {
			has[s.announcement(&it)] = true
		}
	}
	var missing []*announced
	for _, a := range s.calls {
		if a.settled != nil && !has[a] {
			missing = append(missing, a)
		}
	}
	if len(missing) == 0 {
		return items, changed
	}
	if len(items) == 0 {
		return s.doneItems(), true
	}
	sort.Slice(missing, func(i, j int) bool { return missing[i].index < missing[j].index })
	for _, a := range missing {
		at := len(items)
		if a.index >= 0 && a.index < at {
			at = a.index
		}
		items = append(items[:at], append([]json.RawMessage{a.settled}, items[at:]...)...)
	}
	return items, true
}

// doneItems is every item of the output_item.done events seen, in output_index order.
func (s *Stream) doneItems() []json.RawMessage {
	idx := make([]int, 0, len(s.done))
	for i := range s.done {
		idx = append(idx, i)
	}
	sort.Ints(idx)
	items := make([]json.RawMessage, len(idx))
	for k, i := range idx {
		items[k] = s.done[i]
	}
	return items
}

// agreed returns a function_call item of response.completed's output given the name and
// arguments of the call's output_item.done (the one that came, as the client got it, or the one
// settle made) where the two disagree; changed is false when the item stays. The SDKs and Codex
// build the call from the done, a client that reads the final output builds it from there, and a
// relay that writes the final output afresh may lose what the stream said (arguments "" or none
// beside a done that carried {"command":"ls"}: router-for-me/CLIProxyAPI #1004's relay), which D19
// would then make {}. The final item takes the done's arguments when its own are empty, or when
// they differ as a JSON value and the done's fit the tool's schema (a final item that fits where
// the done does not is left to the rules: the final state may be the whole one); a name that
// differs takes the done's. Only for a declared tool (D57), and never arguments the stream did
// not carry (evidence: the done's arguments as they came, or the streamed ones of a done settle
// made; a done whose {} D19 made from none is no evidence).
func (s *Stream) agreed(item json.RawMessage) (json.RawMessage, bool) {
	var it wireItem
	if json.Unmarshal(item, &it) != nil || it.Type != "function_call" {
		return item, false
	}
	a := s.announcement(&it)
	if a == nil {
		return item, false
	}
	sent, evidence := a.sent, a.sentArgs
	if sent == nil {
		sent, evidence = a.settled, a.streamedArgs()
	}
	var st wireItem
	if sent == nil || json.Unmarshal(sent, &st) != nil || st.Type != "function_call" || !s.tools.Has(st.Name) {
		return item, false
	}
	obj, err := jsontext.ParseObject(item)
	if err != nil {
		return item, false
	}
	changed := false
	if st.Name != "" && it.Name != st.Name {
		obj.Set("name", jsontext.Quote(st.Name))
		changed = true
	}
	args, want := "", ""
	if it.Arguments != nil {
		args = *it.Arguments
	}
	if st.Arguments != nil {
		want = *st.Arguments
	}
	if args != want && !sameJSON(args, want) && strings.TrimSpace(evidence) != "" &&
		(strings.TrimSpace(args) == "" || s.tools.Fits(st.Name, []byte(want))) {
		obj.Set("arguments", jsontext.Quote(want))
		changed = true
	}
	if !changed {
		return item, false
	}
	s.rep.CallRepair(&a.rec, st.Name, "shape")
	return obj.Marshal(), true
}

// emptyArguments reports whether a function_call item's arguments are none: absent, null, or a
// text of white space alone.
func emptyArguments(item json.RawMessage) bool {
	var it wireItem
	return json.Unmarshal(item, &it) == nil && (it.Arguments == nil || strings.TrimSpace(*it.Arguments) == "")
}

// sameJSON reports whether two arguments texts are one JSON value written two ways.
func sameJSON(a, b string) bool {
	var x, y any
	return json.Unmarshal([]byte(a), &x) == nil && json.Unmarshal([]byte(b), &y) == nil && reflect.DeepEqual(x, y)
}
