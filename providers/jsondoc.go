package providers

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"

	"github.com/tailscale/hujson"
)

var bom = []byte("\xef\xbb\xbf")

// Doc is one parsed configuration file that can be read and edited by JSON pointer while keeping
// every other byte. The zero Doc is not usable; make one with ParseDoc or NewDoc.
type Doc struct {
	path   string
	bom    bool
	root   hujson.Value
	nl     string // line break used for new lines: "\n" or "\r\n"
	unit   string // one level of indentation, e.g. "  " or "\t"
	inline bool   // the root object is written on one line: new keys are added inline too
}

// ParseDoc parses data, the contents of the file at path (path is used in messages only). With
// strict, data must be standard JSON (no comments, no trailing commas), as Claude Code requires;
// otherwise JSONC is accepted. A leading UTF-8 byte-order mark is allowed and kept. The top level
// must be an object. A key that appears twice in one object is refused, since toolfix cannot tell
// which one the client uses. Errors name the file and the line and column.
func ParseDoc(path string, data []byte, strict bool) (*Doc, error) {
	d := &Doc{path: path}
	body := data
	if bytes.HasPrefix(body, bom) {
		d.bom = true
		body = body[len(bom):]
	}
	if len(bytes.TrimSpace(body)) == 0 {
		return nil, fmt.Errorf("%s: the file is empty, which is not a JSON object (toolfix changed nothing; put {} in it, or remove it, and run again)", path)
	}
	v, err := hujson.Parse(body)
	if err != nil {
		return nil, fmt.Errorf("%w (toolfix changed nothing; fix the file and run again)", ParseError(path, body, err))
	}
	if strict && !v.IsStandard() {
		line, col := 0, 0
		var se *json.SyntaxError
		if err := json.Unmarshal(body, new(any)); errors.As(err, &se) {
			line, col = lineCol(body, int(se.Offset)-1)
		}
		return nil, fmt.Errorf("%s, line %d, column %d: a comment or a trailing comma, which this client reads as an error: its file is strict JSON (toolfix changed nothing; remove it and run again)", path, line, col)
	}
	if _, ok := v.Value.(*hujson.Object); !ok {
		return nil, fmt.Errorf("%s: the top level is not a JSON object, which a config file must be (toolfix changed nothing; fix the file and run again)", path)
	}
	if err := checkDuplicates(path, body, &v); err != nil {
		return nil, err
	}
	d.root = v
	d.nl = "\n"
	if bytes.Contains(body, []byte("\r\n")) {
		d.nl = "\r\n"
	}
	d.unit, d.inline = layoutOf(v.Value.(*hujson.Object))
	return d, nil
}

// NewDoc is the Doc of a file that does not exist yet: an empty object, "{}" and a line break.
// Keys set on it are laid out with two-space indentation.
func NewDoc(path string) *Doc {
	d, err := ParseDoc(path, []byte("{}\n"), true)
	if err != nil {
		panic(err) // a constant input
	}
	return d
}

// Path is the path the Doc was parsed for.
func (d *Doc) Path() string { return d.path }

// Bytes is the file's content with every edit applied, the byte-order mark included if the input
// had one. Without edits it is the input, byte for byte.
func (d *Doc) Bytes() []byte {
	out := d.root.Pack()
	if d.bom {
		out = append(append([]byte{}, bom...), out...)
	}
	return out
}

// IsEmpty reports whether the top-level object has no members (comments aside).
func (d *Doc) IsEmpty() bool {
	return len(d.root.Value.(*hujson.Object).Members) == 0
}

// Get returns the string at p and whether it is there. It returns an error when an object on the
// way is not an object or the value is not a string.
func (d *Doc) Get(p Pointer) (string, bool, error) {
	if len(p) == 0 {
		return "", false, fmt.Errorf("%s: the top level is not a string", d.path)
	}
	obj, _, err := d.walk(p[:len(p)-1])
	if err != nil || obj == nil {
		return "", false, err
	}
	i := memberIndex(obj, p[len(p)-1])
	if i < 0 {
		return "", false, nil
	}
	lit, ok := obj.Members[i].Value.Value.(hujson.Literal)
	if !ok || lit.Kind() != '"' {
		return "", false, fmt.Errorf("%s: %s is not a string", d.path, p.Dotted())
	}
	return lit.String(), true, nil
}

// Set writes the string value at p. An existing value is replaced in place (comments and spacing
// around it stay); a missing key is added after its siblings, laid out like them, and missing
// objects on the way are created. It returns the pointers of the objects it created, outermost
// first, so that the edit can be undone exactly.
func (d *Doc) Set(p Pointer, value string) (created []Pointer, err error) {
	if len(p) == 0 {
		return nil, fmt.Errorf("%s: cannot set the top level", d.path)
	}
	obj, indent, err := d.walk(p[:len(p)-1])
	if err != nil {
		return nil, err
	}
	if obj == nil {
		// Find the deepest existing object and create the rest under it.
		depth := 0
		for depth = len(p) - 1; depth > 0; depth-- {
			o, _, err := d.walk(p[:depth])
			if err != nil {
				return nil, err
			}
			if o != nil {
				break
			}
		}
		for k := depth; k < len(p)-1; k++ {
			parent, pIndent, _ := d.walk(p[:k])
			d.insert(parent, pIndent, p[k], &hujson.Object{})
			created = append(created, append(Pointer{}, p[:k+1]...))
		}
		obj, indent, err = d.walk(p[:len(p)-1])
		if err != nil {
			return nil, err
		}
	}
	name := p[len(p)-1]
	if i := memberIndex(obj, name); i >= 0 {
		v := &obj.Members[i].Value
		if lit, ok := v.Value.(hujson.Literal); !ok || (lit.Kind() != '"' && lit.Kind() != 'n') {
			return nil, fmt.Errorf("%s: %s is not a string", d.path, p.Dotted())
		}
		v.Value = hujson.Literal(jsonString(value))
		return created, nil
	}
	d.insert(obj, indent, name, hujson.Literal(jsonString(value)))
	return created, nil
}

// SetLiteral puts back a value exactly as it was written, for undoing an edit: raw is a JSON
// string literal such as "\"{env:URL}\"". It returns an error when p is missing or raw is not
// a valid JSON string literal.
func (d *Doc) SetLiteral(p Pointer, raw string) error {
	lit := hujson.Literal(raw)
	if len(p) == 0 || !lit.IsValid() || lit.Kind() != '"' {
		return fmt.Errorf("%s: %s: %q is not a JSON string", d.path, p.Dotted(), raw)
	}
	obj, _, err := d.walk(p[:len(p)-1])
	if err != nil {
		return err
	}
	i := -1
	if obj != nil {
		i = memberIndex(obj, p[len(p)-1])
	}
	if i < 0 {
		return fmt.Errorf("%s: %s is not there", d.path, p.Dotted())
	}
	obj.Members[i].Value.Value = lit
	return nil
}

// Literal returns the raw JSON text of the string at p, escapes as written ("" when missing).
func (d *Doc) Literal(p Pointer) string {
	if len(p) == 0 {
		return ""
	}
	obj, _, err := d.walk(p[:len(p)-1])
	if err != nil || obj == nil {
		return ""
	}
	if i := memberIndex(obj, p[len(p)-1]); i >= 0 {
		if lit, ok := obj.Members[i].Value.Value.(hujson.Literal); ok {
			return string(lit)
		}
	}
	return ""
}

// Remove deletes the member at p, keeping the layout of the members around it (a trailing comma,
// a comment on the line before). Removing what Set added gives back the bytes from before Set.
// A missing p is not an error.
func (d *Doc) Remove(p Pointer) error {
	if len(p) == 0 {
		return fmt.Errorf("%s: cannot remove the top level", d.path)
	}
	obj, _, err := d.walk(p[:len(p)-1])
	if err != nil || obj == nil {
		return err
	}
	if i := memberIndex(obj, p[len(p)-1]); i >= 0 {
		removeMember(obj, i)
	}
	return nil
}

// IsEmptyObject reports whether p holds an object without members.
func (d *Doc) IsEmptyObject(p Pointer) bool {
	obj, _, err := d.walk(p)
	return err == nil && obj != nil && len(obj.Members) == 0
}

// walk returns the object at p and the indentation of its members, or nil when a key on the way
// is missing. A token may also index an array ("0", "1", …), as in modelProviders/openai/0. It
// fails when a value on the way is neither an object nor an array, or the object at p is an array.
func (d *Doc) walk(p Pointer) (*hujson.Object, string, error) {
	var cur hujson.ValueTrimmed = d.root.Value
	obj := cur.(*hujson.Object)
	indent := memberIndent(obj, "", d.unit)
	for k, name := range p {
		var next hujson.ValueTrimmed
		switch c := cur.(type) {
		case *hujson.Object:
			i := memberIndex(c, name)
			if i < 0 {
				return nil, "", nil
			}
			next = c.Members[i].Value.Value
		case *hujson.Array:
			i, err := strconv.Atoi(name)
			if err != nil || i < 0 || strconv.Itoa(i) != name {
				return nil, "", fmt.Errorf("%s: %s: %q does not index an array", d.path, p[:k+1].Dotted(), name)
			}
			if i >= len(c.Elements) {
				return nil, "", nil
			}
			next = c.Elements[i].Value
		}
		switch n := next.(type) {
		case *hujson.Object:
			indent = memberIndent(n, indent, d.unit)
		case *hujson.Array:
			indent += d.unit
		default:
			return nil, "", fmt.Errorf("%s: %s is not an object", d.path, p[:k+1].Dotted())
		}
		cur = next
	}
	o, ok := cur.(*hujson.Object)
	if !ok {
		return nil, "", fmt.Errorf("%s: %s is not an object", d.path, p.Dotted())
	}
	return o, indent, nil
}

// Len is the number of elements of the array at p; 0 when p is missing or not an array.
func (d *Doc) Len(p Pointer) int {
	var cur hujson.ValueTrimmed = d.root.Value
	for _, name := range p {
		switch c := cur.(type) {
		case *hujson.Object:
			i := memberIndex(c, name)
			if i < 0 {
				return 0
			}
			cur = c.Members[i].Value.Value
		case *hujson.Array:
			i, err := strconv.Atoi(name)
			if err != nil || i < 0 || i >= len(c.Elements) {
				return 0
			}
			cur = c.Elements[i].Value
		default:
			return 0
		}
	}
	if a, ok := cur.(*hujson.Array); ok {
		return len(a.Elements)
	}
	return 0
}

// HasTrailingComma reports whether an object or array in the file ends with a comma, which
// JSONC allows and some clients' parsers (Qwen Code's) refuse.
func (d *Doc) HasTrailingComma() bool {
	for v := range d.root.All() {
		switch c := v.Value.(type) {
		case *hujson.Object:
			if n := len(c.Members); n > 0 && c.Members[n-1].Value.AfterExtra != nil {
				return true
			}
		case *hujson.Array:
			if n := len(c.Elements); n > 0 && c.Elements[n-1].AfterExtra != nil {
				return true
			}
		}
	}
	return false
}

func memberIndex(obj *hujson.Object, name string) int {
	for i, m := range obj.Members {
		if lit, ok := m.Name.Value.(hujson.Literal); ok && lit.String() == name {
			return i
		}
	}
	return -1
}

// jsonString is the JSON literal of s without HTML escaping, so that a URL's '&' stays '&'.
func jsonString(s string) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s) // a string always encodes
	return bytes.TrimRight(b.Bytes(), "\n")
}

func lineCol(b []byte, off int) (int, int) {
	if off < 0 {
		off = 0
	}
	if off > len(b) {
		off = len(b)
	}
	line := 1 + bytes.Count(b[:off], []byte("\n"))
	col := 1 + off - (bytes.LastIndexByte(b[:off], '\n') + 1)
	return line, col
}

// checkDuplicates refuses an object with the same key twice, naming the line of the second.
func checkDuplicates(path string, body []byte, v *hujson.Value) error {
	for x := range v.All() {
		obj, ok := x.Value.(*hujson.Object)
		if !ok {
			continue
		}
		seen := map[string]bool{}
		for _, m := range obj.Members {
			name := m.Name.Value.(hujson.Literal).String()
			if seen[name] {
				line, _ := lineCol(body, m.Name.StartOffset)
				return fmt.Errorf("%s, line %d: the key %q appears twice in the same object (toolfix changed nothing; remove one and run again)", path, line, name)
			}
			seen[name] = true
		}
	}
	return nil
}
