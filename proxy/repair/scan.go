package repair

// Scan follows one tool call's input text as it streams in (an Anthropic input_json_delta's
// partial_json, a Chat Completions call's arguments), byte by byte, knowing at every byte where
// in the tool's input schema it stands. It answers one question: up to which byte is the text,
// as far as it came, sure to stay as it is — that is, where is the first byte that a repair of
// the whole input (RepairInput with Options.KeepText) could change. Everything before that byte
// can go to the client at once; from it on, the caller holds the text. A faulty string value
// (ScanSpan: D13-D15 below the top level, in no anyOf or oneOf branch) is read to its closing
// quote and handed out by Spans, to be repaired on its own (RepairSpan), judged in its context
// (Judge) and let go, and the scan goes on after it; any other held byte stops the scan, and the caller holds the text until the
// call ends and then judges it whole.
//
// A byte is held from (Scan.Held) when it:
//   - opens a string where the schema at that place wants no string (an array, object, number,
//     integer, boolean or null, as RepairInput coerces: docs/faults.md D13-D15, D29, D23b, D25
//     inside such a string), at any depth, through properties, patternProperties,
//     additionalProperties, items, prefixItems, $ref, allOf, anyOf and oneOf;
//   - is an escape JSON does not have (a backslash before another character, \u without four
//     hex digits: D24, D25). D24 escapes every backslash of such a string, so a valid escape
//     before the invalid one (src\new\Main.java) outside a path place has streamed already: that repair cannot be
//     made while streaming, and the call fails open. With Options.Args a valid escape that
//     begins a Windows path after a drive prefix (`C:\new`, `D:\repos`, `C:\users`: \b \f \n
//     \r \t \u right after `C:`) holds from its backslash, not Faulty, so that D24 can still
//     escape it when an invalid escape follows (openclaw/openclaw #88918); an escaped path
//     (`C:\\new`) holds nothing. At a path place (a member the schema names as a file path,
//     pathplace.go) \b \f \n \r \t hold from their backslash, not Faulty (white space around
//     a path is none of it): a path holding a control character fits nothing, and D24 writes it
//     back as typed (`src\new\table.txt`);
//   - cannot continue JSON at all (a Python literal, D29; a top-level value that is not an
//     object or array, D21), or is not white space after the top-level value closed (D21, D23,
//     D23b);
//   - is a comma before '}' or ']' (D65). With Options.Args a comma holds from itself until
//     the next token after it comes, and is let go when that is no closer;
//   - nests deeper than the parsers read, or names a member longer than maxScanKey;
//   - begins the first top-level member name, where the schema names no property "name": held
//     until the name ends, and to the input's end, not Faulty, when it is "name", "arguments" or
//     "parameters" (the whole call object sent as the input, unwrapCall).
//
// Nothing is held for a value where the schema allows a string, for a tool the request does not
// offer or offers without a schema (Tools.NewScan returns nil), and nothing for a value that is
// merely cut off (D46): a cut value is never completed, so its bytes stay as they came.
//
// A held byte is Faulty when it makes the input unfit for the schema whatever follows (it is not
// JSON, or a string at a place that rules strings out on every reading of the schema); a byte
// held only because a repair may be needed (a string where one anyOf branch of an enclosing
// object wants another type, a member name too long to look up) is not, and the input may turn
// out healthy.
//
// A Scan is cheap on healthy text: a run of string bytes costs one table lookup each, and the
// state is one frame per open array or object. Not safe for concurrent use.
type Scan struct {
	args  bool
	root  *schema
	off   int64 // bytes fed so far
	held  int64 // offset of the first byte that may need a change; -1 while none
	fault bool  // the held byte is Faulty
	st    scanState
	stack []scanFrame

	// the value being read
	str    strState
	lit    string // a true/false/null literal being read, and how far
	litPos int
	// where the next value goes: its direct schemas (for the string rule) and its flattened ones
	next  []*schema
	wants bool // the next value's place wants no string
	alt   bool // the next value's place came through anyOf or oneOf branches (or wildcard)
	keyIn []byte

	// faulty string values read to their end (see ScanSpan)
	open    int64      // offset of the opening quote of the span being read; -1 while none
	openSet []*schema  // the schemas of its place
	done    []ScanSpan // spans read to their end, not yet taken
	escAt   int64      // Options.Args: offset of the backslash of the escape being read
	commaAt int64      // offset of the last ',' while no token has come after it; -1: none
	wrapAt  int64      // offset of the first top-level member name while it may begin a call object; -1: none
	keys    bool       // a top-level member name has begun

	// the context of the spans (Judge)
	unfit     bool  // the input fits no schema whatever follows: no span is held any more
	undecided bool  // the text is not JSON though the scan read on: Judge holds to the end
	waitDepth int   // the depth of the open value whose end Judge waits for; 0: none
	minDepth  int   // the least depth of the stack since Judge last looked
	judged    int64 // bytes Judge has read in all
	ctx       ctxResume

	// the first backing arrays of stack, next and keyIn, in the Scan itself, so that a small
	// input's scan allocates none of them (each slice is the Scan's own scratch)
	stackBuf [2]scanFrame
	nextBuf  [2]*schema
	keyBuf   [24]byte
}

// ScanSpan is one faulty string value that the scan read to its end: a string at a place where
// every reading of the schema wants another type (docs/faults.md D13-D15), inside no anyOf or
// oneOf branch and below the top level, so that its repair depends on its own text and the
// schemas of its place only (Scan.RepairSpan). Start is the offset of its opening quote, End the
// offset just past its closing quote.
type ScanSpan struct {
	Start, End int64
	set        []*schema
}

type scanState uint8

const (
	stValue   scanState = iota // a value is due (after '[', ':', ',' in an array, or at the top)
	stAfter                    // a value ended: ',' or a closer is due (or, at the top, only white space)
	stKey                      // a member name or '}' is due
	stColon                    // ':' is due
	stString                   // inside a string value
	stKeyStr                   // inside a member name
	stNumber                   // inside a number
	stLiteral                  // inside true, false or null
	stStopped                  // held: nothing more is read
)

// strState is the state inside a string token.
type strState struct {
	esc int8 // 0: plain; 1: after a backslash; 2-5: in \u, that many hex digits still due plus 1
	// Options.Args, string values: the last bytes read (an escape counts as one '\\'), right
	// aligned, and how many of them there are (at most 3), to see a drive prefix (driveBefore)
	tail  [3]byte
	tn    int8
	drive bool // the escape being read follows a drive prefix (C:)
	path  bool // a string value at a path place (pathplace.go): \b \f \n \r \t hold from their backslash
}

// see records the bytes b of a string value in the tail (only the last three matter).
func (st *strState) see(b []byte) {
	if len(b) > 3 {
		b = b[len(b)-3:]
	}
	for _, c := range b {
		st.tail[0], st.tail[1], st.tail[2] = st.tail[1], st.tail[2], c
		if st.tn < 3 {
			st.tn++
		}
	}
}

// driveBefore reports whether the bytes read end in a drive prefix: one ASCII letter and ':'
// at the start of the string or after a byte that is no letter or digit (`C:`, ` D:`), so that
// a backslash now begins a Windows path.
func (st *strState) driveBefore() bool {
	return st.tn >= 2 && st.tail[2] == ':' && isASCIILetter(st.tail[1]) && (st.tn == 2 || !isASCIILetter(st.tail[0]) && !isDigit(st.tail[0]))
}

func isASCIILetter(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }

// scanFrame is one open array or object.
type scanFrame struct {
	obj   bool
	set   []*schema // the schemas of the container's place, flattened through combinators
	alt   bool      // set holds branches of anyOf or oneOf (one of which may be the one that fits)
	items int       // arrays: the index of the next item
}

// maxScanKey is the longest member name, in bytes, whose schema the scan looks up; a longer
// name holds the text from it on (healthy tool inputs have short names).
const maxScanKey = 4 << 10

// maxScanSet bounds the schemas one place is flattened into; past it the place counts as one
// that may want a repair anywhere, and its text is held.
const maxScanSet = 64

// NewScan returns a Scan for the input of a call to tool, or nil when the request offers no such
// tool or no usable schema for it: RepairInput never changes such an input, so nothing is held.
// opt is the one the caller will repair the whole input with.
func (t *Tools) NewScan(tool string, opt Options) *Scan {
	tl := t.lookup(tool)
	if tl == nil || tl.schema == nil {
		return nil
	}
	s := &Scan{args: opt.Args, root: tl.schema, held: -1, open: -1, escAt: -1, commaAt: -1, wrapAt: -1}
	s.stack, s.keyIn = s.stackBuf[:0], s.keyBuf[:0]
	s.next = append(s.nextBuf[:0], tl.schema)
	return s
}

// Held returns the offset of the first byte fed that a repair may change, and true; or the
// number of bytes fed and false while every byte so far is sure to stay as it is. A faulty
// string value read to its end (Spans) holds from its opening quote until TakeSpans takes it;
// with Options.Args an escape whose end has not come yet holds from its backslash (the next
// bytes say whether it is one JSON has: D24, D25), and is let go when they come. A nil Scan holds
// nothing.
func (s *Scan) Held() (int64, bool) {
	if s == nil {
		return 0, false
	}
	switch {
	case len(s.done) > 0:
		return s.done[0].Start, true
	case s.open >= 0:
		return s.open, true
	case s.held >= 0:
		return s.held, true
	case s.wrapAt >= 0:
		return s.wrapAt, true
	case s.escAt >= 0:
		return s.escAt, true
	case s.args && s.commaAt >= 0:
		return s.commaAt, true
	}
	return s.off, false
}

// HeldBeyondSpans reports whether a byte is held other than those of the faulty values read to
// their end (Spans): a faulty value still open, a fault held to the input's end, an escape
// waiting for its next bytes. A dialect lets the ended values go only when it is false.
func (s *Scan) HeldBeyondSpans() bool {
	return s != nil && (s.open >= 0 || s.held >= 0 || s.wrapAt >= 0 || s.escAt >= 0 || s.args && s.commaAt >= 0)
}

// Faulty reports whether a byte is held and it makes the input unfit for the schema whatever
// follows (see Scan): a stream holding such a span is not healthy. An escape held only until
// its end comes (see Held) is not.
func (s *Scan) Faulty() bool {
	if s == nil {
		return false
	}
	return len(s.done) > 0 || s.open >= 0 || s.held >= 0 && s.fault
}

// Spans returns the faulty string values read to their end and not yet taken, in their order
// (see ScanSpan). Each is judged on its own (RepairSpan) as soon as it ends; the bytes between
// and after them are scanned as usual.
func (s *Scan) Spans() []ScanSpan {
	if s == nil {
		return nil
	}
	return s.done
}

// TakeSpans forgets the spans Spans returned: the caller has judged them and let them go, and
// Held moves on to the next byte that may need a change.
func (s *Scan) TakeSpans() {
	if s != nil {
		s.done = s.done[:0]
	}
}

// Len returns the number of bytes fed so far.
func (s *Scan) Len() int64 {
	if s == nil {
		return 0
	}
	return s.off
}

// Feed reads the next bytes of the input text. Once a byte is held, the rest is only counted.
func (s *Scan) Feed(p []byte) {
	if s == nil {
		return
	}
	if s.st == stStopped {
		s.off += int64(len(p))
		return
	}
	i := 0
	for i < len(p) && s.st != stStopped {
		switch s.st {
		case stString, stKeyStr:
			i = s.inString(p, i)
		default:
			s.byte(p[i], i)
			i++
		}
	}
	s.off += int64(len(p))
}

// hold marks the byte at offset i of the current feed as the first that may need a change, and
// as one that makes the input unfit (not JSON).
func (s *Scan) hold(i int) { s.holdAs(i, true) }

// holdAs is hold, saying whether the byte is Faulty.
func (s *Scan) holdAs(i int, fault bool) { s.holdAt(s.off+int64(i), fault) }

// holdAt is holdAs at the offset at of the whole input.
func (s *Scan) holdAt(at int64, fault bool) {
	s.held, s.fault = at, fault
	if s.open >= 0 {
		s.held, s.fault, s.open, s.openSet = s.open, true, -1, nil // the span cannot be judged on its own
	}
	s.escAt, s.commaAt, s.wrapAt = -1, -1, -1
	s.st = stStopped
	s.stack, s.next, s.keyIn = nil, nil, nil
}

func isWS(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// byte reads one byte outside strings.
func (s *Scan) byte(c byte, i int) {
	switch s.st {
	case stValue:
		s.valueStart(c, i)
	case stAfter:
		s.after(c, i)
	case stKey:
		switch {
		case isWS(c):
		case c == '"':
			s.st, s.str, s.keyIn, s.commaAt = stKeyStr, strState{}, s.keyIn[:0], -1
			if len(s.stack) == 1 && !s.keys {
				s.keys = true
				if wrapsCalls(s.root) {
					s.wrapAt = s.off + int64(i) // unwrapCall: judged when the name ends
				}
			}
		case c == '}':
			s.closeAfterComma(true, i)
		default:
			s.hold(i)
		}
	case stColon:
		switch {
		case isWS(c):
		case c == ':':
			s.st = stValue
		default:
			s.hold(i)
		}
	case stNumber:
		switch {
		case c >= '0' && c <= '9' || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E':
		default:
			s.st = stAfter
			s.after(c, i)
		}
	case stLiteral:
		if c != s.lit[s.litPos] {
			s.hold(i)
			return
		}
		if s.litPos++; s.litPos == len(s.lit) {
			s.st = stAfter
		}
	}
}

// valueStart reads the first byte of a value.
func (s *Scan) valueStart(c byte, i int) {
	if isWS(c) {
		return
	}
	if c == ']' && s.commaAt >= 0 {
		s.closeAfterComma(false, i)
		return
	}
	s.commaAt = -1
	top := len(s.stack) == 0
	if top && c != '{' && c != '[' {
		// D21 (a whole-arguments string), D29, or no JSON at all: a fault unless the root allows a
		// scalar.
		ts, known := types(s.root)
		s.holdAs(i, known && ts&^(tObject|tArray) == 0 || !isValueStart(c))
		return
	}
	switch {
	case c == '{' || c == '[':
		if len(s.stack) >= maxDepth {
			s.hold(i)
			return
		}
		set, alt := s.flatNext()
		s.stack = append(s.stack, scanFrame{obj: c == '{', set: set, alt: alt || s.alt})
		if c == '{' {
			s.st = stKey
		} else {
			s.st = stValue
			s.place()
		}
	case c == '"':
		if s.wants && s.alt {
			s.holdAs(i, false) // a string where an anyOf or oneOf branch wants another type
			return
		}
		if s.wants && !s.unfit {
			// D13-D15: a string where the schema wants another type, read to its end and judged
			// on its own there (ScanSpan)
			s.open, s.openSet = s.off+int64(i), append([]*schema(nil), s.next...)
		}
		s.st, s.str = stString, strState{path: pathPlace(s.next)}
	case c == '-' || c >= '0' && c <= '9':
		s.st = stNumber
	case c == 't':
		s.st, s.lit, s.litPos = stLiteral, "true", 1
	case c == 'f':
		s.st, s.lit, s.litPos = stLiteral, "false", 1
	case c == 'n':
		s.st, s.lit, s.litPos = stLiteral, "null", 1
	case c == ']' && len(s.stack) > 0 && !s.stack[len(s.stack)-1].obj && s.stack[len(s.stack)-1].items == 0:
		s.close(false, i) // an empty array
	default:
		s.hold(i) // a Python literal (D29) or no JSON
	}
}

// after reads a byte after a value.
func (s *Scan) after(c byte, i int) {
	if isWS(c) {
		return
	}
	if len(s.stack) == 0 {
		s.hold(i) // D21, D23, D23b: something after the top-level value
		return
	}
	f := &s.stack[len(s.stack)-1]
	switch {
	case c == ',' && f.obj:
		s.st, s.commaAt = stKey, s.off+int64(i)
	case c == ',':
		s.commaAt = s.off + int64(i)
		f.items++
		s.st = stValue
		s.place()
	case c == '}' && f.obj, c == ']' && !f.obj:
		s.close(f.obj, i)
	default:
		s.hold(i)
	}
}

// closeAfterComma reads the closer at i where a member or item is due: after a comma a
// trailing comma (D65), held from the comma, else the end of an empty container.
func (s *Scan) closeAfterComma(obj bool, i int) {
	if s.commaAt >= 0 {
		s.holdAt(s.commaAt, true)
		return
	}
	s.close(obj, i)
}

// close ends the innermost container.
func (s *Scan) close(obj bool, i int) {
	if len(s.stack) == 0 || s.stack[len(s.stack)-1].obj != obj {
		s.hold(i)
		return
	}
	s.stack = s.stack[:len(s.stack)-1]
	s.minDepth = min(s.minDepth, len(s.stack))
	s.st = stAfter
}

// DefaultMaxHeld is the most bytes of one tool call's input (or of a text tail that may be a
// leaked call) that a dialect holds for repair when no other limit is set: 16 MiB, enough for
// an 11 MB stringified input. Past it the held bytes go out as they came (a fail-open).
const DefaultMaxHeld = 16 << 20
