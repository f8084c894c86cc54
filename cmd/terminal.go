package cmd

import (
	"io"
	"os"
	"strings"
	"sync"
)

// terminalWriter passes text to a person's terminal without what the terminal would act on, so that
// a reason phrase, an error body or a file name from elsewhere cannot move the cursor, clear the
// screen, set the window title, write the clipboard (OSC 52) or hide text. It drops:
//
//   - C0 control characters except "\n" and "\t" (and "\r" right before "\n"), and DEL;
//   - escape sequences: ESC and what follows it (CSI "ESC [ … final", OSC "ESC ] … BEL or ESC \",
//     DCS, SOS, PM and APC strings up to "ESC \", two-byte and intermediate forms); a string
//     sequence that is never closed ends at the next "\n", which is kept; except the colours
//     toolfix itself paints with (doctor's marks, IOStreams.Color): SGR sequences "ESC [ … m"
//     whose parameters are all among safeSGR, which cannot hide text or move anything;
//   - C1 control characters written in UTF-8 (U+0080 to U+009F), and a 0xC2 byte that starts no
//     UTF-8 character (it could join a later byte into one).
//
// Everything else, UTF-8 text included, passes unchanged. A sequence split across writes is
// recognised as in one write: state is kept between them. Write reports len(p) when the wrapped
// writer took all it was given.
type terminalWriter struct {
	w     io.Writer
	mu    sync.Mutex // a log handler and a command may write at once
	state termState
	buf   []byte
	csi   []byte // the parameters of the CSI sequence being read, up to maxCSI bytes
	long  bool   // the CSI sequence being read is longer than maxCSI: it is dropped
}

// safeSGR are the SGR parameters passed to a terminal: reset, bold, dim, normal intensity, and the
// foreground colours red to cyan and default. Black and white (which can match the background),
// background colours, conceal, blink and the rest are dropped with their sequence.
var safeSGR = map[string]bool{"": true, "0": true, "1": true, "2": true, "22": true, "31": true, "32": true, "33": true, "34": true, "35": true, "36": true, "39": true}

// maxCSI bounds the parameters of a CSI sequence kept to be judged, in bytes.
const maxCSI = 16

type termState uint8

const (
	termText      termState = iota
	termCR                  // a "\r" held to see whether "\n" follows
	termC2                  // a 0xC2 byte held: it may start a C1 character
	termEsc                 // after ESC
	termEscInter            // after ESC and intermediate bytes (0x20-0x2F)
	termCSI                 // inside ESC [ …
	termString              // inside an OSC, DCS, SOS, PM or APC string
	termStringEsc           // ESC inside such a string: "\" ends it
)

func (t *terminalWriter) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf = t.buf[:0]
	for _, c := range p {
		t.step(c)
	}
	if len(t.buf) == 0 {
		return len(p), nil
	}
	if _, err := t.w.Write(t.buf); err != nil {
		return 0, err
	}
	return len(p), nil
}

// step feeds one byte through the state machine, appending what may be shown to t.buf.
func (t *terminalWriter) step(c byte) {
	switch t.state {
	case termCR:
		t.state = termText
		if c == '\n' {
			t.buf = append(t.buf, '\r')
		}
	case termC2:
		t.state = termText
		switch {
		case c >= 0x80 && c <= 0x9f:
			return // a C1 control character
		case c >= 0xa0 && c <= 0xbf:
			t.buf = append(t.buf, 0xc2, c) // U+00A0 to U+00BF
			return
		}
		// A 0xC2 that starts no character is dropped, so that it cannot join a later byte.
	case termEsc:
		switch {
		case c == '[':
			t.state, t.csi, t.long = termCSI, t.csi[:0], false
		case c == ']' || c == 'P' || c == 'X' || c == '^' || c == '_':
			t.state = termString
		case c >= 0x20 && c <= 0x2f:
			t.state = termEscInter
		case c >= 0x30 && c <= 0x7e:
			t.state = termText
		default:
			t.state = termText
			t.text(c)
		}
		return
	case termEscInter:
		t.sequence(c, 0x2f)
		return
	case termCSI:
		t.csiByte(c)
		return
	case termString:
		switch c {
		case 0x07:
			t.state = termText
		case 0x1b:
			t.state = termStringEsc
		case '\n':
			t.state = termText
			t.buf = append(t.buf, c)
		}
		return
	case termStringEsc:
		if c == '\\' {
			t.state = termText
			return
		}
		t.state = termEsc
		t.step(c)
		return
	}
	t.text(c)
}

// csiByte handles a byte of a CSI sequence: parameters are kept (up to maxCSI), and at the final
// byte the sequence is written out when it is an SGR of safeSGR parameters only, else dropped. A
// byte that cannot be in a CSI sequence ends it, dropped, and is handled as text.
func (t *terminalWriter) csiByte(c byte) {
	switch {
	case c >= 0x20 && c <= 0x3f:
		if len(t.csi) < maxCSI {
			t.csi = append(t.csi, c)
		} else {
			t.long = true
		}
	case c >= 0x40 && c <= 0x7e:
		t.state = termText
		if c == 'm' && !t.long && safeParams(t.csi) {
			t.buf = append(append(append(t.buf, 0x1b, '['), t.csi...), 'm')
		}
	default:
		t.state = termText
		t.text(c)
	}
}

// safeParams reports whether every ';'-separated parameter of an SGR sequence is in safeSGR.
func safeParams(p []byte) bool {
	for _, f := range strings.Split(string(p), ";") {
		if !safeSGR[f] {
			return false
		}
	}
	return true
}

// sequence handles a byte inside an escape sequence whose intermediate bytes run from 0x20 to
// last: those are dropped and the sequence goes on; a final byte (after last, up to 0x7E) is
// dropped and ends it; any other byte ends it and is handled as text.
func (t *terminalWriter) sequence(c, last byte) {
	switch {
	case c >= 0x20 && c <= last:
	case c > last && c <= 0x7e:
		t.state = termText
	default:
		t.state = termText
		t.text(c)
	}
}

// text handles a byte met outside any sequence.
func (t *terminalWriter) text(c byte) {
	switch {
	case c == '\n' || c == '\t':
		t.buf = append(t.buf, c)
	case c == '\r':
		t.state = termCR
	case c == 0x1b:
		t.state = termEsc
	case c == 0xc2:
		t.state = termC2
	case c < 0x20 || c == 0x7f:
	default:
		t.buf = append(t.buf, c)
	}
}

// forPeople returns ios with Out and ErrOut passing through a terminalWriter, except a stream that
// is a file or pipe rather than a terminal: `toolfix replay > file` and scripts get the bytes as
// they are. Every command's human output goes through here (RunContext).
func (ios *IOStreams) forPeople() *IOStreams {
	c := *ios
	c.Out, c.ErrOut = forTerminal(ios.Out), forTerminal(ios.ErrOut)
	return &c
}

func forTerminal(w io.Writer) io.Writer {
	switch f := w.(type) {
	case *terminalWriter:
		return w
	case *os.File:
		if !isTerminal(f) {
			return w
		}
	}
	return &terminalWriter{w: w}
}

// rawStream is the writer under a terminalWriter, for a child process that draws on the terminal
// itself (`toolfix run claude`) and must get the terminal, not a filter.
func rawStream(w io.Writer) io.Writer {
	if t, ok := w.(*terminalWriter); ok {
		return t.w
	}
	return w
}
