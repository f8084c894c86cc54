package markup

import (
	"math/bits"
	"slices"
	"strings"
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
	// Anywhere: glued after other text too, wherever it stands. No row of the table has it now
	// (see Glued); a family of a test may.
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
	// LineStartFree: as LineStart, outside a call wrapper (<tool_call>, <minimax:tool_call>,
	// <function_calls>) the text opened before and did not close.
	// For Qwen's <function=…> without its wrapper: inside an open <tool_call> it is a part of that
	// call written in another order ("<tool_call>\n<parameter=command>ls</parameter>\n
	// <function=list_files>", vllm test_mimov2_flash_tool_parser.py
	// test_extract_multiple_tool_calls), which toolfix does not read, never a call of its own. For
	// a bare <invoke> likewise: inside an open wrapper whose block toolfix did not take (an
	// undeclared invoke before it), it is a part of that block (report-wrap-minimax-undeclared-first).
	LineStartFree
	// Glued: at a line's start, after a sentence's end (as AfterStop), or glued to the byte
	// before it, no blank between, unless that byte is a colon or ends "e.g."/"i.e.". For the
	// special tokens of a model's vocabulary and tags no prose writes: a tokenizer emits them
	// glued to the text before ("Normal text before<minimax:tool_call>", "bla[TOOL_CALLS]",
	// "assistant<|channel|>commentary": D04, D05, D58, D59, D62), while prose that shows one puts a
	// blank before it inside its sentence ("DeepSeek V3.2 writes its calls as <｜DSML｜…",
	// "Mistral prefixes a call with one token, as in [TOOL_CALLS]…": issue 20 look-alikes
	// report-lookalike3-dsml-inside-sentence, -mistral-as-in).
	Glued
	// GluedColon: as Glued, or after a colon (blanks between allowed) that does not end a word
	// introducing an example ("format:", "Example:": see exampleColon), for the tokens the peers'
	// vectors show after a colon and a blank ("Here's a call: <|python_start|>[…]", sglang
	// test_function_call_parser.py; "the tool call: [TOOL_CALLS] [", sglang Mistral).
	GluedColon
)

// nStands is the number of Stand values.
const nStands = int(GluedColon) + 1

// Opener is one way a family's markup begins.
type Opener struct {
	Text  string // the literal the markup begins with
	Stand Stand
}

// body names a body reader: how the calls inside an envelope are written.
type body uint8

const (
	// The shared readers of an envelope's calls (bodies.go, toolcall.go, python.go).
	bodyUnset        body = iota // the zero value, no row's: every row names its body
	bodyJSONCall                 // one JSON object {"name": T, "arguments": {…}} ("parameters" too when Params)
	bodyJSONList                 // a JSON list of such objects
	bodyNameJSON                 // a tool name, NameSep, a JSON object (Kimi)
	bodyFunction                 // Qwen's <function=T><parameter=P>V</parameter>…</function>
	bodyBareFunction             // the same without its wrapper's opener, a stray </tool_call> after it taken along
	bodyArgKV                    // GLM's tool name then <arg_key>K</arg_key><arg_value>V</arg_value> pairs
	bodyInvoke                   // one <invoke name="T"><parameter name="P">V</parameter>…</invoke>, any namespace (invoke.go)
	bodyPython                   // a Python call list [f(a=1), g(b="x")]
	bodyGemma                    // Gemma 4's call:T{k:<|"|>v<|"|>,…}
	bodyKeyedList                // a JSON list of {"T": {…}} objects, each keyed by its tool name (Apertus)
	bodyElements                 // <CallTag name="T"><ParamTag name="P">V</ParamTag>…</CallTag> (elements.go)
	bodyKeyElements              // <CallTag name="T"><K>V</K>…</CallTag>, NS before every tag (MiniMax M3)
	bodyHeadJSON                 // headers naming the tool (Heads), then a JSON object (gpt-oss Harmony, harmony.go)
)

// Family is one row of the table: a leaked-call format.
type Family struct {
	Name   string   // the models or parser that write it, for people
	Row    string   // its docs/faults.md (REPAIRS.md) row
	Syntax Syntax   // the bit that enables it
	Open   []Opener // the ways its markup begins

	// Words are stray words that may stand alone on the line before the markup, or glued before
	// it, dropped with it (Invoke's count, court and call, D01); nil none.
	Words []string
	// Wraps are bodyInvoke's wrapper elements: the calls stand bare or in one of them, each tag
	// name optionally after one namespace prefix p: (a wrapper written ":n" only after one), a
	// wrapper's closer repeating its opener's name; the closer of a wrapper whose opener was lost,
	// after a bare call, is taken along when only blanks follow. nil: the calls stand in the
	// envelope's Item, Sep and Close.
	Wraps []string

	// The envelope of a row's calls.
	Item    string // each call's opener inside the envelope; "" none
	Lead    string // after Item, an optional literal followed by a name and blanks, skipped (Step3's function<｜tool_sep｜>T)
	ItemEnd string // each call's closer; "" none
	Sep     string // an optional separator between calls; "" none
	Many    bool   // more than one call may stand in one envelope
	Close   string // the envelope's closer; "" none. A closer missing at the end of the text is forgiven once a call is complete
	Close2  string // another closer that ends the envelope as well (Kimi's singular and plural section tokens); "" none
	Params  bool   // a JSON call object may name its arguments "parameters" (Llama 3, InternLM)
	// TypeKey: a JSON call object may also hold "type": "function" beside its keys, or be the
	// OpenAI tool-call shape {"type": "function", "function": {"name": T, "parameters": {…}}}
	// (Llama 3.x writes both: vllm-project/vllm #11786).
	TypeKey bool
	// CloseNeeded: a call of the row counts only once its Close came; a text that ends before it
	// is short, never a forgiven cut (a JSON call object on a line after prose is a call only with
	// the </tool_call> of a lost opener after it).
	CloseNeeded bool
	// ArgsRequired: bodyArgKV: a call without one key/value pair is no call of this row, so that a
	// row whose opener stands looser (glued after a sentence) takes only markup no prose writes
	// ("…first.<tool_call>read<arg_key>…", while "Checking.<tool_call>get_current_date</tool_call>"
	// stays text: zai-org/GLM-5 #84; vllm test_glm47_moe_tool_parser.py)
	ArgsRequired bool
	NameKey      string // the key of a JSON call object that names its tool; "" "name" (Cohere's "tool_name")
	Extra        string // one more key a JSON call object may hold, its value ignored; "" none (Cohere's "tool_call_id")
	ArgsKey      string // another key that may hold a JSON call object's arguments (one of it and "arguments" at most); "" none (gemma3n's and MiniMax M2's "args")
	NameSep      string // bodyNameJSON: the literal between the name and the arguments; bodyArgKV: after the name (Hunyuan V3's <tool_sep>)
	// bodyNameJSON: a prefix and a :N index suffix removed from the name when present (Kimi's
	// functions.T:0)
	NamePrefix string
	NameIndex  bool
	// bodyNameJSON: Glued lets the arguments object follow the name without NameSep (Mistral
	// v11's T{…}); ID is the opener of an optional id segment, a token, before NameSep ("" none;
	// Mistral's [CALL_ID]); Fence is a name that, followed by NameSep and no object, introduces the
	// tool's name and its arguments in a ```json fence ("" none; DeepSeek V3's function).
	Glued     bool
	ID, Fence string
	// Tight: the body follows the opener glued, no blank between (Functionary v3.2's >>>T:
	// ">>> print(1)" of a Python prompt and ">>> text" of a quoted reply are no call).
	Tight bool
	Quote string // bodyGemma: the token around a string value; "" Gemma 4's <|"|>
	// KV are bodyArgKV's key and value tags (open key, close key, open value, close value); zero
	// GLM's <arg_key>, </arg_key>, <arg_value>, </arg_value>. With an Item, each call is one item,
	// its ItemEnd read by the pairs' reader.
	KV [4]string
	// KVType are bodyArgKV's open and close tags of an optional element between a key and its
	// value that names the value's type; zero none (K2 Horizon's typed form
	// <ifm|arg_type>T</ifm|arg_type>, vllm test_k2_horizon_tool_parser.py
	// test_request_level_format_overrides[xml_typed]). A type other than string marks the value
	// JSON text (Param.JSON, as DSML's string="false"): the schema still types it, and the JSON
	// reading is taken only where it fits, so 123 typed integer is the integer of a string-or-
	// integer union (sglang test_k2_v3_detector.py test_xml_typed_union_uses_wire_value_type).
	KVType [2]string
	// CallTag and ParamTag are bodyElements' tag names (MiniCPM 5's function and param); CDATA
	// whether a value written as one CDATA section is unwrapped; Marks the element marks (an
	// opener's start and end, a closer's start and end; zero < > </ >); NameAttr and KeyAttr the
	// attributes naming the tool and a parameter ("" name); OtherAttr one more attribute a call
	// element may have, ignored; TypeAttr a parameter's XTML type attribute ("" DSML's string).
	CallTag, ParamTag string
	CDATA             bool
	// JSONBody: bodyElements: a call element's body may be one JSON object of its arguments in
	// place of parameter elements, blanks around it (DeepSeek V3.2/V4's forced-call shape,
	// <｜DSML｜invoke name="T">⏎{"k": "v"}⏎</｜DSML｜invoke>: sglang
	// test_deepseekv32_strict_dsml.py test_json_body_and_several_blocks). SelfClose: a call
	// element may be written self-closed, <C name="T"/>, a call without arguments (sglang
	// test_deepseekv32_strict_dsml.py test_zero_argument_forms).
	JSONBody, SelfClose bool
	// JSONTag: bodyElements: a call element's body may be one element of this tag name, in Marks,
	// holding the JSON object of its arguments in place of parameter elements (Kimi K3's
	// <|open|>json type="object"<|sep|>{…}<|close|>json<|sep|>, which the module doc of mlx-lm's
	// kimi_k3 parser gives: ml-explore/mlx-lm 7d505c2 test_kimi_k3); "" none.
	JSONTag             string
	Marks               [4]string
	NameAttr, KeyAttr   string
	OtherAttr, TypeAttr string
	NS                  string // bodyKeyElements: the namespace token before every tag
	// Heads are bodyHeadJSON's headers, read in turn after the opener; Recipient is the prefix of
	// the one header word that names the tool (Harmony's to=functions.T), HeadSplit a token that
	// begins a word of a header even glued to the word before it ("" none).
	Heads                []Head
	Recipient, HeadSplit string
	// Lines: bodyPython's string literals may hold a raw line break, kept in the value (LFM2's
	// multi-line shell commands, vllm test_lfm2_tool_parser.py multiline_string_arg); false a
	// literal must stand on one line, as Python's do.
	Lines bool
	// Trail are tokens that may follow the envelope (after its closer, if it has one) at the end
	// of the text, blanks around, taken along with the markup: Gemma 4's <|tool_response>, the
	// turn its template writes after a call for the tool's reply (a server that does not stop on
	// it passes it on), and its closer written twice (ollama gemma4_test.go
	// TestGemma4Parser_IgnoresToolResponseBoundaryAfterToolCall,
	// TestGemma4Parser_IgnoresExtraToolCallCloseTags); LFM2's <|tool_call_end|> after a bare
	// Python call list whose start token the server consumed (ollama lfm2_test.go
	// TestLFM2Parser_parseToolCallsContent single_call_with_orphan_end_tag). Text after one
	// leaves the tail as text after any closer does; nil none.
	Trail []string
	// CloseOpt: the closer (Close or Close2) may be left out though text follows the call; the
	// text ending inside one is cut unless it may still become an opener of the syntax.
	CloseOpt bool
	// HeadEnd: after the opener, a header naming the tool (blanks, a name) ends with this marker,
	// and the envelope's every call must be of that tool, else it is no call of the row; "" no
	// header (Inkling's <|message_model|>T<|content_invoke_tool_json|>, sglang
	// inkling_detector.py, which rejects a header naming another tool than its payload; Muse
	// Glimmer's channel header <|start|>assistant to=T<|message|>, sglang
	// muse_glimmer_detector.py). With Wraps, Close and Close2 are optional end tokens after the
	// block (Glimmer's <|eom|> and <|eot|>).
	HeadEnd string
	body    body
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
	// AI21 Jamba (vllm hunyuan_a13b_tool_parser, jamba_tool_parser), and Tencent Hunyuan (Hy)
	// V3's and V4's <tool_calls><tool_call>T<tool_sep><arg_key>K</arg_key><arg_value>V</arg_value>…
	// </tool_call></tool_calls>, V4 without <tool_sep> and its tags optionally suffixed
	// :opensource (vllm hy_v3_tool_parser, hy_v4_tool_parser), MiniMax M1's
	// <tool_calls>{"name", "arguments"}⏎{…}</tool_calls>, one object a line (vllm
	// minimax_tool_parser), and SGLang multi_format's
	// <tool_calls><invoke name="T"><parameter name="P">V</parameter></invoke></tool_calls> (sglang
	// multi_format_detector, minimax and dsv32 dialects).
	ToolCallsList
	// Step3 is StepFun Step3's <｜tool_calls_begin｜><｜tool_call_begin｜><steptml:invoke name=T>…
	// (vllm step3_tool_parser).
	Step3
	// InternLM is InternLM2's <|action_start|><|plugin|>{"name", "parameters"}<|action_end|>
	// (vllm internlm2_tool_parser).
	InternLM
	// Granite is IBM Granite's <|tool_call|>[{"name", "arguments"}, …] (vllm granite_tool_parser),
	// and Granite 20B FC's <function_call> {"name", "arguments"}, one a line (vllm
	// granite_20b_fc_tool_parser).
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
	// olmo3_tool_parser), and SGLang multi_format's one call in <tool_call>…</tool_call> (sglang
	// multi_format_detector, python dialect).
	Pythonic
	// Gemma4 is Gemma 4's <|tool_call>call:T{k:<|"|>v<|"|>}<tool_call|> (vllm gemma4_tool_parser),
	// and FunctionGemma's <start_function_call>call:T{k:<escape>v<escape>}<end_function_call>
	// (vllm functiongemma_tool_parser).
	Gemma4
	// Apertus is Swiss AI Apertus's <|tools_prefix|>[{"T": {…}}, …]<|tools_suffix|> (vllm
	// apertus_tool_parser).
	Apertus
	// GigaChat is GigaChat 3's {"name", "arguments"} after its function call header
	// <|message_sep|>⏎⏎function call<|role_sep|>⏎, or GigaChat 3.1's <|function_call|>, an
	// optional </s> after it (vllm gigachat3_tool_parser), and GigaChat 3.5's DSML-like
	// <｜GCML｜tool_calls><｜GCML｜invoke name="T"><｜GCML｜parameter name="P"
	// string="true|false">V</｜GCML｜parameter>… (vllm gigachat35_tool_parser).
	GigaChat
	// Cohere is Cohere Command A's (and Command R7B's) <|START_ACTION|>[{"tool_call_id",
	// "tool_name", "parameters"}, …]<|END_ACTION|> (vllm cohere_command_tool_parser).
	Cohere
	// Plamo is PLaMo 3's <|plamo:begin_tool_requests:plamo|> tags around a name and JSON arguments
	// (vllm plamo3_tool_parser).
	Plamo
	// MiniCPM is MiniCPM 5's <function name="T"><param name="P">V</param></function> (vllm
	// minicpm5xml_tool_parser).
	MiniCPM
	// Pangu is openPangu's <|tool_call_start|>[{"name", "arguments"}, …]<|tool_call_end|>, LFM2's
	// tokens around a JSON list (vllm pangu_tool_parser), "parameters" for "arguments" too, as
	// SGLang's LFM2 detector reads them (sglang test_function_call_parser.py TestLfm2Detector). One
	// object without its list is no call (vllm test_openpangu_tool_parser.py
	// test_extract_tool_calls_invalid_single_object).
	Pangu
	// KimiK3 is Kimi K3's XTML tools channel <|open|>tools<|sep|><|open|>call tool="T"
	// index="N"<|sep|><|open|>argument key="K" type="string"<|sep|>V<|close|>argument<|sep|>…
	// <|close|>call<|sep|><|close|>tools<|sep|> (vllm kimi_k3_tool_parser).
	KimiK3
	// MiniMaxM3 is MiniMax M3's <tool_call><invoke name="T"><K>V</K>…</invoke></tool_call>, its
	// namespace token ]<]minimax[>[ before every tag (vllm minimax_m3_tool_parser).
	MiniMaxM3
	// NemotronJSON is NVIDIA Nemotron's <TOOLCALL>[{"name", "arguments"}, …]</TOOLCALL>, or one
	// object in it (vllm nemotron_json_tool_parser).
	NemotronJSON
	// Qwen25Coder is Qwen2.5-Coder's <tools>{"name", "arguments"}</tools>, or a list of them,
	// "parameters" too (vllm qwen25_coder_tool_parser).
	Qwen25Coder
	// Dots is rednote dots.llm's <dots_function_call> around invoke elements, or a JSON call
	// object (vllm dots_tool_parser).
	Dots
	// SolarOpen is Upstage Solar Open 2's <|tool_call:start|>T⏎<|tool_arg:start|>K<|tool_arg:value|>V
	// <|tool_arg:end|>…<|tool_call:end|> (vllm solar_open2_tool_parser).
	SolarOpen
	// K2Horizon is K2 Horizon's <ifm|tool_calls> around <ifm|tool_call>T<ifm|arg_key>K</ifm|arg_key>
	// <ifm|arg_value>V</ifm|arg_value></ifm|tool_call> items, or JSON call objects in them (vllm
	// k2_horizon_tool_parser), and K2 V3's items without the group, a JSON call object or list in
	// one too (sglang multi_format_detector K2V3Detector).
	K2Horizon
	// JSONList is a bare JSON list of {"name", "arguments"} objects as the whole text
	// (Salesforce xLAM, vllm xlam_tool_parser; "parameters" too, SGLang's json_array_parser), the
	// same list after HyperCLOVAX SEED Think 14B's " -> tool/function_call" header (vllm
	// hyperclovax_seed_think_14b_tool_parser), and llama.cpp's generic format, such a list or one
	// object as the member of a whole-text object {"tool_calls": […]} or {"tool_call": {…}}
	// (ggml-org/llama.cpp PR #9639), under this bit as the closest bare-JSON family.
	JSONList
	// MiniMaxBracket is MiniMax M2's [TOOL_CALL] {"tool": T, "args": {…}} [/TOOL_CALL], as LM
	// Studio passes it on (lmstudio-ai/lmstudio-bug-tracker #1177).
	MiniMaxBracket
	// Inkling is Inkling's <|message_model|>T<|content_invoke_tool_json|>{"name": T, "args": {…}}
	// <|end_message|>, its header optional (sglang inkling_detector.py,
	// test_inkling_detector.py).
	Inkling

	lastFamily = Inkling
)

// genericOpeners are the ways llama.cpp's generic format opens its object with key, as the whole
// text: {"key": compact, or with a blank, a line break and indent after the brace.
func genericOpeners(key string) []Opener {
	var os []Opener
	for _, lead := range [...]string{"{", "{ ", "{\n  ", "{\n    ", "{\n\t"} {
		os = append(os, Opener{lead + `"` + key + `":`, TextStart})
	}
	return os
}

// minimaxNS is the namespace token MiniMax M3 writes before every tag of its calls.
const minimaxNS = "]<]minimax[>["

// All enables every syntax.
const All = lastFamily<<1 - 1

// families is the table of every leaked-call format, in the order they are tried at one position.
var families = []Family{
	{Name: "Claude/MiniMax invoke", Row: "D01", Syntax: Invoke, body: bodyInvoke, Words: strayWords[:],
		Wraps: []string{"function_calls", ":tool_call"},
		// any tag name may carry a namespace prefix (<invoke, <ns:tool_call>): "<" stands for them
		// MiniMax's wrapper is a special token of its vocabulary: it counts glued after text too
		// ("<" first: at a line's start it opens every block, so the reader is reached at once)
		// an invoke that starts a line inside a wrapper left open is a part of that block, never a
		// call of its own (LineStartFree): the block is taken whole or not at all
		Open:    []Opener{{"<", LineStartFree}, {"<invoke", LineStartFree}, {"<function_calls>", LineStart}, {minimaxWrap, Glued}},
		closers: []string{"</parameter>", "</invoke>", "</function_calls>"}},
	{Name: "Hermes, ERNIE", Row: "D03b", Syntax: ToolCallXML, body: bodyJSONCall,
		Open: []Opener{{tcOpen, LineStart}, {tcOpen, LineEnd}}, Close: tcClose},
	// gemma3n served by Ollama writes Hermes's object with "args" for "arguments" (ollama/ollama
	// #18357)
	{Name: "gemma3n Hermes, args", Row: "D03b", Syntax: ToolCallXML, body: bodyJSONCall, ArgsKey: "args",
		Open: []Opener{{tcOpen, LineStart}, {tcOpen, LineEnd}}, Close: tcClose},
	// llama.cpp's Hermes 2 Pro reader also takes Functionary v3.1's <function=T>{…}</function> (read
	// by the Qwen rows' JSON body, functionJSON), its <function name="T"> form, and the call object
	// in the other wrappers Hermes and Qwen 2.5 models write (ggml-org/llama.cpp
	// tests/test-chat.cpp COMMON_CHAT_FORMAT_HERMES_2_PRO)
	// the <tool_call> opener lost after a prose line, its closer left: the JSON call object on a
	// line of its own, then </tool_call>, which must come (D03b; as D03's bare <function=…>)
	{Name: "Hermes without <tool_call>", Row: "D03b", Syntax: ToolCallXML, body: bodyJSONCall, CloseNeeded: true,
		Open: []Opener{{"{", LineStart}}, Close: tcClose},
	{Name: "Hermes <function name=T>", Row: "D03b", Syntax: ToolCallXML, body: bodyNameJSON, NameSep: "\">",
		Open: []Opener{{"<function name=\"", LineStart}}, Close: "</function>"},
	{Name: "Hermes <tool>", Row: "D03b", Syntax: ToolCallXML, body: bodyJSONCall, Open: []Opener{{"<tool>", LineStart}}, Close: "</tool>"},
	{Name: "Hermes <response>", Row: "D03b", Syntax: ToolCallXML, body: bodyJSONCall, Open: []Opener{{"<response>", LineStart}}, Close: "</response>"},
	{Name: "Hermes <json>", Row: "D03b", Syntax: ToolCallXML, body: bodyJSONCall, Open: []Opener{{"<json>", LineStart}}, Close: "</json>"},
	{Name: "Hermes <JSON>", Row: "D03b", Syntax: ToolCallXML, body: bodyJSONCall, Open: []Opener{{"<JSON>", LineStart}}, Close: "</JSON>"},
	{Name: "Hermes <xml>", Row: "D03b", Syntax: ToolCallXML, body: bodyJSONCall, Open: []Opener{{"<xml>", LineStart}}, Close: "</xml>"},
	{Name: "Qwen3 Coder / XML", Row: "D03", Syntax: ToolCallXML, body: bodyFunction,
		Open: []Opener{{tcOpen, LineStart}, {tcOpen, LineEnd}}, Close: tcClose,
		closers: []string{"</parameter>", "</function>", "</tool_call>"}},
	{Name: "Qwen3 Coder without <tool_call>", Row: "D03", Syntax: ToolCallXML, body: bodyBareFunction,
		Open: []Opener{{qwenFunc, LineStartFree}}},
	{Name: "GLM 4.5/4.6/4.7", Row: "D06", Syntax: ToolCallXML, body: bodyArgKV,
		Open: []Opener{{tcOpen, LineStart}, {tcOpen, LineEnd}}, Close: tcClose},
	// GLM 4.7/5 glue a call with arguments after a finished sentence ("I'll read both
	// files.<tool_call>read<arg_key>filePath</arg_key>…", opencode through a gateway:
	// zai-org/GLM-5 #84); its <arg_key> token is what no prose writes, so this row takes only
	// calls with a pair
	{Name: "GLM glued after a sentence", Row: "D06", Syntax: ToolCallXML, body: bodyArgKV, ArgsRequired: true,
		Open: []Opener{{tcOpen, AfterStop}}, Close: tcClose},
	// GLM 5.3 Flash writes a call also as its name, > and the arguments object after <tool_call>,
	// with no closer ("我来帮您查询。<tool_call>get_weather>{\"city\": \"北京\"}", sglang
	// glm53_flash_detector, test_glm53_flash_detector.py test_json_format_single_call), at a
	// line's start or glued after a sentence as GLM's pairs; a row of the ToolCallXML bit, as
	// the GLM rows it stands beside
	{Name: "GLM 5.3 Flash name>", Row: "D06", Syntax: ToolCallXML, body: bodyNameJSON, NameSep: ">",
		Open: []Opener{{tcOpen, AfterStop}}},
	// Poolside Laguna writes its name on a line of its own and the arguments as JSON after it in
	// <tool_call>, and, a fault its server mends, <user> for <tool_call> around GLM's pairs or
	// Hermes's object, at a line's start or glued after a sentence (ollama model/parsers
	// laguna.go, laguna_test.go TestLagunaParserNameLineJSONToolCall,
	// TestLagunaParserUserTaggedToolAlias…); <user> is a word prose writes, so those rows take
	// only a pair or a call object of a declared tool, and a name line opened inside a <tool_call>
	// left open is a part of that call, never a call of its own (LineStartFree)
	{Name: "Laguna name line", Row: "D06", Syntax: ToolCallXML, body: bodyNameJSON, Glued: true,
		Open: []Opener{{tcOpen, LineStartFree}}, Close: tcClose},
	// Step-Audio 2 writes a type line, function, before the name line and the arguments object in
	// <tool_call> (vllm step_audio_2_tool_parser: "function⏎forecast_weather⏎{…}"); the type
	// line is a part of its opener, and the rest is read as Laguna's name line
	{Name: "Step-Audio 2", Row: "D62", Syntax: ToolCallXML, body: bodyNameJSON, Glued: true,
		Open: []Opener{{tcOpen + "function\n", LineStartFree}}, Close: tcClose},
	// Functionary v3.2 writes each call as a recipient line >>>T, then the arguments object on
	// the next line (>>>all⏎text is its speech, all no declared tool), one call after another
	// (ggml-org/llama.cpp tests/test-chat.cpp COMMON_CHAT_FORMAT_FUNCTIONARY_V3_2). At a line's
	// start only, though the model glues it after a sentence too ("Phoenix.>>>get_weather",
	// llama.cpp examples/function-calling): glued, its '>' would be a loud byte, and every text
	// with a '>' (code's ->, =>, HTML) would lose the quiet path (QuietASCII). The first >>> of
	// an answer stands in the prompt, so a bare name line then an object, as the whole text, is
	// no call toolfix can tell from text. A row of the ToolCallXML bit, as Functionary v3.1's
	// <function=T>{…}</function> on the Hermes row
	{Name: "Functionary v3.2", Row: "D62", Syntax: ToolCallXML, body: bodyNameJSON, Glued: true, Tight: true,
		Open: []Opener{{">>>", LineStart}}},
	{Name: "Laguna <user> pairs", Row: "D06", Syntax: ToolCallXML, body: bodyArgKV, ArgsRequired: true,
		Open: []Opener{{"<user>", AfterStop}}, Close: "</user>"},
	{Name: "Laguna <user> object", Row: "D03b", Syntax: ToolCallXML, body: bodyJSONCall,
		Open: []Opener{{"<user>", AfterStop}}, Close: "</user>"},
	// iQuest Coder V2 writes GLM's pairs in its own tag (vllm iquest_coder_v2_tool_parser); V1
	// is read by the Qwen rows
	{Name: "iQuest Coder V2", Row: "D62", Syntax: ToolCallXML, body: bodyArgKV,
		Open: []Opener{{"<iquestcoder_tool_call>", Glued}}, Close: "</iquestcoder_tool_call>"},
	// iQuest Q1 writes them in <iquest_tool_call> (sglang iquest_q1_detector,
	// test_iquest_q1_detector.py)
	{Name: "iQuest Q1", Row: "D62", Syntax: ToolCallXML, body: bodyArgKV,
		Open: []Opener{{"<iquest_tool_call>", Glued}}, Close: "</iquest_tool_call>"},
	{Name: "Kimi K2", Row: "D04", Syntax: Kimi, body: bodyNameJSON,
		Open: []Opener{{kimiSection, AfterStop}, {kimiSection1, AfterStop}}, Item: kimiCall, NameSep: kimiArgs,
		NamePrefix: "functions.", NameIndex: true, ItemEnd: kimiCallEnd, Many: true, Close: kimiSectionEnd, Close2: kimiSection1End},
	{Name: "DeepSeek", Row: "D05", Syntax: DeepSeek, body: bodyNameJSON,
		Open: []Opener{{dsCalls, Glued}}, Item: dsCall, NameSep: dsSep, Fence: "function", ItemEnd: dsCallEnd,
		Many: true, Close: dsCallsEnd},
	{Name: "DeepSeek V3.2 DSML", Row: "D05", Syntax: DeepSeek, body: bodyElements, CallTag: dsmlInvoke[1:], ParamTag: dsmlParam[1:], JSONBody: true, SelfClose: true,
		Open: []Opener{{dsmlCalls, Glued}}, Many: true, Close: dsmlCallsEnd},
	{Name: "DeepSeek V4 DSML", Row: "D05", Syntax: DeepSeek, body: bodyElements, CallTag: dsmlInvoke[1:], ParamTag: dsmlParam[1:], JSONBody: true, SelfClose: true,
		Open: []Opener{{dsmlToolCalls, Glued}}, Many: true, Close: dsmlToolEnd},
	{Name: "DeepSeek DSML invoke", Row: "D05", Syntax: DeepSeek, body: bodyElements, CallTag: dsmlInvoke[1:], ParamTag: dsmlParam[1:], JSONBody: true, SelfClose: true,
		Open: []Opener{{dsmlInvoke, Glued}}},
	dsmlVariant("｜｜DSML｜｜", "tool_calls"), dsmlVariant("｜｜DSML｜｜", "function_calls"),
	dsmlVariant("‖DSML‖", "tool_calls"), dsmlVariant("‖DSML‖", "function_calls"),
	dsmlVariant("｜DSML｜ ", "calls"),
	{Name: "gpt-oss Harmony", Row: "D58", Syntax: Harmony, body: bodyHeadJSON, Heads: []Head{hCommentary},
		Recipient: hRecipient, HeadSplit: hConstrain, Close: hCall, Close2: hEnd, CloseOpt: true,
		Open: []Opener{{hChannel, Glued}}},
	{Name: "gpt-oss Harmony, start header", Row: "D58", Syntax: Harmony, body: bodyHeadJSON,
		Heads:     []Head{{Term: hChannel, First: []string{hAssistant}}, hCommentary},
		Recipient: hRecipient, HeadSplit: hConstrain, Close: hCall, Close2: hEnd, CloseOpt: true,
		Open: []Opener{{hStart, Glued}}},
	{Name: "gpt-oss Harmony detokenized", Row: "D58", Syntax: Harmony, body: bodyHeadJSON,
		Heads:     []Head{{Tags: []string{hConstrain, hJSON, hMessage}}},
		Recipient: hRecipient, HeadSplit: hConstrain, Close: hCall, Close2: hEnd, CloseOpt: true,
		Open: []Opener{{hComment, LineStart}}},
	// SGLang's multi_format detector, gptoss dialect: the Harmony recipient and json after
	// <tool_call>assistant, the arguments on the next line (sglang test_multi_format_detector.py
	// TestGptOssDialect)
	{Name: "multi_format <tool_call>assistant to=functions", Row: "D62", Syntax: Harmony, body: bodyHeadJSON,
		Heads: []Head{{Tags: []string{hJSON}}}, Recipient: hRecipient, Close: tcClose,
		Open: []Opener{{tcOpen + hAssistant, LineStart}}},
	{Name: "Mistral", Row: "D59", Syntax: Mistral, body: bodyNameJSON, NameSep: mArgs, ID: mCallID, Glued: true,
		Open: []Opener{{mToolCalls, GluedColon}}},
	{Name: "Mistral JSON list", Row: "D59", Syntax: Mistral, body: bodyJSONList, Extra: "id",
		Open: []Opener{{mToolCalls, GluedColon}}},

	{Name: "Seed-OSS", Row: "D62", Syntax: SeedOSS, body: bodyFunction,
		Open: []Opener{{"<seed:tool_call>", Glued}}, Close: "</seed:tool_call>",
		closers: []string{"</parameter>", "</function>", "</seed:tool_call>"}},
	// Doubao Seed 2.0 writes <function name="T"> elements with DSML's string= attribute in
	// Seed-OSS's tags (sipeed/picoclaw #3153, PR #3154)
	{Name: "Doubao Seed 2.0", Row: "D62", Syntax: SeedOSS, body: bodyElements, CallTag: "function", ParamTag: "parameter",
		Open: []Opener{{"<seed:tool_call>", Glued}}, Many: true, Close: "</seed:tool_call>",
		closers: []string{"</parameter>", "</function>", "</seed:tool_call>"}},
	{Name: "LongCat", Row: "D62", Syntax: LongCat, body: bodyJSONCall,
		Open: []Opener{{"<longcat_tool_call>", AfterStop}}, Close: "</longcat_tool_call>"},
	// LongCat Flash also writes GLM's pairs in its own tags, the name first
	// (<longcat_tool_call>T<longcat_arg_key>K</longcat_arg_key><longcat_arg_value>V…: mlx-lm
	// tool_parsers/longcat.py, tests/test_tool_parsing.py test_parsers)
	{Name: "LongCat pairs", Row: "D62", Syntax: LongCat, body: bodyArgKV,
		KV:   [4]string{"<longcat_arg_key>", "</longcat_arg_key>", "<longcat_arg_value>", "</longcat_arg_value>"},
		Open: []Opener{{"<longcat_tool_call>", AfterStop}}, Close: "</longcat_tool_call>", closers: []string{"</longcat_arg_value>"}},
	{Name: "Hunyuan A13B, Jamba", Row: "D62", Syntax: ToolCallsList, body: bodyJSONList,
		Open: []Opener{{"<tool_calls>", LineStart}}, Close: "</tool_calls>"},
	// SGLang's multi_format detector, minimax and dsv32 dialects: invoke elements (dsv32's string=
	// attribute read past) in <tool_calls> (sglang test_multi_format_detector.py TestMinimaxDialect)
	{Name: "multi_format <tool_calls> invokes", Row: "D62", Syntax: ToolCallsList, body: bodyElements, CallTag: "invoke", ParamTag: "parameter",
		Open: []Opener{{"<tool_calls>", LineStart}}, Many: true, Close: "</tool_calls>"},
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
	{Name: "Llama 3 JSON", Row: "D62", Syntax: Llama3JSON, body: bodyJSONCall, Params: true, TypeKey: true, Sep: ";", Many: true,
		Open: []Opener{{"<|python_tag|>", AfterStop}, {"{", TextStart}}, Close: "<|eom_id|>"},
	{Name: "pythonic (Llama 3.2/4, LFM2)", Row: "D62", Syntax: Pythonic, body: bodyPython,
		Open: []Opener{{"[", TextStart}}, Trail: []string{"<|tool_call_end|>"}},
	{Name: "Llama 4 pythonic", Row: "D62", Syntax: Pythonic, body: bodyPython,
		Open: []Opener{{"<|python_start|>", GluedColon}}, Close: "<|python_end|>"},
	{Name: "LFM2 pythonic", Row: "D62", Syntax: Pythonic, body: bodyPython, Lines: true,
		Open: []Opener{{"<|tool_call_start|>", AfterStop}}, Close: "<|tool_call_end|>"},
	{Name: "Olmo 3 pythonic", Row: "D62", Syntax: Pythonic, body: bodyPython, Many: true,
		Open: []Opener{{"<function_calls>", LineStart}}, Close: "</function_calls>"},
	// SGLang's multi_format detector, python dialect: one Python call in <tool_call> (sglang
	// test_multi_format_detector.py TestPythonDialect)
	{Name: "multi_format <tool_call> Python call", Row: "D62", Syntax: Pythonic, body: bodyPython, Many: true,
		Open: []Opener{{tcOpen, LineStart}}, Close: tcClose},
	// Gemma 4 may close its call with its end of turn <turn|> (vllm
	// test_gemma4_regex_and_bare_calls.py test_turn_end_closure_instead_of_tool_call_end)
	{Name: "Gemma 4", Row: "D62", Syntax: Gemma4, body: bodyGemma,
		Open: []Opener{{"<|tool_call>", AfterStop}}, Close: "<tool_call|>", Close2: "<turn|>",
		Trail: []string{"<|tool_response>", "<tool_call|>"}},
	{Name: "FunctionGemma", Row: "D62", Syntax: Gemma4, body: bodyGemma, Quote: "<escape>",
		Open: []Opener{{"<start_function_call>", Glued}}, Close: "<end_function_call>"},
	{Name: "GigaChat 3", Row: "D62", Syntax: GigaChat, body: bodyJSONCall,
		Open:  []Opener{{"<|message_sep|>\n\nfunction call<|role_sep|>\n", Glued}, {"<|function_call|>", Glued}},
		Close: "</s>"},
	{Name: "Granite 20B FC", Row: "D62", Syntax: Granite, body: bodyJSONCall,
		Open: []Opener{{"<function_call>", LineStart}}},
	{Name: "Cohere Command", Row: "D62", Syntax: Cohere, body: bodyJSONList, Params: true, NameKey: "tool_name", Extra: "tool_call_id",
		Open: []Opener{{"<|START_ACTION|>", Glued}}, Close: "<|END_ACTION|>"},
	// Hunyuan V3 glues its block after a finished sentence too ("Checking.<tool_calls><tool_call>
	// get_weather<tool_sep>…", "Let me check. <tool_calls>…": sglang test_hunyuan_detector.py
	// test_parse_non_stream, test_normal_text_before_tool); each of its calls holds the
	// <tool_sep> token, which no prose writes, so the row takes it there (AfterStop)
	{Name: "Hunyuan V3", Row: "D62", Syntax: ToolCallsList, body: bodyArgKV,
		Open: []Opener{{"<tool_calls>", AfterStop}, {"<tool_calls>", LineEnd}}, Item: "<tool_call>", NameSep: "<tool_sep>",
		ItemEnd: "</tool_call>", Many: true, Close: "</tool_calls>", closers: []string{"</arg_value>"}},
	{Name: "Hunyuan V4", Row: "D62", Syntax: ToolCallsList, body: bodyArgKV,
		Open: []Opener{{"<tool_calls>", LineStart}, {"<tool_calls>", LineEnd}}, Item: "<tool_call>",
		ItemEnd: "</tool_call>", Many: true, Close: "</tool_calls>"},
	// Hy3's final release renames every token with the :opensource suffix, <tool_sep:opensource>
	// after the name too (ml-explore/mlx-lm 84f6d12 "Fix for Hy3 final", tests/test_tool_parsing.py
	// test_hy_v3_opensource)
	{Name: "Hunyuan V3, :opensource tokens", Row: "D62", Syntax: ToolCallsList, body: bodyArgKV,
		Open: []Opener{{"<tool_calls:opensource>", Glued}}, Item: "<tool_call:opensource>", NameSep: "<tool_sep:opensource>",
		KV:      [4]string{"<arg_key:opensource>", "</arg_key:opensource>", "<arg_value:opensource>", "</arg_value:opensource>"},
		ItemEnd: "</tool_call:opensource>", Many: true, Close: "</tool_calls:opensource>", closers: []string{"</arg_value:opensource>"}},
	{Name: "Hunyuan V4, :opensource tokens", Row: "D62", Syntax: ToolCallsList, body: bodyArgKV,
		Open: []Opener{{"<tool_calls:opensource>", Glued}}, Item: "<tool_call:opensource>",
		KV:      [4]string{"<arg_key:opensource>", "</arg_key:opensource>", "<arg_value:opensource>", "</arg_value:opensource>"},
		ItemEnd: "</tool_call:opensource>", Many: true, Close: "</tool_calls:opensource>", closers: []string{"</arg_value:opensource>"}},
	// MiniMax M1 writes its calls as JSON objects one a line in <tool_calls> (vllm
	// minimax_tool_parser)
	{Name: "MiniMax M1", Row: "D62", Syntax: ToolCallsList, body: bodyJSONCall, Many: true,
		Open: []Opener{{"<tool_calls>", LineStart}, {"<tool_calls>", LineEnd}}, Close: "</tool_calls>"},
	{Name: "PLaMo 3", Row: "D62", Syntax: Plamo, body: bodyNameJSON,
		Open: []Opener{{"<|plamo:begin_tool_requests:plamo|>", Glued}}, Item: "<|plamo:begin_tool_request:plamo|><|plamo:begin_tool_name:plamo|>",
		NameSep: "<|plamo:end_tool_name:plamo|><|plamo:begin_tool_arguments:plamo|><|plamo:constrain|>json<|plamo:msg|>",
		ItemEnd: "<|plamo:end_tool_arguments:plamo|><|plamo:end_tool_request:plamo|>", Many: true,
		Close: "<|plamo:end_tool_requests:plamo|><|plamo:tag|>", Close2: "<|plamo:end_tool_requests:plamo|>"},
	{Name: "MiniCPM 5", Row: "D62", Syntax: MiniCPM, body: bodyElements, CallTag: "function", ParamTag: "param", CDATA: true,
		Open: []Opener{{"<function name=", LineStart}}, closers: []string{"</param>", "</function>"}},
	{Name: "GigaChat 3.5", Row: "D62", Syntax: GigaChat, body: bodyElements, CallTag: "｜GCML｜invoke", ParamTag: "｜GCML｜parameter",
		Open: []Opener{{"<｜GCML｜tool_calls>", Glued}}, Many: true, Close: "</｜GCML｜tool_calls>",
		closers: []string{"</｜GCML｜parameter>", "</｜GCML｜invoke>"}},
	{Name: "openPangu", Row: "D62", Syntax: Pangu, body: bodyJSONList, Params: true,
		Open: []Opener{{"<|tool_call_start|>", AfterStop}}, Close: "<|tool_call_end|>"},
	{Name: "Kimi K3 XTML", Row: "D62", Syntax: KimiK3, body: bodyElements, CallTag: "call", ParamTag: "argument",
		Marks: [4]string{"<|open|>", "<|sep|>", "<|close|>", "<|sep|>"}, NameAttr: "tool", OtherAttr: "index", KeyAttr: "key", TypeAttr: "type",
		JSONTag: "json", Open: []Opener{{"<|open|>tools<|sep|>", Glued}}, Many: true,
		Close: "<|close|>tools<|sep|><|close|>message<|sep|>", Close2: "<|close|>tools<|sep|>",
		closers: []string{"<|close|>argument<|sep|>", "<|close|>call<|sep|>"}},
	{Name: "MiniMax M3", Row: "D62", Syntax: MiniMaxM3, body: bodyKeyElements, NS: minimaxNS, CallTag: "invoke",
		// at a line's start only, though a special token: glued, its ']' would be a loud byte, and
		// every text with a ']' would lose the quiet path (QuietASCII); the model starts its line
		Open: []Opener{{minimaxNS + "<tool_call>", LineStart}}, Many: true, Close: minimaxNS + "</tool_call>"},
	// Nemotron's <TOOLCALL> is plain text, not a special token: glued after a sentence's end (the
	// peers' "Let me check that.<TOOLCALL>"), not inside one ("its raw output is <TOOLCALL>[…]":
	// attack3 lookalike-nemotron-inline-sentence)
	{Name: "Nemotron JSON list", Row: "D62", Syntax: NemotronJSON, body: bodyJSONList,
		Open: []Opener{{"<TOOLCALL>", AfterStop}}, Close: "</TOOLCALL>"},
	{Name: "Nemotron JSON object", Row: "D62", Syntax: NemotronJSON, body: bodyJSONCall,
		Open: []Opener{{"<TOOLCALL>", AfterStop}}, Close: "</TOOLCALL>"},
	{Name: "Qwen2.5-Coder object", Row: "D62", Syntax: Qwen25Coder, body: bodyJSONCall, Params: true,
		Open: []Opener{{"<tools>", LineStart}, {"<tools>", LineEnd}}, Close: "</tools>"},
	{Name: "Qwen2.5-Coder list", Row: "D62", Syntax: Qwen25Coder, body: bodyJSONList, Params: true,
		Open: []Opener{{"<tools>", LineStart}, {"<tools>", LineEnd}}, Close: "</tools>"},
	{Name: "dots.llm invokes", Row: "D62", Syntax: Dots, body: bodyElements, CallTag: "invoke", ParamTag: "parameter",
		Open: []Opener{{"<dots_function_call>", Glued}}, Many: true, Close: "</dots_function_call>"},
	{Name: "dots.llm JSON", Row: "D62", Syntax: Dots, body: bodyJSONCall,
		Open: []Opener{{"<dots_function_call>", Glued}}, Close: "</dots_function_call>"},
	{Name: "Solar Open 2", Row: "D62", Syntax: SolarOpen, body: bodyArgKV,
		KV:   [4]string{"<|tool_arg:start|>", "<|tool_arg:value|>", "", "<|tool_arg:end|>"},
		Open: []Opener{{"<|tool_call:start|>", Glued}}, Close: "<|tool_call:end|>", closers: []string{"<|tool_arg:end|>"}},
	{Name: "K2 Horizon pairs", Row: "D62", Syntax: K2Horizon, body: bodyArgKV,
		KV:     [4]string{"<ifm|arg_key>", "</ifm|arg_key>", "<ifm|arg_value>", "</ifm|arg_value>"},
		KVType: [2]string{"<ifm|arg_type>", "</ifm|arg_type>"},
		Open:   []Opener{{"<ifm|tool_calls>", Glued}}, Item: "<ifm|tool_call>", ItemEnd: "</ifm|tool_call>", Many: true,
		Close: "</ifm|tool_calls>", closers: []string{"</ifm|arg_value>"}},
	{Name: "K2 Horizon JSON", Row: "D62", Syntax: K2Horizon, body: bodyJSONCall,
		Open: []Opener{{"<ifm|tool_calls>", Glued}}, Item: "<ifm|tool_call>", ItemEnd: "</ifm|tool_call>", Many: true,
		Close: "</ifm|tool_calls>"},
	// K2 V3 (IFM) writes the same items without their group (sglang multi_format_detector's
	// K2V3Detector)
	{Name: "K2 V3 pairs", Row: "D62", Syntax: K2Horizon, body: bodyArgKV,
		KV:     [4]string{"<ifm|arg_key>", "</ifm|arg_key>", "<ifm|arg_value>", "</ifm|arg_value>"},
		KVType: [2]string{"<ifm|arg_type>", "</ifm|arg_type>"},
		Open:   []Opener{{"<ifm|tool_call>", Glued}}, Close: "</ifm|tool_call>", closers: []string{"</ifm|arg_value>"}},
	{Name: "K2 V3 JSON object", Row: "D62", Syntax: K2Horizon, body: bodyJSONCall,
		Open: []Opener{{"<ifm|tool_call>", Glued}}, Close: "</ifm|tool_call>"},
	{Name: "K2 V3 JSON list", Row: "D62", Syntax: K2Horizon, body: bodyJSONList,
		Open: []Opener{{"<ifm|tool_call>", Glued}}, Close: "</ifm|tool_call>"},
	{Name: "Apertus", Row: "D62", Syntax: Apertus, body: bodyKeyedList,
		Open: []Opener{{"<|tools_prefix|>", AfterStop}}, Close: "<|tools_suffix|>"},
	// HyperCLOVAX SEED Think 14B writes its JSON list after a role header, then its end of turn
	// (vllm hyperclovax_seed_think_14b_tool_parser)
	{Name: "HyperCLOVAX SEED Think 14B", Row: "D62", Syntax: JSONList, body: bodyJSONList, Params: true,
		Open: []Opener{{"-> tool/function_call\n", LineStart}}, Close: "<|im_end|>"},
	{Name: "xLAM JSON list", Row: "D62", Syntax: JSONList, body: bodyJSONList, Params: true,
		Open: []Opener{{"[", TextStart}}},
	// llama.cpp's generic format, the JSON-schema-constrained answer of a template with no native
	// call style: {"tool_calls": [{"name", "arguments", "id"}, …]}, or {"tool_call": {…}} for one
	// (ggml-org/llama.cpp PR #9639, common/chat.cpp), as the whole text
	{Name: "llama.cpp generic, tool_calls", Row: "D62", Syntax: JSONList, body: bodyJSONList, Extra: "id",
		Open: genericOpeners("tool_calls"), Close: "}"},
	{Name: "llama.cpp generic, tool_call", Row: "D62", Syntax: JSONList, body: bodyJSONCall, Extra: "id",
		Open: genericOpeners("tool_call"), Close: "}"},
	{Name: "MiniMax M2 [TOOL_CALL]", Row: "D62", Syntax: MiniMaxBracket, body: bodyJSONCall, NameKey: "tool", ArgsKey: "args",
		Open: []Opener{{"[TOOL_CALL]", LineStart}}, Close: "[/TOOL_CALL]"},
	// Inkling's frame with its header naming the tool, a special token glued to the text before
	// as a tokenizer writes it, or without the header, at a line's start or after a sentence
	// ("Sure, let me check.<|content_invoke_tool_json|>{…}", test_inkling_detector.py
	// test_unterminated_json_frame_is_recovered_through_end_of_response): a frame glued to a word
	// is the rest of a header naming another tool (<|message_model|>search<|content_invoke_…),
	// which SGLang refuses
	{Name: "Inkling, header", Row: "D62", Syntax: Inkling, body: bodyJSONCall, ArgsKey: "args",
		Open: []Opener{{inklingModel, Glued}}, HeadEnd: inklingJSON, Close: inklingEnd},
	{Name: "Inkling", Row: "D62", Syntax: Inkling, body: bodyJSONCall, ArgsKey: "args",
		Open: []Opener{{inklingJSON, AfterStop}}, Close: inklingEnd},
	// Muse Glimmer's tool channel: its header naming the tool, then the ATEM block the Invoke row
	// reads (<atem:function_calls><atem:invoke name="T">…), then an optional end of message
	// (sglang muse_glimmer_detector.py, test_muse_glimmer_detector.py); at the start of the text
	// the first channel's header comes without <|start|>assistant (ollama glimmer_test.go
	// TestGlimmerParserStreamingATEMAtEveryBoundary). A channel to the user or to itself names no
	// declared tool, so its block is no call of this row
	{Name: "Muse Glimmer channel", Row: "D62", Syntax: Invoke, body: bodyInvoke, Wraps: []string{"function_calls"},
		Open:    []Opener{{"<|start|>assistant to=", Glued}, {"to=", TextStart}},
		HeadEnd: "<|message|>", Close: "<|eom|>", Close2: "<|eot|>"},
}

// The special tokens of Inkling's frames.
const (
	inklingModel = "<|message_model|>"
	inklingJSON  = "<|content_invoke_tool_json|>"
	inklingEnd   = "<|end_message|>"
)

// dsmlVariant is the row of DeepSeek's DSML written with the token tok in place of ｜DSML｜
// before each tag's name: V4 Flash leaks <｜｜DSML｜｜tool_calls>… with the bar doubled, and
// U+2016 ‖ is seen too (D62: MetaFARS/codex-relay PR #49, syt2/paper-chat-for-zotero #28,
// lsdefine/GenericAgent #804); V4.1 writes the token and a blank, <｜DSML｜ calls>⏎<｜DSML｜
// invoke name="T">… (sglang deepseekv41_detector, test_deepseekv41_detector.py). wrapper is
// V4's tool_calls, V3.2's function_calls or V4.1's calls; the invokes and parameters are read as
// DSML's (string="true|false").
func dsmlVariant(tok, wrapper string) Family {
	return Family{Name: "DeepSeek DSML, " + tok + " " + wrapper, Row: "D62", Syntax: DeepSeek, body: bodyElements,
		CallTag: tok + "invoke", ParamTag: tok + "parameter", JSONBody: true, SelfClose: true,
		Open: []Opener{{"<" + tok + wrapper + ">", Glued}}, Many: true, Close: "</" + tok + wrapper + ">",
		closers: []string{"</" + tok + "parameter>", "</" + tok + "invoke>"}}
}

// Families returns the table of leaked-call formats, for analyze's lists and the docs. The
// caller must not change it.
func Families() []Family { return families }

// namedSyntax is the syntaxes of the families an opener of which is '<' and a markupTags entry:
// after a line that introduced an example of such a tag (markupTags), their markup is the example.
var namedSyntax = func() Syntax {
	var x Syntax
	for _, f := range families {
		for _, o := range f.Open {
			for _, tag := range markupTags {
				if strings.HasPrefix(o.Text, "<"+tag) {
					x |= f.Syntax
				}
			}
		}
	}
	return x | Invoke
}()

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
	stop     Syntax    // the syntaxes with an AfterStop opener
	worded   Syntax    // the syntaxes with a row that has stray Words
	wordRows []*Family // those rows, in table order
	// syntaxOrder is each syntax bit once, in the table order of its first row: the order a
	// position's syntaxes are tried in
	syntaxOrder []Syntax
	rowsOf      [64][]*Family
)

// anyTrigger is whether an opener of any stand begins with the byte (some triggers entry is not
// zero): triggered returns at once where none does.
var anyTrigger [256]bool

func init() { derive() }

// derive computes the tables above (and the loud bytes of context.go) from families.
func derive() {
	triggers, seconds = [nStands][256]Syntax{}, [nStands][256]Syntax{}
	quoteTokens = []string{"<arg_key>"}
	anywhere, lineEnd, stop, worded, wordRows, syntaxOrder, rowsOf = 0, 0, 0, 0, nil, nil, [64][]*Family{}
	for k := range families {
		f := &families[k]
		if len(f.Words) > 0 {
			worded |= f.Syntax
			wordRows = append(wordRows, f)
		}
		if rowsOf[bits.TrailingZeros(uint(f.Syntax))] == nil {
			syntaxOrder = append(syntaxOrder, f.Syntax)
		}
		rowsOf[bits.TrailingZeros(uint(f.Syntax))] = append(rowsOf[bits.TrailingZeros(uint(f.Syntax))], f)
		for _, o := range f.Open {
			if q := o.Text[:min(len(o.Text), quoteMax)]; len(q) > 1 && (q[0] == '<' || q[0] == '[') && !slices.Contains(quoteTokens, q) {
				quoteTokens = append(quoteTokens, q)
			}
			triggers[o.Stand][o.Text[0]] |= f.Syntax
			for b := range 256 {
				if len(o.Text) == 1 || o.Text[1] == byte(b) {
					seconds[o.Stand][b] |= f.Syntax
				}
			}
			switch o.Stand {
			case Anywhere, Glued, GluedColon:
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
	for _, p := range reasoningPairs {
		for _, tag := range [...]string{p.open, p.close} {
			if tag[0] != '<' && tag[0] != '[' {
				panic("markup: a reasoning tag not beginning with < or [") // feed's common case skips every other byte
			}
			loud[tag[0]] = true
		}
	}
	if len(reasoningPairs) > 8 {
		panic("markup: more than 8 reasoningPairs") // textState.thinkM has a bit each
	}
	if len(quoteTokens) > 64 {
		panic("markup: more than 64 quoteTokens") // textState.qM has a bit each
	}
	quoteSet, quoteAt, quoteEnd = [2]uint64{}, [quoteMax][256]uint64{}, [quoteMax]uint64{}
	for k, q := range quoteTokens {
		if len(q) > quoteMax || q[0] >= 128 {
			panic("markup: a quoteTokens entry longer than quoteMax or not ASCII first")
		}
		quoteSet[q[0]>>6] |= 1 << (q[0] & 63)
		for pos := range len(q) {
			quoteAt[pos][q[pos]] |= 1 << k
		}
		quoteEnd[len(q)-1] |= 1 << k
	}
	anyTrigger = [256]bool{}
	for k := range nStands {
		for b := range 256 {
			anyTrigger[b] = anyTrigger[b] || triggers[k][b] != 0
		}
	}
}
