package doctor

import (
	"github.com/toolfix/toolfix/install"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/toolfix/toolfix/proxy"
)

// TestCheckGateway asks a real toolfix gateway (proxy.Server with an access token) through the
// URLs a developer may hold: right, with a wrong token, naming a route it lacks, and while it
// drains; and a URL where nothing answers.
func TestCheckGateway(t *testing.T) {
	const tok = "doctor-token-0123456789"
	srv, err := proxy.New(proxy.Options{Routes: []proxy.Route{{Name: "qwen", Upstream: "http://127.0.0.1:1"}}, AccessTokens: []string{tok}, Version: "9.9"})
	if err != nil {
		t.Fatal(err)
	}
	gw := httptest.NewServer(srv)
	defer gw.Close()
	dead := httptest.NewServer(nil)
	dead.Close()
	tests := []struct {
		name, url string
		drain     bool
		want      Status
		says      string
	}{
		{"ready", gw.URL + "/t/" + tok + "/qwen", false, OK, "answers (toolfix 9.9), ready, and serves route qwen"},
		{"wrong token", gw.URL + "/t/" + tok + "x/qwen", false, Fail, "refused the access token"},
		{"no such route", gw.URL + "/t/" + tok + "/llama", false, Fail, `serves no route "llama"`},
		{"nothing answers", dead.URL + "/t/" + tok + "/qwen", false, Fail, "does not answer"},
		{"draining", gw.URL + "/t/" + tok + "/qwen", true, Warn, "not ready"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if tc.drain {
				srv.Drain()
			}
			r := CheckGateway(t.Context(), nil, tc.url)
			if r.Status != tc.want || !strings.Contains(r.Summary, tc.says) {
				t.Errorf("%s %q, want %s holding %q", r.Status, r.Summary, tc.want, tc.says)
			}
			if strings.Contains(r.Summary+r.Hint, tok) {
				t.Errorf("the result shows the token: %q %q", r.Summary, r.Hint)
			}
		})
	}
}

// TestDoctorRoutedToGateway runs doctor's checks for a developer installed with --gateway: the
// gateway is checked in place of the service, the proxy and the upstreams, the routed keys are
// found at the gateway, and no result shows the token.
func TestDoctorRoutedToGateway(t *testing.T) {
	const tok = "doctor-token-0123456789"
	srv, err := proxy.New(proxy.Options{Routes: []proxy.Route{{Name: "qwen", Upstream: "http://127.0.0.1:1"}}, AccessTokens: []string{tok}})
	if err != nil {
		t.Fatal(err)
	}
	gw := httptest.NewServer(srv)
	defer gw.Close()
	gateway := gw.URL + "/t/" + tok + "/qwen"
	f := newFixture(t)
	before := "https://gw.example.com/anthropic"
	path := f.write(".claude/settings.json", `{"env": {"ANTHROPIC_BASE_URL": "`+gateway+`"}}`)
	f.install(&install.State{Version: install.StateVersion, Phase: install.PhaseInstalled, Port: testPort, Gateway: gateway,
		Routes: []install.Route{{Name: "claude", Upstream: before, Protocol: "anthropic", Client: "claude"}},
		Files:  []install.FileState{{Path: path, Client: "claude", Edits: []install.Edit{{Key: "/env/ANTHROPIC_BASE_URL", Route: "claude", Before: &before, After: gateway}}}}})
	var names []string
	for _, c := range f.d.Checks() {
		names = append(names, c.Name)
	}
	for _, gone := range []string{"service", "proxy", "upstream claude", "connections"} {
		if strings.Contains(" "+strings.Join(names, " | ")+" ", " "+gone+" ") {
			t.Errorf("check %q runs for a gateway install: %q", gone, names)
		}
	}
	expect(t, f.run("gateway"), OK, "serves route qwen", "/t/REDACTED/qwen")
	r := f.run("drift")
	expect(t, r, OK, "1 routed key points at toolfix")
	for _, name := range names {
		r := f.run(name)
		if strings.Contains(r.Summary+strings.Join(r.Details, "")+r.Hint, tok) {
			t.Errorf("check %s shows the token: %+v", name, r)
		}
	}
}

// TestCheckGatewayRootRoute: a gateway started with --upstream serves one root route, "/", which
// a gateway URL of /t/<token> alone names (install.GatewayRoot).
func TestCheckGatewayRootRoute(t *testing.T) {
	const tok = "doctor-token-0123456789"
	srv, err := proxy.New(proxy.Options{Routes: []proxy.Route{{Name: "", Upstream: "http://127.0.0.1:1"}}, AccessTokens: []string{tok}, Version: "9.9"})
	if err != nil {
		t.Fatal(err)
	}
	gw := httptest.NewServer(srv)
	defer gw.Close()
	if r := CheckGateway(t.Context(), nil, gw.URL+"/t/"+tok); r.Status != OK {
		t.Errorf("%s %q %q, want OK: the root route is served", r.Status, r.Summary, r.Hint)
	}
	if r := CheckGateway(t.Context(), nil, gw.URL+"/t/"+tok+"/qwen"); r.Status != Fail || !strings.Contains(r.Summary, "(its routes: /)") {
		t.Errorf("%s %q, want a failure naming the routes /", r.Status, r.Summary)
	}
}
