package secret

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestURL(t *testing.T) {
	tests := []struct{ in, want string }{
		{"/v1/messages?beta=true", "/v1/messages?beta=true"},
		{"/v1beta/models/x:generate?key=AIzaSyA-abcdefghijklmnopqrstuvwxyz0123&alt=sse", "/v1beta/models/x:generate?alt=sse&key=REDACTED"},
		{"https://user:pass@gw.example/v1", "https://REDACTED@gw.example/v1"},
		{"https://gw.example/v1?api_token=short", "https://gw.example/v1?api_token=REDACTED"},
		{"https://gw.example/sk-ant-api03-abcdefgh12345678/v1", "https://gw.example/REDACTED/v1"},
		{"https://api.anthropic.com", "https://api.anthropic.com"},
	}
	for _, tc := range tests {
		if got := URL(tc.in); got != tc.want {
			t.Errorf("URL(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestName(t *testing.T) {
	for name, want := range map[string]bool{
		"x-api-key": true, "Authorization": true, "Cookie": true, "ANTHROPIC_AUTH_TOKEN": true,
		"ANTHROPIC_CUSTOM_HEADERS": true, "apiKeyHelper": true, "OPENAI_API_KEY": true, "db_password": true,
		"AWS_SECRET_ACCESS_KEY": true, "GOOGLE_APPLICATION_CREDENTIALS": true, "x-amz-signature": true,
		"ANTHROPIC_BASE_URL": false, "model": false, "baseURL": false, "permissions": false, "": false,
	} {
		if got := Name(name); got != want {
			t.Errorf("Name(%q) = %v, want %v", name, got, want)
		}
	}
}

func TestValue(t *testing.T) {
	tests := []struct{ name, value, want string }{
		{"ANTHROPIC_CUSTOM_HEADERS", "x-api-key: abc\nX-Other: 1", Marker},
		{"ANTHROPIC_AUTH_TOKEN", "short", Marker},
		{"apiKey", "{env:OPENAI_API_KEY}", "{env:OPENAI_API_KEY}"},
		{"apiKey", "{file:~/.key}", "{file:~/.key}"},
		{"OPENAI_API_KEY", "$OPENAI_KEY", "$OPENAI_KEY"},
		{"OPENAI_API_KEY", "${OPENAI_KEY}", "${OPENAI_KEY}"},
		{"OPENAI_API_KEY", "", ""},
		{"ANTHROPIC_BASE_URL", "https://api.anthropic.com", "https://api.anthropic.com"},
		{"SOME_SETTING", "Bearer abcdef123456789", "Bearer REDACTED"},
		{"SOME_SETTING", "sk-proj-abcdefghijklmnopqrstuvwxyz0123", "REDACTED"},
		// A variable's name is not a secret; the setting that holds it says "env" in its name.
		{"envKey", "DASHSCOPE_API_KEY", "DASHSCOPE_API_KEY"},
		{"env_key", "OPENAI_API_KEY", "OPENAI_API_KEY"},
		{"apiKeyEnv", "ANTHROPIC_AUTH_TOKEN", "ANTHROPIC_AUTH_TOKEN"},
		{"envKey", "sk-proj-abcdefghijklmnopqrstuvwxyz0123", Marker},
		{"envKey", "hunter2hunter2", Marker},
		{"envKey", "HUNTER2HUNTER2", Marker}, // upper case, but no variable's name says key, token…
		{"apiKey", "DASHSCOPE_API_KEY", Marker},
	}
	for _, tc := range tests {
		if got := Value(tc.name, tc.value); got != tc.want {
			t.Errorf("Value(%q, %q) = %q, want %q", tc.name, tc.value, got, tc.want)
		}
	}
}

func TestArgs(t *testing.T) {
	tests := []struct{ in, want []string }{
		{[]string{"claude", "-p", "hello"}, []string{"claude", "-p", "hello"}},
		{[]string{"node", "cli.js", "--api-key", "k-123456", "--model", "m"}, []string{"node", "cli.js", "--api-key", Marker, "--model", "m"}},
		{[]string{"qwen", "--openai-api-key=abc", "--openai-base-url=http://127.0.0.1:1/x"}, []string{"qwen", "--openai-api-key=" + Marker, "--openai-base-url=http://127.0.0.1:1/x"}},
		{[]string{"env", "OPENAI_API_KEY=abc", "ANTHROPIC_BASE_URL=http://x", "codex"}, []string{"env", "OPENAI_API_KEY=" + Marker, "ANTHROPIC_BASE_URL=http://x", "codex"}},
		{[]string{"curl", "-H", "Authorization: Bearer abcdefgh12345678"}, []string{"curl", "-H", "Authorization: Bearer REDACTED"}},
		{[]string{"x", "--token", "--verbose"}, []string{"x", "--token", "--verbose"}},
		{[]string{"x", "--auth-token"}, []string{"x", "--auth-token"}},
		{[]string{"opencode", "run", "fix a=b please"}, []string{"opencode", "run", "fix a=b please"}},
	}
	for _, tc := range tests {
		if diff := cmp.Diff(tc.want, Args(tc.in)); diff != "" {
			t.Errorf("Args(%q) (-want +got):\n%s", tc.in, diff)
		}
	}
}

func TestJSONMembers(t *testing.T) {
	tests := []struct{ in, want string }{
		{`    "apiKey": "sk-abc123",`, `    "apiKey": "REDACTED",`},
		{`"x-api-key": "k", "Authorization": "Bearer t"`, `"x-api-key": "REDACTED", "Authorization": "REDACTED"`},
		{`"ANTHROPIC_AUTH_TOKEN": "esc\"aped"`, `"ANTHROPIC_AUTH_TOKEN": "REDACTED"`},
		{`"ANTHROPIC_CUSTOM_HEADERS": "x-api-key: abc"`, `"ANTHROPIC_CUSTOM_HEADERS": "REDACTED"`},
		{`"apiKey": "{env:KEY}", "token": ""`, `"apiKey": "{env:KEY}", "token": ""`},
		{`"ANTHROPIC_BASE_URL": "http://127.0.0.1:47821/claude"`, `"ANTHROPIC_BASE_URL": "http://127.0.0.1:47821/claude"`},
		{`"key": "value cut at the end of the line`, `"key": "REDACTED`},
		{`["token", "not a member"]`, `["token", "not a member"]`},
		{`"env": {"token": "x"}`, `"env": {"token": "REDACTED"}`},
		{`"envKey": "DASHSCOPE_API_KEY", "apiKey": "sk-1"`, `"envKey": "DASHSCOPE_API_KEY", "apiKey": "REDACTED"`},
		{`"envKey": "sk-proj-abcdefghijklmnopqrstuvwxyz0123"`, `"envKey": "REDACTED"`},
	}
	for _, tc := range tests {
		var r [][2]int
		JSONMembers([]byte(tc.in), func(s, e int) { r = append(r, [2]int{s, e}) })
		if got := Replace(tc.in, r); got != tc.want {
			t.Errorf("JSONMembers(%s) gives %s, want %s", tc.in, got, tc.want)
		}
	}
}

func TestReplace(t *testing.T) {
	s := "0123456789"
	if got := Replace(s, [][2]int{{6, 8}, {1, 3}, {2, 4}, {8, 9}, {20, 30}}); got != "0"+Marker+"45"+Marker+"9" {
		t.Errorf("Replace = %q", got)
	}
	if got := String("no secret here"); got != "no secret here" {
		t.Errorf("String changed %q", got)
	}
}

// FuzzJSONMembers: never panics, ranges lie inside the text, and a text with no quote has none.
func FuzzJSONMembers(f *testing.F) {
	f.Add([]byte(`{"apiKey": "x\"y", "a": "b"}`))
	f.Add([]byte(`"token":"`))
	f.Fuzz(func(t *testing.T, text []byte) {
		JSONMembers(text, func(s, e int) {
			if s < 0 || e > len(text) || s > e {
				t.Fatalf("range [%d,%d) outside %d bytes", s, e, len(text))
			}
			if !strings.Contains(string(text), `"`) {
				t.Fatal("a range in a text without quotes")
			}
		})
	})
}
