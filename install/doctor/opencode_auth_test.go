package doctor

import (
	"strings"
	"testing"

	"github.com/toolfix/toolfix/install"
)

// TestCheckOpenCodeAuth: each routed OpenCode provider must have a key OpenCode finds: its
// options.apiKey, auth.json under its id, or (built-in) its variable. A key in auth.json under
// another id is named, with the rename to make.
func TestCheckOpenCodeAuth(t *testing.T) {
	after := install.BaseURL(testPort, "opencode-moonshot")
	config := func(options string) string {
		return `{"provider": {"moonshot": {"options": {"baseURL": "` + after + `"` + options + `}}}}`
	}
	tests := []struct {
		name    string
		options string            // more of provider.moonshot.options
		auth    string            // auth.json; "" means none
		env     map[string]string // the shell's variables
		status  Status
		want    []string
	}{
		{"key under the provider's id", "", `{"moonshot": {"type": "api", "key": "sk-x"}}`, nil, OK, []string{"OpenCode finds a key for each routed provider (moonshot)"}},
		{"literal apiKey", `, "apiKey": "sk-abc"`, "", nil, OK, nil},
		{"apiKey from a set variable", `, "apiKey": "{env:MOONSHOT_API_KEY}"`, "", map[string]string{"MOONSHOT_API_KEY": "sk-1"}, OK, nil},
		{"apiKey from an unset variable", `, "apiKey": "{env:MOONSHOT_API_KEY}"`, "", nil, Warn, []string{"provider.moonshot.options.apiKey is {env:MOONSHOT_API_KEY}, but MOONSHOT_API_KEY is not set in this shell", "export MOONSHOT_API_KEY"}},
		{"key under another id", "", `{"kimi": {"type": "api", "key": "sk-x"}}`, nil, Warn, []string{
			`provider "moonshot" has no apiKey in its options, and ~/.local/share/opencode/auth.json holds no key under "moonshot"`,
			`holds one under "kimi"; rename provider.moonshot to provider.kimi`}},
		{"no key anywhere", "", "", nil, Warn, []string{`holds no key under "moonshot"`, "Model not found", "`opencode auth login` and choose \"moonshot\""}},
		{"auth.json broken", "", `{"moonshot": `, nil, Warn, []string{"auth.json is not JSON"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture(t)
			f.installedFrom("opencode", "openai", "https://api.moonshot.ai/v1", ".config/opencode/opencode.json",
				config(tt.options), map[string]string{"/provider/moonshot/options/baseURL": "opencode-moonshot"})
			if tt.auth != "" {
				f.write(".local/share/opencode/auth.json", tt.auth)
			}
			for k, v := range tt.env {
				f.env[k] = v
			}
			r := f.run("opencode-auth")
			expect(t, r, tt.status, tt.want...)
			if tt.status == Warn && !strings.Contains(r.Hint, "opencode auth login") && !strings.Contains(r.Hint, "export") {
				t.Errorf("hint %q names no next step", r.Hint)
			}
		})
	}
}
