package markup

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
