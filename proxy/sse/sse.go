// Package sse frames a Server-Sent Events stream into events while keeping every byte as it came.
//
// It knows nothing of any API. A Reader cuts the stream into pieces: each piece is the lines of one
// event up to and including the blank line that ends it; a blank line with no event before it is a
// piece of its own; a last event with no blank line after it is returned at end of stream with
// Complete false. Line endings may be LF, CR or CRLF, mixed; comment lines (": ping"), "data:" with
// or without a space, and a byte order mark at the start are kept in Raw and understood by Fields.
// Concatenating every piece's Raw gives the input back byte for byte.
//
// An event larger than the Reader's limit is not buffered whole: it comes out as consecutive pieces
// with Oversize set, the last of them ending where the event ends, so that a caller can pass it
// through unrepaired without holding it in memory.
package sse

import (
	"bytes"
	"errors"
	"io"
)

// DefaultMaxEvent is the size limit of one event, in bytes, when Reader.MaxEvent is zero: 8 MiB.
const DefaultMaxEvent = 8 << 20

// readSize is how much the Reader asks of the underlying reader at a time, in bytes.
const readSize = 32 << 10

// idleRead is the size of the small buffer a Reader reads into when nothing is buffered and the
// stream trickles (its last read was shorter than idleRead, as when a model streams tokens): an
// idle stream then holds idleRead bytes rather than a readSize buffer. A read that fills it marks
// the stream as bulk, and the Reader goes back to readSize reads.
const idleRead = 2 << 10

// Event is one piece of the stream. Raw is valid only until the next call of Reader.Next, or, for a
// Reader with BeforeRead, until BeforeRead returns (the buffer is kept as it is until then).
type Event struct {
	// Raw holds the piece's bytes exactly as they arrived, line endings and comments included.
	Raw []byte
	// Complete is true when the piece ends with the blank line that dispatches an event; false for a
	// last event cut off by the end of the stream, and for Oversize pieces but the last.
	Complete bool
	// Oversize is true for the pieces of an event larger than the limit; such pieces are not whole
	// events and must be passed through as they are.
	Oversize bool

	// lfLines is the number of lines of a complete piece, its blank last line included, when the
	// Reader found each of them ended by LF alone (the piece holds no CR); 0 when unknown (a piece
	// built by hand, one with a CR, an Oversize or incomplete piece). See LFLines.
	lfLines int
}

// LFLines returns the number of lines of the piece, the blank line that ends it included, when the
// Reader that framed it found every line ended by LF alone, so that the piece holds no CR (issue 21
// item 3: the framer's own line count, so that a reader of the piece need not search it for line
// endings again). ok is false when that is not known: a piece with a CR, an Oversize or incomplete
// piece, or an Event not made by a Reader.
func (ev Event) LFLines() (n int, ok bool) { return ev.lfLines, ev.lfLines > 0 }

// Fields is Fields(ev.Raw), read from the framer's line count where it has one: a piece of two or
// three LF lines, "data: <data>\n\n" or "event: <name>\ndata: <data>\n\n", is read without
// searching its data for a line ending (FuzzEventFields holds it to Fields).
func (ev Event) Fields() (name, data []byte, hasData bool) {
	raw := ev.Raw
	switch ev.lfLines {
	case 3:
		if !bytes.HasPrefix(raw, eventPrefix) {
			break
		}
		i := bytes.IndexByte(raw[len(eventPrefix):], '\n') + len(eventPrefix)
		if rest := raw[i+1:]; bytes.HasPrefix(rest, dataPrefix) {
			return raw[len(eventPrefix):i], rest[len(dataPrefix) : len(rest)-2], true
		}
	case 2:
		if bytes.HasPrefix(raw, dataPrefix) {
			return nil, raw[len(dataPrefix) : len(raw)-2], true
		}
	}
	return Fields(raw)
}

// FramedData returns the data of a piece shaped exactly head + data + "\n\n", head being the
// piece's first lines up to its data ("event: <type>\ndata: "), with one data line and LF endings;
// ok is false for any other piece. Where the framer counted the piece's lines (LFLines) the data is
// not searched for a line ending.
func (ev Event) FramedData(head []byte) ([]byte, bool) {
	raw := ev.Raw
	if !bytes.HasPrefix(raw, head) || len(raw) < len(head)+2 || raw[len(raw)-1] != '\n' || raw[len(raw)-2] != '\n' {
		return nil, false
	}
	data := raw[len(head) : len(raw)-2]
	if ev.lfLines > 0 {
		if ev.lfLines != bytes.Count(head, newline)+2 {
			return nil, false
		}
		return data, true
	}
	if bytes.IndexByte(data, '\n') >= 0 || bytes.IndexByte(data, '\r') >= 0 {
		return nil, false
	}
	return data, true
}

var newline = []byte("\n")

// Reader frames SSE events from R. The zero value is not usable: set R (MaxEvent may stay zero).
type Reader struct {
	// R is the stream being framed.
	R io.Reader
	// MaxEvent is the largest event, in bytes, returned whole; zero means DefaultMaxEvent.
	MaxEvent int
	// BeforeRead, when not nil, is called before each Read of R that may block, that is whenever no
	// complete piece is left in the buffer. A proxy flushes its output there, so that events are
	// delivered as soon as they are framed, and in batches when many arrive at once.
	BeforeRead func()
	// AfterRead, when not nil, is called after each Read that BeforeRead came before, whatever it
	// returned. A proxy takes back there what BeforeRead let go (a lock held while it works
	// through the events of one read).
	AfterRead func()

	buf      []byte // buffered bytes; buf[off:] is not yet returned
	off      int    // start of the current piece in buf
	scan     int    // bytes of buf[off:] already scanned without finding the piece's end
	lineLen  int    // length of the current (unterminated) line within the scanned bytes
	oversize bool   // inside an event larger than the limit
	err      error  // sticky error from R
	bulk     bool   // the last read filled at least idleRead bytes
	small    [idleRead]byte
	// cr is the index in buf of the first CR at or after the last position asked of crFrom, or -1
	// when buf[:crDone] holds none there; crDone is how far buf has been searched for CR. Each
	// byte is searched for CR once (issue 21 item 3): on a stream with LF endings only, one
	// search per read finds none, and the framer looks for LF alone.
	cr, crDone int
	// lines counts the LF-ended lines of the current piece scanned so far; sawCR is set when one of
	// its lines ended by CR (see Event.LFLines).
	lines int
	sawCR bool
}

// Next returns the next piece of the stream. At the end of the stream it returns io.EOF (after any
// last incomplete piece); any other error of R is returned as it is, after the bytes read before it.
func (r *Reader) Next() (Event, error) {
	max := r.Limit()
	for {
		if end, ok := r.findEnd(); ok {
			ev := Event{Raw: r.buf[r.off : r.off+end], Complete: true, Oversize: r.oversize || end > max}
			if !ev.Oversize && !r.sawCR {
				ev.lfLines = r.lines
			}
			r.off += end
			r.scan, r.lineLen, r.oversize, r.lines, r.sawCR = 0, 0, false, 0, false
			return ev, nil
		}
		pending := len(r.buf) - r.off
		if r.err != nil {
			if pending > 0 {
				ev := Event{Raw: r.buf[r.off:], Oversize: r.oversize}
				r.off = len(r.buf)
				r.scan, r.lineLen, r.lines, r.sawCR = 0, 0, 0, false
				return ev, nil
			}
			return Event{}, r.err
		}
		if pending >= max {
			// Hand out what is scanned, keeping back a trailing CR whose LF may follow.
			n := r.scan
			if n > 0 && r.buf[r.off+n-1] == '\r' {
				n--
			}
			if n > 0 {
				ev := Event{Raw: r.buf[r.off : r.off+n], Oversize: true}
				r.oversize = true
				r.off += n
				r.scan -= n
				return ev, nil
			}
		}
		r.fill()
	}
}

// Ahead returns the bytes buffered past the last piece Next returned, which the Reader has not
// looked at yet: the start of the next piece or pieces, as far as they have been read. It is nil
// inside an event over the limit (between its Oversize pieces) and when nothing is buffered. The
// slice is valid until the next call of Next or Skip, and, for a Reader with BeforeRead, until
// BeforeRead returns (see Event.Raw). A caller may take whole pieces from its start itself and
// tell the Reader with Skip (issue 21 item 3: a run of healthy events read in one go).
func (r *Reader) Ahead() []byte {
	if r.scan != 0 || r.lineLen != 0 || r.oversize || r.off == len(r.buf) {
		return nil
	}
	return r.buf[r.off:]
}

// Skip consumes the first n bytes of Ahead, which the caller has taken as whole pieces: n must be
// 0 or the length of one or more complete pieces at the start of Ahead (each ending with the blank
// line that dispatches an event, none longer than Limit), so that Next goes on with the piece after
// them exactly as if it had returned them. It panics when n is negative or longer than Ahead.
func (r *Reader) Skip(n int) {
	if n < 0 || n > len(r.Ahead()) {
		panic("sse: Skip beyond the bytes ahead")
	}
	r.off += n
}

// Limit is the largest event, in bytes, that Next returns whole: MaxEvent, or DefaultMaxEvent
// when that is zero or less.
func (r *Reader) Limit() int {
	if r.MaxEvent <= 0 {
		return DefaultMaxEvent
	}
	return r.MaxEvent
}

// fill reads more of R into the buffer, compacting it first. With nothing buffered on a trickling
// stream it reads into the small buffer and lets a large one go (see idleRead). BeforeRead comes
// before the buffer is touched, so that every piece returned since the last read is still where it
// was while BeforeRead runs: a caller may write pieces out there without having copied them.
func (r *Reader) fill() {
	if r.BeforeRead != nil {
		r.BeforeRead()
	}
	if r.off == len(r.buf) && !r.bulk {
		r.buf, r.off = r.small[:0], 0
		r.cr, r.crDone = -1, 0
	} else {
		if r.off > 0 && (r.off == len(r.buf) || len(r.buf)+readSize > cap(r.buf)) {
			n := copy(r.buf, r.buf[r.off:])
			r.buf = r.buf[:n]
			r.cr, r.crDone = max(r.cr-r.off, -1), max(r.crDone-r.off, 0)
			if r.cr < 0 {
				r.cr = -1 // it was before off: found again by crFrom if need be
			}
			r.off = 0
		}
		if cap(r.buf)-len(r.buf) < readSize/2 {
			nb := make([]byte, len(r.buf), 2*cap(r.buf)+readSize)
			copy(nb, r.buf)
			r.buf = nb
		}
	}
	n, err := r.R.Read(r.buf[len(r.buf):cap(r.buf)])
	if r.AfterRead != nil {
		r.AfterRead()
	}
	r.buf = r.buf[:len(r.buf)+n]
	r.bulk = n >= idleRead
	if err != nil {
		r.err = err
		if errors.Is(err, io.EOF) {
			r.err = io.EOF
		}
	}
}

// crFrom returns the index in buf of the first CR at or after abs, or -1 when there is none.
// abs never goes back between calls (but for the shift of a compaction, which fill applies to cr
// and crDone), so each byte is searched once.
func (r *Reader) crFrom(abs int) int {
	if r.cr >= abs {
		return r.cr
	}
	from := max(abs, r.crDone)
	if k := bytes.IndexByte(r.buf[from:], '\r'); k >= 0 {
		r.cr, r.crDone = from+k, from+k+1
		return r.cr
	}
	r.cr, r.crDone = -1, len(r.buf)
	return -1
}

// findEnd scans buf[off:] for the blank line that ends the current piece and returns the piece's
// length. A CR at the very end of the buffer is not decided until the next byte (or the end of the
// stream) shows whether an LF follows. With no CR in what is left to scan, the piece ends at the
// first blank line, found by endLF's search for LF alone.
func (r *Reader) findEnd() (int, bool) {
	b := r.buf[r.off:]
	i := r.scan
	for i < len(b) {
		c := r.crFrom(r.off + i)
		if c < 0 {
			return r.endLF(b, i)
		}
		c -= r.off
		j := bytes.IndexByte(b[i:c], '\n')
		var term, next int // positions of the line terminator and of the byte after it
		switch {
		case j < 0:
			term = c
			if term+1 == len(b) {
				if r.err == nil {
					r.scan, r.lineLen = term, r.lineLen+term-i
					return 0, false
				}
				next = term + 1
			} else if b[term+1] == '\n' {
				next = term + 2
			} else {
				next = term + 1
			}
			r.lineLen += term - i
			r.sawCR = true
		default:
			term, next = i+j, i+j+1
			r.lineLen += j
			r.lines++
		}
		if r.lineLen == 0 {
			return next, true
		}
		r.lineLen = 0
		i = next
	}
	r.scan = i
	return 0, false
}

// endLF is findEnd for b[i:] holding no CR: the piece ends at an LF that starts an empty line. It
// goes line by line, one search for LF each, counting the lines for Event.LFLines (an event of an
// API is two or three lines, so this is about as many searches as one for "\n\n" makes).
func (r *Reader) endLF(b []byte, i int) (int, bool) {
	for {
		j := bytes.IndexByte(b[i:], '\n')
		if j < 0 {
			r.lineLen += len(b) - i
			r.scan = len(b)
			return 0, false
		}
		r.lines++
		if r.lineLen+j == 0 {
			return i + 1, true
		}
		r.lineLen = 0
		i += j + 1
	}
}

var bom = []byte("\xEF\xBB\xBF")

// Fields parses the event in raw (one piece from Next) and returns its event type and its data:
// the values of its "data" lines joined by "\n", with the one space after the colon removed. name is
// nil when there is no "event" line, and hasData is false when there is no "data" line. Comment
// lines, unknown fields and a leading byte order mark are skipped. data may alias raw when the event
// has exactly one data line, so it must not be modified.
func Fields(raw []byte) (name, data []byte, hasData bool) {
	if name, data, ok := compactFields(raw); ok {
		return name, data, true
	}
	return fields(raw)
}

var (
	eventPrefix = []byte("event: ")
	dataPrefix  = []byte("data: ")
)

// compactFields reads the two shapes nearly every event of an API has, "data: <data>\n\n" and
// "event: <name>\ndata: <data>\n\n" with LF endings, in one pass over the piece; ok is false for
// any other piece, which fields reads. Its answer is fields' (FuzzFields holds it to that).
func compactFields(raw []byte) (name, data []byte, ok bool) {
	if len(raw) < len(dataPrefix)+2 || raw[len(raw)-1] != '\n' || raw[len(raw)-2] != '\n' {
		return nil, nil, false
	}
	body := raw[:len(raw)-2]
	if bytes.HasPrefix(body, eventPrefix) {
		i := bytes.IndexByte(body, '\n')
		if i < 0 {
			return nil, nil, false
		}
		name, body = body[len(eventPrefix):i], body[i+1:]
	}
	if !bytes.HasPrefix(body, dataPrefix) || bytes.IndexByte(body, '\n') >= 0 || bytes.IndexByte(raw[:len(raw)-2], '\r') >= 0 {
		return nil, nil, false
	}
	return name, body[len(dataPrefix):], true
}

// fields is Fields for any piece.
func fields(raw []byte) (name, data []byte, hasData bool) {
	raw = bytes.TrimPrefix(raw, bom)
	var joined []byte
	lines := 0
	for len(raw) > 0 {
		var line []byte
		line, raw = CutLine(raw)
		if len(line) == 0 || line[0] == ':' {
			continue
		}
		field, value := line, []byte(nil)
		if c := bytes.IndexByte(line, ':'); c >= 0 {
			field, value = line[:c], line[c+1:]
			if len(value) > 0 && value[0] == ' ' {
				value = value[1:]
			}
		}
		switch string(field) {
		case "event":
			name = value
		case "data":
			hasData = true
			lines++
			switch lines {
			case 1:
				data = value
			case 2:
				joined = append(append(append(joined, data...), '\n'), value...)
				data = joined
			default:
				joined = append(append(joined, '\n'), value...)
				data = joined
			}
		}
	}
	return name, data, hasData
}

// CutLine cuts b at its first line ending (CRLF, CR or LF): line is what comes before it and rest
// what comes after it; with no line ending in b, line is all of b and rest is nil.
func CutLine(b []byte) (line, rest []byte) {
	i := indexEOL(b)
	if i < 0 {
		return b, nil
	}
	if b[i] == '\r' && i+1 < len(b) && b[i+1] == '\n' {
		return b[:i], b[i+2:]
	}
	return b[:i], b[i+1:]
}

// indexEOL returns the index of the first CR or LF in b, or -1. It is bytes.IndexAny(b, "\r\n")
// without IndexAny's per-call set building, which dominates on short lines.
func indexEOL(b []byte) int {
	i := bytes.IndexByte(b, '\n')
	if i < 0 {
		return bytes.IndexByte(b, '\r')
	}
	if j := bytes.IndexByte(b[:i], '\r'); j >= 0 {
		return j
	}
	return i
}

// LineEnding returns the line ending of the first line of raw, CRLF, CR or LF, so that an event
// written in place of raw can use the stream's own; LF when raw holds none. The slice is shared
// and read only (its capacity is its length, so an append copies it).
func LineEnding(raw []byte) []byte {
	if i := indexEOL(raw); i >= 0 {
		if raw[i] == '\r' {
			if i+1 < len(raw) && raw[i+1] == '\n' {
				return eolCRLF[:2:2]
			}
			return eolCR[:1:1]
		}
	}
	return eolLF[:1:1]
}

// The line endings LineEnding hands out.
var eolCRLF, eolCR, eolLF = []byte("\r\n"), []byte("\r"), []byte("\n")
