package cmd

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/toolfix/toolfix/install"
)

// countingService records Install calls; the rest of install.Service is not used by the restart.
type countingService struct {
	install.Service
	installs int
}

func (c *countingService) Install() error { c.installs++; return nil }

func TestRestartInstalledService(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("XDG_STATE_HOME", home+"/state")
	t.Setenv("XDG_CONFIG_HOME", home+"/config")
	t.Setenv("TOOLFIX_STATE_DIR", "")
	fake := &countingService{}
	old := newServiceManager
	newServiceManager = func(install.Dirs) (install.Service, error) { return fake, nil }
	t.Cleanup(func() { newServiceManager = old })

	if err := restartInstalledService(); err != nil || fake.installs != 0 {
		t.Fatalf("nothing installed: err %v, restarts %d", err, fake.installs)
	}
	dirs := install.DefaultDirs()
	for _, tc := range []struct {
		service bool
		want    int
	}{{false, 0}, {true, 1}} {
		fake.installs = 0
		state := fmt.Sprintf(`{"version":1,"phase":"installed","port":47821,"service":%v,"routes":[],"files":[]}`, tc.service)
		if err := os.MkdirAll(filepath.Dir(dirs.StateFile()), 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(dirs.StateFile(), []byte(state), 0o600); err != nil {
			t.Fatal(err)
		}
		if err := restartInstalledService(); err != nil || fake.installs != tc.want {
			t.Errorf("service=%v: err %v, restarts %d, want %d", tc.service, err, fake.installs, tc.want)
		}
	}
}
