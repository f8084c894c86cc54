package cmd

import (
	"fmt"
	"path/filepath"

	"github.com/spf13/cobra"
	"github.com/toolfix/toolfix/proxy/inspect"
	"github.com/toolfix/toolfix/proxy/sample"
)

// Exit statuses of `toolfix replay` besides 0 (something was repaired), 1 (error) and 2 (usage).
const (
	// ReplayUnchanged: the proxy would pass the response as it came; nothing to repair.
	ReplayUnchanged = 3
	// ReplayRefused: nothing was repaired, but a repair was attempted and refused (fail-open): the
	// response has a fault toolfix saw and could not safely mend.
	ReplayRefused = 4
)

type replayOptions struct {
	In        exchangeInput
	Diff      bool
	WriteCase string
}

func newReplayCmd(ios *IOStreams) *cobra.Command {
	opts := &replayOptions{}
	c := exchangeCommand(&cobra.Command{
		Use:   "replay [FILE]",
		Short: "Run toolfix's repair offline over a saved response",
		Long: `Run toolfix's repair offline over a saved upstream response, with the very code the proxy runs,
and write what the client would receive to standard output, or with --diff a line diff from the
upstream's bytes to the client's.

FILE is a sample or a raw upstream body, as for 'toolfix analyze'; or give --request req.json
--upstream up.sse. --write-case DIR also writes the exchange as a repair-case folder, laid out as testdata/cases
(request.json, upstream.sse or upstream.json, and a drafted want.json to check by hand): this is
how a reported failure becomes a test case.

Exit status: 0 when toolfix repaired something (the client gets other bytes), 3 when it would pass
the response unchanged, 4 when it passed it unchanged although it attempted a repair and refused
it (fail-open), 1 on an error and 2 on a usage error.`,
	}, &opts.In, ios, func(x *sample.Exchange, r *inspect.Report) error { return runReplay(opts, x, r, ios) })
	c.Flags().BoolVar(&opts.Diff, "diff", false, "print a line diff from the upstream's bytes to the client's instead of the client's bytes")
	c.Flags().StringVar(&opts.WriteCase, "write-case", "", "also write the exchange as a repair-case folder DIR, laid out as testdata/cases (must not exist or be empty)")
	return c
}

// runReplay writes what the client gets from exchange x (or its diff), and the case folder.
func runReplay(opts *replayOptions, x *sample.Exchange, r *inspect.Report, ios *IOStreams) error {
	body := r.Client
	if opts.Diff {
		d := inspect.Diff(x.Response.Body, body, 3)
		if d == "" {
			d = "(no difference: the client gets the upstream's bytes)\n"
		} else {
			d = "--- upstream\n+++ client\n" + d
		}
		if _, err := fmt.Fprint(ios.Out, d); err != nil {
			return err
		}
	} else if _, err := ios.Out.Write(body); err != nil {
		return err
	}
	if opts.WriteCase != "" {
		files, err := inspect.WriteCase(opts.WriteCase, x, r, fmt.Sprintf("drafted by toolfix replay from %s: check want.json by hand", filepath.Base(opts.In.name())))
		for _, f := range files {
			fmt.Fprintf(ios.ErrOut, "wrote %s\n", f)
		}
		if err != nil {
			return err
		}
	}
	switch {
	case r.Changed:
		return nil
	case len(r.FailOpens) > 0:
		return &ExitError{Code: ReplayRefused}
	}
	return &ExitError{Code: ReplayUnchanged}
}
