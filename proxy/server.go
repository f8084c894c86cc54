package proxy

import (
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"os"
	"sort"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/toolfix/toolfix/proxy/exchange"
	"github.com/toolfix/toolfix/proxy/observe"
	"github.com/toolfix/toolfix/proxy/sample"
)

// HopHeader is the header toolfix adds to every request it forwards, holding its process id. A
// request that arrives already carrying it has looped back into a toolfix proxy and is answered 508.
const HopHeader = "X-Toolfix-Hop"

// Reserved paths answered by the proxy itself; no route may take these names.
const (
	healthzPath = "/healthz"
	readyzPath  = "/readyz"
	metricsPath = "/metrics"
	statsPath   = "/stats"
)

// DefaultMaxRequestBody is the largest request body, in bytes, read into memory for its tools when
// Options.MaxRequestBody is zero: 32 MiB, the Messages API's own request limit. A larger body is
// streamed upstream as it comes.
const DefaultMaxRequestBody = 32 << 20

// Options configure a Server. The zero value of every field but Routes has a working default.
type Options struct {
	// Routes are the upstreams served; at least one. See Route.
	Routes []Route
	// Version is reported by /healthz; "" reports "dev".
	Version string
	// Logger receives one line per repair, fail-open and upstream error; nil discards them. Lines
	// never hold headers, keys or argument values.
	Logger *slog.Logger
	// Transport sends requests upstream; nil means a clone of http.DefaultTransport (environment
	// proxies honoured, HTTP/2 attempted, gzip negotiated and decoded by Go).
	Transport http.RoundTripper
	// MaxJSONBody is the largest non-streamed body repaired in memory, in bytes; zero means
	// exchange.DefaultMaxJSONBody (32 MiB). A larger body passes through as it is.
	MaxJSONBody int64
	// MaxRequestBody is the largest request body held in memory, in bytes; zero means
	// DefaultMaxRequestBody. A larger body goes upstream as it comes, without a retry on a stale
	// connection, and its answer is repaired only by the rules that need no tools.
	MaxRequestBody int64
	// MaxEvent is the largest SSE event repaired, in bytes; zero means sse.DefaultMaxEvent. A larger
	// event, and everything after it in that stream, passes through unrepaired.
	MaxEvent int
	// Samples keeps redacted copies of exchanges (see package sample and Store's mode); nil keeps
	// none.
	Samples *sample.Store
	// MaxHeld is the most bytes of one tool call's input (or leaked-call text tail) a stream
	// holds for repair; zero means repair.DefaultMaxHeld (16 MiB). Past it the held bytes go out
	// as they came, logged as a fail-open.
	MaxHeld int
	// Clock is the time source of the keep-alives sent while a span is held (see
	// exchange.KeepAliveAfter); nil means the system clock.
	Clock exchange.Clock
	// RequestIdle is how long a request body may go without a byte arriving; zero means
	// DefaultRequestIdle, negative no limit. A body that stalls longer is abandoned: the client
	// is answered 408 with an API-shaped error, a request already streaming upstream is cancelled.
	RequestIdle time.Duration
	// AccessTokens turn on gateway mode when not empty: every request but the probes and the
	// metrics must carry one of them, in its path (/t/<token>/<route>/...) or in TokenHeader (see
	// docs/gateway.md); each must pass CheckToken. Empty means a loopback proxy, no check.
	AccessTokens []string
	// PublicHosts are the gateway's own host names, accepted as Host (and in Origin) besides
	// loopback ones; "*.example.com" matches every subdomain. Only with AccessTokens.
	PublicHosts []string
}

// Server is the repair proxy, an http.Handler. Create it with New.
type Server struct {
	opts      Options
	routes    map[string]*routeEntry
	root      *routeEntry
	transport http.RoundTripper
	log       *slog.Logger
	env       *exchange.Env
	pid       string
	started   time.Time
	// Stats counts what the server did since New; never nil.
	Stats   *observe.Stats
	samples *observe.Samples
	gate    *gate
	// draining is set by Drain: /readyz answers 503 from then on.
	draining atomic.Bool
}

type routeEntry struct {
	Route
	base *url.URL
}

// New checks the options and builds a Server. It returns an error naming the route at fault when
// the routes are unusable (see CheckRoutes) or a route takes a reserved name.
func New(opts Options) (*Server, error) {
	if err := CheckRoutes(opts.Routes); err != nil {
		return nil, err
	}
	g, err := newGate(opts.AccessTokens, opts.PublicHosts)
	if err != nil {
		return nil, err
	}
	s := &Server{opts: opts, routes: map[string]*routeEntry{}, pid: strconv.Itoa(os.Getpid()), started: time.Now(), Stats: observe.NewStats(), gate: g}
	for _, r := range opts.Routes {
		if g != nil && r.Name == strings.Trim(tokenPrefix, "/") {
			return nil, fmt.Errorf("route name %q is reserved in a gateway: /t/ starts the access token", r.Name)
		}
		for _, p := range []string{healthzPath, readyzPath, metricsPath, statsPath} {
			if r.Name == strings.TrimPrefix(p, "/") {
				return nil, fmt.Errorf("route name %q is reserved", r.Name)
			}
		}
		base, _ := ParseUpstream(r.Upstream)
		e := &routeEntry{Route: r, base: base}
		if r.Name == "" {
			s.root = e
		} else {
			s.routes[r.Name] = e
		}
	}
	s.transport = opts.Transport
	if s.transport == nil {
		t := http.DefaultTransport.(*http.Transport).Clone()
		t.ForceAttemptHTTP2 = true
		t.MaxIdleConnsPerHost = 16
		s.transport = t
	}
	s.log = opts.Logger
	if s.log == nil {
		s.log = slog.New(slog.DiscardHandler)
	}
	s.log = slog.New(routeNames{s.log.Handler()})
	s.samples = observe.NewSamples(opts.Samples, opts.MaxHeld, s.log, s.Stats)
	if s.opts.Version == "" {
		s.opts.Version = "dev"
	}
	if s.opts.MaxJSONBody <= 0 {
		s.opts.MaxJSONBody = exchange.DefaultMaxJSONBody
	}
	if s.opts.MaxRequestBody <= 0 {
		s.opts.MaxRequestBody = DefaultMaxRequestBody
	}
	if s.opts.RequestIdle == 0 {
		s.opts.RequestIdle = DefaultRequestIdle
	}
	s.env = exchange.NewEnv(s.Stats, s.log, opts.Clock, exchange.Limits{MaxJSONBody: s.opts.MaxJSONBody, MaxEvent: opts.MaxEvent, MaxHeld: opts.MaxHeld})
	return s, nil
}

// ServeHTTP answers /healthz, /readyz, /metrics and /stats itself and forwards every other request
// to its route's upstream. A request a web browser may have sent (a foreign Host or Origin, a CORS
// preflight; see browserRefusal) is answered 403 with an API-shaped error and goes nowhere; so is,
// in gateway mode, one without a valid access token (401; see Options.AccessTokens).
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if why := browserRefusal(r, s.gate); why != "" {
		// No header value in the log: the Host and Origin are the sender's to choose.
		s.log.Info("refused a request a web browser may have sent (foreign Host or Origin, or a CORS preflight)", "method", r.Method)
		s.refuse(w, r, observe.NoRoute, http.StatusForbidden, why)
		return
	}
	if !s.gate.admit(r) {
		// No path in the log: it may hold a token.
		s.log.Info("refused a request without a valid access token", "method", r.Method)
		s.refuse(w, r, observe.NoRoute, http.StatusUnauthorized, unauthorized)
		return
	}
	r = s.identify(w, r)
	if why := pathRefusal(r, s.gate); why != "" {
		// No path in the log: it may hold a token.
		s.logFor(r).Info("refused a request path that could leave the route's base path or carries an access token", "method", r.Method)
		s.refuse(w, r, observe.NoRoute, http.StatusBadRequest, why)
		return
	}
	if r.Method == http.MethodGet || r.Method == http.MethodHead {
		switch r.URL.Path {
		case healthzPath:
			s.serveHealthz(w)
			return
		case readyzPath:
			s.serveReadyz(w)
			return
		case metricsPath:
			s.serveMetrics(w)
			return
		case statsPath:
			s.serveStats(w)
			return
		}
	}
	if r.Header.Get(HopHeader) != "" {
		name := observe.NoRoute
		if route, _ := s.pick(r.URL.EscapedPath()); route != nil {
			name = route.Name
		}
		s.log.Warn("answered 508 Loop Detected: the request had already passed through toolfix, so this route's upstream (or a client's base URL) points back at the proxy", "route", name, "path", r.URL.Path)
		s.refuse(w, r, observe.NoRoute, http.StatusLoopDetected, "toolfix: this request has already passed through toolfix (a base URL points back at the proxy); fix the upstream of this route")
		return
	}
	route, rest := s.pick(r.URL.EscapedPath())
	if route == nil {
		s.refuse(w, r, observe.NoRoute, http.StatusNotFound, fmt.Sprintf("toolfix: no route for %q; known routes: %s", firstSegment(r.URL.Path), strings.Join(s.RouteNames(), ", ")))
		return
	}
	if isWebSocketUpgrade(r) {
		s.refuseWebSocket(w, r, route.Name)
		return
	}
	s.forward(w, r, route, rest)
}

// refuse answers a request that goes nowhere with status and msg in an error shaped like the
// request path's API (see writeError), and counts it under route (observe.NoRoute when it matched
// none).
func (s *Server) refuse(w http.ResponseWriter, r *http.Request, route string, status int, msg string) {
	writeError(w, r.URL.Path, status, msg)
	s.Stats.Finished(route, observe.ProtocolLabel(exchange.DialectFor(r.URL.Path)), status, -1)
}

// pick finds the route for an escaped request path and the rest of the path after the route name.
func (s *Server) pick(p string) (*routeEntry, string) {
	seg := firstSegment(p)
	if e, ok := s.routes[seg]; ok {
		return e, strings.TrimPrefix(p, "/"+seg)
	}
	if s.root != nil {
		return s.root, p
	}
	return nil, ""
}

func firstSegment(p string) string {
	p = strings.TrimPrefix(p, "/")
	if i := strings.IndexByte(p, '/'); i >= 0 {
		return p[:i]
	}
	return p
}

// RouteNames returns the names of the routes, sorted, the root route as "/".
func (s *Server) RouteNames() []string {
	var names []string
	for n := range s.routes {
		names = append(names, n)
	}
	sort.Strings(names)
	if s.root != nil {
		names = append([]string{"/"}, names...)
	}
	return names
}

// IsLoopback reports whether a listen address "host:port" names a loopback interface only:
// 127.0.0.0/8, ::1 or "localhost". An empty host (all interfaces) is not loopback.
func IsLoopback(addr string) bool {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return false
	}
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
