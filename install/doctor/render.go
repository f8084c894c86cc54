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
func (r *Report) WriteText(w io.Writer) error { return r.WriteTextColor(w, false) }

// WriteTextColor is WriteText with each check's mark in colour when color is true (✓ green,
// ! yellow, ✗ red, - dim), for a terminal; the caller decides (NO_COLOR, TERM=dumb, a pipe).
func (r *Report) WriteTextColor(w io.Writer, color bool) error {
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
		mark := c.Status.Symbol()
		if color {
			mark = c.Status.colored()
		}
		fmt.Fprintf(&b, "%s %-*s  %s\n", mark, width, c.Name, c.Summary)
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

// sgr are the ANSI colours of the marks.
var sgr = map[Status]string{OK: "32", Warn: "33", Fail: "31", Skip: "2"}

// colored is Symbol in the status's ANSI colour.
func (s Status) colored() string {
	return "\x1b[" + sgr[s] + "m" + s.Symbol() + "\x1b[0m"
}

// Tally counts the checks by outcome, for scripts: doctor --json's "summary".
type Tally struct {
	OK       int `json:"ok"`       // checks with status ok (✓)
	Warnings int `json:"warnings"` // warn (!)
	Failures int `json:"failures"` // fail (✗): doctor exits 1 when this is not 0
	Skipped  int `json:"skipped"`  // skip (-): the check does not apply here
}

// Tally counts the report's checks by outcome.
func (r *Report) Tally() Tally {
	var t Tally
	for _, c := range r.Checks {
		switch c.Status {
		case OK:
			t.OK++
		case Warn:
			t.Warnings++
		case Fail:
			t.Failures++
		default:
			t.Skipped++
		}
	}
	return t
}

// WriteJSON writes the report as one indented JSON object: {"version", "port", "state_dir",
// "checks": [{"name", "status", "summary", "details", "hint", "elapsed_ms", "data"}], "summary":
// {"ok", "warnings", "failures", "skipped"}}, status being "ok", "warn", "fail" or "skip".
func (r *Report) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(struct {
		*Report
		Summary Tally `json:"summary"`
	}{r, r.Tally()})
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
