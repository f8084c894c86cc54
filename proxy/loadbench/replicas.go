package main

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/toolfix/toolfix/e2e/gateway/haproxy"
)

// The held scenario through replicas (-only held -replicas N) answers the gateway's sizing
// question for a team that runs several: how many streams N toolfix replicas behind HAProxy hold
// on this machine at an added p99 lag under 1 ms. For each count of the ladder it starts N floor
// children behind HAProxy and runs that many held streams through HAProxy's frontend, then does
// the same with N toolfix gateway children (toolfix serve with an access token, as a team runs
// it: JSON request logs, samples off) behind the same HAProxy configuration; the difference of
// the two lags is what toolfix adds. HAProxy is the one of e2e/gateway (package haproxy), with
// its checks of /readyz, which toolfix answers and, for the floor, the mock upstream.

// gatewayToken is the access token of the gateway children.
const gatewayToken = "loadbench-gateway-token-0123456789"

// heldKinds are the proxies the held scenario compares, the floor first: toolfix alone is the
// per-user proxy; behind HAProxy it is a gateway.
var heldKinds = map[bool][2]string{false: {"floor", "toolfix"}, true: {"floor", "gateway"}}

// heldReplicas returns the measurement of n held streams through HAProxy in front of replicas
// fresh children of a kind; bin is haproxy's path and step says what is being measured.
func heldReplicas(u *upstream, bin string, replicas int, step func(string)) func(kind string, n int) (crowd, error) {
	return func(kind string, n int) (crowd, error) {
		step(fmt.Sprintf("held: %d streams through HAProxy in front of %d %s replicas", n, replicas, kind))
		cr := crowd{streams: n}
		var cs []*child
		defer func() { stopAll(cs) }()
		var servers []string
		for range replicas {
			c, err := startChild(kind, u.srv.URL, "")
			if err != nil {
				return cr, err
			}
			cs = append(cs, c)
			servers = append(servers, strings.TrimPrefix(c.url, "http://"))
		}
		dir, err := os.MkdirTemp("", "loadbench-haproxy-")
		if err != nil {
			return cr, fmt.Errorf("making a folder for HAProxy: %w", err)
		}
		defer os.RemoveAll(dir)
		lb, err := haproxy.Start(bin, dir, servers)
		if err != nil {
			return cr, err
		}
		defer lb.Stop()
		front := lb.URL
		if kind == "gateway" {
			front += "/t/" + gatewayToken
		}
		results, _ := pacedCrowd(u, []string{front}, n, heldEvents, heldEvery, func() error { return nil })
		cr.tally(results[0], heldEvents)
		if cr.completed < n {
			cr.errors = append(cr.errors, "HAProxy's output: "+tail(lb.Log(), 2000))
			for _, c := range cs {
				cr.errors = append(cr.errors, "a replica's standard error: "+tail(c.stderr.String(), 2000))
			}
			step(fmt.Sprintf("held: %d of %d streams completed through the %s replicas: %s", cr.completed, n, kind, strings.Join(cr.errors, "; ")))
		}
		return cr, nil
	}
}

// runHeld runs the held scenario, through one proxy at a time or, with replicas over 1, through
// HAProxy in front of that many replicas of each proxy, and prints its table to out. Without
// haproxy on PATH the replicas' run is skipped with a sentence on logw (and no rows).
func runHeld(cfg config, u *upstream, out, logw io.Writer, step func(string), alone func(kind, cpuProfile, what string, measure func(c *child) error) error) ([]heldRow, error) {
	through, title := heldAlone(u, alone), "one proxy at a time"
	if cfg.Replicas > 1 {
		bin, err := haproxy.Find()
		if err != nil {
			fmt.Fprintf(logw, "loadbench: skipping the held scenario through %d replicas: %v; it needs HAProxy in front of the replicas\n", cfg.Replicas, err)
			return nil, nil
		}
		through = heldReplicas(u, bin, cfg.Replicas, step)
		title = fmt.Sprintf("through HAProxy in front of %d replicas of each proxy, toolfix's as a gateway", cfg.Replicas)
	}
	rows, err := measureHeld(cfg.HeldLadder, heldKinds[cfg.Replicas > 1], through)
	if err != nil {
		return nil, err
	}
	printHeld(out, rows, title, loadAverage())
	return rows, nil
}
