package jsontext

import (
	"encoding/json"
	"testing"
)

// TestPiecesWriteAsMarshal: an answer written through pieces is what Marshal, Array and Quote
// write level by level.
func TestPiecesWriteAsMarshal(t *testing.T) {
	inner, _ := ParseObjectInPlace([]byte(`{"name":"t", "arguments":"{}"}`))
	outer, _ := ParseObjectInPlace([]byte(`{ "id":"c\u00e9", "function":{"name":"t"} ,"x":[1, 2]}`))
	list := []json.RawMessage{json.RawMessage(`{"a": 1}`), json.RawMessage(` 2`)}
	args := []byte("{\"v\":[1,\"<a>\\n\"]}\x01")

	inner2 := append(Object(nil), inner...)
	inner2.Set("arguments", Quote(string(args)))
	outer2 := append(Object(nil), outer...)
	outer2.Set("function", inner2.Marshal())
	outer2.Set("list", Array(append(append([]json.RawMessage(nil), list...), outer2.Marshal())))
	want := outer2.Marshal()

	inner.SetPiece("arguments", QuotePiece(args))
	outer.SetPiece("function", ObjectPiece(inner))
	pieces := []Piece{RawPiece(list[0]), RawPiece(list[1]), ObjectPiece(append(Object(nil), outer...))}
	outer.SetPiece("list", ListPiece(pieces))
	if got := outer.Marshal(); string(got) != string(want) {
		t.Fatalf("pieces wrote %s, Marshal %s", got, want)
	}
	if outer.Get("function") != nil {
		t.Error("Get of a member set by SetPiece is not nil")
	}
	for _, tc := range []struct {
		p    Piece
		want string
	}{{ListPiece(nil), `[]`}, {ObjectPiece(nil), `{}`}, {Piece{}, ``}, {QuotePiece(nil), `""`}} {
		if got := string(tc.p.Marshal()); got != tc.want {
			t.Errorf("Marshal = %q, want %q", got, tc.want)
		}
	}
}
