package sse

import (
	"bytes"
	"encoding/json"
)

// LooksLikeStream reports whether a body meant to be JSON is an SSE stream: after a byte-order
// mark and white space, its first line is a data, event or comment line. Used to answer a
// non-streamed request that an upstream answered with a stream (REPAIRS.md D55).
func LooksLikeStream(body []byte) bool {
	b := bytes.TrimLeft(bytes.TrimPrefix(body, bom), " \t\r\n")
	return bytes.HasPrefix(b, []byte("data:")) || bytes.HasPrefix(b, []byte("event:")) || bytes.HasPrefix(b, []byte(":"))
}

// TrimDone removes a "data: [DONE]" line after a JSON object (REPAIRS.md D55: decolua/9router
// #3492). It returns the object and true only when what is left is one valid JSON object; else
// nil and false.
func TrimDone(body []byte) ([]byte, bool) {
	b := bytes.TrimRight(body, " \t\r\n")
	for _, suf := range []string{"data: [DONE]", "data:[DONE]"} {
		if bytes.HasSuffix(b, []byte(suf)) {
			rest := bytes.TrimSpace(b[:len(b)-len(suf)])
			if len(rest) > 0 && rest[0] == '{' && json.Valid(rest) {
				return rest, true
			}
		}
	}
	return nil, false
}
