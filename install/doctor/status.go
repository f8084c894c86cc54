package doctor

import (
	"context"
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/toolfix/toolfix/install"
	"github.com/toolfix/toolfix/proxy/observe"
	"github.com/toolfix/toolfix/service"
)

// Overview is what `toolfix status` shows: the installed routes, the service, and the running
// proxy with its counters. Each part that could not be read says why in its *Err field.
type Overview struct {
	// Version is this binary's version.
	Version string `json:"version"`
	// Installed is whether a finished install's state was read.
	Installed bool `json:"installed"`
	// StateErr says why the state was not read; "" when Installed.
	StateErr string `json:"state_error,omitempty"`
	// Port is the proxy's port asked.
	Port int `json:"port"`
	// Routes are the installed routes, their upstream URLs redacted (see package secret).
	Routes []install.Route `json:"routes"`
	// ServiceWanted is whether the install set up a service (false with --no-service).
	ServiceWanted bool `json:"service_wanted"`
	// Service is what the service manager says; nil when not asked (no service wanted or no
	// manager).
	Service *service.Status `json:"service,omitempty"`
	// ServiceErr says why the service manager could not be asked.
	ServiceErr string `json:"service_error,omitempty"`
	// Proxy is the running proxy's /healthz answer; nil when it does not answer.
	Proxy *Health `json:"proxy,omitempty"`
	// Gateway is the team gateway the clients go to (install --gateway), its token redacted; ""
	// for a local proxy. With it, no local proxy is asked.
	Gateway string `json:"gateway,omitempty"`
	// ProxyErr says why the proxy did not answer and what to do, in a sentence ("no toolfix proxy
	// answers on 127.0.0.1:47821; start it with `toolfix serve`").
	ProxyErr string `json:"proxy_error,omitempty"`
	// Stats are the running proxy's counters from /stats; nil when not read.
	Stats *observe.Snapshot `json:"stats,omitempty"`
	// StatsErr says why /stats was not read.
	StatsErr string `json:"stats_error,omitempty"`
}

// Status gathers the Overview: the state, the service and the proxy's /healthz and /stats.
func (d *Doctor) Status(ctx context.Context) *Overview {
	s := d.session()
	o := &Overview{Version: d.Version, Port: s.port, Routes: []install.Route{}}
	if r, ok := s.installed(); ok {
		o.Installed = true
		for _, r := range s.st.Routes {
			r.Upstream = redactURL(r.Upstream) // the JSON form too: no password is printed
			o.Routes = append(o.Routes, r)
		}
		o.ServiceWanted = s.st.Service
	} else if s.stErr != nil {
		o.StateErr = s.stErr.Error()
	} else {
		o.StateErr = r.Summary
	}
	if o.ServiceWanted {
		if d.Service == nil {
			o.ServiceErr = "no per-user service manager on this system"
		} else if st, err := d.Service.Status(); err != nil {
			o.ServiceErr = err.Error()
		} else {
			o.Service = &st
		}
	}
	if s.st != nil && s.st.Gateway != "" {
		o.Gateway = install.ShownGateway(s.st.Gateway)
		o.ProxyErr = "none on this machine: the clients go to the gateway " + o.Gateway + " (`toolfix doctor` checks it)"
	} else if h, err := FetchHealth(ctx, d.HTTPClient, s.port); err != nil {
		summary, hint := s.proxyDown(err)
		o.ProxyErr = summary + "; " + hint
	} else {
		o.Proxy = h
		if snap, err := FetchStats(ctx, d.HTTPClient, s.port); err != nil {
			o.StatsErr = err.Error()
			if errors.Is(err, ErrNotToolfix) {
				o.StatsErr = "this proxy has no /stats (an older toolfix): restart it"
			}
		} else {
			o.Stats = snap
		}
	}
	return o
}

// WriteText writes the overview for people, one aligned line per part.
func (o *Overview) WriteText(w io.Writer) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	line := func(k, v string) { fmt.Fprintf(tw, "%s\t%s\n", k, v) }
	line("toolfix", o.Version)
	switch {
	case o.Proxy != nil:
		v := fmt.Sprintf("running on 127.0.0.1:%d, pid %d, toolfix %s, up %s", o.Port, o.Proxy.PID, o.Proxy.Version, time.Duration(o.Proxy.UptimeSeconds)*time.Second)
		if o.Proxy.Version != o.Version {
			v += " (not this binary's version: restart it)"
		}
		line("proxy", v)
	default:
		line("proxy", o.ProxyErr)
	}
	switch {
	case !o.Installed:
		line("install", o.StateErr)
	case o.Gateway != "":
		line("service", "none (install --gateway: the gateway serves)")
	case !o.ServiceWanted:
		line("service", "none (installed with --no-service: run `toolfix serve` yourself)")
	case o.Service != nil:
		line("service", o.Service.String())
	default:
		line("service", "unknown: "+o.ServiceErr)
	}
	for i, r := range o.Routes {
		k := ""
		if i == 0 {
			k = "routes"
		}
		line(k, fmt.Sprintf("%s → %s (%s)", r.Name, redactURL(r.Upstream), r.Protocol))
	}
	if s := o.Stats; s != nil {
		line("requests", countLine(answered(s)))
		line("repairs", countLine(s.Repairs))
		line("fail-opens", fmt.Sprint(s.FailOpens))
		line("upstream errors", fmt.Sprint(s.UpstreamErrors))
		line("streams open", fmt.Sprint(s.StreamsOpen))
	} else if o.StatsErr != "" {
		line("counters", o.StatsErr)
	}
	return tw.Flush()
}

// answered counts every request the proxy answered by route, those that matched no route (a 404
// naming the known routes, a 508 loop) as "no route": the count a person expects, where
// Snapshot.Requests holds only the requests forwarded upstream. A proxy too old to report
// Responses gives its Requests.
func answered(s *observe.Snapshot) map[string]int64 {
	if len(s.Responses) == 0 {
		return s.Requests
	}
	m := map[string]int64{}
	for _, r := range s.Responses {
		route := r.Route
		if route == "(none)" {
			route = "no route"
		}
		m[route] += r.Count
	}
	return m
}

// countLine is "12 (claude 10, opencode-x 2)", the parts sorted by name; "0" when empty.
func countLine(m map[string]int64) string {
	var total int64
	var keys []string
	for k, v := range m {
		total += v
		keys = append(keys, k)
	}
	if total == 0 {
		return "0"
	}
	sort.Strings(keys)
	var parts []string
	for _, k := range keys {
		name := k
		if name == "" {
			name = "/"
		}
		parts = append(parts, fmt.Sprintf("%s %d", name, m[k]))
	}
	return fmt.Sprintf("%d (%s)", total, strings.Join(parts, ", "))
}
