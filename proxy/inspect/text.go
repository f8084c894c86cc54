package inspect

import (
	"fmt"
	"io"
	"strings"
)

// WriteText writes the report for a person to read: the exchange, its events (runs of deltas of
// one block folded into one line unless verbose), its blocks, the faults by docs/faults.md row, what
// toolfix repairs, and the message the client ends up with without and with toolfix.
func (r *Report) WriteText(w io.Writer, verbose bool) error {
	p := &printer{w: w}
	kind := "JSON"
	if r.Stream {
		kind = "streamed"
	}
	proto := r.Protocol
	if proto == "" {
		proto = "a path toolfix does not repair"
	}
	p.f("exchange: %s, %s, status %d", proto, kind, r.Status)
	if !r.Time.IsZero() {
		route := r.Route
		if route == "" {
			route = "/"
		}
		p.f(" (sample of %s, route %s)", r.Time.UTC().Format("2006-01-02 15:04:05Z"), route)
	}
	p.f("\nrequest: model %s, %s, %s", orDash(r.Model), plural(r.Messages, "message"), plural(len(r.Tools), "tool"))
	if len(r.Tools) > 0 {
		p.f(" (%s)", clip(strings.Join(r.Tools, ", "), 100))
	}
	p.f("\n")
	if len(r.Tools) == 0 && r.Protocol != "" {
		p.f("  no tools known: tool arguments and leaked calls are judged only against the request's\n  tool schemas (give the request with --request, or analyze a sample, which holds it)\n")
	}

	if r.Stream {
		p.f("\nevents: %d\n", len(r.Events))
		for _, line := range eventLines(r.Events, verbose) {
			p.f("  %s\n", line)
		}
	}
	if r.Blocks != nil || r.Protocol == "anthropic" {
		p.f("\nblocks, as the upstream sent them: %d\n", len(r.Blocks))
		for _, b := range r.Blocks {
			switch b.Type {
			case "text":
				p.f("  [%d] text: %q\n", b.Index, clip(b.Text, 300))
			case "thinking":
				p.f("  [%d] thinking: %q\n", b.Index, clip(b.Thinking, 120))
			case "tool_use":
				p.f("  [%d] tool_use %s %s\n      input: %s\n", b.Index, b.Name, b.ID, clip(b.Input, 300))
			default:
				p.f("  [%d] %s\n", b.Index, b.Type)
			}
		}
		p.f("  stop_reason: %s\n", orDash(r.StopReason))
	}

	p.f("\nfaults: %d\n", len(r.Faults))
	for _, f := range r.Faults {
		id, kind := f.ID, f.Kind
		if id == "" {
			id = "--"
		}
		if kind == "" {
			kind = "left"
		}
		state := ""
		switch {
		case f.Kind != "" && r.Repaired(f.Kind):
			state = "  [repaired]"
		case f.Kind != "":
			state = "  [not repaired]"
		}
		p.f("  %-4s %-13s %s: %s%s\n", id, kind, f.Where, f.Detail, state)
		if t := Title(f.ID); t != "" && verbose {
			p.f("       (%s)\n", t)
		}
	}

	p.f("\ntoolfix: ")
	if len(r.Repairs) == 0 {
		p.f("repairs nothing")
	} else {
		var parts []string
		for _, x := range r.Repairs {
			s := x.Kind
			if x.Tool != "" {
				s += " (" + x.Tool + ")"
			}
			parts = append(parts, s)
		}
		p.f("repairs %s", strings.Join(parts, ", "))
	}
	if len(r.FailOpens) > 0 {
		p.f("; refuses: %s", strings.Join(r.FailOpens, "; "))
	}
	if r.Changed {
		p.f("; the client gets other bytes than the upstream sent\n")
	} else {
		p.f("; the client gets the upstream's bytes unchanged\n")
	}

	switch {
	case r.Before == nil:
		p.f("\n(this build has no client accumulator for %s)\n", proto)
	case !r.Changed:
		p.f("\nthe client ends up with:\n")
		p.acc(r.After)
	default:
		p.f("\nwithout toolfix the client ends up with:\n")
		p.acc(r.Before)
		p.f("\nwith toolfix the client ends up with:\n")
		p.acc(r.After)
	}
	return p.err
}

type printer struct {
	w   io.Writer
	err error
}

func (p *printer) f(format string, a ...any) {
	if p.err == nil {
		_, p.err = fmt.Fprintf(p.w, format, a...)
	}
}

func (p *printer) acc(a *Accumulated) {
	if a.Error != "" {
		p.f("  the client's SDK stops: %s\n", a.Error)
	}
	if a.Message != nil {
		for _, line := range strings.Split(strings.TrimRight(string(MarshalIndent(a.Message)), "\n"), "\n") {
			p.f("  %s\n", line)
		}
	}
}

func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// eventLines renders events one per line; unless verbose, a run of deltas of one type for one
// block becomes one line with the count.
func eventLines(evs []Event, verbose bool) []string {
	label := func(e Event) string {
		name := e.Name
		if name == "" {
			name = "(no event line)"
		}
		return name
	}
	var out []string
	for i := 0; i < len(evs); {
		e := evs[i]
		j := i + 1
		if !verbose && e.Object && (strings.Contains(e.Type, "delta") || e.ObjectName == "chat.completion.chunk") {
			key := foldKey(e)
			for j < len(evs) && evs[j].Object && foldKey(evs[j]) == key && evs[j].Name == e.Name {
				j++
			}
		}
		if j-i > 1 {
			bytes := 0
			for _, x := range evs[i:j] {
				bytes += len(x.Data)
			}
			out = append(out, strings.TrimRight(fmt.Sprintf("%-9s %-22s %s ×%d (%d bytes of data)", fmt.Sprintf("#%d-%d", e.N, evs[j-1].N), label(e), firstWords(e.Summary, 2), j-i, bytes), " "))
		} else {
			out = append(out, strings.TrimRight(fmt.Sprintf("%-9s %-22s %s", fmt.Sprintf("#%d", e.N), label(e), e.Summary), " "))
		}
		i = j
	}
	return out
}

// foldKey groups deltas of one block and one delta type.
func foldKey(e Event) string {
	return fmt.Sprintf("%s|%s|%d|%s", e.Type, e.ObjectName, e.Index, firstWords(e.Summary, 2))
}

func firstWords(s string, n int) string {
	f := strings.Fields(s)
	if len(f) > n {
		f = f[:n]
	}
	return strings.Join(f, " ")
}
