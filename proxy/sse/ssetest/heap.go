package ssetest

import (
	"encoding/json"
	"fmt"
	"runtime"
	"runtime/metrics"
	"strings"
	"sync"
	"time"
)

// PeakHeap runs f while sampling the live heap (Go's heap objects, collected or not) every 200 µs
// and returns the most it saw over what was live before f, in bytes: the memory figure of the
// benchmarks of large answers and repaired values (issue 21).
func PeakHeap(f func()) uint64 {
	runtime.GC()
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	read := func() uint64 { metrics.Read(sample); return sample[0].Value.Uint64() }
	base := read()
	var peak uint64
	var mu sync.Mutex
	note := func() {
		if h := read(); h > base {
			mu.Lock()
			peak = max(peak, h-base)
			mu.Unlock()
		}
	}
	stop, done := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(done)
		t := time.NewTicker(200 * time.Microsecond)
		defer t.Stop()
		for {
			select {
			case <-stop:
				return
			case <-t.C:
				note()
			}
		}
	}()
	f()
	note()
	close(stop)
	<-done
	return peak
}

// StringifiedTodos is a TodoWrite input of about n bytes whose todos array is one JSON string
// (the D13 fault of the load benchmark's tool scenario), ASCII only, and that array's text.
func StringifiedTodos(n int) (input, array string) {
	var inner strings.Builder
	inner.WriteByte('[')
	for i := 0; inner.Len() < n; i++ {
		if i > 0 {
			inner.WriteString(", ")
		}
		fmt.Fprintf(&inner, `{"content": "Step %d: fix the parser for CRLF input split across reads", "status": "pending"}`, i)
	}
	inner.WriteByte(']')
	q, _ := json.Marshal(inner.String())
	return `{"todos": ` + string(q) + `}`, inner.String()
}
