package linediff

// Hunk is one hunk of a unified diff over an edit script: the steps ops[Start:End], and how many
// units of a (Old: the ' ' and '-' steps) and of b (New: the ' ' and '+' steps) it spans.
type Hunk struct {
	Start, End int
	Old, New   int
}

// Hunks cuts ops into hunks as diff -u does: each change with up to context unchanged steps
// before and after it, two changes closer than 2*context steps in one hunk. A script without a
// change has no hunks; context 0 gives each run of changes a hunk of its own.
func Hunks(ops []Op, context int) []Hunk {
	var hunks []Hunk
	for i := 0; i < len(ops); {
		if ops[i].Kind == ' ' {
			i++
			continue
		}
		start := max(i-context, 0)
		end := i
		for end < len(ops) {
			if ops[end].Kind != ' ' {
				end++
				continue
			}
			run := end
			for run < len(ops) && ops[run].Kind == ' ' {
				run++
			}
			if run == len(ops) || run-end > 2*context {
				end = min(end+context, len(ops))
				break
			}
			end = run
		}
		h := Hunk{Start: start, End: end}
		for _, o := range ops[start:end] {
			if o.Kind != '+' {
				h.Old++
			}
			if o.Kind != '-' {
				h.New++
			}
		}
		hunks = append(hunks, h)
		i = end
	}
	return hunks
}
