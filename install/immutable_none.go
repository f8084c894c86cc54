//go:build unix && !linux && !darwin && !freebsd && !netbsd && !openbsd && !dragonfly

package install

// immutable is false where toolfix does not read file flags.
func immutable(path string) bool { return false }
