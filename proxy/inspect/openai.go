package inspect

import (
	"cmp"
	"encoding/json"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strings"

	"github.com/toolfix/toolfix/proxy/client"
	"github.com/toolfix/toolfix/proxy/openai"
	"github.com/toolfix/toolfix/proxy/repair"
	"github.com/toolfix/toolfix/proxy/responses"
)

// chatCall is one tool call of a Chat Completions answer as the upstream sent it.
type chatCall struct {
	name, args string
	object     bool // arguments came as a JSON object, not a string (D20)

	// the stream's structure: the id the call began with, whether its first delta lacked "type"
	// before it was named (D72), and the chain of its arguments deltas (D71, repair.Chain)
	id      string
	untyped bool
	cum     repair.Chain
}

// chatHead is a delta that may begin another call on the index i of call cl, or end cl (D70),
// with the deltas after it that did not tell yet (openai.HeadDecides).
type chatHead struct {
	i      int
	cl     *chatCall
	name   string
	deltas []*chatToolCall
	where  string
}

// newChatCall is the call tool-call delta tc begins.
func newChatCall(tc *chatToolCall) *chatCall {
	return &chatCall{id: tc.ID, untyped: tc.Type == nil || *tc.Type == ""}
}

// chatFaults finds the faults of a Chat Completions stream: frames that are no chunk, error frames,
// tool-call deltas out of shape, arguments sent as objects or needing repair, leaked calls in the
// content, and a finish_reason that hides the calls.
func chatFaults(f *faultList, events []Event, tools *repair.Tools) {
	calls := map[int]*chatCall{}
	finish := ""
	var content strings.Builder
	// a delta that may begin another call on the index of one (D70) waits for the next of its
	// index, as in the stream repair (openai.BeginsAnother, openai.HeadDecides)
	var head *chatHead
	add := func(cl *chatCall, tc *chatToolCall, where string) {
		name := tc.Function.Name
		if cl.untyped && name != "" {
			f.add("D72", "shape", where, `a call's first delta without "type":"function"`)
			cl.untyped = false
		}
		if cl.name == "" || name != cl.name {
			cl.name += name
		}
		before := cl.args
		addArgs(cl, tc.Function.Arguments)
		cl.cum.Next([]byte(before), []byte(cl.args[len(before):]))
	}
	another := func(where string, tc *chatToolCall) *chatCall {
		f.add("D70", "shape", where, "a call begins on the index of another, with its own id "+clip(tc.ID, 40)+": the SDKs glue the two together")
		cl := newChatCall(tc)
		calls[slices.Max(slices.Collect(maps.Keys(calls)))+1] = cl // a call of its own, after the others
		return cl
	}
	endHead := func(begins bool) *chatCall {
		h := head
		head = nil
		to := h.cl
		if begins {
			to = another(h.where, h.deltas[0])
		}
		for _, tc := range h.deltas {
			add(to, tc, h.where)
		}
		return to
	}
	for _, ev := range events {
		where := fmt.Sprintf("event %d", ev.N)
		if !ev.HasData || strings.TrimSpace(ev.Data) == "[DONE]" {
			continue
		}
		if !ev.Object {
			f.add("D48", "junk_frame", where, "data is not a JSON object: "+clip(ev.Data, 60))
			continue
		}
		var c struct {
			Choices json.RawMessage `json:"choices"`
			Error   json.RawMessage `json:"error"`
		}
		_ = json.Unmarshal([]byte(ev.Data), &c)
		switch {
		case c.Error != nil:
			f.add("D56", "", where, "error frame: "+clip(string(c.Error), 60))
			continue
		case c.Choices == nil:
			f.add("D47", "junk_frame", where, "an object without choices: "+clip(ev.Data, 60))
			continue
		case string(c.Choices) == "null":
			f.add("D36", "shape", where, "choices: null")
			continue
		}
		var choices []struct {
			Delta        chatDelta `json:"delta"`
			FinishReason *string   `json:"finish_reason"`
		}
		_ = json.Unmarshal(c.Choices, &choices)
		for _, ch := range choices {
			if ch.Delta.Content != nil {
				content.WriteString(*ch.Delta.Content)
			}
			if head != nil && (len(ch.Delta.ToolCalls) == 0 || ch.Delta.Content != nil) {
				endHead(false)
			}
			for k := range ch.Delta.ToolCalls {
				tc := &ch.Delta.ToolCalls[k]
				i := k
				if tc.Index == nil {
					f.add("D31", "shape", where, "a tool-call delta without an index")
				} else {
					i = *tc.Index
				}
				if h := head; h != nil {
					if i != h.i {
						endHead(false)
					} else {
						decided, another := openai.HeadDecides(h.cl.id, h.cl.name, h.deltas[0].ID, h.name, tc.ID, tc.Function.Name, tc.text())
						if !decided && len(h.deltas) < 8 {
							h.deltas = append(h.deltas, tc)
							h.name = cmp.Or(h.name, tc.Function.Name)
							continue
						}
						if cl := endHead(decided && another); cl != h.cl {
							add(cl, tc, where)
							continue
						}
					}
				}
				cl := calls[i]
				if cl != nil {
					switch openai.BeginsAnother(cl.id, cl.name, []byte(cl.args), true, tc.ID, tc.Function.Name, tc.text()) {
					case openai.Maybe:
						head = &chatHead{i: i, cl: cl, name: tc.Function.Name, deltas: []*chatToolCall{tc}, where: where}
						continue
					case openai.Another:
						cl = another(where, tc)
					}
				}
				if cl == nil {
					cl = newChatCall(tc)
					calls[i] = cl
				}
				add(cl, tc, where)
			}
			if ch.FinishReason != nil {
				if head != nil {
					endHead(false)
				}
				finish = *ch.FinishReason
			}
		}
	}
	if head != nil {
		endHead(false)
	}
	chatMessageFaults(f, content.String(), calls, finish, tools)
}

// cumulative reports whether the call's arguments were resent whole in every delta (D71): an
// unbroken chain of two texts or more whose concatenation is no JSON and whose last text is.
func (cl *chatCall) cumulative() bool {
	last, ok := cl.cum.Last([]byte(cl.args))
	return ok && !json.Valid([]byte(cl.args)) && json.Valid(last)
}

// last is the call's last arguments text of its chain (D71), "" when there is none.
func (cl *chatCall) last() string {
	last, _ := cl.cum.Last([]byte(cl.args))
	return string(last)
}

// addArgs appends an arguments delta: a JSON string's text, or an object's JSON (D20).
func addArgs(cl *chatCall, raw json.RawMessage) {
	var s string
	switch t := strings.TrimSpace(string(raw)); {
	case t == "" || t == "null":
	case json.Unmarshal(raw, &s) == nil:
		cl.args += s
	default:
		cl.object = true
		cl.args += t
	}
}

// chatJSONFaults reads a non-streamed chat.completion.
func chatJSONFaults(f *faultList, body []byte, tools *repair.Tools) {
	var m struct {
		Choices []struct {
			Message struct {
				Content   *string `json:"content"`
				ToolCalls []struct {
					Function struct {
						Name      string          `json:"name"`
						Arguments json.RawMessage `json:"arguments"`
					} `json:"function"`
				} `json:"tool_calls"`
			} `json:"message"`
			FinishReason string `json:"finish_reason"`
		} `json:"choices"`
	}
	if json.Unmarshal(body, &m) != nil || len(m.Choices) == 0 {
		return
	}
	ch := m.Choices[0]
	calls := map[int]*chatCall{}
	for i, tc := range ch.Message.ToolCalls {
		cl := &chatCall{name: tc.Function.Name}
		addArgs(cl, tc.Function.Arguments)
		calls[i] = cl
	}
	content := ""
	if ch.Message.Content != nil {
		content = *ch.Message.Content
	}
	chatMessageFaults(f, content, calls, ch.FinishReason, tools)
}

// chatMessageFaults checks an accumulated chat message: leaked calls in its content, each call's
// arguments, and its finish_reason.
func chatMessageFaults(f *faultList, content string, calls map[int]*chatCall, finish string, tools *repair.Tools) {
	if content != "" {
		textFaults(f, "content", content, tools)
	}
	for _, i := range slices.Sorted(maps.Keys(calls)) {
		cl := calls[i]
		where := fmt.Sprintf("tool call %d (%s)", i, cl.name)
		if cl.object {
			f.add("D20", "args_object", where, "arguments sent as an object, not a JSON string")
		}
		if cl.cumulative() {
			f.add("D71", "shape", where, "every arguments delta resends the whole arguments so far: the client's concatenation is no JSON")
			callFaults(f, where, cl.name, cl.last(), tools, repair.Options{Args: true})
			continue
		}
		callFaults(f, where, cl.name, cl.args, tools, repair.Options{Args: true}) // D68 too
	}
	if openai.EndsTurn(finish) && len(calls) > 0 {
		f.add("D34", "finish_reason", "message", "finish_reason "+finish+" although tool calls came: the client will not run them")
	}
}

// responsesFaults finds the faults of a Responses stream: frames that are no event, function calls
// whose arguments need repair, and a response.completed that lost its output.
func responsesFaults(f *faultList, events []Event, tools *repair.Tools) {
	calls := map[string]*announcedCall{} // function_call item id -> its announcement (D74)
	for _, ev := range events {
		where := fmt.Sprintf("event %d", ev.N)
		switch {
		case !ev.HasData || strings.TrimSpace(ev.Data) == "[DONE]":
			continue
		case !ev.Object:
			f.add("D48", "junk_frame", where, "data is not a JSON object: "+clip(ev.Data, 60))
			continue
		case ev.Type == "":
			f.add("D47", "junk_frame", where, "an object without a type: "+clip(ev.Data, 60))
			continue
		}
		var e struct {
			Item     *client.ResponsesItem `json:"item"`
			ItemID   string                `json:"item_id"`
			Response struct {
				Output json.RawMessage `json:"output"`
			} `json:"response"`
		}
		_ = json.Unmarshal([]byte(ev.Data), &e)
		var id struct {
			Item struct {
				ID string `json:"id"`
			} `json:"item"`
		}
		_ = json.Unmarshal([]byte(ev.Data), &id)
		switch ev.Type {
		case "response.output_item.added":
			if e.Item != nil && e.Item.Type == "function_call" && id.Item.ID != "" {
				calls[id.Item.ID] = &announcedCall{name: e.Item.Name}
			}
		case "response.function_call_arguments.delta", "response.function_call_arguments.done":
			if c := calls[e.ItemID]; c != nil {
				c.argued = true
			}
		case "response.output_item.done":
			if e.Item != nil {
				if c := calls[id.Item.ID]; c != nil && e.Item.Type == "function_call" {
					c.done, c.doneName, c.doneArgs = true, e.Item.Name, e.Item.Arguments
					if e.Item.Name == "" && c.name != "" {
						f.add("D74", "shape", where, fmt.Sprintf("the done of function_call %s has name \"\" where output_item.added named it: clients take the name from the done", c.name))
						e.Item.Name = c.name // its arguments are judged as the announced tool's, as toolfix does
					}
				}
				itemFaults(f, where, e.Item, tools)
			}
		case "response.completed":
			if e.Response.Output == nil || string(e.Response.Output) == "null" {
				f.add("D44", "shape", where, "response.completed carries no output")
			}
			finalDisagrees(f, where, e.Response.Output, calls)
			for _, c := range calls {
				if c.argued && !c.done {
					f.add("D74", "shape", where, fmt.Sprintf("function_call %s announced and argued but never done before response.completed: clients build calls from the dones and drop it", c.name))
				}
			}
		}
	}
}

// announcedCall is what responsesFaults follows of a function_call announced by
// response.output_item.added: its name, and whether arguments and its done came.
type announcedCall struct {
	name               string
	argued, done       bool
	doneName, doneArgs string // what the done said
}

// finalDisagrees finds the function_call items of response.completed's output that say another
// call than their done did (D74): another name, no arguments where the done had some, or other
// arguments as a JSON value. A client that reads the final output gets that call, the SDKs the
// done's.
func finalDisagrees(f *faultList, where string, output json.RawMessage, calls map[string]*announcedCall) {
	var items []struct {
		Type      string  `json:"type"`
		ID        string  `json:"id"`
		Name      string  `json:"name"`
		Arguments *string `json:"arguments"`
	}
	if json.Unmarshal(output, &items) != nil {
		return
	}
	for _, it := range items {
		c := calls[it.ID]
		if it.Type != "function_call" || c == nil || !c.done || strings.TrimSpace(c.doneArgs) == "" {
			continue
		}
		args := ""
		if it.Arguments != nil {
			args = *it.Arguments
		}
		var x, y any
		same := args == c.doneArgs || json.Unmarshal([]byte(args), &x) == nil && json.Unmarshal([]byte(c.doneArgs), &y) == nil && reflect.DeepEqual(x, y)
		if !same || it.Name != "" && c.doneName != "" && it.Name != c.doneName {
			f.add("D74", "shape", where, fmt.Sprintf("response.completed's output carries function_call %s with another name or arguments (%s) than its done: a client that reads the final output gets another call", c.doneName, clip(args, 40)))
		}
	}
}

// itemFaults checks one Responses output item: a function call's arguments, a message's last
// output_text for a leaked call at its tail (D60).
func itemFaults(f *faultList, where string, it *client.ResponsesItem, tools *repair.Tools) {
	switch it.Type {
	case "function_call":
		callFaults(f, fmt.Sprintf("%s: function_call %s", where, it.Name), it.Name, it.Arguments, tools, repair.Options{Args: true})
	case "message":
		if n := len(it.Content); n > 0 && it.Content[n-1].Type == "output_text" {
			leakFaults(f, where+": output_text", it.Content[n-1].Text, tools, responses.Syntaxes, "D60")
		}
	}
}

// responsesJSONFaults reads a non-streamed Responses body: its output items.
func responsesJSONFaults(f *faultList, body []byte, tools *repair.Tools) {
	var r struct {
		Output []client.ResponsesItem `json:"output"`
	}
	if json.Unmarshal(body, &r) != nil {
		return
	}
	for i := range r.Output {
		itemFaults(f, fmt.Sprintf("output item %d", i), &r.Output[i], tools)
	}
}
