package cmd

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/toolfix/toolfix/install"
	"github.com/toolfix/toolfix/providers"
	"github.com/toolfix/toolfix/providers/configtest"
	"github.com/toolfix/toolfix/proxy"
	"github.com/toolfix/toolfix/proxy/cases"
	"github.com/toolfix/toolfix/proxy/sample"
)

// The test binary doubles as a fake client: run with fakeClientEnv set, it records its arguments
// and environment into that file, optionally sends one request through the URL it was handed, and
// exits with the status fakeExitEnv names.
const (
	fakeClientEnv   = "TOOLFIX_FAKE_CLIENT"   // where to write the record
	fakePostEnv     = "TOOLFIX_FAKE_POST"     // a request body file to POST through the handed URL
	fakeProviderEnv = "TOOLFIX_FAKE_PROVIDER" // OpenCode: the provider whose baseURL to use
	fakePathEnv     = "TOOLFIX_FAKE_PATH"     // appended to the base URL (default /v1/messages)
	fakeExitEnv     = "TOOLFIX_FAKE_EXIT"     // the exit status
	fakeWaitEnv     = "TOOLFIX_FAKE_WAIT"     // "1": print "ready", wait for SIGTERM or SIGINT
)

func TestMain(m *testing.M) {
	if out := os.Getenv(fakeClientEnv); out != "" {
		os.Exit(fakeClient(out))
	}
	os.Exit(configtest.Main(m))
}

// fakeRecord is what the fake client saw and got.
type fakeRecord struct {
	Args   []string          `json:"args"`
	Env    map[string]string `json:"env"`
	URL    string            `json:"url"`
	Status int               `json:"status"`
	Body   string            `json:"body"`
	Signal string            `json:"signal"`
}

func fakeClient(out string) int {
	rec := fakeRecord{Args: os.Args[1:], Env: map[string]string{}}
	for _, k := range []string{"ANTHROPIC_BASE_URL", "OPENCODE_CONFIG_CONTENT", "HOME", "KEEP_ME"} {
		if v, ok := os.LookupEnv(k); ok {
			rec.Env[k] = v
		}
	}
	write := func() {
		b, _ := json.Marshal(rec)
		_ = os.WriteFile(out, b, 0o600)
	}
	if os.Getenv(fakeWaitEnv) == "1" {
		ch := make(chan os.Signal, 1)
		signal.Notify(ch, syscall.SIGTERM, syscall.SIGINT)
		fmt.Println("ready")
		rec.Signal = (<-ch).String()
		write()
		return 42
	}
	if body := os.Getenv(fakePostEnv); body != "" {
		base := handedURL(rec)
		path := os.Getenv(fakePathEnv)
		if path == "" {
			path = "/v1/messages"
		}
		rec.URL = base + path
		data, _ := os.ReadFile(body)
		resp, err := http.Post(rec.URL, "application/json", bytes.NewReader(data))
		if err != nil {
			rec.Body = "error: " + err.Error()
		} else {
			b, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			rec.Status, rec.Body = resp.StatusCode, string(b)
		}
	}
	write()
	code, _ := strconv.Atoi(os.Getenv(fakeExitEnv))
	return code
}

// handedURL finds the base URL a real client would use: --settings for Claude Code, else
// OPENCODE_CONFIG_CONTENT's provider, else ANTHROPIC_BASE_URL.
func handedURL(rec fakeRecord) string {
	for i, a := range rec.Args {
		if a == "--settings" && i+1 < len(rec.Args) {
			var s struct {
				Env map[string]string `json:"env"`
			}
			_ = json.Unmarshal([]byte(rec.Args[i+1]), &s)
			return s.Env["ANTHROPIC_BASE_URL"]
		}
	}
	if p := os.Getenv(fakeProviderEnv); p != "" {
		var c struct {
			Provider map[string]struct {
				Options struct {
					BaseURL string `json:"baseURL"`
				} `json:"options"`
			} `json:"provider"`
		}
		_ = json.Unmarshal([]byte(rec.Env["OPENCODE_CONFIG_CONTENT"]), &c)
		return c.Provider[p].Options.BaseURL
	}
	return rec.Env["ANTHROPIC_BASE_URL"]
}

// fakeRun runs `toolfix run` with the fake client under the given client name and returns the
// exit status, toolfix's standard error and the client's record.
func fakeRun(t *testing.T, opts *runOptions, env map[string]string, args ...string) (int, string, fakeRecord) {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "record.json")
	t.Setenv(fakeClientEnv, out)
	for k, v := range env {
		t.Setenv(k, v)
	}
	opts.Argv = append([]string{exe}, args...)
	if opts.cwd == "" {
		opts.cwd = t.TempDir()
	}
	var stdout, stderr bytes.Buffer
	code := 0
	err = runRun(t.Context(), opts, &IOStreams{In: strings.NewReader(""), Out: &stdout, ErrOut: &stderr})
	if ee, ok := err.(*ExitError); ok {
		code = ee.Code
	} else if err != nil {
		t.Fatalf("run: %v\n%s", err, stderr.String())
	}
	var rec fakeRecord
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatalf("the fake client left no record: %v\n%s", err, stderr.String())
	}
	if err := json.Unmarshal(b, &rec); err != nil {
		t.Fatal(err)
	}
	return code, stderr.String(), rec
}

// caseServer serves one shared case's upstream body and records the paths it was asked for.
func caseServer(t *testing.T, protocol, name string) (*httptest.Server, cases.Case, *[]string) {
	t.Helper()
	c := cases.NamedForTest(t, protocol, name)
	var paths []string
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		paths = append(paths, r.URL.Path)
		ct := "application/json"
		if c.Stream {
			ct = "text/event-stream"
		}
		w.Header().Set("Content-Type", ct)
		_, _ = w.Write(c.Upstream)
	}))
	t.Cleanup(up.Close)
	return up, c, &paths
}

func writeJSON(t *testing.T, path string, v any) {
	t.Helper()
	b, _ := json.Marshal(v)
	writeFile(t, path, string(b))
}

func TestRunClaudeThroughPrivateProxy(t *testing.T) {
	home := tempHome(t)
	up, c, paths := caseServer(t, "anthropic", "leaked-invoke-court")
	writeJSON(t, filepath.Join(home, ".claude", "settings.json"), map[string]any{"env": map[string]string{"ANTHROPIC_BASE_URL": up.URL + "/gw"}})
	reqFile := filepath.Join(c.Dir, "request.json")
	code, stderr, rec := fakeRun(t, &runOptions{Client: "claude"}, map[string]string{fakePostEnv: reqFile, fakeExitEnv: "7", "KEEP_ME": "yes"}, "-p", "hello", "--verbose")

	if code != 7 {
		t.Errorf("exit %d, want the client's 7", code)
	}
	if len(rec.Args) != 5 || rec.Args[0] != "--settings" || rec.Args[2] != "-p" || rec.Args[3] != "hello" || rec.Args[4] != "--verbose" {
		t.Fatalf("client args %q", rec.Args)
	}
	var s struct {
		Env map[string]string `json:"env"`
	}
	if err := json.Unmarshal([]byte(rec.Args[1]), &s); err != nil || !strings.HasPrefix(s.Env["ANTHROPIC_BASE_URL"], "http://127.0.0.1:") || !strings.HasSuffix(s.Env["ANTHROPIC_BASE_URL"], "/claude") {
		t.Errorf("--settings %q", rec.Args[1])
	}
	if rec.Env["KEEP_ME"] != "yes" {
		t.Errorf("the client lost the environment: %v", rec.Env)
	}
	if rec.Status != 200 || len(*paths) != 1 || (*paths)[0] != "/gw/v1/messages" {
		t.Fatalf("request: status %d, upstream saw %v: %s", rec.Status, *paths, rec.Body)
	}
	if err := caseChecks["anthropic"](c.Want.Message, []byte(rec.Body), true); err != nil {
		t.Errorf("the client did not get the repaired answer: %v", err)
	}
	if _, err := http.Get(strings.TrimSuffix(s.Env["ANTHROPIC_BASE_URL"], "/claude") + "/healthz"); err == nil {
		t.Errorf("the run's proxy still answers after the run")
	}
	files, err := sample.List(filepath.Join(home, ".local", "state", "toolfix", "samples"))
	if err != nil || len(files) != 1 {
		t.Errorf("samples after a repaired run: %v %v", files, err)
	}
	if !strings.Contains(stderr, "toolfix: 1 request, repaired leaked_call ×1, stop_reason ×1, 0 fail-opens; 1 sample in") {
		t.Errorf("summary: %q", stderr)
	}
}

func TestRunClaudeMergesUserSettingsFlag(t *testing.T) {
	home := tempHome(t)
	up, _, _ := caseServer(t, "anthropic", "healthy-text")
	userSettings := filepath.Join(t.TempDir(), "mine.json")
	writeJSON(t, userSettings, map[string]any{"model": "opus", "env": map[string]string{"FOO": "bar"}})
	_ = home
	for _, args := range [][]string{{"--settings", userSettings, "-p", "x"}, {"--settings={\"model\":\"opus\",\"env\":{\"FOO\":\"bar\"}}", "-p", "x"}} {
		_, _, rec := fakeRun(t, &runOptions{Client: "claude", Samples: "off"}, map[string]string{"ANTHROPIC_BASE_URL": up.URL}, args...)
		if len(rec.Args) != len(args) {
			t.Fatalf("args %q", rec.Args)
		}
		val := rec.Args[1]
		if strings.HasPrefix(rec.Args[0], "--settings=") {
			val = strings.TrimPrefix(rec.Args[0], "--settings=")
		}
		var s struct {
			Model string            `json:"model"`
			Env   map[string]string `json:"env"`
		}
		if err := json.Unmarshal([]byte(val), &s); err != nil || s.Model != "opus" || s.Env["FOO"] != "bar" || !strings.HasPrefix(s.Env["ANTHROPIC_BASE_URL"], "http://127.0.0.1:") {
			t.Errorf("merged settings %q", val)
		}
	}
}

func TestClaudeUpstreamLayers(t *testing.T) {
	tests := []struct {
		name                      string
		user, project, local      map[string]string
		shell                     map[string]string
		want, wantErr             string
		projectHasSettingsFileDir bool
	}{
		{name: "default", want: "https://api.anthropic.com"},
		{name: "shell", shell: map[string]string{"ANTHROPIC_BASE_URL": "https://shell"}, want: "https://shell"},
		{name: "user file wins over shell", user: map[string]string{"ANTHROPIC_BASE_URL": "https://user"}, shell: map[string]string{"ANTHROPIC_BASE_URL": "https://shell"}, want: "https://user"},
		{name: "project wins over user", user: map[string]string{"ANTHROPIC_BASE_URL": "https://user"}, project: map[string]string{"ANTHROPIC_BASE_URL": "https://project"}, want: "https://project"},
		{name: "local wins over project", project: map[string]string{"ANTHROPIC_BASE_URL": "https://project"}, local: map[string]string{"ANTHROPIC_BASE_URL": "https://local"}, want: "https://local"},
		{name: "bedrock in settings", user: map[string]string{"CLAUDE_CODE_USE_BEDROCK": "1"}, wantErr: "CLAUDE_CODE_USE_BEDROCK"},
		{name: "vertex in shell", shell: map[string]string{"CLAUDE_CODE_USE_VERTEX": "true"}, wantErr: "CLAUDE_CODE_USE_VERTEX"},
		{name: "bedrock off", shell: map[string]string{"CLAUDE_CODE_USE_BEDROCK": "0"}, want: "https://api.anthropic.com"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			home, dir := t.TempDir(), t.TempDir()
			for path, e := range map[string]map[string]string{
				filepath.Join(home, ".claude", "settings.json"):      tc.user,
				filepath.Join(dir, ".claude", "settings.json"):       tc.project,
				filepath.Join(dir, ".claude", "settings.local.json"): tc.local,
			} {
				if e != nil {
					writeJSON(t, path, map[string]any{"env": e})
				}
			}
			env := providersEnv(home, tc.shell)
			got, err := claudeUpstream(env, dir)
			if wantedError(t, err, tc.wantErr) {
				return
			}
			if err != nil || got != tc.want {
				t.Errorf("got %q, %v; want %q", got, err, tc.want)
			}
		})
	}
}

func TestRunOpenCode(t *testing.T) {
	home := tempHome(t)
	up, c, paths := caseServer(t, "openai", "stringified-array-args")
	writeFile(t, filepath.Join(home, ".config", "opencode", "opencode.jsonc"), `{
  // comments are fine
  "provider": {
    "moonshot": {"npm": "@ai-sdk/openai-compatible", "options": {"baseURL": "`+up.URL+`/v1", "apiKey": "{env:NOPE}",},},
    "gem": {"npm": "@ai-sdk/google", "options": {"baseURL": "https://google.example"}},
  },
}`)
	env := map[string]string{
		"OPENCODE_CONFIG_CONTENT": `{"autoupdate": false, "provider": {"moonshot": {"models": {"kimi": {}}}}}`,
		fakePostEnv:               filepath.Join(c.Dir, "request.json"),
		fakeProviderEnv:           "moonshot",
		fakePathEnv:               "/chat/completions",
	}
	code, _, rec := fakeRun(t, &runOptions{Client: "opencode", Samples: "off"}, env, "run", "hi")
	if code != 0 {
		t.Errorf("exit %d", code)
	}
	var got struct {
		Autoupdate *bool `json:"autoupdate"`
		Provider   map[string]struct {
			Models  map[string]any `json:"models"`
			Options struct {
				BaseURL string `json:"baseURL"`
			} `json:"options"`
		} `json:"provider"`
	}
	if err := json.Unmarshal([]byte(rec.Env["OPENCODE_CONFIG_CONTENT"]), &got); err != nil {
		t.Fatalf("OPENCODE_CONFIG_CONTENT %q: %v", rec.Env["OPENCODE_CONFIG_CONTENT"], err)
	}
	if got.Autoupdate == nil || *got.Autoupdate || got.Provider["moonshot"].Models["kimi"] == nil {
		t.Errorf("the user's OPENCODE_CONFIG_CONTENT was not kept: %s", rec.Env["OPENCODE_CONFIG_CONTENT"])
	}
	for id, suffix := range map[string]string{"moonshot": "/opencode-moonshot", "anthropic": "/opencode-anthropic", "openai": "/opencode-openai"} {
		if u := got.Provider[id].Options.BaseURL; !strings.HasPrefix(u, "http://127.0.0.1:") || !strings.HasSuffix(u, suffix) {
			t.Errorf("provider %s baseURL %q", id, u)
		}
	}
	if _, ok := got.Provider["gem"]; ok {
		t.Errorf("a provider toolfix does not repair was routed")
	}
	if rec.Status != 200 || len(*paths) != 1 || (*paths)[0] != "/v1/chat/completions" {
		t.Errorf("request: status %d, upstream saw %v", rec.Status, *paths)
	}
}

func TestClientKind(t *testing.T) {
	tests := []struct {
		flag, cmd, want string
		err             bool
	}{
		{"", "claude", "claude", false},
		{"", "/usr/local/bin/claude", "claude", false},
		{"", `C:\tools\claude.exe`, "claude", false},
		{"", "opencode", "opencode", false},
		{"", "node", "", true},
		{"opencode", "/some/wrapper", "opencode", false},
		{"cursor", "x", "", true},
	}
	for _, tc := range tests {
		got, err := clientKind(tc.flag, tc.cmd)
		if got != tc.want || (err != nil) != tc.err {
			t.Errorf("clientKind(%q, %q) = %q, %v", tc.flag, tc.cmd, got, err)
		}
	}
}

func TestRunFlags(t *testing.T) {
	tests := []struct {
		args []string
		want runOptions
	}{
		{[]string{"--", "claude", "-p", "x"}, runOptions{Argv: []string{"claude", "-p", "x"}}},
		{[]string{"-q", "--client", "opencode", "--samples", "all", "--no-service", "--log", "l.json", "--", "oc", "--client", "z"}, runOptions{Quiet: true, Client: "opencode", Samples: "all", NoService: true, LogFile: "l.json", Argv: []string{"oc", "--client", "z"}}},
		{[]string{"claude", "--settings", "{}"}, runOptions{Argv: []string{"claude", "--settings", "{}"}}},
	}
	for _, tc := range tests {
		got, err := parseFlags(newRunCmdWith, tc.args...)
		if err != nil {
			t.Fatalf("%v: %v", tc.args, err)
		}
		if fmt.Sprint(*got) != fmt.Sprint(tc.want) {
			t.Errorf("%v:\n got %+v\nwant %+v", tc.args, *got, tc.want)
		}
	}
	if code, _, _ := run(t, "", false, "run"); code != 2 {
		t.Errorf("run without a client: exit %d", code)
	}
	if code, _, stderr := run(t, "", false, "run", "--", "vim"); code != 2 || !strings.Contains(stderr, "--client") {
		t.Errorf("run vim: exit %d %s", code, stderr)
	}
}

func providersEnv(home string, shell map[string]string) providers.Env {
	return providers.Env{Home: home, Getenv: func(k string) string { return shell[k] }}
}

// installService writes an installed state naming port and routes.
func installService(t *testing.T, port int, routes ...install.Route) {
	t.Helper()
	st := install.State{Version: install.StateVersion, Phase: install.PhaseInstalled, Port: port, Service: true, Updated: time.Now().UTC(), Routes: routes, Files: []install.FileState{}}
	writeJSON(t, install.DefaultDirs().StateFile(), st)
}

func listenPort(t *testing.T, h http.Handler) (*httptest.Server, int) {
	t.Helper()
	s := httptest.NewServer(h)
	t.Cleanup(s.Close)
	_, p, _ := strings.Cut(strings.TrimPrefix(s.URL, "http://"), ":")
	port, _ := strconv.Atoi(p)
	return s, port
}

func TestRunUsesInstalledService(t *testing.T) {
	home := tempHome(t)
	up, c, paths := caseServer(t, "anthropic", "stringified-array-todos")
	srv, err := proxy.New(proxy.Options{Routes: []proxy.Route{{Name: "claude", Upstream: up.URL, Protocol: "anthropic"}}, Version: "svc"})
	if err != nil {
		t.Fatal(err)
	}
	svc, port := listenPort(t, srv)
	installService(t, port, install.Route{Name: "claude", Upstream: up.URL, Protocol: "anthropic", Client: "claude"})
	settings := filepath.Join(home, ".claude", "settings.json")
	reqFile := filepath.Join(c.Dir, "request.json")

	t.Run("same upstream goes through the service", func(t *testing.T) {
		writeJSON(t, settings, map[string]any{"env": map[string]string{"ANTHROPIC_BASE_URL": up.URL}})
		_, stderr, rec := fakeRun(t, &runOptions{Client: "claude"}, map[string]string{fakePostEnv: reqFile}, "-p", "x")
		if want := `{"env":{"ANTHROPIC_BASE_URL":"` + svc.URL + `/claude"}}`; len(rec.Args) < 2 || rec.Args[1] != want {
			t.Errorf("args %q, want --settings %s", rec.Args, want)
		}
		if err := caseChecks["anthropic"](c.Want.Message, []byte(rec.Body), true); err != nil {
			t.Errorf("not repaired through the service: %v", err)
		}
		if !strings.Contains(stderr, "went through the installed toolfix service") {
			t.Errorf("summary %q", stderr)
		}
	})
	t.Run("already routed runs unchanged", func(t *testing.T) {
		writeJSON(t, settings, map[string]any{"env": map[string]string{"ANTHROPIC_BASE_URL": svc.URL + "/claude"}})
		_, _, rec := fakeRun(t, &runOptions{Client: "claude"}, nil, "-p", "x")
		if len(rec.Args) != 2 || rec.Args[0] != "-p" {
			t.Errorf("args %q, want them untouched", rec.Args)
		}
	})
	t.Run("installed but down: the route's upstream through a private proxy", func(t *testing.T) {
		writeJSON(t, settings, map[string]any{"env": map[string]string{"ANTHROPIC_BASE_URL": "http://127.0.0.1:" + strconv.Itoa(port) + "/claude"}})
		svc.Close()
		n := len(*paths)
		_, _, rec := fakeRun(t, &runOptions{Client: "claude", Samples: "off"}, map[string]string{fakePostEnv: reqFile}, "-p", "x")
		if len(rec.Args) < 2 || !strings.Contains(rec.Args[1], "127.0.0.1:") || strings.Contains(rec.Args[1], ":"+strconv.Itoa(port)+"/") {
			t.Errorf("args %q", rec.Args)
		}
		if len(*paths) != n+1 {
			t.Errorf("the request did not reach the installed route's upstream")
		}
		if err := caseChecks["anthropic"](c.Want.Message, []byte(rec.Body), true); err != nil {
			t.Errorf("not repaired: %v", err)
		}
	})
}
