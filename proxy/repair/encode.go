package repair

import "github.com/toolfix/toolfix/proxy/jsontext"

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
		return jsontext.AppendQuote(dst, v.text)
	case kindRaw:
		return appendPlain(dst, v)
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
			dst = jsontext.AppendQuote(dst, v.keys[i])
			dst = append(dst, ':')
			dst = appendJSON(dst, &v.elems[i])
		}
		return append(dst, '}')
	}
	return dst
}
