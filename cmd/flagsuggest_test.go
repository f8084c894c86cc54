package cmd

import (
	"strings"
	"testing"
)

// TestUnknownFlagSuggests: an unknown flag within an edit distance of 2 of a real one names it.
func TestUnknownFlagSuggests(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"install", "--dryrun"}, "toolfix: unknown flag: --dryrun: did you mean --dry-run? (see `toolfix install --help`)"},
		{[]string{"install", "--dry-rn=true"}, "did you mean --dry-run?"},
		{[]string{"serve", "--lisen", "127.0.0.1:0"}, "did you mean --listen?"},
		{[]string{"doctor", "--jsno"}, "did you mean --json?"},
		{[]string{"install", "--completely-else"}, "toolfix: unknown flag: --completely-else (see `toolfix install --help`)"},
	}
	for _, tc := range tests {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			tempHome(t)
			clearEnv(t)
			code, _, errOut := run(t, "", false, tc.args...)
			if code == 0 || !strings.Contains(errOut, tc.want) {
				t.Errorf("exit %d, stderr %q, want %q", code, errOut, tc.want)
			}
			if !strings.Contains(tc.want, "did you mean") && strings.Contains(errOut, "did you mean") {
				t.Errorf("stderr %q suggests a far flag", errOut)
			}
		})
	}
}

func TestEditDistance(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		d    int
	}{{"", "", 0}, {"dryrun", "dry-run", 1}, {"lisen", "listen", 1}, {"jsno", "json", 2}, {"abc", "", 3}} {
		if got := editDistance(tc.a, tc.b); got != tc.d {
			t.Errorf("editDistance(%q, %q) = %d, want %d", tc.a, tc.b, got, tc.d)
		}
	}
}
