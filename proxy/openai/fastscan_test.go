package openai

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/toolfix/toolfix/proxy/jsontext"
	"github.com/toolfix/toolfix/proxy/markup"
	"github.com/toolfix/toolfix/proxy/sse"
)

// norm turns a wireChunk into plain values for comparison (pointers into the scratch or the
// heap compare by what they point at).
func norm(ch wireChunk) any {
	var list []any
	for _, c := range ch.Choices.list {
		var calls []any
		var content, reason any
		if c.Delta != nil {
			for _, tc := range c.Delta.ToolCalls {
				var fn any
				if tc.Function != nil {
					args := any(nil)
					if tc.Function.Arguments != nil {
						var v any
						_ = json.Unmarshal(tc.Function.Arguments, &v)
						args = []any{string(tc.Function.Arguments) != "", v}
					}
					fn = []any{deref(tc.Function.Name), args}
				}
				calls = append(calls, []any{derefInt(tc.Index), deref(tc.ID), deref(tc.Type), fn})
			}
			content, reason = deref(c.Delta.Content), deref(c.Delta.Reasoning)
		}
		list = append(list, []any{derefInt(c.Index), c.Delta != nil, content, reason, calls, deref(c.FinishReason)})
	}
	return []any{ch.Choices.present, ch.Choices.null, len(ch.Choices.list), list, ch.Error != nil}
}

func deref(p *string) any {
	if p == nil {
		return nil
	}
	return *p
}

func derefInt(p *int) any {
	if p == nil {
		return nil
	}
	return *p
}

func TestFastChunkAgrees(t *testing.T) {
	for _, d := range []string{
		`{"choices":[{"index":0,"delta":{"content":"a\n\"b\" \u00e9"},"finish_reason":null}]}`,
		`{"choices":[{"index":2,"delta":{"tool_calls":[{"index":0,"id":"c","type":"function","function":{"name":"n","arguments":"{\"a\":1}"}},{"index":1,"function":{"arguments":{"x":[1,2]}}}]},"finish_reason":"stop"}],"usage":null}`,
		`{"choices":null}`, `{"choices":[]}`, `{"error":null}`, `{"id":"x","usage":{"a":[true,false,null,1.5e3]}}`,
		`{"choices":[{"delta":null,"index":null,"finish_reason":null}]}`,
		`{"choices":[{"delta":{"role":"assistant","content":null,"reasoning_content":"r"}}]}`,
	} {
		var sc scratch
		fast, ok := fastChunk([]byte(d), &sc)
		if !ok {
			t.Errorf("fast path refused %s", d)
			continue
		}
		var slow wireChunk
		if err := json.Unmarshal([]byte(d), &slow); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(norm(fast), norm(slow)) {
			t.Errorf("%s:\nfast %v\nslow %v", d, norm(fast), norm(slow))
		}
	}
	for _, d := range []string{
		`{"choices":[{"index":0},{"index":1}]}`, `{"Choices":[]}`, `{"choices":[],"choices":[]}`,
		`{"choices":[{"index":"0"}]}`, `{"choices":[{"index":0.0}]}`, `{"choices":[{"delta":{"content":5}}]}`,
		`{"a":01}`, `{"a":"\x"}`, "{\"a\":\"\x01\"}", `{"a":1}x`, `{"a":[1,]}`, `{"a\u0041":1}`,
		`{"choices":[{"delta":{"tool_calls":[{"index":0,"index":1}]}}]}`,
	} {
		var sc scratch
		if _, ok := fastChunk([]byte(d), &sc); ok {
			t.Errorf("fast path took %s", d)
		}
	}
}

// FuzzFastChunk: whatever the fast path accepts, encoding/json accepts and reads the same way,
// also when the chunk before it taught the shape cache.
func FuzzFastChunk(f *testing.F) {
	const learn = `{"id":"c","choices":[{"index":0,"delta":{"content":"a"},"finish_reason":null}]}`
	f.Add(learn, `{"id":"c","choices":[{"index":0,"delta":{"content":"a\n"},"finish_reason":null}]}`)
	f.Add(learn, `{"id":"c","choices":[{"index":0,"delta":{"content":"a","x":"b"},"finish_reason":null}]}`)
	f.Add(learn, `{"id":"c","choices":[{"index":0,"delta":{"content":null},"finish_reason":null}]}`)
	f.Add("", `{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"c","type":"function","function":{"name":"n","arguments":"{}"}}]}}]}`)
	f.Add("", `{"choices":null,"error":{"message":"x"},"usage":[1,-2.5e+3,true]}`)
	f.Fuzz(func(t *testing.T, first, d string) {
		var sc scratch
		fastChunk([]byte(first), &sc)
		fast, ok := fastChunk([]byte(d), &sc)
		if !ok {
			return
		}
		var slow wireChunk
		if err := json.Unmarshal([]byte(d), &slow); err != nil {
			t.Fatalf("fast path took what the decoder refuses (%v): %q", err, d)
		}
		if !reflect.DeepEqual(norm(fast), norm(slow)) {
			t.Fatalf("%q:\nfast %v\nslow %v", d, norm(fast), norm(slow))
		}
	})
}

func TestShapeCache(t *testing.T) {
	var sc scratch
	first := `{"id":"c","choices":[{"index":1,"delta":{"content":"a"},"finish_reason":null}]}`
	if _, ok := fastChunk([]byte(first), &sc); !ok || !sc.shape.ok {
		t.Fatal("shape not learnt")
	}
	ch, ok := sc.shape.match([]byte(`{"id":"c","choices":[{"index":1,"delta":{"content":"b\"\n"},"finish_reason":null}]}`), &sc)
	if !ok || *ch.Choices.list[0].Index != 1 || *ch.Choices.list[0].Delta.Content != "b\"\n" {
		t.Fatalf("no match: %v", ok)
	}
	for _, d := range []string{
		`{"id":"d","choices":[{"index":1,"delta":{"content":"b"},"finish_reason":null}]}`,
		`{"id":"c","choices":[{"index":1,"delta":{"content":"b","content":"c"},"finish_reason":null}]}`,
		`{"id":"c","choices":[{"index":1,"delta":{"content":null},"finish_reason":null}]}`,
		`{"id":"c","choices":[{"index":1,"delta":{"content":"b"},"finish_reason":"stop"}]}`,
	} {
		if _, ok := sc.shape.match([]byte(d), &sc); ok {
			t.Errorf("matched %s", d)
		}
	}
	if ch, ok := fastChunk([]byte(`{"id":"c","choices":[{"index":1,"delta":{},"finish_reason":"stop"}]}`), &sc); !ok || ch.Choices.list[0].FinishReason == nil {
		t.Fatal("a finish chunk read wrong")
	}
	if !sc.shape.ok {
		t.Fatal("a finish chunk forgot the shape")
	}
}

// FuzzQuietContent: whatever piece shape.quietContent reads, the general reading of Push reads
// the same way: sse.Fields gives its chunk as the data, which is no junk, needs no trimming and is
// an object, and match reads it as a chunk of the shape's choice with that content (decoded, when
// escaped).
func FuzzQuietContent(f *testing.F) {
	const learn = `{"id":"c","choices":[{"index":2,"delta":{"content":"a"},"finish_reason":null}]}`
	f.Add(learn, "data: "+learn+"\n\n")
	f.Add(learn, "data: "+strings.Replace(learn, `"a"`, `"words, then more words"`, 1)+"\n\n")
	f.Add(learn, "data: "+strings.Replace(learn, `"a"`, `"a\nb"`, 1)+"\n\n")
	f.Add(learn, "data: "+strings.Replace(learn, `"a"`, `"state;\\n\\n"`, 1)+"\n\n")
	f.Add(learn, "data: "+strings.Replace(learn, `"a"`, `"a <b> \\t\\\""`, 1)+"\n\n")
	f.Add(learn, "data:"+strings.Replace(learn, `"a"`, `"bc"`, 1)+"\n\n")
	f.Add(`{"id":"c\n","choices":[{"index":0,"delta":{"content":"a"}}]}`, "data: {\"id\":\"c\n\",\"choices\":[{\"index\":0,\"delta\":{\"content\":\"b\"}}]}\n\n")
	f.Fuzz(func(t *testing.T, first, raw string) {
		var sc scratch
		fastChunk([]byte(first), &sc)
		text, quiet, escaped, ok := sc.shape.quietContent([]byte(raw))
		if !ok {
			return
		}
		_, data, has := sse.Fields([]byte(raw))
		if !has || IsJunk(data) || string(bytes.TrimSpace(data)) != string(data) || data[0] != '{' {
			t.Fatalf("%q: read as quiet content %q, but the field parser gives %q (%v)", raw, text, data, has)
		}
		plain, q := markup.PlainASCII(text)
		if plain == escaped || q != quiet || escaped && !jsontext.SimpleEscaped(text) {
			t.Fatalf("%q: content %q read as quiet %v, escaped %v; PlainASCII says %v, %v", raw, text, quiet, escaped, plain, q)
		}
		content := string(text)
		if escaped {
			dec, ok := jsontext.AppendUnescaped(nil, text)
			if !ok {
				t.Fatalf("%q: escaped content %q does not decode", raw, text)
			}
			content = string(dec)
		}
		ch, ok := sc.shape.match(data, &sc)
		if !ok || len(ch.Choices.list) != 1 || *ch.Choices.list[0].Index != sc.shape.index || *ch.Choices.list[0].Delta.Content != content {
			t.Fatalf("%q: read as quiet content %q of choice %d; match gives %v %+v", raw, text, sc.shape.index, ok, ch)
		}
	})
}

// FuzzArgTextInto: argTextInto gives argText's answer, whatever its buffer held before.
func FuzzArgTextInto(f *testing.F) {
	for _, s := range []string{`"{\"path\": \"/repo/"`, `""`, ` "a\u00e9\n" `, `null`, `{"a": 1}`, `[1, 2]`, `"\x"`, `"a`, `1`, "\"\x01\""} {
		f.Add(s, "before")
	}
	f.Fuzz(func(t *testing.T, raw, before string) {
		buf := []byte(before)
		got, gobj, gok := argTextInto([]byte(raw), &buf)
		want, wobj, wok := argText([]byte(raw))
		if string(got) != string(want) || gobj != wobj || gok != wok {
			t.Fatalf("argTextInto(%q) = %q, %v, %v; argText %q, %v, %v", raw, got, gobj, gok, want, wobj, wok)
		}
	})
}
