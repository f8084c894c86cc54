package cmd

import (
	"context"
	"fmt"
	"os"
	"strconv"

	"github.com/spf13/cobra"

	"github.com/toolfix/toolfix/install"
)

// uninstallOptions are the flags of `toolfix uninstall`.
type uninstallOptions struct {
	Purge bool
}

func newUninstallCmd(ios *IOStreams, runF func(*uninstallOptions) error) *cobra.Command {
	opts := &uninstallOptions{}
	c := &cobra.Command{
		Use:   "uninstall",
		Short: "Put the clients' configs back and remove the service",
		Long: `Undo what toolfix install did: each key toolfix set is put back where it still holds toolfix's value
(a key you changed since is left as it is, with a warning), keys toolfix added are removed, and the
service is stopped and removed. A file you did not touch since the install comes back byte for byte.
Backups stay; --purge also removes toolfix's state, logs and samples.`,
		Args: noArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			if runF != nil {
				return runF(opts)
			}
			return runUninstall(c.Context(), ios, opts)
		},
	}
	c.Flags().BoolVar(&opts.Purge, "purge", false, "also remove toolfix's state, logs and samples (backups stay)")
	return c
}

func runUninstall(ctx context.Context, ios *IOStreams, opts *uninstallOptions) error {
	in, err := newInstaller()
	if err != nil {
		return err
	}
	unlock, err := install.Lock(in.Dirs)
	if err != nil {
		return err
	}
	before, _ := install.LoadState(in.Dirs) // nil when not installed: nothing to say of a proxy
	rep, err := in.Uninstall(ctx, opts.Purge)
	unlock()
	if err == nil && opts.Purge {
		err = install.RemoveLock(in.Dirs)
	}
	if rep.Recovered != "" {
		fmt.Fprintln(ios.ErrOut, rep.Recovered)
	}
	for _, w := range rep.Warnings {
		fmt.Fprintf(ios.ErrOut, "warning: %s\n", w)
	}
	// What was put back is said even when another file could not be: the user sees each step.
	for _, p := range rep.Restored {
		fmt.Fprintf(ios.Out, "restored %s\n", p)
	}
	for _, p := range rep.Undone {
		fmt.Fprintf(ios.Out, "undid toolfix's keys in %s\n", p)
	}
	for _, p := range rep.Removed {
		fmt.Fprintf(ios.Out, "removed %s (toolfix had created it)\n", p)
	}
	if err != nil {
		return err
	}
	if rep.NotInstalled {
		fmt.Fprintln(ios.Out, "toolfix is not installed; nothing to undo.")
	}
	if !rep.NotInstalled {
		fmt.Fprintln(ios.Out, "toolfix is uninstalled.")
	}
	if before != nil && probeService(ctx, before.Port) != nil {
		if owner, other := portOtherUser(strconv.Itoa(before.Port)); other {
			fmt.Fprintf(ios.Out, "The toolfix proxy on 127.0.0.1:%d belongs to %s, not to you, so it is not yours to stop; your clients no longer use it.\n", before.Port, owner)
		} else if !before.Service {
			fmt.Fprintf(ios.Out, "A toolfix proxy you started by hand (`toolfix serve`) still answers on 127.0.0.1:%d with its old routes; stop it with Ctrl-C in its terminal (or end its process) when no client uses it.\n", before.Port)
		}
	}
	if _, err := os.Stat(rep.Backups); err == nil {
		fmt.Fprintf(ios.Out, "Backups are kept in %s\n", rep.Backups)
	}
	if opts.Purge {
		fmt.Fprintln(ios.Out, "Removed toolfix's state, logs and samples, where there were any.")
	}
	return nil
}

// noArgs refuses positional arguments as a usage error (exit status 2).
func noArgs(c *cobra.Command, args []string) error {
	if err := cobra.NoArgs(c, args); err != nil {
		return &usageError{err}
	}
	return nil
}

// checkPort refuses a --port the user gave that is not a TCP port (1-65535) as a usage error; a
// --port not given passes whatever its default.
func checkPort(c *cobra.Command, port int) error {
	if c.Flags().Changed("port") && (port < 1 || port > 65535) {
		return &usageError{fmt.Errorf("--port %d: not a TCP port (1-65535)", port)}
	}
	return nil
}

// proxyPortFlag adds --port, the port of a running proxy to ask (0: the installed one).
func proxyPortFlag(c *cobra.Command, port *int) {
	c.Flags().IntVar(port, "port", 0, fmt.Sprintf("the proxy's port (default: the installed port, else %d)", DefaultPort))
}
