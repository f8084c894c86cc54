package markup

// Word-at-a-time masks of QuietASCII: every byte of a 64-bit word set to 0x01, 0x80, or c.
const (
	ones  = 0x0101010101010101
	highs = 0x8080808080808080
)

// quietStop are the bytes QuietASCII stops at besides those under 0x20 and over 0x7f: a JSON
// string's escape and quote, and the loud bytes of an ordinary line ('\n' is under 0x20).
var quietStop = [5]uint64{'\\' * ones, '"' * ones, '<' * ones, '[' * ones, '`' * ones}

// QuietASCII reports whether every byte of s is ASCII from 0x20 on and none is '\\', '"', '<',
// '[' or '`', deciding eight bytes at a time (issue 21 item 1). Such an s, the inside of a JSON
// string literal, needs no unquoting (its text is its bytes) and holds no byte that can start
// markup or change a text's state in the middle of an ordinary line: for it, the two checks of a
// quiet text delta (the dialect's "no escape, valid UTF-8" and quiet's "no loud byte") both pass,
// and ReleaseQuietASCII decides the rest. false says nothing: the caller takes the byte path.
// FuzzQuietASCII holds it to the byte-by-byte answer.
func QuietASCII[T string | []byte](s T) bool {
	_, quiet := PlainASCII(s)
	return quiet
}

// PlainASCII reports whether every byte of s is ASCII from 0x20 on and none is '\\' or '"'
// (plain: the inside of a JSON string literal that is its own text, no escape in it), and whether
// moreover none is '<', '[' or '`' (quiet: QuietASCII), deciding eight bytes at a time in one pass.
// A plain text that is not quiet is one ReleasePlainASCII may still let go whole (a "<div>" or
// "a < b" of prose: issue 21, the loud deltas). FuzzQuietASCII holds it to the byte-by-byte
// answer.
func PlainASCII[T string | []byte](s T) (plain, quiet bool) {
	n := len(s)
	if n < 8 {
		plain, quiet = true, true
		for i := 0; i < n; i++ {
			plain, quiet = plain && plainByte(s[i]), quiet && quietByte(s[i])
		}
		return plain, plain && quiet
	}
	var bad, loud uint64 // of every word read: its bytes that are not plain, its plain loud ones
	for i := 0; i+8 <= n && bad == 0; i += 8 {
		b, l := wordBits(word(s, i))
		bad, loud = bad|b, loud|l
	}
	if n%8 != 0 { // the last bytes, in a word that overlaps the one before
		b, l := wordBits(word(s, n-8))
		bad, loud = bad|b, loud|l
	}
	return bad == 0, bad|loud == 0
}

// QuietASCIIIn is QuietASCII(b[i:j]), reading whole words of b around it where a short text
// would take a byte at a time (see PlainASCIIIn).
func QuietASCIIIn(b []byte, i, j int) bool {
	_, quiet := PlainASCIIIn(b, i, j)
	return quiet
}

// PlainASCIIIn is PlainASCII(b[i:j]), reading whole words of b around it where a short text
// would take a byte at a time: a text of under eight bytes at the end of at least eight of b is
// read as one word, the bytes of b before it taken as quiet.
func PlainASCIIIn(b []byte, i, j int) (plain, quiet bool) {
	if j-i >= 8 || j < 8 {
		return PlainASCII(b[i:j])
	}
	before := uint(8 - (j - i))             // the word's low bytes that precede the text
	mask := uint64(1)<<(8*before) - 1       // before < 8: no shift by 64
	x := word(b, j-8)&^mask | 'a'*ones&mask // those bytes as a quiet letter
	bad, loud := wordBits(x)
	return bad == 0, bad|loud == 0
}

// word is the eight bytes of s from i on, the first lowest.
func word[T string | []byte](s T, i int) uint64 {
	_ = s[i+7]
	return uint64(s[i]) | uint64(s[i+1])<<8 | uint64(s[i+2])<<16 | uint64(s[i+3])<<24 |
		uint64(s[i+4])<<32 | uint64(s[i+5])<<40 | uint64(s[i+6])<<48 | uint64(s[i+7])<<56
}

// wordBits reads the eight bytes of x for PlainASCII in one expression each and no branch: bad
// is not zero when a byte is not plain, loud (when bad is zero) when a byte is '<', '[' or '`'. A
// byte over 0x7f sets its high bit; with none, "some byte under n" and "some byte zero" are exact
// word tests ((x-n*ones)&^x&highs, (v-ones)&^v&highs), and a stop byte c is a zero byte of x^c.
func wordBits(x uint64) (bad, loud uint64) {
	zero := func(v uint64) uint64 { return (v - ones) &^ v & highs }
	bad = x&highs | (x-0x20*ones)&^x&highs | zero(x^quietStop[0]) | zero(x^quietStop[1])
	loud = zero(x^quietStop[2]) | zero(x^quietStop[3]) | zero(x^quietStop[4])
	return bad, loud
}

// plainByte is PlainASCII's plain for one byte.
func plainByte(c byte) bool { return c >= 0x20 && c < 0x80 && c != '\\' && c != '"' }

// quietByte is QuietASCII for one byte.
func quietByte(c byte) bool { return plainByte(c) && !loud[c] }

// ReleaseQuietASCII is h.ReleaseQuiet for text, the next bytes of the text, which QuietASCII
// passed: they hold no loud byte, so only the state where the text stands decides (the answer
// ReleaseQuiet gives for them, without its pass over the bytes but for the last ones, which say
// whether the line stands after a sentence's end).
func ReleaseQuietASCII[T string | []byte](h *Holder, text T) bool {
	if !h.ts.ordinary() { // the state alone decides: ReleaseQuiet of no byte
		return false
	}
	noteStop(&h.ts, text)
	h.memo = nil
	h.off += len(text)
	return true
}

// ReleasePlainASCII is ReleaseQuietASCII for text, the next bytes of the text, which PlainASCII
// passed (or any ASCII text, line ends too: the text is complete as Safe counts it), quiet saying
// whether it is quiet too: it releases text when Safe would let all of it go, finding no markup
// in it, and reports whether it did; when it did not, nothing changed and the caller goes the
// way of Safe and Release. Where ReleaseQuietASCII would not decide (a
// loud byte in text, or a state that is not the middle of an ordinary line), it reads text as
// Safe's first does up to the first place first would try a tail (clearFrom): with none, the
// state is the one Release would leave (a "<div>" or an "a < b" of prose, after a line end too).
// FuzzReleasePlain holds it to Safe and Release.
func ReleasePlainASCII[T string | []byte](h *Holder, text T, quiet bool) bool {
	if quiet && ReleaseQuietASCII(h, text) {
		return true
	}
	ts := h.ts
	if clearFrom(&ts, text, 0, h.syn) < len(text) {
		return false
	}
	h.ts, h.memo = ts, nil
	h.off += len(text)
	return true
}
