package sample

import (
	"bytes"
	"fmt"
	"io"
	"math/rand"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/toolfix/toolfix/proxy/cases"
)

// oneByteReader gives at most n bytes a read, so that the scan meets every chunking.
type shortReader struct {
	r io.Reader
	n int
}

func (s *shortReader) Read(p []byte) (int, error) { return s.r.Read(p[:min(len(p), s.n)]) }

// streamSeeds are SSE bodies with secrets split across deltas, next to cuts, inside PEM blocks.
var streamSeeds = []string{
	// Discriminators and keys longer than a skeleton keeps: the deltas still join.
	"data: {\"type\":\"" + strings.Repeat("x", 70) + "\",\"index\":1,\"" + strings.Repeat("k", 80) + "\":{\"t\":\"see sk-ant-ap\"}}\n\n" +
		"data: {\"type\":\"" + strings.Repeat("y", 70) + "\",\"index\":1,\"" + strings.Repeat("k", 80) + "\":{\"t\":\"i03-Zq9abcdefgh\"}}\n\n" +
		"data: {\"type\":\"" + strings.Repeat("x", 70) + "\",\"index\":1,\"" + strings.Repeat("k", 80) + "\":{\"t\":\"i03-Zq9abcdefgh \\u00e9\\\"" + strings.Repeat("é", 40) + "\"}}\n\n" +
		"data: {\"a\":\"" + strings.Repeat("z", 70) + "\u0001\"}\n\ndata: {\"a\":\"" + strings.Repeat("z", 70) + "\\q\"}\n\ndata: {\"a\":\"" + strings.Repeat("z", 70) + "\n",
	"data: {\"type\":\"content_block_delta\",\"index\":1,\"delta\":{\"type\":\"input_json_delta\",\"partial_json\":\"{\\\"k\\\": [\\\"sk-ant-ap\"}}\n\n" +
		"data: {\"type\":\"ping\"}\n\n" +
		"data: {\"type\":\"content_block_delta\",\"index\":1,\"delta\":{\"type\":\"input_json_delta\",\"partial_json\":\"i03-Zq9\\\"], (x) \\\"password\\\": \\\"hunter2hunter2\\\"}\"}}\n\n",
	"data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"a, b; -----BEGIN RSA PRIVATE KEY-----\\nMII, (x) \"}}]}\r\n\r\n" +
		"data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"Ab, [c] \\n-----END RSA PRIVATE KEY----- , (y) AbCdEfGhIjKlMnOpQrStUvWxYz0123456789\"}}]}\r\n\r\n",
	"data: {\"a\":\"see http://user:pa,ss{w}@host/ and ?key=ab,cd{e}fgh12 & \\\"x\\\"\"}\r" +
		"data: {\"a\":\"Bearer abcdef1234567890, {\\\"api_key\\\": \\\"abcdefgh12345678\\\"}\"}\r\n" +
		": comment Bearer tok12345678\n" +
		"data: not json sk-proj-Ab12Cd34Ef56Gh78Ij90Kl12\n",
	"data: {\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"signature_delta\",\"signature\":\"EqQBCkYIBxgCKkDsig4985EqQBCkYIBxgCKkD\"}}\n\n" +
		"data: {\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"signature_delta\",\"signature\":\"sig4985EqQBCkYIBxgCKkDsig, (a) \"}}\n\n",
}

// fragments are the pieces secrets and cuts are made of; fragmentBodies strings them together.
var fragments = []string{"sk-ant-api03-", "sk-", "Bearer ", "-----BEGIN RSA PRIVATE KEY-----", "-----END RSA PRIVATE KEY-----",
	"http://u:", "@h/", "?key=", "&token=", "api_key", `\"password\": \"`, "AbCdEf0123456789XyZ", "eyJhbGciOi", ".", `\n`,
	`\u00e9`, `\\`, `\"`, ",", " ", "{", "}", "[", "]", "(", ")", ";", "&", "<", ">", "'", "\t", ":", "=", "ghp_", "AKIA", "xyz", "Q9", "_"}

// fragmentBodies returns n SSE bodies (the same ones every run) of a few events whose text is
// made of fragments: secrets of every shape, split across deltas, next to every kind of cut.
func fragmentBodies(n int) [][]byte {
	r := rand.New(rand.NewSource(7))
	out := make([][]byte, n)
	for i := range out {
		var b bytes.Buffer
		for e := 1 + r.Intn(6); e > 0; e-- {
			var s strings.Builder
			for k := r.Intn(30); k > 0; k-- {
				s.WriteString(fragments[r.Intn(len(fragments))])
			}
			if r.Intn(5) == 0 {
				fmt.Fprintf(&b, "data: %s\n\n", s.String())
			} else {
				fmt.Fprintf(&b, "data: {\"type\":\"content_block_delta\",\"index\":%d,\"delta\":{\"text\":\"%s\"}}\n\n", r.Intn(2), s.String())
			}
		}
		out[i] = b.Bytes()
	}
	return out
}

// TestStreamScanFragments: on bodies made of secret fragments (most hold several secrets), the
// streamed scan finds what the whole-body redaction finds, with every cut size and chunking.
func TestStreamScanFragments(t *testing.T) {
	hits := 0
	for i, body := range fragmentBodies(2000) {
		whole := merge(findRanges(body, true))
		if len(whole) > 0 {
			hits++
		}
		s := newStreamScan()
		s.cutSize, s.maxPending = 1+i%16, 1<<30
		if i%2 == 0 {
			s.at, s.longLine = bytes.NewReader(body), 1+i%20
		}
		got, err := s.scan(&shortReader{bytes.NewReader(body), 1 + i%9}, 13)
		if err != nil {
			t.Fatal(err)
		}
		if g := merge(got); fmt.Sprint(g) != fmt.Sprint(whole) {
			a, _ := apply(body, whole)
			b, _ := apply(body, g)
			t.Fatalf("body %d, cut %d:\n%q\nwhole:    %q\nstreamed: %q", i, s.cutSize, body, a, b)
		}
	}
	if hits < 1000 {
		t.Fatalf("only %d of the bodies hold a secret: the test proves little", hits)
	}
}

// FuzzStreamScan: the streamed scan finds exactly what the whole-body redaction finds, for any
// body, any chunking of the reads and any cut size (1 byte makes a cut at every place allowed).
func FuzzStreamScan(f *testing.F) {
	for _, s := range streamSeeds {
		f.Add([]byte(s), 7, 3)
	}
	for i, b := range fragmentBodies(20) {
		f.Add(b, i, i+1)
	}
	for _, c := range cases.ForTest(f) {
		if c.Stream {
			f.Add(c.Upstream, 5, 16)
		}
	}
	f.Fuzz(func(t *testing.T, body []byte, chunk, cut int) {
		chunk, cut = 1+abs(chunk)%64, 1+abs(cut)%64
		whole := merge(findRanges(body, true))
		s := newStreamScan()
		s.cutSize, s.maxPending = cut, 1<<30
		if cut%2 == 0 {
			s.at, s.longLine = bytes.NewReader(body), cut/2
		}
		got, err := s.scan(&shortReader{bytes.NewReader(body), chunk}, chunk)
		if err != nil {
			t.Fatal(err)
		}
		if g := merge(got); fmt.Sprint(g) != fmt.Sprint(whole) {
			a, _ := apply(body, whole)
			b, _ := apply(body, g)
			t.Fatalf("streamed ranges %v, whole %v\nwhole:    %q\nstreamed: %q", g, whole, a, b)
		}
	})
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// sampleOf is an exchange whose response is the SSE body given and whose client body is the same
// with one repaired line, with credentials in its headers that the body echoes.
func sampleOf(body []byte) *Exchange {
	client := append(bytes.Clone(body), "data: {\"type\":\"message_delta\",\"delta\":{\"stop_reason\":\"tool_use\"}}\n\n"...)
	return &Exchange{
		Time: time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC), Route: "r", Dialect: "anthropic", Method: "POST",
		Path: "/v1/messages?key=CANARYquery0004", Upstream: "https://user:CANARYpass0005@gateway.example",
		Request: Part{Header: http.Header{"X-Api-Key": {"CANARYkey0001"}, "Content-Type": {"application/json"}},
			Body: []byte(`{"model":"m","messages":[{"role":"user","content":"CANARYkey0001 sk-ant-api03-AbCdEf123456789xyz"}]}`)},
		Response: Part{Status: 200, Header: http.Header{"Content-Type": {"text/event-stream"}}, Body: body},
		Client:   &Part{Body: client, Truncated: true},
		Repairs:  []Repair{{Kind: "coerce", Tool: "T"}},
		Error:    "reading upstream: CANARYkey0001",
	}
}

// clone copies x deeply enough for Redact to leave the original alone.
func clone(x *Exchange) *Exchange {
	y := *x
	y.Request.Body = bytes.Clone(x.Request.Body)
	y.Response.Body = bytes.Clone(x.Response.Body)
	if x.Client != nil {
		c := *x.Client
		c.Body = bytes.Clone(x.Client.Body)
		y.Client = &c
	}
	return &y
}

// written is the file writeTo makes of x, its bodies read from sources over their bytes.
func written(t *testing.T, x *Exchange, chunk int, scan func() *streamScan) []byte {
	t.Helper()
	x = clone(x)
	src := map[*Part]*io.SectionReader{&x.Response: io.NewSectionReader(bytes.NewReader(x.Response.Body), 0, int64(len(x.Response.Body)))}
	if x.Client != nil {
		src[x.Client] = io.NewSectionReader(bytes.NewReader(x.Client.Body), 0, int64(len(x.Client.Body)))
		x.Client.Body = nil
	}
	x.Response.Body = nil
	var out bytes.Buffer
	if err := x.writeTo(&out, src, chunk, scan); err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}

// marshalled is the file Redact then Marshal make of x.
func marshalled(t *testing.T, x *Exchange) []byte {
	t.Helper()
	x = clone(x)
	x.Redact()
	data, err := x.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// TestWriteToIsMarshal: the sample written by streaming is the file Redact then Marshal make,
// byte for byte, for every stream of the repair cases, bodies that are not UTF-8 or not streams,
// and when the scan must give up (no cut within its bound) and read the body whole.
func TestWriteToIsMarshal(t *testing.T) {
	all := cases.ForTest(t, "anthropic")
	var bodies [][]byte
	for _, s := range streamSeeds {
		bodies = append(bodies, []byte(s))
	}
	for _, c := range all {
		if c.Stream {
			bodies = append(bodies, c.Upstream)
		}
	}
	bodies = append(bodies, []byte("data: {\"a\":\"\xff\xfe CANARYkey0001\"}\n\n"), []byte("data: é\u2028\u2029\x01\x7f\b\f\t\"\\<>&\n"+strings.Repeat("é", readChunk)+"😀\n"), nil)
	scans := map[string]func() *streamScan{
		"default": newStreamScan,
		"tiny":    func() *streamScan { s := newStreamScan(); s.cutSize, s.longLine = 1, 3; return s },
		"gives up": func() *streamScan {
			s := newStreamScan()
			s.cutSize, s.maxPending = 4, 8
			return s
		},
	}
	for i, body := range bodies {
		for name, scan := range scans {
			for _, chunk := range []int{1, 3, 64, readChunk} {
				x := sampleOf(body)
				want, got := marshalled(t, x), written(t, x, chunk, scan)
				if !bytes.Equal(got, want) {
					t.Fatalf("body %d, scan %s, chunk %d:\n%s", i, name, chunk, firstChange(string(want), string(got)))
				}
				x.Response.Header.Set("Content-Type", "application/json")
				want, got = marshalled(t, x), written(t, x, chunk, scan)
				if !bytes.Equal(got, want) {
					t.Fatalf("not a stream: body %d, scan %s, chunk %d:\n%s", i, name, chunk, firstChange(string(want), string(got)))
				}
			}
		}
	}
}

// FuzzWriteTo: for any stream body and chunking, the streamed sample is Redact then Marshal.
func FuzzWriteTo(f *testing.F) {
	for _, s := range streamSeeds {
		f.Add([]byte(s), 5, 2, false)
	}
	f.Add([]byte("data: CANARYkey0001 \xff\n\n"), 1, 1, true)
	f.Fuzz(func(t *testing.T, body []byte, chunk, cut int, giveUp bool) {
		chunk, cut = 1+abs(chunk)%64, 1+abs(cut)%64
		scan := func() *streamScan {
			s := newStreamScan()
			s.cutSize, s.longLine = cut, chunk
			if giveUp {
				s.maxPending = cut
			}
			return s
		}
		x := sampleOf(body)
		if want, got := marshalled(t, x), written(t, x, chunk, scan); !bytes.Equal(got, want) {
			t.Fatalf("%s", firstChange(string(want), string(got)))
		}
	})
}
