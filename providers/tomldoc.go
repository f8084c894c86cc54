package providers

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/pelletier/go-toml/v2"
	"github.com/pelletier/go-toml/v2/unstable"
)

// TOMLDoc is one parsed TOML file (Codex CLI's config.toml) that can read and replace one string
// value by its key path while every other byte stays: comments, key order, spacing, quoting style,
// line endings. Values are found with go-toml's position-reporting parser, never re-encoded from
// a map. A key path is the table path and the key, dotted keys and inline tables flattened:
// `[model_providers.x]` then `base_url = "…"`, `model_providers.x.base_url = "…"` and
// `model_providers.x = { base_url = "…" }` all hold Pointer{"model_providers", "x", "base_url"}.
// Keys inside array tables ([[…]]) and arrays are not addressable. The zero TOMLDoc is not usable;
// make one with ParseTOML.
type TOMLDoc struct {
	path   string
	data   []byte
	nl     string
	values []tomlValue // in file order
	// tableAt is the offset of the line holding the first table header; -1 when the file has no
	// table.
	tableAt int
	// topEnd is the offset after the line break of the last top-level key before the first table,
	// where a new top-level key goes; -1 when there is none.
	topEnd int
}

// tomlValue is one string (or other scalar) value and where it sits.
type tomlValue struct {
	key        Pointer
	kind       unstable.Kind
	start, end int    // the value's bytes, quotes included
	text       string // the decoded string, for kind String
	lineStart  int    // the start of the line holding the key = value expression
	exprEnd    int    // the end of that expression
	topLevel   bool   // a key = value line of its own (not inside an inline table)
	multiline  bool   // a """…""" or '''…''' string
	literalStr bool   // a '…' string
}

// ParseTOML parses data, the contents of the TOML file at path (path is used in messages only).
// Errors name the file, the line and the column, and say that nothing was changed.
func ParseTOML(path string, data []byte) (*TOMLDoc, error) {
	var check map[string]any
	if err := toml.Unmarshal(data, &check); err != nil {
		return nil, fmt.Errorf("%w (toolfix changed nothing; fix the file and run again)", TOMLParseError(path, data, err))
	}
	d := &TOMLDoc{path: path, data: append([]byte(nil), data...), nl: "\n", tableAt: -1}
	if bytes.Contains(data, []byte("\r\n")) {
		d.nl = "\r\n"
	}
	if err := d.index(); err != nil {
		return nil, err
	}
	return d, nil
}

// index finds every addressable value in d.data.
func (d *TOMLDoc) index() error {
	d.values, d.tableAt, d.topEnd = nil, -1, -1
	var p unstable.Parser
	p.Reset(d.data)
	var table Pointer
	inArrayTable := false
	for p.NextExpression() {
		e := p.Expression()
		switch e.Kind {
		case unstable.Table, unstable.ArrayTable:
			if d.tableAt < 0 {
				k := e.Key()
				k.Next()
				d.tableAt = lineStart(d.data, int(k.Node().Raw.Offset))
			}
			inArrayTable = e.Kind == unstable.ArrayTable
			table = keyParts(e.Key())
		case unstable.KeyValue:
			if inArrayTable {
				continue
			}
			ls := lineStart(d.data, int(e.Raw.Offset))
			end := int(e.Raw.Offset + e.Raw.Length)
			if d.tableAt < 0 {
				if nl := bytes.IndexByte(d.data[end:], '\n'); nl >= 0 {
					d.topEnd = end + nl + 1
				} else {
					d.topEnd = -1 // the last line: the key goes at the end
				}
			}
			d.addValue(append(append(Pointer{}, table...), keyParts(e.Key())...), e.Value(), ls, end, true)
		}
	}
	if err := p.Error(); err != nil {
		return fmt.Errorf("%w (toolfix changed nothing)", TOMLParseError(d.path, d.data, err))
	}
	return nil
}

func (d *TOMLDoc) addValue(key Pointer, v *unstable.Node, ls, exprEnd int, top bool) {
	switch v.Kind {
	case unstable.InlineTable:
		for it := v.Children(); it.Next(); {
			kv := it.Node()
			if kv.Kind != unstable.KeyValue {
				continue
			}
			d.addValue(append(append(Pointer{}, key...), keyParts(kv.Key())...), kv.Value(), ls, exprEnd, false)
		}
	case unstable.Array:
	default:
		start := int(v.Raw.Offset)
		raw := d.data[start : start+int(v.Raw.Length)]
		d.values = append(d.values, tomlValue{
			key: key, kind: v.Kind, start: start, end: start + len(raw), text: string(v.Data),
			lineStart: ls, exprEnd: exprEnd, topLevel: top,
			multiline:  bytes.HasPrefix(raw, []byte(`"""`)) || bytes.HasPrefix(raw, []byte(`'''`)),
			literalStr: len(raw) > 0 && raw[0] == '\'',
		})
	}
}

func keyParts(it unstable.Iterator) Pointer {
	var k Pointer
	for it.Next() {
		k = append(k, string(it.Node().Data))
	}
	return k
}

// lineStart is the offset of the start of the line holding off.
func lineStart(b []byte, off int) int {
	return bytes.LastIndexByte(b[:off], '\n') + 1
}

func (d *TOMLDoc) find(p Pointer) *tomlValue {
	for i := range d.values {
		if slicesEqual(d.values[i].key, p) {
			return &d.values[i]
		}
	}
	return nil
}

func slicesEqual(a, b Pointer) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// Path is the path the TOMLDoc was parsed for.
func (d *TOMLDoc) Path() string { return d.path }

// Bytes is the file's content with every edit applied; without edits, the input byte for byte.
func (d *TOMLDoc) Bytes() []byte { return append([]byte(nil), d.data...) }

// Get returns the string at p and whether it is there; an error when the value is not a string.
func (d *TOMLDoc) Get(p Pointer) (string, bool, error) {
	v := d.find(p)
	if v == nil {
		return "", false, nil
	}
	if v.kind != unstable.String {
		return "", false, fmt.Errorf("%s: %s is not a string", d.path, p.Dotted())
	}
	return v.text, true, nil
}

// Keys lists the distinct keys directly under prefix that lead to a value, in file order:
// Keys(Pointer{"model_providers"}) gives the provider ids.
func (d *TOMLDoc) Keys(prefix Pointer) []string {
	var out []string
	seen := map[string]bool{}
	for _, v := range d.values {
		if len(v.key) > len(prefix) && slicesEqual(v.key[:len(prefix)], prefix) && !seen[v.key[len(prefix)]] {
			seen[v.key[len(prefix)]] = true
			out = append(out, v.key[len(prefix)])
		}
	}
	return out
}

// Set writes the string value at p. An existing one-line string is replaced in place, in its own
// quoting style ('…' stays a literal string when the value allows it). A missing key is added only
// at the top level (len(p) == 1), as `key = "value"` on its own line after the last top-level key,
// else before the first table, else at the end. It never creates tables, so created is always nil. Errors: the
// value is not a string, is a multi-line string (toolfix will not rewrite one), or the key is
// missing inside a table.
func (d *TOMLDoc) Set(p Pointer, value string) (created []Pointer, err error) {
	if v := d.find(p); v != nil {
		if v.kind != unstable.String {
			return nil, fmt.Errorf("%s: %s is not a string", d.path, p.Dotted())
		}
		if v.multiline {
			return nil, fmt.Errorf("%s: %s is a multi-line string, which toolfix does not rewrite; write it on one line (%s = \"…\") and run again", d.path, p.Dotted(), p[len(p)-1])
		}
		lit := tomlBasicString(value)
		if v.literalStr && !strings.ContainsAny(value, "'\n\r") && !hasControl(value) {
			lit = "'" + value + "'"
		}
		return nil, d.splice(v.start, v.end, lit)
	}
	if len(p) != 1 {
		return nil, fmt.Errorf("%s: %s is not set; toolfix adds only top-level keys to a TOML file", d.path, p.Dotted())
	}
	line := tomlKey(p[0]) + " = " + tomlBasicString(value) + d.nl
	at := d.topEnd
	if at < 0 && !d.hasTopLevel() {
		at = d.tableAt
	}
	if at < 0 {
		at = len(d.data)
		if at > 0 && d.data[at-1] != '\n' {
			line = d.nl + strings.TrimSuffix(line, d.nl)
		}
	}
	return nil, d.splice(at, at, line)
}

// SetLiteral puts back a value exactly as it was written, for undoing an edit: raw is a TOML
// string literal such as `'http://gw/v1'`. Errors: p is missing, or raw is not one TOML string.
func (d *TOMLDoc) SetLiteral(p Pointer, raw string) error {
	v := d.find(p)
	if v == nil {
		return fmt.Errorf("%s: %s is not there", d.path, p.Dotted())
	}
	var check struct {
		V *string `toml:"v"`
	}
	if err := toml.Unmarshal([]byte("v = "+raw), &check); err != nil || check.V == nil || strings.ContainsAny(raw, "\r\n") {
		return fmt.Errorf("%s: %s: %q is not a one-line TOML string", d.path, p.Dotted(), raw)
	}
	return d.splice(v.start, v.end, raw)
}

// Literal returns the raw TOML text of the value at p, quotes as written ("" when missing).
func (d *TOMLDoc) Literal(p Pointer) string {
	if v := d.find(p); v != nil {
		return string(d.data[v.start:v.end])
	}
	return ""
}

// Remove deletes the key = value line at p when it is a line of its own, with its line break (a
// missing p is not an error). Removing what Set added gives back the bytes from before Set. A
// value inside an inline table or on a line shared with other text is refused.
func (d *TOMLDoc) Remove(p Pointer) error {
	v := d.find(p)
	if v == nil {
		return nil
	}
	end := v.exprEnd
	rest := d.data[end:]
	trimmed := bytes.TrimLeft(rest, " \t")
	if !v.topLevel {
		return fmt.Errorf("%s: %s is inside an inline table; toolfix does not remove it", d.path, p.Dotted())
	}
	switch {
	case bytes.HasPrefix(trimmed, []byte("\r\n")):
		end += len(rest) - len(trimmed) + 2
	case bytes.HasPrefix(trimmed, []byte("\n")):
		end += len(rest) - len(trimmed) + 1
	case len(trimmed) == 0:
		end = len(d.data)
		start := v.lineStart
		if start > 0 { // the last line, without a line break: take the one before it instead
			start--
			if start > 0 && d.data[start-1] == '\r' {
				start--
			}
		}
		return d.splice(start, end, "")
	default:
		return fmt.Errorf("%s: %s shares its line with other text; toolfix does not remove it", d.path, p.Dotted())
	}
	return d.splice(v.lineStart, end, "")
}

// hasTopLevel reports whether a key sits before the first table.
func (d *TOMLDoc) hasTopLevel() bool {
	for _, v := range d.values {
		if d.tableAt < 0 || v.start < d.tableAt {
			return true
		}
	}
	return false
}

// IsEmpty reports whether the file holds no key at all (comments and blank lines aside).
func (d *TOMLDoc) IsEmpty() bool { return len(d.values) == 0 && d.tableAt < 0 }

// IsEmptyObject reports whether p is a table without keys; TOMLDoc never creates tables, so it
// reports false.
func (d *TOMLDoc) IsEmptyObject(Pointer) bool { return false }

// splice replaces d.data[from:to] with s and indexes the result again.
func (d *TOMLDoc) splice(from, to int, s string) error {
	return spliceIndexed(&d.data, from, to, s, d.index)
}

// spliceIndexed replaces (*data)[from:to] with s and calls index on the result; when index fails
// the bytes are put back (and indexed again), so a refused edit changes nothing.
func spliceIndexed(data *[]byte, from, to int, s string, index func() error) error {
	old := *data
	next := make([]byte, 0, len(old)-(to-from)+len(s))
	*data = append(append(append(next, old[:from]...), s...), old[to:]...)
	if err := index(); err != nil {
		*data = old
		_ = index()
		return err
	}
	return nil
}

// tomlBasicString is s as a TOML basic string: "…" with \\, \" and control characters escaped.
func tomlBasicString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, "\\u%04X", r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// tomlKey is k as a TOML key: bare when it can be, else a basic string.
func tomlKey(k string) string {
	if k == "" {
		return `""`
	}
	for i := 0; i < len(k); i++ {
		c := k[i]
		if !(c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			return tomlBasicString(k)
		}
	}
	return k
}

func hasControl(s string) bool {
	for _, r := range s {
		if r < 0x20 || r == 0x7f {
			return true
		}
	}
	return false
}
