package install

import (
	"strings"
	"unicode/utf8"

	"github.com/toolfix/toolfix/proxy/secret"
)

// Long lines in a plan's diff are clipped: a settings file written on one line can be megabytes
// long, and the diff would print it twice.
const (
	// maxShownLine is the longest line shown whole, in bytes; a longer one is clipped.
	maxShownLine = 240
	// clipContext is how much of a clipped line is shown before and after its change, in bytes.
	clipContext = 60
	// secretMargin is how far around the shown part of a line secrets are looked for, in bytes, so
	// that a secret cut by the clipping is still recognised whole (a PEM key in one JSON string
	// is a few KB).
	secretMargin = 16 << 10
)

// shownLine is a line of a diff as the plan shows it: its secrets replaced by secret.Marker (the
// string values of members whose name is secret, and values shaped like keys or tokens), and, when
// it is longer than maxShownLine, clipped to a window around where it differs from partner (the
// line it replaces or is replaced by, "" when none) with "…" for what is left out. Its cost is
// linear in the line's length.
func shownLine(line, partner string) string {
	start, end := 0, len(line)
	if len(line) > maxShownLine {
		start, end = clipWindow(line, partner)
	}
	var found [][2]int
	secret.JSONMembers([]byte(line), func(s, e int) { found = append(found, [2]int{s, e}) })
	lo, hi := max(start-secretMargin, 0), min(end+secretMargin, len(line))
	secret.Find([]byte(line[lo:hi]), true, func(s, e int) { found = append(found, [2]int{lo + s, lo + e}) })
	var kept [][2]int
	for _, r := range found {
		if r[0] < end && r[1] > start {
			kept = append(kept, [2]int{max(r[0], start) - start, min(r[1], end) - start})
		}
	}
	shown := secret.Replace(line[start:end], kept)
	if start > 0 {
		shown = "…" + shown
	}
	if end < len(line) {
		shown += "…"
	}
	return shown
}

// clipWindow picks the part of a long line to show: from clipContext bytes before the first byte
// where line and partner differ to clipContext bytes after the last, at most maxShownLine bytes,
// on UTF-8 character boundaries. Without a partner it is the line's start.
func clipWindow(line, partner string) (start, end int) {
	first, last := 0, len(line)
	if partner != "" {
		for first < len(line) && first < len(partner) && line[first] == partner[first] {
			first++
		}
		suffix := 0
		for suffix < len(line)-first && suffix < len(partner)-first && line[len(line)-1-suffix] == partner[len(partner)-1-suffix] {
			suffix++
		}
		last = len(line) - suffix
	} else {
		last = 0
	}
	start = max(first-clipContext, 0)
	end = min(max(last, first)+clipContext, len(line), start+maxShownLine)
	// A character is at most utf8.UTFMax bytes: walking back further only happens in a line that
	// is not UTF-8, where any boundary will do.
	for n := 1; n < utf8.UTFMax && start > 0 && !utf8.RuneStart(line[start]); n++ {
		start--
	}
	for n := 1; n < utf8.UTFMax && end > start && end < len(line) && !utf8.RuneStart(line[end]); n++ {
		end--
	}
	return start, end
}

// pairLines gives each '-' line of a hunk the '+' line that takes its place (the k-th of a run of
// '+' lines right after a run of '-' lines), and each such '+' line its '-' line; other lines get "".
func pairLines(ops []diffOp) []string {
	partners := make([]string, len(ops))
	for i := 0; i < len(ops); {
		if ops[i].kind != '-' {
			i++
			continue
		}
		j := i
		for j < len(ops) && ops[j].kind == '-' {
			j++
		}
		k := j
		for k < len(ops) && ops[k].kind == '+' {
			k++
		}
		for n := 0; n < j-i && n < k-j; n++ {
			partners[i+n], partners[j+n] = ops[j+n].line, ops[i+n].line
		}
		i = k
	}
	return partners
}

func trimEOL(line string) string {
	return strings.TrimSuffix(strings.TrimSuffix(line, "\n"), "\r")
}
