package cmd

import (
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/toolfix/toolfix/install"
	"github.com/toolfix/toolfix/proxy"
)

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
