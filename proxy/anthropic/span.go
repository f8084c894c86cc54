package anthropic

import (
	"io"

	"github.com/toolfix/toolfix/proxy/repair"
)

// settleSpans lets go the faulty string values of the held input that the scan read to their
// end (repair.ScanSpan), once the input's deltas are the only pieces held: each goes out
// repaired when its repair fits the schemas of its place (repair.Scan.RepairSpan; docs/faults.md
// D13-D15, D25, D29, D23b), else as it came, with the healthy bytes around it, up to the next
// byte the scan holds; from there on the input streams again (or stays held). What goes out is
// one input_json_delta; what stays held is one input_json_delta of the input's bytes not sent.
// Held deltas that come out with nothing changed go out as they came.
func (s *Stream) settleSpans(w io.Writer, b *block) error {
	spans := b.scan.Spans()
	if len(spans) == 0 || b.lost {
		return nil
	}
	for _, p := range s.held {
		if p.kind != pToolDelta {
			return nil // kept in order with other pieces: judged whole at the block's end
		}
	}
	var out []byte
	pos, changed := b.sent, false
	for _, sp := range spans {
		start, end := int(sp.Start), int(sp.End)
		out = append(out, b.partial[pos:start]...)
		tok := b.partial[start:end]
		if fixed, kinds, ok := b.scan.RepairSpan(sp, tok); ok {
			out = append(out, fixed...)
			b.edits = append(b.edits, repair.SpanEdit{Start: start, End: end, Repl: fixed})
			s.rep.Repair(b.name, kinds...)
			changed = true
		} else {
			out = append(out, tok...)
			s.rep.Fail("tool input value does not fit its schema and no repair makes it fit")
		}
		pos = end
	}
	b.scan.TakeSpans()
	next, held := b.scan.Held()
	upto := int(next)
	out = append(out, b.partial[pos:upto]...)
	b.holding, b.faulty = held, b.scan.Faulty()
	if !changed {
		return s.releaseWhole(w, b, upto)
	}
	s.held = s.held[:0]
	b.sent = upto
	if len(out) > 0 {
		if _, err := w.Write(eventFrame(b.eol, "content_block_delta", inputDeltaData(b.index+s.shift, out))); err != nil {
			return err
		}
	}
	if rest := len(b.partial) - upto; rest > 0 {
		data := inputDeltaData(b.index+s.shift, b.partial[upto:])
		s.held = append(s.held, piece{raw: eventFrame(b.eol, "content_block_delta", data), kind: pToolDelta, n: rest})
	}
	return nil
}

// releaseWhole writes, as they came, the held deltas that end at or before the input's byte
// upto: a delta holding bytes from upto on stays held.
func (s *Stream) releaseWhole(w io.Writer, b *block, upto int) error {
	k := 0
	for k < len(s.held) && b.sent+s.held[k].n <= upto {
		if _, err := w.Write(s.held[k].raw); err != nil {
			return err
		}
		b.sent += s.held[k].n
		k++
	}
	s.held = s.held[:copy(s.held, s.held[k:])]
	return nil
}
