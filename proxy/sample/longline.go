package sample

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"hash"
	"io"
	"strings"

	"github.com/toolfix/toolfix/proxy/secret"
)

// shortString is the longest string content a line's skeleton keeps as it is, in bytes; a longer
// one stands there as standIn of its content.
const shortString = 64

// standIn is what a long string's content becomes in a skeleton: '~', the hex SHA-256 of the
// content, '~' (66 bytes). It is longer than shortString, so it equals no content kept as it is,
// and two stand-ins are equal when their contents are: a key or a discriminator (an "index", the
// event's "type") that long still joins the channels it joined.
func standIn(h hash.Hash) []byte {
	return []byte("~" + hex.EncodeToString(h.Sum(nil)) + "~")
}

// long is a long string of a line: its content is at orig[0]:orig[1] of the payload and
// skel[0]:skel[1] of the skeleton.
type long struct{ skel, orig [2]int }

// skeleton reads body[start:end] (a data line's payload) from s.at and returns it with the content
// of every string longer than shortString replaced by its standIn, and where those strings are.
// Strings are found as JSON reads them (a quote, then anything but a quote or a backslash escape);
// ok is false when a replaced content could not be in valid JSON (a control byte, an escape JSON
// does not have): the payload is then not JSON. Otherwise the payload is valid JSON exactly when
// the skeleton is, since the grammar sees each string as one token whatever its valid content.
func (s *streamScan) skeleton(start, end int) (skel []byte, longs []long, ok bool, err error) {
	var (
		in      bool   // inside a string
		esc     int    // bytes of an escape still to come: 1 after '\', 4 hex after 'u'
		content []byte // of the string, while it is short
		h       hash.Hash
		from    int // offset of the content's first byte
		valid   = true
	)
	buf := make([]byte, readChunk)
	for off := start; off < end; {
		n, rerr := s.at.ReadAt(buf[:min(len(buf), end-off)], int64(off))
		if n == 0 && rerr != nil {
			return nil, nil, false, rerr
		}
		for i, c := range buf[:n] {
			pos := off + i
			if !in {
				skel = append(skel, c)
				if c == '"' {
					in, content, h, from = true, content[:0], nil, pos+1
				}
				continue
			}
			switch {
			case esc == 1:
				esc = 0
				switch {
				case c == 'u':
					esc = 5
				case strings.IndexByte(`"\/bfnrt`, c) < 0:
					valid = false
				}
			case esc > 1:
				esc--
				if !isHex(c) {
					valid = false
				}
				if esc == 1 {
					esc = 0
				}
			case c == '\\':
				esc = 1
			case c == '"':
				in = false
				if h == nil {
					skel = append(append(skel, content...), '"')
				} else {
					at := len(skel)
					skel = append(append(skel, standIn(h)...), '"')
					longs = append(longs, long{skel: [2]int{at, len(skel) - 1}, orig: [2]int{from - start, pos - start}})
				}
				continue
			case c < 0x20:
				valid = false
			}
			switch {
			case h != nil:
				h.Write([]byte{c})
			case len(content) < shortString:
				content = append(content, c)
			default:
				h = sha256.New()
				h.Write(content)
				h.Write([]byte{c})
			}
		}
		off += n
	}
	if in && h != nil { // an unclosed long string: not JSON; keep the skeleton invalid
		skel = append(skel, '\x00')
	} else if in {
		skel = append(skel, content...)
	}
	return skel, longs, valid, nil
}

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

// readLongLine reads a line too long to hold, body[start:end], from s.at: its regions found on its
// skeleton, each region's content fed to its channel (or read alone) in pieces, and the values
// after secret names found in windows that end after a byte of cutP (no such value straddles
// one). It finds what line finds on the whole line.
func (s *streamScan) readLongLine(start, end int) error {
	var regs []region
	isJSON := false
	pre := make([]byte, min(6, end-start))
	if _, err := s.at.ReadAt(pre, int64(start)); err != nil && err != io.EOF {
		return err
	}
	if bytes.HasPrefix(pre, []byte("data:")) {
		p := 5
		if len(pre) > 5 && pre[5] == ' ' {
			p++
		}
		skel, longs, ok, err := s.skeleton(start+p, end)
		if err != nil {
			return err
		}
		if ok && json.Valid(skel) {
			isJSON = true
			regs = jsonRegions(skel, 0, true, nil)
			for i := range regs {
				regs[i].start, regs[i].end = origOf(longs, regs[i].start, regs[i].end)
				regs[i].start += start + p
				regs[i].end += start + p
			}
		}
	}
	if !isJSON {
		regs = []region{{start: start, end: end}}
	}
	for _, r := range regs {
		c := &channel{generic: !r.exempt}
		if r.channel != "" {
			c = s.channel(r)
		}
		if err := s.readPieces(r.start, r.end, func(piece []byte, abs int) { c.feed(s, piece, abs) }); err != nil {
			return err
		}
		if r.channel == "" {
			c.window(s, len(c.text))
			if c.generic {
				s.ranges = append(s.ranges, c.gen...)
			}
		}
		if s.pending > s.maxPending {
			return errTooMuchHeld
		}
	}
	var win []byte
	w0, tooMuch := start, false
	assigned := func(w []byte) {
		secret.Assigned(w, func(a, b int) {
			if a = guardStart(w, a); inRegion(regs, w0+a, w0+b) {
				s.add(w0+a, w0+guardEnd(w, b))
			}
		})
	}
	err := s.readPieces(start, end, func(piece []byte, _ int) {
		win = append(win, piece...)
		if q := bytes.LastIndexAny(piece, cutP); q >= 0 { // only the new bytes: win had none
			q += len(win) - len(piece)
			assigned(win[:q+1])
			w0 += q + 1
			win = append(win[:0], win[q+1:]...)
		}
		tooMuch = tooMuch || len(win) > s.maxPending
	})
	if err != nil {
		return err
	}
	if tooMuch {
		return errTooMuchHeld
	}
	assigned(win)
	return nil
}

// origOf maps a range of a skeleton to the payload: a long string's content to its own, anything
// else shifted by what the long strings before it shrank.
func origOf(longs []long, a, b int) (int, int) {
	shift := 0
	for _, l := range longs {
		if l.skel[0] == a && l.skel[1] == b {
			return l.orig[0], l.orig[1]
		}
		if l.skel[1] > a {
			break
		}
		shift += (l.orig[1] - l.orig[0]) - (l.skel[1] - l.skel[0])
	}
	return a + shift, b + shift
}

// readPieces calls fn with body[start:end], read from s.at in pieces of at most cutSize bytes,
// and the offset of each.
func (s *streamScan) readPieces(start, end int, fn func(piece []byte, abs int)) error {
	buf := make([]byte, min(s.cutSize, max(end-start, 1)))
	for off := start; off < end; {
		n, err := s.at.ReadAt(buf[:min(len(buf), end-off)], int64(off))
		if n > 0 {
			fn(buf[:n], off)
		}
		if n == 0 && err != nil {
			return err
		}
		off += n
	}
	return nil
}
