package anthropic

import "github.com/toolfix/toolfix/proxy/markup"

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
