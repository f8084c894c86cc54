package sse

import (
	"bytes"
	"io"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/toolfix/toolfix/proxy/sse/ssetest/chunks"
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

// eventHeads are the heads FuzzEventFields asks FramedData for.
var eventHeads = [][]byte{[]byte("data: "), []byte("event: content_block_delta\ndata: "), []byte("event: a\nid: 1\ndata: ")}

// framedDataRef is FramedData as it reads a piece without the framer's line count.
func framedDataRef(raw, head []byte) ([]byte, bool) {
	if !bytes.HasPrefix(raw, head) || len(raw) < len(head)+2 || raw[len(raw)-1] != '\n' || raw[len(raw)-2] != '\n' {
		return nil, false
	}
	data := raw[len(head) : len(raw)-2]
	if bytes.ContainsAny(data, "\r\n") {
		return nil, false
	}
	return data, true
}

// FuzzEventFields: for any stream, any chunking of its reads and any size limit, the framer's line
// count (Event.LFLines) is the piece's count of LF when it holds no CR and is complete and whole,
// and unknown otherwise; Event.Fields is Fields of the piece, and Event.FramedData is what reading
// the piece without the count gives.
func FuzzEventFields(f *testing.F) {
	for _, s := range []string{
		"event: content_block_delta\ndata: {\"x\":1}\n\ndata: {}\n\n: ping\n\n\n",
		"event: a\r\ndata: 1\r\n\r\nevent: b\ndata: 2\n\n", "data: a\rdata: b\n\n", "event: e\ndata:\n\nevent: \ndata: \n\n",
		"event: a\nid: 1\ndata: x\n\ndata: a\ndata: b\n\n", "\xEF\xBB\xBFdata: x\n\nevent: x\n\n", "data: 1\n\ndata: 2",
	} {
		f.Add([]byte(s), uint8(3), uint16(0))
		f.Add([]byte(s), uint8(1), uint16(9))
	}
	f.Fuzz(func(t *testing.T, in []byte, chunk uint8, max uint16) {
		var r io.Reader = iotest.OneByteReader(bytes.NewReader(in))
		if chunk > 1 {
			r = chunks.Reader(in, int64(chunk), 7)
		}
		fr := &Reader{R: r, MaxEvent: int(max)}
		for {
			ev, err := fr.Next()
			if err != nil {
				break
			}
			n, ok := ev.LFLines()
			whole := ev.Complete && !ev.Oversize && !bytes.Contains(ev.Raw, []byte("\r"))
			if ok != whole || ok && n != bytes.Count(ev.Raw, []byte("\n")) {
				t.Fatalf("%q (complete %v, oversize %v): LFLines %d, %v", ev.Raw, ev.Complete, ev.Oversize, n, ok)
			}
			name, data, has := ev.Fields()
			wn, wd, wh := Fields(ev.Raw)
			if has != wh || (name == nil) != (wn == nil) || !bytes.Equal(name, wn) || !bytes.Equal(data, wd) {
				t.Fatalf("%q: Event.Fields %q %q %v, Fields %q %q %v", ev.Raw, name, data, has, wn, wd, wh)
			}
			for _, head := range eventHeads {
				d, ok := ev.FramedData(head)
				wd, wok := framedDataRef(ev.Raw, head)
				if ok != wok || !bytes.Equal(d, wd) {
					t.Fatalf("%q: FramedData(%q) %q %v, want %q %v", ev.Raw, head, d, ok, wd, wok)
				}
			}
		}
	})
}

// TestPiecesKeptThroughBeforeRead: while BeforeRead runs, every piece returned since the last read
// still holds its bytes, so that a proxy may write them out there without a copy.
func TestPiecesKeptThroughBeforeRead(t *testing.T) {
	ev := "event: e\ndata: " + strings.Repeat("x", 100) + "\n\n"
	in := []byte(strings.Repeat(ev, 2000) + "data: " + strings.Repeat("y", 3000) + "\n\n" + strings.Repeat(ev, 50))
	for _, chunk := range []int64{1, 7, 3001, 40000} {
		var since []Event // pieces since the last read, not copied
		var got []byte
		fr := &Reader{R: chunks.Reader(in, 1, int(chunk))}
		fr.BeforeRead = func() {
			for _, e := range since {
				got = append(got, e.Raw...)
			}
			since = since[:0]
		}
		for {
			e, err := fr.Next()
			if err != nil {
				break
			}
			since = append(since, e)
		}
		fr.BeforeRead()
		if !bytes.Equal(got, in) {
			t.Fatalf("chunks of %d: the pieces written at BeforeRead are not the stream", chunk)
		}
	}
}
