package cmd

import (
	"os"
	"os/signal"
	"syscall"

	"github.com/spf13/cobra"
	"github.com/toolfix/toolfix/service"
)

// newSuperviseCmd is `toolfix supervise`, which the Windows logon entry runs through the logon
// launcher (a copy of toolfix.exe without a console window): it keeps `<exe> serve` running,
// records the process ids in the log folder and starts the proxy again when it fails. Hidden: no
// person runs it.
func newSuperviseCmd() *cobra.Command {
	var cfg service.SuperviseConfig
	c := &cobra.Command{
		Use:    "supervise --exe PATH --log-dir DIR [--state-dir DIR]",
		Short:  "Keep `toolfix serve` running (the Windows logon entry runs it)",
		Hidden: true,
		Args:   cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			ctx, stop := signal.NotifyContext(c.Context(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			return service.Supervise(ctx, cfg)
		},
	}
	c.Flags().StringVar(&cfg.Executable, "exe", "", "the toolfix binary whose `serve` to keep running")
	c.Flags().StringVar(&cfg.LogDir, "log-dir", "", "the folder of the log and the process id files")
	c.Flags().StringVar(&cfg.StateDir, "state-dir", "", "passed to the proxy as TOOLFIX_STATE_DIR")
	_ = c.MarkFlagRequired("exe")
	_ = c.MarkFlagRequired("log-dir")
	return c
}
