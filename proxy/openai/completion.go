package openai

import (
	"bytes"
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
// the body as it came). Members it does not change keep their order and spelling. A call of a
// tool the request does not declare is reported to rep (repair.Reporter.NotDeclared). The body is
// checked as JSON once, and each level of it split in place without a copy or a second check.
func RepairCompletion(tools *repair.Tools, body []byte, rep *repair.Reporter, opt Options) ([]byte, bool) {
	if opt.TextFormat != FormatGongju {
		opt.TextFormat = ""
	}
	fromSSE := func(b []byte) ([]byte, bool) { return completionFromSSE(b, tools) }
	return sse.RepairOne(body, fromSSE, func(b []byte) ([]byte, bool) { return repairCompletion(tools, b, rep, opt) }, rep, "chat.completion")
}

// repairCompletion repairs a body that is one chat.completion object (see RepairCompletion).
func repairCompletion(tools *repair.Tools, body []byte, rep *repair.Reporter, opt Options) ([]byte, bool) {
	obj, err := jsontext.ParseObjectInPlace(body)
	if err != nil {
		return nil, false
	}
	list, objs, err := jsontext.SplitArrayObjects(obj.Get("choices")) // checked whole with obj; each choice split in the same walk
	if err != nil {
		return nil, false
	}
	fixed := false
	choices := make([]jsontext.Piece, len(list)) // written once, into the answer
	for i, raw := range list {
		choices[i] = jsontext.RawPiece(raw)
		ch := objs[i]
		if ch == nil {
			continue // no object (or {}, in which repairChoice finds no message)
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
	msg, err := jsontext.SplitObject(ch.Get("message"))
	if err != nil {
		return false
	}
	changed := false
	finish, _ := jsontext.CheckedString(ch.Get("finish_reason"))
	var calls []sentCall
	var tcs []jsontext.Piece
	if raw := msg.Get("tool_calls"); raw != nil && string(raw) != "null" {
		list, err := jsontext.SplitArray(raw)
		if err != nil {
			return false
		}
		calls, tcs = make([]sentCall, 0, len(list)), make([]jsontext.Piece, 0, len(list)+1) // +1: a leaked call may follow
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
	lit := msg.Get("content")
	if opt.TextFormat != FormatGongju {
		if call, _ := markup.MayHold(lit, tools.Names()); !call {
			lit = nil // it names no declared tool, so it holds no leaked call: not decoded
		}
	}
	if content, ok := jsontext.CheckedString(lit); ok && lit != nil && leakOK(finish) {
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
		if finishWithCalls(finish, calls) {
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
	if name, lit, ok := compactCall(raw); ok && tools.Has(name) {
		// The common healthy call, read in place: what the general reading below gives it when its
		// arguments fit as they came (no split of the entry or its function, no kinds, no id made).
		if args, err := jsontext.UnquoteBytes(lit); err == nil && tools.Fits(name, args) {
			return jsontext.Piece{}, sentCall{name: name, args: args}, false
		}
	}
	o, err := jsontext.SplitObject(raw) // an item of a body checked whole
	if err != nil {
		return jsontext.Piece{}, sentCall{}, false
	}
	fn, err := jsontext.SplitObject(o.Get("function"))
	if err != nil {
		return jsontext.Piece{}, sentCall{}, false
	}
	name, _ := jsontext.CheckedString(fn.Get("name"))
	if !tools.Has(name) {
		rep.NotDeclared(name)
	}
	args, obj, ok := argText(fn.Get("arguments"))
	sc := sentCall{name: name, args: args}
	if !ok {
		return jsontext.Piece{}, sc, false
	}
	var kinds []string
	args, kinds, sc.unfit = answerArguments(tools, name, args, obj, cut, rep)
	sc.args = args
	if len(kinds) > 0 {
		fn.SetPiece("arguments", jsontext.QuotePiece(args))
		o.SetPiece("function", jsontext.ObjectPiece(fn))
	}
	if id := o.Get("id"); len(id) <= 2 || id[0] != '"' { // the id CheckedString reads as "" (none, null, "", not a string), without reading it
		o.Set("id", jsontext.Quote(repair.NewID("call_")))
		kinds = append(kinds, "shape")
	}
	if len(kinds) == 0 {
		return jsontext.Piece{}, sc, false
	}
	rep.Repair(name, kinds...)
	return jsontext.ObjectPiece(o), sc, true
}

var (
	compactCallHead   = []byte(`{"id":"`)
	compactCallMiddle = []byte(`","type":"function","function":{"name":"`)
	compactCallArgs   = []byte(`","arguments":`)
)

// compactCall reads a tool_calls entry of a body checked whole when it has the compact form the
// APIs write, {"id":"…","type":"function","function":{"name":"…","arguments":"…"}}, with an id
// that is not empty and an id and a name of printable ASCII with no escape: its name, and its
// arguments' string literal (quotes included). ok is false for any other entry, which the
// general reading takes. FuzzCompactCall holds it to that reading.
func compactCall(raw []byte) (name string, lit []byte, ok bool) {
	rest, ok := bytes.CutPrefix(raw, compactCallHead)
	if !ok {
		return "", nil, false
	}
	id, rest, ok := plainASCII(rest)
	if !ok || len(id) == 0 {
		return "", nil, false
	}
	if rest, ok = bytes.CutPrefix(rest, compactCallMiddle); !ok {
		return "", nil, false
	}
	nm, rest, ok := plainASCII(rest)
	if !ok {
		return "", nil, false
	}
	if rest, ok = bytes.CutPrefix(rest, compactCallArgs); !ok || !bytes.HasSuffix(rest, []byte(`}}`)) {
		return "", nil, false
	}
	lit = rest[:len(rest)-2]
	if stringEnd(lit) != len(lit) {
		return "", nil, false // the literal is not all of the value up to the entry's end
	}
	return string(nm), lit, true
}

// plainASCII reads the inside of a string literal whose opening quote is before b when it is
// printable ASCII with no backslash, up to its closing quote; rest starts at that quote.
func plainASCII(b []byte) (inner, rest []byte, ok bool) {
	for i, c := range b {
		switch {
		case c == '"':
			return b[:i], b[i:], true
		case c == '\\' || c < 0x20 || c >= 0x7f:
			return nil, nil, false
		}
	}
	return nil, nil, false
}

// stringEnd returns the length of the JSON string literal at the start of b (quotes included),
// or -1 when b does not start with one that closes.
func stringEnd(b []byte) int {
	if len(b) == 0 || b[0] != '"' {
		return -1
	}
	for i := 1; i < len(b); i++ {
		switch b[i] {
		case '\\':
			i++
		case '"':
			return i + 1
		}
	}
	return -1
}

// answerArguments is the rule for one tool call's arguments text in a whole answer, whatever
// reads and writes the answer: args as the client gets them, the repair kinds ("args_object"
// when obj, the arguments came as an object: D20), and unfit when the call's tool is offered and
// its arguments fit its schema neither as they came nor repaired (reported as a fail-open). With
// cut a call whose arguments are not one whole JSON value may be truncated, and its
// argument-text repairs are off (repairArguments).
func answerArguments(tools *repair.Tools, name string, args []byte, obj, cut bool, rep *repair.Reporter) (fixed []byte, kinds []string, unfit bool) {
	cut = cut && !json.Valid(args)
	if obj {
		kinds = append(kinds, "args_object")
	}
	if tools.Has(name) && !tools.Fits(name, args) {
		f, k, ok := repairArguments(tools, name, args, cut)
		if !ok {
			rep.Fail(repair.NotFit)
			return args, kinds, true
		}
		args, kinds = f, append(kinds, k...)
	}
	return args, kinds, false
}

// finishWithCalls reports whether a choice that finished for reason with the tool calls calls
// gets finish_reason "tool_calls": it said the turn ended (EndsTurn), and no call fits nothing
// (sentCall.unfit).
func finishWithCalls(reason string, calls []sentCall) bool {
	return EndsTurn(reason) && !slices.ContainsFunc(calls, func(c sentCall) bool { return c.unfit })
}

// EndsTurn reports whether a finish_reason says the turn ended without naming tool calls, so
// that a choice with tool calls gets "tool_calls": "stop"
// (docs/faults.md D34: anomalyco/opencode #14972, #20719), or the Anthropic words "end_turn" and
// "tool_use" that a translator left in a Chat reply (BerriAI/litellm #12481). "length",
// "content_filter" and any other word are not: a cut-off or filtered turn keeps its reason.
func EndsTurn(reason string) bool {
	return reason == "stop" || reason == "end_turn" || reason == "tool_use"
}

// leakedContent finds leaked calls at the tail of a message's content (the rules of the stream's
// leakedTail). keep is the content without them; added are the tool_calls entries to append: the
// leaked calls that copy none of the message's structured calls (newLeaked).
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
		in, err := tools.LeakedInput(cl.Name, repair.MarkupParams(cl.Params), cl.JSON, cl.Bare)
		if err != nil {
			rep.Fail("leaked call does not fit the request's tools")
			return "", nil, false
		}
		inputs[i] = in
	}
	keep = content[:start]
	fresh := newLeaked(leaked, inputs, func(name string, input []byte) bool { return copiesOf(calls, name, input) })
	if len(calls) > 0 && len(fresh) > 0 {
		if err := tools.AllowsCalls(len(calls) + len(fresh)); err != nil {
			rep.Fail("leaked calls more than the request allows")
			return "", nil, false
		}
	}
	for _, i := range fresh {
		added = append(added, toolCallJSON(repair.NewID("call_"), leaked[i].Name, inputs[i]))
	}
	for _, cl := range leaked {
		rep.Repair(cl.Name, "leaked_call")
	}
	return keep, added, true
}

// newLeaked returns the indexes of the leaked calls (their inputs built) that copies says no
// call already made copies, in order. A server that parsed one call and leaked the next as text
// (waybarrios/vllm-mlx PR #55: the first call parsed, the second left in content) made both, so
// the second is added; markup that repeats a structured call is only cut, never a second call;
// a leaked call that repeats one before it in the same markup is kept, as the model wrote it.
func newLeaked(leaked []markup.Call, inputs [][]byte, copies func(name string, input []byte) bool) []int {
	var fresh []int
	for i, cl := range leaked {
		if !copies(cl.Name, inputs[i]) {
			fresh = append(fresh, i)
		}
	}
	return fresh
}

// copiesOf reports whether one of calls has this name and these arguments (repair.Copies).
func copiesOf(calls []sentCall, name string, input []byte) bool {
	made := make([]repair.MadeCall, len(calls))
	for i, c := range calls {
		made[i] = repair.MadeCall{Name: c.name, Input: c.args}
	}
	return repair.Copies(made, name, input)
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
