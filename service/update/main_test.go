package update_test

import (
	"os"
	"testing"

	"github.com/toolfix/toolfix/providers/configtest"
	"github.com/toolfix/toolfix/service/update"
	"github.com/toolfix/toolfix/service/update/updatetest"
)

// TestMain builds the test release key into the package, as a release build has its key built
// in: updatetest signs every release it makes with that key.
func TestMain(m *testing.M) {
	update.ReleaseKey = updatetest.PublicKey()
	os.Exit(configtest.Main(m))
}
