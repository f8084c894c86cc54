package sample

import (
	"bytes"
	"errors"
	"io"
	"regexp"
	"sort"
	"strings"

	"github.com/toolfix/toolfix/proxy/secret"
)

// streamScan finds, reading an SSE body in chunks, exactly the ranges findRanges(body, true)
// finds, holding a line up to longLine bytes (a longer one is read again in pieces, see
// readLongLine) and, for each channel (the deltas of one streamed field joined), only the text
// since its last cut: a place where no secret can straddle (see cutAt).
//
// Why that is exact. Every rule of secret.FindRules, Assigned included, matches within a run that
// cannot hold both a byte of cutP ('&', ',', ';', '<', '>', brackets, braces, parentheses) and a
// byte of cutQ (blank, tab, quote, apostrophe, backslash): the token rules hold neither, Assigned
// holds blanks, quotes and backslashes but stops at every cutP byte, URLs and query parameters
// hold cutP bytes but stop at every cutQ byte. Only a PEM private key spans anything, so a cut is
// made only where every PEM block begun before it has ended (pemClosed). No rule looks more than
// one byte behind a match, and only at a letter, digit, backslash or 'u'; neither kind of byte is
// one. So the text on each side of such a pair reads as it reads whole. Lines never join (no rule
// spans a line ending, and regions are per line). FuzzStreamScan holds it for any input.
type streamScan struct {
	ranges   [][2]int
	channels map[string]*channel
	order    []*channel
	regions  []region
	pending  int // bytes held in channels
	// at, when set, holds the very bytes scanned: a line longer than longLine bytes is then not
	// held but read again from it, in pieces, once its end is found (see readLongLine).
	at       io.ReaderAt
	longLine int
	// cutSize is how much text a channel gathers before it tries to cut, and maxPending the most
	// all channels may hold; past it the scan gives up (errTooMuchHeld) and the caller reads the
	// body whole. Tests make them small.
	cutSize, maxPending int
}

// Defaults of streamScan's bounds, in bytes.
const (
	defaultCutSize    = 16 << 10
	defaultMaxPending = 4 << 20
	defaultLongLine   = 256 << 10
)

// errTooMuchHeld says that the channels hold more than maxPending bytes without a place to cut.
var errTooMuchHeld = errors.New("redacting a stream: no safe cut within the bound")

type channel struct {
	text    []byte
	segs    []seg // where each piece of text is in the body
	generic bool  // no region of the channel is exempt: the generic rule counts
	gen     [][2]int
	seen    int // text[:seen] holds no cut (no pair is looked for there again)
	pemWait int // no cut is tried before the text is this long
}

// seg says that text[off:off+n] of a channel is body[abs:abs+n].
type seg struct{ off, abs, n int }

func newStreamScan() *streamScan {
	return &streamScan{channels: map[string]*channel{}, cutSize: defaultCutSize, maxPending: defaultMaxPending, longLine: defaultLongLine}
}

// scan reads the whole body from r, one line at a time (lines as lines() splits them), and
// returns the ranges found, unsorted. It returns errTooMuchHeld, or r's error.
func (s *streamScan) scan(r io.Reader, chunk int) ([][2]int, error) {
	buf := make([]byte, chunk)
	var line []byte
	abs, lineStart := 0, 0
	skipLF, long := false, false
	end := func() error { // the line from lineStart to abs ends
		if long {
			long = false
			return s.readLongLine(lineStart, abs)
		}
		err := s.line(line, lineStart)
		line = line[:0]
		return err
	}
	for {
		n, err := r.Read(buf)
		for _, c := range buf[:n] {
			switch {
			case skipLF && c == '\n':
				skipLF = false
				lineStart = abs + 1
			case c == '\n' || c == '\r':
				skipLF = c == '\r'
				if e := end(); e != nil {
					return nil, e
				}
				lineStart = abs + 1
			default:
				skipLF = false
				if long {
					break
				}
				if s.at != nil && len(line) >= s.longLine {
					line, long = line[:0], true
					break
				}
				line = append(line, c)
			}
			abs++
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
	}
	if abs > lineStart {
		if e := end(); e != nil {
			return nil, e
		}
	}
	for _, c := range s.order {
		c.window(s, len(c.text))
		if c.generic {
			s.ranges = append(s.ranges, c.gen...)
		}
	}
	return s.ranges, nil
}

func (s *streamScan) add(a, b int) {
	if a < b {
		s.ranges = append(s.ranges, [2]int{a, b})
	}
}

// line reads one line, without its line ending, found at offset abs of the body.
func (s *streamScan) line(line []byte, abs int) error {
	s.regions = lineRegions(line, 0, len(line), s.regions[:0])
	for _, r := range s.regions {
		content := line[r.start:r.end]
		if r.channel == "" {
			secret.Find(content, !r.exempt, func(a, b int) {
				a, b = guardStart(content, a), guardEnd(content, b)
				s.add(abs+r.start+a, abs+r.start+min(b, len(content)))
			})
			continue
		}
		c := s.channel(r)
		for off := 0; off < len(content); off += s.cutSize {
			c.feed(s, content[off:min(off+s.cutSize, len(content))], abs+r.start+off)
		}
		if s.pending > s.maxPending {
			return errTooMuchHeld
		}
	}
	secret.Assigned(line, func(a, b int) {
		if a = guardStart(line, a); inRegion(s.regions, a, b) {
			s.add(abs+a, abs+guardEnd(line, b))
		}
	})
	return nil
}

// channel returns the channel of region r, made on its first region.
func (s *streamScan) channel(r region) *channel {
	c := s.channels[r.channel]
	if c == nil {
		c = &channel{generic: true}
		s.channels[r.channel] = c
		s.order = append(s.order, c)
	}
	c.generic = c.generic && !r.exempt
	return c
}

// feed adds piece, found at offset abs of the body, to the channel's text, and cuts when it can.
func (c *channel) feed(s *streamScan, piece []byte, abs int) {
	c.segs = append(c.segs, seg{off: len(c.text), abs: abs, n: len(piece)})
	c.text = append(c.text, piece...)
	s.pending += len(piece)
	if len(c.text) >= s.cutSize {
		c.cut(s)
	}
}

// cutP and cutQ are the two sets of bytes a pair of which no secret straddles (see streamScan).
const (
	cutP = "&,;<>{}[]()"
	cutQ = " \t\"'\\"
)

// cutAt reports whether text may be cut between text[p-1] and text[p].
func cutAt(text []byte, p int) bool {
	a, b := text[p-1], text[p]
	return strings.IndexByte(cutP, a) >= 0 && strings.IndexByte(cutQ, b) >= 0 ||
		strings.IndexByte(cutQ, a) >= 0 && strings.IndexByte(cutP, b) >= 0
}

// cut reads the channel's text up to its last cut, if it has one past what was looked at. A cut
// refused because a PEM block is open is tried again only once the text has doubled, so that an
// open block costs linear time.
func (c *channel) cut(s *streamScan) {
	if len(c.text) < c.pemWait {
		return
	}
	for p := len(c.text) - 1; p >= max(c.seen, 1); p-- {
		if cutAt(c.text, p) {
			if pemClosed(c.text[:p]) {
				c.window(s, p)
				c.pemWait = 0
			} else {
				c.pemWait = 2 * len(c.text)
			}
			break
		}
	}
	c.seen = max(len(c.text)-1, 0)
}

// window reads text[:p] of the channel as one text, adds what it finds, and drops it.
func (c *channel) window(s *streamScan, p int) {
	if p == 0 {
		return
	}
	w := c.text[:p]
	secret.FindRules(w, true, func(a, b int, fromGeneric bool) {
		a, b = guardStart(w, a), min(guardEnd(w, b), len(w))
		first := sort.Search(len(c.segs), func(i int) bool { return c.segs[i].off+c.segs[i].n > a })
		for _, g := range c.segs[first:] {
			if g.off >= b {
				break
			}
			if x, y := max(a, g.off), min(b, g.off+g.n); x < y {
				r := [2]int{g.abs + x - g.off, g.abs + y - g.off}
				if fromGeneric {
					c.gen = append(c.gen, r)
				} else {
					s.ranges = append(s.ranges, r)
				}
			}
		}
	})
	n := copy(c.text, c.text[p:])
	c.text = c.text[:n]
	segs := c.segs[:0]
	for _, g := range c.segs {
		if g.off+g.n <= p {
			continue
		}
		if g.off < p {
			g.abs += p - g.off
			g.n -= p - g.off
			g.off = p
		}
		g.off -= p
		segs = append(segs, g)
	}
	c.segs = segs
	c.seen = max(c.seen-p, 0)
	s.pending -= p
}

var (
	pemBegin = regexp.MustCompile(`^-----BEGIN[A-Z ]* PRIVATE KEY-----`)
	pemEnd   = regexp.MustCompile(`-----END[A-Z ]* PRIVATE KEY-----`)
)

// pemClosed reports whether every PEM private key block begun in text (its header read as the
// PEM rule of package secret reads it) ends in text too: no PEM match of a longer text that
// starts with text can then straddle its end.
func pemClosed(text []byte) bool {
	for pos := 0; ; {
		i := bytes.Index(text[pos:], []byte("-----BEGIN"))
		if i < 0 {
			return true
		}
		b := pos + i
		hdr := pemBegin.FindIndex(text[b:])
		if hdr == nil {
			pos = b + 1
			continue
		}
		end := pemEnd.FindIndex(text[b+hdr[1]:])
		if end == nil {
			return false
		}
		pos = b + hdr[1] + end[1]
	}
}
