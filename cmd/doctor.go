package cmd

import (
	"context"
	"fmt"
	"os"
	"time"

	"github.com/spf13/cobra"
	"github.com/toolfix/toolfix/install"
	"github.com/toolfix/toolfix/install/doctor"
	"github.com/toolfix/toolfix/providers"
)

// doctorOptions are the flags of `toolfix doctor`.
type doctorOptions struct {
	JSON    bool
	Port    int           // 0: the installed port, else DefaultPort
	Timeout time.Duration // per check; 0: the doctor's defaults
}

func newDoctorCmd(ios *IOStreams, runF func(*doctorOptions) error) *cobra.Command {
	opts := &doctorOptions{}
	c := &cobra.Command{
		Use:   "doctor",
		Short: "Check why a session might not go through toolfix, and say what to do",
		Long: `Run toolfix's checks in parallel and print one line each: ✓ ok, ! warning, ✗ failure, - skipped,
with a hint saying what to do.

The checks: the client configs parse and every key toolfix set still points at it; no settings
layer wins over toolfix's edit (Claude Code's managed and project settings, ANTHROPIC_BASE_URL,
CLAUDE_CODE_USE_*; OpenCode's project configs, OPENCODE_CONFIG, OPENCODE_CONFIG_CONTENT); the
service is installed and running (and on Linux, lingering); the proxy answers with this binary's
version; each upstream answers (DNS, TCP, TLS, HTTP, each timed, through HTTPS_PROXY when set);
no route leads back into toolfix; and who is connected to the proxy right now.

Project settings are read from the current folder: run doctor where you run your agent.
The exit status is 1 when any check fails.`,
		Example: `  toolfix doctor
  toolfix doctor --json | jq '.checks[] | select(.status != "ok")'`,
		Args: noArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			if err := checkPort(c, opts.Port); err != nil {
				return err
			}
			if opts.Timeout < 0 {
				return &usageError{fmt.Errorf("--timeout %s: must be positive", opts.Timeout)}
			}
			if runF != nil {
				return runF(opts)
			}
			return runDoctor(c.Context(), ios, opts)
		},
	}
	f := c.Flags()
	f.BoolVar(&opts.JSON, "json", false, "print the results as JSON, for scripts")
	proxyPortFlag(c, &opts.Port)
	f.DurationVar(&opts.Timeout, "timeout", 0, "time allowed to each check (default 5s, 10s for an upstream)")
	return c
}

// newDoctor gathers what the checks read from this machine; tests replace it.
var newDoctor = func(port int, timeout time.Duration) (*doctor.Doctor, error) {
	env, err := providers.OSEnv()
	if err != nil {
		return nil, err
	}
	cwd, err := os.Getwd()
	if err != nil {
		return nil, fmt.Errorf("finding the current folder: %w", err)
	}
	dirs := install.DefaultDirs()
	d := &doctor.Doctor{Version: Version, Env: env, Dirs: dirs, Cwd: cwd, Port: port, DefaultPort: DefaultPort, Timeout: timeout, UpstreamTimeout: timeout}
	if svc, err := newServiceManager(dirs, ""); err == nil {
		if ss, ok := svc.(doctor.ServiceStatus); ok {
			d.Service = ss
		}
	}
	return d, nil
}

func runDoctor(ctx context.Context, ios *IOStreams, opts *doctorOptions) error {
	d, err := newDoctor(opts.Port, opts.Timeout)
	if err != nil {
		return err
	}
	rep := d.Run(ctx)
	if opts.JSON {
		err = rep.WriteJSON(ios.Out)
	} else {
		err = rep.WriteTextColor(ios.Out, ios.Color)
	}
	if err != nil {
		return fmt.Errorf("writing the report: %w", err)
	}
	if rep.Failed() {
		return &ExitError{Code: 1}
	}
	return nil
}
