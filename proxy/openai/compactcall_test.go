package openai

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/toolfix/toolfix/proxy/jsontext"
)

// FuzzCompactCall: compactCall reads a tool_calls entry as the general reading of
// repairToolCall does (SplitObject, the function's name by CheckedString, its arguments by
// argText, an id that is a string other than ""), or not at all.
func FuzzCompactCall(f *testing.F) {
	for _, s := range []string{
		`{"id":"call_1","type":"function","function":{"name":"read","arguments":"{\"path\": \"/repo/main.go\", \"limit\": 40}"}}`,
		`{"id":"call_1","type":"function","function":{"name":"read","arguments":"a"},"x":{"name":"b","arguments":"c"}}`,
		`{"id":"","type":"function","function":{"name":"read","arguments":""}}`,
		`{"id":"c","type":"function","function":{"name":"r\u0065","arguments":"\u00e9\n"}}`,
		`{"id":"c","type":"function","function":{"name":"r","arguments":{"a":1}}}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		if !json.Valid(raw) {
			return // repairToolCall reads entries of a body checked whole
		}
		name, lit, ok := compactCall(raw)
		if !ok {
			return
		}
		o, err := jsontext.SplitObject(raw)
		if err != nil {
			t.Fatalf("%q: read in place, but the split refuses it: %v", raw, err)
		}
		fn, err := jsontext.SplitObject(o.Get("function"))
		if err != nil {
			t.Fatalf("%q: read in place, but its function does not split: %v", raw, err)
		}
		want, _ := jsontext.CheckedString(fn.Get("name"))
		if want != name {
			t.Fatalf("%q: name %q, the general reading %q", raw, name, want)
		}
		if id := o.Get("id"); len(id) <= 2 || id[0] != '"' {
			t.Fatalf("%q: read in place with an id the general reading takes as none", raw)
		}
		args, obj, ok := argText(fn.Get("arguments"))
		got, err := jsontext.UnquoteBytes(lit)
		if !ok || obj || err != nil || !bytes.Equal(args, got) {
			t.Fatalf("%q: arguments %q (%v), the general reading %q (object %v, ok %v)", raw, got, err, args, obj, ok)
		}
	})
}
