package repair

import "unicode/utf8"

// appendJSON appends the compact JSON text of v to dst: no white space, members in their order,
// numbers as written, strings escaped minimally (", \ and control characters; never <, >, &).
func appendJSON(dst []byte, v *value) []byte {
	switch v.kind {
	case kindNull:
		return append(dst, "null"...)
	case kindFalse:
		return append(dst, "false"...)
	case kindTrue:
		return append(dst, "true"...)
	case kindNumber:
		return append(dst, v.text...)
	case kindString:
		return appendString(dst, v.text)
	case kindArray:
		dst = append(dst, '[')
		for i := range v.elems {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = appendJSON(dst, &v.elems[i])
		}
		return append(dst, ']')
	case kindObject:
		dst = append(dst, '{')
		for i := range v.elems {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = appendString(dst, v.keys[i])
			dst = append(dst, ':')
			dst = appendJSON(dst, &v.elems[i])
		}
		return append(dst, '}')
	}
	return dst
}

const hexChars = "0123456789abcdef"

// appendString appends s as a JSON string. s holds valid UTF-8 (the parsers guarantee it);
// an invalid byte would be written as U+FFFD.
func appendString(dst []byte, s string) []byte {
	dst = append(dst, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c >= utf8.RuneSelf {
			r, size := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && size == 1 {
				dst = append(dst, s[start:i]...)
				dst = append(dst, "\ufffd"...)
				i++
				start = i
				continue
			}
			i += size
			continue
		}
		if c >= 0x20 && c != '"' && c != '\\' {
			i++
			continue
		}
		dst = append(dst, s[start:i]...)
		switch c {
		case '"', '\\':
			dst = append(dst, '\\', c)
		case '\n':
			dst = append(dst, '\\', 'n')
		case '\r':
			dst = append(dst, '\\', 'r')
		case '\t':
			dst = append(dst, '\\', 't')
		case '\b':
			dst = append(dst, '\\', 'b')
		case '\f':
			dst = append(dst, '\\', 'f')
		default:
			dst = append(dst, '\\', 'u', '0', '0', hexChars[c>>4], hexChars[c&0xF])
		}
		i++
		start = i
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}
