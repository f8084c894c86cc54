// Package anthropic repairs Anthropic Messages API responses (POST …/v1/messages), streamed as SSE
// or whole JSON, guided by the tools of the request. It is pure: bytes in, bytes out, no net/http.
//
// Every rule fires only when its result parses and fits the request's schema; otherwise the bytes
// go out as they came. See docs/faults.md at the module root for the faults and their public reports.
package anthropic

import (
	"bytes"
	"encoding/json"
	"strconv"

	"github.com/toolfix/toolfix/proxy/jsontext"
	"github.com/toolfix/toolfix/proxy/sse"
)

// event is what the dialect reads of one SSE data payload. Fields not present stay zero.
type event struct {
	Type         string          `json:"type"`
	Index        *int            `json:"index"`
	ContentBlock *contentBlock   `json:"content_block"`
	Delta        *delta          `json:"delta"`
	Message      json.RawMessage `json:"message"`
}

type contentBlock struct {
	Type  string          `json:"type"`
	ID    string          `json:"id"`
	Name  string          `json:"name"`
	Text  string          `json:"text"`
	Input json.RawMessage `json:"input"`
	// Caller is who made a tool_use call (programmatic tool calling), as written; nil when the
	// block has none.
	Caller json.RawMessage `json:"caller"`
}

// serverCaller reports whether a tool_use block's caller, as written, is anything but absent,
// null or {"type":"direct"} (the model itself): a call made by a server tool's code
// (code_execution_20260120) whose start carries its whole input is the API's own form (docs/faults.md
// D38's exception: Anthropic docs, programmatic tool calling; anthropics/anthropic-sdk-typescript
// BetaMessageStream keeps a start's input when no delta follows), so it passes as it came. A
// caller toolfix cannot read counts as a server tool's: leaving the block alone is the safe side.
func serverCaller(raw json.RawMessage) bool {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || string(raw) == "null" {
		return false
	}
	var c struct {
		Type string `json:"type"`
	}
	return json.Unmarshal(raw, &c) != nil || c.Type != "direct"
}

type delta struct {
	Type        string  `json:"type"`
	Text        *string `json:"text"`
	PartialJSON *string `json:"partial_json"`
	// StopReason is the stop_reason member as it came: nil when absent, "null" for JSON null (a
	// json.RawMessage field, not a pointer, so that the decoder keeps null rather than dropping it).
	StopReason json.RawMessage `json:"stop_reason"`
}

var (
	textDeltaPrefix = []byte(`{"type":"content_block_delta","index":`)
	textDeltaMiddle = []byte(`,"delta":{"type":"text_delta","text":`)
	textDeltaSuffix = []byte(`}}`)

	inputDeltaMiddle = []byte(`,"delta":{"type":"input_json_delta","partial_json":`)
)

// fastTextDelta recognises the exact compact text_delta shape the Anthropic API sends and returns
// its index and text without a full decode. ok is false for any other shape; the caller then
// decodes the payload in full.
func fastTextDelta(data []byte) (index int, text string, ok bool) {
	return fastDelta(data, textDeltaMiddle)
}

// fastInputDelta is fastTextDelta for the compact input_json_delta shape: its index and
// partial_json, decoded into *buf (grown as needed and kept there: the text is valid until the
// next call with buf) or, when it has no escape, the literal's own bytes in data.
func fastInputDelta(data []byte, buf *[]byte) (index int, partial []byte, ok bool) {
	index, lit, ok := deltaLiteral(data, inputDeltaMiddle)
	if !ok {
		return 0, nil, false
	}
	if inner, ok := plainInner(lit); ok {
		return index, inner, true
	}
	if !closesAtEnd(lit) || hasControl(lit) {
		return 0, nil, false // as fastDelta
	}
	partial, err := jsontext.AppendUnquote((*buf)[:0], lit)
	if err != nil {
		return 0, nil, false
	}
	*buf = partial
	return index, partial, true
}

// fastDelta reads a compact content_block_delta whose delta object starts with middle and holds
// one string member last.
func fastDelta(data, middle []byte) (index int, text string, ok bool) {
	index, lit, ok := deltaLiteral(data, middle)
	if !ok {
		return 0, "", false
	}
	if inner, ok := plainInner(lit); ok {
		return index, string(inner), true // no escape: the text is the literal's bytes
	}
	if !closesAtEnd(lit) || hasControl(lit) {
		return 0, "", false // a control character: JSON has none in a string, the decoder judges
	}
	text, err := jsontext.Unquote(lit)
	if err != nil {
		return 0, "", false
	}
	return index, text, true
}

// deltaLiteral reads the index and the string literal (quotes included, not checked further) of
// a compact content_block_delta whose delta object starts with middle and holds one string member
// last; ok is false for any other data.
func deltaLiteral(data, middle []byte) (index int, lit []byte, ok bool) {
	if !bytes.HasPrefix(data, textDeltaPrefix) || !bytes.HasSuffix(data, textDeltaSuffix) {
		return 0, nil, false
	}
	index, rest, ok := blockIndex(data[len(textDeltaPrefix):])
	if !ok || !bytes.HasPrefix(rest, middle) {
		return 0, nil, false
	}
	lit = rest[len(middle) : len(rest)-len(textDeltaSuffix)]
	if len(lit) < 2 || lit[0] != '"' || lit[len(lit)-1] != '"' {
		return 0, nil, false
	}
	return index, lit, true
}

// hasControl reports whether b holds a control character (below U+0020).
func hasControl(b []byte) bool {
	for _, c := range b {
		if c < 0x20 {
			return true
		}
	}
	return false
}

// closesAtEnd reports whether the string literal lit ends at its last byte (its final quote is not
// escaped and no unescaped quote comes earlier).
func closesAtEnd(lit []byte) bool {
	for i := 1; i < len(lit); i++ {
		switch lit[i] {
		case '\\':
			i++
		case '"':
			return i == len(lit)-1
		}
	}
	return false
}

// eventFrame builds one SSE event "event: typ" + data with the given line ending.
func eventFrame(eol []byte, typ string, data []byte) []byte {
	b := make([]byte, 0, len(typ)+len(data)+16)
	b = append(b, "event: "...)
	b = append(b, typ...)
	b = append(b, eol...)
	b = append(b, "data: "...)
	b = append(b, data...)
	b = append(b, eol...)
	return append(b, eol...)
}

// withNested returns the event raw, named typ, rewritten so that the object in member outer of
// its data has member key set to value, every other member as it was, with raw's line ending;
// ok is false when data, or its member outer, is not an object.
func withNested(raw, data []byte, typ, outer, key string, value json.RawMessage) ([]byte, bool) {
	obj, err := jsontext.ParseObject(data)
	if err != nil {
		return nil, false
	}
	in, err := jsontext.ParseObject(obj.Get(outer))
	if err != nil {
		return nil, false
	}
	in.Set(key, value)
	obj.Set(outer, in.Marshal())
	return eventFrame(sse.LineEnding(raw), typ, obj.Marshal()), true
}

// withIndex returns the data payload with its top-level "index" set to n, other members as they
// were; ok is false when data is not an object.
func withIndex(data []byte, n int) ([]byte, bool) {
	obj, err := jsontext.ParseObject(data)
	if err != nil {
		return nil, false
	}
	obj.Set("index", jsontext.FormatInt(n))
	return obj.Marshal(), true
}

func textDeltaData(index int, text string) []byte {
	b := []byte(`{"type":"content_block_delta","index":`)
	b = strconv.AppendInt(b, int64(index), 10)
	b = append(b, `,"delta":{"type":"text_delta","text":`...)
	b = jsontext.AppendQuote(b, text)
	return append(b, `}}`...)
}

func inputDeltaData(index int, partial []byte) []byte {
	// Sized for the quoted input at once: a repaired input can be megabytes, and growing the
	// buffer by doubling would allocate about twice the event.
	b := make([]byte, 0, len(partial)+len(partial)/8+96)
	b = append(b, `{"type":"content_block_delta","index":`...)
	b = strconv.AppendInt(b, int64(index), 10)
	b = append(b, `,"delta":{"type":"input_json_delta","partial_json":`...)
	b = jsontext.AppendQuote(b, string(partial))
	return append(b, `}}`...)
}

func blockStopData(index int) []byte {
	b := []byte(`{"type":"content_block_stop","index":`)
	b = strconv.AppendInt(b, int64(index), 10)
	return append(b, '}')
}

func toolStartData(index int, id, name string) []byte {
	b := []byte(`{"type":"content_block_start","index":`)
	b = strconv.AppendInt(b, int64(index), 10)
	b = append(b, `,"content_block":{"type":"tool_use","id":`...)
	b = jsontext.AppendQuote(b, id)
	b = append(b, `,"name":`...)
	b = jsontext.AppendQuote(b, name)
	return append(b, `,"input":{}}}`...)
}

// MessageStartID returns the id of a message_start event's message (its "message" member, as
// written), or "" when it has none.
func MessageStartID(message json.RawMessage) string {
	var m struct {
		ID string `json:"id"`
	}
	if json.Unmarshal(message, &m) != nil {
		return ""
	}
	return m.ID
}
