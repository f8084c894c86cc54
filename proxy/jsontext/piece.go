package jsontext

import (
	"encoding/json"
	"unsafe"
)

// Piece is JSON text still to be written, so that a change deep in a large body is written once,
// into the answer, rather than copied again by every object and array around it: raw text
// (RawPiece), text to write as a string literal (QuotePiece), an object (ObjectPiece) or an array
// of pieces (ListPiece). The zero Piece is empty text.
type Piece struct {
	kind pieceKind
	raw  []byte // pieceRaw: the text; pieceQuote: the text to quote
	obj  Object
	list []Piece
}

type pieceKind uint8

const (
	pieceRaw pieceKind = iota
	pieceQuote
	pieceObject
	pieceList
)

// RawPiece is the piece of raw JSON text.
func RawPiece(raw json.RawMessage) Piece { return Piece{raw: raw} }

// QuotePiece is the piece of text written as a JSON string literal (as Quote writes it).
func QuotePiece(text []byte) Piece { return Piece{kind: pieceQuote, raw: text} }

// ObjectPiece is the piece of an object, written compact as Marshal writes it.
func ObjectPiece(o Object) Piece { return Piece{kind: pieceObject, obj: o} }

// ListPiece is the piece of an array of pieces, written compact as Array writes it ([] for none).
func ListPiece(items []Piece) Piece { return Piece{kind: pieceList, list: items} }

// SetPiece replaces the value of the first member named key by p, or appends the member when
// there is none; Get then returns nil for it until Set gives it raw text again.
func (o *Object) SetPiece(key string, p Piece) {
	for i := range *o {
		if (*o)[i].Key == key {
			(*o)[i].Value, (*o)[i].piece = nil, &p
			return
		}
	}
	*o = append(*o, Member{Key: key, piece: &p})
}

// size is an upper bound of the bytes p writes but for escapes added to keys and quoted text.
func (p *Piece) size() int {
	switch p.kind {
	case pieceQuote:
		return len(p.raw) + 2
	case pieceObject:
		return p.obj.size()
	case pieceList:
		n := 2 + len(p.list)
		for i := range p.list {
			n += p.list[i].size()
		}
		return n
	}
	return len(p.raw)
}

// appendTo writes p to dst.
func (p *Piece) appendTo(dst []byte) []byte {
	switch p.kind {
	case pieceQuote:
		return AppendQuote(dst, unsafe.String(unsafe.SliceData(p.raw), len(p.raw))) // read only
	case pieceObject:
		return p.obj.appendTo(dst)
	case pieceList:
		dst = append(dst, '[')
		for i := range p.list {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = p.list[i].appendTo(dst)
		}
		return append(dst, ']')
	}
	return append(dst, p.raw...)
}

// size is an upper bound of what Marshal writes but for escapes added to keys.
func (o Object) size() int {
	n := 2
	for i := range o {
		n += len(o[i].Key) + 4
		if o[i].piece != nil {
			n += o[i].piece.size()
		} else {
			n += len(o[i].Value)
		}
	}
	return n
}

// appendTo writes the object compactly to dst, as Marshal does.
func (o Object) appendTo(dst []byte) []byte {
	dst = append(dst, '{')
	for i := range o {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = append(AppendQuote(dst, o[i].Key), ':')
		if o[i].piece != nil {
			dst = o[i].piece.appendTo(dst)
		} else {
			dst = append(dst, o[i].Value...)
		}
	}
	return append(dst, '}')
}

// Marshal writes p into one buffer of the size it needs.
func (p Piece) Marshal() []byte { return p.appendTo(make([]byte, 0, p.size())) }
