package markup

import "strings"

// Kimi K2's tool-call tokens.
const (
	kimiSection    = "<|tool_calls_section_begin|>"
	kimiSectionEnd = "<|tool_calls_section_end|>"
	// the singular form some Kimi K2 builds emit (D04: ggml-org/llama.cpp PR #17376,
	// thinking-machines-lab/tinker-cookbook PR #248)
	kimiSection1    = "<|tool_call_section_begin|>"
	kimiSection1End = "<|tool_call_section_end|>"
	kimiCall        = "<|tool_call_begin|>"
	kimiArgs        = "<|tool_call_argument_begin|>"
	kimiCallEnd     = "<|tool_call_end|>"
)

// DeepSeek's tool-call tokens: fullwidth vertical bar U+FF5C and lower one-eighth block U+2581.
const (
	dsCalls    = "<｜tool▁calls▁begin｜>"
	dsCallsEnd = "<｜tool▁calls▁end｜>"
	dsCall     = "<｜tool▁call▁begin｜>"
	dsSep      = "<｜tool▁sep｜>"
	dsCallEnd  = "<｜tool▁call▁end｜>"
)

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// endTokens are the end-of-turn and end-of-message tokens models write after their last call,
// which a server that lacks the model's tool parser (and does not stop on the token) passes on
// with the call's markup: ChatML's <|im_end|> (Qwen, Hermes; ollama #16686), Llama 3's
// <|eot_id|> and <|eom_id|>, Phi's and Harmony's <|end|>, GPT-2's and Qwen's <|endoftext|>,
// Llama 3's <|end_of_text|>, Llama 2's and Mistral's </s>, Gemma's <end_of_turn> and <eos>,
// Gemma 4's <turn|>, Harmony's <|return|>, Cohere's <|END_OF_TURN_TOKEN|>, Muse Glimmer's <|eot|>
// and <|eom|>, DeepSeek's <｜end▁of▁sentence｜>, GLM's <|observation|>, the turn its template
// opens for the tool's reply, iQuest's <|iquest_end|> (sglang test_iquest_q1_detector.py
// TestIQuestQ1StopMarkers) and Apertus's <|assistant_end|> (ollama apertus15_test.go). Each is taken along with the markup only at the very end of the
// text, blanks around (see [cursor.endsTurn]); none is an opener of a family, and a family whose
// own closer one is (GigaChat's </s>, Llama 3's <|eom_id|>) reads it as its closer first.
var endTokens = [...]string{
	"<|im_end|>", "<|eot_id|>", "<|eom_id|>", "<|end|>", "<|endoftext|>", "<|end_of_text|>",
	"</s>", "<end_of_turn>", "<eos>", "<turn|>", "<|return|>", "<|END_OF_TURN_TOKEN|>",
	"<|eot|>", "<|eom|>", "<｜end▁of▁sentence｜>", "<|observation|>", "<|iquest_end|>", "<|assistant_end|>",
}

// endsTurn reads, from the cursor, blanks and end-of-turn tokens (endTokens), one or more, to
// the end of the text: ok, the cursor at the end; eof when the text ends inside a token (a
// continuation may still complete it), the cursor where it was; bad when anything else comes
// or no token does, the cursor where it was.
func (c *cursor) endsTurn() res {
	save := c.i
	for n := 0; ; n++ {
		c.skipBlanks()
		rest := c.rest()
		if rest == "" {
			if n == 0 {
				break
			}
			return ok
		}
		r := bad
		for _, t := range endTokens {
			if strings.HasPrefix(rest, t) {
				c.i += len(t)
				r = ok
				break
			}
			if partial(rest, t) {
				r = eof
			}
		}
		if r != ok {
			c.i = save
			return r
		}
	}
	c.i = save
	return bad
}
