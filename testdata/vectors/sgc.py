# SGLang's function-call tests converted in issue 20, part C (helper sgc): the rest of
# test/registered/unit/function_call/test_function_call_parser.py (from its LFM2 detector's
# streaming and recovery tests on: GigaChat 3, Qwen 2.5, Gemma 4 and the top-level composite
# schemas), and the cross-cutting tests beside it (parallel calls, streaming parity, unknown tool
# names, zero-argument calls) and what the LFM2, GigaChat 3 and Qwen 2.5 detector files hold that
# the earlier batches lack. A streaming test's model output is its chunks joined. Run by gen.py in
# its own names (vec, T, S, I, …); the helpers here start with sgc_ or SGCD.
SGCD = 'sgl-project/sglang test/registered/unit/function_call/'
SGCP = SGCD + 'test_function_call_parser.py '


def sgc_raw(name, **props):  # a tool with the peer's schema as it is: no additionalProperties
    return (name, {}, {'type': 'object', 'properties': {k: (v if isinstance(v, dict) else {'type': v}) for k, v in props.items()}})


SGC_TAIL = 'disagrees on purpose: tail only; text after the markup leaves it as it is'
SGC_WHOLE = 'disagrees on purpose: SGLang keeps the sibling it can read; toolfix takes a leaked tail whole or not at all'
SGC_VALID = 'disagrees on purpose: SGLang guesses where the unescaped quotes end; toolfix reads only valid literals and never guesses'

# --- TestLfm2Detector, its streaming and recovery tests (the detect_and_parse half is sga.py's)
SGCL = SGCP + 'TestLfm2Detector '
SGCLT = [sgc_raw('get_weather', city=S, unit={'type': 'string', 'enum': ['celsius', 'fahrenheit']}), sgc_raw('search', query=S), sgc_raw('calculator', expression=S)]
def sgc_lw(b): return '<|tool_call_start|>' + b + '<|tool_call_end|>'
vec('sglang-fcp-lfm2-eot-json-object', 'openPangu', SGCL+'test_streaming_eot_token_filtering', sgc_lw('{"name": "get_weather", "arguments": {"city": "Oslo"}}'), SGCLT,
    note='disagrees on purpose: SGLang\'s LFM2 detector takes one JSON object between the tokens; vLLM\'s openPangu parser refuses it (test_extract_tool_calls_invalid_single_object), and toolfix reads only the list the template writes')
vec('sglang-fcp-lfm2-stream-split', 'pythonic', SGCL+'test_streaming_pythonic_split_across_chunks', sgc_lw('[get_weather(city="Munich")]'), SGCLT, [('get_weather', {'city': 'Munich'})])
vec('sglang-fcp-lfm2-stream-two', 'pythonic', SGCL+'test_streaming_pythonic_multiple_calls', sgc_lw('[get_weather(city="Paris"), search(query="hotels")]'), SGCLT,
    [('get_weather', {'city': 'Paris'}), ('search', {'query': 'hotels'})])
vec('sglang-fcp-lfm2-multiline', 'pythonic', SGCL+'test_multiline_string_argument_recovered', sgc_lw("[search(query='line one\nline two')]"), SGCLT, [('search', {'query': 'line one\nline two'})])
vec('sglang-fcp-lfm2-multiline-stream', 'pythonic', SGCL+'test_streaming_recovers_multiline', sgc_lw("[search(query='line one\nline two')]"), SGCLT, [('search', {'query': 'line one\nline two'})])
vec('sglang-fcp-lfm2-nul', 'pythonic', SGCL+'test_nul_byte_in_string_argument_recovered', sgc_lw("[search(query='printf a\x00b')]"), SGCLT, [('search', {'query': 'printf a\x00b'})])
vec('sglang-fcp-lfm2-nested-quotes', 'pythonic', SGCL+'test_nested_quotes_recovered', sgc_lw("[search(query='sed -n '360,450p' f.py')]"), SGCLT, note=SGC_VALID)
vec('sglang-fcp-lfm2-ambiguous-quotes', 'pythonic', SGCL+'test_ambiguous_nested_quotes_not_guessed', sgc_lw("[get_weather(city='echo 'hi', unit='celsius')]"), SGCLT)
vec('sglang-fcp-lfm2-keyword-name', 'pythonic', SGCL+'test_reserved_keyword_parameter_recovered', sgc_lw("[search(query='M.md', from=1)]"), SGCLT, [('search', {'query': 'M.md', 'from': 1})],
    note='a keyword argument named after a Python keyword is no Python, but its name is a plain word and the call reads one way')
vec('sglang-fcp-lfm2-zero-padded', 'pythonic', SGCL+'test_zero_padded_int_recovered', sgc_lw("[get_weather(city='NYC', day=07)]"), SGCLT,
    note='disagrees on purpose: 07 is no Python literal; SGLang mends it, toolfix reads only valid literals')
vec('sglang-fcp-lfm2-explicit-plus', 'pythonic', SGCL+'test_explicit_positive_number', sgc_lw("[search(query='x', limit=+7)]"), SGCLT, [('search', {'query': 'x', 'limit': 7})])
vec('sglang-fcp-lfm2-explicit-plus-float', 'pythonic', SGCL+'test_explicit_positive_number (other examples of the kind: a float, in a list, in a dict)',
    sgc_lw("[search(query='x', limit=+2.5, pages=[+1, -2], opts={'depth': +3})]"), SGCLT, [('search', {'query': 'x', 'limit': 2.5, 'pages': [1, -2], 'opts': {'depth': 3}})])
vec('sglang-fcp-lfm2-set', 'pythonic', SGCL+'test_set_argument_decoded_as_list', sgc_lw("[search(query={'a', 'b'})]"), SGCLT,
    note='disagrees on purpose: the set reads as the list ["a", "b"], which does not fit the declared string query; toolfix takes only a call that fits its schema')
vec('sglang-fcp-lfm2-set-array', 'pythonic', SGCL+'test_set_argument_decoded_as_list (query declared an array)', sgc_lw("[search(query={'a', 'b'})]"), [sgc_raw('search', query=A)], [('search', {'query': ['a', 'b']})])
vec('sglang-fcp-lfm2-fstring', 'pythonic', SGCL+'test_constant_fstring_argument', sgc_lw("[search(query=f'hello')]"), SGCLT, [('search', {'query': 'hello'})])
vec('sglang-fcp-lfm2-bytes-sibling', 'pythonic', SGCL+'test_bytes_argument_skips_only_that_call', sgc_lw("[get_weather(city='SF'), search(query=b'z')]"), SGCLT, note=SGC_WHOLE)
vec('sglang-fcp-lfm2-non-finite', 'pythonic', SGCL+'test_non_finite_number_never_emits_invalid_json', sgc_lw("[search(query='x', limit=1e999)]"), SGCLT)
vec('sglang-fcp-lfm2-kwargs-dict', 'pythonic', SGCL+'test_kwargs_unpack_merges_dict', sgc_lw("[search(**{'query': 'x'}, limit=2)]"), SGCLT,
    note='disagrees on purpose: SGLang merges a **-unpacked dict into the arguments; toolfix reads only keyword arguments, each a literal')
vec('sglang-fcp-lfm2-kwargs-list', 'pythonic', SGCL+'test_kwargs_unpack_merges_dict (**[1, 2])', sgc_lw('[search(**[1, 2])]'), SGCLT)
vec('sglang-fcp-lfm2-positional', 'pythonic', SGCL+'test_positional_argument_call_not_silently_corrupted', sgc_lw("[search(query='x'), get_weather('Paris', unit='celsius')]"), SGCLT, note=SGC_WHOLE)
vec('sglang-fcp-lfm2-unparsable-sibling', 'pythonic', SGCL+'test_good_call_survives_unparsable_block', sgc_lw("[search(query='ok'), get_weather(city='x 'y', unit='c')]"), SGCLT, note=SGC_WHOLE)
vec('sglang-fcp-lfm2-swallowing', 'pythonic', SGCL+'test_swallowing_reading_rejected', sgc_lw("[search(query='x 'y'), get_weather(city='p 'q')]"), SGCLT, note=SGC_VALID)
vec('sglang-fcp-lfm2-unrecoverable', 'pythonic', SGCL+'test_unrecoverable_block_reports_no_calls', sgc_lw("[search(query='x 'y' 'z), get_weather(city='p 'q' 'r)]"), SGCLT)
vec('sglang-fcp-lfm2-reserved-suffix', 'pythonic', SGCL+'test_reserved_kwarg_suffix_parameter_not_rewritten', sgc_lw("[search(query='x', in_pyreservedkw_=5)]"), SGCLT, [('search', {'query': 'x', 'in_pyreservedkw_': 5})])
vec('sglang-fcp-lfm2-keyword-nested-quotes', 'pythonic', SGCL+'test_reserved_kwarg_with_nested_quote_recovered', sgc_lw("[search(from='sed -n '1,5p' f.py')]"), SGCLT, note=SGC_VALID)

# --- TestGigaChat3Detector (what test_gigachat3_detector.py's copy in gen.py lacks)
SGCG = SGCP + 'TestGigaChat3Detector '
SGCGT = [sgc_raw('manage_user_memory', content={'anyOf': [{'type': 'string'}, {'type': 'null'}], 'default': None}, action={'type': 'string', 'enum': ['create', 'update', 'delete'], 'default': 'create'},
                 id={'anyOf': [{'type': 'string', 'format': 'uuid'}, {'type': 'null'}], 'default': None}),
         ('get_weather', {}, {'type': 'object', 'properties': {'city': {'type': 'string'}, 'unit': {'type': 'string', 'enum': ['celsius', 'fahrenheit']}}, 'required': ['city']})]
SGCGH = '<|message_sep|>\n\nfunction call<|role_sep|>\n'
vec('sglang-fcp-gigachat3-header-empty-object', 'GigaChat 3', SGCG+'test_has_tool_call_detects_both_markers (function call<|role_sep|>)', 'function call<|role_sep|>\n{}', SGCGT)
vec('sglang-fcp-gigachat3-marker-empty-object', 'GigaChat 3', SGCG+'test_has_tool_call_detects_both_markers (<|function_call|>)', '<|function_call|>{}', SGCGT)
vec('sglang-fcp-gigachat3-no-arguments', 'GigaChat 3', SGCG+'test_detect_and_parse_missing_arguments', SGCGH + '{"name": "manage_user_memory"}', SGCGT, [('manage_user_memory', {})],
    note='disagrees on purpose: SGLang\'s GigaChat detector wants an arguments field; toolfix reads every JSON call body alike, and a call object without arguments is a call of none (test_zero_argument_tool_call.py), which fits this schema')
vec('sglang-fcp-gigachat3-stream-simple', 'GigaChat 3', SGCG+'test_streaming_simple_tool_call', SGCGH + '{"name": "manage_user_memory", "arguments": {"action": "create", "id": "preferences"}}', SGCGT,
    [('manage_user_memory', {'action': 'create', 'id': 'preferences'})])
vec('sglang-fcp-gigachat3-large-steps', 'GigaChat 3', SGCG+'test_streaming_large_steps',
    "I'll remember that." + SGCGH + '{"name": "manage_user_memory", "arguments": {"action": "create", "id": "preferences", "content": {"short_answers": true, "hate_emojis": true, "english_ui": false, "russian_math_explanations": true}}}', SGCGT,
    note='disagrees on purpose: SGLang passes content on as an object; the schema declares it a string or null, so the call fits no schema and toolfix never guesses')
vec('sglang-fcp-gigachat3-small-chunks', 'GigaChat 3', SGCG+'test_streaming_very_small_chunks', SGCGH + '{"name": "get_weather", "arguments": {"city": "NYC"}}', SGCGT, [('get_weather', {'city': 'NYC'})])
vec('sglang-fcp-gigachat31-marker', 'GigaChat 3', SGCG+'test_detect_and_parse_function_call_marker_simple_tool_call', '<|function_call|>{"name": "manage_user_memory", "arguments": {"action": "create", "id": "preferences"}}', SGCGT,
    [('manage_user_memory', {'action': 'create', 'id': 'preferences'})])
vec('sglang-fcp-gigachat31-marker-stream', 'GigaChat 3', SGCG+'test_streaming_function_call_marker_simple_tool_call', "I'll help you.<|function_call|>" + '{"name": "manage_user_memory", "arguments": {"action": "create", "id": "prefs"}}', SGCGT,
    [('manage_user_memory', {'action': 'create', 'id': 'prefs'})], keep="I'll help you.")

# --- TestQwen25Detector (Hermes's <tool_call> JSON)
SGCQ = SGCP + 'TestQwen25Detector '
SGCQT = [('get_current_weather', {}, {'type': 'object', 'properties': {'city': {'type': 'string'}, 'state': {'type': 'string'}, 'unit': {'type': 'string', 'enum': ['celsius', 'fahrenheit']}}, 'required': ['city', 'state', 'unit']})]
def sgc_q(city, state, unit='fahrenheit'): return '<tool_call>\n{"name": "get_current_weather", "arguments": {"city": "%s", "state": "%s", "unit": "%s"}}\n</tool_call>' % (city, state, unit)
def sgc_qv(city, state, unit='fahrenheit'): return ('get_current_weather', {'city': city, 'state': state, 'unit': unit})
vec('sglang-fcp-qwen25-four', 'Hermes', SGCQ+'test_detect_and_parse_multiple_tool_calls', '\n'.join(sgc_q(*c) for c in (('NYC', 'NY'), ('Baltimore', 'MD'), ('Minneapolis', 'MN'), ('Los Angeles', 'CA'))), SGCQT,
    [sgc_qv(*c) for c in (('NYC', 'NY'), ('Baltimore', 'MD'), ('Minneapolis', 'MN'), ('Los Angeles', 'CA'))])
vec('sglang-fcp-qwen25-text-prefix', 'Hermes', SGCQ+'test_detect_and_parse_with_normal_text_prefix', 'Sure, let me check the weather.\n' + sgc_q('NYC', 'NY', 'celsius'), SGCQT, [sgc_qv('NYC', 'NY', 'celsius')], keep='Sure, let me check the weather.')
vec('sglang-fcp-qwen25-stream-three', 'Hermes', SGCQ+'test_streaming_multiple_tool_calls', '\n'.join(sgc_q(*c) for c in (('NYC', 'NY'), ('Baltimore', 'MD'), ('LA', 'CA'))), SGCQT,
    [sgc_qv(*c) for c in (('NYC', 'NY'), ('Baltimore', 'MD'), ('LA', 'CA'))])
vec('sglang-fcp-qwen25-fused', 'Hermes', SGCQ+'test_streaming_multiple_tool_calls_fused_chunks', sgc_q('NYC', 'NY') + '\n' + sgc_q('LA', 'CA'), SGCQT, [sgc_qv('NYC', 'NY'), sgc_qv('LA', 'CA')])
vec('sglang-fcp-qwen25-separator-chars', 'Hermes', SGCQ+'test_streaming_multiple_tool_calls_char_by_char_separator', sgc_q('NYC', 'NY') + '\n' + sgc_q('LA', 'CA', 'celsius'), SGCQT, [sgc_qv('NYC', 'NY'), sgc_qv('LA', 'CA', 'celsius')])

# --- TestGemma4Detector
SGCM = SGCP + 'TestGemma4Detector '
SGCMQ = '<|"|>'
SGCMW = ('get_weather', {}, {'type': 'object', 'properties': {'location': {'type': 'string'}, 'unit': {'type': 'string', 'enum': ['celsius', 'fahrenheit']}}, 'required': ['location']})
SGCMT = [SGCMW, sgc_raw('get_time', timezone=S)]
def sgc_g(name, body): return '<|tool_call>call:' + name + '{' + body + '}<tool_call|>'
def sgc_gs(v): return SGCMQ + v + SGCMQ
vec('sglang-fcp-gemma4-text-before', 'Gemma 4', SGCM+'test_detect_and_parse', 'Some text before ' + sgc_g('get_weather', 'location:' + sgc_gs('Tokyo')), [SGCMW],
    note='disagrees on purpose: the opener glued after words that end no sentence, the call going on on that line, counts as an example (the line-start rule)')
vec('sglang-fcp-gemma4-stream-after', 'Gemma 4', SGCM+'test_parse_streaming_increment', 'Some text before ' + sgc_g('get_weather', 'location:' + sgc_gs('Tokyo')) + ' after', [SGCMW], note=SGC_TAIL)
vec('sglang-fcp-gemma4-nested-array', 'Gemma 4', SGCM+'test_nested_array_streaming', sgc_g('get_weather', 'location:' + sgc_gs('New York') + ',nested:[1, 2, {inner:' + sgc_gs('val') + '}]'), [SGCMW],
    [('get_weather', {'location': 'New York', 'nested': [1, 2, {'inner': 'val'}]})])
vec('sglang-fcp-gemma4-plain', 'Gemma 4', SGCM+'test_detect_and_parse_no_tool_call', 'This is plain text without any tool calls.', [SGCMW])
vec('sglang-fcp-gemma4-unknown', 'Gemma 4', SGCM+'test_detect_and_parse_unknown_tool_index', sgc_g('unknown_func', 'arg:' + sgc_gs('val')), [SGCMW],
    note='disagrees on purpose: SGLang returns the call with tool index -1; toolfix makes calls of declared tools only (D57)')
vec('sglang-fcp-gemma4-nested-object', 'Gemma 4', SGCM+'test_detect_and_parse_nested_object', sgc_g('get_weather', 'location:' + sgc_gs('Tokyo') + ',details:{temp:25,unit:' + sgc_gs('celsius') + '}'), [SGCMW],
    [('get_weather', {'location': 'Tokyo', 'details': {'temp': 25, 'unit': 'celsius'}})])
vec('sglang-fcp-gemma4-two-text-between', 'Gemma 4', SGCM+'test_detect_and_parse_multiple_calls', 'Some text ' + sgc_g('get_weather', 'location:' + sgc_gs('Tokyo')) + ' more text ' + sgc_g('get_time', 'timezone:' + sgc_gs('UTC')), SGCMT,
    note='disagrees on purpose: tail only, and prose between the calls')
vec('sglang-fcp-gemma4-stream-two', 'Gemma 4', SGCM+'test_streaming_multiple_tool_calls', sgc_g('get_weather', 'location:' + sgc_gs('Tokyo')) + ' ' + sgc_g('get_time', 'timezone:' + sgc_gs('UTC')), SGCMT,
    [('get_weather', {'location': 'Tokyo'}), ('get_time', {'timezone': 'UTC'})])
vec('sglang-fcp-gemma4-small-chunks', 'Gemma 4', SGCM+'test_streaming_very_small_chunks', sgc_g('get_weather', 'location:' + sgc_gs('Rome')), [SGCMW], [('get_weather', {'location': 'Rome'})])
vec('sglang-fcp-gemma4-empty-args', 'Gemma 4', SGCM+'test_streaming_empty_args', sgc_g('get_weather', ''), [SGCMW],
    note='disagrees on purpose: the schema requires location; toolfix takes only a call that fits its schema')
vec('sglang-fcp-gemma4-empty-args-optional', 'Gemma 4', SGCM+'test_streaming_empty_args (location not required)', sgc_g('get_weather', ''), [sgc_raw('get_weather', location=S)], [('get_weather', {})])
vec('sglang-fcp-gemma4-stream-text-between', 'Gemma 4', SGCM+'test_streaming_text_between_tool_calls', 'Hello! ' + sgc_g('get_weather', 'location:' + sgc_gs('Paris')) + ' Let me also check ' + sgc_g('get_time', 'timezone:' + sgc_gs('UTC')), SGCMT,
    note='disagrees on purpose: tail only, and prose between the calls')

# --- TestTopLevelCompositeToolSchema: the properties under a top-level oneOf
SGCC = SGCP + 'TestTopLevelCompositeToolSchema '
SGCCO = ('acme', {}, {'type': 'object', 'oneOf': [
    {'type': 'object', 'properties': {'kind': {'const': 'acme'}, 'payload': {'type': 'object', 'properties': {'value': {'type': 'string'}}, 'required': ['value']}}, 'required': ['kind', 'payload']},
    {'type': 'object', 'properties': {'kind': {'const': 'other'}}, 'required': ['kind']}]})
SGCCF = ('acme', {}, {'type': 'object', 'properties': {'kind': {'type': 'string'}, 'payload': {'type': 'object', 'properties': {'value': {'type': 'string'}}, 'required': ['value']}}, 'required': ['kind', 'payload']})
SGCCV = [('acme', {'kind': 'acme', 'payload': {'value': 'hello'}})]
SGCC47 = '<tool_call>acme<arg_key>kind</arg_key><arg_value>acme</arg_value><arg_key>payload</arg_key><arg_value>{"value": "hello"}</arg_value></tool_call>'
SGCC4 = '<tool_call>acme\n<arg_key>kind</arg_key>\n<arg_value>acme</arg_value>\n<arg_key>payload</arg_key>\n<arg_value>{"value": "hello"}</arg_value>\n</tool_call>'
SGCCQ = '<tool_call><function=acme><parameter=kind>acme</parameter><parameter=payload>{"value": "hello"}</parameter></function></tool_call>'
vec('sglang-fcp-composite-glm47', 'GLM 4.5/4.7', SGCC+'test_glm47_streaming', SGCC47, [SGCCO], SGCCV)
vec('sglang-fcp-composite-glm47-flat', 'GLM 4.5/4.7', SGCC+'test_glm47_streaming_object_argument_closes_outer_brace', SGCC47, [SGCCF], SGCCV)
vec('sglang-fcp-composite-glm4', 'GLM 4.5/4.7', SGCC+'test_glm4_streaming', SGCC4, [SGCCO], SGCCV)
vec('sglang-fcp-composite-glm4-flat', 'GLM 4.5/4.7', SGCC+'test_glm4_streaming_object_argument_closes_outer_brace', SGCC4, [SGCCF], SGCCV)
vec('sglang-fcp-composite-qwen3', 'Qwen3 Coder/XML', SGCC+'test_qwen3_coder_detect_and_parse', SGCCQ, [SGCCO], SGCCV)
vec('sglang-fcp-composite-qwen3-stream', 'Qwen3 Coder/XML', SGCC+'test_qwen3_coder_streaming', SGCCQ, [SGCCO], SGCCV)
vec('sglang-fcp-composite-other-branch', 'GLM 4.5/4.7', SGCC+'test_glm47_streaming (the other branch of the oneOf)', '<tool_call>acme<arg_key>kind</arg_key><arg_value>other</arg_value></tool_call>', [SGCCO], [('acme', {'kind': 'other'})])
vec('sglang-fcp-composite-no-branch', 'GLM 4.5/4.7', SGCC+'test_glm47_streaming (a kind neither branch allows)', '<tool_call>acme<arg_key>kind</arg_key><arg_value>third</arg_value></tool_call>', [SGCCO],
    note='the value fits neither branch of the oneOf, so the call fits no schema and the text passes')

# --- test_parallel_tool_calls.py TestParallelToolCalls (the unit copy of test_parallel_tool_bug.py, its
# schema as it is: filename undeclared and allowed)
SGCPT = SGCD + 'test_parallel_tool_calls.py TestParallelToolCalls '
SGCPTT = [('search_docs', {}, {'type': 'object', 'properties': {'title': {'type': 'array', 'items': {'type': 'string'}}}, 'required': ['title']})]
vec('sglang-parallel-unit-array-params', 'xLAM', SGCPT+'test_parallel_tool_calls_with_array_parameters',
    '[\n  {"name": "search_docs", "parameters": {"title": ["7.8.9"], "filename": "doc1"}},\n  {"name": "search_docs", "parameters": {"title": ["4.8"], "filename": "doc2"}}]', SGCPTT,
    note='disagrees on purpose: filename is no member the schema declares, and a bare JSON list is taken only when its arguments name declared members alone (issue 20 G1: nothing but its shape says it is a call)')
vec('sglang-parallel-unit-simple', 'xLAM', SGCPT+'test_simple_parallel_tool_calls', '[\n  {"name": "search_docs", "parameters": {"title": ["a"]}},\n  {"name": "search_docs", "parameters": {"title": ["b"]}}]', SGCPTT,
    [('search_docs', {'title': ['a']}), ('search_docs', {'title': ['b']})])

# --- test_streaming_unknown_tool_name.py: a call of an undeclared tool among declared ones
SGCU = SGCD + 'test_streaming_unknown_tool_name.py '
SGCUT = [('get_weather', {}, {}), ('get_time', {}, {})]
SGCUW, SGCUM, SGCUX = '{"name": "get_weather", "arguments": {"city": "Tokyo"}}', '{"name": "get_time", "arguments": {"tz": "JST"}}', '{"name": "rm_rf", "arguments": {"path": "/"}}'
def sgc_ja(*c): return '[' + ','.join(x.replace('"arguments"', '"parameters"') for x in c) + ']'
def sgc_tw(*c): return ''.join('<tool_call>\n%s\n</tool_call>\n' % x for x in c)
SGCUN = 'disagrees on purpose: SGLang drops the call of the undeclared tool and forwards the others; toolfix takes a leaked tail whole or not at all, and only of declared tools (D57)'
vec('sglang-stream-unknown-first', 'xLAM', SGCU+'test_unknown_tool_first_does_not_drop_the_rest', sgc_ja(SGCUX, SGCUW, SGCUM), SGCUT, note=SGCUN)
vec('sglang-stream-unknown-middle', 'xLAM', SGCU+'test_unknown_tool_in_the_middle_does_not_drop_the_rest', sgc_ja(SGCUW, SGCUX, SGCUM), SGCUT, note=SGCUN)
vec('sglang-stream-unknown-tag-wrapped', 'Hermes', SGCU+'test_tag_wrapped_format_does_not_merge_calls', sgc_tw(SGCUW, SGCUX, SGCUM), SGCUT, [('get_time', {'tz': 'JST'})], keep=sgc_tw(SGCUW, SGCUX),
    note='disagrees on purpose: SGLang drops the undeclared call and forwards get_weather and get_time; toolfix takes no tail with an undeclared call, and the block after it begins a tail of its own (markup.FindDeclared), so only get_time is taken')
vec('sglang-stream-unknown-bookkeeping', 'xLAM', SGCU+'test_previous_tool_bookkeeping_survives_a_dropped_call', sgc_ja(SGCUW, SGCUX), SGCUT, note=SGCUN)
vec('sglang-stream-unknown-llama32', 'Llama 3 JSON', SGCU+'test_llama32_separator_format_recovers', '<|python_tag|>' + SGCUX + ';' + SGCUW, SGCUT, note=SGCUN)
vec('sglang-stream-unknown-all-valid', 'xLAM', SGCU+'test_all_valid_calls_are_unaffected', sgc_ja(SGCUW, SGCUM), SGCUT,
    note='disagrees on purpose: the peer\'s tools declare no schema, and a bare JSON list is taken only when its arguments name declared members alone (issue 20 G1)')
vec('sglang-stream-unknown-all-valid-declared', 'xLAM', SGCU+'test_all_valid_calls_are_unaffected (city and tz declared)', sgc_ja(SGCUW, SGCUM), [sgc_raw('get_weather', city=S), sgc_raw('get_time', tz=S)],
    [('get_weather', {'city': 'Tokyo'}), ('get_time', {'tz': 'JST'})])
vec('sglang-stream-unknown-tag-wrapped-valid', 'Hermes', SGCU+'test_tag_wrapped_format_does_not_merge_calls (the unknown call left out)', sgc_tw(SGCUW, SGCUM), SGCUT, [('get_weather', {'city': 'Tokyo'}), ('get_time', {'tz': 'JST'})])

# --- test_unknown_tool_name.py (the unit copy): its streaming tests run a test detector whose
# <tool> … </tool> no model writes, so each is a look-alike that passes
SGCN = SGCD + 'test_unknown_tool_name.py '
SGCNT = [sgc_raw('get_weather')]
SGCNF = 'test detector <tool> (not a row)'
vec('sglang-unknown-unit-dropped', 'Llama 3 JSON', SGCN+'test_unknown_tool_name_dropped_default', '{"name":"unknown_tool","parameters":{"city":"Paris"}}', SGCNT)
vec('sglang-unknown-unit-forwarded', 'Llama 3 JSON', SGCN+'test_unknown_tool_name_forwarded', '{"name":"unknown_tool","parameters":{"city":"Paris"}}', SGCNT,
    note='disagrees on purpose: SGLANG_FORWARD_UNKNOWN_TOOLS forwards it; toolfix never does (D57)')
vec('sglang-unknown-unit-stream-dropped', SGCNF, SGCN+'test_streaming_unknown_tool_dropped_default', '<tool>{"name":"unknown_tool","arguments":{"x":1}}', SGCNT)
vec('sglang-unknown-unit-between-known', SGCNF, SGCN+'test_streaming_unknown_tool_between_known_preserves_state', '<tool>{"name":"get_weather","arguments":{"x":1}}, {"name":"unknown","arguments":{}}, {"name":"get_weather","arguments":{"y":2}}', SGCNT,
    note='disagrees on purpose: no model writes the test detector\'s <tool>; toolfix knows no such row and the text passes')
vec('sglang-unknown-unit-then-text', SGCNF, SGCN+'test_streaming_after_unknown_tool_continues', '<tool>{"name":"unknown_tool","arguments":{}}hello world', SGCNT)

# --- test_zero_argument_tool_call.py (its last test; gen.py holds the others)
vec('sglang-zero-arg-drains', 'Hermes', SGCD+'test_zero_argument_tool_call.py TestZeroArgumentToolCallStreaming test_zero_argument_call_drains_the_buffer', '<tool_call>\n{"name": "get_time"}\n</tool_call>',
    [sgc_raw('get_time'), sgc_raw('get_weather', city=S)], [('get_time', {})])

# --- test_streaming_parity.py: one generation per detector, the same calls streamed or whole
SGCS = SGCD + 'test_streaming_parity.py '
SGCST = [sgc_raw('get_weather'), sgc_raw('f')]
SGCSN = 'disagrees on purpose: SGLang types a value the schema leaves undeclared from its literal (TestUndeclaredArgumentTypes); toolfix types markup values by the schema only, and takes no call with a member it cannot type'
SGCSG = '<tool_call>get_weather\n<arg_key>get_weather</arg_key>\n<arg_value>123</arg_value>\n</tool_call>'
for fam, key, text, calls in (
        ('Cohere Command', 'cohere_command4', '<|START_ACTION|>[{"tool_name": "f", "parameters": {}}]<|END_ACTION|>', [('f', {})]),
        ('Gemma 4', 'gemma4', '<|tool_call>call:f{}<tool_call|>', [('f', {})]),
        ('GLM 4.5/4.7', 'glm', SGCSG, [('get_weather', {'get_weather': 123})]),
        ('GLM 4.5/4.7', 'glm47', SGCSG.replace('\n', ''), [('get_weather', {'get_weather': 123})]),
        ('MiniMax M2', 'minimax-m2', '<minimax:tool_call><invoke name="get_weather"></invoke></minimax:tool_call>', [('get_weather', {})]),
        ('Mistral', 'mistral', '[TOOL_CALLS] [{"name": "get_weather", "arguments": {}}, {"name": "get_weather", "arguments": {}}]', [('get_weather', {}), ('get_weather', {})]),
        ('Step3', 'step3', '<｜tool_calls_begin｜><｜tool_call_begin｜>function<｜tool_sep｜><steptml:invoke name="get_weather"></steptml:invoke><｜tool_call_end｜><｜tool_call_begin｜>function<｜tool_sep｜><steptml:invoke name="get_weather"><steptml:parameter name="get_weather">hello</steptml:parameter></steptml:invoke><｜tool_call_end｜><｜tool_calls_end｜>',
         [('get_weather', {}), ('get_weather', {'get_weather': 'hello'})])):
    src = SGCS+'TestStreamingParity test_char_by_char_matches_one_shot[%s] (and its single-chunk and two-chunk tests)' % key
    if calls[-1][1]:  # an argument the peer's empty schema leaves undeclared
        vec('sglang-parity-' + key, fam, src, text, SGCST, note=SGCSN)
        vec('sglang-parity-' + key + '-declared', fam, src + ' (its argument declared)', text, [sgc_raw('get_weather', get_weather=I if key.startswith('glm') else S), sgc_raw('f')], calls)
    else:
        vec('sglang-parity-' + key, fam, src, text, SGCST, calls)

# --- test_gigachat3_detector.py TestGigaChat3Detector: the tests gen.py's copy lacks, the same
# model outputs as the parser file's section above
SGCGD = SGCD + 'test_gigachat3_detector.py TestGigaChat3Detector '
vec('sglang-gigachat3-header-empty-object', 'GigaChat 3', SGCGD+'test_has_tool_call_detects_both_markers (function call<|role_sep|>)', 'function call<|role_sep|>\n{}', SGCGT)
vec('sglang-gigachat3-marker-empty-object', 'GigaChat 3', SGCGD+'test_has_tool_call_detects_both_markers (<|function_call|>)', '<|function_call|>{}', SGCGT)
vec('sglang-gigachat3-no-arguments', 'GigaChat 3', SGCGD+'test_detect_and_parse_missing_arguments', SGCGH + '{"name": "manage_user_memory"}', SGCGT, [('manage_user_memory', {})],
    note='disagrees on purpose: SGLang\'s GigaChat detector wants an arguments field; toolfix reads every JSON call body alike, and a call object without arguments is a call of none (test_zero_argument_tool_call.py), which fits this schema')
vec('sglang-gigachat3-stream-simple', 'GigaChat 3', SGCGD+'test_streaming_simple_tool_call', SGCGH + '{"name": "manage_user_memory", "arguments": {"action": "create", "id": "preferences"}}', SGCGT,
    [('manage_user_memory', {'action': 'create', 'id': 'preferences'})])
vec('sglang-gigachat3-small-chunks', 'GigaChat 3', SGCGD+'test_streaming_very_small_chunks', SGCGH + '{"name": "get_weather", "arguments": {"city": "NYC"}}', SGCGT, [('get_weather', {'city': 'NYC'})])
vec('sglang-gigachat31-marker', 'GigaChat 3', SGCGD+'test_detect_and_parse_function_call_marker_simple_tool_call', '<|function_call|>{"name": "manage_user_memory", "arguments": {"action": "create", "id": "preferences"}}', SGCGT,
    [('manage_user_memory', {'action': 'create', 'id': 'preferences'})])
vec('sglang-gigachat31-marker-stream', 'GigaChat 3', SGCGD+'test_streaming_function_call_marker_simple_tool_call', "I'll help you.<|function_call|>" + '{"name": "manage_user_memory", "arguments": {"action": "create", "id": "prefs"}}', SGCGT,
    [('manage_user_memory', {'action': 'create', 'id': 'prefs'})], keep="I'll help you.")

# --- test_qwen25_detector.py and test_lfm2_detector.py: the tests gen.py's copies lack
SGCQD = SGCD + 'test_qwen25_detector.py TestQwen25Detector '
SGCQDT = [sgc_raw('get_weather', city=S, unit={'type': 'string', 'enum': ['celsius', 'fahrenheit']}), sgc_raw('search', query=S)]
vec('sglang-qwen25-stream-single', 'Hermes', SGCQD+'test_streaming_single_call', '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Beijing"}}\n</tool_call>', SGCQDT, [('get_weather', {'city': 'Beijing'})])
vec('sglang-qwen25-stream-text', 'Hermes', SGCQD+'test_streaming_normal_text_before_call', 'Hello there! ', SGCQDT)
SGCLD = SGCD + 'test_lfm2_detector.py TestLfm2Detector '
vec('sglang-lfm2-stream-complete', 'pythonic', SGCLD+'test_streaming_complete_call_pythonic', sgc_lw('[get_weather(city="Tokyo")]'), SGCQDT, [('get_weather', {'city': 'Tokyo'})])

# --- the kinds the LFM2 recovery tests show (a number's leading +, a constant f-string, the r and
# u prefixes), tried in the other rows the Python body reader serves
SGCK = SGCL + 'test_explicit_positive_number and test_constant_fstring_argument (the kind in %s)'
SGCKT = [sgc_raw('search', query=S, limit=I, path=S)]
vec('sglang-pykind-bare', 'pythonic', SGCK % 'a bare call list', "[search(query=f'x', limit=+7, path=r'C:\\tmp')]", SGCKT, [('search', {'query': 'x', 'limit': 7, 'path': 'C:\\tmp'})])
vec('sglang-pykind-olmo3', 'Olmo 3 pythonic', SGCK % 'Olmo 3\'s <function_calls> lines', "<function_calls>search(query=u'x', limit=+7)\nsearch(query=F'y', limit=+0)</function_calls>", SGCKT,
    [('search', {'query': 'x', 'limit': 7}), ('search', {'query': 'y', 'limit': 0})])
vec('sglang-pykind-multi-format', 'multi_format <tool_call> Python call', SGCK % 'SGLang multi_format\'s <tool_call>T(…)', "<tool_call>search(query=rf'a\\d', limit=+3)</tool_call>", SGCKT, [('search', {'query': 'a\\d', 'limit': 3})])
vec('sglang-pykind-llama4', 'pythonic', SGCK % 'Llama 4\'s <|python_start|> tokens', "<|python_start|>[search(query='x', limit=+12)]<|python_end|>", SGCKT, [('search', {'query': 'x', 'limit': 12})])
vec('sglang-pykind-fstring-placeholder', 'pythonic', SGCK % 'a bare call list; an f-string with a placeholder is an expression', "[search(query=f'{q}', limit=+7)]", SGCKT)
vec('sglang-pykind-bytes', 'pythonic', SGCK % 'a bare call list; a bytes literal is no JSON value', "[search(query=b'x')]", SGCKT)
