package inspect

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"

	"github.com/toolfix/toolfix/proxy/anthropic"
	"github.com/toolfix/toolfix/proxy/markup"
	"github.com/toolfix/toolfix/proxy/repair"
)

// Block is one content block of an Anthropic response as the upstream sent it, read leniently (a
// stream the SDK would refuse still shows its blocks).
type Block struct {
	// Index is the block's index in the upstream's numbering.
	Index int    `json:"index"`
	Type  string `json:"type"`
	// Text is a text block's text; Thinking a thinking block's.
	Text     string `json:"text,omitempty"`
	Thinking string `json:"thinking,omitempty"`
	// ID, Name and Input (raw JSON text, as the deltas joined up) of a tool_use block; StartInput
	// is the input its content_block_start carried and Deltas the number of input_json_delta events.
	ID         string       `json:"id,omitempty"`
	Name       string       `json:"name,omitempty"`
	Input      string       `json:"input,omitempty"`
	StartInput string       `json:"start_input,omitempty"`
	Deltas     int          `json:"deltas,omitempty"`
	cum        repair.Chain // the evidence that every input_json_delta resent the input so far (D71)
	// Message numbers the messages of a stream that holds more than one (a message_start after
	// another): 0 for the first, 1 for the second, ….
	Message int `json:"message,omitempty"`
}

// anthropicBlocks reads the blocks of an Anthropic response body and the stop_reason of each
// message it holds (one, but for a stream with a message_start after another: each message's
// blocks then carry its number, and its stop_reason is its own).
func anthropicBlocks(events []Event, body []byte, stream bool) ([]*Block, []string) {
	if !stream {
		var m struct {
			StopReason *string           `json:"stop_reason"`
			Content    []json.RawMessage `json:"content"`
		}
		_ = json.Unmarshal(body, &m)
		var out []*Block
		for i, raw := range m.Content {
			b := &Block{Index: i}
			var c struct {
				Type, Text, Thinking, ID, Name string
				Input                          json.RawMessage
			}
			_ = json.Unmarshal(raw, &c)
			b.Type, b.Text, b.Thinking, b.ID, b.Name, b.Input = c.Type, c.Text, c.Thinking, c.ID, c.Name, string(c.Input)
			out = append(out, b)
		}
		sr := "null"
		if m.StopReason != nil {
			sr = *m.StopReason
		}
		return out, []string{sr}
	}
	var out []*Block
	byIndex := map[int]*Block{}
	stops := []string{""}
	started := false
	ended := false // a message_stop came: a delta after it is no part of the message (D73)
	for _, ev := range events {
		if !ev.Object {
			continue
		}
		switch ev.Type {
		case "message_start":
			ended = false
			if started { // another message: its blocks count from 0 again
				stops = append(stops, "")
				byIndex = map[int]*Block{}
			}
			started = true
		case "message_stop":
			ended = true
		}
		if ended && (ev.Type == "content_block_delta" || ev.Type == "message_delta") {
			continue
		}
		var e struct {
			Index        int `json:"index"`
			ContentBlock *struct {
				Type, Text, ID, Name string
				Input                json.RawMessage
			} `json:"content_block"`
			Delta *messagesDelta `json:"delta"`
		}
		_ = json.Unmarshal([]byte(ev.Data), &e)
		switch ev.Type {
		case "content_block_start":
			if e.ContentBlock == nil {
				continue
			}
			b := &Block{Index: e.Index, Type: e.ContentBlock.Type, Text: e.ContentBlock.Text, ID: e.ContentBlock.ID, Name: e.ContentBlock.Name, Message: len(stops) - 1}
			if in := bytes.TrimSpace(e.ContentBlock.Input); len(in) > 0 && !bytes.Equal(in, []byte("{}")) {
				b.StartInput = string(in)
			}
			out = append(out, b)
			byIndex[e.Index] = b
		case "content_block_delta":
			b := byIndex[e.Index]
			if b == nil || e.Delta == nil {
				continue
			}
			switch e.Delta.Type {
			case "text_delta":
				b.Text += e.Delta.Text
			case "input_json_delta":
				b.cum.Next([]byte(b.Input), []byte(e.Delta.PartialJSON))
				b.Input += e.Delta.PartialJSON
				b.Deltas++
			case "thinking_delta":
				b.Thinking += e.Delta.Thinking
			}
		case "message_delta":
			if e.Delta != nil && e.Delta.StopReason != nil {
				stops[len(stops)-1] = *e.Delta.StopReason
			} else if e.Delta != nil {
				stops[len(stops)-1] = "null"
			}
		}
	}
	for _, b := range out {
		if b.Type == "tool_use" && b.Deltas == 0 {
			b.Input = b.StartInput
		}
	}
	return out, stops
}

// anthropicFaults finds the faults of an Anthropic response: in its events, in each block, and in
// each message as a whole (stops: each message's stop_reason, as anthropicBlocks reads them).
func anthropicFaults(f *faultList, events []Event, blocks []*Block, stops []string, tools *repair.Tools, stream bool) {
	for _, ev := range events {
		where := fmt.Sprintf("event %d", ev.N)
		switch {
		case !ev.HasData:
		case !ev.Object:
			f.add("D48", "junk_frame", where, "data is not a JSON object: "+clip(ev.Data, 60))
		case ev.Type == "":
			f.add("D47", "junk_frame", where, "an object without a type: "+clip(ev.Data, 60))
		case ev.Name == "":
			f.add("D41", "shape", where, fmt.Sprintf("%s without an event: line", ev.Type))
		}
		if ev.Type == "error" {
			f.add("D42", "", where, "error event: "+clip(ev.Data, 80))
		}
	}
	replayFaults(f, events)
	startRepeatFaults(f, events)
	blankOnToolFaults(f, events)
	hasTool := make([]bool, len(stops))
	for i, b := range blocks {
		where := fmt.Sprintf("block %d (%s)", b.Index, b.Type)
		switch b.Type {
		case "tool_use":
			if b.Message < len(hasTool) {
				hasTool[b.Message] = true
			}
			where = fmt.Sprintf("block %d (tool_use %s)", b.Index, b.Name)
			if stream && b.Deltas == 0 && b.StartInput != "" {
				f.add("D38", "shape", where, "the whole input came in content_block_start and no input_json_delta: Claude Code reads the deltas only")
			}
			toolInputFaults(f, where, b, tools)
		case "text":
			textFaults(f, where, b.Text, tools)
			if i+1 < len(blocks) && blocks[i+1].Type == "tool_use" && blocks[i+1].Message == b.Message {
				if _, word, ok := markup.TrailingWord(b.Text); ok {
					f.add("D01b", "orphan_prefix", where, fmt.Sprintf("the text ends with the stray word %q right before a tool call", word))
				}
			}
		case "thinking":
			if _, ok := markup.FindTail(b.Thinking, anthropic.Syntaxes); ok {
				f.add("D11", "", where, "tool-call markup inside thinking: toolfix never runs a planned call")
			}
		}
	}
	for m, stopReason := range stops {
		if !hasTool[m] || !anthropic.EndsTurn(stopReason) {
			continue
		}
		where := "message"
		if len(stops) > 1 {
			where = fmt.Sprintf("message %d", m+1)
		}
		f.add("D39", "stop_reason", where, fmt.Sprintf("stop_reason %s although the message holds tool_use blocks: the client will not run them", stopReason))
	}
}

// replayFaults finds a finish replayed after a message's message_stop (D73), as toolfix judges it:
// after the message_stop, deltas and stops of blocks the message opened, message_delta and
// message_stop, with pings, comments and blank lines among them, and nothing else.
func replayFaults(f *faultList, events []Event) {
	opened := map[int]bool{}
	stop, first := -1, -1 // the message_stop, the first replayed event after it
	for _, ev := range events {
		switch {
		case ev.Type == "message_start":
			clear(opened)
			stop, first = -1, -1
		case stop < 0:
			if ev.Type == "content_block_start" {
				opened[ev.Index] = true
			}
			if ev.Type == "message_stop" {
				stop = ev.N
			}
		case !ev.HasData || ev.Type == "ping":
		case ev.Type == "message_delta" || ev.Type == "message_stop" ||
			(ev.Type == "content_block_delta" || ev.Type == "content_block_stop") && opened[ev.Index]:
			if first < 0 {
				first = ev.N
			}
		default:
			return // something else follows the message_stop: toolfix leaves it all as it came
		}
	}
	if first >= 0 {
		f.add("D73", "shape", "message", fmt.Sprintf("event %d: the finish replayed after message_stop: a client adds it to the message (a tool input becomes {A}{A}; its stop_reason wins)", first))
	}
}

// startRepeatFaults finds a message_start sent again with the same message id while only pings,
// comments and blank lines followed the first, as toolfix drops it (BerriAI/litellm #32478).
func startRepeatFaults(f *faultList, events []Event) {
	id := ""
	for _, ev := range events {
		switch {
		case ev.Type == "message_start":
			var e struct {
				Message json.RawMessage `json:"message"`
			}
			_ = json.Unmarshal([]byte(ev.Data), &e)
			next := anthropic.MessageStartID(e.Message)
			if next != "" && next == id {
				f.add("D73", "shape", "message", fmt.Sprintf("event %d: message_start sent again with the same id: the SDKs reject a second message_start", ev.N))
				return
			}
			id = next
		case !ev.HasData || ev.Type == "ping":
		default:
			id = ""
		}
	}
}

// blankOnToolFaults finds a blank text_delta on an open tool_use block (D41b), which toolfix drops:
// a content_block_delta of type text_delta, its text white space only, at the index of a tool_use
// block started and not yet stopped.
func blankOnToolFaults(f *faultList, events []Event) {
	tool := map[int]bool{}
	for _, ev := range events {
		switch ev.Type {
		case "content_block_start":
			var e struct {
				ContentBlock struct {
					Type string `json:"type"`
				} `json:"content_block"`
			}
			_ = json.Unmarshal([]byte(ev.Data), &e)
			tool[ev.Index] = e.ContentBlock.Type == "tool_use"
		case "content_block_stop":
			delete(tool, ev.Index)
		case "content_block_delta":
			var e struct {
				Delta struct {
					Type string  `json:"type"`
					Text *string `json:"text"`
				} `json:"delta"`
			}
			_ = json.Unmarshal([]byte(ev.Data), &e)
			if tool[ev.Index] && e.Delta.Type == "text_delta" && e.Delta.Text != nil && anthropic.BlankText(*e.Delta.Text) {
				f.add("D41b", "shape", fmt.Sprintf("block %d", ev.Index), fmt.Sprintf("event %d: a blank text_delta on an open tool_use block", ev.N))
			}
		}
	}
}

// toolInputFaults checks one tool call's input against its tool's schema.
func toolInputFaults(f *faultList, where string, b *Block, tools *repair.Tools) {
	in := b.Input
	if strings.TrimSpace(in) == "" {
		in = "{}" // a tool_use with no input_json_delta has the input {}
	}
	if last, ok := b.cum.Last([]byte(b.Input)); ok && !json.Valid([]byte(b.Input)) && json.Valid(last) {
		f.add("D71", "shape", where, "every input_json_delta resends the whole input so far: the client's concatenation is no JSON")
		in = string(last)
	}
	// the input_json_delta text takes the argument-text repairs as OpenAI arguments do (D63); a
	// whole body's input is one JSON value, which they leave alone
	callFaults(f, where, b.Name, in, tools, repair.Options{Args: true})
}

// callFaults checks one call's input (Anthropic) or arguments text (OpenAI, opt.Args) against its
// tool's schema and names what the repair engine would mend.
func callFaults(f *faultList, where, name, input string, tools *repair.Tools, opt repair.Options) {
	if !tools.Has(name) {
		if tools != nil && len(tools.Names()) > 0 {
			f.add("D57", "", where, fmt.Sprintf("the request offers no tool named %q, so toolfix has no schema to repair it against and leaves it (with tool search a deferred tool's schema reaches the request only after ToolSearch found it)", name))
		}
		return
	}
	in := []byte(input)
	if len(bytes.TrimSpace(in)) == 0 && !opt.Args {
		in = []byte("{}")
	}
	if json.Valid(in) && tools.Fits(name, in) {
		return
	}
	if opt.Args && !json.Valid(in) {
		if _, ok := tools.MarkupInput(name, in); ok {
			f.add("D68", "args", where, "the arguments are the raw call markup of the same call: "+clip(input, 60))
			return
		}
	}
	fixed, kinds, changed := tools.RepairInput(name, in, opt)
	defer func() {
		// a kind the engine reports that no fault above names (a Markdown fence, the call object
		// around the arguments, Python strings in a JSON object): named by its kind
		for _, k := range kinds {
			if !slices.ContainsFunc(f.list, func(x Fault) bool { return strings.HasPrefix(x.Where, where) && x.Kind == k }) {
				f.list = append(f.list, Fault{Kind: k, Where: where, Detail: "the input as written, mended by the " + k + " rules (docs/repairs.md): " + clip(input, 60)})
			}
		}
	}()
	if !changed {
		if !json.Valid(in) {
			f.add("D46", "", where, "the input is not JSON (cut off, or broken): "+clip(input, 60))
			return
		}
		f.add("", "", where, "the input does not fit the tool's schema and no rule makes it fit: toolfix passes it as it came")
		return
	}
	for _, k := range kinds {
		switch k {
		case repair.KindEscape:
			id, detail := escapeRow(input)
			f.add(id, "escape", where, detail)
		case repair.KindArgs:
			id, detail := argsRow(input)
			f.add(id, "args", where, detail)
		}
	}
	if !json.Valid(in) && slices.Contains(kinds, repair.KindCoerce) && !slices.Contains(kinds, repair.KindArgs) && !slices.Contains(kinds, repair.KindEscape) {
		f.add("D29", "coerce", where, "the whole arguments are a Python literal, not JSON: read exactly as Python reads it")
		return
	}
	var o, n any
	if json.Unmarshal(in, &o) != nil {
		if t, _ := betweenTokens(string(in)); json.Unmarshal([]byte(t), &o) != nil {
			dec := json.NewDecoder(bytes.NewReader(in))
			_ = dec.Decode(&o)
		}
	}
	_ = json.Unmarshal(fixed, &n)
	diffValues(f, where, "", o, n)
}

// argsRow names the fault of an arguments text the argument repairs mend (D19, D21, D23, D24).
func argsRow(text string) (string, string) {
	t := strings.TrimSpace(text)
	if t == "" {
		return "D19", "empty arguments"
	}
	dec := json.NewDecoder(strings.NewReader(t))
	var first json.RawMessage
	if dec.Decode(&first) == nil {
		rest := strings.TrimSpace(t[dec.InputOffset():])
		var second json.RawMessage
		if json.Unmarshal([]byte(rest), &second) == nil {
			return "D21", "the arguments repeated twice"
		}
		return "D23", "text after complete arguments: " + clip(rest, 40)
	}
	if t, id := betweenTokens(text); id != "" && json.Valid([]byte(t)) {
		return id, betweenDetail[id]
	}
	return "D24", "a backslash that is not a JSON escape (a Windows path?)"
}

// escapeRow names the fault an escape repair of the arguments text mended: a raw control
// character inside a string (D64, the text is no JSON), a \u escape broken by white space (D25),
// else a Windows path typed with single backslashes whose escapes JSON has, at a member the
// schema names as a path (D24 at a path place: valid JSON whose path holds a line break or tab).
func escapeRow(text string) (string, string) {
	if brokenUnicode.MatchString(text) {
		return "D25", `a \u escape broken by white space inside a stringified value`
	}
	if !json.Valid([]byte(text)) {
		return "D64", "a raw control character inside a string"
	}
	return "D24", `a Windows path typed with single backslashes whose escapes JSON has (\n, \t, …), at a member the schema names as a path`
}

var (
	brokenUnicode  = regexp.MustCompile(`\\u[0-9A-Fa-f]{0,3}\s`)
	trailingComma  = regexp.MustCompile(`,(\s*[}\]])`)
	literalNewline = regexp.MustCompile(`\\[nrt]`)
	betweenDetail  = map[string]string{"D65": "a trailing comma before a closer", "D66": `a literal \n between tokens`}
)

// betweenTokens is text with its trailing commas dropped (D65) and, when that does not make it
// JSON, its literal \n, \r, \t read as white space too (D66), with the row that made it JSON;
// "" when neither did. A reading for naming the fault only: the repair engine's own readings
// keep strings apart.
func betweenTokens(text string) (string, string) {
	t := trailingComma.ReplaceAllString(text, "$1")
	if json.Valid([]byte(t)) {
		return t, "D65"
	}
	u := trailingComma.ReplaceAllString(literalNewline.ReplaceAllString(text, "  "), "$1")
	if json.Valid([]byte(u)) {
		return u, "D66"
	}
	return text, ""
}

// diffValues names each place where the upstream sent a string and the repair made another type.
func diffValues(f *faultList, where, path string, o, n any) {
	switch ov := o.(type) {
	case map[string]any:
		if nv, ok := n.(map[string]any); ok {
			for _, k := range slices.Sorted(maps.Keys(ov)) {
				diffValues(f, where, joinPath(path, k), ov[k], nv[k])
			}
		}
	case []any:
		if nv, ok := n.([]any); ok && len(nv) == len(ov) {
			for i := range ov {
				diffValues(f, where, fmt.Sprintf("%s[%d]", path, i), ov[i], nv[i])
			}
		}
	case string:
		if _, still := n.(string); still || n == nil && ov != "null" {
			return
		}
		at := path
		if at == "" {
			at = "the input"
		}
		switch n.(type) {
		case []any, map[string]any:
			s := strings.TrimSpace(ov)
			switch {
			case !json.Valid([]byte(s)) && strings.Contains(s, "</"):
				f.add("D23b", "coerce", where+" "+at, "complete JSON followed by leaked closing markup inside a string")
			case !json.Valid([]byte(s)) && (strings.ContainsAny(s, "'") || strings.Contains(s, "True") || strings.Contains(s, "None")):
				f.add("D29", "coerce", where+" "+at, "a Python literal where JSON was due: "+clip(s, 50))
			default:
				f.add("D13", "coerce", where+" "+at, fmt.Sprintf("%s sent as a JSON string: %s", typeName(n), clip(s, 50)))
			}
		default:
			f.add("D15", "coerce", where+" "+at, fmt.Sprintf("%s sent as the string %q", typeName(n), clip(ov, 30)))
		}
	}
}

func joinPath(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

func typeName(v any) string {
	switch v.(type) {
	case []any:
		return "an array"
	case map[string]any:
		return "an object"
	case float64:
		return "a number"
	case bool:
		return "a boolean"
	case nil:
		return "null"
	}
	return "a string"
}

// textFaults finds a tool call leaked into a text block: at its tail (toolfix repairs it when the
// calls fit the request's tools) or elsewhere (left as text).
func textFaults(f *faultList, where, text string, tools *repair.Tools) {
	leakFaults(f, where, text, tools, anthropic.Syntaxes, "")
}

// leakFaults is textFaults for the syntaxes syn, naming the fault id (by its syntax when "").
//
// The tail is the one the dialects take, of declared calls only (markup.FindDeclared: after a call
// of an undeclared tool a later opener may begin a tail of its own); only where there is none is
// the tail of every name looked for, to say that its calls do not fit the request's tools.
func leakFaults(f *faultList, where, text string, tools *repair.Tools, syn markup.Syntax, id string) {
	leak, ok := markup.FindDeclared(text, syn, tools.Declares)
	if !ok {
		leak, ok = markup.FindTail(text, syn)
	}
	if !ok {
		for _, m := range leakMarkers {
			if strings.Contains(text, m) {
				f.add("D12", "", where, "tool-call markup in prose or in code, not at the end of the text: left as text")
				break
			}
		}
		return
	}
	var names []string
	fits := tools.AllowsCalls(len(leak.Calls)) == nil
	for _, c := range leak.Calls {
		names = append(names, c.Name)
		if _, err := tools.LeakedInput(c.Name, repair.MarkupParams(c.Params), c.JSON, c.Bare); err != nil {
			fits = false
		}
	}
	if id == "" {
		id = syntaxRow(leak, text)
	}
	detail := fmt.Sprintf("the text ends with %s of %s", plural(len(leak.Calls), "leaked call"), strings.Join(names, ", "))
	if leak.Word != "" {
		detail += fmt.Sprintf(" after the stray word %q", leak.Word)
	}
	kind := "leaked_call"
	if !fits {
		kind = ""
		detail += ": they do not fit the request's tools, so toolfix leaves the text (D57)"
	}
	f.add(id, kind, where, detail)
}

// leakMarkers are the openers of every leaked-call family (the markup table's), and Harmony's
// recipient, looked for anywhere in a text that ends in no leaked tail.
var leakMarkers = append(markup.Openers(markup.All), "to=functions.")

// syntaxRow names the docs/faults.md row of a leaked tail's syntax.
func syntaxRow(leak markup.Leak, text string) string {
	c := leak.Calls[0]
	switch c.Syntax {
	case markup.Invoke:
		if strings.Contains(text[leak.Start:], "minimax:") {
			return "D02"
		}
		return "D01"
	case markup.ToolCallXML:
		tail := text[leak.Start:]
		switch {
		case strings.HasPrefix(strings.TrimLeft(tail, " \t\r\n"), "<iquestcoder_tool_call>"):
			return "D62" // iQuest Coder V2's pairs in its own tag
		case strings.Contains(tail, "<arg_key>"):
			return "D06"
		case c.JSON != nil:
			return "D03b"
		}
		return "D03"
	case markup.Kimi:
		return "D04"
	case markup.DeepSeek:
		return "D05"
	case markup.Harmony:
		return "D58"
	}
	if f, ok := markup.FamilyOf(c.Syntax); ok {
		return f.Row
	}
	return "D01"
}
