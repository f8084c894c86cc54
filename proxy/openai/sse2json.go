package openai

import (
	"bytes"
	"encoding/json"
	"sort"
	"strings"

	"github.com/toolfix/toolfix/proxy/jsontext"
	"github.com/toolfix/toolfix/proxy/repair"
	"github.com/toolfix/toolfix/proxy/sse"
)

// accChoice is one choice accumulated from chunks.
type accChoice struct {
	content    *bytes.Buffer
	reasoning  *bytes.Buffer
	calls      []*accCall
	byIndex    map[int]*accCall
	finish     json.RawMessage
	argsObject bool
	last       *accCall                           // the call a delta without index goes on with
	head       *headHold[*accCall, *wireToolCall] // deltas held until the next of their index tells whose they are (D70)
}

type accCall struct {
	index    int
	id, name string
	args     []byte
	cum      repair.Chain // the evidence for cumulative arguments (D71)
}

// completionFromSSE builds the chat.completion object a non-streamed request asked for from a
// streamed body (docs/faults.md D55: decolua/9router #3492): the first chunk's id, created, model and
// system_fingerprint, each choice's content, reasoning_content and tool calls joined from their
// deltas, its finish_reason, and the last usage. A stream that carries an error object gives that
// object. ok is false when the body holds no chunk.
//
// The calls are told apart as the stream repair tells them apart: a call that begins on the index
// of another goes by an index of its own (beginsAnother, D70), and the arguments of a call whose
// every delta resent them whole are its last text, when the concatenation does not fit the
// tool's schema (tools) and that text fits it or can be repaired to (D71).
func completionFromSSE(body []byte, tools *repair.Tools) ([]byte, bool) {
	var head jsontext.Object
	var usage json.RawMessage
	choices := map[int]*accChoice{}
	seen := false
	for _, ev := range sse.Each(body, 0) {
		if ev.Oversize {
			return nil, false
		}
		_, d, ok := sse.ObjectData(ev.Raw)
		if !ok {
			continue
		}
		obj, err := jsontext.ParseObject(d)
		if err != nil {
			continue
		}
		if obj.Get("error") != nil && obj.Get("choices") == nil {
			return bytes.Clone(d), true
		}
		var ch wireChunk
		if obj.Get("choices") == nil || json.Unmarshal(d, &ch) != nil {
			continue
		}
		if !seen {
			head, seen = obj, true
		}
		if u := obj.Get("usage"); u != nil && string(u) != "null" {
			usage = u
		}
		for i := range ch.Choices.list {
			wc := &ch.Choices.list[i]
			ac := choices[choiceIndex(wc)]
			if ac == nil {
				ac = &accChoice{byIndex: map[int]*accCall{}}
				choices[choiceIndex(wc)] = ac
			}
			ac.take(wc)
		}
	}
	if !seen {
		return nil, false
	}
	out := jsontext.Object{}
	if v := head.Get("id"); v != nil {
		out.Set("id", v)
	}
	out.Set("object", json.RawMessage(`"chat.completion"`))
	for _, k := range []string{"created", "model", "system_fingerprint"} {
		if v := head.Get(k); v != nil {
			out.Set(k, v)
		}
	}
	idx := make([]int, 0, len(choices))
	for i := range choices {
		idx = append(idx, i)
	}
	sort.Ints(idx)
	var list []json.RawMessage
	for _, i := range idx {
		list = append(list, choices[i].message(i, tools))
	}
	out.Set("choices", jsontext.Array(list))
	if usage != nil {
		out.Set("usage", usage)
	}
	return out.Marshal(), true
}

// take adds one chunk's choice.
func (ac *accChoice) take(wc *wireChoice) {
	if wc.FinishReason != nil {
		ac.finish = jsontext.Quote(*wc.FinishReason)
	}
	if wc.Delta == nil {
		return
	}
	if wc.Delta.Content != nil {
		if ac.content == nil {
			ac.content = &bytes.Buffer{}
		}
		ac.content.WriteString(*wc.Delta.Content)
	}
	if r := wc.Delta.Reasoning; r != nil {
		if ac.reasoning == nil {
			ac.reasoning = &bytes.Buffer{}
		}
		ac.reasoning.WriteString(*r)
	}
	ac.last = nil
	if n := len(ac.calls); n > 0 {
		ac.last = ac.calls[n-1]
	}
	if ac.head != nil && (len(wc.Delta.ToolCalls) == 0 || wc.Delta.Content != nil || wc.Delta.Reasoning != nil) {
		ac.endHead(false)
	}
	for k := range wc.Delta.ToolCalls {
		ac.call(&wc.Delta.ToolCalls[k])
	}
	if ac.head != nil && wc.FinishReason != nil {
		ac.endHead(false)
	}
}

// call adds one tool-call delta, told apart from the call on its index as the stream repair
// tells it (BeginsAnother, HeadDecides: a delta that may begin another call waits for the next
// of its index).
func (ac *accChoice) call(tc *wireToolCall) {
	if h := ac.head; h != nil {
		keep, another := h.step(tc, h.cl.id, h.cl.name)
		if keep {
			h.add(tc, fnName(tc))
			return
		}
		if to := ac.endHead(another); to != h.cl {
			ac.add(tc, to)
			return
		}
	}
	var cl *accCall
	switch {
	case tc.Index != nil:
		cl = ac.byIndex[*tc.Index]
		if cl == nil {
			break
		}
		switch BeginsAnother(cl.id, cl.name, cl.args, true, strOf(tc.ID), fnName(tc), deltaText(tc)) {
		case Maybe:
			ac.head = &headHold[*accCall, *wireToolCall]{cl: cl, wire: *tc.Index, id: strOf(tc.ID)}
			ac.head.add(tc, fnName(tc))
			return
		case Another:
			cl = ac.another(*tc.Index)
		}
	case ac.last != nil && (strOf(tc.ID) == "" || strOf(tc.ID) == ac.last.id):
		cl = ac.last
	}
	ac.add(tc, cl)
}

// endHead adds the held head's deltas to another call on their index, when another is set, or
// to the call before them, and returns the call they went to.
func (ac *accChoice) endHead(another bool) *accCall {
	h := ac.head
	ac.head = nil
	return h.end(another, ac.another, func(tc *wireToolCall, to *accCall) { ac.add(tc, to) })
}

// another starts a call that began on the upstream index wire of another (D70): it goes by an
// index after every call's.
func (ac *accChoice) another(wire int) *accCall {
	i := wire
	for _, c := range ac.calls {
		i = max(i, c.index+1)
	}
	cl := &accCall{index: i}
	ac.calls = append(ac.calls, cl)
	ac.byIndex[wire] = cl
	return cl
}

// add adds a tool-call delta to call cl, or to a new call when cl is nil.
func (ac *accChoice) add(tc *wireToolCall, cl *accCall) {
	if cl == nil {
		i := len(ac.calls)
		if tc.Index != nil {
			i = *tc.Index
		}
		cl = &accCall{index: i}
		ac.calls = append(ac.calls, cl)
		ac.byIndex[i] = cl
	}
	if id := strOf(tc.ID); id != "" && cl.id == "" {
		cl.id = id
	}
	if n := fnName(tc); n != "" && cl.name == "" {
		cl.name = n
	}
	if tc.Function != nil {
		text, obj, _ := argText(tc.Function.Arguments)
		if obj {
			cl.cum.Break()
		}
		cl.cum.Next(cl.args, text)
		cl.args = append(cl.args, text...)
	}
	ac.last = cl
}

// message renders the accumulated choice as a chat.completion choice.
func (ac *accChoice) message(index int, tools *repair.Tools) json.RawMessage {
	if ac.head != nil {
		ac.endHead(false)
	}
	msg := jsontext.Object{{Key: "role", Value: json.RawMessage(`"assistant"`)}}
	if ac.content != nil {
		msg.Set("content", jsontext.Quote(ac.content.String()))
	} else {
		msg.Set("content", json.RawMessage("null"))
	}
	if ac.reasoning != nil {
		msg.Set("reasoning_content", jsontext.Quote(ac.reasoning.String()))
	}
	if len(ac.calls) > 0 {
		var tcs []json.RawMessage
		for _, cl := range ac.calls {
			args := cl.args
			if last, ok := cl.cum.Last(cl.args); ok && tools.Has(cl.name) && !tools.Fits(cl.name, args) {
				cut := ac.finish != nil && cutOff(strings.Trim(string(ac.finish), `"`)) && !json.Valid(last)
				if _, _, ok := lastFits(tools, cl.name, last, cut); ok {
					args = last // repairCompletion repairs it where it needs a repair
				}
			}
			tcs = append(tcs, toolCallJSON(cl.id, cl.name, args))
		}
		msg.Set("tool_calls", jsontext.Array(tcs))
	}
	finish := ac.finish
	if finish == nil {
		finish = json.RawMessage("null")
	}
	ch := jsontext.Object{
		{Key: "index", Value: jsontext.FormatInt(index)},
		{Key: "message", Value: msg.Marshal()},
		{Key: "finish_reason", Value: finish},
	}
	return ch.Marshal()
}
