package markup

import (
	"encoding/json"
	"strings"
)

// A JSON call object ({"name": T, "arguments": {…}}) and a JSON list of them are read whole
// before they are judged, but what they are can show long before they end: a member no call has
// ({"name": "ls", "parameters": {…}, "extra": …}) or a name no tool of the request has. The
// gate reads an unfinished object or list member by member as far as the text goes and refuses
// it at the first such member, so a JSON answer that is no call is released then, not held to its
// end, in every API alike (issue 20 F7: a Responses stream cut mid-object held what a Chat stream
// whose object had closed released). The reader asks the gate of a whole object too, so that a
// text is refused streamed and whole alike (a "name" written twice, one of them unknown).

// callGate is what a call object may hold: its keys besides "name" and "arguments", and the
// tool names that count.
type callGate struct {
	name       string   // the key that names the tool ("name", Cohere's "tool_name")
	parameters bool     // "parameters" may name the arguments
	extra      string   // one other key allowed ("" none)
	args       string   // another key that may name the arguments ("" none; gemma3n's "args")
	known      Declared // the tool names that count; nil: every name
	bare       bool     // the object is written bare: the members of its arguments are asked of known too
	typed      bool     // "type" and "function" may stand in it (Family.TypeKey); "function" is scanned as a call object
}

// gateOf returns the gate of f's call objects read by c: f's keys (NameKey, Extra, Params, ArgsKey), the
// tools c declares and whether c reads a bare block.
func gateOf(c *cursor, f *Family) callGate {
	name := f.NameKey
	if name == "" {
		name = "name"
	}
	return callGate{name: name, parameters: f.Params, extra: f.Extra, args: f.ArgsKey, known: c.known, bare: c.bare, typed: f.TypeKey}
}

// refuses reports whether the call object opening at byte i of s (m its memo) already shows a
// member no call object of g has. It never refuses a text whose continuation could be a call.
func (g callGate) refuses(s string, i int, m *memo) bool {
	j := jscan{s: s, i: i, m: m}
	return j.callObject(g) == bad
}

// refusesList is refuses for the JSON list of call objects opening at byte i of s.
func (g callGate) refusesList(s string, i int, m *memo) bool {
	j := jscan{s: s, i: i, m: m}
	if j.i >= len(s) || s[j.i] != '[' {
		return false
	}
	j.i++
	for {
		if r := j.at('{'); r != ok {
			return false // the text ended, or the scan proper refuses it
		}
		if r := j.callObject(g); r != ok {
			return r == bad
		}
		if r := j.next(']'); r != ok || s[j.i-1] == ']' {
			return false
		}
	}
}

// callObject scans the object at j.i ('{') as a call object of g: bad at the first member no
// call has (or bad JSON), eof when the text ends first, ok after the object.
func (j *jscan) callObject(g callGate) res {
	if r, done := j.open(1, '}'); done {
		return r
	}
	tool := "" // the name, once read
	for {
		key, r := j.key()
		if r != ok {
			return r
		}
		switch {
		case key == g.name, key == "arguments", key == "parameters" && g.parameters, key == g.extra && g.extra != "", key == g.args && g.args != "":
		case g.typed && (key == "type" || key == "function"):
		default:
			return bad
		}
		if r := j.at(':'); r != ok {
			return r
		}
		j.i++
		j.skipBlanks()
		if key == g.name && j.i < len(j.s) && j.s[j.i] == '"' {
			name, r := j.key()
			if r != ok {
				return r
			}
			if g.known != nil && !g.known(name, "") {
				return bad
			}
			tool = name
		} else if key == "function" && g.typed && j.i < len(j.s) && j.s[j.i] == '{' {
			inner := g
			inner.typed = false
			if r := j.callObject(inner); r != ok {
				return r
			}
		} else if key != g.name && key != g.extra && g.bare && g.known != nil && tool != "" && j.i < len(j.s) && j.s[j.i] == '{' {
			if r := j.arguments(g.known, tool); r != ok {
				return r
			}
		} else if r := j.value(1); r != ok {
			return r
		}
		if r := j.next('}'); r != ok || j.s[j.i-1] == '}' {
			return r
		}
	}
}

// arguments scans the arguments object at j.i ('{') of a bare call of tool: bad at the first
// member known says the tool's schema does not declare (or bad JSON), eof when the text ends
// first, ok after the object.
func (j *jscan) arguments(known Declared, tool string) res {
	if r, done := j.open(2, '}'); done {
		return r
	}
	for {
		k, r := j.key()
		if r != ok {
			return r
		}
		if !known(tool, k) {
			return bad
		}
		if r := j.at(':'); r != ok {
			return r
		}
		j.i++
		if r := j.value(2); r != ok {
			return r
		}
		if r := j.next('}'); r != ok || j.s[j.i-1] == '}' {
			return r
		}
	}
}

// key scans the JSON string at j.i (after blanks) and returns its decoded value.
func (j *jscan) key() (string, res) {
	if r := j.at('"'); r != ok {
		return "", r
	}
	from := j.i
	if r := j.str(); r != ok {
		return "", r
	}
	raw := j.s[from:j.i]
	if !strings.Contains(raw, `\`) {
		return raw[1 : len(raw)-1], ok // no escape: the text is the value
	}
	var k string
	if json.Unmarshal([]byte(raw), &k) != nil {
		return "", bad
	}
	return k, ok
}
