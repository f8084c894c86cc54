package main

// This file is the probe a child carries: it is compiled into this program (for the floor child)
// and, by `go build -overlay`, into the toolfix binary the benchmark builds (see binary.go), so that
// both proxies answer the same questions about their memory and profile themselves the same way.
// It uses the standard library only and declares nothing that cmd/toolfix's main.go declares.

import (
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"os"
	"runtime"
	"runtime/debug"
	"runtime/pprof"
	"sync"
)

// The environment tells a process that it is a child and what its probe should do.
const (
	envProbe      = "LOADBENCH_PROBE"      // "1": listen for control and print "control http://ADDR"
	envCPUProfile = "LOADBENCH_CPUPROFILE" // write a CPU profile of the child's life to this file
)

// goMem is a child's Go memory after a collection: bytes of live heap spans and of goroutine
// stacks, and the number of goroutines.
type goMem struct {
	HeapInuse  uint64 `json:"heap_inuse"`
	StackInuse uint64 `json:"stack_inuse"`
	Goroutines int    `json:"goroutines"`
}

// init starts the probe when the environment asks for it: a CPU profile to $LOADBENCH_CPUPROFILE
// when it is set, and a control listener on a free loopback port that answers /mem (goMem), /heap
// (a heap profile) and /profile-stop (ends the CPU profile, written whole before the answer).
// It prints "control http://ADDR" on standard output, before the proxy's own "listening on" line.
// A probe that cannot start ends the process with exit status 3, saying why on standard error.
func init() {
	if os.Getenv(envProbe) != "1" {
		return
	}
	fail := func(what string, err error) {
		fmt.Fprintf(os.Stderr, "loadbench probe: %s: %v\n", what, err)
		os.Exit(3)
	}
	var stopProfile func()
	if path := os.Getenv(envCPUProfile); path != "" {
		f, err := os.Create(path)
		if err != nil {
			fail("creating the CPU profile", err)
		}
		if err := pprof.StartCPUProfile(f); err != nil {
			fail("starting the CPU profile", err)
		}
		stopProfile = sync.OnceFunc(func() {
			pprof.StopCPUProfile()
			_ = f.Close()
		})
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		fail("listening for control", err)
	}
	mux := http.NewServeMux()
	mux.HandleFunc("/mem", func(w http.ResponseWriter, _ *http.Request) {
		runtime.GC()
		debug.FreeOSMemory()
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		_ = json.NewEncoder(w).Encode(goMem{HeapInuse: ms.HeapInuse, StackInuse: ms.StackInuse, Goroutines: runtime.NumGoroutine()})
	})
	mux.HandleFunc("/heap", func(w http.ResponseWriter, _ *http.Request) {
		runtime.GC()
		_ = pprof.Lookup("heap").WriteTo(w, 0)
	})
	mux.HandleFunc("/profile-stop", func(w http.ResponseWriter, _ *http.Request) {
		if stopProfile != nil {
			stopProfile()
		}
	})
	go func() { _ = http.Serve(ln, mux) }()
	fmt.Printf("control http://%s\n", ln.Addr())
}
