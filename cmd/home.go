package cmd

import (
	"os"

	"github.com/spf13/cobra"
	"github.com/toolfix/toolfix/install"
)

// homeNeeds is what each command needs of the user's folders (install.CheckHome), by command
// name; a command not listed (version, help, completion, supervise, which is given its folders)
// needs none.
var homeNeeds = map[string]func(c *cobra.Command, args []string) install.HomeNeed{
	"install":   always(install.NeedHome),
	"uninstall": always(install.NeedHome),
	"doctor":    always(install.NeedHome),
	"run":       always(install.NeedHome),
	"status":    always(install.NeedState),
	"update":    always(install.NeedState),
	// serve keeps samples in the state folder and reads the installed routes there; with its
	// routes and its samples' folder given (or no samples) it needs neither.
	"serve": func(c *cobra.Command, _ []string) install.HomeNeed {
		f := c.Flags()
		given := f.Changed("upstream") || f.Changed("config")
		samples, _ := f.GetString("samples")
		if given && (samples == "off" || f.Changed("samples-dir")) {
			return install.NeedNothing
		}
		return install.NeedState
	},
	// analyze and replay read the samples folder only when no FILE is named.
	"analyze": stateWithoutFile,
	"replay":  stateWithoutFile,
}

func always(n install.HomeNeed) func(*cobra.Command, []string) install.HomeNeed {
	return func(*cobra.Command, []string) install.HomeNeed { return n }
}

func stateWithoutFile(_ *cobra.Command, args []string) install.HomeNeed {
	if len(args) > 0 {
		return install.NeedNothing
	}
	return install.NeedState
}

// checkHome is the root command's PersistentPreRunE: a command that needs the user's folders
// stops, before it does anything, when the environment gives it none (install.CheckHome).
func checkHome(c *cobra.Command, args []string) error {
	need, ok := homeNeeds[c.Name()]
	if !ok || c.Parent() == nil || c.Parent().Parent() != nil {
		return nil
	}
	return install.CheckHome(os.Getenv, need(c, args))
}
