package openai

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
