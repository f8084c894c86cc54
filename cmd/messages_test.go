package cmd

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestMessagesAreSentences runs commands the README shows with bad input in a temporary home: each
// says what is wrong and what to do in its own words, with the right exit status, and no library
// prefix or raw nested Go error reaches the person.
func TestMessagesAreSentences(t *testing.T) {
	home := tempHome(t)
	badSettings := filepath.Join(home, "bad", ".claude", "settings.json")
	writeFile(t, badSettings, "{\n  \"env\": {}\n  \"model\": \"opus\"\n}\n")
	commented := filepath.Join(home, "commented", ".claude", "settings.json")
	writeFile(t, commented, "{\n  // mine\n  \"env\": {}\n}\n")
	cutRoutes := filepath.Join(home, "cut.json")
	writeFile(t, cutRoutes, `{"routes":[`)
	typoRoutes := filepath.Join(home, "typo.json")
	writeFile(t, typoRoutes, `{"routes":[{"name":"c","upstrem":"https://x"}]}`)
	tests := []struct {
		name   string
		env    map[string]string
		args   []string
		code   int
		stderr string // the whole of it
	}{
		{"unknown command", nil, []string{"bogus"}, 2, "toolfix: unknown command \"bogus\" for \"toolfix\"\nrun `toolfix --help` for the commands\n"},
		{"unknown flag", nil, []string{"version", "--bogus"}, 2, "toolfix: unknown flag: --bogus (see `toolfix version --help`)\n"},
		{"completion for an unknown shell", nil, []string{"completion", "fish2"}, 2, "toolfix: no completion for the shell \"fish2\": the shells are bash, zsh, fish and powershell (`toolfix completion bash`, …)\n"},
		{"serve with nothing installed", nil, []string{"serve"}, 1, "toolfix: nothing to serve: toolfix is not installed: run `toolfix install`, or give --upstream URL (one route) or --config FILE (named routes)\n"},
		{"serve with a missing config", nil, []string{"serve", "--config", filepath.Join(home, "none.json")}, 1, "toolfix: cannot read " + filepath.Join(home, "none.json") + ": there is no such file; give --config the path of a routes file (its format: `toolfix serve --help`)\n"},
		{"serve with a cut-off routes file", nil, []string{"serve", "--config", cutRoutes}, 1, "toolfix: " + cutRoutes + ": the file ends before its JSON does: a closing '}', ']' or '\"' is missing (fix the routes file and run again; its format: `toolfix serve --help`)\n"},
		{"serve with a typo in the routes file", nil, []string{"serve", "--config", typoRoutes}, 1, "toolfix: " + typoRoutes + ": unknown field \"upstrem\" (fix the routes file and run again; its format: `toolfix serve --help`)\n"},
		{"serve with an ftp upstream", nil, []string{"serve", "--upstream", "ftp://x"}, 2, "toolfix: --upstream: upstream \"ftp://x\": scheme must be http or https; give the API's base URL, such as --upstream https://api.anthropic.com\n"},
		{"install with a comment in settings.json", map[string]string{"CLAUDE_CONFIG_DIR": filepath.Dir(commented)}, []string{"install", "--dry-run"}, 1,
			"toolfix: " + commented + ", line 2, column 3: a comment or a trailing comma, which this client reads as an error: its file is strict JSON (toolfix changed nothing; remove it and run again)\n"},
		{"serve with a bad log level", nil, []string{"serve", "--upstream", "http://127.0.0.1:1", "--log-level", "loud"}, 2, "toolfix: --log-level \"loud\": the levels are debug, info, warn and error\n"},
		{"run a client that is not installed", map[string]string{"PATH": filepath.Join(home, "bin")}, []string{"run", "--", "claude", "-p", "hi"}, 1, "toolfix: claude is not on your PATH: install the client, or give its full path (toolfix run -- /path/to/claude …)\n"},
		{"run a client path that is not there", nil, []string{"run", "--client", "claude", "--", filepath.Join(home, "nope", "claude")}, 1, "toolfix: cannot run " + filepath.Join(home, "nope", "claude") + ": there is no such file; give the client's full path (toolfix run -- /path/to/claude …)\n"},
		{"analyze a missing file", nil, []string{"analyze", filepath.Join(home, "nope.json")}, 1, "toolfix: cannot read " + filepath.Join(home, "nope.json") + ": there is no such file\n"},
		{"install with a broken settings.json", map[string]string{"CLAUDE_CONFIG_DIR": filepath.Dir(badSettings)}, []string{"install", "--dry-run"}, 1,
			"toolfix: " + badSettings + ", line 3, column 3: a ',' or a closing '}' is missing before '\"' (toolfix changed nothing; fix the file and run again)\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			for k, v := range tc.env {
				t.Setenv(k, v)
			}
			code, _, stderr := run(t, "", false, tc.args...)
			if code != tc.code || stderr != tc.stderr {
				t.Errorf("toolfix %s: exit %d, stderr\n%s\nwant exit %d, stderr\n%s", strings.Join(tc.args, " "), code, stderr, tc.code, tc.stderr)
			}
			for _, raw := range []string{"hujson:", "slog:", ": json: ", "toolfix: json:", "open /", "dial tcp", "Get \"", "invalid character", "EOF"} {
				if strings.Contains(stderr, raw) {
					t.Errorf("stderr holds a library's %q: %s", raw, stderr)
				}
			}
		})
	}
	if _, err := os.Stat(filepath.Join(home, ".local", "state", "toolfix", "state.json")); err == nil {
		t.Error("a refused command wrote a state file")
	}
}
