package client

import (
	"encoding/json"
	"errors"
	"strings"
)

// Checks compares a body a client received with a wanted message (a shared case's want.json
// "message"), per protocol of the cases: "anthropic" (Messages API), "openai" (Chat Completions,
// whose streams must also pass ChatFramesValid) and "responses". stream says whether body is an
// SSE stream or one JSON object. Each returns nil when the client ends up with the wanted message,
// else an error listing the differences or why the body could not be read. A protocol without an
// entry has no check.
var Checks = map[string]func(want json.RawMessage, body []byte, stream bool) error{
	"anthropic": func(want json.RawMessage, body []byte, stream bool) error {
		var m *Message
		var err error
		if stream {
			m, err = AnthropicStream(body)
		} else {
			m, err = AnthropicJSON(body)
		}
		if err != nil {
			return err
		}
		return CompareAnthropic(want, m)
	},
	"openai": func(want json.RawMessage, body []byte, stream bool) error {
		var m *ChatMessage
		var err error
		if stream {
			if err := ChatFramesValid(body); err != nil {
				return err
			}
			m, err = ChatStream(body)
		} else {
			m, err = ChatJSON(body)
		}
		if err != nil {
			return err
		}
		return CompareChat(want, m, stream)
	},
	"responses": func(want json.RawMessage, body []byte, stream bool) error {
		read := ResponsesJSON
		if stream {
			read = ResponsesStream
		}
		r, err := read(body)
		if err != nil {
			return err
		}
		return CompareResponses(want, r)
	},
}

// differences is a comparison's result: nil when diffs is empty, else an error listing every
// difference, "; " between them.
func differences(diffs []string) error {
	if len(diffs) > 0 {
		return errors.New(strings.Join(diffs, "; "))
	}
	return nil
}

// sameText reports whether two texts are equal but for trailing white space, which no check
// holds a client to.
func sameText(a, b string) bool {
	return strings.TrimRight(a, " \t\r\n") == strings.TrimRight(b, " \t\r\n")
}
