package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
)

// built is the toolfix binary the benchmark runs, built once per run by buildToolfix.
var built struct {
	mu   sync.Mutex
	dir  string // the temporary folder that holds it, "" before the build
	path string // the binary
}

// buildToolfix returns the path of a toolfix binary built from this module's ./cmd/toolfix, as
// `go build` makes it for a user, with the probe (probe.go) added to its package main by
// `go build -overlay` so that it answers the benchmark's questions about its memory. It builds
// once, into a temporary folder that removeToolfix deletes; it needs the go command on PATH and
// this module's source (it runs where `go env GOMOD` finds it).
func buildToolfix() (string, error) {
	built.mu.Lock()
	defer built.mu.Unlock()
	if built.path != "" {
		return built.path, nil
	}
	gomod, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil {
		return "", fmt.Errorf("finding the module to build toolfix from (go env GOMOD): %w", err)
	}
	root := filepath.Dir(strings.TrimSpace(string(gomod)))
	if _, err := os.Stat(filepath.Join(root, "cmd", "toolfix", "main.go")); err != nil {
		return "", fmt.Errorf("finding toolfix's source under %s (run loadbench inside its module): %w", root, err)
	}
	dir, err := os.MkdirTemp("", "loadbench-toolfix-")
	if err != nil {
		return "", fmt.Errorf("making a folder for the toolfix binary: %w", err)
	}
	overlay, err := json.Marshal(map[string]map[string]string{"Replace": {
		filepath.Join(root, "cmd", "toolfix", "loadbench_probe.go"): filepath.Join(root, "proxy", "loadbench", "probe.go"),
	}})
	if err == nil {
		err = os.WriteFile(filepath.Join(dir, "overlay.json"), overlay, 0o600)
	}
	if err != nil {
		_ = os.RemoveAll(dir)
		return "", fmt.Errorf("writing the build overlay for the probe: %w", err)
	}
	bin := filepath.Join(dir, "toolfix")
	build := exec.Command("go", "build", "-overlay", filepath.Join(dir, "overlay.json"), "-o", bin, "./cmd/toolfix")
	build.Dir = root
	if out, err := build.CombinedOutput(); err != nil {
		_ = os.RemoveAll(dir)
		return "", fmt.Errorf("building toolfix (go build ./cmd/toolfix in %s): %w\n%s", root, err, out)
	}
	built.dir, built.path = dir, bin
	return bin, nil
}

// removeToolfix deletes the binary buildToolfix made, if any; the next buildToolfix builds again.
func removeToolfix() {
	built.mu.Lock()
	defer built.mu.Unlock()
	if built.dir != "" {
		_ = os.RemoveAll(built.dir)
	}
	built.dir, built.path = "", ""
}
