package cmd

import (
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/toolfix/toolfix/proxy"
)

// TestInstallGateway runs `toolfix install --gateway URL` against a real gateway on loopback: a
// URL whose token or route the gateway refuses changes nothing; a good one routes Claude Code to
// it without a service, saying so without the token; doctor checks the gateway; uninstall puts
// the file back byte for byte.
func TestInstallGateway(t *testing.T) {
	const tok = "install-token-0123456789"
	srv, err := proxy.New(proxy.Options{Routes: []proxy.Route{{Name: "qwen", Upstream: "http://127.0.0.1:1"}}, AccessTokens: []string{tok}})
	if err != nil {
		t.Fatal(err)
	}
	gw := httptest.NewServer(srv)
	defer gw.Close()
	home := tempHome(t)
	settings := filepath.Join(home, ".claude", "settings.json")
	writeFile(t, settings, settingsJSON)
	noToken := func(what, s string) {
		if strings.Contains(s, tok) {
			t.Errorf("%s shows the token:\n%s", what, s)
		}
	}
	for _, bad := range []struct{ url, says string }{
		{gw.URL + "/t/wrong-token-0123456789/qwen", "refused the access token"},
		{gw.URL + "/t/" + tok + "/llama", `serves no route "llama"`},
		{gw.URL + "/t/" + tok, `serves no route "/" (its routes: qwen)`}, // the root route, which this gateway has not
		{gw.URL + "/t/", "names no route"},
	} {
		code, stdout, stderr := run(t, "", false, "install", "--yes", "--gateway", bad.url)
		if code == 0 || !strings.Contains(stderr, bad.says) {
			t.Errorf("--gateway %s: exit %d, stderr %q, want %q", bad.url, code, stderr, bad.says)
		}
		noToken("a refusal", stdout+stderr)
	}
	if b, _ := os.ReadFile(settings); string(b) != settingsJSON {
		t.Fatalf("a refused install changed the settings:\n%s", b)
	}
	code, stdout, stderr := run(t, "", false, "install", "--yes", "--gateway", gw.URL+"/t/"+tok+"/qwen")
	if code != 0 || !strings.Contains(stdout, "to the gateway") || strings.Contains(stdout, "toolfix serve") {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	noToken("install", stdout+stderr)
	if b, _ := os.ReadFile(settings); !strings.Contains(string(b), `"ANTHROPIC_BASE_URL": "`+gw.URL+"/t/"+tok+`/qwen"`) {
		t.Errorf("settings not routed to the gateway:\n%s", b)
	}
	code, stdout, stderr = run(t, "", false, "doctor")
	if !strings.Contains(stdout, "gateway") || !strings.Contains(stdout, "serves route qwen") {
		t.Errorf("doctor (exit %d) does not check the gateway:\n%s\n%s", code, stdout, stderr)
	}
	noToken("doctor", stdout+stderr)
	code, stdout, stderr = run(t, "", false, "status")
	if !strings.Contains(stdout, "the clients go to the gateway") || !strings.Contains(stdout, "install --gateway: the gateway serves") {
		t.Errorf("status (exit %d) does not name the gateway:\n%s\n%s", code, stdout, stderr)
	}
	noToken("status", stdout+stderr)
	code, stdout, stderr = run(t, "", false, "serve")
	if code == 0 || !strings.Contains(stderr, "go to the gateway") {
		t.Errorf("serve without flags on a gateway install: exit %d, stderr %q", code, stderr)
	}
	noToken("serve", stdout+stderr)
	if code, stdout, stderr := run(t, "", false, "uninstall"); code != 0 {
		t.Fatalf("uninstall exit %d:\n%s\n%s", code, stdout, stderr)
	}
	if b, _ := os.ReadFile(settings); string(b) != settingsJSON {
		t.Errorf("uninstall did not restore the settings:\n%s", b)
	}
}
