package repair

import "strings"

// The whole call object sent as a call's input: {"name": "<the call's own tool>", "arguments":
// {…}} (or "parameters"), a model that writes its call as it would in text (Llama 3 JSON, Hermes)
// into the arguments a server already parsed (issue 20's break-it run, args-wrapped-name-arguments).

// wrapperKey reports whether key may begin such a call object: its "name", "arguments" or
// "parameters".
func wrapperKey(key string) bool {
	return key == "name" || key == "arguments" || key == "parameters"
}

// wrapperPrefix reports whether the member name read so far may still become a wrapperKey (or
// holds an escape, which only its end decodes).
func wrapperPrefix(key []byte) bool {
	k := string(key)
	return strings.HasPrefix("name", k) || strings.HasPrefix("arguments", k) || strings.HasPrefix("parameters", k) || strings.IndexByte(k, '\\') >= 0
}

// wrapsCalls reports whether an input of the schema root may be a call object wrapping the
// arguments: root names no top-level property "name" (a tool that takes a name, such as
// create_branch, reads {"name": …, …} as its own arguments).
func wrapsCalls(root *schema) bool {
	return !anyProperty(root, "name", map[*schema]bool{})
}

// unwrapCall returns the arguments of v when v is the call object of tool: an object of exactly
// two members, "name" with the tool's own name and "arguments" or "parameters" holding an object
// (or the JSON text of one, as Chat writes arguments). Another name, another member or arguments
// that are no object leave v as no call object.
func unwrapCall(v *value, tool string) (value, bool) {
	if v.kind != kindObject || len(v.keys) != 2 {
		return value{}, false
	}
	named, args := -1, -1
	for i, k := range v.keys {
		switch k {
		case "name":
			named = i
		case "arguments", "parameters":
			args = i
		}
	}
	if named < 0 || args < 0 || v.elems[named].kind != kindString || v.elems[named].text != tool {
		return value{}, false
	}
	a := v.elems[args]
	if a.kind == kindString {
		w, err := parseJSON(strings.TrimSpace(a.text))
		if err != nil {
			return value{}, false
		}
		a = w
	}
	if a.kind != kindObject {
		return value{}, false
	}
	return a, true
}

// unwrapCandidates returns, for each candidate that is the call object of tool, a candidate of
// the arguments it wraps, with KindArgs; lead is the text of such a candidate up to its first
// member name, which the arguments are written after (Options.KeepText: the bytes a stream sent
// before the scan held at that name, see Scan).
func unwrapCandidates(cands []candidate, tool string) []candidate {
	var out []candidate
	for _, c := range cands {
		a, ok := unwrapCall(&c.v, tool)
		if !ok {
			continue
		}
		out = append(out, candidate{v: a, m: c.m | maskArgs, lead: objectLead(c.text)})
	}
	return out
}

// objectLead returns text up to the opening quote of the first member name of the object that
// starts it (white space, '{', white space), or "" when text starts no such object.
func objectLead(text string) string {
	i := skipWS(text, 0)
	if i >= len(text) || text[i] != '{' {
		return ""
	}
	j := skipWS(text, i+1)
	if j >= len(text) || text[j] != '"' {
		return ""
	}
	return text[:j]
}

// appendLead writes the object w after lead (objectLead: its '{' is lead's).
func appendLead(lead string, w *value) []byte {
	obj := appendJSON(make([]byte, 0, len(lead)+64), w)
	return append([]byte(lead), obj[1:]...)
}
