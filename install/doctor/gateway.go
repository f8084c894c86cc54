package doctor

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"

	"github.com/toolfix/toolfix/install"
	"github.com/toolfix/toolfix/proxy/netfault"
)

// GatewayAnswer is what a team gateway (install --gateway) said to its health questions.
type GatewayAnswer struct {
	// Health is its /healthz answer; nil when it gave none.
	Health *Health `json:"health,omitempty"`
	// Ready is whether /readyz answered 200 (false while it drains).
	Ready bool `json:"ready"`
	// Route is the route the clients use, the gateway URL's last segment.
	Route string `json:"route"`
}

// CheckGateway asks the gateway of a gateway URL (https://HOST/t/<token>/<route>) its /healthz and
// /readyz, behind the URL's access token, and says in one Result whether it answers, accepts the
// token, serves the route and is ready. Nothing it shows holds the token. A nil client means one
// with a 5-second timeout.
func CheckGateway(ctx context.Context, client *http.Client, gateway string) Result {
	if client == nil {
		client = &http.Client{Timeout: 5e9}
	}
	root, route := install.GatewayRoot(gateway)
	shown := install.ShownGateway(gateway)
	ans := &GatewayAnswer{Route: route}
	get := func(path string) (*http.Response, error) {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, root+path, nil)
		if err != nil {
			return nil, err
		}
		return client.Do(req)
	}
	resp, err := get("/healthz")
	if err != nil {
		f := netfault.Classify(err)
		return Result{Status: Fail, Summary: fmt.Sprintf("the gateway %s does not answer: %s", shown, f.Reason), Hint: "check the URL your platform team gave you, and your network (VPN, proxy)"}
	}
	defer resp.Body.Close()
	switch {
	case resp.StatusCode == http.StatusUnauthorized:
		return Result{Status: Fail, Summary: fmt.Sprintf("the gateway %s refused the access token in its URL", shown), Hint: "ask your platform team for the current gateway URL, then run `toolfix install --gateway URL` again"}
	case resp.StatusCode != http.StatusOK:
		return Result{Status: Fail, Summary: fmt.Sprintf("the gateway %s answered /healthz with %s", shown, resp.Status), Hint: "is the URL a toolfix gateway's, https://HOST/t/<token>/<route>? ask your platform team"}
	}
	var h Health
	if err := json.NewDecoder(http.MaxBytesReader(nil, resp.Body, 1<<20)).Decode(&h); err != nil || h.Status != "ok" {
		return Result{Status: Fail, Summary: fmt.Sprintf("the gateway %s answered /healthz, but not as toolfix does", shown), Hint: "is the URL a toolfix gateway's? ask your platform team"}
	}
	ans.Health = &h
	if r, err := get("/readyz"); err == nil {
		ans.Ready = r.StatusCode == http.StatusOK
		r.Body.Close()
	}
	res := Result{Status: OK, Data: ans, Summary: fmt.Sprintf("the gateway %s answers (toolfix %s), ready, and serves route %s", shown, h.Version, route)}
	switch {
	case !slices.Contains(h.Routes, route):
		res.Status = Fail
		res.Summary = fmt.Sprintf("the gateway %s serves no route %q (its routes: %s)", shown, route, strings.Join(h.Routes, ", "))
		res.Hint = "ask your platform team which route to use, then run `toolfix install --gateway URL` again"
	case !ans.Ready:
		res.Status = Warn
		res.Summary = fmt.Sprintf("the gateway %s answers but is not ready (draining, or just starting)", shown)
		res.Hint = "run doctor again in a minute; if it stays so, tell your platform team"
	}
	return res
}

// checkGateway is CheckGateway for the installed gateway.
func (s *session) checkGateway(ctx context.Context) Result {
	return CheckGateway(ctx, s.d.HTTPClient, s.st.Gateway)
}

// gatewayChecks are the checks of a developer routed to a gateway: their files and layers as for
// a local install, then the gateway in place of the service, the proxy and the upstreams (the
// gateway reaches those, not this machine). What each check says has the gateway's token
// redacted: the routed keys hold it.
func (s *session) gatewayChecks(local []Check) []Check {
	var cs []Check
	for _, c := range local {
		switch {
		case c.Name == "service", c.Name == "linger", c.Name == "proxy", c.Name == "self-reference", c.Name == "connections", strings.HasPrefix(c.Name, "upstream "):
			continue
		}
		cs = append(cs, c)
	}
	cs = append(cs, Check{Name: "gateway", Timeout: s.d.upstreamTimeout(), Run: s.checkGateway})
	for i := range cs {
		run := cs[i].Run
		cs[i].Run = func(ctx context.Context) Result {
			r := run(ctx)
			r.Summary, r.Hint = install.HideGatewayToken(r.Summary, s.st.Gateway), install.HideGatewayToken(r.Hint, s.st.Gateway)
			for j := range r.Details {
				r.Details[j] = install.HideGatewayToken(r.Details[j], s.st.Gateway)
			}
			return r
		}
	}
	return cs
}
