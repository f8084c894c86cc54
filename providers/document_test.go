package providers

import (
	"bytes"
	"testing"
)

// setThenUndo makes on d the edit install makes, setting key to toolfixURL, and checks that Get
// then reads toolfixURL; then it makes the undo uninstall makes key by key (SetLiteral of the
// literal that was there, or Remove of a key that was not) and checks that Get reads the old value
// again and that d's bytes are in, the input d was parsed from. It returns the bytes Set wrote.
// Its error is Get's or Set's (a refused edit), returned with nothing else done or checked.
func setThenUndo(t *testing.T, d Document, key Pointer, in []byte) ([]byte, error) {
	t.Helper()
	before, existed, err := d.Get(key)
	if err != nil {
		return nil, err
	}
	lit := d.Literal(key)
	if _, err := d.Set(key, toolfixURL); err != nil {
		return nil, err
	}
	set := d.Bytes()
	if v, ok, _ := d.Get(key); !ok || v != toolfixURL {
		t.Fatalf("Get after Set = %q, %v\n%q", v, ok, set)
	}
	if existed {
		if err := d.SetLiteral(key, lit); err != nil {
			t.Fatal(err)
		}
	} else if err := d.Remove(key); err != nil {
		t.Fatal(err)
	}
	if v, _, _ := d.Get(key); v != before || !bytes.Equal(d.Bytes(), in) {
		t.Fatalf("undo gave %q (value %q), want the input %q (value %q)", d.Bytes(), v, in, before)
	}
	return set, nil
}
