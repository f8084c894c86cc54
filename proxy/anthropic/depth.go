package anthropic

// maxDecodeDepth is the nesting depth past which encoding/json refuses a document (its own limit
// is 10000); an event nested that deep cannot be judged, so it passes as it came.
const maxDecodeDepth = 10000

// tooDeep reports whether the JSON text in data nests arrays and objects deeper than
// maxDecodeDepth, counting brackets outside strings. It does not check that data is valid JSON.
func tooDeep(data []byte) bool {
	depth, inString := 0, false
	for i := 0; i < len(data); i++ {
		c := data[i]
		switch {
		case inString:
			if c == '\\' {
				i++
			} else if c == '"' {
				inString = false
			}
		case c == '"':
			inString = true
		case c == '[' || c == '{':
			if depth++; depth > maxDecodeDepth {
				return true
			}
		case c == ']' || c == '}':
			depth--
		}
	}
	return false
}
