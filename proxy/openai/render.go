package openai

import (
	"cmp"
	"encoding/json"
	"io"
	"math"
	"slices"
	"strconv"

	"github.com/toolfix/toolfix/proxy/jsontext"
	"github.com/toolfix/toolfix/proxy/sse"
)

// edit is what the rules decided to change in one chunk. The chunk is rewritten only when it goes
// out, from its raw data, so that every decision about it can still be made while it is held.
type edit struct {
	emptyChoices bool               // "choices": null becomes []
	content      *string            // the choice's content becomes this
	drop         map[int]bool       // tool_calls deltas removed, by position
	patch        map[int]*callPatch // tool_calls deltas mended in place, by position
	finish       string             // finish_reason becomes this ("" leaves it)
	synth        []synthCall        // calls sent after the chunk, each as a first delta and its arguments
}

// callPatch mends one tool-call delta in place: index set, id set, type added, arguments made a
// string.
type callPatch struct {
	index *int
	id    string
	typ   bool // "type":"function" is added
	args  *string
}

// synthCall is a call sent the standard way: a first delta with index, id, type, name and empty
// arguments, then one delta with the arguments (none when they are empty).
type synthCall struct {
	index    int
	id, name string
	args     []byte
	slot     int  // 1 + the position in the chunk's tool_calls of the delta it replaces; 0: after them all
	argsOnly bool // the call's first delta went out already: only its arguments delta is sent
}

func (p *piece) edit() *edit {
	if p.ed == nil {
		p.ed = &edit{}
	}
	return p.ed
}

// render writes p: as it came, or rewritten by its edit. A chunk that cannot be rewritten (it
// never happens to a chunk the dialect read) goes out as it came.
func (s *Stream) render(w io.Writer, p *piece) error {
	if p.ed == nil {
		_, err := w.Write(p.raw)
		return err
	}
	frames, ok := p.ed.frames(p)
	if !ok {
		s.rep.Fail("rewriting a chunk")
		_, err := w.Write(p.raw)
		return err
	}
	for _, f := range frames {
		if _, err := w.Write(f); err != nil {
			return err
		}
	}
	return nil
}

// frames rewrites chunk p. When calls are sent after it and it carries a finish_reason, the finish
// moves to a chunk of its own after them, so that every call comes before the finish.
func (ed *edit) frames(p *piece) ([][]byte, bool) {
	obj, err := jsontext.ParseObject(p.data)
	if err != nil {
		return nil, false
	}
	if ed.emptyChoices {
		obj.Set("choices", json.RawMessage("[]"))
	}
	choiceEdits := ed.content != nil || ed.drop != nil || ed.patch != nil || ed.finish != "" || ed.synth != nil
	if !choiceEdits {
		return [][]byte{ReplaceData(p.raw, obj.Marshal())}, true
	}
	list, ok := rawList(obj.Get("choices"))
	if !ok || len(list) != 1 || p.c == nil {
		return nil, false
	}
	ch, err := jsontext.ParseObject(list[0])
	if err != nil {
		return nil, false
	}
	delta := jsontext.Object{}
	if d := ch.Get("delta"); d != nil && string(d) != "null" {
		if delta, err = jsontext.ParseObject(d); err != nil {
			return nil, false
		}
	}
	deltaEdited := false
	if ed.content != nil {
		delta.Set("content", jsontext.Quote(*ed.content))
		deltaEdited = true
	}
	// Deltas kept after the first call sent in place of one of the chunk's deltas go out after
	// that call, so that the calls keep their order.
	split := math.MaxInt
	for _, sc := range ed.synth {
		if sc.slot > 0 {
			split = min(split, sc.slot-1)
		}
	}
	var later []keptDelta
	if ed.drop != nil || ed.patch != nil {
		if delta, later, ok = ed.toolCalls(delta, split); !ok {
			return nil, false
		}
		deltaEdited = true
	}
	if deltaEdited {
		ch.Set("delta", delta.Marshal())
	}
	finish := ch.Get("finish_reason")
	if ed.finish != "" {
		finish = jsontext.Quote(ed.finish)
	}
	hasFinish := finish != nil && string(finish) != "null"
	eol := sse.LineEnding(p.raw)
	var out [][]byte
	mainGoes := !deltaEdited || !emptyDelta(delta) || hasUsage(obj)
	if len(ed.synth) == 0 {
		if ed.finish != "" {
			ch.Set("finish_reason", finish)
		}
		mainGoes = mainGoes || hasFinish
	} else if hasFinish {
		ch.Set("finish_reason", json.RawMessage("null"))
		mainGoes = !emptyDelta(delta) || hasUsage(obj)
	}
	// A chunk that names the role, or carries the choice's logprobs, always goes: the first delta
	// a client gets must keep role (docs/faults.md D61: openai/openai-node ChatCompletionStream's
	// finalChatCompletion throws "missing role for choice 0" without it), and the calls sent
	// after it carry neither.
	mainGoes = mainGoes || keepsChunk(delta, ch)
	if mainGoes {
		obj.Set("choices", jsontext.Array([]json.RawMessage{ch.Marshal()}))
		out = append(out, ReplaceData(p.raw, obj.Marshal()))
	}
	env := without(obj, "usage")
	idx := p.c.index
	synth := slices.Clone(ed.synth)
	slices.SortStableFunc(synth, func(a, b synthCall) int { return cmp.Compare(slotOrder(a.slot), slotOrder(b.slot)) })
	for i, sc := range synth {
		if !sc.argsOnly {
			out = append(out, dataFrame(eol, chunkWith(env, idx, callHeader(sc), "null")))
		}
		if len(sc.args) > 0 {
			out = append(out, dataFrame(eol, chunkWith(env, idx, callArgs(sc), "null")))
		}
		// the kept deltas between this call and the next
		end := math.MaxInt
		if i+1 < len(synth) {
			end = slotOrder(synth[i+1].slot) - 1
		}
		var between []json.RawMessage
		for len(later) > 0 && later[0].pos < end {
			between = append(between, later[0].raw)
			later = later[1:]
		}
		if between != nil {
			out = append(out, dataFrame(eol, chunkWith(env, idx, `{"tool_calls":`+string(jsontext.Array(between))+`}`, "null")))
		}
	}
	if len(ed.synth) > 0 && hasFinish {
		out = append(out, dataFrame(eol, chunkWith(env, idx, `{}`, string(finish))))
	}
	return out, true
}

// keptDelta is a tool-call delta kept in a rewritten chunk, at position pos of its tool_calls.
type keptDelta struct {
	pos int
	raw json.RawMessage
}

// slotOrder orders a synthCall's slot: 0 (after every delta) last.
func slotOrder(slot int) int {
	if slot == 0 {
		return math.MaxInt
	}
	return slot
}

// toolCalls applies the drops and patches to the delta's tool_calls; a list left empty is
// removed. The kept deltas at positions split and after are left out of the delta and returned
// as later, in order.
func (ed *edit) toolCalls(delta jsontext.Object, split int) (jsontext.Object, []keptDelta, bool) {
	list, ok := rawList(delta.Get("tool_calls"))
	if !ok {
		return nil, nil, false
	}
	var kept []json.RawMessage
	var later []keptDelta
	for pos, tc := range list {
		if ed.drop[pos] {
			continue
		}
		if cp := ed.patch[pos]; cp != nil {
			o, err := jsontext.ParseObject(tc)
			if err != nil {
				return nil, nil, false
			}
			if cp.index != nil {
				o = append(jsontext.Object{{Key: "index", Value: jsontext.FormatInt(*cp.index)}}, without(o, "index")...)
			}
			if cp.id != "" {
				o.Set("id", jsontext.Quote(cp.id))
			}
			if cp.typ {
				o.Set("type", json.RawMessage(`"function"`))
			}
			if cp.args != nil {
				fn, err := jsontext.ParseObject(o.Get("function"))
				if err != nil {
					return nil, nil, false
				}
				fn.Set("arguments", jsontext.Quote(*cp.args))
				o.Set("function", fn.Marshal())
			}
			tc = o.Marshal()
		}
		if pos >= split {
			later = append(later, keptDelta{pos: pos, raw: tc})
			continue
		}
		kept = append(kept, tc)
	}
	if len(kept) == 0 {
		return without(delta, "tool_calls"), later, true
	}
	delta.Set("tool_calls", jsontext.Array(kept))
	return delta, later, true
}

// emptyDelta reports whether a delta says nothing a client keeps: no members but a role, an empty
// or null content and null reasoning.
func emptyDelta(d jsontext.Object) bool {
	for _, m := range d {
		switch m.Key {
		case "role":
		case "content", "reasoning_content", "reasoning", "refusal":
			if v := string(m.Value); v != `""` && v != "null" {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// keepsChunk reports whether a rewritten chunk must go even when its delta says nothing else: its
// delta names the role, or its choice carries logprobs (D61).
func keepsChunk(delta, choice jsontext.Object) bool {
	for _, v := range []json.RawMessage{delta.Get("role"), choice.Get("logprobs")} {
		if v != nil && string(v) != "null" {
			return true
		}
	}
	return false
}

func hasUsage(o jsontext.Object) bool {
	u := o.Get("usage")
	return u != nil && string(u) != "null"
}

// chunkWith builds a chunk from the envelope env (the chunk's other members) with one choice.
func chunkWith(env jsontext.Object, index int, delta, finish string) []byte {
	ch := []byte(`[{"index":`)
	ch = strconv.AppendInt(ch, int64(index), 10)
	ch = append(ch, `,"delta":`...)
	ch = append(ch, delta...)
	ch = append(ch, `,"finish_reason":`...)
	ch = append(ch, finish...)
	ch = append(ch, `}]`...)
	o := append(jsontext.Object(nil), env...)
	o.Set("choices", ch)
	return o.Marshal()
}

func callHeader(sc synthCall) string {
	b := []byte(`{"tool_calls":[{"index":`)
	b = strconv.AppendInt(b, int64(sc.index), 10)
	b = append(b, `,"id":`...)
	b = jsontext.AppendQuote(b, sc.id)
	b = append(b, `,"type":"function","function":{"name":`...)
	b = jsontext.AppendQuote(b, sc.name)
	b = append(b, `,"arguments":""}}]}`...)
	return string(b)
}

func callArgs(sc synthCall) string {
	b := []byte(`{"tool_calls":[{"index":`)
	b = strconv.AppendInt(b, int64(sc.index), 10)
	b = append(b, `,"function":{"arguments":`...)
	b = jsontext.AppendQuote(b, string(sc.args))
	b = append(b, `}}]}`...)
	return string(b)
}
