"""The peers' tool-parser vectors (vLLM tests/tool_parsers/, SGLang
test/srt/test_function_call_parser.py) as repair cases: each vector becomes six folders,
testdata/cases/{openai,anthropic,responses}/{vllm,sglang}-NAME[-nonstream], streamed in small
deltas and whole, each want.json note naming its file and test. Run it after adding a vector
(python3 testdata/vectors/gen.py); it rewrites only the vllm-* and sglang-* folders and prints
the counts per family, which it also writes into docs/repairs.md's family table. A new batch of
vectors goes in a file of its own beside this one (run here, see below). The tests read the folders,
never these scripts.
"""
import json, os, random, re, sys, zlib
ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'cases')
V = 'vllm-project/vllm tests/tool_parsers/'

def T(_tname, **props):  # a tool: name and property types
    return (_tname, props)

S, I, N, B, A, O, ANY = 'string', 'integer', 'number', 'boolean', 'array', 'object', None
WEATHER = T('get_weather', city=S, location=S, unit=S, metric=S, state=S)
TIME = T('get_time', timezone=S)
CURW = T('get_current_weather', city=S, state=S, unit=S)

# the various_data_types and escaped_strings vectors of vLLM's common_tests.py configs, as JSON call objects
VT_JSON = '{\n  "name": "test_function",\n  "arguments": {\n    "string_field": "hello",\n    "int_field": 42,\n    "float_field": 3.14,\n    "bool_field": true,\n    "array_field": ["a", "b", "c"],\n    "object_field": {"nested": "value"},\n    "empty_array": [],\n    "empty_object": {}\n  }\n}'
VT_TOOL = [T('test_function', string_field=S, int_field=I, float_field=N, bool_field=B, array_field=A, object_field=O, empty_array=A, empty_object=O)]
VT_CALL = [('test_function', {'string_field': 'hello', 'int_field': 42, 'float_field': 3.14, 'bool_field': True, 'array_field': ['a', 'b', 'c'], 'object_field': {'nested': 'value'}, 'empty_array': [], 'empty_object': {}})]
VT_NOTE = 'the null_field of the peer vector is left out: a null for a declared string is no value toolfix types'
ESC_JSON = '{\n  "name": "test_function",\n  "arguments": {\n    "quoted": "He said \\"hello\\"",\n    "path": "C:\\\\Users\\\\file.txt",\n    "newline": "line1\\nline2",\n    "unicode": "emoji: 🎉"\n  }\n}'
ESC_TOOL = [T('test_function', quoted=S, path=S, newline=S, unicode=S)]
ESC_CALL = [('test_function', {'quoted': 'He said "hello"', 'path': 'C:\\Users\\file.txt', 'newline': 'line1\nline2', 'unicode': 'emoji: 🎉'})]

vectors = []
def vec(name, family, source, text, tools, calls=None, keep='', note='', pre='vllm-'):
    # pre is the folder prefix: vllm- for vLLM's vectors, mlx-lm-, ollama- and llamacpp- for
    # those servers' own tests, report- for those from public reports (an sglang- name keeps its own)
    # keep names the text before the markup; toolfix keeps it as it came, the blanks between it
    # and the markup too (a stream may have sent them before the markup came)
    if text.startswith(keep):
        rest = text[len(keep):]
        keep += rest[:len(rest) - len(rest.lstrip(' \t\r\n'))]
    vectors.append(dict(name=name, family=family, source=source, text=text, tools=tools, calls=calls, keep=keep, note=note, pre=pre))

# --- Seed-OSS
vec('seed-oss-single', 'Seed-OSS', V+'test_seed_oss_tool_parser.py test_extract_tool_calls[tool_call_0_thinking_budget]',
    '<seed:tool_call>\n<function=get_weather>\n<parameter=location>Barcelona, Spain</parameter>\n</function>\n</seed:tool_call>',
    [WEATHER], [('get_weather', {'location': 'Barcelona, Spain'})])
vec('seed-oss-after-think', 'Seed-OSS', V+'test_seed_oss_tool_parser.py test_extract_tool_calls[tool_call_unlimited_thinking_budget]',
    'So the function call should be as above.</seed:think><seed:tool_call>\n<function=get_weather>\n<parameter=location>Barcelona, Spain</parameter>\n<parameter=unit>celsius</parameter>\n</function>\n</seed:tool_call>',
    [WEATHER], [('get_weather', {'location': 'Barcelona, Spain', 'unit': 'celsius'})], keep='So the function call should be as above.</seed:think>',
    note='vLLM strips the <seed:think> reasoning into reasoning_content first; toolfix keeps the text before the call as it came (it is no reasoning parser)')
vec('seed-oss-no-tools', 'Seed-OSS', V+'test_seed_oss_tool_parser.py test_extract_tool_calls_no_tools',
    'This is a test response without any tool calls', [WEATHER])
vec('seed-oss-example-in-prose', 'Seed-OSS', V+'test_seed_oss_tool_parser.py (look-alike: the call written inside the reasoning, then prose)',
    'The format is <seed:tool_call>\n<function=get_weather>\n<parameter=location>Barcelona, Spain</parameter>\n</function>\n</seed:tool_call>. Wait, let me check the unit first.', [WEATHER])
SO2 = V+'test_seed_oss_tool_parser.py '
SOCALL = '<seed:tool_call>\n<function=get_weather>\n<parameter=location>Barcelona, Spain</parameter>\n</function>\n</seed:tool_call>'
SOTHINK512 = ("<seed:think>The user's current thinking budget is 512.</seed:cot_budget_reflect>\nLet me analyze the question. The user wants to know the weather in Barcelona, Spain. "
    "Looking at the functions available, there's a get_weather function that can retrieve the current temperature for a given location. \n\n"
    "<seed:cot_budget_reflect>I have used 131 tokens, and there are 381 tokens remaining for use.</seed:cot_budget_reflect>\n The unit parameter can be omitted since it's optional.</seed:think>\n")
vec('seed-oss-think-512', 'Seed-OSS', SO2+'test_extract_tool_calls[tool_call_512_thinkg_budget] (its reasoning shortened)', SOTHINK512 + SOCALL, [WEATHER], [('get_weather', {'location': 'Barcelona, Spain'})], keep=SOTHINK512.rstrip('\n'),
    note='vLLM keeps the reasoning block in the content too; so does toolfix')
SOTHINKU = ("<seed:think>\nGot it, let's see. The user asked for the weather in Barcelona, Spain. Let me format the function call correctly. The format is "
    "<seed:tool_call>\n<function=get_weather>\n<parameter=location>Barcelona, Spain</parameter>\n<parameter=unit>celsius</parameter>\n</function>\n</seed:tool_call>. "
    "Wait, but does the unit parameter accept \"celsius\"? Let me go with that. So the function call should be as above.</seed:think>")
vec('seed-oss-think-unlimited', 'Seed-OSS', SO2+'test_extract_tool_calls[tool_call_unlimited_thinking_budget] (its reasoning shortened)',
    SOTHINKU + '<seed:tool_call>\n<function=get_weather>\n<parameter=location>Barcelona, Spain</parameter>\n<parameter=unit>celsius</parameter>\n</function>\n</seed:tool_call>', [WEATHER],
    [('get_weather', {'location': 'Barcelona, Spain', 'unit': 'celsius'})], keep=SOTHINKU,
    note='the same call written as an example inside the reasoning, prose after it, stays text; only the call at the tail is taken')
SOTHINK0 = '<seed:think>\n</seed:cot_budget_reflect>\n</seed:cot_budget_reflect>\nThe current thinking budget is 0, so I will directly start answering the question.\n</seed:think>\n'
vec('seed-oss-think-0', 'Seed-OSS', SO2+'test_streaming_tool_calls[tool_call_0_thinking_budget]', SOTHINK0 + SOCALL, [WEATHER], [('get_weather', {'location': 'Barcelona, Spain'})], keep=SOTHINK0.rstrip('\n'))
# --- LongCat
LC = V+'test_longcat_tool_parser.py TestLongCatToolParser '
vec('longcat-single', 'LongCat', LC+'single_tool_call_output',
    '<longcat_tool_call>{"name": "get_weather", "arguments": {"city": "Tokyo"}}</longcat_tool_call>', [WEATHER], [('get_weather', {'city': 'Tokyo'})])
vec('longcat-parallel', 'LongCat', LC+'parallel_tool_calls_output',
    '<longcat_tool_call>{"name": "get_weather", "arguments": {"city": "Tokyo"}}</longcat_tool_call>\n<longcat_tool_call>{"name": "get_time", "arguments": {"timezone": "Asia/Tokyo"}}</longcat_tool_call>',
    [WEATHER, TIME], [('get_weather', {'city': 'Tokyo'}), ('get_time', {'timezone': 'Asia/Tokyo'})])
vec('longcat-various-types', 'LongCat', LC+'various_data_types_output',
    '<longcat_tool_call>' + VT_JSON + '</longcat_tool_call>', VT_TOOL, VT_CALL, note=VT_NOTE)
vec('longcat-empty-args', 'LongCat', LC+'empty_arguments_output',
    '<longcat_tool_call>{"name": "refresh", "arguments": {}}</longcat_tool_call>', [T('refresh')], [('refresh', {})])
vec('longcat-surrounding-text', 'LongCat', LC+'surrounding_text_output',
    'Let me check the weather for you.\n<longcat_tool_call>{"name": "get_weather", "arguments": {"city": "Tokyo"}}</longcat_tool_call>\nHere is the result.', [WEATHER],
    note='disagrees on purpose: vLLM takes the call and keeps the prose around it; toolfix repairs a leaked call only at the tail of the text (prose after markup shows it is an example, and a call there could run twice)')
vec('longcat-escaped-strings', 'LongCat', LC+'escaped_strings_output',
    '<longcat_tool_call>' + ESC_JSON + '</longcat_tool_call>', ESC_TOOL, ESC_CALL)
vec('longcat-malformed-cut', 'LongCat', LC+'malformed_input_outputs[0]',
    '<longcat_tool_call>{"name": "func", "arguments": {', [T('func')], note='a cut-off call is never completed')
vec('longcat-malformed-string-args', 'LongCat', LC+'malformed_input_outputs[1]',
    '<longcat_tool_call>{"name": "func", "arguments": "not a dict"}</longcat_tool_call>', [T('func')])
vec('longcat-malformed-json', 'LongCat', LC+'malformed_input_outputs[2]',
    'Some text with <longcat_tool_call>invalid json', [T('func')])
# --- Hunyuan A13B / Jamba
HY = V+'test_hunyuan_a13b_tool_parser.py test_hunyuan_a13b_tool_parser_extract '
vec('hunyuan-no-call', 'Hunyuan/Jamba <tool_calls>', HY+'[No tool call]', 'How can I help you today?', [WEATHER])
vec('hunyuan-single', 'Hunyuan/Jamba <tool_calls>', HY+'[Single tool call, no content]',
    '<tool_calls>[{"name": "get_weather", "arguments": {"city": "San Francisco", "metric": "celsius"}}]</tool_calls>', [WEATHER],
    [('get_weather', {'city': 'San Francisco', 'metric': 'celsius'})])
vec('hunyuan-multiple', 'Hunyuan/Jamba <tool_calls>', HY+'[Multiple tool calls]',
    '<tool_calls>[{"name": "get_weather", "arguments": {"city": "San Francisco", "metric": "celsius"}}, {"name": "register_user", "arguments": {"name": "John Doe", "age": 37, "address": {"city": "San Francisco", "state": "CA"}, "passed_test": true, "aliases": ["John", "Johnny"]}}]</tool_calls>',
    [WEATHER, T('register_user', name=S, age=I, address=O, passed_test=B, aliases=A)],
    [('get_weather', {'city': 'San Francisco', 'metric': 'celsius'}), ('register_user', {'name': 'John Doe', 'age': 37, 'address': {'city': 'San Francisco', 'state': 'CA'}, 'passed_test': True, 'aliases': ['John', 'Johnny']})],
    note='the peer vector\'s "role": null is left out (no value for a typed field)')
vec('hunyuan-content-before', 'Hunyuan/Jamba <tool_calls>', HY+'[Content before tool call]',
    'I will call the tool now. <tool_calls>[{"name": "get_weather", "arguments": {"city": "Boston"}}]</tool_calls>', [WEATHER],
    note='disagrees on purpose: <tool_calls> is a plain word prose uses; glued after a sentence on its line it counts as an example (the line-start rule), so the text passes')
vec('hunyuan-content-after', 'Hunyuan/Jamba <tool_calls>', HY+'[Content after tool call]',
    '<tool_calls>[{"name": "get_weather", "arguments": {"city": "Seattle"}}]</tool_calls>\nThank you!', [WEATHER],
    note='disagrees on purpose: tail only; prose after the markup leaves the text as it is')
vec('hunyuan-nested', 'Hunyuan/Jamba <tool_calls>', HY+'[complex_tool]',
    '<tool_calls>[{"name": "complex_tool", "arguments": {"level1": {"level2": {"level3": {"value": 123}}}}}]</tool_calls>', [T('complex_tool', level1=O)],
    [('complex_tool', {'level1': {'level2': {'level3': {'value': 123}}}})])
vec('hunyuan-non-ascii', 'Hunyuan/Jamba <tool_calls>', V+'test_hunyuan_a13b_tool_parser.py test_hunyuan_a13b_tool_parser_non_ascii',
    '<tool_calls>[{"name": "get_weather", "arguments": {"city": "北京"}}]</tool_calls>', [WEATHER], [('get_weather', {'city': '北京'})])
vec('hunyuan-empty-first', 'Hunyuan/Jamba <tool_calls>', V+'test_hunyuan_a13b_tool_parser.py test_hunyuan_a13b_tool_parser_streaming_one_empty_args_tool[0]',
    '<tool_calls>[{"name": "a", "arguments": {}}, {"name": "b", "arguments": {"x": 42}}]</tool_calls>', [T('a'), T('b', x=I)], [('a', {}), ('b', {'x': 42})])
# --- Step3
ST = V+'test_step3_tool_parser.py TestStep3ToolParser '
vec('step3-single', 'Step3', ST+'single_tool_call_output',
    '<｜tool_calls_begin｜><｜tool_call_begin｜><steptml:invoke name="get_weather"><steptml:parameter name="city">Tokyo</steptml:parameter></steptml:invoke><｜tool_call_end｜><｜tool_calls_end｜>', [WEATHER], [('get_weather', {'city': 'Tokyo'})])
vec('step3-parallel', 'Step3', ST+'parallel_tool_calls_output',
    '<｜tool_calls_begin｜><｜tool_call_begin｜><steptml:invoke name="get_weather"><steptml:parameter name="city">Tokyo</steptml:parameter></steptml:invoke><｜tool_call_end｜><｜tool_sep｜><｜tool_call_begin｜><steptml:invoke name="get_time"><steptml:parameter name="timezone">Asia/Tokyo</steptml:parameter></steptml:invoke><｜tool_call_end｜><｜tool_calls_end｜>',
    [WEATHER, TIME], [('get_weather', {'city': 'Tokyo'}), ('get_time', {'timezone': 'Asia/Tokyo'})])
vec('step3-various-types', 'Step3', ST+'various_data_types_output',
    '<｜tool_calls_begin｜><｜tool_call_begin｜><steptml:invoke name="test_function"><steptml:parameter name="string_field">hello</steptml:parameter><steptml:parameter name="int_field">42</steptml:parameter><steptml:parameter name="float_field">3.14</steptml:parameter><steptml:parameter name="bool_field">true</steptml:parameter><steptml:parameter name="array_field">["a", "b", "c"]</steptml:parameter><steptml:parameter name="object_field">{"nested": "value"}</steptml:parameter></steptml:invoke><｜tool_call_end｜><｜tool_calls_end｜>',
    [T('test_function', string_field=S, int_field=I, float_field=N, bool_field=B, array_field=A, object_field=O)],
    [('test_function', {'string_field': 'hello', 'int_field': 42, 'float_field': 3.14, 'bool_field': True, 'array_field': ['a', 'b', 'c'], 'object_field': {'nested': 'value'}})])
vec('step3-empty-args', 'Step3', ST+'empty_arguments_output',
    '<｜tool_calls_begin｜><｜tool_call_begin｜><steptml:invoke name="refresh"></steptml:invoke><｜tool_call_end｜><｜tool_calls_end｜>', [T('refresh')], [('refresh', {})])
vec('step3-surrounding-text', 'Step3', ST+'surrounding_text_output',
    "Let me check the weather for you.\n\n<｜tool_calls_begin｜><｜tool_call_begin｜><steptml:invoke name=\"get_weather\"><steptml:parameter name=\"city\">Tokyo</steptml:parameter></steptml:invoke><｜tool_call_end｜><｜tool_calls_end｜>\n\nI'll get that information.", [WEATHER],
    note='disagrees on purpose: tail only')
vec('step3-whitespace-kept', 'Step3', V+'test_step3_tool_parser.py TestStep3ParameterWhitespace test_string_value_preserved',
    '<｜tool_calls_begin｜><｜tool_call_begin｜>function<｜tool_sep｜>edit_file\n<steptml:invoke name="edit_file"><steptml:parameter name="old_string">    if x:</steptml:parameter><steptml:parameter name="indent"> 4 </steptml:parameter><steptml:parameter name="enabled"> true </steptml:parameter></steptml:invoke><｜tool_call_end｜><｜tool_calls_end｜>',
    [T('edit_file', old_string=S, indent=I, enabled=B)], [('edit_file', {'old_string': '    if x:', 'indent': 4, 'enabled': True})])
vec('step3-malformed-unclosed', 'Step3', ST+'malformed_input_outputs[0]',
    '<｜tool_calls_begin｜><｜tool_call_begin｜><steptml:invoke name="func">', [T('func')], note='a cut-off call is never completed')
vec('step3-malformed-no-section', 'Step3', ST+'malformed_input_outputs[1]',
    '<｜tool_call_begin｜><steptml:invoke name="func"></steptml:invoke><｜tool_call_end｜>', [T('func')])
# --- pythonic
PY = V+'test_pythonic_tool_parser.py '
vec('pythonic-simple', 'pythonic', PY+'SIMPLE_FUNCTION_OUTPUT',
    "[get_weather(city='San Francisco', metric='celsius')]", [WEATHER], [('get_weather', {'city': 'San Francisco', 'metric': 'celsius'})])
vec('pythonic-more-types', 'pythonic', PY+'MORE_TYPES_FUNCTION_OUTPUT',
    "[register_user(name='John Doe', age=37, address={'city': 'San Francisco', 'state': 'CA'}, passed_test=True, aliases=['John', 'Johnny'])]",
    [T('register_user', name=S, age=I, address=O, passed_test=B, aliases=A)],
    [('register_user', {'name': 'John Doe', 'age': 37, 'address': {'city': 'San Francisco', 'state': 'CA'}, 'passed_test': True, 'aliases': ['John', 'Johnny']})],
    note='the peer vector\'s role=None is left out (no value for a typed field)')
vec('pythonic-parameterless', 'pythonic', PY+'PARAMETERLESS_FUNCTION_OUTPUT', '[get_weather()]', [WEATHER], [('get_weather', {})])
vec('pythonic-empty-dict', 'pythonic', PY+'EMPTY_DICT_FUNCTION_OUTPUT', '[do_something_cool(additional_data={})]', [T('do_something_cool', additional_data=O)], [('do_something_cool', {'additional_data': {}})])
vec('pythonic-empty-list', 'pythonic', PY+'EMPTY_LIST_FUNCTION_OUTPUT', '[do_something_cool(steps=[])]', [T('do_something_cool', steps=A)], [('do_something_cool', {'steps': []})])
vec('pythonic-escaped', 'pythonic', PY+'ESCAPED_STRING_FUNCTION_OUTPUT',
    "[get_weather(city='Martha\\'s Vineyard', metric='\\\"cool units\\\"')]", [WEATHER], [('get_weather', {'city': "Martha's Vineyard", 'metric': '"cool units"'})])
vec('pythonic-parallel', 'pythonic', PY+'test_tool_call[parallel_calls]',
    "[get_weather(city='San Francisco', metric='celsius'), register_user(name='John Doe', age=37)]",
    [WEATHER, T('register_user', name=S, age=I)], [('get_weather', {'city': 'San Francisco', 'metric': 'celsius'}), ('register_user', {'name': 'John Doe', 'age': 37})])
vec('pythonic-no-tool', 'pythonic', PY+'test_no_tool_call', 'How can I help you today?', [WEATHER])
vec('pythonic-markdown-link', 'pythonic', 'look-alike of '+PY+': a text that begins with a Markdown link', '[get_weather](https://example.com/docs) explains the tool.', [WEATHER])
vec('pythonic-after-prose', 'pythonic', 'look-alike of '+PY+': the call shown after prose',
    "You can call it like [get_weather(city='San Francisco')]", [WEATHER],
    note='vLLM parses the whole output only when it is the list; so does toolfix: after prose it is an example')
vec('llama4-pythonic-tokens', 'pythonic', V+'test_llama4_pythonic_tool_parser.py test_tool_call[simple_streaming] (with its <|python_start|> tokens)',
    "<|python_start|>[get_weather(city='LA', metric='C')]<|python_end|>", [WEATHER], [('get_weather', {'city': 'LA', 'metric': 'C'})])
vec('lfm2-pythonic-tokens', 'pythonic', V+'test_lfm2_tool_parser.py (LFM2 <|tool_call_start|> form)',
    "Checking.<|tool_call_start|>[get_weather(city='Paris')]<|tool_call_end|>", [WEATHER], [('get_weather', {'city': 'Paris'})], keep='Checking.')
# --- LFM2 (the pythonic row in its tokens)
LF = V+'test_lfm2_tool_parser.py test_tool_call'
def lw(t): return '<|tool_call_start|>[' + t + ']<|tool_call_end|>'
LCS, LREG, LGW, LDSC = T('get_candidate_status', candidate_id=S), T('register_user', name=S, age=I, address=O, role=ANY, passed_test=B, aliases=A), T('get_weather', city=S, metric=S), T('do_something_cool', additional_data=O, steps=A)
LSIMPLE, LSIMPLEV = "get_candidate_status(candidate_id='12345')", ('get_candidate_status', {'candidate_id': '12345'})
LMORE = "register_user(name='John Doe', age=37, address={'city': 'San Francisco', 'state': 'CA'}, role=None, passed_test=True, aliases=['John', 'Johnny'])"
LMOREV = ('register_user', {'name': 'John Doe', 'age': 37, 'address': {'city': 'San Francisco', 'state': 'CA'}, 'role': None, 'passed_test': True, 'aliases': ['John', 'Johnny']})
LTOOLS = [LCS, LREG, LGW, LDSC]
vec('lfm2-no-call', 'pythonic', V+'test_lfm2_tool_parser.py test_no_tool_call', 'How can I help you today?', LTOOLS)
vec('lfm2-simple', 'pythonic', LF+'[simple_nonstreaming]', lw(LSIMPLE), LTOOLS, [LSIMPLEV])
vec('lfm2-more-types', 'pythonic', LF+'[more_types_nonstreaming]', lw(LMORE), LTOOLS, [LMOREV])
vec('lfm2-parameterless', 'pythonic', LF+'[parameterless_nonstreaming]', lw('get_weather()'), LTOOLS, [('get_weather', {})])
vec('lfm2-empty-dict', 'pythonic', LF+'[empty_dict_nonstreaming]', lw('do_something_cool(additional_data={})'), LTOOLS, [('do_something_cool', {'additional_data': {}})])
vec('lfm2-escaped', 'pythonic', LF+'[escaped_string_nonstreaming]', lw("get_weather(city='Martha\\'s Vineyard', metric='\\\"cool units\\\"')"), LTOOLS, [('get_weather', {'city': "Martha's Vineyard", 'metric': '"cool units"'})])
vec('lfm2-parallel', 'pythonic', LF+'[parallel_calls_nonstreaming]', lw(LSIMPLE + ', ' + LMORE), LTOOLS, [LSIMPLEV, LMOREV])
vec('lfm2-content-after', 'pythonic', LF+'[content_after_tool_call_nonstreaming]', lw(LSIMPLE) + '\nChecking the current status of candidate ID 12345.', LTOOLS, note='disagrees on purpose: tail only (LFM2.5 may write its reply after the call)')
vec('lfm2-dotted-name', 'pythonic', LF+'[dotted_name_nonstreaming]', lw("grocery.orderIngredients(ingredientList=[{'name': 'Lasagna noodles', 'amount': 250, 'unit': 'g'}], deliveryAddress='845 Willow Lane, Springfield, IL 62704')"),
    [T('grocery.orderIngredients', ingredientList=A, deliveryAddress=S)], [('grocery.orderIngredients', {'ingredientList': [{'name': 'Lasagna noodles', 'amount': 250, 'unit': 'g'}], 'deliveryAddress': '845 Willow Lane, Springfield, IL 62704'})])
vec('lfm2-bracket-in-string', 'pythonic', LF+'[bracket_in_string_nonstreaming]', lw("exec(command='grep -F \"]\" log.txt')"), [T('exec', command=S)], [('exec', {'command': 'grep -F "]" log.txt'})])
vec('lfm2-large-steps', 'pythonic', V+'test_lfm2_tool_parser.py test_streaming_tool_call_with_large_steps', lw(LSIMPLE + ', get_weather(), do_something_cool(steps=[])'), LTOOLS, [LSIMPLEV, ('get_weather', {}), ('do_something_cool', {'steps': []})])
vec('lfm2-empty-block', 'pythonic', V+'test_lfm2_tool_parser.py test_empty_tool_call_block', '<|tool_call_start|>[]<|tool_call_end|>', LTOOLS)
vec('lfm2-bad-sibling', 'pythonic', V+'test_lfm2_tool_parser.py test_bad_sibling_call_does_not_drop_good_calls', lw(LSIMPLE + ", bad(x=b'z')"), LTOOLS + [T('bad', x=S)],
    note='disagrees on purpose: vLLM keeps the good sibling; toolfix takes a leaked tail whole or not at all')
vec('lfm2-space-after-token', 'pythonic', V+'test_lfm2_tool_parser.py test_whitespace_after_start_token', '<|tool_call_start|> [' + LSIMPLE + ']<|tool_call_end|>', LTOOLS, [LSIMPLEV])
vec('lfm2-leading-zero', 'pythonic', LF+'[leading_zero_int_nonstreaming]', lw('set_date(month=07, day=05)'), [T('set_date', month=I, day=I)],
    note='disagrees on purpose: 07 is no Python literal; vLLM mends it, toolfix reads only valid literals')
vec('lfm2-nested-quote', 'pythonic', LF+'[nested_quote_nonstreaming]', lw("bash(command='sed -n '360,450p' /testbed/sympy/matrices/common.py')"), [T('bash', command=S)],
    note='disagrees on purpose: the unescaped quotes end the string early; vLLM guesses the intended value, toolfix reads only valid literals')

# --- Llama 3 JSON
LL = V+'test_llama3_json_tool_parser.py '
vec('llama3-json-simple', 'Llama 3 JSON', LL+'test_extract_tool_calls_simple',
    '{"name": "searchTool", "parameters": {"query": "test"}}', [T('searchTool', query=S)], [('searchTool', {'query': 'test'})])
vec('llama3-json-python-tag-multiple', 'Llama 3 JSON', LL+'test_extract_tool_calls_multiple_json_with_python_tag',
    '<|python_tag|>{"name": "getOpenIncidentsTool", "parameters": {}}; {"name": "searchTool", "parameters": {"query": "test"}}',
    [T('getOpenIncidentsTool'), T('searchTool', query=S)], [('getOpenIncidentsTool', {}), ('searchTool', {'query': 'test'})])
vec('llama3-json-after-prose', 'Llama 3 JSON', LL+'test_extract_tool_calls_with_text_before (look-alike)',
    'Here is the result: {"name": "searchTool", "parameters": {"query": "test"}}', [T('searchTool', query=S)],
    note='disagrees on purpose where the peer takes it: a bare JSON object counts only as the whole text; after prose it is an example')
vec('json-answer-untouched', 'Llama 3 JSON', 'look-alike: an ordinary JSON answer', '{"status": "ok", "name": "searchTool"}', [T('searchTool', query=S)])
# --- Phi-4-mini, Granite, InternLM, xLAM
vec('phi4mini-two', 'Phi-4-mini', V+'test_phi4mini_tool_parser.py',
    'functools[{"name": "get_weather", "arguments": {"city": "Paris"}}, {"name": "get_time", "arguments": {"timezone": "Europe/Paris"}}]',
    [WEATHER, TIME], [('get_weather', {'city': 'Paris'}), ('get_time', {'timezone': 'Europe/Paris'})])
vec('granite-single', 'Granite', V+'test_granite_tool_parser.py',
    '<|tool_call|>[{"name": "get_current_weather", "arguments": {"city": "Dallas", "state": "TX", "unit": "fahrenheit"}}]', [CURW],
    [('get_current_weather', {'city': 'Dallas', 'state': 'TX', 'unit': 'fahrenheit'})])
vec('internlm2-single', 'InternLM2', V+'test_internlm2_tool_parser.py',
    'Let me check.<|action_start|><|plugin|>\n{"name": "get_current_weather", "parameters": {"city": "Dallas", "state": "TX"}}<|action_end|>', [CURW],
    [('get_current_weather', {'city': 'Dallas', 'state': 'TX'})], keep='Let me check.')
vec('xlam-list', 'xLAM', V+'test_xlam_tool_parser.py test_extract_tool_calls[parallel_tool_calls]',
    '[{"name": "get_current_weather", "arguments": {"city": "Dallas", "state": "TX"}}, {"name": "get_current_weather", "arguments": {"city": "Orlando", "state": "FL"}}]', [CURW],
    [('get_current_weather', {'city': 'Dallas', 'state': 'TX'}), ('get_current_weather', {'city': 'Orlando', 'state': 'FL'})])
vec('json-list-answer-untouched', 'xLAM', 'look-alike: an ordinary JSON list answer', '[{"id": 1, "title": "a"}, {"id": 2, "title": "b"}]', [CURW])
# --- DeepSeek V4 DSML
vec('deepseek-v4-dsml', 'DeepSeek V4 DSML', V+'test_deepseekv4_tool_parser.py',
    'Let me check.\n\n<｜DSML｜tool_calls>\n<｜DSML｜invoke name="get_weather">\n<｜DSML｜parameter name="city" string="true">Paris</｜DSML｜parameter>\n</｜DSML｜invoke>\n</｜DSML｜tool_calls>', [WEATHER],
    [('get_weather', {'city': 'Paris'})], keep='Let me check.')

# --- Kimi K2 (a family known before the table)
KM = V+'test_kimi_k2_tool_parser.py TestExtractToolCalls '
SB, SE, TB, TE, AB = '<|tool_calls_section_begin|>', '<|tool_calls_section_end|>', '<|tool_call_begin|>', '<|tool_call_end|>', '<|tool_call_argument_begin|>'
def kt(i, a): return TB + i + ' ' + AB + a + TE
NEWS, MAIL = T('get_news', topic=S), T('send_email', to=S, subject=S)
vec('kimi-k2-single', 'Kimi K2', KM+'test_extract_tool_calls[single_tool_call]', "I'll check. " + SB + kt('functions.get_weather:0', '{"city": "Beijing"}') + SE,
    [WEATHER], [('get_weather', {'city': 'Beijing'})], keep="I'll check.")
vec('kimi-k2-parallel', 'Kimi K2', KM+'test_extract_tool_calls[parallel_tool_calls]', "Compare weather. " + SB + kt('functions.get_weather:0', '{"city": "Beijing"}') + kt('functions.get_weather:1', '{"city": "Shanghai"}') + SE,
    [WEATHER], [('get_weather', {'city': 'Beijing'}), ('get_weather', {'city': 'Shanghai'})], keep='Compare weather.')
vec('kimi-k2-three', 'Kimi K2', KM+'test_extract_tool_calls[three_tool_calls]', "Multiple tasks. " + SB + kt('functions.get_weather:0', '{"city": "New York"}') + kt('functions.get_news:1', '{"topic": "technology"}') + kt('functions.send_email:2', '{"to": "user@example.com", "subject": "Daily Update"}') + SE,
    [WEATHER, NEWS, MAIL], [('get_weather', {'city': 'New York'}), ('get_news', {'topic': 'technology'}), ('send_email', {'to': 'user@example.com', 'subject': 'Daily Update'})], keep='Multiple tasks.')
vec('kimi-k2-angle-brackets', 'Kimi K2', KM+'test_extract_tool_calls[angle_brackets_in_json]', "Process HTML. " + SB + kt('functions.process_html:0', '{"html": "<div>content</div>"}') + SE,
    [T('process_html', html=S)], [('process_html', {'html': '<div>content</div>'})], keep='Process HTML.')
vec('kimi-k2-multiline', 'Kimi K2', KM+'test_extract_tool_calls[multiline_json]', "Formatted. " + SB + kt('functions.process_data:0', '{\n  "name": "test",\n  "value": 123\n}') + SE,
    [T('process_data', name=S, value=I)], [('process_data', {'name': 'test', 'value': 123})], keep='Formatted.')
vec('kimi-k2-no-prefix', 'Kimi K2', KM+'test_extract_tool_calls[no_functions_prefix]', "No prefix. " + SB + kt('get_weather:0', '{"city": "Tokyo"}') + SE,
    [WEATHER], [('get_weather', {'city': 'Tokyo'})], keep='No prefix.')
vec('kimi-k2-empty-args', 'Kimi K2', KM+'test_extract_tool_calls[empty_arguments]', "Empty args. " + SB + kt('functions.test:0', '{}') + SE,
    [T('test')], [('test', {})], keep='Empty args.')
vec('kimi-k2-no-tools', 'Kimi K2', KM+'test_no_tools', 'This is a test', [WEATHER])
vec('kimi-k2-invalid-json', 'Kimi K2', KM+'test_invalid_json_still_extracted', "Help. " + SB + kt('functions.bad:0', '{"city": "Beijing"') + kt('functions.good:1', '{"city": "Shanghai"}') + SE,
    [T('bad', city=S), T('good', city=S)], note='disagrees on purpose: vLLM returns the call with its broken arguments as they are; toolfix never makes a call of arguments that are not JSON, and leaves the text')
vec('kimi-k2-invalid-id', 'Kimi K2', KM+'test_invalid_funcall_id_skipped', "Help. " + SB + kt('functions.invalid.0', '{"city": "Beijing"}') + kt('functions.valid:1', '{"city": "Shanghai"}') + SE,
    [T('valid', city=S)], note='disagrees on purpose: vLLM drops the call with the malformed id and keeps the other; toolfix takes a leaked tail whole or not at all, and invalid.0 is no declared tool (D57)')
vec('kimi-k2-bare-counter', 'Kimi K2', KM+'test_bare_counter', "Let me check. " + SB + kt('0', '{"city": "Tokyo", "unit": "celsius"}') + SE,
    [WEATHER], note='disagrees on purpose: vLLM infers the tool from the one declared; toolfix does not guess a tool the markup does not name')

# --- Olmo 3 (pythonic lines in <function_calls>)
OL = V+'test_olmo3_tool_parser.py test_tool_call'
REG = T('register_user', name=S, age=I, address=O, role=ANY, passed_test=B, aliases=A)
REGV = {'name': 'John Doe', 'age': 37, 'address': {'city': 'San Francisco', 'state': 'CA'}, 'role': None, 'passed_test': True, 'aliases': ['John', 'Johnny']}
vec('olmo3-simple', 'Olmo 3 pythonic', OL+'[simple_nonstreaming]', "<function_calls>get_weather(city='San Francisco', metric='celsius')</function_calls>", [WEATHER], [('get_weather', {'city': 'San Francisco', 'metric': 'celsius'})])
vec('olmo3-more-types', 'Olmo 3 pythonic', OL+'[more_types_nonstreaming]', "<function_calls>register_user(name='John Doe', age=37, address={'city': 'San Francisco', 'state': 'CA'}, role=None, passed_test=True, aliases=['John', 'Johnny'])</function_calls>", [REG], [('register_user', REGV)])
vec('olmo3-json-literals', 'Olmo 3 pythonic', OL+'[more_types_nonstreaming_json_literals]', "<function_calls>register_user(name='John Doe', age=37, address={'city': 'San Francisco', 'state': 'CA'}, role=null, passed_test=true, aliases=['John', 'Johnny'])</function_calls>", [REG], [('register_user', REGV)])
vec('olmo3-parameterless', 'Olmo 3 pythonic', OL+'[parameterless_nonstreaming]', '<function_calls>get_weather()</function_calls>', [WEATHER], [('get_weather', {})])
vec('olmo3-escaped', 'Olmo 3 pythonic', OL+'[escaped_string_nonstreaming]', "<function_calls>get_weather(city='Martha\\'s Vineyard', metric='\\\"cool units\\\"')</function_calls>", [WEATHER], [('get_weather', {'city': "Martha's Vineyard", 'metric': '"cool units"'})])
vec('olmo3-parallel', 'Olmo 3 pythonic', OL+'[parallel_calls_nonstreaming]', "<function_calls>get_weather(city='San Francisco', metric='celsius')\nregister_user(name='John Doe', age=37, address={'city': 'San Francisco', 'state': 'CA'}, role=None, passed_test=True, aliases=['John', 'Johnny'])</function_calls>",
    [WEATHER, REG], [('get_weather', {'city': 'San Francisco', 'metric': 'celsius'}), ('register_user', REGV)])
vec('olmo3-large-steps', 'Olmo 3 pythonic', V+'test_olmo3_tool_parser.py test_streaming_tool_call_with_large_steps', "<function_calls>get_weather(city='San Francisco', metric='celsius')\nget_weather()\ndo_something_cool(steps=[])</function_calls>",
    [WEATHER, T('do_something_cool', steps=A)], [('get_weather', {'city': 'San Francisco', 'metric': 'celsius'}), ('get_weather', {}), ('do_something_cool', {'steps': []})])
vec('olmo3-no-tool', 'Olmo 3 pythonic', V+'test_olmo3_tool_parser.py test_no_tool_call', 'How can I help you today?', [WEATHER])
vec('olmo3-bad-sibling', 'Olmo 3 pythonic', V+'test_olmo3_tool_parser.py test_bad_sibling_call_does_not_drop_good_calls', "<function_calls>bad(x=b'z')\nget_weather(city='San Francisco', metric='celsius')</function_calls>", [WEATHER, T('bad', x=S)],
    note='disagrees on purpose: vLLM keeps the good sibling and drops the bytes-literal call; toolfix takes a leaked tail whole or not at all')
vec('olmo3-non-finite', 'Olmo 3 pythonic', V+'test_olmo3_tool_parser.py test_non_finite_argument_rejected', "<function_calls>calc(x=1e999)\nget_weather(city='San Francisco', metric='celsius')</function_calls>", [WEATHER, T('calc', x=N)],
    note='disagrees on purpose: vLLM keeps the good sibling; toolfix refuses the whole tail (1e999 is no finite number)')
vec('olmo3-mismatched', 'Olmo 3 pythonic', V+'test_olmo3_tool_parser.py test_streaming_mismatched_brackets_reported_once', '<function_calls>foo(x=1])</function_calls>', [T('foo', x=I)])
# --- GLM 4.7 (a row known before the table)
GL = V+'test_glm47_moe_tool_parser.py TestGlm47ExtractToolCalls '
DATE = T('get_current_date')
vec('glm47-zero-arg-inline', 'GLM 4.5/4.7', GL+'test_zero_arg_inline', '<tool_call>get_current_date</tool_call>', [DATE, WEATHER], [('get_current_date', {})])
vec('glm47-zero-arg-newline', 'GLM 4.5/4.7', GL+'test_zero_arg_newline', '<tool_call>get_current_date\n</tool_call>', [DATE, WEATHER], [('get_current_date', {})])
vec('glm47-args-same-line', 'GLM 4.5/4.7', GL+'test_args_same_line', '<tool_call>get_weather<arg_key>city</arg_key><arg_value>Beijing</arg_value></tool_call>', [DATE, WEATHER], [('get_weather', {'city': 'Beijing'})])
vec('glm47-args-newlines', 'GLM 4.5/4.7', GL+'test_args_with_newlines', '<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Beijing</arg_value>\n</tool_call>', [DATE, WEATHER], [('get_weather', {'city': 'Beijing'})])
vec('glm47-content-before', 'GLM 4.5/4.7', GL+'test_content_before', 'Checking.<tool_call>get_current_date</tool_call>', [DATE, WEATHER],
    note='disagrees on purpose: <tool_call> glued after prose on its line counts as an example (the line-start rule)')
vec('glm47-multiple', 'GLM 4.5/4.7', GL+'test_multiple', '<tool_call>get_weather<arg_key>city</arg_key><arg_value>Beijing</arg_value></tool_call><tool_call>get_weather<arg_key>city</arg_key><arg_value>Shanghai</arg_value></tool_call>',
    [DATE, WEATHER], [('get_weather', {'city': 'Beijing'}), ('get_weather', {'city': 'Shanghai'})])
vec('glm47-whitespace-before', 'GLM 4.5/4.7', GL+'test_whitespace_content_none', '  \n  <tool_call>get_current_date</tool_call>', [DATE, WEATHER], [('get_current_date', {})])
vec('glm47-no-call', 'GLM 4.5/4.7', GL+'test_no_tool_call', 'This is a plain response.', [DATE, WEATHER])
# --- Hermes (a row known before the table)
HE = V+'test_hermes_tool_parser.py '
FA = T('final_answer', trigger=B)
vec('hermes-between-tags', 'Hermes', HE+'test_hermes_parser_non_streaming_tool_call_between_tags', '<tool_call>\n{"name": "final_answer", "arguments": {"trigger": true}}\n</tool_call>', [FA], [('final_answer', {'trigger': True})])
vec('hermes-until-eos', 'Hermes', HE+'test_hermes_parser_non_streaming_tool_call_until_eos', '<tool_call>\n{"name": "final_answer", "arguments": {"trigger": true}}', [FA], [('final_answer', {'trigger': True})],
    note='the missing </tool_call> is forgiven: the call object is complete')
vec('hermes-invalid-json', 'Hermes', HE+'test_hermes_parser_non_streaming_tool_call_invalid_json', '<tool_call>\n{"name": "final_answer", "arguments": {"trigger": true}', [FA])
vec('hermes-serialized-args', 'Hermes', HE+'test_hermes_parser_non_streaming_serialized_arguments', '<tool_call>\n{"name": "get_db_config", "arguments": "{\\"param\\": \\"max_connections\\"}"}\n</tool_call>', [T('get_db_config', param=S)], [('get_db_config', {'param': 'max_connections'})])
vec('hermes-bare-string-args', 'Hermes', HE+'test_hermes_parser_non_streaming_bare_string_arguments', '<tool_call>\n{"name": "do_thing", "arguments": "hello"}\n</tool_call>', [T('do_thing')],
    note='disagrees on purpose: vLLM passes the string "hello" as the arguments; a tool input must be an object, so toolfix leaves the text')
vec('hermes-streaming', 'Hermes', HE+'test_hermes_parser_streaming', '<tool_call>{"name": "get_current_temperature","arguments": {"location":"San Francisco, California, United States", "unit": "celsius"}}</tool_call>',
    [T('get_current_temperature', location=S, unit=S)], [('get_current_temperature', {'location': 'San Francisco, California, United States', 'unit': 'celsius'})])
vec('hermes-content-then-call', 'Hermes', HE+'test_hermes_streaming_content_then_tool_call_with_stream_interval', 'Sure, let me check the weather.<tool_call>{"name": "get_weather", "arguments": {"city": "NYC"}}</tool_call>', [WEATHER],
    note='disagrees on purpose: <tool_call> glued after prose on its line counts as an example (the line-start rule)')
vec('hermes-multiple', 'Hermes', HE+'test_hermes_streaming_multiple_tool_calls_with_stream_interval', '<tool_call>{"name": "search", "arguments": {"q": "cats"}}</tool_call><tool_call>{"name": "search", "arguments": {"q": "dogs"}}</tool_call>',
    [T('search', q=S)], [('search', {'q': 'cats'}), ('search', {'q': 'dogs'})])
vec('hermes-plain', 'Hermes', HE+'test_hermes_parser_streaming_just_forward_text', 'This is some prior text that has nothing to do with tool calling.', [FA])

# --- SGLang test/srt/test_function_call_parser.py
SG = 'sgl-project/sglang test/srt/test_function_call_parser.py '
GW = T('get_weather', location=S, unit=S, data=A)
SR = T('search', query=S, config=O, filters=A)
vec('sglang-pythonic-at-start', 'pythonic', SG+'TestPythonicDetector test_parse_streaming_bracket_without_text_before', "[search(query='python programming')]", [GW, SR], [('search', {'query': 'python programming'})])
vec('sglang-pythonic-nested', 'pythonic', SG+'TestPythonicDetector test_parse_streaming_nested_brackets', "[get_weather(location='New York', unit='celsius', data=[1, 2, 3])]", [GW, SR], [('get_weather', {'location': 'New York', 'unit': 'celsius', 'data': [1, 2, 3]})])
vec('sglang-pythonic-nested-dict', 'pythonic', SG+'TestPythonicDetector test_parse_streaming_nested_brackets_dict', "[search(query='test', config={'options': [1, 2], 'nested': {'key': 'value'}})]", [GW, SR], [('search', {'query': 'test', 'config': {'options': [1, 2], 'nested': {'key': 'value'}}})])
vec('sglang-pythonic-two-nested', 'pythonic', SG+'TestPythonicDetector test_parse_streaming_multiple_tools_with_nested_brackets', "[get_weather(location='Paris', data=[10, 20]), search(query='test', filters=['a', 'b'])]", [GW, SR],
    [('get_weather', {'location': 'Paris', 'data': [10, 20]}), ('search', {'query': 'test', 'filters': ['a', 'b']})])
vec('sglang-pythonic-after-prose', 'pythonic', SG+'TestPythonicDetector test_parse_streaming_complete_tool_call', "Here's a tool call: [get_weather(location='New York', unit='celsius')]", [GW, SR],
    note='disagrees on purpose: SGLang takes a bare list anywhere; toolfix takes the bare form only as the whole text (after prose it reads as an example)')
vec('sglang-pythonic-text-before', 'pythonic', SG+'TestPythonicDetector test_parse_streaming_text_before_tool_call', "This is some text before [get_weather(location='London')]", [GW, SR],
    note='disagrees on purpose: the bare form counts only as the whole text')
vec('sglang-pythonic-text-after', 'pythonic', SG+'TestPythonicDetector test_parse_streaming_text_after_tool_call', "[get_weather(location='Tokyo')] Here's the forecast:", [GW, SR],
    note='disagrees on purpose: tail only')
vec('sglang-pythonic-two-lists', 'pythonic', SG+'TestPythonicDetector test_parse_streaming_multiple_tool_calls', "[get_weather(location='Berlin')] and [search(query='restaurants')]", [GW, SR],
    note='disagrees on purpose: tail only, and prose between the lists')
vec('sglang-pythonic-open-bracket', 'pythonic', SG+'TestPythonicDetector test_parse_streaming_opening_bracket_only', "Let's try this: [", [GW, SR])
vec('sglang-pythonic-plain', 'pythonic', SG+'TestPythonicDetector test_parse_streaming_no_brackets', 'This is just normal text without any tool calls.', [GW, SR])
vec('sglang-python-start-after-prose', 'pythonic', SG+'TestPythonicDetector test_parse_streaming_with_python_start_and_end_token', "Here's a call: <|python_start|>[get_weather(location='Tokyo', data=[1, 2, 3])]<|python_end|>", [GW, SR],
    [('get_weather', {'location': 'Tokyo', 'data': [1, 2, 3]})], keep="Here's a call:")
vec('sglang-python-start-mid-text', 'pythonic', SG+'TestPythonicDetector test_detect_and_parse_with_python_start_and_end_token', "User wants to get the weather in Mars. <|python_start|>[get_weather(location='Mars', unit='celsius')]<|python_end|> In this way we will get the weather in Mars.", [GW, SR],
    note='disagrees on purpose: tail only')
MD = T('make_next_step_decision', decision=S, content=S)
vec('sglang-mistral-nested-brackets', 'Mistral', SG+'TestMistralDetector test_detect_and_parse_with_nested_brackets_in_content',
    '[TOOL_CALLS] [{"name":"make_next_step_decision", "arguments":{"decision":"","content":"```\\nTOOL: Access a weather API or service\\nOBSERVATION: Retrieve the current weather data for the top 5 populated cities in the US\\nANSWER: The weather in the top 5 populated cities in the US is as follows: [City Name] - [Weather Conditions] - [Temperature]\\n```"}}]',
    [MD], [('make_next_step_decision', {'decision': '', 'content': '```\nTOOL: Access a weather API or service\nOBSERVATION: Retrieve the current weather data for the top 5 populated cities in the US\nANSWER: The weather in the top 5 populated cities in the US is as follows: [City Name] - [Weather Conditions] - [Temperature]\n```'})])
vec('sglang-mistral-simple', 'Mistral', SG+'TestMistralDetector test_detect_and_parse_simple_case', '[TOOL_CALLS] [{"name":"make_next_step_decision", "arguments":{"decision":"TOOL", "content":"Use weather API"}}]', [MD],
    [('make_next_step_decision', {'decision': 'TOOL', 'content': 'Use weather API'})])
vec('sglang-mistral-plain', 'Mistral', SG+'TestMistralDetector test_detect_and_parse_no_tool_calls', 'This is just normal text without any tool calls.', [MD])
vec('sglang-mistral-text-before', 'Mistral', SG+'TestMistralDetector test_detect_and_parse_with_text_before_tool_call', 'Here is some text before the tool call: [TOOL_CALLS] [{"name":"make_next_step_decision", "arguments":{"decision":"ANSWER", "content":"The answer is 42"}}]', [MD],
    [('make_next_step_decision', {'decision': 'ANSWER', 'content': 'The answer is 42'})], keep='Here is some text before the tool call:')

# SGLang's other detector tests in the same file
SW, STA = T('get_weather', city=S), T('get_tourist_attractions', city=S)
L32 = SG+'TestLlama32Detector '
vec('sglang-llama32-single', 'Llama 3 JSON', L32+'test_single_json', '{"name": "get_weather", "parameters": {"city": "Paris"}}', [SW, STA], [('get_weather', {'city': 'Paris'})])
vec('sglang-llama32-separator', 'Llama 3 JSON', L32+'test_multiple_json_with_separator', '<|python_tag|>{"name": "get_weather", "parameters": {"city": "Paris"}};{"name": "get_tourist_attractions", "parameters": {"city": "Paris"}}', [SW, STA],
    [('get_weather', {'city': 'Paris'}), ('get_tourist_attractions', {'city': 'Paris'})])
vec('sglang-llama32-tag-each', 'Llama 3 JSON', L32+'test_multiple_json_with_separator_customized', '<|python_tag|>{"name": "get_weather", "parameters": {}}<|python_tag|>{"name": "get_tourist_attractions", "parameters": {}}', [SW, STA],
    [('get_weather', {}), ('get_tourist_attractions', {})])
vec('sglang-llama32-trailing-text', 'Llama 3 JSON', L32+'test_json_with_trailing_text', '{"name": "get_weather", "parameters": {}} Some follow-up text', [SW, STA], note='disagrees on purpose: tail only')
vec('sglang-llama32-invalid-then-valid', 'Llama 3 JSON', L32+'test_invalid_then_valid_json', '{"name": "get_weather", "parameters": {{"name": "get_weather", "parameters": {}}', [SW, STA],
    note='disagrees on purpose: SGLang skips the broken object and takes the one after it; toolfix takes only a whole text that is the call')
vec('sglang-llama32-plain', 'Llama 3 JSON', L32+'test_plain_text_only', 'This is just plain explanation text.', [SW, STA])
vec('sglang-llama32-intro', 'Llama 3 JSON', L32+'test_with_python_tag_prefix', 'Some intro. <|python_tag|>{"name": "get_weather", "parameters": {}}', [SW, STA], [('get_weather', {})], keep='Some intro.')
KK = SG+'TestKimiK2Detector '
vec('sglang-kimik2-single', 'Kimi K2', KK+'test_single_tool_call', '<|tool_calls_section_begin|><|tool_call_begin|>functions.get_weather:0<|tool_call_argument_begin|>{"city": "Paris"}<|tool_call_end|><|tool_calls_section_end|>', [SW, STA], [('get_weather', {'city': 'Paris'})])
vec('sglang-kimik2-multiple', 'Kimi K2', KK+'test_multiple_tool_calls', '<|tool_calls_section_begin|><|tool_call_begin|>functions.get_weather:0<|tool_call_argument_begin|>{"city": "Paris"}<|tool_call_end|><|tool_call_begin|>functions.get_tourist_attractions:1<|tool_call_argument_begin|>{"city": "London"}<|tool_call_end|><|tool_calls_section_end|>', [SW, STA],
    [('get_weather', {'city': 'Paris'}), ('get_tourist_attractions', {'city': 'London'})])
vec('sglang-kimik2-invalid', 'Kimi K2', KK+'test_invalid_tool_call', 'invalid_tool:0<|tool_call_argument_begin|>{"city": "Paris"}<|tool_call_end|><|tool_calls_section_end|>', [SW, STA])
vec('sglang-kimik2-partial', 'Kimi K2', KK+'test_partial_tool_call', '<|tool_calls_section_begin|><|tool_call_begin|>functions.get_weather:0<|tool_call_argument_begin|>{"city": "Paris"', [SW, STA],
    note='disagrees on purpose: SGLang streams the partial arguments; a cut-off call is never completed')
vec('sglang-deepseekv3-mtp', 'DeepSeek V3', SG+'TestDeepSeekV3Detector test_parse_streaming_multiple_tool_calls_with_multi_token_chunk',
    '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>get_weather\n```json\n{"city":"Shanghai"}\n```<｜tool▁call▁end｜>\n<｜tool▁call▁begin｜>function<｜tool▁sep｜>get_tourist_attractions\n```json\n{"city": "Beijing"}\n```<｜tool▁call▁end｜><｜tool▁calls▁end｜>', [SW, STA],
    [('get_weather', {'city': 'Shanghai'}), ('get_tourist_attractions', {'city': 'Beijing'})])
Q3 = SG+'TestQwen3CoderDetector '
QCW, QAR = T('get_current_weather', city=S, state=S, unit=S), T('calculate_area', shape=S, dimensions=O, precision=I)
QDAL = '<tool_call>\n<function=get_current_weather>\n<parameter=city>\nDallas\n</parameter>\n<parameter=state>\nTX\n</parameter>\n<parameter=unit>\nfahrenheit\n</parameter>\n</function>\n</tool_call>'
QDALV = {'city': 'Dallas', 'state': 'TX', 'unit': 'fahrenheit'}
vec('sglang-qwen3coder-no-tools', 'Qwen3 Coder/XML', Q3+'test_detect_and_parse_no_tools', 'This is a test response without any tool calls', [QCW, QAR])
vec('sglang-qwen3coder-single', 'Qwen3 Coder/XML', Q3+'test_detect_and_parse_single_tool', QDAL, [QCW, QAR], [('get_current_weather', QDALV)])
vec('sglang-qwen3coder-content', 'Qwen3 Coder/XML', Q3+'test_detect_and_parse_with_content', 'Sure! Let me check the weather for you.' + QDAL, [QCW, QAR], [('get_current_weather', QDALV)], keep='Sure! Let me check the weather for you.')
vec('sglang-qwen3coder-multiline', 'Qwen3 Coder/XML', Q3+'test_detect_and_parse_multiline_param', '<tool_call>\n<function=calculate_area>\n<parameter=shape>\nrectangle\n</parameter>\n<parameter=dimensions>\n{"width": 10,\n "height": 20}\n</parameter>\n<parameter=precision>\n2\n</parameter>\n</function>\n</tool_call>', [QCW, QAR],
    [('calculate_area', {'shape': 'rectangle', 'dimensions': {'width': 10, 'height': 20}, 'precision': 2})])
vec('sglang-qwen3coder-parallel', 'Qwen3 Coder/XML', Q3+'test_detect_and_parse_parallel_tools', QDAL + '\n' + QDAL.replace('Dallas', 'Orlando').replace('TX', 'FL'), [QCW, QAR],
    [('get_current_weather', QDALV), ('get_current_weather', {'city': 'Orlando', 'state': 'FL', 'unit': 'fahrenheit'})])
vec('sglang-qwen3coder-incomplete', 'Qwen3 Coder/XML', Q3+'test_parse_streaming_incomplete', '<tool_call>\n<function=get_current_weather>\n<parameter=city>\nDallas\n</parameter>\n<parameter=state>\nTX', [QCW, QAR], note='a cut-off call is never completed')
vec('sglang-qwen3coder-no-params', 'Qwen3 Coder/XML', Q3+'test_edge_case_no_parameters', '<tool_call>\n<function=get_current_weather>\n</function>\n</tool_call>', [QCW, QAR], [('get_current_weather', {})])
vec('sglang-qwen3coder-special-chars', 'Qwen3 Coder/XML', Q3+'test_edge_case_special_chars_in_value', '<tool_call>\n<function=get_current_weather>\n<parameter=city>\nDallas->TX\n</parameter>\n</function>\n</tool_call>', [QCW, QAR], [('get_current_weather', {'city': 'Dallas->TX'})])
vec('sglang-qwen3coder-no-tags', 'Qwen3 Coder/XML', Q3+'test_extract_tool_calls_fallback_no_tags', '<function=get_current_weather>\n<parameter=city>\nDallas\n</parameter>\n<parameter=state>\nTX\n</parameter>\n</function>', [QCW, QAR], [('get_current_weather', {'city': 'Dallas', 'state': 'TX'})])
QBT = '<tool_call>\n<function=get_current_weather>\n<parameter=city>\nDallas\n</parameter>\n</function>\n</tool_call>\nSome text in between.'
vec('sglang-qwen3coder-between-text', 'Qwen3 Coder/XML', Q3+'test_parse_streaming_multiple_tools', QBT + '\n<tool_call>\n<function=calculate_area>\n<parameter=shape>\ncircle\n</parameter>\n</function>\n</tool_call>', [QCW, QAR],
    [('calculate_area', {'shape': 'circle'})], keep=QBT,
    note='disagrees on purpose: SGLang takes both calls; toolfix takes only the tail, the call after the prose, and leaves the markup before the prose as text (it reads as an example)')
GZ = SG+'TestGlm4MoeDetector '
GZW = T('get_weather', city=S, date=S)
GZ1 = '<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Beijing</arg_value>\n<arg_key>date</arg_key>\n<arg_value>2024-06-27</arg_value>\n</tool_call>'
vec('sglang-glm4-single', 'GLM 4.5/4.7', GZ+'test_single_tool_call', GZ1, [GZW], [('get_weather', {'city': 'Beijing', 'date': '2024-06-27'})])
vec('sglang-glm4-multiple', 'GLM 4.5/4.7', GZ+'test_multiple_tool_calls', GZ1 + GZ1.replace('Beijing', 'Shanghai').replace('06-27', '06-28'), [GZW],
    [('get_weather', {'city': 'Beijing', 'date': '2024-06-27'}), ('get_weather', {'city': 'Shanghai', 'date': '2024-06-28'})])
vec('sglang-glm4-invalid', 'GLM 4.5/4.7', GZ+'test_invalid_tool_call', '<tool_call>invalid_func\n<arg_key>city</arg_key>\n<arg_value>Beijing</arg_value>\n</tool_call>', [GZW])
TODOS = [{'id': '1', 'task': 'Check for hard-coded issues in the backend code', 'status': 'in_progress'}, {'id': '2', 'task': 'Check for hard-coded issues in the frontend code', 'status': 'pending'},
         {'id': '3', 'task': 'Check for code violating the Single Responsibility Principle', 'status': 'pending'}, {'id': '4', 'task': 'Generate a rectification proposal report', 'status': 'pending'}]
vec('sglang-glm4-array', 'GLM 4.5/4.7', GZ+'test_array_argument_with_escaped_json', '<tool_call>todo_write\n<arg_key>todos</arg_key>\n<arg_value>' + json.dumps(TODOS) + '</arg_value>\n</tool_call>', [T('todo_write', todos=A)], [('todo_write', {'todos': TODOS})])
JA = SG+'TestJsonArrayParser '
JW, JS = T('get_weather', location=S, unit=S, nested=O), T('search', query=S)
vec('sglang-jsonarray-whitespace', 'xLAM', JA+'test_parse_streaming_increment_whitespace_handling', '  [{"name": "get_weather", "parameters": {"location": "Tokyo"}}]  ', [JW, JS], [('get_weather', {'location': 'Tokyo'})])
vec('sglang-jsonarray-nested', 'xLAM', JA+'test_parse_streaming_increment_nested_objects', '[{"name": "get_weather", "parameters": {"location": "Tokyo", "nested": {"key": "value"}}}]', [JW, JS], [('get_weather', {'location': 'Tokyo', 'nested': {'key': 'value'}})])
vec('sglang-jsonarray-commas', 'xLAM', JA+'test_json_parsing_with_commas', '[{"name": "get_weather", "parameters": {"location": "Tokyo"}},{"name": "get_weather", "parameters": {"location": "Paris"}}]', [JW, JS],
    [('get_weather', {'location': 'Tokyo'}), ('get_weather', {'location': 'Paris'})])
vec('sglang-jsonarray-brace-in-string', 'xLAM', JA+'test_braces_in_strings', '[{"name": "get_weather", "parameters": {"location": "has } inside"}}]', [JW, JS], [('get_weather', {'location': 'has } inside'})])
vec('sglang-jsonarray-malformed', 'xLAM', JA+'test_parse_streaming_increment_malformed_json', '[{"name": "get_weather", "parameters": {"location": "Tokyo"', [JW, JS], note='a cut-off call is never completed')
vec('sglang-jsonarray-garbage', 'xLAM', JA+'test_parse_streaming_increment_malformed_json[1]', '[{}}}]', [JW, JS])
vec('sglang-base-two-in-one-tag', 'Hermes', SG+'TestBaseFormatDetector test_sequential_tool_index_assignment', '<tool_call>{"name": "get_weather", "arguments": {"city": "Paris"}}, {"name": "get_tourist_attractions", "arguments": {"city": "London"}}</tool_call>', [SW, STA],
    note='disagrees on purpose: the test detector reads objects joined by commas in one <tool_call>, which no model template writes; toolfix reads one call object per <tool_call>')
vec('sglang-base-invalid-tool', 'Hermes', SG+'TestBaseFormatDetector test_buffer_reset_on_invalid_tool', '<tool_call>{"name": "invalid_tool", "arguments": {"city": "Paris"}}</tool_call>', [SW, STA])

# --- Gemma 4
GM = V+'test_gemma4_tool_parser.py TestExtractToolCalls '
Q = '<|"|>'
GWX = T('get_weather', location=S, unit=S)
vec('gemma4-single', 'Gemma 4', GM+'test_single_tool_call', '<|tool_call>call:get_weather{location:'+Q+'London'+Q+'}<tool_call|>', [GWX], [('get_weather', {'location': 'London'})])
vec('gemma4-multiple-args', 'Gemma 4', GM+'test_multiple_arguments', '<|tool_call>call:get_weather{location:'+Q+'San Francisco'+Q+',unit:'+Q+'celsius'+Q+'}<tool_call|>', [GWX], [('get_weather', {'location': 'San Francisco', 'unit': 'celsius'})])
vec('gemma4-text-before', 'Gemma 4', GM+'test_text_before_tool_call', 'Let me check the weather for you. <|tool_call>call:get_weather{location:'+Q+'Paris'+Q+'}<tool_call|>', [GWX], [('get_weather', {'location': 'Paris'})], keep='Let me check the weather for you.')
vec('gemma4-two', 'Gemma 4', GM+'test_multiple_tool_calls', '<|tool_call>call:get_weather{location:'+Q+'London'+Q+'}<tool_call|><|tool_call>call:get_time{location:'+Q+'London'+Q+'}<tool_call|>', [GWX, T('get_time', location=S)],
    [('get_weather', {'location': 'London'}), ('get_time', {'location': 'London'})])
vec('gemma4-nested', 'Gemma 4', GM+'test_nested_arguments', '<|tool_call>call:complex_function{nested:{inner:'+Q+'value'+Q+'},list:['+Q+'a'+Q+','+Q+'b'+Q+']}<tool_call|>', [T('complex_function', nested=O, list=A)],
    [('complex_function', {'nested': {'inner': 'value'}, 'list': ['a', 'b']})])
vec('gemma4-number-boolean', 'Gemma 4', GM+'test_tool_call_with_number_and_boolean', '<|tool_call>call:set_status{is_active:true,count:42,score:3.14}<tool_call|>', [T('set_status', is_active=B, count=I, score=N)],
    [('set_status', {'is_active': True, 'count': 42, 'score': 3.14})])
vec('gemma4-incomplete', 'Gemma 4', GM+'test_incomplete_tool_call', '<|tool_call>call:get_weather{location:'+Q+'London', [GWX], note='a cut-off call is never completed')
vec('gemma4-hyphenated', 'Gemma 4', GM+'test_hyphenated_function_name', '<|tool_call>call:get-weather{location:'+Q+'London'+Q+'}<tool_call|>', [T('get-weather', location=S)], [('get-weather', {'location': 'London'})])
vec('gemma4-dotted', 'Gemma 4', GM+'test_dotted_function_name', '<|tool_call>call:weather.get{location:'+Q+'London'+Q+'}<tool_call|>', [T('weather.get', location=S)], [('weather.get', {'location': 'London'})])
vec('gemma4-no-args', 'Gemma 4', GM+'test_no_arguments', '<|tool_call>call:get_status{}<tool_call|>', [T('get_status')], [('get_status', {})])
vec('gemma4-no-call', 'Gemma 4', GM+'test_no_tool_calls', 'Hello, how can I help you today?', [GWX])

# --- FunctionGemma (Gemma 4's body, <escape> for its quote)
FG = V+'test_functiongemma_tool_parser.py '
E = '<escape>'
def fg(name, body): return '<start_function_call>call:' + name + '{' + body + '}<end_function_call>'
vec('functiongemma-no-call', 'FunctionGemma', FG+'TestExtractToolCalls test_no_tool_calls', 'Hello, how can I help you today?', [GWX])
vec('functiongemma-single', 'FunctionGemma', FG+'TestExtractToolCalls test_single_tool_call', fg('get_weather', 'location:'+E+'London'+E), [GWX], [('get_weather', {'location': 'London'})])
vec('functiongemma-multiple-args', 'FunctionGemma', FG+'TestExtractToolCalls test_multiple_arguments', fg('get_weather', 'location:'+E+'San Francisco'+E+',unit:'+E+'celsius'+E), [GWX],
    [('get_weather', {'location': 'San Francisco', 'unit': 'celsius'})])
vec('functiongemma-text-before', 'FunctionGemma', FG+'TestExtractToolCalls test_text_before_tool_call', 'Let me check the weather for you. ' + fg('get_weather', 'location:'+E+'Paris'+E), [GWX],
    [('get_weather', {'location': 'Paris'})], keep='Let me check the weather for you.')
vec('functiongemma-two', 'FunctionGemma', FG+'TestExtractToolCalls test_multiple_tool_calls', fg('get_weather', 'location:'+E+'London'+E) + fg('get_time', 'timezone:'+E+'UTC'+E), [GWX, T('get_time', timezone=S)],
    [('get_weather', {'location': 'London'}), ('get_time', {'timezone': 'UTC'})])
vec('functiongemma-typed', 'FunctionGemma', FG+'TestParseArguments test_numeric_argument, test_boolean_argument, test_argument_with_spaces (in one call)',
    fg('configure', 'count:'+E+'42'+E+',enabled:'+E+'true'+E+',message:'+E+'Hello World'+E), [T('configure', count=I, enabled=B, message=S)],
    [('configure', {'count': 42, 'enabled': True, 'message': 'Hello World'})], note='vLLM types the quoted 42 and true by their look; toolfix types them by the schema')
vec('functiongemma-no-commas', 'FunctionGemma', FG+'TestExtractToolCallsStreaming test_streamed_arguments_form_valid_json_with_two_keys',
    fg('get_weather', 'city:'+E+'NYC'+E+'unit:'+E+'celsius'+E), [T('get_weather', city=S, unit=S)],
    note='disagrees on purpose: the vector writes no comma between the two arguments; vLLM\'s pattern skips it, toolfix reads only the grammar the template writes (commas between) and leaves the text')
vec('functiongemma-cut-off', 'FunctionGemma', 'look-alike of '+FG+'test_buffer_delta_text: a call cut off inside its arguments', '<start_function_call>call:get_weather{location:'+E+'Lon', [GWX],
    note='a cut-off call is never completed')

# --- GigaChat 3 / 3.1
GC = V+'test_gigachat3_tool_parser.py test_tool_call'
GMEM = T('manage_user_memory', action=S, id=S, content=O)
MSEP, GC3, GC31 = '<|message_sep|>\n\n', 'function call<|role_sep|>\n', '<|function_call|>'
def gj(a): return json.dumps({'name': 'manage_user_memory', 'arguments': a}, ensure_ascii=False)
GSIMPLE = {'action': 'create', 'id': 'preferences'}
GCOMPLEX = {'action': 'create', 'id': 'preferences', 'content': {'short_answers': True, 'hate_emojis': True, 'english_ui': False, 'russian_math_explanations': True}}
for hdr, tag in ((MSEP + GC3, 'gigachat3'), (GC31, 'gigachat31')):
    vec('%s-simple' % tag, 'GigaChat 3', GC+'[simple_nonstreaming_%s]' % tag, hdr + gj(GSIMPLE), [GMEM], [('manage_user_memory', GSIMPLE)])
    vec('%s-parameterless' % tag, 'GigaChat 3', GC+'[parameterless_nonstreaming_%s]' % tag, hdr + gj({}), [GMEM], [('manage_user_memory', {})])
    vec('%s-complex' % tag, 'GigaChat 3', GC+'[complex_nonstreaming_%s]' % tag, hdr + gj(GCOMPLEX), [GMEM], [('manage_user_memory', GCOMPLEX)])
    vec('%s-mixed' % tag, 'GigaChat 3', GC+'[mixed_content_nonstreaming_%s]' % tag, "I'll check that for you." + hdr + gj(GSIMPLE), [GMEM], [('manage_user_memory', GSIMPLE)], keep="I'll check that for you.")
    vec('%s-mixed-eos' % tag, 'GigaChat 3', GC+'[mixed_content_nonstreaming_with_eos_%s]' % tag, "I'll check that for you." + hdr + gj(GSIMPLE) + '</s>', [GMEM], [('manage_user_memory', GSIMPLE)], keep="I'll check that for you.")
vec('gigachat3-no-call', 'GigaChat 3', V+'test_gigachat3_tool_parser.py test_no_tool_call', 'How can I help you today?', [GMEM])
vec('gigachat3-header-in-prose', 'GigaChat 3', 'look-alike of '+V+'test_gigachat3_tool_parser.py: the words "function call" in prose, no header token',
    'The function call\n{"name": "manage_user_memory", "arguments": {}} is what I would send.', [GMEM])
# --- Granite 20B FC
G20 = V+'test_granite_20b_fc_tool_parser.py TestGranite20bFcToolParser '
vec('granite20b-no-call', 'Granite 20B FC', G20+'no_tool_calls_output', 'This is a regular response without any tool calls.', [WEATHER])
vec('granite20b-single', 'Granite 20B FC', G20+'single_tool_call_output', '<function_call> {"name": "get_weather", "arguments": {"city": "Tokyo"}}', [WEATHER], [('get_weather', {'city': 'Tokyo'})])
vec('granite20b-parallel', 'Granite 20B FC', G20+'parallel_tool_calls_output', '<function_call> {"name": "get_weather", "arguments": {"city": "Tokyo"}}\n<function_call> {"name": "get_time", "arguments": {"timezone": "Asia/Tokyo"}}',
    [WEATHER, TIME], [('get_weather', {'city': 'Tokyo'}), ('get_time', {'timezone': 'Asia/Tokyo'})])
vec('granite20b-various-types', 'Granite 20B FC', G20+'various_data_types_output',
    '<function_call> ' + VT_JSON, VT_TOOL, VT_CALL, note=VT_NOTE)
vec('granite20b-empty-args', 'Granite 20B FC', G20+'empty_arguments_output', '<function_call> {"name": "refresh", "arguments": {}}', [T('refresh')], [('refresh', {})])
vec('granite20b-surrounding-text', 'Granite 20B FC', G20+'surrounding_text_output', 'Let me check the weather for you.\n<function_call> {"name": "get_weather", "arguments": {"city": "Tokyo"}}', [WEATHER],
    [('get_weather', {'city': 'Tokyo'})], keep='Let me check the weather for you.')
vec('granite20b-escaped', 'Granite 20B FC', G20+'escaped_strings_output',
    '<function_call> ' + ESC_JSON, ESC_TOOL, ESC_CALL)
vec('granite20b-malformed-cut', 'Granite 20B FC', G20+'malformed_input_outputs[0]', '<function_call> {"name": "func", "arguments": {', [T('func')], note='a cut-off call is never completed')
vec('granite20b-malformed-list', 'Granite 20B FC', G20+'malformed_input_outputs[1]', '<function_call> [{"name": "func", "arguments": {}}]', [T('func')])
vec('granite20b-malformed-bare', 'Granite 20B FC', G20+'malformed_input_outputs[2]', '{"name": "func", "arguments": {}}', [T('func')], [('func', {})],
    note='disagrees on purpose: Granite 20B FC needs its <function_call>; toolfix does not know the model, and a whole text that is one JSON call object is the Llama 3 JSON family\'s call')
vec('granite20b-malformed-name', 'Granite 20B FC', G20+'malformed_input_outputs[3]', '<function_call> {"name": 123}', [T('func')])
vec('granite20b-in-prose', 'Granite 20B FC', 'look-alike of '+G20+': the tag after prose on its line', 'Granite answers with <function_call> {"name": "get_weather", "arguments": {"city": "Tokyo"}}', [WEATHER])

# --- Cohere Command (the same vectors for CohereCommand3ToolParser and CohereCommand4ToolParser)
CO = V+'test_cohere_command_tool_parser.py TOOL_CALL_CASES '
FOO, BAR = T('foo', query=S), T('bar', x=I)
TH1 = '<|START_THINKING|> i will call foo with query1<|END_THINKING|>'
vec('cohere-single', 'Cohere Command', CO+'[cmd3-single_tool_call, cmd4-single_tool_call]',
    TH1 + '<|START_ACTION|>\n[\n    {"tool_call_id": "0", "tool_name": "foo", "parameters": {"query": "query1"}}\n]\n<|END_ACTION|>', [FOO, BAR],
    [('foo', {'query': 'query1'})], keep=TH1, note='vLLM takes the thinking into reasoning; toolfix keeps the text before the call as it came (it is no reasoning parser), and mints its own call id')
vec('cohere-multiple', 'Cohere Command', CO+'[cmd3-multiple_tool_calls, cmd4-multiple_tool_calls]',
    '<|START_THINKING|>first I think about foo<|END_THINKING|><|START_ACTION|>\n[\n    {"tool_call_id": "0", "tool_name": "foo", "parameters": {"query": "query1"}},\n    {"tool_call_id": "1", "tool_name": "bar", "parameters": {"x": 42}}\n]\n<|END_ACTION|>', [FOO, BAR],
    [('foo', {'query': 'query1'}), ('bar', {'x': 42})], keep='<|START_THINKING|>first I think about foo<|END_THINKING|>')
vec('cohere-citations', 'Cohere Command', CO+'[cmd3-citations_no_tool_calls, cmd4-citations_no_tool_calls]',
    '<|START_THINKING|>This is a rainbow <co>emoji: 🌈</co: 0:[1]><|END_THINKING|>\n<|START_RESPONSE|>foo <co>bar</co: 0:[1,2],1:[3,4]><|END_RESPONSE|>', [FOO, BAR])
vec('cohere-reasoning-only', 'Cohere Command', CO+'[cmd3-reasoning_only, cmd4-reasoning_only]', '<|START_THINKING|>just think, no response<|END_THINKING|>', [FOO, BAR])
vec('cohere-speculative', 'Cohere Command', V+'test_cohere_command_tool_parser.py TestSpeculativeDecodingMultiTokenDelta MODEL_OUTPUT',
    TH1 + '<|START_ACTION|>\n[\n    {"tool_call_id": "0", "tool_name": "foo", "parameters": {"query": "query1"}}\n]\n<|END_ACTION|>', [FOO],
    [('foo', {'query': 'query1'})], keep=TH1)
vec('cohere-plain-name-key', 'Cohere Command', 'look-alike of '+CO+': a list keyed "name" and "tool_name" both',
    '<|START_ACTION|>[{"name": "foo", "tool_name": "foo", "parameters": {"query": "q"}}]<|END_ACTION|>', [FOO])

# --- Hunyuan (Hy) V3
HV3 = V+'test_hy_v3_tool_parser.py TestHYV3ExtractToolCalls '
HDATE, HW = T('get_current_date'), T('get_weather', city=S, date=S)
vec('hy-v3-no-call', 'Hunyuan V3/V4', HV3+'test_no_tool_call', 'This is a plain response.', [HDATE, HW])
vec('hy-v3-zero-arg-inline', 'Hunyuan V3/V4', HV3+'test_zero_arg_inline', '<tool_calls><tool_call>get_current_date<tool_sep></tool_call></tool_calls>', [HDATE, HW], [('get_current_date', {})])
vec('hy-v3-zero-arg-newline', 'Hunyuan V3/V4', HV3+'test_zero_arg_newline', '<tool_calls>\n<tool_call>get_current_date<tool_sep>\n</tool_call>\n</tool_calls>', [HDATE, HW], [('get_current_date', {})])
vec('hy-v3-args-same-line', 'Hunyuan V3/V4', HV3+'test_args_same_line', '<tool_calls><tool_call>get_weather<tool_sep><arg_key>city</arg_key><arg_value>Beijing</arg_value><arg_key>date</arg_key><arg_value>2026-03-30</arg_value></tool_call></tool_calls>',
    [HDATE, HW], [('get_weather', {'city': 'Beijing', 'date': '2026-03-30'})])
vec('hy-v3-args-newlines', 'Hunyuan V3/V4', HV3+'test_args_with_newlines', '<tool_calls>\n<tool_call>get_weather<tool_sep>\n<arg_key>city</arg_key>\n<arg_value>Beijing</arg_value>\n<arg_key>date</arg_key>\n<arg_value>2026-03-30</arg_value>\n</tool_call>\n</tool_calls>',
    [HDATE, HW], [('get_weather', {'city': 'Beijing', 'date': '2026-03-30'})])
vec('hy-v3-content-before', 'Hunyuan V3/V4', HV3+'test_content_before', 'Checking.<tool_calls>\n<tool_call>get_current_date<tool_sep>\n</tool_call>\n</tool_calls>', [HDATE, HW], [('get_current_date', {})], keep='Checking.',
    note='<tool_calls> glued after prose counts when its line ends after it, as the template writes it')
vec('hy-v3-multiple', 'Hunyuan V3/V4', HV3+'test_multiple', '<tool_calls>\n<tool_call>get_weather<tool_sep>\n<arg_key>city</arg_key>\n<arg_value>Beijing</arg_value>\n<arg_key>date</arg_key>\n<arg_value>2026-03-30</arg_value>\n</tool_call>\n<tool_call>get_weather<tool_sep>\n<arg_key>city</arg_key>\n<arg_value>Hangzhou</arg_value>\n<arg_key>date</arg_key>\n<arg_value>2026-03-30</arg_value>\n</tool_call>\n</tool_calls>',
    [HDATE, HW], [('get_weather', {'city': 'Beijing', 'date': '2026-03-30'}), ('get_weather', {'city': 'Hangzhou', 'date': '2026-03-30'})])
vec('hy-v3-in-prose', 'Hunyuan V3/V4', 'look-alike of '+HV3+'test_content_before: the block glued after prose on one line, prose after it', 'The block is <tool_calls><tool_call>get_current_date<tool_sep></tool_call></tool_calls> and nothing else.', [HDATE, HW])
# --- Hunyuan (Hy) V4, its tags suffixed :opensource as in the test's vocab
HV4 = V+'test_hy_v4_tool_parser.py '
SX = ':opensource'
def harg(k, v): return '<arg_key%s>%s</arg_key%s><arg_value%s>%s</arg_value%s>' % (SX, k, SX, SX, v, SX)
def hcall(n, a=''): return '<tool_call%s>%s%s</tool_call%s>' % (SX, n, a, SX)
def hblock(b): return '<tool_calls%s>%s</tool_calls%s>' % (SX, b, SX)
HW4 = T('get_weather', city=S, days=I)
vec('hy-v4-no-call', 'Hunyuan V3/V4', HV4+'TestExtractToolCalls test_no_tool_call', 'A plain response.', [HW4, HDATE])
vec('hy-v4-typed', 'Hunyuan V3/V4', HV4+'TestExtractToolCalls test_values_typed_from_schema', 'sure!' + hblock(hcall('get_weather', harg('city', 'Beijing') + harg('days', '3'))), [HW4, HDATE],
    [('get_weather', {'city': 'Beijing', 'days': 3})], keep='sure!')
vec('hy-v4-zero-arg', 'Hunyuan V3/V4', HV4+'TestExtractToolCalls test_zero_arg_call', hblock(hcall('get_current_date')), [HW4, HDATE], [('get_current_date', {})])
vec('hy-v4-multiple', 'Hunyuan V3/V4', HV4+'TestExtractToolCalls test_multiple_calls_keep_their_order', hblock(hcall('get_weather', harg('city', 'A')) + hcall('get_current_date')), [HW4, HDATE],
    [('get_weather', {'city': 'A'}), ('get_current_date', {})])
vec('hy-v4-non-ascii', 'Hunyuan V3/V4', HV4+'TestExtractToolCalls test_non_ascii_values_are_not_escaped', hblock(hcall('get_weather', harg('city', '北京'))), [HW4, HDATE], [('get_weather', {'city': '北京'})])
vec('hy-v4-split-tokens', 'Hunyuan V3/V4', HV4+'TestExtractToolCallsStreaming test_structural_tokens_split_across_deltas', 'hi' + hblock('\n  ' + hcall('get_weather', harg('city', 'Beijing'))), [HW4, HDATE],
    [('get_weather', {'city': 'Beijing'})], keep='hi')
vec('hy-v4-unsuffixed', 'Hunyuan V3/V4', HV4+'TestDetectTokenSuffix test_unsuffixed_tokens (the same block with the tags unsuffixed)', '<tool_calls><tool_call>get_weather<arg_key>city</arg_key><arg_value>A</arg_value></tool_call></tool_calls>', [HW4, HDATE],
    [('get_weather', {'city': 'A'})])
vec('hy-v4-typed-values', 'Hunyuan V3/V4', HV4+'TestArgumentValueTypes test_value_coercion (several in one call)',
    hblock(hcall('typed', harg('s', 'Beijing') + harg('i', '-7') + harg('b', 'true') + harg('n', '5.5') + harg('arr', '["a", "b"]') + harg('obj', '{"k": 1}'))),
    [T('typed', s=S, i=I, b=B, n=N, arr=A, obj=O)], [('typed', {'s': 'Beijing', 'i': -7, 'b': True, 'n': 5.5, 'arr': ['a', 'b'], 'obj': {'k': 1}})])
vec('hy-v4-unknown-tool', 'Hunyuan V3/V4', HV4+'TestArgumentValueTypes test_unknown_tool_keeps_values_as_text', hblock(hcall('mystery', harg('x', '1'))), [HW4, HDATE],
    note='disagrees on purpose: vLLM returns the call of a tool the request does not declare; toolfix makes calls of declared tools only')
for k, out in (('missing-end', '<tool_calls%s>' % SX + hcall('get_current_date')),
               ('unbalanced-call', hblock('<tool_call%s>get_weather' % SX + harg('city', 'X'))),
               ('empty-name', hblock(hcall(''))),
               ('junk-after-args', hblock('<tool_call%s>get_weather' % SX + harg('city', 'X') + 'JUNK' + '</tool_call%s>' % SX)),
               ('unbalanced-arg', hblock('<tool_call%s>get_weather<arg_key%s>city</arg_key%s></tool_call%s>' % (SX, SX, SX, SX))),
               ('end-before-start', '</tool_calls%s>' % SX + hcall('get_current_date') + '<tool_calls%s>' % SX)):
    cut = k == 'missing-end'
    vec('hy-v4-malformed-' + k, 'Hunyuan V3/V4', HV4+'MALFORMED[%s] TestStrictMode test_strict_returns_raw_content' % k.replace('-', '_'), out, [HW4, HDATE],
        [('get_current_date', {})] if cut else None,
        note='disagrees on purpose: the text ends after a complete call with only the block\'s closer missing, which toolfix forgives in every family' if cut else '')
# --- PLaMo 3
PL = V+'test_plamo3_tool_parser.py '
PREQ, PREQE = '<|plamo:begin_tool_requests:plamo|>', '<|plamo:end_tool_requests:plamo|>'
PR, PRE, PN, PNE = '<|plamo:begin_tool_request:plamo|>', '<|plamo:end_tool_request:plamo|>', '<|plamo:begin_tool_name:plamo|>', '<|plamo:end_tool_name:plamo|>'
PA, PAE, PEOT = '<|plamo:begin_tool_arguments:plamo|><|plamo:constrain|>json<|plamo:msg|>', '<|plamo:end_tool_arguments:plamo|>', '<|plamo:tag|>'
def pcall(n, a): return PR + PN + n + PNE + PA + a + PAE + PRE
def preqs(*cs): return PREQ + ''.join(cs) + PREQE + PEOT
PWT, ECHO, SUM, BROKEN = T('get_weather', city=S), T('echo', text=S), T('sum', a=I, b=I), T('broken', a=I)
vec('plamo3-plain', 'PLaMo 3', PL+'test_extract_tool_calls[Regular response]', 'Regular response', [PWT])
vec('plamo3-content-then-call', 'PLaMo 3', PL+'test_extract_tool_calls[Checking the weather.]', 'Checking the weather.' + preqs(pcall('get_weather', '{"city": "Tokyo"}')), [PWT],
    [('get_weather', {'city': 'Tokyo'})], keep='Checking the weather.')
vec('plamo3-two', 'PLaMo 3', PL+'test_extract_tool_calls[echo, sum]', preqs(pcall('echo', '{"text": "hi"}'), pcall('sum', '{"a": 1, "b": 2}')), [ECHO, SUM],
    [('echo', {'text': 'hi'}), ('sum', {'a': 1, 'b': 2})])
vec('plamo3-partial-marker', 'PLaMo 3', PL+'test_extract_tool_calls[Answer<|plamo:begin_]', 'Answer<|plamo:begin_', [PWT],
    note='vLLM drops the partial marker from the content; toolfix passes the text as it came (a cut-off opener is no call)')
for k, inc in (('empty', ''), ('request-tag', PR), ('name-prefix', PR + PN + 'broken'), ('named', PR + PN + 'broken' + PNE)):
    vec('plamo3-incomplete-' + k, 'PLaMo 3', PL+'test_extract_tool_calls_rejects_incomplete_request[%s]' % k, 'Before tools.' + PREQ + inc, [BROKEN])
for k, inc in (('arguments', PR + PN + 'broken' + PNE + PA + '{"a": 1}'), ('arguments-end', PR + PN + 'broken' + PNE + PA + '{"a": 1}' + PAE), ('request', pcall('broken', '{"a": 1}'))):
    vec('plamo3-incomplete-' + k, 'PLaMo 3', PL+'test_extract_tool_calls_rejects_incomplete_request[%s]' % k, 'Before tools.' + PREQ + inc, [BROKEN], [('broken', {'a': 1})], keep='Before tools.',
        note='disagrees on purpose: vLLM wants every closer; the text ends after complete arguments with only closers missing, which toolfix forgives in every family')
vec('plamo3-fragmented', 'PLaMo 3', PL+'test_streaming_holds_fragmented_delimiters', 'Before tools.' + preqs(pcall('sum', '{"a": 1}')), [SUM], [('sum', {'a': 1})], keep='Before tools.')

# --- MiniCPM 5
MC = V+'test_minicpm5xml_tool_parser.py '
MW5, MSUM, MNOOP = T('get_weather', city=S, date=S), T('sum_values', nums=A, exact=B), T('noop', note=S)
MCW = T('get_current_weather', city=S, state=S, unit=S)
def mf(n, *kv): return '<function name="%s">' % n + ''.join('<param name="%s">%s</param>' % (k, v) for k, v in zip(kv[::2], kv[1::2])) + '</function>'
vec('minicpm5-no-call', 'MiniCPM 5', MC+'test_no_tool_call', 'How can I help you?', [MW5])
vec('minicpm5-surrounding-text', 'MiniCPM 5', MC+'test_single_call_with_surrounding_text', 'Intro before.\n' + mf('get_weather', 'city', '上海', 'date', '2024-06-27') + '\nOutro after.\n', [MW5],
    note='disagrees on purpose: tail only')
vec('minicpm5-after-intro', 'MiniCPM 5', MC+'test_single_call_with_surrounding_text (without the outro)', 'Intro before.\n' + mf('get_weather', 'city', '上海', 'date', '2024-06-27') + '\n', [MW5],
    [('get_weather', {'city': '上海', 'date': '2024-06-27'})], keep='Intro before.')
vec('minicpm5-cdata', 'MiniCPM 5', MC+'test_cdata_multiline', mf('get_weather', 'city', '<![CDATA[北\n京]]>', 'date', '2024-06-27') + '\n', [MW5], [('get_weather', {'city': '北\n京', 'date': '2024-06-27'})])
vec('minicpm5-space-marker', 'MiniCPM 5', MC+'test_tokenizer_space_marker', '<function\u0120name="get_weather"><param\u0120name="city">上海</param><param\u0120name="date">2024-06-27</param></function>\n', [MW5],
    note='disagrees on purpose: vLLM mends the tokenizer\'s Ġ space marker; toolfix reads the tags as the template writes them and leaves this text')
vec('minicpm5-collapsed', 'MiniCPM 5', MC+'test_collapsed_function_and_param_tags', '<functionname="get_weather"><paramname="city">上海</paramname="date">2024-06-27</param></function>\n'.replace('</paramname', '</param><paramname'), [MW5],
    note='disagrees on purpose: vLLM mends tags whose space the tokenizer lost; toolfix reads the tags as the template writes them and leaves this text')
vec('minicpm5-current-weather', 'MiniCPM 5', MC+'test_extract_tool_calls_streaming_incremental_arguments', mf('get_current_weather', 'city', 'Dallas', 'state', 'TX', 'unit', 'fahrenheit'), [MCW],
    [('get_current_weather', {'city': 'Dallas', 'state': 'TX', 'unit': 'fahrenheit'})])
vec('minicpm5-unknown-tool', 'MiniCPM 5', MC+'test_unknown_tool_block_preserved', mf('unknown', 'x', '1') + '\n', [MW5])
vec('minicpm5-non-string', 'MiniCPM 5', MC+'test_non_string_types', mf('sum_values', 'nums', '[1, 2, 3]', 'exact', 'true') + '\n', [MSUM], [('sum_values', {'nums': [1, 2, 3], 'exact': True})])
vec('minicpm5-interleaved', 'MiniCPM 5', MC+'test_multiple_calls_interleaved_text', 'Head\n' + mf('get_weather', 'city', '北京') + '\nTXT\n' + mf('sum_values', 'nums', '[7,8,9]', 'exact', 'false') + '\nTail\n', [MW5, MSUM],
    note='disagrees on purpose: tail only, and prose between the calls')
vec('minicpm5-missing-end', 'MiniCPM 5', MC+'test_incomplete_missing_function_end', '<function name="get_weather"><param name="city">北京</param>', [MW5], [('get_weather', {'city': '北京'})],
    note='disagrees on purpose: the text ends after a complete parameter with only </function> missing, which toolfix forgives in every family')
vec('minicpm5-param-no-name', 'MiniCPM 5', MC+'test_param_missing_name_invalid', '<function name="get_weather"><param>北京</param><param name="date">2024-06-27</param></function>\n', [MW5])
vec('minicpm5-case-sensitive', 'MiniCPM 5', MC+'test_case_sensitive_param_name_invalid', '<function name="get_weather"><param name="City">北京</param></function>\n', [MW5])
vec('minicpm5-zero-param', 'MiniCPM 5', MC+'test_no_required_and_zero_param_valid', '<function name="noop"></function>\n', [MNOOP], [('noop', {})])
vec('minicpm5-in-prose', 'MiniCPM 5', 'look-alike of '+MC+': the element after prose on its line', 'Write it as <function name="noop"></function>', [MNOOP])
# --- GigaChat 3.5 (GCML)
GC35 = V+'test_gigachat35_tool_parser.py TestGigaChat35ToolParser '
def gi(n, *ps): return '<｜GCML｜invoke name="%s">' % n + ''.join('<｜GCML｜parameter name="%s" string="%s">%s</｜GCML｜parameter>' % (k, str(st).lower(), v) for k, v, st in ps) + '</｜GCML｜invoke>'
def gtc(*cs): return '<｜GCML｜tool_calls>' + ''.join(cs) + '</｜GCML｜tool_calls>'
GWT, GTT = T('get_weather', city=S), T('get_time', timezone=S)
vec('gigachat35-no-call', 'GigaChat 3.5', GC35+'no_tool_calls_output', 'Plain answer without a tool call.', [GWT])
vec('gigachat35-single', 'GigaChat 3.5', GC35+'single_tool_call_output', gtc(gi('get_weather', ('city', 'Tokyo', True))), [GWT], [('get_weather', {'city': 'Tokyo'})])
vec('gigachat35-parallel', 'GigaChat 3.5', GC35+'parallel_tool_calls_output', gtc(gi('get_weather', ('city', 'Tokyo', True)), gi('get_time', ('timezone', 'Asia/Tokyo', True))), [GWT, GTT],
    [('get_weather', {'city': 'Tokyo'}), ('get_time', {'timezone': 'Asia/Tokyo'})])
vec('gigachat35-various-types', 'GigaChat 3.5', GC35+'various_data_types_output',
    gtc(gi('typed_args', ('string_field', '"hello"', False), ('int_field', '7', False), ('float_field', '3.5', False), ('bool_field', 'true', False), ('null_field', 'null', False), ('array_field', '[1, 2, 3]', False), ('object_field', '{"nested": true}', False))),
    [T('typed_args', string_field=S, int_field=I, float_field=N, bool_field=B, null_field=ANY, array_field=A, object_field=O)],
    [('typed_args', {'string_field': 'hello', 'int_field': 7, 'float_field': 3.5, 'bool_field': True, 'null_field': None, 'array_field': [1, 2, 3], 'object_field': {'nested': True}})])
vec('gigachat35-empty-args', 'GigaChat 3.5', GC35+'empty_arguments_output', gtc(gi('empty_args')), [T('empty_args')], [('empty_args', {})])
vec('gigachat35-surrounding-text', 'GigaChat 3.5', GC35+'surrounding_text_output', 'I will check.' + gtc(gi('get_weather', ('city', 'Tokyo', True))), [GWT], [('get_weather', {'city': 'Tokyo'})], keep='I will check.')
vec('gigachat35-escaped', 'GigaChat 3.5', GC35+'escaped_strings_output', gtc(gi('escaped', ('text', 'line 1\\n"quoted"', True))), [T('escaped', text=S)], [('escaped', {'text': 'line 1\\n"quoted"'})])
vec('gigachat35-malformed-open-invoke', 'GigaChat 3.5', GC35+'malformed_input_outputs[0]', '<｜GCML｜tool_calls><｜GCML｜invoke name="broken">', [T('broken')], note='a cut-off call is never completed')
vec('gigachat35-malformed-bare-param', 'GigaChat 3.5', GC35+'malformed_input_outputs[1]', '<｜GCML｜tool_calls><｜GCML｜parameter name="x">1</｜GCML｜parameter>', [T('broken', x=I)])
vec('gigachat35-malformed-empty', 'GigaChat 3.5', GC35+'malformed_input_outputs[2]', '<｜GCML｜tool_calls></｜GCML｜tool_calls>', [T('broken')])
vec('gigachat35-alias', 'GigaChat 3.5', V+'test_gigachat35_tool_parser.py test_parser_aliases', gtc(gi('lookup', ('query', 'vLLM', True))), [T('lookup', query=S)], [('lookup', {'query': 'vLLM'})])
vec('gigachat35-json-object', 'GigaChat 3.5', V+'test_gigachat35_tool_parser.py test_string_false_json_object', gtc(gi('store', ('payload', '{"a": 1}', False))), [T('store', payload=O)], [('store', {'payload': {'a': 1}})])

# --- openPangu
PG = V+'test_pangu_tool_parser.py test_pangu_tool_parser_extract'
PGW = T('get_weather', city=S, metric=S)
PREG = T('register_user', name=S, age=I, address=O, role=ANY, passed_test=B, aliases=A)
PREGV = {'name': 'John Doe', 'age': 37, 'address': {'city': 'San Francisco', 'state': 'CA'}, 'role': None, 'passed_test': True, 'aliases': ['John', 'Johnny']}
PREGJ = '{"name": "register_user", "arguments": {"name": "John Doe", "age": 37, "address": {"city": "San Francisco", "state": "CA"}, "role": null, "passed_test": true, "aliases": ["John", "Johnny"]}}'
def pg(body): return '<|tool_call_start|>' + body + '<|tool_call_end|>'
vec('pangu-no-call', 'openPangu', PG+'[No tool call]', 'How can I help you today?', [PGW])
vec('pangu-single', 'openPangu', PG+'[Single tool call, no content]', pg('[{"name": "get_weather", "arguments": {"city": "San Francisco", "metric": "celsius"}}]'), [PGW], [('get_weather', {'city': 'San Francisco', 'metric': 'celsius'})])
vec('pangu-multiple', 'openPangu', PG+'[Multiple tool calls]', pg('[{"name": "get_weather", "arguments": {"city": "San Francisco", "metric": "celsius"}}, ' + PREGJ + ']'), [PGW, PREG],
    [('get_weather', {'city': 'San Francisco', 'metric': 'celsius'}), ('register_user', PREGV)])
vec('pangu-content-before', 'openPangu', PG+'[Content before tool call]', 'I will call the tool now. ' + pg('[{"name": "get_weather", "arguments": {"city": "Boston"}}]'), [PGW], [('get_weather', {'city': 'Boston'})], keep='I will call the tool now.')
vec('pangu-content-after', 'openPangu', PG+'[Content after tool call]', pg('[{"name": "get_weather", "arguments": {"city": "Seattle"}}]') + '\nThank you!', [PGW], note='disagrees on purpose: tail only')
vec('pangu-nested', 'openPangu', PG+'[complex_tool]', pg('[{"name": "complex_tool", "arguments": {"level1": {"level2": {"level3": {"value": 123}}}}}]'), [T('complex_tool', level1=O)], [('complex_tool', {'level1': {'level2': {'level3': {'value': 123}}}})])
vec('pangu-no-args', 'openPangu', PG+'[Single tool call, no arguments]', pg('[{"name": "get_weather", "arguments": {}}]'), [PGW], [('get_weather', {})])
vec('pangu-no-args-and-more', 'openPangu', PG+'[Multiple tool calls, the first without arguments]', pg('[{"name": "get_weather", "arguments": {}}, ' + PREGJ + ']'), [PGW, PREG], [('get_weather', {}), ('register_user', PREGV)])
vec('pangu-answer-after', 'openPangu', V+'test_pangu_tool_parser.py test_pangu_tool_parser_streaming[3]', pg('[{"name": "get_weather", "arguments": {"city": "Boston"}}]') + '\n</answer>', [PGW], note='disagrees on purpose: tail only (a closing </answer> after the call)')
vec('pangu-content-newlines', 'openPangu', V+'test_pangu_tool_parser.py test_pangu_tool_parser_streaming[last]', 'some content\n<|tool_call_start|>\n[{"name": "device_control_a", "arguments": {}}]\n<|tool_call_end|>', [T('device_control_a')], [('device_control_a', {})], keep='some content')
# --- Poolside v1 (GLM's <arg_key> pairs in <tool_call>: the GLM row)
PO = V+'test_poolside_v1_tool_parser.py '
PWF, PWE = T('write_file', content=S, mode=I), T('get_weather', city=S)
vec('poolside-whitespace-kept', 'Poolside v1 (GLM row)', PO+'test_string_arg_preserves_whitespace', '<tool_call>write_file\n<arg_key>content</arg_key>\n<arg_value>    def f():\n        return 1\n</arg_value>\n</tool_call>', [PWF],
    [('write_file', {'content': '    def f():\n        return 1\n'})])
vec('poolside-non-string', 'Poolside v1 (GLM row)', PO+'test_non_string_arg_still_deserialized', '<tool_call>write_file\n<arg_key>content</arg_key>\n<arg_value>hi</arg_value>\n<arg_key>mode</arg_key>\n<arg_value> 420 </arg_value>\n</tool_call>', [PWF],
    [('write_file', {'content': 'hi', 'mode': 420})])
vec('poolside-no-newline', 'Poolside v1 (GLM row)', PO+'test_no_newline_after_name_non_streaming', '<tool_call>get_weather<arg_key>city</arg_key><arg_value>Paris</arg_value></tool_call>', [PWE], [('get_weather', {'city': 'Paris'})])
vec('poolside-newline', 'Poolside v1 (GLM row)', PO+'test_newline_after_name_still_parses_non_streaming', '<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Paris</arg_value>\n</tool_call>', [PWE], [('get_weather', {'city': 'Paris'})])
vec('poolside-padded', 'Poolside v1 (GLM row)', PO+'test_whitespace_padded_tool_call_is_not_quadratic', '<tool_call>' + ' ' * 4096 + '<x</tool_call>', [PWE])
vec('poolside-blank-name', 'Poolside v1 (GLM row)', PO+'test_whitespace_only_tool_call_name_is_rejected', '<tool_call>   </tool_call>', [PWE])
vec('poolside-name-with-space', 'Poolside v1 (GLM row)', PO+'test_function_name_with_internal_whitespace_still_parses', '<tool_call>  get weather  <arg_key>city</arg_key><arg_value>Paris</arg_value></tool_call>', [PWE],
    note='disagrees on purpose: vLLM returns a call of "get weather"; a tool name holds no space, and no such tool is declared')

# --- Mistral (a row known before the table): pre-v11 [TOOL_CALLS][{…}] and v11 [TOOL_CALLS]T{…}
MI = V+'test_mistral_tool_parser.py '
MADD, MMUL, MCW3, MAGE, MBASH = T('add', a=N, b=N), T('multiply', a=N, b=N), T('get_current_weather', city=S, state=S, unit=S), T('get_age', name=S), T('bash', command=S)
SFW = {'city': 'San Francisco', 'state': 'CA', 'unit': 'celsius'}
MP = MI+'test_extract_tool_calls_pre_v11_tokenizer'
vec('mistral-no-tools', 'Mistral', MI+'test_extract_tool_calls_no_tools', 'This is a test', [MADD])
vec('mistral-pre-v11-add', 'Mistral', MP+'[single_tool_add]', '[TOOL_CALLS][{"name": "add", "arguments":{"a": 3.5, "b": 4}}]', [MADD], [('add', {'a': 3.5, 'b': 4})])
vec('mistral-pre-v11-weather', 'Mistral', MP+'[single_tool_weather]', '[TOOL_CALLS] [{"name": "get_current_weather", "arguments":{"city": "San Francisco", "state": "CA", "unit": "celsius"}}]', [MCW3], [('get_current_weather', SFW)])
vec('mistral-pre-v11-args-first', 'Mistral', MP+'[argument_before_name]', '[TOOL_CALLS] [{"arguments":{"city": "San Francisco", "state": "CA", "unit": "celsius"}, "name": "get_current_weather"}]', [MCW3], [('get_current_weather', SFW)])
vec('mistral-pre-v11-name-in-args', 'Mistral', MP+'[argument_before_name_and_name_in_argument]', '[TOOL_CALLS] [{"arguments":{"name": "John Doe"}, "name": "get_age"}]', [MAGE], [('get_age', {'name': 'John Doe'})])
vec('mistral-pre-v11-multiple', 'Mistral', MP+'[multiple_tools]', '[TOOL_CALLS] [{"name": "add", "arguments": {"a": 3.5, "b": 4}}, {"name": "get_current_weather", "arguments":{"city": "San Francisco", "state": "CA", "unit": "celsius"}}]', [MADD, MCW3],
    [('add', {'a': 3.5, 'b': 4}), ('get_current_weather', SFW)])
vec('mistral-pre-v11-content-before', 'Mistral', MP+'[content_before_tool]', 'Hello[TOOL_CALLS] [{"name": "add", "arguments":{"a": 1, "b": 2}}]', [MADD], [('add', {'a': 1, 'b': 2})], keep='Hello')
vec('mistral-pre-v11-trailing', 'Mistral', MP+'[trailing_data_after_json]', '[TOOL_CALLS] [{"name": "get_current_weather", "arguments":{"city": "Dallas", "state": "TX", "unit": "fahrenheit"}}]\nextra trailing data', [MCW3], note='disagrees on purpose: tail only')
vec('mistral-pre-v11-two-bot', 'Mistral', MI+'test_extract_tool_calls_pre_v11_multiple_bot_tokens_raises', '[TOOL_CALLS] [{"name": "add", "arguments":{"a": 1}}][TOOL_CALLS] [{"name": "sub", "arguments":{"b": 2}}]', [MADD, T('sub', b=N)],
    [('add', {'a': 1}), ('sub', {'b': 2})], note='disagrees on purpose: vLLM\'s pre-v11 parser refuses a second [TOOL_CALLS]; toolfix reads parallel calls each after its own token, as the v11 template writes them')
vec('mistral-pre-v11-junk', 'Mistral', MI+'test_extract_tool_calls_pre_v11_regex_fallback', '[TOOL_CALLS]  junk [{"name": "add", "arguments":{"a": 1, "b": 2}}] trail', [MADD],
    note='disagrees on purpose: vLLM digs the list out of the junk around it; toolfix takes only markup written as the template writes it')
vec('mistral-pre-v11-not-json', 'Mistral', MI+'test_extract_tool_calls_pre_v11_regex_fallback_fails', '[TOOL_CALLS] not json at all', [MADD],
    note='vLLM drops the token from the content; toolfix passes the text as it came')
vec('mistral-pre-v11-spaces', 'Mistral', MI+'test_extract_tool_calls_streaming_pre_v11_tokenizer[single_tool_add]', '[TOOL_CALLS]  [ {"name":"add" , "arguments" : {"a": 3, "b": 4} } ]', [MADD], [('add', {'a': 3, 'b': 4})])
vec('mistral-pre-v11-strings', 'Mistral', MI+'test_extract_tool_calls_streaming_pre_v11_tokenizer[single_tool_add_strings]', '[TOOL_CALLS] [{"name": "add", "arguments":{"a": "3", "b": "4"}}]', [T('add', a=S, b=S)], [('add', {'a': '3', 'b': '4'})])
MV = MI+'test_extract_tool_calls'
vec('mistral-v11-add', 'Mistral', MV+'[single_tool_add]', '[TOOL_CALLS]add_this_and_that{"a": 3.5, "b": 4}', [T('add_this_and_that', a=N, b=N)], [('add_this_and_that', {'a': 3.5, 'b': 4})])
vec('mistral-v11-weather', 'Mistral', MV+'[single_tool_weather]', '[TOOL_CALLS]get_current_weather{"city": "San Francisco", "state": "CA", "unit": "celsius"}', [MCW3], [('get_current_weather', SFW)])
vec('mistral-v11-multiple', 'Mistral', MV+'[multiple_tool_calls]', '[TOOL_CALLS]add{"a": 3.5, "b": 4}[TOOL_CALLS]multiply{"a": 3, "b": 6}', [MADD, MMUL], [('add', {'a': 3.5, 'b': 4}), ('multiply', {'a': 3, 'b': 6})])
vec('mistral-v11-complex-cut', 'Mistral', MV+'[complex]', 'hi{hi[TOOL_CALLS]bash{"command": "print(\\"hello world!\\")\\nre.compile(r\'{}\')"', [MBASH],
    note='disagrees on purpose: vLLM returns the cut-off arguments as they are; a cut-off call is never completed')
vec('mistral-v11-wrong-json', 'Mistral', MV+'[wrong_json]', 'hi{hi[TOOL_CALLS]bash{"command": "print(\\"hello world!\\")\\nre.compile(r\'{}\')"}', [MBASH],
    [('bash', {'command': "print(\"hello world!\")\nre.compile(r'{}')"})], keep='hi{hi')
vec('mistral-v11-no-args', 'Mistral', MI+'test_extract_tool_calls_v11_without_args_skipped', '[TOOL_CALLS]toolname_no_args', [T('toolname_no_args')],
    note='vLLM drops the token and reports no call; toolfix passes the text as it came (a name without arguments is no call)')
vec('mistral-v11-content-before', 'Mistral', MI+'test_extract_tool_calls_streaming_one_chunk[v11-content_before_tool]', 'bla[TOOL_CALLS]add_this_and_that{"a": 3.5, "b": 4}', [T('add_this_and_that', a=N, b=N)], [('add_this_and_that', {'a': 3.5, 'b': 4})], keep='bla')
# --- DeepSeek V3 (a row known before the table)
D3 = V+'test_deepseekv3_tool_parser.py TestDeepSeekV3ToolParser '
def d3(n, a): return '<｜tool▁call▁begin｜>function<｜tool▁sep｜>' + n + '\n```json\n' + a + '\n```<｜tool▁call▁end｜>'
def d3s(*cs): return '<｜tool▁calls▁begin｜>' + ''.join(cs) + '<｜tool▁calls▁end｜>'
D3W, D3H = T('get_weather', city=S, unit=S), T('search_hotels', location=S, check_in=S)
vec('deepseek-v3-no-call', 'DeepSeek V3', D3+'no_tool_calls_output', 'How can I help you today? I can check weather for you.', [D3W])
vec('deepseek-v3-single', 'DeepSeek V3', D3+'single_tool_call_output', d3s(d3('get_weather', '{"city": "Tokyo", "unit": "celsius"}')), [D3W], [('get_weather', {'city': 'Tokyo', 'unit': 'celsius'})])
vec('deepseek-v3-parallel', 'DeepSeek V3', D3+'parallel_tool_calls_output', d3s(d3('get_weather', '{"city": "Tokyo", "unit": "celsius"}'), d3('search_hotels', '{"location": "Tokyo", "check_in": "2025-01-15"}')), [D3W, D3H],
    [('get_weather', {'city': 'Tokyo', 'unit': 'celsius'}), ('search_hotels', {'location': 'Tokyo', 'check_in': '2025-01-15'})])
vec('deepseek-v3-various-types', 'DeepSeek V3', D3+'various_data_types_output', d3s(d3('test_function', '{"string_field": "hello", "int_field": 42, "float_field": 3.14, "bool_field": true, "array_field": ["a", "b", "c"], "object_field": {"nested": "value"}, "empty_array": [], "empty_object": {}}')),
    VT_TOOL, VT_CALL, note=VT_NOTE)
vec('deepseek-v3-empty-args', 'DeepSeek V3', D3+'empty_arguments_output', d3s(d3('get_current_time', '{}')), [T('get_current_time')], [('get_current_time', {})])
vec('deepseek-v3-surrounding-text', 'DeepSeek V3', D3+'surrounding_text_output', 'Let me check the weather for you.' + d3s(d3('get_weather', '{"city": "Paris"}')), [D3W], [('get_weather', {'city': 'Paris'})], keep='Let me check the weather for you.')
vec('deepseek-v3-escaped', 'DeepSeek V3', D3+'escaped_strings_output', d3s(d3('send_message', '{"text": "He said \\"hello\\"", "path": "C:\\\\Users\\\\file", "newline": "line1\\nline2"}')), [T('send_message', text=S, path=S, newline=S)],
    [('send_message', {'text': 'He said "hello"', 'path': 'C:\\Users\\file', 'newline': 'line1\nline2'})])
vec('deepseek-v3-malformed-json', 'DeepSeek V3', D3+'malformed_input_outputs[0]', d3s(d3('get_weather', '{"city": "Tokyo"')), [D3W])
vec('deepseek-v3-malformed-no-call-token', 'DeepSeek V3', D3+'malformed_input_outputs[1]', '<｜tool▁calls▁begin｜>function<｜tool▁sep｜>get_weather\n```json\n{"city": "Tokyo"}\n```<｜tool▁calls▁end｜>', [D3W])

# --- DeepSeek V3.2 DSML (a row known before the table)
D32 = V+'test_deepseekv32_tool_parser.py TestExtractToolCalls '
FCS, FCE = '<｜DSML｜function_calls>', '</｜DSML｜function_calls>'
def dinv(n, *ps): return '<｜DSML｜invoke name="%s">\n' % n + ''.join('<｜DSML｜parameter name="%s" string="%s">%s</｜DSML｜parameter>\n' % (k, st, v) for k, v, st in ps) + '</｜DSML｜invoke>\n'
def dfc(*invs): return FCS + '\n' + ''.join(invs) + FCE
DWL = T('get_weather', location=S, date=S)
vec('deepseek-v32-no-call', 'DeepSeek V3.2 DSML', D32+'test_no_tool_call', 'just some text', [DWL])
vec('deepseek-v32-no-params', 'DeepSeek V3.2 DSML', D32+'test_single_tool_no_params', dfc(dinv('get_time')), [T('get_time')], [('get_time', {})])
vec('deepseek-v32-params', 'DeepSeek V3.2 DSML', D32+'test_single_tool_with_params', dfc(dinv('get_weather', ('location', 'SF', 'true'), ('date', '2024-01-16', 'true'))), [DWL], [('get_weather', {'location': 'SF', 'date': '2024-01-16'})])
vec('deepseek-v32-content-before', 'DeepSeek V3.2 DSML', D32+'test_content_before_tool_call', 'Sure, let me check! ' + dfc(dinv('get_weather', ('location', 'NYC', 'true'))), [DWL], [('get_weather', {'location': 'NYC'})], keep='Sure, let me check!')
vec('deepseek-v32-multiple', 'DeepSeek V3.2 DSML', D32+'test_multiple_tools', dfc(dinv('get_weather', ('location', 'SF', 'true')), dinv('get_weather', ('location', 'NYC', 'true'))), [DWL],
    [('get_weather', {'location': 'SF'}), ('get_weather', {'location': 'NYC'})])
vec('deepseek-v32-typed-false', 'DeepSeek V3.2 DSML', D32+'test_type_conversion_in_non_streaming', dfc(dinv('toggle', ('enabled', 'true', 'false'), ('count', '42', 'false'))), [T('toggle', enabled=B, count=I)], [('toggle', {'enabled': True, 'count': 42})])
vec('deepseek-v32-typed-true', 'DeepSeek V3.2 DSML', D32+'test_string_attr_true_coerced_by_schema', dfc(dinv('score', ('value', '42', 'true'))), [T('score', value=I)], [('score', {'value': 42})])
vec('deepseek-v32-object-array', 'DeepSeek V3.2 DSML', D32+'test_object_and_array_params', dfc(dinv('update', ('tags', '["a", "b"]', 'false'), ('meta', '{"k": 1}', 'false'))), [T('update', tags=A, meta=O)], [('update', {'tags': ['a', 'b'], 'meta': {'k': 1}})])
vec('deepseek-v32-arguments-wrapper', 'DeepSeek V3.2 DSML', D32+'test_arguments_wrapper_repaired', dfc(dinv('get_weather', ('arguments', '{"location":"Beijing"}', 'false'))), [T('get_weather', location=S)],
    note='disagrees on purpose: vLLM unwraps a parameter named arguments; toolfix does not guess that a parameter the tool does not declare holds the others, and leaves the text')
vec('deepseek-v32-input-wrapper', 'DeepSeek V3.2 DSML', D32+'test_input_wrapper_repaired', dfc(dinv('get_weather', ('input', '{"location":"Beijing"}', 'true'))), [T('get_weather', location=S)],
    note='disagrees on purpose: vLLM unwraps a parameter named input; toolfix does not guess that an undeclared parameter holds the others')
# --- gpt-oss Harmony (a row known before the table), the tests' conversations rendered as text
OA = V+'test_openai_tool_parser.py '
HAN = '<|channel|>analysis<|message|>User asks: "What is the weather in Tokyo?" We need to use get_current_weather tool.<|end|>'
def hcm(n, a, ct=True): return '<|start|>assistant<|channel|>commentary to=functions.%s%s<|message|>%s<|call|>' % (n, ' <|constrain|>json' if ct else '', a)
HCW, HUL = T('get_current_weather', location=S), T('get_user_location', location=S)
vec('harmony-no-tools', 'gpt-oss Harmony', OA+'test_extract_tool_calls_no_tools', '<|channel|>final<|message|>This is a test<|return|>', [HCW],
    note='vLLM returns the final channel\'s text as the content; toolfix passes the text as it came (no call)')
vec('harmony-single', 'gpt-oss Harmony', OA+'test_extract_tool_calls_single_tool[0]', HAN + hcm('get_current_weather', '{"location": "Tokyo"}'), [HCW], [('get_current_weather', {'location': 'Tokyo'})], keep=HAN,
    note='vLLM takes the analysis channel into reasoning; toolfix keeps the text before the call as it came')
vec('harmony-single-multiline', 'gpt-oss Harmony', OA+'test_extract_tool_calls_single_tool[1]', HAN + hcm('get_current_weather', '{\n"location": "Tokyo"\n}'), [HCW], [('get_current_weather', {'location': 'Tokyo'})], keep=HAN)
vec('harmony-multiple', 'gpt-oss Harmony', OA+'test_extract_tool_calls_multiple_tools (its JSON calls)', HAN + hcm('get_current_weather', '{"location": "Tokyo"}') + hcm('get_user_location', '{"location": "Tokyo"}') + hcm('no_content_type', '{"location": "Tokyo"}', False) + hcm('empty_args', '{}'),
    [HCW, HUL, T('no_content_type', location=S), T('empty_args')],
    [('get_current_weather', {'location': 'Tokyo'}), ('get_user_location', {'location': 'Tokyo'}), ('no_content_type', {'location': 'Tokyo'}), ('empty_args', {})], keep=HAN)
vec('harmony-multiple-not-json', 'gpt-oss Harmony', OA+'test_extract_tool_calls_multiple_tools (whole)', HAN + hcm('get_current_weather', '{"location": "Tokyo"}') + hcm('not_json_no_content_type', 'foo', False) + hcm('no_args', ''),
    [HCW, T('not_json_no_content_type'), T('no_args')],
    note='disagrees on purpose: vLLM passes the arguments "foo" and "" as they are; toolfix never makes a call of arguments that are no JSON object, and takes a tail whole or not at all')
vec('harmony-with-final', 'gpt-oss Harmony', OA+'test_extract_tool_calls_with_content', HAN + hcm('get_current_weather', '{"location": "Tokyo"}') + '<|start|>assistant<|channel|>final<|message|>This tool call will get the weather.<|return|>', [HCW],
    note='disagrees on purpose: tail only (a final message after the call)')

# --- Kimi K3 XTML (vLLM's test file holds only response-channel vectors; the call vectors follow
# the format its parser's module doc gives)
K3 = V+'test_kimi_k3_tool_parser.py '
K3D = 'vllm-project/vllm vllm/tool_parsers/kimi_k3_tool_parser.py (module doc: the tools channel) '
def k3a(k, t, v): return '<|open|>argument key="%s" type="%s"<|sep|>%s<|close|>argument<|sep|>' % (k, t, v)
def k3c(n, i, *args): return '<|open|>call tool="%s" index="%d"<|sep|>' % (n, i) + ''.join(args) + '<|close|>call<|sep|>'
def k3t(*calls): return '<|open|>tools<|sep|>' + ''.join(calls) + '<|close|>tools<|sep|>'
KPY, KW = T('python', code=S, opts=O), T('get_weather', city=S, days=I)
vec('kimi-k3-message-close', 'Kimi K3 XTML', K3+'test_streaming_content_stops_at_message_close', 'Hello<|close|>message<|sep|>', [KW],
    note='vLLM strips the end-of-turn marker from the content; toolfix passes the text as it came (no call)')
vec('kimi-k3-doc-example', 'Kimi K3 XTML', K3D+'example', k3t('\n  ' + k3c('python', 1, '\n    ' + k3a('code', 'string', 'print(1)'), '\n    ' + k3a('opts', 'object', '{"a":1}'), '\n  ') + '\n'), [KPY],
    [('python', {'code': 'print(1)', 'opts': {'a': 1}})])
vec('kimi-k3-response-then-tools', 'Kimi K3 XTML', K3D+'(response channel, then tools, then the end of the message)', "I'll check.<|close|>response<|sep|>" + k3t(k3c('get_weather', 1, k3a('city', 'string', 'Beijing'), k3a('days', 'integer', '3'))) + '<|close|>message<|sep|>', [KW],
    [('get_weather', {'city': 'Beijing', 'days': 3})], keep="I'll check.<|close|>response<|sep|>", note='vLLM unwraps the response channel into the content; toolfix keeps the text before the call as it came')
vec('kimi-k3-two-calls', 'Kimi K3 XTML', K3D+'(two calls in one tools channel)', k3t(k3c('get_weather', 1, k3a('city', 'string', 'Beijing')), k3c('get_weather', 2, k3a('city', 'string', 'Shanghai'))), [KW],
    [('get_weather', {'city': 'Beijing'}), ('get_weather', {'city': 'Shanghai'})])
vec('kimi-k3-raw-string', 'Kimi K3 XTML', K3D+'(type="string" values are raw text)', k3t(k3c('python', 1, k3a('code', 'string', 'x = "a\\n"\nprint(x)'))), [KPY], [('python', {'code': 'x = "a\\n"\nprint(x)'})])
vec('kimi-k3-cut-off', 'Kimi K3 XTML', K3D+'(a call cut off inside its argument)', '<|open|>tools<|sep|>' + '<|open|>call tool="python" index="1"<|sep|><|open|>argument key="code" type="string"<|sep|>print(', [KPY], note='a cut-off call is never completed')
vec('kimi-k3-no-tool-name', 'Kimi K3 XTML', K3D+'(_decode_call drops a call without tool=)', k3t('<|open|>call index="1"<|sep|>' + k3a('code', 'string', 'print(1)') + '<|close|>call<|sep|>'), [KPY])

# --- MiniMax M3: the namespace token before every tag
M3 = V+'test_minimax_m3_tool_parser.py '
NS = ']<]minimax[>['
M3T = T('create_order', user_id=I, urgent=B, note=S, shipping=O, items=A, metadata=O, duplicate_demo=O)
def m3inv(uid): return NS + '<invoke name="create_order">' + NS + '<user_id>%d' % uid + NS + '</user_id>' + NS + '</invoke>'
vec('minimax-m3-nested', 'MiniMax M3', M3+'test_non_streaming_nested_tool_call', 'I will create it.\n' + NS + '<tool_call>\n' + NS + '<invoke name="create_order">' + NS + '<user_id>42' + NS + '</user_id>' + NS + '<shipping>' + NS + '<city>Singapore' + NS + '</city>' + NS + '</shipping>' + NS + '</invoke>\n' + NS + '</tool_call>', [M3T],
    [('create_order', {'user_id': 42, 'shipping': {'city': 'Singapore'}})], keep='I will create it.',
    note='toolfix reads the nested elements by the schema: an object of child elements (sgf.py minimax-m3-nested-schema holds the vLLM vector whole, with its tool\'s own schema)')
vec('minimax-m3-flat', 'MiniMax M3', M3+'test_non_streaming_nested_tool_call (its flat arguments only)', 'I will create it.\n' + NS + '<tool_call>\n' + NS + '<invoke name="create_order">' + NS + '<user_id>42' + NS + '</user_id>' + NS + '<urgent>true' + NS + '</urgent>' + NS + '<note>Please leave at front desk.' + NS + '</note>' + NS + '</invoke>\n' + NS + '</tool_call>', [M3T],
    [('create_order', {'user_id': 42, 'urgent': True, 'note': 'Please leave at front desk.'})], keep='I will create it.')
vec('minimax-m3-plain', 'MiniMax M3', M3+'test_non_streaming_without_tool_call_keeps_content', 'plain response', [M3T])
vec('minimax-m3-multiple', 'MiniMax M3', M3+'test_non_streaming_multiple_tool_calls', NS + '<tool_call>\n' + m3inv(1) + '\n' + m3inv(2) + '\n' + NS + '</tool_call>', [M3T], [('create_order', {'user_id': 1}), ('create_order', {'user_id': 2})])
vec('minimax-m3-partial-start', 'MiniMax M3', M3+'test_streaming_flushes_partial_tool_start_as_text', 'plain ' + NS + '<tool_ca', [M3T])
vec('minimax-m3-error-recovery', 'MiniMax M3', M3+'test_streaming_error_recovery_keeps_committed_tool_call_structured', 'plain ' + NS + '<tool_call>\n' + m3inv(1) + '\n' + NS + '<invoke name="create_order">' + NS + '<user_id>2', [M3T],
    note='disagrees on purpose: vLLM keeps the first call and drops the cut-off second; toolfix takes a tail whole or not at all, and a cut-off call is never completed')
vec('minimax-m3-parse-error', 'MiniMax M3', M3+'test_streaming_parse_error_emits_buffer_and_later_deltas', NS + '<tool_call>\n' + NS + '</user_id> after error', [M3T])
vec('minimax-m3-glued', 'MiniMax M3', 'look-alike of '+M3+': the wrapper glued after prose on its line', 'It is written ' + NS + '<tool_call>' + m3inv(1) + NS + '</tool_call>', [M3T],
    note='disagrees on purpose: vLLM would take it; toolfix takes MiniMax M3\'s wrapper at a line\'s start only (glued, its ] would slow every text holding one; see its row), and the model writes it on its own line')

# --- Jamba (the <tool_calls> row of Hunyuan A13B)
JB = V+'test_jamba_tool_parser.py '
JDAL = '{"name": "get_current_weather", "arguments": {"city": "Dallas", "state": "TX", "unit": "fahrenheit"}}'
JDALV = ('get_current_weather', {'city': 'Dallas', 'state': 'TX', 'unit': 'fahrenheit'})
vec('jamba-no-tools', 'Hunyuan/Jamba <tool_calls>', JB+'test_extract_tool_calls_no_tools', 'This is a test', [CURW])
vec('jamba-single', 'Hunyuan/Jamba <tool_calls>', JB+'test_extract_tool_calls[single_tool]', ' <tool_calls>[\n    ' + JDAL + '\n]</tool_calls>', [CURW], [JDALV])
vec('jamba-with-content', 'Hunyuan/Jamba <tool_calls>', JB+'test_extract_tool_calls[single_tool_with_content]', ' Sure! let me call the tool for you.<tool_calls>[\n    ' + JDAL + '\n]</tool_calls>', [CURW],
    note='disagrees on purpose: <tool_calls> is a plain word prose uses; glued after a sentence on its line it counts as an example (the line-start rule)')
vec('jamba-parallel', 'Hunyuan/Jamba <tool_calls>', JB+'test_extract_tool_calls[parallel_tools]', ' <tool_calls>[\n    ' + JDAL + ',\n    ' + JDAL.replace('Dallas', 'Orlando').replace('TX', 'FL') + '\n]</tool_calls>', [CURW],
    [JDALV, ('get_current_weather', {'city': 'Orlando', 'state': 'FL', 'unit': 'fahrenheit'})])
vec('jamba-one-delta', 'Hunyuan/Jamba <tool_calls>', JB+'test_extract_tool_calls_streaming_arguments_in_single_delta', '<tool_calls>[{"name": "get_current_weather", "arguments": {"city": "Dallas", "state": "TX"}}]</tool_calls>', [CURW],
    [('get_current_weather', {'city': 'Dallas', 'state': 'TX'})])
# --- Granite 4 (Hermes's <tool_call> row)
G4 = V+'test_granite4_tool_parser.py '
BBOX = {'coordinates': [[23.54, 43.1], [-12.2, 54.3], [4, 5]], 'coordinate_type': 'latlong'}
G4T = [T('find_bbox', coordinates=A, coordinate_type=S), T('get_stock_price', symbol=S, start_date=S, end_date=S)]
vec('granite4-interleaved', 'Hermes', G4+'test_tool_call_parser_complex', 'Here goes the bbox call: \n<tool_call> ' + json.dumps({'name': 'find_bbox', 'arguments': json.dumps(BBOX)}) + ' </tool_call> Now the stock price call: \n  See? I\'m a helpful assistant.', G4T,
    note='disagrees on purpose: tail only (prose after the calls)')
vec('granite4-string-args', 'Hermes', G4+'test_tool_call_parser_complex (its last call, at the tail)', 'Now another bbox call: \n<tool_call> ' + json.dumps({'name': 'find_bbox', 'arguments': json.dumps(BBOX)}) + ' </tool_call>', G4T,
    [('find_bbox', BBOX)], keep='Now another bbox call:')
vec('granite4-between', 'Hermes', G4+'test_streaming_preserves_content_between_complete_tool_calls', '<tool_call> {"name": "find_bbox", "arguments": {}} </tool_call>some explanation <tool_call> {"name": "get_stock_price", "arguments": {}} </tool_call>', G4T,
    note='disagrees on purpose: vLLM takes both calls; after prose on its line the second <tool_call> reads as an example (the line-start rule), and a tail is taken whole or not at all')
# --- Nemotron JSON
NJ = V+'test_nemotron_json_tool_parser.py '
NW, NL, NR, NS2, NTZ = T('get_weather', city=S, unit=S), T('lookup', query=S), T('run_query', sql=S), T('search', filters=O, items=A), T('lookup_timezone', city=S)
vec('nemotron-no-call', 'Nemotron JSON', NJ+'test_extract_tool_calls_returns_content_without_tool_call', 'No tool call here.', [NW])
vec('nemotron-array', 'Nemotron JSON', NJ+'test_extract_tool_calls_from_nemotron_array', 'Let me check that.<TOOLCALL>[{"name": "get_weather", "arguments": {"city": "Tokyo", "unit": "celsius"}}]</TOOLCALL>', [NW], [('get_weather', {'city': 'Tokyo', 'unit': 'celsius'})], keep='Let me check that.')
vec('nemotron-object', 'Nemotron JSON', NJ+'test_extract_tool_calls_wraps_single_object', '<TOOLCALL>{"name": "lookup", "arguments": {"query": "vllm"}}</TOOLCALL>', [NL], [('lookup', {'query': 'vllm'})])
vec('nemotron-string-args', 'Nemotron JSON', NJ+'test_extract_tool_calls_supports_string_arguments', '<TOOLCALL>[{"name": "run_query", "arguments": "{\\"sql\\": \\"select 1\\"}"}]</TOOLCALL>', [NR], [('run_query', {'sql': 'select 1'})])
vec('nemotron-malformed', 'Nemotron JSON', NJ+'test_extract_tool_calls_returns_original_for_malformed', '<TOOLCALL>[{"name": "broken", "arguments": {}</TOOLCALL>', [T('broken')])
vec('nemotron-nested', 'Nemotron JSON', NJ+'test_streaming_handles_nested_json_arguments', '<TOOLCALL>[{"name": "search", "arguments": {"filters": {"city": "Tokyo"}, "items": [{"name": "rain", "value": true}]}}]</TOOLCALL>', [NS2],
    [('search', {'filters': {'city': 'Tokyo'}, 'items': [{'name': 'rain', 'value': True}]})])
vec('nemotron-after-think', 'Nemotron JSON', NJ+'test_extract_tool_calls_keeps_think_block_as_content', '<think>\nI need the weather for Tokyo.\n</think>\n<TOOLCALL>[{"name": "get_weather", "arguments": {"city": "Tokyo"}}]</TOOLCALL>', [NW],
    [('get_weather', {'city': 'Tokyo'})], keep='<think>\nI need the weather for Tokyo.\n</think>')
vec('nemotron-two', 'Nemotron JSON', NJ+'test_streaming_handles_multiple_tool_calls', '<TOOLCALL>[{"name": "get_weather", "arguments": {"city": "Tokyo"}}, {"name": "lookup_timezone", "arguments": {"city": "Tokyo"}}]</TOOLCALL>', [NW, NTZ],
    [('get_weather', {'city': 'Tokyo'}), ('lookup_timezone', {'city': 'Tokyo'})])
# --- Qwen2.5-Coder <tools>
Q25 = V+'test_qwen25_coder_tool_parser.py TestExtractToolCallsNonStreaming '
QW25, QS25 = T('get_current_weather', location=S, unit=S), T('search_web', query=S, num_results=I)
vec('qwen25-no-calls', 'Qwen2.5-Coder', Q25+'test_no_tool_calls', 'This is a regular response without tool calls.', [QW25, QS25])
vec('qwen25-single', 'Qwen2.5-Coder', Q25+'test_single_tool_call', '<tools>\n{"name": "get_current_weather", "arguments": {"location": "San Francisco, CA", "unit": "celsius"}}\n</tools>', [QW25, QS25],
    [('get_current_weather', {'location': 'San Francisco, CA', 'unit': 'celsius'})])
vec('qwen25-with-content', 'Qwen2.5-Coder', Q25+'test_single_tool_call_with_content', 'Let me check the weather for you.\n<tools>\n{"name": "get_current_weather", "arguments": {"location": "Tokyo, Japan"}}\n</tools>', [QW25, QS25],
    [('get_current_weather', {'location': 'Tokyo, Japan'})], keep='Let me check the weather for you.')
vec('qwen25-array', 'Qwen2.5-Coder', Q25+'test_parallel_tool_calls_array', '<tools>\n[\n    {"name": "get_current_weather", "arguments": {"location": "Paris, France"}},\n    {"name": "search_web", "arguments": {"query": "Paris attractions", "num_results": 5}}\n]\n</tools>', [QW25, QS25],
    [('get_current_weather', {'location': 'Paris, France'}), ('search_web', {'query': 'Paris attractions', 'num_results': 5})])
vec('qwen25-two-blocks', 'Qwen2.5-Coder', Q25+'test_multiple_tools_blocks', '<tools>\n{"name": "get_current_weather", "arguments": {"location": "London, UK"}}\n</tools>\n<tools>\n{"name": "search_web", "arguments": {"query": "London events"}}\n</tools>', [QW25, QS25],
    [('get_current_weather', {'location': 'London, UK'}), ('search_web', {'query': 'London events'})])
vec('qwen25-parameters', 'Qwen2.5-Coder', Q25+'test_parameters_key_support', '<tools>\n{"name": "get_current_weather", "parameters": {"location": "Berlin, Germany"}}\n</tools>', [QW25, QS25], [('get_current_weather', {'location': 'Berlin, Germany'})])
vec('qwen25-nested', 'Qwen2.5-Coder', Q25+'test_nested_json_arguments', '<tools>\n{"name": "complex_function", "arguments": {"config": {"nested": {"deep": true}}, "items": [1, 2, {"key": "value"}]}}\n</tools>', [T('complex_function', config=O, items=A)],
    [('complex_function', {'config': {'nested': {'deep': True}}, 'items': [1, 2, {'key': 'value'}]})])
vec('qwen25-empty-args', 'Qwen2.5-Coder', Q25+'test_empty_arguments', '<tools>\n{"name": "no_args_function", "arguments": {}}\n</tools>', [T('no_args_function')], [('no_args_function', {})])
vec('qwen25-malformed', 'Qwen2.5-Coder', Q25+'test_malformed_json_returns_content', '<tools>\n{"name": "broken", "arguments": {invalid json\n</tools>', [T('broken')])
vec('qwen25-in-prose', 'Qwen2.5-Coder', 'look-alike of '+Q25+': the tag written in prose on its line', 'Wrap the call in <tools>{"name": "no_args_function", "arguments": {}}</tools> like this.', [T('no_args_function')])

# --- dots.llm
DT = V+'test_dots_tool_parser.py '
def dinvk(n, *kv): return '<invoke name="%s">' % n + ''.join('<parameter name="%s">%s</parameter>' % (k, v) for k, v in zip(kv[::2], kv[1::2])) + '</invoke>'
def dfn(*b): return '<dots_function_call>' + ''.join(b) + '</dots_function_call>'
DSR, DOP = T('search', query=S), T('open', id=I)
vec('dots-typed', 'dots.llm', DT+'test_non_stream_xml_converts_schema_types_and_resolves_ref (without the $ref)', 'ok' + dfn(dinvk('set_location', 'location', '{"city": "Shanghai"}', 'days', '3', 'include_weather', 'true')), [T('set_location', location=O, days=I, include_weather=B)],
    [('set_location', {'location': {'city': 'Shanghai'}, 'days': 3, 'include_weather': True})], keep='ok')
vec('dots-invokes-and-json', 'dots.llm', DT+'test_non_stream_supports_multiple_invokes_and_json_fallback', dfn(dinvk('search', 'query', 'chairs'), dinvk('open', 'id', '7')) + dfn('{"name":"search","arguments":{"query":"tables"}}'), [DSR, DOP],
    [('search', {'query': 'chairs'}), ('open', {'id': 7}), ('search', {'query': 'tables'})])
vec('dots-unknown-tool', 'dots.llm', DT+'test_non_stream_unknown_tool_is_left_as_content', dfn(dinvk('ghost', 'query', 'chairs')), [DSR])
vec('dots-two-blocks', 'dots.llm', DT+'test_streaming_buffers_partial_marker_and_emits_all_complete_calls', 'visible' + dfn(dinvk('search', 'query', 'chairs')) + dfn(dinvk('search', 'query', 'tables')), [DSR],
    [('search', {'query': 'chairs'}), ('search', {'query': 'tables'})], keep='visible')
vec('dots-garbage-then-call', 'dots.llm', DT+'test_streaming_malformed_block_does_not_block_later_valid_call', dfn('garbage') + dfn(dinvk('search', 'query', 'chairs')), [DSR],
    [('search', {'query': 'chairs'})], keep='<dots_function_call>garbage</dots_function_call>', note='the block that is no call stays text; the call at the tail is taken')
vec('dots-stray-end', 'dots.llm', DT+'test_streaming_strips_stray_end_marker', 'some text </dots_function_call>', [DSR], note='SGLang drops the stray marker; toolfix passes the text as it came')
vec('dots-partial-marker', 'dots.llm', DT+'test_streaming_flushes_partial_opening_marker_at_eof', 'answer <dots_func', [DSR])
vec('dots-json', 'dots.llm', DT+'test_streaming_emits_complete_json_before_end_marker_without_duplication', dfn('{"name":"search","arguments":{"query":"chairs"}}'), [DSR], [('search', {'query': 'chairs'})])
# --- Solar Open 2
SO = V+'test_solar_open2_tool_parser.py TestExtractToolCalls '
def sarg(k, v): return '<|tool_arg:start|>%s<|tool_arg:value|>%s<|tool_arg:end|>\n' % (k, v)
def scall(n, *args): return '<|tool_call:start|>%s\n' % n + ''.join(args) + '<|tool_call:end|>'
SOW, SOS = T('get_weather', city=S), T('search', query=S, max_results=I)
vec('solar-no-calls', 'Solar Open 2', SO+'test_no_tool_calls', 'This is a regular response.', [SOW])
vec('solar-single', 'Solar Open 2', SO+'test_single_tool_no_content', scall('get_weather', sarg('city', 'Seoul')), [SOW], [('get_weather', {'city': 'Seoul'})])
vec('solar-content', 'Solar Open 2', SO+'test_single_tool_with_content_prefix', 'Let me check the weather.' + scall('get_weather', sarg('city', 'Seoul')), [SOW], [('get_weather', {'city': 'Seoul'})], keep='Let me check the weather.')
vec('solar-multiple', 'Solar Open 2', SO+'test_multiple_tool_calls', "I'll check both." + scall('get_weather', sarg('city', 'Seoul')) + '\n' + scall('get_weather', sarg('city', 'Tokyo')), [SOW],
    [('get_weather', {'city': 'Seoul'}), ('get_weather', {'city': 'Tokyo'})], keep="I'll check both.")
vec('solar-schema', 'Solar Open 2', SO+'test_multiple_arguments_with_schema', scall('search', sarg('query', 'vLLM tutorial'), sarg('max_results', '5')), [SOS], [('search', {'query': 'vLLM tutorial', 'max_results': 5})])
vec('solar-no-args', 'Solar Open 2', SO+'test_no_arguments', '<|tool_call:start|>get_time\n<|tool_call:end|>', [T('get_time')], [('get_time', {})])
vec('solar-json-like', 'Solar Open 2', SO+'test_json_like_value_in_arg', scall('process_data', sarg('data', '{"key": "value"}')), [T('process_data', data=S)], [('process_data', {'data': '{"key": "value"}'})])
vec('solar-reasoning', 'Solar Open 2', SO+'test_reasoning_tags_with_tool_calls', '<|think:start|>I should use a tool<|think:end|>Sure, let me help.' + scall('get_weather', sarg('city', 'Seoul')), [SOW],
    [('get_weather', {'city': 'Seoul'})], keep='<|think:start|>I should use a tool<|think:end|>Sure, let me help.')
vec('solar-text-after', 'Solar Open 2', SO+'test_text_after_last_tool_call_is_not_content', 'pre' + scall('get_weather', sarg('city', 'Seoul')) + 'post', [SOW], note='disagrees on purpose: tail only')
vec('solar-unterminated', 'Solar Open 2', SO+'test_unterminated_block_returns_raw_output', 'Let me check.<|tool_call:start|>search\n<|tool_arg:start|>query<|tool_arg:value|>Seo', [SOS])
vec('solar-dropped-arg-end', 'Solar Open 2', SO+'test_dropped_arg_end_does_not_swallow_later_calls', scall('broken', '<|tool_arg:start|>a<|tool_arg:value|>oops') + scall('get_weather', sarg('city', 'Seoul')), [T('broken', a=S), SOW],
    [('get_weather', {'city': 'Seoul'})], keep=scall('broken', '<|tool_arg:start|>a<|tool_arg:value|>oops'),
    note='disagrees on purpose: vLLM mends the missing <|tool_arg:end|> and takes both calls; toolfix refuses a value that runs into its call\'s closer, so the broken call stays text and the whole call at the tail is taken')
# --- HyperCLOVAX SEED Think (GLM's pairs; the JSON list and object of the xLAM and Llama 3 rows)
HX = V+'test_hyperclovax_seed_think_tool_parser.py '
HXW = T('get_current_weather', location=S, unit=S)
vec('hyperclovax-raw-value', 'HyperCLOVAX (GLM, xLAM, Llama 3 rows)', HX+'TestExtractToolCallsXML test_arg_value_falls_back_to_raw_string', '<tool_call>get_current_weather\n<arg_key>location</arg_key>\n<arg_value>Seoul</arg_value>\n</tool_call>', [HXW], [('get_current_weather', {'location': 'Seoul'})])
vec('hyperclovax-empty-name', 'HyperCLOVAX (GLM, xLAM, Llama 3 rows)', HX+'TestExtractToolCallsXML test_malformed_tool_call_falls_back_to_content', '<tool_call>\n</tool_call>', [HXW])
vec('hyperclovax-json-list', 'HyperCLOVAX (GLM, xLAM, Llama 3 rows)', HX+'TestExtractToolCallsJSON test_json_list_payload', '[{"name": "get_current_weather", "parameters": {"location": "Seoul"}}]', [HXW], [('get_current_weather', {'location': 'Seoul'})])
vec('hyperclovax-json-object', 'HyperCLOVAX (GLM, xLAM, Llama 3 rows)', HX+'TestExtractToolCallsJSON test_json_single_object_payload', '{"name": "get_current_weather", "parameters": {"location": "Busan"}}', [HXW], [('get_current_weather', {'location': 'Busan'})])
vec('hyperclovax-json-arguments', 'HyperCLOVAX (GLM, xLAM, Llama 3 rows)', HX+'TestExtractToolCallsJSON test_json_with_arguments_key', '[{"name": "get_current_weather", "arguments": {"location": "Seoul"}}]', [HXW], [('get_current_weather', {'location': 'Seoul'})])
vec('hyperclovax-json-after-think', 'HyperCLOVAX (GLM, xLAM, Llama 3 rows)', HX+'TestExtractToolCallsJSON test_json_after_think_end', 'thinking</think>\n\n[{"name": "get_current_weather", "parameters": {"location": "Seoul"}}]', [HXW],
    note='disagrees on purpose: a bare JSON list counts only as the whole text')
vec('hyperclovax-invalid-json', 'HyperCLOVAX (GLM, xLAM, Llama 3 rows)', HX+'TestExtractToolCallsJSON test_invalid_json_falls_back_to_content', '[not, valid, json', [HXW])

# --- xLAM (more of its file)
XL = V+'test_xlam_tool_parser.py test_extract_tool_calls'
XDAL = '{"name": "get_current_weather", "arguments": {"city": "Dallas", "state": "TX", "unit": "fahrenheit"}}'
XDALV = ('get_current_weather', {'city': 'Dallas', 'state': 'TX', 'unit': 'fahrenheit'})
vec('xlam-no-tools', 'xLAM', V+'test_xlam_tool_parser.py test_extract_tool_calls_no_tools', 'This is a test', [CURW])
vec('xlam-after-think', 'xLAM', XL+'[single_tool_with_think_tag]', "<think>I'll help you with that.</think>[" + XDAL + ']', [CURW],
    note='disagrees on purpose: the bare list counts only as the whole text; after a reasoning block it is not')
vec('xlam-json-fence', 'xLAM', XL+'[single_tool_with_json_code_block]', "I'll help you with that.\n```json\n[" + XDAL + ']\n```', [CURW],
    note='disagrees on purpose: markup inside a code fence is never taken')
vec('xlam-tool-calls-token', 'xLAM', XL+'[single_tool_with_tool_calls_tag] (the Mistral row)', "I'll check the weather for you.[TOOL_CALLS][" + XDAL + ']', [CURW], [XDALV], keep="I'll check the weather for you.")
vec('xlam-tool-call-tags', 'xLAM', XL+'[single_tool_with_tool_call_xml_tags]', "I'll help you check the weather.<tool_call>[" + XDAL + ']</tool_call>', [CURW],
    note='disagrees on purpose: <tool_call> glued after prose on its line counts as an example (the line-start rule), and Hermes holds one call object, not a list')
vec('xlam-list-structure', 'xLAM', V+'test_xlam_tool_parser.py test_extract_tool_calls_list_structure', '[{"name": "get_current_weather", "arguments": {"city": "Seattle", "state": "WA", "unit": "celsius"}}]', [CURW],
    [('get_current_weather', {'city': 'Seattle', 'state': 'WA', 'unit': 'celsius'})])
# --- InternLM2 (common_tests config)
IL = V+'test_internlm2_tool_parser.py '
ILC = IL+'TestInternLM2ToolParser '
def ilm(b): return '<|action_start|><|plugin|>' + b + '<|action_end|>'
ILW = T('get_weather', city=S)
vec('internlm2-unknown-tool', 'InternLM2', IL+'test_extract_unknown_tool_name_not_emitted', ilm('{"name": "delete_everything", "parameters": {"city": "Tokyo"}}'), [ILW])
vec('internlm2-known-tool', 'InternLM2', IL+'test_extract_known_tool_name_emitted', ilm('{"name": "get_weather", "parameters": {"city": "Tokyo"}}'), [ILW], [('get_weather', {'city': 'Tokyo'})])
vec('internlm2-no-calls', 'InternLM2', ILC+'no_tool_calls_output', 'This is a regular response without any tool calls.', [ILW])
vec('internlm2-various-types', 'InternLM2', ILC+'various_data_types_output', ilm(VT_JSON.replace('"arguments"', '"parameters"')), VT_TOOL, VT_CALL, note=VT_NOTE)
vec('internlm2-empty-args', 'InternLM2', ILC+'empty_arguments_output', ilm('{"name": "refresh", "parameters": {}}'), [T('refresh')], [('refresh', {})])
vec('internlm2-surrounding-text', 'InternLM2', ILC+'surrounding_text_output', 'Let me check the weather for you. ' + ilm('{"name": "get_weather", "parameters": {"city": "Tokyo"}}'), [ILW], [('get_weather', {'city': 'Tokyo'})], keep='Let me check the weather for you.')
vec('internlm2-escaped', 'InternLM2', ILC+'escaped_strings_output', ilm(ESC_JSON.replace('"arguments"', '"parameters"')), ESC_TOOL, ESC_CALL)
for k, out in enumerate(['<|action_start|><|plugin|>{"name": "func", "parameters": {', ilm('{"name": "func", "parameters": "not a dict"}'), ilm('not json'), '<|action_start|><|plugin|>', '<|action_start|>{"name": "func"}']):
    vec('internlm2-malformed-%d' % k, 'InternLM2', ILC+'malformed_input_outputs[%d]' % k, out, [T('func')], note='a cut-off call is never completed' if k in (0, 3) else '')

# --- K2 Horizon
KH = V+'test_k2_horizon_tool_parser.py '
KLK, KPG = T('lookup', query=S, limit=I, enabled=B), T('ping')
def kgroup(*calls, prefix='', suffix=''): return prefix + '<ifm|tool_calls>' + '\n'.join(calls) + '</ifm|tool_calls>' + suffix
def kjson(n, a): return '<ifm|tool_call>' + json.dumps({'name': n, 'arguments': a}) + '</ifm|tool_call>'
def kxml(n, *kv): return '<ifm|tool_call>' + n + ''.join('<ifm|arg_key>%s</ifm|arg_key><ifm|arg_value>%s</ifm|arg_value>' % (k, v) for k, v in zip(kv[::2], kv[1::2])) + '</ifm|tool_call>'
vec('k2-horizon-prose-around', 'K2 Horizon', KH+'test_xml_default_parses_multiple_calls_and_coerces_schema', kgroup(kxml('lookup', 'query', '123', 'limit', '3'), kxml('ping'), prefix='Before ', suffix=' after.'), [KLK, KPG],
    note='disagrees on purpose: tail only')
vec('k2-horizon-xml', 'K2 Horizon', KH+'test_xml_default_parses_multiple_calls_and_coerces_schema (the calls at the tail)', kgroup(kxml('lookup', 'query', '123', 'limit', '3'), kxml('ping'), prefix='Before '), [KLK, KPG],
    note='disagrees on purpose: the group token after a blank inside an unfinished sentence is how prose shows it ("K2 V3 writes one item per call, such as <ifm|tool_call>…": report-lookalike3-k2-horizon-inside); a model glues it to its text or writes it after a finished sentence (vllm-k2-horizon-json-split "Before<ifm|tool_calls>" is taken)')
vec('k2-horizon-json', 'K2 Horizon', KH+'test_request_level_format_overrides[json]', kgroup(kjson('lookup', {'limit': '2'})), [KLK, KPG], [('lookup', {'limit': 2})],
    note='the string "2" is typed by the schema, as the peer does')
vec('k2-horizon-unknown', 'K2 Horizon', KH+'test_unknown_or_wrong_named_tool_fails_closed', kgroup(kjson('missing', {})), [KLK, KPG])
vec('k2-horizon-cut', 'K2 Horizon', KH+'test_malformed_and_incomplete_input_is_content[0]', '<ifm|tool_calls><ifm|tool_call>ping', [KLK, KPG], note='a cut-off call is never completed')
vec('k2-horizon-no-group-end', 'K2 Horizon', KH+'test_malformed_and_incomplete_input_is_content[1]', '<ifm|tool_calls><ifm|tool_call>ping</ifm|tool_call>', [KLK, KPG], [('ping', {})],
    note='disagrees on purpose: vLLM wants </ifm|tool_calls>; the text ends after a complete call with only that closer missing, which toolfix forgives in every family')
vec('k2-horizon-junk', 'K2 Horizon', KH+'test_malformed_and_incomplete_input_is_content[2]', kgroup('junk'), [KLK, KPG])
vec('k2-horizon-blank-around', 'K2 Horizon', KH+'test_whitespace_only_surrounding_content_is_not_preserved', kgroup(kxml('ping'), prefix=' \n', suffix='\t '), [KLK, KPG], [('ping', {})])
# --- openPangu v2 (the openPangu row)
PG2 = V+'test_openpanguv2_tool_parser.py '
PGW2, PGS2 = T('get_weather', city=S), T('search', query=S)
vec('openpangu-v2-no-call', 'openPangu', PG2+'test_extract_tool_calls_no_tool_call', 'Hello, I am an AI assistant.', [PGW2])
vec('openpangu-v2-single', 'openPangu', PG2+'test_extract_tool_calls_single_tool', 'Thought: I need to check weather.' + pg(json.dumps([{'name': 'get_weather', 'arguments': {'city': 'Beijing'}}])), [PGW2], [('get_weather', {'city': 'Beijing'})], keep='Thought: I need to check weather.')
vec('openpangu-v2-multiple', 'openPangu', PG2+'test_extract_tool_calls_multiple_tools', 'Let me help you.' + pg(json.dumps([{'name': 'get_weather', 'arguments': {'city': 'Beijing'}}, {'name': 'search', 'arguments': {'query': 'weather forecast'}}])), [PGW2, PGS2],
    [('get_weather', {'city': 'Beijing'}), ('search', {'query': 'weather forecast'})], keep='Let me help you.')
vec('openpangu-v2-single-object', 'openPangu', PG2+'test_extract_tool_calls_invalid_single_object', 'Thought: I need to check weather.' + pg('{"name": "get_weather", "arguments": {"city": "Beijing"}}'), [PGW2])
vec('openpangu-v2-malformed', 'openPangu', PG2+'test_extract_tool_calls_malformed_json', pg('[{"name": "send_email", "arguments": {"user": "ALAN"}}'), [T('send_email', user=S)])
vec('openpangu-v2-parse-error', 'openPangu', PG2+'test_extract_tool_calls_json_parse_error', pg('[{"name":: "error"}]'), [T('error')])
vec('openpangu-v2-only-start', 'openPangu', PG2+'test_extract_tool_calls_only_start_token', '<|tool_call_start|>[{"name": "incomplete"}', [T('incomplete')])
# --- Intern-S1 (the InternLM2 row)
IS = V+'test_intern_s1_tool_parser.py '
vec('intern-s1-spaced-tokens', 'InternLM2', IS+'test_nonstreaming_supports_spaced_special_tokens', '<|action_start|> <|plugin|>\n{"name": "get_weather", "parameters": {"city": "Tokyo"}}\n<|action_end|>', [T('get_weather', city=S)],
    note='disagrees on purpose: vLLM mends a space the detokenizer put between the two tokens; toolfix reads the tokens as the template writes them')
vec('intern-s1-two-then-answer', 'InternLM2', IS+'test_nonstreaming_supports_multiple_action_blocks', ilm('{"name": "get_weather", "parameters": {"city": "Tokyo"}}') + '\n' + ilm('{"name": "get_time", "parameters": {"timezone": "Asia/Tokyo"}}') + '\nVisible answer.', [T('get_weather', city=S), T('get_time', timezone=S)],
    note='disagrees on purpose: tail only')
vec('intern-s1-two', 'InternLM2', IS+'test_nonstreaming_supports_multiple_action_blocks (without the answer)', ilm('{"name": "get_weather", "parameters": {"city": "Tokyo"}}') + '\n' + ilm('{"name": "get_time", "parameters": {"timezone": "Asia/Tokyo"}}'), [T('get_weather', city=S), T('get_time', timezone=S)],
    [('get_weather', {'city': 'Tokyo'}), ('get_time', {'timezone': 'Asia/Tokyo'})])
vec('intern-s1-malformed', 'InternLM2', IS+'test_nonstreaming_gracefully_handles_malformed_json', ilm('{"name": "get_weather", "parameters": {'), [T('get_weather', city=S)])

# --- Qwen3 Coder / XML (a row known before the table)
QW = V+'test_qwen3_xml_coder_shared.py '
CW = T('get_current_weather', city=S, state=S, unit=S)
AREA = T('calculate_area', shape=S, dimensions=O, precision=I)
def qf(name, *kv):
    return '<function=%s>\n' % name + ''.join('<parameter=%s>\n%s\n</parameter>\n' % (k, v) for k, v in zip(kv[::2], kv[1::2])) + '</function>'
DAL = qf('get_current_weather', 'city', 'Dallas', 'state', 'TX', 'unit', 'fahrenheit')
vec('qwen3-single', 'Qwen3 Coder/XML', QW+'test_extract_tool_calls[single_tool]', '<tool_call>\n' + DAL + '\n</tool_call>', [CW, AREA], [('get_current_weather', {'city': 'Dallas', 'state': 'TX', 'unit': 'fahrenheit'})])
vec('qwen3-with-content', 'Qwen3 Coder/XML', QW+'test_extract_tool_calls[single_tool_with_content]', 'Sure! Let me check the weather for you.<tool_call>\n' + DAL + '\n</tool_call>', [CW, AREA],
    [('get_current_weather', {'city': 'Dallas', 'state': 'TX', 'unit': 'fahrenheit'})], keep='Sure! Let me check the weather for you.',
    note='a <tool_call> glued after prose counts when its line ends after it, as the template writes it')
vec('qwen3-multiline-param', 'Qwen3 Coder/XML', QW+'test_extract_tool_calls[single_tool_multiline_param]', '<tool_call>\n' + qf('calculate_area', 'shape', 'rectangle', 'dimensions', '{"width": 10,\n "height": 20}', 'precision', '2') + '\n</tool_call>', [CW, AREA],
    [('calculate_area', {'shape': 'rectangle', 'dimensions': {'width': 10, 'height': 20}, 'precision': 2})])
vec('qwen3-parallel', 'Qwen3 Coder/XML', QW+'test_extract_tool_calls[parallel_tools]', '<tool_call>\n' + DAL + '\n</tool_call>\n<tool_call>\n' + qf('get_current_weather', 'city', 'Orlando', 'state', 'FL', 'unit', 'fahrenheit') + '\n</tool_call>', [CW, AREA],
    [('get_current_weather', {'city': 'Dallas', 'state': 'TX', 'unit': 'fahrenheit'}), ('get_current_weather', {'city': 'Orlando', 'state': 'FL', 'unit': 'fahrenheit'})])
vec('qwen3-typed-with-content', 'Qwen3 Coder/XML', QW+'test_extract_tool_calls[tool_with_typed_params]', 'Let me calculate that area for you.<tool_call>\n' + qf('calculate_area', 'shape', 'circle', 'dimensions', '{"radius": 15.5}', 'precision', '3') + '\n</tool_call>', [CW, AREA],
    [('calculate_area', {'shape': 'circle', 'dimensions': {'radius': 15.5}, 'precision': 3})], keep='Let me calculate that area for you.',
    note='a <tool_call> glued after prose counts when its line ends after it, as the template writes it')
vec('qwen3-typed-own-line', 'Qwen3 Coder/XML', QW+'test_extract_tool_calls[tool_with_typed_params] (the call on its own line)', 'Let me calculate that area for you.\n<tool_call>\n' + qf('calculate_area', 'shape', 'circle', 'dimensions', '{"radius": 15.5}', 'precision', '3') + '\n</tool_call>', [CW, AREA],
    [('calculate_area', {'shape': 'circle', 'dimensions': {'radius': 15.5}, 'precision': 3})], keep='Let me calculate that area for you.')
vec('qwen3-no-tags', 'Qwen3 Coder/XML', QW+'test_extract_tool_calls_fallback_no_tags', qf('get_current_weather', 'city', 'Dallas', 'state', 'TX'), [CW, AREA], [('get_current_weather', {'city': 'Dallas', 'state': 'TX'})])
vec('qwen3-type-conversion', 'Qwen3 Coder/XML', QW+'test_extract_tool_calls_type_conversion', '<tool_call>\n' + qf('test_types', 'int_param', '42', 'float_param', '3.14', 'bool_param', 'true', 'str_param', 'hello world', 'obj_param', '{"key": "value"}') + '\n</tool_call>',
    [T('test_types', int_param=I, float_param=N, bool_param=B, str_param=S, obj_param=O)], [('test_types', {'int_param': 42, 'float_param': 3.14, 'bool_param': True, 'str_param': 'hello world', 'obj_param': {'key': 'value'}})],
    note='the peer schema\'s type "float" is no JSON Schema type; it is declared "number" here')
vec('qwen3-no-tools', 'Qwen3 Coder/XML', QW+'test_extract_tool_calls_no_tools', 'This is a test response without any tool calls', [CW, AREA])

# --- Step 3.5 (Qwen's <function=…> in <tool_call>: the Qwen3 Coder/XML rows)
S35 = V+'test_step3p5_tool_parser.py '
vec('step3p5-no-tools', 'Step 3.5 (Qwen XML rows)', S35+'test_extract_tool_calls_no_tools', 'This is a test response without any tool calls', [CW, AREA])
vec('step3p5-single', 'Step 3.5 (Qwen XML rows)', S35+'test_extract_tool_calls[single_tool]', '<tool_call>\n' + DAL + '\n</tool_call>', [CW, AREA], [('get_current_weather', {'city': 'Dallas', 'state': 'TX', 'unit': 'fahrenheit'})])
vec('step3p5-with-content', 'Step 3.5 (Qwen XML rows)', S35+'test_extract_tool_calls[single_tool_with_content]', 'Sure! Let me check the weather for you.<tool_call>\n' + DAL + '\n</tool_call>', [CW, AREA],
    [('get_current_weather', {'city': 'Dallas', 'state': 'TX', 'unit': 'fahrenheit'})], keep='Sure! Let me check the weather for you.')
vec('step3p5-multiline', 'Step 3.5 (Qwen XML rows)', S35+'test_extract_tool_calls[single_tool_multiline_param]', '<tool_call>\n' + qf('calculate_area', 'shape', 'rectangle', 'dimensions', '{"width": 10, \n "height": 20}', 'precision', '2') + '\n</tool_call>', [CW, AREA],
    [('calculate_area', {'shape': 'rectangle', 'dimensions': {'width': 10, 'height': 20}, 'precision': 2})])
vec('step3p5-parallel', 'Step 3.5 (Qwen XML rows)', S35+'test_extract_tool_calls[parallel_tools]', '<tool_call>\n' + DAL + '\n</tool_call>\n<tool_call>\n' + qf('get_current_weather', 'city', 'Orlando', 'state', 'FL', 'unit', 'fahrenheit') + '\n</tool_call>', [CW, AREA],
    [('get_current_weather', {'city': 'Dallas', 'state': 'TX', 'unit': 'fahrenheit'}), ('get_current_weather', {'city': 'Orlando', 'state': 'FL', 'unit': 'fahrenheit'})])
vec('step3p5-no-tags', 'Step 3.5 (Qwen XML rows)', S35+'test_extract_tool_calls_fallback_no_tags', qf('get_current_weather', 'city', 'Dallas', 'state', 'TX'), [CW, AREA], [('get_current_weather', {'city': 'Dallas', 'state': 'TX'})])
vec('step3p5-type-conversion', 'Step 3.5 (Qwen XML rows)', S35+'test_extract_tool_calls_type_conversion', '<tool_call>\n' + qf('test_types', 'int_param', '42', 'float_param', '3.14', 'bool_param', 'true', 'str_param', 'hello world', 'obj_param', '{"key": "value"}') + '\n</tool_call>',
    [T('test_types', int_param=I, float_param=N, bool_param=B, str_param=S, obj_param=O)], [('test_types', {'int_param': 42, 'float_param': 3.14, 'bool_param': True, 'str_param': 'hello world', 'obj_param': {'key': 'value'}})],
    note='the peer schema\'s type "float" is no JSON Schema type; it is declared "number" here')

# --- MiMo V2 Flash (the Qwen XML rows)
MF = V+'test_mimov2_flash_tool_parser.py '
MEB, MEC, MNO, MLF = T('execute_bash', command=S), T('execute_code', language=S, code=S), T('noop'), T('list_files', command=S)
def mq(n, *kv): return '<tool_call>\n<function=%s>\n' % n + ''.join('<parameter=%s>%s</parameter>\n' % (k, v) for k, v in zip(kv[::2], kv[1::2])) + '</function>\n</tool_call>'
vec('mimov2-basic', 'Qwen3 Coder/XML', MF+'test_extract_basic_tool_call', 'Here is the result:\n' + mq('execute_bash', 'command', 'pwd && ls'), [MEB], [('execute_bash', {'command': 'pwd && ls'})], keep='Here is the result:')
vec('mimov2-two-params', 'Qwen3 Coder/XML', MF+'test_extract_tool_call_with_multiple_parameters', mq('execute_code', 'language', 'python', 'code', 'print("hello")'), [MEC], [('execute_code', {'language': 'python', 'code': 'print("hello")'})])
vec('mimov2-no-calls', 'Qwen3 Coder/XML', MF+'test_extract_no_tool_calls', 'This is just regular text without any tool calls.', [MEB])
vec('mimov2-content-before', 'Qwen3 Coder/XML', MF+'test_extract_content_before_tool_call', 'Let me execute that command for you.\n' + mq('execute_bash', 'command', 'echo hello'), [MEB], [('execute_bash', {'command': 'echo hello'})], keep='Let me execute that command for you.')
vec('mimov2-empty', 'Qwen3 Coder/XML', MF+'test_extract_tool_call_empty_arguments', '<tool_call>\n<function=noop>\n</function>\n</tool_call>', [MNO], [('noop', {})])
vec('mimov2-multiline', 'Qwen3 Coder/XML', MF+'test_extract_tool_call_multiline_parameter', mq('example_function_name', 'example_parameter_1', 'value_1', 'example_parameter_2', 'This is the value for the second parameter\nthat can span\nmultiple lines'),
    [T('example_function_name', example_parameter_1=S, example_parameter_2=S)], [('example_function_name', {'example_parameter_1': 'value_1', 'example_parameter_2': 'This is the value for the second parameter\nthat can span\nmultiple lines'})])
# --- Granite pythonic (bare calls without the list's brackets): not a row
GP = V+'test_granite_pythonic_tool_parser.py TestExtractToolCalls '
GPW, GPS, GPL = T('get_weather', location=S, unit=S), T('search_web', query=S), T('list_files')
for k, out in (('single', 'get_weather(location="San Francisco", unit="celsius")'), ('multiple', 'get_weather(location="Paris")\nsearch_web(query="vLLM release notes")'), ('no-args', 'list_files()'),
               ('mixed', 'Sure, let me check the weather.\nget_weather(location="London")')):
    vec('granite-pythonic-' + k, 'Granite pythonic (not a row)', GP+'test_' + k.replace('-', '_') + ('_call' if k in ('single', 'no-args') else '_calls' if k == 'multiple' else '_content_and_call'), out, [GPW, GPS, GPL],
        note='disagrees on purpose: a bare Python call without its list\'s brackets reads as code as often as a call (print(x=1) in an answer); toolfix takes the pythonic form only as a list, in its tokens, or in Olmo\'s <function_calls>')
vec('granite-pythonic-plain', 'Granite pythonic (not a row)', GP+'test_plain_text_passthrough', "I don't need to call any tools to answer this.", [GPW])

# --- DeepSeek V3.1 (a row known before the table)
DS = V+'test_deepseekv31_tool_parser.py '
CB, CE, KB, KS, KE = '<｜tool▁calls▁begin｜>', '<｜tool▁calls▁end｜>', '<｜tool▁call▁begin｜>', '<｜tool▁sep｜>', '<｜tool▁call▁end｜>'
FOO, BAR = T('foo', x=I), T('bar', y=I)
vec('deepseek-v31-with-tool', 'DeepSeek V3.1', DS+'test_extract_tool_calls_with_tool', 'normal text' + CB + KB + 'foo' + KS + '{"x":1}' + KE + CE, [FOO, BAR], [('foo', {'x': 1})], keep='normal text')
vec('deepseek-v31-multiple-suffix', 'DeepSeek V3.1', DS+'test_extract_tool_calls_with_multiple_tools', 'some prefix text' + CB + KB + 'foo' + KS + '{"x":1}' + KE + KB + 'bar' + KS + '{"y":2}' + KE + CE + ' some suffix text', [FOO, BAR],
    note='disagrees on purpose: vLLM takes the calls and drops the text after them; toolfix repairs only a tail')
vec('deepseek-v31-multiple', 'DeepSeek V3.1', DS+'test_extract_tool_calls_with_multiple_tools (without the suffix text)', 'some prefix text' + CB + KB + 'foo' + KS + '{"x":1}' + KE + KB + 'bar' + KS + '{"y":2}' + KE + CE, [FOO, BAR],
    [('foo', {'x': 1}), ('bar', {'y': 2})], keep='some prefix text')
vec('deepseek-v31-cut-off', 'DeepSeek V3.1', DS+'test_extract_tool_calls_unparsable_block[0]', 'Let me look that up.' + CB + 'get_weather', [T('get_weather', city=S)], note='a cut-off call is never completed')
vec('deepseek-v31-no-call-markers', 'DeepSeek V3.1', DS+'test_extract_tool_calls_unparsable_block[1]', CB + 'foo' + KS + '{"x":1}' + CE, [FOO])

# --- Apertus
AP = V+'test_apertus_tool_parser.py '
TP, TS = '<|tools_prefix|>', '<|tools_suffix|>'
vec('apertus-single', 'Apertus', AP+'TestExtractToolCalls test_single_tool_call', TP + '[{"get_weather": {"location": "London"}}]' + TS, [GWX], [('get_weather', {'location': 'London'})])
vec('apertus-multiple-args', 'Apertus', AP+'TestExtractToolCalls test_multiple_arguments', TP + '[{"get_weather": {"location": "San Francisco", "unit": "celsius"}}]' + TS, [GWX], [('get_weather', {'location': 'San Francisco', 'unit': 'celsius'})])
vec('apertus-text-before', 'Apertus', AP+'TestExtractToolCalls test_text_before_tool_call', 'Let me check the weather for you. ' + TP + '[{"get_weather": {"location": "Paris"}}]' + TS, [GWX], [('get_weather', {'location': 'Paris'})], keep='Let me check the weather for you.')
vec('apertus-two', 'Apertus', AP+'TestExtractToolCalls test_multiple_tool_calls', TP + '[{"get_weather": {"location": "London"}}, {"get_time": {"location": "London"}}]' + TS, [GWX, T('get_time', location=S)],
    [('get_weather', {'location': 'London'}), ('get_time', {'location': 'London'})])
vec('apertus-nested', 'Apertus', AP+'TestExtractToolCalls test_nested_arguments', TP + '[{"complex_function": {"nested": {"inner": "value"}, "list": ["a", "b"]}}]' + TS, [T('complex_function', nested=O, list=A)],
    [('complex_function', {'nested': {'inner': 'value'}, 'list': ['a', 'b']})])
vec('apertus-incomplete', 'Apertus', AP+'TestExtractToolCalls test_incomplete_tool_call', TP + '[{"get_weather": {"location": "London"}', [GWX],
    note='disagrees on purpose: vLLM completes the cut-off list; toolfix never completes a cut-off call')
vec('apertus-missing-suffix', 'Apertus', AP+'TestExtractToolCalls test_missing_tool_suffix', TP + '[{"get_weather": {"location": "San Francisco", "unit": "celsius"}}]', [GWX],
    [('get_weather', {'location': 'San Francisco', 'unit': 'celsius'})], note='the missing <|tools_suffix|> is forgiven: the list is complete')
vec('apertus-no-call', 'Apertus', AP+'TestExtractToolCalls test_no_tool_calls', 'Hello, how can I help you today?', [GWX])

# --- ERNIE 4.5 (Hermes's row)
ER = V+'test_ernie45_moe_tool_parser.py test_extract_tool_calls'
TEMP, UNIT = T('get_current_temperature', location=S), T('get_temperature_unit', location=S, unit=S)
E1 = '<tool_call>\n{"name": "get_current_temperature", "arguments": {"location": "Beijing"}}\n</tool_call>\n'
E2 = '<tool_call>\n{"name": "get_temperature_unit", "arguments": {"location": "Guangzhou", "unit": "c"}}\n</tool_call>\n'
vec('ernie45-single', 'ERNIE 4.5', ER+'[single_tool_call]', E1, [TEMP, UNIT], [('get_current_temperature', {'location': 'Beijing'})])
vec('ernie45-multiple', 'ERNIE 4.5', ER+'[multiple_tool_calls]', E1 + E2, [TEMP, UNIT], [('get_current_temperature', {'location': 'Beijing'}), ('get_temperature_unit', {'location': 'Guangzhou', 'unit': 'c'})])
vec('ernie45-content-before', 'ERNIE 4.5', ER+'[tool_call_with_content_before]', 'I need to call two tools to handle these two issues separately.\n</think>\n\n' + E1 + E2, [TEMP, UNIT],
    [('get_current_temperature', {'location': 'Beijing'}), ('get_temperature_unit', {'location': 'Guangzhou', 'unit': 'c'})], keep='I need to call two tools to handle these two issues separately.\n</think>')
vec('ernie45-no-tools', 'ERNIE 4.5', V+'test_ernie45_moe_tool_parser.py test_extract_tool_calls_no_tools', 'This is a test', [TEMP, UNIT])

# --- MiniMax M2 (Invoke's row)
MM = V+'test_minimax_m2_tool_parser.py '
MW = T('get_weather', city=S, days=I)
inv = lambda n, *kv: '<invoke name="%s">' % n + ''.join('<parameter name="%s">%s</parameter>' % (k, v) for k, v in zip(kv[::2], kv[1::2])) + '</invoke>'
vec('minimax-m2-single', 'MiniMax M2', MM+'TestSingleInvoke test_single_chunk_complete', '<minimax:tool_call>' + inv('get_weather', 'city', 'Seattle') + '</minimax:tool_call>', [MW], [('get_weather', {'city': 'Seattle'})])
vec('minimax-m2-multiple-params', 'MiniMax M2', MM+'TestSingleInvoke test_multiple_params', '<minimax:tool_call>' + inv('get_weather', 'city', 'Seattle', 'days', '5') + '</minimax:tool_call>', [MW], [('get_weather', {'city': 'Seattle', 'days': 5})],
    note='days is typed by the schema here (an integer); the peer, given no schema, keeps the string "5"')
vec('minimax-m2-two-invokes', 'MiniMax M2', MM+'TestMultipleInvokes test_two_invokes_incremental', '<minimax:tool_call>' + inv('search_web', 'query', 'OpenAI') + inv('search_web', 'query', 'Gemini') + '</minimax:tool_call>', [T('search_web', query=S)],
    [('search_web', {'query': 'OpenAI'}), ('search_web', {'query': 'Gemini'})])
vec('minimax-m2-different-functions', 'MiniMax M2', MM+'TestMultipleInvokes test_different_functions', '<minimax:tool_call>' + inv('get_weather', 'city', 'NYC') + inv('get_stock', 'ticker', 'AAPL') + '</minimax:tool_call>', [MW, T('get_stock', ticker=S)],
    [('get_weather', {'city': 'NYC'}), ('get_stock', {'ticker': 'AAPL'})])
vec('minimax-m2-content-before', 'MiniMax M2', MM+'TestContentStreaming test_content_before_tool_call', 'Let me check. <minimax:tool_call>' + inv('get_weather', 'city', 'Seattle') + '</minimax:tool_call>', [MW],
    [('get_weather', {'city': 'Seattle'})], keep='Let me check.', note='<minimax:tool_call> is a special token of the model: it counts glued after text')
vec('invoke-after-prose-untouched', 'MiniMax M2', 'look-alike of '+MM+'test_content_before_tool_call: a bare <invoke> after prose on its line', 'The call is <invoke name="get_weather"><parameter name="city">Seattle</parameter></invoke>', [MW])
vec('minimax-m2-content-before-own-line', 'MiniMax M2', MM+'TestContentStreaming test_content_before_tool_call (the call on its own line)', 'Let me check.\n<minimax:tool_call>' + inv('get_weather', 'city', 'Seattle') + '</minimax:tool_call>', [MW],
    [('get_weather', {'city': 'Seattle'})], keep='Let me check.')
vec('minimax-m2-plain', 'MiniMax M2', MM+'TestContentStreaming test_plain_content', 'Hello world', [MW])

# --- iQuest Coder V1 (the Qwen XML rows)
IQ = V+'test_iquest_coder_tool_parser.py '
IQW = T('get_current_weather', city=S, state=S, unit=S)
def iqc(n, *kv): return '<tool_call>\n<function=%s>\n' % n + ''.join('<parameter=%s>\n%s\n</parameter>\n' % (k, v) for k, v in zip(kv[::2], kv[1::2])) + '</function>\n</tool_call>'
IQDAL, IQORL = iqc('get_current_weather', 'city', 'Dallas', 'state', 'TX', 'unit', 'fahrenheit'), iqc('get_current_weather', 'city', 'Orlando', 'state', 'FL', 'unit', 'celsius')
IQFAM = 'iQuest Coder V1 (Qwen XML rows)'
vec('iquest-parallel', IQFAM, IQ+'test_non_streaming_parallel_tools', IQDAL + '\n' + IQORL, [IQW],
    [('get_current_weather', {'city': 'Dallas', 'state': 'TX', 'unit': 'fahrenheit'}), ('get_current_weather', {'city': 'Orlando', 'state': 'FL', 'unit': 'celsius'})])
vec('iquest-parallel-fused', IQFAM, IQ+'test_streaming_no_content_between_parallel_tools', IQDAL + '\n' + IQORL, [IQW],
    [('get_current_weather', {'city': 'Dallas', 'state': 'TX', 'unit': 'fahrenheit'}), ('get_current_weather', {'city': 'Orlando', 'state': 'FL', 'unit': 'celsius'})],
    note='the blank between the calls is no content of the repaired message')
vec('iquest-leading-content', IQFAM, IQ+'test_streaming_preserves_real_leading_content', 'Let me check the weather.' + IQDAL, [IQW],
    [('get_current_weather', {'city': 'Dallas', 'state': 'TX', 'unit': 'fahrenheit'})], keep='Let me check the weather.',
    note='a <tool_call> glued after a sentence counts when its line ends after it, as the template writes it')
IQSH = T('shell_command', command=S, timeout_ms=I)
vec('iquest-typed', IQFAM, IQ+'test_type_conversion_chat_completion_tool_fallback', iqc('shell_command', 'command', 'apt-get update', 'timeout_ms', '300000'), [IQSH],
    [('shell_command', {'command': 'apt-get update', 'timeout_ms': 300000})])
vec('iquest-numeric-string', IQFAM, IQ+'test_string_param_not_decoded_responses_shape', iqc('shell_command', 'command', '12345'), [T('shell_command', command=S)], [('shell_command', {'command': '12345'})])
vec('iquest-all-types', IQFAM, IQ+'test_all_param_types_preserved_non_streaming',
    iqc('do_it', 'text', 'hello', 'count', '42', 'ratio', '3.14', 'flag', 'true', 'tags', '["a", "b"]', 'opts', '{"k": 1, "nested": [1, 2, 3]}', 'numeric_str', '007'),
    [T('do_it', text=S, count=I, ratio=N, flag=B, tags=A, opts=O, numeric_str=S)],
    [('do_it', {'text': 'hello', 'count': 42, 'ratio': 3.14, 'flag': True, 'tags': ['a', 'b'], 'opts': {'k': 1, 'nested': [1, 2, 3]}, 'numeric_str': '007'})])
vec('iquest-three-same', IQFAM, IQ+'test_streaming_repeated_same_name_calls', '\n'.join(iqc('get_current_weather', 'city', c) for c in ('Dallas', 'Orlando', 'Boston')), [IQW],
    [('get_current_weather', {'city': c}) for c in ('Dallas', 'Orlando', 'Boston')])
vec('iquest-content-own-line', IQFAM, IQ+'test_streaming_partial_start_token_not_leaked_as_content', 'Let me check the weather.\n' + iqc('get_current_weather', 'city', 'Dallas'), [IQW],
    [('get_current_weather', {'city': 'Dallas'})], keep='Let me check the weather.')
vec('iquest-truncated', IQFAM, IQ+'test_truncated_tool_call_does_not_desync_streamed_args', '<tool_call>\n<function=get_current_weather>\n<parameter=city>\nDall', [IQW], note='a cut-off call is never completed')
vec('iquest-plain', IQFAM, IQ+'test_streaming_plain_content_without_tool_calls', 'No tool needed here, just a plain answer.', [IQW])

# --- iQuest Coder V2 (GLM's pairs in <iquestcoder_tool_call>)
IQ2 = V+'test_iquest_coder_v2_tool_parser.py '
IQ2W = T('get_current_weather', city=S, state=S, days=I)
def iq2(n, *kv): return '<iquestcoder_tool_call>' + n + ''.join('<arg_key>%s</arg_key><arg_value>%s</arg_value>' % (k, v) for k, v in zip(kv[::2], kv[1::2])) + '</iquestcoder_tool_call>'
IQ2FAM = 'iQuest Coder V2'
vec('iquest-v2-no-call', IQ2FAM, IQ2+'test_no_tool_call_returns_content', 'Just a plain assistant reply with no tool call.', [IQ2W])
vec('iquest-v2-typed', IQ2FAM, IQ2+'test_single_tool_call_typed_arguments', iq2('get_current_weather', 'city', 'Dallas', 'state', 'TX', 'days', '3'), [IQ2W],
    [('get_current_weather', {'city': 'Dallas', 'state': 'TX', 'days': 3})])
vec('iquest-v2-numeric-string', IQ2FAM, IQ2+'test_string_parameter_is_not_json_decoded', iq2('get_current_weather', 'city', '12345'), [IQ2W], [('get_current_weather', {'city': '12345'})])
vec('iquest-v2-no-args', IQ2FAM, IQ2+'test_tool_call_without_arguments', iq2('get_current_weather'), [IQ2W], [('get_current_weather', {})])
vec('iquest-v2-leading-content', IQ2FAM, IQ2+'test_leading_content_preserved', 'Let me look that up for you.\n' + iq2('get_current_weather', 'city', 'Dallas'), [IQ2W],
    [('get_current_weather', {'city': 'Dallas'})], keep='Let me look that up for you.')
vec('iquest-v2-parallel', IQ2FAM, IQ2+'test_parallel_tool_calls', iq2('get_current_weather', 'city', 'Dallas') + iq2('get_current_weather', 'city', 'Orlando'), [IQ2W],
    [('get_current_weather', {'city': 'Dallas'}), ('get_current_weather', {'city': 'Orlando'})])
vec('iquest-v2-whitespace', IQ2FAM, IQ2+'test_whitespace_between_name_and_args', '<iquestcoder_tool_call>get_current_weather\n<arg_key>city</arg_key>\n<arg_value>Dallas</arg_value>\n</iquestcoder_tool_call>', [IQ2W],
    [('get_current_weather', {'city': 'Dallas'})])
vec('iquest-v2-missing-value-end', IQ2FAM, IQ2+'test_malformed_call_missing_value_end_is_skipped', '<iquestcoder_tool_call>get_current_weather<arg_key>city</arg_key><arg_value>Dallas</iquestcoder_tool_call>', [IQ2W])
vec('iquest-v2-content-glued', IQ2FAM, IQ2+'test_streaming_content_then_tool_call', 'Checking the weather.' + iq2('get_current_weather', 'city', 'Dallas'), [IQ2W],
    [('get_current_weather', {'city': 'Dallas'})], keep='Checking the weather.', note='<iquestcoder_tool_call> is a special token of the model: it counts glued after text')
vec('iquest-v2-undeclared', IQ2FAM, IQ2+'test_parameter_is_string_unknown_tool_or_param (a call of a tool the request lacks)', iq2('unknown_tool', 'city', 'Dallas'), [IQ2W],
    note='only the request\'s tools count: a call of another tool is text')

# --- Doubao Seed 2.0 (<function name="T"> elements with string= in Seed-OSS's tags). Sources: the
# leak reported in sipeed/picoclaw #3153 (fixed by PR #3154), and the Doubao Seed 2.0 outputs that
# public clients of Volcano Engine's Ark keep as test fixtures
DB = 'sipeed/picoclaw #3153, Doubao Seed 2.0 output '
def dbc(n, *kv): return '<seed:tool_call><function name="%s">' % n + ''.join('<parameter name="%s" string="%s">%s</parameter>' % (k, t, v) for k, t, v in zip(kv[::3], kv[1::3], kv[2::3])) + '</function></seed:tool_call>'
DBFAM = 'Doubao Seed 2.0'
DBA = T('prepare_file_append', path=S, content=S)
vec('doubao-seed2-after-prose', DBFAM, DB+'(a file append after a sentence, a multi-line string value)',
    '看起来行号范围有问题。让我直接在文件末尾添加新的测试记录。\n' + dbc('prepare_file_append', 'path', 'true', 'chatgpt工具实操测试报告.md', 'content', 'true', '\n\n---\n\n### 测试工具 10: set_instance_window_max_parallel\n\n'), [DBA],
    [('prepare_file_append', {'path': 'chatgpt工具实操测试报告.md', 'content': '\n\n---\n\n### 测试工具 10: set_instance_window_max_parallel\n\n'})], keep='看起来行号范围有问题。让我直接在文件末尾添加新的测试记录。', pre='report-')
DBR = T('read_file', path=S, show_linenos=B, max_lines=I)
vec('doubao-seed2-typed', DBFAM, DB+'(string="false" values: JSON text)', dbc('read_file', 'path', 'true', 'notes.md', 'show_linenos', 'false', 'true', 'max_lines', 'false', '271'), [DBR],
    [('read_file', {'path': 'notes.md', 'show_linenos': True, 'max_lines': 271})], pre='report-')
vec('doubao-seed2-exec', DBFAM, DB+'(a shell command)', dbc('exec', 'command', 'true', 'cd ~/work && wc -l "guide.md"'), [T('exec', command=S)], [('exec', {'command': 'cd ~/work && wc -l "guide.md"'})], pre='report-')
vec('doubao-seed2-point', DBFAM, DB+'(a GUI action, markup inside the string value)', dbc('click', 'point', 'true', '<point>500 500</point>'), [T('click', point=S)], [('click', {'point': '<point>500 500</point>'})], pre='report-')
vec('doubao-seed2-two', DBFAM, DB+'(two calls, one block each)', dbc('read_file', 'path', 'true', 'a.md') + dbc('read_file', 'path', 'true', 'b.md'), [DBR],
    [('read_file', {'path': 'a.md'}), ('read_file', {'path': 'b.md'})], pre='report-')
vec('doubao-seed2-undeclared', DBFAM, DB+'(a call of a tool the request lacks)', dbc('run', 'code', 'true', 'print("nope")'), [T('exec', command=S)],
    note='only the request\'s tools count: a call of another tool is text', pre='report-')
vec('doubao-seed2-in-prose', DBFAM, DB+'(look-alike: the format quoted in a sentence, prose after it)',
    '按照要求，函数调用用' + dbc('web', 'action', 'true', 'fetch_page') + '的格式写出，然后我再继续。', [T('web', action=S, url=S)], note='tail only: prose after the markup shows it is an example', pre='report-')
vec('doubao-seed2-cut', DBFAM, DB+'(a call cut off inside a value)', '<seed:tool_call><function name="web"><parameter name="action" string="true">fetch_page</parameter><parameter name="url" string="true">https://exa', [T('web', action=S, url=S)],
    note='a cut-off call is never completed', pre='report-')

# --- K2 Horizon's typed form (<ifm|arg_type> between a key and its value) and the rest of its file
def kxmlt(n, *kv): return '<ifm|tool_call>' + n + ''.join('<ifm|arg_key>%s</ifm|arg_key><ifm|arg_type>%s</ifm|arg_type><ifm|arg_value>%s</ifm|arg_value>' % (k, 'integer' if k == 'limit' else 'string', v) for k, v in zip(kv[::2], kv[1::2])) + '</ifm|tool_call>'
vec('k2-horizon-typed', 'K2 Horizon', KH+'test_request_level_format_overrides[xml_typed]', kgroup(kxmlt('lookup', 'query', 'weather', 'limit', '2')), [KLK, KPG], [('lookup', {'query': 'weather', 'limit': 2})],
    note='the type element is read past; the schema types the value')
vec('k2-horizon-typed-split', 'K2 Horizon', KH+'test_character_split_streaming[2] (the call at the tail)', kgroup(kxmlt('lookup', 'limit', '2'), prefix='Before'), [KLK, KPG], [('lookup', {'limit': 2})], keep='Before')
vec('k2-horizon-typed-split-suffix', 'K2 Horizon', KH+'test_character_split_streaming[2]', kgroup(kxmlt('lookup', 'limit', '2'), prefix='Before', suffix='after'), [KLK, KPG],
    note='disagrees on purpose: tail only')
vec('k2-horizon-json-split', 'K2 Horizon', KH+'test_character_split_streaming[1] (the call at the tail)', kgroup(kjson('lookup', {'limit': '2'}), prefix='Before'), [KLK, KPG], [('lookup', {'limit': 2})], keep='Before')
vec('k2-horizon-bool', 'K2 Horizon', KH+'test_auto_required_and_named_use_ifm_parser', kgroup(kjson('lookup', {'enabled': 'true'})), [KLK, KPG], [('lookup', {'enabled': True})])
vec('k2-horizon-json-under-xml', 'K2 Horizon', KH+'test_mismatched_formats_fail_closed[0]', kgroup(kjson('ping', {})), [KLK, KPG], [('ping', {})],
    note='disagrees on purpose: vLLM fails closed when the call\'s form is not the one the request configured; toolfix does not know the model\'s configuration and reads either form')
vec('k2-horizon-typed-under-xml', 'K2 Horizon', KH+'test_mismatched_formats_fail_closed[2]', kgroup(kxmlt('lookup', 'query', 'x')), [KLK, KPG], [('lookup', {'query': 'x'})],
    note='disagrees on purpose: vLLM fails closed when the call\'s form is not the one the request configured; toolfix does not know the model\'s configuration and reads either form')
vec('k2-horizon-incomplete-flush', 'K2 Horizon', KH+'test_streaming_flushes_incomplete_markup_as_content', 'Before<ifm|tool_calls><ifm|tool_call>ping', [KLK, KPG], note='a cut-off call is never completed')
vec('k2-horizon-typed-cut', 'K2 Horizon', KH+'test_request_level_format_overrides[xml_typed] (cut off inside the type element)', '<ifm|tool_calls><ifm|tool_call>lookup<ifm|arg_key>limit</ifm|arg_key><ifm|arg_type>inte', [KLK, KPG], note='a cut-off call is never completed')

# --- Llama 4 pythonic (the pythonic rows: the bare list and <|python_start|>)
L4 = V+'test_llama4_pythonic_tool_parser.py '
L4W, L4REG = T('get_weather', city=S, metric=S), T('register_user', name=S, age=I, address=O, role=ANY, passed_test=B, aliases=A)
L4DSC = T('do_something_cool', additional_data=O, steps=A)
L4T = [L4W, L4REG, L4DSC]
L4SIMPLE = ('get_weather', {'city': 'LA', 'metric': 'C'})
vec('llama4-no-call', 'pythonic', L4+'test_no_tool_call', 'How can I help you today?', L4T)
vec('llama4-simple', 'pythonic', L4+'test_tool_call[simple_nonstreaming]', "[get_weather(city='LA', metric='C')]", L4T, [L4SIMPLE])
vec('llama4-more-types', 'pythonic', L4+'test_tool_call[more_types_nonstreaming]',
    "[register_user(name='Doe', age=9, address={'city': 'LA', 'state': 'CA'}, role=None, passed_test=True, aliases=['John', 'Johnny'])]", L4T,
    [('register_user', {'name': 'Doe', 'age': 9, 'address': {'city': 'LA', 'state': 'CA'}, 'role': None, 'passed_test': True, 'aliases': ['John', 'Johnny']})])
vec('llama4-parameterless', 'pythonic', L4+'test_tool_call[parameterless_nonstreaming]', '[get_weather()]', L4T, [('get_weather', {})])
vec('llama4-empty-dict', 'pythonic', L4+'test_tool_call[empty_dict_nonstreaming]', '[do_something_cool(additional_data={})]', L4T, [('do_something_cool', {'additional_data': {}})])
vec('llama4-empty-list', 'pythonic', L4+'test_tool_call[empty_list_nonstreaming]', '[do_something_cool(steps=[])]', L4T, [('do_something_cool', {'steps': []})])
vec('llama4-escaped', 'pythonic', L4+'test_tool_call[escaped_string_nonstreaming]', "[get_weather(city='Martha\\'s Vineyard', metric='\\\"cool units\\\"')]", L4T,
    [('get_weather', {'city': "Martha's Vineyard", 'metric': '"cool units"'})])
vec('llama4-parallel-compact', 'pythonic', L4+'test_tool_call[parallel_calls_nonstreaming] (no blanks)', "[get_weather(city='LA',metric='C'),register_user(name='Doe',age=9)]", L4T,
    [L4SIMPLE, ('register_user', {'name': 'Doe', 'age': 9})])
vec('llama4-parallel-tag-no-end', 'pythonic', L4+'test_tool_call[parallel_calls_nonstreaming] (<|python_start|>, no <|python_end|>)', "<|python_start|>[get_weather(city='LA', metric='C'), register_user(name='Doe', age=9)]", L4T,
    [L4SIMPLE, ('register_user', {'name': 'Doe', 'age': 9})], note='the missing <|python_end|> is forgiven: the list is complete')
vec('llama4-large-steps', 'pythonic', L4+'test_streaming_tool_call_with_large_steps', "<|python_start|>[get_weather(city='LA', metric='C'), get_weather(), do_something_cool(steps=[])]<|python_end|>", L4T,
    [L4SIMPLE, ('get_weather', {}), ('do_something_cool', {'steps': []})])
vec('llama4-regex-timeout-input', 'pythonic', L4+'test_regex_timeout_handling', 'hello world[A(A=' + '\t)A(A=,\t' * 2, L4T + [T('A', A=S)])
vec('llama4-bad-sibling', 'pythonic', L4+'test_bad_sibling_call_does_not_drop_good_calls', "<|python_start|>[bad(x=b'z'), get_weather(city='LA', metric='C')]<|python_end|>", L4T + [T('bad', x=S)],
    note='disagrees on purpose: vLLM keeps the good sibling; toolfix takes a leaked tail whole or not at all')
vec('llama4-non-finite', 'pythonic', L4+'test_non_finite_argument_rejected', "<|python_start|>[calc(x=1e999), get_weather(city='LA', metric='C')]<|python_end|>", L4T + [T('calc', x=N)],
    note='disagrees on purpose: vLLM keeps the good sibling; toolfix takes a leaked tail whole or not at all, and 1e999 is no JSON number')
vec('llama4-mismatched-brackets', 'pythonic', L4+'test_streaming_mismatched_brackets_reported_once', '<|python_start|>[foo(x=1])]<|python_end|>', L4T + [T('foo', x=I)])

# --- Hermes: the rest of its file (Hermes2ProToolParser and Granite4ToolParser alike)
TEMPC = T('get_current_temperature', location=S, unit=S)
vec('hermes-stream-interval', 'Hermes', HE+'test_hermes_streaming_tool_call_with_stream_interval', '<tool_call>{"name": "get_current_temperature", "arguments": {"location": "San Francisco", "unit": "celsius"}}</tool_call>', [TEMPC],
    [('get_current_temperature', {'location': 'San Francisco', 'unit': 'celsius'})])
vec('hermes-plain-interval', 'Hermes', HE+'test_hermes_streaming_just_forward_text_with_stream_interval', 'This is plain text with no tool calling involved.', [TEMPC])
vec('hermes-no-tool-call', 'Hermes', HE+'test_hermes_parser_non_streaming_no_tool_call', 'This is not a tool call.', [FA])
vec('hermes-string-args-braces', 'Hermes', HE+'test_hermes_streaming_string_arguments_match_non_streaming[{hello world}]', '<tool_call>' + json.dumps({'name': 'f', 'arguments': '{hello world}'}) + '</tool_call>', [T('f', a=I)],
    note='disagrees on purpose: vLLM passes the string as the arguments; a tool input must be an object, so toolfix leaves the text')
vec('hermes-string-args-open-list', 'Hermes', HE+'test_hermes_streaming_string_arguments_match_non_streaming[[oops]', '<tool_call>' + json.dumps({'name': 'f', 'arguments': '[oops'}) + '</tool_call>', [T('f', a=I)],
    note='disagrees on purpose: vLLM passes the string as the arguments; a tool input must be an object, so toolfix leaves the text')
vec('hermes-string-args-serialized', 'Hermes', HE+'test_hermes_streaming_serialized_arguments_with_stream_interval', '<tool_call>{"name": "get_db_config", "arguments": "{\\"param\\": \\"max_connections\\"}"}</tool_call>', [T('get_db_config', param=S)],
    [('get_db_config', {'param': 'max_connections'})])
vec('hermes-content-single-chunk', 'Hermes', HE+'test_hermes_streaming_content_and_tool_call_in_single_chunk', 'Hi!<tool_call>{"name": "f", "arguments": {"x": 1}}</tool_call>', [T('f', x=I)],
    note='disagrees on purpose: <tool_call> glued after prose on its line counts as an example (the line-start rule)')
vec('hermes-content-single-chunk-own-line', 'Hermes', HE+'test_hermes_streaming_content_and_tool_call_in_single_chunk (the call on its own line)', 'Hi!\n<tool_call>{"name": "f", "arguments": {"x": 1}}</tool_call>', [T('f', x=I)],
    [('f', {'x': 1})], keep='Hi!')

vec('hermes-string-args-tail-text', 'Hermes', HE+'test_hermes_streaming_string_arguments_match_non_streaming[{"a": 1} tail text]', '<tool_call>' + json.dumps({'name': 'f', 'arguments': '{"a": 1} tail text'}) + '</tool_call>', [T('f', a=I)],
    note='the string holds no JSON object alone; toolfix does not cut the prose after it out of a serialized argument string')

# --- GLM 4.5 (test_glm4_moe_tool_parser.py; the GLM row)
G4 = V+'test_glm4_moe_tool_parser.py '
G4CW, G4W = T('get_current_weather', city=S, state=S, unit=S), T('get_weather', city=S, date=S)
G4T = [G4CW, G4W, T('get_current_time'), T('send_message', recipient=S, message=S, priority=S)]
def g4(n, *kv, ind='    '): return '<tool_call>' + n + '\n' + ''.join('%s<arg_key>%s</arg_key>\n%s<arg_value>%s</arg_value>\n' % (ind, k, ind, v) for k, v in zip(kv[::2], kv[1::2])) + ind + '</tool_call>'
G4DAL = g4('get_current_weather', 'city', 'Dallas', 'state', 'TX', 'unit', 'fahrenheit')
G4FAM = 'GLM 4.5/4.7'
vec('glm4-no-tools', G4FAM, G4+'test_extract_tool_calls_no_tools', 'This is a test', G4T)
vec('glm4-single', G4FAM, G4+'test_extract_tool_calls[single_tool_call]', G4DAL, G4T, [('get_current_weather', {'city': 'Dallas', 'state': 'TX', 'unit': 'fahrenheit'})])
vec('glm4-multiple', G4FAM, G4+'test_extract_tool_calls[multiple_tool_calls]', G4DAL + '\n    ' + g4('get_current_weather', 'city', 'Orlando', 'state', 'FL', 'unit', 'fahrenheit'), G4T,
    [('get_current_weather', {'city': 'Dallas', 'state': 'TX', 'unit': 'fahrenheit'}), ('get_current_weather', {'city': 'Orlando', 'state': 'FL', 'unit': 'fahrenheit'})])
vec('glm4-content-before', G4FAM, G4+'test_extract_tool_calls[tool_call_with_content_before]', "I'll help you check the weather. " + g4('get_current_weather', 'city', 'Seattle', 'state', 'WA', 'unit', 'celsius'), G4T,
    [('get_current_weather', {'city': 'Seattle', 'state': 'WA', 'unit': 'celsius'})], keep="I'll help you check the weather.",
    note='a <tool_call> with a key/value pair glued after a finished sentence counts (the GLM row glued after a sentence; zai-org/GLM-5 #84)')
vec('glm4-mixed-args', G4FAM, G4+'test_extract_tool_calls[tool_call_with_mixed_args]', g4('get_current_weather', 'city', 'New York', 'state', 'NY', 'unit', 'celsius'), G4T,
    [('get_current_weather', {'city': 'New York', 'state': 'NY', 'unit': 'celsius'})])
vec('glm4-content-glued', G4FAM, G4+'test_extract_tool_calls[tool_call_with_chinese_content]', 'I will help you get the weather.' + g4('get_weather', 'city', 'Beijing', 'date', '2025-08-01'), G4T,
    [('get_weather', {'city': 'Beijing', 'date': '2025-08-01'})], keep='I will help you get the weather.',
    note='a <tool_call> with a key/value pair glued after a finished sentence counts (the GLM row glued after a sentence; zai-org/GLM-5 #84)')
vec('glm4-content-own-line', G4FAM, G4+'test_extract_tool_calls[tool_call_with_chinese_content] (the call on its own line)', 'I will help you get the weather.\n' + g4('get_weather', 'city', 'Beijing', 'date', '2025-08-01'), G4T,
    [('get_weather', {'city': 'Beijing', 'date': '2025-08-01'})], keep='I will help you get the weather.')
G4THINK = '<think>I want to get the weather.</think>\n\nI will help you get the weather.\n'
vec('glm4-thinking-tags', G4FAM, G4+'test_extract_tool_calls_with_thinking_tags', G4THINK + g4('get_weather', 'city', 'Beijing', 'date', '2025-08-01', ind=''), G4T,
    [('get_weather', {'city': 'Beijing', 'date': '2025-08-01'})], keep=G4THINK.rstrip('\n'))
vec('glm4-malformed', G4FAM, G4+'test_extract_tool_calls_malformed_xml', '<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Seattle</arg_value>\n<arg_key>incomplete_arg\n<arg_value>value</arg_value>\n</tool_call>', G4T)
vec('glm4-empty-args', G4FAM, G4+'test_extract_tool_calls_empty_arguments', '<tool_call>get_current_time\n</tool_call>', G4T, [('get_current_time', {})])
vec('glm4-special-chars', G4FAM, G4+'test_extract_tool_calls_special_characters', g4('send_message', 'recipient', 'Amy', 'message', 'It is a nice day', 'priority', 'high', ind=''), G4T,
    [('send_message', {'recipient': 'Amy', 'message': 'It is a nice day', 'priority': 'high'})])
vec('glm4-incomplete', G4FAM, G4+'test_extract_tool_calls_incomplete_tool_call', '<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Beijing</arg_value>\n<arg_key>date</arg_key>\n<arg_value>2025-08-01</arg_value>', G4T,
    [('get_weather', {'city': 'Beijing', 'date': '2025-08-01'})],
    note='disagrees on purpose: vLLM wants the </tool_call>; the text ends after a complete pair with only that closer missing, which toolfix forgives in every family')
vec('glm4-streaming-plain', G4FAM, G4+'test_streaming_no_tool_calls', 'This is just regular text without any tool calls.', G4T)
G4MIX = 'I will help you get the weather info.\n\n' + g4('get_weather', 'city', 'Beijing', 'date', '2025-08-01', ind='') + '\n\nmeaningwhile, I will also check the weather in Shanghai.'
vec('glm4-mixed-content', G4FAM, G4+'test_extract_tool_calls_mixed_content', G4MIX + '\n\n' + g4('get_weather', 'city', 'Shanghai', 'date', '2025-08-01', ind=''), G4T,
    [('get_weather', {'city': 'Shanghai', 'date': '2025-08-01'})], keep=G4MIX,
    note='disagrees on purpose: tail only; vLLM takes both calls, toolfix only the one at the tail, the first, prose after it, left as text as it came')

# --- gemma3n (Hermes's <tool_call> object, "args" for "arguments"), as Ollama serves it
GN = 'ollama/ollama #18357, gemma3n output '
GNW = T('get_weather', city=S, unit=S)
GNFAM = 'gemma3n Hermes args'
def gn(n, a): return '<tool_call>\n' + json.dumps({'name': n, 'args': a}) + '\n</tool_call>'
vec('gemma3n-args', GNFAM, GN+'(one call)', gn('get_weather', {'city': 'Paris'}), [GNW], [('get_weather', {'city': 'Paris'})], pre='report-')
vec('gemma3n-args-prose-before', GNFAM, GN+'(a sentence, then the call on its own line)', 'Let me check the weather.\n' + gn('get_weather', {'city': 'Paris', 'unit': 'celsius'}), [GNW],
    [('get_weather', {'city': 'Paris', 'unit': 'celsius'})], keep='Let me check the weather.', pre='report-')
vec('gemma3n-args-two', GNFAM, GN+'(two calls)', gn('get_weather', {'city': 'Paris'}) + '\n' + gn('get_weather', {'city': 'Rome'}), [GNW],
    [('get_weather', {'city': 'Paris'}), ('get_weather', {'city': 'Rome'})], pre='report-')
vec('gemma3n-args-and-arguments', GNFAM, 'look-alike of '+GN+'(both "args" and "arguments")', '<tool_call>\n{"name": "get_weather", "args": {"city": "Paris"}, "arguments": {"city": "Rome"}}\n</tool_call>', [GNW],
    note='no guessing: an object with both keys names no one set of arguments', pre='report-')
vec('gemma3n-args-prose-after', GNFAM, 'look-alike of '+GN+'(prose after the call)', gn('get_weather', {'city': 'Paris'}) + '\nThat is how a call looks.', [GNW], note='tail only: prose after the markup shows it is an example', pre='report-')
vec('gemma3n-args-undeclared', GNFAM, 'look-alike of '+GN+'(a tool the request lacks)', gn('get_time', {'timezone': 'UTC'}), [GNW], note='only the request\'s tools count: a call of another tool is text', pre='report-')
vec('gemma3n-args-bare', GNFAM, 'look-alike of '+GN+'(the object bare, no <tool_call>)', json.dumps({'name': 'get_weather', 'args': {'city': 'Paris'}}), [GNW],
    note='"args" is read in <tool_call> only; a bare JSON answer with it is no call object any bare row knows', pre='report-')
vec('gemma3n-args-cut', GNFAM, GN+'(cut off)', '<tool_call>\n{"name": "get_weather", "args": {"city": "Par', [GNW], note='a cut-off call is never completed', pre='report-')

# --- Qwen3 Coder (test_qwen3coder_tool_parser.py: the vectors beyond the shared file's)
Q3 = V+'test_qwen3coder_tool_parser.py '
def nullable(t, **kw): return dict(anyOf=[{'type': t} if isinstance(t, str) else t, {'type': 'null'}], **kw)
vec('qwen3coder-anyof', 'Qwen3 Coder/XML', Q3+'test_extract_tool_calls_anyof_type_conversion',
    '<tool_call>\n' + qf('test_anyof', 'anyof_int', '5', 'anyof_str', 'hello', 'anyof_array', '["a", "b", "c"]', 'anyof_obj', '{"key": "value"}', 'type_as_array', '42', 'multi_non_null', 'some text') + '\n</tool_call>',
    [T('test_anyof', anyof_int=nullable('integer', default=5), anyof_str=nullable('string'), anyof_array=nullable({'type': 'array', 'items': {'type': 'string'}}), anyof_obj=nullable('object'),
       type_as_array={'type': ['integer', 'null']}, multi_non_null={'anyOf': [{'type': 'string'}, {'type': 'integer'}, {'type': 'null'}]})],
    [('test_anyof', {'anyof_int': 5, 'anyof_str': 'hello', 'anyof_array': ['a', 'b', 'c'], 'anyof_obj': {'key': 'value'}, 'type_as_array': 42, 'multi_non_null': 'some text'})])
vec('qwen3coder-anyof-streaming', 'Qwen3 Coder/XML', Q3+'test_extract_tool_calls_anyof_type_conversion_streaming',
    '<tool_call>\n' + qf('search_web', 'query', 'vllm tool parser', 'count', '10', 'verbose', 'true') + '\n</tool_call>',
    [T('search_web', query=nullable('string'), count=nullable('integer', default=5), verbose=nullable('boolean'))],
    [('search_web', {'query': 'vllm tool parser', 'count': 10, 'verbose': True})])
vec('qwen3coder-parallel-celsius', 'Qwen3 Coder/XML', Q3+'test_extract_tool_calls_streaming[parallel_tools]', '<tool_call>\n' + DAL + '\n</tool_call>\n<tool_call>\n' + qf('get_current_weather', 'city', 'Orlando', 'state', 'FL', 'unit', 'celsius') + '\n</tool_call>', [CW, AREA],
    [('get_current_weather', {'city': 'Dallas', 'state': 'TX', 'unit': 'fahrenheit'}), ('get_current_weather', {'city': 'Orlando', 'state': 'FL', 'unit': 'celsius'})])
vec('qwen3coder-incremental', 'Qwen3 Coder/XML', Q3+'test_extract_tool_calls_streaming_incremental', "I'll check the weather.<tool_call>\n" + qf('get_current_weather', 'city', 'Dallas', 'state', 'TX') + '\n</tool_call>', [CW, AREA],
    [('get_current_weather', {'city': 'Dallas', 'state': 'TX'})], keep="I'll check the weather.")
vec('qwen3coder-missing-param-closer', 'Qwen3 Coder/XML', Q3+'test_extract_tool_calls_missing_closing_parameter_tag',
    'Let me check the weather for you:\n<tool_call>\n<function=get_current_weather>\n<parameter=city>\nDallas\n<parameter=state>\nTX\n</parameter>\n<parameter=unit>\nfahrenheit\n</parameter>\n</function>\n</tool_call>', [CW, AREA],
    note='disagrees on purpose: a parameter whose closer is left out runs into the next one; vLLM mends it, toolfix does not guess where the value ends')
vec('qwen3coder-test-no-tools', 'Qwen3 Coder/XML', Q3+'test_extract_tool_calls_streaming[no_tools]', 'This is a test without tools', [CW, AREA])

# --- Qwen3 XML (test_qwen3xml_tool_parser.py's common_tests config; the Qwen rows)
QX = V+'test_qwen3xml_tool_parser.py TestQwen3xmlToolParser '
QXW, QXT = T('get_weather', city=S), T('get_time', timezone=S)
def qx(n, *kv): return '<tool_call>\n<function=%s>\n' % n + ''.join('<parameter=%s>%s</parameter>\n' % (k, v) for k, v in zip(kv[::2], kv[1::2])) + '</function>\n</tool_call>'
vec('qwen3xml-no-calls', 'Qwen3 Coder/XML', QX+'no_tool_calls_output', 'This is a regular response without any tool calls.', [QXW, QXT])
vec('qwen3xml-single', 'Qwen3 Coder/XML', QX+'single_tool_call_output', qx('get_weather', 'city', 'Tokyo'), [QXW, QXT], [('get_weather', {'city': 'Tokyo'})])
vec('qwen3xml-parallel', 'Qwen3 Coder/XML', QX+'parallel_tool_calls_output', qx('get_weather', 'city', 'Tokyo') + qx('get_time', 'timezone', 'Asia/Tokyo'), [QXW, QXT],
    [('get_weather', {'city': 'Tokyo'}), ('get_time', {'timezone': 'Asia/Tokyo'})])
vec('qwen3xml-various-types', 'Qwen3 Coder/XML', QX+'various_data_types_output',
    qx('test_function', 'string_field', 'hello', 'int_field', '42', 'float_field', '3.14', 'bool_field', 'true', 'array_field', '["a", "b", "c"]', 'object_field', '{"nested": "value"}'),
    [T('test_function', string_field=S, int_field=I, float_field=N, bool_field=B, array_field=A, object_field=O)],
    [('test_function', {'string_field': 'hello', 'int_field': 42, 'float_field': 3.14, 'bool_field': True, 'array_field': ['a', 'b', 'c'], 'object_field': {'nested': 'value'}})], note=VT_NOTE)
vec('qwen3xml-empty-args', 'Qwen3 Coder/XML', QX+'empty_arguments_output', '<tool_call>\n<function=refresh>\n</function>\n</tool_call>', [T('refresh')], [('refresh', {})])
vec('qwen3xml-surrounding-text', 'Qwen3 Coder/XML', QX+'surrounding_text_output', 'Let me check the weather for you.\n\n' + qx('get_weather', 'city', 'Tokyo') + '\n\nI will get that information.', [QXW, QXT],
    note='disagrees on purpose: tail only')
vec('qwen3xml-escaped', 'Qwen3 Coder/XML', QX+'escaped_strings_output', qx('test_function', 'quoted', 'He said "hello"', 'path', 'C:\\Users\\file.txt', 'newline', 'line1\nline2'),
    [T('test_function', quoted=S, path=S, newline=S)], [('test_function', {'quoted': 'He said "hello"', 'path': 'C:\\Users\\file.txt', 'newline': 'line1\nline2'})])
vec('qwen3xml-malformed-cut', 'Qwen3 Coder/XML', QX+'malformed_input_outputs[0]', '<tool_call><function=func>', [T('func')], note='a cut-off call is never completed')
vec('qwen3xml-malformed-no-name', 'Qwen3 Coder/XML', QX+'malformed_input_outputs[1]', '<tool_call><function=></function></tool_call>', [T('func')])

# --- HyperCLOVAX SEED Think 14B (its header before a JSON list)
HX14 = V+'test_hyperclovax_seed_think_14b_tool_parser.py '
HXH, HXE = ' -> tool/function_call\n', '<|im_end|>'
HX14W = T('get_weather', city=S, a=I)
HX14FAM = 'HyperCLOVAX SEED Think 14B'
vec('hyperclovax14b-header', HX14FAM, HX14+'TestExtractToolCalls test_tool_call_forms[header_array_arguments]', HXH + '[{"name": "get_weather", "arguments": {"city": "Seoul"}}]' + HXE, [HX14W], [('get_weather', {'city': 'Seoul'})])
vec('hyperclovax14b-parameters', HX14FAM, HX14+'TestExtractToolCalls test_tool_call_forms[header_array_parameters_alias]', HXH + '[{"name": "get_weather", "parameters": {"a": 1}}]' + HXE, [HX14W], [('get_weather', {'a': 1})])
vec('hyperclovax14b-bare', HX14FAM, HX14+'TestExtractToolCalls test_tool_call_forms[bare_array_handoff]', '[{"name": "get_weather", "parameters": {"city": "Busan"}}]', [HX14W], [('get_weather', {'city': 'Busan'})],
    note='read by the xLAM row: a JSON list as the whole text')
vec('hyperclovax14b-multiple', HX14FAM, HX14+'TestExtractToolCalls test_tool_call_forms[multiple_tool_calls]', HXH + '[{"name": "a", "arguments": {"x": 1}}, {"name": "b", "arguments": {"y": 2}}]' + HXE, [T('a', x=I), T('b', y=I)],
    [('a', {'x': 1}), ('b', {'y': 2})])
vec('hyperclovax14b-streaming-no-end', HX14FAM, HX14+'TestStreaming test_streaming_tool_call_forms[header_array]', HXH + '[{"name": "get_weather", "arguments": {"city": "Seoul"}}]', [HX14W], [('get_weather', {'city': 'Seoul'})],
    note='the missing <|im_end|> is forgiven: the list is complete')
vec('hyperclovax14b-after-think', HX14FAM, HX14+'TestExtractToolCalls test_tool_call_forms[header_array_arguments] (after its reasoning)', 'I should look up the weather.</think>' + HXH + '[{"name": "get_weather", "arguments": {"city": "Seoul"}}]' + HXE, [HX14W],
    note='disagrees on purpose: the header glued after text on its line is no line start; vLLM\'s reasoning parser strips the text before it')
vec('hyperclovax14b-abbreviated', HX14FAM, HX14+'TestExtractToolCalls test_non_tool_outputs_are_content[abbreviated_bare_object]', '-> tool/get_current_weather\n{"city": "Seoul"}', [T('get_current_weather', city=S)])
vec('hyperclovax14b-plain', HX14FAM, HX14+'TestExtractToolCalls test_non_tool_outputs_are_content[plain_text]', 'I cannot find the weather right now.', [HX14W])
vec('hyperclovax14b-prose-header', HX14FAM, 'look-alike of '+HX14+': the header quoted after prose', 'The model writes -> tool/function_call\n[{"name": "get_weather", "arguments": {"city": "Seoul"}}]', [HX14W],
    note='the header counts at a line\'s start only')

# --- SGLang's Qwen3 Coder detector tests (test/registered/function_call/test_qwen3_coder_detector/test_cases.py)
SQC = 'sgl-project/sglang test/registered/function_call/test_qwen3_coder_detector/test_cases.py '
SQW, SQS, SQT = T('get_current_weather', location=S, unit=S, days=I), T('sql_interpreter', query=S, dry_run=B), T('TodoWrite', todos=A)
SQTOOLS = [SQW, SQS, SQT]
def sqf(n, *kv): return '<function=%s>\n' % n + ''.join('<parameter=%s>%s</parameter>\n' % (k, v) for k, v in zip(kv[::2], kv[1::2])) + '</function>'
vec('sglang-qwen3-coder-plain', 'Qwen3 Coder/XML', SQC+'test_plain_text', 'This is plain text test', SQTOOLS)
vec('sglang-qwen3-coder-single', 'Qwen3 Coder/XML', SQC+'test_single_tool_call', sqf('get_current_weather', 'location', 'Boston', 'unit', 'celsius', 'days', '3'), SQTOOLS,
    [('get_current_weather', {'location': 'Boston', 'unit': 'celsius', 'days': 3})])
vec('sglang-qwen3-coder-with-text', 'Qwen3 Coder/XML', SQC+'test_single_tool_call_with_text', 'Text prefix + tool call test\n\n' + sqf('get_current_weather', 'location', 'Boston', 'unit', 'celsius', 'days', '3'), SQTOOLS,
    [('get_current_weather', {'location': 'Boston', 'unit': 'celsius', 'days': 3})], keep='Text prefix + tool call test')
vec('sglang-qwen3-coder-double', 'Qwen3 Coder/XML', SQC+'test_double_tool_call', 'Text prefix + double tool call test\n\n' + sqf('get_current_weather', 'location', 'New York') + '\n' + sqf('sql_interpreter', 'query', 'SELECT * FROM users', 'dry_run', 'True') + '\n', SQTOOLS,
    [('get_current_weather', {'location': 'New York'}), ('sql_interpreter', {'query': 'SELECT * FROM users', 'dry_run': True})], keep='Text prefix + double tool call test',
    note='True, Python\'s spelling, is read as a boolean where the schema declares one (QwenLM/qwen-code #633)')
vec('sglang-qwen3-coder-double-json-bool', 'Qwen3 Coder/XML', SQC+'test_double_tool_call (dry_run written true)', 'Text prefix + double tool call test\n\n' + sqf('get_current_weather', 'location', 'New York') + '\n' + sqf('sql_interpreter', 'query', 'SELECT * FROM users', 'dry_run', 'true') + '\n', SQTOOLS,
    [('get_current_weather', {'location': 'New York'}), ('sql_interpreter', {'query': 'SELECT * FROM users', 'dry_run': True})], keep='Text prefix + double tool call test')
vec('sglang-qwen3-coder-fragmentation', 'Qwen3 Coder/XML', SQC+'test_random_fragmentation_stress_test', 'Text prefix + random fragmentation stress test\n\n' + sqf('get_current_weather', 'location', 'San Francisco'), SQTOOLS,
    [('get_current_weather', {'location': 'San Francisco'})], keep='Text prefix + random fragmentation stress test')
vec('sglang-qwen3-coder-implicit-close', 'Qwen3 Coder/XML', SQC+'test_implicit_parameter_close', 'Text prefix + implicit parameter close test\n\n<function=get_current_weather>\n<parameter=location>Paris\n<parameter=unit>celsius\n<parameter=days>3\n</function>', SQTOOLS,
    note='disagrees on purpose: the parameters\' closers are left out; SGLang ends each value at the next opener, toolfix does not guess where a value ends')
vec('sglang-qwen3-coder-complex-schema', 'Qwen3 Coder/XML', SQC+'test_complex_schema_toolcall', 'Text prefix + complex schema tool call test\n\n' + sqf('TodoWrite', 'todos', '\n[\n {"content": "Buy a new car", "status": \'pending\'},\n {"content": "Buy a new house", "status": "completed"}\n]\n') + '\n\n', SQTOOLS,
    [('TodoWrite', {'todos': [{'content': 'Buy a new car', 'status': 'pending'}, {'content': 'Buy a new house', 'status': 'completed'}]})], keep='Text prefix + complex schema tool call test',
    note='the single-quoted string inside the list is read as a Python literal, as SGLang reads it, since the schema wants a list')
vec('sglang-qwen3-coder-complex-schema-json', 'Qwen3 Coder/XML', SQC+'test_complex_schema_toolcall (the list as JSON)', 'Text prefix + complex schema tool call test\n\n' + sqf('TodoWrite', 'todos', '\n[\n {"content": "Buy a new car", "status": "pending"},\n {"content": "Buy a new house", "status": "completed"}\n]\n') + '\n\n', SQTOOLS,
    [('TodoWrite', {'todos': [{'content': 'Buy a new car', 'status': 'pending'}, {'content': 'Buy a new house', 'status': 'completed'}]})], keep='Text prefix + complex schema tool call test')

# --- SGLang's MiniCPM 4 XML detector (the MiniCPM 5 row: <function name="T"><param name="P">)
SMC = 'sgl-project/sglang test/registered/function_call/test_minicpm4_xml_detector.py '
SMW, SMS, SMN = T('get_weather', city=S, date=S), T('sum_values', nums=A, exact=B), T('noop', note=S)
MCFAM = 'MiniCPM 5'
vec('sglang-minicpm4-intro-outro', MCFAM, SMC+'test_detect_and_parse_single_call_v3', 'Intro before.\n<function name="get_weather"><param name="city">上海</param><param name="date">2024-06-27</param></function>\nOutro after.\n', [SMW],
    note='disagrees on purpose: tail only')
vec('sglang-minicpm4-intro', MCFAM, SMC+'test_detect_and_parse_single_call_v3 (without the outro)', 'Intro before.\n<function name="get_weather"><param name="city">上海</param><param name="date">2024-06-27</param></function>\n', [SMW],
    [('get_weather', {'city': '上海', 'date': '2024-06-27'})], keep='Intro before.')
vec('sglang-minicpm4-cdata', MCFAM, SMC+'test_detect_and_parse_cdata_multiline_v3', '<function name="get_weather"><param name="city"><![CDATA[北\n京]]></param><param name="date">2024-06-27</param></function>\n', [SMW],
    [('get_weather', {'city': '北\n京', 'date': '2024-06-27'})])
vec('sglang-minicpm4-unknown', MCFAM, SMC+'test_unknown_tool_block_preserved_v3', '<function name="unknown"><param name="x">1</param></function>\n', [SMW])
vec('sglang-minicpm4-types', MCFAM, SMC+'test_non_string_types_v3', '<function name="sum_values"><param name="nums">[1, 2, 3]</param><param name="exact">true</param></function>\n', [SMS],
    [('sum_values', {'nums': [1, 2, 3], 'exact': True})])
vec('sglang-minicpm4-interleaved', MCFAM, SMC+'test_multiple_calls_interleaved_text_v3', 'Head\n<function name="get_weather"><param name="city">北京</param></function>\nTXT\n<function name="sum_values"><param name="nums">[7,8,9]</param><param name="exact">false</param></function>\nTail\n', [SMW, SMS],
    note='disagrees on purpose: tail only')
vec('sglang-minicpm4-no-function-end', MCFAM, SMC+'test_incomplete_missing_function_end_v3', '<function name="get_weather"><param name="city">北京</param>', [SMW], [('get_weather', {'city': '北京'})],
    note='disagrees on purpose: SGLang wants the </function>; the text ends after a complete parameter with only that closer missing, which toolfix forgives in every family')
vec('sglang-minicpm4-param-no-name', MCFAM, SMC+'test_param_missing_name_invalid_v3', '<function name="get_weather"><param>北京</param><param name="date">2024-06-27</param></function>\n', [SMW])
vec('sglang-minicpm4-duplicate-param', MCFAM, SMC+'test_duplicate_param_names_invalid_v3', '<function name="get_weather"><param name="city">北京</param><param name="city">上海</param></function>\n', [SMW])
vec('sglang-minicpm4-case-sensitive', MCFAM, SMC+'test_case_sensitive_param_name_invalid_v3', '<function name="get_weather"><param name="City">北京</param></function>\n', [SMW])
vec('sglang-minicpm4-zero-params', MCFAM, SMC+'test_no_required_and_zero_param_valid_v3', '<function name="noop"></function>\n', [SMN], [('noop', {})])
vec('sglang-minicpm4-streaming', MCFAM, SMC+'test_streaming_increment_v3', 'Hello\n<function name="get_weather">\n  <param name="city">北京</param>\n  <param name="date">2024-06-27</param>\n</function>\n', [SMW],
    [('get_weather', {'city': '北京', 'date': '2024-06-27'})], keep='Hello')

# --- SGLang's K2 V3 (IFM) detector: the K2 Horizon items without their group
SK3 = 'sgl-project/sglang test/registered/function_call/test_k2v3_tool_parser.py '
SK3W = T('get_weather', city=S, days=I)
K3FAM = 'K2 Horizon'
K3TOKYO = '<ifm|tool_call>get_weather<ifm|arg_key>city</ifm|arg_key><ifm|arg_value>Tokyo</ifm|arg_value></ifm|tool_call>'
vec('sglang-k2v3-single', K3FAM, SK3+'TestK2V3XmlExtraction test_single_call', K3TOKYO, [SK3W], [('get_weather', {'city': 'Tokyo'})])
vec('sglang-k2v3-typed-value', K3FAM, SK3+'TestK2V3XmlExtraction test_schema_typed_value_coercion', '<ifm|tool_call>get_weather<ifm|arg_key>days</ifm|arg_key><ifm|arg_value>3</ifm|arg_value></ifm|tool_call>', [SK3W], [('get_weather', {'days': 3})])
vec('sglang-k2v3-no-args', K3FAM, SK3+'TestK2V3XmlExtraction test_no_args', '<ifm|tool_call>get_weather</ifm|tool_call>', [SK3W], [('get_weather', {})])
vec('sglang-k2v3-plain', K3FAM, SK3+'TestK2V3XmlExtraction test_no_markers_returns_full_text', 'plain text', [SK3W])
vec('sglang-k2v3-unknown', K3FAM, SK3+'TestK2V3XmlExtraction test_unknown_tool_is_forwarded', '<ifm|tool_call>not_registered<ifm|arg_key>city</ifm|arg_key><ifm|arg_value>Tokyo</ifm|arg_value></ifm|tool_call>', [SK3W],
    note='disagrees on purpose: SGLang forwards a call of a tool the request lacks; toolfix takes only the request\'s tools (D57)')
vec('sglang-k2v3-arg-type', K3FAM, SK3+'TestK2V3XmlTyped test_arg_type_string_keeps_numeric_as_string', '<ifm|tool_call>study_args<ifm|arg_key>user_id</ifm|arg_key><ifm|arg_type>string</ifm|arg_type><ifm|arg_value>12345</ifm|arg_value></ifm|tool_call>', [T('study_args', user_id=S)],
    [('study_args', {'user_id': '12345'})], note='the schema types user_id a string here; the type element is read past')
vec('sglang-k2v3-ifm-think-group', K3FAM, SK3+'TestK2V3ReasoningPrefix test_ifm_reasoning_prefix_is_stripped', '<ifm|think>need lookup</ifm|think>\n<ifm|tool_calls>\n' + K3TOKYO + '\n</ifm|tool_calls>', [SK3W],
    [('get_weather', {'city': 'Tokyo'})], keep='<ifm|think>need lookup</ifm|think>', note='SGLang strips the reasoning block; toolfix is no reasoning parser and keeps the text before the call as it came')
vec('sglang-k2v3-ifm-think-fast', K3FAM, SK3+'TestK2V3ReasoningPrefix test_all_three_effort_blocks_are_stripped[think_fast]', '<ifm|think_fast>reasoning</ifm|think_fast>' + K3TOKYO, [SK3W],
    [('get_weather', {'city': 'Tokyo'})], keep='<ifm|think_fast>reasoning</ifm|think_fast>', note='SGLang strips the reasoning block; toolfix keeps the text before the call as it came')
vec('sglang-k2v3-legacy-think', K3FAM, SK3+'TestK2V3ReasoningPrefix test_legacy_think_prefix_is_not_stripped', '<think>legacy reasoning</think>\n' + K3TOKYO, [SK3W],
    [('get_weather', {'city': 'Tokyo'})], keep='<think>legacy reasoning</think>')
vec('sglang-k2v3-json', K3FAM, SK3+'TestK2V3JsonDialect test_json_object_tool_call', '<ifm|tool_call>{"name": "get_weather", "arguments": {"city": "Tokyo"}}</ifm|tool_call>', [SK3W], [('get_weather', {'city': 'Tokyo'})])
vec('sglang-k2v3-json-string-args', K3FAM, SK3+'TestK2V3JsonDialect test_json_arguments_as_string', '<ifm|tool_call>{"name": "get_weather", "arguments": "{\\"city\\": \\"Tokyo\\"}"}</ifm|tool_call>', [SK3W], [('get_weather', {'city': 'Tokyo'})])
vec('sglang-k2v3-json-list', K3FAM, SK3+'TestK2V3JsonDialect test_json_list_of_tool_calls', '<ifm|tool_call>[{"name": "get_weather", "arguments": {"city": "Tokyo"}}, {"name": "get_weather", "arguments": {"city": "Osaka"}}]</ifm|tool_call>', [SK3W],
    [('get_weather', {'city': 'Tokyo'}), ('get_weather', {'city': 'Osaka'})])
vec('sglang-k2v3-after-prose', K3FAM, SK3+'TestK2V3RegistryWiring test_full_pipeline_non_stream (after a sentence)', 'Let me look it up.' + K3TOKYO, [SK3W], [('get_weather', {'city': 'Tokyo'})], keep='Let me look it up.',
    note='<ifm|tool_call> is a special token of the model: it counts glued after text')

# --- SGLang's GLM 4.7 detector tests (the GLM row)
SG47 = 'sgl-project/sglang test/registered/function_call/test_glm47_moe_detector.py TestGlm47MoeDetector '
SGW47 = T('get_weather', city=S, date=S)
def g47(n, *kv): return '<tool_call>' + n + ''.join('<arg_key>%s</arg_key><arg_value>%s</arg_value>' % (k, v) for k, v in zip(kv[::2], kv[1::2])) + '</tool_call>'
TODOS4 = [{'id': '1', 'task': 'Check for hard-coded issues in the backend code', 'status': 'in_progress'}, {'id': '2', 'task': 'Check for hard-coded issues in the frontend code', 'status': 'pending'},
          {'id': '3', 'task': 'Check for code violating the Single Responsibility Principle', 'status': 'pending'}, {'id': '4', 'task': 'Generate a rectification proposal report', 'status': 'pending'}]
TW = T('todo_write', todos=A)
vec('sglang-glm47-single', G4FAM, SG47+'test_single_tool_call', g47('get_weather', 'city', 'Beijing', 'date', '2024-06-27'), [SGW47], [('get_weather', {'city': 'Beijing', 'date': '2024-06-27'})])
vec('sglang-glm47-multiple', G4FAM, SG47+'test_multiple_tool_calls', g47('get_weather', 'city', 'Beijing', 'date', '2024-06-27') + g47('get_weather', 'city', 'Shanghai', 'date', '2024-06-28'), [SGW47],
    [('get_weather', {'city': 'Beijing', 'date': '2024-06-27'}), ('get_weather', {'city': 'Shanghai', 'date': '2024-06-28'})])
vec('sglang-glm47-no-arg', G4FAM, SG47+'test_no_arg_function_non_streaming', '<tool_call>list_filenames</tool_call>', [T('list_filenames')], [('list_filenames', {})])
vec('sglang-glm47-invalid-func', G4FAM, SG47+'test_invalid_tool_call', g47('invalid_func', 'city', 'Beijing'), [SGW47])
vec('sglang-glm47-array-json', G4FAM, SG47+'test_array_argument_with_escaped_json[0]', '<tool_call>todo_write<arg_key>todos</arg_key><arg_value>' + json.dumps(TODOS4) + '</arg_value>\n</tool_call>', [TW], [('todo_write', {'todos': TODOS4})])
vec('sglang-glm47-array-windows-path', G4FAM, SG47+'test_array_argument_with_escaped_json[2]', g47('todo_write', 'todos', '[{"id": "1", "task": "Check file at C:\\\\Users\\\\test.txt", "status": "pending"}]'), [TW],
    [('todo_write', {'todos': [{'id': '1', 'task': 'Check file at C:\\Users\\test.txt', 'status': 'pending'}]})])
vec('sglang-glm47-array-literal-backslash-n', G4FAM, SG47+'test_array_argument_with_escaped_json[3]', g47('todo_write', 'todos', '[{"id": "1", "task": "Print \\\\n to see newline","status": "pending"}]'), [TW],
    [('todo_write', {'todos': [{'id': '1', 'task': 'Print \\n to see newline', 'status': 'pending'}]})])
vec('sglang-glm47-mtp-split', G4FAM, SG47+'test_mtp_func_and_string_split', "I'll create a task." + g47('create_task', 'title', 'Go to Beijing', 'location', 'San Francisco'), [T('create_task', title=S, location=S)],
    [('create_task', {'title': 'Go to Beijing', 'location': 'San Francisco'})], keep="I'll create a task.",
    note='a <tool_call> with a key/value pair glued after a finished sentence counts (the GLM row glued after a sentence; zai-org/GLM-5 #84)')
vec('sglang-glm47-mtp-noarg-multiple', G4FAM, SG47+'test_mtp_noarg_and_multiple_calls', '<tool_call>list_files</tool_call>' + g47('get_weather', 'city', 'Beijing'), [T('list_files'), T('get_weather', city=S)],
    [('list_files', {}), ('get_weather', {'city': 'Beijing'})])

# --- mlx-lm's own tool parsers (tests/test_tool_parsing.py), each body in its model's tokens
MX = 'ml-explore/mlx-lm tests/test_tool_parsing.py TestToolParsing '
MXM = T('multiply', a=N, b=N)
vec('json', 'Hermes', MX+'test_json_parse (in json_tools\' <tool_call> tokens)', '<tool_call>{"name": "multiply", "arguments": {"a": 12234585, "b": 48838483920}}</tool_call>', [MXM],
    [('multiply', {'a': 12234585, 'b': 48838483920})], pre='mlx-lm-')
vec('qwen3-coder-indented', 'Qwen3 Coder/XML', MX+'test_qwen3_coder_parse (in <tool_call>)', '<tool_call>\n        <function=multiply>\n        <parameter=a>\n        12234585\n        </parameter>\n        <parameter=b>\n        48838483920\n        </parameter>\n        </function>\n</tool_call>', [MXM],
    [('multiply', {'a': 12234585, 'b': 48838483920})], pre='mlx-lm-')
vec('function-gemma', 'FunctionGemma', MX+'test_function_gemma (in <start_function_call>)', '<start_function_call>call:get_current_temperature{location:<escape>London<escape>}<end_function_call>', [T('get_current_temperature', location=S)],
    [('get_current_temperature', {'location': 'London'})], pre='mlx-lm-')

# --- Ollama's own parsers (model/parsers/*_test.go): the formats its models write
OL = 'ollama/ollama model/parsers/'
vec('kolibri1-tool', 'Hermes', OL+'kolibri1_test.go TestKolibri1ToolsAndContinuation', '<tool_call>{"name":"weather","arguments":{"city":"Berlin"}}</tool_call>', [T('weather', city=S)], [('weather', {'city': 'Berlin'})], pre='ollama-')
vec('kolibri1-think-answer', 'Hermes', OL+'kolibri1_test.go TestKolibri1Streaming', '<think>\nCompute.\n</think>\n\n42.', [T('weather', city=S)], pre='ollama-')
vec('bailing-think-then-call', 'GLM 4.5/4.7', OL+'bailing_test.go TestBailingParserAdd', "plan</think>I'll check.\n<tool_call>get_weather<arg_key>location</arg_key>\n<arg_value>Tokyo</arg_value>\n</tool_call>", [T('get_weather', location=S)],
    [('get_weather', {'location': 'Tokyo'})], keep="plan</think>I'll check.", note='Ollama splits the reasoning off at </think>; toolfix keeps the text before the call as it came', pre='ollama-')
vec('bailing-plain', 'GLM 4.5/4.7', OL+'bailing_test.go TestBailingParserNoThinkingContent', '</think>Plain answer', [T('get_weather', location=S)], pre='ollama-')
def atem(n, params): return '<atem:function_calls>\n<atem:invoke name="%s">\n' % n + params + '</atem:invoke>\n</atem:function_calls>'
GL = OL+'glimmer_test.go '
GLB = T('muse.bash', command=S)
vec('glimmer-atem', 'Muse Glimmer ATEM (Invoke row)', GL+'TestGlimmerParserFumbledRecipientToolCallFallback (the block alone)', atem('muse.bash', '<atem:parameter name="command">pwd && ls -la</atem:parameter>\n'), [GLB],
    [('muse.bash', {'command': 'pwd && ls -la'})], note='the namespaced invoke elements are the Invoke row\'s', pre='ollama-')
vec('glimmer-types', 'Muse Glimmer ATEM (Invoke row)', GL+'TestGlimmerParserATEMValueTypesAndWhitespace (the block alone)',
    atem('tools.run', '<atem:parameter name="text"> keep  spaces </atem:parameter>\n<atem:parameter name="count">3</atem:parameter>\n<atem:parameter name="enabled">true</atem:parameter>\n<atem:parameter name="items">["one", "two"]</atem:parameter>\n<atem:parameter name="config">{"mode":"fast"}</atem:parameter>\n'),
    [T('tools.run', text=S, count=I, enabled=B, items=A, config=O)], [('tools.run', {'text': ' keep  spaces ', 'count': 3, 'enabled': True, 'items': ['one', 'two'], 'config': {'mode': 'fast'}})],
    note='the peer vector\'s choice=null is left out (no value for a typed field)', pre='ollama-')
vec('glimmer-header', 'Muse Glimmer ATEM (Invoke row)', GL+'TestGlimmerParserStreamingATEMAtEveryBoundary', ' to=get_weather<|message|>' + atem('get_weather', '<atem:parameter name="city">SF</atem:parameter>\n') + '<|eot|>', [T('get_weather', city=S)],
    [('get_weather', {'city': 'SF'})], note='the Muse Glimmer channel row reads the recipient header before the block and the end token after it', pre='ollama-')
vec('glimmer-leading-prose', 'Muse Glimmer ATEM (Invoke row)', GL+'TestGlimmerParserContentThatResemblesToolCallStaysContent[leading prose] (without the header)', 'Running:\n' + atem('muse.bash', '<atem:parameter name="command">pwd</atem:parameter>\n'), [GLB],
    [('muse.bash', {'command': 'pwd'})], keep='Running:', note='disagrees on purpose: Ollama takes a block only as the whole message; toolfix takes a call on its own line after prose, as in every family', pre='ollama-')
vec('glimmer-trailing-prose', 'Muse Glimmer ATEM (Invoke row)', GL+'TestGlimmerParserContentThatResemblesToolCallStaysContent[trailing prose] (without the header)', atem('muse.bash', '<atem:parameter name="command">pwd</atem:parameter>\n') + '\nDone.', [GLB], pre='ollama-')
vec('glimmer-undeclared', 'Muse Glimmer ATEM (Invoke row)', GL+'TestGlimmerParserContentThatResemblesToolCallStaysContent[undeclared tool] (without the header)', atem('other.run', ''), [GLB], pre='ollama-')

# --- llama.cpp's Hermes 2 Pro reader (tests/test-chat.cpp, COMMON_CHAT_FORMAT_HERMES_2_PRO)
LC2 = 'ggml-org/llama.cpp tests/test-chat.cpp test_template_output_parsers (COMMON_CHAT_FORMAT_HERMES_2_PRO) '
SF, PYT = T('special_function', arg1=I), T('python', code=S)
LCT = [SF, PYT]
SFC = ('special_function', {'arg1': 1})
SFJ = '{"name": "special_function", "arguments": {"arg1": 1}}'
def lcv(name, text, calls=None, keep='', note=''): vec(name, 'Hermes', LC2 + '(%s)' % json.dumps(text)[:60], text, LCT, calls, keep=keep, note=note, pre='llamacpp-')
lcv('hermes-tool-call', '<tool_call>\n' + SFJ + '\n</tool_call>', [SFC])
lcv('hermes-content-before', "Hello, world!\nWhat's up?<tool_call>\n" + SFJ + '\n</tool_call>', [SFC], keep="Hello, world!\nWhat's up?")
lcv('hermes-thinking-forced-open', "I'm\nthinking</think>\n<tool_call>" + SFJ + '</tool_call>', [SFC], keep="I'm\nthinking</think>", note='llama.cpp takes the text before </think> as reasoning; toolfix keeps it as it came')
lcv('functionary-function-eq', '<function=special_function>{"arg1": 1}</function>', [SFC])
lcv('functionary-function-eq-two', '<function=special_function>{"arg1": 1}</function>\n<function=python>{"code":"print(\'hello\')"}</function>', [SFC, ('python', {'code': "print('hello')"})])
lcv('hermes-function-name-attr', '<function name="special_function">\n{"arg1": 1}\n</function>', [SFC])
lcv('hermes-tool-wrapper', '<tool>\n  ' + SFJ + '\n</tool>', [SFC])
lcv('hermes-tools-wrapper', '<tools>\n  ' + SFJ + '\n</tools>', [SFC], note='read by the Qwen2.5-Coder <tools> row')
lcv('hermes-response-wrapper', '<response>\n  ' + SFJ + '\n</response>', [SFC])
lcv('hermes-json-wrapper', '<json>\n  ' + SFJ + '\n</json>', [SFC])
lcv('hermes-xml-wrapper', '<xml>\n  {\n    "name": "special_function", "arguments": {"arg1": 1}\n  }\n</xml>', [SFC])
lcv('hermes-JSON-wrapper', '<JSON>\n  ' + SFJ + '\n</JSON>', [SFC])
lcv('hermes-fenced-response', '```xml\n<response>\n    ' + SFJ + '\n</response>\n```', note='disagrees on purpose: inside a code fence, which toolfix never touches (code)')
lcv('hermes-fenced-json', '```json\n  ' + SFJ + '\n```', note='disagrees on purpose: inside a code fence, which toolfix never touches (code)')
lcv('hermes-fenced-function-call', '```json\n\n                    <function_call> ' + SFJ + ' \n                    </function_call> \n``` ', note='disagrees on purpose: inside a code fence, which toolfix never touches (code)')
lcv('hermes-bare-object', SFJ, [SFC])
lcv('hermes-bare-object-newline', '{\n  "name": "special_function", "arguments": {"arg1": 1}}', [SFC])
lcv('hermes-bare-after-prose', 'This is not a tool call:\n' + SFJ, note='disagrees on purpose: a bare JSON object counts only as the whole text; after prose it is an example')
lcv('hermes-two-tool-calls', '<tool_call>\n' + SFJ + '\n</tool_call>\n<tool_call>\n{"name": "python", "arguments": {"code":"print(\'hello\')"}}\n</tool_call>', [SFC, ('python', {'code': "print('hello')"})])
lcv('hermes-plain', "Hello, world!\nWhat's up?")
lcv('hermes-think-then-answer', "<think>I'm\nthinking</think>Hello, world!\nWhat's up?")
lcv('hermes-unclosed-think', '<think><tool_call>nah uhg</tool_call>', note='markup inside an unclosed <think> is reasoning')
lcv('hermes-partial', "Let's call something\n<tool_call>{\"name\"", note='a cut-off call is never completed')
lcv('functionary-in-prose', 'Write it as <function=special_function>{"arg1": 1}</function> in the reply.', note='markup after prose on its line is an example')

# === vLLM test files converted in session 27 (vec-vllm adds its sections here)
# --- MiniMax M1: JSON call objects one a line in <tool_calls> (vec-vllm, session 27)
M1 = V+'test_minimax_tool_parser.py '
M1W, M1A = T('get_current_weather', city=S, state=S, unit=S), T('calculate_area', shape=S, dimensions=O, precision=I)
M1T = [M1W, M1A]
def m1o(city, state, unit=None):
    a = '{"city": "%s", "state": "%s"' % (city, state) + (', "unit": "%s"' % unit if unit else '') + '}'
    return '{"name": "get_current_weather", "arguments": %s}' % a
def m1c(city, state, unit=None): return ('get_current_weather', dict(city=city, state=state, **({'unit': unit} if unit else {})))
vec('minimax-m1-no-tools', 'MiniMax M1', M1+'test_extract_tool_calls_no_tools', 'This is a test', M1T)
vec('minimax-m1-single', 'MiniMax M1', M1+'test_extract_tool_calls[single_tool_call]', '<tool_calls>\n' + m1o('Dallas', 'TX', 'fahrenheit') + '\n</tool_calls>', M1T, [m1c('Dallas', 'TX', 'fahrenheit')])
vec('minimax-m1-multiple', 'MiniMax M1', M1+'test_extract_tool_calls[multiple_tool_calls]', '<tool_calls>\n' + m1o('Dallas', 'TX', 'fahrenheit') + '\n' + m1o('Orlando', 'FL', 'fahrenheit') + '\n</tool_calls>', M1T,
    [m1c('Dallas', 'TX', 'fahrenheit'), m1c('Orlando', 'FL', 'fahrenheit')])
vec('minimax-m1-content-before', 'MiniMax M1', M1+'test_extract_tool_calls[tool_call_with_content_before]', "I'll help you check the weather. <tool_calls>\n" + m1o('Seattle', 'WA', 'celsius') + '\n</tool_calls>', M1T,
    [m1c('Seattle', 'WA', 'celsius')], keep="I'll help you check the weather.", note='<tool_calls> glued after a finished sentence counts when its line ends after it')
vec('minimax-m1-single-line', 'MiniMax M1', M1+'test_extract_tool_calls[tool_call_with_single_line_json]', '<tool_calls>\n' + m1o('New York', 'NY', 'celsius') + '\n</tool_calls>', M1T, [m1c('New York', 'NY', 'celsius')])
vec('minimax-m1-no-closer', 'MiniMax M1', M1+'test_extract_tool_calls[tool_call_incomplete_tag]', '<tool_calls>\n' + m1o('Boston', 'MA'), M1T, [m1c('Boston', 'MA')],
    note='the missing </tool_calls> is forgiven: the call object is complete')
M1THINK = '<think>I should use a tool. <tool_calls>\n{"name": "ignored_tool", "arguments": {"should": "ignore"}}\n</tool_calls></think>\n\nLet me help you with the weather.'
vec('minimax-m1-think', 'MiniMax M1', M1+'test_extract_tool_calls_with_thinking_tags', M1THINK + ' <tool_calls>\n' + m1o('Miami', 'FL', 'fahrenheit') + '\n</tool_calls>', M1T,
    [m1c('Miami', 'FL', 'fahrenheit')], keep=M1THINK, note='the block inside <think> stays text, as in vLLM')
vec('minimax-m1-think-removed', 'MiniMax M1', M1+'test_preprocess_model_output_with_thinking_tags', '<think>Let me think about this. <tool_calls>\n{"name": "fake_tool", "arguments": {"param": "value"}}\n</tool_calls> This should be removed.</think>\n\nI\'ll help you with that. <tool_calls>\n' + m1o('Seattle', 'WA') + '\n</tool_calls>', M1T,
    [m1c('Seattle', 'WA')], keep='<think>Let me think about this. <tool_calls>\n{"name": "fake_tool", "arguments": {"param": "value"}}\n</tool_calls> This should be removed.</think>\n\nI\'ll help you with that.',
    note='vLLM removes the call inside <think> from the text; toolfix keeps the reasoning as it came (it is no reasoning parser)')
M1V = [T('valid_tool', city=S), T('another_valid_tool', param=S)]
vec('minimax-m1-invalid-line', 'MiniMax M1', M1+'test_extract_tool_calls_invalid_json', '<tool_calls>\n{"name": "valid_tool", "arguments": {"city": "Seattle"}}\n{invalid json here}\n{"name": "another_valid_tool", "arguments": {"param": "value"}}\n</tool_calls>', M1V,
    note='disagrees on purpose: vLLM keeps the two good lines; toolfix takes a leaked tail whole or not at all')
vec('minimax-m1-missing-name-or-args', 'MiniMax M1', M1+'test_extract_tool_calls_missing_name_or_arguments', '<tool_calls>\n{"name": "valid_tool", "arguments": {"city": "Seattle"}}\n{"name": "missing_args"}\n{"arguments": {"city": "Portland"}}\n{"name": "another_valid_tool", "arguments": {"param": "value"}}\n</tool_calls>', M1V + [T('missing_args')],
    note='disagrees on purpose: vLLM drops the objects without a name or arguments and keeps the rest; toolfix takes a leaked tail whole or not at all')
vec('minimax-m1-multiline-json', 'MiniMax M1', M1+'test_extract_tool_calls_multiline_json_not_supported', '<tool_calls>\n{\n  "name": "get_current_weather",\n  "arguments": {\n    "city": "New York",\n    "state": "NY",\n    "unit": "celsius"\n  }\n}\n</tool_calls>', M1T,
    [m1c('New York', 'NY', 'celsius')], note='disagrees on purpose: vLLM\'s reader takes one object a line and finds no call here; the object is complete JSON that fits the schema, so toolfix takes it')
vec('minimax-m1-streaming-think', 'MiniMax M1', M1+'test_streaming_with_thinking_tags', '<think><tool_calls>{"name": "ignored", "arguments": {}}</tool_calls></think><tool_calls>{"name": "real_tool", "arguments": {"param": "value"}}</tool_calls>', [T('real_tool', param=S), T('ignored')],
    [('real_tool', {'param': 'value'})], keep='<think><tool_calls>{"name": "ignored", "arguments": {}}</tool_calls></think>',
    note='the answer begins after </think>, so an opener glued to it stands as at a line start; the call inside the reasoning stays text (issue 20: servers.py)')
vec('minimax-m1-plain-stream', 'MiniMax M1', M1+'test_streaming_no_tool_calls', 'This is just regular text without any tool calls.', M1T)
vec('minimax-m1-delta', 'MiniMax M1', M1+'test_streaming_arguments_delta_only (its second text)', '<tool_calls>\n{"name": "test_tool", "arguments": {"param1": "value1", "param2": "value2"}}', [T('test_tool', param1=S, param2=S)],
    [('test_tool', {'param1': 'value1', 'param2': 'value2'})], note='the missing </tool_calls> is forgiven: the call object is complete')
vec('minimax-m1-cut-args', 'MiniMax M1', M1+'test_streaming_arguments_incremental_output (its stage 4, cut off)', '<tool_calls>\n{"name": "get_current_weather", "arguments": {"city": "Seattle", "state": "WA"', M1T,
    note='a cut-off call is never completed')
# --- Qwen2.5-Coder, its common_tests.py config and streaming regressions
Q25C = V+'test_qwen2_5_coder_tool_parser.py TestQwen25CoderToolParser '
Q25F = V+'test_qwen2_5_coder_tool_parser.py '
QGW = T('get_weather', city=S)
vec('qwen2-5-coder-no-calls', 'Qwen2.5-Coder', Q25C+'no_tool_calls_output', 'This is a regular response without any tool calls.', [QGW, TIME])
vec('qwen2-5-coder-single', 'Qwen2.5-Coder', Q25C+'single_tool_call_output', '<tools>{"name": "get_weather", "arguments": {"city": "Tokyo"}}</tools>', [QGW, TIME], [('get_weather', {'city': 'Tokyo'})])
vec('qwen2-5-coder-parallel', 'Qwen2.5-Coder', Q25C+'parallel_tool_calls_output', '<tools>{"name": "get_weather", "arguments": {"city": "Tokyo"}}</tools><tools>{"name": "get_time", "arguments": {"timezone": "Asia/Tokyo"}}</tools>', [QGW, TIME],
    [('get_weather', {'city': 'Tokyo'}), ('get_time', {'timezone': 'Asia/Tokyo'})])
vec('qwen2-5-coder-various-types', 'Qwen2.5-Coder', Q25C+'various_data_types_output', '<tools>{"name": "test_function", "arguments": {"string_field": "hello", "int_field": 42, "float_field": 3.14, "bool_field": true, "array_field": ["a", "b", "c"], "object_field": {"nested": "value"}}}</tools>',
    [T('test_function', string_field=S, int_field=I, float_field=N, bool_field=B, array_field=A, object_field=O)],
    [('test_function', {'string_field': 'hello', 'int_field': 42, 'float_field': 3.14, 'bool_field': True, 'array_field': ['a', 'b', 'c'], 'object_field': {'nested': 'value'}})], note=VT_NOTE)
vec('qwen2-5-coder-empty-args', 'Qwen2.5-Coder', Q25C+'empty_arguments_output', '<tools>{"name": "refresh", "arguments": {}}</tools>', [T('refresh')], [('refresh', {})])
vec('qwen2-5-coder-surrounding-text', 'Qwen2.5-Coder', Q25C+'surrounding_text_output', 'Let me check the weather for you.\n\n<tools>{"name": "get_weather", "arguments": {"city": "Tokyo"}}</tools>\n\nI will get that information.', [QGW, TIME],
    note='disagrees on purpose: tail only')
vec('qwen2-5-coder-escaped', 'Qwen2.5-Coder', Q25C+'escaped_strings_output', '<tools>{"name": "test_function", "arguments": {"quoted": "He said \\"hello\\"", "path": "C:\\\\Users\\\\file.txt", "newline": "line1\\nline2"}}</tools>',
    [T('test_function', quoted=S, path=S, newline=S)], [('test_function', {'quoted': 'He said "hello"', 'path': 'C:\\Users\\file.txt', 'newline': 'line1\nline2'})])
vec('qwen2-5-coder-malformed-not-json', 'Qwen2.5-Coder', Q25C+'malformed_input_outputs[0]', '<tools>not valid json</tools>', [QGW])
vec('qwen2-5-coder-malformed-cut', 'Qwen2.5-Coder', Q25C+'malformed_input_outputs[1]', '<tools>{"name": "no_close",', [T('no_close')], note='a cut-off call is never completed')
vec('qwen2-5-coder-malformed-empty', 'Qwen2.5-Coder', Q25C+'malformed_input_outputs[2]', '<tools></tools>', [QGW])
vec('qwen2-5-coder-glued-after-word', 'Qwen2.5-Coder', Q25F+'test_streaming_partial_start_tag_does_not_leak', 'Hello <tools>{"name": "f", "arguments": {}}</tools>', [T('f')],
    note='disagrees on purpose: <tools> is a plain word prose uses; glued after a word on its line, the call on the same line, it counts as an example (the line-start rule)')
vec('qwen2-5-coder-text-after', 'Qwen2.5-Coder', Q25F+'test_streaming_trailing_text_in_same_delta_as_close_tag', '<tools>{"name": "foo", "arguments": {"a": 1}}</tools> Done!', [T('foo', a=I)],
    note='disagrees on purpose: tail only')
# --- Qwen 3.5/3.6 parser bugs (the Qwen3 Coder/XML row)
Q36 = V+'test_qwen36_bugs.py '
vec('qwen36-array-json-bool', 'Qwen3 Coder/XML', Q36+'test_xml_array_with_json_bool_nonstreaming (and test_coder_array_with_json_bool_nonstreaming)', '<tool_call>\n<function=pick>\n<parameter=items>\n["a", "b", 1, true]\n</parameter>\n</function>\n</tool_call>', [T('pick', items=A)],
    [('pick', {'items': ['a', 'b', 1, True]})])
vec('qwen36-two-calls-one-chunk', 'Qwen3 Coder/XML', Q36+'test_coder_two_tool_calls_in_one_streaming_chunk (and test_xml_two_tool_calls_in_one_streaming_chunk)',
    '<tool_call>\n<function=get_weather>\n<parameter=city>\nParis\n</parameter>\n</function>\n</tool_call>\n<tool_call>\n<function=get_weather>\n<parameter=city>\nLondon\n</parameter>\n</function>\n</tool_call>', [QGW],
    [('get_weather', {'city': 'Paris'}), ('get_weather', {'city': 'London'})])
# --- GLM 4.7 final delta
G47F = V+'test_glm47_final_delta_bug.py test_streaming_final_delta_not_cumulative '
G47T = [T('get_weather', city=S, date=S)]
vec('glm47-final-delta', 'GLM 4.5/4.7', G47F+'(its stage 7)', '<tool_call>get_weather\n<arg_key>city</arg_key><arg_value>Beijing</arg_value><arg_key>date</arg_key><arg_value>2025-08-01</arg_value></tool_call>', G47T,
    [('get_weather', {'city': 'Beijing', 'date': '2025-08-01'})])
vec('glm47-final-delta-no-closer', 'GLM 4.5/4.7', G47F+'(its stage 6)', '<tool_call>get_weather\n<arg_key>city</arg_key><arg_value>Beijing</arg_value><arg_key>date</arg_key><arg_value>2025-08-01</arg_value>', G47T,
    [('get_weather', {'city': 'Beijing', 'date': '2025-08-01'})], note='the missing </tool_call> is forgiven: the last value is complete')
vec('glm47-final-delta-cut-value', 'GLM 4.5/4.7', G47F+'(its stage 5)', '<tool_call>get_weather\n<arg_key>city</arg_key><arg_value>Beijing</arg_value><arg_key>date</arg_key><arg_value>2025-08', G47T,
    note='a cut-off call is never completed')
# --- Hunyuan V4, a key written twice
HVD = V+'test_hy_v4_duplicate_arg_key.py test_streaming_duplicate_arg_key_matches_non_streaming'
vec('hy-v4-duplicate-arg-key', 'Hunyuan V3/V4', HVD, '<tool_calls><tool_call>get_weather<arg_key>city</arg_key><arg_value>Paris</arg_value><arg_key>city</arg_key><arg_value>Berlin</arg_value></tool_call><tool_call>get_weather<arg_key>days</arg_key><arg_value>1</arg_value><arg_key>days</arg_key><arg_value>2</arg_value></tool_call></tool_calls>',
    [HW4], note='disagrees on purpose: vLLM lets the later value win; a key written twice leaves the intended value unknown, and toolfix does not guess an argument')
# --- Hunyuan V3/V4 streams cut off before </tool_call>
HYT = V+'test_hy_truncated_stream.py '
HYA = '<arg_key>city</arg_key>\n<arg_value>Beijing</arg_value>'
HYA4 = '<arg_key:opensource>city</arg_key:opensource><arg_value:opensource>Beijing</arg_value:opensource>'
HYW = [T('get_weather', city=S, date=S)]
HYB = [('get_weather', {'city': 'Beijing'})]
HYCUT = 'disagrees on purpose: vLLM closes the value the model had begun; a cut-off call is never completed'
vec('hy-trunc-v3-complete', 'Hunyuan V3/V4', HYT+'test_hy3_complete_stream_is_unchanged', '<tool_calls>\n<tool_call>get_weather<tool_sep>\n' + HYA + '\n</tool_call>\n</tool_calls>', HYW, HYB)
for tl, tn in (('', 'no-tail'), ('\n', 'newline'), ('\n\n', 'two-newlines')):
    vec('hy-trunc-v3-after-arg-' + tn, 'Hunyuan V3/V4', HYT+'test_hy3_truncated_after_closed_argument[%r]' % tl, '<tool_calls>\n<tool_call>get_weather<tool_sep>\n' + HYA + tl, HYW, HYB,
        note='the missing </tool_call> and </tool_calls> are forgiven: the last value is complete')
vec('hy-trunc-v3-mid-value', 'Hunyuan V3/V4', HYT+'test_hy3_truncated_mid_value', '<tool_calls>\n<tool_call>get_weather<tool_sep>\n' + HYA + '\n<arg_key>date</arg_key>\n<arg_value>2026', HYW, note=HYCUT)
vec('hy-trunc-v3-key-only', 'Hunyuan V3/V4', HYT+'test_hy3_truncated_after_key_only', '<tool_calls>\n<tool_call>get_weather<tool_sep>\n<arg_key>city</arg_key>', HYW,
    note='disagrees on purpose: vLLM sends the call with no arguments; the key shows an argument was cut off, and a cut-off call is never completed')
vec('hy-trunc-v3-second-cut', 'Hunyuan V3/V4', HYT+'test_hy3_second_call_truncated', '<tool_calls>\n<tool_call>get_weather<tool_sep>\n' + HYA + '\n</tool_call>\n<tool_call>get_weather<tool_sep>\n<arg_key>date</arg_key>\n<arg_value>2026', HYW,
    note='disagrees on purpose: vLLM sends both calls, the second closed where it was cut; toolfix takes a tail whole or not at all, and a cut-off call is never completed')
vec('hy-trunc-v4-complete', 'Hunyuan V3/V4', HYT+'test_hy4_complete_stream_is_unchanged', '<tool_calls:opensource>\n<tool_call:opensource>get_weather' + HYA4 + '</tool_call:opensource>\n</tool_calls:opensource>', HYW, HYB)
for tl, tn in (('', 'no-tail'), ('\n', 'newline')):
    vec('hy-trunc-v4-after-arg-' + tn, 'Hunyuan V3/V4', HYT+'test_hy4_truncated_after_closed_argument[%r]' % tl, '<tool_calls:opensource>\n<tool_call:opensource>get_weather' + HYA4 + tl, HYW, HYB,
        note='the missing </tool_call:opensource> and </tool_calls:opensource> are forgiven: the last value is complete')
vec('hy-trunc-v4-mid-value', 'Hunyuan V3/V4', HYT+'test_hy4_truncated_mid_value', '<tool_calls:opensource>\n<tool_call:opensource>get_weather' + HYA4 + '<arg_key:opensource>date</arg_key:opensource><arg_value:opensource>2026', HYW, note=HYCUT)
vec('hy-trunc-v4-blank-between', 'Hunyuan V3/V4', HYT+'test_hy4_truncated_with_whitespace_between_tags', '<tool_calls:opensource>\n<tool_call:opensource>get_weather<arg_key:opensource>city</arg_key:opensource>\n<arg_value:opensource>Beijing</arg_value:opensource>', HYW, HYB,
    note='the missing closers are forgiven: the last value is complete')
# --- Gemma 4: the offline parser's canonical and bare forms
G4R = V+'test_gemma4_regex_and_bare_calls.py '
GB, GDB, GRF = T('bash', command=S), T('gdb', args=S), T('read_file', path=S)
G4T = [GB, GDB, GRF]
G4BARE = 'disagrees on purpose: toolfix takes Gemma 4\'s call only after its <|tool_call> token; a bare call:T{…} (after <channel|>, a stray colon, <call> or at a line\'s start) has no opener it can tell from prose showing the format'
vec('gemma4-regex-canonical', 'Gemma 4', G4R+'TestGemma4CanonicalFormats test_canonical_tag_wrapped_call', '<|tool_call>call:bash{command:'+Q+'ls -la /work'+Q+'}<tool_call|>', G4T, [('bash', {'command': 'ls -la /work'})])
vec('gemma4-regex-turn-end', 'Gemma 4', G4R+'TestGemma4CanonicalFormats test_turn_end_closure_instead_of_tool_call_end', '<|tool_call>call:gdb{args:'+Q+'-batch -ex run /tmp/poc'+Q+'}<turn|>', G4T, [('gdb', {'args': '-batch -ex run /tmp/poc'})],
    note='the end-of-turn token <turn|> closes the call as well as <tool_call|> (a closer of the row)')
vec('gemma4-regex-two-lines', 'Gemma 4', G4R+'TestGemma4CanonicalFormats test_multiple_sequential_canonical_calls', '<|tool_call>call:read_file{path:'+Q+'/work/Makefile'+Q+'}<tool_call|>\n<|tool_call>call:bash{command:'+Q+'make -j8'+Q+'}<tool_call|>', G4T,
    [('read_file', {'path': '/work/Makefile'}), ('bash', {'command': 'make -j8'})])
vec('gemma4-regex-after-channel', 'Gemma 4', G4R+'TestGemma4CanonicalFormats test_strict_mode_ignores_fallback_formats', '<channel|>call:bash{command:'+Q+'ls'+Q+'}', G4T,
    note=G4BARE + ' (vLLM\'s strict mode takes none either)')
vec('gemma4-regex-bare-after-thought', 'Gemma 4', G4R+'TestGemma4FallbackFormats test_bare_call_after_thought_channel', '<|channel>thought\nI need to read the entry source file to inspect the crash point.\n<channel|>call:bash{command:'+Q+'cat /work/src/entry.c'+Q+'}', G4T, note=G4BARE)
vec('gemma4-regex-colon-prefixed', 'Gemma 4', G4R+'TestGemma4FallbackFormats test_colon_prefixed_tool_call', '<|tool_call>:call:bash{command:'+Q+'pytest'+Q+'}', G4T,
    note='disagrees on purpose: the stray colon after <|tool_call> is junk around the markup, which toolfix does not mend')
vec('gemma4-regex-bare-line', 'Gemma 4', G4R+'TestGemma4FallbackFormats test_bare_call_with_leading_whitespace', 'some prose\ncall:bash{command:'+Q+'make -j8'+Q+'}', G4T, note=G4BARE)
vec('gemma4-regex-fragmented', 'Gemma 4', G4R+'TestGemma4FallbackFormats test_fragmented_call_tag_from_multimodal', '<call>get_weather{city:'+Q+'Paris'+Q+'}', [T('get_weather', city=S)], note=G4BARE)
vec('gemma4-regex-bare-hyphen', 'Gemma 4', G4R+'TestGemma4FallbackFormats test_hyphenated_tool_name', 'call:web-search{query:'+Q+'gemma 4 release'+Q+'}', [T('web-search', query=S)], note=G4BARE)
vec('gemma4-regex-bare-dotted', 'Gemma 4', G4R+'TestGemma4FallbackFormats test_dotted_tool_name', 'call:fs.read_file{path:'+Q+'/work/Makefile'+Q+'}', [T('fs.read_file', path=S)], note=G4BARE)
vec('gemma4-regex-no-call', 'Gemma 4', G4R+'TestGemma4FallbackFormats test_no_tool_call_returns_empty', 'Just some reasoning text with no call in it.', G4T)
vec('gemma4-regex-engine-bare', 'Gemma 4', G4R+'TestGemma4EngineBareCallIntegration test_engine_tool_parser_bare_call_extraction', '<|channel>thought\nListing directory files.\n<channel|>call:bash{command:'+Q+'ls -la /work'+Q+'}', [GB], note=G4BARE)
# --- the Rust tool parser bridge (DeepSeek V4 DSML and Kimi K2 rows)
RS = V+'test_rust_tool_parser.py '
RST = [T('get_weather', location=S, date=S), T('add', x=I, y=I)]
RSC = [('get_weather', {'location': 'SF', 'date': '2024-01-16'}), ('add', {'x': 3, 'y': 5})]
def rinv(n, ps): return '<｜DSML｜invoke name="%s">\n' % n + '\n'.join('<｜DSML｜parameter name="%s" string="%s">%s</｜DSML｜parameter>' % (k, 'true' if s else 'false', v) for k, v, s in ps) + '\n</｜DSML｜invoke>\n'
RSDS = '<｜DSML｜tool_calls>\n' + rinv('get_weather', [('location', 'SF', True), ('date', '2024-01-16', True)]) + rinv('add', [('x', '3', False), ('y', '5', False)]) + '</｜DSML｜tool_calls>'
RSKIMI = '<|tool_calls_section_begin|><|tool_call_begin|>functions.get_weather:0<|tool_call_argument_begin|>{"location": "SF", "date": "2024-01-16"}<|tool_call_end|><|tool_call_begin|>functions.add:1<|tool_call_argument_begin|>{"x": 3, "y": 5}<|tool_call_end|><|tool_calls_section_end|>'
vec('rust-dsml-v4', 'DeepSeek V4 DSML', RS+'test_rust_tool_parser_extension_typed_api (and test_rust_tool_parser_adapter_streaming_handles_multiple_calls)', RSDS, RST, RSC)
vec('rust-dsml-v4-prose', 'DeepSeek V4 DSML', RS+'test_rust_tool_parser_adapter_extracts_complete_output', 'Let me create it. ' + RSDS, RST, RSC, keep='Let me create it.')
vec('rust-kimi-k2', 'Kimi K2', RS+'test_rust_tool_parser_adapter_streaming_prefers_model_tool_call_ids', RSKIMI, RST, RSC,
    note='vLLM keeps the model\'s ids functions.T:N; toolfix gives each call an id of the API\'s own form')
vec('rust-kimi-k2-prose', 'Kimi K2', RS+'test_rust_tool_parser_adapter_complete_prefers_model_tool_call_ids', 'Let me check. ' + RSKIMI, RST, RSC, keep='Let me check.')
vec('rust-kimi-k2-parse-error', 'Kimi K2', RS+'test_streaming_parse_error_preserves_committed_model_tool_call_id', '<|tool_calls_section_begin|><|tool_call_begin|>functions.get_weather:0<|tool_call_argument_begin|>{"location": "SF"}<|tool_call_end|><|tool_call_begin|>invalid<|tool_call_argument_begin|>{}', RST,
    note='disagrees on purpose: vLLM keeps the committed first call and passes the rest as text; toolfix takes a tail whole or not at all, and the second names no declared tool and is cut off')
# --- CWM (test_csm_tool_parser.py tests vllm's cwm_tool_parser)
CW = V+'test_csm_tool_parser.py '
CWT = [T('terminal', command=S), T('python', command=S)]
CWNOTE = 'left out on purpose: CWM writes a tool name and raw text with no argument name (<tool: function>⏎terminal TEXT⏎</tool>); vLLM puts the text in a "command" argument, and toolfix does not guess an argument'
vec('cwm-no-tools', 'CWM', CW+'test_extract_tool_calls_no_tools', 'This is a test', CWT)
vec('cwm-terminal', 'CWM', CW+'test_extract_tool_calls_single_terminal_inline', '<think>Let me search.</think>\n<tool: function>\nterminal find . -name "*.py" | xargs grep -n "def bulk_create"\n</tool>\n', CWT, note='disagrees on purpose, ' + CWNOTE)
vec('cwm-multiple', 'CWM', CW+'test_extract_tool_calls_multiple_tools', 'preamble\n<tool: function>\nterminal echo hi\n</tool>\n<tool: function>\nterminal echo bye\n</tool>\n', CWT, note='disagrees on purpose, ' + CWNOTE)
vec('cwm-shorthand', 'CWM', CW+'test_extract_tool_calls_shorthand_missing_gt_uses_label_as_tool_name', 'prefix\n</think> <tool: python import os; print(os.listdir("_pytest")) </tool>\n', CWT, note='disagrees on purpose, ' + CWNOTE)
# --- LFM2: the rest of test_lfm2_tool_parser.py
vec('lfm2-empty-list', 'pythonic', LF+'[empty_list_nonstreaming]', lw('do_something_cool(steps=[])'), LTOOLS, [('do_something_cool', {'steps': []})])
vec('lfm2-raw-newline', 'pythonic', LF+'[multiline_string_arg_nonstreaming]', lw("exec(command='cat > f.py << EOF\nimport csv\nprint(1)\nEOF')"), [T('exec', command=S)], [('exec', {'command': 'cat > f.py << EOF\nimport csv\nprint(1)\nEOF'})])
vec('lfm2-set-arg', 'pythonic', LF+'[set_arg_nonstreaming]', lw("label(tags={'urgent', 'bug'})"), [T('label', tags=A)], [('label', {'tags': ['urgent', 'bug']})])
vec('lfm2-nul-byte', 'pythonic', LF+'[nul_byte_string_arg_nonstreaming]', lw("exec(command='printf a\x00b')"), [T('exec', command=S)], [('exec', {'command': 'printf a\x00b'})])
vec('lfm2-nested-python-c', 'pythonic', LF+'[nested_python_c_nonstreaming]', lw("bash(command='cd /testbed && python3 -c \"from sympy import latex\nprint(latex(3*x, mul_symbol='\\,'))\"')"), [T('bash', command=S)],
    note='disagrees on purpose: the unescaped quotes end the string early; vLLM guesses the intended value, toolfix reads only valid literals')
vec('lfm2-empty-block-space', 'pythonic', V+'test_lfm2_tool_parser.py test_empty_tool_call_block[ ]', '<|tool_call_start|>[ ]<|tool_call_end|>', LTOOLS)
LG = T('grocery.orderIngredients', ingredientList=A, deliveryAddress=S)
LGB = "[grocery.orderIngredients(ingredientList=[{'name': 'apple', 'quantity': '2'}], deliveryAddress='123 Main St')]"
LF2 = V+'test_lfm2_tool_parser.py '
vec('lfm2-block-then-done', 'pythonic', LF2+'test_streaming_full_block_and_trailing_in_single_delta', lw(LSIMPLE) + '\nDone.', LTOOLS, note='disagrees on purpose: tail only')
vec('lfm2-prose-then-block', 'pythonic', LF2+'test_streaming_leading_content_and_full_block_in_single_delta', 'Let me check. ' + lw(LSIMPLE), LTOOLS, [LSIMPLEV], keep='Let me check.')
vec('lfm2-prose-block-done', 'pythonic', LF2+'test_streaming_leading_block_and_trailing_in_single_delta', 'Let me check. ' + lw(LSIMPLE) + '\nDone.', LTOOLS, note='disagrees on purpose: tail only')
vec('lfm2-echoed-body', 'pythonic', LF2+'test_echoed_tool_call_body_not_leaked_to_content', '<|tool_call_start|>' + LGB + '<|tool_call_end|>' + LGB + '<|tool_call_end|>', [LG],
    note='disagrees on purpose: vLLM drops the echoed body after the block; toolfix does not mend junk around the markup, and text after the block leaves it as it came (tail only)')
vec('lfm2-multi-dict-list', 'pythonic', LF2+'test_streaming_char_by_char_multi_dict_list', '<|tool_call_start|>[grocery.orderIngredients(ingredientList=[{"name": "apple", "quantity": "2"}, {"name": "bread", "quantity": "1"}])]<|tool_call_end|>', [LG],
    [('grocery.orderIngredients', {'ingredientList': [{'name': 'apple', 'quantity': '2'}, {'name': 'bread', 'quantity': '1'}]})])
vec('lfm2-regex-junk', 'pythonic', LF2+'test_regex_timeout_handling', '<|tool_call_start|>[A(A=' + '\t)A(A=,\t' * 2 + ']<|tool_call_end|>', [T('A', A=S)])
# --- MiniMax M2 sanitized (the Invoke row)
M2S = V+'test_minimax_m2_sanitized_tool_parser.py '
M2SO = '<minimax:tool_call><invoke name="read_file"><parameter name="path">scripts/monkey_character. gd</parameter></invoke></minimax:tool_call>'
vec('minimax-m2-sanitized-args', 'MiniMax M2', M2S+'test_sanitized_tool_parser_normalizes_tool_arguments', M2SO, [T('read_file', path=S)], [('read_file', {'path': 'scripts/monkey_character. gd'})],
    note='disagrees on purpose: the sanitized parser removes the space it takes for a tokenizer artifact ("character. gd" to "character.gd"); toolfix does not guess at a value, it keeps it as written')
vec('minimax-m2-sanitized-content', 'MiniMax M2', M2S+'test_sanitized_tool_parser_normalizes_visible_content', 'Reading scripts/monkey_character. gd\n' + M2SO, [T('read_file', path=S)], [('read_file', {'path': 'scripts/monkey_character. gd'})],
    keep='Reading scripts/monkey_character. gd', note='disagrees on purpose: the sanitized parser rewrites the text and the value; toolfix keeps both as they came')
# --- Nemotron Nano v2 (the Nemotron JSON rows)
NN = V+'test_nemotron_nano_v2_tool_parser.py '
vec('nemotron-nano-v2-no-call', 'Nemotron JSON', NN+'test_extract_tool_calls_returns_content_without_tool_call', 'No tool call here.', [NW])
vec('nemotron-nano-v2-array', 'Nemotron JSON', NN+'test_extract_tool_calls_from_nemotron_array', 'Let me check that.<TOOLCALL>[{"name": "get_weather", "arguments": {"city": "Tokyo", "unit": "celsius"}}]</TOOLCALL>', [NW],
    [('get_weather', {'city': 'Tokyo', 'unit': 'celsius'})], keep='Let me check that.')
vec('nemotron-nano-v2-object', 'Nemotron JSON', NN+'test_extract_tool_calls_wraps_single_object', '<TOOLCALL>{"name": "lookup", "arguments": {"query": "vllm"}}</TOOLCALL>', [NL], [('lookup', {'query': 'vllm'})])
vec('nemotron-nano-v2-string-args', 'Nemotron JSON', NN+'test_extract_tool_calls_supports_string_arguments', '<TOOLCALL>[{"name": "run_query", "arguments": "{\\"sql\\": \\"select 1\\"}"}]</TOOLCALL>', [NR], [('run_query', {'sql': 'select 1'})])
vec('nemotron-nano-v2-malformed', 'Nemotron JSON', NN+'test_extract_tool_calls_returns_original_for_malformed', '<TOOLCALL>[{"name": "broken", "arguments": {}</TOOLCALL>', [T('broken')])
vec('nemotron-nano-v2-stream', 'Nemotron JSON', NN+'test_streaming_reconstructs_tool_call', 'Let me check.<TOOLCALL>[{"name": "get_weather", "arguments": {"city": "Tokyo", "unit": "celsius"}}]</TOOLCALL>', [NW],
    [('get_weather', {'city': 'Tokyo', 'unit': 'celsius'})], keep='Let me check.')
vec('nemotron-nano-v2-nested', 'Nemotron JSON', NN+'test_streaming_handles_nested_json_arguments', '<TOOLCALL>[{"name": "search", "arguments": {"filters": {"city": "Tokyo"}, "items": [{"name": "rain", "value": true}]}}]</TOOLCALL>', [NS2],
    [('search', {'filters': {'city': 'Tokyo'}, 'items': [{'name': 'rain', 'value': True}]})])
vec('nemotron-nano-v2-think', 'Nemotron JSON', NN+'test_extract_tool_calls_keeps_think_block_as_content', '<think>\nI need the weather for Tokyo.\n</think>\n<TOOLCALL>[{"name": "get_weather", "arguments": {"city": "Tokyo"}}]</TOOLCALL>', [NW],
    [('get_weather', {'city': 'Tokyo'})], keep='<think>\nI need the weather for Tokyo.\n</think>')
vec('nemotron-nano-v2-two', 'Nemotron JSON', NN+'test_streaming_handles_multiple_tool_calls', '<TOOLCALL>[{"name": "get_weather", "arguments": {"city": "Tokyo"}}, {"name": "lookup_timezone", "arguments": {"city": "Tokyo"}}]</TOOLCALL>', [NW, NTZ],
    [('get_weather', {'city': 'Tokyo'}), ('lookup_timezone', {'city': 'Tokyo'})])
vec('nemotron-nano-v2-one-delta', 'Nemotron JSON', NN+'test_streaming_single_delta_handles_content_and_tool_call', 'Let me check.<TOOLCALL>[{"name": "get_weather", "arguments": {"city": "Tokyo"}}]</TOOLCALL>', [NW],
    [('get_weather', {'city': 'Tokyo'})], keep='Let me check.')

# --- SGLang's MiniMax M2 detector tests (the Invoke row)
SMM = 'sgl-project/sglang test/registered/function_call/test_minimax_m2_detector.py TestMinimaxM2DetectorBugs '
def mmx(n, *kv): return '<minimax:tool_call><invoke name="%s">' % n + ''.join('<parameter name="%s">%s</parameter>' % (k, v) for k, v in zip(kv[::2], kv[1::2])) + '</invoke></minimax:tool_call>'
MMU = T('the_tool', args={'anyOf': [{'type': 'string'}, {'type': 'null'}]})
MMC = T('context_info', metadata_only=B)
vec('sglang-minimax-m2-anyof-string', 'MiniMax M2', SMM+'test_anyof_with_null_should_preserve_string_value', mmx('the_tool', 'args', 'hi'), [MMU], [('the_tool', {'args': 'hi'})])
vec('sglang-minimax-m2-no-end', 'MiniMax M2', SMM+'test_incomplete_tool_call_should_not_leak_to_normal_text', '[Pasted ~4 lines]<minimax:tool_call><invoke name="context_info"><parameter name="metadata_only">false</parameter></invoke>', [MMC],
    [('context_info', {'metadata_only': False})], keep='[Pasted ~4 lines]', note='the missing </minimax:tool_call> is forgiven: the invoke is complete')
vec('sglang-minimax-m2-text-after', 'MiniMax M2', SMM+'test_complete_tool_call_should_not_leak_end_marker', 'Here is some text.' + mmx('context_info', 'metadata_only', 'true') + 'More text after.', [MMC],
    note='disagrees on purpose: tail only')
vec('sglang-minimax-m2-html-value', 'MiniMax M2', SMM+'test_parameter_value_with_xml_content', mmx('process_html', 'html', '<div>Hello</div>'), [T('process_html', html=S)], [('process_html', {'html': '<div>Hello</div>'})])
vec('sglang-minimax-m2-streaming-cut', 'MiniMax M2', SMM+'test_streaming_incomplete_tool_call_should_buffer', 'Normal text before<minimax:tool_call><invoke name="context_info"><parameter name="metadata_only">false</parameter>', [MMC],
    [('context_info', {'metadata_only': False})], keep='Normal text before',
    note='disagrees on purpose: SGLang holds the call without its </invoke>; the text ends after a complete parameter with only closers missing, which toolfix forgives in every family')
vec('sglang-minimax-m2-streaming-text-after', 'MiniMax M2', SMM+'test_streaming_complete_tool_call_emits_properly', 'Text before ' + mmx('context_info', 'metadata_only', 'true') + ' Text after', [MMC], note='disagrees on purpose: tail only')
vec('sglang-minimax-m2-streaming-complete', 'MiniMax M2', SMM+'test_streaming_complete_tool_call_emits_properly (the call at the tail)', 'Text before ' + mmx('context_info', 'metadata_only', 'true'), [MMC],
    note='disagrees on purpose: the wrapper token after a blank inside an unfinished sentence is how prose shows it ("MiniMax M2 wraps its invokes in <minimax:tool_call>…": report-lookalike3-minimax-wrap-inside); glued to the text (sglang-minimax-m2-streaming-cut "Normal text before<minimax:tool_call>") or after a finished sentence it is taken')
vec('sglang-minimax-m2-anyof-object', 'MiniMax M2', SMM+'test_complex_anyof_with_object_and_null', mmx('complex_func', 'data', '{"key": "value"}'), [T('complex_func', data={'anyOf': [{'type': 'object', 'properties': {'key': {'type': 'string'}}}, {'type': 'null'}]})],
    [('complex_func', {'data': {'key': 'value'}})])
vec('sglang-minimax-m2-array', 'MiniMax M2', SMM+'test_array_type_in_parameters', mmx('array_func', 'items', '[1, 2, 3, "four"]'), [T('array_func', items=A)], [('array_func', {'items': [1, 2, 3, 'four']})])

# === SGLang test files converted in session 27 (vec-sglang adds its sections here)
# --- SGLang's Kimi K2 detector tests (the Kimi K2 row)
SK2 = 'sgl-project/sglang test/registered/function_call/test_kimik2_detector.py '
K2RF, K2W = T('ReadFile', path=S), T('get_weather', city=S, unit=S)
def k2(*calls): return '<|tool_calls_section_begin|>' + ''.join('<|tool_call_begin|>functions.%s:%d<|tool_call_argument_begin|>%s<|tool_call_end|>' % (n, i, a) for n, i, a in calls) + '<|tool_calls_section_end|>'
K2ONE = k2(('ReadFile', 0, '{"path": "/test.py"}'))
vec('sglang-kimik2-det-single', 'Kimi K2', SK2+'TestKimiK2DetectorBasic test_single_tool_call', K2ONE, [K2RF, K2W], [('ReadFile', {'path': '/test.py'})])
vec('sglang-kimik2-det-multiple', 'Kimi K2', SK2+'TestKimiK2DetectorBasic test_multiple_tool_calls', k2(('ReadFile', 0, '{"path": "/a.py"}'), ('get_weather', 1, '{"city": "Tokyo"}')), [K2RF, K2W],
    [('ReadFile', {'path': '/a.py'}), ('get_weather', {'city': 'Tokyo'})])
vec('sglang-kimik2-det-index-local', 'Kimi K2', SK2+'TestKimiK2DetectorBasic test_non_streaming_tool_index_is_local', k2(('ReadFile', 5, '{"path": "/a.py"}'), ('get_weather', 6, '{"city": "Tokyo"}')), [K2RF, K2W],
    [('ReadFile', {'path': '/a.py'}), ('get_weather', {'city': 'Tokyo'})], note='the :N counters are read past; toolfix gives each call its own id')
vec('sglang-kimik2-det-text-before', 'Kimi K2', SK2+'TestKimiK2DetectorBasic test_normal_text_before_tool_call', 'Let me check the file.' + K2ONE, [K2RF, K2W], [('ReadFile', {'path': '/test.py'})], keep='Let me check the file.')
vec('sglang-kimik2-det-plain', 'Kimi K2', SK2+'TestKimiK2DetectorBasic test_no_tool_call', 'Just a normal response.', [K2RF, K2W])
vec('sglang-kimik2-det-hyphen', 'Kimi K2', SK2+'TestKimiK2DetectorHyphenatedNames test_hyphenated_name_non_streaming', k2(('mcp__portal__search-documents', 0, '{"path": "/docs"}')), [T('mcp__portal__search-documents', path=S), T('list-files', path=S)],
    [('mcp__portal__search-documents', {'path': '/docs'})])
vec('sglang-kimik2-det-hyphen-stream', 'Kimi K2', SK2+'TestKimiK2DetectorHyphenatedNames test_hyphenated_name_streaming', k2(('list-files', 0, '{"path": "/home"}')), [T('mcp__portal__search-documents', path=S), T('list-files', path=S)],
    [('list-files', {'path': '/home'})])
vec('sglang-kimik2-det-stream-two', 'Kimi K2', SK2+'TestKimiK2DetectorStreaming test_streaming_multiple_tool_calls', k2(('ReadFile', 0, '{"path": "/a.py"}'), ('get_weather', 1, '{"city": "Paris"}')), [K2RF, K2W],
    [('ReadFile', {'path': '/a.py'}), ('get_weather', {'city': 'Paris'})])
vec('sglang-kimik2-det-left-angle', 'Kimi K2', SK2+'TestKimiK2DetectorStreaming test_streaming_trailing_literal_left_angle_is_not_dropped', 'normal text <', [K2RF, K2W])
vec('sglang-kimik2-det-stray-section-end', 'Kimi K2', SK2+'TestKimiK2DetectorSpecialTokenLeakage test_no_leak_in_non_tool_text', 'normal text<|tool_calls_section_end|>', [K2RF],
    note='disagrees on purpose: SGLang strips the stray end token; toolfix mends calls only and passes text without a call as it came')
vec('sglang-kimik2-det-stray-arg-begin', 'Kimi K2', SK2+'TestKimiK2DetectorSpecialTokenLeakage test_no_leak_of_argument_begin_token', 'text<|tool_call_argument_begin|>more', [K2RF],
    note='disagrees on purpose: SGLang strips the stray token; toolfix passes text without a call as it came')
vec('sglang-kimik2-det-think-closed', 'Kimi K2', SK2+'TestKimiK2ReasoningDetectorNonStreaming test_normal_reasoning_with_think_end', '<think>I need to check the file.</think>' + K2ONE, [K2RF],
    [('ReadFile', {'path': '/test.py'})], keep='<think>I need to check the file.</think>', note='the answer begins after </think>, so the Kimi opener glued to it stands as at a line start (issue 20: servers.py)')
vec('sglang-kimik2-det-think-closed-line', 'Kimi K2', SK2+'TestKimiK2ReasoningDetectorNonStreaming test_normal_reasoning_with_think_end (a line break after </think>)', '<think>I need to check the file.</think>\n' + K2ONE, [K2RF],
    [('ReadFile', {'path': '/test.py'})], keep='<think>I need to check the file.</think>', note='SGLang splits the reasoning off; toolfix is no reasoning parser and keeps the text before the call as it came')
vec('sglang-kimik2-det-think-open', 'Kimi K2', SK2+'TestKimiK2ReasoningDetectorNonStreaming test_tool_call_inside_think_without_close_tag', '<think>Let me read this file...' + K2ONE, [K2RF],
    note='disagrees on purpose: SGLang ends the reasoning at the call tokens; toolfix reads markup inside an unclosed <think> as reasoning and takes no call there')
vec('sglang-kimik2-det-no-think', 'Kimi K2', SK2+'TestKimiK2ReasoningDetectorNonStreaming test_no_reasoning_just_tool_call', k2(('ReadFile', 0, '{"path": "/x"}')), [K2RF], [('ReadFile', {'path': '/x'})])
K2E = SK2+'TestKimiK2EndToEnd '
K2TH = '<think>Thinking about it...</think>This is a content:'
vec('sglang-kimik2-e2e-content', 'Kimi K2', K2E+'test_e2e_normal_think_close_then_content_overlap_tool_call', K2TH + k2(('get_weather', 0, '{"city": "London"}')), [K2RF, T('get_weather', city=S)],
    note='disagrees on purpose: glued after a colon on its line, where prose introduces an example; the Kimi opener counts at a line start or after a finished sentence (AfterStop)')
vec('sglang-kimik2-e2e-two-sections', 'Kimi K2', K2E+'test_e2e_normal_think_close_then_content_overlap_tool_call_multi_token_multi_calls', K2TH + k2(('get_weather', 0, '{"city": "London"}')) + k2(('get_weather', 1, '{"city": "Delhi"}')), [K2RF, T('get_weather', city=S)],
    note='disagrees on purpose: glued after a colon (AfterStop), as sglang-kimik2-e2e-content')
vec('sglang-kimik2-e2e-two-sections-stop', 'Kimi K2', K2E+'test_e2e_normal_think_close_then_content_overlap_tool_call_multi_token_multi_calls (the content a sentence)', 'This is a content.' + k2(('get_weather', 0, '{"city": "London"}')) + k2(('get_weather', 1, '{"city": "Delhi"}')), [K2RF, T('get_weather', city=S)],
    [('get_weather', {'city': 'London'}), ('get_weather', {'city': 'Delhi'})], keep='This is a content.', note='two sections back to back are read as one tail')
vec('sglang-kimik2-e2e-think-open', 'Kimi K2', K2E+'test_e2e_non_streaming_reasoning_to_tool_call', '<think>Let me check this file.' + k2(('ReadFile', 0, '{"path": "/src/main.py"}')), [K2RF, T('get_weather', city=S)],
    note='disagrees on purpose: the call stands inside an unclosed <think>, which toolfix reads as reasoning')


# --- SGLang's Kimi K3 detector tests (the Kimi K3 XTML row; k3a/k3c/k3t above)
SK3D = 'sgl-project/sglang test/registered/function_call/test_kimik3_detector.py '
K3RO, K3RC, K3MC, K3TC = '<|open|>response<|sep|>', '<|close|>response<|sep|>', '<|close|>message<|sep|>', '<|close|>think<|sep|>'
K3PY = T('python', code=S, opts=O)
K3LEAK = k3t(k3c('read_agent', 1, k3a('id', 'string', 'worker_1'))) + K3MC
K3RA = T('read_agent', id=S)
vec('sglang-kimik3-single', 'Kimi K3 XTML', SK3D+'test_detect_and_parse_single_call', K3RO + 'Let me run it.' + K3RC + k3t(k3c('python', 1, k3a('code', 'string', 'print(1)'), k3a('opts', 'object', '{"a": 1}'))), [K3PY],
    [('python', {'code': 'print(1)', 'opts': {'a': 1}})], keep=K3RO + 'Let me run it.' + K3RC, note='SGLang unwraps the response channel into the content; toolfix keeps the text before the call as it came')
vec('sglang-kimik3-no-tools-channel', 'Kimi K3 XTML', SK3D+'test_detect_and_parse_no_tools_channel', K3RO + 'hi there' + K3RC + K3MC, [K3PY],
    note='SGLang unwraps the response channel; toolfix passes text without a call as it came')
vec('sglang-kimik3-multiple', 'Kimi K3 XTML', SK3D+'test_detect_and_parse_multiple_calls', k3t(k3c('python', 1, k3a('code', 'string', 'a')), k3c('python', 2, k3a('code', 'string', 'b'))), [K3PY],
    [('python', {'code': 'a'}), ('python', {'code': 'b'})])
vec('sglang-kimik3-unclosed-section', 'Kimi K3 XTML', SK3D+'test_detect_and_parse_unclosed_tools_section', '<|open|>tools<|sep|>' + k3c('python', 1, k3a('code', 'string', 'x')), [K3PY],
    [('python', {'code': 'x'})], note='the missing tools closer is forgiven: the call is complete')
vec('sglang-kimik3-attr-escape', 'Kimi K3 XTML', SK3D+'test_attr_unescaping_and_raw_string_args', k3t('<|open|>call tool="a&amp;b" index="1"<|sep|>' + k3a('q', 'string', 'say &quot;hi&quot;') + '<|close|>call<|sep|>'), [K3PY],
    note='disagrees on purpose: SGLang forwards a call of a tool the request lacks (a&b); toolfix takes only the request\'s tools')
vec('sglang-kimik3-bad-object', 'Kimi K3 XTML', SK3D+'test_non_string_arg_json_decoding', k3t(k3c('python', 1, k3a('n', 'number', '42'), k3a('flag', 'boolean', 'true'), k3a('bad', 'object', '{not json'))), [T('python', n=N, flag=B, bad=O)],
    note='disagrees on purpose: SGLang passes the broken object on as a string; for a declared object it fits no schema, and toolfix never guesses')
vec('sglang-kimik3-typed', 'Kimi K3 XTML', SK3D+'test_non_string_arg_json_decoding (without the broken object)', k3t(k3c('python', 1, k3a('n', 'number', '42'), k3a('flag', 'boolean', 'true'))), [T('python', n=N, flag=B, bad=O)],
    [('python', {'n': 42, 'flag': True})])
vec('sglang-kimik3-stream-split', 'Kimi K3 XTML', SK3D+'test_streaming_split_markers', K3RO + 'Hello!' + K3RC + k3t(k3c('python', 1, k3a('code', 'string', 'print(2)'))), [K3PY],
    [('python', {'code': 'print(2)'})], keep=K3RO + 'Hello!' + K3RC)
vec('sglang-kimik3-plain', 'Kimi K3 XTML', SK3D+'test_streaming_plain_text_only', 'just a plain reply', [K3PY])
vec('sglang-kimik3-truncated', 'Kimi K3 XTML', SK3D+'test_stream_end_reports_truncated_tools_section', '<|open|>tools<|sep|><|open|>call tool="python" index="1"<|sep|>', [K3PY], note='a cut-off call is never completed')
vec('sglang-kimik3-held-angle', 'Kimi K3 XTML', SK3D+'test_stream_end_releases_held_back_text', 'all done<', [K3PY])
vec('sglang-kimik3-truncated-marker', 'Kimi K3 XTML', SK3D+'test_stream_end_drops_truncated_marker', 'all done<|open|>', [K3PY],
    note='disagrees on purpose: SGLang drops the stray marker; toolfix passes text without a call as it came')
vec('sglang-kimik3-leaked-section', 'Kimi K3 XTML', SK3D+'test_unparsed_tools_section_dropped_with_reply_kept (read_agent declared)', K3LEAK, [K3RA], [('read_agent', {'id': 'worker_1'})])
vec('sglang-kimik3-leaked-after-reply', 'Kimi K3 XTML', SK3D+'test_unparsed_tools_section_dropped_with_reply_kept (read_agent declared)', K3RO + 'on it' + K3RC + K3LEAK, [K3RA],
    [('read_agent', {'id': 'worker_1'})], keep=K3RO + 'on it' + K3RC)
vec('sglang-kimik3-leaked-undeclared', 'Kimi K3 XTML', SK3D+'test_parser_strips_when_no_tools_declared', K3LEAK, [K3PY],
    note='disagrees on purpose: SGLang drops the section; toolfix passes a call of a tool the request lacks as it came')
vec('sglang-kimik3-after-think-close', 'Kimi K3 XTML', SK3D+'test_think_close_without_open_drops_reasoning (read_agent declared)', 'deliberating' + K3TC + K3LEAK, [K3RA],
    [('read_agent', {'id': 'worker_1'})], keep='deliberating' + K3TC, note='SGLang drops the reasoning; toolfix keeps the text before the call as it came')
vec('sglang-kimik3-quoted-token', 'Kimi K3 XTML', SK3D+'test_quoted_call_token_without_attributes_survives', 'calls open with <|open|>call, then attributes', [K3PY],
    note='SGLang strips the token; toolfix passes the text as it came')
vec('sglang-kimik3-plain-angles', 'Kimi K3 XTML', SK3D+'test_plain_text_is_untouched[a < b and c |> d]', 'a < b and c |> d', [K3PY])
vec('sglang-kimik3-plain-trailing-angle', 'Kimi K3 XTML', SK3D+'test_plain_text_is_untouched[is 3 < 4? yes <]', 'is 3 < 4? yes <', [K3PY])
vec('sglang-kimik3-done-tool', 'Kimi K3 XTML', SK3D+'test_parser_strips_when_detection_misses', 'done<|open|>tool', [K3PY], note='SGLang strips the stray marker; toolfix passes the text as it came')

# --- SGLang's DeepSeek V3.1 and V3.2/V4 detector tests
SD31 = 'sgl-project/sglang test/registered/function_call/test_deepseekv31_detector.py TestDeepSeekV31Streaming '
D31S, D31E, D31CB, D31CE, D31SEP = '<｜tool▁calls▁begin｜>', '<｜tool▁calls▁end｜>', '<｜tool▁call▁begin｜>', '<｜tool▁call▁end｜>', '<｜tool▁sep｜>'
def d31(*calls): return D31S + ''.join(D31CB + n + D31SEP + a + D31CE for n, a in calls) + D31E
D31W = T('get_weather', city=S)
vec('sglang-deepseekv31-two-calls', 'DeepSeek V3.1', SD31+'test_delta_spanning_two_calls_keeps_both_arguments', d31(('get_weather', '{"city": "Tokyo"}'), ('get_weather', '{"city": "Paris"}')), [D31W],
    [('get_weather', {'city': 'Tokyo'}), ('get_weather', {'city': 'Paris'})])
vec('sglang-deepseekv31-single', 'DeepSeek V3.1', SD31+'test_complete_call_in_single_delta_streams_arguments', d31(('get_weather', '{"city": "Tokyo"}')), [D31W], [('get_weather', {'city': 'Tokyo'})])
vec('sglang-deepseekv31-one-shot', 'DeepSeek V3.1', SD31+'test_one_shot_parse_unchanged', d31(('get_weather', '{"city": "Tokyo"}'), ('get_weather', '{"city": "Paris"}')), [T('get_weather', city=S, unit=S)],
    [('get_weather', {'city': 'Tokyo'}), ('get_weather', {'city': 'Paris'})])
SD32 = 'sgl-project/sglang test/registered/function_call/test_deepseekv32_detector.py '
D32P = '<｜DSML｜parameter name="payload" string="false">Здравствуйте, мир! Это тест</｜DSML｜parameter>'
def d32(wrap, param): return '<｜DSML｜%s>\n<｜DSML｜invoke name="write_note">\n' % wrap + param + '\n</｜DSML｜invoke>\n</｜DSML｜%s>' % wrap
D32T = T('write_note', payload=O)
vec('sglang-deepseekv32-prose-object', 'DeepSeek V3.2 DSML', SD32+'TestNonJsonObjectParamStreaming test_no_parser_error_and_no_dsml_leak', d32('function_calls', D32P), [D32T],
    note='disagrees on purpose: SGLang passes the prose on as the object parameter\'s value (a string); for a declared object it fits no schema, and toolfix never guesses')
vec('sglang-deepseekv32-prose-string', 'DeepSeek V3.2 DSML', SD32+'TestNonJsonObjectParamStreaming test_no_parser_error_and_no_dsml_leak (payload declared a string)', d32('function_calls', D32P), [T('write_note', payload=S)],
    [('write_note', {'payload': 'Здравствуйте, мир! Это тест'})], note='string="false" is read past: the schema types the value')
vec('sglang-deepseekv4-prose-string', 'DeepSeek V4 DSML', SD32+'TestNonJsonObjectParamStreaming test_v4_tool_calls_tokens (payload declared a string)', d32('tool_calls', D32P), [T('write_note', payload=S)],
    [('write_note', {'payload': 'Здравствуйте, мир! Это тест'})])
vec('sglang-deepseekv4-prose-object', 'DeepSeek V4 DSML', SD32+'TestNonJsonObjectParamStreaming test_v4_tool_calls_tokens', d32('tool_calls', D32P), [D32T],
    note='disagrees on purpose: prose for a declared object fits no schema; toolfix never guesses')
vec('sglang-deepseekv32-cut-off', 'DeepSeek V3.2 DSML', SD32+'TestBufferResetOnError test_buffer_cleared_after_unexpected_error', '<｜DSML｜function_calls>\n<｜DSML｜invoke name="write_note">\nboom', [D32T], note='a cut-off call is never completed')
vec('sglang-deepseekv32-json-object', 'DeepSeek V3.2 DSML', SD32+'TestJsonParamStreamingUnchanged test_json_object_param_still_streams', d32('function_calls', '<｜DSML｜parameter name="payload" string="false">{"city": "San Francisco"}</｜DSML｜parameter>'), [D32T],
    [('write_note', {'payload': {'city': 'San Francisco'}})])

# --- SGLang's gpt-oss detector tests (the gpt-oss Harmony row; hcm above)
SGO = 'sgl-project/sglang test/registered/function_call/test_gpt_oss_detector.py TestGptOssDetector '
GOA = '<|channel|>analysis<|message|>Reasoning...<|end|>'
GORF = T('read_file', files=A)
GOCALL = '<|start|>assistant<|channel|>commentary to=functions.read_file <|constrain|>json<|message|>{\n  "files": []\n}<|call|>'
vec('sglang-gpt-oss-final-after', 'gpt-oss Harmony', SGO+'test_detect_and_parse_truncate_normal', GOA + GOCALL + '<|start|>assistant<|channel|>final<|message|>This text should be truncated.', [GORF],
    note='disagrees on purpose: SGLang takes the call and drops the final message after it; toolfix takes a call only at the tail (text after it shows an example, and dropping it would lose the answer)')
vec('sglang-gpt-oss-final-after-stream', 'gpt-oss Harmony', SGO+'test_parse_streaming_truncate_normal', GOA + GOCALL + '<|start|>assistant<|channel|>final<|message|>This text should be truncated.', [GORF, T('write_file', path=S)],
    note='disagrees on purpose: tail only (as sglang-gpt-oss-final-after)')
vec('sglang-gpt-oss-call-tail', 'gpt-oss Harmony', SGO+'test_detect_and_parse_truncate_normal (without the final message)', GOA + GOCALL, [GORF], [('read_file', {'files': []})], keep=GOA,
    note='SGLang takes the analysis channel into reasoning; toolfix keeps the text before the call as it came')
vec('sglang-gpt-oss-fast-path', 'gpt-oss Harmony', SGO+'test_parse_streaming_fast_path_fix (its first chunk)', '<|start|>assistant<|channel|>commentary to=functions.read_file <|constrain|>json<|message|>{}<|call|>', [GORF], [('read_file', {})])
vec('sglang-gpt-oss-fast-path-text-after', 'gpt-oss Harmony', SGO+'test_parse_streaming_fast_path_fix', '<|start|>assistant<|channel|>commentary to=functions.read_file <|constrain|>json<|message|>{}<|call|>This is normal text that should be ignored.', [GORF],
    note='disagrees on purpose: SGLang drops the text after the call; toolfix takes a call only at the tail')

# --- SGLang's multi-format detector tests (test_multi_format_detector.py): one server parser, a
# dialect per request (tool_format); each dialect's vectors under the row that reads its markup
SMF = 'sgl-project/sglang test/registered/function_call/test_multi_format_detector.py '
MFX = T('get_weather', x=S)
MFQ = [T('get_weather', city=S, days=I), T('get_time', timezone=S)]
def mfi(n, p): return '<tool_calls><invoke name="%s">' % n + p + '</invoke></tool_calls>'
vec('sglang-multi-minimax-single', 'multi_format <tool_calls> invoke', SMF+'TestMinimaxDialect test_single_call', 'prefix' + mfi('get_weather', '<parameter name="x">NYC</parameter>'), [MFX],
    note='disagrees on purpose: <tool_calls> is a plain tag prose writes; glued after text on its line it counts as an example (the line-start rule, as the Hunyuan row)')
vec('sglang-multi-minimax-single-line', 'multi_format <tool_calls> invoke', SMF+'TestMinimaxDialect test_single_call (a line break after the prefix)', 'prefix\n' + mfi('get_weather', '<parameter name="x">NYC</parameter>'), [MFX],
    [('get_weather', {'x': 'NYC'})], keep='prefix')
vec('sglang-multi-minimax-numeric', 'multi_format <tool_calls> invoke', SMF+'TestMinimaxDialect test_numeric_value_parses_as_int_via_json_fallback', mfi('get_weather', '<parameter name="x">42</parameter>'), [MFX],
    [('get_weather', {'x': '42'})], note='SGLang reads 42 as a number; toolfix types by the schema, which declares x a string')
vec('sglang-multi-minimax-plain', 'multi_format <tool_calls> invoke', SMF+'TestMinimaxDialect test_no_tool_call_returns_full_text', 'plain text', [MFX])
vec('sglang-multi-qwen3-bare', 'Qwen3 Coder/XML', SMF+'TestQwen3Dialect test_bare_function_without_tool_call_wrapper', '<function=get_weather>\n<parameter=city>SF</parameter>\n<parameter=days>3</parameter>\n</function>', MFQ,
    [('get_weather', {'city': 'SF', 'days': 3})])
vec('sglang-multi-qwen3-between', 'Qwen3 Coder/XML', SMF+'TestQwen3Dialect test_preserves_text_between_multiple_tool_blocks', 'pre<tool_call><function=get_weather><parameter=city>SF</parameter></function></tool_call>middle<tool_call><function=get_time><parameter=timezone>UTC</parameter></function></tool_call>post', MFQ,
    note='disagrees on purpose: tail only (text after and between the calls)')
vec('sglang-multi-dsv32-string-true', 'multi_format <tool_calls> invoke', SMF+'TestDsv32Dialect test_string_flag_forces_string', mfi('get_weather', '<parameter name="x" string="true">42</parameter>'), [MFX], [('get_weather', {'x': '42'})])
vec('sglang-multi-dsv32-no-flag', 'multi_format <tool_calls> invoke', SMF+'TestDsv32Dialect test_no_string_flag_parses_as_json', mfi('get_weather', '<parameter name="x">42</parameter>'), [T('get_weather', x=I)], [('get_weather', {'x': 42})],
    note='the schema declares x an integer here')
vec('sglang-multi-dsv32-string-false', 'multi_format <tool_calls> invoke', SMF+'TestDsv32Dialect test_string_false_is_equivalent_to_absent_flag', mfi('get_weather', '<parameter name="x" string="false">42</parameter>'), [T('get_weather', x=I)], [('get_weather', {'x': 42})])
vec('sglang-multi-dsv32-unknown', 'multi_format <tool_calls> invoke', SMF+'TestDsv32Dialect test_unknown_tool_is_forwarded', mfi('not_a_registered_tool', '<parameter name="x">NYC</parameter>'), [MFX],
    note='disagrees on purpose: SGLang forwards a call of a tool the request lacks; toolfix takes only the request\'s tools')
vec('sglang-multi-dsml-in-dsv32', 'DeepSeek V3.2 DSML', SMF+'TestDsv32VsDeepSeekV32Disjoint test_ported_dsv32_ignores_dsml_markers', '<｜DSML｜function_calls><｜DSML｜invoke name="x"><｜DSML｜parameter name="a" string="true">1</｜DSML｜parameter></｜DSML｜invoke></｜DSML｜function_calls>', [T('x', a=S)],
    [('x', {'a': '1'})], note='disagrees on purpose: SGLang\'s dsv32 dialect reads only its own markup; toolfix knows every row at once and reads the DSML call')
vec('sglang-multi-glm-basic', 'GLM 4.5/4.7', SMF+'TestGlmDialect test_basic_call', '<tool_call>get_weather<arg_key>city</arg_key><arg_value>NYC</arg_value><arg_key>days</arg_key><arg_value>3</arg_value></tool_call>', MFQ[:1],
    [('get_weather', {'city': 'NYC', 'days': 3})])
vec('sglang-multi-glm-no-args', 'GLM 4.5/4.7', SMF+'TestGlmDialect test_no_arg_keys', '<tool_call>get_weather</tool_call>', MFQ[:1], [('get_weather', {})])
vec('sglang-multi-glm-tuple', 'GLM 4.5/4.7', SMF+'TestGlmDialect test_python_tuple_literal_value', '<tool_call>get_weather<arg_key>days</arg_key><arg_value>(1, 2)</arg_value></tool_call>', MFQ[:1],
    note='disagrees on purpose: SGLang reads the Python tuple as a list; the schema declares days an integer, which it fits in neither reading, and toolfix never guesses')
MFG = '<tool_call>assistant to=functions.get_weather json\n{"city": "NYC"}\n</tool_call>'
MFGW = T('get_weather', city=S, x=S)
vec('sglang-multi-gptoss-basic', 'multi_format <tool_call> to=functions', SMF+'TestGptOssDialect test_basic_call', 'Some preamble.\n' + MFG, [MFGW], [('get_weather', {'city': 'NYC'})], keep='Some preamble.')
vec('sglang-multi-gptoss-no-assistant', 'multi_format <tool_call> to=functions', SMF+'TestGptOssDialect test_call_without_assistant_prefix', '<tool_call>to=functions.get_weather\n{"city": "NYC"}\n</tool_call>', [MFGW],
    note='disagrees on purpose: the row reads the dialect\'s header from <tool_call>assistant on; without the assistant word the header is read by no row and the text passes')
vec('sglang-multi-gptoss-not-json', 'multi_format <tool_call> to=functions', SMF+'TestGptOssDialect test_malformed_json_is_rejected', '<tool_call>assistant to=functions.get_weather json\nnot json\n</tool_call>', [MFGW])
vec('sglang-multi-gptoss-unknown', 'multi_format <tool_call> to=functions', SMF+'TestGptOssDialect test_unknown_tool_is_forwarded', '<tool_call>assistant to=functions.unregistered_fn json\n{"x": 1}\n</tool_call>', [MFGW],
    note='disagrees on purpose: SGLang forwards a call of a tool the request lacks; toolfix takes only the request\'s tools')
vec('sglang-multi-python-basic', 'multi_format <tool_call> Python call', SMF+'TestPythonDialect test_basic_call', '<tool_call>get_weather(city="NYC", days=3)</tool_call>', MFQ[:1], [('get_weather', {'city': 'NYC', 'days': 3})])
vec('sglang-multi-python-dict', 'multi_format <tool_call> Python call', SMF+'TestPythonDialect test_python_literal_dict_value', '<tool_call>get_weather(x={"a": 1, "b": [2, 3]})</tool_call>', [T('get_weather', x=O)], [('get_weather', {'x': {'a': 1, 'b': [2, 3]}})])
vec('sglang-multi-python-json-literals', 'multi_format <tool_call> Python call', SMF+'TestPythonDialect test_python_lowercase_true_false_none (without c=null)', '<tool_call>get_weather(a=true, b=false)</tool_call>', [T('get_weather', a=B, b=B)], [('get_weather', {'a': True, 'b': False})])
vec('sglang-multi-python-expression', 'multi_format <tool_call> Python call', SMF+'TestPythonDialect test_rejects_arbitrary_expression', '<tool_call>get_weather(x=2+2)</tool_call>', [T('get_weather', x=I)])
for d, t in (('minimax', mfi('not_registered', '<parameter name="x">NYC</parameter>')), ('dsv32', mfi('not_registered', '<parameter name="x" string="true">NYC</parameter>')),
             ('glm', '<tool_call>not_registered<arg_key>x</arg_key><arg_value>NYC</arg_value></tool_call>'), ('gptoss', '<tool_call>assistant to=functions.not_registered json\n{"x": "NYC"}\n</tool_call>'),
             ('python', '<tool_call>not_registered(x="NYC")</tool_call>')):
    vec('sglang-multi-unknown-' + d, {'glm': 'GLM 4.5/4.7', 'gptoss': 'multi_format <tool_call> to=functions', 'python': 'multi_format <tool_call> Python call'}.get(d, 'multi_format <tool_calls> invoke'),
        SMF+'TestUnknownToolForwarding test_embedded_dialects_forward_unknown_tool_names[%s]' % d, t, [MFX],
        note='disagrees on purpose: SGLang forwards a call of a tool the request lacks; toolfix takes only the request\'s tools')

# --- SGLang's Mistral detector tests (test/srt/function_call/test_mistral_detector.py)
SMI = 'sgl-project/sglang test/srt/function_call/test_mistral_detector.py TestMistralDetector '
MIW = T('get_weather', city=S)
vec('sglang-mistral-det-canonical', 'Mistral', SMI+'test_canonical_format', '[TOOL_CALLS] [{"name": "get_weather", "arguments": {"city": "Paris"}}]', [MIW], [('get_weather', {'city': 'Paris'})])
vec('sglang-mistral-det-compact', 'Mistral', SMI+'test_compact_format', '[TOOL_CALLS]get_weather[ARGS]{"city": "Paris"}', [MIW], [('get_weather', {'city': 'Paris'})])
vec('sglang-mistral-det-stream-canonical', 'Mistral', SMI+'test_streaming_canonical', '[TOOL_CALLS] [{"name": "get_weather", "arguments": {"city": "Paris"}}] ', [MIW], [('get_weather', {'city': 'Paris'})])
vec('sglang-mistral-det-stream-compact-cut', 'Mistral', SMI+'test_streaming_compact (its first chunk)', '[TOOL_CALLS]get_weather', [MIW], note='a cut-off call is never completed')

# --- SGLang's unknown-tool tests (a bare JSON call, as the Llama 3 JSON row reads it)
SUN = 'sgl-project/sglang test/registered/function_call/test_unknown_tool_name.py '
vec('sglang-unknown-tool-dropped', 'Llama 3 JSON', SUN+'test_unknown_tool_name_dropped_default', '{"name":"unknown_tool","parameters":{"city":"Paris"}}', [T('get_weather', city=S)],
    note='SGLang drops a call of a tool the request lacks by default; toolfix takes only the request\'s tools and passes the text as it came')
vec('sglang-unknown-tool-forwarded', 'Llama 3 JSON', SUN+'test_unknown_tool_name_forwarded', '{"name":"unknown_tool","parameters":{"city":"Paris"}}', [T('get_weather', city=S)],
    note='disagrees on purpose: SGLANG_FORWARD_UNKNOWN_TOOLS forwards it; toolfix never does (D57)')
vec('sglang-unknown-tool-known', 'Llama 3 JSON', SUN+'test_unknown_tool_name_dropped_default (the tool declared)', '{"name":"get_weather","parameters":{"city":"Paris"}}', [T('get_weather', city=S)], [('get_weather', {'city': 'Paris'})])

# --- SGLang's parse_base_json tests: each action list written as the bare JSON list the xLAM row reads
SBJ = 'sgl-project/sglang test/registered/function_call/test_parse_base_json_index.py TestParseBaseJsonCallIndex '
BJT = [T('add', x=N), T('multiply', x=N), T('subtract', x=N)]
def bj(*c): return json.dumps([{'name': n, k: {'x': x}} for n, k, x in c])
vec('sglang-basejson-single', 'xLAM', SBJ+'test_single_call_index_is_zero', bj(('multiply', 'arguments', 3)), BJT, [('multiply', {'x': 3})])
vec('sglang-basejson-two', 'xLAM', SBJ+'test_two_calls_sequential_indices', bj(('multiply', 'arguments', 2), ('add', 'arguments', 5)), BJT, [('multiply', {'x': 2}), ('add', {'x': 5})])
vec('sglang-basejson-three', 'xLAM', SBJ+'test_three_calls_sequential_indices', bj(('subtract', 'arguments', 10), ('add', 'arguments', 3), ('multiply', 'arguments', 7)), BJT,
    [('subtract', {'x': 10}), ('add', {'x': 3}), ('multiply', {'x': 7})])
vec('sglang-basejson-same-twice', 'xLAM', SBJ+'test_same_tool_called_twice_sequential', bj(('add', 'arguments', 1), ('add', 'arguments', 2)), BJT, [('add', {'x': 1}), ('add', {'x': 2})])
vec('sglang-basejson-parameters', 'xLAM', SBJ+'test_parameters_field_parsed', bj(('add', 'parameters', 7)), BJT, [('add', {'x': 7})])

# --- SGLang's parallel-call test of its JSON array parser (the xLAM row)
SPT = 'sgl-project/sglang test/registered/function_call/test_parallel_tool_bug.py TestParallelToolCallBug '
PTS = T('search_docs', title=A, filename=S)
vec('sglang-parallel-array-params', 'xLAM', SPT+'test_parallel_tool_calls_with_array_parameters', '[\n  {"name": "search_docs", "parameters": {"title": ["7.8.9"], "filename": "doc1"}},\n  {"name": "search_docs", "parameters": {"title": ["4.8"], "filename": "doc2"}}]', [PTS],
    [('search_docs', {'title': ['7.8.9'], 'filename': 'doc1'}), ('search_docs', {'title': ['4.8'], 'filename': 'doc2'})], note='the peer schema lacks filename; it is declared here so that the calls fit')
vec('sglang-parallel-simple', 'xLAM', SPT+'test_simple_parallel_tool_calls', '[\n  {"name": "search_docs", "parameters": {"title": ["a"]}},\n  {"name": "search_docs", "parameters": {"title": ["b"]}}]', [PTS],
    [('search_docs', {'title': ['a']}), ('search_docs', {'title': ['b']})])

# --- SGLang's non-finite coercion tests, each value written in Qwen3 Coder's markup (one of the four detectors it runs)
SNF = 'sgl-project/sglang test/registered/function_call/test_nonfinite_coercion.py TestNonFiniteCoercion '
def nfq(v): return '<tool_call>\n<function=f>\n<parameter=p>\n%s\n</parameter>\n</function>\n</tool_call>' % v
# held back: 1e999, [1e999], {"x": 1e999} and {'x': 1e999}, which toolfix takes as a call (1e999 is a
# number by JSON's grammar and fits the schema) while SGLang degrades them to strings (see docs/repairs.md)
for i, (raw, pt) in enumerate((('inf', N), ('-inf', N), ('Infinity', N), ('nan', N), ('[NaN]', A))):
    vec('sglang-nonfinite-%d' % i, 'Qwen3 Coder/XML', SNF+'test_non_finite_degrades_to_string[qwen3_coder, %s]' % raw, nfq(raw), [T('f', p=pt)],
        note='SGLang degrades the value to its raw string, which fits no %s; toolfix makes no call of a value that fits nothing' % pt)
for i, (raw, pt, val) in enumerate((('42', N, 42), ('3.14', N, 3.14), ('[1, 2, 3]', A, [1, 2, 3]), ('{"a": 1}', O, {'a': 1}))):
    vec('sglang-finite-%d' % i, 'Qwen3 Coder/XML', SNF+'test_finite_values_still_coerced[qwen3_coder, %s]' % raw, nfq(raw), [T('f', p=pt)], [('f', {'p': val})])

# --- SGLang's LFM2 detector tests (test/registered/unit/function_call/): the LFM2 pythonic row, or openPangu's JSON list in the same tokens
SLF = 'sgl-project/sglang test/registered/unit/function_call/test_lfm2_detector.py TestLfm2Detector '
LFT = [T('get_weather', city=S, unit=S), T('search', query=S)]
def lfp(c): return '<|tool_call_start|>' + c + '<|tool_call_end|>'
vec('sglang-lfm2-single', 'pythonic', SLF+'test_single_call_pythonic', lfp('[get_weather(city="Tokyo")]'), LFT, [('get_weather', {'city': 'Tokyo'})])
vec('sglang-lfm2-json', 'openPangu', SLF+'test_single_call_json', lfp(json.dumps([{'name': 'search', 'arguments': {'query': 'sglang'}}])), LFT, [('search', {'query': 'sglang'})])
vec('sglang-lfm2-multiple', 'pythonic', SLF+'test_multiple_calls_pythonic', lfp('[get_weather(city="Tokyo"), search(query="restaurants")]'), LFT, [('get_weather', {'city': 'Tokyo'}), ('search', {'query': 'restaurants'})])
vec('sglang-lfm2-multiple-args', 'pythonic', SLF+'test_multiple_args_pythonic', lfp('[get_weather(city="London", unit="celsius")]'), LFT, [('get_weather', {'city': 'London', 'unit': 'celsius'})])
vec('sglang-lfm2-plain', 'pythonic', SLF+'test_no_tool_call', 'The weather is fine today.', LFT)
vec('sglang-lfm2-text-before', 'pythonic', SLF+'test_normal_text_before_call', 'Sure! ' + lfp('[get_weather(city="Paris")]'), LFT, [('get_weather', {'city': 'Paris'})], keep='Sure!')
vec('sglang-lfm2-stream-plain', 'pythonic', SLF+'test_streaming_plain_text', 'Hello world.', LFT)
vec('sglang-lfm2-stream-split', 'pythonic', SLF+'test_streaming_split_chunks', lfp('[get_weather(city="Oslo")]'), LFT, [('get_weather', {'city': 'Oslo'})])
vec('sglang-lfm2-stream-json', 'openPangu', SLF+'test_streaming_json_format', lfp(json.dumps([{'name': 'search', 'arguments': {'query': 'test'}}])), LFT, [('search', {'query': 'test'})])

# --- SGLang's zero-argument tests (test/registered/unit/function_call/): a call object without "arguments"
SZA = 'sgl-project/sglang test/registered/unit/function_call/test_zero_argument_tool_call.py TestZeroArgumentToolCallStreaming '
ZAT = [T('get_time'), T('get_weather', city=S)]
vec('sglang-zero-arg-hermes', 'Hermes', SZA+'test_zero_argument_call_streams_empty_object', '<tool_call>\n{"name": "get_time"}\n</tool_call>', ZAT, [('get_time', {})])
vec('sglang-zero-arg-then-call', 'Hermes', SZA+'test_zero_argument_call_does_not_drop_the_next_call', '<tool_call>\n{"name": "get_time"}\n</tool_call>\n<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>', ZAT,
    [('get_time', {}), ('get_weather', {'city': 'Paris'})])
vec('sglang-zero-arg-json-array', 'xLAM', SZA+'test_json_array_parser_streams_empty_object', '[{"name": "get_time"}]', ZAT, [('get_time', {})])

# --- SGLang's Qwen 2.5 detector tests (test/registered/unit/function_call/): Hermes's <tool_call> JSON
SQ25 = 'sgl-project/sglang test/registered/unit/function_call/test_qwen25_detector.py TestQwen25Detector '
Q25T = [T('get_weather', city=S, unit=S), T('search', query=S)]
def q25(n, a): return '<tool_call>\n' + json.dumps({'name': n, 'arguments': a}) + '\n</tool_call>'
vec('sglang-qwen25-single', 'Hermes', SQ25+'test_single_tool_call', q25('get_weather', {'city': 'Beijing'}), Q25T, [('get_weather', {'city': 'Beijing'})])
vec('sglang-qwen25-multiple', 'Hermes', SQ25+'test_multiple_tool_calls', q25('get_weather', {'city': 'Beijing'}) + '\n' + q25('search', {'query': 'restaurants'}), Q25T,
    [('get_weather', {'city': 'Beijing'}), ('search', {'query': 'restaurants'})])
vec('sglang-qwen25-text-before', 'Hermes', SQ25+'test_tool_call_with_preceding_text', 'Let me check the weather.\n' + q25('get_weather', {'city': 'Shanghai'}), Q25T, [('get_weather', {'city': 'Shanghai'})], keep='Let me check the weather.')
vec('sglang-qwen25-plain', 'Hermes', SQ25+'test_no_tool_call', 'Hello, how can I help you today?', Q25T)
vec('sglang-qwen25-malformed', 'Hermes', SQ25+'test_malformed_json', '<tool_call>\n{invalid json}\n</tool_call>', Q25T)
vec('sglang-qwen25-whitespace', 'Hermes', SQ25+'test_tool_call_with_extra_whitespace', '<tool_call>\n  {"name": "get_weather", "arguments": {"city": "Tokyo"}}  \n</tool_call>', Q25T, [('get_weather', {'city': 'Tokyo'})])
vec('sglang-qwen25-partial-tag', 'Hermes', SQ25+'test_has_tool_call_partial_tag', '<tool_call>no newline so not matching bot_token', Q25T)
vec('sglang-qwen25-weather-text', 'Hermes', SQ25+'test_has_tool_call_false', 'The weather in Beijing is sunny today.', Q25T)

# --- SGLang's Hermes detector tests (test/registered/unit/function_call/)
SHE = 'sgl-project/sglang test/registered/unit/function_call/test_hermes_detector.py TestHermesDetector '
def he(n, a): return '<tool_call>' + json.dumps({'name': n, 'arguments': a}) + '</tool_call>'
vec('sglang-hermes-single', 'Hermes', SHE+'test_single_tool_call', he('get_weather', {'city': 'Beijing'}), Q25T, [('get_weather', {'city': 'Beijing'})])
vec('sglang-hermes-multiple', 'Hermes', SHE+'test_multiple_tool_calls', he('get_weather', {'city': 'Beijing'}) + he('search', {'query': 'restaurants'}), Q25T,
    [('get_weather', {'city': 'Beijing'}), ('search', {'query': 'restaurants'})])
vec('sglang-hermes-leading-text', 'Hermes', SHE+'test_tool_call_with_leading_text', 'I will check the weather for you. ' + he('get_weather', {'city': 'Tokyo'}), Q25T,
    note='disagrees on purpose: <tool_call> glued after a sentence on its line, the call going on on that line, counts as an example (the line-start rule)')
vec('sglang-hermes-plain', 'Hermes', SHE+'test_no_tool_call', 'The weather is nice today.', Q25T)
vec('sglang-hermes-multiple-args', 'Hermes', SHE+'test_tool_call_with_multiple_arguments', he('get_weather', {'city': 'London', 'unit': 'celsius'}), Q25T, [('get_weather', {'city': 'London', 'unit': 'celsius'})])
vec('sglang-hermes-malformed', 'Hermes', SHE+'test_malformed_json_returns_original_text', '<tool_call>not valid json</tool_call>', Q25T)
vec('sglang-hermes-text-only', 'Hermes', SHE+'test_streaming_normal_text_before_tool', 'Hello! Let me help. ', Q25T)

# --- SGLang's Step3 detector tests (test/registered/unit/function_call/)
SST = 'sgl-project/sglang test/registered/unit/function_call/test_step3_detector.py TestStep3Detector '
STT = [T('get_weather', city=S, days=I), T('noop')]
def stb(n, p=''): return '<｜tool_call_begin｜>function<｜tool_sep｜><steptml:invoke name="%s">%s</steptml:invoke><｜tool_call_end｜>' % (n, p)
def stp(k, v): return '<steptml:parameter name="%s">%s</steptml:parameter>' % (k, v)
def stw(*b): return '<｜tool_calls_begin｜>' + ''.join(b) + '<｜tool_calls_end｜>'
for name, src, text, calls in (
        ('no-params', 'test_parses_call_without_parameters', stw(stb('get_weather')), [('get_weather', {})]),
        ('mix', 'test_parses_mix_of_parameterless_and_parameterized_calls', stw(stb('get_weather'), stb('get_weather', stp('city', 'Beijing'))), [('get_weather', {}), ('get_weather', {'city': 'Beijing'})]),
        ('two-params', 'test_stream_single_call_two_parameters', stw(stb('get_weather', stp('city', 'Beijing') + stp('days', '3'))), [('get_weather', {'city': 'Beijing', 'days': 3})]),
        ('integer', 'test_stream_integer_parameter_keeps_type', stw(stb('get_weather', stp('days', '7'))), [('get_weather', {'days': 7})]),
        ('unicode', 'test_stream_unicode_parameter', stw(stb('get_weather', stp('city', '北京'))), [('get_weather', {'city': '北京'})]),
        ('empty-schema', 'test_stream_tool_with_empty_schema', stw(stb('noop')), [('noop', {})]),
        ('two-tools', 'test_stream_two_parameterless_calls_different_tools', stw(stb('get_weather'), stb('noop')), [('get_weather', {}), ('noop', {})]),
        ('distinct', 'test_stream_two_calls_distinct_parameters', stw(stb('get_weather', stp('city', 'a')), stb('get_weather', stp('city', 'b'))), [('get_weather', {'city': 'a'}), ('get_weather', {'city': 'b'})]),
        ('three', 'test_stream_three_mixed_calls', stw(stb('get_weather'), stb('get_weather', stp('city', 'a')), stb('noop')), [('get_weather', {}), ('get_weather', {'city': 'a'}), ('noop', {})]),
        ('plain', 'test_stream_plain_text_without_tool_call', 'The weather is nice today.', None)):
    vec('sglang-step3-' + name, 'Step3', SST + src, text, STT, calls)
vec('sglang-step3-text-before', 'Step3', SST+'test_stream_normal_text_before_tool_block', 'Sure. ' + stw(stb('get_weather')), STT, [('get_weather', {})], keep='Sure.')

# --- SGLang's InternLM detector tests (test/registered/unit/function_call/)
SIL = 'sgl-project/sglang test/registered/unit/function_call/test_internlm_detector.py TestInternlmDetectorFinishFlush '
vec('sglang-internlm-partial', 'InternLM2', SIL+'test_partial_tool_call_at_end_is_flushed', "hi <|action_start|> <|plugin|>get_weather('par", [T('get_weather', city=S)], note='a cut-off call is never completed')
vec('sglang-internlm-plain', 'InternLM2', SIL+'test_clean_stream_finish_is_noop', 'just some text', [T('get_weather', city=S)])
vec('sglang-internlm-spaced', 'InternLM2', SIL+'test_complete_call_not_duplicated_at_finish', '<|action_start|> <|plugin|>\n{"name": "get_weather", "arguments": {"city": "Paris"}}<|action_end|>', [T('get_weather', city=S)],
    note='disagrees on purpose: the tokens with a blank between them are the look-alike vllm-intern-s1-spaced-tokens holds (the vLLM vector), so toolfix takes only <|action_start|><|plugin|> glued')

# --- SGLang's GigaChat 3 detector tests (test/registered/unit/function_call/)
SGC = 'sgl-project/sglang test/registered/unit/function_call/test_gigachat3_detector.py TestGigaChat3Detector '
GCH = '<|message_sep|>\n\nfunction call<|role_sep|>\n'
GCT = [T('manage_user_memory', content={'anyOf': [{'type': 'string'}, {'type': 'null'}]}, action=S, id={'anyOf': [{'type': 'string', 'format': 'uuid'}, {'type': 'null'}]}), T('get_weather', city=S, unit=S)]
vec('sglang-gigachat3-plain', 'GigaChat 3', SGC+'test_detect_and_parse_no_tool_call', 'How can I help you today?', GCT)
vec('sglang-gigachat3-simple', 'GigaChat 3', SGC+'test_detect_and_parse_simple_tool_call', GCH + '{"name": "manage_user_memory", "arguments": {"action": "create", "id": "preferences"}}', GCT,
    [('manage_user_memory', {'action': 'create', 'id': 'preferences'})])
vec('sglang-gigachat3-empty-args', 'GigaChat 3', SGC+'test_detect_and_parse_parameterless_tool_call', GCH + '{"name": "manage_user_memory", "arguments": {}}', GCT, [('manage_user_memory', {})])
vec('sglang-gigachat3-object-for-string', 'GigaChat 3', SGC+'test_detect_and_parse_complex_tool_call', GCH + '{"name": "manage_user_memory", "arguments": {"action": "create", "id": "preferences", "content": {"short_answers": true, "hate_emojis": true, "english_ui": false, "russian_math_explanations": true}}}', GCT,
    note='disagrees on purpose: SGLang passes content on as an object; the schema declares it a string or null, so the call fits no schema and toolfix never guesses')
vec('sglang-gigachat3-content-eos', 'GigaChat 3', SGC+'test_detect_and_parse_with_content_and_eos', "I'll remember that." + GCH + '{"name": "manage_user_memory", "arguments": {"action": "create", "id": "test"}}</s>', GCT,
    [('manage_user_memory', {'action': 'create', 'id': 'test'})], keep="I'll remember that.")
vec('sglang-gigachat3-invalid-json', 'GigaChat 3', SGC+'test_detect_and_parse_invalid_json', GCH + '{"name": "manage_user_memory", "arguments": {invalid json}}', GCT)
vec('sglang-gigachat3-missing-name', 'GigaChat 3', SGC+'test_detect_and_parse_missing_name', GCH + '{"arguments": {"action": "create"}}', GCT)
vec('sglang-gigachat3-args-string', 'GigaChat 3', SGC+'test_detect_and_parse_arguments_not_dict', GCH + '{"name": "manage_user_memory", "arguments": "string_args"}', GCT)
vec('sglang-gigachat3-stream-plain', 'GigaChat 3', SGC+'test_streaming_no_tool_call', 'How can I help you?', GCT)
vec('sglang-gigachat3-content-before', 'GigaChat 3', SGC+'test_streaming_with_content_before', "I'll help you." + GCH + '{"name": "get_weather", "arguments": {"city": "Tokyo"}}', GCT, [('get_weather', {'city': 'Tokyo'})], keep="I'll help you.")
vec('sglang-gigachat3-nested-object', 'GigaChat 3', SGC+'test_streaming_complex_arguments (content declared an object)', GCH + '{"name": "manage_user_memory", "arguments": {"action": "create", "id": "prefs", "content": {"likes": ["short", "clear"], "dislikes": ["emojis", "verbose"]}}}', [T('manage_user_memory', content=O, action=S, id=S)],
    [('manage_user_memory', {'action': 'create', 'id': 'prefs', 'content': {'likes': ['short', 'clear'], 'dislikes': ['emojis', 'verbose']}})])
vec('sglang-gigachat3-eos', 'GigaChat 3', SGC+'test_streaming_with_eos_token', GCH + '{"name": "get_weather", "arguments": {"city": "Paris"}}</s>', GCT, [('get_weather', {'city': 'Paris'})])
vec('sglang-gigachat3-incomplete', 'GigaChat 3', SGC+'test_streaming_incomplete_json', GCH + '{"name": "get_weather", "arguments": {"city": "London"', GCT,
    note='disagrees on purpose: SGLang streams the partial arguments; a cut-off call is never completed')

# --- SGLang's iQuest Q1 detector tests (test/registered/unit/function_call/): GLM's pairs in <iquest_tool_call>
SIQ = 'sgl-project/sglang test/registered/unit/function_call/test_iquest_q1_detector.py '
IQT = [T('run', code=S, count=I, enabled=B, items=A)]
IQC = '<iquest_tool_call>run\n<arg_key>code</arg_key><arg_value>  "123"\n</arg_value><arg_key>count</arg_key> <arg_value>42</arg_value>\n<arg_key>enabled</arg_key><arg_value>true</arg_value><arg_key>items</arg_key><arg_value>[1, null]</arg_value></iquest_tool_call>'
IQV = {'code': '  "123"\n', 'count': 42, 'enabled': True, 'items': [1, None]}
IQM = '<iquest_tool_call>run<arg_key>count</arg_key><arg_value>1</iquest_tool_call>'
IQW = [T('get_weather', city=S)]
vec('sglang-iquest-q1-leading-text', 'iQuest Q1', SIQ+'TestIQuestQ1Detector test_non_stream_typed_arguments_and_leading_text', 'Running now. ' + IQC, IQT, [('run', IQV)], keep='Running now.')
vec('sglang-iquest-q1-two', 'iQuest Q1', SIQ+'TestIQuestQ1Detector test_streaming_every_boundary_and_mtp_finish', 'Running now. ' + IQC + IQC, IQT, [('run', IQV), ('run', IQV)], keep='Running now.')
vec('sglang-iquest-q1-around', 'iQuest Q1', SIQ+'TestIQuestQ1Detector test_surrounding_text_is_preserved_in_each_mode[before…after]', 'before' + IQC + 'after', IQT, note='disagrees on purpose: tail only')
vec('sglang-iquest-q1-line-after', 'iQuest Q1', SIQ+'TestIQuestQ1Detector test_surrounding_text_is_preserved_in_each_mode[…\\nafter]', IQC + '\nafter', IQT, note='disagrees on purpose: tail only')
vec('sglang-iquest-q1-malformed-then-call', 'iQuest Q1', SIQ+'TestIQuestQ1Detector test_non_stream_preserves_unparsed_text_around_valid_calls[0]', IQM + IQC + 'after', IQT, note='disagrees on purpose: tail only, and a tail is taken whole or not at all')
vec('sglang-iquest-q1-empty', 'iQuest Q1', SIQ+'TestIQuestQ1Detector test_empty_arguments_and_malformed_call', '<iquest_tool_call>run</iquest_tool_call>', IQT, [('run', {})])
vec('sglang-iquest-q1-malformed', 'iQuest Q1', SIQ+'TestIQuestQ1Detector test_empty_arguments_and_malformed_call (the malformed call)', IQM, IQT)
vec('sglang-iquest-q1-truncated-marker', 'iQuest Q1', SIQ+'TestIQuestQ1Detector test_disabled_tools_and_truncated_marker', 'Text <iquest_', IQT)
vec('sglang-iquest-q1-incomplete', 'iQuest Q1', SIQ+'TestIQuestQ1Detector test_incomplete_call_is_preserved_at_stream_end', 'before<iquest_tool_call>run<arg_key>code</arg_key>', IQT, note='a cut-off call is never completed')
vec('sglang-iquest-q1-unknown', 'iQuest Q1', SIQ+'TestIQuestQ1Detector test_unknown_tool_name_is_filtered', IQC.replace('<iquest_tool_call>run', '<iquest_tool_call>unknown'), IQT)
vec('sglang-iquest-q1-stop-marker', 'iQuest Q1', SIQ+'TestIQuestQ1StopMarkers test_parser_preserves_stop_marker_text_like_release', '查询中。<iquest_tool_call>get_weather\n<arg_key>city</arg_key><arg_value>北京</arg_value>\n</iquest_tool_call><|iquest_end|>', IQW,
    [('get_weather', {'city': '北京'})], keep='查询中。', note='the end-of-turn token after the call goes with the markup (the end-of-turn rule, mk.py)')
vec('sglang-iquest-q1-stop-marker-plain', 'iQuest Q1', SIQ+'TestIQuestQ1StopMarkers test_no_global_stop_marker_replacement', '好的。<|iquest_end|>', IQW)

# --- held back until the guard held (issue 20)
# MF+'test_extract_multiple_tool_calls' writes its second call's parameter before its <function=…>:
# the bare <function=list_files> line stands inside an unclosed <tool_call>, so the Qwen row without
# <tool_call> does not take it (markup.LineStartFree), and the whole text passes as it came.
vec('mimov2-swapped', 'Qwen3 Coder/XML', MF+'test_extract_multiple_tool_calls', 'Here is the result:\n' + mq('execute_bash', 'command', 'pwd') + '\n<tool_call>\n<parameter=command>ls -la</parameter>\n<function=list_files>\n</function>\n</tool_call>', [MEB, MLF],
    note='disagrees on purpose: the second call writes its parameter before its <function=…>; toolfix reads only the order the template writes, and takes a tail whole or not at all')

# --- the vectors of the files beside this one (testdata/vectors/*.py other than gen.py), each run
# here in this script's names, in the order of their names: a new batch of vectors is a file of its
# own, so batches added side by side never touch the same lines
import glob
for _f in sorted(glob.glob(os.path.join(os.path.dirname(os.path.abspath(__file__)), '*.py'))):
    if os.path.basename(_f) != 'gen.py':
        exec(compile(open(_f, encoding='utf-8').read(), _f, 'exec'))

# two vectors of one folder name would overwrite each other's folders without a word
_seen = {}
for _v in vectors:
    _k = _v['name'] if _v['name'].startswith('sglang-') else _v['pre'] + _v['name']
    if _k in _seen:
        sys.exit('gen.py: two vectors named %s (%s; %s)' % (_k, _seen[_k], _v['source']))
    _seen[_k] = _v['source']

def schema(tool):
    # a tool is (name, property types), or (name, {}, its whole input schema) for a schema of its own
    if len(tool) == 3:
        return tool[0], tool[2]
    name, props = tool
    p = {}
    for k, t in props.items():
        p[k] = {} if t is None else t if isinstance(t, dict) else {'type': t}
    return name, {'type': 'object', 'properties': p, 'additionalProperties': False}

def pieces(text, rnd):
    out, i = [], 0
    while i < len(text):
        n = rnd.randint(1, 9)
        out.append(text[i:i+n]); i += n
    return out

def dump(path, obj):
    with open(path, 'w') as f:
        json.dump(obj, f, indent=2, ensure_ascii=False); f.write('\n')

def write(proto, name, req, up, upname, want):
    d = os.path.join(ROOT, proto, name)
    os.makedirs(d, exist_ok=True)
    dump(os.path.join(d, 'request.json'), req)
    with open(os.path.join(d, upname), 'w') as f:
        f.write(up)
    dump(os.path.join(d, 'want.json'), want)

def sse(events):
    return ''.join(('event: %s\n' % e if e else '') + 'data: ' + json.dumps(d, ensure_ascii=False, separators=(',', ':')) + '\n\n' for e, d in events)

def note_of(v, proto, stream):
    n = 'D62 %s, %s %s: the model output of %s, leaked as text. ' % (v['family'], proto, 'streamed in small deltas' if stream else 'non-streamed', v['source'])
    n += ('Repair: the text before it kept, one call per leaked call, typed by schema.' if v['calls'] else 'A look-alike or a call toolfix does not take: passes byte for byte.')
    if v['note']:
        n += ' ' + v['note'] + '.'
    return n

import shutil
# the folder prefixes this script writes (and so rewrites)
PREFIXES = ('vllm-', 'sglang-', 'report-', 'mlx-lm-', 'ollama-', 'llamacpp-')
for proto in ('openai', 'anthropic', 'responses'):
    for d in os.listdir(os.path.join(ROOT, proto)):
        if d.startswith(PREFIXES):
            shutil.rmtree(os.path.join(ROOT, proto, d))
for v in vectors:
    # the split and the ids come from the vector's name, so adding a vector anywhere changes no
    # other vector's folders
    idx = zlib.crc32(v['name'].encode()) % 1000000
    rnd = random.Random(idx + 1)
    tools = [schema(t) for t in v['tools']]
    ps = pieces(v['text'], rnd)
    for stream in (True, False):
        sfx = '' if stream else '-nonstream'
        base = ('' if v['name'].startswith('sglang-') else v['pre']) + v['name'] + sfx
        # --- openai
        req = {'model': 'open-model', 'stream': stream, 'messages': [{'role': 'user', 'content': 'Please help.'}],
               'tools': [{'type': 'function', 'function': {'name': n, 'parameters': s}} for n, s in tools]}
        if v['calls']:
            want = {'repairs': ['leaked_call'], 'frames_valid': True if stream else None, 'message': {'finish_reason': 'tool_calls', 'content': v['keep'],
                    'tool_calls': [{'id': '*', 'type': 'function', 'function': {'name': n, 'arguments': a}} for n, a in v['calls']]}}
            if not stream: del want['frames_valid']
        else:
            want = {'passthrough': True}
        want['note'] = note_of(v, 'Chat content', stream)
        cid = 'chatcmpl-v%06d' % idx
        if stream:
            ev = [(None, {'id': cid, 'object': 'chat.completion.chunk', 'created': 1764460800, 'model': 'open-model', 'choices': [{'index': 0, 'delta': {'role': 'assistant', 'content': ''}, 'finish_reason': None}]})]
            ev += [(None, {'id': cid, 'object': 'chat.completion.chunk', 'created': 1764460800, 'model': 'open-model', 'choices': [{'index': 0, 'delta': {'content': p}, 'finish_reason': None}]}) for p in ps]
            ev += [(None, {'id': cid, 'object': 'chat.completion.chunk', 'created': 1764460800, 'model': 'open-model', 'choices': [{'index': 0, 'delta': {}, 'finish_reason': 'stop'}]})]
            up = sse(ev) + 'data: [DONE]\n\n'
            write('openai', base, req, up, 'upstream.sse', want)
        else:
            up = json.dumps({'id': cid, 'object': 'chat.completion', 'created': 1764460800, 'model': 'open-model', 'choices': [{'index': 0, 'message': {'role': 'assistant', 'content': v['text']}, 'finish_reason': 'stop'}], 'usage': {'prompt_tokens': 100, 'completion_tokens': 50, 'total_tokens': 150}}, ensure_ascii=False, separators=(',', ':'))
            write('openai', base, req, up, 'upstream.json', want)
        # --- anthropic
        req = {'model': 'open-model', 'max_tokens': 4096, 'stream': stream, 'messages': [{'role': 'user', 'content': 'Please help.'}],
               'tools': [{'name': n, 'input_schema': s} for n, s in tools]}
        if v['calls']:
            content = ([{'type': 'text', 'text': v['keep']}] if v['keep'].strip() else []) + [{'type': 'tool_use', 'id': '*', 'name': n, 'input': a} for n, a in v['calls']]
            want = {'repairs': ['leaked_call'], 'message': {'stop_reason': 'tool_use', 'content': content}}
        else:
            want = {'passthrough': True}
        want['note'] = note_of(v, 'Anthropic text block', stream)
        mid = 'msg_v%06d' % idx
        if stream:
            ev = [('message_start', {'type': 'message_start', 'message': {'id': mid, 'type': 'message', 'role': 'assistant', 'model': 'open-model', 'content': [], 'stop_reason': None, 'stop_sequence': None, 'usage': {'input_tokens': 100, 'output_tokens': 1}}}),
                  ('content_block_start', {'type': 'content_block_start', 'index': 0, 'content_block': {'type': 'text', 'text': ''}})]
            ev += [('content_block_delta', {'type': 'content_block_delta', 'index': 0, 'delta': {'type': 'text_delta', 'text': p}}) for p in ps]
            ev += [('content_block_stop', {'type': 'content_block_stop', 'index': 0}),
                   ('message_delta', {'type': 'message_delta', 'delta': {'stop_reason': 'end_turn', 'stop_sequence': None}, 'usage': {'output_tokens': 50}}),
                   ('message_stop', {'type': 'message_stop'})]
            write('anthropic', base, req, sse(ev), 'upstream.sse', want)
        else:
            up = json.dumps({'id': mid, 'type': 'message', 'role': 'assistant', 'model': 'open-model', 'content': [{'type': 'text', 'text': v['text']}], 'stop_reason': 'end_turn', 'stop_sequence': None, 'usage': {'input_tokens': 100, 'output_tokens': 50}}, ensure_ascii=False, separators=(',', ':'))
            write('anthropic', base, req, up, 'upstream.json', want)
        # --- responses
        req = {'model': 'open-model', 'stream': stream, 'input': [{'type': 'message', 'role': 'user', 'content': [{'type': 'input_text', 'text': 'Please help.'}]}],
               'tools': [{'type': 'function', 'name': n, 'parameters': s, 'strict': False} for n, s in tools]}
        if v['calls']:
            want = {'repairs': ['leaked_call'], 'message': {'text': v['keep'], 'calls': [{'name': n, 'arguments': a} for n, a in v['calls']]}}
        else:
            want = {'passthrough': True}
        want['note'] = note_of(v, 'Responses output_text', stream)
        rid, iid = 'resp_v%06d' % idx, 'msg_v%06d' % idx
        part = {'type': 'output_text', 'text': v['text'], 'annotations': []}
        item = {'type': 'message', 'id': iid, 'status': 'completed', 'role': 'assistant', 'content': [part]}
        resp = {'id': rid, 'object': 'response', 'created_at': 1766102400, 'status': 'completed', 'model': 'open-model', 'output': [item], 'usage': {'input_tokens': 100, 'output_tokens': 50, 'total_tokens': 150}}
        if stream:
            seqn = [0]
            def E(t, **kw):
                d = {'type': t}; d.update(kw); d['sequence_number'] = seqn[0]; seqn[0] += 1
                return (t, d)
            inprog = {'id': rid, 'object': 'response', 'created_at': 1766102400, 'status': 'in_progress', 'model': 'open-model', 'output': []}
            ev = [E('response.created', response=inprog), E('response.in_progress', response=inprog),
                  E('response.output_item.added', output_index=0, item={'type': 'message', 'id': iid, 'status': 'in_progress', 'role': 'assistant', 'content': []}),
                  E('response.content_part.added', item_id=iid, output_index=0, content_index=0, part={'type': 'output_text', 'text': '', 'annotations': []})]
            ev += [E('response.output_text.delta', item_id=iid, output_index=0, content_index=0, delta=p) for p in ps]
            ev += [E('response.output_text.done', item_id=iid, output_index=0, content_index=0, text=v['text']),
                   E('response.content_part.done', item_id=iid, output_index=0, content_index=0, part=part),
                   E('response.output_item.done', output_index=0, item=item),
                   E('response.completed', response=resp)]
            write('responses', base, req, sse(ev), 'upstream.sse', want)
        else:
            write('responses', base, req, json.dumps(resp, ensure_ascii=False, separators=(',', ':')), 'upstream.json', want)

fams = {}
for v in vectors:
    f = fams.setdefault(v['family'], [0, 0, 0, 0])
    f[0] += 1
    if v['calls']: f[1] += 1
    if 'disagrees on purpose' in v['note']: f[2] += 1
    if v['source'].startswith('sgl-project'): f[3] += 1
tot, rows = [0, 0, 0, 0], []
for k, (n, pos, dis, sg) in fams.items():
    rows.append('| %s | %d | %d | %d | %d | %d |' % (re.sub(r'(<[^>]+>)', r'`\1`', k), n, sg, pos, n - pos, dis))
    tot = [a + b for a, b in zip(tot, (n, pos, dis, sg))]
rows.append('| **all** | %d | %d | %d | %d | %d |' % (tot[0], tot[3], tot[1], tot[0] - tot[1], tot[2]))
print('\n'.join(rows))
# the same rows replace the family table's in docs/repairs.md (the lines after its header and rule)
DOC = os.path.join(ROOT, '..', '..', 'docs', 'repairs.md')
lines = open(DOC, encoding='utf-8').read().split('\n')
h = lines.index('| family | vectors | of them SGLang | positive | negative | disagree on purpose |')
e = h + 2
while e < len(lines) and lines[e].startswith('| '):
    e += 1
lines[h + 2:e] = rows
with open(DOC, 'w', encoding='utf-8') as f:
    f.write('\n'.join(lines))
