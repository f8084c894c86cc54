package repair

import "unsafe"

// The string side of Scan: the bytes inside string tokens, their escapes, member names.

// plain marks the bytes that can be skipped inside a string: not '"', '\\' or a control byte.
var plain = func() (t [256]bool) {
	for c := 0x20; c < 256; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

// escMark stands for a whole escape in strState.tail: a byte that is no letter or digit.
var escMark = []byte{'\\'}

// inString reads string bytes from p[i:] and returns where it stopped.
func (s *Scan) inString(p []byte, i int) int {
	st := &s.str
	key := s.st == stKeyStr
	for i < len(p) {
		c := p[i]
		if st.esc == 0 {
			if plain[c] {
				j := i
				for j < len(p) && plain[p[j]] {
					j++
				}
				if key {
					if len(s.keyIn)+j-i > maxScanKey {
						s.holdAs(i, false)
						return len(p)
					}
					s.keyIn = append(s.keyIn, p[i:j]...)
					if s.wrapAt >= 0 && !wrapperPrefix(s.keyIn) {
						s.wrapAt = -1 // begins no call object's member: nothing to wait for
					}
				} else if s.args {
					st.see(p[i:j])
				}
				i = j
				continue
			}
			switch {
			case c == '"':
				s.endString(key, i)
				return i + 1
			case c == '\\':
				st.esc = 1
				if s.args {
					s.escAt = s.off + int64(i)
					st.drive = !key && st.driveBefore()
				}
				if key {
					s.keyIn = append(s.keyIn, c)
				}
				i++
			default: // a control byte: not JSON
				s.hold(i)
				return len(p)
			}
			continue
		}
		if key {
			s.keyIn = append(s.keyIn, c)
		}
		switch {
		case st.esc == 1:
			if st.path && pathEscape(c) {
				s.holdAs(i-1, false) // D24 at a path place: held to the end, where the whole input says whether it fits (white space around a path does)
				return len(p)
			}
			if st.drive && (c == 'b' || c == 'f' || c == 'n' || c == 'r' || c == 't' || c == 'u') {
				s.holdAs(i-1, false) // D24 may yet escape it: a Windows path after a drive prefix
				return len(p)
			}
			switch c {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				st.esc, s.escAt = 0, -1
				st.see(escMark)
			case 'u':
				st.esc = 5
			default:
				s.hold(i - 1) // D24: an escape JSON does not have
				return len(p)
			}
		default:
			if _, ok := hexDigit(c); !ok {
				s.hold(i) // D25: a \u escape broken (its backslash went out; the mend is after it)
				return len(p)
			}
			if st.esc--; st.esc == 1 {
				st.esc, s.escAt = 0, -1
				st.see(escMark)
			}
		}
		i++
	}
	return i
}

// endString ends a string token: a member name sets the place of its value.
func (s *Scan) endString(key bool, i int) {
	if !key {
		s.st = stAfter
		if s.open >= 0 {
			s.done = append(s.done, ScanSpan{Start: s.open, End: s.off + int64(i) + 1, set: s.openSet})
			s.open, s.openSet = -1, nil
		}
		return
	}
	s.st = stColon
	k := unsafe.String(unsafe.SliceData(s.keyIn), len(s.keyIn)) // member only looks it up; keyIn is not written before it returns
	if bytesIndex(s.keyIn, '\\') >= 0 {
		v, err := parseJSON(`"` + k + `"`)
		if err != nil {
			s.hold(i)
			return
		}
		k = v.text
	}
	if s.wrapAt >= 0 {
		if wrapperKey(k) {
			s.holdAt(s.wrapAt, false) // may be a call object: judged whole at the end
			return
		}
		s.wrapAt = -1
	}
	s.member(k)
}

func bytesIndex(b []byte, c byte) int {
	for i, x := range b {
		if x == c {
			return i
		}
	}
	return -1
}
