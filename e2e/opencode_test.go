package e2e

import "testing"

// TestOpenCodeAnthropic runs the real OpenCode CLI through an @ai-sdk/anthropic provider (the
// Messages API) on streams it cannot use as they come.
func TestOpenCodeAnthropic(t *testing.T) {
	checkOpenCode(t, sdkAnthropic, anthropic, []scenario{
		{
			name:   "opencode-anthropic-todowrite-string",
			tool:   "todowrite",
			ran:    "Fix the e2e parser",
			broken: "The todowrite tool was called with invalid arguments",
		},
		{
			name:           "opencode-anthropic-billing",
			tool:           "bash",
			ran:            "e2e-42",
			broken:         "AI_TypeValidationError", // the run dies on the frame and the turn is lost
			file:           "bash-ran.txt",
			straightExit:   1,
			faultAfterCall: true,
		},
	})
}

// TestOpenCodeOpenAICompatible runs the real OpenCode CLI through an @ai-sdk/openai-compatible
// provider (Chat Completions) on streams it cannot use as they come.
func TestOpenCodeOpenAICompatible(t *testing.T) {
	checkOpenCode(t, sdkOpenAICompatible, openai, []scenario{
		{
			name:           "opencode-openai-billing-null",
			tool:           "bash",
			ran:            "e2e-42",
			broken:         "AI_TypeValidationError", // the run dies on the frames and the turn is lost
			file:           "bash-ran.txt",
			straightExit:   1,
			faultAfterCall: true,
		},
		{
			name:   "opencode-openai-todowrite-string",
			tool:   "todowrite",
			ran:    "Fix the e2e parser",
			broken: "The todowrite tool was called with invalid arguments",
		},
	})
}

// checkOpenCode checks each scenario (its dialect d) on the real OpenCode CLI talking through the
// provider package npm, the scenarios in parallel with each other and with other tests.
func checkOpenCode(t *testing.T, npm providerNPM, d dialect, scenarios []scenario) {
	t.Parallel()
	requireTools(t, "opencode") // fail once, naming the install command, when it is missing
	for _, s := range scenarios {
		s.dialect = d
		s.run = func(t *testing.T, base string) clientRun { return runOpenCode(t, npm, base) }
		t.Run(s.name, s.check)
	}
}
