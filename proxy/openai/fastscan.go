package openai

import (
	"bytes"
	"strings"

	"github.com/toolfix/toolfix/proxy/jsontext"
	"github.com/toolfix/toolfix/proxy/markup"
)

// fastChunk reads the common chunk shapes — no choice, or one choice whose delta carries
// content, reasoning, a role or tool-call deltas, a finish_reason, usage — without encoding/json,
// which would cost most of a healthy stream's time. It reads exactly what json.Unmarshal into
// wireChunk reads (FuzzFastChunk holds it to that) and checks the whole payload is valid JSON; ok
// is false for any other shape (several choices, repeated or case-folded keys, a type the decoder
// would refuse, invalid JSON), and the caller then decodes in full.
func fastChunk(d []byte, sc *scratch) (ch wireChunk, ok bool) {
	if ch, ok := sc.shape.match(d, sc); ok {
		return ch, true
	}
	ch, ok = fullChunk(d, sc)
	if ok {
		sc.shape.learn(d, &ch, sc.contentAt, sc.contentEnd)
	}
	return ch, ok
}

// fullChunk is fastChunk without the shape cache.
func fullChunk(d []byte, sc *scratch) (ch wireChunk, ok bool) {
	sc.contentAt, sc.contentEnd = -1, -1
	s := scanner{b: d, sc: sc}
	s.ws()
	ok = s.object(true, func(key []byte) bool {
		switch string(key) {
		case "choices":
			return !ch.Choices.present && s.choices(&ch)
		case "error":
			if ch.Error != nil {
				return false
			}
			start := s.i
			if !s.value(0) {
				return false
			}
			ch.Error = d[start:s.i]
			return true
		}
		return s.value(0)
	})
	return ch, ok && s.end()
}

// scratch holds what fastChunk returns pointers to, reused from chunk to chunk so that a healthy
// chunk costs no allocation but its content string. The caller must be done with one chunk's
// result before reading the next.
type scratch struct {
	list    [1]wireChoice
	index   int
	delta   wireDelta
	finish  string
	content string
	reason  string
	calls   []wireToolCall
	parts   []callParts

	contentAt, contentEnd int // where the content literal was in the last chunk read in full
	shape                 shape
}

// shape remembers the bytes around the content of the last content-only chunk: a chunk that
// repeats them byte for byte around another string literal is the same chunk with other content,
// so that the envelope a stream repeats in every chunk is read once.
type shape struct {
	prefix, suffix []byte
	index          int
	ok             bool
	oneLine        bool // neither prefix nor suffix holds a line end (see quietContent)
}

// learn records the shape of a chunk read in full whose only variable part is its content: one
// choice with an index, a delta whose content is a string at [at, end), no finish, reasoning,
// tool calls or error. Another chunk leaves the shape learnt before: a match needs its bytes.
func (sh *shape) learn(d []byte, ch *wireChunk, at, end int) {
	if at < 0 || ch.Error != nil || len(ch.Choices.list) != 1 {
		return
	}
	c := &ch.Choices.list[0]
	if c.Index == nil || c.FinishReason != nil || c.Delta == nil || c.Delta.Content == nil ||
		c.Delta.Reasoning != nil || c.Delta.ToolCalls != nil {
		return
	}
	if sh.ok && sh.index == *c.Index && string(sh.prefix) == string(d[:at]) && string(sh.suffix) == string(d[end:]) {
		return
	}
	sh.prefix = append(sh.prefix[:0], d[:at]...)
	sh.suffix = append(sh.suffix[:0], d[end:]...)
	sh.index, sh.ok = *c.Index, true
	sh.oneLine = !bytes.ContainsAny(sh.prefix, "\r\n") && !bytes.ContainsAny(sh.suffix, "\r\n")
}

// quietContent reads the piece raw when it is exactly "data: " + a chunk of the learnt shape +
// "\n\n" whose content is plain ASCII (markup.PlainASCII: no byte under 0x20 or over 0x7f, no
// escape or quote), in one pass over the content (issue 21 item 1): the content, the inside of
// its literal, and whether it is quiet too (no loud byte: markup.QuietASCII); or, escaped true,
// the inside of a literal of such bytes and one-character escapes other than \" and \\
// (jsontext.SimpleEscaped: a line end in prose), for the caller to decode. For such a piece sse.Fields reads the chunk as its data, IsJunk and
// the [DONE] check pass it, and match reads it with that content, borrowed (FuzzQuietContent);
// ok is false for any other piece. It is chunkAt over the whole piece, so that the one-piece and
// the run paths read the same shape.
func (sh *shape) quietContent(raw []byte) (text []byte, quiet, escaped, ok bool) {
	size, text, quiet, escaped, ok := sh.chunkAt(raw, len(raw))
	return text, quiet, escaped, ok && size == len(raw)
}

// chunkAt reads the piece at the start of b when it is "data: " + a chunk of the learnt shape +
// "\n\n" whose content is plain ASCII, whole in b and no longer than max bytes: its length, its
// content and whether that is quiet or escaped (see quietContent). A plain or escaped content
// holds no quote and no escaped quote or backslash, and the
// learnt shape's bytes no line end (oneLine), so the piece ends at the first quote after the
// content's start, the suffix and "\n\n", and a Reader frames it as that one piece (FuzzPushRun in
// proxy/exchange holds it). ok is false for any other start of b.
func (sh *shape) chunkAt(b []byte, max int) (size int, text []byte, quiet, escaped, ok bool) {
	from := len(chunkLine) + len(sh.prefix) + 1
	if !sh.ok || !sh.oneLine || len(b) < from || !bytes.HasPrefix(b, chunkLine) ||
		string(b[len(chunkLine):from-1]) != string(sh.prefix) || b[from-1] != '"' {
		return 0, nil, false, false, false
	}
	k := bytes.IndexByte(b[from:], '"')
	if k < 0 {
		return 0, nil, false, false, false
	}
	to := from + k
	size = to + 1 + len(sh.suffix) + 2
	if size > len(b) || size > max || string(b[to+1:size-2]) != string(sh.suffix) || b[size-2] != '\n' || b[size-1] != '\n' {
		return 0, nil, false, false, false
	}
	plain, quiet := markup.PlainASCIIIn(b, from, to)
	if escaped = !plain && jsontext.SimpleEscaped(b[from:to]); !plain && !escaped {
		return 0, nil, false, false, false
	}
	return size, b[from:to], quiet, escaped, true
}

// chunkLine begins the one line of a compact chunk event.
var chunkLine = []byte("data: ")

// match reads d when it has the learnt shape.
func (sh *shape) match(d []byte, sc *scratch) (ch wireChunk, ok bool) {
	if !sh.ok || len(d) < len(sh.prefix)+len(sh.suffix)+2 ||
		string(d[:len(sh.prefix)]) != string(sh.prefix) || string(d[len(d)-len(sh.suffix):]) != string(sh.suffix) {
		return ch, false
	}
	s := scanner{b: d[:len(d)-len(sh.suffix)], i: len(sh.prefix), sc: sc}
	c := &sc.list[0]
	*c = wireChoice{}
	sc.delta = wireDelta{}
	if s.peek() != '"' || !s.borrowedString(&sc.content, &sc.delta.Content) || s.i != len(s.b) {
		return ch, false
	}
	sc.index = sh.index
	c.Index, c.Delta = &sc.index, &sc.delta
	ch.Choices.present = true
	ch.Choices.list = sc.list[:1]
	return ch, true
}

// callParts holds what one wireToolCall of the scratch points to.
type callParts struct {
	index         int
	id, typ, name string
	fn            wireFunction
}

// key reads a member name without escapes and the colon after it.
func (s *scanner) key() ([]byte, bool) {
	k, ok := s.anyKey()
	if !ok {
		return nil, false
	}
	upper := false
	for _, c := range k {
		if c == '\\' || c >= 0x80 {
			return nil, false // an escaped or non-ASCII key: let the decoder judge
		}
		upper = upper || c >= 'A' && c <= 'Z'
	}
	if upper {
		for _, known := range knownKeys {
			if strings.EqualFold(string(k), known) {
				return nil, false // the decoder matches names without regard to case
			}
		}
	}
	return k, true
}

// knownKeys are the member names the dialect reads.
var knownKeys = [...]string{"choices", "error", "index", "delta", "finish_reason", "content", "reasoning_content", "tool_calls", "id", "type", "function", "name", "arguments"}

// choices reads "choices": null, [], or a list of one choice object.
func (s *scanner) choices(ch *wireChunk) bool {
	ch.Choices.present = true
	if null, ok := s.null(); null {
		ch.Choices.null = true
		return ok
	}
	n := 0
	c := &s.sc.list[0]
	ok := s.array(func() bool {
		n++
		*c = wireChoice{}
		return n == 1 && s.choice(c)
	})
	switch {
	case !ok:
		return false // several choices among them: the decoder reads those
	case n == 0:
		ch.Choices.list = []wireChoice{}
	default:
		ch.Choices.list = s.sc.list[:1]
	}
	return true
}

func (s *scanner) choice(c *wireChoice) bool {
	var seen uint8
	return s.object(true, func(key []byte) bool {
		switch string(key) {
		case "index":
			return once(&seen, 1) && s.nullableInt(&s.sc.index, &c.Index)
		case "delta":
			if !once(&seen, 2) {
				return false
			}
			if null, ok := s.null(); null {
				return ok
			}
			s.sc.delta = wireDelta{}
			c.Delta = &s.sc.delta
			return s.delta(c.Delta)
		case "finish_reason":
			return once(&seen, 4) && s.nullableString(&s.sc.finish, &c.FinishReason)
		}
		return s.value(1)
	})
}

func (s *scanner) delta(d *wireDelta) bool {
	var seen uint8
	return s.object(true, func(key []byte) bool {
		switch string(key) {
		case "tool_calls":
			return d.ToolCalls == nil && s.toolCalls(d)
		case "content":
			if !once(&seen, 1) {
				return false
			}
			s.sc.contentAt = s.i
			ok := s.borrowedString(&s.sc.content, &d.Content)
			s.sc.contentEnd = s.i
			return ok
		case "reasoning_content":
			return once(&seen, 2) && s.nullableString(&s.sc.reason, &d.Reasoning)
		}
		return s.value(2)
	})
}
