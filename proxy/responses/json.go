package responses

import (
	"bytes"
	"encoding/json"

	"github.com/toolfix/toolfix/proxy/jsontext"
	"github.com/toolfix/toolfix/proxy/repair"
	"github.com/toolfix/toolfix/proxy/sse"
)

// RepairResponse repairs a non-streamed Responses API body (a response object): the arguments of
// its function_call output items, as the stream rules do. It returns the new body and true, or
// nil and false when nothing was repaired.
//
// A body that is an SSE stream, or a response object followed by "data: [DONE]" (docs/faults.md D55:
// decolua/9router #3492), becomes the response object a non-streamed request asks for: the
// response of the stream's last response.completed, response.incomplete or response.failed event,
// after the stream rules ran over every event (so its arguments are repaired and a null output is
// rebuilt, D43, D44). A stream without such an event, or with an event over the size limit,
// passes as it came.
func RepairResponse(tools *repair.Tools, body []byte, rep *repair.Reporter) ([]byte, bool) {
	// A response made from a stream was repaired by the stream rules already; repairResponse finds
	// nothing more to do there.
	fromStream := func(b []byte) ([]byte, bool) { return responseFromSSE(tools, b, rep) }
	return sse.RepairOne(body, fromStream, func(b []byte) ([]byte, bool) { return repairResponse(tools, b, rep) }, rep, "response")
}

// responseFromSSE runs the stream rules over an SSE body and returns the response object of its
// last final event (see RepairResponse); false when there is none or an event is over the limit.
func responseFromSSE(tools *repair.Tools, body []byte, rep *repair.Reporter) ([]byte, bool) {
	s := NewStream(tools, rep)
	var final json.RawMessage
	var out bytes.Buffer
	for _, ev := range sse.Each(body, 0) {
		if ev.Oversize {
			return nil, false
		}
		if err := s.Push(ev, &out); err != nil {
			return nil, false
		}
	}
	if err := s.End(&out); err != nil {
		return nil, false
	}
	for _, ev := range sse.Each(out.Bytes(), 0) {
		_, data, has := sse.Fields(ev.Raw)
		if !has {
			continue
		}
		var e struct {
			Type     string          `json:"type"`
			Response json.RawMessage `json:"response"`
			Error    json.RawMessage `json:"error"`
		}
		if json.Unmarshal(bytes.TrimSpace(data), &e) != nil {
			continue
		}
		switch e.Type {
		case "response.completed", "response.incomplete", "response.failed":
			final = append(json.RawMessage(nil), e.Response...)
		case "error":
			return errorObject(bytes.TrimSpace(data), e.Error), true
		}
	}
	if d := bytes.TrimSpace(final); len(d) == 0 || d[0] != '{' {
		return nil, false
	}
	return bytes.TrimSpace(final), true
}

// errorObject turns a Responses stream's error event into the body the API answers a failed
// non-streamed request with: {"error":{...}}. The event carries the error's members at its top
// level ({"type":"error","code":…,"message":…,"param":…}) or, from some gateways, in an "error"
// member (inner), which is then taken as it is.
func errorObject(event []byte, inner json.RawMessage) []byte {
	if d := bytes.TrimSpace(inner); len(d) > 0 && d[0] == '{' {
		return append(append([]byte(`{"error":`), d...), '}')
	}
	obj, err := jsontext.ParseObject(event)
	if err != nil {
		return append(append([]byte(`{"error":`), event...), '}')
	}
	e := jsontext.Object{}
	for _, k := range []string{"message", "param", "code"} { // "type" is the event's own: "error"
		if v := obj.Get(k); v != nil {
			e = append(e, jsontext.Member{Key: k, Value: v})
		}
	}
	return append(append([]byte(`{"error":`), e.Marshal()...), '}')
}

// repairResponse repairs a body that is one response object (see RepairResponse).
func repairResponse(tools *repair.Tools, body []byte, rep *repair.Reporter) ([]byte, bool) {
	obj, err := jsontext.ParseObject(body)
	if err != nil {
		return nil, false
	}
	out := obj.Get("output")
	if out == nil || string(out) == "null" {
		return nil, false
	}
	s := NewStream(tools, rep)
	items, changed := s.output(out)
	if !changed {
		items = out
	}
	if leaked, ok := s.leakedOutput(obj, items); ok {
		items, changed = leaked, true
	}
	if !changed {
		return nil, false
	}
	obj.Set("output", items)
	return obj.Marshal(), true
}
