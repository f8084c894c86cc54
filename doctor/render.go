package doctor

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
)

// WriteText writes the report for people: a header, then one line per check — its mark, name
// and summary — with its details and hint indented below it, then a count of problems.
//
//	✓ proxy            toolfix dev answers on 127.0.0.1:47821 (pid 4100, up 2m10s), routes claude
//	! linger           lingering is off for me: the proxy stops when you log out
//	                   hint: loginctl enable-linger me
func (r *Report) WriteText(w io.Writer) error {
	width := 0
	for _, c := range r.Checks {
		width = max(width, len([]rune(c.Name)))
	}
	var b strings.Builder
	fmt.Fprintf(&b, "toolfix doctor: toolfix %s, proxy port %d, state %s\n\n", r.Version, r.Port, r.StateDir)
	indent := strings.Repeat(" ", width+4)
	var fails, warns int
	for _, c := range r.Checks {
		switch c.Status {
		case Fail:
			fails++
		case Warn:
			warns++
		}
		fmt.Fprintf(&b, "%s %-*s  %s\n", c.Status.Symbol(), width, c.Name, c.Summary)
		for _, d := range c.Details {
			fmt.Fprintf(&b, "%s%s\n", indent, d)
		}
		if c.Hint != "" {
			fmt.Fprintf(&b, "%shint: %s\n", indent, c.Hint)
		}
	}
	b.WriteString("\n")
	switch {
	case fails == 0 && warns == 0:
		b.WriteString("No problems found.\n")
	default:
		fmt.Fprintf(&b, "%s, %s.\n", plural(fails, "failure"), plural(warns, "warning"))
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// WriteJSON writes the report as one indented JSON object: {"version", "port", "state_dir",
// "checks": [{"name", "status", "summary", "details", "hint", "elapsed_ms", "data"}]}, status
// being "ok", "warn", "fail" or "skip".
func (r *Report) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(r)
}

// Count is n with its noun, singular for one: "1 route", "2 routes", "0 failures". The plural adds
// an "s".
func Count(n int, noun string) string { return plural(n, noun) }

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}

// verb picks the singular or plural form of a verb for n subjects.
func verb(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
