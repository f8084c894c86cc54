package openai

// toolCalls reads a list of tool-call deltas.
func (s *scanner) toolCalls(d *wireDelta) bool {
	if null, ok := s.null(); null {
		return ok
	}
	sc := s.sc
	sc.calls = sc.calls[:0]
	n := 0
	ok := s.array(func() bool {
		if n >= len(sc.parts) {
			sc.parts = append(sc.parts, make([]callParts, n+1-len(sc.parts))...)
		}
		sc.calls = append(sc.calls, wireToolCall{})
		n++
		return s.toolCall(&sc.calls[n-1], &sc.parts[n-1])
	})
	d.ToolCalls = sc.calls
	if n == 0 {
		d.ToolCalls = sc.calls[:0:0]
	}
	return ok
}

func (s *scanner) toolCall(tc *wireToolCall, cp *callParts) bool {
	*cp = callParts{}
	var seen uint8
	return s.object(true, func(key []byte) bool {
		switch string(key) {
		case "index":
			return once(&seen, 1) && s.nullableInt(&cp.index, &tc.Index)
		case "id":
			return once(&seen, 2) && s.nullableString(&cp.id, &tc.ID)
		case "type":
			return once(&seen, 4) && s.nullableString(&cp.typ, &tc.Type)
		case "function":
			if !once(&seen, 8) {
				return false
			}
			if null, ok := s.null(); null {
				return ok
			}
			tc.Function = &cp.fn
			return s.function(&cp.fn, &cp.name)
		}
		return s.value(3)
	})
}

func (s *scanner) function(fn *wireFunction, name *string) bool {
	var seen uint8
	return s.object(true, func(key []byte) bool {
		switch string(key) {
		case "name":
			return once(&seen, 1) && s.nullableString(name, &fn.Name)
		case "arguments":
			if !once(&seen, 2) {
				return false
			}
			start := s.i
			if !s.value(4) {
				return false
			}
			fn.Arguments = s.b[start:s.i]
			return true
		}
		return s.value(4)
	})
}
