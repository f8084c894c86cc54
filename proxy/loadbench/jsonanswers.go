package main

import (
	"bytes"
	"fmt"
	"strings"
)

// The whole (non-streamed) answers of the throughput scenario, issue 21 item 5:
//
//	/json/v1/messages, /json/v1/chat/completions      a healthy JSON answer of about
//	                                                  config.JSONBytes, written in 32 KiB pieces
//
// Each is one message of text blocks (Anthropic) or one long content (Chat) with a tool call of
// the request's Read tool every 200 words' worth of text, as the streams of healthyAnthropic and
// healthyChat carry.

// unstreamed is the request of a whole answer: the streamed request asking for no stream.
func unstreamed(streamed string) string {
	return strings.Replace(streamed, `"stream":true`, `"stream":false`, 1)
}

// healthyAnthropicWhole builds a healthy Messages JSON answer of about size bytes.
func healthyAnthropicWhole(size int) []byte {
	var b bytes.Buffer
	b.WriteString(`{"id":"msg_01","type":"message","role":"assistant","model":"claude","content":[`)
	words := strings.Fields(healthyWords)
	for idx := 0; b.Len() < size; idx++ {
		if idx > 0 {
			b.WriteByte(',')
		}
		b.WriteString(`{"type":"text","text":"`)
		for i := 0; i < 200; i++ {
			sep := " "
			if i%40 == 39 {
				sep = `\n\n`
			}
			b.WriteString(words[(i+idx)%len(words)] + sep)
		}
		fmt.Fprintf(&b, `"},{"type":"tool_use","id":"toolu_%d","name":"Read","input":{"file_path":"/repo/main.go","limit":40}}`, idx)
	}
	b.WriteString(`],"stop_reason":"tool_use","stop_sequence":null,"usage":{"input_tokens":10,"output_tokens":5}}`)
	return b.Bytes()
}

// healthyChatWhole builds a healthy Chat Completions JSON answer of about size bytes: one
// choice whose content is long text, with a tool call for every 200 words of it.
func healthyChatWhole(size int) []byte {
	var text, calls bytes.Buffer
	words := strings.Fields(healthyWords)
	for call := 0; text.Len()+calls.Len() < size; call++ {
		for i := 0; i < 200; i++ {
			sep := " "
			if i%40 == 39 {
				sep = `\n\n`
			}
			text.WriteString(words[(i+call)%len(words)] + sep)
		}
		if call > 0 {
			calls.WriteByte(',')
		}
		fmt.Fprintf(&calls, `{"id":"call_%d","type":"function","function":{"name":"read","arguments":"{\"path\": \"/repo/main.go\", \"limit\": 40}"}}`, call)
	}
	return []byte(`{"id":"chatcmpl-1","object":"chat.completion","created":1,"model":"m","choices":[{"index":0,"message":{"role":"assistant","content":"` +
		text.String() + `","tool_calls":[` + calls.String() + `]},"finish_reason":"tool_calls"}],"usage":{"prompt_tokens":10,"completion_tokens":5,"total_tokens":15}}`)
}
