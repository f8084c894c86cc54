package cmd

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/toolfix/toolfix/install"
	"github.com/toolfix/toolfix/proxy"
)

// TestInstalledRetries: retry.json in toolfix's config folder sets the opt-in retry of installed
// routes; a missing file retries nothing, and a broken one, an unknown route or a bad retry is
// refused with a sentence naming the file.
func TestInstalledRetries(t *testing.T) {
	tests := []struct {
		name, file string // file "" means none
		want       string // the error's words; "" means none
		attempts   int    // claude's retry attempts after; 0 means none
	}{
		{"no file", "", "", 0},
		{"a retry", `{"claude": {"attempts": 3, "statuses": [500, 529]}}`, "", 3},
		{"unknown route", `{"cluade": {"attempts": 3}}`, `sets a retry for route "cluade", which is not installed (the routes: claude, opencode-x)`, 0},
		{"bad JSON", "{\n  \"claude\": {\"attempts\": 3,}\n}", "line 2", 0},
		{"unknown field", `{"claude": {"tries": 3}}`, `unknown field "tries"`, 0},
		{"bad attempts", `{"claude": {"attempts": 1}}`, "attempts 1: give 2 to 10", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dirs := install.Dirs{Config: t.TempDir(), State: t.TempDir()}
			if tt.file != "" {
				if err := os.WriteFile(filepath.Join(dirs.Config, "retry.json"), []byte(tt.file), 0o600); err != nil {
					t.Fatal(err)
				}
			}
			cfg := proxy.Config{Routes: []proxy.Route{{Name: "claude", Upstream: "https://api.anthropic.com"}, {Name: "opencode-x", Upstream: "https://x.example/v1"}}}
			err := addInstalledRetries(&cfg, dirs)
			if tt.want == "" {
				if err != nil {
					t.Fatal(err)
				}
				got := 0
				if r := cfg.Routes[0].Retry; r != nil {
					got = r.Attempts
				}
				if got != tt.attempts || cfg.Routes[1].Retry != nil {
					t.Errorf("claude's attempts %d, want %d; opencode-x's retry %v", got, tt.attempts, cfg.Routes[1].Retry)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.want) || !strings.Contains(err.Error(), "retry.json") {
				t.Errorf("error %v, want it to name retry.json and say %q", err, tt.want)
			}
		})
	}
}
