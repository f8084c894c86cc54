package configtest

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// Main runs m's tests under a temporary home: HOME (and USERPROFILE), the four XDG base folders
// (XDG_CONFIG_HOME, XDG_DATA_HOME, XDG_STATE_HOME, XDG_CACHE_HOME) and, on Windows, APPDATA and
// LOCALAPPDATA point into one temporary folder, and TOOLFIX_STATE_DIR is unset, for this process
// and every child it starts. The tools the tests run keep their own caches and settings where the
// user has them: GOCACHE, GOMODCACHE, GOPATH, GOENV, npm's cache (~/.npm, which the e2e tests
// fill) and npm's user config are set to the real ones when they are unset.
//
// After the tests it compares the real home with what it was before: a new entry at the top of
// the home or of one of its XDG folders, or any new or changed file in toolfix's or a client's
// folders there (WatchedFolders), fails the run (exit code 1) naming each path. It returns the
// exit code for os.Exit; every package with tests calls it from its TestMain.
func Main(m *testing.M) int { return MainWith(m, nil) }

// MainWith is Main with setup run first, under the temporary home, before m's tests (nil: none).
// A package whose TestMain prepares something that may start a client or write under HOME (the e2e
// package's npm install, whose postinstall scripts run the clients) does it in setup, so that the
// real home stays out of it and the comparison after the tests sees what it wrote. An error from
// setup is printed and ends the run with exit code 1 before any test runs.
func MainWith(m *testing.M, setup func() error) int {
	real := RealHome(os.Getenv)
	tmp, err := os.MkdirTemp("", "toolfix-test-home-")
	if err != nil {
		fmt.Fprintf(os.Stderr, "configtest: making a temporary home: %v\n", err)
		return 1
	}
	defer os.RemoveAll(tmp)
	before := real.Snapshot()
	for k, v := range toolEnv(real, os.Getenv) {
		os.Setenv(k, v)
	}
	for k, v := range tempEnv(tmp) {
		os.Setenv(k, v)
	}
	os.Unsetenv("TOOLFIX_STATE_DIR")
	if setup != nil {
		if err := setup(); err != nil {
			fmt.Fprintf(os.Stderr, "configtest: %v\n", err)
			return 1
		}
	}
	code := m.Run()
	if changed := Changed(before, real.Snapshot()); len(changed) > 0 {
		fmt.Fprintf(os.Stderr, "configtest: the tests wrote into the real home %s: %s; a test must use t.TempDir() as HOME (configtest.Main gives each package a temporary one)\n", real.Home, strings.Join(changed, ", "))
		return 1
	}
	return code
}

// Home is a user's home folder and the XDG base folders that belong to it, all absolute; a field
// is "" when it cannot be known (no HOME).
type Home struct {
	Home, Config, Data, State, Cache string
	// Skip are folders a test run may fill on purpose (the Go and npm caches); never compared.
	Skip []string
}

// RealHome is the home getenv describes: HOME (USERPROFILE on Windows), and each XDG_*_HOME or
// its default under the home.
func RealHome(getenv func(string) string) Home {
	home := getenv("HOME")
	if runtime.GOOS == "windows" {
		home = getenv("USERPROFILE")
	}
	pick := func(env string, def ...string) string {
		if v := getenv(env); filepath.IsAbs(v) {
			return v
		}
		if home == "" {
			return ""
		}
		return filepath.Join(append([]string{home}, def...)...)
	}
	h := Home{Home: home, Config: pick("XDG_CONFIG_HOME", ".config"), Data: pick("XDG_DATA_HOME", ".local", "share"),
		State: pick("XDG_STATE_HOME", ".local", "state"), Cache: pick("XDG_CACHE_HOME", ".cache")}
	for k, v := range toolEnv(h, getenv) {
		if k != "GOENV" && k != "npm_config_userconfig" {
			h.Skip = append(h.Skip, v)
		}
	}
	for _, k := range []string{"GOCACHE", "GOMODCACHE", "GOPATH", "npm_config_cache"} {
		if v := getenv(k); v != "" {
			h.Skip = append(h.Skip, filepath.SplitList(v)...)
		}
	}
	return h
}

// toolEnv is the variables that keep the Go and npm tools on the real home's caches and settings:
// each one getenv does not set, at its default under real.
func toolEnv(real Home, getenv func(string) string) map[string]string {
	env := map[string]string{}
	if real.Home == "" {
		return env
	}
	gopath := getenv("GOPATH")
	defaults := map[string]string{
		"GOCACHE":               filepath.Join(real.Cache, "go-build"),
		"GOPATH":                filepath.Join(real.Home, "go"),
		"GOENV":                 filepath.Join(real.Config, "go", "env"),
		"npm_config_cache":      filepath.Join(real.Home, ".npm"),
		"npm_config_userconfig": filepath.Join(real.Home, ".npmrc"),
	}
	if gopath == "" {
		gopath = defaults["GOPATH"]
	}
	defaults["GOMODCACHE"] = filepath.Join(filepath.SplitList(gopath)[0], "pkg", "mod")
	for k, v := range defaults {
		if getenv(k) == "" {
			env[k] = v
		}
	}
	return env
}

// tempEnv is the variables that put the home and its XDG folders under tmp.
func tempEnv(tmp string) map[string]string {
	return map[string]string{
		"HOME": tmp, "USERPROFILE": tmp,
		"XDG_CONFIG_HOME": filepath.Join(tmp, ".config"), "XDG_DATA_HOME": filepath.Join(tmp, ".local", "share"),
		"XDG_STATE_HOME": filepath.Join(tmp, ".local", "state"), "XDG_CACHE_HOME": filepath.Join(tmp, ".cache"),
		"APPDATA": filepath.Join(tmp, "AppData", "Roaming"), "LOCALAPPDATA": filepath.Join(tmp, "AppData", "Local"),
	}
}

// WatchedFolders are the folders of a home in which a test run may change nothing at all (every
// file compared by size and time): toolfix's own, each client's, and the per-user service folders.
func WatchedFolders(h Home) []string {
	var out []string
	add := func(base string, elem ...string) {
		if base != "" {
			out = append(out, filepath.Join(append([]string{base}, elem...)...))
		}
	}
	for _, base := range []string{h.Config, h.Data, h.State, h.Cache} {
		for _, name := range []string{"toolfix", "opencode", "kilo", "qwen"} {
			add(base, name)
		}
	}
	for _, name := range []string{".claude", ".claude.json", ".codex", ".qwen", ".kilocode", ".opencode"} {
		add(h.Home, name)
	}
	add(h.Config, "systemd", "user")
	add(h.Home, "Library", "LaunchAgents")
	add(h.Home, "Library", "Application Support", "toolfix")
	return out
}

// Snapshot is what Changed compares: for each path, its size and modification time.
type Snapshot map[string]string

// Snapshot lists the entries at the top of h's home and of its XDG folders (the Go and npm caches
// of h.Skip left out), and every file under WatchedFolders.
func (h Home) Snapshot() Snapshot {
	s := Snapshot{}
	stamp := func(fi fs.FileInfo) string {
		if fi.IsDir() {
			return "dir"
		}
		return fmt.Sprintf("%d %d", fi.Size(), fi.ModTime().UnixNano())
	}
	for _, dir := range []string{h.Home, h.Config, h.Data, h.State, h.Cache, filepath.Join(h.Home, ".local")} {
		if h.Home == "" || dir == "" {
			continue
		}
		ents, _ := os.ReadDir(dir)
		for _, e := range ents {
			p := filepath.Join(dir, e.Name())
			if !slices.Contains(h.Skip, p) {
				s[p] = "entry"
			}
		}
	}
	for _, dir := range WatchedFolders(h) {
		filepath.Walk(dir, func(p string, fi fs.FileInfo, err error) error {
			if err == nil {
				s[p] = stamp(fi)
			}
			return nil
		})
	}
	return s
}

// Changed is each path of after that is not in before or differs from it, "PATH (new)" or "PATH
// (changed)", sorted; nil when none. A path gone from after is not a change: tests may not
// create, but the user may remove.
func Changed(before, after Snapshot) []string {
	var out []string
	for p, v := range after {
		switch old, ok := before[p]; {
		case !ok:
			out = append(out, p+" (new)")
		case old != v:
			out = append(out, p+" (changed)")
		}
	}
	slices.Sort(out)
	return out
}
