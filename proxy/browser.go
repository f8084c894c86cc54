package proxy

import (
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
)

// browserRefusal says why a request that a web browser may have sent is refused, or "" when the
// request is a local client's. Every endpoint is guarded, /healthz, /metrics and /stats included,
// before anything is forwarded, as trusted local daemons do (Ollama checks Host and Origin, Jupyter
// checks Host):
//
//   - Host must name a loopback interface: localhost, 127.0.0.0/8 or [::1], with or without a port.
//     A page on evil.example whose DNS name was rebound to 127.0.0.1 sends Host: evil.example.
//   - The request line must be in origin form (POST /v1/messages). net/http takes the host of an
//     absolute-form line (POST http://127.0.0.1:P/v1/messages, RFC 9112 3.2.2) for r.Host and
//     drops the Host header, which then cannot be judged; only a client that takes toolfix for a
//     forward proxy (a browser set to use it) sends that form, never one given a base URL.
//   - Origin, when present, must be a loopback http(s) origin; "null" (a sandboxed frame, a file://
//     page) is refused. Coding agents send no Origin.
//   - A CORS preflight (OPTIONS with Access-Control-Request-Method) is refused, so no browser is
//     ever allowed a cross-origin request; the proxy sends no CORS headers of its own.
//   - Without an Origin (a browser's no-cors request: an image, a form, a link), Sec-Fetch-Site
//     cross-site, which only browsers send, is refused. With one, the Origin decides, so that a
//     loopback page is treated alike whatever its port.
//
// In gateway mode (g not nil) the gateway's public host names and IP address literals are
// accepted as Host too, and its public host names' origins as Origin (see gate.publicHost).
func browserRefusal(r *http.Request, g *gate) string {
	if r.URL.IsAbs() || r.URL.Host != "" {
		return "toolfix: refused a request whose request line names a full URL (as sent to a forward proxy): toolfix is not a forward proxy; point the client's base URL at http://127.0.0.1:PORT instead of using toolfix as its HTTP proxy"
	}
	if !loopbackHost(r.Host) && !g.publicHost(r.Host) {
		return "toolfix: refused a request for host " + quoteHeader(r.Host) + ": toolfix answers only requests addressed to localhost, 127.0.0.1 or [::1] (a web page reaching it through a DNS name is refused); point the client's base URL at http://127.0.0.1:PORT"
	}
	if o, ok := r.Header["Origin"]; ok && (len(o) != 1 || !loopbackOrigin(o[0]) && !g.publicOrigin(o[0])) {
		return "toolfix: refused a request from the web origin " + quoteHeader(strings.Join(o, ", ")) + ": toolfix does not serve web pages, only local clients (which send no Origin header)"
	}
	if r.Method == http.MethodOptions && r.Header.Get("Access-Control-Request-Method") != "" {
		return "toolfix: refused a CORS preflight request: toolfix does not serve web pages, only local clients"
	}
	if _, hasOrigin := r.Header["Origin"]; !hasOrigin && strings.EqualFold(r.Header.Get("Sec-Fetch-Site"), "cross-site") {
		return "toolfix: refused a request a web browser sent from another site: toolfix serves only local clients"
	}
	return ""
}

// loopbackHost reports whether a Host header value names a loopback interface: "localhost" (any
// case), an IPv4 address in 127.0.0.0/8 or "[::1]", each with or without ":port". An empty Host is
// not loopback.
func loopbackHost(host string) bool {
	h := host
	if sh, port, err := net.SplitHostPort(host); err == nil {
		if !allDigits(port) {
			return false
		}
		h = sh
	} else if strings.HasPrefix(h, "[") && strings.HasSuffix(h, "]") {
		h = h[1 : len(h)-1]
	} else if strings.Contains(h, ":") {
		return false // a bare IPv6 address must be bracketed in a Host header
	}
	if strings.EqualFold(h, "localhost") {
		return true
	}
	ip := net.ParseIP(h)
	return ip != nil && ip.IsLoopback() && (ip.To4() != nil) == !strings.Contains(h, ":")
}

// loopbackOrigin reports whether an Origin header value is an http or https origin on a loopback
// host ("http://localhost:3000", "http://127.0.0.1"); "null" and every other origin are not.
func loopbackOrigin(origin string) bool {
	u, err := url.Parse(origin)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.User != nil || (u.Path != "" && u.Path != "/") || u.RawQuery != "" {
		return false
	}
	return loopbackHost(u.Host)
}

func allDigits(s string) bool {
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// quoteHeader quotes a header value for an error message, cut at 100 bytes.
func quoteHeader(v string) string {
	if len(v) > 100 {
		v = v[:100] + "…"
	}
	return strconv.QuoteToASCII(v)
}
