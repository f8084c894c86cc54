package e2e

import (
	"encoding/json"
	"strings"
)

// toolResult is one tool result a client sent back in a request: the tool's name (looked up from
// the assistant's call with the same id in the same request; empty when no call matches), whether
// the client marked it as an error (Anthropic's is_error; OpenAI has no such flag, so false), and
// its text (text parts joined by newlines).
type toolResult struct {
	Tool    string
	IsError bool
	Text    string
}

// toolResults returns the tool results in a request body of dialect d, in message order. A body
// that is not JSON of the expected shape holds none.
func toolResults(d dialect, body []byte) []toolResult {
	switch d {
	case openai:
		return openaiToolResults(body)
	case responses:
		return responsesToolResults(body)
	}
	return anthropicToolResults(body)
}

// responsesToolResults reads the function_call_output items of a Responses request's input, the
// tool named by the function_call item with the same call_id.
func responsesToolResults(body []byte) []toolResult {
	var req struct {
		Input []struct {
			Type   string          `json:"type"`
			CallID string          `json:"call_id"`
			Name   string          `json:"name"`
			Output json.RawMessage `json:"output"`
		} `json:"input"`
	}
	if json.Unmarshal(body, &req) != nil {
		return nil
	}
	names := map[string]string{}
	var out []toolResult
	for _, it := range req.Input {
		switch it.Type {
		case "function_call":
			names[it.CallID] = it.Name
		case "function_call_output":
			out = append(out, toolResult{Tool: names[it.CallID], Text: contentText(it.Output)})
		}
	}
	return out
}

func anthropicToolResults(body []byte) []toolResult {
	var req struct {
		Messages []struct {
			Role    string          `json:"role"`
			Content json.RawMessage `json:"content"`
		} `json:"messages"`
	}
	if json.Unmarshal(body, &req) != nil {
		return nil
	}
	type block struct {
		Type      string          `json:"type"`
		ID        string          `json:"id"`
		Name      string          `json:"name"`
		ToolUseID string          `json:"tool_use_id"`
		IsError   bool            `json:"is_error"`
		Content   json.RawMessage `json:"content"`
	}
	names := map[string]string{}
	var out []toolResult
	for _, m := range req.Messages {
		var blocks []block
		if json.Unmarshal(m.Content, &blocks) != nil {
			continue // a plain string content
		}
		for _, b := range blocks {
			switch b.Type {
			case "tool_use":
				names[b.ID] = b.Name
			case "tool_result":
				out = append(out, toolResult{Tool: names[b.ToolUseID], IsError: b.IsError, Text: contentText(b.Content)})
			}
		}
	}
	return out
}

func openaiToolResults(body []byte) []toolResult {
	var req struct {
		Messages []struct {
			Role       string          `json:"role"`
			Content    json.RawMessage `json:"content"`
			ToolCallID string          `json:"tool_call_id"`
			ToolCalls  []struct {
				ID       string `json:"id"`
				Function struct {
					Name string `json:"name"`
				} `json:"function"`
			} `json:"tool_calls"`
		} `json:"messages"`
	}
	if json.Unmarshal(body, &req) != nil {
		return nil
	}
	names := map[string]string{}
	var out []toolResult
	for _, m := range req.Messages {
		for _, c := range m.ToolCalls {
			names[c.ID] = c.Function.Name
		}
		if m.Role == "tool" {
			out = append(out, toolResult{Tool: names[m.ToolCallID], Text: contentText(m.Content)})
		}
	}
	return out
}

// contentText flattens a message content that is either a JSON string or a list of parts with
// "text" fields.
func contentText(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	var parts []struct {
		Text string `json:"text"`
	}
	if json.Unmarshal(raw, &parts) != nil {
		return string(raw)
	}
	texts := make([]string, 0, len(parts))
	for _, p := range parts {
		texts = append(texts, p.Text)
	}
	return strings.Join(texts, "\n")
}
