package anthropic

import (
	"bytes"
	"encoding/json"
	"unicode/utf8"
)

// This file reads the standard event envelopes by their bytes: the compact events the Messages
// API sends, framed "event: <type>\ndata: <json>\n\n" with LF endings. A piece of exactly such a
// shape is read without the general field parser and without encoding/json, whose cost would
// otherwise be most of a healthy stream's; any other piece (another framing, member order,
// spacing, an escape in a name, a leading zero) is left to the full reading, which gives the same
// answer (FuzzEnvelope and FuzzFastDelta hold the recognisers to that).

var (
	fastDeltaHead  = []byte("event: content_block_delta\ndata: ")
	fastStartHead  = []byte("event: content_block_start\ndata: ")
	fastStopHead   = []byte("event: content_block_stop\ndata: ")
	blockStartHead = []byte(`{"type":"content_block_start","index":`)
	blockStopHead  = []byte(`{"type":"content_block_stop","index":`)
	textStartRest  = []byte(`,"content_block":{"type":"text","text":""}}`)
	toolStartID    = []byte(`,"content_block":{"type":"tool_use","id":"`)
	toolStartName  = []byte(`,"name":"`)
	toolStartRest  = []byte(`,"input":{}}}`)
)

// framedData returns the data of a piece shaped exactly head + data + "\n\n", head being
// "event: <type>\ndata: ", with one data line and LF endings; ok is false for any other piece.
func framedData(raw, head []byte) ([]byte, bool) {
	if !bytes.HasPrefix(raw, head) || len(raw) < len(head)+2 || raw[len(raw)-1] != '\n' || raw[len(raw)-2] != '\n' {
		return nil, false
	}
	data := raw[len(head) : len(raw)-2]
	if bytes.IndexByte(data, '\n') >= 0 || bytes.IndexByte(data, '\r') >= 0 {
		return nil, false
	}
	return data, true
}

// fastDeltaData returns the data of a piece shaped exactly "event: content_block_delta\n" +
// "data: …\n\n" with LF endings, the shape the API sends, without the general field parser; ok is
// false for any other piece.
func fastDeltaData(raw []byte) ([]byte, bool) { return framedData(raw, fastDeltaHead) }

// blockIndex reads the block index at the start of b as JSON writes a number from 0 to
// maxBlockIndex: one to nine digits, no leading zero (which JSON does not allow: the full reading
// refuses it). It returns the index and the bytes after it; ok is false otherwise.
func blockIndex(b []byte) (index int, rest []byte, ok bool) {
	i := 0
	for i < len(b) && i < 10 && b[i] >= '0' && b[i] <= '9' {
		index = index*10 + int(b[i]-'0')
		i++
	}
	if i == 0 || i > 9 || b[0] == '0' && i > 1 {
		return 0, nil, false
	}
	return index, b[i:], true
}

// plainString reads the bytes of a string literal's inside up to its closing quote when they need
// no unquoting: printable ASCII, no backslash. It returns them and the bytes after the quote; ok
// is false otherwise (the full reading then decides).
func plainString(b []byte) (s string, rest []byte, ok bool) {
	for i, c := range b {
		switch {
		case c == '"':
			return string(b[:i]), b[i+1:], true
		case c == '\\' || c < 0x20 || c >= 0x7f:
			return "", nil, false
		}
	}
	return "", nil, false
}

// fastBlockEvent reads the compact content_block_start of an empty text block
// ({"type":"content_block_start","index":N,"content_block":{"type":"text","text":""}}) or of a
// tool_use block whose input is empty ({…"content_block":{"type":"tool_use","id":"…","name":"…",
// "input":{}}}), and the compact content_block_stop ({"type":"content_block_stop","index":N}),
// each framed by its own event line. It fills f's event (and its block and index, which the event
// then points to) as json.Unmarshal of the data into a zero event would, and returns the data and
// that event; ok is false for any other piece, and f is then unspecified. The event is f's own: it
// holds until the next call with f.
func fastBlockEvent(raw []byte, f *fastEvent) (data []byte, e *event, ok bool) {
	e, cb, idx := &f.e, &f.cb, &f.idx
	if data, ok = framedData(raw, fastStopHead); ok {
		rest, ok := bytes.CutPrefix(data, blockStopHead)
		if !ok {
			return nil, nil, false
		}
		i, rest, ok := blockIndex(rest)
		if !ok || string(rest) != "}" {
			return nil, nil, false
		}
		*idx = i
		*e = event{Type: "content_block_stop", Index: idx}
		return data, e, true
	}
	data, ok = framedData(raw, fastStartHead)
	if !ok {
		return nil, nil, false
	}
	rest, ok := bytes.CutPrefix(data, blockStartHead)
	if !ok {
		return nil, nil, false
	}
	i, rest, ok := blockIndex(rest)
	if !ok {
		return nil, nil, false
	}
	*idx = i
	switch {
	case bytes.Equal(rest, textStartRest):
		*cb = contentBlock{Type: "text"}
	case bytes.HasPrefix(rest, toolStartID):
		id, r, ok := plainString(rest[len(toolStartID):])
		if !ok {
			return nil, nil, false
		}
		r, ok = bytes.CutPrefix(r, toolStartName)
		if !ok {
			return nil, nil, false
		}
		name, r, ok := plainString(r)
		if !ok || !bytes.Equal(r, toolStartRest) {
			return nil, nil, false
		}
		*cb = contentBlock{Type: "tool_use", ID: id, Name: name, Input: emptyInput[:2:2]}
	default:
		return nil, nil, false
	}
	*e = event{Type: "content_block_start", Index: idx, ContentBlock: cb}
	return data, e, true
}

// fastEvent is the scratch of fastBlockEvent: the event it reads, with the block and the index
// the event points to, kept in the Stream so that reading a block event allocates nothing.
type fastEvent struct {
	e   event
	cb  contentBlock
	idx int
}

// emptyInput is the input of a tool_use start that fastBlockEvent reads: `{}`, shared, read only
// (handed out with its capacity cut to its length, so that an append copies it).
var emptyInput = json.RawMessage(`{}`)

// plainInner returns the inside of a string literal lit (quotes included) that holds no escape
// and no byte the decoder would change: no backslash, no control character, valid UTF-8 (the
// decoder writes U+FFFD for an invalid byte); its text is those bytes. ok is false for any other
// literal, which is unquoted in full.
func plainInner(lit []byte) ([]byte, bool) {
	if len(lit) < 2 || lit[0] != '"' || lit[len(lit)-1] != '"' {
		return nil, false
	}
	inner := lit[1 : len(lit)-1]
	ascii := true
	for _, c := range inner {
		if c == '\\' || c == '"' || c < 0x20 {
			return nil, false
		}
		ascii = ascii && c < 0x80
	}
	if !ascii && !utf8.Valid(inner) {
		return nil, false
	}
	return inner, true
}
