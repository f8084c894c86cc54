package repair

import (
	"strings"

	"github.com/toolfix/toolfix/proxy/jsontext"
)

// keepText writes the repaired value w of candidate c in the bytes of c's text (Options.KeepText):
// every token of the text is copied as it is, but a string that became another value is
// written as compact JSON, and a string whose broken \u escapes were mended (D25) has only the
// white space inside its escapes removed. D19's {} follows the white space it was made from; the
// text after the value (D21's copy, D23's prose) is cut after the white space that precedes it.
// It reports false when the text does not match w (never for a candidate read from it).
func keepText(c candidate, w *value) ([]byte, bool) {
	if c.empty {
		return append([]byte(c.text), "{}"...), true
	}
	k := keeper{s: c.text, mend: c.mend}
	i := skipWS(c.text, 0)
	dst := append(make([]byte, 0, len(c.text)+len(c.text)/8+16), c.text[:i]...)
	dst, i, ok := k.value(dst, i, w, 0)
	if !ok || i != c.end {
		return nil, false
	}
	return append(dst, c.text[i:skipWS(c.text, i)]...), true
}

type keeper struct {
	s    string
	mend bool
}

// ws copies the white space at i.
func (k *keeper) ws(dst []byte, i int) ([]byte, int) {
	j := skipWS(k.s, i)
	return append(dst, k.s[i:j]...), j
}

// punct copies the byte c expected at i after white space.
func (k *keeper) punct(dst []byte, i int, c byte) ([]byte, int, bool) {
	dst, i = k.ws(dst, i)
	if i >= len(k.s) || k.s[i] != c {
		return dst, i, false
	}
	return append(dst, c), i + 1, true
}

// str copies the string token at i, whose decoded text is text.
func (k *keeper) str(dst []byte, i int, text string) ([]byte, int, bool) {
	if i >= len(k.s) || k.s[i] != '"' {
		return dst, i, false
	}
	end, bad := scanStringToken(k.s, i)
	if !bad && !k.rewritten(k.s[i:end], text) {
		return append(dst, k.s[i:end]...), end, true
	}
	if k.mend {
		if out, ok := mendEscapes(dst, k.s[i:end]); ok {
			return out, end, true
		}
	}
	return jsontext.AppendQuote(dst, text), end, true
}

// rewritten reports whether the valid string token tok no longer reads as text: a path's
// control characters written back as backslashes (pathLiteral) change a token that holds an
// escape; one without a backslash reads as itself.
func (k *keeper) rewritten(tok, text string) bool {
	if strings.IndexByte(tok, '\\') < 0 {
		return false
	}
	v, err := parseJSON(tok)
	return err != nil || v.text != text
}

// value copies (or, where coerced, writes) the value w whose text starts at i.
func (k *keeper) value(dst []byte, i int, w *value, depth int) ([]byte, int, bool) {
	s := k.s
	if i >= len(s) || depth > maxDepth {
		return dst, i, false
	}
	switch c := s[i]; {
	case c == '"':
		if w.kind != kindString {
			end, _ := scanStringToken(s, i)
			return appendJSON(dst, w), end, true
		}
		return k.str(dst, i, w.text)
	case c == '{' || c == '[':
		if (c == '{') != (w.kind == kindObject) || (c == '[') != (w.kind == kindArray) {
			return dst, i, false
		}
		return k.container(dst, i, w, depth)
	}
	// a number or literal: its text as it came, exactly the token JSON reads ("00" is the
	// number 0 followed by text, as parseJSONPrefix reads it)
	var j int
	switch w.kind {
	case kindNumber:
		j = numberEnd(s, i)
	case kindTrue, kindNull:
		j = i + 4
	case kindFalse:
		j = i + 5
	default:
		return dst, i, false
	}
	if j <= i || j > len(s) {
		return dst, i, false
	}
	return append(dst, s[i:j]...), j, true
}

// numberEnd returns the end of the JSON number token at i (RFC 8259 section 6), or i when none
// starts there.
func numberEnd(s string, i int) int {
	j := i
	if j < len(s) && s[j] == '-' {
		j++
	}
	switch {
	case j < len(s) && s[j] == '0':
		j++
	case j < len(s) && s[j] >= '1' && s[j] <= '9':
		for j < len(s) && s[j] >= '0' && s[j] <= '9' {
			j++
		}
	default:
		return i
	}
	digits := func(k int) int {
		for k < len(s) && s[k] >= '0' && s[k] <= '9' {
			k++
		}
		return k
	}
	if j < len(s) && s[j] == '.' {
		if k := digits(j + 1); k > j+1 {
			j = k
		}
	}
	if j < len(s) && (s[j] == 'e' || s[j] == 'E') {
		k := j + 1
		if k < len(s) && (s[k] == '+' || s[k] == '-') {
			k++
		}
		if m := digits(k); m > k {
			j = m
		}
	}
	return j
}

// mendEscapes appends the string token tok with the white space inside its \u escapes removed
// (D25); false when an escape does not make four hex digits so.
func mendEscapes(dst []byte, tok string) ([]byte, bool) {
	for j := 0; j < len(tok); j++ {
		c := tok[j]
		dst = append(dst, c)
		if c != '\\' || j+1 >= len(tok) {
			continue
		}
		j++
		dst = append(dst, tok[j])
		if tok[j] != 'u' {
			continue
		}
		n := 0
		for n < 4 {
			j++
			if j >= len(tok) {
				return dst, false
			}
			if _, ok := hexDigit(tok[j]); ok {
				dst = append(dst, tok[j])
				n++
				continue
			}
			if n == 0 || !isWS(tok[j]) {
				return dst, false
			}
		}
	}
	return dst, true
}

// container copies the array or object w whose text starts at i, writing each member's value
// by value.
func (k *keeper) container(dst []byte, i int, w *value, depth int) ([]byte, int, bool) {
	obj := w.kind == kindObject
	closer := byte(']')
	if obj {
		closer = '}'
	}
	dst, i = append(dst, k.s[i]), i+1
	ok := true
	for j := range w.elems {
		if j > 0 {
			if dst, i, ok = k.punct(dst, i, ','); !ok {
				return dst, i, false
			}
		}
		dst, i = k.ws(dst, i)
		if obj {
			if dst, i, ok = k.str(dst, i, w.keys[j]); !ok {
				return dst, i, false
			}
			if dst, i, ok = k.punct(dst, i, ':'); !ok {
				return dst, i, false
			}
			dst, i = k.ws(dst, i)
		}
		if dst, i, ok = k.value(dst, i, &w.elems[j], depth+1); !ok {
			return dst, i, false
		}
	}
	return k.punct(dst, i, closer)
}
