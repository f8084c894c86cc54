package jsontext

import (
	"bytes"
	"encoding/json"
	"fmt"
	"testing"
)

// decoderObject is ParseObject as it was written on encoding/json's Decoder, the oracle of
// ParseObjectInPlace.
func decoderObject(data []byte) (Object, error) {
	data = bytes.TrimSpace(data)
	if len(data) == 0 || data[0] != '{' {
		return nil, ErrNotObject
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	if _, err := dec.Token(); err != nil {
		return nil, err
	}
	var obj Object
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, err
		}
		key, ok := tok.(string)
		if !ok {
			return nil, fmt.Errorf("key is %T", tok)
		}
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return nil, err
		}
		obj = append(obj, Member{Key: key, Value: raw})
	}
	if _, err := dec.Token(); err != nil {
		return nil, err
	}
	if dec.More() {
		return nil, fmt.Errorf("trailing data")
	}
	if _, err := dec.Token(); err == nil {
		return nil, fmt.Errorf("trailing data")
	}
	return obj, nil
}

// sameObject compares what ParseObjectInPlace and the decoder give for data.
func sameObject(t *testing.T, data []byte) {
	t.Helper()
	got, gerr := ParseObjectInPlace(data)
	want, werr := decoderObject(data)
	if (gerr == nil) != (werr == nil) {
		t.Fatalf("ParseObjectInPlace(%q): error %v, the decoder's %v", data, gerr, werr)
	}
	if len(got) != len(want) {
		t.Fatalf("ParseObjectInPlace(%q) = %d members, the decoder %d", data, len(got), len(want))
	}
	for i := range got {
		if got[i].Key != want[i].Key || !bytes.Equal(got[i].Value, want[i].Value) || cap(got[i].Value) != len(got[i].Value) {
			t.Fatalf("ParseObjectInPlace(%q) member %d = %q:%s, the decoder %q:%s", data, i, got[i].Key, got[i].Value, want[i].Key, want[i].Value)
		}
	}
	if (gerr == nil) != (werr == nil) || gerr != nil {
		return
	}
	if !bytes.Equal(ParseObjectMust(t, data).Marshal(), got.Marshal()) {
		t.Fatalf("Marshal differs for %q", data)
	}
}

// ParseObjectMust is ParseObject, which must succeed.
func ParseObjectMust(t *testing.T, data []byte) Object {
	t.Helper()
	o, err := ParseObject(data)
	if err != nil {
		t.Fatalf("ParseObject(%q): %v", data, err)
	}
	return o
}

// sameArray compares ParseArrayInPlace with json.Unmarshal into a []json.RawMessage.
func sameArray(t *testing.T, data []byte) {
	t.Helper()
	got, gerr := ParseArrayInPlace(data)
	var want []json.RawMessage
	werr := json.Unmarshal(data, &want)
	if werr == nil && want == nil {
		werr = ErrNotArray // null
	}
	if (gerr == nil) != (werr == nil) || len(got) != len(want) {
		t.Fatalf("ParseArrayInPlace(%q) = %d items, %v; Unmarshal %d, %v", data, len(got), gerr, len(want), werr)
	}
	for i := range got {
		if !bytes.Equal(got[i], want[i]) || cap(got[i]) != len(got[i]) {
			t.Fatalf("ParseArrayInPlace(%q) item %d = %s, Unmarshal %s", data, i, got[i], want[i])
		}
	}
}

var inPlaceSeeds = []string{
	`{"b":1,"a":[1, 2],"c":{"x":"y"}}`, ` { "k" : 1.50 } `, `{}`, `[]`, `null`, `{"a":}`, `{"a":1} x`,
	`{"a":1}{}`, ``, `"s"`, `{"a":1}]`, `{"a":1}}x`, `{"a":1},`, `{"a\u00e9\n":"\"}"}`, "{\"\xff\":1}",
	`{"a":true,"b":false,"c":null,"d":-1e5}`, `{"a":"x\\"}`, `{"a":1,"a":2}`, ` [1, {"a":[2]} ,"]"] `,
	`[1,]`, `[1 2]`, `{"a":[1}`, "\u00a0{\"a\":1}\u00a0", `{"a" 1}`, `{1:2}`,
	`{"a":"0123456789abcde\"f\"g","b":1}`, `{"a":"0123456789abcd\\","b":"x"}`, `["0123456789abcdef\\\"x\\"]`,
	`{"k":"0123456789abcdefghijklmnop\\\\"}`,
}

// sameSplit compares SplitObject and SplitArray with ParseObjectInPlace and ParseArrayInPlace on
// valid text, which is all they are given.
func sameSplit(t *testing.T, data []byte) {
	t.Helper()
	if !json.Valid(data) {
		return
	}
	o, oerr := ParseObjectInPlace(data)
	so, soerr := SplitObject(data)
	if (oerr == nil) != (soerr == nil) || len(o) != len(so) {
		t.Fatalf("SplitObject(%q) = %d members, %v; ParseObjectInPlace %d, %v", data, len(so), soerr, len(o), oerr)
	}
	for i := range o {
		if o[i].Key != so[i].Key || !bytes.Equal(o[i].Value, so[i].Value) {
			t.Fatalf("SplitObject(%q) member %d = %q:%s, ParseObjectInPlace %q:%s", data, i, so[i].Key, so[i].Value, o[i].Key, o[i].Value)
		}
	}
	a, aerr := ParseArrayInPlace(data)
	sa, saerr := SplitArray(data)
	if (aerr == nil) != (saerr == nil) || len(a) != len(sa) {
		t.Fatalf("SplitArray(%q) = %d items, %v; ParseArrayInPlace %d, %v", data, len(sa), saerr, len(a), aerr)
	}
	for i := range a {
		if !bytes.Equal(a[i], sa[i]) {
			t.Fatalf("SplitArray(%q) item %d = %s, ParseArrayInPlace %s", data, i, sa[i], a[i])
		}
	}
}

func TestInPlaceAsDecoder(t *testing.T) {
	for _, s := range inPlaceSeeds {
		sameObject(t, []byte(s))
		sameArray(t, []byte(s))
		sameSplit(t, []byte(s))
	}
}

// FuzzInPlace: ParseObjectInPlace answers as ParseObject's decoder did, and ParseArrayInPlace as
// json.Unmarshal into a []json.RawMessage.
func FuzzInPlace(f *testing.F) {
	for _, s := range inPlaceSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		sameObject(t, []byte(s))
		sameArray(t, []byte(s))
		sameSplit(t, []byte(s))
	})
}
