package proxy

import (
	"testing"

	"github.com/toolfix/toolfix/proxy/client"
)

func TestOpenAICases(t *testing.T) {
	testCases(t, "openai", func(want []byte, body []byte, stream bool) error {
		var m *client.ChatMessage
		var err error
		if stream {
			if err := client.ChatFramesValid(body); err != nil {
				return err
			}
			m, err = client.ChatStream(body)
		} else {
			m, err = client.ChatJSON(body)
		}
		if err != nil {
			return err
		}
		return client.CompareChat(want, m, stream)
	})
}

func TestResponsesCases(t *testing.T) {
	testCases(t, "responses", func(want []byte, body []byte, stream bool) error {
		r, err := client.ResponsesStream(body)
		if err != nil {
			return err
		}
		return client.CompareResponses(want, r)
	})
}
