package e2e

import "testing"

// TestOpenCodeAnthropic runs the real OpenCode CLI through an @ai-sdk/anthropic provider (the
// Messages API) on streams it cannot use as they come.
func TestOpenCodeAnthropic(t *testing.T) {
	t.Parallel()
	requireTools(t, "opencode") // fail once, naming the install command, when it is missing
	run := func(t *testing.T, base string) clientRun { return runOpenCode(t, sdkAnthropic, base) }
	for _, s := range []scenario{
		{
			name:    "opencode-anthropic-todowrite-string",
			dialect: anthropic,
			run:     run,
			tool:    "todowrite",
			ran:     "Fix the e2e parser",
			broken:  "The todowrite tool was called with invalid arguments",
		},
		{
			name:           "opencode-anthropic-billing",
			dialect:        anthropic,
			run:            run,
			tool:           "bash",
			ran:            "e2e-42",
			broken:         "AI_TypeValidationError", // the run dies on the frame and the turn is lost
			file:           "bash-ran.txt",
			straightExit:   1,
			faultAfterCall: true,
		},
	} {
		t.Run(s.name, s.check)
	}
}

// TestOpenCodeOpenAICompatible runs the real OpenCode CLI through an @ai-sdk/openai-compatible
// provider (Chat Completions) on streams it cannot use as they come.
func TestOpenCodeOpenAICompatible(t *testing.T) {
	t.Parallel()
	requireTools(t, "opencode") // fail once, naming the install command, when it is missing
	run := func(t *testing.T, base string) clientRun { return runOpenCode(t, sdkOpenAICompatible, base) }
	for _, s := range []scenario{
		{
			name:           "opencode-openai-billing-null",
			dialect:        openai,
			run:            run,
			tool:           "bash",
			ran:            "e2e-42",
			broken:         "AI_TypeValidationError", // the run dies on the frames and the turn is lost
			file:           "bash-ran.txt",
			straightExit:   1,
			faultAfterCall: true,
		},
		{
			name:    "opencode-openai-todowrite-string",
			dialect: openai,
			run:     run,
			tool:    "todowrite",
			ran:     "Fix the e2e parser",
			broken:  "The todowrite tool was called with invalid arguments",
		},
	} {
		t.Run(s.name, s.check)
	}
}
