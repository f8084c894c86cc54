package anthropic

import (
	"io"
	"strconv"
	"unicode/utf8"
	"unsafe"

	"github.com/toolfix/toolfix/proxy/jsontext"

	"github.com/toolfix/toolfix/proxy/repair"
)

// settleSpans lets go the faulty string values of the held input that the scan read to their
// end (repair.ScanSpan), once the input's deltas are the only pieces held: each goes out
// repaired when its repair fits the schemas of its place (repair.Scan.RepairSpan; docs/faults.md
// D13-D15, D25, D29, D23b) and the input as far as it came can still fit (repair.Scan.Judge;
// while that is not decidable they stay held), else as it came, with the healthy bytes around
// it, up to the next byte the scan holds; from there on the input streams again (or stays
// held). A byte held only until the next bytes came (an escape, a comma: repair.Scan.Held)
// lets the held deltas go likewise once they came. What goes out is
// one input_json_delta; what stays held is one input_json_delta of the input's bytes not sent.
// Held deltas that come out with nothing changed go out as they came, with the pings and comments
// held among them in their places; when a value goes out repaired those pass ahead of it.
func (s *Stream) settleSpans(w io.Writer, b *block) error {
	spans := b.scan.Spans()
	if b.lost || len(spans) == 0 && b.scan.HeldBeyondSpans() {
		return nil
	}
	if len(spans) == 0 { // a byte held until the next came: what came goes out, in its place
		next, held := b.scan.Held()
		b.holding, b.faulty = held, b.scan.Faulty()
		return s.releaseWhole(w, b, int(next))
	}
	for _, p := range s.held {
		if p.kind != pToolDelta && p.kind != pOther {
			return nil // kept in order with other pieces: judged whole at the block's end
		}
	}
	if b.scan.Waiting() {
		return nil // judged with the next delta, or whole at the block's end
	}
	var edits []repair.SpanEdit // the repair of each span that has one
	var kinds [][]string
	for _, sp := range spans {
		start, end := int(sp.Start), int(sp.End)
		tok := b.partial[start:end]
		if b.scan.Inlines(sp, tok) {
			// the repair is the JSON text the string holds, written from tok as it goes out
			edits = append(edits, repair.SpanEdit{Start: start, End: end, Inlined: true})
			kinds = append(kinds, []string{repair.KindCoerce})
		} else if fixed, k, ok := b.scan.RepairSpan(sp, tok); ok {
			edits = append(edits, repair.SpanEdit{Start: start, End: end, Repl: fixed})
			kinds = append(kinds, k)
		}
	}
	switch b.scan.Judge(b.partial, b.edits, edits) {
	case repair.SpansHold:
		return nil // judged again with the next delta, or whole at the block's end
	case repair.SpansAsCame:
		edits = nil
	}
	if len(edits) < len(spans) {
		s.rep.CallFail(&b.rec, "tool input value does not fit its schema and no repair makes it fit")
	}
	var out []inputPart // what goes out, in parts (the input's own bytes, repairs)
	pos, changed := b.sent, len(edits) > 0
	for i, e := range edits {
		out = append(out, inputPart{text: b.partial[pos:e.Start]}, inputPart{text: b.partial[e.Start:e.End], inline: e.Inlined})
		if !e.Inlined {
			out[len(out)-1].text = e.Repl
		}
		s.rep.CallRepair(&b.rec, b.name, kinds[i]...)
		pos = e.End
	}
	b.edits = append(b.edits, edits...)
	b.scan.TakeSpans()
	next, held := b.scan.Held()
	upto := int(next)
	out = append(out, inputPart{text: b.partial[pos:upto]})
	b.holding, b.faulty = held, b.scan.Faulty()
	if !changed {
		return s.releaseWhole(w, b, upto)
	}
	// the pings and comments held in their place among the deltas, while the input could still
	// turn out healthy, pass ahead of it now that it is not
	if err := s.writeOthers(w); err != nil {
		return err
	}
	b.sent = upto
	if err := writeInputParts(w, b.eol, b.index+s.shift, out); err != nil {
		return err
	}
	if rest := len(b.partial) - upto; rest > 0 {
		s.held = append(s.held, piece{kind: pToolDelta, n: rest, src: b, off: upto, out: b.index + s.shift})
	} else {
		b.forget()
	}
	return nil
}

// forget drops the input kept of a block whose input went out whole but for the bytes still to
// come, once it is over keptPrefix: a later fault can then no longer be repaired (as for a
// healthy input that long), and the memory goes.
func (b *block) forget() {
	if len(b.partial) > keptPrefix {
		b.partial, b.edits, b.lost = nil, nil, true
	}
}

// maxDeltaBytes is the most input text one input_json_delta that toolfix writes carries: a
// repaired input of megabytes goes out in events of this size, each built and written on its
// own, so that the whole is never quoted and framed at once.
const maxDeltaBytes = 64 << 10

// appendInputFrame appends to dst the SSE event toolfix writes for an input_json_delta of block
// index out carrying text, with line ending eol: eventFrame of inputDeltaData, built in place.
func appendInputFrame(dst, eol []byte, out int, text []byte) []byte {
	dst = append(dst, "event: content_block_delta"...)
	dst = append(dst, eol...)
	dst = append(dst, `data: {"type":"content_block_delta","index":`...)
	dst = strconv.AppendInt(dst, int64(out), 10)
	dst = append(dst, `,"delta":{"type":"input_json_delta","partial_json":`...)
	// AppendQuote only reads its text: a string over text's bytes spares a copy of each event's
	// (a 64 KiB event of a repaired value, or a held delta's, was copied once more to be quoted).
	dst = jsontext.AppendQuote(dst, unsafe.String(unsafe.SliceData(text), len(text)))
	dst = append(dst, `}}`...)
	dst = append(dst, eol...)
	return append(dst, eol...)
}

// inputPart is one part of an input that goes out: text as it is, or, with inline set, the
// JSON text the string token text holds (repair.WriteInlined), written as it is read.
type inputPart struct {
	text   []byte
	inline bool
}

// writeInputDeltas writes parts, in order and joined, as input_json_delta events of block index
// out with line ending eol, each carrying at most maxDeltaBytes of text, cut between characters.
func writeInputDeltas(w io.Writer, eol []byte, out int, parts ...[]byte) error {
	dw := deltaWriter{w: w, eol: eol, out: out}
	for _, p := range parts {
		if err := dw.add(p); err != nil {
			return err
		}
	}
	return dw.flush()
}

// writeInputParts is writeInputDeltas for parts some of which are inlined repairs.
func writeInputParts(w io.Writer, eol []byte, out int, parts []inputPart) error {
	dw := deltaWriter{w: w, eol: eol, out: out}
	for _, p := range parts {
		var err error
		if p.inline {
			err = repair.WriteInlined(p.text, dw.add)
		} else {
			err = dw.add(p.text)
		}
		if err != nil {
			return err
		}
	}
	return dw.flush()
}

// deltaWriter gathers input text into input_json_delta events of at most maxDeltaBytes of text
// each, cut between characters, and writes each as it fills.
type deltaWriter struct {
	w          io.Writer
	eol        []byte
	out        int
	buf, frame []byte
}

func (d *deltaWriter) flush() error {
	if len(d.buf) == 0 {
		return nil
	}
	d.frame = appendInputFrame(d.frame[:0], d.eol, d.out, d.buf)
	_, err := d.w.Write(d.frame)
	d.buf = d.buf[:0]
	return err
}

// add adds p, which starts with a character (never inside one), to the events, writing each
// that fills.
func (d *deltaWriter) add(p []byte) error {
	for len(p) > 0 {
		k := min(len(p), maxDeltaBytes-len(d.buf))
		if k < len(p) {
			// p starts with a character: the cut may fall at its start, with the buffer's bytes
			for j := k; j > k-utf8.UTFMax && j >= 0; j-- {
				if j == 0 || utf8.RuneStart(p[j]) {
					k = j
					break
				}
			}
		}
		if k == 0 && len(d.buf) == 0 {
			k = min(len(p), maxDeltaBytes) // no character starts in reach: cut where the limit is
		}
		d.buf, p = append(d.buf, p[:k]...), p[k:]
		if len(p) > 0 {
			if err := d.flush(); err != nil {
				return err
			}
		}
	}
	return nil
}

// releaseWhole writes, as they came, the held deltas that end at or before the input's byte
// upto: a delta holding bytes from upto on stays held.
func (s *Stream) releaseWhole(w io.Writer, b *block, upto int) error {
	k := 0
	for k < len(s.held) && b.sent+s.held[k].n <= upto {
		if _, err := w.Write(s.held[k].bytes()); err != nil {
			return err
		}
		b.sent += s.held[k].n
		k++
	}
	s.held = s.held[:copy(s.held, s.held[k:])]
	if len(s.held) == 0 {
		b.forget()
	}
	return nil
}
