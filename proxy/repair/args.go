package repair

import (
	"strings"

	"github.com/toolfix/toolfix/proxy/jsontext"
)

// candidate is one reading of a call's input: the value and the argument-text repairs it took,
// with the text it was read from (the input, or the input with its backslashes escaped), how
// (mend: with broken \u escapes mended) and where the value ends in it; empty is set for D19's
// {} made from white space (see keepText); lead for the arguments a call object wraps.
type candidate struct {
	v     value
	m     mask
	text  string
	end   int
	mend  bool
	empty bool
	lead  string // a call object's arguments (unwrapCandidates): the text they are written after
}

// argCandidates reads an OpenAI argument text that is not one JSON value (Options.Args), and
// returns the readings worth checking against the schema, best first: the text as it is, then
// with broken \u escapes mended (D25, KindEscape), then with the backslashes of Windows-path
// strings escaped (D24), then with raw control characters in strings escaped (D64), then
// without trailing commas (D65), then with Python's single-quoted strings outside JSON strings
// written as JSON strings (pythonStrings, D29, KindCoerce), then with literal \n between tokens
// read as white space (D66). A reading with Python strings is taken only as the whole text, as
// whole Python arguments are (pythonArguments).
// Each reading may be one value sent two or more times (D21: one copy kept) or a value
// followed by prose (D23: the prose cut). None when the text is two different values (D22: two
// calls merged; splitting could run a side effect twice), or when no complete value starts it
// (D46: never completed). Arguments written as a Markdown code fence (unfence) are read as the
// text inside it, with KindArgs.
func argCandidates(text string) []candidate {
	if inner, ok := unfence(text); ok {
		return fencedCandidates(text[:skipWS(text, 0)], inner)
	}
	if strings.TrimLeft(text, " \t\r\n") == "" { // D19
		return []candidate{{v: value{kind: kindObject, keys: []string{}, elems: []value{}}, m: maskArgs, text: text, empty: true}}
	}
	type reading struct {
		s     string
		mend  bool
		m     mask
		whole bool // only as the whole text: no copy or prose after it
	}
	readings := []reading{{s: text}}
	if strings.Contains(text, `\u`) {
		readings = append(readings, reading{s: text, mend: true, m: maskEscape})
	}
	if esc := escapeRawBackslashes(text); esc != text {
		readings = append(readings, reading{s: esc, m: maskArgs})
	}
	if esc := escapeRawControls(text); esc != text {
		readings = append(readings, reading{s: esc, m: maskEscape}) // D64
	}
	if t := dropTrailingCommas(text); t != text {
		readings = append(readings, reading{s: t, m: maskArgs}) // D65
	}
	if t := pythonStrings(text); t != text {
		readings = append(readings, reading{s: t, m: maskCoerce, whole: true}) // D29 in a JSON object
		if u := dropTrailingCommas(t); u != t {
			readings = append(readings, reading{s: u, m: maskCoerce | maskArgs, whole: true}) // and D65
		}
	}
	if t := literalNewlinesAsSpace(text); t != text {
		readings = append(readings, reading{s: t, m: maskArgs}) // D66
		if u := dropTrailingCommas(t); u != t {
			readings = append(readings, reading{s: u, m: maskArgs}) // D66 and D65
		}
	}
	var out []candidate
	for _, r := range readings {
		v, end, mended, err := parseJSONPrefix(r.s, r.mend)
		if err != nil || (r.mend && !mended) {
			continue
		}
		rest := strings.TrimLeft(r.s[end:], " \t\r\n")
		if rest == "" { // the whole text, once mended or escaped
			out = append(out, candidate{v: v, m: r.m, text: r.s, end: end, mend: r.mend})
			continue
		}
		if r.whole {
			continue // as D29's whole Python arguments: a Python value and prose is no argument text
		}
		if rest[0] == '{' || rest[0] == '[' {
			if !copiesOf(&v, rest, r.mend) {
				return nil // D22, or a later value cut short: leave it all
			}
		}
		out = append(out, candidate{v: v, m: r.m | maskArgs, text: r.s, end: end, mend: r.mend}) // D21 (one copy) or D23 (prose cut)
	}
	if len(out) == 0 {
		if v, ok := pythonArguments(text); ok {
			out = append(out, candidate{v: v, m: maskCoerce})
		}
	}
	return out
}

// unfence returns the text inside a Markdown code fence that is the whole argument text
// ("```json\n{…}\n```": a model that writes Markdown everywhere fences its arguments too, as
// it fences JSON in prose; issue 20's break-it run): an opening run of three or more backticks
// or tildes at the text's start (after white space) with an info string of letters only
// ("json", "JSON", none), a line break, the text, a line break and a closing run of the same
// character at least as long, then white space only. A fence not closed (a cut-off call, D46) or
// with anything after it is none.
func unfence(text string) (string, bool) {
	t := strings.TrimLeft(text, " \t\r\n")
	if len(t) < 3 || (t[0] != '`' && t[0] != '~') {
		return "", false
	}
	c := t[0]
	n := 0
	for n < len(t) && t[n] == c {
		n++
	}
	if n < 3 {
		return "", false
	}
	i := n
	for i < len(t) && (t[i]|0x20 >= 'a' && t[i]|0x20 <= 'z') {
		i++
	}
	for i < len(t) && (t[i] == ' ' || t[i] == '\t') {
		i++
	}
	switch {
	case strings.HasPrefix(t[i:], "\r\n"):
		i += 2
	case strings.HasPrefix(t[i:], "\n"):
		i++
	default:
		return "", false
	}
	body := strings.TrimRight(t[i:], " \t\r\n")
	m := 0
	for m < len(body) && body[len(body)-1-m] == c {
		m++
	}
	if m < n {
		return "", false
	}
	inner := body[:len(body)-m]
	if !strings.HasSuffix(inner, "\n") {
		return "", false
	}
	return inner, true
}

// fencedCandidates reads the text inside an argument fence: as one JSON value, or with the
// argument-text repairs of any other argument text, each reading with KindArgs (the fence was
// dropped). lead is the white space before the fence, which a stream sent before the fence held
// (Scan), and which the readings keep (Options.KeepText).
func fencedCandidates(lead, inner string) []candidate {
	if _, ok := unfence(inner); ok {
		return nil // a fence inside the fence is no argument text
	}
	text := lead + inner
	if v, err := parseJSON(text); err == nil {
		return []candidate{{v: v, m: maskArgs, text: text, end: len(strings.TrimRight(text, " \t\r\n"))}}
	}
	out := argCandidates(text)
	for i := range out {
		out[i].m |= maskArgs
	}
	return out
}

// copiesOf reports whether rest (the text after the value v, from its first non-blank byte) is
// nothing but complete copies of v, one or more, white space between and after them: the
// arguments sent two or more times ({A}{A}, {A}{A}{A}: BerriAI/litellm #40582 saw the same call
// repeated up to six times). A copy that differs (D22) or is cut short (D46) is false. mend reads
// the copies as v was read (D25).
func copiesOf(v *value, rest string, mend bool) bool {
	for rest != "" {
		w, end, _, err := parseJSONPrefix(rest, mend)
		if err != nil || !equalValues(v, &w) {
			return false
		}
		rest = strings.TrimLeft(rest[end:], " \t\r\n")
	}
	return true
}

// pythonArguments reads a whole argument text written as one Python dict literal, as Python's
// repr writes a dict ({'path': 'src', 'recursive': True}; docs/faults.md D29: QwenLM/qwen-code #288,
// OpenHands PR #8780), with the exact parser of parsePythonPrefix: never by swapping quotes.
// Only a dict that is the whole text counts (blanks around it allowed); anything else, a text
// cut short included (D46: never completed), is refused.
func pythonArguments(text string) (value, bool) {
	t := strings.TrimSpace(text)
	if !strings.HasPrefix(t, "{") {
		return value{}, false
	}
	v, rest, err := parsePythonPrefix(t)
	if err != nil || strings.TrimSpace(rest) != "" || v.kind != kindObject {
		return value{}, false
	}
	return v, true
}

// pythonStrings rewrites each Python string literal in single quotes that stands outside the
// JSON string tokens of text as the JSON string of its value, read by the exact parser of
// parsePythonPrefix (its escapes as Python reads them: 'it\'s' is it's), never by swapping
// quotes: a JSON object whose values a model wrote partly as Python, {"paths": ['app.py',
// 'util.py'], "recursive": false} (docs/faults.md D29: QwenLM/qwen-code #288, whose JSON false
// keeps the whole text from reading as Python). Everything else is kept byte for byte, so a
// stream's bytes before the first quote stay a prefix. It returns text itself when it holds no
// such literal or one that Python would not read.
func pythonStrings(text string) string {
	if strings.IndexByte(text, '\'') < 0 {
		return text
	}
	var out []byte
	last := 0
	for i := 0; i < len(text); i++ {
		switch text[i] {
		case '"':
			end, _ := scanStringToken(text, i)
			i = end - 1
		case '\'':
			if strings.HasPrefix(text[i:], "'''") {
				return text // a triple-quoted string spans lines a JSON text does not have
			}
			p := &pyParser{s: text, i: i}
			var b strings.Builder
			if p.str(&b) != nil {
				return text
			}
			out = append(out, text[last:i]...)
			out = jsontext.AppendQuote(out, b.String())
			last = p.i
			i = p.i - 1
		}
	}
	if out == nil {
		return text
	}
	return string(append(out, text[last:]...))
}

// escapeRawBackslashes rewrites each JSON string token of text that holds an invalid escape
// (a backslash before a character JSON does not escape, or \u without four hex digits) so that
// every backslash in it stands for itself: "C:\Users\new" becomes "C:\\Users\\new". A backslash
// before a quote stays an escaped quote, since the token's end was found by JSON's rule.
// Strings with valid escapes only, and everything outside strings, are kept byte for byte.
func escapeRawBackslashes(text string) string {
	return rewriteStrings(text, func(b *strings.Builder, tok string, bad bool) bool {
		if bad {
			writeLiteralBackslashes(b, tok)
		}
		return bad
	})
}

// escapeRawControls rewrites each JSON string token of text that holds a raw control character
// (U+0000 to U+001F, all of which JSON forbids inside a string: RFC 8259 section 7) with each of
// them escaped: \n, \r, \t, \b, \f, else \u00XX (docs/faults.md D64: gethouston/houston PR #1561).
// A raw tab is judged as a raw line feed is. Everything outside strings, where tab, line feed and
// carriage return are white space, is kept byte for byte, and so is a control character right
// after a backslash (no escape JSON has: the reading fails).
func escapeRawControls(text string) string {
	return rewriteStrings(text, func(b *strings.Builder, tok string, _ bool) bool {
		changed := false
		last := 0
		for j := 1; j < len(tok); j++ {
			switch c := tok[j]; {
			case c == '\\':
				j++
			case c < 0x20:
				b.WriteString(tok[last:j])
				b.WriteString(controlEscape(c))
				last, changed = j+1, true
			}
		}
		b.WriteString(tok[last:])
		return changed
	})
}

// rewriteStrings returns text with the JSON string tokens that rewrite changes replaced, and text
// itself when it changes none. rewrite gets each token (its quotes included; cut short at the
// text's end), whether it holds an invalid escape (see scanStringToken) and a builder for its
// replacement, and reports whether the token changed; what it wrote is used only then.
func rewriteStrings(text string, rewrite func(b *strings.Builder, tok string, bad bool) bool) string {
	var out, tb strings.Builder
	last := 0
	for i := 0; i < len(text); i++ {
		if text[i] != '"' {
			continue
		}
		end, bad := scanStringToken(text, i)
		tb.Reset()
		if rewrite(&tb, text[i:end], bad) {
			if out.Len() == 0 {
				out.Grow(len(text) + 16)
			}
			out.WriteString(text[last:i])
			out.WriteString(tb.String())
			last = end
		}
		i = end - 1
	}
	if last == 0 {
		return text
	}
	out.WriteString(text[last:])
	return out.String()
}

// controlEscape is the JSON escape of the control character c (below 0x20).
func controlEscape(c byte) string {
	switch c {
	case '\n':
		return `\n`
	case '\r':
		return `\r`
	case '\t':
		return `\t`
	case '\b':
		return `\b`
	case '\f':
		return `\f`
	}
	const hex = "0123456789abcdef"
	return `\u00` + string([]byte{hex[c>>4], hex[c&15]})
}

// scanStringToken finds the end (just past the closing quote, or len(text)) of the string token
// starting at the quote at i, and whether it holds an invalid escape.
func scanStringToken(text string, i int) (end int, bad bool) {
	for j := i + 1; j < len(text); j++ {
		switch text[j] {
		case '"':
			return j + 1, bad
		case '\\':
			if j+1 >= len(text) {
				return len(text), bad
			}
			switch e := text[j+1]; e {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
			case 'u':
				for k := j + 2; k < j+6; k++ {
					if k >= len(text) {
						bad = true
						break
					}
					if _, ok := hexDigit(text[k]); !ok {
						bad = true
						break
					}
				}
			default:
				bad = true
			}
			j++
		}
	}
	return len(text), bad
}

// writeLiteralBackslashes writes the string token tok with each backslash doubled, except one
// before a quote.
func writeLiteralBackslashes(b *strings.Builder, tok string) {
	for j := 0; j < len(tok); j++ {
		c := tok[j]
		if c != '\\' || j+1 >= len(tok) {
			b.WriteByte(c)
			continue
		}
		switch tok[j+1] {
		case '"':
			b.WriteString(`\"`)
		case '\\':
			b.WriteString(`\\\\`)
		default:
			b.WriteString(`\\`)
			continue
		}
		j++
	}
}
