// Package jsontext reads and rewrites single fields of JSON text without decoding and re-encoding
// the rest, so that key order, spacing and number spelling of everything else stay as they came.
// The dialects use it to change one field of an event (an index, a stop_reason) and to rebuild a
// response object with a few members replaced.
package jsontext

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"unicode/utf8"
	"unsafe"
)

// Member is one member of a JSON object: its key (decoded) and its value as raw JSON text (or, set
// by SetPiece, a piece still to be written).
type Member struct {
	Key   string
	Value json.RawMessage
	piece *Piece // set by SetPiece: written in Value's place
}

// Object is a JSON object as an ordered list of members.
type Object []Member

// ErrNotObject is returned when the text is not a single JSON object.
var ErrNotObject = errors.New("not a JSON object")

// ParseObject splits the JSON object in data into its members, in order, values kept as raw text
// (with surrounding white space trimmed). It returns ErrNotObject for any other JSON value and a
// wrapped syntax error for invalid JSON or trailing data.
func ParseObject(data []byte) (Object, error) {
	data = bytes.TrimSpace(data)
	if len(data) == 0 || data[0] != '{' {
		return nil, ErrNotObject
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	if _, err := dec.Token(); err != nil {
		return nil, fmt.Errorf("parsing object: %w", err)
	}
	var obj Object
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, fmt.Errorf("parsing object key: %w", err)
		}
		key, ok := tok.(string)
		if !ok {
			return nil, fmt.Errorf("parsing object: key is %T", tok)
		}
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return nil, fmt.Errorf("parsing value of %q: %w", key, err)
		}
		obj = append(obj, Member{Key: key, Value: raw})
	}
	if _, err := dec.Token(); err != nil {
		return nil, fmt.Errorf("parsing object end: %w", err)
	}
	if dec.More() {
		return nil, fmt.Errorf("parsing object: trailing data")
	}
	if _, err := dec.Token(); err == nil {
		return nil, fmt.Errorf("parsing object: trailing data")
	}
	return obj, nil
}

// Get returns the raw value of the first member named key, or nil.
func (o Object) Get(key string) json.RawMessage {
	for _, m := range o {
		if m.Key == key {
			return m.Value
		}
	}
	return nil
}

// Set replaces the value of the first member named key, or appends the member when there is none.
func (o *Object) Set(key string, value json.RawMessage) {
	for i := range *o {
		if (*o)[i].Key == key {
			(*o)[i].Value, (*o)[i].piece = value, nil
			return
		}
	}
	*o = append(*o, Member{Key: key, Value: value})
}

// Array writes elems as a compact JSON array, each element as its raw text, in order; nil or empty
// elems is [].
func Array(elems []json.RawMessage) json.RawMessage {
	n := 2 + len(elems)
	for _, e := range elems {
		n += len(e)
	}
	b := make([]byte, 1, n) // written once: a long element is not copied again as b grows
	b[0] = '['
	for i, e := range elems {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, e...)
	}
	return append(b, ']')
}

// Marshal writes the object compactly: members in order, each value as its raw text (or its
// piece, see SetPiece), into one buffer of the size it needs.
func (o Object) Marshal() []byte {
	return o.appendTo(make([]byte, 0, o.size())) // a key or text that needs escapes may grow it once more
}

// Quote returns s as a JSON string literal, escaping only what JSON requires (quote, backslash and
// control characters) so that text such as "<invoke>" stays readable; invalid UTF-8 becomes U+FFFD.
func Quote(s string) []byte {
	b := make([]byte, 0, len(s)+2)
	return AppendQuote(b, s)
}

// AppendQuote appends s as a JSON string literal to b; see Quote.
func AppendQuote(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			default:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

// Unquote decodes the JSON string literal lit (with its quotes). A literal without a backslash is
// returned without copying more than once.
func Unquote(lit []byte) (string, error) {
	if len(lit) < 2 || lit[0] != '"' || lit[len(lit)-1] != '"' {
		return "", fmt.Errorf("unquoting %.20q: not a string literal", lit)
	}
	inner := lit[1 : len(lit)-1]
	if bytes.IndexByte(inner, '\\') < 0 && bytes.IndexByte(inner, '"') < 0 && utf8.Valid(inner) {
		return string(inner), nil
	}
	if s, ok := unescape(inner); ok {
		return s, nil
	}
	var s string
	if err := json.Unmarshal(lit, &s); err != nil {
		return "", fmt.Errorf("unquoting %.20q: %w", lit, err)
	}
	return s, nil
}

// unescape decodes the inside of a string literal whose escapes are all of one character (\" \\ \/
// \b \f \n \r \t) and whose other bytes are valid UTF-8 with no quote or control character,
// which is what a streamed delta holds: the answer of encoding/json, without its reflection. ok
// is false for anything else (a \u escape, a broken one, a byte the decoder refuses or replaces),
// which Unquote leaves to encoding/json (FuzzUnquote holds the two to the same answer).
func unescape(inner []byte) (string, bool) {
	b, ok := appendUnescaped(make([]byte, 0, len(inner)), inner)
	if !ok {
		return "", false
	}
	return unsafe.String(unsafe.SliceData(b), len(b)), true // b is not written again
}

// appendUnescaped appends what unescape decodes inner to to dst.
func appendUnescaped(dst, inner []byte) ([]byte, bool) {
	if !utf8.Valid(inner) {
		return nil, false
	}
	for i := 0; i < len(inner); i++ {
		if j := plainFrom(inner, i); j > i {
			dst = append(dst, inner[i:j]...) // the bytes up to the next escape, copied at once
			if i = j; i == len(inner) {
				break
			}
		}
		if c := inner[i]; c != '\\' {
			return nil, false // a quote or a control byte
		}
		if i++; i == len(inner) {
			return nil, false
		}
		d, ok := EscapedByte(inner[i])
		if !ok {
			return nil, false
		}
		dst = append(dst, d)
	}
	return dst, true
}

// String reads a JSON value (raw, without white space around it, as ParseObject and the splits
// give it; nil when absent) as json.Unmarshal into a string does: a string
// literal is its text, null is "", and any other value (or none) is no string: false.
func String(raw []byte) (string, bool) {
	if string(raw) == "null" {
		return "", true
	}
	s, err := Unquote(raw)
	return s, err == nil
}

// CheckedString is String for a value of text that Valid (or ParseObjectInPlace or
// ParseArrayInPlace) checked: a string literal then holds no quote or control byte but its
// delimiters and escapes, so that only its backslashes are searched for (issue 21 item 2: the
// texts of a whole answer decoded at the speed of a copy). Its answer is String's (FuzzString).
func CheckedString(raw []byte) (string, bool) {
	if len(raw) < 2 || raw[0] != '"' {
		return String(raw)
	}
	inner := raw[1 : len(raw)-1]
	if !utf8.Valid(inner) {
		return String(raw) // encoding/json replaces such bytes: its way
	}
	b := make([]byte, 0, len(inner))
	for {
		j := bytes.IndexByte(inner, '\\')
		if j < 0 {
			b = append(b, inner...)
			break
		}
		b = append(b, inner[:j]...)
		d, ok := EscapedByte(inner[j+1]) // a checked literal has a byte after its backslash
		if !ok {
			return String(raw) // a \u escape: encoding/json's way
		}
		b = append(b, d)
		inner = inner[j+2:]
	}
	return unsafe.String(unsafe.SliceData(b), len(b)), true // b is not written again
}

// UnquoteBytes is Unquote giving the text as a new byte slice, decoded straight into it: one copy
// of a long text where Unquote and a conversion make two.
func UnquoteBytes(lit []byte) ([]byte, error) {
	if len(lit) >= 2 && lit[0] == '"' && lit[len(lit)-1] == '"' {
		inner := lit[1 : len(lit)-1]
		if b, ok := appendUnescaped(make([]byte, 0, len(inner)), inner); ok {
			return b, nil
		}
	}
	s, err := Unquote(lit)
	if err != nil {
		return nil, err
	}
	return []byte(s), nil
}

// AppendUnquote appends the text of the JSON string literal lit (with its quotes) to dst: Unquote
// decoded straight into a buffer the caller reuses, so that a streamed delta read for its text
// alone costs no allocation once dst has grown. On an error dst is returned as it was.
func AppendUnquote(dst, lit []byte) ([]byte, error) {
	if len(lit) >= 2 && lit[0] == '"' && lit[len(lit)-1] == '"' {
		if b, ok := appendUnescaped(dst, lit[1:len(lit)-1]); ok {
			return b, nil
		}
	}
	s, err := Unquote(lit)
	if err != nil {
		return dst, err
	}
	return append(dst, s...), nil
}

// SimpleEscaped reports whether inner, the inside of a string literal, is ASCII from 0x20 on with
// no quote, and every backslash in it begins an escape of one character other than \" and \\ (\/
// \b \f \n \r \t): the first quote after such an inside closes its literal, and
// AppendUnescaped decodes it. A streamed text delta with a line end in it is one ("state;\n\n").
func SimpleEscaped(inner []byte) bool {
	for i := 0; i < len(inner); i++ {
		switch c := inner[i]; {
		case c < 0x20 || c >= 0x80 || c == '"':
			return false
		case c == '\\':
			if i++; i == len(inner) || inner[i] == '"' || inner[i] == '\\' {
				return false
			}
			if _, ok := EscapedByte(inner[i]); !ok {
				return false // \u and broken escapes
			}
		}
	}
	return true
}

// AppendUnescaped appends the text of inner, the inside of a string literal, to dst, as Unquote
// decodes it, when its escapes are all of one character and its other bytes valid UTF-8 with no
// quote or control byte (unescape's literals, SimpleEscaped's among them); ok is false, and dst
// no use, for any other.
func AppendUnescaped(dst, inner []byte) ([]byte, bool) { return appendUnescaped(dst, inner) }

// EscapedByte returns the byte a one-character JSON escape stands for, e being the character after
// the backslash: '"', '\\', '/', 'b', 'f', 'n', 'r', 't'. ok is false for any other, 'u' (the
// caller reads its four hex digits) among them.
func EscapedByte(e byte) (b byte, ok bool) {
	switch e {
	case '"', '\\', '/':
		return e, true
	case 'b':
		return '\b', true
	case 'f':
		return '\f', true
	case 'n':
		return '\n', true
	case 'r':
		return '\r', true
	case 't':
		return '\t', true
	}
	return 0, false
}

// FormatInt returns n as JSON number text.
func FormatInt(n int) json.RawMessage { return strconv.AppendInt(nil, int64(n), 10) }
