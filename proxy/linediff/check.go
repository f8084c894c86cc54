package linediff

import "fmt"

// Check reports whether ops is an edit script from a to b, in order: each ' ' step keeps the next
// unit of a, equal to the next of b; each '-' drops the next of a; each '+' inserts the next of b;
// and the steps use up both. Its error names the first step that is not (for callers' tests).
func Check(ops []Op, a, b []string) error {
	ai, bj := 0, 0
	for _, o := range ops {
		switch o.Kind {
		case ' ':
			if o.I != ai || o.J != bj || a[o.I] != b[o.J] {
				return fmt.Errorf("linediff: keep %+v at a %d b %d", o, ai, bj)
			}
			ai, bj = ai+1, bj+1
		case '-':
			if o.I != ai {
				return fmt.Errorf("linediff: drop %+v at a %d", o, ai)
			}
			ai++
		case '+':
			if o.J != bj {
				return fmt.Errorf("linediff: insert %+v at b %d", o, bj)
			}
			bj++
		default:
			return fmt.Errorf("linediff: step %+v of no kind", o)
		}
	}
	if ai != len(a) || bj != len(b) {
		return fmt.Errorf("linediff: the script stopped at a %d/%d b %d/%d", ai, len(a), bj, len(b))
	}
	return nil
}
