// Package cmd holds toolfix's command tree: each command parses its flags into an options struct and
// hands the work to one package call; Main is the one place that maps errors to exit codes.
// NewRootCmd lists every command. A command's context is never nil: RunContext hands one to
// cobra, and cobra gives a command executed on its own context.Background().
package cmd

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"

	"github.com/spf13/cobra"
)

// IOStreams is the I/O bundle every command writes through, so tests can capture it.
// In is standard input, Out standard output, ErrOut standard error; IsTTY reports whether In and Out
// are a terminal (false in tests and pipes). Color says whether Out may carry ANSI colours (the
// marks ✓ ! ✗ of doctor): true only on a terminal, and off with NO_COLOR or TERM=dumb
// (colorEnabled); false in tests.
type IOStreams struct {
	In     io.Reader
	Out    io.Writer
	ErrOut io.Writer
	IsTTY  bool
	Color  bool
}

// colorEnabled decides IOStreams.Color: out is whether standard output is a terminal; lookup is
// os.LookupEnv. NO_COLOR set to any value (https://no-color.org), or TERM=dumb, turns colour off.
func colorEnabled(out bool, lookup func(string) (string, bool)) bool {
	if _, ok := lookup("NO_COLOR"); ok {
		return false
	}
	if term, _ := lookup("TERM"); term == "dumb" {
		return false
	}
	return out
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
	out := isTerminal(os.Stdout)
	ios := &IOStreams{In: os.Stdin, Out: os.Stdout, ErrOut: os.Stderr, IsTTY: isTerminal(os.Stdin) && out, Color: colorEnabled(out, os.LookupEnv)}
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
	root.SetFlagErrorFunc(flagErrorFunc(args))
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
	var ue *usageError
	if strings.HasPrefix(err.Error(), "unknown command ") {
		// cobra's own error, with its "Did you mean this?" suggestions when it has any.
		err = &usageError{fmt.Errorf("%s\nrun `toolfix --help` for the commands", strings.TrimRight(err.Error(), "\n"))}
	}
	fmt.Fprintf(ios.ErrOut, "toolfix: %v\n", err)
	if errors.As(err, &ue) {
		return 2
	}
	return 1
}

// fileError is a file toolfix could not read (or run), said without the os package's "open
// PATH:" prefix: "cannot read PATH: there is no such file".
type fileError struct {
	Op   string // what toolfix tried: "read" when empty, "run"
	Path string
	Err  error // the cause: fs.ErrNotExist, fs.ErrPermission, syscall.EISDIR, …
}

func (e *fileError) Error() string {
	var problem string
	switch {
	case errors.Is(e.Err, fs.ErrNotExist):
		problem = "there is no such file"
	case errors.Is(e.Err, fs.ErrPermission):
		problem = "permission denied"
	default:
		problem = e.Err.Error()
		var pe *fs.PathError
		if errors.As(e.Err, &pe) {
			problem = pe.Err.Error()
		}
	}
	op := e.Op
	if op == "" {
		op = "read"
	}
	return fmt.Sprintf("cannot %s %s: %s", op, e.Path, problem)
}

func (e *fileError) Unwrap() error { return e.Err }

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
		// A command that needs the user's folders stops at once when there are none (no HOME).
		PersistentPreRunE: checkHome,
	}
	root.SetIn(ios.In)
	root.SetOut(ios.Out)
	root.SetErr(ios.ErrOut)
	root.SetFlagErrorFunc(flagErrorFunc(nil))
	// --version prints what `toolfix version` prints (cobra adds the flag when Version is set).
	var v strings.Builder
	_ = currentBuild().writeText(&v)
	root.Version = Version
	root.SetVersionTemplate(v.String())
	// The commands; a nil hook runs each for real (tests pass their own to see the parsed flags).
	root.AddCommand(
		newVersionCmd(ios), newServeCmd(ios), newRunCmdWith(ios, nil), newSuperviseCmd(),
		newInstallCmd(ios, nil), newUninstallCmd(ios, nil), newDoctorCmd(ios, nil), newStatusCmd(ios, nil),
		newUpdateCmd(ios, nil), newAnalyzeCmd(ios), newReplayCmd(ios),
	)
	// cobra's completion command prints its help for a shell it does not know; say so instead.
	root.InitDefaultCompletionCmd()
	for _, c := range root.Commands() {
		if c.Name() == "completion" {
			fixCompletionHelp(c)
			c.Args = cobra.ArbitraryArgs
			c.RunE = func(c *cobra.Command, args []string) error {
				if len(args) > 0 {
					return &usageError{fmt.Errorf("no completion for the shell %q: the shells are bash, zsh, fish and powershell (`toolfix completion bash`, …)", args[0])}
				}
				return c.Help()
			}
		}
	}
	return root
}

func isTerminal(f *os.File) bool {
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}
