# SGLang's function-call tests converted in issue 20, part B (helper sgb): Gemma 4, GLM, gpt-oss,
# Hunyuan, Inkling, JSON array, Llama 3.2, MiMo, MiniCPM, MiniMax, Mistral, pythonic, Qwen, Step3,
# Trinity, Poolside, Spark, Glimmer, the malformed payloads, the root combinators and the
# streaming parity tests. Run by gen.py in its own names (vec, T, S, I, …); the helpers here start
# with sgb_ or SGB.
SGB = 'sgl-project/sglang test/registered/unit/function_call/'

# --- Gemma 4 (test_gemma4_detector*.py); the string token is <|"|>
SGBQ = '<|"|>'
def sgb_g4(args, name='web_search'): return '<|tool_call>call:%s{%s}<tool_call|>' % (name, args)
SGBG4D = SGB + 'test_gemma4_detector_string_delimiters.py TestGemma4StringDelimiters '
SGBWS = T('web_search', query=S, limit=I)
SGBWSF = T('web_search', query=ANY, limit=I, exact=B, filters=O)
vec('sglang-gemma4-well-formed-string', 'Gemma 4', SGBG4D+'test_well_formed_string', sgb_g4('query:%sweather in Tokyo%s' % (SGBQ, SGBQ)), [SGBWS], [('web_search', {'query': 'weather in Tokyo'})])
vec('sglang-gemma4-omitted-open', 'Gemma 4', SGBG4D+'test_omitted_opening_delimiter', sgb_g4('query:weather in Tokyo%s' % SGBQ), [SGBWS], [('web_search', {'query': 'weather in Tokyo'})])
vec('sglang-gemma4-omitted-open-comma', 'Gemma 4', SGBG4D+'test_omitted_opening_delimiter_with_comma', sgb_g4('query:Paris, France%s,limit:5' % SGBQ), [SGBWS], [('web_search', {'query': 'Paris, France', 'limit': 5})])
vec('sglang-gemma4-omitted-open-nested', 'Gemma 4', SGBG4D+'test_omitted_opening_delimiter_in_nested_object', sgb_g4('filters:{city:Tokyo%s},query:%sx%s' % (SGBQ, SGBQ, SGBQ)), [T('web_search', query=S, filters=O)],
    [('web_search', {'filters': {'city': 'Tokyo'}, 'query': 'x'})])
vec('sglang-gemma4-omitted-open-array', 'Gemma 4', SGBG4D+'test_omitted_opening_delimiter_in_array', sgb_g4('query:[%sa%s,b%s]' % (SGBQ, SGBQ, SGBQ)), [T('web_search', query=A)], [('web_search', {'query': ['a', 'b']})])
vec('sglang-gemma4-other-values', 'Gemma 4', SGBG4D+'test_other_values_unchanged', sgb_g4('limit:5,exact:true,query:%sNote: a, b%s' % (SGBQ, SGBQ)), [T('web_search', query=S, limit=I, exact=B)],
    [('web_search', {'limit': 5, 'exact': True, 'query': 'Note: a, b'})])
vec('sglang-gemma4-malformed-array', 'Gemma 4', SGBG4D+'test_malformed_array_terminates', sgb_g4('query:[ k:%s1]]' % SGBQ), [SGBWS],
    note='disagrees on purpose: SGLang ends its scan and forwards a call with whatever it read; the array is broken, and toolfix takes a call only when its body reads whole')
SGBG4A = SGB + 'test_gemma4_detector.py TestGemma4ArrayParser '
vec('sglang-gemma4-array-close-in-string', 'Gemma 4', SGBG4A+'test_nested_array_string_elements_with_brackets[0] (as a call\'s argument)', sgb_g4('items:[[%sa]b%s,%sc%s],%stail%s]' % ((SGBQ,) * 6), 'f'), [T('f', items=A)],
    [('f', {'items': [['a]b', 'c'], 'tail']})])
vec('sglang-gemma4-array-open-in-string', 'Gemma 4', SGBG4A+'test_nested_array_string_elements_with_brackets[1] (as a call\'s argument)', sgb_g4('items:[[%sa[b%s,%sc%s],%stail%s]' % ((SGBQ,) * 6), 'f'), [T('f', items=A)],
    [('f', {'items': [['a[b', 'c'], 'tail']})])
vec('sglang-gemma4-array-brackets-in-string', 'Gemma 4', SGBG4A+'test_nested_array_string_elements_with_brackets[2] (as a call\'s argument)', sgb_g4('items:[[%sa[b]c%s,%sd%s]]' % ((SGBQ,) * 4), 'f'), [T('f', items=A)],
    [('f', {'items': [['a[b]c', 'd']]})])
vec('sglang-gemma4-array-stray-close', 'Gemma 4', SGBG4A+'test_stray_closing_bracket_terminates (as a call\'s argument)', sgb_g4('items:[42,]trailing]', 'f'), [T('f', items=A)],
    note='disagrees on purpose: SGLang stops at the stray bracket and keeps [42]; the body does not read whole, and toolfix never guesses')
SGBG4F = SGB + 'test_gemma4_detector_finish.py TestGemma4DetectorFinishFlush '
vec('sglang-gemma4-finish-partial', 'Gemma 4', SGBG4F+'test_partial_tool_call_at_end_is_flushed', 'hi <|tool_call>call:get_weather{city:', [T('get_weather', city=S)], note='a cut-off call is never completed')
vec('sglang-gemma4-finish-single-quoted', 'Gemma 4', SGBG4F+'test_complete_call_not_duplicated_at_finish', "<|tool_call>call:get_weather{city: 'Paris'}<tool_call|>", [T('get_weather', city=S)],
    note='the value is neither <|"|>-quoted nor a JSON literal (SGLang\'s test asserts only its buffer), so the body does not read and the text passes')

# --- pythonic (test_pythonic_detector.py, test_pythonic_streaming.py, test_pythonic_detector_finish.py)
SGBPY = SGB + 'test_pythonic_detector.py TestPythonicDetector '
SGBPW = T('get_weather', city=S, unit={'type': 'string', 'enum': ['celsius', 'fahrenheit']})
SGBPS = T('search', query=S)
SGBPT = [SGBPW, SGBPS]
vec('sglang-pyd-single', 'pythonic', SGBPY+'test_single_tool_call_string_arg', "[get_weather(city='Tokyo')]", SGBPT, [('get_weather', {'city': 'Tokyo'})])
vec('sglang-pyd-int-for-string', 'pythonic', SGBPY+'test_single_tool_call_int_arg', "[get_weather(city=123)]", SGBPT,
    note='disagrees on purpose: SGLang forwards the number for the declared string city; it fits no schema, and toolfix never guesses')
vec('sglang-pyd-positional', 'pythonic', SGBPY+'test_positional_arguments_ignored', "[get_weather('Tokyo')]", SGBPT,
    note='disagrees on purpose: SGLang drops the positional argument and forwards get_weather with {}; toolfix does not guess which parameter a positional value was meant for, and takes no call that loses a value')
vec('sglang-pyd-multiple', 'pythonic', SGBPY+'test_multiple_tool_calls', "[get_weather(city='Tokyo'), search(query='restaurants')]", SGBPT,
    [('get_weather', {'city': 'Tokyo'}), ('search', {'query': 'restaurants'})])
vec('sglang-pyd-leading-text', 'pythonic', SGBPY+'test_tool_call_with_leading_text', "I will check the weather for you. [get_weather(city='Tokyo')]", SGBPT,
    note='disagrees on purpose: a bare pythonic list counts as a call only as the whole output or in its tokens; after prose, brackets are prose\'s own (vllm-pythonic-after-prose)')
vec('sglang-pyd-no-call-sunny', 'pythonic', SGBPY+'test_has_tool_call_false', 'The weather in Tokyo is sunny today.', SGBPT)
vec('sglang-pyd-dict-for-string', 'pythonic', SGBPY+'test_tool_call_with_dict_arg', "[search(query={'key': 'value', 'nested': {'a': 1}})]", SGBPT,
    note='disagrees on purpose: SGLang forwards the dict for the declared string query; it fits no schema, and toolfix never guesses')
vec('sglang-pyd-list-for-string', 'pythonic', SGBPY+'test_tool_call_with_list_arg', "[search(query=['a', 'b', 'c'])]", SGBPT,
    note='disagrees on purpose: SGLang forwards the list for the declared string query; it fits no schema, and toolfix never guesses')
vec('sglang-pyd-dict-arg', 'pythonic', SGBPY+'test_tool_call_with_dict_arg (query declared an object)', "[search(query={'key': 'value', 'nested': {'a': 1}})]", [T('search', query=O)],
    [('search', {'query': {'key': 'value', 'nested': {'a': 1}}})])
vec('sglang-pyd-list-arg', 'pythonic', SGBPY+'test_tool_call_with_list_arg (query declared an array)', "[search(query=['a', 'b', 'c'])]", [T('search', query=A)],
    [('search', {'query': ['a', 'b', 'c']})])
vec('sglang-pyd-unknown', 'pythonic', SGBPY+'test_unknown_tool_name_skipped', '[unknown_func(arg=1)]', SGBPT)
vec('sglang-pyd-malformed', 'pythonic', SGBPY+'test_malformed_python_returns_empty_calls', '[get_weather(city=)]', SGBPT)
vec('sglang-pyd-no-bracket', 'pythonic', SGBPY+'test_no_bracket_returns_empty_calls', "get_weather(city='Tokyo')", SGBPT)
vec('sglang-pyd-bracket-in-string', 'pythonic', SGBPY+'test_find_matching_bracket_in_string (as a call)', '[func(arg="]")]', [T('func', arg=S)], [('func', {'arg': ']'})])
vec('sglang-pyd-text-then-call', 'pythonic', SGBPY+'test_streaming_text_then_tool_call', "Sure, let me check. [get_weather(city='Tokyo')]", SGBPT,
    note='disagrees on purpose: a bare pythonic list after prose is read as an example, as sglang-pyd-leading-text')
vec('sglang-pyd-python-tokens', 'pythonic', SGBPY+'test_streaming_with_python_tokens', "<|python_start|>[get_weather(city='Tokyo')]<|python_end|>", SGBPT, [('get_weather', {'city': 'Tokyo'})])
vec('sglang-pyd-python-tokens-two', 'pythonic', SGBPY+'test_has_tool_call_multiple (in <|python_start|> tokens)', "<|python_start|>[get_weather(city='Tokyo'), search(query='news')]<|python_end|>", SGBPT,
    [('get_weather', {'city': 'Tokyo'}), ('search', {'query': 'news'})])
vec('sglang-pyd-incomplete', 'pythonic', SGBPY+'test_streaming_incomplete_tool_call', '[get_weather(city=', SGBPT, note='a cut-off call is never completed')
vec('sglang-pyd-incomplete-after-text', 'pythonic', SGBPY+'test_streaming_incomplete_tool_call (with leading text)', 'Hello! [search(query=', SGBPT, note='a cut-off call is never completed')
SGBPF = SGB + 'test_pythonic_detector_finish.py TestPythonicDetectorFinishFlush '
vec('sglang-pyd-finish-partial', 'pythonic', SGBPF+'test_partial_tool_call_at_end_is_flushed', 'hi [get_weather(city=', [T('get_weather', city=S)], note='a cut-off call is never completed')
vec('sglang-pyd-finish-paris', 'pythonic', SGBPF+'test_complete_call_not_duplicated_at_finish', "[get_weather(city='Paris')]", [T('get_weather', city=S)], [('get_weather', {'city': 'Paris'})])
SGBPST = SGB + 'test_pythonic_streaming.py TestPythonicStreaming '
SGBQS = [T('search', query=S)]
for _i, (_lit, _val) in enumerate([('"hello]world"', 'hello]world'), ("'an unmatched [ in a query'", 'an unmatched [ in a query'),
        (r'"escaped quote: \" ] and backslash: \\"', 'escaped quote: " ] and backslash: \\'), (r"'escaped quote: \' ] and backslash: \\'", "escaped quote: ' ] and backslash: \\"),
        ("'''a single ' and ] inside a multiline\nquery'''", "a single ' and ] inside a multiline\nquery"), ('"""a double " and [ inside a multiline\nquery"""', 'a double " and [ inside a multiline\nquery')]):
    vec('sglang-pys-quoted-bracket-%d' % _i, 'pythonic', SGBPST+'test_quoted_brackets_match_non_streaming_for_every_split[%d]' % _i, '[search(query=%s)]' % _lit, SGBQS, [('search', {'query': _val})])
vec('sglang-pys-nested-string-brackets', 'pythonic', SGBPST+'test_nested_containers_preserve_string_brackets', "[search(query={'terms': [']', {'value': '['}]})]", [T('search', query=O)],
    [('search', {'query': {'terms': [']', {'value': '['}]}})], note='query declared an object here (the peer\'s tool declares a string and forwards the dict)')
vec('sglang-pys-trailing-text', 'pythonic', SGBPST+'test_trailing_text_is_emitted_with_the_final_tool_call', "Searching. [search(query='hello')] Done.", SGBQS,
    note='disagrees on purpose: tail only; prose after the list shows it is an example')
vec('sglang-pys-repeated-blocks', 'pythonic', SGBPST+'test_repeated_blocks_have_distinct_indexes_and_drain_final_chunk', "[search(query='one')][search(query='two')] Done.", SGBQS,
    note='disagrees on purpose: tail only; prose after the lists')
vec('sglang-pys-repeated-blocks-tail', 'pythonic', SGBPST+'test_repeated_blocks_have_distinct_indexes_and_drain_final_chunk (without the prose after)', "[search(query='one')][search(query='two')]", SGBQS,
    note='disagrees on purpose: a bare pythonic list is a call only when it is the whole output; two lists glued are not one list, and toolfix takes a tail whole or not at all')
vec('sglang-pys-parallel-then-block', 'pythonic', SGBPST+'test_parallel_calls_and_later_block_keep_order', "[search(query='one'), search(query='two')][search(query='three')]", SGBQS,
    note='disagrees on purpose: two lists glued, as sglang-pys-repeated-blocks-tail')
vec('sglang-pys-unfinished-bracket', 'pythonic', SGBPST+'test_incomplete_call_stays_buffered_until_outer_bracket', "[search(query='unfinished]')] Done.", SGBQS, note='disagrees on purpose: tail only; prose after the list')
vec('sglang-pys-unfinished-bracket-tail', 'pythonic', SGBPST+'test_incomplete_call_stays_buffered_until_outer_bracket (without the prose after)', "[search(query='unfinished]')]", SGBQS, [('search', {'query': 'unfinished]'})])
vec('sglang-pys-markers-then-prose', 'pythonic', SGBPST+'test_special_markers_can_split_after_a_complete_call', "<|python_start|>[search(query='hello')]<|python_end|> Done.", SGBQS, note='disagrees on purpose: tail only; prose after the call')
for _i, _t in enumerate(["[O'Reilly] docs", "[don't panic] done", '[1] and []']):
    vec('sglang-pys-bracketed-prose-%d' % _i, 'pythonic', SGBPST+'test_bracketed_prose_with_apostrophes_is_not_a_call[%d]' % _i, _t, SGBQS)
vec('sglang-pys-bracketed-prose-then-call', 'pythonic', SGBPST+'test_bracketed_prose_with_apostrophes_is_not_a_call[3]', '[O\'Reilly] docs [search(query="]")] Done.', SGBQS, note='disagrees on purpose: tail only; prose after the call')

# --- Llama 3.2 JSON (test_llama32_detector.py, test_llama32_detector_finish.py)
SGBL32 = SGB + 'test_llama32_detector.py TestLlama32Detector '
SGBLB = '{"name": "get_weather", "arguments": {"city": "Beijing"}}'
vec('sglang-l32d-python-tag', 'Llama 3 JSON', SGBL32+'test_single_tool_call_with_python_tag', '<|python_tag|>' + SGBLB, SGBPT, [('get_weather', {'city': 'Beijing'})])
vec('sglang-l32d-bare-json', 'Llama 3 JSON', SGBL32+'test_single_tool_call_without_python_tag', SGBLB, SGBPT, [('get_weather', {'city': 'Beijing'})])
vec('sglang-l32d-text-before', 'Llama 3 JSON', SGBL32+'test_normal_text_before_python_tag', 'Let me check. <|python_tag|>{"name": "get_weather", "arguments": {"city": "Tokyo"}}', SGBPT,
    [('get_weather', {'city': 'Tokyo'})], keep='Let me check.')
vec('sglang-l32d-two', 'Llama 3 JSON', SGBL32+'test_multiple_json_objects', '<|python_tag|>' + SGBLB + ';{"name": "search", "arguments": {"query": "restaurants"}}', SGBPT,
    [('get_weather', {'city': 'Beijing'}), ('search', {'query': 'restaurants'})])
vec('sglang-l32d-two-args', 'Llama 3 JSON', SGBL32+'test_tool_call_with_multiple_arguments', '<|python_tag|>{"name": "get_weather", "arguments": {"city": "London", "unit": "celsius"}}', SGBPT,
    [('get_weather', {'city': 'London', 'unit': 'celsius'})])
vec('sglang-l32d-python-dict', 'Llama 3 JSON', SGBL32+'test_convert_python_dict_to_json (after <|python_tag|>)', "<|python_tag|>{'name': 'get_weather', 'arguments': {'city': 'Beijing'}}", SGBPT,
    note='disagrees on purpose: SGLang reads a Python dict as the JSON call; toolfix reads the Llama 3 row as JSON only, where single quotes are no string')
vec('sglang-l32d-not-a-dict', 'Llama 3 JSON', SGBL32+'test_convert_invalid_string_returns_original (after <|python_tag|>)', '<|python_tag|>not a dict at all', SGBPT)
SGBL32F = SGB + 'test_llama32_detector_finish.py TestLlama32DetectorFinishFlush '
vec('sglang-l32d-finish-partial', 'Llama 3 JSON', SGBL32F+'test_partial_tool_call_at_end_is_flushed', "hi <|python_tag|>get_weather(city='P", [T('get_weather', city=S)], note='a cut-off call is never completed')
vec('sglang-l32d-finish-python-call', 'Llama 3 JSON', SGBL32F+'test_complete_call_not_duplicated_at_finish', "<|python_tag|>get_weather(city='Paris')", [T('get_weather', city=S)],
    note='SGLang flushes it as text too: a Python call after <|python_tag|> is no JSON call')

# --- the JSON array parser (test_json_array_parser.py, test_json_array_parser_finish.py; the xLAM row)
SGBJA = SGB + 'test_json_array_parser.py TestJsonArrayParser '
vec('sglang-jad-complete', 'xLAM', SGBJA+'test_parse_streaming_increment_complete', '[{"name": "test_tool", "arguments": {}}]', [T('test_tool')], [('test_tool', {})])
vec('sglang-jad-name-only', 'xLAM', SGBJA+'test_has_tool_call_with_array', '[{"name": "test_tool"}]', [T('test_tool')], [('test_tool', {})])
vec('sglang-jad-object', 'Llama 3 JSON', SGBJA+'test_has_tool_call_with_object', '{"name": "test_tool"}', [T('test_tool')], [('test_tool', {})],
    note='the bare object is the Llama 3 JSON row\'s; its name is a declared tool')
vec('sglang-jad-plain', 'xLAM', SGBJA+'test_has_tool_call_plain_text', 'This is regular text without brackets.', [T('test_tool')])
SGBJAF = SGB + 'test_json_array_parser_finish.py TestJsonArrayParserFinishFlush '
vec('sglang-jad-finish-partial', 'xLAM', SGBJAF+'test_partial_tool_call_at_end_is_flushed', '[{"name": "get_weather", "arguments": {"city": "P', [T('get_weather', city=S)], note='a cut-off call is never completed')
vec('sglang-jad-finish-complete', 'xLAM', SGBJAF+'test_complete_call_not_duplicated_at_finish', '[{"name": "get_weather", "arguments": {"city": "Paris"}}]', [T('get_weather', city=S)], [('get_weather', {'city': 'Paris'})])

# --- Mistral (test/registered/unit/function_call/test_mistral_detector.py and its _finish, _streaming)
SGBMI = SGB + 'test_mistral_detector.py TestMistralDetector '
SGBMW = T('get_weather', city=S, unit={'type': 'string', 'enum': ['celsius', 'fahrenheit']}, options=O, tags=A)
SGBMT = [SGBMW, SGBPS]
vec('sglang-mistd-array-single', 'Mistral', SGBMI+'test_json_array_single_tool_call', '[TOOL_CALLS] [{"name": "get_weather", "arguments": {"city": "Beijing"}}]', SGBMT, [('get_weather', {'city': 'Beijing'})])
vec('sglang-mistd-array-two', 'Mistral', SGBMI+'test_json_array_multiple_tool_calls', '[TOOL_CALLS] [{"name": "get_weather", "arguments": {"city": "Beijing"}}, {"name": "search", "arguments": {"query": "restaurants"}}]', SGBMT,
    [('get_weather', {'city': 'Beijing'}), ('search', {'query': 'restaurants'})])
vec('sglang-mistd-array-leading-text', 'Mistral', SGBMI+'test_json_array_with_leading_text', 'I will check. [TOOL_CALLS] [{"name": "get_weather", "arguments": {"city": "Tokyo"}}]', SGBMT,
    [('get_weather', {'city': 'Tokyo'})], keep='I will check.')
vec('sglang-mistd-compact-beijing', 'Mistral', SGBMI+'test_compact_format_single_tool_call', '[TOOL_CALLS]get_weather[ARGS]{"city": "Beijing"}', SGBMT, [('get_weather', {'city': 'Beijing'})])
vec('sglang-mistd-compact-leading-text', 'Mistral', SGBMI+'test_compact_format_with_leading_text', 'Let me help. [TOOL_CALLS]get_weather[ARGS]{"city": "Tokyo"}', SGBMT,
    [('get_weather', {'city': 'Tokyo'})], keep='Let me help.')
vec('sglang-mistd-nested', 'Mistral', SGBMI+'test_tool_call_with_nested_json', '[TOOL_CALLS] [{"name": "get_weather", "arguments": {"city": "Beijing", "options": {"detailed": true}}}]', SGBMT,
    [('get_weather', {'city': 'Beijing', 'options': {'detailed': True}})])
vec('sglang-mistd-invalid-json', 'Mistral', SGBMI+'test_json_array_with_invalid_json', '[TOOL_CALLS] [not valid json]', SGBMT,
    note='SGLang drops the text; toolfix passes text without a call as it came')
vec('sglang-mistd-nested-brackets', 'Mistral', SGBMI+'test_extract_json_array_nested_brackets', '[TOOL_CALLS] [{"name": "get_weather", "arguments": {"tags": ["a", "b"]}}]', SGBMT, [('get_weather', {'tags': ['a', 'b']})])
vec('sglang-mistd-text-then-compact', 'Mistral', SGBMI+'test_streaming_text_then_tool_call', 'Sure! [TOOL_CALLS]get_weather[ARGS]{"city": "Tokyo"}', SGBMT, [('get_weather', {'city': 'Tokyo'})], keep='Sure!')
SGBMS = SGB + 'test_mistral_detector_streaming.py TestMistralDetectorStreaming '
SGBMST = [T('get_weather', city=S, days=I), T('search', q=S)]
def sgb_mc(*cs): return '[TOOL_CALLS] [' + ', '.join(json.dumps({'name': n, 'arguments': a}, ensure_ascii=False) for n, a in cs) + ']'
for _n, _t, _cs in [('no-args', 'test_single_call_no_arguments', [('get_weather', {})]),
        ('two-empty', 'test_two_calls_empty_arguments', [('get_weather', {}), ('get_weather', {})]),
        ('two-args', 'test_two_calls_with_arguments', [('get_weather', {'city': 'Beijing'}), ('search', {'q': 'food'})]),
        ('three', 'test_three_calls', [('get_weather', {}), ('search', {'q': 'a'}), ('get_weather', {'days': 3})]),
        ('empty-then-args', 'test_empty_arguments_followed_by_populated', [('get_weather', {}), ('search', {'q': 'x'})]),
        ('integer', 'test_integer_argument_keeps_type', [('get_weather', {'days': 7})]),
        ('unicode', 'test_unicode_argument', [('get_weather', {'city': '北京'})])]:
    vec('sglang-mists-' + _n, 'Mistral', SGBMS + _t, sgb_mc(*_cs), SGBMST, _cs)
vec('sglang-mists-text-before', 'Mistral', SGBMS+'test_normal_text_before_tool_call', 'Sure. ' + sgb_mc(('get_weather', {})), SGBMST, [('get_weather', {})], keep='Sure.')
SGBMF = SGB + 'test_mistral_detector_finish.py TestMistralDetectorFinishFlush '
vec('sglang-mistf-partial', 'Mistral', SGBMF+'test_partial_tool_call_at_end_is_flushed', 'hi [TOOL_CALLS] [{"name": "get_weather", "arguments": {"city": "P', [T('get_weather', city=S)], note='a cut-off call is never completed')

# --- Qwen3 Coder (test/registered/unit/function_call/test_qwen3_coder_detector.py)
SGBQC = SGB + 'test_qwen3_coder_detector.py TestQwen3CoderDetectorMalformedParameterEnd '
SGBQW = [T('get_weather', city=S, days=I)]
def sgb_qc(city_block): return '<tool_call>\n<function=get_weather>\n<parameter=city>\n%s\n<parameter=days>\n3\n</parameter>\n</function>\n</tool_call>' % city_block
for _i, _m in enumerate(('</parameter1>', '</parameter_function>', '</parameter')):
    vec('sglang-qcd-drifted-end-%d' % _i, 'Qwen3 Coder/XML', SGBQC+'test_non_streaming_strips_drifted_end_marker[%s]' % _m, sgb_qc('Shanghai\n' + _m), SGBQW,
        note='disagrees on purpose: the city parameter has no </parameter> (a drifted one) and runs into the next; SGLang mends it, toolfix does not guess where the value ends (as vllm-qwen3coder-missing-param-closer)')
vec('sglang-qcd-well-formed', 'Qwen3 Coder/XML', SGBQC+'test_well_formed_value_unchanged', sgb_qc('Shanghai\n</parameter>'), SGBQW, [('get_weather', {'city': 'Shanghai', 'days': 3})])
vec('sglang-qcd-angle-brackets', 'Qwen3 Coder/XML', SGBQC+'test_angle_brackets_inside_value_are_kept', sgb_qc('a <b>tag</b> city\n</parameter>'), SGBQW, [('get_weather', {'city': 'a <b>tag</b> city', 'days': 3})])
for _i, _v in enumerate(('<config>\n  <p>1</p>\n</parameters>', 'x </parameterList>')):
    vec('sglang-qcd-closed-like-marker-%d' % _i, 'Qwen3 Coder/XML', SGBQC+'test_closed_value_ending_like_a_marker_is_kept[%d]' % _i, sgb_qc(_v + '\n</parameter>'), SGBQW, [('get_weather', {'city': _v, 'days': 3})])
vec('sglang-qcd-long-blank-run', 'Qwen3 Coder/XML', SGBQC+'test_long_whitespace_run_in_unclosed_value_parses_in_linear_time (the run 2000 blanks here)', sgb_qc('a' + ' ' * 2000 + 'b'), SGBQW,
    note='disagrees on purpose: the city parameter has no </parameter> and runs into the next; toolfix does not guess where the value ends (as vllm-qwen3coder-missing-param-closer)')
SGBQN = SGB + 'test_qwen3_coder_numeric_precision.py TestQwen3CoderNumericPrecision '
def sgb_qn(name, test, schema, raw, want, note=''):
    vec('sglang-qcn-' + name, 'Qwen3 Coder/XML', SGBQN + test, '<tool_call><function=lookup><parameter=value>%s</parameter></function></tool_call>' % raw, [T('lookup', value=schema)],
        None if want is SGB else [('lookup', {'value': want})], note=note)
for _i, _v in enumerate((9007199254740993, -9007199254740993, 18446744073709551615, 1790892345000000001)):
    sgb_qn('big-int-%d' % _i, 'test_number_schema_preserves_large_integer_literals[%d]' % _i, {'type': 'number'}, str(_v), _v)
sgb_qn('big-int-blanks', 'test_number_schema_preserves_large_integer_literals[blanks]', {'type': 'number'}, ' 9007199254740993 ', 9007199254740993)
sgb_qn('big-int-nullable', 'test_nullable_number_schema_preserves_large_integer_literals', {'anyOf': [{'type': 'number'}, {'type': 'null'}]}, '9007199254740993', 9007199254740993)
sgb_qn('forty-two', 'test_other_numeric_forms_are_unchanged[42]', {'type': 'number'}, '42', 42)
sgb_qn('negative-fraction', 'test_other_numeric_forms_are_unchanged[-12.5]', {'type': 'number'}, '-12.5', -12.5)
sgb_qn('exponent', 'test_other_numeric_forms_are_unchanged[1.25e3]', {'type': 'number'}, '1.25e3', 1250.0)
sgb_qn('not-a-number', 'test_other_numeric_forms_are_unchanged[not-a-number]', {'type': 'number'}, 'not-a-number', SGB,
    note='disagrees on purpose: SGLang forwards the word as a string for the declared number; it fits no schema, and toolfix never guesses')
sgb_qn('null-for-number', 'test_other_numeric_forms_are_unchanged[null]', {'type': 'number'}, 'null', SGB,
    note='disagrees on purpose: SGLang forwards null for the declared number; null fits a number schema only when it allows null, and toolfix never guesses')
sgb_qn('big-int-integer', 'test_integer_and_string_schemas_are_unchanged[integer]', {'type': 'integer'}, '9007199254740993', 9007199254740993)
sgb_qn('big-int-string', 'test_integer_and_string_schemas_are_unchanged[string]', {'type': 'string'}, '9007199254740993', '9007199254740993')

# --- root combinators (test_root_combinator_tool_parsers.py): a tool whose parameters schema is
# a root oneOf over $defs, so these vectors' tools carry their whole parameters schema (sgb_raw).
def sgb_raw(name, params):  # a tool whose whole input schema is params (see gen.py's schema)
    return (name, {}, params)
sgb_rawvec = vec
SGBRC = SGB + 'test_root_combinator_tool_parsers.py TestRootCombinatorToolParsers test_parsers'
SGBACME = sgb_raw('acme', {'type': 'object', '$defs': {
    'Payload': {'type': 'object', 'properties': {'value': {'type': 'string'}}, 'required': ['value']},
    'AcmeRequest': {'type': 'object', 'properties': {'kind': {'const': 'acme'}, 'payload': {'$ref': '#/$defs/Payload'}}, 'required': ['kind', 'payload']}},
    'oneOf': [{'$ref': '#/$defs/AcmeRequest'}, {'type': 'object', 'properties': {'kind': {'const': 'other'}}, 'required': ['kind']}]})
SGBRCX = [
    ('qwen3-coder', 'Qwen3 Coder/XML', '<tool_call>\n<function=acme>\n<parameter=kind>\nacme\n</parameter>\n<parameter=payload>\n{"value":"hello"}\n</parameter>\n</function>\n</tool_call>'),
    ('glm', 'GLM 4.5/4.7', '<tool_call>acme\n<arg_key>kind</arg_key>\n<arg_value>acme</arg_value>\n<arg_key>payload</arg_key>\n<arg_value>{"value":"hello"}</arg_value>\n</tool_call>'),
    ('glm47', 'GLM 4.5/4.7', '<tool_call>acme<arg_key>kind</arg_key><arg_value>acme</arg_value><arg_key>payload</arg_key><arg_value>{"value":"hello"}</arg_value></tool_call>'),
    ('hunyuan', 'Hunyuan V3/V4', '<tool_calls><tool_call>acme<tool_sep><arg_key>kind</arg_key><arg_value>acme</arg_value><arg_key>payload</arg_key><arg_value>{"value":"hello"}</arg_value></tool_call></tool_calls>'),
    ('mimo', 'Qwen3 Coder/XML', '<tool_call><function=acme><parameter=kind>acme</parameter><parameter=payload>{"value":"hello"}</parameter></function></tool_call>'),
    ('minicpm5', 'MiniCPM 5', '<function name="acme"><param name="kind">acme</param><param name="payload">{"value":"hello"}</param></function>'),
    ('minimax-m2', 'MiniMax M2', '<minimax:tool_call><invoke name="acme"><parameter name="kind">acme</parameter><parameter name="payload">{"value":"hello"}</parameter></invoke></minimax:tool_call>'),
    ('minimax-m3', 'MiniMax M3', ''.join(NS + x for x in ('<tool_call>', '<invoke name="acme">', '<kind>acme', '</kind>', '<payload>', '<value>hello', '</value>', '</payload>', '</invoke>', '</tool_call>'))),
    ('poolside', 'Poolside v1 (GLM row)', '<tool_call>acme\n<arg_key>kind</arg_key>\n<arg_value>acme</arg_value>\n<arg_key>payload</arg_key>\n<arg_value>{"value":"hello"}</arg_value>\n</tool_call>'),
    ('step3', 'Step3', '<｜tool_calls_begin｜><｜tool_call_begin｜>function<｜tool_sep｜><steptml:invoke name="acme"><steptml:parameter name="kind">acme</steptml:parameter><steptml:parameter name="payload">{"value":"hello"}</steptml:parameter></steptml:invoke><｜tool_call_end｜><｜tool_calls_end｜>'),
]
SGBM3N = 'M3 writes the object payload as nested elements (<payload><value>hello</value></payload>); toolfix reads them by schema into the object'
for _n, _fam, _t in SGBRCX:
    sgb_rawvec('sglang-rootcomb-' + _n, _fam, SGBRC + '[%s]' % _n.replace('-', '_'), _t, [SGBACME], [('acme', {'kind': 'acme', 'payload': {'value': 'hello'}})], note=SGBM3N if _n == 'minimax-m3' else '')
    if _n == 'minimax-m3':
        _o = ''.join(NS + x for x in ('<tool_call>', '<invoke name="acme">', '<kind>other', '</kind>', '<payload>{"x":1}', '</payload>', '</invoke>', '</tool_call>'))
    else:
        _o = _t.replace('>acme</', '>other</').replace('\nacme\n', '\nother\n').replace('{"value":"hello"}', '{"x":1}')
    sgb_rawvec('sglang-rootcomb-other-' + _n, _fam, SGBRC + '[%s] (the other branch)' % _n.replace('-', '_'), _o, [SGBACME], [('acme', {'kind': 'other', 'payload': {'x': 1}})],
        note='SGLang keeps payload the string {"x":1} (the branch that fits declares no payload); toolfix types it by the one branch that declares it, an object, and the input fits the schema\'s other branch as well')
vec('sglang-rootcomb-m3-plain', 'MiniMax M3', SGBRC + '[minimax_m3] (payload declared an object, no combinator)', SGBRCX[7][2], [T('acme', kind=S, payload=O)], [('acme', {'kind': 'acme', 'payload': {'value': 'hello'}})], note=SGBM3N)

# --- Hunyuan V3/V4 (test_hunyuan_detector.py)
SGBHY = SGB + 'test_hunyuan_detector.py '
SGBHT = [T('get_current_date'), T('get_weather', city=S, date=S), T('search', query=S, count=I), T('calculate', expression=S, precision=N, verbose=B)]
def sgb_hc(n, *kv, nl=''): return '<tool_call>%s<tool_sep>%s' % (n, nl) + ''.join('<arg_key>%s</arg_key>%s<arg_value>%s</arg_value>%s' % (k, nl, v, nl) for k, v in zip(kv[::2], kv[1::2])) + '</tool_call>' + nl
def sgb_hs(*cs, nl=''): return '<tool_calls>' + nl + ''.join(cs) + '</tool_calls>'
SGBHD = SGBHY + 'TestHunyuanDetectorDetectAndParse '
vec('sglang-hyd-hy4-opensource', 'Hunyuan V3/V4', SGBHD+'test_hy4_format_without_tool_separator', '<tool_calls:opensource><tool_call:opensource>get_weather<arg_key:opensource>city</arg_key:opensource><arg_value:opensource>Beijing</arg_value:opensource></tool_call:opensource></tool_calls:opensource>', SGBHT,
    [('get_weather', {'city': 'Beijing'})])
vec('sglang-hyd-single-string', 'Hunyuan V3/V4', SGBHD+'test_single_string_arg', sgb_hs(sgb_hc('get_weather', 'city', 'Beijing')), SGBHT, [('get_weather', {'city': 'Beijing'})])
vec('sglang-hyd-two-calls', 'Hunyuan V3/V4', SGBHD+'test_multiple_tool_calls', '<tool_calls>\n<tool_call>get_weather<tool_sep>\n<arg_key>city</arg_key>\n<arg_value>Beijing</arg_value>\n</tool_call>\n<tool_call>get_weather<tool_sep>\n<arg_key>city</arg_key>\n<arg_value>Hangzhou</arg_value>\n</tool_call>\n</tool_calls>', SGBHT,
    [('get_weather', {'city': 'Beijing'}), ('get_weather', {'city': 'Hangzhou'})])
vec('sglang-hyd-unknown', 'Hunyuan V3/V4', SGBHD+'test_unknown_tool_skipped', sgb_hs(sgb_hc('nonexistent_func', 'x', '1')), SGBHT)
vec('sglang-hyd-mixed-unknown', 'Hunyuan V3/V4', SGBHD+'test_mixed_known_and_unknown_tools', sgb_hs(sgb_hc('get_current_date'), sgb_hc('nonexistent'), sgb_hc('search', 'query', 'test')), SGBHT,
    note='disagrees on purpose: SGLang drops the unknown call and forwards the other two; toolfix takes a tail whole or not at all, and a call of a tool the request lacks leaves it as text')
vec('sglang-hyd-three', 'Hunyuan V3/V4', SGBHD+'test_three_parallel_tool_calls', sgb_hs(sgb_hc('get_weather', 'city', 'Beijing'), sgb_hc('get_weather', 'city', 'Tokyo'), sgb_hc('get_current_date')), SGBHT,
    [('get_weather', {'city': 'Beijing'}), ('get_weather', {'city': 'Tokyo'}), ('get_current_date', {})])
SGBHA = SGBHY + 'TestHunyuanDetectorArgDeserialization '
vec('sglang-hyd-integer', 'Hunyuan V3/V4', SGBHA+'test_integer_arg', sgb_hs(sgb_hc('search', 'query', 'restaurants', 'count', '5')), SGBHT, [('search', {'query': 'restaurants', 'count': 5})])
vec('sglang-hyd-float', 'Hunyuan V3/V4', SGBHA+'test_float_arg', sgb_hs(sgb_hc('calculate', 'expression', '1+1', 'precision', '0.01')), SGBHT, [('calculate', {'expression': '1+1', 'precision': 0.01})])
vec('sglang-hyd-boolean', 'Hunyuan V3/V4', SGBHA+'test_boolean_arg', sgb_hs(sgb_hc('calculate', 'expression', '2+2', 'verbose', 'true')), SGBHT, [('calculate', {'expression': '2+2', 'verbose': True})])
for _kw, _s, _raw, _want in (('anyOf', {'type': 'integer'}, '7', 7), ('oneOf', {'type': 'boolean'}, 'true', True), ('allOf', {'type': 'array', 'items': {'type': 'integer'}}, '[1,2]', [1, 2])):
    sgb_rawvec('sglang-hyd-composed-' + _kw.lower(), 'Hunyuan V3/V4', SGBHA+'test_top_level_composed_schema_args[%s]' % _kw, sgb_hs(sgb_hc('composed_' + _kw, 'value', _raw)),
        [sgb_raw('composed_' + _kw, {_kw: [{'type': 'object', 'properties': {'value': _s}}]})], [('composed_' + _kw, {'value': _want})])
vec('sglang-hyd-string-json-like', 'Hunyuan V3/V4', SGBHA+'test_string_arg_not_deserialized', sgb_hs(sgb_hc('search', 'query', '{"key": "value"}')), SGBHT, [('search', {'query': '{"key": "value"}'})])
vec('sglang-hyd-not-a-number', 'Hunyuan V3/V4', SGBHA+'test_non_json_value_stays_string', sgb_hs(sgb_hc('search', 'query', 'hello world', 'count', 'not a number')), SGBHT,
    note='disagrees on purpose: SGLang forwards the words as a string for the declared integer count; it fits no schema, and toolfix never guesses')

# --- payloads that are JSON but no call objects (test_malformed_tool_call_payloads.py)
SGBMP = SGB + 'test_malformed_tool_call_payloads.py TestMalformedToolCallPayloads '
SGBMPW = [T('get_weather', city=S)]
for _p, _fam, _b, _e in (('qwen25', 'Hermes', '<tool_call>\n', '\n</tool_call>'), ('llama3', 'Llama 3 JSON', '<|python_tag|>', ''), ('mistral', 'Mistral', '[TOOL_CALLS] [', ']')):
    for _i, _pl in enumerate(('[1, 2]', '["x"]', '[null]', '[[]]')):
        vec('sglang-malformed-%s-%d' % (_p, _i), _fam, SGBMP + 'test_non_object_array_entries_are_skipped[%s, %s]' % (_p, _pl), _b + _pl + _e, SGBMPW)
vec('sglang-malformed-sibling-qwen25', 'Hermes', SGBMP + 'test_valid_call_survives_a_malformed_sibling[qwen25]', '<tool_call>\n[{"name": "get_weather", "arguments": {"city": "Paris"}}, "junk"]\n</tool_call>', SGBMPW,
    note='disagrees on purpose: SGLang forwards the call and drops the junk beside it; toolfix takes a tail whole or not at all')

# --- Trinity (test_trinity_detector.py; Hermes calls, <think> tags it strips)
SGBTR = SGB + 'test_trinity_detector.py TestTrinityDetector '
SGBTW = [T('get_weather', city=S)]
vec('sglang-trinity-think-text', 'Hermes', SGBTR+'test_streaming_whole_think_tag', '<think>reasoning</think>hello', SGBTW, note='SGLang strips the think tags; toolfix passes text without a call as it came')
vec('sglang-trinity-think-chars', 'Hermes', SGBTR+'test_streaming_char_by_char', '<think>abc</think>hi', SGBTW, note='SGLang strips the think tags; toolfix passes text without a call as it came')
vec('sglang-trinity-thing', 'Hermes', SGBTR+'test_streaming_tag_lookalike_not_eaten', '<thing>data', SGBTW)
vec('sglang-trinity-call-in-think', 'Hermes', SGBTR+'test_streaming_tool_call_inside_think_split', '<think><tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call></think>', SGBTW,
    note='disagrees on purpose: the call stands inside <think>, which toolfix reads as reasoning; a call there is the model thinking, not calling')

# --- MiniMax M2 (test_minimax_m2_nullable.py, test_minimax_m2_detector_finish.py; mmx from gen.py)
SGBMN = SGB + 'test_minimax_m2_nullable.py TestMinimaxM2NullableParameters '
def sgb_mn(name, test, schema, raw, want, note=''):
    vec('sglang-mm2n-' + name, 'MiniMax M2', SGBMN + test, mmx('lookup', 'value', raw), [T('lookup', value=schema)], None if want is SGB else [('lookup', {'value': want})], note=note)
for _k, _raw, _want in (('integer', '42', 42), ('number', '2.5', 2.5), ('string', 'hello', 'hello'), ('boolean', 'false', False), ('array', '[1,2]', [1, 2]), ('object', '{"a":1}', {'a': 1})):
    sgb_mn('type-list-' + _k, 'test_nullable_type_arrays_preserve_non_null_values[%s]' % _k, {'type': [_k, 'null']}, _raw, _want)
for _kw in ('anyOf', 'oneOf'):
    sgb_mn('nullable-' + _kw.lower(), 'test_nullable_compositions_preserve_non_null_values[%s]' % _kw, {_kw: [{'type': 'integer'}, {'type': 'null'}]}, '42', 42)
sgb_mn('nullable-enum', 'test_nullable_enum_preserves_non_null_values', {'enum': ['low', 'high', None]}, 'high', 'high')
sgb_mn('null', 'test_explicit_null_and_legacy_aliases_are_unchanged[null]', {'type': ['integer', 'null']}, 'null', None)
for _w in ('none', 'nil'):
    sgb_mn('alias-' + _w, 'test_explicit_null_and_legacy_aliases_are_unchanged[%s]' % _w, {'type': ['integer', 'null']}, _w, SGB,
        note='disagrees on purpose: SGLang reads the word %s as null; toolfix reads JSON null only and never guesses that a word means none' % _w)
sgb_mn('plain-integer', 'test_non_nullable_values_are_unchanged[integer]', {'type': 'integer'}, '42', 42)
sgb_mn('plain-string', 'test_non_nullable_values_are_unchanged[string]', {'type': 'string'}, 'hello', 'hello')
SGBMMF = SGB + 'test_minimax_m2_detector_finish.py TestMinimaxM2DetectorFinishFlush '
vec('sglang-mm2f-partial', 'MiniMax M2', SGBMMF+'test_partial_tool_call_at_end_is_flushed', 'hi <minimax:tool_call><invoke name="get_weather"><parameter name="city">P', [T('get_weather', city=S)], note='a cut-off call is never completed')
vec('sglang-mm2f-paris', 'MiniMax M2', SGBMMF+'test_complete_call_not_duplicated_at_finish', mmx('get_weather', 'city', 'Paris'), [T('get_weather', city=S)], [('get_weather', {'city': 'Paris'})])

# --- GLM 4.7 schema typing (test_glm47_schema_types.py; g47 from gen.py); each vector's tool has
# its raw schema (sgb_raw), as the peer's does
SGBGS = SGB + 'test_glm47_schema_types.py TestGlm47SchemaTypes '
SGBGSK = 'SGLang reads the text as JSON where the schema allows that type too; toolfix keeps a text that is a string the schema allows as that string, and reads it as JSON only when the string does not fit'
SGBGSN = {'sglang-glm47st-numeric-%s-%d' % (_t, _j): 'disagrees on purpose: SGLang passes the text on as it can; for a declared %s it fits no schema, and toolfix never guesses' % _t
    for _t, _js in (('integer', (0, 2, 4, 5)), ('number', (0, 2, 5))) for _j in _js}
SGBGSN.update({'sglang-glm47st-root-%s-%d-%s' % (_k, _o, _w): 'the branches type value differently (string, integer); the kind const chooses the branch that types it'
    for _k in ('anyof', 'oneof') for _o in (0, 1) for _w in ('text', 'count')})
SGBGSC = {'field-1': {'value': '7'}, 'field-4': {'value': '{"ok": false}'}, 'field-19': {'value': '{"ok": false}'}, 'field-6': {'value': 'false'}, 'field-7': {'value': 'null'}, 'quoted-null': {'value': '"null"'}}
def sgb_gs(name, test, schema, expected, raw=None, note=''):
    pairs = []
    for k, v in expected.items():
        pairs += [k, (raw or {}).get(k, v if isinstance(v, str) else json.dumps(v))]
    n = 'sglang-glm47st-' + name
    note = SGBGSN.get(n, note)
    got = expected
    if name in SGBGSC:
        got, note = SGBGSC[name], SGBGSK
    sgb_rawvec(n, 'GLM 4.5/4.7', SGBGS + test, g47('inspect', *pairs), [sgb_raw('inspect', schema)], None if 'disagrees' in note else [('inspect', got)], note=note)
def sgb_gsv(field): return {'type': 'object', 'properties': {'value': field}}
SGBGSF = [({'type': ['integer', 'string']}, 'auto'), ({'type': ['string', 'integer']}, 7), ({'type': ['number', 'string']}, 'auto'), ({'type': ['object', 'string']}, 'auto'),
    ({'type': ['string', 'object']}, {'ok': False}), ({'type': ['boolean', 'string']}, 'auto'), ({'type': ['string', 'boolean']}, False), ({'type': ['string', 'null']}, None),
    ({'type': ['null']}, None), ({'type': 'null'}, None), ({'enum': ['ok', None]}, None), ({'type': ['string', 'null'], 'enum': ['ok', None]}, None),
    ({'anyOf': [{'type': 'string', 'enum': ['auto']}, {'type': 'integer'}]}, 7), ({'oneOf': [{'type': 'null'}, {'type': 'array', 'items': {'type': 'integer'}}]}, [1, 2]),
    ({'const': 7}, 7), ({'const': {'ok': False}}, {'ok': False}), ({'const': 'null'}, 'null'), ({'allOf': [{'type': ['integer', 'string']}, {'type': 'integer'}]}, 7),
    ({}, '123_456'), ({}, {'ok': False})] + [({'type': 'string'}, _v) for _v in ('null', 'true', '1e2', '123_456', '\\d+', 'line one\n"quoted" \\ café')]
for _i, (_f, _v) in enumerate(SGBGSF):
    sgb_gs('field-%d' % _i, 'test_field_types[%s → %s]' % (json.dumps(_f), json.dumps(_v, ensure_ascii=False)), sgb_gsv(_f), {'value': _v})
sgb_gs('quoted-null', 'test_field_types[string|null, "null" quoted]', sgb_gsv({'type': ['string', 'null']}), {'value': 'null'}, {'value': '"null"'})
_tb = {'type': 'object', 'properties': {'kind': {'const': 'text'}, 'value': {'type': 'string'}}}
_cb = {'type': 'object', 'properties': {'kind': {'const': 'count'}, 'value': {'type': 'integer'}}}
for _kw in ('anyOf', 'oneOf'):
    for _j, _br in enumerate(([_tb, _cb], [_cb, _tb])):
        sgb_gs('root-%s-%d-text' % (_kw.lower(), _j), 'test_root_unions_preserve_each_value_type[%s, order %d, text]' % (_kw, _j), {_kw: _br}, {'kind': 'text', 'value': 'auto'})
        sgb_gs('root-%s-%d-count' % (_kw.lower(), _j), 'test_root_unions_preserve_each_value_type[%s, order %d, count]' % (_kw, _j), {_kw: _br}, {'kind': 'count', 'value': 7})
sgb_gs('root-allof', 'test_root_unions_preserve_each_value_type[allOf]', {'allOf': [_cb, {'required': ['kind', 'value']}]}, {'kind': 'count', 'value': 7})
for _i, _v in enumerate(('{"a":1}', '[1,2]', '{ "a" : true }')):
    sgb_gs('json-looking-string-%d' % _i, 'test_json_looking_string_bytes_are_preserved[string, %s]' % _v, {'properties': {'value': {'type': 'string'}}}, {'value': _v})
    sgb_gs('json-looking-const-%d' % _i, 'test_json_looking_string_bytes_are_preserved[const, %s]' % _v, {'properties': {'value': {'const': _v}}}, {'value': _v})
for _t in ('number', 'integer'):
    for _j, (_raw, _want) in enumerate((('123abc', '123abc'), ('"123"', 123), (r'\"123\"', 123), ('-12', -12), ('1.25e2', 125.0), ('', ''))):
        sgb_gs('numeric-%s-%d' % (_t, _j), 'test_numeric_values_are_serialized_after_the_value_closes[%s, %s]' % (_t, _raw), {'properties': {'value': {'type': _t}}}, {'value': _want}, {'value': _raw})

# --- Step3 values holding '<' (test_step3_detector_param_values.py; stb/stp/stw from gen.py)
SGBSV = SGB + 'test_step3_detector_param_values.py TestStep3DetectorParamValuesWithLt '
SGBRUN = [T('run_code', code=S, lang=S)]
vec('sglang-step3pv-lt', 'Step3', SGBSV+'test_detect_and_parse_value_containing_lt', stw(stb('run_code', stp('code', 'if a < b: print(a)') + stp('lang', 'python'))), SGBRUN, [('run_code', {'code': 'if a < b: print(a)', 'lang': 'python'})])
vec('sglang-step3pv-multiline-lt', 'Step3', SGBSV+'test_detect_and_parse_multiline_value_with_lt', stw(stb('run_code', stp('code', 'x = 1\nif x < 2:\n    print(x)'))), SGBRUN, [('run_code', {'code': 'x = 1\nif x < 2:\n    print(x)'})])
vec('sglang-step3pv-two-params', 'Step3', SGBSV+'test_detect_and_parse_multi_param_pairing_unchanged', stw(stb('run_code', stp('code', 'print(1)') + stp('lang', 'python'))), SGBRUN, [('run_code', {'code': 'print(1)', 'lang': 'python'})])
