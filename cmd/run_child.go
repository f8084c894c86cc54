package cmd

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
)

// runChild runs the client in the foreground with the process's streams, passing signals on, and
// returns its exit status (128+N when signal N killed it).
func runChild(ctx context.Context, args, environ []string, ios *IOStreams) (int, error) {
	path, err := exec.LookPath(args[0])
	if errors.Is(err, exec.ErrNotFound) {
		return 0, fmt.Errorf("%s is not on your PATH: install the client, or give its full path (toolfix run -- /path/to/%s …)", args[0], filepath.Base(args[0]))
	}
	if err != nil {
		return 0, fmt.Errorf("%w; give the client's full path (toolfix run -- /path/to/%s …)", &fileError{Op: "run", Path: args[0], Err: errors.Unwrap(err)}, filepath.Base(args[0]))
	}
	cmd := exec.Command(path, args[1:]...)
	cmd.Env = environ
	cmd.Stdin, cmd.Stdout, cmd.Stderr = ios.In, rawStream(ios.Out), rawStream(ios.ErrOut)
	r := relaySignals(ios.IsTTY)
	defer r.stop()
	if err := cmd.Start(); err != nil {
		return 0, fmt.Errorf("starting %s: %w", args[0], err)
	}
	r.start(cmd.Process)
	err = cmd.Wait()
	var ee *exec.ExitError
	switch {
	case err == nil:
		return 0, nil
	case errors.As(err, &ee):
		return exitStatus(ee.ProcessState), nil
	}
	return 0, fmt.Errorf("running %s: %w", args[0], err)
}

// relay passes the signals toolfix receives on to the client. Signals that come before the client
// has started are sent once it has.
type relay struct {
	ch   chan os.Signal
	proc chan *os.Process
	done chan struct{}
}

// relaySignals starts catching the signals of relayed (see the OS's file); tty says the client
// shares toolfix's terminal, whose Ctrl-C and Ctrl-\ reach it directly and are not sent again.
func relaySignals(tty bool) *relay {
	r := &relay{ch: make(chan os.Signal, 8), proc: make(chan *os.Process, 1), done: make(chan struct{})}
	signal.Notify(r.ch, relayed...)
	go func() {
		var p *os.Process
		var pending []os.Signal
		for {
			select {
			case s := <-r.ch:
				switch {
				case !forwarded(s, tty):
				case p == nil:
					pending = append(pending, s)
				default:
					_ = p.Signal(s)
				}
			case p = <-r.proc:
				for _, s := range pending {
					_ = p.Signal(s)
				}
				pending = nil
			case <-r.done:
				return
			}
		}
	}()
	return r
}

func (r *relay) start(p *os.Process) { r.proc <- p }

func (r *relay) stop() {
	signal.Stop(r.ch)
	close(r.done)
}
