package repair

// The argument-text readings of what lies between tokens, outside strings: trailing commas (D65)
// and literal backslash escapes written where white space goes (D66).

import "strings"

// dropTrailingCommas returns text without each comma that, outside strings, has only white
// space between it and the '}' or ']' after it ({"a":1,} and [1,2,] become {"a":1} and [1,2]:
// docs/faults.md D65, GeniePod/genie-claw PR #469, langchain4j/langchain4j PR #1352,
// earendil-works/pi PR #4162), and text itself when it has none. Commas inside strings, and
// the white space around a dropped comma, are kept byte for byte, so the text before the first
// dropped comma is a prefix of the result (what Scan holds from: trailingComma).
func dropTrailingCommas(text string) string {
	var out strings.Builder
	last := 0
	for i := 0; i < len(text); i++ {
		switch text[i] {
		case '"':
			end, _ := scanStringToken(text, i)
			i = end - 1
		case ',':
			if j := skipWS(text, i+1); j < len(text) && (text[j] == '}' || text[j] == ']') {
				if out.Len() == 0 {
					out.Grow(len(text))
				}
				out.WriteString(text[last:i])
				last = i + 1
			}
		}
	}
	if last == 0 {
		return text
	}
	out.WriteString(text[last:])
	return out.String()
}

// literalNewlinesAsSpace returns text with each literal backslash-n, backslash-r or backslash-t
// (two characters) outside strings, where JSON has no backslash, written as two spaces
// ({\n"a": 1} reads as {  "a": 1}: docs/faults.md D66, OpenHands/software-agent-sdk #2488), and
// text itself when it has none. Strings are kept byte for byte, and so is the text before the
// first such backslash, which Scan holds from (a byte that cannot continue JSON).
func literalNewlinesAsSpace(text string) string {
	var out []byte
	for i := 0; i < len(text); i++ {
		switch c := text[i]; {
		case c == '"':
			end, _ := scanStringToken(text, i)
			i = end - 1
		case c == '\\' && i+1 < len(text) && (text[i+1] == 'n' || text[i+1] == 'r' || text[i+1] == 't'):
			if out == nil {
				out = []byte(text)
			}
			out[i], out[i+1] = ' ', ' '
			i++
		}
	}
	if out == nil {
		return text
	}
	return string(out)
}
