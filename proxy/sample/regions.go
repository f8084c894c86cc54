package sample

import (
	"bytes"
	"encoding/json"
	"strings"
)

// region is a stretch of a body where a secret may be replaced without breaking the body's
// structure: the raw content of a JSON string (between its quotes, escapes kept) or one line of
// text (without its line ending).
type region struct {
	start, end int
	// channel joins regions: those with the same non-empty channel are read as one text, in order,
	// so that a key split across two streamed deltas is still found. "" reads the region alone.
	channel string
	// exempt turns off the generic high-entropy rule: signatures and ids are not secrets.
	exempt bool
}

// exemptKeys name the members whose string values the generic rule leaves alone.
var exemptKeys = map[string]bool{"signature": true, "encrypted_content": true, "id": true, "tool_use_id": true, "tool_call_id": true, "call_id": true, "item_id": true}

// discKeys name the members that tell parallel streams apart (which block, which call); they become
// part of a channel, and so does the event's "type" at the top level. A nested "type" does not:
// Chat Completions names a call's type in its first delta only.
var discKeys = map[string]bool{"index": true, "output_index": true, "content_index": true}

func isDisc(key string, depth int) bool {
	return discKeys[key] || key == "type" && depth == 1
}

type jframe struct {
	obj       bool
	expectKey bool
	key       string // the member being read, raw
	id        int    // index of this object's discriminators in discs
}

// pathSeg is one step of a string value's path: a member key of object id, or (id < 0) an array
// element.
type pathSeg struct {
	id  int
	key string
}

// jsonRegions appends the string values of data, a valid JSON text at offset base of the body.
// With join, each value's channel is its path (array positions left out) with the discriminators
// of each object on it — "index" and the like, and the event's top-level "type", wherever in the
// object they come — so that the deltas of one streamed field join up across events.
func jsonRegions(data []byte, base int, join bool, out []region) []region {
	var stack []jframe
	var discs []string    // by object id: its discriminators
	var paths [][]pathSeg // by new region: its path, resolved when the text is read
	first := len(out)
	top := func() *jframe {
		if len(stack) == 0 {
			return nil
		}
		return &stack[len(stack)-1]
	}
	for i := 0; i < len(data); {
		switch c := data[i]; c {
		case '{':
			stack = append(stack, jframe{obj: true, expectKey: true, id: len(discs)})
			discs = append(discs, "")
			i++
		case '[':
			stack = append(stack, jframe{id: -1})
			i++
		case '}', ']':
			if len(stack) > 0 {
				stack = stack[:len(stack)-1]
			}
			i++
		case ',':
			if t := top(); t != nil && t.obj {
				t.expectKey = true
			}
			i++
		case '"':
			end := stringEnd(data, i)
			content := data[i+1 : end-1]
			t := top()
			if t != nil && t.obj && t.expectKey {
				t.key, t.expectKey = string(content), false
				i = end
				continue
			}
			r := region{start: base + i + 1, end: base + end - 1}
			if t != nil && t.obj {
				r.exempt = exemptKeys[t.key]
			}
			if r.end > r.start {
				out = append(out, r)
				if join {
					p := make([]pathSeg, len(stack))
					for k, f := range stack {
						p[k] = pathSeg{f.id, f.key}
					}
					paths = append(paths, p)
				}
			}
			if t != nil && t.obj && isDisc(t.key, len(stack)) {
				discs[t.id] += t.key + "=" + string(content) + ";"
			}
			i = end
		case ' ', '\t', '\r', '\n', ':':
			i++
		default: // number, true, false, null
			j := i
			for j < len(data) && bytes.IndexByte([]byte(" \t\r\n,]}"), data[j]) < 0 {
				j++
			}
			if t := top(); t != nil && t.obj && isDisc(t.key, len(stack)) {
				discs[t.id] += t.key + "=" + string(data[i:j]) + ";"
			}
			i = j
		}
	}
	for k, p := range paths {
		out[first+k].channel = channelOf(p, discs)
	}
	return out
}

// stringEnd returns the index just after the closing quote of the string literal opening at i.
func stringEnd(data []byte, i int) int {
	for j := i + 1; j < len(data); {
		k := bytes.IndexAny(data[j:], `"\`)
		if k < 0 {
			return len(data)
		}
		j += k
		if data[j] == '\\' {
			j += 2
			continue
		}
		return j + 1
	}
	return len(data)
}

// channelOf spells a value's path with the discriminators of each object on it.
func channelOf(path []pathSeg, discs []string) string {
	var b strings.Builder
	b.WriteByte('$')
	for _, seg := range path {
		if seg.id >= 0 {
			b.WriteString("{" + discs[seg.id] + "}." + seg.key)
		} else {
			b.WriteString("[]")
		}
	}
	return b.String()
}

// lines calls fn with the start and end of every line of body, line endings (LF, CR, CRLF) left out.
func lines(body []byte, fn func(start, end int)) {
	for start := 0; start < len(body); {
		i := start
		for i < len(body) && body[i] != '\n' && body[i] != '\r' {
			i++
		}
		fn(start, i)
		switch {
		case i+1 < len(body) && body[i] == '\r' && body[i+1] == '\n':
			start = i + 2
		default:
			start = i + 1
		}
	}
}

// textRegions makes every non-empty line of body a region of its own.
func textRegions(body []byte, out []region) []region {
	lines(body, func(s, e int) {
		if e > s {
			out = append(out, region{start: s, end: e})
		}
	})
	return out
}

// sseRegions reads body as Server-Sent Events: the string values of each data line that holds
// JSON, joined by channel across events, and every other line as text.
func sseRegions(body []byte, out []region) []region {
	lines(body, func(s, e int) {
		out = lineRegions(body, s, e, out)
	})
	return out
}

// lineRegions appends the regions of one line of an SSE body, body[s:e] without its line ending:
// the string values of a data line that holds JSON, else the line as text.
func lineRegions(body []byte, s, e int, out []region) []region {
	line := body[s:e]
	if bytes.HasPrefix(line, []byte("data:")) {
		p := 5
		if p < len(line) && line[p] == ' ' {
			p++
		}
		if payload := line[p:]; len(bytes.TrimSpace(payload)) > 0 && json.Valid(payload) {
			return jsonRegions(payload, s+p, true, out)
		}
	}
	if e > s {
		out = append(out, region{start: s, end: e})
	}
	return out
}

// bodyRegions picks the reading of body: SSE when stream, else JSON when it is valid JSON, else text.
func bodyRegions(body []byte, stream bool) []region {
	switch {
	case stream:
		return sseRegions(body, nil)
	case json.Valid(body):
		return jsonRegions(body, 0, false, nil)
	}
	return textRegions(body, nil)
}
