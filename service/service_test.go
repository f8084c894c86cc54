package service

import (
	"strings"
	"testing"
)

func TestNewRefuses(t *testing.T) {
	for _, cfg := range []Config{
		{Executable: "toolfix"},
		{Executable: "/usr/bin/toolfix", StateDir: "/tmp/a\nb"},
		{Executable: "/usr/bin/{{Name}}"},
	} {
		if _, err := New(cfg); err == nil {
			t.Errorf("New(%+v): no error", cfg)
		}
	}
}

func TestNewDefaultsLogDir(t *testing.T) {
	m := newManager(t, Config{Executable: "/usr/bin/toolfix", StateDir: "/s"})
	if m.cfg.LogDir != "/s/logs" {
		t.Errorf("LogDir = %s", m.cfg.LogDir)
	}
}

func contains(t *testing.T, s, want string) {
	t.Helper()
	if !strings.Contains(s, want) {
		t.Errorf("%q does not contain %q", s, want)
	}
}

// newManager is New(cfg), failing the test at once on its error.
func newManager(t *testing.T, cfg Config) *Manager {
	t.Helper()
	m, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return m
}
