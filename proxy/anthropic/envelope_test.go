package anthropic

import (
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/toolfix/toolfix/proxy/sse"
)

// envelopeSeeds are pieces of the shapes the recognisers read, and near misses of them.
var envelopeSeeds = []string{
	"event: content_block_stop\ndata: {\"type\":\"content_block_stop\",\"index\":0}\n\n",
	"event: content_block_stop\ndata: {\"type\":\"content_block_stop\",\"index\":07}\n\n",
	"event: content_block_stop\ndata: {\"type\":\"content_block_stop\",\"index\":1234567890}\n\n",
	"event: content_block_stop\r\ndata: {\"type\":\"content_block_stop\",\"index\":3}\r\n\r\n",
	"event: content_block_start\ndata: {\"type\":\"content_block_start\",\"index\":12,\"content_block\":{\"type\":\"text\",\"text\":\"\"}}\n\n",
	"event: content_block_start\ndata: {\"type\":\"content_block_start\",\"index\":1,\"content_block\":{\"type\":\"tool_use\",\"id\":\"toolu_01\",\"name\":\"Read\",\"input\":{}}}\n\n",
	"event: content_block_start\ndata: {\"type\":\"content_block_start\",\"index\":1,\"content_block\":{\"type\":\"tool_use\",\"id\":\"t\\u0031\",\"name\":\"R\",\"input\":{}}}\n\n",
	"event: content_block_start\ndata: {\"type\":\"content_block_start\",\"index\":1,\"content_block\":{\"type\":\"tool_use\",\"id\":\"\",\"name\":\"\",\"input\":{}}}\n\n",
	"event: content_block_stop\ndata: {\"type\":\"content_block_start\",\"index\":1,\"content_block\":{\"type\":\"text\",\"text\":\"\"}}\n\n",
	"event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"text_delta\",\"text\":\"Hello \\\"w\\\"\\n\"}}\n\n",
	"event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"text_delta\",\"text\":\"héllo ｜ \\ud83d\\ude00\"}}\n\n",
	"event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":00,\"delta\":{\"type\":\"text_delta\",\"text\":\"x\"}}\n\n",
	"event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":2,\"delta\":{\"type\":\"input_json_delta\",\"partial_json\":\"{\\\"a\\\": 1\"}}\n\n",
	"event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":2,\"delta\":{\"type\":\"text_delta\",\"text\":\"a\xff\"}}\n\n",
}

// FuzzEnvelope: fastBlockEvent answers for any piece as the full reading does (sse.Fields, then
// json.Unmarshal into an event), or not at all: what it reads is a complete event whose event line
// names its type, whose data decodes without error to the same event and has no "error" member.
func FuzzEnvelope(f *testing.F) {
	for _, s := range envelopeSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		var f fastEvent
		data, e, ok := fastBlockEvent(raw, &f)
		if !ok {
			return
		}
		name, full, has := sse.Fields(raw)
		if !has || string(full) != string(data) || string(name) != e.Type {
			t.Fatalf("%q: read as %s with data %q; the field parser gives %q, %q", raw, e.Type, data, name, full)
		}
		var want event
		if err := json.Unmarshal(full, &want); err != nil {
			t.Fatalf("%q: read by its bytes, but the decoder refuses it: %v", raw, err)
		}
		if d := cmp.Diff(want, *e); d != "" {
			t.Fatalf("%q: read by its bytes unlike the decoder (-decoder +bytes):\n%s", raw, d)
		}
		if hasErrorKey(full) || !usableIndex(e.Index, nil) {
			t.Fatalf("%q: read by its bytes, yet the full reading would not take it as a block event", raw)
		}
	})
}

// FuzzFastDelta: fastTextDelta and fastInputDelta answer for any data as json.Unmarshal into an
// event does, or not at all.
func FuzzFastDelta(f *testing.F) {
	for _, s := range envelopeSeeds {
		if data, ok := fastDeltaData([]byte(s)); ok {
			f.Add(data)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, k := range []struct {
			typ  string
			read func([]byte) (int, string, bool)
			got  func(*delta) *string
		}{
			{"text_delta", fastTextDelta, func(d *delta) *string { return d.Text }},
			{"input_json_delta", func(data []byte) (int, string, bool) {
				buf := []byte("scratch before")
				idx, partial, ok := fastInputDelta(data, &buf)
				return idx, string(partial), ok
			}, func(d *delta) *string { return d.PartialJSON }},
		} {
			idx, text, ok := k.read(data)
			if !ok {
				continue
			}
			var e event
			if err := json.Unmarshal(data, &e); err != nil {
				t.Fatalf("%q: read as a %s by its bytes, but the decoder refuses it: %v", data, k.typ, err)
			}
			if e.Type != "content_block_delta" || e.Index == nil || *e.Index != idx || e.Delta == nil || e.Delta.Type != k.typ ||
				k.got(e.Delta) == nil || *k.got(e.Delta) != text || hasErrorKey(data) || !usableIndex(e.Index, nil) {
				t.Fatalf("%q: read as a %s at %d with %q by its bytes; the decoder reads %+v", data, k.typ, idx, text, e)
			}
		}
	})
}
