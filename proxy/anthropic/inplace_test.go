package anthropic

import (
	"bytes"
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"github.com/toolfix/toolfix/proxy/cases"
	"github.com/toolfix/toolfix/proxy/jsontext"
	"github.com/toolfix/toolfix/proxy/markup"
	"github.com/toolfix/toolfix/proxy/repair"
	"github.com/toolfix/toolfix/proxy/sse/ssetest"
)

// decoderIsToolUse is isToolUse as it was (cf584ef), reading the raw block.
func decoderIsToolUse(raw json.RawMessage) bool {
	var b struct {
		Type string `json:"type"`
	}
	return json.Unmarshal(raw, &b) == nil && b.Type == "tool_use"
}

// decoderRepairMessage is repairMessage as it was before whole answers were split in place and
// written through pieces (cf584ef): every level copied by jsontext.ParseObject and
// json.Unmarshal, written again by Marshal around a change. It is the oracle of
// FuzzWholeMessageInPlace and is not to change with repairMessage, but for the rule they share
// (endsTurn: one place for which stop_reason a message with tool_use blocks gets rewritten from).
func decoderRepairMessage(tools *repair.Tools, body []byte, rep *repair.Reporter) ([]byte, bool) {
	msg, err := jsontext.ParseObject(body)
	if err != nil || string(msg.Get("type")) != `"message"` {
		return nil, false
	}
	var blocks []json.RawMessage
	if err := json.Unmarshal(msg.Get("content"), &blocks); err != nil {
		return nil, false
	}
	changed := false
	var out []json.RawMessage
	hasTool := false
	calls := 0 // tool_use blocks of the message: the real ones, and those made from leaked text
	var made []repair.MadeCall
	for _, raw := range blocks {
		if decoderIsToolUse(raw) {
			calls++
			var b struct {
				Name  string          `json:"name"`
				Input json.RawMessage `json:"input"`
			}
			_ = json.Unmarshal(raw, &b)
			made = append(made, repair.MadeCall{Name: b.Name, Input: b.Input})
		}
	}
	for i, raw := range blocks {
		blk, err := jsontext.ParseObject(raw)
		if err != nil {
			out = append(out, raw)
			continue
		}
		switch string(blk.Get("type")) {
		case `"tool_use"`:
			hasTool = true
			var name string
			_ = json.Unmarshal(blk.Get("name"), &name)
			in := blk.Get("input")
			if tools.Has(name) && len(in) > 0 && !tools.Fits(name, in) {
				if fixed, kinds, ok := tools.RepairInput(name, in, repair.Options{}); ok {
					blk.Set("input", fixed)
					raw = blk.Marshal()
					changed = true
					rep.Repair(name, kinds...)
				} else {
					rep.Fail("tool input does not fit its schema and no repair makes it fit")
				}
			}
			out = append(out, raw)
		case `"text"`:
			var text string
			if json.Unmarshal(blk.Get("text"), &text) != nil {
				out = append(out, raw)
				continue
			}
			// A leaked call in a message cut off by max_tokens is never completed (docs/faults.md D46:
			// anthropics/claude-code #1236; anthropics/anthropic-sdk-python #794).
			// as json.go: only declared calls make a tail, and after an undeclared one a later opener
			// may begin a tail of its own (markup.FindDeclared)
			if l, ok := markup.FindDeclared(text, Syntaxes, tools.Declares); ok && len(l.Calls) > 0 && !cutOff(msg.Get("stop_reason")) {
				keep, leaked := text[:l.Start], l.Calls
				s := &Stream{tools: tools, rep: rep, calls: calls}
				if inputs, ok := s.callInputs(leaked); ok {
					// as json.go since the leaked-call change: the text before the markup's line stays as it came
					if strings.TrimRight(keep, " \t\r\n") != "" {
						blk.Set("text", jsontext.Quote(keep))
						out = append(out, blk.Marshal())
					}
					for j, c := range leaked {
						rep.Repair(c.Name, "leaked_call")
						if repair.Copies(made, c.Name, inputs[j]) {
							continue // as json.go since the copy guard: a copy of a made call adds none
						}
						calls++
						tb := jsontext.Object{{Key: "type", Value: json.RawMessage(`"tool_use"`)}, {Key: "id", Value: jsontext.Quote(repair.NewID("toolu_"))}, {Key: "name", Value: jsontext.Quote(c.Name)}, {Key: "input", Value: inputs[j]}}
						out = append(out, tb.Marshal())
					}
					hasTool, changed = true, true
					continue
				}
			}
			if i+1 < len(blocks) && decoderIsToolUse(blocks[i+1]) {
				if keep, _, ok := markup.TrailingWord(text); ok {
					rep.Repair("", "orphan_prefix")
					changed = true
					if strings.TrimRight(keep, " \t\r\n") != "" { // as json.go since the stray-word change: the text before its line stays as it came
						blk.Set("text", jsontext.Quote(keep))
						out = append(out, blk.Marshal())
					}
					continue
				}
			}
			out = append(out, raw)
		default:
			out = append(out, raw)
		}
	}
	if hasTool {
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
	content := []byte{'['}
	for i, b := range out {
		if i > 0 {
			content = append(content, ',')
		}
		content = append(content, b...)
	}
	content = append(content, ']')
	msg.Set("content", content)
	return msg.Marshal(), true
}

// newIDs matches the ids toolfix makes for leaked calls, which differ from run to run.
var newIDs = regexp.MustCompile(`toolu_[0-9A-Za-z]{24}`)

// FuzzWholeMessageInPlace: repairMessage gives the bytes and reports the kinds the decoder-based
// version gave, over the cases' answers, the same answers indented, and random ones.
func FuzzWholeMessageInPlace(f *testing.F) {
	for _, c := range cases.ForTest(f, "anthropic") {
		f.Add(c.Request, c.Upstream)
		var ind bytes.Buffer
		if json.Indent(&ind, c.Upstream, "", " ") == nil {
			f.Add(c.Request, ind.Bytes())
		}
	}
	f.Add([]byte(bashTools), []byte(`{"type":"message","content":[{"type":"text","text":"ok\ncourt"},{"type":"tool_use","id":"t","name":"TodoWrite","input":{"todos":"[{\"content\":\"a\"}]"}}],"stop_reason":"end_turn"}`))
	f.Add([]byte(bashTools), []byte(`{ "type" : "message" , "content" : [ {"type":"tool_use","id":"t","name":"TodoWrite","input": { "todos" : " [ {\"content\" : \"a\"} ] " } } ] , "stop_reason":null } ]`))
	f.Fuzz(func(t *testing.T, request, body []byte) {
		tools, _ := repair.ToolsFromAnthropic(request)
		got, ok, kinds := ssetest.RepairKinds(func(rep *repair.Reporter) ([]byte, bool) { return repairMessage(tools, body, rep) })
		want, wantOK, wantKinds := ssetest.RepairKinds(func(rep *repair.Reporter) ([]byte, bool) { return decoderRepairMessage(tools, body, rep) })
		got, want = newIDs.ReplaceAll(got, []byte("toolu_ID")), newIDs.ReplaceAll(want, []byte("toolu_ID"))
		if ok != wantOK || !bytes.Equal(got, want) || strings.Join(kinds, ",") != strings.Join(wantKinds, ",") {
			t.Fatalf("repairMessage(%q) = %q, %v, %v; before: %q, %v, %v", body, got, ok, kinds, want, wantOK, wantKinds)
		}
	})
}
