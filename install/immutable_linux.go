package install

import (
	"os"
	"syscall"
	"unsafe"
)

// immutable reports whether the file at path has the immutable attribute (chattr +i), read with
// the FS_IOC_GETFLAGS ioctl; false when the file system does not say.
func immutable(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	const fsIocGetflags, fsImmutableFl = 0x80086601, 0x10
	var flags int32
	if _, _, errno := syscall.Syscall(syscall.SYS_IOCTL, f.Fd(), fsIocGetflags, uintptr(unsafe.Pointer(&flags))); errno != 0 {
		return false
	}
	return flags&fsImmutableFl != 0
}
