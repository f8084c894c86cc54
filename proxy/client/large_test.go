package client

import (
	"strings"
	"testing"
)

// TestEventOverFramerLimit: an event larger than the framer's default limit (a repaired 10 MB
// tool input goes out as one event) is accumulated like any other, as the SDKs do.
func TestEventOverFramerLimit(t *testing.T) {
	big := strings.Repeat("a", 9<<20)
	body := "event: message_start\ndata: {\"type\":\"message_start\",\"message\":{}}\n\n" +
		"event: content_block_start\ndata: {\"type\":\"content_block_start\",\"index\":0,\"content_block\":{\"type\":\"tool_use\",\"id\":\"t\",\"name\":\"W\",\"input\":{}}}\n\n" +
		"event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"input_json_delta\",\"partial_json\":\"{\\\"c\\\":\\\"" + big + "\\\"}\"}}\n\n" +
		"event: content_block_stop\ndata: {\"type\":\"content_block_stop\",\"index\":0}\n\n"
	m, err := AnthropicStream([]byte(body))
	if err != nil {
		t.Fatal(err)
	}
	in, _ := m.Content[0].Input.(map[string]any)
	if s, _ := in["c"].(string); len(s) != len(big) {
		t.Fatalf("input of %d bytes, want %d", len(s), len(big))
	}
	chat := "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"" + big + "\"}}]}\n\ndata: [DONE]\n\n"
	cm, err := ChatStream([]byte(chat))
	if err != nil || cm.Content == nil || len(*cm.Content) != len(big) {
		t.Fatalf("chat content not accumulated: %v", err)
	}
	if err := ChatFramesValid([]byte(chat)); err != nil {
		t.Fatal(err)
	}
}
