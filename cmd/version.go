package cmd

import (
	"fmt"
	"runtime"

	"github.com/spf13/cobra"
)

// Build information, set at link time with -ldflags "-X github.com/toolfix/toolfix/cmd.Version=…".
// Version is "dev" in a build that was not released; Commit and Date are empty there.
var (
	Version = "dev"
	Commit  = ""
	Date    = ""
)

func newVersionCmd(ios *IOStreams) *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print version, commit, build date and Go version",
		Args:  cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error {
			commit, date := Commit, Date
			if commit == "" {
				commit = "unknown"
			}
			if date == "" {
				date = "unknown"
			}
			_, err := fmt.Fprintf(ios.Out, "toolfix %s\ncommit: %s\nbuilt: %s\ngo: %s %s/%s\n", Version, commit, date, runtime.Version(), runtime.GOOS, runtime.GOARCH)
			return err
		},
	}
}
