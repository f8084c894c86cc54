package chunks

import (
	"bytes"
	"io"
	"slices"
	"testing"
)

// readAll reads r to its end through a buffer of size buf and returns what it read and the size
// of each Read that gave bytes, failing t on a Read that gives none before the end.
func readAll(t *testing.T, r io.Reader, buf int) (got []byte, sizes []int) {
	t.Helper()
	p := make([]byte, buf)
	for {
		n, err := r.Read(p)
		if err == io.EOF {
			return got, sizes
		}
		if err != nil || n <= 0 {
			t.Fatalf("Read gave %d bytes, %v", n, err)
		}
		got = append(got, p[:n]...)
		sizes = append(sizes, n)
	}
}

func TestReader(t *testing.T) {
	in := bytes.Repeat([]byte("data: 1\r\n\n"), 40)
	tests := []struct {
		name string
		most int
		buf  int // the size of the caller's buffer
		want int // the most bytes one Read may give
	}{
		{"up to 7", 7, 100, 7},
		{"up to 64", 64, 1000, 64},
		{"a small buffer", 64, 3, 3},
		{"zero is one", 0, 100, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, sizes := readAll(t, Reader(in, 5, tc.most), tc.buf)
			if !bytes.Equal(got, in) {
				t.Fatalf("read %q, want the input", got)
			}
			if m := slices.Max(sizes); m > tc.want {
				t.Fatalf("a Read gave %d bytes, want at most %d", m, tc.want)
			}
			if tc.want > 1 && slices.Min(sizes) == slices.Max(sizes) {
				t.Fatalf("Read sizes %v: all alike", sizes)
			}
			if _, again := readAll(t, Reader(in, 5, tc.most), tc.buf); !slices.Equal(again, sizes) {
				t.Fatal("a second reader of the same seed read in other sizes")
			}
		})
	}
}
