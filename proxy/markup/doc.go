// Package markup finds tool calls that leaked into the text of a model's answer (an Anthropic text
// block, an OpenAI chat message's content) and tells a streaming reader how much of the text it may
// release at once. It is a pure syntax layer: it knows no schema and no HTTP. A dialect takes the
// calls it returns, checks their tool and parameter names against the request's tools with the
// schema engine, and only then repairs; a name it does not know leaves the text alone (docs/faults.md
// D57: router-for-me/CLIProxyAPI #2857). A dialect never calls it on reasoning or thinking text,
// where a planned call would run twice (D11: vybestack/llxprt-code #749).
//
// # Where markup counts
//
// Markup is a leaked call only at the tail of the text: after it come only blanks (space, tab, CR,
// LF). The text before it is kept. It must also start a line: only blanks before it on its line, or
// a stray word glued to it (court<invoke …>). Markup after other text on its line ("The format is:
// <tool_call>…") is an example the model wrote, not a leak. A <tool_call> opener glued after text
// counts when only blanks and a line break follow it and the text before it on its line ends a
// sentence or a colon, as Qwen's template writes it ("…for you.<tool_call>\n<function=…"): an
// example in prose goes on on its line, or runs into the tag ("ends the sentence with
// <tool_call>"). A line that names a call tag of the XML-ish formats (markupTags) and ends with a
// colon or that tag, or ends with a colon after another line of its paragraph named one ("For
// example:"), introduces an example: their markup on the lines right after it is text. The
// fullwidth colon ： counts as a colon. MiniMax's
// <minimax:tool_call>, a special token of its vocabulary, counts glued after text. The special
// tokens prose quotes by name — Granite's <|tool_call|>, Gemma 4's <|tool_call>, Llama's
// <|python_tag|>, Kimi's section tokens, LFM2's <|tool_call_start|>, InternLM2's action tokens,
// Apertus's <|tools_prefix|>, Step3's, LongCat's and Nemotron's (<TOOLCALL>) openers — count glued after text only when the
// text before them on their line ends a sentence (. ! ? or the CJK 。！？, blanks after it
// allowed): "Granite models emit <|tool_call|>[…]" is a sentence showing the token, "I will list
// it.<|tool_call|>[…]" a leak ([AfterStop]; issue 20 G2). The peers' vectors glue DeepSeek's,
// Mistral's, Llama 4's <|python_start|>, Seed-OSS's and Harmony's after other text too ("normal
// text<｜tool▁calls▁begin｜>", "before the tool call: [TOOL_CALLS]", "</seed:think><seed:tool_call>"),
// so those count anywhere. Only the special tokens of Kimi,
// DeepSeek (DSML included), Harmony and Mistral, which the models emit glued to their text, count
// anywhere (docs/faults.md D04, D05, D58, D59).
//
// A dialect that knows the request's tools finds tails with [FindDeclared] and streams with
// [NewHolderFor]: then markup naming a tool the request does not declare is no tail, and is
// released as soon as its name is read; so is a JSON call object as soon as it shows a member no
// call object has ({"name": …, "parameters": …, "extra": …}), whatever the names (gate.go). A
// call written bare (the whole text a JSON object or list, or a Python call list) is marked
// [Call.Bare]: the dialect takes it only when its arguments name no member the tool's schema
// does not declare, and [Declared] is asked of each member as it is read (when the tool's name
// came first), so such an answer is released then too (issue 20 F7, G1).
//
// Markup counts only outside Markdown code: not inside a fenced code block (a line of three or
// more backticks or tildes after any indentation opens it, a line of at least as many of the same
// character and nothing else closes it; an unclosed fence runs to the end of the text), not on a
// fence's opening line, and not after an unmatched backtick run on the same line (an inline code
// span, closed or not: a line's inline state resets at each line end). Never promoting markup from
// code is D12 (anthropics/claude-code #65230). Indented code blocks (four spaces) are not
// recognised: markup there counts. Nor does markup count on a blockquote line (its first byte
// after blanks is '>'): a quote is shown, like code.
//
// Nor does it count inside reasoning (outside code): after <think> until </think>, or after
// another opener of reasoningPairs (<seed:think>, <|START_THINKING|>, [THINK], <|inner_prefix|>,
// Gemma 4's <|channel>) until its own closer. Some servers leave the model's reasoning in the text,
// and a call planned there would run twice (D11: vybestack/llxprt-code #749). An unclosed opener
// runs to the end of the text, so a call inside it stays reasoning even where a peer that knows
// the model's template takes it (docs/repairs.md); after the closer the rules above apply again.
//
// # The syntaxes
//
// The families are one table (family.go, [Families]): each an envelope — its openers and where
// each may stand ([Stand]: a line's start, anywhere, or the text's start), stray words that may
// stand before it, each call's opener, closer and separator, the closer — around one of a few
// shared body readers: a JSON call object {"name", "arguments"|"parameters"}, a JSON list of
// them, a name and a JSON object (an id segment, glued arguments or a fenced object row data),
// headers naming the tool and a JSON object, Qwen's <function=…>, key/value pairs, invoke
// elements (bare or in namespaced wrappers), other elements, a Python call list, Gemma 4's
// call:T{…}, a list of name-keyed objects. The scanner's triggers, the Holder's first bytes and
// analyze's markup list are derived from it, so a new format is one row and its vectors
// (docs/faults.md D62: Seed-OSS, LongCat, Hunyuan/Jamba, Step3, InternLM2, Granite, Phi-4-mini,
// Llama 3 JSON, pythonic (bare, Llama 4, LFM2, Olmo 3), xLAM, Gemma 4, Apertus, DeepSeek V4
// DSML, …). The bare forms (a JSON object or list, a Python list) count only as the whole text,
// and a JSON text whose first key is no call key is let go at that key. The families below,
// known before the table, are rows too: Invoke's stray words and wrappers, DeepSeek V3's fenced
// arguments, Harmony's headers and Mistral's [CALL_ID] are row data of the shared readers.
//
// A [Syntax] bit enables each family. One tail is one or more blocks of one family, blanks between.
//
// Invoke (D01, D02): an optional stray word, then items; an item is an invoke element or a wrapper
// of one or more invokes. An invoke is <invoke name="T"> holding zero or more <parameter
// name="P">V</parameter> and closed by </invoke>; a wrapper is <function_calls>…</function_calls> or a
// namespaced <ns:tool_call>…</ns:tool_call> (MiniMax's <minimax:tool_call>). Every tag name may carry
// one namespace prefix (ns:invoke, antml:parameter); a closer repeats its opener's exact name. The
// only attribute is name, quoted with " or ', blanks allowed around = and before >. A value V is raw:
// everything up to the first closer of its parameter, newlines, <, JSON and backslashes kept
// byte for byte, no entities decoded, nothing trimmed.
//
// The stray word is one of the tokens reported in front of leaked markup or alone at the end of a
// text block: count, court or call, exactly, lower case (D01: anthropics/claude-code #64314; D01b:
// #64097, #63953). It stands at the start of a line (blanks before it allowed), then either the
// markup is glued to it (count<invoke …), or blanks, a line break and any blanks come before the
// markup. It is dropped with the markup. Any other one-word line ("pytest", "ls", "done") is the
// text's own and is kept. [TrailingWord] finds a stray word alone at the end of a text (D01b), for
// a dialect that sees a real tool call follow it.
//
// ToolCallXML (D03, D03b, D06): one or more <tool_call>…</tool_call> elements, each holding one call
// in one of three shapes, told apart by what follows the opener and blanks:
//   - Hermes: a JSON object {"name": "T", "arguments": A} and no other keys; A is an object, or a
//     string holding an object (its decoded content becomes [Call.JSON]), or absent ({}).
//   - Qwen: <function=T> then <parameter=P>V</parameter>… then </function> (which may be left out
//     before </tool_call>). A value is raw, backslashes kept (C:\Users\dev\test.txt); one leading
//     and one trailing line break (LF or CRLF) are trimmed, as Qwen's template writes each value on
//     lines of its own.
//   - GLM: the tool name T as plain text, then pairs <arg_key>K</arg_key><arg_value>V</arg_value>,
//     blanks between; V is raw and untrimmed.
//
// A bare Qwen call, <function=T>…</function> without its <tool_call> opener, counts too, with a
// stray </tool_call> after it taken along (D03: ollama/ollama #18530, jundot/omlx PR #844); it may
// be followed by wrapped calls. So does a bare Hermes call whose opener was lost: the JSON call
// object on a line of its own (after a prose line, say), then its </tool_call>, which must come: a
// JSON object on a line with no closer after it is the text's own (D03b).
//
// Kimi (D04): <|tool_calls_section_begin|> then one or more <|tool_call_begin|>functions.T:N
// <|tool_call_argument_begin|>{…}<|tool_call_end|>, then <|tool_calls_section_end|>. The functions.
// prefix and the :N index are optional and removed from the name. The singular section tokens
// <|tool_call_section_begin|> … <|tool_call_section_end|> count the same (ggml-org/llama.cpp PR
// #17376, thinking-machines-lab/tinker-cookbook PR #248); either closer ends either opener.
//
// DeepSeek (D05): <｜tool▁calls▁begin｜> then one or more <｜tool▁call▁begin｜>…<｜tool▁call▁end｜>,
// then <｜tool▁calls▁end｜> (fullwidth ｜ U+FF5C and ▁ U+2581). A call is function<｜tool▁sep｜>T, a
// line break, and the arguments in a ```json fence (V3), or T<｜tool▁sep｜>{…} (V3.1 and later).
//
// DeepSeek V3.2 DSML (D05: ochafik/minja PR #11, stdapi-ai/stdapi.ai #182):
// <｜DSML｜function_calls> holding <｜DSML｜invoke name="T"> elements (or one bare invoke), each
// holding <｜DSML｜parameter name="P" string="true|false">V</｜DSML｜parameter>; V is raw, and
// string="false" sets [Param.JSON].
//
// Harmony (D58): gpt-oss's <|channel|>commentary to=functions.T <|constrain|>json<|message|>{…},
// <|start|>assistant (which may carry the recipient instead) before it and <|call|> (or <|end|>)
// after it optional; or, detokenized and at a line's start, commentary to=functions.T json{…}.
// Only the commentary and analysis channels and the functions. namespace count.
//
// Mistral (D59): [TOOL_CALLS]T[ARGS]{…}, [CALL_ID]id allowed before [ARGS], one per call; or the
// older [TOOL_CALLS] followed by a JSON list of {"name", "arguments", "id"} objects.
//
// Tool names in the Qwen, GLM, Kimi, DeepSeek, Harmony and Mistral shapes are runs of ASCII letters, digits and _ . : -.
// JSON arguments must be a syntactically valid JSON object; the raw text of the object is returned.
//
// # Missing closers
//
// A model cut off or sloppy at the very end of its answer may leave out closers. A tail is still
// accepted when the text ends after a complete value — a closed parameter or arg_value, or a complete
// JSON object — and what follows it is only blanks and a prefix (possibly empty) of the closers due:
// </invoke>, the wrapper's closer, </function>, </tool_call>, <|tool_call_end|>,
// <|tool_calls_section_end|>, <｜tool▁call▁end｜>, <｜tool▁calls▁end｜>, the DSML closers, <|call|>.
// A text that ends inside a value (an unclosed parameter, an unfinished JSON object), inside a
// tag, or after an invoke or
// function opener with no value yet is refused: nothing shows the call is whole.
//
// # Streaming
//
// A [Holder] follows the text already released and answers, for the text not yet released, how much
// may go now. It holds only what could still turn out to be a leaked tail: a line so far made only of
// blanks and a prefix of a stray word (Invoke only), and everything from the first position where the
// text from there on is a prefix of a tail of an enabled syntax (a < followed by a prefix of an
// opener, or a real opener and its markup until the markup is broken or is followed by other text).
// Nothing inside Markdown code, on a blockquote line or inside reasoning is held. The held text is
// never released out of order, and a multi-byte character is never split. Because a position the Holder releases can never start a
// tail in any continuation of the text, [FindTail] on the final text never reports a Start before
// the end of what was released, and [Holder.Tail] on the held text alone gives the same answer.
//
// A dialect drives a Holder per text block: [Holder.Push] each text delta and send what it
// returns; when the block ends, [Holder.Tail] of [Holder.Held] says whether the held text is a
// leaked tail (repair) or not (send it as it is). [Holder.Safe] and [Holder.Release] are the same
// decision for a caller that keeps the unreleased text itself.
//
// # Cost
//
// Healthy text is scanned about twice per byte (once to decide, once to release). Held markup is
// re-parsed on every call, but a long value or JSON string resumes where the last call stopped, so
// a held call costs time linear in its length (64 KiB in 16-byte pieces: a few milliseconds).
// A text with thousands of openers that each stay open is still quadratic; it fails open.
package markup
