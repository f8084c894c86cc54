//go:build !unix

package install

import (
	"io/fs"
	"os"
)

// checkLinks is a no-op where hard links are not read (Windows); see owner_unix.go.
func checkLinks(path string, old fs.FileInfo) error { return nil }

// keepOwner is a no-op where files have no Unix owner (Windows); see owner_unix.go.
func keepOwner(tmp *os.File, old fs.FileInfo) error { return nil }
