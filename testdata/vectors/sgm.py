# SGLang's registered copy of its function-call parser tests converted in issue 20 (helper sgm):
# sgl-project/sglang test/registered/function_call/test_function_call_parser.py, the tests whose
# class and method no earlier batch converted from it, from test/srt/test_function_call_parser.py
# or from test/registered/unit/function_call/test_function_call_parser.py (a streaming test's
# chunks joined into the model output it stands for); then the tests of the other files in
# test/registered/function_call/ whose model output no batch has. Where a test repeats the text of
# a converted one (a streaming twin of a whole-text test), it still gets its vector under its own
# name, so each test of the file is found by its source. Run by gen.py in its own names (vec, T, S,
# I, …); the helpers here start with sgm_ or SGM.
SGM = 'sgl-project/sglang test/registered/function_call/test_function_call_parser.py '
SGMCUT = 'a cut-off call is never completed'
SGMSTREAMCUT = 'disagrees on purpose: SGLang streams what it has read so far; a cut-off call is never completed, and a tail is taken whole or not at all'


def sgm_v(name, family, test, text, tools, calls=None, keep='', note=''):
    vec('sglang-rfc-' + name, family, SGM + test, text, tools, calls, keep=keep, note=note)


# --- TestPythonicDetector: the two streaming tests whose chunks end in a whole list after prose
SGMPY = [T('get_weather', location=S, unit={'type': 'string', 'enum': ['celsius', 'fahrenheit']}, data=A), T('search', query=S)]
SGMBARE = 'disagrees on purpose: SGLang takes a bare list anywhere; toolfix takes the bare form only as the whole text (after prose it reads as an example)'
sgm_v('pythonic-partial-after-prose', 'pythonic', 'TestPythonicDetector test_parse_streaming_partial_tool_call', "Let me check the weather: [get_weather(location='Paris')]", SGMPY, note=SGMBARE)
sgm_v('pythonic-partial-nested-after-prose', 'pythonic', 'TestPythonicDetector test_parse_streaming_partial_nested_brackets', "Here's a call: [get_weather(location='Tokyo', data=[1, 2, 3])]", SGMPY, note=SGMBARE)

# --- TestMistralDetector
SGMMD = [T('make_next_step_decision', decision=S, content=S)]
sgm_v('mistral-compact-stream', 'Mistral', 'TestMistralDetector test_streaming_compact_args_format_emits_tool_calls', '[TOOL_CALLS]make_next_step_decision[ARGS]{"decision":"TOOL", "content":"Use weather API"}', SGMMD,
      [('make_next_step_decision', {'decision': 'TOOL', 'content': 'Use weather API'})])

# --- TestBaseFormatDetector: a test detector reading JSON calls in <tool_call>, several joined by commas
SGMBT = [T('get_weather', city=S), T('get_tourist_attractions', city=S)]
SGMBW = '<tool_call>{"name": "get_weather", "arguments": {"city": "Paris"}}, {"name": "get_tourist_attractions", '
sgm_v('base-chinese-stream', 'Hermes', 'TestBaseFormatDetector test_chinese_characters_incremental_streaming', '<tool_call>{"name": "get_weather", "arguments": {"city": "杭州"}}</tool_call>', SGMBT, [('get_weather', {'city': '杭州'})])
sgm_v('base-two-chinese', 'Hermes', 'TestBaseFormatDetector test_multiple_chinese_parameters', '<tool_call>{"name": "get_weather", "arguments": {"city": "北京"}}, {"name": "get_tourist_attractions", "arguments": {"city": "上海"}}</tool_call>', SGMBT,
      note='disagrees on purpose: the test detector reads objects joined by commas in one <tool_call>, which no model template writes; toolfix reads one call object per <tool_call>')
sgm_v('base-second-cut', 'Hermes', 'TestBaseFormatDetector test_current_tool_id_increment_on_completion', SGMBW, SGMBT, note=SGMSTREAMCUT)
sgm_v('base-second-cut-index', 'Hermes', 'TestBaseFormatDetector test_tool_name_streaming_with_correct_index', SGMBW, SGMBT, note=SGMSTREAMCUT)

# --- TestDeepSeekV32Detector
SGMDS = [T('search', query=S, topn=I, source={'type': 'string', 'enum': ['web', 'news']}), T('get_favorite_tourist_spot', city=S), T('get_date')]
sgm_v('v32-stream-no-params', 'DeepSeek V3.2 DSML', 'TestDeepSeekV32Detector test_streaming_no_parameters', '<｜DSML｜function_calls>\n<｜DSML｜invoke name="get_date">\n</｜DSML｜invoke>\n</｜DSML｜function_calls>', SGMDS, [('get_date', {})])

# --- TestQwen3CoderDetector
SGMQT = [T('get_current_weather', location=S, unit={'type': 'string', 'enum': ['celsius', 'fahrenheit']}, days=I), T('sql_interpreter', query=S, dry_run=B)]
sgm_v('qwen3-single', 'Qwen3 Coder/XML', 'TestQwen3CoderDetector test_single_tool_call',
      '<tool_call>\n<function=get_current_weather>\n<parameter=location>Boston</parameter>\n<parameter=unit>celsius</parameter>\n<parameter=days>3</parameter>\n</function>\n</tool_call>', SGMQT,
      [('get_current_weather', {'location': 'Boston', 'unit': 'celsius', 'days': 3})])

# --- TestGlm4MoeDetector and TestGlm47MoeDetector: their streaming tests' chunks joined (GLM 4.5 writes a
# newline after the name and each tag, GLM 4.7 none)
SGMGT = [T('get_weather', city=S, date=S)]
SGMGC1, SGMGC2 = {'city': 'Beijing', 'date': '2024-06-27'}, {'city': 'Shanghai', 'date': '2024-06-28'}
def sgm_glm(sep, city, date):
    return '<tool_call>get_weather' + sep + '<arg_key>city</arg_key>' + sep + '<arg_value>%s</arg_value>' % city + sep + '<arg_key>date</arg_key>' + sep + '<arg_value>%s</arg_value>' % date + sep + '</tool_call>'
for gl, cls, sep in (('glm4', 'TestGlm4MoeDetector', '\n'), ('glm47', 'TestGlm47MoeDetector', '')):
    one, two = sgm_glm(sep, 'Beijing', '2024-06-27'), sgm_glm(sep, 'Shanghai', '2024-06-28')
    if gl == 'glm47':
        sgm_v('glm47-single', 'GLM 4.5/4.7', cls + ' test_single_tool_call', one, SGMGT, [('get_weather', SGMGC1)])
        sgm_v('glm47-two', 'GLM 4.5/4.7', cls + ' test_multiple_tool_calls', one + two, SGMGT, [('get_weather', SGMGC1), ('get_weather', SGMGC2)])
    sgm_v(gl + '-stream', 'GLM 4.5/4.7', cls + ' test_streaming_tool_call', one, SGMGT, [('get_weather', SGMGC1)])
    sgm_v(gl + '-stream-two', 'GLM 4.5/4.7', cls + ' test_streaming_multiple_tool_calls', one + two, SGMGT, [('get_weather', SGMGC1), ('get_weather', SGMGC2)])
    sgm_v(gl + '-stream-id', 'GLM 4.5/4.7', cls + ' test_tool_call_id', one, SGMGT, [('get_weather', SGMGC1)])
    sgm_v(gl + '-stream-partial', 'GLM 4.5/4.7', cls + ' test_partial_tool_call', one, SGMGT, [('get_weather', SGMGC1)])
sgm_v('glm4-no-name', 'GLM 4.5/4.7', 'TestGlm4MoeDetector test_empty_function_name_handling', '<tool_call>\n', SGMGT, note=SGMCUT)

# --- TestJsonArrayParser (the xLAM row): streaming tests whose chunks stop before the list closes
SGMJT = [T('get_weather', location=S, unit={'type': 'string', 'enum': ['celsius', 'fahrenheit']}), T('search', query=S)]
SGMJ1, SGMJ2 = '{"name": "get_weather", "parameters": {"location": "Tokyo"}}', '{"name": "get_weather", "parameters": {"location": "Paris"}}'
sgm_v('jsonarray-trailing-comma-open', 'xLAM', 'TestJsonArrayParser test_complete_tool_call_with_trailing_comma', '[' + SGMJ1 + ', ' + SGMJ2, SGMJT, note=SGMSTREAMCUT + ' (the list never closes)')
sgm_v('jsonarray-empty-open', 'xLAM', 'TestJsonArrayParser test_empty_objects', '[{"name": "get_weather", "parameters": {}}', SGMJT, note=SGMCUT + ' (the list never closes)')
sgm_v('jsonarray-second-cut', 'xLAM', 'TestJsonArrayParser test_incomplete_json_across_chunks', '[' + SGMJ1 + ',{"name": "get_weather"', SGMJT, note=SGMCUT)
sgm_v('jsonarray-second-cut-same-chunk', 'xLAM', 'TestJsonArrayParser test_separator_in_same_chunk', '[' + SGMJ1 + ',{"name": "get_weather"', SGMJT, note=SGMSTREAMCUT)
sgm_v('jsonarray-two-open', 'xLAM', 'TestJsonArrayParser test_separator_in_separate_chunk', '[' + SGMJ1 + ',' + SGMJ2, SGMJT, note=SGMCUT + ' (the list never closes)')
sgm_v('jsonarray-third-cut', 'xLAM', 'TestJsonArrayParser test_multiple_commas_in_chunk', '[' + SGMJ1 + ',' + SGMJ2 + ',{"name": "get_weather"', SGMJT, note=SGMSTREAMCUT)
sgm_v('jsonarray-unclosed-string', 'xLAM', 'TestJsonArrayParser test_malformed_json_recovery',
      '[{"name": "get_weather", "parameters": {"location": "unclosed string' + '[' + SGMJ1, SGMJT, note='the test feeds a list broken inside a string, then a second one, to one detector; joined, no JSON')
sgm_v('jsonarray-blank-lines-open', 'xLAM', 'TestJsonArrayParser test_whitespace_handling', ' \n\n [' + SGMJ1, SGMJT, note=SGMCUT + ' (the list never closes)')

# --- TestLfm2Detector
SGMLT = [T('get_weather', city=S, unit={'type': 'string', 'enum': ['celsius', 'fahrenheit']}), T('search', query=S), T('calculator', expression=S)]
def sgm_lw(b): return '<|tool_call_start|>' + b + '<|tool_call_end|>'
sgm_v('lfm2-simple', 'pythonic', 'TestLfm2Detector test_detect_and_parse_pythonic_simple', sgm_lw('[get_weather(city="Paris")]'), SGMLT, [('get_weather', {'city': 'Paris'})])
sgm_v('lfm2-two-args', 'pythonic', 'TestLfm2Detector test_detect_and_parse_pythonic_multiple_args', sgm_lw('[get_weather(city="London", unit="celsius")]'), SGMLT, [('get_weather', {'city': 'London', 'unit': 'celsius'})])
sgm_v('lfm2-expression', 'pythonic', 'TestLfm2Detector test_detect_and_parse_numeric_values', sgm_lw('[calculator(expression="5 * 7")]'), SGMLT, [('calculator', {'expression': '5 * 7'})])
sgm_v('lfm2-stream-one-chunk', 'pythonic', 'TestLfm2Detector test_streaming_pythonic_complete_in_one_chunk', sgm_lw('[get_weather(city="Berlin")]'), SGMLT, [('get_weather', {'city': 'Berlin'})])
sgm_v('lfm2-prose', 'pythonic', 'TestLfm2Detector test_has_tool_call_false', 'The weather in Paris is nice today.', SGMLT)
sgm_v('lfm2-open-cut', 'pythonic', 'TestLfm2Detector test_has_tool_call_partial_marker', '<|tool_call_start|>[get_weather(city="Paris")', SGMLT, note=SGMCUT)
sgm_v('lfm2-json-object-stream', 'openPangu', 'TestLfm2Detector test_streaming_json_complete_in_one_chunk', sgm_lw('{"name": "get_weather", "arguments": {"city": "Rome"}}'), SGMLT,
      note='disagrees on purpose: SGLang\'s LFM2 detector takes one JSON object between the tokens; vLLM\'s openPangu parser refuses it (test_extract_tool_calls_invalid_single_object), and toolfix reads only the list the template writes')

# --- TestGigaChat3Detector (the file's copy of test_gigachat3_detector.py's tests, and its own)
SGMGCH = '<|message_sep|>\n\nfunction call<|role_sep|>\n'
SGMGCT = [T('manage_user_memory', content={'anyOf': [{'type': 'string'}, {'type': 'null'}]}, action={'type': 'string', 'enum': ['create', 'update', 'delete']},
            id={'anyOf': [{'type': 'string', 'format': 'uuid'}, {'type': 'null'}]}), T('get_weather', city=S, unit={'type': 'string', 'enum': ['celsius', 'fahrenheit']})]
SGMGS = '{"name": "manage_user_memory", "arguments": {"action": "create", "id": "preferences"}}'
SGMGSC = [('manage_user_memory', {'action': 'create', 'id': 'preferences'})]
SGMGOBJ = 'disagrees on purpose: SGLang passes content on as an object; the schema declares it a string or null, so the call fits no schema and toolfix never guesses'
SGMG = 'TestGigaChat3Detector '
sgm_v('gigachat3-plain', 'GigaChat 3', SGMG + 'test_detect_and_parse_no_tool_call', 'How can I help you today?', SGMGCT)
sgm_v('gigachat3-simple', 'GigaChat 3', SGMG + 'test_detect_and_parse_simple_tool_call', SGMGCH + SGMGS, SGMGCT, SGMGSC)
sgm_v('gigachat3-empty-args', 'GigaChat 3', SGMG + 'test_detect_and_parse_parameterless_tool_call', SGMGCH + '{"name": "manage_user_memory", "arguments": {}}', SGMGCT, [('manage_user_memory', {})])
sgm_v('gigachat3-object-for-string', 'GigaChat 3', SGMG + 'test_detect_and_parse_complex_tool_call',
      SGMGCH + '{"name": "manage_user_memory", "arguments": {"action": "create", "id": "preferences", "content": {"short_answers": true, "hate_emojis": true, "english_ui": false, "russian_math_explanations": true}}}', SGMGCT, note=SGMGOBJ)
sgm_v('gigachat3-content-before', 'GigaChat 3', SGMG + 'test_detect_and_parse_with_content_before', "I'll check that for you." + SGMGCH + SGMGS, SGMGCT, SGMGSC, keep="I'll check that for you.")
sgm_v('gigachat3-eos', 'GigaChat 3', SGMG + 'test_detect_and_parse_with_eos_token', SGMGCH + SGMGS + '</s>', SGMGCT, SGMGSC)
sgm_v('gigachat3-content-eos', 'GigaChat 3', SGMG + 'test_detect_and_parse_with_content_and_eos', "I'll remember that." + SGMGCH + '{"name": "manage_user_memory", "arguments": {"action": "create", "id": "test"}}</s>', SGMGCT,
      [('manage_user_memory', {'action': 'create', 'id': 'test'})], keep="I'll remember that.")
sgm_v('gigachat3-invalid-json', 'GigaChat 3', SGMG + 'test_detect_and_parse_invalid_json', SGMGCH + '{"name": "manage_user_memory", "arguments": {invalid json}}', SGMGCT)
sgm_v('gigachat3-missing-name', 'GigaChat 3', SGMG + 'test_detect_and_parse_missing_name', SGMGCH + '{"arguments": {"action": "create"}}', SGMGCT)
sgm_v('gigachat3-args-string', 'GigaChat 3', SGMG + 'test_detect_and_parse_arguments_not_dict', SGMGCH + '{"name": "manage_user_memory", "arguments": "string_args"}', SGMGCT)
sgm_v('gigachat3-stream-plain', 'GigaChat 3', SGMG + 'test_streaming_no_tool_call', 'How can I help you?', SGMGCT)
sgm_v('gigachat3-stream-content-before', 'GigaChat 3', SGMG + 'test_streaming_with_content_before', "I'll help you." + SGMGCH + '{"name": "get_weather", "arguments": {"city": "Tokyo"}}', SGMGCT,
      [('get_weather', {'city': 'Tokyo'})], keep="I'll help you.")
sgm_v('gigachat3-stream-object-for-string', 'GigaChat 3', SGMG + 'test_streaming_complex_arguments',
      SGMGCH + '{"name": "manage_user_memory", "arguments": {"action": "create", "id": "prefs", "content": {"likes": ["short", "clear"], "dislikes": ["emojis", "verbose"]}}}', SGMGCT, note=SGMGOBJ)
sgm_v('gigachat3-stream-eos', 'GigaChat 3', SGMG + 'test_streaming_with_eos_token', SGMGCH + '{"name": "get_weather", "arguments": {"city": "Paris"}}</s>', SGMGCT, [('get_weather', {'city': 'Paris'})])
sgm_v('gigachat3-stream-incomplete', 'GigaChat 3', SGMG + 'test_streaming_incomplete_json', SGMGCH + '{"name": "get_weather", "arguments": {"city": "London"', SGMGCT, note=SGMSTREAMCUT)
sgm_v('gigachat3-stream-split-quotes', 'GigaChat 3', SGMG + 'test_streaming_json_split_at_quotes', SGMGCH + '{"name": "get_weather", "arguments": {"city": "Rome"}}', SGMGCT, [('get_weather', {'city': 'Rome'})])

# === the other files of test/registered/function_call/: their tests no batch converted
SGMR = 'sgl-project/sglang test/registered/function_call/'


def sgm_o(name, family, test, text, tools, calls=None, keep='', note=''):
    vec('sglang-rfo-' + name, family, SGMR + test, text, tools, calls, keep=keep, note=note)


# --- test_deepseekv31_detector.py
SGMD31 = '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>get_weather<｜tool▁sep｜>{"city": "Tokyo"}<｜tool▁call▁end｜><｜tool▁calls▁end｜>'
sgm_o('deepseekv31-progressive', 'DeepSeek V3.1', 'test_deepseekv31_detector.py TestDeepSeekV31Streaming test_arguments_streamed_progressively', SGMD31, [T('get_weather', city=S)], [('get_weather', {'city': 'Tokyo'})])

# --- test_deepseekv32_detector.py: the streaming test's chunks joined, the value prose for an object
sgm_o('deepseekv32-prose-object-again', 'DeepSeek V3.2 DSML', 'test_deepseekv32_detector.py TestNonJsonObjectParamStreaming test_no_repeated_buffer_reemission',
      '<｜DSML｜function_calls>\n<｜DSML｜invoke name="write_note">\n<｜DSML｜parameter name="payload" string="false">Здравствуйте, мир! Это тест</｜DSML｜parameter>\n</｜DSML｜invoke>\n</｜DSML｜function_calls>', [T('write_note', payload=O)],
      note='disagrees on purpose: SGLang passes the prose on as the object parameter\'s value (a string); for a declared object it fits no schema, and toolfix never guesses')

# --- test_parallel_tool_calls.py: JSON lists (the xLAM row) and two Qwen 2.5 blocks
SGMPT = [T('search_docs', title={'type': 'array', 'items': {'type': 'string'}}, filename=S)]
sgm_o('parallel-lists', 'xLAM', 'test_parallel_tool_calls.py TestParallelToolCalls test_parallel_tool_calls_with_array_parameters (filename declared)',
      '[\n  {"name": "search_docs", "parameters": {"title": ["7.8.9"], "filename": "doc1"}},\n  {"name": "search_docs", "parameters": {"title": ["4.8"], "filename": "doc2"}}]', SGMPT,
      [('search_docs', {'title': ['7.8.9'], 'filename': 'doc1'}), ('search_docs', {'title': ['4.8'], 'filename': 'doc2'})])
sgm_o('parallel-lists-simple', 'xLAM', 'test_parallel_tool_calls.py TestParallelToolCalls test_simple_parallel_tool_calls',
      '[\n  {"name": "search_docs", "parameters": {"title": ["a"]}},\n  {"name": "search_docs", "parameters": {"title": ["b"]}}]', SGMPT,
      [('search_docs', {'title': ['a']}), ('search_docs', {'title': ['b']})])
sgm_o('parallel-qwen25-two', 'Hermes', 'test_parallel_tool_calls.py TestQwen25ParallelToolCalls test_two_tool_calls',
      '<tool_call>\n{"name": "get_weather", "arguments": {"city": "New York"}}\n</tool_call>\n<tool_call>\n{"name": "get_weather", "arguments": {"city": "London"}}\n</tool_call>', [T('get_weather', city=S)],
      [('get_weather', {'city': 'New York'}), ('get_weather', {'city': 'London'})])

# --- test_minimax_m2_detector.py
SGMMM = 'test_minimax_m2_detector.py TestMinimaxM2DetectorBugs '
sgm_o('minimax-m2-anyof-null', 'MiniMax M2', SGMMM + 'test_anyof_with_null_should_allow_explicit_null',
      '<minimax:tool_call><invoke name="the_tool"><parameter name="args">null</parameter></invoke></minimax:tool_call>', [T('the_tool', args={'anyOf': [{'type': 'string'}, {'type': 'null'}]})],
      [('the_tool', {'args': 'null'})], note='disagrees on purpose: SGLang reads the text null as JSON null; where the schema allows a string, toolfix keeps a raw text as the string written and reads it as JSON only when the string fits no schema')
sgm_o('minimax-m2-closer-in-value', 'MiniMax M2', SGMMM + 'test_parameter_value_with_closing_tag_substring',
      '<minimax:tool_call><invoke name="test_func"><parameter name="content">This text contains </parameter> in it</parameter></invoke></minimax:tool_call>', [T('test_func', content=S)],
      note='SGLang\'s test asks for the whole value only if a call is read at all; a </parameter> inside the value leaves the markup ambiguous, and toolfix takes none')

# --- test_structural_tag_new_format.py: each detector's "realistic model output" its structural tag
# must match (the test checks the tag, not a parse; the output is a whole call of its format)
SGMST = 'test_structural_tag_new_format.py '
SGMSW = T('get_weather', city=S, unit={'type': 'string', 'enum': ['celsius', 'fahrenheit']})
SGMSA = T('analyze_data', data={'type': 'object', 'properties': {'metrics': {'type': 'array', 'items': {'type': 'string'}},
                                'config': {'type': 'object', 'properties': {'threshold': {'type': 'number'}, 'enabled': {'type': 'boolean'}}}}, 'required': ['metrics']})
SGMSD = [('get_weather', {'city': 'Dallas'})]
SGMSR = ' test_structural_tag_matches_realistic_output'
sgm_o('structural-llama32', 'Llama 3 JSON', SGMST + 'TestLlama32Detector' + SGMSR, '<|python_tag|>{"name":"get_weather", "arguments":{"city":"Dallas"}}', [SGMSW, SGMSA], SGMSD)
sgm_o('structural-mistral', 'Mistral', SGMST + 'TestMistralDetector' + SGMSR, '[TOOL_CALLS] [{"name":"get_weather", "arguments":{"city":"Dallas"}}]', [SGMSW, SGMSA], SGMSD)
sgm_o('structural-mistral-two', 'Mistral', SGMST + 'TestMistralDetector test_multiple_tool_calls_structural_tag',
      '[TOOL_CALLS] [{"name":"get_weather", "arguments":{"city":"Dallas"}}, {"name":"analyze_data", "arguments":{"data":{"metrics":["cpu","mem"]}}}]', [SGMSW, SGMSA],
      SGMSD + [('analyze_data', {'data': {'metrics': ['cpu', 'mem']}})])
sgm_o('structural-qwen25', 'Hermes', SGMST + 'TestQwen25Detector' + SGMSR, '<tool_call>\n{"name":"get_weather", "arguments":{"city":"Dallas"}}\n</tool_call>', [SGMSW, SGMSA], SGMSD)
sgm_o('structural-qwen3-coder', 'Qwen3 Coder/XML', SGMST + 'TestQwen3CoderDetector' + SGMSR,
      '<tool_call>\n<function=get_weather>\n<parameter=city>\nDallas\n</parameter>\n<parameter=unit>\nfahrenheit\n</parameter>\n</function>\n</tool_call>', [SGMSW, SGMSA],
      [('get_weather', {'city': 'Dallas', 'unit': 'fahrenheit'})])
sgm_o('structural-deepseekv3', 'DeepSeek V3', SGMST + 'TestDeepSeekV3Detector' + SGMSR,
      '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>get_weather\n```json\n{"city":"Dallas"}\n```<｜tool▁call▁end｜><｜tool▁calls▁end｜>', [SGMSW, SGMSA], SGMSD)
sgm_o('structural-deepseekv31', 'DeepSeek V3.1', SGMST + 'TestDeepSeekV31Detector' + SGMSR,
      '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>get_weather<｜tool▁sep｜>{"city":"Dallas"}<｜tool▁call▁end｜><｜tool▁calls▁end｜>', [SGMSW, SGMSA], SGMSD)
sgm_o('structural-gpt-oss', 'gpt-oss Harmony', SGMST + 'TestGptOssDetector' + SGMSR,
      '<|start|>assistant<|channel|>commentary to=functions.get_weather<|constrain|>json<|message|>{"city":"Dallas"}<|call|>', [SGMSW, SGMSA], SGMSD)
sgm_o('structural-kimik2', 'Kimi K2', SGMST + 'TestKimiK2Detector' + SGMSR,
      '<|tool_calls_section_begin|><|tool_call_begin|>functions.get_weather:0<|tool_call_argument_begin|>{"city":"Dallas"}<|tool_call_end|><|tool_calls_section_end|>', [SGMSW, SGMSA], SGMSD)
sgm_o('structural-kimik2-two', 'Kimi K2', SGMST + 'TestKimiK2Detector test_multiple_tool_calls_structural_tag (search declared)',
      '<|tool_calls_section_begin|><|tool_call_begin|>functions.get_weather:0<|tool_call_argument_begin|>{"city":"Paris"}<|tool_call_end|><|tool_call_begin|>functions.search:1<|tool_call_argument_begin|>{"query":"hotels","limit":10}<|tool_call_end|><|tool_calls_section_end|>',
      [SGMSW, SGMSA, T('search', query=S, limit=I)], [('get_weather', {'city': 'Paris'}), ('search', {'query': 'hotels', 'limit': 10})])

# --- test_qwen3_coder_detector/test_qwen3_coder_detector.py: the suite test_function_call_parser.py's
# TestQwen3CoderDetector copies, under its own path
SGMQD = 'test_qwen3_coder_detector/test_qwen3_coder_detector.py TestQwen3CoderDetector '
SGMQDT = SGMQT + [T('TodoWrite', todos={'type': 'array', 'items': {'type': 'object', 'properties': {'content': {'type': 'string'}, 'status': {'type': 'string'}}, 'required': ['content', 'status']}})]
def sgm_qf(n, *kv): return '<tool_call>\n<function=%s>\n' % n + ''.join('<parameter=%s>%s</parameter>\n' % (k, v) for k, v in zip(kv[::2], kv[1::2])) + '</function>\n</tool_call>'
sgm_o('qwen3-coder-plain', 'Qwen3 Coder/XML', SGMQD + 'test_plain_text_only', 'This is plain text without any tool calls.', SGMQDT)
sgm_o('qwen3-coder-single', 'Qwen3 Coder/XML', SGMQD + 'test_single_tool_call', sgm_qf('get_current_weather', 'location', 'Boston', 'unit', 'celsius', 'days', '3'), SGMQDT,
      [('get_current_weather', {'location': 'Boston', 'unit': 'celsius', 'days': 3})])
sgm_o('qwen3-coder-prefix', 'Qwen3 Coder/XML', SGMQD + 'test_single_tool_call_with_text_prefix', 'Let me check the weather for you.\n\n' + sgm_qf('get_current_weather', 'location', 'New York'), SGMQDT,
      [('get_current_weather', {'location': 'New York'})], keep='Let me check the weather for you.')
sgm_o('qwen3-coder-two', 'Qwen3 Coder/XML', SGMQD + 'test_multiple_tool_calls', sgm_qf('get_current_weather', 'location', 'New York') + '\n' + sgm_qf('sql_interpreter', 'query', 'SELECT * FROM users', 'dry_run', 'True'), SGMQDT,
      [('get_current_weather', {'location': 'New York'}), ('sql_interpreter', {'query': 'SELECT * FROM users', 'dry_run': True})], note='Python\'s True for a declared boolean is read as true, as SGLang reads it')
sgm_o('qwen3-coder-stream', 'Qwen3 Coder/XML', SGMQD + 'test_streaming_single_tool_call', '<tool_call><function=get_current_weather><parameter=location>Boston</parameter><parameter=unit>celsius</parameter></function></tool_call>', SGMQDT,
      [('get_current_weather', {'location': 'Boston', 'unit': 'celsius'})])
sgm_o('qwen3-coder-stream-text', 'Qwen3 Coder/XML', SGMQD + 'test_streaming_with_text_and_tool', 'Let me help you.\n\n<tool_call><function=get_current_weather><parameter=location>Paris</parameter></function></tool_call>', SGMQDT,
      [('get_current_weather', {'location': 'Paris'})], keep='Let me help you.')
sgm_o('qwen3-coder-integer', 'Qwen3 Coder/XML', SGMQD + 'test_integer_parameter_conversion', sgm_qf('get_current_weather', 'location', 'Tokyo', 'days', '5'), SGMQDT, [('get_current_weather', {'location': 'Tokyo', 'days': 5})])
sgm_o('qwen3-coder-boolean', 'Qwen3 Coder/XML', SGMQD + 'test_boolean_parameter_conversion', sgm_qf('sql_interpreter', 'query', 'SELECT 1', 'dry_run', 'True'), SGMQDT, [('sql_interpreter', {'query': 'SELECT 1', 'dry_run': True})])
sgm_o('qwen3-coder-array', 'Qwen3 Coder/XML', SGMQD + 'test_complex_array_parameter', sgm_qf('TodoWrite', 'todos', '\n[\n  {"content": "Buy groceries", "status": "pending"},\n  {"content": "Finish report", "status": "completed"}\n]\n'), SGMQDT,
      [('TodoWrite', {'todos': [{'content': 'Buy groceries', 'status': 'pending'}, {'content': 'Finish report', 'status': 'completed'}]})])
sgm_o('qwen3-coder-empty-value', 'Qwen3 Coder/XML', SGMQD + 'test_empty_parameter_value', sgm_qf('get_current_weather', 'location', ''), SGMQDT, [('get_current_weather', {'location': ''})])
sgm_o('qwen3-coder-special-chars', 'Qwen3 Coder/XML', SGMQD + 'test_parameter_with_special_characters', sgm_qf('sql_interpreter', 'query', 'SELECT * FROM users WHERE name = \'John "Doe"\''), SGMQDT,
      [('sql_interpreter', {'query': 'SELECT * FROM users WHERE name = \'John "Doe"\''})])
sgm_o('qwen3-coder-incomplete', 'Qwen3 Coder/XML', SGMQD + 'test_incomplete_tool_call', '<tool_call>\n<function=get_current_weather>\n<parameter=location>London', SGMQDT, note=SGMCUT)
sgm_o('qwen3-coder-session-one', 'Qwen3 Coder/XML', SGMQD + 'test_streaming_state_reset (its first session)', '<tool_call><function=get_current_weather><parameter=location>NYC</parameter></function></tool_call>', SGMQDT,
      [('get_current_weather', {'location': 'NYC'})])
sgm_o('qwen3-coder-session-two', 'Qwen3 Coder/XML', SGMQD + 'test_streaming_state_reset (its second session)', '<tool_call><function=sql_interpreter><parameter=query>SELECT 1</parameter></function></tool_call>', SGMQDT,
      [('sql_interpreter', {'query': 'SELECT 1'})])

# --- test_glm47_moe_detector.py: the tests after test_mtp_noarg_and_multiple_calls, and the raw-string
# form of test_array_argument_with_escaped_json
SGM47 = 'test_glm47_moe_detector.py TestGlm47MoeDetector '
def sgm_g47(n, *kv): return '<tool_call>' + n + ''.join('<arg_key>%s</arg_key><arg_value>%s</arg_value>' % (k, v) for k, v in zip(kv[::2], kv[1::2])) + '</tool_call>'
SGMTODO = [{'id': '1', 'task': 'Check for hard-coded issues in the backend code', 'status': 'in_progress'}, {'id': '2', 'task': 'Check for hard-coded issues in the frontend code', 'status': 'pending'},
           {'id': '3', 'task': 'Check for code violating the Single Responsibility Principle', 'status': 'pending'}, {'id': '4', 'task': 'Generate a rectification proposal report', 'status': 'pending'}]
sgm_o('glm47-array-escaped-quotes', 'GLM 4.5/4.7', SGM47 + 'test_array_argument_with_escaped_json[1]',
      '<tool_call>todo_write<arg_key>todos</arg_key><arg_value>' + json.dumps(SGMTODO).replace('"', '\\"') + '</arg_value>\n</tool_call>', [T('todo_write', todos=A)],
      note='disagrees on purpose: SGLang unescapes a list written with its quotes escaped; for a declared array that text is no JSON, and toolfix never guesses')
sgm_o('glm47-numbers-json', 'GLM 4.5/4.7', SGM47 + 'test_mtp_number_and_complex_json',
      sgm_g47('create_todos', 'priority', '5.5', 'count', '10', 'items', '[{"description": "TestTodo 1"}, {"description": "TestTodo 2"}]'), [T('create_todos', priority=N, count=I, items=A)],
      [('create_todos', {'priority': 5.5, 'count': 10, 'items': [{'description': 'TestTodo 1'}, {'description': 'TestTodo 2'}]})])
SGMW47 = [T('get_weather', city=S, date=S)]
sgm_o('glm47-stream', 'GLM 4.5/4.7', SGM47 + 'test_streaming_tool_call', sgm_g47('get_weather', 'city', 'Beijing', 'date', '2024-06-27'), SGMW47, [('get_weather', SGMGC1)])
sgm_o('glm47-stream-two', 'GLM 4.5/4.7', SGM47 + 'test_streaming_multiple_tool_calls', sgm_g47('get_weather', 'city', 'Beijing', 'date', '2024-06-27') + sgm_g47('get_weather', 'city', 'Shanghai', 'date', '2024-06-28'), SGMW47,
      [('get_weather', SGMGC1), ('get_weather', SGMGC2)])
for i, (before, label) in enumerate((('Sure, let me help.', 'English with period'), ('结构：', 'Chinese colon'), ('问题。', 'Chinese period'), ('Complete!', 'English exclamation'), ('说明；', 'Chinese semicolon'))):
    sgm_o('glm47-text-before-cut-%d' % i, 'GLM 4.5/4.7', SGM47 + 'test_normal_text_before_tool_call[%s]' % label, before + '<tool_call>list_dir', [T('list_dir', path=S)],
          note='a cut-off call is never completed (the test streams the text up to the name, and checks only that the text before it is kept)')
sgm_o('glm47-empty-value', 'GLM 4.5/4.7', SGM47 + 'test_boundary_empty_param_value', sgm_g47('create_note', 'title', 'Test', 'content', ''), [T('create_note', title=S, content=S)], [('create_note', {'title': 'Test', 'content': ''})])
sgm_o('glm47-split-value', 'GLM 4.5/4.7', SGM47 + 'test_boundary_param_value_extreme_split', sgm_g47('search', 'query', 'New York'), [T('search', query=S)], [('search', {'query': 'New York'})])
sgm_o('glm47-single-quotes', 'GLM 4.5/4.7', SGM47 + 'test_boundary_param_value_with_special_chars[0]', sgm_g47('execute_command', 'command', "echo 'Hello World'"), [T('execute_command', command=S)], [('execute_command', {'command': "echo 'Hello World'"})])
sgm_o('glm47-ampersand', 'GLM 4.5/4.7', SGM47 + 'test_boundary_param_value_with_special_chars[1]', sgm_g47('execute_command', 'command', 'echo Hello & World'), [T('execute_command', command=S)], [('execute_command', {'command': 'echo Hello & World'})])
sgm_o('glm47-deep-json', 'GLM 4.5/4.7', SGM47 + 'test_boundary_json_deeply_nested', sgm_g47('process_data', 'data', '{"level1": {"level2": {"level3": {"level4": {"value": "deep"}}}}}'), [T('process_data', data=O)],
      [('process_data', {'data': {'level1': {'level2': {'level3': {'level4': {'value': 'deep'}}}}}})])
sgm_o('glm47-empty-structures', 'GLM 4.5/4.7', SGM47 + 'test_boundary_json_empty_structures', sgm_g47('create_structure', 'empty_obj', '{}', 'empty_arr', '[]'), [T('create_structure', empty_obj=O, empty_arr=A)],
      [('create_structure', {'empty_obj': {}, 'empty_arr': []})])
sgm_o('glm47-three-pairs', 'GLM 4.5/4.7', SGM47 + 'test_boundary_multi_tags_one_chunk', sgm_g47('multi_param', 'a', '1', 'b', '2', 'c', '3'), [T('multi_param', a=S, b=S, c=S)], [('multi_param', {'a': '1', 'b': '2', 'c': '3'})])
sgm_o('glm47-text-after', 'GLM 4.5/4.7', SGM47 + 'test_boundary_normal_text_mixed_with_tool', "First I'll do this.<tool_call>action</tool_call>Then I'll do that.", [T('action')],
      note='disagrees on purpose: tail only; text after the markup leaves it as it came')
sgm_o('glm47-number-edges', 'GLM 4.5/4.7', SGM47 + 'test_boundary_number_edge_values', sgm_g47('calculate', 'zero', '0', 'negative', '-42.5', 'large', '1e10'), [T('calculate', zero=N, negative=N, large=N)],
      [('calculate', {'zero': 0, 'negative': -42.5, 'large': 1e10})])
sgm_o('glm47-numeric-strings', 'GLM 4.5/4.7', SGM47 + 'test_boundary_type_string_with_numeric_content', sgm_g47('store_data', 'id', '12345', 'code', '67.89'), [T('store_data', id=S, code=S)], [('store_data', {'id': '12345', 'code': '67.89'})])
sgm_o('glm47-undefined-tool', 'GLM 4.5/4.7', SGM47 + 'test_error_undefined_tool', sgm_g47('nonexistent_function', 'param', 'value'), SGMW47)
sgm_o('glm47-cut-in-value', 'GLM 4.5/4.7', SGM47 + 'test_error_incomplete_buffer_at_end', '<tool_call>get_weather<arg_key>city</arg_key><arg_value>Beijing', SGMW47, note=SGMCUT)

# --- test_parse_base_json_index.py: the action lists parse_base_json is given, written as the JSON list
# they are (the xLAM row, as gen.py's sglang-basejson-* vectors)
SGMBJ = 'test_parse_base_json_index.py TestParseBaseJsonCallIndex '
SGMBJT = [T('add', x=N), T('multiply', x=N), T('subtract', x=N)]
sgm_o('basejson-first-tool', 'xLAM', SGMBJ + 'test_single_first_tool_index_is_zero', '[{"name": "add", "arguments": {"x": 1}}]', SGMBJT, [('add', {'x': 1})])
sgm_o('basejson-last-tool', 'xLAM', SGMBJ + 'test_index_not_tools_list_position', '[{"name": "subtract", "arguments": {"x": 5}}]', SGMBJT, [('subtract', {'x': 5})])
sgm_o('basejson-arguments', 'xLAM', SGMBJ + 'test_arguments_field_parsed', '[{"name": "add", "arguments": {"x": 42}}]', SGMBJT, [('add', {'x': 42})])

# --- test_kimik2_detector.py: the tests gen.py's sglang-kimik2-det-* and -e2e-* vectors lack (a streaming
# test's chunks joined; the reasoning detector's tests are given the whole model output, as toolfix is)
SGMK2 = 'test_kimik2_detector.py '
SGMK2T = [T('ReadFile', path=S), T('get_weather', city=S)]
def sgm_k2(*calls): return '<|tool_calls_section_begin|>' + ''.join('<|tool_call_begin|>functions.%s:%d<|tool_call_argument_begin|>%s<|tool_call_end|>' % (n, i, a) for n, i, a in calls) + '<|tool_calls_section_end|>'
SGMK2OPEN = 'disagrees on purpose: the call stands inside an unclosed <think>, which toolfix reads as reasoning, and takes no call there'
sgm_o('kimik2-stream-single', 'Kimi K2', SGMK2 + 'TestKimiK2DetectorStreaming test_streaming_single_tool_call', sgm_k2(('ReadFile', 0, '{"path": "/test.py"}')), SGMK2T, [('ReadFile', {'path': '/test.py'})])
sgm_o('kimik2-stream-reset', 'Kimi K2', SGMK2 + 'TestKimiK2DetectorStreaming test_streaming_state_reset_after_completion', sgm_k2(('ReadFile', 0, '{"path": "/x"}')), SGMK2T, [('ReadFile', {'path': '/x'})])
sgm_o('kimik2-reasoning-plain', 'Kimi K2', SGMK2 + 'TestKimiK2ReasoningDetectorNonStreaming test_normal_text_without_reasoning', 'Hello, how can I help?', SGMK2T)
sgm_o('kimik2-reasoning-stream-cut', 'Kimi K2', SGMK2 + 'TestKimiK2ReasoningDetectorStreaming test_streaming_normal_think_then_tool_call',
      '<think>Analyzing the request...</think><|tool_calls_section_begin|><|tool_call_begin|>functions.ReadFile:0', SGMK2T, note=SGMCUT)
sgm_o('kimik2-reasoning-stream-think-open', 'Kimi K2', SGMK2 + 'TestKimiK2ReasoningDetectorStreaming test_streaming_tool_call_inside_think',
      '<think>I need to read the file.' + sgm_k2(('ReadFile', 5, '{"path": "/Users/user/project/file.ts"}')), SGMK2T, note=SGMK2OPEN)
sgm_o('kimik2-reasoning-stream-think-open-cut', 'Kimi K2', SGMK2 + 'TestKimiK2ReasoningDetectorStreaming test_streaming_tool_call_marker_in_single_chunk',
      '<think>thinking...<|tool_calls_section_begin|><|tool_call_begin|>functions.ReadFile:0<|tool_call_argument_begin|>{"path": "/x"}', SGMK2T,
      note='the call stands inside an unclosed <think> and its end tokens never come; the test checks only where the reasoning parser splits')
sgm_o('kimik2-reasoning-stream-marker-rest', 'Kimi K2', SGMK2 + 'TestKimiK2ReasoningDetectorStreaming test_streaming_partial_marker_buffering', 'some reasoning<|tool_calls_section_begin|>rest', SGMK2T)
sgm_o('kimik2-reasoning-stream-plain', 'Kimi K2', SGMK2 + 'TestKimiK2ReasoningDetectorStreaming test_streaming_no_reasoning_mode', 'Hello, I can help with that. What do you need?', SGMK2T)
sgm_o('kimik2-reasoning-stream-forced', 'Kimi K2', SGMK2 + 'TestKimiK2ReasoningDetectorStreaming test_streaming_force_reasoning', 'I should analyze this...</think>Here is the answer.', SGMK2T)
sgm_o('kimik2-e2e-stream-think-open', 'Kimi K2', SGMK2 + 'TestKimiK2EndToEnd test_e2e_streaming_reasoning_to_tool_call',
      '<think>I need to read the file to understand the code.' + sgm_k2(('ReadFile', 0, '{"path": "/Users/user/project/file.ts"}')), SGMK2T, note=SGMK2OPEN)
sgm_o('kimik2-e2e-think-closed', 'Kimi K2', SGMK2 + 'TestKimiK2EndToEnd test_e2e_normal_think_close_then_tool_call',
      '<think>Thinking about it...</think>' + sgm_k2(('get_weather', 0, '{"city": "London"}')), SGMK2T, [('get_weather', {'city': 'London'})], keep='<think>Thinking about it...</think>',
      note='the answer begins after </think>, so the Kimi opener glued to it stands as at a line start')
sgm_o('kimik2-e2e-content-one-chunk', 'Kimi K2', SGMK2 + 'TestKimiK2EndToEnd test_e2e_normal_think_close_then_content_overlap_tool_call_multi_token',
      '<think>Thinking about it...</think>This is a content:' + sgm_k2(('get_weather', 0, '{"city": "London"}')), SGMK2T,
      note='disagrees on purpose: glued after a colon on its line, where prose introduces an example; the Kimi opener counts at a line start or after a finished sentence (AfterStop)')
SGMK2L, SGMK2D = ('get_weather', 0, '{"city": "London"}'), ('get_weather', 1, '{"city": "Delhi"}')
SGMK2COLON = 'disagrees on purpose: glued after a colon on its line, where prose introduces an example (AfterStop), as sglang-kimik2-e2e-content'
sgm_o('kimik2-e2e-split-invariance', 'Kimi K2', SGMK2 + 'TestKimiK2EndToEnd test_e2e_chunk_split_invariance (every variant joins to this text)',
      '<think>Thinking about it...</think>This is a content:' + sgm_k2(SGMK2L) + sgm_k2(SGMK2D), SGMK2T, note=SGMK2COLON)
sgm_o('kimik2-e2e-text-between', 'Kimi K2', SGMK2 + 'TestKimiK2EndToEnd test_e2e_normal_text_between_two_tool_calls',
      'Prefix text:' + sgm_k2(SGMK2L) + ' Now calling next: ' + sgm_k2(SGMK2D), SGMK2T,
      note='disagrees on purpose: tail only (prose between the sections), and the last section stands glued after a colon (AfterStop)')
sgm_o('kimik2-e2e-unparsable-id', 'Kimi K2', SGMK2 + 'TestKimiK2EndToEnd test_e2e_unparsable_tool_id_does_not_wedge_stream',
      'normal text before<|tool_calls_section_begin|><|tool_call_begin|>weird@id<|tool_call_argument_begin|>{"unknown_key": "London"}<|tool_call_end|><|tool_calls_section_end|>' + sgm_k2(('get_weather', 0, '{"city": "Delhi"}')), SGMK2T,
      note='disagrees on purpose: SGLang skips the section it cannot name and keeps the one after it; toolfix takes a leaked tail whole or not at all')
sgm_o('kimik2-e2e-malformed-args', 'Kimi K2', SGMK2 + 'TestKimiK2EndToEnd test_e2e_malformed_json_args_passes_through_to_client',
      sgm_k2(SGMK2L) + sgm_k2(('get_weather', 1, '{"city": "Bad", "valid": fasle')) + sgm_k2(('get_weather', 2, '{"city": "Delhi"}')), SGMK2T,
      note='disagrees on purpose: SGLang hands the broken arguments on raw; toolfix sends only arguments that are JSON fitting the schema, and takes a tail whole or not at all')
sgm_o('kimik2-e2e-two-sections-bare', 'Kimi K2', SGMK2 + 'TestKimiK2EndToEnd test_e2e_exception_mid_drain_preserves_accumulated_calls', sgm_k2(SGMK2L) + sgm_k2(SGMK2D), SGMK2T,
      [('get_weather', {'city': 'London'}), ('get_weather', {'city': 'Delhi'})], note='two sections back to back are read as one tail (the test forces an error on the second; the output itself is two whole calls)')
sgm_o('kimik2-e2e-two-think-open', 'Kimi K2', SGMK2 + 'TestKimiK2EndToEnd test_e2e_multiple_tool_calls_without_think_close',
      '<think>Let me check both files.<|tool_calls_section_begin|><|tool_call_begin|>functions.ReadFile:0<|tool_call_argument_begin|>{"path": "/a.py"}<|tool_call_end|><|tool_call_begin|>functions.ReadFile:1<|tool_call_argument_begin|>{"path": "/b.py"}<|tool_call_end|><|tool_calls_section_end|>', SGMK2T,
      note=SGMK2OPEN)
sgm_o('kimik2-index-counter-5', 'Kimi K2', SGMK2 + 'TestKimiK2DetectorOpenAIIndexCompliance test_single_call_with_nonzero_model_counter_starts_at_index_0',
      sgm_k2(('get_weather', 5, '{"city": "Paris"}')), SGMK2T, [('get_weather', {'city': 'Paris'})], note='the :N counter is read past; toolfix gives each call its own id and index')
SGMK2I = SGMK2 + 'TestKimiK2DetectorOpenAIIndexCompliance '
SGMK2W = [T('get_weather', city=S)]
SGMK2N = 'the :N counter is read past; toolfix gives each call its own id and index'
sgm_o('kimik2-index-counters-7-8', 'Kimi K2', SGMK2I + 'test_multi_call_response_uses_dense_0_based_indices', sgm_k2(('get_weather', 7, '{"city": "London"}')) + sgm_k2(('get_weather', 8, '{"city": "Berlin"}')), SGMK2W,
      [('get_weather', {'city': 'London'}), ('get_weather', {'city': 'Berlin'})], note=SGMK2N)
sgm_o('kimik2-index-counter-10', 'Kimi K2', SGMK2I + 'test_continuation_chunks_keep_same_tool_index', sgm_k2(('get_weather', 10, '{"city": "Paris"}')), SGMK2W, [('get_weather', {'city': 'Paris'})], note=SGMK2N)
sgm_o('kimik2-index-counters-three', 'Kimi K2', SGMK2I + 'test_three_calls_with_nonzero_model_counter_indices_are_dense',
      ''.join(sgm_k2(('get_weather', 10 + i, '{"city": "%s"}' % c)) for i, c in enumerate(('Paris', 'Berlin', 'Madrid'))), SGMK2W,
      [('get_weather', {'city': c}) for c in ('Paris', 'Berlin', 'Madrid')], note=SGMK2N)
# a call whose header names no tool (a bare counter, or an id the client wrote): SGLang infers the tool from
# the argument keys; toolfix takes only a call that names a declared tool
SGMK2GUESS = 'disagrees on purpose: the header names no tool; SGLang infers one from the argument keys (or takes the only tool declared), and toolfix never guesses a call\'s tool'
def sgm_k2id(*calls): return '<|tool_calls_section_begin|>' + ''.join('<|tool_call_begin|>%s<|tool_call_argument_begin|>%s<|tool_call_end|>' % c for c in calls) + '<|tool_calls_section_end|>'
SGMK2B = SGMK2 + 'TestKimiK2BareCounterParsing '
SGMK2BT = [T('ReadFile', path=S), T('get_weather', city=S, unit=S)]
sgm_o('kimik2-bare-counter-index', 'Kimi K2', SGMK2I + 'test_bare_counter_id_also_starts_at_index_0', sgm_k2id(('5', '{"city": "Paris"}')), SGMK2W, note=SGMK2GUESS)
sgm_o('kimik2-bare-counter', 'Kimi K2', SGMK2B + 'test_detect_and_parse_bare_counter', sgm_k2id(('0', '{"city": "Tokyo"}')), SGMK2BT, note=SGMK2GUESS)
sgm_o('kimik2-bare-counter-unknown', 'Kimi K2', SGMK2B + 'test_detect_and_parse_bare_counter_skips_unknown', sgm_k2id(('0', '{"unknown_key": "value"}')), SGMK2BT)
sgm_o('kimik2-bare-counter-one-tool', 'Kimi K2', SGMK2B + 'test_streaming_bare_counter_single_tool', sgm_k2id(('0', '{"path": "/test"}')), [T('search', path=S)], note=SGMK2GUESS)
SGMK2C = SGMK2 + 'TestKimiK2ClientStyleIdFallback '
SGMRED = ' (shortened: a run of 32 or more characters mixing cases and digits is what a sample redacts as a token, and the cases hold nothing a sample would redact, proxy/sample TestCasesHaveNothingToRedact)'
for i, fid in enumerate(('call_3', 'call_7f3a9c2b1e4d5f6a7b8c9d0e', 'toolu_01AkmjoowNgNx2qNfJzc8z2F', '0b3d1c2e-4f5a-6b7c-8d9e-0f1a2b3c4d5e', 'tooltoolu_01KPuJ9w')):
    sgm_o('kimik2-client-id-%d' % i, 'Kimi K2', SGMK2C + 'test_detect_and_parse_client_id[%s]' % fid + (' (the id cut from tooltoolu_01KPuJ9w… to 18 characters)' + SGMRED if fid.startswith('tooltoolu') else ''), sgm_k2id((fid, '{"path": "/a.py"}')), SGMK2BT, note=SGMK2GUESS)
sgm_o('kimik2-client-ids-two', 'Kimi K2', SGMK2C + 'test_detect_and_parse_client_id_multiple_calls', sgm_k2id(('call_3', '{"path": "/a.py"}'), ('call_4', '{"city": "Tokyo"}')), SGMK2BT, note=SGMK2GUESS)
sgm_o('kimik2-client-id-mixed', 'Kimi K2', SGMK2C + 'test_detect_and_parse_client_id_mixed_with_standard',
      sgm_k2id(('toolu_01AkmjoowNgNx2qNfJzc8z2F', '{"city": "Tokyo"}'), ('functions.ReadFile:7', '{"path": "/a.py"}')), SGMK2BT, note=SGMK2GUESS + '; a tail is taken whole or not at all')
sgm_o('kimik2-client-id-unresolvable', 'Kimi K2', SGMK2C + 'test_detect_and_parse_client_id_unresolvable_is_dropped', sgm_k2id(('call_3', '{"unknown_key": "value"}')), SGMK2BT,
      note='SGLang drops the call and the markup with it; toolfix passes the text as it came')
sgm_o('kimik2-client-id-prefix', 'Kimi K2', SGMK2C + 'test_detect_and_parse_client_id_reasoning_prefix_kept', 'Let me check.\n' + sgm_k2id(('call_3', '{"path": "/a.py"}')), SGMK2BT, note=SGMK2GUESS)
sgm_o('kimik2-client-id-stream-end', 'Kimi K2', SGMK2C + 'test_streaming_client_id_multi_tool_resolves_at_end_marker', sgm_k2id(('call_3', '{"city": "Tokyo"}')), SGMK2BT, note=SGMK2GUESS)
sgm_o('kimik2-client-id-stream-one-tool', 'Kimi K2', SGMK2C + 'test_streaming_client_id_single_tool_streams_before_end_marker', sgm_k2id(('toolu_01AkmjoowNgNx2qNfJzc8z2F', '{"path": "/x"}')), [T('search', path=S)], note=SGMK2GUESS)
sgm_o('kimik2-client-id-stream-mixed', 'Kimi K2', SGMK2C + 'test_streaming_client_id_mixed_with_standard', sgm_k2id(('call_3', '{"path": "/a.py"}'), ('functions.get_weather:4', '{"city": "Paris"}')), SGMK2BT,
      note=SGMK2GUESS + '; a tail is taken whole or not at all')
sgm_o('kimik2-client-id-stream-skip-one', 'Kimi K2', SGMK2C + 'test_streaming_client_id_unresolvable_skips_only_that_section', sgm_k2id(('call_3', '{"unknown_key": 1}'), ('call_4', '{"city": "Paris"}')), SGMK2BT, note=SGMK2GUESS)
SGMK2S = SGMK2 + 'TestKimiK2ToolNameInferenceStrictness '
SGMK2ST = [T('Read', file_path=S, offset=N, limit=N), T('Write', file_path=S, content=S), T('Edit', file_path=S, old_string=S, new_string=S), T('Glob', pattern=S, path=S), T('Grep', pattern=S, path=S, output_mode=S), T('LS', path=S, ignore=A), T('Ping')]
sgm_o('kimik2-infer-bogus-key', 'Kimi K2', SGMK2S + 'test_non_object_json_returns_none_without_leaking', sgm_k2id(('call_3', '{"file_path": "/x", "bogus": 1}')), SGMK2ST,
      note='SGLang drops the call and the markup with it; toolfix passes the text as it came')
sgm_o('kimik2-infer-unique-fit', 'Kimi K2', SGMK2S + 'test_boolean_schema_does_not_raise_and_matches_only_empty_object (its detect_and_parse)', sgm_k2id(('call_3', '{"q": "x"}')), [T('anything'), T('query', q=S)], note=SGMK2GUESS)
sgm_o('kimik2-infer-ambiguous-then-unique', 'Kimi K2', SGMK2S + 'test_streaming_ambiguous_section_is_skipped_without_wedging', sgm_k2id(('call_3', '{"pattern": "a", "path": "/x"}'), ('call_4', '{"path": "/y"}')), SGMK2ST, note=SGMK2GUESS)
