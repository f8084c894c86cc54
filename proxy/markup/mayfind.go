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
//
// The name is looked for by its byte that prose holds least often (rarestByte), not by its
// first: a whole answer's text is searched so for each declared name, and the first byte of a
// lowercase name ('r' of read) recurs every few words, each a call of the search (issue 21). Where
// that byte still comes often (more than one in 16 bytes, as bytes.Index judges it), the rest is
// left to bytes.Index. FuzzHoldsName holds it to the plain search by bytes.Index.
func holdsName(in []byte, n string) bool {
	word := wordByte(n[0]) && wordByte(n[len(n)-1])
	k := rarestByte(n)
	c := n[k]
	last := len(in) - (len(n) - k) // the last offset of c at which the whole name fits in in
	fails := 0
	for p := k; p <= last; p++ {
		q := bytes.IndexByte(in[p:last+1], c)
		if q < 0 {
			return false
		}
		p += q
		if j := p - k; string(in[j:j+len(n)]) == n && nameAt(in, j, len(n), word) {
			return true
		}
		if fails++; fails > 4+p>>4 {
			return holdsNameFrom(in, p-k+1, n, word)
		}
	}
	return false
}

// holdsNameFrom is holdsName's search by bytes.Index, from offset i of in on.
func holdsNameFrom(in []byte, i int, n string, word bool) bool {
	for {
		j := bytes.Index(in[i:], []byte(n))
		if j < 0 {
			return false
		}
		if j += i; nameAt(in, j, len(n), word) {
			return true
		}
		i = j + 1
	}
}

// nameAt reports whether the name of length size at offset j of in is where holdsName takes it:
// anywhere when it is not word (it begins or ends with no letter, digit or underscore), else
// with no such byte next to it.
func nameAt(in []byte, j, size int, word bool) bool {
	end := j + size
	// in[j-1] may be the letter of an escape (\n): then a control byte or '/' is next to the name.
	before := j == 0 || !wordByte(in[j-1]) || j >= 2 && in[j-2] == '\\'
	return !word || before && (end == len(in) || !wordByte(in[end]))
}

// rarestByte returns the offset in n of its byte that prose holds least often, by proseCost (the
// first of equals).
func rarestByte(n string) int {
	k := 0
	for i := 1; i < len(n); i++ {
		if proseCost[n[i]] < proseCost[n[k]] {
			k = i
		}
	}
	return k
}

// proseCost ranks bytes by how often English prose and code hold them: the space and the lowercase
// letters by their frequency in English (e the most common), every other byte (capitals, digits,
// punctuation, '_') as rarer than any lowercase letter. Only the order matters.
var proseCost = func() (cost [256]uint8) {
	const byFrequency = "zqjxkvbpygfwmucldrhsnioate" // the least common first
	for i := range byFrequency {
		cost[byFrequency[i]] = uint8(i + 1)
	}
	cost[' '] = uint8(len(byFrequency) + 1)
	return cost
}()

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
