package responses

import (
	"bytes"
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/toolfix/toolfix/proxy/client"
	"github.com/toolfix/toolfix/proxy/repair"
	"github.com/toolfix/toolfix/proxy/sse"
	"github.com/toolfix/toolfix/proxy/sse/ssetest"
)

// genTools offers the tools of ssetest.GenSchemas as Responses function tools.
var genTools = ssetest.GenRequest(func(name, schema string) string {
	return `{"type":"function","name":"` + name + `","parameters":` + schema + `}`
})

// The ways genResponse ends a function_call item.
const (
	doneHealthy   = iota // its output_item.done
	doneMissing          // no output_item.done (D74)
	doneEmptyName        // an output_item.done with name "" (D74)
)

// The final outputs genResponse draws.
const (
	outFull  = iota // every item
	outEmpty        // [] (a store:false backend: healthy when every done came)
	outNull         // null (D44)
)

// genCall is one function call genResponse made, and what the client must end up with of it.
type genCall struct {
	name, args string
	argued     bool // its arguments streamed (deltas, perhaps .done)
	end        int  // doneHealthy, doneMissing or doneEmptyName
}

// genResponse builds a Responses stream from the choices in data: perhaps a message item, then
// 1-3 function_call items of ssetest.GenCall (arguments with faults, a tool not offered), each
// announced with its id or by call_id alone, argued in deltas cut at random (perhaps with function_call_arguments.done, perhaps not argued
// at all) and ended healthy, without its output_item.done or with an empty name there (D74);
// then response.completed with the full output, an empty one or null, or response.incomplete;
// sequence numbers on every event or on none. healthy reports that no rule may change it.
func genResponse(data []byte) (body string, calls []genCall, text string, final, end string, healthy bool) {
	p := &ssetest.Picker{B: data}
	seq := p.Pick(2) == 0
	n := 0
	var b strings.Builder
	emit := func(typ string, o string) {
		if seq {
			o = strings.TrimSuffix(o, "}") + `,"sequence_number":` + strconv.Itoa(n) + "}"
			n++
		}
		b.WriteString("event: " + typ + "\ndata: " + o + "\n\n")
	}
	emit("response.created", `{"type":"response.created","response":{"id":"r","status":"in_progress","output":[]}}`)
	var items []string
	idx := 0
	if p.Pick(2) == 0 {
		text = "Let me look."
		msg := `{"type":"message","id":"msg_1","status":"completed","role":"assistant","content":[{"type":"output_text","text":` + q(text) + `,"annotations":[]}]}`
		emit("response.output_item.added", `{"type":"response.output_item.added","output_index":0,"item":{"type":"message","id":"msg_1","status":"in_progress","role":"assistant","content":[]}}`)
		emit("response.output_text.delta", `{"type":"response.output_text.delta","item_id":"msg_1","output_index":0,"content_index":0,"delta":`+q(text)+`}`)
		emit("response.output_item.done", `{"type":"response.output_item.done","output_index":0,"item":`+msg+`}`)
		items = append(items, msg)
		idx++
	}
	healthy = true
	for range 1 + p.Pick(3) {
		name, pieces, fits := ssetest.GenCall(p)
		c := genCall{name: name, args: strings.Join(pieces, ""), argued: p.Pick(6) != 0, end: []int{doneHealthy, doneHealthy, doneMissing, doneEmptyName}[p.Pick(4)]}
		healthy = healthy && fits
		id, oi := "fc_"+strconv.Itoa(idx), strconv.Itoa(idx)
		item := func(name, args, status string) string {
			return `{"type":"function_call","id":"` + id + `","call_id":"call_` + oi + `","name":` + q(name) + `,"arguments":` + q(args) + `,"status":"` + status + `"}`
		}
		added := item(name, "", "in_progress")
		if p.Pick(4) == 0 {
			// announced by call_id alone (the API allows an item without id), done with both
			added = strings.Replace(added, `"id":"`+id+`",`, "", 1)
		}
		emit("response.output_item.added", `{"type":"response.output_item.added","output_index":`+oi+`,"item":`+added+`}`)
		if c.argued {
			for _, s := range pieces {
				emit("response.function_call_arguments.delta", `{"type":"response.function_call_arguments.delta","item_id":"`+id+`","output_index":`+oi+`,"delta":`+q(s)+`}`)
			}
			if p.Pick(2) == 0 {
				emit("response.function_call_arguments.done", `{"type":"response.function_call_arguments.done","item_id":"`+id+`","output_index":`+oi+`,"arguments":`+q(c.args)+`}`)
			}
		}
		doneName := name
		if c.end == doneEmptyName {
			doneName = ""
		}
		if c.end != doneMissing {
			emit("response.output_item.done", `{"type":"response.output_item.done","output_index":`+oi+`,"item":`+item(doneName, c.args, "completed")+`}`)
		}
		items = append(items, item(doneName, c.args, "completed"))
		calls = append(calls, c)
		idx++
	}
	switch p.Pick(8) {
	case 0:
		end, final = "response.incomplete", "[]"
	case 1, 2:
		end, final = "response.completed", "[]"
	case 3:
		end, final = "response.completed", "null"
	default:
		end, final = "response.completed", "["+strings.Join(items, ",")+"]"
	}
	emit(end, `{"type":"`+end+`","response":{"id":"r","status":"`+strings.TrimPrefix(end, "response.")+`","output":`+final+`}}`)
	for _, c := range calls {
		switch {
		case c.end == doneEmptyName:
			healthy = false
		case c.end == doneMissing && end == "response.completed" && (c.argued || final != "[]" && final != "null"):
			healthy = false
		}
	}
	if final == "null" {
		healthy = false
	}
	return b.String(), calls, text, final, end, healthy
}

// checkGeneratedResponse runs one generated stream through the dialect, fed in chunks drawn with
// seed, and checks: a healthy stream passes byte for byte; any change is reported as a repair;
// sequence numbers stay increasing; the client gets, from the output_item.done events, every
// call that was made (done, or settled at response.completed: D74) with its announced name and
// the whole-arguments repair; and response.completed's output holds the same calls.
func checkGeneratedResponse(t *testing.T, data []byte, seed int64) {
	t.Helper()
	body, calls, text, final, end, healthy := genResponse(data)
	tl, err := repair.ToolsFromResponses([]byte(genTools))
	if err != nil {
		t.Fatal(err)
	}
	out, kinds := run(t, []byte(genTools), ssetest.Chunks([]byte(body), seed))
	if healthy && string(out) != body {
		t.Fatalf("a healthy stream changed (kinds %v):\n in: %s\nout: %s", kinds, body, out)
	}
	if len(kinds) == 0 && string(out) != body {
		t.Fatalf("output changed with no repair reported:\n in: %s\nout: %s", body, out)
	}
	last := -1
	for _, ev := range sse.Each(out, len(out)+1) {
		_, d, _ := sse.Fields(ev.Raw)
		var e struct {
			Seq *int `json:"sequence_number"`
		}
		if json.Unmarshal(d, &e) == nil && e.Seq != nil {
			if *e.Seq <= last {
				t.Fatalf("sequence_number %d after %d:\n%s", *e.Seq, last, out)
			}
			last = *e.Seq
		}
	}
	got, err := client.ResponsesStream(out)
	if err != nil {
		t.Fatalf("client: %v\n%s", err, out)
	}
	completed := end == "response.completed"
	var want []string
	for _, c := range calls {
		made := c.end != doneMissing || completed && (c.argued || final != "[]" && final != "null")
		if !made {
			continue
		}
		args := c.args
		if tl.Has(c.name) && !tl.Fits(c.name, []byte(args)) {
			if fixed, _, ok := tl.RepairInput(c.name, []byte(args), repair.Options{Args: true}); ok {
				args = string(fixed)
			}
		}
		want = append(want, callKeyOf(c.name, args))
	}
	if g := callKeys(got.Calls); !slices.Equal(g, sortedCopy(want)) {
		t.Fatalf("calls from output_item.done %v, want %v\n in: %s\nout: %s", g, sortedCopy(want), body, out)
	}
	if strings.TrimSpace(got.Text) != strings.TrimSpace(text) {
		t.Fatalf("text %q, want %q", got.Text, text)
	}
	if !completed || final == "[]" && len(got.Final) == 0 {
		return // no final output, or an empty one of a store:false backend with every done there
	}
	if g := callKeys(got.Final); !slices.Equal(g, sortedCopy(want)) {
		t.Fatalf("calls of response.completed %v, want %v\n in: %s\nout: %s", g, sortedCopy(want), body, out)
	}
}

// callKeyOf is a call as the generated checks compare it: its name and its arguments, as
// compact JSON when they parse.
func callKeyOf(name, args string) string {
	var c bytes.Buffer
	if json.Compact(&c, []byte(args)) == nil {
		args = c.String()
	}
	return name + " " + args
}

// callKeys are the calls a client got, as callKeyOf, sorted (the dones settled at
// response.completed come after the others).
func callKeys(calls []*client.ResponsesCall) []string {
	var keys []string
	for _, c := range calls {
		keys = append(keys, callKeyOf(c.Name, c.RawArguments))
	}
	slices.Sort(keys)
	return keys
}

func sortedCopy(s []string) []string {
	s = slices.Clone(s)
	slices.Sort(s)
	return s
}

// FuzzGenerated generates Responses streams of calls with argument faults, calls whose done is
// missing or nameless (D74), final outputs full, empty or null, at random chunking, and checks
// them as checkGeneratedResponse does.
func FuzzGenerated(f *testing.F) {
	ssetest.GenFuzz(f, checkGeneratedResponse, []byte{0, 0, 2, 0, 1, 0, 2, 5}, []byte{1, 1, 0, 3, 0, 4, 1, 2, 1, 3},
		[]byte("a call without its output_item.done"))
}

func TestGeneratedResponses(t *testing.T) { ssetest.GenRuns(t, 300, checkGeneratedResponse) }
