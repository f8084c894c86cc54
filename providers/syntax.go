package providers

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"unicode"

	"github.com/pelletier/go-toml/v2"
	"github.com/pelletier/go-toml/v2/unstable"
)

// SyntaxError is a config file that does not parse, said for a person: the file, the place and
// what is wrong in words, never a parser's own message.
type SyntaxError struct {
	// Path is the file (or a name such as "OPENCODE_CONFIG_CONTENT").
	Path string
	// Line and Column are 1-based; 0 when the parser gave no place.
	Line, Column int
	// What says what is wrong there, as a sentence fragment ("a ',' or a closing '}' is missing
	// before '\"'").
	What string
}

// Error is "PATH, line L, column C: WHAT" ("PATH: WHAT" without a place).
func (e *SyntaxError) Error() string {
	if e.Line == 0 {
		return fmt.Sprintf("%s: %s", e.Path, e.What)
	}
	return fmt.Sprintf("%s, line %d, column %d: %s", e.Path, e.Line, e.Column, e.What)
}

// hujsonPlace is the "hujson: line L, column C: " prefix of a hujson parse error.
var hujsonPlace = regexp.MustCompile(`(?s)^hujson: line (\d+), column (\d+): (.*)$`)

// invalidChar is the "invalid character X WHERE" of hujson and encoding/json.
var invalidChar = regexp.MustCompile(`^invalid character ('(?:[^'\\]|\\.)+'|"(?:[^"\\]|\\.)*") (.*)$`)

// ParseError turns err, from parsing body (the text of the file at path) with hujson or
// encoding/json, into a *SyntaxError that names the place and says what is wrong in words. An err
// that is not a syntax error comes back as a *SyntaxError with the parser's prefix removed.
func ParseError(path string, body []byte, err error) error {
	e := &SyntaxError{Path: path}
	msg := err.Error()
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		e.Line, e.Column = lineCol(body, int(se.Offset)-1)
		if strings.HasPrefix(se.Error(), "unexpected end of JSON input") {
			e.Line, e.Column = 0, 0
		}
		msg = se.Error()
	case errors.As(err, &te):
		// te.Value is "number 123" for a number: only its kind is said, never the text.
		kind, _, _ := strings.Cut(te.Value, " ")
		e.What = fmt.Sprintf("%s holds a JSON %s, where %s belongs", fieldName(te.Field), kind, jsonKind(te.Type.Kind().String()))
		return e
	default:
		if m := hujsonPlace.FindStringSubmatch(msg); m != nil {
			e.Line, _ = strconv.Atoi(m[1])
			e.Column, _ = strconv.Atoi(m[2])
			msg = m[3]
		}
	}
	e.What = describeSyntax(msg, keyDue(body, e.Line, e.Column))
	return e
}

// keyDue reports whether the place (line, column; 1-based, in bytes) in body follows a '{', so
// that what is due there is a key rather than a value.
func keyDue(body []byte, line, col int) bool {
	off := 0
	for l := 1; l < line; l++ {
		i := bytes.IndexByte(body[off:], '\n')
		if i < 0 {
			return false
		}
		off += i + 1
	}
	off += col - 1
	if line == 0 || off > len(body) {
		return false
	}
	prev := bytes.TrimRight(body[:off], " \t\r\n")
	return len(prev) > 0 && prev[len(prev)-1] == '{'
}

// The messages below never hold the text of the file: a config value may be a key or a token, so
// a fault is said by its place and its kind only. %[1]s stands for what was found there, said by
// charWords ("a bare word", "','").

// charPlaces are the "invalid character C WHERE" messages of hujson and encoding/json, by the
// start of WHERE, each said in words.
var charPlaces = []struct{ where, words string }{
	{"after object value", "a ',' or a closing '}' is missing before %[1]s"},
	{"after object key:value pair", "a ',' or a closing '}' is missing before %[1]s"},
	{"after array value", "a ',' or a closing ']' is missing before %[1]s"},
	{"after array element", "a ',' or a closing ']' is missing before %[1]s"},
	{"after object name", "a ':' is missing after the key, before %[1]s"},
	{"after object key", "a ':' is missing after the key, before %[1]s"},
	{"at start of object name", "a key in double quotes was expected, not %[1]s (a trailing comma before a '}' is not JSON either)"},
	{"looking for beginning of object key string", "a key in double quotes was expected, not %[1]s (a trailing comma before a '}' is not JSON either)"},
	{"at start of value", "a value cannot start with %[1]s"},
	{"looking for beginning of value", "a value cannot start with %[1]s"},
	{"after top-level value", "there is more after the end of the top-level object, starting with %[1]s"},
	{"in line comment", "a comment holds %[1]s, which is not allowed there"},
	{"in block comment", "a comment holds %[1]s, which is not allowed there"},
	{"in string literal", "a string holds %[1]s, which must be escaped"},
	{"in literal", "a bare word that is not true, false or null (text needs double quotes)"},
	{"in string escape code", "a string holds a backslash that starts no valid escape (write \\\\ for a backslash)"},
	{"in \\u hexadecimal character escape", "a string holds a \\u escape without four hex digits"},
	{"in numeric literal", badNumber},
	{"after decimal point in numeric literal", badNumber},
	{"in exponent of numeric literal", badNumber},
}

const (
	bareWord    = "a bare word where a value is due; text needs double quotes (the bare words are true, false and null)"
	bareKey     = "a bare word where a key is due; a key needs double quotes"
	badNumber   = "a number that is not valid JSON (no leading zeros; a digit after '-', '.' and 'e')"
	openString  = "a string is not closed before the end of its line: a '\"' is missing"
	badEscape   = "a string holds a backslash that starts no valid escape (write \\\\ for a backslash; \\u needs four hex digits)"
	ctrlInStr   = "a string holds a control character (such as a tab), which must be escaped"
	doubleComma = "two commas in a row, or a comma where a value is due: remove the extra ','"
)

// messageStarts are the other syntax messages of hujson and encoding/json, by their start, in
// words.
var messageStarts = []struct{ start, words string }{
	{"parsing string:", "a string is not closed: a '\"' is missing"},
	{"parsing comment:", "a /* comment is not closed: a */ is missing"},
	{"parsing object", "the file ends inside an object: a '}' is missing"},
	{"parsing array", "the file ends inside an array: a ']' is missing"},
	{"parsing value", "the file ends before its JSON does: a closing '}', ']' or '\"' is missing"},
	{"unexpected end of JSON input", "the file ends before its JSON does: a closing '}', ']' or '\"' is missing"},
	{"invalid UTF-8", "it holds bytes that are not UTF-8 text"},
}

// describeSyntax says a parser's message about bad syntax in words, never quoting the file's text;
// key says a key, not a value, is due at the place. A message it does not know is said as text
// that is not valid JSON.
func describeSyntax(msg string, key bool) string {
	if lit, ok := strings.CutPrefix(msg, "invalid literal: "); ok {
		return describeLiteral(lit, key)
	}
	if m := invalidChar.FindStringSubmatch(msg); m != nil {
		c := m[1]
		switch {
		case c == `','` && (strings.HasPrefix(m[2], "at start of value") || strings.HasPrefix(m[2], "looking for beginning of")):
			return doubleComma
		case strings.HasPrefix(m[2], "in string literal") && c == `'\n'`:
			return openString
		case strings.HasPrefix(m[2], "in string literal"):
			return ctrlInStr
		case isWordChar(c) && (strings.HasPrefix(m[2], "at start of value") || strings.HasPrefix(m[2], "looking for beginning of value")):
			return bareWord
		case isWordChar(c) && strings.Contains(m[2], "object key string"), isWordChar(c) && strings.Contains(m[2], "object name"):
			if strings.HasPrefix(m[2], "after") {
				break
			}
			return bareKey
		}
		for _, p := range charPlaces {
			if strings.HasPrefix(m[2], p.where) {
				return strings.ReplaceAll(p.words, "%[1]s", charWords(c))
			}
		}
		return fmt.Sprintf("%s is not allowed here", charWords(c))
	}
	if field, ok := strings.CutPrefix(msg, "json: unknown field "); ok {
		return "unknown field " + field // a key's name, never a value
	}
	for _, p := range messageStarts {
		if strings.HasPrefix(msg, p.start) {
			return p.words
		}
	}
	return "the text here is not valid JSON"
}

// describeLiteral says what is wrong with lit, the text hujson could not read as a value, by its
// kind: a string that does not close or holds a bad byte, a bad number, a bare word.
func describeLiteral(lit string, key bool) string {
	switch {
	case strings.HasPrefix(lit, `"`) && strings.ContainsAny(lit, "\r\n"):
		return openString
	case strings.HasPrefix(lit, `"`) && strings.IndexFunc(lit, func(r rune) bool { return r < 0x20 }) >= 0:
		return ctrlInStr
	case strings.HasPrefix(lit, `"`) && strings.Contains(lit, `\`):
		return badEscape
	case strings.HasPrefix(lit, `"`):
		return "a string that is not valid JSON"
	case lit != "" && (lit[0] == '-' || lit[0] >= '0' && lit[0] <= '9'):
		return badNumber
	case key:
		return bareKey
	}
	return bareWord
}

// charWords says c, a character as Go quotes it ('x', '\n'), without echoing the file's text:
// punctuation is shown, a letter or digit is "a bare word" or "a number".
func charWords(c string) string {
	r, err := strconv.Unquote(c)
	if err != nil || r == "" {
		return "a character that is not allowed"
	}
	ch := []rune(r)[0]
	switch {
	case unicode.IsLetter(ch) || ch == '_':
		return "a bare word"
	case unicode.IsDigit(ch):
		return "a number"
	case ch < 0x20 || ch == 0x7f:
		return "a control character"
	case ch > 0x7e:
		return "a character that is not allowed"
	}
	return c
}

// isWordChar reports whether c, a quoted character, starts a bare word or a number.
func isWordChar(c string) bool {
	w := charWords(c)
	return w == "a bare word" || w == "a number"
}

// fieldName is a json.UnmarshalTypeError's field, quoted, or "the top level".
func fieldName(f string) string {
	if f == "" {
		return "the top level"
	}
	return strconv.Quote(f)
}

// jsonKind names a Go kind the way JSON does, with its article ("an object").
func jsonKind(k string) string {
	switch {
	case k == "map" || k == "struct":
		return "an object"
	case k == "slice" || k == "array":
		return "an array"
	case strings.HasPrefix(k, "int"), strings.HasPrefix(k, "uint"), strings.HasPrefix(k, "float"):
		return "a number"
	case k == "bool":
		return "a boolean"
	case k == "string":
		return "a string"
	}
	return "a " + k
}

// tomlCodepoint is go-toml's %#U of a character in its messages ("U+0073 's'").
var tomlCodepoint = regexp.MustCompile(`U\+[0-9A-F]{4,6}(?: '(?:[^'\\]|\\.)*')?`)

// tomlMessages are go-toml's messages that would name the file's text, by a pattern, in words.
var tomlMessages = []struct {
	re    *regexp.Regexp
	words string
}{
	{regexp.MustCompile(`^unexpected character (.*) at start of value`), "a value cannot start with %[1]s"},
	{regexp.MustCompile(`^expected value but got (.*)`), "a value cannot start with %[1]s"},
	{regexp.MustCompile(`^expected newline but got (.*)`), "there is more after the value on this line, starting with %[1]s (one key = value per line)"},
	{regexp.MustCompile(`^invalid character at start of key: (.*)`), "a key cannot start with %[1]s"},
	{regexp.MustCompile(`^invalid escape character`), "a string holds a backslash that starts no valid escape (write \\\\ for a backslash, or use a 'literal string')"},
	{regexp.MustCompile(`^key .* is already defined`), "a key that is set a second time"},
	{regexp.MustCompile(`^table .* already exists`), "a table that is defined a second time"},
	{regexp.MustCompile(`^(unable to parse float|expected digit)`), "a number that is not valid TOML"},
	{regexp.MustCompile(`cannot be stored in`), "a number that is out of range"},
	{regexp.MustCompile(`^basic strings cannot have new lines|^literal strings cannot have new lines|^unterminated`), "a string is not closed before the end of its line: a quote is missing"},
}

// TOMLParseError turns err, from parsing data (the TOML file at path) with go-toml, into a
// *SyntaxError with the place and what is wrong in words, never the file's text.
func TOMLParseError(path string, data []byte, err error) *SyntaxError {
	e := &SyntaxError{Path: path}
	msg := err.Error()
	var de *toml.DecodeError
	var pe *unstable.ParserError
	switch {
	case errors.As(err, &de):
		e.Line, e.Column = de.Position()
	case errors.As(err, &pe):
		msg = pe.Message
		if off := cap(data) - cap(pe.Highlight); pe.Highlight != nil && off >= 0 && off <= len(data) {
			e.Line, e.Column = lineCol(data, off)
		}
	}
	e.What = describeTOML(strings.TrimPrefix(msg, "toml: "))
	return e
}

// describeTOML says a go-toml message without the file's text: a bare letter or digit becomes "a
// bare word" or "a number", punctuation stays, and a message naming a key loses the name.
func describeTOML(msg string) string {
	if strings.HasPrefix(msg, "unexpected character") || strings.HasPrefix(msg, "expected value but got") {
		if c := tomlChar(msg); c == "a bare word" {
			return "a bare word where a value is due; text needs double quotes (the bare words are true and false)"
		}
	}
	for _, m := range tomlMessages {
		if sub := m.re.FindStringSubmatch(msg); sub != nil {
			if len(sub) > 1 {
				return strings.ReplaceAll(m.words, "%[1]s", tomlChar(sub[1]))
			}
			return m.words
		}
	}
	// The other messages quote only go-toml's own punctuation (`expected ']' to close table
	// name`); a codepoint is the file's.
	if tomlCodepoint.MatchString(msg) {
		return "the text here is not valid TOML"
	}
	return msg
}

// tomlChar says the first "U+XXXX 'c'" in s as charWords does.
func tomlChar(s string) string {
	m := tomlCodepoint.FindString(s)
	if _, c, ok := strings.Cut(m, " "); ok {
		return charWords(c)
	}
	return "a character that is not allowed"
}
