package sse

import (
	"bytes"
	"encoding/json"
	"io"
	"iter"

	"github.com/toolfix/toolfix/proxy/repair"
)

// LooksLikeStream reports whether a body meant to be JSON is an SSE stream: after a byte-order
// mark and white space, its first line is a data, event or comment line. Used to answer a
// non-streamed request that an upstream answered with a stream (docs/faults.md D55).
func LooksLikeStream(body []byte) bool {
	b := bytes.TrimLeft(bytes.TrimPrefix(body, bom), " \t\r\n")
	return bytes.HasPrefix(b, []byte("data:")) || bytes.HasPrefix(b, []byte("event:")) || bytes.HasPrefix(b, []byte(":"))
}

// TrimDone removes a "data: [DONE]" line after a JSON object (docs/faults.md D55: decolua/9router
// #3492). It returns the object and true only when what is left is one valid JSON object; else
// nil and false.
func TrimDone(body []byte) ([]byte, bool) {
	b := bytes.TrimRight(body, " \t\r\n")
	for _, suf := range []string{"data: [DONE]", "data:[DONE]"} {
		if bytes.HasSuffix(b, []byte(suf)) {
			rest := bytes.TrimSpace(b[:len(b)-len(suf)])
			if len(rest) > 0 && rest[0] == '{' && json.Valid(rest) {
				return rest, true
			}
		}
	}
	return nil, false
}

// OneObject reshapes the body of an answer to a non-streamed request into the one JSON object the
// request asked for (docs/faults.md D55: decolua/9router #3492): a stream (LooksLikeStream) becomes
// what fromStream makes of it, a JSON object followed by "data: [DONE]" the object alone (TrimDone);
// any other body comes back as it is. reshaped says whether out differs from body; ok is false
// when body is a stream fromStream cannot read, and the caller then passes body as it came.
func OneObject(body []byte, fromStream func([]byte) ([]byte, bool)) (out []byte, reshaped, ok bool) {
	if LooksLikeStream(body) {
		obj, ok := fromStream(body)
		return obj, ok, ok
	}
	if trimmed, ok := TrimDone(body); ok {
		return trimmed, true, true
	}
	return body, false, true
}

// Repairer is what a dialect offers for one streamed response (anthropic.Stream, openai.Stream,
// responses.Stream). Push is given each framed piece in order and writes to w what may go now; End
// is called once at the end of the stream and writes whatever is still held. Held returns the raw
// bytes of every piece taken but not yet written, as they came (nil when none is), so that the
// caller can fail open after a panic. An error from Push or End is w's: the client is gone.
type Repairer interface {
	Push(ev Event, w io.Writer) error
	End(w io.Writer) error
	Held() []byte
}

// RunPusher is a Repairer that can take a run of whole pieces in one call, from the bytes a Reader
// has buffered ahead (Reader.Ahead), where each of them is one it would pass on as it came: a
// healthy text delta it would write unchanged at once (issue 21 item 3: a run of quiet events
// costs one call and one write rather than one each).
//
// PushRun reads complete pieces from the start of ahead, none longer than max bytes, and takes
// those it may, in order, stopping at the first it may not; it applies to its state exactly what
// Push would have for each and returns their total length n, 0 when it takes none. It writes
// nothing: the caller writes ahead[:n] as it came, which is what Push would have written, and
// skips it in the Reader (Reader.Skip). ahead is valid only during the call.
type RunPusher interface {
	PushRun(ahead []byte, max int) (n int)
}

// RepairOne repairs the body of an answer to a non-streamed request: it reshapes body into the one
// JSON object the request asked for (OneObject, with fromStream) and hands that object to
// repairObject, which returns the repaired object and true, or false when it repaired nothing. It
// returns the repaired object, else the reshaped one, and true; nil and false when the body is to
// pass as it came (nothing to reshape or repair). rep (nil: nobody) hears of a stream fromStream
// cannot read, as a failure saying it could not be read as one what ("message", "chat.completion"),
// and of a reshaping, as a repair of kind "shape" reported before repairObject runs.
func RepairOne(body []byte, fromStream, repairObject func([]byte) ([]byte, bool), rep *repair.Reporter, what string) ([]byte, bool) {
	body, reshaped, ok := OneObject(body, fromStream)
	if !ok {
		rep.Fail("SSE answer to a non-streamed request could not be read as one " + what)
		return nil, false
	}
	if reshaped {
		rep.Repair("", "shape")
	}
	if out, ok := repairObject(body); ok {
		return out, true
	}
	if reshaped {
		return body, true
	}
	return nil, false
}

// Each yields the pieces of a whole SSE body in memory, numbered from 0, as a Reader with
// MaxEvent maxEvent (zero: DefaultMaxEvent) frames them: a piece over the limit comes with Oversize
// set, a last piece without its blank line with Complete unset. A body in memory never fails to
// read, so there is no error to give. The dialects' D55 converters, the client accumulators and
// inspect read whole bodies with it.
func Each(body []byte, maxEvent int) iter.Seq2[int, Event] {
	return func(yield func(int, Event) bool) {
		r := &Reader{R: bytes.NewReader(body), MaxEvent: maxEvent}
		for n := 0; ; n++ {
			ev, err := r.Next()
			if err != nil {
				return // io.EOF: a bytes.Reader gives no other error
			}
			if !yield(n, ev) {
				return
			}
		}
	}
}

// ObjectData returns the event name and the data of the piece raw (Fields) when that data is the
// text of a JSON object: trimmed of white space, it starts with '{' (whether it is valid JSON is
// for the caller to find). ok is false for a piece without data or with any other data, and the
// name still comes back.
func ObjectData(raw []byte) (name, data []byte, ok bool) {
	name, data, has := Fields(raw)
	data = bytes.TrimSpace(data)
	return name, data, has && len(data) > 0 && data[0] == '{'
}

// WithoutKeepAlives returns body without its comment pieces (a complete piece whose first line
// is a comment, ": ping") and without the pieces keepAlive (when not nil) says are keep-alives of
// the API (an Anthropic ping event): what is left of a stream once the keep-alives, which pass
// ahead of held bytes, are taken out. Tests compare two streams but for those with it.
func WithoutKeepAlives(body []byte, keepAlive func(raw []byte) bool) []byte {
	var out []byte
	for _, ev := range Each(body, len(body)+1) {
		if ev.Complete && (ev.Raw[0] == ':' || keepAlive != nil && keepAlive(ev.Raw)) {
			continue
		}
		out = append(out, ev.Raw...)
	}
	return out
}
