package client

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/toolfix/toolfix/proxy/sse"
)

// OrderItem is what one SSE event tells a client about one lane of a stream: a strand whose bytes
// a client assembles in the order they come. Lanes are named "CHOICE/CALL" for a Chat tool call
// ("0/1": choice 0, call index 1), "CHOICE/content" for a choice's content and reasoning, and
// for an Anthropic content block "block/ID" (a tool_use block) or "block/N/content" (see
// AnthropicOrderFrames). Open marks the event that opens a call or block (a
// Chat call's first delta when it carries id and name, an Anthropic content_block_start); Stop marks content_block_stop;
// Text is the text the event adds (arguments, partial_json, text).
type OrderItem struct {
	Lane string
	Open bool
	Stop bool
	Text string
}

// substantive reports whether the item tells the client anything: it opens or ends its lane, or
// adds text.
func (it OrderItem) substantive() bool { return it.Open || it.Stop || it.Text != "" }

// scope is the part of the lane's name before its "/": the choice of a Chat lane, "block" for an
// Anthropic one.
func (it OrderItem) scope() string { s, _, _ := strings.Cut(it.Lane, "/"); return s }

// OrderFrame is one SSE event of a stream as the order checker reads it: its bytes, its items in
// order, and Barrier, the scope of lanes that the event orders (every byte the upstream sent
// before it of those lanes goes out before it, every byte after it after it): "*" for all lanes
// (an error, [DONE], message_delta, message_stop), a choice ("0") for a Chat chunk carrying that
// choice's finish_reason, "" for none.
type OrderFrame struct {
	Raw     string
	Items   []OrderItem
	Barrier string
}

// ChatOrderFrames reads a Chat Completions stream as OrderFrames: each choice's content and
// reasoning deltas (lane "C/content"), its tool-call deltas by call (lane "C/K", K the index the
// call goes out with: see chatCalls), a finish_reason (barrier of choice C), an error object or
// [DONE] (barrier of all).
func ChatOrderFrames(body []byte) []OrderFrame {
	calls := map[int]*chatCalls{}
	return orderFrames(body, func(f *OrderFrame, _, data []byte, has bool) {
		d := bytes.TrimSpace(data)
		switch {
		case !has:
		case string(d) == "[DONE]":
			f.Barrier = "*"
		default:
			var ch struct {
				Choices []struct {
					Index        int     `json:"index"`
					FinishReason *string `json:"finish_reason"`
					Delta        struct {
						Content   *string `json:"content"`
						Reasoning *string `json:"reasoning_content"`
						ToolCalls []struct {
							Index    *int    `json:"index"`
							ID       *string `json:"id"`
							Function *struct {
								Name      *string         `json:"name"`
								Arguments json.RawMessage `json:"arguments"`
							} `json:"function"`
						} `json:"tool_calls"`
					} `json:"delta"`
				} `json:"choices"`
				Error json.RawMessage `json:"error"`
			}
			if json.Unmarshal(d, &ch) != nil {
				break
			}
			if len(ch.Error) > 0 && string(ch.Error) != "null" {
				f.Barrier = "*"
			}
			for _, c := range ch.Choices {
				scope := strconv.Itoa(c.Index)
				if t := strOr(c.Delta.Content) + strOr(c.Delta.Reasoning); t != "" {
					f.Items = append(f.Items, OrderItem{Lane: scope + "/content", Text: t})
				}
				for _, tc := range c.Delta.ToolCalls {
					if tc.Index == nil {
						continue
					}
					var it OrderItem
					name := ""
					if tc.Function != nil {
						name = strOr(tc.Function.Name)
						var s string
						if json.Unmarshal(tc.Function.Arguments, &s) == nil {
							it.Text = s
						} else {
							it.Text = string(tc.Function.Arguments)
						}
					}
					cs := calls[c.Index]
					if cs == nil {
						cs = &chatCalls{byWire: map[int]*chatCall{}, used: map[int]bool{}}
						calls[c.Index] = cs
					}
					cl := cs.call(*tc.Index, strOr(tc.ID), name, it.Text)
					it.Lane = scope + "/" + strconv.Itoa(cl.lane)
					// the first delta with id and name opens its call; the same again does not
					it.Open = !cl.opened && strOr(tc.ID) != "" && name != ""
					cl.opened = cl.opened || it.Open
					f.Items = append(f.Items, it)
				}
				if c.FinishReason != nil && f.Barrier == "" {
					f.Barrier = scope
				}
			}
		}
	})
}

// orderFrames reads each SSE event of body (of any size, as the SDKs do) as an OrderFrame, its
// items and barrier set by read from the event's name and data.
func orderFrames(body []byte, read func(f *OrderFrame, name, data []byte, has bool)) []OrderFrame {
	var frames []OrderFrame
	for _, ev := range sse.Each(body, len(body)+1) {
		f := OrderFrame{Raw: string(ev.Raw)}
		name, data, has := sse.Fields(ev.Raw)
		read(&f, name, data, has)
		frames = append(frames, f)
	}
	return frames
}

// AnthropicOrderFrames reads a Messages stream as OrderFrames: each content block's start, deltas
// and stop, and message_delta, message_stop and error events (barriers of all). A tool_use
// block's lane is named by its id ("block/ID"), so that it is the same lane when toolfix
// renumbers blocks; any other block's is "block/N/content", N its index, whose tail a repair may
// drop (an orphan word, leaked markup that goes out as a tool_use block). A message ends at its
// message_stop: the events after it, up to a message_start, carry nothing to order (a finish
// replayed after it is dropped, docs/faults.md D73), and neither does a blank text_delta on an
// open tool_use block (started, not yet stopped: toolfix drops it, D41b); one on a tool_use
// block's index after its stop goes out as it came, and is read.
func AnthropicOrderFrames(body []byte) []OrderFrame {
	lanes := map[int]string{}  // block index -> lane, from its content_block_start
	openTool := map[int]bool{} // the indexes of the tool_use blocks started and not yet stopped
	ended := false             // a message_stop came, and no message_start since
	return orderFrames(body, func(f *OrderFrame, name, data []byte, has bool) {
		var e struct {
			Type         string `json:"type"`
			Index        *int   `json:"index"`
			ContentBlock struct {
				Type string `json:"type"`
				ID   string `json:"id"`
			} `json:"content_block"`
			Delta struct {
				Type        string `json:"type"`
				Text        string `json:"text"`
				PartialJSON string `json:"partial_json"`
				Thinking    string `json:"thinking"`
			} `json:"delta"`
		}
		if !has || json.Unmarshal(data, &e) != nil {
			return
		}
		if e.Type == "" {
			e.Type = string(name)
		}
		if e.Index != nil {
			switch e.Type {
			case "content_block_start":
				openTool[*e.Index] = e.ContentBlock.Type == "tool_use"
			case "content_block_stop":
				delete(openTool, *e.Index)
			case "content_block_delta":
				if e.Delta.Type == "text_delta" && openTool[*e.Index] && blankText(e.Delta.Text) {
					return // a blank text_delta on an open tool_use block carries nothing (D41b: toolfix drops it)
				}
			}
		}
		if ended && e.Type != "message_start" {
			return
		}
		ended = e.Type == "message_stop"
		lane := ""
		if e.Index != nil {
			if e.Type == "content_block_start" {
				lanes[*e.Index] = "block/" + strconv.Itoa(*e.Index) + "/content"
				if e.ContentBlock.Type == "tool_use" && e.ContentBlock.ID != "" {
					lanes[*e.Index] = "block/" + e.ContentBlock.ID
				}
			}
			if lane = lanes[*e.Index]; lane == "" {
				lane = "block/" + strconv.Itoa(*e.Index) + "/content"
			}
		}
		switch {
		case e.Type == "error" || string(name) == "error" || e.Type == "message_delta" || e.Type == "message_stop":
			f.Barrier = "*"
		case lane == "":
		case e.Type == "content_block_start":
			f.Items = append(f.Items, OrderItem{Lane: lane, Open: true})
		case e.Type == "content_block_stop":
			f.Items = append(f.Items, OrderItem{Lane: lane, Stop: true})
		case e.Type == "content_block_delta":
			f.Items = append(f.Items, OrderItem{Lane: lane, Text: e.Delta.Text + e.Delta.PartialJSON + e.Delta.Thinking})
		}
	})
}

// Assemble joins the text of every lane of frames, in order: what a client assembles of each
// call, block and choice's content.
func Assemble(frames []OrderFrame) map[string]string {
	out := map[string]string{}
	for _, f := range frames {
		for _, it := range f.Items {
			out[it.Lane] += it.Text
		}
	}
	return out
}

// upLane is what CheckOrder knows of one lane of the upstream: the events that carry its items,
// in order, and its text.
type upLane struct {
	events []upEvent
	text   strings.Builder
}

// upEvent is one upstream event of a lane: its index, whether what it carries of the lane says
// something (OrderItem.substantive) and opens or ends it, and where its text starts in the
// lane's.
type upEvent struct {
	i                 int
	substantive, mark bool
	off               int
}

func (l *upLane) add(i int, it OrderItem) {
	if n := len(l.events); n == 0 || l.events[n-1].i != i {
		l.events = append(l.events, upEvent{i: i, off: l.text.Len()})
	}
	e := &l.events[len(l.events)-1]
	e.substantive = e.substantive || it.substantive()
	e.mark = e.mark || it.Open || it.Stop
	l.text.WriteString(it.Text)
}

// skipped reports the first upstream event of the lane in (from, to) that says something, or -1
// when there is none or those events are a tail a repair may drop: no open or stop among them,
// and the lane's text before them one whole JSON value ({A}{A}, prose after the arguments). A
// content lane's tail (leaked call markup, which goes out as calls; an orphan word) may always
// be dropped; CheckOrder does not ask about it. An event that carries only a trailing comma
// (trailingComma) says nothing a client keeps: the repair drops it (D65).
func (l *upLane) skipped(from, to int) int {
	k, _ := slices.BinarySearchFunc(l.events, from+1, func(e upEvent, i int) int { return e.i - i })
	first := -1
	for ; k < len(l.events) && l.events[k].i < to; k++ {
		e := l.events[k]
		if first < 0 && e.substantive && !l.trailingComma(k) {
			first = k
		}
		if first >= 0 && e.mark {
			return l.events[first].i
		}
	}
	if first < 0 || json.Valid([]byte(l.text.String()[:l.events[first].off])) {
		return -1
	}
	return l.events[first].i
}

// trailingComma reports whether the k-th event of the lane is a trailing comma the D65 repair
// drops: it opens and stops nothing, its text is commas and JSON white space only, and what the
// lane's text goes on with after white space is '}' or ']'. Dropped, it leaves the next event of
// the lane, a closer, to go out as it came: a copy that overtook nothing a client keeps.
func (l *upLane) trailingComma(k int) bool {
	e := l.events[k]
	text := l.text.String()
	end := len(text)
	if k+1 < len(l.events) {
		end = l.events[k+1].off
	}
	own := text[e.off:end]
	if e.mark || !strings.Contains(own, ",") || strings.Trim(own, ", \t\r\n") != "" {
		return false
	}
	rest := strings.TrimLeft(text[end:], " \t\r\n")
	return rest != "" && (rest[0] == '}' || rest[0] == ']')
}

// sameLanes reports whether two events carry items of the same lanes, in order.
func sameLanes(a, b OrderFrame) bool {
	if len(a.Items) != len(b.Items) {
		return false
	}
	for i := range a.Items {
		if a.Items[i].Lane != b.Items[i].Lane {
			return false
		}
	}
	return true
}

func strOr(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}

// CheckOrder checks the ordering invariant of a repaired stream, out, against the upstream's, up
// (both as ChatOrderFrames or AnthropicOrderFrames read them): per lane, the client receives
// every byte in upstream order, and a lane's first item is the one that opens it.
//
// An event of out that is byte for byte an event of up (of equal ones, the first that fits
// where its lanes are) went out as it came: it anchors each of its lanes at its upstream place. So
// does a barrier, for every lane of its scope (the k-th barrier of a scope in out is the k-th in
// up). An event that is not a copy is a rewrite, which may stand for any run of its lanes'
// upstream events. Between two anchors of a lane, the lane's upstream events that say something
// must have gone out as at least one rewrite between them; an anchor may never come after a later
// one; and what the upstream sent of a lane after its last anchor must have gone out as a
// rewrite. So a delta that overtakes a held one, or a repaired value carried across an error,
// fails. A tail a repair may drop goes unblamed: of a content lane, or after a whole JSON value.
// The error lists what broke, at most ten items.
//
// Equal upstream events of one lane are told apart greedily (the first that fits): when a
// rewrite stands for one of them and a later one went out as it came, the check may blame a
// stream that is in order. Generated streams give every upstream event bytes of its own.
func CheckOrder(up, out []OrderFrame) error {
	// where each upstream event's copies are, and the k-th barrier of each scope
	copies := map[string][]int{}
	barriers := map[string][]int{}
	lanes := map[string]*upLane{}
	laneScope := map[string]string{}
	for i, f := range up {
		copies[copyKey(f.Raw)] = append(copies[copyKey(f.Raw)], i)
		if f.Barrier != "" {
			barriers[f.Barrier] = append(barriers[f.Barrier], i)
		}
		for _, it := range f.Items {
			laneScope[it.Lane] = it.scope()
			l := lanes[it.Lane]
			if l == nil {
				l = &upLane{}
				lanes[it.Lane] = l
			}
			l.add(i, it)
		}
	}
	outBarriers := map[string]int{}
	for _, f := range out {
		if f.Barrier != "" {
			outBarriers[f.Barrier]++
		}
	}
	type laneState struct {
		covered int  // the upstream index up to which the lane is accounted for
		pending bool // a rewrite of the lane went out since its last anchor
		started bool
	}
	state := map[string]*laneState{}
	get := func(lane string) *laneState {
		st := state[lane]
		if st == nil {
			st = &laneState{covered: -1}
			state[lane] = st
		}
		return st
	}
	opens := map[string]bool{}
	for _, f := range out {
		for _, it := range f.Items {
			if it.Open {
				opens[it.Lane] = true
			}
		}
	}
	var errs []string
	fail := func(format string, args ...any) {
		if len(errs) < 10 {
			errs = append(errs, fmt.Sprintf(format, args...))
		}
	}
	skipped := func(lane string, from, to int) int {
		if l := lanes[lane]; l != nil && !strings.HasSuffix(lane, "/content") {
			return l.skipped(from, to)
		}
		return -1
	}
	anchor := func(lane string, k int, n int, what string) {
		st := get(lane)
		if k < st.covered || k == st.covered && what == "copy" {
			fail("event %d of the output (%s of upstream event %d) carries lane %s after upstream event %d of it", n, what, k, lane, st.covered)
			return
		}
		if i := skipped(lane, st.covered, k); i >= 0 && !st.pending {
			fail("event %d of the output (%s of upstream event %d) overtook upstream event %d of lane %s", n, what, k, i, lane)
		}
		st.covered, st.pending = k, false
	}
	used := map[int]bool{}
	// copyOf picks the upstream event an event of out is a copy of: of the events with its
	// bytes and lanes (a renumbered block's stop may be spelled as another's) not yet taken, the first after every place its lanes are accounted for (or else
	// the first), so that equal events are told apart by where they fit; -1 for a rewrite.
	copyOf := func(f OrderFrame) int {
		k := -1
		for _, i := range copies[copyKey(f.Raw)] {
			if used[i] || !sameLanes(up[i], f) {
				continue
			}
			if k < 0 {
				k = i
			}
			fits := true
			for _, it := range f.Items {
				if st := state[it.Lane]; st != nil && st.covered >= i {
					fits = false
				}
			}
			if fits {
				k = i
				break
			}
		}
		if k >= 0 {
			used[k] = true
		}
		return k
	}
	seenBarrier := map[string]int{}
	for n, f := range out {
		k := copyOf(f)
		for _, it := range f.Items {
			st := get(it.Lane)
			if !st.started {
				st.started = true
				if opens[it.Lane] && !it.Open {
					fail("event %d of the output carries lane %s before the event that opens it", n, it.Lane)
				}
			}
			if k >= 0 {
				anchor(it.Lane, k, n, "copy")
			} else {
				st.pending = true
			}
		}
		if f.Barrier == "" {
			continue
		}
		b := barriers[f.Barrier]
		j := seenBarrier[f.Barrier]
		seenBarrier[f.Barrier]++
		if len(b) != outBarriers[f.Barrier] || j >= len(b) {
			continue // barriers added or dropped: they cannot be matched
		}
		for lane, scope := range laneScope {
			if f.Barrier == "*" || f.Barrier == scope {
				if st := get(lane); st.covered <= b[j] {
					anchor(lane, b[j], n, "barrier")
				} else {
					fail("event %d of the output (barrier, upstream event %d) comes after upstream event %d of lane %s", n, b[j], st.covered, lane)
				}
			}
		}
	}
	for lane := range lanes {
		st := get(lane)
		if i := skipped(lane, st.covered, len(up)); i >= 0 && !st.pending {
			fail("upstream event %d of lane %s never went out in its place", i, lane)
		}
	}
	if errs == nil {
		return nil
	}
	return errors.New(strings.Join(errs, "; "))
}

// copyKey is an event's bytes as the order checker matches copies by: without its event: lines,
// since toolfix adds the event line a data-only Anthropic event lacks (D41) and the event is then
// a copy of the one it came as, even when its bytes now equal a later upstream event's.
func copyKey(raw string) string {
	if !strings.Contains(raw, "event") {
		return raw
	}
	var b strings.Builder
	for line := range strings.SplitAfterSeq(raw, "\n") {
		if t := strings.TrimRight(line, "\r\n"); t == "event" || strings.HasPrefix(t, "event:") {
			continue
		}
		b.WriteString(line)
	}
	return b.String()
}

// chatCalls names the tool calls of one Chat choice as the order checker's lanes: by the index
// they come with, except that a delta beginning another call on the index of one (docs/faults.md
// D70: a new id and a name, where the name is another or the call's text so far is one whole
// JSON value and not the delta's again) is a call of its own, as toolfix tells them apart, and
// a call whose index another call has already goes by the first index after all of them. A
// stream that sends each call on an index of its own is read by index.
type chatCalls struct {
	byWire map[int]*chatCall // by the index the stream gives
	used   map[int]bool      // the lane indexes given
	next   int               // the first lane index after all of them
}

// chatCall is one call of chatCalls: its lane index, the id and name it began with, its text,
// and whether a delta of it opened it (OrderItem.Open).
type chatCall struct {
	lane     int
	id, name string
	text     strings.Builder
	opened   bool
}

// call returns the call of a tool-call delta that comes with index wire, id, name and arguments
// text.
func (cs *chatCalls) call(wire int, id, name, text string) *chatCall {
	cl := cs.byWire[wire]
	if cl != nil && !cl.another(id, name, text) {
		if cl.id == "" {
			cl.id = id
		}
		if cl.name == "" {
			cl.name = name
		}
		cl.text.WriteString(text)
		return cl
	}
	k := wire
	if cs.used[k] {
		k = cs.next
	}
	cs.used[k] = true
	cs.next = max(cs.next, k+1)
	cl = &chatCall{lane: k, id: id, name: name}
	cl.text.WriteString(text)
	cs.byWire[wire] = cl
	return cl
}

// another reports whether a delta with id, name and text begins another call than cl (see
// chatCalls).
func (cl *chatCall) another(id, name, text string) bool {
	switch {
	case id == "" || cl.id == "" || id == cl.id || name == "":
		return false
	case cl.name == "" || name != cl.name:
		return true
	}
	t := strings.TrimSpace(cl.text.String())
	return json.Valid([]byte(t)) && strings.TrimSpace(text) != t
}

// blankText is anthropic.BlankText, which this package cannot import (anthropic's tests import
// it): text is white space only (space, tab, CR, LF), the empty text too.
func blankText(text string) bool { return strings.Trim(text, " \t\r\n") == "" }
