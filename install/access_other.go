//go:build !unix

package install

import "io/fs"

// fileAccess is a no-op where files have no Unix owner or mode bits to read (Windows): the write
// itself reports what stops it. See access_unix.go.
type fileAccess struct{ uid int }

func osAccess() fileAccess                       { return fileAccess{uid: -1} }
func (fileAccess) owner(fs.FileInfo) (int, bool) { return 0, false }
func (fileAccess) links(fs.FileInfo) int         { return 1 }
func (fileAccess) canWrite(fs.FileInfo) bool     { return true }
func (fileAccess) immutable(string) bool         { return false }
func (fileAccess) userName(uid int) string       { return "another user" }
