package cmd

import (
	"strings"
	"testing"
)

// TestGuessedFlags: every flag of guessedFlags, typed on its command (a "*" answer on each command
// that lacks the flag), exits 2 with one line: the command has no such flag, and its answer.
func TestGuessedFlags(t *testing.T) {
	root := NewRootCmd(&IOStreams{In: strings.NewReader("")})
	tried := 0
	for cmdName, guesses := range guessedFlags {
		cmds := []string{cmdName}
		if cmdName == "*" {
			cmds = []string{"serve", "run", "install", "uninstall", "doctor", "status", "update", "analyze", "replay", "version"}
		}
		for _, name := range cmds {
			c, _, err := root.Find([]string{name})
			if err != nil || c == root {
				t.Fatalf("no command %q", name)
			}
			for flag, answer := range guesses {
				if cmdName == "*" && guessedFlags[name][flag] != nil {
					continue // the command's own answer wins
				}
				typed := "--" + flag
				if len(flag) == 1 {
					typed = "-" + flag
					if c.Flags().ShorthandLookup(flag) != nil {
						continue
					}
				} else if c.Flags().Lookup(flag) != nil {
					continue // the command has it
				}
				tried++
				t.Run(name+" "+typed, func(t *testing.T) {
					tempHome(t)
					clearEnv(t)
					code, _, errOut := run(t, "", false, name, typed, "9000")
					want := "toolfix: " + name + " has no " + typed + ": " + answer("9000") + " (see `toolfix " + name + " --help`)\n"
					if code != 2 || errOut != want {
						t.Errorf("exit %d, stderr\n%q\nwant\n%q", code, errOut, want)
					}
				})
			}
		}
	}
	if tried < 40 {
		t.Errorf("only %d guesses tried", tried)
	}
}

// TestGuessedFlagValues: the value typed after a guessed flag is put into the answer, a secret in
// a URL redacted.
func TestGuessedFlagValues(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"serve", "--port", "9000"}, "serve has no --port: give the whole address with --listen 127.0.0.1:9000"},
		{[]string{"serve", "--port=9001"}, "--listen 127.0.0.1:9001"},
		{[]string{"serve", "--port"}, "--listen 127.0.0.1:PORT"},
		{[]string{"serve", "-p", "9002"}, "serve has no -p: give the whole address with --listen 127.0.0.1:9002"},
		{[]string{"serve", "--addr", "localhost:7000"}, "--listen localhost:7000"},
		{[]string{"serve", "--host"}, "serve has no --host: give the whole address with --listen 127.0.0.1:PORT; a team gateway listens beyond loopback, with --access-token-file FILE"},
		{[]string{"serve", "--host", "0.0.0.0"}, "--listen 0.0.0.0:PORT, which toolfix listens on only as a team gateway, with --access-token-file FILE (docs/gateway.md); for this machine alone, --listen 127.0.0.1:PORT"},
		{[]string{"serve", "--bind", "::1"}, "--listen [::1]:PORT; a team gateway"},
		{[]string{"--verbose"}, "toolfix: the toolfix command has no --verbose"},
		{[]string{"serve", "--upstream-url", "https://me:sk-ant-api03-secretsecretsecret@gw.example.com/v1"}, "--upstream https://REDACTED@gw.example.com/v1"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			tempHome(t)
			clearEnv(t)
			code, _, errOut := run(t, "", false, tt.args...)
			if code != 2 || !strings.Contains(errOut, tt.want) || strings.Contains(errOut, "secretsecret") || strings.HasPrefix(errOut, "toolfix: toolfix") {
				t.Errorf("exit %d, stderr %q, want %q", code, errOut, tt.want)
			}
		})
	}
}
