package openai

import (
	"bytes"
	"encoding/json"
	"io"
	"slices"
	"strings"
	"unsafe"

	"github.com/toolfix/toolfix/proxy/jsontext"
	"github.com/toolfix/toolfix/proxy/markup"
	"github.com/toolfix/toolfix/proxy/repair"
	"github.com/toolfix/toolfix/proxy/sse"
)

// piece is one SSE piece taken from the upstream and not yet written.
type piece struct {
	raw  []byte       // as it came
	data []byte       // its data payload (a chunk), for rewriting; nil for other pieces
	c    *choiceState // the one choice the chunk carries, or nil

	content    string // the choice's content delta
	hasContent bool
	cend       int       // where its content ends in the choice's content
	calls      []callRef // the tool-call deltas of the chunk that are held, in order
	lanes      []*call   // the calls the chunk carries a delta of, held or not (see mayPass)
	finish     bool      // the chunk carries the choice's finish_reason
	callsOnly  bool      // it carries only deltas of calls that stream (see release)
	heads      int       // its tool-call deltas held as a head (see headHold)

	ed *edit // nil: the piece goes out as it came
}

// ownContent makes the piece's content its own when it is the event's bytes (borrowedString),
// before the piece or its text outlives the event.
func (p *piece) ownContent() {
	if len(p.content) == 0 || len(p.raw) == 0 {
		return
	}
	at := uintptr(unsafe.Pointer(unsafe.StringData(p.content)))
	raw := uintptr(unsafe.Pointer(unsafe.SliceData(p.raw)))
	if at >= raw && at < raw+uintptr(len(p.raw)) {
		p.content = strings.Clone(p.content)
	}
}

// callRef ties a held tool-call delta to its call: pos is the delta's position in the chunk's
// tool_calls array, hold the call's hold it was held in (call.hold): once that hold ends, the
// delta no longer waits, even when a later span of the call is held.
type callRef struct {
	call *call
	pos  int
	hold int
}

// waits reports whether the delta still waits for its call: the hold it was taken in goes on.
func (r callRef) waits() bool { return r.call.held && r.call.open && r.hold == r.call.hold }

// Stream repairs one streamed Chat Completions response. Create it with NewStream; feed it every
// piece of the stream in order with Push and call End once at the end. Not safe for concurrent
// use.
type Stream struct {
	tools *repair.Tools
	rep   *repair.Reporter
	opt   Options

	held       []*piece
	inflight   *piece // the piece Push is reading, in held but not yet taken for good
	spare      *piece // a piece that went out at once and that nothing refers to, for reuse
	choices    map[int]*choiceState
	scratch    scratch // fastChunk's
	argText    []byte  // scratch: the arguments text of the tool-call delta being read (argTextInto)
	unescaped  []byte  // scratch: the decoded content of an escaped quiet chunk (takeQuiet)
	maxHeld    int     // see SetMaxHeld
	unreadable bool    // a data event that was a JSON object but not a chunk toolfix can read came: no more repairs
}

// NewStream returns a Stream for a response to a request offering tools (nil: no tools, so only
// the rules that need none apply). rep may be nil.
func NewStream(tools *repair.Tools, rep *repair.Reporter, opt Options) *Stream {
	if opt.TextFormat != FormatGongju {
		opt.TextFormat = ""
	}
	return &Stream{tools: tools, rep: rep, opt: opt, choices: map[int]*choiceState{}, maxHeld: repair.DefaultMaxHeld}
}

// SetMaxHeld sets the most bytes of one call's arguments held for repair (zero or less:
// repair.DefaultMaxHeld). Held arguments that grow past it go out as they came, as a fail-open,
// and the rest of that call streams as it comes.
func (s *Stream) SetMaxHeld(n int) {
	if n <= 0 {
		n = repair.DefaultMaxHeld
	}
	s.maxHeld = n
}

// HoldingSpan reports whether any piece is held now (a tool call's arguments, faulty or only
// possibly needing a repair, a text tail that may begin a leaked call, a piece queued behind
// them). While one is, the proxy sends a keep-alive (see KeepAlive) when the client has had no
// byte for long, so that no hold keeps the client silent past its idle timeout.
func (s *Stream) HoldingSpan() bool {
	return len(s.held) > 0
}

// holdingCall reports whether a tool call is held that is not healthy: its arguments cannot fit
// as they are (repair.Scan.Faulty), were sent as an object (D20), or its name has not come (D32).
// While one is, comments pass ahead of what is held. A call held only because it may need a
// repair (an escape cut at a delta's end, a string in a oneOf branch) keeps its comments in place,
// so that it stays byte-identical if it turns out healthy; a hold that lasts is covered by the
// proxy's keep-alive (see HoldingSpan).
func (s *Stream) holdingCall() bool {
	if len(s.held) == 0 {
		return false // a held call holds its pieces
	}
	for _, c := range s.choices {
		for _, cl := range c.open {
			if cl.held && (!cl.span || cl.faulty) {
				return true
			}
		}
	}
	return false
}

// KeepAlive returns what toolfix sends while a call stays held long, so that no client watchdog
// takes the silence for a stalled stream: an SSE comment, which every client ignores.
func (s *Stream) KeepAlive() []byte { return []byte(": toolfix keep-alive\n\n") }

// Held returns the bytes of every piece taken and not yet written, as they came, in order. After
// a panic inside Push it leaves out the piece being pushed, which the caller writes itself.
func (s *Stream) Held() []byte {
	var b []byte
	for _, p := range s.held {
		if p != s.inflight {
			b = append(b, p.raw...)
		}
	}
	return b
}

// End settles everything still open without repairing it (a stream that ends without [DONE] may
// have been cut) and writes what is held.
func (s *Stream) End(w io.Writer) error {
	for _, c := range s.choices {
		s.settle(c, false)
	}
	return s.release(w)
}

// Push takes one piece of the stream and writes what may go now. Junk frames are dropped (see
// IsJunk and dropBilling); comments, [DONE], text that
// is not JSON and error objects pass as they came, in order (docs/faults.md D49: mnfst/llm-gateway #2053; D56: Gitlawb/openclaude PR #1174 — an error is
// the client's to handle).
func (s *Stream) Push(ev sse.Event, w io.Writer) error {
	if ev.Oversize {
		// Too large to repair: everything open is settled as it came, then this piece passes.
		for _, c := range s.choices {
			if h := c.head; h != nil && !c.tainted && h.name != "" && h.id != "" && h.id != h.cl.id {
				// a held head that names a call under a new id is judged by itself: the next delta
				// that would tell comes after the error, and the whole-body answer, which holds on,
				// takes it as another call (D70); settled as its call's own it would go out on the
				// index of the call before it while its later deltas go as another call's
				c.endHead(true)
			}
			s.settle(c, false)
		}
		if err := s.release(w); err != nil {
			return err
		}
		s.rep.Fail("event over the size limit")
		_, err := w.Write(ev.Raw)
		return err
	}
	if done, err := s.quietChunk(ev, w); done {
		return err
	}
	_, data, hasData := ev.Fields()
	if !hasData {
		// Comments, blank lines, id-only events. A comment keeps its place even behind a held
		// call, so that a healthy stream stays byte-identical (docs/faults.md D49 keeps comments byte
		// for byte). While a call is held that is not healthy (holdingCall) a comment (a keep-alive)
		// goes out at once, so that the client hears from the stream.
		if ev.Complete && len(ev.Raw) > 0 && ev.Raw[0] == ':' && s.holdingCall() {
			_, err := w.Write(ev.Raw)
			return err
		}
		return s.pass(w, ev.Raw)
	}
	if IsJunk(data) {
		s.rep.Repair("", "junk_frame")
		return nil
	}
	d := bytes.TrimSpace(data)
	if d[0] != '{' {
		if string(d) == "[DONE]" {
			for _, c := range s.choices {
				s.settle(c, true)
			}
		}
		return s.pass(w, ev.Raw) // [DONE] and text that is not JSON: not ours to judge
	}
	ch, ok := fastChunk(d, &s.scratch)
	if !ok {
		slow := new(wireChunk) // a separate variable, so that ch stays on the stack
		if json.Unmarshal(d, slow) != nil {
			// Malformed or oddly typed (an index spelled 0.0): it passes as it is, and since it
			// may carry any choice's deltas, which a client may read, no choice is repaired from
			// here on: a repair judged without them could be wrong (a D19 {} after arguments the
			// client did get).
			s.unreadable = true
			for i := range s.choices {
				s.taint(i)
			}
			return s.pass(w, ev.Raw)
		}
		ch = *slow
	}
	if !ch.Choices.present && ch.Error == nil {
		s.dropBilling()
		return nil
	}
	if len(ch.Error) > 0 && string(ch.Error) != "null" {
		// An error that comes while calls are held goes out in its place (issue 19 item 4): what
		// came before it is settled as it came, so that no repair carries bytes the upstream
		// sent after the error ahead of it.
		if len(s.held) > 0 {
			s.rep.Fail("an error came while a tool call was held")
		}
		for _, c := range s.choices {
			if h := c.head; h != nil && !c.tainted && h.name != "" && h.id != "" && h.id != h.cl.id {
				// a held head that names a call under a new id is judged by itself: the next delta
				// that would tell comes after the error, and the whole-body answer, which holds on,
				// takes it as another call (D70); settled as its call's own it would go out on the
				// index of the call before it while its later deltas go as another call's
				c.endHead(true)
			}
			s.settle(c, false)
		}
	}
	p := s.spare
	if p == nil {
		p = new(piece)
	}
	s.spare = nil
	*p = piece{raw: ev.Raw, data: d, lanes: p.lanes[:0]} // cloned below if it stays held
	queued := len(s.held) > 0
	s.held = append(s.held, p) // first, so that the rules see it among the held pieces
	s.inflight = p             // not deferred: after a panic, Held must still leave p out
	if ch.Choices.null {
		// "choices": null (docs/faults.md D36: RooCodeInc/Roo-Code #9105) breaks clients that
		// iterate the list: it becomes [].
		p.edit().emptyChoices = true
		s.rep.Repair("", "shape")
	}
	switch len(ch.Choices.list) {
	case 0:
	case 1:
		s.take(p, &ch.Choices.list[0])
	default:
		for i := range ch.Choices.list {
			s.taint(choiceIndex(&ch.Choices.list[i]))
		}
	}
	// A last event cut off by the stream's end (no blank line after it) passes no held piece
	// (release): what went out after it would join it.
	p.callsOnly = p.callsOnly && ev.Complete
	if !queued && len(s.held) == 1 && p.ed == nil && !s.blocked(p) {
		s.held[0] = nil
		s.held = s.held[:0]
		s.inflight = nil
		_, err := w.Write(p.raw)
		if !p.finish && p.calls == nil {
			s.spare = p // no call or choice refers to it
		}
		return err
	}
	err := s.release(w)
	if n := len(s.held); n > 0 && s.held[n-1] == p {
		p.ownContent()
		p.raw, p.data = bytes.Clone(p.raw), bytes.Clone(p.data)
	}
	s.inflight = nil
	return err
}

// quietChunk takes a chunk of the learnt shape whose content is plain ASCII (shape.quietContent)
// when nothing is held, as the rest of Push would: its choice's holder lets the content go where
// the text stands (markup.ReleasePlainASCII), and the chunk goes out as it came. It reports
// whether it did; otherwise nothing changed, and Push reads the chunk the general way.
func (s *Stream) quietChunk(ev sse.Event, w io.Writer) (bool, error) {
	if len(s.held) > 0 || !ev.Complete {
		return false, nil
	}
	text, quiet, escaped, ok := s.scratch.shape.quietContent(ev.Raw)
	if !ok || !s.takeQuiet(text, quiet, escaped) {
		return false, nil
	}
	_, err := w.Write(ev.Raw)
	return true, err
}

// takeQuiet takes the plain content text of a chunk of the learnt shape when nothing is held, as
// take would, quiet saying whether the text is quiet too, escaped whether it is the inside of a
// literal with simple escapes, decoded first (see shape.quietContent): its choice's holder lets
// it go where the text stands (markup.ReleasePlainASCII: all of it or nothing, as Safe would). It
// reports whether it did; otherwise nothing changed.
func (s *Stream) takeQuiet(text []byte, quiet, escaped bool) bool {
	if escaped {
		var ok bool
		if s.unescaped, ok = jsontext.AppendUnescaped(s.unescaped[:0], text); !ok {
			return false // SimpleEscaped passed it: not reached
		}
		text = s.unescaped
	}
	c := s.state(s.scratch.shape.index)
	switch {
	case c.tainted: // take reads nothing of it
	case c.final:
		c.total += len(text)
	case c.undecided.Len() > 0 || c.bridge != nil || c.decided != c.total || !markup.ReleasePlainASCII(c.holder, text, quiet):
		return false
	default:
		c.total += len(text)
		c.decided += len(text)
	}
	return true
}

// PushRun takes the chunks at the start of ahead that Push would write at once as they came
// (quietChunk: the learnt shape, plain ASCII content, nothing held), applying to their choice what
// Push would, and returns their length; see sse.RunPusher.
func (s *Stream) PushRun(ahead []byte, max int) int {
	n := 0
	for len(s.held) == 0 {
		size, text, quiet, escaped, ok := s.scratch.shape.chunkAt(ahead[n:], max)
		if !ok || !s.takeQuiet(text, quiet, escaped) {
			break
		}
		n += size
	}
	return n
}

// dropBilling reports a dropped object that has neither choices nor error: a gateway's billing or
// usage frame (docs/faults.md D47: anomalyco/opencode #39087, #1298), which breaks SDKs that read
// choices of every chunk.
func (s *Stream) dropBilling() { s.rep.Repair("", "junk_frame") }

func choiceIndex(c *wireChoice) int {
	if c.Index == nil {
		return 0
	}
	return *c.Index
}

// pass writes raw now, or queues it behind held pieces so that order is kept.
func (s *Stream) pass(w io.Writer, raw []byte) error {
	if len(s.held) > 0 {
		s.held = append(s.held, &piece{raw: bytes.Clone(raw)})
		return nil
	}
	_, err := w.Write(raw)
	return err
}

// blocked reports whether p must wait: its content is past what the choice may release, or it
// carries a delta of a held call that is not complete.
func (s *Stream) blocked(p *piece) bool {
	if p.heads > 0 {
		return true
	}
	if p.hasContent && p.c != nil && !p.c.final && p.cend > p.c.decided {
		return true
	}
	for _, r := range p.calls {
		if r.waits() {
			return true
		}
	}
	return false
}

// release writes the held pieces from the front up to the first that must wait. Each piece leaves
// the queue before it is written, so that Held never repeats what went out.
//
// Behind a piece that waits only for faulty held calls (see holdingCall), a piece that carries
// nothing but deltas of calls that stream goes out at once, ahead of it: interleaved parallel calls
// stream each on its own, and only a stream that is not healthy has its order changed.
func (s *Stream) release(w io.Writer) error {
	for len(s.held) > 0 {
		p := s.held[0]
		if s.blocked(p) {
			return s.releaseAhead(w)
		}
		s.held[0] = nil
		s.held = s.held[1:] // re-slicing keeps the cost linear
		if p == s.inflight {
			s.inflight = nil
		}
		if err := s.render(w, p); err != nil {
			return err
		}
	}
	return nil
}

// releaseAhead writes the pieces of streaming calls that may pass the front of the queue (see
// release and mayPass).
func (s *Stream) releaseAhead(w io.Writer) error {
	var ahead []*piece
	var stay map[*call]bool // the calls of the pieces that stay
	keep := func(p *piece) {
		if stay == nil {
			stay = map[*call]bool{}
		}
		for _, cl := range p.lanes {
			stay[cl] = true
		}
	}
	for _, p := range s.held {
		if s.blocked(p) {
			if !s.faultyOnly(p) {
				break
			}
			keep(p)
			continue
		}
		if !p.callsOnly {
			break
		}
		if !mayPass(p, stay) {
			keep(p)
			continue
		}
		ahead = append(ahead, p)
	}
	for _, p := range ahead {
		s.held = slices.DeleteFunc(s.held, func(q *piece) bool { return q == p })
		if p == s.inflight {
			s.inflight = nil
		}
		if err := s.render(w, p); err != nil {
			return err
		}
	}
	return nil
}

// mayPass is the ordering invariant of what goes out (issue 19 item 1): a piece passes the pieces
// that stay ahead of it only when it carries no delta of a call any of them carries (stay), so
// that per choice and call the client gets every byte in upstream order and a call's first byte
// in the chunk that opens it; a held span holds everything after it of its call, while other
// calls go on. client.CheckOrder checks it over the emitted stream.
func mayPass(p *piece, stay map[*call]bool) bool {
	for _, cl := range p.lanes {
		if stay[cl] {
			return false
		}
	}
	return true
}

// faultyOnly reports whether p waits only for held calls that are not healthy: no content of it
// is held, and each held call it carries a delta of is faulty.
func (s *Stream) faultyOnly(p *piece) bool {
	if p.heads > 0 {
		return false
	}
	if p.hasContent && p.c != nil && !p.c.final && p.cend > p.c.decided {
		return false
	}
	for _, r := range p.calls {
		if r.waits() && r.call.span && !r.call.faulty {
			return false
		}
	}
	return len(p.calls) > 0
}

func (s *Stream) state(index int) *choiceState {
	c := s.choices[index]
	if c == nil {
		c = newChoice(s, index)
		c.tainted = s.unreadable
		s.choices[index] = c
	}
	return c
}

// take reads the one choice of chunk p.
func (s *Stream) take(p *piece, wc *wireChoice) {
	c := s.state(choiceIndex(wc))
	if c.tainted {
		return
	}
	p.c = c
	if c.head != nil && (wc.Delta == nil || len(wc.Delta.ToolCalls) == 0 || wc.Delta.Content != nil || wc.Delta.Reasoning != nil) {
		c.endHead(false) // something else of the choice came first: the head is the call's own
	}
	if wc.Delta != nil {
		if wc.Delta.Content != nil {
			p.content, p.hasContent = *wc.Delta.Content, true
			c.addContent(p)
		}
		for pos := range wc.Delta.ToolCalls {
			c.callDelta(p, pos, &wc.Delta.ToolCalls[pos])
		}
		// Only deltas of calls that stream, and nothing else a client keeps in order.
		p.callsOnly = len(wc.Delta.ToolCalls) > 0 && len(p.calls) == 0 && !p.hasContent && wc.Delta.Reasoning == nil &&
			wc.FinishReason == nil && !bytes.Contains(p.data, []byte(`"usage"`)) && !bytes.Contains(p.data, []byte(`"role"`))
	}
	if wc.FinishReason != nil {
		if c.head != nil {
			c.endHead(false)
		}
		p.finish = true
		c.finish(p, *wc.FinishReason)
	}
}

// taint ends the repairs of a choice named by a chunk with several choices: what it holds goes
// out as it came.
func (s *Stream) taint(index int) {
	c := s.state(index)
	s.settle(c, false)
	c.tainted = true
}
