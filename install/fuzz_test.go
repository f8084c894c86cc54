package install

import (
	"strings"
	"testing"
)

// FuzzDiffLines checks the line diff behind the plan's unified diffs: keeping the ' ' and '-'
// lines gives the old text back, keeping ' ' and '+' the new one; rendering never panics and is
// empty exactly when the texts are equal.
func FuzzDiffLines(f *testing.F) {
	f.Add([]byte("{\n  \"a\": 1\n}\n"), []byte("{\n  \"a\": 1,\n  \"b\": 2\n}\n"))
	f.Add([]byte("a\r\nb"), []byte("b\r\na"))
	f.Add([]byte(""), []byte("x"))
	f.Fuzz(func(t *testing.T, a, b []byte) {
		al, bl := splitLines(a), splitLines(b)
		var ga, gb strings.Builder
		for _, o := range diffLines(al, bl) {
			if o.kind != '+' {
				ga.WriteString(o.line)
			}
			if o.kind != '-' {
				gb.WriteString(o.line)
			}
		}
		if ga.String() != strings.Join(al, "") || gb.String() != strings.Join(bl, "") {
			t.Fatalf("ops do not rebuild the inputs %q, %q", a, b)
		}
		if d := unifiedDiff("a", "b", a, b); (d == "") != (string(a) == string(b)) {
			t.Fatalf("diff of %q and %q is %q", a, b, d)
		}
	})
}
