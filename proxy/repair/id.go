package repair

import "crypto/rand"

const base62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"

// NewID returns prefix followed by 24 random base-62 characters: the shape of the ids the APIs give
// tool calls ("toolu_…" for Anthropic, "call_…" for OpenAI), for a call a repair creates.
func NewID(prefix string) string {
	var b [24]byte
	_, _ = rand.Read(b[:])
	id := []byte(prefix)
	for _, c := range b {
		id = append(id, base62[int(c)%len(base62)])
	}
	return string(id)
}
