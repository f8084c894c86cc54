package jsontext

import (
	"bytes"
	"encoding/binary"
	"math/bits"
)

// maxDepth is the deepest nesting of arrays and objects json.Valid accepts (encoding/json's
// maxNestingDepth): one more level and the text is refused.
const maxDepth = 10000

// Word-at-a-time masks of Valid's string loop: every byte of a 64-bit word set to 0x01, 0x80,
// 0x20, or the quote and backslash.
const (
	ones       = 0x0101010101010101
	highs      = 0x8080808080808080
	quotes     = '"' * ones
	backslashs = '\\' * ones
)

// Valid reports whether data is one JSON value with nothing but JSON white space around it:
// exactly json.Valid's answer (FuzzValid holds the two to it), bytes over 0x7f in strings
// accepted as encoding/json accepts them, nesting deeper than 10,000 refused as it refuses it. It
// reads the inside of a string eight bytes at a time, so that a whole answer of long texts is
// checked at a few times the speed of json.Valid (issue 21 item 2).
func Valid(data []byte) bool {
	end := validValue(data)
	return end >= 0 && skipSpace(data, end) == len(data)
}

// validValue checks the JSON value that starts data (after white space) and returns the offset
// just past it, or -1 when data does not start with one valid value.
func validValue(data []byte) int { return validAt(data, 0, maxDepth) }

// validAt is validValue for the value that starts at i (after white space) and may open at most
// depth arrays and objects: a member's value checked on its own (validObject) has one level
// fewer than the text's.
func validAt(data []byte, i, depth int) int {
	var stack [64]byte // the open containers, '{' or '['; deeper nesting grows it
	open := stack[:0]
	i = skipSpace(data, i)
	for {
		// A value starts at i.
		if i >= len(data) {
			return -1
		}
		switch c := data[i]; {
		case c == '{' || c == '[':
			if len(open) == depth {
				return -1
			}
			open = append(open, c)
			i = skipSpace(data, i+1)
			if i < len(data) && data[i] == c+2 { // '}' is '{'+2, ']' is '['+2
				open = open[:len(open)-1]
				i++
				break
			}
			if c == '{' {
				if i = objectKey(data, i); i < 0 {
					return -1
				}
			}
			continue
		case c == '"':
			if i = stringEnd(data, i); i < 0 {
				return -1
			}
		case c == '-' || c >= '0' && c <= '9':
			if i = numberEnd(data, i); i < 0 {
				return -1
			}
		case c == 't':
			if !bytes.HasPrefix(data[i:], []byte("true")) {
				return -1
			}
			i += 4
		case c == 'f':
			if !bytes.HasPrefix(data[i:], []byte("false")) {
				return -1
			}
			i += 5
		case c == 'n':
			if !bytes.HasPrefix(data[i:], []byte("null")) {
				return -1
			}
			i += 4
		default:
			return -1
		}
		// A value ended at i: what follows it in its container, or the end of the text.
		for {
			if len(open) == 0 {
				return i
			}
			if i = skipSpace(data, i); i >= len(data) {
				return -1
			}
			top := open[len(open)-1]
			if data[i] == top+2 {
				open = open[:len(open)-1]
				i++
				continue
			}
			if data[i] != ',' {
				return -1
			}
			i = skipSpace(data, i+1)
			if top == '{' {
				if i = objectKey(data, i); i < 0 {
					return -1
				}
			}
			break
		}
	}
}

// objectKey checks an object's key and its colon from i and returns where the member's value
// starts (after white space), or -1.
func objectKey(data []byte, i int) int {
	if i >= len(data) || data[i] != '"' {
		return -1
	}
	if i = stringEnd(data, i); i < 0 {
		return -1
	}
	if i = skipSpace(data, i); i >= len(data) || data[i] != ':' {
		return -1
	}
	return skipSpace(data, i+1)
}

// stringEnd checks the string literal whose quote is at i and returns the offset past its closing
// quote, or -1: no byte under 0x20 inside, every escape one of \" \\ \/ \b \f \n \r \t or \u
// with four hex digits.
func stringEnd(data []byte, i int) int {
	for i++; ; {
		if i = plainFrom(data, i); i >= len(data) {
			return -1
		}
		switch c := data[i]; {
		case c == '"':
			return i + 1
		case c < 0x20:
			return -1
		case c == '\\':
			if i+1 >= len(data) {
				return -1
			}
			switch data[i+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				i += 2
			case 'u':
				if i+6 > len(data) {
					return -1
				}
				for _, h := range data[i+2 : i+6] {
					if !isHex(h) {
						return -1
					}
				}
				i += 6
			default:
				return -1
			}
		default:
			i++
		}
	}
}

// plainFrom returns the offset of the first byte from i on that a string literal cannot hold as
// it is (a byte under 0x20, a quote or a backslash), or len(data), reading sixteen bytes at a
// time: the lowest byte special marks is the first such byte, so a text's every escape and end is
// found without a walk over the bytes before it (issue 21).
func plainFrom(data []byte, i int) int {
	rest := data[i:] // sliced as it goes, so that its reads need no bounds checks
	for len(rest) >= 16 {
		m, n := special(binary.LittleEndian.Uint64(rest)), special(binary.LittleEndian.Uint64(rest[8:]))
		if m|n != 0 {
			if m != 0 {
				return len(data) - len(rest) + bits.TrailingZeros64(m)/8
			}
			return len(data) - len(rest) + 8 + bits.TrailingZeros64(n)/8
		}
		rest = rest[16:]
	}
	for i = len(data) - len(rest); i < len(data); i++ {
		if c := data[i]; c < 0x20 || c == '"' || c == '\\' {
			return i
		}
	}
	return i
}

// special marks the bytes of x (little-endian) that are under 0x20, a quote or a backslash, by
// the high bit of each, with the test for a zero byte of x - 0x20 and of x with each of the two
// bytes taken away. A byte above one it marks may be marked too (a borrow carries into it), one
// below never is: the lowest mark is exact.
func special(x uint64) uint64 {
	q, b := x^quotes, x^backslashs
	return ((x-0x20*ones)&^x | (q-ones)&^q | (b-ones)&^b) & highs
}

// isHex reports whether c is a hexadecimal digit.
func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

// numberEnd checks the number that starts at i and returns the offset past it, or -1:
// -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
func numberEnd(data []byte, i int) int {
	if data[i] == '-' {
		i++
	}
	switch {
	case i < len(data) && data[i] == '0':
		i++
	case i < len(data) && data[i] >= '1' && data[i] <= '9':
		i = digitsEnd(data, i+1)
	default:
		return -1
	}
	if i < len(data) && data[i] == '.' {
		if j := digitsEnd(data, i+1); j > i+1 {
			i = j
		} else {
			return -1
		}
	}
	if i < len(data) && (data[i] == 'e' || data[i] == 'E') {
		i++
		if i < len(data) && (data[i] == '+' || data[i] == '-') {
			i++
		}
		if j := digitsEnd(data, i); j > i {
			i = j
		} else {
			return -1
		}
	}
	return i
}

// digitsEnd returns the offset of the first byte from i on that is not a decimal digit.
func digitsEnd(data []byte, i int) int {
	for i < len(data) && data[i] >= '0' && data[i] <= '9' {
		i++
	}
	return i
}
