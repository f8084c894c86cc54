package client

import (
	"bytes"
	"encoding/json"
	"fmt"
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
