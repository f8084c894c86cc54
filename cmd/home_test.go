package cmd

import (
	"bytes"
	"os"
	"strings"
	"testing"
)

// TestNoHome: without HOME every command that needs the user's folders stops with one sentence
// naming HOME (and what can stand in for it) and writes nothing; the commands that need none run.
func TestNoHome(t *testing.T) {
	tests := []struct {
		args []string
		want string // "" means the command runs
	}{
		{[]string{"install", "--dry-run"}, "HOME is not set, and toolfix finds the clients' configs"},
		{[]string{"uninstall"}, "HOME is not set, and toolfix finds the clients' configs"},
		{[]string{"doctor"}, "export HOME=/home/NAME"},
		{[]string{"run", "--", "claude"}, "HOME is not set"},
		{[]string{"status"}, "or XDG_STATE_HOME or TOOLFIX_STATE_DIR to an absolute folder"},
		{[]string{"update", "--check"}, "HOME is not set, so toolfix has no folder for its state"},
		{[]string{"serve"}, "HOME is not set, so toolfix has no folder for its state"},
		{[]string{"serve", "--upstream", "http://127.0.0.1:1"}, "HOME is not set, so toolfix has no folder for its state"},
		{[]string{"analyze"}, "HOME is not set"},
		{[]string{"version"}, ""},
		{[]string{"completion", "bash"}, ""},
		{[]string{"install", "--help"}, ""},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			t.Setenv("HOME", "")
			os.Unsetenv("HOME")
			for _, k := range []string{"XDG_STATE_HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "TOOLFIX_STATE_DIR"} {
				t.Setenv(k, "")
				os.Unsetenv(k)
			}
			var out, errOut bytes.Buffer
			code := Run(tt.args, &IOStreams{In: strings.NewReader(""), Out: &out, ErrOut: &errOut})
			if tt.want == "" {
				if code != 0 || strings.Contains(errOut.String(), "HOME") {
					t.Fatalf("exit %d, stderr %q; want it to run", code, errOut.String())
				}
				return
			}
			if code != 1 || !strings.Contains(errOut.String(), tt.want) || strings.Count(strings.TrimSpace(errOut.String()), "\n") != 0 {
				t.Fatalf("exit %d, stderr %q; want exit 1 and one line saying %q", code, errOut.String(), tt.want)
			}
		})
	}
}

// TestStateStandsInForHome: XDG_STATE_HOME or TOOLFIX_STATE_DIR lets the commands that need only
// toolfix's state run without HOME; a relative one does not count.
func TestStateStandsInForHome(t *testing.T) {
	for _, tt := range []struct {
		k, v string
		ok   bool
	}{
		{"XDG_STATE_HOME", t.TempDir(), true},
		{"TOOLFIX_STATE_DIR", t.TempDir(), true},
		{"XDG_STATE_HOME", "relative/state", false},
	} {
		t.Run(tt.k+"="+tt.v, func(t *testing.T) {
			t.Setenv("HOME", "")
			os.Unsetenv("HOME")
			t.Setenv("XDG_STATE_HOME", "")
			t.Setenv("TOOLFIX_STATE_DIR", "")
			t.Setenv(tt.k, tt.v)
			var errOut bytes.Buffer
			Run([]string{"status"}, &IOStreams{In: strings.NewReader(""), Out: &bytes.Buffer{}, ErrOut: &errOut})
			if got := strings.Contains(errOut.String(), "HOME is not set"); got == tt.ok {
				t.Errorf("stderr %q: HOME named %v, want %v", errOut.String(), got, !tt.ok)
			}
		})
	}
}

// TestRelativeStateDir: a relative TOOLFIX_STATE_DIR stops every command that keeps state, with
// HOME set or not, in one sentence that says how to make it absolute; it is never resolved
// against the working folder. The commands that need no folder run.
func TestRelativeStateDir(t *testing.T) {
	for _, tt := range []struct {
		args []string
		home bool
		want string // "" means the command runs
	}{
		{[]string{"status"}, true, `TOOLFIX_STATE_DIR is "rel/state", not an absolute folder: toolfix would keep its state, backups and samples in a different place from each folder it runs in; set it to an absolute folder (such as TOOLFIX_STATE_DIR=$PWD/rel/state) or unset it`},
		{[]string{"status"}, false, `TOOLFIX_STATE_DIR is "rel/state", not an absolute folder`},
		{[]string{"install", "--dry-run"}, true, `TOOLFIX_STATE_DIR is "rel/state", not an absolute folder`},
		{[]string{"serve"}, true, `TOOLFIX_STATE_DIR is "rel/state", not an absolute folder`},
		{[]string{"version"}, true, ""},
	} {
		t.Run(strings.Join(tt.args, " ")+map[bool]string{true: " with HOME"}[tt.home], func(t *testing.T) {
			tempHome(t)
			clearEnv(t)
			if !tt.home {
				t.Setenv("HOME", "")
				os.Unsetenv("HOME")
			}
			t.Setenv("TOOLFIX_STATE_DIR", "rel/state")
			t.Chdir(t.TempDir())
			var out, errOut bytes.Buffer
			code := Run(tt.args, &IOStreams{In: strings.NewReader(""), Out: &out, ErrOut: &errOut})
			if _, err := os.Stat("rel"); err == nil {
				t.Errorf("a folder was made relative to the working folder")
			}
			if tt.want == "" {
				if code != 0 {
					t.Fatalf("exit %d, stderr %q; want it to run", code, errOut.String())
				}
				return
			}
			if code != 1 || !strings.Contains(errOut.String(), tt.want) || strings.Count(strings.TrimSpace(errOut.String()), "\n") != 0 {
				t.Fatalf("exit %d, stderr %q; want exit 1 and one line saying %q", code, errOut.String(), tt.want)
			}
		})
	}
}
