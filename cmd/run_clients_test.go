package cmd

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/toolfix/toolfix/providers"
)

func TestHandOffNewClients(t *testing.T) {
	const u = "http://127.0.0.1:5555"
	tests := []struct {
		name     string
		kind     string
		argv     []string
		environ  []string
		targets  []runTarget
		wantArgs []string
		wantEnv  string // "NAME=value" expected in the child's environment; "" for none
	}{
		{
			name: "codex providers and the built-in one", kind: providers.Codex,
			argv:     []string{"codex", "exec", "hi"},
			targets:  []runTarget{{ID: "gw", URL: u + "/codex-gw", Via: "private"}, {ID: "openai", URL: u + "/codex-openai", Via: "private"}, {ID: "done", Via: "unchanged"}},
			wantArgs: []string{"codex", "-c", `model_providers.gw.base_url="` + u + `/codex-gw"`, "-c", `openai_base_url="` + u + `/codex-openai"`, "exec", "hi"},
		},
		{
			name: "qwen", kind: providers.Qwen,
			argv:     []string{"qwen", "-p", "hi"},
			targets:  []runTarget{{ID: "qwen", URL: u + "/qwen", Via: "private"}},
			wantArgs: []string{"qwen", "--openai-base-url", u + "/qwen", "-p", "hi"},
		},
		{
			name: "kilo merges KILO_CONFIG_CONTENT", kind: providers.Kilo,
			argv:     []string{"kilo", "run", "hi"},
			environ:  []string{`KILO_CONFIG_CONTENT={"share":"disabled"}`},
			targets:  []runTarget{{ID: "gw", URL: u + "/kilo-gw", Via: "private"}},
			wantArgs: []string{"kilo", "run", "hi"},
			wantEnv:  `KILO_CONFIG_CONTENT={"provider":{"gw":{"options":{"baseURL":"` + u + `/kilo-gw"}}},"share":"disabled"}`,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			env := providers.Env{Home: t.TempDir(), Getenv: func(k string) string {
				for _, kv := range tc.environ {
					if n, v, _ := strings.Cut(kv, "="); n == k {
						return v
					}
				}
				return ""
			}}
			args, childEnv, err := handOff(tc.kind, tc.argv, tc.environ, env, tc.targets)
			if err != nil {
				t.Fatal(err)
			}
			if d := cmp.Diff(tc.wantArgs, args); d != "" {
				t.Errorf("args (-want +got):\n%s", d)
			}
			if tc.wantEnv != "" && !strings.Contains(strings.Join(childEnv, "\n"), tc.wantEnv) {
				t.Errorf("environment %q lacks %q", childEnv, tc.wantEnv)
			}
		})
	}
}

func TestRunTargetsNewClients(t *testing.T) {
	home := tempHome(t)
	writeFile(t, filepath.Join(home, ".codex", "config.toml"), "[model_providers.gw]\nbase_url = \"https://gw.example/v1\"\n")
	env := providersEnv(home, nil)
	codex, _, err := codexTargets(env)
	if err != nil {
		t.Fatal(err)
	}
	want := []runTarget{{ID: "gw", Upstream: "https://gw.example/v1", Protocol: "responses"}, {ID: "openai", Upstream: providers.CodexBuiltinUpstream, Protocol: "responses"}}
	if d := cmp.Diff(want, codex); d != "" {
		t.Errorf("codex targets (-want +got):\n%s", d)
	}
	_, routes, err := place(providers.Codex, codex, nil, nil)
	if err != nil || len(routes) != 2 || routes[0].Name != "codex-gw" || routes[1].Name != "codex-openai" {
		t.Errorf("codex routes %v, %v", routes, err)
	}

	writeFile(t, providers.QwenSettingsPath(env), `{"model": {"name": "b"}, "modelProviders": {"openai": [{"id": "a", "baseUrl": "https://a.example/v1"}, {"id": "b", "baseUrl": "https://b.example/v1"}]}}`)
	for _, tc := range []struct {
		shell        map[string]string
		dotenv, want string
	}{
		{want: "https://b.example/v1"},
		{dotenv: "OPENAI_BASE_URL=https://dotenv.example/v1\n", want: "https://dotenv.example/v1"},
		{shell: map[string]string{"OPENAI_BASE_URL": "https://shell.example/v1"}, dotenv: "OPENAI_BASE_URL=https://dotenv.example/v1\n", want: "https://shell.example/v1"},
	} {
		if tc.dotenv != "" {
			writeFile(t, providers.QwenEnvPath(env), tc.dotenv)
		}
		got, err := qwenTarget(providersEnv(home, tc.shell))
		if err != nil || got.Upstream != tc.want {
			t.Errorf("qwen target %+v, %v; want upstream %s", got, err, tc.want)
		}
	}
	for _, tc := range []struct{ flag, cmd, want string }{{"", "/usr/bin/codex", "codex"}, {"", "kilo", "kilo"}, {"", `C:\x\qwen.cmd`, "qwen"}} {
		if got, err := clientKind(tc.flag, tc.cmd); got != tc.want || err != nil {
			t.Errorf("clientKind(%q) = %q, %v", tc.cmd, got, err)
		}
	}
}
