package openai

import (
	"bytes"
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"github.com/toolfix/toolfix/proxy/cases"
	"github.com/toolfix/toolfix/proxy/jsontext"
	"github.com/toolfix/toolfix/proxy/repair"
	"github.com/toolfix/toolfix/proxy/sse/ssetest"
)

// decoderRepairCompletion, decoderRepairChoice and decoderRepairToolCall are repairCompletion,
// repairChoice and repairToolCall as they were before whole answers were split in place and
// written through pieces (cf584ef): every level copied by jsontext.ParseObject and
// json.Unmarshal, written again by Marshal around a change. They are the oracle of
// FuzzWholeCompletionInPlace and are not to change with those, but for the rules they share
// with them (answerArguments, finishWithCalls: one place for what a call's arguments and the
// finish_reason become), so that the oracle holds how an answer is read and written.
func decoderRepairCompletion(tools *repair.Tools, body []byte, rep *repair.Reporter, opt Options) ([]byte, bool) {
	obj, err := jsontext.ParseObject(body)
	if err != nil {
		return nil, false
	}
	list, ok := rawList(obj.Get("choices"))
	if !ok {
		return nil, false
	}
	fixed := false
	for i, raw := range list {
		ch, err := jsontext.ParseObject(raw)
		if err != nil {
			continue
		}
		if decoderRepairChoice(tools, &ch, rep, opt) {
			list[i] = ch.Marshal()
			fixed = true
		}
	}
	if !fixed {
		return nil, false
	}
	obj.Set("choices", jsontext.Array(list))
	return obj.Marshal(), true
}
func decoderRepairChoice(tools *repair.Tools, ch *jsontext.Object, rep *repair.Reporter, opt Options) bool {
	msg, err := jsontext.ParseObject(ch.Get("message"))
	if err != nil {
		return false
	}
	changed := false
	var finish string
	_ = json.Unmarshal(ch.Get("finish_reason"), &finish)
	var calls []sentCall
	var tcs []json.RawMessage
	if raw := msg.Get("tool_calls"); raw != nil && string(raw) != "null" {
		var ok bool
		if tcs, ok = rawList(raw); !ok {
			return false
		}
		for i, raw := range tcs {
			fixed, sc, ok := decoderRepairToolCall(tools, raw, cutOff(finish), rep)
			if ok {
				tcs[i] = fixed
				changed = true
			}
			calls = append(calls, sc)
		}
	}
	var content string
	if json.Unmarshal(msg.Get("content"), &content) == nil && leakOK(finish) {
		if keep, added, ok := leakedContent(tools, content, calls, rep, opt); ok {
			msg.Set("content", jsontext.Quote(keep))
			tcs = append(tcs, added...)
			changed = true
		}
	}
	if len(tcs) > 0 {
		msg.Set("tool_calls", jsontext.Array(tcs))
		if finishWithCalls(finish, calls) {
			ch.Set("finish_reason", json.RawMessage(`"tool_calls"`))
			rep.Repair("", "finish_reason")
			changed = true
		}
	}
	if changed {
		ch.Set("message", msg.Marshal())
	}
	return changed
}
func decoderRepairToolCall(tools *repair.Tools, raw json.RawMessage, cut bool, rep *repair.Reporter) (json.RawMessage, sentCall, bool) {
	o, err := jsontext.ParseObject(raw)
	if err != nil {
		return nil, sentCall{}, false
	}
	fn, err := jsontext.ParseObject(o.Get("function"))
	if err != nil {
		return nil, sentCall{}, false
	}
	var name string
	_ = json.Unmarshal(fn.Get("name"), &name)
	args, obj, ok := argText(fn.Get("arguments"))
	sc := sentCall{name: name, args: args}
	if !ok {
		return nil, sc, false
	}
	var kinds []string
	args, kinds, sc.unfit = answerArguments(tools, name, args, obj, cut, rep)
	sc.args = args
	if len(kinds) > 0 {
		fn.Set("arguments", jsontext.Quote(string(args)))
		o.Set("function", fn.Marshal())
	}
	var id string
	_ = json.Unmarshal(o.Get("id"), &id)
	if id == "" {
		o.Set("id", jsontext.Quote(repair.NewID("call_")))
		kinds = append(kinds, "shape")
	}
	if len(kinds) == 0 {
		return nil, sc, false
	}
	rep.Repair(name, kinds...)
	return o.Marshal(), sc, true
}

// newCallIDs matches the ids toolfix makes for calls, which differ from run to run.
var newCallIDs = regexp.MustCompile(`call_[0-9A-Za-z]{24}`)

// FuzzWholeCompletionInPlace: repairCompletion gives the bytes and reports the kinds the
// decoder-based version gave, over the cases' answers, the same answers indented, and random ones.
func FuzzWholeCompletionInPlace(f *testing.F) {
	for _, c := range cases.ForTest(f, "openai") {
		f.Add(c.Request, c.Upstream, false)
		var ind bytes.Buffer
		if json.Indent(&ind, c.Upstream, "", " ") == nil {
			f.Add(c.Request, ind.Bytes(), false)
		}
	}
	f.Add([]byte(tools), []byte(completion(`{"role":"assistant","content":"工具 read\nfile_path=\"a\"\n"}`, "stop")), true)
	f.Fuzz(func(t *testing.T, request, body []byte, bridge bool) {
		opt := Options{}
		if bridge {
			opt.TextFormat = FormatGongju
		}
		tl, _ := repair.ToolsFromChat(request)
		got, ok, kinds := ssetest.RepairKinds(func(rep *repair.Reporter) ([]byte, bool) { return repairCompletion(tl, body, rep, opt) })
		want, wantOK, wantKinds := ssetest.RepairKinds(func(rep *repair.Reporter) ([]byte, bool) { return decoderRepairCompletion(tl, body, rep, opt) })
		got, want = newCallIDs.ReplaceAll(got, []byte("call_ID")), newCallIDs.ReplaceAll(want, []byte("call_ID"))
		if ok != wantOK || !bytes.Equal(got, want) || strings.Join(kinds, ",") != strings.Join(wantKinds, ",") {
			t.Fatalf("repairCompletion(%q) = %q, %v, %v; before: %q, %v, %v", body, got, ok, kinds, want, wantOK, wantKinds)
		}
	})
}
