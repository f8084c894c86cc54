package cmd

import (
	"net"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestUninstallNamesHandStartedProxy: after an install without a service, uninstall says when a
// proxy (started by hand with toolfix serve) still answers on the installed port, and how to stop
// it; it says nothing of one when none answers.
func TestUninstallNamesHandStartedProxy(t *testing.T) {
	for _, running := range []bool{true, false} {
		t.Run(strconv.FormatBool(running), func(t *testing.T) {
			home := tempHome(t)
			clearEnv(t)
			writeFile(t, filepath.Join(home, ".claude", "settings.json"), `{"env": {"ANTHROPIC_BASE_URL": "https://gw.example.com/anthropic"}}`)
			port := "1"
			if running {
				ps := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
					if r.URL.Path == "/healthz" {
						_, _ = w.Write([]byte(`{"status":"ok","routes":["claude"]}`))
						return
					}
					http.NotFound(w, r)
				}))
				defer ps.Close()
				_, port, _ = net.SplitHostPort(ps.Listener.Addr().String())
			}
			if code, out, errOut := run(t, "", false, "install", "--yes", "--no-service", "--port", port); code != 0 {
				t.Fatalf("install: exit %d\n%s\n%s", code, out, errOut)
			}
			code, out, errOut := run(t, "", false, "uninstall")
			if code != 0 {
				t.Fatalf("uninstall: exit %d\n%s\n%s", code, out, errOut)
			}
			said := strings.Contains(out, "still answers on 127.0.0.1:"+port) && strings.Contains(out, "stop it with Ctrl-C")
			if said != running {
				t.Errorf("running %v, said %v:\n%s", running, said, out)
			}
		})
	}
}
