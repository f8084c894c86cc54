package anthropic

import (
	"bytes"

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
// sends (fastDeltaData's framing, deltaLiteral's data) and its text is quiet ASCII
// (markup.QuietASCII: no byte under 0x20 or over 0x7f, no escape, quote or loud byte): its block
// index and the text, the inside of its literal, in one pass over the text (issue 21 item 1).
// For such a piece fastDeltaData, deltaLiteral and releaseQuietLiteral's ASCII branch give the same
// index and text, since no byte of the text can end a line, the literal or the data; ok is false
// for any other piece, which the caller reads the general way (FuzzQuietTextEvent).
func quietTextEvent(raw []byte) (index int, text []byte, ok bool) {
	rest, ok := bytes.CutPrefix(raw, quietEventHead)
	if !ok || !bytes.HasSuffix(rest, quietEventTail) {
		return 0, nil, false
	}
	index, rest, ok = blockIndex(rest)
	if !ok || !bytes.HasPrefix(rest, quietEventMiddle) || len(rest) < len(quietEventMiddle)+len(quietEventTail) {
		return 0, nil, false
	}
	from, to := len(raw)-len(rest)+len(quietEventMiddle), len(raw)-len(quietEventTail)
	if !markup.QuietASCIIIn(raw, from, to) {
		return 0, nil, false
	}
	return index, raw[from:to], true
}
