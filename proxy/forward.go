package proxy

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/toolfix/toolfix/proxy/exchange"
	"github.com/toolfix/toolfix/proxy/netfault"
	"github.com/toolfix/toolfix/proxy/observe"
)

// forward sends one request to its route's upstream and hands the answer to the exchange, in this
// order: read the request body (readRequest, watched by an idleBody), build the upstream request
// (upstreamRequest), count it and start its capture, send it, copy the answer's headers, and let
// exchange.Env.Respond write the status and the body, repaired or as it came. When forward
// returns, the answer is counted (observe.Stats.Finish) and its sample saved.
func (s *Server) forward(w http.ResponseWriter, r *http.Request, route *routeEntry, rest string) {
	dialect := exchange.DialectFor(rest)
	rec := observe.NewRecorder(w, time.Now())
	w = rec
	log := s.logFor(r)
	var cap *observe.Capture
	defer func() {
		s.Stats.Finish(rec, r, route.Name, dialect)
		s.samples.Save(cap, rec.Status())
		if s.gate != nil {
			log.Info("request", "method", r.Method, "route", route.Name, "dialect", dialect, "status", rec.Status(), "duration_ms", time.Since(rec.Start()).Milliseconds())
		}
	}()
	ctx, cancel := context.WithCancel(r.Context())
	defer cancel()
	var idle *idleBody
	if s.opts.RequestIdle > 0 && r.Body != nil && r.Body != http.NoBody {
		idle = &idleBody{body: r.Body, rc: http.NewResponseController(w), idle: s.opts.RequestIdle, cancel: cancel}
		defer idle.clear()
		r.Body = idle
	}
	body, stream, err := s.readRequest(r)
	if stream == nil && idle != nil {
		idle.clear() // read whole: the connection is the server's again
	}
	if err != nil {
		if errors.Is(err, errRequestIdle) {
			log.Info("request body stalled; abandoned", "route", route.Name, "idle", s.opts.RequestIdle.String())
			writeError(w, rest, http.StatusRequestTimeout, idleMessage(s.opts.RequestIdle))
			return
		}
		// The client went away or sent a broken body: nothing useful can be forwarded.
		log.Info("reading request body", "route", route.Name, "error", err.Error())
		return
	}
	out, err := s.upstreamRequest(ctx, w, r, route, rest, body, stream)
	if err != nil {
		writeError(w, rest, http.StatusBadGateway, fmt.Sprintf("toolfix: building the request for upstream %s: %v", route.base.Host, err))
		return
	}
	s.Stats.Request(route.Name)
	cap = s.samples.Start(r, observe.Route{Name: route.Name, Upstream: route.base.String(), TextFormat: route.TextFormat}, rest, dialect, body, rec.Start())
	rec.Tee(cap)

	var again func() (*http.Request, error)
	if stream == nil {
		again = func() (*http.Request, error) { return s.upstreamRequest(ctx, w, r, route, rest, body, nil) }
	}
	resp, err := s.send(ctx, out, route, again)
	if err != nil {
		s.upstreamFailed(w, r, route, rest, idle, cap, err)
		return
	}
	defer resp.Body.Close()
	resp.Body = s.Stats.UpstreamBody(resp.Body, cap, rec)
	cap.Response(resp)

	h := w.Header()
	for k, vv := range resp.Header {
		h[k] = append([]string(nil), vv...)
	}
	removeHopByHop(h)

	s.env.Respond(w, resp, exchange.Request{Route: route.Name, Dialect: dialect, Body: body, TextFormat: route.TextFormat, Log: log}, cap)
}

// upstreamRequest builds the request sent upstream: the client's method, headers and body,
// untouched but for the hop-by-hop headers, Accept-Encoding (dropped, so that Go's transport
// negotiates gzip and decodes it) and HopHeader (set). body is the request body read whole, or
// nil with stream the body to send as it comes (see readRequest). Its error is
// http.NewRequestWithContext's.
func (s *Server) upstreamRequest(ctx context.Context, w http.ResponseWriter, r *http.Request, route *routeEntry, rest string, body []byte, stream io.Reader) (*http.Request, error) {
	var outBody io.Reader = bytes.NewReader(body)
	if stream != nil {
		s.logFor(r).Info("request body over the size limit, streamed upstream; its tools are not read", "route", route.Name, "limit", s.opts.MaxRequestBody)
		outBody = stream
		// The transport may still read the body (its last read checks the end) after the upstream
		// has answered; without full duplex, writing the answer's headers closes the body under it
		// and the transport cuts the answer (golang/go #40747).
		_ = http.NewResponseController(w).EnableFullDuplex()
	}
	out, err := http.NewRequestWithContext(ctx, r.Method, upstreamURL(route.base, rest, r.URL).String(), outBody)
	if err != nil {
		return nil, err
	}
	out.Header = r.Header.Clone()
	removeHopByHop(out.Header)
	out.Header.Del("Accept-Encoding")
	out.Header.Del(TokenHeader) // the gateway's own (see gate.admit); never upstream
	out.Header.Set(HopHeader, s.pid)
	out.ContentLength = int64(len(body))
	if stream != nil {
		out.ContentLength = r.ContentLength // -1 when unknown: sent chunked
	}
	if r.Body == nil || r.Body == http.NoBody {
		if len(body) == 0 {
			out.Body = http.NoBody
			out.ContentLength = 0
		}
	}
	out.Host = ""
	return out, nil
}

// upstreamFailed answers a request whose upstream gave no answer (err, from the transport): 408
// when the request body stalled while it streamed upstream, nothing when the client hung up, else
// 502 naming the upstream and the cause (see package netfault), counted as an upstream error.
func (s *Server) upstreamFailed(w http.ResponseWriter, r *http.Request, route *routeEntry, rest string, idle *idleBody, cap *observe.Capture, err error) {
	if idle != nil && idle.idled.Load() {
		s.logFor(r).Info("request body stalled while streaming upstream; abandoned", "route", route.Name, "idle", s.opts.RequestIdle.String())
		cap.Fail("request body stalled")
		writeError(w, rest, http.StatusRequestTimeout, idleMessage(s.opts.RequestIdle))
		return
	}
	if r.Context().Err() != nil {
		return // the client hung up; not an error of ours or the upstream's
	}
	s.Stats.UpstreamError(route.Name)
	f := netfault.Classify(err)
	s.logFor(r).Warn("upstream unreachable", "route", route.Name, "upstream", route.base.Host, "cause", string(f.Kind), "error", f.Detail)
	cap.Fail("reaching upstream: " + f.Reason)
	writeError(w, rest, http.StatusBadGateway, fmt.Sprintf("toolfix could not reach the upstream %s: %s", route.base.Host, f))
}

// upstreamURL joins the route's base URL with the rest of the request path and its query.
func upstreamURL(base *url.URL, rest string, in *url.URL) *url.URL {
	u := *base
	basePath := base.EscapedPath()
	joined := basePath + rest
	if rest != "" && !strings.HasPrefix(rest, "/") {
		joined = basePath + "/" + rest
	}
	if p, err := url.PathUnescape(joined); err == nil {
		u.Path = p
		u.RawPath = joined
	} else {
		u.Path = joined
		u.RawPath = ""
	}
	u.RawQuery = in.RawQuery
	return &u
}

// hopByHop are the headers that belong to one connection (RFC 9110 7.6.1) and are not forwarded.
var hopByHop = []string{"Connection", "Proxy-Connection", "Keep-Alive", "Proxy-Authenticate", "Proxy-Authorization", "Te", "Trailer", "Transfer-Encoding", "Upgrade"}

func removeHopByHop(h http.Header) {
	for _, f := range h.Values("Connection") {
		for _, name := range strings.Split(f, ",") {
			if name = strings.TrimSpace(name); name != "" {
				h.Del(name)
			}
		}
	}
	for _, name := range hopByHop {
		h.Del(name)
	}
}
