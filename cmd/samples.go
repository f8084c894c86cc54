package cmd

import (
	"fmt"

	"github.com/spf13/pflag"
	"github.com/toolfix/toolfix/install"
	"github.com/toolfix/toolfix/proxy/sample"
)

// samplesDir is where samples go unless --samples-dir says otherwise: <state dir>/samples, the
// state dir being $TOOLFIX_STATE_DIR or $XDG_STATE_HOME/toolfix (see install.Dirs).
func samplesDir() string { return install.DefaultDirs().Samples() }

// addSampleFlags adds --samples, --samples-dir and --samples-keep, shared by serve and run.
func addSampleFlags(f *pflag.FlagSet, mode, dir *string, keep *int) {
	f.StringVar(mode, "samples", "", "which exchanges to keep as redacted samples: repairs, all or off (default repairs)")
	f.StringVar(dir, "samples-dir", "", "folder of the samples (default <state dir>/samples)")
	f.IntVar(keep, "samples-keep", 0, fmt.Sprintf("how many samples to keep, the newest (default %d)", sample.DefaultKeep))
}

// openSamples opens the sample store for a mode name ("" is repairs), a folder ("" is samplesDir())
// and a count to keep (0 is the default). Mode off gives a nil store. A bad mode is a usage error.
func openSamples(mode, dir string, keep int) (*sample.Store, error) {
	m, err := sample.ParseMode(mode)
	if err != nil {
		return nil, &usageError{err}
	}
	if m == sample.ModeOff {
		return nil, nil
	}
	if dir == "" {
		dir = samplesDir()
	}
	return sample.Open(dir, m, keep)
}
