package install

import (
	"fmt"
	"net/url"
	"strings"

	"github.com/toolfix/toolfix/providers"
	"github.com/toolfix/toolfix/proxy/secret"
)

// A developer routed to a team gateway (`toolfix install --gateway URL`, docs/gateway.md) runs no
// proxy of their own: each routed key is pointed at the gateway's route instead of at
// http://127.0.0.1:<port>/<route>, and no service is installed. The gateway URL names one route
// of the gateway, its access token in the path: https://HOST/t/<token>/<route>. Every client is
// pointed at it in the shape that client's key takes: Claude Code's ANTHROPIC_BASE_URL is a root
// (Claude Code appends /v1/messages), every other client's base URL ends in /v1, so that the
// gateway's route has the model server's root as its upstream.

// CheckGateway checks a gateway URL and returns it with its trailing slash dropped: an absolute
// http(s) URL with a host, no query or fragment, and a path that names a route, or /t/<token>
// alone for a gateway's root route (one started with --upstream). Errors show the
// URL redacted (see package secret) and say what to give.
func CheckGateway(raw string) (string, error) {
	shown := secret.URL(redactToken(raw))
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return "", fmt.Errorf("gateway %q is not an http or https URL: give the URL your platform team hands out, such as https://toolfix.example.com/t/<token>/<route>", shown)
	}
	if u.RawQuery != "" || u.Fragment != "" || u.User != nil {
		return "", fmt.Errorf("gateway %q: a query, fragment or user name is not allowed; give https://HOST/t/<token>/<route>", shown)
	}
	p := strings.TrimRight(u.EscapedPath(), "/")
	if p == "" || strings.HasSuffix(p, "/t") {
		return "", fmt.Errorf("gateway %q names no route: give https://HOST/t/<token>/<route> (the gateway's /healthz lists its routes)", shown)
	}
	if tok := gatewayToken(raw); strings.HasPrefix(p, "/t/") {
		if err := secret.CheckAccessToken(tok); err != nil {
			return "", fmt.Errorf("gateway %q: %w; give the URL your platform team hands out, whose token is the one the gateway was started with", shown, err)
		}
		// /t/<token>/<route> and nothing after: a client's API path (/v1, /v1/messages) is added
		// by install and by the client, and would come twice.
		if parts := strings.Split(strings.TrimPrefix(p, "/t/"), "/"); len(parts) > 2 {
			return "", fmt.Errorf("gateway %q has a path after its route %q (/%s): give the route's URL alone, https://HOST/t/<token>/%s; install adds the API path each client needs (/v1), and the client its endpoint", shown, parts[1], strings.Join(parts[2:], "/"), parts[1])
		}
	}
	return strings.TrimRight(raw, "/"), nil
}

// GatewayURL is the base URL written into a client's key for a gateway route: the gateway URL
// itself for Claude Code, with /v1 for every other client.
func GatewayURL(gateway, client string) string {
	if client == providers.Claude {
		return gateway
	}
	return gateway + "/v1"
}

// GatewayRoot is the gateway URL without its route, where the gateway answers /healthz and
// /readyz behind the same access token: https://HOST/t/<token> for https://HOST/t/<token>/<route>.
// Route is the route's name; "/" (the root route, as /healthz names it) for https://HOST/t/<token>,
// a gateway started with --upstream.
func GatewayRoot(gateway string) (root, route string) {
	if _, after, ok := strings.Cut(gateway, "/t/"); ok && !strings.Contains(after, "/") {
		return gateway, "/"
	}
	i := strings.LastIndexByte(gateway, '/')
	return gateway[:i], gateway[i+1:]
}

// gatewayToken is the access token in a gateway URL's /t/<token>/; "" when it has none.
func gatewayToken(raw string) string {
	_, after, ok := strings.Cut(raw, "/t/")
	if !ok {
		return ""
	}
	tok, _, _ := strings.Cut(after, "/")
	return tok
}

// redactToken hides the access token of a gateway URL's /t/<token>/ in a text.
func redactToken(text string) string {
	return hideGatewayToken(text, gatewayToken(text))
}

// hideGatewayToken replaces every occurrence of tok in text with secret.Marker.
func hideGatewayToken(text, tok string) string {
	if tok == "" {
		return text
	}
	return strings.ReplaceAll(text, tok, secret.Marker)
}

// hideToken redacts the gateway's access token in what the plan shows: its diffs.
func (p *Plan) hideToken() {
	tok := gatewayToken(p.Gateway)
	for _, c := range p.Changes {
		c.Diff = hideGatewayToken(c.Diff, tok)
	}
}

// HideGatewayToken replaces the access token of the gateway URL gateway wherever it stands in
// text with secret.Marker, for what doctor and install show.
func HideGatewayToken(text, gateway string) string {
	return hideGatewayToken(text, gatewayToken(gateway))
}

// shownBaseURL is baseURL as the plan shows it, the gateway's token redacted.
func (p *Plan) shownBaseURL(route, client string) string {
	return hideGatewayToken(p.baseURL(route, client), gatewayToken(p.Gateway))
}

// ShownGateway is a gateway URL as messages show it: its token and any password redacted.
func ShownGateway(gateway string) string { return secret.URL(redactToken(gateway)) }

// baseURL is the base URL the plan writes for route of client: the gateway's when the plan routes
// to a gateway, else the local proxy's.
func (p *Plan) baseURL(route, client string) string {
	if p.Gateway != "" {
		return GatewayURL(p.Gateway, client)
	}
	return BaseURL(p.Port, route)
}

// RouteURL is the base URL install wrote for the state's route (see Plan's baseURL); "" when the
// state has no such route.
func (st *State) RouteURL(route string) string {
	for _, r := range st.Routes {
		if r.Name == route {
			if st.Gateway != "" {
				return GatewayURL(st.Gateway, r.Client)
			}
			return BaseURL(st.Port, route)
		}
	}
	return ""
}
