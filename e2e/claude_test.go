package e2e

import "testing"

// TestClaudeCode runs the real Claude Code CLI on streams it cannot use as they come.
func TestClaudeCode(t *testing.T) {
	t.Parallel()
	requireTools(t, "claude") // fail once, naming the install command, when it is missing
	for _, s := range []scenario{
		{
			name:    "claude-leaked-bash",
			dialect: anthropic,
			run:     runClaude,
			tool:    "Bash",
			ran:     "e2e-42",
			broken:  `<invoke name=\"Bash\">`, // the markup, shown as text in stream-json
			file:    "bash-ran.txt",
		},
		{
			name:    "claude-todowrite-items",
			dialect: anthropic,
			run:     runClaude,
			tool:    "TodoWrite",
			ran:     "Todos have been modified successfully",
			broken:  "The parameter `todos[0]` type is expected as `object` but provided as `string`",
		},
	} {
		t.Run(s.name, s.check)
	}
}
