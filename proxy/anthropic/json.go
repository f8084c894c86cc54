package anthropic

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"

	"github.com/toolfix/toolfix/proxy/jsontext"
	"github.com/toolfix/toolfix/proxy/markup"
	"github.com/toolfix/toolfix/proxy/repair"
	"github.com/toolfix/toolfix/proxy/sse"
)

// RepairMessage applies the stream rules to a non-streamed Messages response body (a JSON object
// of type "message"): tool inputs repaired by schema, leaked calls at the tail of a text block
// turned into tool_use blocks (unless stop_reason says the message was cut off), an orphan stray-word line before a tool_use dropped, and
// stop_reason set to tool_use when tool_use blocks are present and every offered tool's input fits (the law, docs/repairs.md). It returns the new body and true,
// or nil and false when nothing was repaired (the caller sends the body as it came). Members it
// does not change keep their order and spelling. A tool_use block of a tool the request does
// not declare is reported to rep (repair.Reporter.NotDeclared) and left as it is. The body is
// checked as JSON once, and each level of it split in place without a copy or a second check.
//
// A body that is an SSE stream, or a JSON object followed by "data: [DONE]" (docs/faults.md D55:
// decolua/9router #3492), first becomes the Messages object a non-streamed request asks for (see
// messageFromSSE); a stream that cannot be read so passes as it came.
func RepairMessage(tools *repair.Tools, body []byte, rep *repair.Reporter) ([]byte, bool) {
	return sse.RepairOne(body, messageFromSSE, func(b []byte) ([]byte, bool) { return repairMessage(tools, b, rep) }, rep, "message")
}

// repairMessage applies the rules to a body that is one JSON object (see RepairMessage).
func repairMessage(tools *repair.Tools, body []byte, rep *repair.Reporter) ([]byte, bool) {
	msg, err := jsontext.ParseObjectInPlace(body)
	if err != nil || string(msg.Get("type")) != `"message"` {
		return nil, false
	}
	blocks, objs, err := jsontext.SplitArrayObjects(msg.Get("content")) // checked whole with msg; each block split once, nil when not an object
	if err != nil && !errors.Is(err, jsontext.ErrNotArray) {
		return nil, false
	}
	changed := false
	// out is the content written once, into the answer: nil while every block so far goes as it
	// came (a healthy answer's), made by own when the first one changes or at the end.
	var out []jsontext.Piece
	own := func(upTo int) {
		if out == nil {
			out = make([]jsontext.Piece, 0, len(blocks)+1)
			for _, b := range blocks[:upTo] {
				out = append(out, jsontext.RawPiece(b))
			}
		}
	}
	asCame := func(raw json.RawMessage) {
		if out != nil {
			out = append(out, jsontext.RawPiece(raw))
		}
	}
	hasTool := false
	unfit := 0                           // tool_use blocks of offered tools whose input fits nothing: no stop_reason announces them
	calls := 0                           // tool_use blocks of the message: the real ones, and those made from leaked text
	names := tools.Names()               // what markup.MayHold looks for: the names tools.Declares counts
	toolUse := make([]bool, len(blocks)) // isToolUse of each block
	var made []repair.MadeCall           // the tool_use blocks' calls, which a leaked call may copy
	for i := range blocks {
		if toolUse[i] = isToolUse(objs[i]); toolUse[i] {
			calls++
			name, _ := jsontext.CheckedString(objs[i].Get("name"))
			made = append(made, repair.MadeCall{Name: name, Input: objs[i].Get("input")})
		}
	}
	for i, raw := range blocks {
		blk := objs[i]
		if blk == nil {
			asCame(raw)
			continue
		}
		switch string(blk.Get("type")) {
		case `"tool_use"`:
			hasTool = true
			name, _ := jsontext.CheckedString(blk.Get("name"))
			if !tools.Has(name) {
				rep.NotDeclared(name)
			}
			in := blk.Get("input")
			if tools.Has(name) && len(in) > 0 && !tools.Fits(name, in) {
				if fixed, kinds, ok := tools.RepairInput(name, in, repair.Options{}); ok {
					blk.Set("input", fixed)
					own(i)
					out = append(out, jsontext.ObjectPiece(blk))
					changed = true
					rep.Repair(name, kinds...)
					continue
				}
				rep.Fail(repair.NotFit)
				unfit++
			}
			asCame(raw)
		case `"text"`:
			lit := blk.Get("text")
			trail := i+1 < len(blocks) && toolUse[i+1]
			if call, word := markup.MayHold(lit, names); !call && (!trail || !word) {
				asCame(raw) // it names no declared tool, nor ends in a stray word: as it came, undecoded
				continue
			}
			text, ok := jsontext.CheckedString(lit)
			if !ok {
				asCame(raw)
				continue
			}
			// A leaked call in a message cut off by max_tokens is never completed (docs/faults.md D46:
			// anthropics/claude-code #1236; anthropics/anthropic-sdk-python #794).
			if l, ok := markup.FindDeclared(text, Syntaxes, tools.Declares); ok && len(l.Calls) > 0 && !cutOff(msg.Get("stop_reason")) {
				keep, leaked := text[:l.Start], l.Calls
				s := &Stream{tools: tools, rep: rep, calls: calls}
				if inputs, ok := s.callInputs(leaked); ok {
					own(i)
					if !markup.Blank(keep) { // blanks alone: the block goes
						blk.Set("text", jsontext.Quote(keep))
						out = append(out, jsontext.ObjectPiece(blk))
					}
					for j, c := range leaked {
						rep.Repair(c.Name, "leaked_call")
						if repair.Copies(made, c.Name, inputs[j]) {
							continue // the message makes this call already: its text copy goes, no second call
						}
						calls++
						tb := jsontext.Object{{Key: "type", Value: json.RawMessage(`"tool_use"`)}, {Key: "id", Value: jsontext.Quote(repair.NewID("toolu_"))}, {Key: "name", Value: jsontext.Quote(c.Name)}, {Key: "input", Value: inputs[j]}}
						out = append(out, jsontext.ObjectPiece(tb))
					}
					hasTool, changed = true, true
					continue
				}
			}
			if trail {
				if keep, _, ok := markup.TrailingWord(text); ok {
					rep.Repair("", "orphan_prefix")
					changed = true
					own(i)
					if !markup.Blank(keep) { // blanks alone: the block goes
						blk.Set("text", jsontext.Quote(keep))
						out = append(out, jsontext.ObjectPiece(blk))
					}
					continue
				}
			}
			asCame(raw)
		default:
			asCame(raw)
		}
	}
	if hasTool && unfit == 0 {
		sr := string(bytes.TrimSpace(msg.Get("stop_reason")))
		if endsTurn(sr) {
			msg.Set("stop_reason", json.RawMessage(`"tool_use"`))
			rep.Repair("", "stop_reason")
			changed = true
		}
	}
	if !changed {
		return nil, false
	}
	own(len(blocks))
	msg.SetPiece("content", jsontext.ListPiece(out))
	return msg.Marshal(), true
}

// isToolUse reports whether the block blk (nil: not an object) is a tool_use block as
// json.Unmarshal into a struct with a Type field reads it: the last member whose key is "type" in
// any case, null leaving it unset, any other value than a string making it none.
func isToolUse(blk jsontext.Object) bool {
	is, ok := false, blk != nil
	for _, m := range blk {
		if !strings.EqualFold(m.Key, "type") || string(m.Value) == "null" {
			continue
		}
		if v := m.Value; len(v) >= 2 && v[0] == '"' && v[len(v)-1] == '"' && bytes.IndexByte(v[1:len(v)-1], '\\') < 0 {
			is = string(v) == `"tool_use"` // a literal without escapes is its text (or not, but then tool_use neither)
			continue
		}
		s, err := jsontext.Unquote(m.Value)
		ok = ok && err == nil
		is = s == "tool_use"
	}
	return ok && is
}
