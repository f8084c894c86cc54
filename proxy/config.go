package proxy

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"os"
	"regexp"
	"strings"

	"github.com/toolfix/toolfix/proxy/secret"
)

// Route maps requests to one upstream. A request for /<Name>/<rest> goes to <Upstream>/<rest>; the
// route with Name "" is the root route and takes every path that names no other route.
type Route struct {
	// Name is the first path segment that selects the route: letters, digits, '.', '_' and '-';
	// "" for the root route.
	Name string `json:"name"`
	// Upstream is the base URL requests are forwarded to (http or https). Its path, such as "/v1"
	// or a gateway prefix, is kept: the rest of the request path is appended to it.
	Upstream string `json:"upstream"`
	// Protocol is informational ("anthropic", "openai", "responses" or ""): the dialect is chosen by
	// the request path, not by this field. install records it for doctor.
	Protocol string `json:"protocol,omitempty"`
	// TextFormat names an opt-in leaked-call text format for web-chat bridges (see issue 3); ""
	// means none.
	TextFormat string `json:"text_format,omitempty"`
	// Retry, when set, retries the upstream's answers of some statuses before any byte reaches the
	// client (see Retry); nil never retries.
	Retry *Retry `json:"retry,omitempty"`
}

// Config is the file `toolfix serve --config FILE` reads. Its format is JSON:
//
//	{
//	  "listen": "127.0.0.1:47821",
//	  "routes": [
//	    {"name": "claude", "upstream": "https://api.anthropic.com"},
//	    {"name": "opencode-moonshot", "upstream": "https://api.moonshot.ai/v1", "protocol": "openai"}
//	  ]
//	}
//
// Listen is optional (the --listen flag or the default port is used when empty); so are "samples"
// ("repairs", "all" or "off"), "samples_dir", "samples_keep" and "max_held_bytes". Unknown fields are refused so that a typo is not
// silently ignored.
type Config struct {
	Listen string  `json:"listen,omitempty"`
	Routes []Route `json:"routes"`
	// Samples says which exchanges are kept as redacted samples: "repairs" (the default when
	// empty), "all" or "off". See package sample.
	Samples string `json:"samples,omitempty"`
	// SamplesDir is the folder samples are written to; "" means the default (in the state folder).
	// A relative path is taken from the config file's folder (`toolfix serve` resolves it).
	SamplesDir string `json:"samples_dir,omitempty"`
	// SamplesKeep is how many samples are kept, the newest; zero means 100.
	SamplesKeep int `json:"samples_keep,omitempty"`
	// MaxHeldBytes is the most bytes of one tool call's input a stream holds for repair (see
	// Options.MaxHeld); zero means 16 MiB.
	MaxHeldBytes int `json:"max_held_bytes,omitempty"`
}

var routeNameRE = regexp.MustCompile(`^[A-Za-z0-9._-]+$`)

// LoadConfig reads and checks a Config file. Errors name the file and what is wrong.
func LoadConfig(path string) (Config, error) {
	var c Config
	b, err := os.ReadFile(path)
	if err != nil {
		return c, fmt.Errorf("reading config %q: %w", path, err)
	}
	dec := json.NewDecoder(strings.NewReader(string(b)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&c); err != nil {
		return c, fmt.Errorf("parsing config %q: %w", path, err)
	}
	if err := CheckRoutes(c.Routes); err != nil {
		return c, fmt.Errorf("config %q: %w", path, err)
	}
	return c, nil
}

// CheckRoutes reports the first route that is unusable: an empty list, a bad or duplicated name, or
// an upstream that is not an absolute http(s) URL without query or fragment.
func CheckRoutes(routes []Route) error {
	if len(routes) == 0 {
		return fmt.Errorf("no routes")
	}
	seen := map[string]bool{}
	for _, r := range routes {
		if r.Name != "" && !routeNameRE.MatchString(r.Name) {
			return fmt.Errorf("route name %q: only letters, digits, '.', '_' and '-' are allowed", r.Name)
		}
		if seen[r.Name] {
			return fmt.Errorf("route %q is defined twice", r.Name)
		}
		seen[r.Name] = true
		if _, err := ParseUpstream(r.Upstream); err != nil {
			return fmt.Errorf("route %q: %w", r.Name, err)
		}
		if err := r.Retry.check(); err != nil {
			return fmt.Errorf("route %q: %w", r.Name, err)
		}
	}
	return nil
}

// ParseUpstream parses an upstream base URL: absolute, http or https, with a host, no query and no
// fragment. A trailing slash of its path is dropped. Its errors show the URL redacted (see package
// secret).
func ParseUpstream(raw string) (*url.URL, error) {
	shown := secret.URL(raw) // an error never shows the URL's password or keys
	u, err := url.Parse(raw)
	if err != nil {
		var ue *url.Error
		if errors.As(err, &ue) {
			err = ue.Err // its text holds the whole URL
		}
		return nil, fmt.Errorf("parsing upstream %q: %w", shown, err)
	}
	if u.Scheme != "http" && u.Scheme != "https" {
		return nil, fmt.Errorf("upstream %q: scheme must be http or https", shown)
	}
	if u.Host == "" {
		return nil, fmt.Errorf("upstream %q: no host", shown)
	}
	if u.RawQuery != "" || u.Fragment != "" {
		return nil, fmt.Errorf("upstream %q: a query or fragment is not allowed", shown)
	}
	u.Path = strings.TrimRight(u.Path, "/")
	u.RawPath = ""
	return u, nil
}

// CheckBaseURL refuses a base URL (an upstream, a gateway route's URL) whose path ends in an API
// endpoint (EndpointPath), since each request's path would add it again: the error says so and
// names the base URL to give, redacted (see package secret). It is nil for any other URL, even one
// that does not parse (ParseUpstream says why).
func CheckBaseURL(raw string) error {
	u, err := url.Parse(raw)
	if err != nil {
		return nil
	}
	e := EndpointPath(u.Path)
	if e == "" {
		return nil
	}
	base := *u
	base.Path, base.RawPath = strings.TrimSuffix(strings.TrimRight(u.Path, "/"), e), ""
	return fmt.Errorf("%q ends in the API endpoint %s, which each request's path adds again (%s%s): give the base URL, %s", secret.URL(raw), e, e, e, secret.URL(base.String()))
}

// endpointPaths are the API endpoints a client adds to its base URL itself, longest first.
var endpointPaths = []string{"/v1/messages/count_tokens", "/v1/messages", "/v1/chat/completions", "/chat/completions", "/v1/responses", "/v1/completions"}

// EndpointPath returns the API endpoint that the URL path p ends in (Anthropic's /v1/messages,
// OpenAI's /v1/chat/completions, /v1/responses or /v1/completions, or /chat/completions), or ""
// when it ends in none: a base URL ending in one sends every request to the endpoint twice over,
// /v1/messages/v1/messages.
func EndpointPath(p string) string {
	p = strings.TrimRight(p, "/")
	for _, e := range endpointPaths {
		if strings.HasSuffix(p, e) {
			return e
		}
	}
	return ""
}
