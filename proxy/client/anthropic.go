// Package client rebuilds the message a client ends up with from a response body, the way the
// official SDKs accumulate it, and compares it with an expected message (the shared cases'
// want.json). Tests use it as an oracle of what toolfix delivers; analyze and replay use it to show
// a user the message their client would have seen.
package client

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/toolfix/toolfix/proxy/sse"
)

// Block is one content block of an accumulated message. For "text" Text is set; for "tool_use" ID,
// Name and Input (parsed JSON, nil when the deltas did not form JSON, with InputErr saying why);
// for "thinking" Thinking and Signature.
type Block struct {
	Type      string `json:"type"`
	Text      string `json:"text,omitempty"`
	ID        string `json:"id,omitempty"`
	Name      string `json:"name,omitempty"`
	Input     any    `json:"input,omitempty"`
	InputErr  string `json:"input_error,omitempty"`
	Thinking  string `json:"thinking,omitempty"`
	Signature string `json:"signature,omitempty"`

	partial strings.Builder
	deltas  int
}

// Message is an accumulated Anthropic message: StopReason and the Content blocks in index order.
type Message struct {
	StopReason string   `json:"stop_reason"`
	Content    []*Block `json:"content"`
}

// AnthropicStream accumulates a streamed Messages response. Like Claude Code it builds a tool_use
// input from the input_json_delta events alone ("" means {}). It is strict where the SDKs are:
// every event must carry an "event:" line equal to its data's type, every data must be a JSON
// object with a type, block indexes must be 0..n-1 in order, and nothing but a ping may follow
// message_stop (Claude Code rejects a second message_stop, and takes later deltas into a closed
// message: anthropics/claude-code #67809); it returns an error saying which event broke a rule. An "error" event ends accumulation with an error naming its message.
func AnthropicStream(body []byte) (*Message, error) {
	msg := &Message{}
	stopped := false
	for n, ev := range sse.Each(body, len(body)+1) { // SDKs read events of any size
		name, data, has := sse.Fields(ev.Raw)
		if !has {
			continue
		}
		var e struct {
			Type         string          `json:"type"`
			Index        *int            `json:"index"`
			ContentBlock json.RawMessage `json:"content_block"`
			Delta        json.RawMessage `json:"delta"`
			Error        json.RawMessage `json:"error"`
		}
		if err := json.Unmarshal(data, &e); err != nil || e.Type == "" {
			return nil, fmt.Errorf("event %d: data is not an event object: %.80q", n, data)
		}
		if string(name) != e.Type {
			return nil, fmt.Errorf("event %d: event line %q does not match type %q", n, name, e.Type)
		}
		if stopped && e.Type != "ping" {
			return nil, fmt.Errorf("event %d: %s after message_stop, which closed the message (Claude Code rejects a second message_stop: \"Received message_stop without a current message\", katanemo/plano PR #898)", n, e.Type)
		}
		switch e.Type {
		case "message_stop":
			stopped = true
		case "content_block_start":
			if e.Index == nil || *e.Index != len(msg.Content) {
				return nil, fmt.Errorf("event %d: content_block_start index %s, want %d", n, indexText(e.Index), len(msg.Content))
			}
			b := &Block{}
			if err := json.Unmarshal(e.ContentBlock, b); err != nil {
				return nil, fmt.Errorf("event %d: content_block: %w", n, err)
			}
			b.Input = nil
			msg.Content = append(msg.Content, b)
		case "content_block_delta":
			if e.Index == nil || *e.Index < 0 || *e.Index >= len(msg.Content) {
				return nil, fmt.Errorf("event %d: delta for unknown block %s", n, indexText(e.Index))
			}
			b := msg.Content[*e.Index]
			var d struct {
				Type        string `json:"type"`
				Text        string `json:"text"`
				PartialJSON string `json:"partial_json"`
				Thinking    string `json:"thinking"`
				Signature   string `json:"signature"`
			}
			if err := json.Unmarshal(e.Delta, &d); err != nil {
				return nil, fmt.Errorf("event %d: delta: %w", n, err)
			}
			switch d.Type {
			case "text_delta":
				b.Text += d.Text
			case "input_json_delta":
				b.partial.WriteString(d.PartialJSON)
				b.deltas++
			case "thinking_delta":
				b.Thinking += d.Thinking
			case "signature_delta":
				b.Signature += d.Signature
			}
		case "message_delta":
			// as the SDKs' accumulators do (MessageStream): a stop_reason the delta carries,
			// null included, replaces the one before (a later usage-only delta's null resets it:
			// anthropics/anthropic-sdk-python #1940)
			var d map[string]json.RawMessage
			_ = json.Unmarshal(e.Delta, &d)
			if raw, ok := d["stop_reason"]; ok {
				var sr *string
				_ = json.Unmarshal(raw, &sr)
				msg.StopReason = ""
				if sr != nil {
					msg.StopReason = *sr
				}
			}
		case "error":
			return msg, fmt.Errorf("event %d: error event: %s", n, e.Error)
		}
	}
	for _, b := range msg.Content {
		if b.Type == "tool_use" {
			b.Input, b.InputErr = parseInput(b.partial.String())
		}
	}
	return msg, nil
}

// PartialJSON returns the text a tool_use block's input_json_delta events accumulated, as it
// came ("" when none came), whether or not it is JSON.
func (b *Block) PartialJSON() string { return b.partial.String() }

func parseInput(s string) (any, string) {
	if strings.TrimSpace(s) == "" {
		return map[string]any{}, ""
	}
	var v any
	if err := json.Unmarshal([]byte(s), &v); err != nil {
		return nil, err.Error()
	}
	return v, ""
}

// AnthropicJSON reads a non-streamed Messages response body.
func AnthropicJSON(body []byte) (*Message, error) {
	var m struct {
		StopReason string   `json:"stop_reason"`
		Content    []*Block `json:"content"`
	}
	if err := json.Unmarshal(body, &m); err != nil {
		return nil, fmt.Errorf("parsing message: %w", err)
	}
	return &Message{StopReason: m.StopReason, Content: m.Content}, nil
}

// CompareAnthropic checks got against want (a want.json "message") by the cases' rules: stop_reason
// equal; text blocks by text with trailing white space trimmed, empty ones ignored; tool_use blocks
// by name and input as parsed JSON, and id equal unless want's id is "*" (then any id starting with
// "toolu_"); thinking blocks unchanged. The error lists every difference.
func CompareAnthropic(want json.RawMessage, got *Message) error {
	var w Message
	if err := json.Unmarshal(want, &w); err != nil {
		return fmt.Errorf("parsing want: %w", err)
	}
	var diffs []string
	if w.StopReason != got.StopReason {
		diffs = append(diffs, fmt.Sprintf("stop_reason %q, want %q", got.StopReason, w.StopReason))
	}
	wb, gb := significant(w.Content), significant(got.Content)
	if len(wb) != len(gb) {
		diffs = append(diffs, fmt.Sprintf("%d blocks, want %d: got %s", len(gb), len(wb), describe(gb)))
	} else {
		for i := range wb {
			if d := compareBlock(wb[i], gb[i]); d != "" {
				diffs = append(diffs, fmt.Sprintf("block %d: %s", i, d))
			}
		}
	}
	return differences(diffs)
}

func significant(bs []*Block) []*Block {
	var out []*Block
	for _, b := range bs {
		if b.Type == "text" && strings.TrimSpace(b.Text) == "" {
			continue
		}
		out = append(out, b)
	}
	return out
}

func describe(bs []*Block) string {
	var parts []string
	for _, b := range bs {
		j, _ := json.Marshal(b)
		parts = append(parts, string(j))
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

func compareBlock(w, g *Block) string {
	if w.Type != g.Type {
		return fmt.Sprintf("type %q, want %q", g.Type, w.Type)
	}
	switch w.Type {
	case "text":
		if !sameText(w.Text, g.Text) {
			return fmt.Sprintf("text %q, want %q", g.Text, w.Text)
		}
	case "tool_use":
		if w.Name != g.Name {
			return fmt.Sprintf("name %q, want %q", g.Name, w.Name)
		}
		if w.ID == "*" {
			if !strings.HasPrefix(g.ID, "toolu_") {
				return fmt.Sprintf("id %q does not start with toolu_", g.ID)
			}
		} else if w.ID != g.ID {
			return fmt.Sprintf("id %q, want %q", g.ID, w.ID)
		}
		if g.InputErr != "" {
			return "input is not JSON: " + g.InputErr
		}
		if !jsonEqual(w.Input, g.Input) {
			gj, _ := json.Marshal(g.Input)
			wj, _ := json.Marshal(w.Input)
			return fmt.Sprintf("input %s, want %s", gj, wj)
		}
	case "thinking":
		if w.Thinking != g.Thinking || w.Signature != g.Signature {
			return "thinking block changed"
		}
	}
	return ""
}

// jsonEqual compares two decoded JSON values, key order free (json.Marshal writes map keys
// sorted).
func jsonEqual(a, b any) bool {
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	return bytes.Equal(ja, jb)
}

// indexText is an event's block index as an error says it: the number, or "missing" for none.
func indexText(i *int) string {
	if i == nil {
		return "missing"
	}
	return strconv.Itoa(*i)
}
