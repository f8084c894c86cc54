package doctor

import (
	"strings"
	"testing"

	"github.com/toolfix/toolfix/install"
)

func TestNoProxyCovers(t *testing.T) {
	tests := []struct {
		noProxy string
		want    bool
	}{
		{"", false},
		{"localhost", false},
		{"localhost,127.0.0.1", true},
		{"example.com, 127.0.0.1:47821", true},
		{"*", true},
		{"127.0.0.0/8", true},
		{"10.0.0.0/8,::1", false},
		{"127.0.0.10", false},
		{" 127.0.0.1 ", true},
	}
	for _, tt := range tests {
		if got := NoProxyCovers(tt.noProxy, "127.0.0.1"); got != tt.want {
			t.Errorf("NoProxyCovers(%q) = %v, want %v", tt.noProxy, got, tt.want)
		}
	}
}

func TestCheckProxyEnv(t *testing.T) {
	tests := []struct {
		name    string
		env     map[string]string
		service bool
		status  Status
		want    []string
	}{
		{"none", nil, false, OK, []string{"no HTTP(S)_PROXY"}},
		{"proxy without NO_PROXY", map[string]string{"HTTPS_PROXY": "http://u:secret@proxy.corp:3128"}, false, Warn,
			[]string{"HTTPS_PROXY=http://REDACTED@proxy.corp:3128 is set", "NO_PROXY does not name 127.0.0.1", "export NO_PROXY=127.0.0.1,localhost"}},
		{"lower case, NO_PROXY without loopback", map[string]string{"http_proxy": "http://proxy:3128", "no_proxy": ".corp"}, false, Warn,
			[]string{"http_proxy=", "export NO_PROXY=127.0.0.1,localhost,.corp"}},
		{"covered", map[string]string{"HTTPS_PROXY": "http://proxy:3128", "NO_PROXY": "localhost,127.0.0.1"}, true, OK,
			[]string{"NO_PROXY keeps 127.0.0.1 off it", "the service does not see your shell"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture(t)
			f.claudeInstalled("")
			if tt.service {
				f.withService()
			}
			for k, v := range tt.env {
				f.env[k] = v
			}
			r := f.run("proxy-env")
			expect(t, r, tt.status, tt.want...)
			if tt.name == "proxy without NO_PROXY" && strings.Contains(r.Summary, "secret") {
				t.Errorf("password shown: %s", r.Summary)
			}
		})
	}
}

func TestCheckSelfReference(t *testing.T) {
	tests := []struct {
		name     string
		upstream string
		status   Status
		want     []string
	}{
		{"remote", "https://gw.example.com/anthropic", OK, []string{"no route leads back into toolfix (1 route)"}},
		{"another local server", "http://127.0.0.1:11434/v1", OK, []string{"route r → http://127.0.0.1:11434/v1 is another server on this machine"}},
		{"toolfix's port", "http://localhost:47821/v1", Fail, []string{"1 route leads back", "is toolfix itself", "backups"}},
		{"a toolfix route on another port", "http://127.0.0.1:9000/r/v1", Fail, []string{"toolfix itself"}},
		{"not a URL", "gw.example.com", Fail, []string{"not an http or https URL"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture(t)
			f.install(&install.State{Version: install.StateVersion, Phase: install.PhaseInstalled, Port: testPort,
				Routes: []install.Route{{Name: "r", Upstream: tt.upstream, Client: "claude"}}})
			expect(t, f.run("self-reference"), tt.status, tt.want...)
		})
	}
}
