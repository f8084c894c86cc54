package repair

import (
	"encoding/json"
	"fmt"
	"strings"
	"unsafe"
)

// The kinds of repair RepairInput reports, as named in the "repairs" of testdata/cases' want.json.
const (
	// KindCoerce: a string holding JSON (or a Python literal) became the value the schema wants
	// (docs/faults.md D13, D14, D15, D29, D23b).
	KindCoerce = "coerce"
	// KindEscape: a \u escape broken by white space was mended (D25), inside such a string or,
	// with Options.Args, in the argument text itself.
	KindEscape = "escape"
	// KindArgs: the argument text itself was mended (D19, D21, D23, D24); only with Options.Args.
	KindArgs = "args"
)

// Tools holds the tools one request offers, by name, each with its compiled input schema. It is
// immutable once built and safe for concurrent use. A nil *Tools is valid and offers no tools.
type Tools struct {
	byName map[string]*tool
	order  []string
	// noCalls is set when the request forbids calls (tool_choice "none", or {"type":"none"} in
	// Anthropic's form): no call is made out of leaked text then.
	noCalls bool
	// only is the one tool the request's tool_choice names ("" for any); single is set when it
	// allows one call per answer (Anthropic tool_choice.disable_parallel_tool_use, OpenAI
	// parallel_tool_calls false). Leaked text never becomes calls the client did not allow.
	only   string
	single bool
	// jsonText is set when the request asks for its answer as JSON (Chat response_format, the
	// Responses text.format, Anthropic output_format or output_config.format of type json_object
	// or json_schema): a bare JSON answer is then the answer asked for, never a call written bare
	// (attack3 attack-json-mode-bare-call).
	jsonText bool
}

// tool is one offered tool. A nil schema means the request gave none that toolfix can use (an
// Anthropic server tool, or two tools of the same name with different schemas): the tool is
// known, but nothing about its input is checked or repaired.
type tool struct {
	schema *schema
	doc    []byte // the schema's source, to tell a harmless duplicate from a conflicting one
	// legacy is set for a tool declared only in the legacy functions[] of a Chat request: its
	// client reads function_call, not tool_calls, so no tool call is made for it out of leaked text.
	legacy bool
}

// Options selects the repairs of the argument text that only OpenAI-style APIs need, where a
// call's arguments arrive as a string that the model wrote token by token. The zero value is
// right for Anthropic, whose tool_use input is always one JSON object.
type Options struct {
	// Args turns on the argument-text repairs, reported as KindArgs:
	// D19 an empty or white-space text becomes {} when {} fits (openai/openai-agents-js #664);
	// D21 a text that is one JSON value sent two or more times ({A}{A}, {A}{A}{A}) becomes one
	// copy, only when every copy is equal as JSON (anomalyco/opencode PR #17339; BerriAI/litellm
	// #40582 saw up to six); two different values ({A}{B}, D22, two calls
	// merged; NousResearch/hermes-agent #25333) are left alone;
	// D23 prose after a complete JSON value is cut (librefang/librefang #2975);
	// D24 a string holding an invalid escape (a Windows path "C:\Users\dev") has every backslash
	// of it escaped, so "C:\new" there stays a backslash and an n (anthropics/claude-code #87251,
	// FoundationAgents/OpenManus #1161).
	// D65 a comma before '}' or ']' outside strings is dropped ({"a":1,}; GeniePod/genie-claw
	// PR #469, langchain4j/langchain4j PR #1352).
	// Before D24, a \u escape broken by white space in the text itself is mended (D25, reported
	// as KindEscape), so that "\u7 ee7" becomes a character rather than literal text.
	// D29 a text that no JSON reading takes but that is one whole Python dict literal
	// ({'path': 'src', 'recursive': True}) is read with the exact Python-literal parser and
	// checked against the tool's object schema, reported as KindCoerce (QwenLM/qwen-code #288;
	// OpenHands PR #8780); a text any JSON reading takes is never read as Python.
	// Each applies only when the result (after coercion) fits the tool's schema. D20 (arguments
	// sent as an object) is the dialect's to encode before calling RepairInput.
	Args bool
	// KeepText makes the fixed text keep the input's own bytes (white space, escapes, number
	// text, member order) everywhere but at the values repaired and the argument text cut, so
	// that the part of the input before the first byte a Scan holds is a prefix of the fixed
	// text: a streamed call can then send its consistent start at once and the repaired rest
	// later. D19 keeps the white space and appends {}; D21 and D23 keep the white space after
	// the value. Without it the fixed text is compact.
	KeepText bool
}

// newTools makes an empty Tools.
func newTools() *Tools {
	return &Tools{byName: map[string]*tool{}}
}

// add records a tool named name with the schema document doc (nil: no schema given).
func (t *Tools) add(name string, doc *value) {
	var src []byte
	var s *schema
	if doc != nil {
		src = appendJSON(nil, doc)
		s = compileSchema(doc)
	}
	if old, ok := t.byName[name]; ok {
		if string(old.doc) != string(src) {
			old.schema = nil // two schemas for one name: trust neither
		}
		return
	}
	t.byName[name] = &tool{schema: s, doc: src}
	t.order = append(t.order, name)
}

func (t *Tools) lookup(name string) *tool {
	if t == nil {
		return nil
	}
	return t.byName[name]
}

// Names returns the names of the offered tools in the order the request lists them (nil for
// none).
func (t *Tools) Names() []string {
	if t == nil {
		return nil
	}
	return append([]string(nil), t.order...)
}

// Has reports whether the request offers a tool of exactly this name (case and prefixes matter:
// D57, router-for-me/CLIProxyAPI #2857).
func (t *Tools) Has(name string) bool {
	return t.lookup(name) != nil
}

// Declares is Has with member "" and HasParam otherwise: whether the request offers tool, or the
// tool's schema declares member. It is the shape of markup.Declared, which a dialect hands the
// leaked-call finder (proxy/markup) so that it lets markup of another tool, and a bare call
// naming an undeclared member, go as soon as it reads them (issue 20 F7, G1).
//
// When the request asks for a JSON answer, no member counts: a bare call is then no call.
func (t *Tools) Declares(tool, member string) bool {
	if member == "" {
		return t.Has(tool)
	}
	return !t.jsonText && t.HasParam(tool, member)
}

// HasParam reports whether param is a top-level property of the tool's input schema (found in
// "properties" of the root, through a root $ref or allOf, or in any root anyOf or oneOf branch:
// where the branches disagree on its types, a discriminator among the call's parameters may
// still choose the branch that types it, see discriminated). False for an unknown tool or a tool
// without a usable schema.
func (t *Tools) HasParam(tool, param string) bool {
	tl := t.lookup(tool)
	return tl != nil && tl.schema != nil && anyProperty(tl.schema, param, map[*schema]bool{})
}

// anyProperty reports whether name is a top-level property of s, of its $ref or allOf, or of any
// of its anyOf or oneOf branches; each node once, so cycles end.
func anyProperty(s *schema, name string, seen map[*schema]bool) bool {
	if s == nil || seen[s] {
		return false
	}
	seen[s] = true
	if _, ok := s.properties[name]; ok {
		return true
	}
	for _, group := range [][]*schema{{s.ref}, s.allOf, s.anyOf, s.oneOf} {
		for _, a := range group {
			if anyProperty(a, name, seen) {
				return true
			}
		}
	}
	return false
}

// propertySchema finds the schema of the top-level property name of s, looking through $ref and
// allOf, then the anyOf and oneOf branches (branchProperty); each node once, so cycles end.
func propertySchema(s *schema, name string, seen map[*schema]bool) *schema {
	if s == nil || seen[s] {
		return nil
	}
	seen[s] = true
	if p, ok := s.properties[name]; ok {
		return p
	}
	if p := propertySchema(s.ref, name, seen); p != nil {
		return p
	}
	for _, a := range s.allOf {
		if p := propertySchema(a, name, seen); p != nil {
			return p
		}
	}
	for _, group := range [][]*schema{s.anyOf, s.oneOf} {
		if p := branchProperty(group, name, seen); p != nil {
			return p
		}
	}
	return nil
}

// branchProperty finds the schema of the top-level property name in the anyOf or oneOf branches
// of a root (SGLang test/registered/unit/function_call/test_root_combinator_tool_parsers.py, a
// Pydantic union as the tool's parameters): the first declaring branch's schema when every
// branch that declares name allows the same types, else nil, so that branches that disagree type
// no value. Branches that do not declare it are passed over; the built input is judged against the
// whole schema after, so a branch that rejects the member still decides whether the call fits.
func branchProperty(group []*schema, name string, seen map[*schema]bool) *schema {
	var found *schema
	for _, b := range group {
		p := propertySchema(b, name, seen)
		if p == nil {
			continue
		}
		if found == nil {
			found = p
			continue
		}
		ft, fk := types(found)
		pt, pk := types(p)
		if ft != pt || fk != pk {
			return nil
		}
	}
	return found
}

// Fits reports whether input is one JSON value that fits the tool's input schema. It is false
// for an unknown tool or input that is not JSON, and true for any JSON input of a tool without a
// usable schema. See the package documentation for the keywords checked.
func (t *Tools) Fits(tool string, input []byte) (ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	return t.fits(tool, input)
}

// fits is Fits without the recover, for the fuzz tests to see a panic.
func (t *Tools) fits(tool string, input []byte) bool {
	tl := t.lookup(tool)
	if tl == nil {
		return false
	}
	if plainFits(input, []*schema{tl.schema}) {
		return true // what fits as the inline path judges it fits as the tree does, without a tree
	}
	return fitsTree(tl, input)
}

// fitsTree is fits through the value tree of the whole input.
func fitsTree(tl *tool, input []byte) bool {
	v, err := parseJSON(unsafe.String(unsafe.SliceData(input), len(input))) // nothing read from it outlives the call
	if err != nil {
		return false
	}
	return newBudget(len(input)).valid(&v, tl.schema, 0)
}

// RepairInput repairs the raw JSON text of one tool call's input: an Anthropic tool_use input,
// or OpenAI function arguments once decoded from their JSON string.
//
// It returns changed=false, and the caller passes the original bytes on, when the input already
// fits the schema, when the request offers no such tool or no usable schema for it, or when no
// repair makes it fit (docs/faults.md law: a repair fires only when its result fits). Truncated input
// is never completed (D46; anthropics/claude-code #1236, anthropic-sdk-python #794).
//
// Otherwise fixed is compact JSON that fits the schema — object members in their order, numbers
// as sent, strings re-escaped minimally — and kinds lists the kinds applied, each once, from
// KindArgs, KindCoerce, KindEscape in that order. It never panics and spends time and memory
// roughly linear in len(raw).
func (t *Tools) RepairInput(tool string, raw []byte, opt Options) (fixed []byte, kinds []string, changed bool) {
	defer func() {
		if recover() != nil {
			fixed, kinds, changed = nil, nil, false
		}
	}()
	fixed, m, changed := t.repairInput(tool, raw, opt)
	if !changed {
		return nil, nil, false
	}
	return fixed, m.kindStrings(), true
}

// repairInput is RepairInput without the recover, for the fuzz tests to see a panic.
func (t *Tools) repairInput(tool string, raw []byte, opt Options) ([]byte, mask, bool) {
	return t.repairWith(tool, raw, opt, newBudget(len(raw)))
}

// repairWith is repairInput spending b.
func (t *Tools) repairWith(tool string, raw []byte, opt Options, b *budget) ([]byte, mask, bool) {
	tl := t.lookup(tool)
	if tl == nil || tl.schema == nil {
		return nil, 0, false
	}
	text := unsafe.String(unsafe.SliceData(raw), len(raw)) // read in place: nothing read from it outlives the call
	var cands []candidate
	if v, err := parseJSON(text); err == nil {
		if b.valid(&v, tl.schema, 0) {
			return nil, 0, false
		}
		cands = []candidate{{v: v, text: text, end: len(strings.TrimRight(text, " \t\r\n"))}} // keepText copies the white space after
	} else if opt.Args {
		cands = argCandidates(text)
	}
	if wrapsCalls(tl.schema) {
		cands = append(cands, unwrapCandidates(cands, tool)...)
	}
	for _, c := range cands {
		w, m, ch := b.coerce(c.v, tl.schema, 0)
		if b.spent {
			return nil, 0, false
		}
		if (!ch && c.m == 0) || !b.judges(&w, tl.schema, 0) {
			continue
		}
		if opt.KeepText && c.lead != "" && w.kind == kindObject {
			return appendLead(c.lead, &w), m | c.m, true
		}
		if opt.KeepText {
			if out, ok := keepText(c, &w); ok {
				return out, m | c.m, true
			}
		}
		return appendJSON(make([]byte, 0, len(raw)+len(raw)/8), &w), m | c.m, true
	}
	if len(cands) == 1 && cands[0].m == 0 && cands[0].v.kind == kindString {
		return t.repairObjectText(tool, cands[0].v.text, opt, b)
	}
	return nil, 0, false
}

// objectText reports whether text may be the text of an object: it starts with { after white
// space, or is a Markdown fence (unfence) whose text does.
func objectText(text string) bool {
	if inner, ok := unfence(text); ok {
		text = inner
	}
	return strings.HasPrefix(strings.TrimLeft(text, " \t\r\n"), "{")
}

// repairObjectText repairs an input that is one JSON string holding the text of an object (D67:
// an Anthropic input, or OpenAI arguments, sent as the JSON text of the object) that reads as no
// object as it is: the text is the argument text the model wrote, as a stream's deltas carry it,
// so it takes the argument-text repairs (D21, D23, D24, D64-D66: Options.Args) whatever opt
// says, and so the input is the same whole as streamed. Reported as KindCoerce (the string
// became the object), with KindArgs only when opt has Args.
func (t *Tools) repairObjectText(tool, text string, opt Options, b *budget) ([]byte, mask, bool) {
	if ts, known := types(t.lookup(tool).schema); !known || ts&tString != 0 || !objectText(text) {
		return nil, 0, false
	}
	fixed, m, ok := t.repairWith(tool, []byte(text), Options{Args: true}, b)
	if !ok {
		return nil, 0, false
	}
	if !opt.Args {
		m &^= maskArgs
	}
	return fixed, m | maskCoerce, true
}

// ToolsFromAnthropic reads the tools of an Anthropic Messages request body: tools[].name with
// tools[].input_schema. A tool without input_schema (a server tool such as web_search) is known
// by name but never repaired. A body without tools gives an empty Tools; a body that is not a
// JSON object gives an empty Tools and an error.
func ToolsFromAnthropic(requestBody []byte) (*Tools, error) {
	return readTools(requestBody, "anthropic", func(t *Tools, v *value, legacy bool) {
		if !legacy {
			addNamed(t, v.member("name"), v.member("input_schema"), false)
		}
	})
}

// ToolsFromChat reads the tools of an OpenAI Chat Completions request body: tools[] of type
// "function" (or without a type) with function.name and function.parameters, and the legacy
// functions[] with name and parameters. A function without parameters takes none: its schema is
// an object without properties. Errors as ToolsFromAnthropic.
func ToolsFromChat(requestBody []byte) (*Tools, error) {
	return readTools(requestBody, "chat", func(t *Tools, v *value, legacy bool) {
		if legacy {
			addLegacy(t, v.member("name"), v.member("parameters"))
			return
		}
		if typ := v.member("type"); typ != nil && (typ.kind != kindString || typ.text != "function") {
			return
		}
		if fn := v.member("function"); fn != nil && fn.kind == kindObject {
			addNamed(t, fn.member("name"), fn.member("parameters"), true)
		}
	})
}

// ToolsFromResponses reads the tools of an OpenAI Responses request body: tools[] of type
// "function" with name and parameters. Other tool types (built-in, custom) are skipped. Errors as
// ToolsFromAnthropic.
func ToolsFromResponses(requestBody []byte) (*Tools, error) {
	return readTools(requestBody, "responses", func(t *Tools, v *value, legacy bool) {
		if typ := v.member("type"); !legacy && typ != nil && typ.kind == kindString && typ.text == "function" {
			addNamed(t, v.member("name"), v.member("parameters"), true)
		}
	})
}

// emptyParams is the schema of an OpenAI function declared without parameters.
var emptyParams = value{kind: kindObject, keys: []string{"type", "properties"},
	elems: []value{{kind: kindString, text: "object"}, {kind: kindObject}}}

// addNamed records a tool from its name and schema members; an OpenAI function without (or with
// null) parameters takes none.
func addNamed(t *Tools, name, doc *value, openai bool) {
	if name == nil || name.kind != kindString || name.text == "" {
		return
	}
	if doc != nil && doc.kind == kindNull {
		doc = nil
	}
	if doc == nil && openai {
		doc = &emptyParams
	}
	t.add(name.text, doc)
}

// addLegacy records a tool of the legacy functions[] (see tool.legacy); a name also declared in
// tools[] stays callable.
func addLegacy(t *Tools, name, doc *value) {
	known := name != nil && name.kind == kindString && t.lookup(name.text) != nil
	addNamed(t, name, doc, true)
	if !known && name != nil && name.kind == kindString {
		if tl := t.lookup(name.text); tl != nil {
			tl.legacy = true
		}
	}
}

// readChoice reads a request's tool_choice: none is true when it forbids calls ("none", or an
// object of type "none"); only is the tool it names (Anthropic {"type":"tool","name":N}, Chat
// {"type":"function","function":{"name":N}}, Responses {"type":"function","name":N}); single is
// Anthropic's disable_parallel_tool_use. Anything else (absent, "auto", "required", "any")
// gives zero values.
func readChoice(raw json.RawMessage) (none bool, only string, single bool) {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s == "none", "", false
	}
	var o struct {
		Type     string `json:"type"`
		Name     string `json:"name"`
		Function struct {
			Name string `json:"name"`
		} `json:"function"`
		DisableParallel bool `json:"disable_parallel_tool_use"`
	}
	if json.Unmarshal(raw, &o) != nil {
		return false, "", false
	}
	only = o.Name
	if only == "" {
		only = o.Function.Name
	}
	if o.Type != "tool" && o.Type != "function" {
		only = ""
	}
	return o.Type == "none", only, o.DisableParallel
}

// AllowsCalls reports, as an error, when the request does not allow n calls in one answer
// (n > 1 with parallel calls turned off); nil when it does. Leaked text becomes calls only then.
func (t *Tools) AllowsCalls(n int) error {
	if t != nil && t.single && n > 1 {
		return fmt.Errorf("the request allows one tool call per answer, the text holds %d", n)
	}
	return nil
}

// readTools decodes tools[] (and the legacy functions[]) of a request body in one pass and hands
// each object entry to add, with legacy set for functions[] entries.
// jsonFormat reports whether raw is an answer format object whose type asks for JSON
// (json_object or json_schema). Anything else, malformed included, asks for none.
func jsonFormat(raw json.RawMessage) bool {
	var f struct {
		Type string `json:"type"`
	}
	return len(raw) > 0 && json.Unmarshal(raw, &f) == nil && (f.Type == "json_object" || f.Type == "json_schema")
}

// objectMember is the member name of the JSON object raw, nil when raw is no object or has none.
func objectMember(raw json.RawMessage, name string) json.RawMessage {
	var o map[string]json.RawMessage
	if len(raw) == 0 || json.Unmarshal(raw, &o) != nil {
		return nil
	}
	return o[name]
}

func readTools(body []byte, api string, add func(t *Tools, entry *value, legacy bool)) (*Tools, error) {
	t := newTools()
	var req struct {
		Tools      json.RawMessage `json:"tools"`
		Functions  json.RawMessage `json:"functions"`
		ToolChoice json.RawMessage `json:"tool_choice"`
		Parallel   *bool           `json:"parallel_tool_calls"`
		// the answer formats: Chat's, Responses' text.format, Anthropic's two spellings
		ResponseFormat json.RawMessage `json:"response_format"`
		Text           json.RawMessage `json:"text"`
		OutputFormat   json.RawMessage `json:"output_format"`
		OutputConfig   json.RawMessage `json:"output_config"`
	}
	if err := json.Unmarshal(body, &req); err != nil {
		return t, fmt.Errorf("reading the tools of a %s request: %w", api, err)
	}
	t.jsonText = jsonFormat(req.ResponseFormat) || jsonFormat(req.OutputFormat) ||
		jsonFormat(objectMember(req.Text, "format")) || jsonFormat(objectMember(req.OutputConfig, "format"))
	t.noCalls, t.only, t.single = readChoice(req.ToolChoice)
	if req.Parallel != nil && !*req.Parallel {
		t.single = true
	}
	for _, l := range []struct {
		raw    json.RawMessage
		legacy bool
	}{{req.Tools, false}, {req.Functions, true}} {
		if len(l.raw) == 0 {
			continue
		}
		list, err := parseJSON(string(l.raw))
		if err != nil {
			return t, fmt.Errorf("reading the tools of a %s request: %w", api, err)
		}
		for i := range list.elems {
			if e := &list.elems[i]; list.kind == kindArray && e.kind == kindObject {
				add(t, e, l.legacy)
			}
		}
	}
	return t, nil
}
