package inspect

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/toolfix/toolfix/proxy/client"
	"github.com/toolfix/toolfix/proxy/exchange"
	"github.com/toolfix/toolfix/proxy/sample"
)

// Report is what analyze shows of one exchange.
type Report struct {
	// Protocol is "anthropic", "openai", "responses", or "" for a path toolfix does not repair.
	Protocol string `json:"protocol"`
	Stream   bool   `json:"stream"`
	Status   int    `json:"status"`
	// Time and Route come from a sample; zero for a raw body.
	Time  time.Time `json:"time,omitzero"`
	Route string    `json:"route,omitempty"`
	// Model, Messages and Tools summarise the request.
	Model    string   `json:"model,omitempty"`
	Messages int      `json:"messages"`
	Tools    []string `json:"tools"`
	// Events are the SSE pieces of a streamed answer; nil for a JSON body.
	Events []Event `json:"events,omitempty"`
	// Blocks and StopReason are an Anthropic answer's content as the upstream sent it; a stream of
	// more than one message (a message_start after another) has each message's stop_reason,
	// comma-separated, and its blocks carry their message's number.
	Blocks     []*Block `json:"blocks,omitempty"`
	StopReason string   `json:"stop_reason,omitempty"`
	// Faults are the faults found in the upstream answer, by docs/faults.md row.
	Faults []Fault `json:"faults"`
	// Repairs and FailOpens are what the proxy's repair does with this answer (exchange.ReplaySample);
	// Changed is true when the client would get other bytes than the upstream sent.
	Repairs   []sample.Repair `json:"repairs"`
	FailOpens []string        `json:"fail_opens"`
	Changed   bool            `json:"changed"`
	// Client is the body the client would receive.
	Client []byte `json:"-"`
	// Before is what the client ends up with without toolfix, After with it; nil when this build
	// has no accumulator for the protocol.
	Before *Accumulated `json:"before,omitempty"`
	After  *Accumulated `json:"after,omitempty"`
}

// Accumulated is a message as a client's SDK accumulates it, or the error it stops with.
type Accumulated struct {
	Message any    `json:"message,omitempty"`
	Error   string `json:"error,omitempty"`
}

// Accumulators rebuild the message a client ends up with from a response body, per protocol (see
// package client). A protocol without one is analysed without the before/after messages.
var Accumulators = map[string]func(body []byte, stream bool) (any, error){
	"anthropic": accumulator(client.AnthropicStream, client.AnthropicJSON),
	"openai":    accumulator(client.ChatStream, client.ChatJSON),
	"responses": accumulator(client.ResponsesStream, client.ResponsesJSON),
}

// accumulator is one protocol's entry of Accumulators: stream reads an SSE body, whole a JSON
// one. A nil message comes back as a nil any, with the error.
func accumulator[M any](stream, whole func([]byte) (*M, error)) func(body []byte, isStream bool) (any, error) {
	return func(body []byte, isStream bool) (any, error) {
		read := whole
		if isStream {
			read = stream
		}
		m, err := read(body)
		if m == nil {
			return nil, err
		}
		return m, err
	}
}

// Analyze explains one exchange: the request's tools, the upstream's events and blocks, the faults
// in them by docs/faults.md row, what the proxy's repair does (run through exchange.ReplaySample, the
// proxy's own code), and the message the client ends up with before and after. The error is the
// replay's: an exchange of an unknown protocol.
func Analyze(x *sample.Exchange) (*Report, error) {
	res, err := exchange.ReplaySample(x)
	if err != nil {
		return nil, err
	}
	r := &Report{Protocol: protocolOf(res.Dialect), Stream: x.Response.Stream(), Status: x.Response.Status, Time: x.Time, Route: x.Route,
		Repairs: res.Repairs, FailOpens: res.FailOpens, Changed: res.Changed(x.Response.Body), Client: res.Body, Faults: []Fault{}}
	if r.Status == 0 {
		r.Status = 200
	}
	var req struct {
		Model    string            `json:"model"`
		Stream   *bool             `json:"stream"`
		Messages []json.RawMessage `json:"messages"`
		Input    json.RawMessage   `json:"input"`
	}
	_ = json.Unmarshal(x.Request.Body, &req)
	r.Model, r.Messages = req.Model, len(req.Messages)
	if r.Messages == 0 {
		var items []json.RawMessage
		if json.Unmarshal(req.Input, &items) == nil {
			r.Messages = len(items)
		} else if len(req.Input) > 0 {
			r.Messages = 1
		}
	}
	tools, _ := exchange.ToolsOf(res.Dialect, x.Request.Body)
	r.Tools = tools.Names()
	if r.Tools == nil {
		r.Tools = []string{}
	}
	if r.Stream {
		r.Events = Events(x.Response.Body)
	}
	f := &faultList{}
	if req.Stream != nil && !*req.Stream && r.Stream {
		f.add("D55", "", "response", "the request asked for a JSON answer and got SSE")
	}
	switch r.Protocol {
	case "anthropic":
		var stops []string
		r.Blocks, stops = anthropicBlocks(r.Events, x.Response.Body, r.Stream)
		r.StopReason = strings.Join(stops, ", ")
		anthropicFaults(f, r.Events, r.Blocks, stops, tools, r.Stream)
	case "openai":
		if r.Stream {
			chatFaults(f, r.Events, tools)
		} else {
			chatJSONFaults(f, x.Response.Body, tools)
		}
	case "responses":
		if r.Stream {
			responsesFaults(f, r.Events, tools)
		} else {
			responsesJSONFaults(f, x.Response.Body, tools)
		}
	}
	r.Faults = append(r.Faults, f.list...)
	if acc := Accumulators[r.Protocol]; acc != nil {
		r.Before = accumulate(acc, x.Response.Body, r.Stream)
		r.After = accumulate(acc, res.Body, r.Stream)
	}
	return r, nil
}

func accumulate(acc func([]byte, bool) (any, error), body []byte, stream bool) *Accumulated {
	m, err := acc(body, stream)
	a := &Accumulated{Message: m}
	if err != nil {
		a.Error = err.Error()
	}
	return a
}

// Repaired reports whether the proxy's repair applies a kind.
func (r *Report) Repaired(kind string) bool {
	for _, x := range r.Repairs {
		if x.Kind == kind {
			return true
		}
	}
	return false
}

// MarshalIndent encodes v as indented JSON without escaping <, > and &.
func MarshalIndent(v any) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		return []byte(fmt.Sprintf("(cannot encode: %v)\n", err))
	}
	return b.Bytes()
}
