package install

import (
	"fmt"
	"net"
	"net/url"
	"strings"
)

// Leftovers scans the clients' configuration files for base URLs that still point at a toolfix
// proxy on this machine (http://127.0.0.1:<port>/<route>, the shape install writes) although
// toolfix has no record of the install: its state folder was deleted, or another one is in use
// (XDG_STATE_HOME changed). Such a client sends every request to a proxy that may not run. Each
// entry reads "<file>: <key> is <value>". A file that cannot be read is named in errs and skipped.
func (in *Installer) Leftovers() (found []string, errs []error) {
	for _, sc := range in.clientScans(Options{}) {
		s, err := sc.scan()
		if err != nil {
			errs = append(errs, err)
			continue
		}
		for _, t := range s.Targets {
			if t.Present && isToolfixURL(t.Raw, t.Route) {
				found = append(found, fmt.Sprintf("%s: %s is %s", t.File, t.Key.Dotted(), t.Raw))
			}
		}
	}
	return found, errs
}

// isToolfixURL reports whether raw is a base URL install writes for route (BaseURL): a loopback
// host with a port and the route as the only path segment, or the route with the "-N" suffix
// install adds when two providers' routes would collide.
func isToolfixURL(raw, route string) bool {
	u, err := url.Parse(raw)
	if err != nil || u.Scheme != "http" || u.Port() == "" || u.RawQuery != "" {
		return false
	}
	if ip := net.ParseIP(u.Hostname()); (ip == nil || !ip.IsLoopback()) && u.Hostname() != "localhost" {
		return false
	}
	seg := strings.TrimSuffix(strings.TrimPrefix(u.Path, "/"), "/")
	return seg == route || (strings.HasPrefix(seg, route+"-") && !strings.Contains(seg, "/"))
}

// leftoverError is the error uninstall returns when nothing is installed but found (Leftovers)
// still point at toolfix.
func (in *Installer) leftoverError(found []string) error {
	backups := ""
	if b := in.Dirs.BackupsIfAny(); b != "" {
		backups = "; the values from before an earlier install may be in its backups under " + b
	}
	return fmt.Errorf("no install is recorded in %s, yet these settings still point at a toolfix proxy:\n  %s\nPut each key's real upstream back by hand (or remove the key)%s",
		in.Dirs.State, strings.Join(found, "\n  "), backups)
}
