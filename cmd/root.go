// Package cmd holds toolfix's command tree: each command parses its flags into an options struct and
// hands the work to one package call; Main is the one place that maps errors to exit codes.
package cmd

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/spf13/cobra"
)

// IOStreams is the I/O bundle every command writes through, so tests can capture it.
// In is standard input, Out standard output, ErrOut standard error; IsTTY reports whether In and Out
// are a terminal (false in tests and pipes).
type IOStreams struct {
	In     io.Reader
	Out    io.Writer
	ErrOut io.Writer
	IsTTY  bool
}

// ExitError carries a specific exit status out of a command. Code 0 is never used; Err may be nil
// when the command already printed what went wrong.
type ExitError struct {
	Code int
	Err  error
}

func (e *ExitError) Error() string {
	if e.Err == nil {
		return fmt.Sprintf("exit status %d", e.Code)
	}
	return e.Err.Error()
}

func (e *ExitError) Unwrap() error { return e.Err }

// Main runs toolfix with args (os.Args without the program name) on the process's standard streams
// and returns the exit status: 0 on success, the ExitError's code when a command returns one, 2 for
// a usage error and 1 for any other error.
func Main(args []string) int {
	ios := &IOStreams{In: os.Stdin, Out: os.Stdout, ErrOut: os.Stderr, IsTTY: isTerminal(os.Stdin) && isTerminal(os.Stdout)}
	return Run(args, ios)
}

// Run is Main with explicit streams; tests call it.
func Run(args []string, ios *IOStreams) int {
	return RunContext(context.Background(), args, ios)
}

// RunContext is Run with a context whose cancellation stops long-running commands such as serve.
// What the commands print to a terminal goes through a filter that drops control characters and
// escape sequences (see terminalWriter).
func RunContext(ctx context.Context, args []string, ios *IOStreams) int {
	ios = ios.forPeople()
	root := NewRootCmd(ios)
	root.SetArgs(args)
	err := root.ExecuteContext(ctx)
	if err == nil {
		return 0
	}
	var ee *ExitError
	if errors.As(err, &ee) {
		if ee.Err != nil {
			fmt.Fprintf(ios.ErrOut, "toolfix: %v\n", ee.Err)
		}
		return ee.Code
	}
	fmt.Fprintf(ios.ErrOut, "toolfix: %v\n", err)
	var ue *usageError
	if errors.As(err, &ue) {
		return 2
	}
	return 1
}

type usageError struct{ err error }

func (u *usageError) Error() string { return u.err.Error() }
func (u *usageError) Unwrap() error { return u.err }

// NewRootCmd builds the whole command tree writing through ios.
func NewRootCmd(ios *IOStreams) *cobra.Command {
	root := &cobra.Command{
		Use:           "toolfix",
		Short:         "Repair broken tool calls between coding agents and their LLM APIs",
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.SetIn(ios.In)
	root.SetOut(ios.Out)
	root.SetErr(ios.ErrOut)
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return &usageError{err} })
	root.AddCommand(newVersionCmd(ios), newServeCmd(ios))
	for _, add := range extraCommands {
		root.AddCommand(add(ios))
	}
	return root
}

// extraCommands lets each command file register itself from an init function, so command files
// added in parallel do not all edit this list.
var extraCommands []func(*IOStreams) *cobra.Command

func isTerminal(f *os.File) bool {
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}
