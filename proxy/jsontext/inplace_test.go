package jsontext

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
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
	`[{"a":1},2,{},{"b":{"c":[3]}},"x",{"\ud800":1}]`, `[{"type":"text","text":"hi"} , {"id":"x"}]`,
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
	items, objs, err := SplitArrayObjects(data)
	if (err == nil) != (saerr == nil) || len(items) != len(sa) || len(objs) != len(sa) {
		t.Fatalf("SplitArrayObjects(%q) = %d items, %d objects, %v; SplitArray %d, %v", data, len(items), len(objs), err, len(sa), saerr)
	}
	for i := range sa {
		want, _ := SplitObject(sa[i])
		if !bytes.Equal(items[i], sa[i]) || cap(items[i]) != len(items[i]) || len(objs[i]) != len(want) || (objs[i] == nil) != (want == nil) {
			t.Fatalf("SplitArrayObjects(%q) item %d = %s (%d members), SplitArray and SplitObject %s (%d)", data, i, items[i], len(objs[i]), sa[i], len(want))
		}
		for j := range want {
			if objs[i][j].Key != want[j].Key || !bytes.Equal(objs[i][j].Value, want[j].Value) || cap(objs[i][j].Value) != len(objs[i][j].Value) {
				t.Fatalf("SplitArrayObjects(%q) item %d member %d = %q:%s, SplitObject %q:%s", data, i, j, objs[i][j].Key, objs[i][j].Value, want[j].Key, want[j].Value)
			}
		}
	}
}

// TestInPlaceDepth holds ParseObjectInPlace, which checks each member's value on its own, to the
// nesting limit of the whole text, json.Valid's: 10,000 levels with the object's own, not one
// more (the decoder of sameObject reads a member's value afresh, so it is no oracle here).
func TestInPlaceDepth(t *testing.T) {
	for _, levels := range []int{maxDepth, maxDepth + 1} {
		inner := maxDepth - 1 // the arrays inside the object's member at levels == maxDepth
		if levels > maxDepth {
			inner++
		}
		data := []byte(`{"a":` + strings.Repeat("[", inner) + strings.Repeat("]", inner) + `}`)
		_, err := ParseObjectInPlace(data)
		if want := json.Valid(data); (err == nil) != want || want != (levels == maxDepth) {
			t.Errorf("%d levels: ParseObjectInPlace error %v, json.Valid %v", levels, err, want)
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
