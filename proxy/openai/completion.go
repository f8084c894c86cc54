package openai

import (
	"encoding/json"
	"slices"

	"github.com/toolfix/toolfix/proxy/jsontext"
	"github.com/toolfix/toolfix/proxy/markup"
	"github.com/toolfix/toolfix/proxy/repair"
	"github.com/toolfix/toolfix/proxy/sse"
)

// RepairCompletion applies the stream rules to a non-streamed Chat Completions body (a
// chat.completion object) on every choices[].message: tool-call arguments repaired by schema
// (args_object, args, coerce, escape), a missing call id filled, a leaked call at the tail of
// content turned into tool_calls, and finish_reason "stop" made "tool_calls" when the message has
// tool calls. A body that is an SSE stream, or a JSON object followed by "data: [DONE]" (docs/faults.md
// D55: decolua/9router #3492), first becomes the chat.completion object the request asked for.
//
// It returns the new body and true, or nil and false when nothing was repaired (the caller sends
// the body as it came). Members it does not change keep their order and spelling.
func RepairCompletion(tools *repair.Tools, body []byte, rep *repair.Reporter, opt Options) ([]byte, bool) {
	if opt.TextFormat != FormatGongju {
		opt.TextFormat = ""
	}
	return sse.RepairOne(body, completionFromSSE, func(b []byte) ([]byte, bool) { return repairCompletion(tools, b, rep, opt) }, rep, "chat.completion")
}

// repairCompletion repairs a body that is one chat.completion object (see RepairCompletion).
func repairCompletion(tools *repair.Tools, body []byte, rep *repair.Reporter, opt Options) ([]byte, bool) {
	obj, err := jsontext.ParseObjectInPlace(body)
	if err != nil {
		return nil, false
	}
	list, err := jsontext.ParseArrayInPlace(obj.Get("choices"))
	if err != nil {
		return nil, false
	}
	fixed := false
	choices := make([]jsontext.Piece, len(list)) // written once, into the answer
	for i, raw := range list {
		choices[i] = jsontext.RawPiece(raw)
		ch, err := jsontext.ParseObjectInPlace(raw)
		if err != nil {
			continue
		}
		if repairChoice(tools, &ch, rep, opt) {
			choices[i] = jsontext.ObjectPiece(ch)
			fixed = true
		}
	}
	if !fixed {
		return nil, false
	}
	obj.SetPiece("choices", jsontext.ListPiece(choices))
	return obj.Marshal(), true
}

// sentCall is a tool call of a message as the client gets it.
type sentCall struct {
	name  string
	args  []byte
	unfit bool // the call's tool is offered and its arguments fit its schema neither as they came nor repaired
}

// repairChoice repairs one choice of a chat.completion in place; false when nothing changed.
func repairChoice(tools *repair.Tools, ch *jsontext.Object, rep *repair.Reporter, opt Options) bool {
	msg, err := jsontext.ParseObjectInPlace(ch.Get("message"))
	if err != nil {
		return false
	}
	changed := false
	var finish string
	_ = json.Unmarshal(ch.Get("finish_reason"), &finish)
	var calls []sentCall
	var tcs []jsontext.Piece
	if raw := msg.Get("tool_calls"); raw != nil && string(raw) != "null" {
		list, err := jsontext.ParseArrayInPlace(raw)
		if err != nil {
			return false
		}
		for _, raw := range list {
			fixed, sc, ok := repairToolCall(tools, raw, cutOff(finish), rep)
			if !ok {
				fixed = jsontext.RawPiece(raw)
			}
			tcs = append(tcs, fixed)
			changed = changed || ok
			calls = append(calls, sc)
		}
	}
	var content string
	if json.Unmarshal(msg.Get("content"), &content) == nil && leakOK(finish) {
		if keep, added, ok := leakedContent(tools, content, calls, rep, opt); ok {
			msg.Set("content", jsontext.Quote(keep))
			for _, a := range added {
				tcs = append(tcs, jsontext.RawPiece(a))
			}
			changed = true
		}
	}
	if len(tcs) > 0 {
		msg.SetPiece("tool_calls", jsontext.ListPiece(tcs))
		if finish == "stop" && !slices.ContainsFunc(calls, func(c sentCall) bool { return c.unfit }) {
			ch.Set("finish_reason", json.RawMessage(`"tool_calls"`))
			rep.Repair("", "finish_reason")
			changed = true
		}
	}
	if changed {
		ch.SetPiece("message", jsontext.ObjectPiece(msg))
	}
	return changed
}

// repairToolCall repairs one tool_calls entry of a message; ok is false when it stays as it is.
// sc is the call as the client gets it. With cut (the choice was cut off, see cutOff), a call
// whose arguments are not one whole JSON value may be truncated, and its argument-text repairs
// are off (docs/faults.md D46: never completed); the stream's cutCall follows the same rule.
func repairToolCall(tools *repair.Tools, raw json.RawMessage, cut bool, rep *repair.Reporter) (jsontext.Piece, sentCall, bool) {
	o, err := jsontext.ParseObjectInPlace(raw)
	if err != nil {
		return jsontext.Piece{}, sentCall{}, false
	}
	fn, err := jsontext.ParseObjectInPlace(o.Get("function"))
	if err != nil {
		return jsontext.Piece{}, sentCall{}, false
	}
	var name string
	_ = json.Unmarshal(fn.Get("name"), &name)
	args, obj, ok := argText(fn.Get("arguments"))
	sc := sentCall{name: name, args: args}
	if !ok {
		return jsontext.Piece{}, sc, false
	}
	cut = cut && !json.Valid(args)
	var kinds []string
	if obj {
		kinds = append(kinds, "args_object")
	}
	if tools.Has(name) && !tools.Fits(name, args) {
		if fixed, k, ok := repairArguments(tools, name, args, cut); ok {
			args = fixed
			kinds = append(kinds, k...)
		} else {
			rep.Fail(repair.NotFit)
			sc.unfit = true
		}
	}
	sc.args = args
	if len(kinds) > 0 {
		fn.SetPiece("arguments", jsontext.QuotePiece(args))
		o.SetPiece("function", jsontext.ObjectPiece(fn))
	}
	var id string
	_ = json.Unmarshal(o.Get("id"), &id)
	if id == "" {
		o.Set("id", jsontext.Quote(repair.NewID("call_")))
		kinds = append(kinds, "shape")
	}
	if len(kinds) == 0 {
		return jsontext.Piece{}, sc, false
	}
	rep.Repair(name, kinds...)
	return jsontext.ObjectPiece(o), sc, true
}

// leakedContent finds leaked calls at the tail of a message's content (the rules of the stream's
// leakedTail). keep is the content without them; added are the tool_calls entries to append,
// none when the leaked calls only copy the message's structured calls.
func leakedContent(tools *repair.Tools, content string, calls []sentCall, rep *repair.Reporter, opt Options) (keep string, added []json.RawMessage, ok bool) {
	start, leaked, found := 0, []markup.Call(nil), false
	if l, ok := markup.FindDeclared(content, Syntaxes, tools.Declares); ok {
		start, leaked, found = l.Start, l.Calls, true
	} else if opt.TextFormat == FormatGongju {
		var h bridgeHolder
		start, leaked, found = h.Tail(content)
	}
	if !found || len(leaked) == 0 {
		return "", nil, false
	}
	if err := tools.AllowsCalls(len(leaked)); err != nil {
		rep.Fail("leaked calls more than the request allows")
		return "", nil, false
	}
	inputs := make([][]byte, len(leaked))
	for i, cl := range leaked {
		in, err := tools.LeakedInput(cl.Name, toParams(cl.Params), cl.JSON, cl.Bare)
		if err != nil {
			rep.Fail("leaked call does not fit the request's tools")
			return "", nil, false
		}
		inputs[i] = in
	}
	keep = content[:start]
	if len(calls) > 0 {
		for i, cl := range leaked {
			if !copiesOf(calls, cl.Name, inputs[i]) {
				rep.Fail("leaked call beside structured calls it does not copy")
				return "", nil, false
			}
		}
	} else {
		for i, cl := range leaked {
			added = append(added, toolCallJSON(repair.NewID("call_"), cl.Name, inputs[i]))
		}
	}
	for _, cl := range leaked {
		rep.Repair(cl.Name, "leaked_call")
	}
	return keep, added, true
}

func copiesOf(calls []sentCall, name string, input []byte) bool {
	var want any
	if json.Unmarshal(input, &want) != nil {
		return false
	}
	for _, c := range calls {
		var got any
		if c.name == name && json.Unmarshal(c.args, &got) == nil && jsonEqual(want, got) {
			return true
		}
	}
	return false
}

// toolCallJSON is one tool_calls entry of a message.
func toolCallJSON(id, name string, args []byte) json.RawMessage {
	b := []byte(`{"id":`)
	b = jsontext.AppendQuote(b, id)
	b = append(b, `,"type":"function","function":{"name":`...)
	b = jsontext.AppendQuote(b, name)
	b = append(b, `,"arguments":`...)
	b = jsontext.AppendQuote(b, string(args))
	return append(b, `}}`...)
}
