package gateway

import (
	"os"
	"testing"

	"github.com/toolfix/toolfix/providers/configtest"
)

// TestMain runs this package's tests under a temporary HOME and XDG folders, and fails the run
// if anything appears in the real ones.
func TestMain(m *testing.M) { os.Exit(configtest.Main(m)) }
