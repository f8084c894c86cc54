package markup

import (
	"math/bits"
	"slices"
)

// A family is one leaked-call format: an envelope (its openers, where each may stand, the
// per-call opener and closer, the separator between calls, the closer) around one of a few
// shared body readers. The table families is the one list of them: the scanner's triggers, the
// streaming Holder's first bytes, [Families] for analyze and the closers other rules cut
// ([Closers]) are all derived from it. A new format is one row here and its test vectors in
// testdata/vectors.

// Stand says where an opener may stand in the text for its markup to count.
type Stand uint8

const (
	// LineStart: only blanks before it on its line (Invoke: or a stray word). Markup after prose
	// on its line ("The format is: <tool_call>…") is an example, not a leak.
	LineStart Stand = iota
	// Anywhere: glued after other text too. For the special tokens of a model's vocabulary and
	// tags no prose writes, which the models emit glued to their text (D04, D05, D58, D59, D62).
	Anywhere
	// TextStart: only blanks before it in the whole text: the bare formats (a JSON object or list,
	// a Python call list) that a server parses only when the whole answer is the call.
	TextStart
	// LineEnd: glued after text on its line too, when only blanks and a line break follow it, as
	// Qwen's template writes "…for you.<tool_call>\n<function=…" (vllm
	// test_qwen3_xml_coder_shared.py single_tool_with_content); an example in prose goes on on
	// its line ("The format is: <tool_call>{…}").
	LineEnd
	// AfterStop: at a line's start, or glued after text whose last character other than a blank
	// on its line ends a sentence (. ! ? and the CJK 。！？). For the special tokens prose quotes by name: a sentence
	// that shows one ("Granite models emit <|tool_call|>[…]", "Llama writes <|python_tag|>{…}")
	// runs on into it, while the models emit theirs after a finished sentence ("Let me check the
	// weather for you. <|tool_call>call:…", vllm test_gemma4_tool_parser.py text_before) (issue
	// 20 G2; attack round 2026-12-01 la-granite-inline, la-gemma-prose, la-python-tag-prose).
	AfterStop
)

// nStands is the number of Stand values.
const nStands = int(AfterStop) + 1

// Opener is one way a family's markup begins.
type Opener struct {
	Text  string // the literal the markup begins with
	Stand Stand
}

// body names a body reader: how the calls inside an envelope are written.
type body uint8

const (
	// The families known before the table read their envelope themselves.
	bodyInvokeItems body = iota // invoke elements, bare or in a wrapper (invoke.go)
	bodyDeepSeek                // DeepSeek's tokens and DSML (tokens.go, dsml.go)
	bodyHarmony                 // gpt-oss Harmony (harmony.go)
	bodyMistral                 // [TOOL_CALLS] (mistral.go)

	// The shared readers of an envelope's calls (bodies.go, toolcall.go, python.go).
	bodyJSONCall     // one JSON object {"name": T, "arguments": {…}} ("parameters" too when Params)
	bodyJSONList     // a JSON list of such objects
	bodyNameJSON     // a tool name, NameSep, a JSON object (Kimi)
	bodyFunction     // Qwen's <function=T><parameter=P>V</parameter>…</function>
	bodyBareFunction // the same without its wrapper's opener, a stray </tool_call> after it taken along
	bodyArgKV        // GLM's tool name then <arg_key>K</arg_key><arg_value>V</arg_value> pairs
	bodyInvoke       // one <invoke name="T"><parameter name="P">V</parameter>…</invoke>, any namespace
	bodyPython       // a Python call list [f(a=1), g(b="x")]
	bodyGemma        // Gemma 4's call:T{k:<|"|>v<|"|>,…}
	bodyKeyedList    // a JSON list of {"T": {…}} objects, each keyed by its tool name (Apertus)
)

// Family is one row of the table: a leaked-call format.
type Family struct {
	Name   string   // the models or parser that write it, for people
	Row    string   // its docs/faults.md (REPAIRS.md) row
	Syntax Syntax   // the bit that enables it
	Open   []Opener // the ways its markup begins

	// The envelope of the rows read by a shared body reader (the older rows read their own).
	Item    string // each call's opener inside the envelope; "" none
	Lead    string // after Item, an optional literal followed by a name and blanks, skipped (Step3's function<｜tool_sep｜>T)
	ItemEnd string // each call's closer; "" none
	Sep     string // an optional separator between calls; "" none
	Many    bool   // more than one call may stand in one envelope
	Close   string // the envelope's closer; "" none. A closer missing at the end of the text is forgiven once a call is complete
	Close2  string // another closer that ends the envelope as well (Kimi's singular and plural section tokens); "" none
	Params  bool   // a JSON call object may name its arguments "parameters" (Llama 3, InternLM)
	NameSep string // bodyNameJSON: the literal between the name and the arguments
	// bodyNameJSON: a prefix and a :N index suffix removed from the name when present (Kimi's
	// functions.T:0)
	NamePrefix string
	NameIndex  bool
	body       body
	// closers are the closing tags of its markup that a value's rule may cut from a string's
	// end (see [Closers]).
	closers []string
}

// Syntax bits of the families read by the shared body readers (D62: the parsers and tests of
// vllm-project/vllm vllm/tool_parsers/ and tests/tool_parsers/, sgl-project/sglang
// python/sglang/srt/function_call/).
const (
	// SeedOSS is ByteDance Seed-OSS's <seed:tool_call><function=T>… (vllm seed_oss_tool_parser).
	SeedOSS Syntax = lastSyntax << (iota + 1)
	// LongCat is Meituan LongCat's <longcat_tool_call>{"name", "arguments"} (vllm longcat_tool_parser).
	LongCat
	// ToolCallsList is <tool_calls>[{"name", "arguments"}, …]</tool_calls> of Hunyuan A13B and
	// AI21 Jamba (vllm hunyuan_a13b_tool_parser, jamba_tool_parser).
	ToolCallsList
	// Step3 is StepFun Step3's <｜tool_calls_begin｜><｜tool_call_begin｜><steptml:invoke name=T>…
	// (vllm step3_tool_parser).
	Step3
	// InternLM is InternLM2's <|action_start|><|plugin|>{"name", "parameters"}<|action_end|>
	// (vllm internlm2_tool_parser).
	InternLM
	// Granite is IBM Granite's <|tool_call|>[{"name", "arguments"}, …] (vllm granite_tool_parser).
	Granite
	// Phi4Mini is Phi-4-mini's functools[{"name", "arguments"}, …] (vllm phi4mini_tool_parser).
	Phi4Mini
	// Llama3JSON is Llama 3.x's {"name": T, "parameters": {…}}, after <|python_tag|> or as the
	// whole text, several joined by ; (vllm llama_tool_parser).
	Llama3JSON
	// Pythonic is a Python call list [f(a=1), g(b="x")] as the whole text (Llama 3.2/4, vllm
	// pythonic_tool_parser), in Llama 4's <|python_start|>…<|python_end|>, in LFM2's
	// <|tool_call_start|>…<|tool_call_end|>, or Olmo 3's calls one a line in
	// <function_calls>…</function_calls> (vllm llama4_pythonic_tool_parser, lfm2_tool_parser,
	// olmo3_tool_parser).
	Pythonic
	// Gemma4 is Gemma 4's <|tool_call>call:T{k:<|"|>v<|"|>}<tool_call|> (vllm gemma4_tool_parser).
	Gemma4
	// Apertus is Swiss AI Apertus's <|tools_prefix|>[{"T": {…}}, …]<|tools_suffix|> (vllm
	// apertus_tool_parser).
	Apertus
	// JSONList is a bare JSON list of {"name", "arguments"} objects as the whole text
	// (Salesforce xLAM, vllm xlam_tool_parser).
	JSONList

	lastFamily = JSONList
)

// All enables every syntax.
const All = lastFamily<<1 - 1

// families is the table of every leaked-call format, in the order they are tried at one position.
var families = []Family{
	{Name: "Claude/MiniMax invoke", Row: "D01", Syntax: Invoke, body: bodyInvokeItems,
		// any tag name may carry a namespace prefix (<invoke, <ns:tool_call>): "<" stands for them
		// MiniMax's wrapper is a special token of its vocabulary: it counts glued after text too
		Open:    []Opener{{"<invoke", LineStart}, {"<function_calls>", LineStart}, {minimaxWrap, Anywhere}, {"<", LineStart}},
		closers: []string{"</parameter>", "</invoke>", "</function_calls>"}},
	{Name: "Hermes, ERNIE", Row: "D03b", Syntax: ToolCallXML, body: bodyJSONCall,
		Open: []Opener{{tcOpen, LineStart}, {tcOpen, LineEnd}}, Close: tcClose},
	{Name: "Qwen3 Coder / XML", Row: "D03", Syntax: ToolCallXML, body: bodyFunction,
		Open: []Opener{{tcOpen, LineStart}, {tcOpen, LineEnd}}, Close: tcClose,
		closers: []string{"</parameter>", "</function>", "</tool_call>"}},
	{Name: "Qwen3 Coder without <tool_call>", Row: "D03", Syntax: ToolCallXML, body: bodyBareFunction,
		Open: []Opener{{qwenFunc, LineStart}}},
	{Name: "GLM 4.5/4.6/4.7", Row: "D06", Syntax: ToolCallXML, body: bodyArgKV,
		Open: []Opener{{tcOpen, LineStart}, {tcOpen, LineEnd}}, Close: tcClose},
	{Name: "Kimi K2", Row: "D04", Syntax: Kimi, body: bodyNameJSON,
		Open: []Opener{{kimiSection, AfterStop}, {kimiSection1, AfterStop}}, Item: kimiCall, NameSep: kimiArgs,
		NamePrefix: "functions.", NameIndex: true, ItemEnd: kimiCallEnd, Many: true, Close: kimiSectionEnd, Close2: kimiSection1End},
	{Name: "DeepSeek", Row: "D05", Syntax: DeepSeek, body: bodyDeepSeek,
		Open: []Opener{{dsCalls, Anywhere}, {dsmlCalls, Anywhere}, {dsmlToolCalls, Anywhere}, {dsmlInvoke, Anywhere}}},
	{Name: "gpt-oss Harmony", Row: "D58", Syntax: Harmony, body: bodyHarmony,
		Open: []Opener{{hStart, Anywhere}, {hChannel, Anywhere}, {hComment, LineStart}}},
	{Name: "Mistral", Row: "D59", Syntax: Mistral, body: bodyMistral,
		Open: []Opener{{mToolCalls, Anywhere}}},

	{Name: "Seed-OSS", Row: "D62", Syntax: SeedOSS, body: bodyFunction,
		Open: []Opener{{"<seed:tool_call>", Anywhere}}, Close: "</seed:tool_call>",
		closers: []string{"</parameter>", "</function>", "</seed:tool_call>"}},
	{Name: "LongCat", Row: "D62", Syntax: LongCat, body: bodyJSONCall,
		Open: []Opener{{"<longcat_tool_call>", AfterStop}}, Close: "</longcat_tool_call>"},
	{Name: "Hunyuan A13B, Jamba", Row: "D62", Syntax: ToolCallsList, body: bodyJSONList,
		Open: []Opener{{"<tool_calls>", LineStart}}, Close: "</tool_calls>"},
	{Name: "Step3", Row: "D62", Syntax: Step3, body: bodyInvoke,
		Open: []Opener{{"<｜tool_calls_begin｜>", AfterStop}}, Item: "<｜tool_call_begin｜>",
		Lead: "function<｜tool_sep｜>", ItemEnd: "<｜tool_call_end｜>", Sep: "<｜tool_sep｜>", Many: true,
		Close: "<｜tool_calls_end｜>", closers: []string{"</steptml:parameter>", "</steptml:invoke>"}},
	{Name: "InternLM2", Row: "D62", Syntax: InternLM, body: bodyJSONCall, Params: true,
		Open: []Opener{{"<|action_start|><|plugin|>", AfterStop}}, Close: "<|action_end|>"},
	{Name: "Granite", Row: "D62", Syntax: Granite, body: bodyJSONList,
		Open: []Opener{{"<|tool_call|>", AfterStop}}},
	{Name: "Phi-4-mini", Row: "D62", Syntax: Phi4Mini, body: bodyJSONList,
		Open: []Opener{{"functools", LineStart}}},
	{Name: "Llama 3 JSON", Row: "D62", Syntax: Llama3JSON, body: bodyJSONCall, Params: true, Sep: ";", Many: true,
		Open: []Opener{{"<|python_tag|>", AfterStop}, {"{", TextStart}}, Close: "<|eom_id|>"},
	{Name: "pythonic (Llama 3.2/4, LFM2)", Row: "D62", Syntax: Pythonic, body: bodyPython,
		Open: []Opener{{"[", TextStart}}},
	{Name: "Llama 4 pythonic", Row: "D62", Syntax: Pythonic, body: bodyPython,
		Open: []Opener{{"<|python_start|>", Anywhere}}, Close: "<|python_end|>"},
	{Name: "LFM2 pythonic", Row: "D62", Syntax: Pythonic, body: bodyPython,
		Open: []Opener{{"<|tool_call_start|>", AfterStop}}, Close: "<|tool_call_end|>"},
	{Name: "Olmo 3 pythonic", Row: "D62", Syntax: Pythonic, body: bodyPython, Many: true,
		Open: []Opener{{"<function_calls>", LineStart}}, Close: "</function_calls>"},
	{Name: "Gemma 4", Row: "D62", Syntax: Gemma4, body: bodyGemma,
		Open: []Opener{{"<|tool_call>", AfterStop}}, Close: "<tool_call|>"},
	{Name: "Apertus", Row: "D62", Syntax: Apertus, body: bodyKeyedList,
		Open: []Opener{{"<|tools_prefix|>", AfterStop}}, Close: "<|tools_suffix|>"},
	{Name: "xLAM JSON list", Row: "D62", Syntax: JSONList, body: bodyJSONList,
		Open: []Opener{{"[", TextStart}}},
}

// Families returns the table of leaked-call formats, for analyze's lists and the docs. The
// caller must not change it.
func Families() []Family { return families }

// FamilyOf returns the first row of the syntax bit x (a single bit), or false. (ToolCallXML's
// first row names D03b; analyze tells its rows apart by the call.)
func FamilyOf(x Syntax) (Family, bool) {
	for _, f := range families {
		if f.Syntax == x {
			return f, true
		}
	}
	return Family{}, false
}

// Openers returns every opener of the families of syn, for a caller that looks for markup
// anywhere in a text (analyze's "markup in prose" finding).
func Openers(syn Syntax) []string {
	var out []string
	for _, f := range families {
		if f.Syntax&syn == 0 {
			continue
		}
		for _, o := range f.Open {
			if len(o.Text) > 1 && !slices.Contains(out, o.Text) {
				out = append(out, o.Text)
			}
		}
	}
	return out
}

// Closers returns the closing tags of the families of syn that a string value's rule may cut from
// a value's end when a model left them glued to it (D23b), each once.
func Closers(syn Syntax) []string {
	var out []string
	seen := map[string]bool{}
	for _, f := range families {
		if f.Syntax&syn == 0 {
			continue
		}
		for _, c := range f.closers {
			if !seen[c] {
				seen[c] = true
				out = append(out, c)
			}
		}
	}
	return out
}

// triggers are, per stand and per first byte of an opener, the syntaxes whose markup may begin
// there; seconds the same per second byte (every byte for a one-byte opener), a second sieve;
// anywhere is the syntaxes with an opener that counts glued after text, lineEnd those with one
// that counts glued when its line ends after it; rowsOf lists each
// syntax bit's rows (by the bit's index), in table order.
var (
	triggers [nStands][256]Syntax
	seconds  [nStands][256]Syntax
	anywhere Syntax
	lineEnd  Syntax
	stop     Syntax // the syntaxes with an AfterStop opener
	rowsOf   [64][]*Family
)

func init() {
	for k := range families {
		f := &families[k]
		rowsOf[bits.TrailingZeros(uint(f.Syntax))] = append(rowsOf[bits.TrailingZeros(uint(f.Syntax))], f)
		for _, o := range f.Open {
			triggers[o.Stand][o.Text[0]] |= f.Syntax
			for b := range 256 {
				if len(o.Text) == 1 || o.Text[1] == byte(b) {
					seconds[o.Stand][b] |= f.Syntax
				}
			}
			switch o.Stand {
			case Anywhere:
				anywhere |= f.Syntax
				loud[o.Text[0]] = true
			case LineEnd:
				lineEnd |= f.Syntax
				loud[o.Text[0]] = true
			case AfterStop:
				stop |= f.Syntax
				loud[o.Text[0]] = true
			}
		}
	}
}
