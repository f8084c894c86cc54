package cmd

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/spf13/cobra"
)

// statusOptions are the flags of `toolfix status`.
type statusOptions struct {
	JSON bool
	Port int // 0: the installed port, else DefaultPort
}

func newStatusCmd(ios *IOStreams, runF func(*statusOptions) error) *cobra.Command {
	opts := &statusOptions{}
	c := &cobra.Command{
		Use:   "status",
		Short: "Show the routes, the service and the running proxy's counters",
		Long: `Show what toolfix is doing: the installed routes, the service's state, the proxy's port, version
and uptime, and its counters since it started (requests by route, repairs by kind, fail-opens,
upstream errors) from its /stats endpoint.

The exit status is 1 when the proxy does not answer. ` + "`toolfix doctor`" + ` says why.`,
		Args: noArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			if err := checkPort(c, opts.Port); err != nil {
				return err
			}
			if runF != nil {
				return runF(opts)
			}
			return runStatus(c.Context(), ios, opts)
		},
	}
	f := c.Flags()
	f.BoolVar(&opts.JSON, "json", false, "print the status as JSON, for scripts")
	proxyPortFlag(c, &opts.Port)
	return c
}

func runStatus(ctx context.Context, ios *IOStreams, opts *statusOptions) error {
	d, err := newDoctor(opts.Port, 0)
	if err != nil {
		return err
	}
	o := d.Status(ctx)
	if opts.JSON {
		enc := json.NewEncoder(ios.Out)
		enc.SetIndent("", "  ")
		enc.SetEscapeHTML(false)
		err = enc.Encode(o)
	} else {
		err = o.WriteText(ios.Out)
	}
	if err != nil {
		return fmt.Errorf("writing the status: %w", err)
	}
	if o.Proxy == nil {
		return &ExitError{Code: 1}
	}
	return nil
}
