package anthropic

import (
	"bytes"

	"github.com/toolfix/toolfix/proxy/jsontext"
	"github.com/toolfix/toolfix/proxy/markup"
)

// releaseQuietLiteral releases the text of the string literal lit (quotes included) through h when
// it needs no unquoting and can start no markup where the text stands: plainInner and
// h.ReleaseQuiet, decided for a plain ASCII literal in one pass eight bytes at a time
// (markup.QuietASCII, issue 21 item 1), and by them for any other. It reports whether it did, with
// exactly their answer (FuzzQuietLiteral holds it to that).
func releaseQuietLiteral(h *markup.Holder, lit []byte) bool {
	if len(lit) >= 2 && lit[0] == '"' && lit[len(lit)-1] == '"' && markup.QuietASCII(lit[1:len(lit)-1]) {
		return markup.ReleaseQuietASCII(h, lit[1:len(lit)-1])
	}
	inner, ok := plainInner(lit)
	return ok && h.ReleaseQuiet(inner)
}

var (
	// quietEventHead and quietEventTail frame the compact text_delta event the API sends around
	// its index and text: "event: content_block_delta\ndata: " + textDeltaPrefix, then the index,
	// then quietEventMiddle (textDeltaMiddle and the literal's opening quote), then the text and
	// quietEventTail (its closing quote, textDeltaSuffix and the blank line).
	quietEventHead   = append(append([]byte(nil), fastDeltaHead...), textDeltaPrefix...)
	quietEventMiddle = append(append([]byte(nil), textDeltaMiddle...), '"')
	quietEventTail   = []byte("\"}}\n\n")
)

// quietTextEvent reads the piece raw when it is exactly the compact text_delta event the API
// sends (fastDeltaData's framing, deltaLiteral's data) and its text is plain ASCII
// (markup.PlainASCII: no byte under 0x20 or over 0x7f, no escape or quote): its block index, the
// text, the inside of its literal, and whether the text is quiet too (no loud byte:
// markup.QuietASCII), in one pass over the text (issue 21 item 1); or, escaped true, the inside of
// a literal of such bytes and one-character escapes other than \" and \\ (jsontext.SimpleEscaped:
// a line end in prose), for the caller to decode. For such a piece fastDeltaData, deltaLiteral
// and fastTextDelta give the same index and text, since no byte of the literal can end a line, the
// literal or the data; ok is false for any other piece, which the caller reads the general way
// (FuzzQuietTextEvent). It is quietEventAt over the whole piece, so that the one-piece and the run
// paths read the same shape.
func quietTextEvent(raw []byte) (index int, text []byte, quiet, escaped, ok bool) {
	size, index, text, quiet, escaped, ok := quietEventAt(raw, len(raw))
	return index, text, quiet, escaped, ok && size == len(raw)
}

// quietEventAt reads the piece at the start of b when it is the compact text_delta event the API
// sends with a plain ASCII text, whole in b and no longer than max bytes: its length, its block
// index, its text and whether the text is quiet or escaped (see quietTextEvent). A plain or
// escaped text holds no quote, no escaped quote or backslash and no byte under 0x20, so the piece
// ends at the first quote after its text's start, followed by quietEventTail, and a Reader frames it as that one piece (no blank line comes before its
// end; FuzzPushRun in proxy/exchange holds it). ok is false for any other start of b.
func quietEventAt(b []byte, max int) (size, index int, text []byte, quiet, escaped, ok bool) {
	rest, ok := bytes.CutPrefix(b, quietEventHead)
	if !ok {
		return 0, 0, nil, false, false, false
	}
	index, rest, ok = blockIndex(rest)
	if !ok || !bytes.HasPrefix(rest, quietEventMiddle) {
		return 0, 0, nil, false, false, false
	}
	from := len(b) - len(rest) + len(quietEventMiddle)
	k := bytes.IndexByte(b[from:], '"')
	if k < 0 {
		return 0, 0, nil, false, false, false
	}
	to := from + k
	size = to + len(quietEventTail)
	if size > len(b) || size > max || string(b[to:size]) != string(quietEventTail) {
		return 0, 0, nil, false, false, false
	}
	plain, quiet := markup.PlainASCIIIn(b, from, to)
	if escaped = !plain && jsontext.SimpleEscaped(b[from:to]); !plain && !escaped {
		return 0, 0, nil, false, false, false
	}
	return size, index, b[from:to], quiet, escaped, true
}

// PushRun takes the plain text_delta events at the start of ahead that Push would write at once
// as they came (quietTextEvent and quietASCIIText), applying to the text block's holder what Push
// would, and returns their length; see sse.RunPusher. It takes none while the stream passes
// everything through, reads a leaked call's events or is past its stop (Push's first branches).
func (s *Stream) PushRun(ahead []byte, max int) int {
	if s.bypass || s.leak != nil || s.afterStop {
		return 0
	}
	n := 0
	for {
		size, idx, text, quiet, escaped, ok := quietEventAt(ahead[n:], max)
		if !ok || !s.quietASCIIText(idx, text, quiet, escaped) {
			return n
		}
		n += size
	}
}
