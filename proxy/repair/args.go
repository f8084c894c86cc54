package repair

import "strings"

// candidate is one reading of a call's input: the value and the argument-text repairs it took,
// with the text it was read from (the input, or the input with its backslashes escaped), how
// (mend: with broken \u escapes mended) and where the value ends in it; empty is set for D19's
// {} made from white space (see keepText).
type candidate struct {
	v     value
	m     mask
	text  string
	end   int
	mend  bool
	empty bool
}

// argCandidates reads an OpenAI argument text that is not one JSON value (Options.Args), and
// returns the readings worth checking against the schema, best first: the text as it is, then
// with broken \u escapes mended (D25, KindEscape), then with the backslashes of Windows-path
// strings escaped (D24), then with raw control characters in strings escaped (D64), then
// without trailing commas (D65), then with literal \n between tokens read as white space (D66).
// Each reading may be one value sent two or more times (D21: one copy kept) or a value
// followed by prose (D23: the prose cut). None when the text is two different values (D22: two
// calls merged; splitting could run a side effect twice), or when no complete value starts it
// (D46: never completed).
func argCandidates(text string) []candidate {
	if strings.TrimLeft(text, " \t\r\n") == "" { // D19
		return []candidate{{v: value{kind: kindObject, keys: []string{}, elems: []value{}}, m: maskArgs, text: text, empty: true}}
	}
	type reading struct {
		s    string
		mend bool
		m    mask
	}
	readings := []reading{{s: text}}
	if strings.Contains(text, `\u`) {
		readings = append(readings, reading{text, true, maskEscape})
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
