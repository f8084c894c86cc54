package install

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/toolfix/toolfix/proxy/secret"
)

// Render writes the plan for a person to read: the routes, a unified diff per changed file, the
// service, and the notes. Secrets (package secret: the password of an upstream URL, the values of
// members whose name is secret, values shaped like keys) are shown as REDACTED.
func (p *Plan) Render(w io.Writer) error {
	var b strings.Builder
	if p.Gateway != "" {
		fmt.Fprintf(&b, "toolfix install plan (clients routed to the gateway %s; no local proxy)\n\n", ShownGateway(p.Gateway))
	} else {
		fmt.Fprintf(&b, "toolfix install plan (proxy on 127.0.0.1:%d)\n\n", p.Port)
	}
	if len(p.Routes) == 0 {
		b.WriteString("Routes: none\n")
	} else {
		b.WriteString("Routes:\n")
		tw := tabwriter.NewWriter(&b, 0, 4, 2, ' ', 0)
		for _, r := range p.Routes {
			proto := r.Protocol
			if proto == "" {
				proto = "-"
			}
			fmt.Fprintf(tw, "  %s\t%s\t-> %s\t(%s)\n", r.Name, p.shownBaseURL(r.Name, r.Client), secret.URL(r.Upstream), proto)
		}
		tw.Flush()
	}
	b.WriteString("\n")
	if len(p.Changes) == 0 {
		b.WriteString("Files: no change\n")
	} else {
		b.WriteString("Files:\n")
		for _, c := range p.Changes {
			if !c.Exists {
				fmt.Fprintf(&b, "(new file %s", c.Path)
				if len(c.NewDirs) > 0 {
					fmt.Fprintf(&b, ", creating %s", strings.Join(c.NewDirs, ", "))
				}
				b.WriteString(")\n")
			}
			b.WriteString(c.Diff)
		}
	}
	b.WriteString("\n")
	switch {
	case p.NoService:
		if p.Gateway != "" {
			b.WriteString("Service: none: the gateway is the proxy\n")
		} else {
			b.WriteString("Service: none (--no-service): run `toolfix serve` yourself, and at every login\n")
		}
	case p.ServiceErr != nil:
		fmt.Fprintf(&b, "Service: %s\n  cannot be installed: %v\n  install will stop before changing any file; pass --no-service to run `toolfix serve` yourself\n", p.Service, p.ServiceErr)
	default:
		fmt.Fprintf(&b, "Service: %s\n", p.Service)
	}
	if len(p.Notes) > 0 {
		b.WriteString("\nNotes:\n")
		for _, n := range p.Notes {
			fmt.Fprintf(&b, "  - %s\n", n)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}
