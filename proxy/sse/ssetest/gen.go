package ssetest

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// GenSchemas are the parameter schemas of the tools the dialects' stream generators offer: p (a
// path and a count), a (two integer arrays) and o (an object), the places GenArgs' faults fit.
// Each is the JSON Schema text of the tool's parameters (input_schema for Anthropic).
var GenSchemas = map[string]string{
	"p": `{"type":"object","properties":{"p":{"type":"string"},"n":{"type":"integer"}},"required":["p"]}`,
	"a": `{"type":"object","properties":{"v":{"type":"array","items":{"type":"integer"}},"w":{"type":"array","items":{"type":"integer"}}}}`,
	"o": `{"type":"object","properties":{"cfg":{"type":"object","properties":{"k":{"type":"string"}}}}}`,
}

// GenNames are the names of GenSchemas, in the order generators draw them by.
var GenNames = []string{"p", "a", "o"}

// GenArgs are the arguments texts (tool inputs) generators draw from, by tool of GenSchemas: the
// first GenHealthy of each list fit, the rest are faults: a Windows path, a number as a string,
// a stringified array or object, a Python dict, trailing prose, the arguments twice ({A}{A}).
var GenArgs = map[string][]string{
	"p": {`{"p":"src/a.go","n":3}`, `{"p":"x"}`,
		`{"p":"C:\Users\me\x.txt"}`, `{"p":"a","n":"5"}`, `{'p': 'py', 'n': 2}`, `{"p":"q"} I will read it`, `{"p":"d"}{"p":"d"}`},
	"a": {`{"v":[1,2],"w":[3]}`, `{"w":[]}`,
		`{"v":"[1]","w":"[2]"}`, `{"v":"[1, 2]"}`, `{"v":[1],"w":"[7,8]"}`, `{"v":"[1]"}{"v":"[1]"}`},
	"o": {`{"cfg":{"k":"v"}}`, `{}`,
		`{"cfg":"{\"k\":\"v\"}"}`, `{"cfg":{"k":"C:\temp\new"}}`, `{"cfg":"{\"k\":1}"} done`},
}

// GenHealthy is how many of each GenArgs list fit their schema.
const GenHealthy = 2

// Picker draws a generator's choices from fuzz bytes, one byte a choice, then zeros when they
// run out.
type Picker struct{ B []byte }

// Pick returns a choice in [0, n): 0 when n is 1 or less or the bytes ran out.
func (p *Picker) Pick(n int) int {
	if n <= 1 || len(p.B) == 0 {
		return 0
	}
	v := int(p.B[0])
	p.B = p.B[1:]
	return v % n
}

// GenUndeclared is the name of a tool the generators' requests do not offer: a call of it is never
// repaired, whatever its arguments.
const GenUndeclared = "undeclared"

// GenCall draws a call: a tool of GenNames (one time in eight GenUndeclared, with the arguments
// of one of them) and its arguments text, cut into pieces at up to four offsets p picks. healthy
// reports whether the call must pass as it came: its text fits, or its tool is not offered.
func GenCall(p *Picker) (name string, pieces []string, healthy bool) {
	undeclared := p.Pick(8) == 0
	name = GenNames[p.Pick(len(GenNames))]
	pieces, healthy = genPieces(p, name)
	if undeclared {
		return GenUndeclared, pieces, true
	}
	return name, pieces, healthy
}

// genPieces draws a tool's arguments text from GenArgs and cuts it into pieces at up to four
// offsets p picks; healthy reports whether the text fits.
func genPieces(p *Picker, name string) (pieces []string, healthy bool) {
	list := GenArgs[name]
	i := p.Pick(len(list))
	text := list[i]
	at := map[int]bool{}
	for range p.Pick(5) {
		at[p.Pick(len(text)+1)] = true
	}
	last := 0
	for k := 1; k < len(text); k++ {
		if at[k] {
			pieces = append(pieces, text[last:k])
			last = k
		}
	}
	return append(pieces, text[last:]), i < GenHealthy
}

// SameJSON compares two arguments texts (tool inputs) as JSON values when both parse, else as
// text.
func SameJSON(a, b string) bool {
	var x, y any
	if json.Unmarshal([]byte(a), &x) == nil && json.Unmarshal([]byte(b), &y) == nil {
		ja, _ := json.Marshal(x)
		jb, _ := json.Marshal(y)
		return bytes.Equal(ja, jb)
	}
	return a == b
}

// GenData returns n bytes for a generator, drawn by a generator seeded with seed, so that a test
// can run many generated streams and repeat any of them.
func GenData(seed uint64, n int) []byte {
	r := rand.New(rand.NewPCG(seed, 19))
	data := make([]byte, n)
	for k := range data {
		data[k] = byte(r.IntN(256))
	}
	return data
}

// Replay is what GenReplay drew to follow a stream's end.
type Replay int

// The replays GenReplay draws.
const (
	NoReplay    Replay = iota // nothing follows the end
	WholeReplay               // the finish again, whole (D73)
	CutReplay                 // the finish again, cut before its last event (the stream ends inside it)
	KeepAfter                 // only a keep-alive follows the end
)

// GenReplay draws what a gateway sends after a stream's last event (docs/faults.md D73: a
// translator that runs its finish step once per finish chunk): most often nothing; or the finish
// events again, whole or cut before the last, maybe with keep (a keep-alive: a ping, a comment)
// among them; or keep alone. finish are the events of the replay, in order, each with bytes of its
// own (the order checker tells equal events apart only greedily).
func GenReplay(p *Picker, finish []string, keep string) ([]string, Replay) {
	switch p.Pick(6) {
	case 1, 2:
		out := slices.Clone(finish)
		if p.Pick(2) == 0 {
			out = slices.Insert(out, p.Pick(len(out)), keep)
		}
		return out, WholeReplay
	case 3:
		if len(finish) < 2 {
			return nil, NoReplay
		}
		return slices.Clone(finish[:1+p.Pick(len(finish)-1)]), CutReplay
	case 4:
		return []string{keep}, KeepAfter
	}
	return nil, NoReplay
}

// GenRequest returns the body of a streamed request offering the tools of GenSchemas in the order
// of GenNames, each written by tool from its name and its schema's JSON text, as the API spells
// a tool.
func GenRequest(tool func(name, schema string) string) string {
	var tl []string
	for _, name := range GenNames {
		tl = append(tl, tool(name, GenSchemas[name]))
	}
	return `{"model":"m","stream":true,"tools":[` + strings.Join(tl, ",") + `]}`
}

// GenFuzz runs check as a fuzz target over generator bytes and a chunking seed, with seeds as its
// first inputs (each at chunking seed 1).
func GenFuzz(f *testing.F, check func(t *testing.T, data []byte, seed int64), seeds ...[]byte) {
	for _, seed := range seeds {
		f.Add(seed, uint8(1))
	}
	f.Fuzz(func(t *testing.T, data []byte, seed uint8) { check(t, data, int64(seed)) })
}

// GenRuns runs check on n generated streams, the i-th from GenData(i, 40) chunked with seed i,
// each a subtest named i, so that any of them can be repeated.
func GenRuns(t *testing.T, n int, check func(t *testing.T, data []byte, seed int64)) {
	for i := range n {
		data := GenData(uint64(i), 40)
		t.Run(strconv.Itoa(i), func(t *testing.T) { check(t, data, int64(i)) })
	}
}

// GenCumulative returns pieces as a gateway that resends the whole arguments so far in every
// delta sends them (docs/faults.md D71): the k-th text is pieces[0] through pieces[k] joined. ok
// is false when fewer than two pieces are not empty, so that no delta would resend anything.
func GenCumulative(pieces []string) (texts []string, ok bool) {
	var so string
	n := 0
	for _, p := range pieces {
		if p != "" {
			n++
		}
		so += p
		texts = append(texts, so)
	}
	return texts, n >= 2
}
