package providers

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"
)

// DotenvDoc is one parsed dotenv file (Qwen Code's ~/.qwen/.env) that can read and replace the
// value of one variable while every other byte stays. A line is `NAME=value`, maybe behind
// `export `, the value bare (up to a ` #` comment), or in '…', "…" or `…` quotes; blank lines and
// `#` comments are kept as they are. A key path is one token, the variable's name. When a name is
// set twice the last line wins, as in the dotenv package Qwen Code uses. The zero DotenvDoc is not
// usable; make one with ParseDotenv.
type DotenvDoc struct {
	path string
	data []byte
	vars []dotenvVar
}

type dotenvVar struct {
	name       string
	start, end int // the value's bytes, quotes included
	lineStart  int
	lineEnd    int // after the line break
	quote      byte
	value      string
}

var dotenvLine = regexp.MustCompile(`^[ \t]*(?:export[ \t]+)?([A-Za-z_][A-Za-z0-9_.-]*)[ \t]*=[ \t]*`)

// ParseDotenv parses data, the dotenv file at path (used in messages only). A line that is
// neither blank, a comment nor an assignment is an error naming its line, as is a quote that
// does not close on its line.
func ParseDotenv(path string, data []byte) (*DotenvDoc, error) {
	d := &DotenvDoc{path: path, data: append([]byte(nil), data...)}
	if err := d.index(); err != nil {
		return nil, err
	}
	return d, nil
}

func (d *DotenvDoc) index() error {
	d.vars = nil
	off := 0
	for n := 1; off < len(d.data); n++ {
		end := bytes.IndexByte(d.data[off:], '\n')
		next := len(d.data)
		if end >= 0 {
			next = off + end + 1
		}
		line := strings.TrimRight(string(d.data[off:next]), "\r\n")
		trimmed := strings.TrimSpace(line)
		if trimmed == "" || strings.HasPrefix(trimmed, "#") {
			off = next
			continue
		}
		if strings.ContainsRune(line, '\r') { // a carriage return inside a line: a line break to some readers
			return fmt.Errorf("%w (toolfix changed nothing; toolfix edits only one-line values)", &SyntaxError{Path: d.path, Line: n, Column: strings.IndexByte(line, '\r') + 1, What: "a carriage return inside the line"})
		}
		m := dotenvLine.FindStringSubmatchIndex(line)
		if m == nil {
			return fmt.Errorf("%w (toolfix changed nothing; fix the file and run again)", &SyntaxError{Path: d.path, Line: n, Column: 1, What: "the line is not NAME=value"})
		}
		v := dotenvVar{name: line[m[2]:m[3]], lineStart: off, lineEnd: next, start: off + m[1]}
		rest := line[m[1]:]
		switch {
		case rest != "" && strings.ContainsRune("'\"`", rune(rest[0])):
			q := rest[0]
			j := strings.IndexByte(rest[1:], q)
			if j < 0 {
				return fmt.Errorf("%w (toolfix changed nothing; toolfix edits only one-line values)", &SyntaxError{Path: d.path, Line: n, Column: 1, What: fmt.Sprintf("the value's %c quote does not close on its line", q)})
			}
			v.quote, v.end = q, v.start+j+2
			v.value = rest[1 : j+1]
			if q == '"' {
				v.value = strings.ReplaceAll(v.value, `\n`, "\n")
			}
		default:
			val := rest
			if k := strings.Index(val, " #"); k >= 0 {
				val = val[:k]
			}
			if k := strings.IndexByte(val, '\r'); k >= 0 { // a lone CR ends a line for dotenv too
				val = val[:k]
			}
			val = strings.TrimRight(val, " \t")
			v.end, v.value = v.start+len(val), val
		}
		d.vars = append(d.vars, v)
		off = next
	}
	return nil
}

func (d *DotenvDoc) find(p Pointer) *dotenvVar {
	if len(p) != 1 {
		return nil
	}
	for i := len(d.vars) - 1; i >= 0; i-- {
		if d.vars[i].name == p[0] {
			return &d.vars[i]
		}
	}
	return nil
}

// Path is the path the DotenvDoc was parsed for.
func (d *DotenvDoc) Path() string { return d.path }

// Bytes is the file's content with every edit applied; without edits, the input byte for byte.
func (d *DotenvDoc) Bytes() []byte { return append([]byte(nil), d.data...) }

// Get returns the value of the variable p[0] and whether it is set. A path of more than one
// token is never set.
func (d *DotenvDoc) Get(p Pointer) (string, bool, error) {
	if v := d.find(p); v != nil {
		return v.value, true, nil
	}
	return "", false, nil
}

// Set replaces the value of a variable the file sets, in its own quoting (a bare value that would
// need quotes gets double quotes). It does not add variables: a missing one is an error, since
// toolfix routes only a variable the user set. created is always nil.
func (d *DotenvDoc) Set(p Pointer, value string) ([]Pointer, error) {
	v := d.find(p)
	if v == nil {
		return nil, fmt.Errorf("%s: %s is not set there; toolfix does not add variables to a dotenv file", d.path, p.Dotted())
	}
	if strings.ContainsAny(value, "\r\n") {
		return nil, fmt.Errorf("%s: %s: a value with a line break cannot be written on one line", d.path, p.Dotted())
	}
	lit := value
	switch {
	case v.quote != 0 && !strings.ContainsRune(value, rune(v.quote)):
		lit = string(v.quote) + value + string(v.quote)
	case v.quote != 0 || strings.ContainsAny(value, " #'\"`"):
		lit = `"` + strings.ReplaceAll(value, `"`, `\"`) + `"`
	}
	return nil, d.splice(v.start, v.end, lit)
}

// SetLiteral puts back a value exactly as it was written (Literal's form). Errors: the variable
// is not set, or raw holds a line break.
func (d *DotenvDoc) SetLiteral(p Pointer, raw string) error {
	v := d.find(p)
	if v == nil {
		return fmt.Errorf("%s: %s is not there", d.path, p.Dotted())
	}
	if strings.ContainsAny(raw, "\r\n") {
		return fmt.Errorf("%s: %s: %q is not a one-line value", d.path, p.Dotted(), raw)
	}
	return d.splice(v.start, v.end, raw)
}

// Literal is the value as written, quotes included; "" when the variable is not set.
func (d *DotenvDoc) Literal(p Pointer) string {
	if v := d.find(p); v != nil {
		return string(d.data[v.start:v.end])
	}
	return ""
}

// Remove deletes the line that sets the variable (a missing one is not an error).
func (d *DotenvDoc) Remove(p Pointer) error {
	if v := d.find(p); v != nil {
		return d.splice(v.lineStart, v.lineEnd, "")
	}
	return nil
}

// IsEmpty reports whether the file sets no variable.
func (d *DotenvDoc) IsEmpty() bool { return len(d.vars) == 0 }

// IsEmptyObject is false: a dotenv file has no objects.
func (d *DotenvDoc) IsEmptyObject(Pointer) bool { return false }

func (d *DotenvDoc) splice(from, to int, s string) error {
	return spliceIndexed(&d.data, from, to, s, d.index)
}
