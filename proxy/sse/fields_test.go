package sse

import (
	"bytes"
	"testing"
	"testing/iotest"
)

// FuzzFields: the compact reading answers as the general one, nil name included, whenever it
// answers; Fields is one or the other.
func FuzzFields(f *testing.F) {
	for _, s := range []string{
		"data: {}\n\n", "event: ping\ndata: {\"type\": \"ping\"}\n\n", "event: \ndata: \n\n", "data:x\n\n",
		"event: a\nevent: b\ndata: x\n\n", "data: a\ndata: b\n\n", "event: x\r\ndata: y\r\n\r\n", "\xEF\xBB\xBFdata: x\n\n",
		"data: a\rb\n\n", ": ping\n\n", "event:  two spaces\ndata:  d\n\n", "id: 1\ndata: x\n\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		name, data, ok := compactFields(raw)
		if !ok {
			return
		}
		wn, wd, wok := fields(raw)
		if !wok || (name == nil) != (wn == nil) || !bytes.Equal(name, wn) || !bytes.Equal(data, wd) {
			t.Fatalf("%q: compact reading %q %q, general %q %q %v", raw, name, data, wn, wd, wok)
		}
	})
}

// TestReadHooks: every read of the stream that may block has BeforeRead before it and AfterRead
// after it, in turn, whatever the read returns.
func TestReadHooks(t *testing.T) {
	tests := []struct {
		name string
		r    func([]byte) *Reader
	}{
		{"whole", func(b []byte) *Reader { return &Reader{R: bytes.NewReader(b)} }},
		{"one byte at a time", func(b []byte) *Reader { return &Reader{R: iotest.OneByteReader(bytes.NewReader(b))} }},
		{"failing", func(b []byte) *Reader { return &Reader{R: iotest.TimeoutReader(bytes.NewReader(b))} }},
	}
	in := []byte("data: 1\n\nevent: e\ndata: 2\n\n")
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := tc.r(in)
			var trace []byte
			r.BeforeRead = func() { trace = append(trace, 'b') }
			r.AfterRead = func() { trace = append(trace, 'a') }
			for {
				if _, err := r.Next(); err != nil {
					break
				}
			}
			if len(trace) == 0 || !bytes.Equal(trace, bytes.Repeat([]byte("ba"), len(trace)/2)) || len(trace)%2 != 0 {
				t.Fatalf("hooks called as %q, want alternating b, a", trace)
			}
		})
	}
}

// TestCutLine: line holds no CR or LF; line, the ending cut and rest give b back; the ending cut
// is the first one, CRLF taken whole; with no ending in b, rest is nil.
func TestCutLine(t *testing.T) {
	for _, in := range []string{"a\nb", "a\r\nb", "a\rb", "a\r\rb", "a\n\r\n", "a\r", "\nb", "\r\n\r\n", "no ending", ""} {
		line, rest := CutLine([]byte(in))
		eol := in[len(line) : len(in)-len(rest)]
		first := in[len(line):min(len(in), len(line)+2)]
		switch {
		case bytes.ContainsAny(line, "\r\n") || string(line)+eol+string(rest) != in:
			t.Errorf("CutLine(%q) = %q, %q: not the first line and what follows it", in, line, rest)
		case first == "\r\n" && eol != "\r\n", first != "\r\n" && len(eol) > 1:
			t.Errorf("CutLine(%q) cut the ending %q", in, eol)
		case eol == "" && (rest != nil || len(line) != len(in)):
			t.Errorf("CutLine(%q) = %q, %q: want all of it and a nil rest", in, line, rest)
		}
	}
}
