package sample

import (
	"bufio"
	"bytes"
	"crypto/rand"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"unicode/utf8"
)

// readChunk is how much of a body the writer reads at a time, in bytes.
const readChunk = 32 << 10

// streamed is one body written from its source rather than from memory: a Server-Sent Events
// body (the bodies that grow to megabytes), redacted by streamScan and encoded chunk by chunk.
type streamed struct {
	src    *io.SectionReader // the body as captured
	known  []string          // credentials of the exchange, replaced first (replaceKnown)
	ranges [][2]int          // merged ranges to replace, in the text after known
	valid  bool              // the redacted body is UTF-8: written as "body", else "body_base64"
	marker string            // what stands for the body in the encoded skeleton, quotes included
}

// open returns the body with the known credentials replaced, from its start, and the readers
// that replace them (each counts what it replaced).
func (b *streamed) open() (io.Reader, []*knownReader) {
	var r io.Reader = io.NewSectionReader(b.src, 0, b.src.Size())
	var krs []*knownReader
	for _, k := range b.known {
		kr := &knownReader{r: r, secret: []byte(k)}
		krs = append(krs, kr)
		r = kr
	}
	return r, krs
}

// prepare scans the body (redaction ranges, UTF-8) and returns how many secrets it replaces.
func (b *streamed) prepare(chunk int, scan *streamScan) (int, error) {
	r, krs := b.open()
	if b.knownAbsent() {
		scan.at = b.src // what the scan reads is the source itself
	}
	found, err := scan.scan(r, chunk)
	if errors.Is(err, errTooMuchHeld) {
		// No place to cut within the bound (an unbroken multi-megabyte token): read it whole.
		r, krs = b.open()
		var whole []byte
		if whole, err = io.ReadAll(r); err == nil {
			found = findRanges(whole, true)
		}
	}
	if err != nil {
		return 0, fmt.Errorf("reading a captured body: %w", err)
	}
	n := 0
	for _, kr := range krs {
		n += kr.n
	}
	b.ranges = merge(found)
	n += len(b.ranges)
	v := utf8Check{ok: true}
	if err := b.each(chunk, v.write); err != nil {
		return 0, err
	}
	b.valid = v.ok && v.n == 0
	return n, nil
}

// knownAbsent reports whether no known credential occurs in the body (reading it once when there
// are any to look for).
func (b *streamed) knownAbsent() bool {
	if len(b.known) == 0 {
		return true
	}
	r, krs := b.open()
	if _, err := io.Copy(io.Discard, r); err != nil {
		return false
	}
	for _, kr := range krs {
		if kr.n > 0 {
			return false
		}
	}
	return true
}

// each calls fn with the redacted body, in pieces of at most about chunk bytes.
func (b *streamed) each(chunk int, fn func([]byte) error) error {
	r, _ := b.open()
	buf := make([]byte, chunk)
	off, ri := 0, 0
	for {
		n, err := io.ReadFull(r, buf)
		p := buf[:n]
		for len(p) > 0 {
			if ri < len(b.ranges) && b.ranges[ri][0] < off+len(p) {
				rs, re := b.ranges[ri][0], b.ranges[ri][1]
				if rs > off {
					if e := fn(p[:rs-off]); e != nil {
						return e
					}
					p, off = p[rs-off:], rs
				}
				if rs == off {
					if e := fn([]byte(Marker)); e != nil {
						return e
					}
				}
				skip := min(re-off, len(p))
				p, off = p[skip:], off+skip
				if off >= re {
					ri++
				}
				continue
			}
			if e := fn(p); e != nil {
				return e
			}
			off += len(p)
			p = nil
		}
		if err == io.EOF || err == io.ErrUnexpectedEOF {
			return nil
		}
		if err != nil {
			return fmt.Errorf("reading a captured body: %w", err)
		}
	}
}

// knownReader replaces every occurrence of secret in what r gives by Marker, as bytes.ReplaceAll
// does on the whole (leftmost, without overlaps), holding back len(secret)-1 bytes, and counts them.
type knownReader struct {
	r      io.Reader
	secret []byte
	in     []byte // read, not yet looked at
	out    []byte // ready
	buf    []byte
	eof    bool
	n      int
}

func (k *knownReader) Read(p []byte) (int, error) {
	for len(k.out) == 0 {
		if k.eof {
			if len(k.in) == 0 {
				return 0, io.EOF
			}
			k.out, k.in = append(k.out, k.in...), k.in[:0]
			break
		}
		if k.buf == nil {
			k.buf = make([]byte, readChunk)
		}
		n, err := k.r.Read(k.buf)
		k.in = append(k.in, k.buf[:n]...)
		if err == io.EOF {
			k.eof = true
		} else if err != nil {
			return 0, err
		}
		for {
			i := bytes.Index(k.in, k.secret)
			if i < 0 {
				break
			}
			k.out = append(k.out, k.in[:i]...)
			k.out = append(k.out, Marker...)
			k.in = k.in[i+len(k.secret):]
			k.n++
		}
		if keep := len(k.secret) - 1; len(k.in) > keep && !k.eof {
			k.out = append(k.out, k.in[:len(k.in)-keep]...)
			k.in = append(k.in[:0:0], k.in[len(k.in)-keep:]...)
		}
	}
	n := copy(p, k.out)
	k.out = k.out[n:]
	if len(k.out) == 0 {
		k.out = nil
	}
	return n, nil
}

// utf8Check tells whether the pieces written to it make valid UTF-8 together.
type utf8Check struct {
	ok    bool // start it true
	carry [utf8.UTFMax]byte
	n     int // carry[:n] is a character begun, not yet whole
}

func (v *utf8Check) write(p []byte) error {
	for v.ok && v.n > 0 && len(p) > 0 { // complete the character begun
		v.carry[v.n] = p[0]
		v.n++
		p = p[1:]
		if utf8.FullRune(v.carry[:v.n]) {
			v.ok = utf8.Valid(v.carry[:v.n])
			v.n = 0
		}
	}
	if !v.ok || len(p) == 0 {
		return nil
	}
	i := whole(p) // the last character, when p does not hold it whole, waits in carry
	v.ok = utf8.Valid(p[:i])
	v.n = copy(v.carry[:], p[i:])
	return nil
}

// whole returns the length of the longest start of p, not empty, that does not end inside a
// character: len(p), or the start of its last character when p does not hold it whole.
func whole(p []byte) int {
	j := len(p) - 1
	for j > 0 && len(p)-j < utf8.UTFMax && !utf8.RuneStart(p[j]) {
		j--
	}
	if !utf8.FullRune(p[j:]) {
		return j
	}
	return len(p)
}

// stringWriter writes the pieces given to it as the content of one JSON string (without the
// quotes), escaped exactly as encoding/json escapes a valid UTF-8 string with HTML escaping off:
// '"' and '\\' by a backslash, \b \f \n \r \t, other control bytes as \u00XX, and U+2028, U+2029
// as \u2028, \u2029. The pieces together must be valid UTF-8; a piece may end inside a character.
type stringWriter struct {
	w       *bufio.Writer
	carry   [utf8.UTFMax]byte
	n       int
	scratch [6]byte
}

func (s *stringWriter) write(p []byte) error {
	for s.n > 0 && len(p) > 0 {
		s.carry[s.n] = p[0]
		s.n++
		p = p[1:]
		if utf8.FullRune(s.carry[:s.n]) {
			k := s.n
			s.n = 0
			if err := s.escape(s.carry[:k]); err != nil {
				return err
			}
		}
	}
	if len(p) == 0 {
		return nil
	}
	i := whole(p)
	s.n = copy(s.carry[:], p[i:])
	return s.escape(p[:i])
}

const hexDigits = "0123456789abcdef"

// escape writes p, whole characters, escaped.
func (s *stringWriter) escape(p []byte) error {
	start := 0
	for i := 0; i < len(p); {
		c := p[i]
		var esc []byte
		size := 1
		switch {
		case c == '"' || c == '\\':
			esc = append(s.scratch[:0], '\\', c)
		case c == '\b':
			esc = append(s.scratch[:0], '\\', 'b')
		case c == '\f':
			esc = append(s.scratch[:0], '\\', 'f')
		case c == '\n':
			esc = append(s.scratch[:0], '\\', 'n')
		case c == '\r':
			esc = append(s.scratch[:0], '\\', 'r')
		case c == '\t':
			esc = append(s.scratch[:0], '\\', 't')
		case c < 0x20:
			esc = append(s.scratch[:0], '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
		case c == 0xE2 && i+2 < len(p) && p[i+1] == 0x80 && (p[i+2] == 0xA8 || p[i+2] == 0xA9):
			esc, size = append(s.scratch[:0], '\\', 'u', '2', '0', '2', hexDigits[p[i+2]&0xF]), 3
		default:
			i++
			continue
		}
		if _, err := s.w.Write(p[start:i]); err != nil {
			return err
		}
		if _, err := s.w.Write(esc); err != nil {
			return err
		}
		i += size
		start = i
	}
	_, err := s.w.Write(p[start:])
	return err
}

func (s *stringWriter) close() error {
	if s.n > 0 { // cannot be: the body is valid UTF-8
		return fmt.Errorf("encoding a sample: a body ends inside a character")
	}
	return nil
}

// write writes the body's encoded value (quotes included) to w.
func (b *streamed) write(w *bufio.Writer, chunk int) error {
	if !b.valid {
		if err := w.WriteByte('"'); err != nil {
			return err
		}
		enc := base64.NewEncoder(base64.StdEncoding, w)
		if err := b.each(chunk, func(p []byte) error { _, err := enc.Write(p); return err }); err != nil {
			return err
		}
		if err := enc.Close(); err != nil {
			return err
		}
		return w.WriteByte('"')
	}
	if err := w.WriteByte('"'); err != nil {
		return err
	}
	sw := &stringWriter{w: w}
	if err := b.each(chunk, sw.write); err != nil {
		return err
	}
	if err := sw.close(); err != nil {
		return err
	}
	return w.WriteByte('"')
}

// placeholder returns a body that stands for b in the skeleton, and sets b.marker to its encoding
// there: a random ASCII word when the body is UTF-8, else random bytes that are not (so that the
// skeleton says body_base64).
func (b *streamed) placeholder() []byte {
	var nonce [24]byte
	_, _ = rand.Read(nonce[:])
	if b.valid {
		p := "toolfix-body-" + hex.EncodeToString(nonce[:])
		b.marker = `"` + p + `"`
		return []byte(p)
	}
	p := append([]byte{0xff}, nonce[:]...)
	b.marker = `"` + base64.StdEncoding.EncodeToString(p) + `"`
	return p
}

// redactStreamed is Exchange.Redact for writing: the headers, URLs, error and the bodies that are
// not streams are redacted in place as Redact does; each stream body (read from sources[p] when
// set, else from p.Body) is scanned and returned, in the order of the file, with p.Body set to its
// placeholder. Every count is added to x.Redacted.
func (x *Exchange) redactStreamed(sources map[*Part]*io.SectionReader, chunk int, newScan func() *streamScan) ([]*streamed, map[*Part][]byte, error) {
	var out []*streamed
	kept := map[*Part][]byte{}
	err := x.redactEach(func(p *Part, stream bool, known []string) (int, error) {
		src := sources[p]
		if stream && (src != nil && src.Size() > 0 || src == nil && len(p.Body) > 0) {
			if src == nil {
				src = io.NewSectionReader(bytes.NewReader(p.Body), 0, int64(len(p.Body)))
			}
			b := &streamed{src: src, known: known}
			n, err := b.prepare(chunk, newScan())
			if err != nil {
				return 0, err
			}
			kept[p] = p.Body
			p.Body = b.placeholder()
			out = append(out, b)
			return n, nil
		}
		if src != nil {
			body, err := io.ReadAll(io.NewSectionReader(src, 0, src.Size()))
			if err != nil {
				return 0, fmt.Errorf("reading a captured body: %w", err)
			}
			p.Body = body
		}
		return p.redactBody(stream, known), nil
	})
	return out, kept, err
}

// writeTo writes x as a sample file to w, reading sources[p] for the body of part p when set: the
// bytes Redact then Marshal would give, with each stream body redacted and encoded as it is read,
// in chunks of chunk bytes. x is redacted in place as Redact does, except the stream bodies,
// which are left as they were.
func (x *Exchange) writeTo(w io.Writer, sources map[*Part]*io.SectionReader, chunk int, newScan func() *streamScan) error {
	bodies, kept, err := x.redactStreamed(sources, chunk, newScan)
	for p, b := range kept {
		defer func() { p.Body = b }()
	}
	if err != nil {
		return err
	}
	data, err := x.Marshal()
	if err != nil {
		return fmt.Errorf("encoding a sample: %w", err)
	}
	bw := bufio.NewWriterSize(w, readChunk)
	for _, b := range bodies {
		i := bytes.Index(data, []byte(b.marker))
		if i < 0 || bytes.Count(data, []byte(b.marker)) != 1 {
			return fmt.Errorf("encoding a sample: the place of a body is not found once")
		}
		if _, err := bw.Write(data[:i]); err != nil {
			return err
		}
		if err := b.write(bw, chunk); err != nil {
			return err
		}
		data = data[i+len(b.marker):]
	}
	if _, err := bw.Write(data); err != nil {
		return err
	}
	return bw.Flush()
}
