package install

import (
	"bytes"
	"strings"
	"testing"
)

const (
	gwTok = "team-token-0123456789abcdef"
	gwURL = "https://toolfix.example.com/t/" + gwTok + "/qwen"
)

// TestGatewayRoundTrip routes every client's file to a gateway (install --gateway) and back:
// each key holds the gateway URL in its client's shape, no service runs, nothing shown holds the
// token, and uninstall leaves every file as it was, byte for byte. It also switches a local
// install to the gateway and back.
func TestGatewayRoundTrip(t *testing.T) {
	files := []struct {
		rel, content, want string
	}{
		{".claude/settings.json", claudeGateway, `"ANTHROPIC_BASE_URL": "` + gwURL + `"`},
		{".config/opencode/opencode.jsonc", openCodeJSONC, `"baseURL": "` + gwURL + `/v1", // with /v1`},
		{".codex/config.toml", codexConfig, "base_url = '" + gwURL + "/v1'\r\n"},
		{".config/kilo/kilo.jsonc", kiloConfig, `{ "baseURL": "` + gwURL + `/v1", "apiKey": "{env:GW_KEY}" }`},
		{".qwen/settings.json", qwenConfig, `"baseUrl": "` + gwURL + `/v1",`},
		{".qwen/.env", qwenEnv, `OPENAI_BASE_URL="` + gwURL + `/v1"`},
	}
	for _, order := range []string{"gateway", "local then gateway", "gateway then local"} {
		t.Run(order, func(t *testing.T) {
			w := newWorld(t)
			w.vars["GW_BASE"] = "https://gw-base.example"
			for _, f := range files {
				w.write(f.rel, f.content)
			}
			before := w.snapshot()
			if order == "local then gateway" {
				w.mustInstall(Options{})
				if !w.svc.running() {
					t.Fatal("the local install runs no service")
				}
			}
			p := w.mustPlan(Options{Gateway: gwURL + "/"})
			var shown bytes.Buffer
			if err := p.Render(&shown); err != nil {
				t.Fatal(err)
			}
			if err := p.WriteJSON(&shown); err != nil {
				t.Fatal(err)
			}
			if strings.Contains(shown.String(), gwTok) || !strings.Contains(shown.String(), "toolfix.example.com/t/REDACTED/qwen") {
				t.Errorf("the plan shows the token, or not the gateway:\n%s", shown.String())
			}
			if _, err := w.in.Apply(t.Context(), p); err != nil {
				t.Fatal(err)
			}
			for _, f := range files {
				contains(t, w.read(f.rel), f.want)
			}
			if w.svc.running() {
				t.Error("a service runs after install --gateway")
			}
			if st := w.state(); st.Gateway != gwURL || st.Service {
				t.Errorf("state gateway %q service %v", st.Gateway, st.Service)
			}
			if order == "gateway then local" {
				w.mustInstall(Options{})
				contains(t, w.read(".claude/settings.json"), `"ANTHROPIC_BASE_URL": "http://127.0.0.1:47821/claude"`)
				if st := w.state(); st.Gateway != "" {
					t.Errorf("the local install kept the gateway %q", st.Gateway)
				}
			}
			rep := w.mustUninstall()
			if len(rep.Warnings) > 0 {
				t.Errorf("warnings: %q", rep.Warnings)
			}
			sameSnapshot(t, before, w.snapshot())
		})
	}
}

func TestCheckGateway(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{gwURL, gwURL},
		{gwURL + "/", gwURL},
		{"http://10.0.0.5:8080/qwen", "http://10.0.0.5:8080/qwen"},
		{"https://toolfix.example.com", ""},
		{"https://toolfix.example.com/t/" + gwTok, "https://toolfix.example.com/t/" + gwTok},       // the root route
		{"https://toolfix.example.com/t/" + gwTok + "/", "https://toolfix.example.com/t/" + gwTok}, // the root route
		{"https://toolfix.example.com/t/", ""},
		{"toolfix.example.com/t/" + gwTok + "/qwen", ""},
		{gwURL + "?x=1", ""},
		{"ftp://toolfix.example.com/qwen", ""},
		{"http://127.0.0.1:1/t/x/r", ""},                // a token too short to be one (and to redact safely)
		{"http://127.0.0.1:1/t/" + gwTok + "%2F/r", ""}, // not a token's characters
		{"https://toolfix.example.com/t/t/qwen", ""},    // one letter: the plan would hide every "t"
		{gwURL + "/v1", ""},                             // install adds /v1 itself
		{gwURL + "/v1/messages", ""},                    // an endpoint: the client adds it
	} {
		got, err := CheckGateway(tc.in)
		if got != tc.want || (err != nil) != (tc.want == "") {
			t.Errorf("CheckGateway(%q) = %q, %v; want %q", tc.in, got, err, tc.want)
		}
		if err != nil && strings.Contains(err.Error(), gwTok) {
			t.Errorf("the error shows the token: %v", err)
		}
	}
	if root, route := GatewayRoot("https://toolfix.example.com/t/" + gwTok); root != "https://toolfix.example.com/t/"+gwTok || route != "/" {
		t.Errorf("GatewayRoot of a root-route gateway = %q, %q; want the URL itself and route /", root, route)
	}
	if root, route := GatewayRoot(gwURL); root != "https://toolfix.example.com/t/"+gwTok || route != "qwen" {
		t.Errorf("GatewayRoot = %q, %q", root, route)
	}
}
