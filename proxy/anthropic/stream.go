package anthropic

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"strings"

	"github.com/toolfix/toolfix/proxy/jsontext"
	"github.com/toolfix/toolfix/proxy/markup"
	"github.com/toolfix/toolfix/proxy/repair"
	"github.com/toolfix/toolfix/proxy/sse"
)

// Syntaxes are the leaked-call markups recognised at the tail of a text block.
const Syntaxes = markup.All

type pieceKind uint8

const (
	pOther      pieceKind = iota // anything the rules leave as it is
	pTextStart                   // content_block_start of the open text block
	pTextDelta                   // text_delta of the open text block
	pTextStop                    // content_block_stop of a text block
	pToolDelta                   // input_json_delta of the open tool_use block
	pToolStart                   // content_block_start of a tool_use block that carries its input
	pBlockOther                  // another delta (citations_delta) of the open text block
)

// piece is one held SSE piece: the bytes it would go out as, and what it is.
type piece struct {
	raw  []byte
	kind pieceKind
	text string // pTextDelta: the decoded text
	n    int    // pToolDelta: the length of its partial_json

	// A pToolDelta whose raw is exactly what toolfix would write for its text keeps no raw: it
	// is rebuilt from the bytes [off, off+n) of src's input, as block index out (see bytes).
	src      *block
	off, out int
}

// bytes returns the bytes p goes out as when it goes out as it came.
func (p *piece) bytes() []byte {
	if p.raw == nil && p.src != nil {
		return appendInputFrame(nil, p.src.eol, p.out, p.src.partial[p.off:p.off+p.n])
	}
	return p.raw
}

// block is the content block being streamed.
type block struct {
	index int    // the upstream's index
	typ   string // "text", "tool_use", or another type passed through
	eol   []byte // line ending of its start event

	// text
	holder  *markup.Holder
	pending strings.Builder // text of the held text_delta pieces, not yet written
	started bool            // its content_block_start was written

	// tool_use
	repairable bool // the request offers this tool
	name       string
	startInput json.RawMessage
	deltas     int
	// The input is streamed while scan finds it consistent with the tool's schema: sent bytes
	// of it went out at once, as their deltas came. partial keeps the whole input so far (for the
	// repair at the block's end) as long as it is within keptPrefix or held; holding is set
	// from the first delta a repair may change on, and its deltas are held until the block ends.
	scan    *repair.Scan
	partial []byte
	sent    int
	holding bool
	faulty  bool              // the held input cannot fit as it is (repair.Scan.Faulty): the stream is not healthy
	lost    bool              // partial no longer holds the whole input: nothing can be repaired
	edits   []repair.SpanEdit // faulty values let go repaired (settleSpans), in their order
	rec     repair.CallRecord // what the call reported (see judgeCall)
	fixed   []byte            // the whole input as toolStop repaired it, or nil
	cum     repair.Chain      // the evidence that every delta resends the whole input so far (D71)
	resend  bool              // every delta from the second on resent the input so far (cum): held to the block's end
}

// keptPrefix is how much of a tool input that streams as it came is kept, in bytes, so that a
// fault after it can still be repaired (the repair judges the whole input); a fault later than
// that passes as it came. It bounds what a healthy call of any size costs.
const keptPrefix = 1 << 20

// Stream repairs one streamed Messages response. Create it with NewStream; feed it every piece of
// the stream in order with Push and call End once at the end. Not safe for concurrent use.
type Stream struct {
	tools *repair.Tools
	rep   *repair.Reporter

	held      []piece           // taken and not yet written, in order
	blk       *block            // the open content block, or nil
	orphan    *block            // a finished text block held because its last line may be an orphan prefix
	leak      *heldLeak         // a finished text block ending in a leaked call, held for the stop_reason
	shift     int               // added to every upstream block index from here on
	calls     int               // tool_use blocks of this message so far, real and made from leaked text
	made      []repair.MadeCall // the real tool_use blocks of this message so far whose whole input is known, which a leaked call may copy
	unfit     int               // tool_use blocks of this message that ended not fitting their schema (judgeCall)
	said      bool              // a message_delta of this message went out with a stop_reason that is not null
	stopFixed bool              // toolfix rewrote a message_delta's stop_reason of this message (D39)
	bypass    bool              // an event was over the size limit: the rest passes as it comes
	startID   string            // the id of the message_start that went out last while only pings followed it

	// after the message's message_stop (afterstop.go, D73)
	afterStop bool         // a message_stop went out with nothing held: what follows is judged
	replay    []afterPiece // held after it while a replayed finish may be coming
	blocks    map[int]bool // upstream block indexes the message opened
	replayed  bool         // a replay was dropped in this message (reported once)

	maxHeld   int       // see SetMaxHeld
	frame     []byte    // scratch: the event toolfix would write for a held input_json_delta
	unquoted  []byte    // scratch: the text of the input_json_delta being read (fastInputDelta)
	unescaped []byte    // scratch: the decoded text of an escaped quiet text_delta (quietASCIIText)
	fast      fastEvent // scratch: the block event fastBlockEvent read (never nested: Push calls itself only from pushLeak, which is before it)
}

// NewStream returns a Stream for a response to a request offering tools (nil: no tools, so only
// the rules that need none apply). rep may be nil.
func NewStream(tools *repair.Tools, rep *repair.Reporter) *Stream {
	return &Stream{tools: tools, rep: rep, maxHeld: repair.DefaultMaxHeld}
}

// SetMaxHeld sets the most bytes of one tool input held for repair (zero or less:
// repair.DefaultMaxHeld). A held input that grows past it goes out as it came, as a fail-open,
// and the rest of that block streams as it comes.
func (s *Stream) SetMaxHeld(n int) {
	if n <= 0 {
		n = repair.DefaultMaxHeld
	}
	s.maxHeld = n
}

// HoldingSpan reports whether anything is held now: a tool input (one that cannot fit its schema
// as it is, or one only a repair may change), a text tail that may begin a leaked call, a finished
// text block waiting for its last line's verdict or for the stop_reason. While it is, the proxy
// sends a keep-alive (see KeepAlive) when the client has had no byte for long, so that no hold,
// faulty or not, keeps the client silent past its idle timeout.
func (s *Stream) HoldingSpan() bool {
	return len(s.held) > 0 || s.leak != nil || len(s.replay) > 0
}

// holdingInput reports whether a tool input is held that cannot fit its schema as it is (see
// repair.Scan.Faulty): the stream is not healthy then, so pings and comments pass ahead of it (see
// sendAhead). Ahead of anything else held they keep their place, so that a stream that turns out
// healthy stays byte-identical (an input held only because it may need a repair, the text block's
// content_block_start held until its first delta, which the upstream's own ping follows); a hold
// that lasts is covered by the proxy's keep-alive (see HoldingSpan).
func (s *Stream) holdingInput() bool {
	return s.blk != nil && s.blk.holding && s.blk.faulty
}

// KeepAlive returns the event toolfix sends while a span stays held long, so that no client
// watchdog takes the silence for a stalled stream: an Anthropic ping, which every client ignores.
func (s *Stream) KeepAlive() []byte {
	return []byte("event: ping\ndata: {\"type\": \"ping\"}\n\n")
}

// Held returns the bytes of every piece taken and not yet written, in order.
func (s *Stream) Held() []byte {
	var b []byte
	for _, p := range s.held {
		b = append(b, p.bytes()...)
	}
	if s.leak != nil {
		for _, q := range s.leak.queued {
			b = append(b, q.Raw...)
		}
	}
	for _, p := range s.replay {
		b = append(b, p.raw...)
	}
	return b
}

func (s *Stream) hold(raw []byte, kind pieceKind, text string) {
	s.held = append(s.held, piece{raw: bytes.Clone(raw), kind: kind, text: text})
}

// send writes raw now, or queues it behind held pieces so that order is kept.
func (s *Stream) send(w io.Writer, raw []byte) error {
	if len(s.held) > 0 {
		s.hold(raw, pOther, "")
		return nil
	}
	_, err := w.Write(raw)
	return err
}

// sendAhead writes a ping or comment raw at once while a tool input is held (holdingInput), so
// that the client hears from the stream; otherwise it keeps its place, as send does, so that a
// healthy stream stays byte-identical.
func (s *Stream) sendAhead(w io.Writer, raw []byte) error {
	if s.holdingInput() {
		_, err := w.Write(raw)
		return err
	}
	return s.send(w, raw)
}

// releaseAll writes every held piece as it is.
func (s *Stream) releaseAll(w io.Writer) error {
	for i, p := range s.held {
		if _, err := w.Write(p.bytes()); err != nil {
			s.held = s.held[i:]
			return err
		}
	}
	s.held = s.held[:0]
	return nil
}

// End writes whatever is still held, as it came. A leaked call still held when the stream ends
// without a stop_reason (a dropped connection) is never completed (docs/faults.md D46).
func (s *Stream) End(w io.Writer) error {
	if s.leak != nil {
		if err := s.settleLeak(w, false, nil); err != nil {
			return err
		}
	}
	s.orphan = nil
	if err := s.releaseAll(w); err != nil {
		return err
	}
	return s.dropReplay(w) // a replay the stream ended inside is dropped too
}

// Push takes one piece of the stream and writes what may go now.
//
// A piece of an event over the size limit (ev.Oversize) ends repair for the stream: what is held
// goes out as it came, then this piece and everything after it.
func (s *Stream) Push(ev sse.Event, w io.Writer) error {
	if s.bypass {
		_, err := w.Write(ev.Raw)
		return err
	}
	if s.leak != nil {
		return s.pushLeak(ev, w)
	}
	if s.afterStop {
		if done, err := s.pushAfterStop(ev, w); done || err != nil {
			return err
		}
	}
	if ev.Oversize {
		s.bypass = true
		s.orphan, s.blk = nil, nil
		if err := s.releaseAll(w); err != nil {
			return err
		}
		_, err := w.Write(ev.Raw)
		s.rep.Fail("event over the size limit")
		return err
	}
	if !ev.Complete {
		// The stream was cut inside an event (only the last piece can be incomplete): it was never
		// dispatched, so it is neither junk nor anything to repair. It goes out as it came, behind
		// what is held, and the client sees the stream end where the upstream's did.
		return s.send(w, ev.Raw)
	}
	if idx, text, quiet, escaped, ok := quietTextEvent(ev.Raw); ok && s.quietASCIIText(idx, text, quiet, escaped) {
		_, err := w.Write(ev.Raw) // the common case, in one pass: prose the holder lets go as it is
		return err
	}
	if data, ok := ev.FramedData(fastDeltaHead); ok { // fastDeltaData, read with the framer's line count
		if idx, lit, ok := deltaLiteral(data, textDeltaMiddle); ok && s.quietText(idx, lit) {
			_, err := w.Write(ev.Raw) // the common case: prose the holder lets go as it is
			return err
		}
		if idx, text, ok := fastTextDelta(data); ok {
			return s.textDelta(w, ev.Raw, idx, text)
		}
		if b := s.blk; b != nil && b.typ == "tool_use" && s.shift == 0 {
			if idx, partial, ok := fastInputDelta(data, &s.unquoted); ok && idx == b.index {
				if !b.repairable {
					return s.send(w, ev.Raw) // a tool the request does not offer: never held
				}
				return s.toolDelta(w, ev.Raw, partial)
			}
		}
	}
	if data, fe, ok := fastBlockEvent(ev.Raw, &s.fast); ok {
		if fe.Type == "content_block_stop" {
			return s.blockStop(w, ev.Raw, data, fe)
		}
		return s.blockStart(w, ev.Raw, data, fe)
	}
	name, data, hasData := ev.Fields()
	if !hasData {
		if len(ev.Raw) > 0 && ev.Raw[0] == ':' {
			return s.sendAhead(w, ev.Raw) // a comment
		}
		return s.send(w, ev.Raw) // blank lines, id-only events
	}
	if idx, text, ok := fastTextDelta(data); ok && name != nil {
		return s.textDelta(w, ev.Raw, idx, text)
	}
	if string(name) == "error" || hasErrorKey(data) {
		// An error, however framed, is the client's to handle (docs/faults.md D42: use-agent-os/agent-os
		// #2118; D56: Gitlawb/openclaude PR #1174): it passes as it came, never as a junk frame.
		if err := s.resolveOrphan(w, false); err != nil {
			return err
		}
		if err := s.failOpenHeld(w); err != nil {
			return err
		}
		return s.send(w, ev.Raw)
	}
	var e event
	obj := isObject(data)
	var decodeErr error
	if obj {
		decodeErr = json.Unmarshal(data, &e)
	}
	if decodeErr != nil && tooDeep(data) {
		// Nested past what the decoder reads: it cannot be judged junk or not, so it passes.
		s.rep.Fail("event nested too deeply to read")
		return s.send(w, ev.Raw)
	}
	if !obj || decodeErr != nil && !hasTypeKey(data) {
		s.rep.Repair("", "junk_frame")
		return nil
	}
	if e.Type == "" {
		if !hasTypeKey(data) && name == nil {
			s.rep.Repair("", "junk_frame")
			return nil
		}
		// A "type" that is not a string, or an event named on its "event:" line whose data has no
		// "type" (a client reads its type from that line): not ours to judge, and never junk, so it
		// goes out as it came, in its place.
		return s.send(w, ev.Raw)
	}
	if !usableIndex(e.Index, decodeErr) {
		// A block index that is no block number (1e30, -1, MaxInt64 that a shift would wrap
		// round) is neither matched to a block nor renumbered: the event goes out as it came.
		s.rep.Fail("block index out of range")
		return s.send(w, ev.Raw)
	}
	raw := ev.Raw
	if name == nil && isToken(e.Type) {
		raw = append(append(append([]byte("event: "), e.Type...), sse.LineEnding(ev.Raw)...), ev.Raw...)
		s.rep.Repair("", "shape")
	}
	if e.Type != "message_start" && e.Type != "ping" {
		s.startID = ""
	}
	switch e.Type {
	case "message_start":
		id := MessageStartID(e.Message)
		if id != "" && id == s.startID && len(s.held) == 0 {
			// The same message_start again, with only pings since the first: a bridge that
			// starts the message both eagerly and at the upstream's response.created (BerriAI/litellm
			// #32478, PR #33859); the SDKs reject a second message_start. It is dropped.
			s.rep.Repair("", "shape")
			return nil
		}
		s.startID = id
		s.shift, s.calls, s.unfit = 0, 0, 0
		s.blocks, s.replayed = nil, false
		return s.send(w, raw)
	case "content_block_start":
		return s.blockStart(w, raw, data, &e)
	case "content_block_delta":
		if e.Index != nil && e.Delta != nil && e.Delta.Type == "text_delta" && e.Delta.Text != nil {
			return s.textDelta(w, raw, *e.Index, *e.Delta.Text)
		}
		if e.Index != nil && e.Delta != nil && e.Delta.Type == "input_json_delta" && e.Delta.PartialJSON != nil &&
			s.blk != nil && s.blk.typ == "tool_use" && s.blk.index == *e.Index && s.blk.repairable {
			return s.toolDelta(w, s.shifted(raw, data, e.Index), []byte(*e.Delta.PartialJSON))
		}
		if e.Index != nil && s.blk != nil && s.blk.typ == "text" && s.blk.index == *e.Index && len(s.held) > 0 {
			s.hold(s.shifted(raw, data, e.Index), pBlockOther, "")
			return nil
		}
		return s.send(w, s.shifted(raw, data, e.Index))
	case "content_block_stop":
		return s.blockStop(w, raw, data, &e)
	case "message_delta":
		if err := s.resolveOrphan(w, false); err != nil {
			return err
		}
		return s.send(w, s.fixStopReason(raw, data, &e))
	case "ping":
		return s.sendAhead(w, raw)
	default:
		if e.Type == "message_stop" || e.Type == "error" {
			if err := s.resolveOrphan(w, false); err != nil {
				return err
			}
		}
		if e.Type == "error" {
			if err := s.failOpenHeld(w); err != nil {
				return err
			}
		}
		if err := s.send(w, s.shifted(raw, data, e.Index)); err != nil || e.Type != "message_stop" {
			return err
		}
		s.stopped()
		return nil
	}
}

// shifted returns raw with its index moved by the current shift, or raw itself when there is no
// shift or no index.
func (s *Stream) shifted(raw, data []byte, index *int) []byte {
	if s.shift == 0 || index == nil {
		return raw
	}
	nd, ok := withIndex(data, *index+s.shift)
	if !ok {
		return raw
	}
	name, _, _ := sse.Fields(raw)
	typ := string(name)
	if typ == "" {
		var e event
		_ = json.Unmarshal(data, &e)
		typ = e.Type
	}
	return eventFrame(sse.LineEnding(raw), typ, nd)
}

func (s *Stream) blockStart(w io.Writer, raw, data []byte, e *event) error {
	if e.Index == nil || e.ContentBlock == nil {
		return s.send(w, raw)
	}
	cb := e.ContentBlock
	if err := s.resolveOrphan(w, cb.Type == "tool_use"); err != nil {
		return err
	}
	b := &block{index: *e.Index, typ: cb.Type, eol: sse.LineEnding(raw)}
	s.blk = b
	s.opened(*e.Index)
	switch cb.Type {
	case "text":
		if s.shift != 0 {
			raw = s.shifted(raw, data, e.Index)
		}
		if cb.Text != "" {
			b.typ = "text-prefilled" // text in the start event: left alone
			return s.send(w, raw)
		}
		b.holder = markup.NewHolderFor(Syntaxes, s.tools.Declares)
		if len(s.held) == 0 {
			s.hold(raw, pTextStart, "")
			return nil
		}
		b.started = true
		return s.send(w, raw)
	case "tool_use":
		s.calls++
		b.name = cb.Name
		b.startInput = cb.Input
		declared := s.tools.Has(cb.Name)
		if !declared && s.tools != nil {
			s.rep.NotDeclared(cb.Name)
		}
		b.repairable = declared && !serverCaller(cb.Caller)
		if b.repairable {
			b.scan = s.tools.NewScan(cb.Name, deltaOptions)
		}
		if b.repairable && carriesInput(cb.Input) {
			// Held until the block ends: if no delta follows, the start goes out with an empty
			// input and the input as one delta (see toolStop).
			s.hold(s.shifted(raw, data, e.Index), pToolStart, "")
			return nil
		}
	}
	return s.send(w, s.shifted(raw, data, e.Index))
}

// maxBlockIndex is the largest block index toolfix reads as a block number (the fast path reads at
// most nine digits); a shift added to it cannot overflow.
const maxBlockIndex = 999_999_999

// usableIndex reports whether an event's index, as decoded (nil when absent) with the decoder's
// error, can be used as a block number: absent, or an integer from 0 to maxBlockIndex. An index
// the decoder could not read as an int (1e30, 2.5, a string) is not, though it leaves a zero.
func usableIndex(index *int, decodeErr error) bool {
	var te *json.UnmarshalTypeError
	if errors.As(decodeErr, &te) && te.Field == "index" {
		return false
	}
	return index == nil || *index >= 0 && *index <= maxBlockIndex
}

func isObject(data []byte) bool {
	d := bytes.TrimSpace(data)
	return len(d) > 0 && d[0] == '{'
}

// hasTypeKey reports whether the object in data has a top-level "type" member of any kind.
func hasTypeKey(data []byte) bool {
	obj, err := jsontext.ParseObject(data)
	return err == nil && obj.Get("type") != nil
}

// hasErrorKey reports whether data is a JSON object with a top-level "error" member of any kind.
func hasErrorKey(data []byte) bool {
	if !isObject(data) || !bytes.Contains(data, []byte(`"error"`)) {
		return false
	}
	obj, err := jsontext.ParseObject(data)
	return err == nil && obj.Get("error") != nil
}

// isToken reports whether an event type can be written on an "event:" line as it is.
func isToken(s string) bool {
	if s == "" || len(s) > 64 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c == '_' || c == '.' || c == '-' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}
