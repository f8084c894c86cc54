package providers

import (
	"bytes"
	"strings"

	"github.com/tailscale/hujson"
)

// This file holds the layout rules for adding and removing one object member so that the rest of
// the file keeps its bytes, and so that removing an added member restores the bytes from before.
//
// hujson keeps the text between tokens as Extra: a member's Name.BeforeExtra is what follows the
// preceding '{' or ',' (the line break and indentation, maybe a comment); the last member's
// trailing whitespace and comments sit in the object's AfterExtra; a non-nil Value.AfterExtra on
// the last member means a trailing comma.

// layoutOf infers the indentation unit of a document from its top-level members, and whether the
// whole object is on one line.
func layoutOf(root *hujson.Object) (unit string, inline bool) {
	unit = "  "
	inline = len(root.Members) > 0 && !hasNewline(root.AfterExtra)
	for _, m := range root.Members {
		if hasNewline(m.Name.BeforeExtra) {
			inline = false
			if ind, ok := lastLineIndent(m.Name.BeforeExtra); ok && ind != "" {
				return ind, false
			}
		}
	}
	return unit, inline
}

// memberIndent is the indentation of obj's members: taken from its last member when that member
// starts its own line, else one unit deeper than parentIndent.
func memberIndent(obj *hujson.Object, parentIndent, unit string) string {
	if n := len(obj.Members); n > 0 {
		if ind, ok := lastLineIndent(obj.Members[n-1].Name.BeforeExtra); ok {
			return ind
		}
	}
	return parentIndent + unit
}

// insert appends the member name: val to obj, whose members are indented by indent.
func (d *Doc) insert(obj *hujson.Object, indent, name string, val hujson.ValueTrimmed) {
	m := hujson.ObjectMember{
		Name:  hujson.Value{Value: hujson.Literal(jsonString(name))},
		Value: hujson.Value{BeforeExtra: hujson.Extra(" "), Value: val},
	}
	n := len(obj.Members)
	if n == 0 {
		switch {
		case d.inline:
		case isBlank(obj.AfterExtra):
			m.Name.BeforeExtra = hujson.Extra(d.nl + indent)
			obj.AfterExtra = hujson.Extra(d.nl + strings.TrimSuffix(indent, d.unit))
		default: // a comment inside the empty object stays after the new member
			m.Name.BeforeExtra = hujson.Extra(d.nl + indent)
		}
		obj.Members = append(obj.Members, m)
		return
	}
	last := &obj.Members[n-1]
	if vb := last.Value.BeforeExtra; isBlank(vb) && !hasNewline(vb) {
		m.Value.BeforeExtra = append(hujson.Extra{}, vb...)
	}
	switch {
	case hasNewline(last.Name.BeforeExtra):
		// Whatever followed the last member on its own line (a comment) stays on that line,
		// after the comma that now follows it.
		head, rest := splitFirstLine(obj.AfterExtra)
		m.Name.BeforeExtra = hujson.Extra(string(head) + d.nl + indent)
		obj.AfterExtra = append(hujson.Extra{}, rest...)
	case n > 1 && isBlank(last.Name.BeforeExtra):
		m.Name.BeforeExtra = append(hujson.Extra{}, last.Name.BeforeExtra...)
	default:
		m.Name.BeforeExtra = hujson.Extra(" ")
	}
	if last.Value.AfterExtra != nil { // trailing comma: the new last member keeps one
		m.Value.AfterExtra = hujson.Extra{}
	}
	obj.Members = append(obj.Members, m)
}

// removeMember deletes obj.Members[i]. Text before the line break that starts the member (a comment
// that belonged to the line above) is kept; the trailing comma, if any, stays with the new last
// member; an object left empty with only blank space inside becomes "{}".
func removeMember(obj *hujson.Object, i int) {
	n := len(obj.Members)
	m := obj.Members[i]
	var kept []byte
	if j := lastLineBreak(m.Name.BeforeExtra); j >= 0 {
		kept = append(kept, m.Name.BeforeExtra[:j]...)
	}
	trailing := obj.Members[n-1].Value.AfterExtra != nil
	obj.Members = append(obj.Members[:i:i], obj.Members[i+1:]...)
	if i < n-1 {
		next := &obj.Members[i].Name
		next.BeforeExtra = append(kept, next.BeforeExtra...)
		return
	}
	obj.AfterExtra = append(kept, obj.AfterExtra...)
	if len(obj.Members) == 0 {
		if isBlank(obj.AfterExtra) {
			obj.AfterExtra = nil
		}
		return
	}
	nl := &obj.Members[len(obj.Members)-1].Value
	switch {
	case trailing && nl.AfterExtra == nil:
		nl.AfterExtra = hujson.Extra{}
	case !trailing && nl.AfterExtra != nil:
		obj.AfterExtra = append(append(hujson.Extra{}, nl.AfterExtra...), obj.AfterExtra...)
		nl.AfterExtra = nil
	}
}

func hasNewline(b []byte) bool { return bytes.IndexByte(b, '\n') >= 0 }

// isBlank reports whether b is only JSON whitespace (no comment).
func isBlank(b []byte) bool {
	return len(bytes.Trim(b, " \t\r\n")) == 0
}

// lastLineIndent returns what follows the last line break of b, when that is only spaces and tabs.
func lastLineIndent(b []byte) (string, bool) {
	j := bytes.LastIndexByte(b, '\n')
	if j < 0 {
		return "", false
	}
	ind := b[j+1:]
	if len(bytes.Trim(ind, " \t")) != 0 {
		return "", false
	}
	return string(ind), true
}

// lastLineBreak is the offset of the last line break of b ("\n" or "\r\n"), or -1.
func lastLineBreak(b []byte) int {
	j := bytes.LastIndexByte(b, '\n')
	if j > 0 && b[j-1] == '\r' {
		j--
	}
	return j
}

// splitFirstLine splits b before its first line break that is not inside a block comment ("\r\n"
// counts as one). Without such a break, head is all of b.
func splitFirstLine(b []byte) (head, rest []byte) {
	for i := 0; i < len(b); i++ {
		switch {
		case b[i] == '\n':
			j := i
			if j > 0 && b[j-1] == '\r' {
				j--
			}
			return b[:j], b[j:]
		case b[i] == '\r' && (i+1 == len(b) || b[i+1] != '\n'):
			return b[:i], b[i:] // a lone CR ends a line too
		case bytes.HasPrefix(b[i:], []byte("/*")):
			end := bytes.Index(b[i+2:], []byte("*/"))
			if end < 0 {
				return b, nil
			}
			i += 2 + end + 1
		case bytes.HasPrefix(b[i:], []byte("//")):
			end := bytes.IndexByte(b[i:], '\n')
			if end < 0 {
				return b, nil
			}
			i += end - 1
		}
	}
	return b, nil
}
