package openai

import (
	"strings"
	"unicode/utf8"

	"github.com/toolfix/toolfix/proxy/jsontext"
)

// fastChunk reads the common chunk shapes — one choice whose delta carries content, a role or
// nothing, a finish_reason, usage, no tool calls — without encoding/json, which would cost most of
// a healthy stream's time. It reads exactly what json.Unmarshal into wireChunk reads and checks the
// whole payload is valid JSON; ok is false for any other shape (tool calls, several choices,
// repeated keys, a type the decoder would refuse, invalid JSON), and the caller then decodes in
// full.
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

// scanner walks JSON text; every method returns false on anything it does not accept.
type scanner struct {
	b  []byte
	i  int
	sc *scratch
}

func (s *scanner) ws() {
	for s.i < len(s.b) {
		switch s.b[s.i] {
		case ' ', '\t', '\r', '\n':
			s.i++
		default:
			return
		}
	}
}

func (s *scanner) eat(c byte) bool {
	if s.i < len(s.b) && s.b[s.i] == c {
		s.i++
		return true
	}
	return false
}

func (s *scanner) end() bool {
	s.ws()
	return s.i == len(s.b)
}

func (s *scanner) peek() byte {
	if s.i < len(s.b) {
		return s.b[s.i]
	}
	return 0
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

// plain marks the bytes a string literal holds as they are: not a quote, a backslash or a control
// character.
var plain = func() (t [256]bool) {
	for c := 0x20; c < 256; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

// str reads a string literal, quotes included, checking escapes and control characters.
func (s *scanner) str() ([]byte, bool) {
	start := s.i
	if !s.eat('"') {
		return nil, false
	}
	b := s.b
	for {
		i := s.i
		for i < len(b) && plain[b[i]] {
			i++
		}
		s.i = i
		if i >= len(b) {
			return nil, false
		}
		switch b[i] {
		case '"':
			s.i++
			return b[start:s.i], true
		case '\\':
			if i+1 >= len(b) {
				return nil, false
			}
			switch b[i+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				s.i += 2
			case 'u':
				if i+6 > len(b) {
					return nil, false
				}
				for _, h := range b[i+2 : i+6] {
					if !isHex(h) {
						return nil, false
					}
				}
				s.i += 6
			default:
				return nil, false
			}
		default:
			return nil, false // a control character
		}
	}
}

func isHex(c byte) bool { return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F' }

// value skips one value of any kind.
func (s *scanner) value(depth int) bool {
	if depth > 64 {
		return false
	}
	switch c := s.peek(); {
	case c == '"':
		_, ok := s.str()
		return ok
	case c == '{':
		s.i++
		s.ws()
		if s.eat('}') {
			return true
		}
		for {
			if _, ok := s.str(); !ok {
				return false
			}
			s.ws()
			if !s.eat(':') {
				return false
			}
			s.ws()
			if !s.value(depth + 1) {
				return false
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
	case c == '[':
		s.i++
		s.ws()
		if s.eat(']') {
			return true
		}
		for {
			if !s.value(depth + 1) {
				return false
			}
			s.ws()
			if s.eat(']') {
				return true
			}
			if !s.eat(',') {
				return false
			}
			s.ws()
		}
	case c == 't':
		return s.word("true")
	case c == 'f':
		return s.word("false")
	case c == 'n':
		return s.word("null")
	default:
		return s.number()
	}
}

func (s *scanner) word(w string) bool {
	if len(s.b)-s.i < len(w) || string(s.b[s.i:s.i+len(w)]) != w {
		return false
	}
	s.i += len(w)
	return true
}

func (s *scanner) digits() int {
	n := 0
	for s.i < len(s.b) && s.b[s.i] >= '0' && s.b[s.i] <= '9' {
		s.i++
		n++
	}
	return n
}

// number reads -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?.
func (s *scanner) number() bool {
	s.eat('-')
	switch {
	case s.eat('0'):
	case s.peek() >= '1' && s.peek() <= '9':
		s.digits()
	default:
		return false
	}
	if s.eat('.') && s.digits() == 0 {
		return false
	}
	if s.eat('e') || s.eat('E') {
		if !s.eat('+') {
			s.eat('-')
		}
		if s.digits() == 0 {
			return false
		}
	}
	return true
}

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

// integer reads a small integer written without fraction or exponent.
func (s *scanner) integer() (int, bool) {
	start := s.i
	neg := s.eat('-')
	if s.peek() == '0' && s.i+1 < len(s.b) && s.b[s.i+1] >= '0' && s.b[s.i+1] <= '9' {
		return 0, false
	}
	n := 0
	for s.i < len(s.b) && s.b[s.i] >= '0' && s.b[s.i] <= '9' {
		if s.i-start > 9 {
			return 0, false
		}
		n = n*10 + int(s.b[s.i]-'0')
		s.i++
	}
	if s.i == start || neg && s.i == start+1 {
		return 0, false
	}
	switch s.peek() {
	case '.', 'e', 'E':
		return 0, false
	}
	if neg {
		n = -n
	}
	return n, true
}

// nullableString reads a string, decoded into *into with *p pointing at it, or null (*p nil).
func (s *scanner) nullableString(into *string, p **string) bool {
	if s.peek() == 'n' {
		*p = nil
		return s.word("null")
	}
	lit, ok := s.str()
	if !ok {
		return false
	}
	inner := lit[1 : len(lit)-1]
	if !utf8.Valid(inner) {
		return false // the decoder would replace bytes: let it
	}
	str, ok := unescape(inner)
	if !ok {
		u, err := jsontext.Unquote(lit)
		if err != nil {
			return false
		}
		str = u
	}
	*into, *p = str, into
	return true
}

// unescape decodes the inside of a string literal that str accepted; ok is false for \u escapes,
// which are left to the decoder (surrogate pairs).
func unescape(inner []byte) (string, bool) {
	i := 0
	for i < len(inner) && inner[i] != '\\' {
		i++
	}
	if i == len(inner) {
		return string(inner), true
	}
	b := make([]byte, 0, len(inner))
	b = append(b, inner[:i]...)
	for ; i < len(inner); i++ {
		c := inner[i]
		if c != '\\' {
			b = append(b, c)
			continue
		}
		i++
		if i == len(inner) {
			return "", false
		}
		switch inner[i] {
		case 'n':
			b = append(b, '\n')
		case 't':
			b = append(b, '\t')
		case 'r':
			b = append(b, '\r')
		case 'b':
			b = append(b, '\b')
		case 'f':
			b = append(b, '\f')
		case 'u':
			return "", false
		default: // " \ /
			b = append(b, inner[i])
		}
	}
	return string(b), true
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

// toolCalls reads a list of tool-call deltas.
func (s *scanner) toolCalls(d *wireDelta) bool {
	if s.peek() == 'n' {
		return s.word("null")
	}
	if !s.eat('[') {
		return false
	}
	sc := s.sc
	sc.calls = sc.calls[:0]
	s.ws()
	if s.eat(']') {
		d.ToolCalls = sc.calls[:0:0]
		return true
	}
	for n := 0; ; n++ {
		if n >= len(sc.parts) {
			sc.parts = append(sc.parts, make([]callParts, n+1-len(sc.parts))...)
		}
		sc.calls = append(sc.calls, wireToolCall{})
		if !s.toolCall(&sc.calls[n], &sc.parts[n]) {
			return false
		}
		s.ws()
		if s.eat(']') {
			d.ToolCalls = sc.calls
			return true
		}
		if !s.eat(',') {
			return false
		}
		s.ws()
	}
}

func (s *scanner) toolCall(tc *wireToolCall, cp *callParts) bool {
	*cp = callParts{}
	if !s.eat('{') {
		return false
	}
	s.ws()
	if s.eat('}') {
		return true
	}
	var seen [4]bool
	for {
		key, ok := s.key()
		if !ok {
			return false
		}
		k := -1
		switch string(key) {
		case "index":
			k = 0
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
			cp.index, tc.Index = n, &cp.index
		case "id":
			k = 1
			if !s.nullableString(&cp.id, &tc.ID) {
				return false
			}
		case "type":
			k = 2
			if !s.nullableString(&cp.typ, &tc.Type) {
				return false
			}
		case "function":
			k = 3
			if s.peek() == 'n' {
				if !s.word("null") {
					return false
				}
				break
			}
			tc.Function = &cp.fn
			if !s.function(&cp.fn, &cp.name) {
				return false
			}
		default:
			if !s.value(3) {
				return false
			}
		}
		if k >= 0 {
			if seen[k] {
				return false
			}
			seen[k] = true
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

func (s *scanner) function(fn *wireFunction, name *string) bool {
	if !s.eat('{') {
		return false
	}
	s.ws()
	if s.eat('}') {
		return true
	}
	var seenName, seenArgs bool
	for {
		key, ok := s.key()
		if !ok {
			return false
		}
		switch string(key) {
		case "name":
			if seenName || !s.nullableString(name, &fn.Name) {
				return false
			}
			seenName = true
		case "arguments":
			if seenArgs {
				return false
			}
			seenArgs = true
			start := s.i
			if !s.value(4) {
				return false
			}
			fn.Arguments = s.b[start:s.i]
		default:
			if !s.value(4) {
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
