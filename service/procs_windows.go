package service

import (
	"os"
	"strings"
	"unsafe"

	"golang.org/x/sys/windows"
)

// processesOf returns the ids of the running processes whose image is one of paths (compared
// case-insensitively, as Windows compares paths), except this process and its ancestors.
func processesOf(paths ...string) []uint32 {
	snap, err := windows.CreateToolhelp32Snapshot(windows.TH32CS_SNAPPROCESS, 0)
	if err != nil {
		return nil
	}
	defer windows.CloseHandle(snap)
	parent := map[uint32]uint32{}
	var entry windows.ProcessEntry32
	entry.Size = uint32(unsafe.Sizeof(entry))
	for err := windows.Process32First(snap, &entry); err == nil; err = windows.Process32Next(snap, &entry) {
		parent[entry.ProcessID] = entry.ParentProcessID
	}
	spared := map[uint32]bool{}
	for pid := uint32(os.Getpid()); pid != 0 && !spared[pid]; pid = parent[pid] {
		spared[pid] = true
	}
	var out []uint32
	for pid := range parent {
		if spared[pid] || pid == 0 {
			continue
		}
		image := imagePath(pid)
		for _, p := range paths {
			if image != "" && strings.EqualFold(image, p) {
				out = append(out, pid)
				break
			}
		}
	}
	return out
}

// imagePath is the full path of a process's executable; "" when it cannot be read.
func imagePath(pid uint32) string {
	h, err := windows.OpenProcess(windows.PROCESS_QUERY_LIMITED_INFORMATION, false, pid)
	if err != nil {
		return ""
	}
	defer windows.CloseHandle(h)
	buf := make([]uint16, windows.MAX_LONG_PATH)
	n := uint32(len(buf))
	if windows.QueryFullProcessImageName(h, 0, &buf[0], &n) != nil {
		return ""
	}
	return windows.UTF16ToString(buf[:n])
}

// terminate ends a process and waits up to 10 s for it to be gone, so that its port and its
// executable file are free afterwards.
func terminate(pid uint32) {
	h, err := windows.OpenProcess(windows.PROCESS_TERMINATE|windows.SYNCHRONIZE, false, pid)
	if err != nil {
		return
	}
	defer windows.CloseHandle(h)
	if windows.TerminateProcess(h, 1) == nil {
		_, _ = windows.WaitForSingleObject(h, 10_000)
	}
}
