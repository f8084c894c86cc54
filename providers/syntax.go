package providers

import (
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
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
var hujsonPlace = regexp.MustCompile(`^hujson: line (\d+), column (\d+): (.*)$`)

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
		e.What = fmt.Sprintf("%s holds a JSON %s, where %s belongs", fieldName(te.Field), te.Value, jsonKind(te.Type.Kind().String()))
		return e
	default:
		if m := hujsonPlace.FindStringSubmatch(msg); m != nil {
			e.Line, _ = strconv.Atoi(m[1])
			e.Column, _ = strconv.Atoi(m[2])
			msg = m[3]
		}
	}
	e.What = describeSyntax(msg)
	return e
}

// charPlaces are the "invalid character C WHERE" messages of hujson and encoding/json, by the
// start of WHERE, each said in words; %[1]s stands for C.
var charPlaces = []struct{ where, words string }{
	{"after object value", "a ',' or a closing '}' is missing before %[1]s"},
	{"after object key:value pair", "a ',' or a closing '}' is missing before %[1]s"},
	{"after array value", "a ',' or a closing ']' is missing before %[1]s"},
	{"after array element", "a ',' or a closing ']' is missing before %[1]s"},
	{"after object name", "a ':' is missing after the key, before %[1]s"},
	{"after object key", "a ':' is missing after the key, before %[1]s"},
	{"at start of object name", "a key in double quotes was expected, not %[1]s (a trailing comma before a '}' is not JSON either)"},
	{"looking for beginning of object key string", "a key in double quotes was expected, not %[1]s (a trailing comma before a '}' is not JSON either)"},
	{"at start of value", "a value cannot start with %[1]s (text needs double quotes; the bare words are true, false and null)"},
	{"looking for beginning of value", "a value cannot start with %[1]s (text needs double quotes; the bare words are true, false and null)"},
	{"after top-level value", "there is more after the end of the top-level object, starting with %[1]s"},
	{"in line comment", "a comment holds %[1]s, which is not allowed there"},
	{"in block comment", "a comment holds %[1]s, which is not allowed there"},
	{"in string literal", "a string holds %[1]s, which must be escaped"},
	{"in literal", "a bare word that is not true, false or null (text needs double quotes)"},
	{"in string escape code", "%[1]s is not a valid escape after a backslash (write \\\\ for a backslash)"},
}

// messageStarts are the other syntax messages of hujson and encoding/json, by their start, in
// words; %[1]s is the rest of the message.
var messageStarts = []struct{ start, words string }{
	{"invalid literal: ", "%[1]s is not a JSON value (text needs double quotes; the bare words are true, false and null)"},
	{"parsing string:", "a string is not closed: a '\"' is missing"},
	{"parsing comment:", "a /* comment is not closed: a */ is missing"},
	{"parsing object", "the file ends inside an object: a '}' is missing"},
	{"parsing array", "the file ends inside an array: a ']' is missing"},
	{"parsing value", "the file ends before its JSON does: a closing '}', ']' or '\"' is missing"},
	{"unexpected end of JSON input", "the file ends before its JSON does: a closing '}', ']' or '\"' is missing"},
	{"invalid UTF-8", "it holds bytes that are not UTF-8 text"},
}

// describeSyntax says a parser's message about bad syntax in words; one it does not know loses
// only its parser prefix.
func describeSyntax(msg string) string {
	if m := invalidChar.FindStringSubmatch(msg); m != nil {
		for _, p := range charPlaces {
			if strings.HasPrefix(m[2], p.where) {
				return strings.ReplaceAll(p.words, "%[1]s", m[1])
			}
		}
		return fmt.Sprintf("%s is not allowed here", m[1])
	}
	for _, p := range messageStarts {
		if rest, ok := strings.CutPrefix(msg, p.start); ok {
			return strings.ReplaceAll(p.words, "%[1]s", rest)
		}
	}
	return strings.TrimPrefix(strings.TrimPrefix(msg, "hujson: "), "json: ")
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
