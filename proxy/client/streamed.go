package client

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
)

// SameRepair compares what a client accumulated for one tool call (got: its input or arguments
// as AnthropicStream or ChatStream parse them) with a whole-body repair of them (want: JSON
// text), as JSON values; the error shows both.
func SameRepair(got any, want []byte) error {
	var w any
	if err := json.Unmarshal(want, &w); err != nil {
		return fmt.Errorf("the repair %q is not JSON: %w", want, err)
	}
	g, _ := json.Marshal(got)
	wj, _ := json.Marshal(w)
	if !bytes.Equal(g, wj) {
		return fmt.Errorf("the client accumulated %s, the whole-body repair is %s", g, want)
	}
	return nil
}

// SameStream reports whether out is body as it came: byte for byte when strict, else but for
// the pieces equal to moved (pings or comments, which pass ahead of a held span).
func SameStream(out, body []byte, strict bool, moved string) bool {
	if strict {
		return bytes.Equal(out, body)
	}
	m := []byte(moved)
	return bytes.Equal(bytes.ReplaceAll(out, m, nil), bytes.ReplaceAll(body, m, nil))
}

// CheckStreamedCall checks the invariant of a streamed response carrying one tool call, body as
// the upstream sent it and out as the client got it: when the whole-body repair changed the
// call (fixed), what the client accumulates of it (input reads it from out) is that repair;
// else out is body as it came (SameStream, strict when the call was healthy).
func CheckStreamedCall(out, body, fixed []byte, changed, healthy bool, moved string, input func(out []byte) (any, error)) error {
	if !changed {
		if !SameStream(out, body, healthy, moved) {
			return fmt.Errorf("a stream needing no repair changed:\n in: %q\nout: %q", body, out)
		}
		return nil
	}
	got, err := input(out)
	if err != nil {
		return fmt.Errorf("%w\n%s", err, out)
	}
	if err := SameRepair(got, fixed); err != nil {
		return fmt.Errorf("%w\n%s", err, out)
	}
	return nil
}

// Inlined checks what a client accumulated of one tool call's input or arguments (got, as text)
// against the text that came (in), for a call whose faulty string values went out repaired
// while the rest streamed (a whole-body repair that changed nothing, the input being cut off or
// unfit elsewhere): got must be in but for string values replaced by the value they hold, each
// a JSON value that is not a string and, when the string's text reads as JSON (once or twice
// stringified), equal to what it reads as. A string whose text is not JSON (a Python literal,
// broken escapes, closing markup after the value) may be replaced by any such value.
func Inlined(got, in string) error {
	i, j := 0, 0
	inStr, esc := false, false
	for i < len(in) {
		if j < len(got) && in[i] == got[j] {
			switch c := in[i]; {
			case inStr && esc:
				esc = false
			case inStr && c == '\\':
				esc = true
			case c == '"':
				inStr = !inStr
			}
			i, j = i+1, j+1
			continue
		}
		if inStr || in[i] != '"' {
			return fmt.Errorf("the client accumulated %q, which differs from %q at byte %d, not at a string value", got, in, i)
		}
		end := stringEnd(in, i)
		var text string
		if end < 0 || json.Unmarshal([]byte(in[i:end]), &text) != nil {
			return fmt.Errorf("the client accumulated %q, which replaces %q at byte %d, not a string value", got, in, i)
		}
		n, err := inlinedValue(got[j:], text)
		if err != nil {
			return fmt.Errorf("the client accumulated %q for %q, at byte %d: %w", got, in, j, err)
		}
		i, j = end, j+n
	}
	if j != len(got) {
		return fmt.Errorf("the client accumulated %q, longer than %q", got, in)
	}
	return nil
}

// inlinedValue checks the value at the start of got, which went out in place of a string whose
// text is text, and returns its length: a JSON value that is not a string and, when text reads
// as JSON (once or twice stringified), equal to that reading — for a scalar its compact text,
// since a number is not delimited from what follows it.
func inlinedValue(got, text string) (int, error) {
	for level := 0; level < 2; level++ {
		var x any
		if json.Unmarshal([]byte(text), &x) != nil {
			break
		}
		if s, ok := x.(string); ok {
			text = s
			continue
		}
		switch x.(type) {
		case map[string]any, []any:
		default:
			var c bytes.Buffer
			_ = json.Compact(&c, []byte(text))
			if !strings.HasPrefix(got, c.String()) {
				return 0, fmt.Errorf("%q does not start with %s, which the string held", got, c.Bytes())
			}
			return c.Len(), nil
		}
		dec := json.NewDecoder(strings.NewReader(got))
		var v any
		if err := dec.Decode(&v); err != nil {
			return 0, fmt.Errorf("the value is not JSON: %w", err)
		}
		a, _ := json.Marshal(x)
		b, _ := json.Marshal(v)
		if !bytes.Equal(a, b) {
			return 0, fmt.Errorf("%s went out where the string held %s", b, a)
		}
		return int(dec.InputOffset()), nil
	}
	// not JSON (a Python literal, broken escapes, closing markup after the value): any value
	// but a string
	dec := json.NewDecoder(strings.NewReader(got))
	var v any
	if err := dec.Decode(&v); err != nil {
		return 0, fmt.Errorf("the value is not JSON: %w", err)
	}
	if _, ok := v.(string); ok {
		return 0, fmt.Errorf("a string went out in place of a string")
	}
	return int(dec.InputOffset()), nil
}

// stringEnd returns the offset just past the JSON string token at the quote at i, or -1.
func stringEnd(s string, i int) int {
	for k := i + 1; k < len(s); k++ {
		switch s[k] {
		case '\\':
			k++
		case '"':
			return k + 1
		}
	}
	return -1
}
