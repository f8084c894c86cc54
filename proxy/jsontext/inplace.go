package jsontext

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
)

// ErrNotArray is returned when the text is not a single JSON array.
var ErrNotArray = errors.New("not a JSON array")

// errSyntax is the error of text that is not valid JSON.
var errSyntax = errors.New("invalid JSON")

// ParseObjectInPlace is ParseObject without a copy: it accepts and refuses what ParseObject does
// and gives the same members, but each value is a slice of data itself (its capacity ends with
// it, so that an append copies), so data must not change while the object is in use. A whole
// response body is read so: a copy of each level of a 30 MB answer would cost 30 MB each. The
// object is checked and split in one walk (validObject), so that a whole answer's members are
// not read again to find where they end (issue 21).
func ParseObjectInPlace(data []byte) (Object, error) {
	data = bytes.TrimSpace(data)
	if len(data) == 0 || data[0] != '{' {
		return nil, ErrNotObject
	}
	obj, end, keyErr := validObject(data)
	if end < 0 {
		return nil, fmt.Errorf("parsing object: %w", errSyntax)
	}
	// What follows the object: white space, or (as encoding/json's Decoder reads a stream of
	// values) a '}' or ']' it does not read on.
	if rest := bytes.TrimLeft(data[end:], " \t\r\n"); len(rest) > 0 && rest[0] != '}' && rest[0] != ']' {
		return nil, fmt.Errorf("parsing object: trailing data")
	}
	if keyErr != nil { // after the syntax, as the split of a checked text gave it
		return nil, fmt.Errorf("parsing object key: %w", keyErr)
	}
	return obj, nil
}

// validObject checks the object whose '{' starts data, as validValue does, and splits it into
// its members as splitObject does, in the same walk: each member's value is checked by validAt,
// whose end is where the value ends. end is the offset past the object's '}', or -1 when it is
// not valid (obj is then undefined); keyErr is the first key Unquote refused.
func validObject(data []byte) (obj Object, end int, keyErr error) {
	i := skipSpace(data, 1)
	if i < len(data) && data[i] == '}' {
		return nil, i + 1, nil // as appends to a nil Object leave it
	}
	obj = make(Object, 0, 4)
	for {
		if i >= len(data) || data[i] != '"' {
			return nil, -1, nil
		}
		kEnd := stringEnd(data, i)
		if kEnd < 0 {
			return nil, -1, nil
		}
		key, ok := commonKeys[string(data[i:kEnd])]
		if !ok && keyErr == nil {
			var err error
			if key, err = Unquote(data[i:kEnd]); err != nil {
				keyErr = err
			}
		}
		if i = skipSpace(data, kEnd); i >= len(data) || data[i] != ':' {
			return nil, -1, nil
		}
		v := skipSpace(data, i+1)
		vEnd := validAt(data, v, maxDepth-1)
		if vEnd < 0 {
			return nil, -1, nil
		}
		obj = append(obj, Member{Key: key, Value: data[v:vEnd:vEnd]})
		if i = skipSpace(data, vEnd); i >= len(data) {
			return nil, -1, nil
		}
		switch data[i] {
		case '}':
			return obj, i + 1, keyErr
		case ',':
			i = skipSpace(data, i+1)
		default:
			return nil, -1, nil
		}
	}
}

// SplitObject is ParseObjectInPlace for a value already checked: data is an object, array
// item or member value that ParseObjectInPlace or ParseArrayInPlace gave (they check the whole
// text once), so only where its members start and end is read, not its syntax again. Any other
// value gives ErrNotObject; for text not so checked the members are undefined.
func SplitObject(data []byte) (Object, error) {
	data = bytes.TrimSpace(data)
	if len(data) == 0 || data[0] != '{' {
		return nil, ErrNotObject
	}
	return splitObject(data)
}

// splitObject splits the valid JSON object data (trimmed, or followed by text after its '}')
// into its members.
func splitObject(data []byte) (Object, error) {
	obj, _, err := splitObjectEnd(data)
	return obj, err
}

// splitObjectEnd is splitObject that also gives the offset past the object's '}'.
func splitObjectEnd(data []byte) (Object, int, error) {
	i := skipSpace(data, 1)
	if data[i] == '}' {
		return nil, i + 1, nil // as appends to a nil Object leave it
	}
	obj := make(Object, 0, 4) // a block's or a call's members, at once: appends from nil grow it 3 times
	for data[i] != '}' {
		kEnd := valueEnd(data, i)
		key, ok := commonKeys[string(data[i:kEnd])] // Unquote's answer, without a copy
		if !ok {
			var err error
			if key, err = Unquote(data[i:kEnd]); err != nil {
				return nil, -1, fmt.Errorf("parsing object key: %w", err)
			}
		}
		v := skipSpace(data, skipSpace(data, kEnd)+1) // past the ':'
		vEnd := valueEnd(data, v)
		obj = append(obj, Member{Key: key, Value: data[v:vEnd:vEnd]})
		if i = skipSpace(data, vEnd); data[i] == ',' {
			i = skipSpace(data, i+1)
		}
	}
	return obj, i + 1, nil
}

// commonKeys are the keys every block, call and choice of a whole answer has, by their literal:
// a 24 MB answer has about 100,000 of them (issue 21), which splitObject gives without a copy.
var commonKeys = map[string]string{}

func init() {
	for _, k := range []string{"type", "text", "id", "name", "input", "function", "arguments", "index", "message", "role", "content"} {
		commonKeys[`"`+k+`"`] = k
	}
}

// ParseArrayInPlace splits the JSON array in data into its items, in order, each a slice of data
// itself as ParseObjectInPlace gives them. It returns ErrNotArray for any other JSON value (null
// among them) and a wrapped syntax error for invalid JSON or trailing data, as json.Unmarshal into
// a []json.RawMessage refuses it.
func ParseArrayInPlace(data []byte) ([]json.RawMessage, error) {
	if !Valid(data) {
		return nil, fmt.Errorf("parsing array: %w", errSyntax)
	}
	return SplitArray(data)
}

// SplitArray is ParseArrayInPlace for a value already checked (see SplitObject): only where its
// items start and end is read. Any other value gives ErrNotArray.
func SplitArray(data []byte) ([]json.RawMessage, error) {
	i := skipSpace(data, 0)
	if i == len(data) {
		return nil, ErrNotArray
	}
	if data[i] != '[' {
		return nil, ErrNotArray
	}
	items := []json.RawMessage{}
	for i = skipSpace(data, i+1); data[i] != ']'; {
		end := valueEnd(data, i)
		items = append(items, data[i:end:end])
		if i = skipSpace(data, end); data[i] == ',' {
			i = skipSpace(data, i+1)
		}
	}
	return items, nil
}

// SplitArrayObjects is SplitArray that also splits each item that is an object as SplitObject
// does, in the same walk: objs[i] is items[i]'s members, nil when items[i] is no object, is {} or
// its split fails. A whole answer's blocks or choices are so read once to find both where each
// ends and its members, not once by the array's split and again by each item's (issue 21).
func SplitArrayObjects(data []byte) (items []json.RawMessage, objs []Object, err error) {
	i := skipSpace(data, 0)
	if i == len(data) || data[i] != '[' {
		return nil, nil, ErrNotArray
	}
	items = []json.RawMessage{}
	for i = skipSpace(data, i+1); data[i] != ']'; {
		if len(items) == cap(items) {
			// Doubled, not by append's quarter past a few hundred items: the 36,000 blocks of a
			// 24 MB answer would otherwise allocate five times what the two lists end at.
			items, objs = slices.Grow(items, max(4, len(items))), slices.Grow(objs, max(4, len(items)))
		}
		var obj Object
		end := -1
		if data[i] == '{' {
			var err error
			if obj, end, err = splitObjectEnd(data[i:]); err == nil {
				end += i
			} else {
				obj, end = nil, -1
			}
		}
		if end < 0 {
			end = valueEnd(data, i) // no object, or one whose key is refused: found as SplitArray finds it
		}
		items = append(items, data[i:end:end])
		objs = append(objs, obj)
		if i = skipSpace(data, end); data[i] == ',' {
			i = skipSpace(data, i+1)
		}
	}
	return items, objs, nil
}

// skipSpace returns the offset of the first byte from i on that is not JSON white space.
func skipSpace(data []byte, i int) int {
	for i < len(data) && (data[i] == ' ' || data[i] == '\t' || data[i] == '\r' || data[i] == '\n') {
		i++
	}
	return i
}

// valueEnd returns the offset just past the JSON value that starts at i, reading only as much of
// its syntax as finding its end needs (the caller checks the rest), or -1 when it does not end
// in data.
func valueEnd(data []byte, i int) int {
	depth := 0
	for ; i < len(data); i++ {
		switch c := data[i]; c {
		case '"':
			if i = closingQuote(data, i+1); i < 0 {
				return -1
			}
			if depth == 0 {
				return i + 1
			}
		case '{', '[':
			depth++
		case '}', ']':
			if depth--; depth <= 0 {
				return i + 1
			}
		case ' ', '\t', '\r', '\n', ',', ':':
			if depth == 0 {
				return i
			}
		default:
			if depth == 0 && (i+1 == len(data) || endsScalar(data[i+1])) {
				return i + 1
			}
		}
	}
	return -1
}

// closingQuote returns the offset of the first quote from i on that no backslash escapes (one
// after an odd run of backslashes that starts at i or later is escaped), or -1: the end of a
// string whose inside starts at i, found by a fast search for the quote rather than a byte loop.
func closingQuote(data []byte, i int) int {
	start := i
	// A short string (a key, a type) ends within a few bytes: read them before the search's call.
	for end := min(len(data), i+16); i < end; i++ {
		switch data[i] {
		case '"':
			return i
		case '\\':
			i++ // the escaped byte, which may be past end: the search goes on after it
		}
	}
	if i >= len(data) {
		return -1
	}
	for {
		q := bytes.IndexByte(data[i:], '"')
		if q < 0 {
			return -1
		}
		q += i
		n := 0
		for q-n-1 >= start && data[q-n-1] == '\\' {
			n++
		}
		if n%2 == 0 {
			return q
		}
		i = q + 1
	}
}

// endsScalar reports whether c ends a number or literal: white space or a delimiter.
func endsScalar(c byte) bool {
	switch c {
	case ' ', '\t', '\r', '\n', ',', ':', ']', '}':
		return true
	}
	return false
}
