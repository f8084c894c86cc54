package cmd

import (
	"fmt"
	"net"
	"strconv"

	"github.com/toolfix/toolfix/install"
	"github.com/toolfix/toolfix/proxy"
	"github.com/toolfix/toolfix/proxy/observe"
	"github.com/toolfix/toolfix/proxy/secret"
)

// loopsBack refuses, before serve listens, a route whose upstream is the proxy itself: a loopback,
// unspecified or own address or name of this machine on the listen port (install's self-reference
// rules, install.CheckUpstream). Every request on it would come back in and be answered 508. Port 0
// (a free port, not known yet) is never refused here.
func loopsBack(cfg proxy.Config) error {
	_, p, err := net.SplitHostPort(cfg.Listen)
	if err != nil {
		return nil
	}
	port, err := strconv.Atoi(p)
	if err != nil || port == 0 {
		return nil
	}
	for _, r := range cfg.Routes {
		if self, _, err := install.CheckUpstream(r.Upstream, []int{port}, nil); err == nil && self {
			return &usageError{fmt.Errorf("the upstream of route %s, %s, is this proxy itself (it listens on %s): every request would come straight back and be answered 508 Loop Detected; give the API's real base URL, such as --upstream https://api.anthropic.com", observe.RouteLabel(r.Name), secret.URL(r.Upstream), cfg.Listen)}
		}
	}
	return nil
}
