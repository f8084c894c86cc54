// Command fakegithub serves GitHub's releases API for one repository on a loopback port, from
// release folders on disk, for the scripts in .ci that run `toolfix update` against real builds
// (.ci/systemd-e2e). It is package updatetest's Server behind a command line:
//
//	fakegithub -repo owner/name TAG=DIR [TAG=DIR…]
//
// Each DIR's files are the assets of release TAG, listed newest first in the order given. It
// prints the API root ("http://127.0.0.1:PORT/", what TOOLFIX_UPDATE_API takes) on one line of
// standard output, then serves until it gets SIGINT or SIGTERM.
package main

import (
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/toolfix/toolfix/service/update/updatetest"
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "fakegithub:", err)
		os.Exit(1)
	}
}

func run(args []string) error {
	if len(args) < 3 || args[0] != "-repo" {
		return fmt.Errorf("usage: fakegithub -repo owner/name TAG=DIR [TAG=DIR…]")
	}
	repo := args[1]
	var rels []updatetest.Release
	for _, a := range args[2:] {
		tag, dir, ok := strings.Cut(a, "=")
		if !ok {
			return fmt.Errorf("%q: want TAG=DIR", a)
		}
		entries, err := os.ReadDir(dir)
		if err != nil {
			return fmt.Errorf("reading release folder %s: %w", dir, err)
		}
		rel := updatetest.Release{Tag: tag}
		for _, e := range entries {
			data, err := os.ReadFile(filepath.Join(dir, e.Name()))
			if err != nil {
				return fmt.Errorf("reading asset %s: %w", e.Name(), err)
			}
			rel.Assets = append(rel.Assets, updatetest.Asset{Name: e.Name(), Data: data})
		}
		rels = append(rels, rel)
	}
	srv := updatetest.Start(repo, rels...)
	defer srv.Close()
	fmt.Println(srv.URL())
	stop := make(chan os.Signal, 1)
	signal.Notify(stop, syscall.SIGINT, syscall.SIGTERM)
	<-stop
	return nil
}
