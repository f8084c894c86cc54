package observe

import (
	"bytes"
	"io"
	"log/slog"
	"math/rand/v2"
	"net/http/httptest"
	"os"
	"testing"
	"time"

	"github.com/toolfix/toolfix/proxy/sample"
)

// TestClientCopy: the client's copy reads back exactly the bytes the client was sent (cut at the
// limit as a plain capture cuts them), while storing none of a copy equal to the upstream's.
func TestClientCopy(t *testing.T) {
	body := bytes.Repeat([]byte("event: content_block_delta\ndata: {\"text\":\"hi\"}\n\n"), 60000) // ~2.9 MB
	changed := bytes.Clone(body)
	copy(changed[1<<20+7:], "REPAIRED")
	tests := []struct {
		name       string
		up, client []byte
		limit      int
		lag        int // client writes this many reads behind the upstream
		wantStored bool
	}{
		{"healthy", body, body, 4 << 20, 0, false},
		{"healthy, held behind", body, body, 4 << 20, 3, false},
		{"healthy, cut at the limit", body, body, 2 << 20, 1, false},
		{"a repair past the spill", body, changed, 4 << 20, 1, true},
		{"a repair, cut at the limit", body, changed, 2 << 20, 2, true},
		{"client longer", body[:1000], append(bytes.Clone(body[:1000]), "extra"...), 4 << 20, 0, true},
		{"client shorter", body, body[:5000], 4 << 20, 0, false},
		{"client only", nil, body[:300], 4 << 20, 0, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Setenv("TMPDIR", t.TempDir())
			up := &capBuffer{limit: tt.limit}
			cc := newClientCopy(up, tt.limit, nil)
			plain := &capBuffer{limit: tt.limit}
			rng := rand.New(rand.NewPCG(1, uint64(len(tt.name))))
			var queue [][]byte
			feed := func(p []byte) { cc.write(p); plain.write(p) }
			u, c := tt.up, tt.client
			for len(u) > 0 || len(c) > 0 {
				if len(u) > 0 {
					n := min(len(u), 1+rng.IntN(40<<10))
					up.write(u[:n])
					u = u[n:]
				}
				// A proxy never sends what it has not read: the client stays behind the upstream.
				ahead := len(tt.client) - len(c) - (len(tt.up) - len(u))
				if len(c) > 0 && (ahead < 0 || len(u) == 0) {
					n := min(len(c), 1+rng.IntN(40<<10))
					if len(u) > 0 {
						n = min(n, -ahead)
					}
					queue = append(queue, c[:n])
					c = c[n:]
				}
				for len(queue) > tt.lag || (len(u) == 0 && len(c) == 0 && len(queue) > 0) {
					feed(queue[0])
					queue = queue[1:]
				}
			}
			defer up.discard()
			defer cc.discard()
			defer plain.discard()
			got, err := io.ReadAll(cc.section())
			if err != nil {
				t.Fatal(err)
			}
			want, _ := io.ReadAll(plain.section())
			if !bytes.Equal(got, want) || cc.truncated() != plain.truncated {
				t.Fatalf("client copy: %d bytes (cut %v), want %d (cut %v)", len(got), cc.truncated(), len(want), plain.truncated)
			}
			if (cc.stored.n > 0) != tt.wantStored {
				t.Fatalf("stored %d bytes of the client's, want some: %v", cc.stored.n, tt.wantStored)
			}
		})
	}
}

// TestHealthyCaptureKeepsOneCopy: through the upstream body's and the recorder's tees, as the
// proxy forwards, a healthy 3 MB stream keeps no byte of the client's copy, and its sample (kept in
// ModeAll) has no client part; a changed byte makes the sample keep the client's body whole.
func TestHealthyCaptureKeepsOneCopy(t *testing.T) {
	body := bytes.Repeat([]byte("event: content_block_delta\ndata: {\"text\":\"hi\"}\n\n"), 60000)
	for _, changed := range []bool{false, true} {
		s, c, dir := forwardCaptured(t, sample.ModeAll, body, time.Now(), false, func(c *Capture, sent int, p []byte) []byte {
			if changed && sent <= 2<<20 && sent+len(p) > 2<<20 {
				p = bytes.Clone(p)
				p[0] ^= 1
			}
			return p
		})
		if kept := c.client.stored.n; (kept > 0) != changed {
			t.Fatalf("changed %v: the client's copy kept %d bytes", changed, kept)
		}
		s.Save(c, 200)
		s.Wait()
		files, _ := sample.List(dir)
		if len(files) != 1 {
			t.Fatalf("changed %v: %d samples, want 1", changed, len(files))
		}
		b, _ := os.ReadFile(files[0])
		if has := bytes.Contains(b, []byte(`"client"`)); has != changed {
			t.Fatalf("changed %v: the sample has a client part: %v", changed, has)
		}
	}
}

// TestDeferredCaptureSameSample: in ModeRepairs, a stream whose upstream copy waits in memory
// (Capture.Stream) writes the same sample as one that spills from the start, whether the repair
// comes early, past the memory part, late or never, and whether a span was held first; a healthy
// stream makes no temporary file, and every capture gives its memory back to the shared budget.
func TestDeferredCaptureSameSample(t *testing.T) {
	body := bytes.Repeat([]byte("event: content_block_delta\ndata: {\"text\":\"hi\"}\n\n"), 60000) // ~2.9 MB
	start := time.Date(2026, 12, 2, 5, 0, 0, 0, time.UTC)
	run := func(t *testing.T, stream bool, repairAt, spillAt int) (sampleBytes []byte, files int) {
		s, c, dir := forwardCaptured(t, sample.ModeRepairs, body, start, stream, func(c *Capture, sent int, p []byte) []byte {
			if sent <= spillAt && sent+len(p) > spillAt {
				c.Spill()
			}
			if sent <= repairAt && sent+len(p) > repairAt {
				p = bytes.Clone(p)
				p[repairAt-sent] ^= 1
				c.Repair("stringified", "Read")
			}
			return p
		})
		if c.up.file != nil {
			files++ // the upstream's copy went to a temporary file (removed from its folder at once)
		}
		s.Save(c, 200)
		s.Wait()
		if left := sharedMemory.Load(); left != sharedCapture {
			t.Fatalf("the shared budget is at %d after the sample, want %d", left, sharedCapture)
		}
		list, _ := sample.List(dir)
		if len(list) > 1 {
			t.Fatalf("%d samples", len(list))
		}
		if len(list) == 1 {
			sampleBytes, _ = os.ReadFile(list[0])
		}
		return sampleBytes, files
	}
	never := len(body) + 1
	tests := []struct {
		name              string
		repairAt, spillAt int
	}{
		{"healthy", never, never},
		{"a repair in the memory part", 100 << 10, never},
		{"a repair past it", 2 << 20, never},
		{"a repair at the end", len(body) - 3, never},
		{"a span held, then a repair", 2<<20 + 5, 1<<20 + 300<<10},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			want, _ := run(t, false, tt.repairAt, tt.spillAt)
			got, files := run(t, true, tt.repairAt, tt.spillAt)
			if _, spilled := run(t, false, never, never); spilled == 0 {
				t.Fatal("a capture spilled from the start made no temporary file")
			}
			if !bytes.Equal(got, want) {
				t.Fatalf("the sample differs from the one spilled from the start (%d bytes against %d)", len(got), len(want))
			}
			if tt.repairAt == never && (got != nil || files > 0) {
				t.Fatalf("a healthy stream made a sample (%d bytes) or a temporary file (%d)", len(got), files)
			}
			if tt.repairAt != never && got == nil {
				t.Fatal("no sample of a repaired stream")
			}
		})
	}
}

// forwardCaptured forwards body as the proxy does, through the upstream body's and the
// recorder's tees of a capture of an exchange that started at start, into a sample store of mode
// in a temporary folder (dir), with TMPDIR a temporary folder too. Stream is noted first when
// stream is set. Each upstream read, sent bytes after the stream's start, goes to the client as
// edit returns it (edit may note what happened in the capture). It returns the samples and the capture, not saved yet.
func forwardCaptured(t *testing.T, mode sample.Mode, body []byte, start time.Time, stream bool, edit func(c *Capture, sent int, p []byte) []byte) (*Samples, *Capture, string) {
	t.Helper()
	t.Setenv("TMPDIR", t.TempDir())
	dir := t.TempDir()
	st, err := sample.Open(dir, mode, 0)
	if err != nil {
		t.Fatal(err)
	}
	stats := NewStats()
	s := NewSamples(st, 0, slog.New(slog.DiscardHandler), stats)
	req := httptest.NewRequest("POST", "/v1/messages", nil)
	c := s.Start(req, Route{Upstream: "http://127.0.0.1:1"}, "/v1/messages", "anthropic", []byte(`{}`), start)
	if stream {
		c.Stream()
	}
	rec := NewRecorder(httptest.NewRecorder(), start)
	rec.Tee(c)
	up := stats.UpstreamBody(io.NopCloser(bytes.NewReader(body)), c, rec)
	buf := make([]byte, 32<<10)
	for sent := 0; ; {
		n, err := up.Read(buf)
		if n > 0 {
			rec.Write(edit(c, sent, buf[:n]))
			sent += n
		}
		if err != nil {
			return s, c, dir
		}
	}
}
