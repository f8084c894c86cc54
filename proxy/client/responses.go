package client

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/toolfix/toolfix/proxy/sse"
)

// ResponsesCall is one function call of a Responses API response: Name, and Arguments parsed as
// JSON (nil when they are not JSON, with ArgumentsErr saying why; "" counts as {}).
type ResponsesCall struct {
	Name         string `json:"name"`
	Arguments    any    `json:"arguments,omitempty"`
	ArgumentsErr string `json:"arguments_error,omitempty"`
	RawArguments string `json:"-"`
}

// ResponsesResult is what a client ends up with from a Responses API stream: Text, the
// output_text of the message items of response.output_item.done events joined; Calls, the
// function calls of those events in order; and Final, the function calls of the output of the
// final response.completed (nil Final with Completed false when none came, or its output was not
// a list).
type ResponsesResult struct {
	Text      string           `json:"text"`
	Calls     []*ResponsesCall `json:"calls"`
	Final     []*ResponsesCall `json:"final"`
	Completed bool             `json:"completed"`
}

// ResponsesItem is what a client reads of a Responses output item: its type, a function call's
// name and arguments text, a message's content parts.
type ResponsesItem struct {
	Type      string `json:"type"`
	Name      string `json:"name"`
	Arguments string `json:"arguments"`
	Content   []struct {
		Type string `json:"type"`
		Text string `json:"text"`
	} `json:"content"`
}

func (it *ResponsesItem) call() *ResponsesCall {
	c := &ResponsesCall{Name: it.Name, RawArguments: it.Arguments}
	c.Arguments, c.ArgumentsErr = parseInput(it.Arguments)
	return c
}

func (it *ResponsesItem) text() string {
	var b strings.Builder
	for _, c := range it.Content {
		if c.Type == "output_text" {
			b.WriteString(c.Text)
		}
	}
	return b.String()
}

// ResponsesStream reads a streamed Responses API body the way the SDKs do. Every data payload must
// be [DONE] or a JSON object with a string "type" (and an "event:" line, when present, must equal
// it); an "error" or "response.failed" event ends reading with an error naming it.
//
// The items of the output_item.done events are read in the order of their output_index, as the
// SDKs and Codex place them (an event without one where it came): parallel calls may finish in
// another order than the output holds them.
func ResponsesStream(body []byte) (*ResponsesResult, error) {
	res := &ResponsesResult{}
	var dones []doneItem
	defer func() { res.addDone(dones) }()
	for n, ev := range sse.Each(body, len(body)+1) { // SDKs read events of any size
		name, data, has := sse.Fields(ev.Raw)
		if !has || string(bytes.TrimSpace(data)) == "[DONE]" {
			continue
		}
		var e struct {
			Type        *string         `json:"type"`
			OutputIndex *int            `json:"output_index"`
			Item        json.RawMessage `json:"item"`
			Response    *struct {
				Output json.RawMessage `json:"output"`
			} `json:"response"`
		}
		if err := json.Unmarshal(data, &e); err != nil || e.Type == nil {
			return nil, fmt.Errorf("event %d: data is not an event object: %.80q", n, data)
		}
		if name != nil && string(name) != *e.Type {
			return nil, fmt.Errorf("event %d: event line %q does not match type %q", n, name, *e.Type)
		}
		switch *e.Type {
		case "response.output_item.done":
			var it ResponsesItem
			if err := json.Unmarshal(e.Item, &it); err != nil {
				return nil, fmt.Errorf("event %d: item: %w", n, err)
			}
			at := len(dones)
			if e.OutputIndex != nil {
				at = *e.OutputIndex
			}
			dones = append(dones, doneItem{at: at, item: it})
		case "response.completed":
			res.Completed = false
			res.Final = nil
			if e.Response == nil {
				return nil, fmt.Errorf("event %d: response.completed without response", n)
			}
			var items []ResponsesItem
			if err := json.Unmarshal(e.Response.Output, &items); err != nil || items == nil {
				continue
			}
			res.Completed = true
			res.Final = []*ResponsesCall{}
			for i := range items {
				if items[i].Type == "function_call" {
					res.Final = append(res.Final, items[i].call())
				}
			}
		case "error", "response.failed":
			return res, fmt.Errorf("event %d: %s: %.200s", n, *e.Type, data)
		}
	}
	return res, nil
}

// doneItem is the item of one output_item.done event and the output_index it names.
type doneItem struct {
	at   int
	item ResponsesItem
}

// addDone adds the items of the output_item.done events to res in output_index order (stable).
func (res *ResponsesResult) addDone(dones []doneItem) {
	slices.SortStableFunc(dones, func(a, b doneItem) int { return cmp.Compare(a.at, b.at) })
	for i := range dones {
		switch it := &dones[i].item; it.Type {
		case "message":
			res.Text += it.text()
		case "function_call":
			res.Calls = append(res.Calls, it.call())
		}
	}
}

// CompareResponses checks got against want (a want.json "message" of the responses cases): text
// equal with trailing white space trimmed; calls in order by name and arguments as parsed JSON;
// and a final response.completed whose output holds the same calls. The error lists every
// difference.
func CompareResponses(want json.RawMessage, got *ResponsesResult) error {
	var w struct {
		Text  string `json:"text"`
		Calls []struct {
			Name      string `json:"name"`
			Arguments any    `json:"arguments"`
		} `json:"calls"`
	}
	if err := json.Unmarshal(want, &w); err != nil {
		return fmt.Errorf("parsing want: %w", err)
	}
	var diffs []string
	if !sameText(w.Text, got.Text) {
		diffs = append(diffs, fmt.Sprintf("text %q, want %q", got.Text, w.Text))
	}
	check := func(where string, calls []*ResponsesCall) {
		if len(calls) != len(w.Calls) {
			j, _ := json.Marshal(calls)
			diffs = append(diffs, fmt.Sprintf("%s: %d calls, want %d: got %s", where, len(calls), len(w.Calls), j))
			return
		}
		for i, wc := range w.Calls {
			g := calls[i]
			switch {
			case g.Name != wc.Name:
				diffs = append(diffs, fmt.Sprintf("%s: call %d: name %q, want %q", where, i, g.Name, wc.Name))
			case g.ArgumentsErr != "":
				diffs = append(diffs, fmt.Sprintf("%s: call %d: arguments are not JSON: %s", where, i, g.ArgumentsErr))
			case !jsonEqual(wc.Arguments, g.Arguments):
				gj, _ := json.Marshal(g.Arguments)
				wj, _ := json.Marshal(wc.Arguments)
				diffs = append(diffs, fmt.Sprintf("%s: call %d: arguments %s, want %s", where, i, gj, wj))
			}
		}
	}
	check("output_item.done", got.Calls)
	if !got.Completed {
		diffs = append(diffs, "no response.completed with an output list")
	} else {
		check("response.completed", got.Final)
	}
	return differences(diffs)
}

// ResponsesJSON reads a non-streamed Responses API body (a response object) into the same result
// as ResponsesStream: Text and Calls from its output items, Final the same calls, Completed true
// when output is a list.
func ResponsesJSON(body []byte) (*ResponsesResult, error) {
	var r struct {
		Output json.RawMessage `json:"output"`
	}
	if err := json.Unmarshal(body, &r); err != nil {
		return nil, fmt.Errorf("parsing response: %w", err)
	}
	res := &ResponsesResult{}
	var items []ResponsesItem
	if err := json.Unmarshal(r.Output, &items); err != nil || items == nil {
		return res, nil
	}
	res.Completed, res.Final = true, []*ResponsesCall{}
	for i := range items {
		switch items[i].Type {
		case "message":
			res.Text += items[i].text()
		case "function_call":
			res.Calls = append(res.Calls, items[i].call())
			res.Final = append(res.Final, items[i].call())
		}
	}
	return res, nil
}
