package install

import (
	"encoding/json"
	"errors"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
)

func TestUnifiedDiff(t *testing.T) {
	a := "{\n  \"a\": 1,\n  \"b\": 2,\n  \"c\": 3,\n  \"d\": 4,\n  \"e\": 5,\n  \"f\": 6,\n  \"g\": 7,\n  \"h\": 8,\n  \"i\": 9\n}\n"
	b := strings.Replace(strings.Replace(a, "\"b\": 2", "\"b\": 20", 1), "\"i\": 9\n", "\"i\": 9,\n  \"j\": 10\n", 1)
	want := `--- old
+++ new
@@ -1,11 +1,12 @@
 {
   "a": 1,
-  "b": 2,
+  "b": 20,
   "c": 3,
   "d": 4,
   "e": 5,
   "f": 6,
   "g": 7,
   "h": 8,
-  "i": 9
+  "i": 9,
+  "j": 10
 }
`
	if diff := cmp.Diff(want, unifiedDiff("old", "new", []byte(a), []byte(b))); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	// Changes more than six lines apart make two hunks.
	c := "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n13\n14\n"
	d := strings.Replace(strings.Replace(c, "\n2\n", "\nX\n", 1), "\n10\n", "\nY\n", 1)
	want2 := "--- c\n+++ d\n@@ -1,5 +1,5 @@\n 1\n-2\n+X\n 3\n 4\n 5\n@@ -7,7 +7,7 @@\n 7\n 8\n 9\n-10\n+Y\n 11\n 12\n 13\n"
	if diff := cmp.Diff(want2, unifiedDiff("c", "d", []byte(c), []byte(d))); diff != "" {
		t.Errorf("two hunks (-want +got):\n%s", diff)
	}
	if got := unifiedDiff("old", "new", []byte(a), []byte(a)); got != "" {
		t.Errorf("equal inputs give %q", got)
	}
	// A new file, CRLF and no final newline.
	got := unifiedDiff("x", "y", nil, []byte("{\r\n  \"k\": 1\r\n}"))
	wantNew := "--- x\n+++ y\n@@ -0,0 +1,3 @@\n+{\n+  \"k\": 1\n+}\n\\ No newline at end of file\n"
	if diff := cmp.Diff(wantNew, got); diff != "" {
		t.Errorf("new file (-want +got):\n%s", diff)
	}
}

func TestShownLineRedacts(t *testing.T) {
	tests := []struct{ in, want string }{
		{`    "apiKey": "sk-abc123",`, `    "apiKey": "REDACTED",`},
		{`"x-api-key": "k", "Authorization": "Bearer t"`, `"x-api-key": "REDACTED", "Authorization": "REDACTED"`},
		{`"apiKey": "{env:MOONSHOT_API_KEY}"`, `"apiKey": "{env:MOONSHOT_API_KEY}"`},
		{`"ANTHROPIC_AUTH_TOKEN": "esc\"aped"`, `"ANTHROPIC_AUTH_TOKEN": "REDACTED"`},
		{`"baseURL": "https://api.moonshot.ai/v1"`, `"baseURL": "https://api.moonshot.ai/v1"`},
		// issue 13 item 8: env values that hold keys
		{`"ANTHROPIC_CUSTOM_HEADERS": "x-api-key: abc\nX-Org: 1"`, `"ANTHROPIC_CUSTOM_HEADERS": "REDACTED"`},
		{`"OPENAI_API_KEY": "abc"`, `"OPENAI_API_KEY": "REDACTED"`},
		{`"MY_GATEWAY": "sk-proj-abcdefghijklmnopqrstuvwx12"`, `"MY_GATEWAY": "REDACTED"`},
		{`"OTEL_EXPORTER_OTLP_HEADERS": "authorization=Bearer abcdefgh12345678"`, `"OTEL_EXPORTER_OTLP_HEADERS": "REDACTED"`},
		{`"EXTRA": "Bearer abcdefgh12345678"`, `"EXTRA": "Bearer REDACTED"`},
		{`"ANTHROPIC_BASE_URL": "https://u:pw@gw.example/api?key=abcdefgh"`, `"ANTHROPIC_BASE_URL": "https://REDACTED@gw.example/api?key=REDACTED"`}, // issue 22 item 7: one form of redaction; a variable's name (Qwen's envKey) is shown
		{`"OPENAI_API_KEY": "sk-ant-api03-abcdefgh12345678"`, `"OPENAI_API_KEY": "REDACTED"`},
		{`"X": "key sk-ant-api03-abcdefgh12345678 here"`, `"X": "key REDACTED here"`},
		{`{"id": "qwen3-coder-plus", "envKey": "DASHSCOPE_API_KEY"}`, `{"id": "qwen3-coder-plus", "envKey": "DASHSCOPE_API_KEY"}`},
	}
	for _, tt := range tests {
		if got := shownLine(tt.in, ""); got != tt.want {
			t.Errorf("shownLine(%s) = %s, want %s", tt.in, got, tt.want)
		}
	}
}

// TestShownLineClips holds issue 13 item 9: a line of a one-line settings file is shown as a window
// around its change, with "…" for the rest, and a secret cut by the window is still redacted.
func TestShownLineClips(t *testing.T) {
	pad := strings.Repeat(`"Bash(ls)",`, 1000)
	before := `{"permissions":[` + pad + `],"env":{"ANTHROPIC_BASE_URL":"https://api.anthropic.com","X":"1"},"more":[` + pad + `]}`
	after := strings.Replace(before, "https://api.anthropic.com", "http://127.0.0.1:47821/claude", 1)
	got, gotPartner := shownLine(after, before), shownLine(before, after)
	for _, s := range []string{got, gotPartner} {
		if len(s) > maxShownLine+2*len("…") || !strings.HasPrefix(s, "…") || !strings.HasSuffix(s, "…") {
			t.Errorf("a %d-byte line is shown as %d bytes: %q", len(after), len(s), s)
		}
	}
	contains(t, got, `"ANTHROPIC_BASE_URL":"http://127.0.0.1:47821/claude"`)
	contains(t, gotPartner, `"ANTHROPIC_BASE_URL":"https://api.anthropic.com"`)
	// A key whose member name lies far outside the window, and one cut by the window's edge.
	key := "sk-ant-api03-" + strings.Repeat("Ab1", 20)
	long := `{"apiKey":"` + strings.Repeat("x", 20000) + key + `","env":{"ANTHROPIC_BASE_URL":"https://a.example"}}`
	longAfter := strings.Replace(long, "https://a.example", "http://127.0.0.1:1/c", 1)
	for _, s := range []string{shownLine(longAfter, long), shownLine(long[:len(long)/2], "")} {
		if strings.Contains(s, "Ab1Ab1") || strings.Contains(s, "xxxxx") {
			t.Errorf("a secret shows through the clipping: %q", s)
		}
	}
	if s := shownLine(strings.Repeat("é", 300), ""); !utf8.ValidString(s) {
		t.Errorf("clipping cut a character: %q", s)
	}
}

func TestSelfCheck(t *testing.T) {
	me := self{ports: map[int]bool{47821: true, 50000: true}, hosts: map[string]bool{"devbox": true}, addrs: []net.IP{net.ParseIP("10.1.2.3")}, routes: map[string]bool{"claude": true}}
	tests := []struct {
		url         string
		self, local bool
	}{
		{"http://127.0.0.1:47821/claude", true, false},
		{"http://127.9.9.9:50000", true, false},
		{"http://LOCALHOST:47821/v1", true, false},
		{"http://app.localhost:47821", true, false},
		{"http://[::1]:47821", true, false},
		{"http://0.0.0.0:47821", true, false},
		{"http://[::]:47821", true, false},
		{"http://devbox:47821", true, false},
		{"http://devbox.:47821", true, false},
		{"http://10.1.2.3:47821", true, false},
		{"http://localhost:4000/claude/v1", true, false},
		{"http://localhost:4000/v1", false, true},
		{"http://localhost/v1", false, true},
		{"https://api.anthropic.com", false, false},
		{"https://10.9.9.9:47821", false, false},
		// issue 13 item 9: the inet_aton spellings of loopback, which resolvers accept
		{"http://127.1:47821", true, false},
		{"http://2130706433:47821", true, false},
		{"http://0x7f.1:47821", true, false},
		{"http://017700000001:47821", true, false},
		{"http://127.0.1:47821", true, false},
		{"http://0x7F000001:47821", true, false},
		{"http://0177.0.0.1:47821", true, false},
		{"http://127.1/v1", false, true},
		{"http://0:47821", true, false},
		{"http://128.1:47821", false, false},
		{"http://127.256.1:47821", false, false},
		{"http://1.2.3.4.5:47821", false, false},
		{"http://0x:47821", false, false},
		{"http://08.1:47821", false, false},
		{"http://2130706433.example:47821", false, false},
	}
	for _, tt := range tests {
		s, l, err := me.check(tt.url)
		if err != nil {
			t.Errorf("%s: %v", tt.url, err)
			continue
		}
		if s != tt.self || l != tt.local {
			t.Errorf("%s: self %v local %v, want %v %v", tt.url, s, l, tt.self, tt.local)
		}
	}
	for _, bad := range []string{"gateway.example", "ftp://x", "http://", "https://x/v1?key=1", "://",
		"ftp://me:hunter2pw@x", "http://me:hunter2pw@x:port", "https://me:hunter2pw@x/v1?key=hunter2pw"} {
		if _, _, err := me.check(bad); err == nil {
			t.Errorf("%q: no error", bad)
		} else if strings.Contains(err.Error(), "hunter2pw") {
			t.Errorf("%q: the error shows the password: %v", bad, err)
		}
	}
}

func TestHealthProbe(t *testing.T) {
	tests := []struct {
		name string
		body any
		code int
		ok   bool
	}{
		{"names", map[string]any{"status": "ok", "version": "v", "routes": []string{"claude", "opencode-x"}}, 200, true},
		{"objects", map[string]any{"status": "ok", "routes": []map[string]string{{"name": "claude", "upstream": "u"}, {"name": "opencode-x"}}}, 200, true},
		{"old routes", map[string]any{"status": "ok", "routes": []string{"claude"}}, 200, false},
		{"not ok", map[string]any{"status": "starting", "routes": []string{"claude", "opencode-x"}}, 200, false},
		{"500", map[string]any{}, 500, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			url := fakeHealthz(t, func() (int, any) { return tt.code, tt.body })
			in := &Installer{HealthURL: url, HealthTimeout: 400 * time.Millisecond}
			err := in.waitHealthy(t.Context(), 1, []Route{{Name: "claude"}, {Name: "opencode-x"}})
			if (err == nil) != tt.ok {
				t.Errorf("waitHealthy = %v, want ok %v", err, tt.ok)
			}
		})
	}
}

func TestDefaultDirs(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(home, "cfg"))
	t.Setenv("XDG_STATE_HOME", filepath.Join(home, "st"))
	t.Setenv(StateDirEnv, "")
	d := DefaultDirs()
	if d.Config != filepath.Join(home, "cfg", "toolfix") {
		t.Errorf("Config = %s", d.Config)
	}
	if d.State != filepath.Join(home, "st", "toolfix") || StateDir() != d.State {
		t.Errorf("State = %s", d.State)
	}
	if d.StateFile() != filepath.Join(d.State, "state.json") || d.Samples() != filepath.Join(d.State, "samples") {
		t.Errorf("files: %s %s", d.StateFile(), d.Samples())
	}
	t.Setenv(StateDirEnv, filepath.Join(home, "elsewhere"))
	if got := DefaultDirs().State; got != filepath.Join(home, "elsewhere") {
		t.Errorf("%s: State = %s", StateDirEnv, got)
	}
}

func TestBackupName(t *testing.T) {
	if got := backupName("/home/me/.claude/settings.json"); got != filepath.Join("home", "me", ".claude", "settings.json") {
		t.Errorf("got %s", got)
	}
}

func TestStateRejectsUnknownVersion(t *testing.T) {
	d := Dirs{State: t.TempDir()}
	if err := os.WriteFile(d.StateFile(), []byte(`{"version": 9}`), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := LoadState(d); err == nil || !strings.Contains(err.Error(), "version 9") {
		t.Errorf("LoadState = %v", err)
	}
}

// TestRenderPlan checks what --dry-run shows: routes, the diff with the secret redacted, the
// service, the notes.
func TestRenderPlan(t *testing.T) {
	w := newWorld(t)
	w.writeOpenCodeJSONC()
	out := w.shown(w.mustPlan(Options{}).Render)
	for _, s := range []string{
		"proxy on 127.0.0.1:47821",
		"opencode-gw", "-> https://gw.example/v1", "(anthropic)",
		"opencode-moonshot", "-> https://api.moonshot.ai/v1",
		"-        \"baseURL\": \"https://api.moonshot.ai/v1\", // with /v1",
		"+        \"baseURL\": \"http://127.0.0.1:47821/opencode-moonshot\", // with /v1",
		`"apiKey": "REDACTED"`,
		"Service: fake per-user service",
	} {
		contains(t, out, s)
	}
	if strings.Contains(out, "sk-secret-value") {
		t.Errorf("the plan shows a secret:\n%s", out)
	}
}

// TestPlanShowsNoSecretAndClipsLongLines holds issue 13 items 8 and 9 on a whole plan: a one-line
// settings file of 1 MB gives a diff of a few lines around the change (it printed the whole line
// twice), and neither ANTHROPIC_CUSTOM_HEADERS, another env key, nor the password of an upstream URL
// shows in the plan.
func TestPlanShowsNoSecretAndClipsLongLines(t *testing.T) {
	w := newWorld(t)
	settings := strings.Replace(bigSettings(1<<20), `"ANTHROPIC_BASE_URL":"https://gw.example/anthropic"`,
		`"ANTHROPIC_BASE_URL":"https://user:hunter2pw@gw.example/anthropic","OPENAI_API_KEY":"plainkey42"`, 1)
	w.write(".claude/settings.json", settings)
	p := w.mustPlan(Options{})
	out := w.shown(p.Render)
	if len(out) > 4<<10 {
		t.Errorf("the plan of a 1 MB one-line file is %d bytes long", len(out))
	}
	js := w.shown(p.WriteJSON)
	for _, secret := range []string{"sk-ant-api03-secret", "hunter2pw", "plainkey42"} {
		if strings.Contains(out, secret) || strings.Contains(js, secret) {
			t.Errorf("the plan shows %s:\n%s\n%s", secret, out, js)
		}
	}
	contains(t, out, `"ANTHROPIC_BASE_URL":"http://127.0.0.1:47821/claude"`)
	contains(t, out, "…")
}

// TestPlanJSON: the JSON plan holds the text plan's routes, files with their redacted diffs and
// service, and never a secret or a file's whole content.
func TestPlanJSON(t *testing.T) {
	w := newWorld(t)
	w.writeOpenCodeJSONC()
	p := w.mustPlan(Options{})
	js := w.shown(p.WriteJSON)
	var got PlanJSON
	if err := json.Unmarshal([]byte(js), &got); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, js)
	}
	if got.Port != 47821 || len(got.Routes) != 2 || len(got.Files) != 1 {
		t.Fatalf("plan = %+v", got)
	}
	moon := got.Routes[1]
	if moon.Name != "opencode-moonshot" || moon.BaseURL != "http://127.0.0.1:47821/opencode-moonshot" || moon.Upstream != "https://api.moonshot.ai/v1" || moon.Client != "opencode" {
		t.Errorf("route = %+v", moon)
	}
	f := got.Files[0]
	if f.Path != filepath.Join(w.home, ".config/opencode/opencode.jsonc") || f.New || f.Client != "opencode" || f.Diff != p.Changes[0].Diff {
		t.Errorf("file = %+v", f)
	}
	contains(t, f.Diff, `"apiKey": "REDACTED"`)
	if !got.Service.Install || got.Service.Description != "fake per-user service running `toolfix serve`" || got.Service.Error != "" {
		t.Errorf("service = %+v", got.Service)
	}
	if strings.Contains(js, "sk-secret-value") {
		t.Errorf("the JSON plan shows a secret:\n%s", js)
	}

	p.NoService, p.Service = true, ""
	if s := p.JSON().Service; s.Install || s.Description != "" {
		t.Errorf("--no-service: service = %+v", s)
	}
	p.NoService, p.ServiceErr = false, errors.New("no systemd user manager answers")
	if s := p.JSON().Service; s.Install || s.Error != "no systemd user manager answers" {
		t.Errorf("no service manager: service = %+v", s)
	}
}
