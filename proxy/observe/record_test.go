package observe

import (
	"bytes"
	"io"
	"math/rand/v2"
	"os"
	"testing"
)

// TestCapBuffer: a capture keeps the first limit bytes, past capMemory in a temporary file that
// leaves nothing behind once discarded, and says when it cut; a deferred one keeps them in memory
// while the shared budget allows and until spillNow, and reads back the same bytes whatever
// happened when.
func TestCapBuffer(t *testing.T) {
	tests := []struct {
		name    string
		limit   int
		writes  int // bytes written, in 64 KiB writes
		want    int
		cut     bool
		spilled bool
		defers  bool // deferred
		spillAt int  // spillNow after this many bytes written (0: never)
		budget  int  // the shared budget left (0: as it is)
	}{
		{"in memory", 4 << 20, 512 << 10, 512 << 10, false, false, false, 0, 0},
		{"spilled to a file", 4 << 20, 3 << 20, 3 << 20, false, true, false, 0, 0},
		{"cut at the limit", 2 << 20, 3 << 20, 2 << 20, true, true, false, 0, 0},
		{"spilled, a part still gathered", 4 << 20, 1<<20 + 320<<10, 1<<20 + 320<<10, false, true, false, 0, 0},
		{"deferred, in memory", 4 << 20, 3 << 20, 3 << 20, false, false, true, 0, 0},
		{"deferred, cut at the limit", 2 << 20, 3 << 20, 2 << 20, true, false, true, 0, 0},
		{"deferred, spilled in the memory part", 4 << 20, 3 << 20, 3 << 20, false, true, true, 512 << 10, 0},
		{"deferred, spilled past it", 4 << 20, 3<<20 + 64<<10, 3<<20 + 64<<10, false, true, true, 1<<20 + 384<<10, 0},
		{"deferred, the budget runs out", 4 << 20, 3 << 20, 3 << 20, false, true, true, 0, 3 * spillWrite},
		{"deferred, no budget", 4 << 20, 3 << 20, 3 << 20, false, true, true, 0, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			t.Setenv("TMPDIR", dir)
			if tt.budget > 0 {
				before := sharedMemory.Swap(int64(tt.budget))
				defer sharedMemory.Store(before)
			}
			c := &capBuffer{limit: tt.limit, deferred: tt.defers}
			var all bytes.Buffer
			for i := 0; all.Len() < tt.writes; i++ {
				p := bytes.Repeat([]byte{byte('a' + i%26)}, 64<<10)
				all.Write(p)
				c.write(p)
				if all.Len() == tt.spillAt {
					c.spillNow()
				}
			}
			if (c.file != nil) != tt.spilled {
				t.Fatalf("spilled %v, want %v", c.file != nil, tt.spilled)
			}
			got, err := io.ReadAll(c.section())
			if err != nil {
				t.Fatal(err)
			}
			// Read in place from any offset: across the memory part and the file.
			mid := make([]byte, 100)
			if n, err := c.ReadAt(mid, int64(capMemory-50)); tt.want > capMemory && (n != 100 || err != nil || !bytes.Equal(mid, all.Bytes()[capMemory-50:capMemory+50])) {
				t.Fatalf("ReadAt across the spill: %d, %v", n, err)
			}
			// Any range, across the memory part, the file and what is gathered for it.
			for _, at := range []int{0, capMemory - 1, capMemory, capMemory + spillWrite - 3, capMemory + spillWrite, tt.want - 10} {
				for _, n := range []int{1, 7, 100, spillWrite + 5} {
					if at < 0 || at+n > tt.want {
						continue
					}
					p := make([]byte, n)
					if k, err := c.ReadAt(p, int64(at)); k != n || err != nil || !bytes.Equal(p, all.Bytes()[at:at+n]) {
						t.Fatalf("ReadAt(%d bytes at %d) = %d, %v, or other bytes", n, at, k, err)
					}
				}
			}
			budget := sharedMemory.Load()
			c.discard()
			if tt.budget == 0 && (c.extra != nil || sharedMemory.Load() != sharedCapture) {
				t.Fatalf("discard left %d chunks, the budget at %d of %d (%d before)", len(c.extra), sharedMemory.Load(), sharedCapture, budget)
			}
			if !bytes.Equal(got, all.Bytes()[:tt.want]) || c.truncated != tt.cut {
				t.Fatalf("kept %d bytes (cut %v), want the first %d (cut %v)", len(got), c.truncated, tt.want, tt.cut)
			}
			if left, _ := os.ReadDir(dir); len(left) != 0 {
				t.Fatalf("files left behind: %v", left)
			}
		})
	}
}

// TestCapBufferAdopt: a whole answer adopted by reference (after a peek of its first bytes was
// written) reads back as the same bytes, cut at the same limit, as writing it would have kept,
// holds them without a copy, and takes bytes written after it behind them; the client's copy of
// the same bytes matches it in place and stores nothing (past the limit it is cut, as the
// upstream's).
func TestCapBufferAdopt(t *testing.T) {
	body := make([]byte, 3<<20)
	for i := range body {
		body[i] = byte('a' + i%23)
	}
	for _, tt := range []struct {
		name        string
		limit, seen int
		after       int // bytes written after the answer
	}{
		{"whole, no peek", 4 << 20, 0, 0},
		{"whole, after a peek", 4 << 20, 64, 0},
		{"cut at the limit", 2 << 20, 64, 0},
		{"peek all of it", 4 << 20, len(body), 0},
		{"bytes after it", 4 << 20, 16, 100 << 10},
		{"bytes after it, cut", 3<<20 + 50<<10, 16, 100 << 10},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Setenv("TMPDIR", t.TempDir())
			tail := bytes.Repeat([]byte("z"), tt.after)
			plain, c := &capBuffer{limit: tt.limit}, &capBuffer{limit: tt.limit}
			defer plain.discard()
			defer c.discard()
			plain.write(body)
			plain.write(tail)
			c.write(body[:tt.seen])
			c.adopt(body, tt.seen)
			if tt.after == 0 && tt.seen < len(body) && (c.file != nil || len(c.whole) == 0 || &c.whole[0] != &body[0]) {
				t.Fatal("the answer was copied, not kept by reference")
			}
			client := newClientCopy(c, tt.limit, nil)
			client.write(body)
			c.write(tail)
			want, _ := io.ReadAll(plain.section())
			got, err := io.ReadAll(c.section())
			if err != nil || !bytes.Equal(got, want) || c.truncated != plain.truncated || c.n != plain.n {
				t.Fatalf("kept %d bytes (cut %v, %v), want %d (cut %v)", len(got), c.truncated, err, len(want), plain.truncated)
			}
			if client.diverged != (len(body) > tt.limit) || client.stored.n != 0 || client.matched != min(len(body), tt.limit) {
				t.Fatalf("the client's copy of the same bytes stored %d bytes, matched %d", client.stored.n, client.matched)
			}
		})
	}
}

// TestCapBufferPooledMemory: a memory part that outgrows headMemory moves into a pooled buffer and
// reads back as written, at any write sizes across the move; discard gives the buffer back, and
// a later capture that takes it again holds only its own bytes, never the earlier capture's.
func TestCapBufferPooledMemory(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 21))
	for round := range 20 {
		size := headMemory - 100 + rng.IntN(capMemory-headMemory+200)
		c := &capBuffer{limit: 16 << 20}
		var all bytes.Buffer
		for all.Len() < size {
			p := make([]byte, min(1+rng.IntN(9000), size-all.Len()))
			for i := range p {
				p[i] = byte(round) ^ byte(rng.IntN(256))
			}
			all.Write(p)
			c.write(p)
		}
		if (c.pooled != nil) != (size > headMemory) {
			t.Fatalf("round %d, %d bytes: pooled %v", round, size, c.pooled != nil)
		}
		got, err := io.ReadAll(c.section())
		if err != nil || !bytes.Equal(got, all.Bytes()) {
			t.Fatalf("round %d: read back %d bytes (%v), other than the %d written", round, len(got), err, all.Len())
		}
		c.discard()
		if c.pooled != nil || c.buf.Len() != 0 {
			t.Fatalf("round %d: discard kept the memory part", round)
		}
		if got, _ := io.ReadAll(c.section()); len(got) != 0 {
			t.Fatalf("round %d: %d bytes readable after discard", round, len(got))
		}
	}
}
