package repair

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
