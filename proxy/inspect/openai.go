package inspect

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/toolfix/toolfix/proxy/repair"
)

// chatFaults finds the faults of a Chat Completions stream: frames that are no chunk, error frames,
// tool-call deltas out of shape, arguments sent as objects, leaked calls in the content, and a
// finish_reason that hides the calls.
func chatFaults(f *faultList, events []Event, tools *repair.Tools) {
	sawCalls := false
	var content strings.Builder
	for _, ev := range events {
		where := fmt.Sprintf("event %d", ev.N)
		if !ev.HasData || strings.TrimSpace(ev.Data) == "[DONE]" {
			continue
		}
		if !ev.Object {
			f.add("D48", "junk_frame", where, "data is not a JSON object: "+clip(ev.Data, 60))
			continue
		}
		var c struct {
			Choices json.RawMessage `json:"choices"`
			Error   json.RawMessage `json:"error"`
		}
		_ = json.Unmarshal([]byte(ev.Data), &c)
		switch {
		case c.Error != nil:
			f.add("D56", "", where, "error frame: "+clip(string(c.Error), 60))
			continue
		case c.Choices == nil:
			f.add("D47", "junk_frame", where, "an object without choices: "+clip(ev.Data, 60))
			continue
		case string(c.Choices) == "null":
			f.add("D36", "shape", where, "choices: null")
			continue
		}
		var choices []struct {
			Delta struct {
				Content   *string `json:"content"`
				ToolCalls []struct {
					Index    *int `json:"index"`
					Function struct {
						Arguments json.RawMessage `json:"arguments"`
					} `json:"function"`
				} `json:"tool_calls"`
			} `json:"delta"`
			FinishReason *string `json:"finish_reason"`
		}
		_ = json.Unmarshal(c.Choices, &choices)
		for _, ch := range choices {
			if ch.Delta.Content != nil {
				content.WriteString(*ch.Delta.Content)
			}
			for _, tc := range ch.Delta.ToolCalls {
				sawCalls = true
				if tc.Index == nil {
					f.add("D31", "shape", where, "a tool-call delta without an index")
				}
				if a := strings.TrimSpace(string(tc.Function.Arguments)); strings.HasPrefix(a, "{") {
					f.add("D20", "args_object", where, "arguments sent as an object, not a JSON string")
				}
			}
			if ch.FinishReason != nil && *ch.FinishReason == "stop" && sawCalls {
				f.add("D34", "finish_reason", where, "finish_reason stop although tool calls came: the client will not run them")
			}
		}
	}
	if content.Len() > 0 {
		textFaults(f, "content", content.String(), tools)
	}
}

// responsesFaults finds a response.completed that lost its output.
func responsesFaults(f *faultList, events []Event) {
	for _, ev := range events {
		if ev.Type != "response.completed" {
			continue
		}
		var e struct {
			Response struct {
				Output json.RawMessage `json:"output"`
			} `json:"response"`
		}
		if json.Unmarshal([]byte(ev.Data), &e) == nil && (e.Response.Output == nil || string(e.Response.Output) == "null") {
			f.add("D44", "shape", fmt.Sprintf("event %d", ev.N), "response.completed carries no output")
		}
	}
}

// toolsOf reads the tools a request offers, for protocol.
func toolsOf(protocol string, request []byte) *repair.Tools {
	var t *repair.Tools
	switch protocol {
	case "anthropic":
		t, _ = repair.ToolsFromAnthropic(request)
	case "openai":
		t, _ = repair.ToolsFromChat(request)
	case "responses":
		t, _ = repair.ToolsFromResponses(request)
	}
	return t
}
