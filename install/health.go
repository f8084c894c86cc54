package install

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	neturl "net/url"
	"slices"
	"strings"
	"time"
)

// health is the part of the proxy's /healthz answer install reads:
// {"status":"ok","version":"…","routes":[…]}, each route a name or an object with a "name".
type health struct {
	Status  string            `json:"status"`
	Version string            `json:"version"`
	Routes  []json.RawMessage `json:"routes"`
}

// waitHealthy polls the proxy's /healthz until it answers "ok" with every route of routes, so
// that a proxy still serving an older state does not count.
func (in *Installer) waitHealthy(ctx context.Context, port int, routes []Route) error {
	return in.WaitServing(ctx, port, "", routes)
}

// WaitServing polls the proxy's /healthz on the loopback port (or Installer.HealthURL) every
// 150 ms until it answers "ok" with every route of routes and, unless version is "", that version
// (as /healthz spells it, without a "v"; a leading "v" in version is ignored), for at most
// Installer.HealthTimeout (0: 20 s). The error says what the proxy answered last.
func (in *Installer) WaitServing(ctx context.Context, port int, version string, routes []Route) error {
	url := in.HealthURL
	if url == "" {
		url = fmt.Sprintf("http://127.0.0.1:%d/healthz", port)
	}
	timeout := in.HealthTimeout
	if timeout == 0 {
		timeout = 20 * time.Second
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	client := &http.Client{Timeout: 2 * time.Second}
	tick := time.NewTicker(150 * time.Millisecond)
	defer tick.Stop()
	for {
		err := probe(ctx, client, url, strings.TrimPrefix(version, "v"), routes)
		if err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("the proxy did not answer %s within %s: %w", url, timeout, err)
		case <-tick.C:
		}
	}
}

func probe(ctx context.Context, client *http.Client, url, version string, routes []Route) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	resp, err := client.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("%s answered %s", url, resp.Status)
	}
	var h health
	if err := json.NewDecoder(http.MaxBytesReader(nil, resp.Body, 1<<20)).Decode(&h); err != nil {
		return fmt.Errorf("reading %s: %w", url, err)
	}
	if h.Status != "ok" {
		return fmt.Errorf("%s says status %q", url, h.Status)
	}
	if version != "" && strings.TrimPrefix(h.Version, "v") != version {
		return fmt.Errorf("%s answers version %q, not yet %q", url, h.Version, version)
	}
	have := RouteNames(h.Routes)
	for _, r := range routes {
		if !slices.Contains(have, r.Name) {
			return fmt.Errorf("%s serves routes %v, not yet %q", url, have, r.Name)
		}
	}
	return nil
}

// RouteNames names the routes of a /healthz answer's "routes": each an object with a "name" or,
// from an older proxy, the name as a string; one that is neither is named "".
func RouteNames(routes []json.RawMessage) []string {
	var names []string
	for _, r := range routes {
		var name string
		if json.Unmarshal(r, &name) != nil {
			var obj struct {
				Name string `json:"name"`
			}
			_ = json.Unmarshal(r, &obj)
			name = obj.Name
		}
		names = append(names, name)
	}
	return names
}

// toolfixAt reports whether a toolfix proxy answers at the scheme, host and port of the base URL
// raw: its GET /healthz answers 200 with {"status":"ok","version":…,"routes":[…]} within a
// second. Install asks it of an upstream on this machine, to refuse chaining toolfix in front of
// another toolfix as it refuses one that points at itself.
func toolfixAt(raw string) bool {
	u, err := neturl.Parse(raw)
	if err != nil || u.Host == "" {
		return false
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u.Scheme+"://"+u.Host+"/healthz", nil)
	if err != nil {
		return false
	}
	resp, err := (&http.Client{Timeout: time.Second}).Do(req)
	if err != nil {
		return false
	}
	defer resp.Body.Close()
	var h health
	if resp.StatusCode != http.StatusOK || json.NewDecoder(http.MaxBytesReader(nil, resp.Body, 1<<20)).Decode(&h) != nil {
		return false
	}
	return h.Status == "ok" && h.Version != "" && h.Routes != nil
}
