package sse

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/toolfix/toolfix/proxy/cases"
	"github.com/toolfix/toolfix/proxy/sse/ssetest/chunks"
)

// pieces frames input read through r and returns the raw pieces.
func pieces(t testing.TB, r io.Reader, max int) ([]Event, error) {
	t.Helper()
	fr := &Reader{R: r, MaxEvent: max}
	var out []Event
	for {
		ev, err := fr.Next()
		if err != nil {
			if errors.Is(err, io.EOF) {
				return out, nil
			}
			return out, err
		}
		ev.Raw = bytes.Clone(ev.Raw)
		out = append(out, ev)
	}
}

func join(evs []Event) string {
	var b strings.Builder
	for _, e := range evs {
		b.Write(e.Raw)
	}
	return b.String()
}

func TestFraming(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want []string // raw pieces
	}{
		{"lf", "event: a\ndata: 1\n\ndata: 2\n\n", []string{"event: a\ndata: 1\n\n", "data: 2\n\n"}},
		{"crlf", "data: 1\r\n\r\ndata: 2\r\n\r\n", []string{"data: 1\r\n\r\n", "data: 2\r\n\r\n"}},
		{"cr", "data: 1\r\rdata: 2\r\r", []string{"data: 1\r\r", "data: 2\r\r"}},
		{"mixed", "data: 1\r\n\ndata: 2\n\r\n", []string{"data: 1\r\n\n", "data: 2\n\r\n"}},
		{"comment", ": ping\n\ndata: 1\n\n", []string{": ping\n\n", "data: 1\n\n"}},
		{"extra blank lines", "\n\ndata: 1\n\n\n", []string{"\n", "\n", "data: 1\n\n", "\n"}},
		{"no final blank line", "data: 1\n\ndata: 2\n", []string{"data: 1\n\n", "data: 2\n"}},
		{"no final newline", "data: 1", []string{"data: 1"}},
		{"bom", "\xEF\xBB\xBFdata: 1\n\n", []string{"\xEF\xBB\xBFdata: 1\n\n"}},
		{"trailing cr at eof", "data: 1\r", []string{"data: 1\r"}},
		{"empty", "", nil},
	}
	for _, tc := range tests {
		for _, mode := range []string{"whole", "onebyte"} {
			t.Run(tc.name+"/"+mode, func(t *testing.T) {
				var r io.Reader = strings.NewReader(tc.in)
				if mode == "onebyte" {
					r = iotest.OneByteReader(r)
				}
				evs, err := pieces(t, r, 0)
				if err != nil {
					t.Fatal(err)
				}
				var got []string
				for _, e := range evs {
					got = append(got, string(e.Raw))
				}
				if strings.Join(got, "|") != strings.Join(tc.want, "|") || len(got) != len(tc.want) {
					t.Errorf("pieces = %q, want %q", got, tc.want)
				}
			})
		}
	}
}

func TestFields(t *testing.T) {
	tests := []struct {
		raw, name, data string
		hasData         bool
	}{
		{"event: x\ndata: {}\n\n", "x", "{}", true},
		{"data:{}\r\n\r\n", "", "{}", true},
		{"data: a\ndata: b\ndata:c\n\n", "", "a\nb\nc", true},
		{": ping\n\n", "", "", false},
		{"\xEF\xBB\xBFevent: y\rdata:  two spaces\r\r", "y", " two spaces", true},
		{"data\n\n", "", "", true},
		{"id: 7\nretry: 10\n\n", "", "", false},
	}
	for _, tc := range tests {
		name, data, has := Fields([]byte(tc.raw))
		if string(name) != tc.name || string(data) != tc.data || has != tc.hasData {
			t.Errorf("Fields(%q) = %q, %q, %v; want %q, %q, %v", tc.raw, name, data, has, tc.name, tc.data, tc.hasData)
		}
	}
}

func TestOversize(t *testing.T) {
	big := "data: " + strings.Repeat("x", 200000) + "\n\n"
	in := "data: small\n\n" + big + "data: after\n\n"
	evs, err := pieces(t, iotest.HalfReader(strings.NewReader(in)), 1024)
	if err != nil {
		t.Fatal(err)
	}
	if join(evs) != in {
		t.Fatal("pieces do not rebuild the input")
	}
	if evs[0].Oversize || string(evs[0].Raw) != "data: small\n\n" {
		t.Errorf("first piece = %+v", evs[0])
	}
	last := evs[len(evs)-1]
	if last.Oversize || string(last.Raw) != "data: after\n\n" {
		t.Errorf("last piece = %q oversize=%v", last.Raw, last.Oversize)
	}
	n := 0
	for _, e := range evs[1 : len(evs)-1] {
		if !e.Oversize {
			t.Errorf("middle piece %q not marked oversize", e.Raw)
		}
		if len(e.Raw) > 1024+readSize {
			t.Errorf("oversize piece of %d bytes, limit 1024 plus one read", len(e.Raw))
		}
		n++
	}
	if n < 2 {
		t.Errorf("big event came in %d pieces", n)
	}
}

func TestReaderError(t *testing.T) {
	boom := errors.New("boom")
	r := io.MultiReader(strings.NewReader("data: 1\n\ndata: 2"), iotest.ErrReader(boom))
	evs, err := pieces(t, r, 0)
	if !errors.Is(err, boom) {
		t.Fatalf("err = %v, want boom", err)
	}
	if join(evs) != "data: 1\n\ndata: 2" {
		t.Errorf("got %q", join(evs))
	}
}

func TestBeforeRead(t *testing.T) {
	calls := 0
	fr := &Reader{R: strings.NewReader("data: 1\n\ndata: 2\n\n"), BeforeRead: func() { calls++ }}
	for {
		if _, err := fr.Next(); err != nil {
			break
		}
	}
	// One read takes the whole input; one more read sees EOF.
	if calls != 2 {
		t.Errorf("BeforeRead called %d times, want 2", calls)
	}
}

func TestCasesRoundTrip(t *testing.T) {
	all, err := cases.All()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range all {
		if !c.Stream {
			continue
		}
		for seed := int64(0); seed < 3; seed++ {
			evs, err := pieces(t, chunks.Reader(c.Upstream, seed, 7), 0)
			if err != nil {
				t.Fatal(err)
			}
			if join(evs) != string(c.Upstream) {
				t.Fatalf("%s/%s: framing changed the bytes", c.Protocol, c.Name)
			}
			for _, e := range evs[:len(evs)-1] {
				if !e.Complete {
					t.Errorf("%s/%s: incomplete piece %q before the end", c.Protocol, c.Name, e.Raw)
				}
			}
		}
	}
}

func FuzzFraming(f *testing.F) {
	for _, c := range cases.ForTest(f) {
		f.Add(c.Upstream, uint8(3), uint16(0))
	}
	f.Add([]byte("data: 1\r\n\r\r\n\n:x\r"), uint8(1), uint16(8))
	f.Fuzz(func(t *testing.T, in []byte, chunk uint8, max uint16) {
		r := iotest.OneByteReader(bytes.NewReader(in))
		if chunk > 1 {
			r = chunks.Reader(in, int64(chunk), 7)
		}
		evs, err := pieces(t, r, int(max))
		if err != nil {
			t.Fatal(err)
		}
		if join(evs) != string(in) {
			t.Fatalf("framing changed the bytes")
		}
		whole, err := pieces(t, bytes.NewReader(in), 0)
		if err != nil {
			t.Fatal(err)
		}
		if max == 0 && len(whole) != len(evs) {
			t.Fatalf("chunking changed the framing: %d vs %d pieces", len(evs), len(whole))
		}
	})
}

func BenchmarkFraming(b *testing.B) {
	ev := `event: content_block_delta` + "\n" + `data: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"hello world, this is text"}}` + "\n\n"
	in := []byte(strings.Repeat(ev, 10000))
	b.SetBytes(int64(len(in)))
	for b.Loop() {
		fr := &Reader{R: bytes.NewReader(in)}
		for {
			ev, err := fr.Next()
			if err != nil {
				break
			}
			ev.Fields()
		}
	}
}

func TestLineEnding(t *testing.T) {
	for in, want := range map[string]string{"data: x\r\n\r\n": "\r\n", "data: x\r\r": "\r", "data: x\n\n": "\n", "data: x": "\n", "": "\n", "a\rb\n": "\r"} {
		if got := string(LineEnding([]byte(in))); got != want {
			t.Errorf("LineEnding(%q) = %q, want %q", in, got, want)
		}
	}
}
