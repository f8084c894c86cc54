package markup

import (
	"bytes"
	"strings"
	"unicode/utf8"
)

// MayHold reports, for lit a JSON string literal (quotes included) that a JSON check passed,
// whether FindDeclared may find a leaked call in its text when known declares exactly the tool
// names names (call), and whether TrailingWord may find a stray word at its end (word): false
// only when it surely finds none, so that a whole answer's text that names no declared tool and
// ends in no stray word is neither decoded nor searched (issue 21: a healthy whole answer costs
// about one pass over its bytes). Any other lit (not a string) gives true and true. It reads lit
// once for backslashes and once for each name.
//
// Why false is exact: every call FindDeclared returns names a tool known declares, and each
// family reads a name as a run of the text's bytes, decoded at most by the escapes of JSON inside
// the text (a `"name"` member, encoding/json's answer); nothing joins a name from pieces or maps
// entities. So the name is in the text, or the text holds a backslash. When lit holds no `\u` and
// no `\\` escape, its text holds no backslash, and every byte of the text is a byte of lit but
// those its other escapes give (a quote, a slash, a control byte) and the U+FFFD that stands for
// a byte of invalid UTF-8: a name with none of those in the text is in lit, as it is. A name with
// any of them, or an empty one, gives true. And without those two escapes every backslash of lit
// begins a two-byte escape, so the text's trailing blanks are lit's trailing spaces and `\n`,
// `\t`, `\r` escapes, and the letters before them lit's own. FuzzMayHold holds both answers to
// FindDeclared and TrailingWord.
func MayHold(lit []byte, names []string) (call, word bool) {
	if len(lit) < 2 || lit[0] != '"' || lit[len(lit)-1] != '"' {
		return true, true
	}
	in := lit[1 : len(lit)-1]
	for i := 0; ; i += 2 { // every backslash of a checked literal has a byte after it
		j := bytes.IndexByte(in[i:], '\\')
		if j < 0 {
			break
		}
		if i += j; in[i+1] == 'u' || in[i+1] == '\\' {
			return true, true
		}
	}
	for _, n := range names {
		if !plainName(n) || holdsName(in, n) {
			call = true
			break
		}
	}
	return call, strayEnd(in)
}

// plainName reports whether a tool name is, as bytes, the same in a JSON string literal and in
// its text: not empty, valid UTF-8 without U+FFFD, and no quote, backslash, slash or control byte.
func plainName(n string) bool {
	if n == "" || !utf8.ValidString(n) || strings.ContainsRune(n, utf8.RuneError) {
		return false
	}
	for i := 0; i < len(n); i++ {
		if c := n[i]; c < 0x20 || c == '"' || c == '\\' || c == '/' {
			return false
		}
	}
	return true
}

// holdsName reports whether in, the inside of a literal whose every backslash begins a two-byte
// escape, holds the name n where a family could read it in its text: anywhere, for a
// name that begins or ends with a byte other than a letter, digit or underscore; else only
// where no such byte is next to it on either side. Every family reads a name as a whole token
// that its syntax delimits (a quote, '=', '>', '(', '[', '{', ':', '.', a blank, a token of the
// vocabulary), none of which is such a byte: it never reads "read" out of "reads" or "unread".
func holdsName(in []byte, n string) bool {
	word := wordByte(n[0]) && wordByte(n[len(n)-1])
	for i := 0; ; {
		j := bytes.Index(in[i:], []byte(n))
		if j < 0 {
			return false
		}
		j += i
		end := j + len(n)
		// in[j-1] may be the letter of an escape (\n): then a control byte or '/' is next to the name.
		before := j == 0 || !wordByte(in[j-1]) || j >= 2 && in[j-2] == '\\'
		if !word || before && (end == len(in) || !wordByte(in[end])) {
			return true
		}
		i = j + 1
	}
}

// wordByte reports whether c is an ASCII letter, digit or underscore.
func wordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_'
}

// strayEnd reports whether in, the inside of a literal whose every backslash begins a two-byte
// escape, ends in a stray word before its trailing spaces and \n, \t, \r escapes.
func strayEnd(in []byte) bool {
	for len(in) > 0 {
		if in[len(in)-1] == ' ' {
			in = in[:len(in)-1]
			continue
		}
		if n := len(in); n >= 2 && in[n-2] == '\\' && (in[n-1] == 'n' || in[n-1] == 't' || in[n-1] == 'r') {
			in = in[:n-2]
			continue
		}
		break
	}
	for _, w := range strayWords {
		if bytes.HasSuffix(in, []byte(w)) {
			return true
		}
	}
	return false
}
