package cmd

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/toolfix/toolfix/install"
	"github.com/toolfix/toolfix/install/doctor"
	"github.com/toolfix/toolfix/providers"
	"github.com/toolfix/toolfix/providers/configtest"
)

// TestColorEnabled: colour only on a terminal, and NO_COLOR (any value, empty too) or TERM=dumb
// turn it off.
func TestColorEnabled(t *testing.T) {
	tests := []struct {
		name string
		tty  bool
		env  map[string]string
		want bool
	}{
		{"terminal", true, map[string]string{"TERM": "xterm-256color"}, true},
		{"terminal, no TERM", true, nil, true},
		{"pipe", false, map[string]string{"TERM": "xterm"}, false},
		{"NO_COLOR=1", true, map[string]string{"NO_COLOR": "1"}, false},
		{"NO_COLOR=yes", true, map[string]string{"NO_COLOR": "yes", "TERM": "xterm"}, false},
		{"NO_COLOR empty", true, map[string]string{"NO_COLOR": ""}, false},
		{"TERM=dumb", true, map[string]string{"TERM": "dumb"}, false},
		{"pipe and NO_COLOR", false, map[string]string{"NO_COLOR": "1"}, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			lookup := func(k string) (string, bool) { v, ok := tc.env[k]; return v, ok }
			if got := colorEnabled(tc.tty, lookup); got != tc.want {
				t.Errorf("colorEnabled(tty %v, %v) = %v, want %v", tc.tty, tc.env, got, tc.want)
			}
		})
	}
}

// fakeDoctor makes newDoctor check an empty temporary home against a port nothing listens on.
func fakeDoctor(t *testing.T) {
	t.Helper()
	home := tempHome(t)
	port := configtest.RefusingPort(t)
	old := newDoctor
	newDoctor = func(int, time.Duration) (*doctor.Doctor, error) {
		env := providers.Env{Home: home, Getenv: os.Getenv}
		return &doctor.Doctor{Version: Version, Env: env, Dirs: install.DefaultDirs(), Port: port, DefaultPort: DefaultPort, Timeout: 2 * time.Second}, nil
	}
	t.Cleanup(func() { newDoctor = old })
}

// TestDoctorOutputColorAndJSON: options -> output. The marks are coloured only when the IO
// bundle says so; --json is a JSON object with a summary of the outcomes and no colour.
func TestDoctorOutputColorAndJSON(t *testing.T) {
	fakeDoctor(t)
	for _, tc := range []struct {
		name  string
		opts  doctorOptions
		color bool
	}{
		{"text", doctorOptions{}, false},
		{"text in colour", doctorOptions{}, true},
		{"json on a colour terminal", doctorOptions{JSON: true}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out bytes.Buffer
			err := runDoctor(context.Background(), &IOStreams{Out: &out, ErrOut: io.Discard, Color: tc.color}, &tc.opts)
			var ee *ExitError
			if !errors.As(err, &ee) || ee.Code != 1 {
				t.Fatalf("err = %v, want exit 1 (nothing is installed)", err)
			}
			hasEsc := strings.Contains(out.String(), "\x1b[")
			if want := tc.color && !tc.opts.JSON; hasEsc != want {
				t.Errorf("ANSI escapes: %v, want %v:\n%q", hasEsc, want, out.String())
			}
			if tc.color && !tc.opts.JSON && !strings.Contains(out.String(), "\x1b[31m✗\x1b[0m install") {
				t.Errorf("the failed install check's mark is not red:\n%q", out.String())
			}
			if !tc.opts.JSON {
				return
			}
			var got struct {
				Summary doctor.Tally `json:"summary"`
				Checks  []struct {
					Status string `json:"status"`
				} `json:"checks"`
			}
			if err := json.Unmarshal(out.Bytes(), &got); err != nil {
				t.Fatalf("not JSON: %v\n%s", err, out.String())
			}
			s := got.Summary
			if s.Failures < 1 || s.OK+s.Warnings+s.Failures+s.Skipped != len(got.Checks) {
				t.Errorf("summary %+v does not count the %d checks", s, len(got.Checks))
			}
		})
	}
}

// TestInstallDryRunJSON: flags -> options and options -> output for `install --dry-run --json`.
func TestInstallDryRunJSON(t *testing.T) {
	if got, err := parseFlags(newInstallCmd, "--dry-run", "--json"); err != nil || got == nil || !got.JSON || !got.DryRun {
		t.Fatalf("--dry-run --json: options %+v, err %v", got, err)
	}
	if code, _, stderr := run(t, "", false, "install", "--json"); code != 2 || !strings.Contains(stderr, "--json prints the plan, so it goes with --dry-run") {
		t.Errorf("install --json: exit %d, %s", code, stderr)
	}

	home := tempHome(t)
	writeFile(t, filepath.Join(home, ".claude", "settings.json"), "{\n  \"env\": {\n    \"ANTHROPIC_BASE_URL\": \"https://gw.example.com/anthropic\",\n    \"ANTHROPIC_AUTH_TOKEN\": \"sk-ant-secret-token\"\n  }\n}\n")
	code, stdout, stderr := run(t, "", false, "install", "--dry-run", "--json", "--no-service")
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	var plan install.PlanJSON
	if err := json.Unmarshal([]byte(stdout), &plan); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, stdout)
	}
	if len(plan.Routes) != 1 || plan.Routes[0].Name != "claude" || plan.Routes[0].BaseURL != "http://127.0.0.1:"+strconv.Itoa(DefaultPort)+"/claude" || plan.Routes[0].Upstream != "https://gw.example.com/anthropic" {
		t.Errorf("routes = %+v", plan.Routes)
	}
	if len(plan.Files) != 1 || !strings.Contains(plan.Files[0].Diff, `+    "ANTHROPIC_BASE_URL": "http://127.0.0.1:47821/claude",`) || !strings.Contains(plan.Files[0].Diff, `"ANTHROPIC_AUTH_TOKEN": "REDACTED"`) {
		t.Errorf("files = %+v", plan.Files)
	}
	if plan.Service.Install {
		t.Errorf("--no-service, yet service = %+v", plan.Service)
	}
	if strings.Contains(stdout, "sk-ant-secret-token") {
		t.Errorf("the JSON plan shows the token:\n%s", stdout)
	}

	// Nothing to route: still one JSON object, with the notes, and exit 1.
	tempHome(t)
	code, stdout, stderr = run(t, "", false, "install", "--dry-run", "--json")
	if err := json.Unmarshal([]byte(stdout), &plan); err != nil || code != 1 || len(plan.Routes) != 0 || len(plan.Notes) == 0 || !strings.Contains(stderr, "nothing to route") {
		t.Errorf("empty plan: exit %d, %v, notes %q\nstdout %s\nstderr %s", code, err, plan.Notes, stdout, stderr)
	}
}

// TestNoSecretInAnyOutput holds issue 13's "no key appears in any output of toolfix's own": with a
// settings file full of keys (an upstream's password, ANTHROPIC_CUSTOM_HEADERS, the auth token,
// another env key, apiKeyHelper), none shows in the plan (text or JSON), install's report, status
// or doctor (text or JSON).
func TestNoSecretInAnyOutput(t *testing.T) {
	home := tempHome(t)
	clearEnv(t)
	canaries := []string{"canaryPW1x", "canaryHDR2x", "canaryTOK3x", "canaryKEY4x", "canaryHELP5x"}
	writeFile(t, filepath.Join(home, ".claude", "settings.json"), `{
  "apiKeyHelper": "/usr/local/bin/print-key canaryHELP5x",
  "env": {
    "ANTHROPIC_BASE_URL": "http://me:canaryPW1x@127.0.0.1:2/anthropic",
    "ANTHROPIC_CUSTOM_HEADERS": "x-api-key: canaryHDR2x",
    "ANTHROPIC_AUTH_TOKEN": "canaryTOK3x",
    "OPENAI_API_KEY": "canaryKEY4x"
  }
}
`)
	runs := [][]string{
		{"install", "--dry-run", "--no-service"},
		{"install", "--dry-run", "--json", "--no-service"},
		{"install", "--yes", "--no-service", "--port", "1"},
		{"status", "--port", "1"},
		{"status", "--json", "--port", "1"},
		{"doctor", "--port", "1"},
		{"doctor", "--json", "--port", "1"},
		{"uninstall"},
	}
	for _, args := range runs {
		code, out, errOut := run(t, "", false, args...)
		if args[0] == "install" && code != 0 {
			t.Fatalf("%v: exit %d\n%s\n%s", args, code, out, errOut)
		}
		if out == "" {
			t.Errorf("%v printed nothing", args)
		}
		for _, c := range canaries {
			if strings.Contains(out, c) || strings.Contains(errOut, c) {
				t.Errorf("%v shows %s:\n%s\n%s", args, c, out, errOut)
			}
		}
	}
}

// TestBrokenConfigNeverEchoed: a config that does not parse is reported by place and kind; none of
// install --dry-run, doctor or status prints the text of the value there (a key, a token).
func TestBrokenConfigNeverEchoed(t *testing.T) {
	files := []struct{ path, data string }{
		{".claude/settings.json", `{"env": {"ANTHROPIC_AUTH_TOKEN": sk-canary-123}}`},
		{".claude/settings.json", "{\n  \"env\": {\n    \"ANTHROPIC_AUTH_TOKEN\": \"sk-canary-123,\n    \"X\": \"1\"}}"},
		{".config/opencode/opencode.jsonc", "{\n  \"provider\": {\"x\": {\"options\": {\"apiKey\": tok_canary9}}}\n}"},
		{".qwen/settings.json", `{"security": {"auth": {"apiKey": "sk-canary-123" "x": 1}}}`},
		{".codex/config.toml", "[model_providers.x]\nenv_key = sk-canary-123\n"},
		{".codex/config.toml", "model = \"sk-canary-123\nx = 1\n"},
		{".qwen/.env", "OPENAI_API_KEY=\"sk-canary-123\nX=1\n"},
	}
	for i, f := range files {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			home := tempHome(t)
			clearEnv(t)
			writeFile(t, filepath.Join(home, filepath.FromSlash(f.path)), f.data)
			for _, args := range [][]string{{"install", "--dry-run", "--no-service"}, {"doctor", "--port", "1"}} {
				_, out, errOut := run(t, "", false, args...)
				all := out + errOut
				if strings.Contains(all, "canary") {
					t.Errorf("%v shows the config's text:\n%s", args, all)
				}
				if !strings.Contains(all, "line ") {
					t.Errorf("%v does not name the place:\n%s", args, all)
				}
			}
		})
	}
}
