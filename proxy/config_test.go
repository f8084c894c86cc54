package proxy

import (
	"strings"
	"testing"
)

// TestUpstreamErrorsHideSecrets holds issue 13 item 8 for the errors serve prints about a bad
// upstream: they name the URL with its password and keys replaced.
func TestUpstreamErrorsHideSecrets(t *testing.T) {
	for _, raw := range []string{
		"ftp://me:hunter2pw@gw.example/v1",
		"http://me:hunter2pw@gw.example:port/v1",
		"https://me:hunter2pw@gw.example/v1?api_key=hunter2pw",
		"http://me:hunter2pw@/v1",
		"http://me:hunter2pw@gw.example/%zz",
	} {
		_, err := ParseUpstream(raw)
		if err == nil {
			t.Errorf("ParseUpstream(%q): no error", raw)
			continue
		}
		if strings.Contains(err.Error(), "hunter2pw") {
			t.Errorf("ParseUpstream(%q) = %v: shows the password", raw, err)
		}
	}
}
