package openai

import (
	"strings"
)

// fastChunk reads the common chunk shapes — no choice, or one choice whose delta carries
// content, reasoning, a role or tool-call deltas, a finish_reason, usage — without encoding/json,
// which would cost most of a healthy stream's time. It reads exactly what json.Unmarshal into
// wireChunk reads (FuzzFastChunk holds it to that) and checks the whole payload is valid JSON; ok
// is false for any other shape (several choices, repeated or case-folded keys, a type the decoder
// would refuse, invalid JSON), and the caller then decodes in full.
func fastChunk(d []byte, sc *scratch) (ch wireChunk, ok bool) {
	s := scanner{b: d, sc: sc}
	s.ws()
	if !s.eat('{') {
		return ch, false
	}
	s.ws()
	if s.eat('}') {
		return ch, s.end()
	}
	for {
		key, ok := s.key()
		if !ok {
			return ch, false
		}
		switch string(key) {
		case "choices":
			if ch.Choices.present || !s.choices(&ch) {
				return ch, false
			}
		case "error":
			if ch.Error != nil {
				return ch, false
			}
			start := s.i
			if !s.value(0) {
				return ch, false
			}
			ch.Error = d[start:s.i]
		default:
			if !s.value(0) {
				return ch, false
			}
		}
		s.ws()
		if s.eat('}') {
			return ch, s.end()
		}
		if !s.eat(',') {
			return ch, false
		}
		s.ws()
	}
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
}

// callParts holds what one wireToolCall of the scratch points to.
type callParts struct {
	index         int
	id, typ, name string
	fn            wireFunction
}

// key reads a member name without escapes and the colon after it.
func (s *scanner) key() ([]byte, bool) {
	lit, ok := s.str()
	if !ok {
		return nil, false
	}
	s.ws()
	if !s.eat(':') {
		return nil, false
	}
	s.ws()
	k := lit[1 : len(lit)-1]
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
	if s.peek() == 'n' {
		ch.Choices.null = true
		return s.word("null")
	}
	if !s.eat('[') {
		return false
	}
	s.ws()
	if s.eat(']') {
		ch.Choices.list = []wireChoice{}
		return true
	}
	c := &s.sc.list[0]
	*c = wireChoice{}
	if !s.choice(c) {
		return false
	}
	s.ws()
	ch.Choices.list = s.sc.list[:1]
	return s.eat(']')
}

func (s *scanner) choice(c *wireChoice) bool {
	if !s.eat('{') {
		return false
	}
	s.ws()
	if s.eat('}') {
		return true
	}
	var seenIndex, seenDelta, seenFinish bool
	for {
		key, ok := s.key()
		if !ok {
			return false
		}
		switch string(key) {
		case "index":
			if seenIndex {
				return false
			}
			seenIndex = true
			if s.peek() == 'n' {
				if !s.word("null") {
					return false
				}
				break
			}
			n, ok := s.integer()
			if !ok {
				return false
			}
			s.sc.index = n
			c.Index = &s.sc.index
		case "delta":
			if seenDelta {
				return false
			}
			seenDelta = true
			if s.peek() == 'n' {
				if !s.word("null") {
					return false
				}
				break
			}
			s.sc.delta = wireDelta{}
			c.Delta = &s.sc.delta
			if !s.delta(c.Delta) {
				return false
			}
		case "finish_reason":
			if seenFinish {
				return false
			}
			seenFinish = true
			if !s.nullableString(&s.sc.finish, &c.FinishReason) {
				return false
			}
		default:
			if !s.value(1) {
				return false
			}
		}
		s.ws()
		if s.eat('}') {
			return true
		}
		if !s.eat(',') {
			return false
		}
		s.ws()
	}
}

func (s *scanner) delta(d *wireDelta) bool {
	if !s.eat('{') {
		return false
	}
	s.ws()
	if s.eat('}') {
		return true
	}
	var seenContent, seenReasoning bool
	for {
		key, ok := s.key()
		if !ok {
			return false
		}
		switch string(key) {
		case "tool_calls":
			if d.ToolCalls != nil || !s.toolCalls(d) {
				return false
			}
		case "content":
			if seenContent {
				return false
			}
			seenContent = true
			if !s.nullableString(&s.sc.content, &d.Content) {
				return false
			}
		case "reasoning_content":
			if seenReasoning {
				return false
			}
			seenReasoning = true
			if !s.nullableString(&s.sc.reason, &d.Reasoning) {
				return false
			}
		default:
			if !s.value(2) {
				return false
			}
		}
		s.ws()
		if s.eat('}') {
			return true
		}
		if !s.eat(',') {
			return false
		}
		s.ws()
	}
}
