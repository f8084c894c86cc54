package service

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
)

// OtherUsersServing lists the user ids, other than this process's, that run `<exe> serve`: other
// users' toolfix services on the same binary, which keep running the code they started with when
// exe is replaced. It reads Linux's /proc (each process's real uid and command line, which every
// user may read); elsewhere it returns nil. exe is compared as given and with symlinks resolved.
func OtherUsersServing(exe string) []int {
	if runtime.GOOS != "linux" {
		return nil
	}
	return usersServing("/proc", exe, os.Getuid())
}

// usersServing scans a /proc-like folder for processes whose command line is `<exe> serve …` and
// returns their real uids other than self, sorted, each once.
func usersServing(procRoot, exe string, self int) []int {
	want := map[string]bool{filepath.Clean(exe): true}
	if real, err := filepath.EvalSymlinks(exe); err == nil {
		want[real] = true
	}
	entries, err := os.ReadDir(procRoot)
	if err != nil {
		return nil
	}
	var uids []int
	for _, e := range entries {
		if _, err := strconv.Atoi(e.Name()); err != nil || !e.IsDir() {
			continue
		}
		dir := filepath.Join(procRoot, e.Name())
		cmdline, err := os.ReadFile(filepath.Join(dir, "cmdline"))
		if err != nil {
			continue
		}
		args := bytes.Split(bytes.TrimRight(cmdline, "\x00"), []byte{0})
		if len(args) < 2 || string(args[1]) != "serve" || !want[filepath.Clean(string(args[0]))] {
			continue
		}
		uid, ok := realUID(filepath.Join(dir, "status"))
		if ok && uid != self && !slices.Contains(uids, uid) {
			uids = append(uids, uid)
		}
	}
	slices.Sort(uids)
	return uids
}

// realUID reads the real uid from a /proc/<pid>/status file ("Uid:\treal\teffective\t…").
func realUID(status string) (int, bool) {
	b, err := os.ReadFile(status)
	if err != nil {
		return 0, false
	}
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "Uid:"); ok {
			f := strings.Fields(v)
			if len(f) == 0 {
				return 0, false
			}
			uid, err := strconv.Atoi(f[0])
			return uid, err == nil
		}
	}
	return 0, false
}
