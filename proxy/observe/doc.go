// Package observe is what toolfix notes of the exchanges it forwards, for the people who run it:
// counters (Stats, served as GET /metrics by WriteMetrics and as GET /stats in a StatsReport), the
// Recorder that notes each answer's status, bytes and time to first byte, and the redacted samples
// (Samples, one Capture per exchange). It never changes a byte of an exchange and knows no API:
// the proxy calls it, it calls nothing of the proxy.
//
//	request in ─► NewRecorder(w)          notes status, bytes out, first byte
//	              Stats.Request(route)
//	              Samples.Start ─► *Capture  (nil: not captured)
//	              Stats.UpstreamBody        counts bytes in, copies them into the Capture
//	   repair  ─► Stats.Repair, FailOpen; Capture.Repair, FailOpen, Fail
//	answer out ─► Stats.Finish(rec)       status, ttfb histogram
//	              Samples.Save(capture)   written on a goroutine; Samples.Wait at shutdown
package observe
