package cmd

import (
	"errors"

	"github.com/spf13/cobra"
	"github.com/toolfix/toolfix/proxy"
)

// installedConfig returns the routes (and listen address) of the installed state, for `toolfix serve`
// with no flags. It is set by the install command's file; nil means no install support is built in.
// It returns an error that says to run `toolfix install` when nothing is installed.
var installedConfig func() (proxy.Config, error)

// DefaultPort is the loopback port toolfix listens on unless told otherwise.
const DefaultPort = 47821

func newServeCmd(ios *IOStreams) *cobra.Command {
	return &cobra.Command{
		Use:   "serve",
		Short: "Run the repair proxy",
		RunE: func(*cobra.Command, []string) error {
			return errors.New("serve: not built yet")
		},
	}
}
