// Package haproxy runs HAProxy (Debian's haproxy package) on loopback in front of a set of
// replicas, as a team gateway is run behind a load balancer: the rolling-restart test of
// e2e/gateway and the load benchmark's held scenario through three replicas (proxy/loadbench,
// -replicas 3) both start it from here, with one configuration. docs/gateway.md shows the part of
// that configuration a platform engineer needs.
package haproxy

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/toolfix/toolfix/proxy/syncbuf"
)

// ErrNotInstalled is returned by Find when no haproxy is on PATH.
var ErrNotInstalled = errors.New("haproxy is not installed (apt-get install haproxy)")

// Find returns the path of the haproxy on PATH, or ErrNotInstalled.
func Find() (string, error) {
	p, err := exec.LookPath("haproxy")
	if err != nil {
		return "", ErrNotInstalled
	}
	return p, nil
}

// Balancer is a running HAProxy whose one frontend, on a loopback port, balances HTTP requests
// over its servers by the fewest open connections, checking each server's GET /readyz every
// 100 ms.
type Balancer struct {
	// URL is the frontend's base URL, http://127.0.0.1:PORT.
	URL string

	cmd     *exec.Cmd
	sock    string // the stats socket
	servers int
	log     *syncbuf.Buffer
	done    chan struct{}
}

// Start writes the configuration into dir (haproxy.cfg and the stats socket haproxy.sock), starts
// bin (haproxy's path) in front of servers (host:port each), and waits up to 20 s until its checks
// see every server up. The error says what failed, with HAProxy's own output.
func Start(bin, dir string, servers []string) (*Balancer, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, fmt.Errorf("finding a free port for HAProxy: %w", err)
	}
	port := ln.Addr().(*net.TCPAddr).Port
	ln.Close()
	var list strings.Builder
	for i, s := range servers {
		fmt.Fprintf(&list, "  server r%d %s check\n", i, s)
	}
	b := &Balancer{URL: fmt.Sprintf("http://127.0.0.1:%d", port), sock: filepath.Join(dir, "haproxy.sock"),
		servers: len(servers), log: &syncbuf.Buffer{Max: 1 << 20}, done: make(chan struct{})}
	cfg := filepath.Join(dir, "haproxy.cfg")
	if err := os.WriteFile(cfg, []byte(fmt.Sprintf(config, b.sock, port, list.String())), 0o600); err != nil {
		return nil, fmt.Errorf("writing HAProxy's configuration: %w", err)
	}
	b.cmd = exec.Command(bin, "-db", "-f", cfg)
	b.cmd.Stdout, b.cmd.Stderr = b.log, b.log
	if err := b.cmd.Start(); err != nil {
		return nil, fmt.Errorf("starting HAProxy: %w", err)
	}
	go func() { _ = b.cmd.Wait(); close(b.done) }()
	if !b.WaitUp(20 * time.Second) {
		up := b.Up()
		b.Stop()
		return nil, fmt.Errorf("HAProxy never saw the %d servers up (%d up): %s", len(servers), up, b.log.String())
	}
	return b, nil
}

// Up returns how many of the servers HAProxy's stats socket says are UP, or -1 when the socket
// does not answer.
func (b *Balancer) Up() int {
	c, err := net.Dial("unix", b.sock)
	if err != nil {
		return -1
	}
	defer c.Close()
	_, _ = io.WriteString(c, "show stat\n")
	out, _ := io.ReadAll(c)
	rd := csv.NewReader(bytes.NewReader(bytes.TrimPrefix(out, []byte("# "))))
	rd.FieldsPerRecord = -1
	recs, err := rd.ReadAll()
	if err != nil || len(recs) == 0 {
		return -1
	}
	col := -1
	for i, h := range recs[0] {
		if h == "status" {
			col = i
		}
	}
	up := 0
	for _, rec := range recs[1:] {
		if col >= 0 && len(rec) > col && rec[0] == "toolfix" && rec[1] != "BACKEND" && strings.HasPrefix(rec[col], "UP") {
			up++
		}
	}
	return up
}

// WaitUp polls Up every 20 ms for up to limit and reports whether every server was up: it waits
// on HAProxy's checks, which tell of their changes no other way.
func (b *Balancer) WaitUp(limit time.Duration) bool {
	for end := time.Now().Add(limit); time.Now().Before(end); time.Sleep(20 * time.Millisecond) {
		if b.Up() == b.servers {
			return true
		}
	}
	return b.Up() == b.servers
}

// Log returns what HAProxy wrote so far (its first MiB).
func (b *Balancer) Log() string { return b.log.String() }

// Stop kills HAProxy and waits for it to exit.
func (b *Balancer) Stop() {
	_ = b.cmd.Process.Kill()
	<-b.done
}

// config is HAProxy's configuration: %[1]s the stats socket, %[2]d the frontend's port, %[3]s the
// server lines. docs/gateway.md quotes the part that matters.
const config = `global
  maxconn 8000
  stats socket %[1]s mode 600 level admin
defaults
  mode http
  timeout connect 2s
  timeout client 2m
  timeout server 2m
  timeout queue 30s
  retries 3
  option redispatch 1
  retry-on all-retryable-errors
  option http-no-delay
frontend gateway
  bind 127.0.0.1:%[2]d
  maxconn 8000
  default_backend toolfix
backend toolfix
  balance leastconn
  option httpchk
  http-check send meth GET uri /readyz ver HTTP/1.1 hdr Host 127.0.0.1
  http-check expect status 200
  timeout check 5s
  default-server inter 100ms fastinter 100ms downinter 100ms fall 2 rise 1 maxconn 5000
%[3]s`
