// Package inspect explains one exchange for `toolfix analyze` and `toolfix replay`: it loads a
// sample or a raw captured body (SSE, JSON or a whole HTTP response; gzip and CRLF welcome), lists
// the events and blocks the upstream sent, names each fault by its row (D01…D61) in the fault
// table, docs/faults.md at the module root, and the kind toolfix reports when it repairs it, runs
// the proxy's own repair over the bytes (exchange.ReplaySample), and shows the message a client's SDK
// ends up with before and after (package client). It also renders a line diff of two bodies and
// writes an exchange out as a repair-case folder (the layout of testdata/cases), which is how a
// reported failure becomes a test case.
package inspect
