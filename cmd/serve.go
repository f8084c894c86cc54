package cmd

import (
	"errors"

	"github.com/spf13/cobra"
)

func newServeCmd(ios *IOStreams) *cobra.Command {
	return &cobra.Command{
		Use:   "serve",
		Short: "Run the repair proxy",
		RunE: func(*cobra.Command, []string) error {
			return errors.New("serve: not built yet")
		},
	}
}
