package repair

import (
	"unicode/utf8"
	"unsafe"

	"github.com/toolfix/toolfix/proxy/jsontext"
)

// maxInlineSet bounds the schemas of a span's place the inline path judges at once: with the
// tree path's budget of 64 steps per byte (newBudget), a coerce and a validity check per node and
// schema cannot run out of it under this bound, so both paths answer alike.
const maxInlineSet = 16

// inlineChunk is how many bytes of output the inline path gathers before it hands them on.
const inlineChunk = 32 << 10

// Inlines reports whether the faulty string value tok (a span the scan read to its end, as for
// RepairSpan) is repaired by inlining the JSON text it holds: the text holds strictly one array
// or object, with white space around it at most, that fits every schema of the span's place as
// it is (nothing inside wants a coercion of its own), and every schema on the way uses only the
// keywords judged here (type, properties, additionalProperties, required, minProperties,
// maxProperties, items, prefixItems, minItems, maxItems, minLength, maxLength, pattern, number
// bounds, enum of strings). Then RepairSpan's repair is what WriteInlined writes, and the caller
// may write it in pieces without holding it whole (docs/faults.md D13-D15). False means only
// that RepairSpan is to judge the value (it may still repair it). tok is read in place: no copy
// of it, unescaped or repaired, is made. It never panics.
func (s *Scan) Inlines(sp ScanSpan, tok []byte) (ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	return inlines(sp, tok)
}

// inlines is Inlines without the recover.
func inlines(sp ScanSpan, tok []byte) bool {
	if len(sp.set) == 0 || len(sp.set) > maxInlineSet {
		return false
	}
	ts, known := types(sp.set[0])
	if !known || ts&tString != 0 {
		return false
	}
	in := inliner{src: unquoter{s: tok}}
	if !in.src.open() {
		return false
	}
	in.skipWS()
	switch c, _ := in.src.peek(); c {
	case '[':
		if ts&tArray == 0 {
			return false
		}
	case '{':
		if ts&tObject == 0 {
			return false
		}
	default:
		return false
	}
	return in.all(sp.set) == nil
}

// WriteInlined writes, in pieces of at most about 32 KiB, the compact JSON text of the value
// the string token tok holds (as appendJSON writes it: no white space, strings escaped
// minimally, numbers as written), for a tok that Inlines answered true for; write's error stops
// it and is returned. For a tok that holds no JSON array or object it returns errUnsure.
func WriteInlined(tok []byte, write func([]byte) error) error {
	in := inliner{src: unquoter{s: tok}, write: write}
	if !in.src.open() {
		return errUnsure
	}
	in.skipWS()
	if c, _ := in.src.peek(); c != '[' && c != '{' {
		return errUnsure
	}
	return in.all(nil)
}

// AppendInlined appends what WriteInlined writes for tok to dst.
func AppendInlined(dst, tok []byte) ([]byte, error) {
	err := WriteInlined(tok, func(p []byte) error {
		dst = append(dst, p...)
		return nil
	})
	return dst, err
}

// errUnsure stops the inline path's reading: the tree path is to judge the value.
var errUnsure = errorString("repair: the value is left to the tree path")

type errorString string

func (e errorString) Error() string { return string(e) }

// unquoter hands out the text a JSON string token holds, one byte at a time, decoding its
// escapes as it goes. It reads strictly as jsonParser.str does, and reports bad (and ends)
// at anything str would refuse or that it does not decode (a \u escape of a surrogate).
// With plain set, s is the text itself rather than a token holding it: every byte stands for
// itself and the text ends with s (see plainFits).
type unquoter struct {
	s     []byte
	i     int
	plain bool
	pend  [4]byte // the rest of a decoded escape
	pn    int     // bytes of pend still due
	pi    int
	bad   bool
	end   bool // the closing quote was read
}

// open reads the opening quote.
func (u *unquoter) open() bool {
	if len(u.s) < 2 || u.s[0] != '"' {
		return false
	}
	u.i = 1
	return true
}

// peek returns the next byte of the text; false at its end or after a bad byte.
func (u *unquoter) peek() (byte, bool) {
	if u.pn > 0 {
		return u.pend[u.pi], true
	}
	if u.plain {
		if u.i >= len(u.s) {
			u.end = true
			return 0, false
		}
		return u.s[u.i], true
	}
	if u.end || u.bad || u.i >= len(u.s) {
		if !u.end {
			u.bad = true
		}
		return 0, false
	}
	c := u.s[u.i]
	switch {
	case c == '"':
		u.end = true
		u.i++
		if u.i != len(u.s) {
			u.bad = true
		}
		return 0, false
	case c == '\\':
		return u.escape()
	case c < 0x20:
		u.bad = true
		return 0, false
	case c >= 0x80:
		r, n := decodeRune(u.s[u.i:])
		if r < 0 {
			u.bad = true
			return 0, false
		}
		u.pn = copy(u.pend[:], u.s[u.i:u.i+n])
		u.pi = 0
		u.i += n
		return u.pend[0], true
	}
	return c, true
}

// run returns the run of bytes at the reading position that stand for themselves (printable
// ASCII but '"' and '\\'; with plain, any byte but those two), consumed; none while a decoded
// escape or character is being handed out.
func (u *unquoter) run() []byte {
	if u.pn > 0 || u.end || u.bad {
		return nil
	}
	j := u.i
	for j < len(u.s) {
		c := u.s[j]
		if c == '"' || c == '\\' || (!u.plain && (c < 0x20 || c >= 0x80)) {
			break
		}
		j++
	}
	run := u.s[u.i:j]
	u.i = j
	return run
}

// next consumes the byte peek returned.
func (u *unquoter) next() {
	if u.pn > 0 {
		u.pi++
		u.pn--
		return
	}
	u.i++
}

// escape decodes the escape at u.i into pend.
func (u *unquoter) escape() (byte, bool) {
	if u.i+1 >= len(u.s) {
		u.bad = true
		return 0, false
	}
	var c byte
	switch u.s[u.i+1] {
	case '"', '\\', '/':
		c = u.s[u.i+1]
	case 'b':
		c = '\b'
	case 'f':
		c = '\f'
	case 'n':
		c = '\n'
	case 'r':
		c = '\r'
	case 't':
		c = '\t'
	case 'u':
		r, ok := hex4Bytes(u.s, u.i+2)
		if !ok || (r >= 0xd800 && r < 0xe000) {
			u.bad = true
			return 0, false
		}
		u.pn = encodeRune(u.pend[:], r)
		u.pi = 0
		u.i += 6
		return u.pend[0], true
	default:
		u.bad = true
		return 0, false
	}
	u.pend[0], u.pn, u.pi = c, 1, 0
	u.i += 2
	return c, true
}

// decodeRune decodes the UTF-8 character at the start of p: r is -1 for invalid UTF-8.
func decodeRune(p []byte) (r rune, n int) {
	r, n = utf8.DecodeRune(p)
	if r == utf8.RuneError && n <= 1 {
		return -1, n
	}
	return r, n
}

// encodeRune writes r to p in UTF-8 and returns its length.
func encodeRune(p []byte, r rune) int { return utf8.EncodeRune(p, r) }

// hex4Bytes reads four hex digits of s at i.
func hex4Bytes(s []byte, i int) (rune, bool) {
	if i+4 > len(s) {
		return 0, false
	}
	var r rune
	for _, c := range s[i : i+4] {
		d, ok := hexDigit(c)
		if !ok {
			return 0, false
		}
		r = r<<4 | d
	}
	return r, true
}

// inliner reads the JSON text of a stringified value from its unquoter, judging it against
// the schemas of each place, and writes it compact (as appendJSON writes the value it holds) in
// pieces to write; with write nil it only judges.
type inliner struct {
	src   unquoter
	out   []byte
	write func([]byte) error
	tok   []byte      // the raw text of the inner string or number being read
	sets  [][]*schema // by depth: the reused list of the schemas of the member or item being read
	err   error       // write's error
	dec   []byte      // the decoded text of the inner string being read
	buf   [4]*schema  // scratch for memberSchemas
}

// all reads the one value of the text, at a place with the schemas set, and the white space
// after it to the string's end, and hands on what remains of the output.
func (in *inliner) all(set []*schema) error {
	if !in.value(set, 0) {
		return in.fail()
	}
	in.skipWS()
	if _, more := in.src.peek(); more || in.src.bad || !in.src.end {
		return errUnsure
	}
	if in.write != nil && len(in.out) > 0 {
		return in.write(in.out)
	}
	return nil
}

func (in *inliner) fail() error {
	if in.err != nil {
		return in.err
	}
	return errUnsure
}

// emit adds p to the output, handing it on once a chunk is full.
func (in *inliner) emit(p ...byte) bool {
	in.out = append(in.out, p...)
	return in.flush()
}

// flush hands on the output gathered once it fills a chunk, up to its last whole character:
// each piece starts and ends between characters.
func (in *inliner) flush() bool {
	if len(in.out) < inlineChunk {
		return true
	}
	k := len(in.out)
	for j := k - 1; j >= 0 && j >= k-utf8.UTFMax; j-- {
		if utf8.RuneStart(in.out[j]) {
			if !utf8.FullRune(in.out[j:]) {
				k = j
			}
			break
		}
	}
	if in.write != nil {
		if in.err = in.write(in.out[:k]); in.err != nil {
			return false
		}
	}
	in.out = in.out[:copy(in.out, in.out[k:])]
	return true
}

func (in *inliner) skipWS() {
	for {
		c, ok := in.src.peek()
		if !ok || (c != ' ' && c != '\n' && c != '\r' && c != '\t') {
			return
		}
		in.src.next()
	}
}

// judged reports whether s uses only the keywords the inline path judges; nil, true, {} and an
// unresolved $ref constrain nothing and are judged too.
func judged(s *schema) bool {
	if s == nil || s.always || s.unresolved {
		return true
	}
	return !s.never && !s.opaque && s.ext == nil && s.ref == nil && len(s.allOf) == 0 && len(s.anyOf) == 0 && len(s.oneOf) == 0 &&
		s.not == nil && s.constant == nil && len(s.patternProps) == 0
}

// constrains reports whether s says anything of a value (valid and coerce look at it).
func constrains(s *schema) bool {
	return s != nil && !s.always && !s.unresolved
}

// value reads the value due, at a place with the schemas set, and writes it; false when unsure
// or when the value does not fit.
func (in *inliner) value(set []*schema, depth int) bool {
	for _, s := range set {
		if !judged(s) {
			return false
		}
	}
	c, ok := in.src.peek()
	if !ok {
		return false
	}
	switch {
	case c == '{':
		return in.object(set, depth+1)
	case c == '[':
		return in.array(set, depth+1)
	case c == '"':
		if !stringFits(set) {
			return false // before the string is read: a long one would be copied for nothing
		}
		text, ok := in.str()
		if !ok || !fitsString(set, text) {
			return false
		}
		in.out = jsontext.AppendQuote(in.out, text)
		return in.flush()
	case c == '-' || (c >= '0' && c <= '9'):
		return in.number(set)
	}
	for _, l := range []struct {
		lit string
		k   kind
	}{{"true", kindTrue}, {"false", kindFalse}, {"null", kindNull}} {
		if c == l.lit[0] {
			for i := 0; i < len(l.lit); i++ {
				if b, ok := in.src.peek(); !ok || b != l.lit[i] {
					return false
				}
				in.src.next()
			}
			v := value{kind: l.k}
			return fits(set, &v) && in.emit([]byte(l.lit)...)
		}
	}
	return false
}

// str reads a string token of the text and returns what it reads as (jsonParser.str on its
// bytes). The text may alias a buffer reused for the next token: it is not to be kept.
func (in *inliner) str() (string, bool) {
	in.tok = append(in.tok[:0], '"')
	in.src.next()
	esc := false
	for {
		if !esc {
			in.tok = append(in.tok, in.src.run()...)
		}
		c, ok := in.src.peek()
		if !ok {
			return "", false
		}
		in.src.next()
		in.tok = append(in.tok, c)
		switch {
		case esc:
			esc = false
		case c == '\\':
			esc = true
		case c == '"':
			return in.unquote()
		}
	}
}

// unquote decodes the string token in.tok into in.dec, as jsonParser.str would (the unquoter
// refuses what str refuses, and surrogates).
func (in *inliner) unquote() (string, bool) {
	u := unquoter{s: in.tok}
	if !u.open() {
		return "", false
	}
	in.dec = in.dec[:0]
	for {
		in.dec = append(in.dec, u.run()...)
		c, ok := u.peek()
		if !ok {
			break
		}
		u.next()
		in.dec = append(in.dec, c)
	}
	if u.bad || !u.end || len(in.dec) == 0 {
		return "", u.end && !u.bad
	}
	return unsafe.String(&in.dec[0], len(in.dec)), true
}

// number reads a number token of the text, checks it against set and writes it as written.
func (in *inliner) number(set []*schema) bool {
	in.tok = in.tok[:0]
	for {
		c, ok := in.src.peek()
		if !ok || !(c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E' || (c >= '0' && c <= '9')) {
			break
		}
		in.src.next()
		in.tok = append(in.tok, c)
	}
	p := jsonParser{s: string(in.tok)}
	v, err := p.number()
	if err != nil || p.i != len(p.s) || !fits(set, &v) {
		return false
	}
	for _, s := range set {
		if constrains(s) && !validNumber(v.text, s) {
			return false
		}
	}
	return in.emit(in.tok...)
}

// fits checks the type and enum of a value that is not a string against set: an enum there is
// not judged here.
func fits(set []*schema, v *value) bool {
	for _, s := range set {
		if constrains(s) && (s.hasEnum || (s.hasType && !typeMatches(v, s.types))) {
			return false
		}
	}
	return true
}

// stringFits reports whether a string may fit at a place with the schemas set: no schema there
// wants it coerced (the tree path would try) or rules strings out by its type.
func stringFits(set []*schema) bool {
	for _, s := range set {
		if !constrains(s) {
			continue
		}
		if ts, known := types(s); (known && ts&tString == 0) || (s.hasType && s.types&tString == 0) {
			return false
		}
	}
	return true
}

// fitsString checks a string value: no schema of its place may want it coerced (the tree path
// would try), and it must fit each.
func fitsString(set []*schema, text string) bool {
	if !stringFits(set) {
		return false
	}
	for _, s := range set {
		if !constrains(s) {
			continue
		}
		if (s.hasEnum && !inStringEnum(text, s.enum)) || !validString(text, s) {
			return false
		}
	}
	return true
}

// inStringEnum reports whether the string text is one of enum (inEnum for a string).
func inStringEnum(text string, enum []value) bool {
	for i := range enum {
		if enum[i].kind == kindString && enum[i].text == text {
			return true
		}
	}
	return false
}

// scratch returns the reused schema list of depth d, emptied.
func (in *inliner) scratch(d int) []*schema {
	for len(in.sets) <= d {
		in.sets = append(in.sets, nil)
	}
	return in.sets[d][:0]
}

// after reads what follows a member or an item: a ',' (closed false) or closer (true).
func (in *inliner) after(closer byte) (closed, ok bool) {
	in.skipWS()
	c, ok := in.src.peek()
	if !ok || (c != ',' && c != closer) {
		return false, false
	}
	in.src.next()
	in.skipWS()
	return c == closer, true
}

func (in *inliner) object(set []*schema, depth int) bool {
	v := value{kind: kindObject}
	if depth > maxDepth || !fits(set, &v) {
		return false
	}
	var req []string
	for _, s := range set {
		if constrains(s) && len(s.required) > 0 {
			if req != nil || len(s.required) > 64 {
				return false // more than one list of required members: not judged here
			}
			req = s.required
		}
	}
	in.src.next()
	in.skipWS()
	in.out = append(in.out, '{')
	n := 0
	var found uint64 // bit j: req[j] was met
	if c, ok := in.src.peek(); ok && c == '}' {
		in.src.next()
	} else {
		for closed := false; !closed; {
			if c, ok := in.src.peek(); !ok || c != '"' {
				return false
			}
			key, ok := in.str()
			if !ok {
				return false
			}
			if n > 0 {
				in.out = append(in.out, ',')
			}
			n++
			in.out = append(jsontext.AppendQuote(in.out, key), ':')
			for j, r := range req {
				if r == key {
					found |= 1 << j
				}
			}
			members := in.scratch(depth)
			for _, s := range set {
				if constrains(s) {
					members = append(members, memberSchemas(s, key, in.buf[:0])...)
				}
			}
			in.sets[depth] = members
			in.skipWS()
			if c, ok := in.src.peek(); !ok || c != ':' {
				return false
			}
			in.src.next()
			in.skipWS()
			if !in.value(members, depth) {
				return false
			}
			if closed, ok = in.after('}'); !ok {
				return false
			}
		}
	}
	if found != 1<<len(req)-1 {
		return false
	}
	for _, s := range set {
		if constrains(s) && ((s.minProps >= 0 && n < s.minProps) || (s.maxProps >= 0 && n > s.maxProps)) {
			return false
		}
	}
	return in.emit('}')
}

func (in *inliner) array(set []*schema, depth int) bool {
	v := value{kind: kindArray}
	if depth > maxDepth || !fits(set, &v) {
		return false
	}
	in.src.next()
	in.skipWS()
	in.out = append(in.out, '[')
	n := 0
	if c, ok := in.src.peek(); ok && c == ']' {
		in.src.next()
	} else {
		for closed := false; !closed; {
			if n > 0 {
				in.out = append(in.out, ',')
			}
			items := in.scratch(depth)
			for _, s := range set {
				if constrains(s) {
					if is := itemSchema(s, n); is != nil {
						items = append(items, is)
					}
				}
			}
			in.sets[depth] = items
			n++
			if !in.value(items, depth) {
				return false
			}
			var ok bool
			if closed, ok = in.after(']'); !ok {
				return false
			}
		}
	}
	for _, s := range set {
		if constrains(s) && ((s.minItems >= 0 && n < s.minItems) || (s.maxItems >= 0 && n > s.maxItems)) {
			return false
		}
	}
	return in.emit(']')
}
