package cmd

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/spf13/cobra"
	"github.com/toolfix/toolfix/proxy/inspect"
	"github.com/toolfix/toolfix/proxy/sample"
)

// exchangeInput names the exchange analyze and replay read: a FILE (a sample or a raw upstream
// body), or --request and --upstream.
type exchangeInput struct {
	File     string // a sample or a raw body; "-" is standard input
	Request  string // the client's request body, for a raw body
	Upstream string // the raw upstream body, instead of File
	Protocol string // "anthropic", "openai", "responses"; "" guesses
}

// exchangeCommand makes c (Use, Short and Long given) a command over one exchange: it takes FILE
// or --request and --upstream (--protocol), loads the exchange, runs inspect.Analyze over it, and
// hands both to run.
func exchangeCommand(c *cobra.Command, in *exchangeInput, ios *IOStreams, run func(*sample.Exchange, *inspect.Report) error) *cobra.Command {
	c.Args = cobra.MaximumNArgs(1)
	c.RunE = func(c *cobra.Command, args []string) error {
		if err := in.setFile(args); err != nil {
			return err
		}
		x, err := in.load(ios.In)
		if err != nil {
			return err
		}
		r, err := inspect.Analyze(x)
		if err != nil {
			return err
		}
		return run(x, r)
	}
	f := c.Flags()
	f.StringVar(&in.Request, "request", "", "the client's request body (JSON), for a raw upstream body")
	f.StringVar(&in.Upstream, "upstream", "", "the raw upstream body (.sse or .json) instead of FILE")
	f.StringVar(&in.Protocol, "protocol", "", "anthropic, openai (Chat Completions; chat works too) or responses (default: guessed from the bodies)")
	return c
}

// setFile takes the optional FILE argument and checks that exactly one source is named.
func (in *exchangeInput) setFile(args []string) error {
	if len(args) > 0 {
		in.File = args[0]
	}
	switch {
	case in.File != "" && in.Upstream != "":
		return &usageError{errors.New("give FILE or --upstream, not both")}
	case in.File == "" && in.Upstream == "":
		return &usageError{errors.New("give a sample or body FILE, or --request and --upstream")}
	}
	return nil
}

// name is the file the upstream body comes from: File, or else Upstream.
func (in *exchangeInput) name() string {
	if in.File != "" {
		return in.File
	}
	return in.Upstream
}

// load reads the exchange (see inspect.Load).
func (in *exchangeInput) load(stdin io.Reader) (*sample.Exchange, error) {
	read := func(name string) ([]byte, error) {
		if name == "-" {
			b, err := io.ReadAll(stdin)
			if err != nil {
				return nil, fmt.Errorf("reading standard input: %w", err)
			}
			return b, nil
		}
		b, err := os.ReadFile(name)
		if err != nil {
			return nil, &fileError{Path: name, Err: err}
		}
		return b, nil
	}
	name := in.name()
	if request, upstream, ok := inspect.CaseFolder(name); ok {
		// A case folder (testdata/cases/…): its upstream body, and its request unless --request
		// names another.
		name = upstream
		if in.Request == "" {
			in.Request = request
		}
	} else if st, err := os.Stat(name); err == nil && st.IsDir() {
		return nil, fmt.Errorf("%s is a folder: give the upstream body's file (a sample, or a case folder's upstream.sse or upstream.json) and --request the request body's", name)
	}
	var req []byte
	if in.Request != "" {
		b, err := read(in.Request)
		if err != nil {
			return nil, err
		}
		if len(bytes.TrimSpace(b)) == 0 {
			return nil, fmt.Errorf("the request %q is empty: give --request the JSON body the client sent (its model, its messages or input, and its tools), or leave --request out", in.Request)
		}
		req = b
	}
	data, err := read(name)
	if err != nil {
		return nil, err
	}
	protocol := in.Protocol
	switch strings.ToLower(protocol) {
	case "chat", "chat-completions", "chat_completions", "completions":
		protocol = "openai" // Chat Completions, as the docs and the logs also call it
	}
	x, err := inspect.Load(data, req, protocol)
	if err != nil && in.Request != "" {
		return nil, fmt.Errorf("reading %q with the request %q: %w", name, in.Request, err)
	}
	if err != nil {
		return nil, fmt.Errorf("reading %q: %w", name, err)
	}
	return x, nil
}

type analyzeOptions struct {
	In      exchangeInput
	JSON    bool
	Verbose bool
}

func newAnalyzeCmd(ios *IOStreams) *cobra.Command {
	opts := &analyzeOptions{}
	c := exchangeCommand(&cobra.Command{
		Use:   "analyze [FILE]",
		Short: "Explain one exchange: its events, blocks, faults and what toolfix makes of it",
		Long: `Explain one exchange between a client and its upstream.

FILE is a sample from the samples folder, or a raw upstream body — an SSE stream (.sse), a JSON
response, or a whole HTTP response captured with 'curl -i' — with the client's request body in
--request (without it no tool schemas are known), or the folder of a repair case (testdata/cases/…:
its upstream.sse or upstream.json, and its request.json unless --request names another).
Gzip-compressed files and CRLF line endings are fine. --upstream FILE names the raw body instead
of the argument.

analyze lists the events and content blocks the upstream sent, flags each fault by its row in
toolfix's table of known faults (docs/faults.md, D01…D74, with the repair kind toolfix reports), runs toolfix's own
repair over the bytes, and prints the message the client's SDK ends up with, without and with
toolfix.`,
	}, &opts.In, ios, func(_ *sample.Exchange, r *inspect.Report) error { return runAnalyze(opts, r, ios) })
	c.Flags().BoolVar(&opts.JSON, "json", false, "print the report as JSON")
	c.Flags().BoolVarP(&opts.Verbose, "verbose", "v", false, "list every event, and each fault's title")
	return c
}

// runAnalyze prints the report of one exchange, as text or JSON.
func runAnalyze(opts *analyzeOptions, r *inspect.Report, ios *IOStreams) error {
	if opts.JSON {
		_, err := ios.Out.Write(inspect.MarshalIndent(r))
		return err
	}
	return r.WriteText(ios.Out, opts.Verbose)
}
