package repair

import (
	"encoding/json"
	"reflect"
)

// MadeCall is a tool call an answer makes in its own structure (an Anthropic tool_use block, a
// Chat tool_calls entry): the tool's name and its input, the JSON text of an object as the client
// gets it. The zero value names no tool and matches no call.
type MadeCall struct {
	Name  string
	Input []byte
}

// Copies reports whether the call named name with input in (JSON) only copies one of made: the
// same tool and a JSON-equal input (key order, blanks and the spelling of numbers aside). A model
// that both writes a call as text and makes it for real must not have it run twice, so a dialect
// adds no call for a leaked one that copies a made one (docs/repairs.md, "A leaked call beside
// real ones"; the break-it round of 2026-12-03: a text block's <function_calls> markup and a
// tool_use block with the same input). Input that is not JSON copies nothing.
func Copies(made []MadeCall, name string, in []byte) bool {
	var want any
	if json.Unmarshal(in, &want) != nil {
		return false
	}
	for _, m := range made {
		var got any
		if m.Name == name && json.Unmarshal(m.Input, &got) == nil && reflect.DeepEqual(want, got) {
			return true
		}
	}
	return false
}
