package repair

import (
	"strconv"
	"strings"
)

// kind is the JSON type of a value. Booleans carry their truth in the kind.
type kind uint8

const (
	kindNull kind = iota
	kindFalse
	kindTrue
	kindNumber
	kindString
	kindArray
	kindObject
	kindRaw // an array or object kept as its JSON text (see rawValue)
)

// value is one JSON value that keeps what a generic decoder loses: the order (and any duplicates)
// of object members and the exact text of numbers. A zero value is JSON null.
type value struct {
	kind  kind
	text  string   // kindString: the decoded text; kindNumber: the literal exactly as written; kindRaw: the JSON text
	elems []value  // kindArray: the items; kindObject: the member values
	keys  []string // kindObject: the member names, parallel to elems
}

// isIntegerLiteral reports whether s is the text of a JSON integer: an optional minus and digits
// without a leading zero, no fraction and no exponent. It is what a string must hold to become an
// integer where the schema wants only integers.
func isIntegerLiteral(s string) bool {
	s = strings.TrimPrefix(s, "-")
	if s == "" || (s[0] == '0' && len(s) > 1) {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// isIntegral reports whether the JSON number literal s has no fractional part ("3", "3.0",
// "3e2", "300e-2" are integral; "3.5", "1e-1" are not), as JSON Schema's "integer" asks. s must
// be a valid JSON number.
func isIntegral(s string) bool {
	s = strings.TrimPrefix(s, "-")
	mant, exp := s, 0
	if i := strings.IndexAny(s, "eE"); i >= 0 {
		mant = s[:i]
		e, err := strconv.Atoi(s[i+1:])
		if err != nil { // the exponent overflows int: huge positive is integral, huge negative is not
			return !strings.HasPrefix(s[i+1:], "-") || strings.Trim(mant, "0.") == ""
		}
		exp = e
	}
	frac := ""
	if i := strings.IndexByte(mant, '.'); i >= 0 {
		frac = mant[i+1:]
		mant = mant[:i]
	}
	digits := strings.TrimRight(mant+frac, "0")
	if digits == "" || strings.Trim(digits, "0") == "" {
		return true // zero
	}
	// The value is digits * 10^(exp - len(frac) + trailing zeros removed).
	scale := exp - len(frac) + (len(mant) + len(frac) - len(digits))
	return scale >= 0
}

// equalValues reports whether a and b are the same JSON value: numbers by value (1 equals 1.0),
// objects regardless of member order (a repeated name counts by its last member, as JSON.parse
// reads it), arrays item by item.
func equalValues(a, b *value) bool {
	if a.kind == kindRaw || b.kind == kindRaw {
		ta, tb := a.tree(), b.tree()
		return equalValues(&ta, &tb)
	}
	if a.kind != b.kind {
		return false
	}
	switch a.kind {
	case kindString:
		return a.text == b.text
	case kindNumber:
		return equalNumbers(a.text, b.text)
	case kindArray:
		if len(a.elems) != len(b.elems) {
			return false
		}
		for i := range a.elems {
			if !equalValues(&a.elems[i], &b.elems[i]) {
				return false
			}
		}
		return true
	case kindObject:
		am, bm := lastMembers(a), lastMembers(b)
		if len(am) != len(bm) {
			return false
		}
		for k, i := range am {
			j, ok := bm[k]
			if !ok || !equalValues(&a.elems[i], &b.elems[j]) {
				return false
			}
		}
		return true
	}
	return true
}

// lastMembers maps each member name of the object v to the index of its last occurrence.
func lastMembers(v *value) map[string]int {
	m := make(map[string]int, len(v.keys))
	for i, k := range v.keys {
		m[k] = i
	}
	return m
}

// equalNumbers compares two JSON number literals: equal text, or equal float64 values when both
// are finite. Literals beyond float64 precision that differ only past it compare equal.
func equalNumbers(a, b string) bool {
	if a == b {
		return true
	}
	fa, errA := strconv.ParseFloat(a, 64)
	fb, errB := strconv.ParseFloat(b, 64)
	return errA == nil && errB == nil && fa == fb
}

// member returns the value of the last member named key of the object v, or nil.
func (v *value) member(key string) *value {
	for i := len(v.keys) - 1; i >= 0; i-- {
		if v.keys[i] == key {
			return &v.elems[i]
		}
	}
	return nil
}
