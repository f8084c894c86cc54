package exchange

import (
	"bytes"
	"errors"
	"io"
	"testing"
	"testing/iotest"
)

// TestReadChunkedAsReadAll: readChunked gives what io.ReadAll gives, for bodies around its piece
// size, read in short reads, and with a read error part way.
func TestReadChunkedAsReadAll(t *testing.T) {
	broken := errors.New("connection reset")
	for _, n := range []int{0, 1, 100, wholeChunk - 1, wholeChunk, wholeChunk + 1, 3*wholeChunk + 5} {
		body := make([]byte, n)
		for i := range body {
			body[i] = byte(i * 7)
		}
		for _, tc := range []struct {
			name string
			r    func() io.Reader
		}{
			{"whole", func() io.Reader { return bytes.NewReader(body) }},
			{"half reads", func() io.Reader { return iotest.HalfReader(bytes.NewReader(body)) }},
			{"error at the end", func() io.Reader {
				return io.MultiReader(bytes.NewReader(body), iotest.ErrReader(broken))
			}},
			{"cut short", func() io.Reader { // what net/http gives for a body cut before its end
				return io.MultiReader(bytes.NewReader(body), iotest.ErrReader(io.ErrUnexpectedEOF))
			}},
		} {
			got, gerr := readChunked(tc.r())
			want, werr := io.ReadAll(tc.r())
			if !bytes.Equal(got, want) || !errors.Is(gerr, werr) || (gerr == nil) != (werr == nil) {
				t.Errorf("%d bytes, %s: readChunked = %d bytes, %v; io.ReadAll %d, %v", n, tc.name, len(got), gerr, len(want), werr)
			}
		}
	}
}
