package cmd

import (
	"strings"
	"testing"
)

// TestCompletionHelpPerUserFirst: `completion bash --help` and `completion zsh --help` name a
// per-user folder, which needs no root, before the system one.
func TestCompletionHelpPerUserFirst(t *testing.T) {
	for _, tt := range []struct{ shell, user, system string }{
		{"bash", "~/.local/share/bash-completion/completions/toolfix", "/etc/bash_completion.d/toolfix"},
		{"zsh", "~/.zfunc/_toolfix", "/usr/local/share/zsh/site-functions/_toolfix"},
	} {
		t.Run(tt.shell, func(t *testing.T) {
			code, out, errOut := run(t, "", false, "completion", tt.shell, "--help")
			u, s := strings.Index(out, tt.user), strings.Index(out, tt.system)
			if code != 0 || u < 0 || s < 0 || u > s {
				t.Errorf("exit %d, the per-user folder at %d, the system one at %d:\n%s%s", code, u, s, out, errOut)
			}
		})
	}
}
