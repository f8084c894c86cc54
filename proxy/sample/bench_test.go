package sample

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/toolfix/toolfix/proxy/cases"
)

// bigRequest is a request body of about 1 MB shaped like a long coding-agent conversation.
func bigRequest() []byte {
	var msgs []any
	text := strings.Repeat("The function parses the configuration file and returns an error when a key is missing. ", 40)
	for i := 0; len(msgs) < 300; i++ {
		msgs = append(msgs, map[string]any{"role": "user", "content": []any{map[string]any{"type": "text", "text": text}}})
		msgs = append(msgs, map[string]any{"role": "assistant", "content": []any{map[string]any{"type": "tool_use", "id": "toolu_01AAAAAAAAAAAAAAAAAAAAAAAA", "name": "Bash", "input": map[string]any{"command": "go test ./... && git diff --stat HEAD~1"}}}})
	}
	b, _ := json.Marshal(map[string]any{"model": "m", "messages": msgs})
	return b
}

func BenchmarkRedactRequest(b *testing.B) {
	body := bigRequest()
	b.SetBytes(int64(len(body)))
	for b.Loop() {
		RedactBody(body, false)
	}
}

func BenchmarkRedactStream(b *testing.B) {
	c, err := cases.Load("anthropic")
	if err != nil {
		b.Fatal(err)
	}
	var body []byte
	for _, x := range c {
		if x.Stream {
			body = append(body, x.Upstream...)
		}
	}
	b.SetBytes(int64(len(body)))
	for b.Loop() {
		RedactBody(body, true)
	}
}
