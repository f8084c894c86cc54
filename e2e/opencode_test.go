package e2e

import "testing"

// TestOpenCode runs the real OpenCode CLI, through both AI SDK providers, on streams it cannot use
// as they come.
func TestOpenCode(t *testing.T) {
	t.Parallel()
	clientBin(t, "opencode") // fail once, naming the install command, when it is missing
	viaAnthropic := func(t *testing.T, base string) clientRun { return runOpenCode(t, sdkAnthropic, base) }
	viaOpenAI := func(t *testing.T, base string) clientRun { return runOpenCode(t, sdkOpenAICompatible, base) }
	for _, s := range []scenario{
		{
			name:    "opencode-anthropic-todowrite-string",
			dialect: anthropic,
			run:     viaAnthropic,
			tool:    "todowrite",
			ran:     "Fix the e2e parser",
			broken:  "The todowrite tool was called with invalid arguments",
		},
		{
			name:         "opencode-anthropic-billing",
			dialect:      anthropic,
			run:          viaAnthropic,
			tool:         "bash",
			ran:          "e2e-42",
			broken:       "AI_TypeValidationError", // the run dies on the frame and the turn is lost
			file:         "bash-ran.txt",
			straightExit: 1,
		},
		{
			name:         "opencode-openai-billing-null",
			dialect:      openai,
			run:          viaOpenAI,
			tool:         "bash",
			ran:          "e2e-42",
			broken:       "AI_TypeValidationError", // the run dies on the frame and the turn is lost
			file:         "bash-ran.txt",
			straightExit: 1,
		},
		{
			name:    "opencode-openai-todowrite-string",
			dialect: openai,
			run:     viaOpenAI,
			tool:    "todowrite",
			ran:     "Fix the e2e parser",
			broken:  "The todowrite tool was called with invalid arguments",
		},
	} {
		t.Run(s.name, s.check)
	}
}
