# SGLang's function-call tests converted in issue 20, part F (helper sgf): gpt-oss (Harmony,
# test_gptoss_detector.py), MiniMax M3 (test_minimax_m3_detector.py and its finish() tests),
# MiniMax M2's tool indices (test_minimax_m2_tool_index.py) and Poolside v1
# (test_poolside_v1_detector.py and its finish() tests), and the vLLM Poolside vector not yet
# converted. A streaming test's model output is its chunks joined; a test whose joined output is
# the text of another vector already here is not repeated. Run by gen.py in its own names (vec,
# T, S, I, …); the helpers here start with sgf_ or SGF.
SGF = 'sgl-project/sglang test/registered/unit/function_call/'


def sgf_raw(name, required=(), **props):  # a tool with the peer's schema as it is: no additionalProperties
    schema = {'type': 'object', 'properties': {k: (v if isinstance(v, dict) else {'type': v}) for k, v in props.items()}}
    if required:
        schema['required'] = list(required)
    return (name, {}, schema)


# --- gpt-oss Harmony (test_gptoss_detector.py TestGptOssDetector)
SGFG = SGF + 'test_gptoss_detector.py TestGptOssDetector '
SGFGT = [sgf_raw('get_weather', ['city'], city=S, unit={'type': 'string', 'enum': ['celsius', 'fahrenheit']}), sgf_raw('search', ['query'], query=S)]
def sgf_h(name, args, channel='commentary'):
    return '<|start|>assistant<|channel|>%s to=functions.%s<|constrain|>json<|message|>%s<|call|>' % (channel, name, args)
SGFGB = sgf_h('get_weather', '{"city":"Beijing"}')
vec('sglang-gptoss-single', 'gpt-oss Harmony', SGFG+'test_single_tool_call (and test_has_tool_call_with_python_tag, test_streaming_single_tool_call: the same text)', SGFGB, SGFGT,
    [('get_weather', {'city': 'Beijing'})])
vec('sglang-gptoss-text-before', 'gpt-oss Harmony', SGFG+'test_normal_text_before_tool_call', 'Let me check.' + SGFGB, SGFGT, [('get_weather', {'city': 'Beijing'})], keep='Let me check.')
vec('sglang-gptoss-no-call', 'gpt-oss Harmony', SGFG+'test_no_tool_call', 'The weather is nice today.', SGFGT)
vec('sglang-gptoss-has-false', 'gpt-oss Harmony', SGFG+'test_has_tool_call_false', 'The weather in Beijing is sunny today.', SGFGT)
vec('sglang-gptoss-multiple', 'gpt-oss Harmony', SGFG+'test_multiple_tool_calls', SGFGB + sgf_h('search', '{"query":"restaurants"}'), SGFGT,
    [('get_weather', {'city': 'Beijing'}), ('search', {'query': 'restaurants'})])
vec('sglang-gptoss-stream-text-first', 'gpt-oss Harmony', SGFG+'test_streaming_normal_text_before_tool', 'Let me check the weather. ', SGFGT)
vec('sglang-gptoss-stream-text-then-call', 'gpt-oss Harmony', SGFG+'test_streaming_text_then_tool_call', "I'll look that up. " + sgf_h('get_weather', '{"city":"Beijing", "unit":"celsius"}'), SGFGT,
    [('get_weather', {'city': 'Beijing', 'unit': 'celsius'})], keep="I'll look that up.")
# the analysis channel: SGLang's and vLLM's Harmony parsers take a call addressed from it
vec('sglang-gptoss-analysis-channel', 'gpt-oss Harmony', SGFG+'test_single_tool_call (its call addressed from the analysis channel, as the detector\'s channel pattern takes it)', sgf_h('get_weather', '{"city":"Beijing"}', 'analysis'), SGFGT,
    [('get_weather', {'city': 'Beijing'})], note='a call addressed from the analysis channel is a call')
vec('sglang-gptoss-analysis-then-call', 'gpt-oss Harmony', SGFG+'test_streaming_text_then_tool_call (a reasoning message, then its call from the analysis channel)',
    '<|channel|>analysis<|message|>Need the weather.<|end|>' + sgf_h('get_weather', '{"city":"Beijing"}', 'analysis'), SGFGT,
    [('get_weather', {'city': 'Beijing'})], keep='<|channel|>analysis<|message|>Need the weather.<|end|>')
vec('sglang-gptoss-analysis-no-recipient', 'gpt-oss Harmony', SGFG+'(look-alike: an analysis message holding JSON, no recipient)', '<|channel|>analysis<|message|>{"city":"Beijing"}<|end|>', SGFGT)
vec('sglang-gptoss-analysis-builtin', 'gpt-oss Harmony', SGFG+'(look-alike: the analysis channel addressed to a built-in tool)', '<|start|>assistant<|channel|>analysis to=browser.search<|constrain|>json<|message|>{"query":"x"}<|call|>', SGFGT)

# --- MiniMax M3 (test_minimax_m3_detector.py): the namespace token before every tag
SGFM = SGF + 'test_minimax_m3_detector.py '
SGFMT = [('get_current_date', {}, {}), sgf_raw('get_weather', ['city'], city=S), sgf_raw('search', ['query'], query=S, count=I, ratio=N, verbose=B),
         sgf_raw('create_event', title=S, location={'type': 'object', 'properties': {'city': {'type': 'string'}, 'zip': {'type': 'integer'}}}, tags={'type': 'array', 'items': {'type': 'string'}}),
         sgf_raw('add_note', note=S), sgf_raw('configure', mode={'type': 'string', 'enum': ['none', 'low', 'high']}, optional={'type': ['string', 'null']})]
def sgf_w(*lines): return ''.join(NS + x for x in lines)
def sgf_mi(name, *kv): return ('<invoke name="%s">' % name,) + sum((('<%s>%s' % (k, v), '</%s>' % k) for k, v in zip(kv[::2], kv[1::2])), ()) + ('</invoke>',)
def sgf_mb(*invokes): return sgf_w('<tool_call>', *sum(invokes, ()), '</tool_call>')
SGFMB = sgf_mb(sgf_mi('get_weather', 'city', 'Beijing'))
vec('sglang-m3-zero-arg', 'MiniMax M3', SGFM+'TestMinimaxM3HasToolCall test_has_tool_call_true (and TestMinimaxM3DetectAndParse test_zero_arg_tool_call)', sgf_mb(sgf_mi('get_current_date')), SGFMT, [('get_current_date', {})])
vec('sglang-m3-has-false', 'MiniMax M3', SGFM+'TestMinimaxM3HasToolCall test_has_tool_call_false', 'The weather in Beijing is sunny.', SGFMT)
vec('sglang-m3-no-call', 'MiniMax M3', SGFM+'TestMinimaxM3DetectAndParse test_no_tool_call', 'This is a plain response with no tool call.', SGFMT)
for _l, _v in (('space', 'remember this '), ('newline', 'remember this\n'), ('tab', 'remember this\t'), ('nbsp', 'remember this\u00a0'), ('ideographic', '\u3000中\u3000')):
    vec('sglang-m3-trailing-' + _l, 'MiniMax M3', SGFM+'TestMinimaxM3DetectAndParse test_trailing_whitespace_in_string_value_is_preserved[%s]' % _l, sgf_mb(sgf_mi('add_note', 'note', _v)), SGFMT, [('add_note', {'note': _v})])
vec('sglang-m3-single', 'MiniMax M3', SGFM+'TestMinimaxM3DetectAndParse test_single_tool_call (and TestMinimaxM3Streaming test_single_tool_call_chunked)', SGFMB, SGFMT, [('get_weather', {'city': 'Beijing'})])
vec('sglang-m3-two-blocks', 'MiniMax M3', SGFM+'TestMinimaxM3DetectAndParse test_multiple_tool_calls_separate_blocks', SGFMB + sgf_mb(sgf_mi('get_weather', 'city', 'Tokyo')), SGFMT,
    [('get_weather', {'city': 'Beijing'}), ('get_weather', {'city': 'Tokyo'})])
vec('sglang-m3-two-invokes', 'MiniMax M3', SGFM+'TestMinimaxM3DetectAndParse test_multiple_invokes_one_block (and TestMinimaxM3Streaming test_streaming_sequential_tool_index)',
    sgf_mb(sgf_mi('get_weather', 'city', 'Beijing'), sgf_mi('get_weather', 'city', 'Tokyo')), SGFMT, [('get_weather', {'city': 'Beijing'}), ('get_weather', {'city': 'Tokyo'})])
vec('sglang-m3-content-before', 'MiniMax M3', SGFM+'TestMinimaxM3DetectAndParse test_content_before_tool_call', 'Let me check the weather.' + sgf_mb(sgf_mi('get_weather', 'city', 'Paris')), SGFMT,
    note='disagrees on purpose: toolfix takes MiniMax M3\'s wrapper at a line\'s start only (glued, its ] would be a loud byte and slow every text holding one; see its row), as vllm-minimax-m3-glued')
vec('sglang-m3-typed-scalars', 'MiniMax M3', SGFM+'TestMinimaxM3DetectAndParse test_typed_scalars', sgf_mb(sgf_mi('search', 'query', 'pizza', 'count', '7', 'ratio', '0.5', 'verbose', 'true')), SGFMT,
    [('search', {'query': 'pizza', 'count': 7, 'ratio': 0.5, 'verbose': True})])
SGFMN = sgf_w('<tool_call>', '<invoke name="create_event">', '<title>Standup', '</title>', '<location>', '<city>NYC', '</city>', '<zip>10001', '</zip>', '</location>',
              '<tags>', '<item>red', '</item>', '<item>blue', '</item>', '</tags>', '</invoke>', '</tool_call>')
vec('sglang-m3-nested', 'MiniMax M3', SGFM+'TestMinimaxM3DetectAndParse test_nested_object_and_array (and TestMinimaxM3Streaming test_streaming_matches_non_streaming[nested])', SGFMN, SGFMT,
    [('create_event', {'title': 'Standup', 'location': {'city': 'NYC', 'zip': 10001}, 'tags': ['red', 'blue']})],
    note='an argument written as nested elements is read by its schema: an object of its child elements, a list of its <item>s, each text typed')
SGFSP = 'a "quoted" word with \\ backslash and\nnewline'
vec('sglang-m3-special-characters', 'MiniMax M3', SGFM+'TestMinimaxM3DetectAndParse test_string_with_special_characters', sgf_mb(sgf_mi('add_note', 'note', SGFSP)), SGFMT, [('add_note', {'note': SGFSP})])
vec('sglang-m3-special-stream', 'MiniMax M3', SGFM+'TestMinimaxM3Streaming test_streaming_matches_non_streaming[special]', sgf_mb(sgf_mi('add_note', 'note', 'a "q" and \\ back\nslash')), SGFMT, [('add_note', {'note': 'a "q" and \\ back\nslash'})])
SGFMR = SGFM+'TestMinimaxM3NoneNullRegression '
vec('sglang-m3-mode-none', 'MiniMax M3', SGFMR+'test_plain_string_none_not_coerced[none] (and its streaming twins)', sgf_mb(sgf_mi('configure', 'mode', 'none')), SGFMT, [('configure', {'mode': 'none'})])
for _v in ('nil', 'null'):
    vec('sglang-m3-mode-' + _v, 'MiniMax M3', SGFMR+'test_plain_string_none_not_coerced[%s] (and its streaming twins)' % _v, sgf_mb(sgf_mi('configure', 'mode', _v)), SGFMT,
        note='disagrees on purpose: SGLang passes mode "%s" on; the schema\'s enum is none, low and high, so the call fits no schema and toolfix takes only a call that fits' % _v)
vec('sglang-m3-optional-null', 'MiniMax M3', SGFMR+'test_nullable_param_null_becomes_none', sgf_mb(sgf_mi('configure', 'optional', 'null')), SGFMT, [('configure', {'optional': 'null'})],
    note='disagrees on purpose: SGLang reads null for a string-or-null parameter as null; toolfix keeps the raw text of a parameter whose schema allows a string as that string (D10), and "null" fits it')
vec('sglang-m3-optional-none', 'MiniMax M3', SGFMR+'test_nullable_param_none_stays_string', sgf_mb(sgf_mi('configure', 'optional', 'none')), SGFMT, [('configure', {'optional': 'none'})])
vec('sglang-m3-stream-text', 'MiniMax M3', SGFM+'TestMinimaxM3Streaming test_normal_text_only', 'Hello there.', SGFMT)
vec('sglang-m3-truncated', 'MiniMax M3', SGFM+'TestMinimaxM3Malformed test_truncated_no_closing_tags (and test_truncated_streaming_does_not_crash)', sgf_w('<tool_call>', '<invoke name="get_weather">', '<city>Beijing'), SGFMT,
    note='a cut-off call is never completed')
vec('sglang-m3-mismatched-closer', 'MiniMax M3', SGFM+'TestMinimaxM3Malformed test_mismatched_closing_tag', sgf_w('<tool_call>', '<invoke name="get_weather">', '<city>Beijing', '</wrong>', '</invoke>', '</tool_call>'), SGFMT)
vec('sglang-m3-top-level-oneof', 'MiniMax M3', SGFM+'TestMinimaxM3TopLevelOneOf test_detect_and_parse', sgf_mb(sgf_mi('acme', 'count', '7', 'verbose', 'true')),
    [('acme', {}, {'type': 'object', 'oneOf': [{'type': 'object', 'properties': {'count': {'type': 'integer'}, 'verbose': {'type': 'boolean'}}, 'required': ['count', 'verbose']},
                                              {'type': 'object', 'properties': {'kind': {'const': 'other'}}, 'required': ['kind']}]})],
    [('acme', {'count': 7, 'verbose': True})])
# finish() (test_minimax_m3_detector_finish.py), TOOL_CALL_START and INVOKE_PREFIX written as M3's namespaced markers
SGFMF = SGF + 'test_minimax_m3_detector_finish.py TestMinimaxM3DetectorFinishFlush '
SGFMFT = [sgf_raw('get_weather', city=S)]
vec('sglang-m3-finish-partial', 'MiniMax M3', SGFMF+'test_partial_tool_call_at_end_is_flushed', 'hi ' + NS + '<tool_call>' + NS + '<invoke name="get_weather"><parameter name="city">P', SGFMFT,
    note='a cut-off call is never completed; the text passes as it came, as finish() flushes it')
vec('sglang-m3-finish-clean', 'MiniMax M3', SGFMF+'test_clean_stream_finish_is_noop', 'just some text', SGFMFT)
vec('sglang-m3-finish-m2-parameters', 'MiniMax M3', SGFMF+'test_complete_call_not_duplicated_at_finish',
    NS + '<tool_call>' + NS + '<invoke name="get_weather"><parameter name="city">Paris</parameter></invoke>' + NS + '</tool_call>', SGFMFT,
    note='the test asserts only that finish() flushes nothing more; toolfix reads an M3 argument as a namespaced <K> element, and M2\'s <parameter name=…> inside an M3 block passes as text')

# --- MiniMax M2 tool indices (test_minimax_m2_tool_index.py TestMinimaxM2ToolIndex)
SGFX = SGF + 'test_minimax_m2_tool_index.py TestMinimaxM2ToolIndex '
SGFXT = [sgf_raw('get_weather', city=S), sgf_raw('search_web', query=S), sgf_raw('calculate', expr=S)]
def sgf_m2(*calls):
    parts = ['<minimax:tool_call>']
    for n, kv in calls:
        parts += ['<invoke name="%s">' % n] + ['<parameter name="%s">%s</parameter>' % p for p in kv] + ['</invoke>']
    return '\n'.join(parts + ['</minimax:tool_call>'])
vec('sglang-m2-index-parallel-same', 'MiniMax M2', SGFX+'test_parallel_same_tool_indices_single_shot (and test_single_shot_matches_streaming_indices)', sgf_m2(('get_weather', [('city', 'Tokyo')]), ('get_weather', [('city', 'Paris')])), SGFXT,
    [('get_weather', {'city': 'Tokyo'}), ('get_weather', {'city': 'Paris'})])
vec('sglang-m2-index-ordinal', 'MiniMax M2', SGFX+'test_index_is_ordinal_not_registry_slot', sgf_m2(('calculate', [('expr', '2+2')])), SGFXT, [('calculate', {'expr': '2+2'})])
vec('sglang-m2-index-unknown-dropped', 'MiniMax M2', SGFX+'test_indices_are_dense_when_unknown_tool_is_dropped (and test_forwarded_unknown_tool_gets_ordinal_index)',
    sgf_m2(('get_weather', [('city', 'Tokyo')]), ('unknown_tool', [('city', 'Paris')]), ('calculate', [('expr', '2+2')])), SGFXT,
    note='disagrees on purpose: SGLang drops (or, with SGLANG_FORWARD_UNKNOWN_TOOLS, forwards) the call of a tool the request lacks and keeps the others; toolfix takes a block whole or not at all, and never forwards an undeclared tool')

# --- Poolside v1 (test_poolside_v1_detector.py TestPoolsideV1Detector): GLM's pairs in <tool_call>
SGFP = SGF + 'test_poolside_v1_detector.py TestPoolsideV1Detector '
SGFPT = [sgf_raw('get_weather', ['location'], location=S, count=I, options=O), sgf_raw('search', ['query'], query=S), sgf_raw('now')]
def sgf_p(name, *kv, nl='\n'):
    return '<tool_call>' + name + nl + ''.join('<arg_key>%s</arg_key>\n<arg_value>%s</arg_value>\n' % p for p in zip(kv[::2], kv[1::2])) + '</tool_call>'
SGFPN = 'Poolside v1 (GLM row)'
vec('sglang-poolside-has-call', SGFPN, SGFP+'test_has_tool_call_true', sgf_p('get_weather', 'location', 'SF'), SGFPT, [('get_weather', {'location': 'SF'})])
vec('sglang-poolside-has-false', SGFPN, SGFP+'test_has_tool_call_false', 'just a sentence.', SGFPT)
vec('sglang-poolside-string-arg', SGFPN, SGFP+'test_single_tool_call_string_arg (and test_streaming_single_call_chunked)', sgf_p('get_weather', 'location', 'San Francisco'), SGFPT, [('get_weather', {'location': 'San Francisco'})])
vec('sglang-poolside-mixed-types', SGFPN, SGFP+'test_single_tool_call_mixed_types', sgf_p('get_weather', 'location', 'London', 'count', '3', 'options', '{"verbose": true}'), SGFPT,
    [('get_weather', {'location': 'London', 'count': 3, 'options': {'verbose': True}})])
vec('sglang-poolside-multiple', SGFPN, SGFP+'test_multiple_tool_calls (and test_streaming_multiple_calls)', sgf_p('get_weather', 'location', 'NYC') + '\n' + sgf_p('search', 'query', 'pizza'), SGFPT,
    [('get_weather', {'location': 'NYC'}), ('search', {'query': 'pizza'})])
vec('sglang-poolside-leading-text', SGFPN, SGFP+'test_leading_text_extracted_as_normal', 'Sure, checking now. ' + sgf_p('search', 'query', 'tacos'), SGFPT, [('search', {'query': 'tacos'})], keep='Sure, checking now.',
    note='a GLM call with a pair glued after a finished sentence is taken (the AfterStop row)')
vec('sglang-poolside-unknown-tool', SGFPN, SGFP+'test_unknown_tool_dropped', sgf_p('nonexistent_fn', 'x', '1'), SGFPT)
vec('sglang-poolside-malformed-object', SGFPN, SGFP+'test_malformed_value_falls_back_to_string', sgf_p('get_weather', 'options', 'not_json'), SGFPT,
    note='disagrees on purpose: SGLang passes the text not_json on as the object parameter\'s value; it fits no schema (nor is the required location given), and toolfix never guesses')
vec('sglang-poolside-zero-arg', SGFPN, SGFP+'test_zero_arg_call (and test_streaming_zero_arg_call)', '<tool_call>now\n</tool_call>', SGFPT, [('now', {})])
vec('sglang-poolside-zero-arg-compact', SGFPN, SGFP+'test_zero_arg_call_no_newline', '<tool_call>now</tool_call>', SGFPT, [('now', {})])
vec('sglang-poolside-cut-in-value', SGFPN, SGFP+'test_truncated_pre_value_emits_no_calls', '<tool_call>get_weather\n<arg_key>location</arg_key>\n<arg_value>San Fr', SGFPT, note='a cut-off call is never completed')
vec('sglang-poolside-cut-after-value', SGFPN, SGFP+'test_truncated_post_value_emits_no_calls', '<tool_call>get_weather\n<arg_key>location</arg_key>\n<arg_value>SF</arg_value>\n', SGFPT,
    [('get_weather', {'location': 'SF'})],
    note='disagrees on purpose: SGLang drops a call whose </tool_call> did not come; the text ends after a complete pair with only the closer missing, which toolfix forgives in every family')
vec('sglang-poolside-set-literal', SGFPN, SGFP+'test_set_literal_falls_back_to_raw_string', sgf_p('get_weather', 'options', '{1, 2, 3}'), [sgf_raw('get_weather', options=O)],
    note='disagrees on purpose: SGLang passes the set literal on as a string for the object parameter; it fits no schema, and toolfix never guesses')
vec('sglang-poolside-complete-then-cut', SGFPN, SGFP+'test_truncated_after_complete_call_keeps_complete', sgf_p('get_weather', 'location', 'NYC') + '\n<tool_call>search\n<arg_key>q', SGFPT,
    note='disagrees on purpose: SGLang keeps the complete call and drops the cut-off one; toolfix takes a tail whole or not at all, and a cut-off call is never completed')
vec('sglang-poolside-key-without-value', SGFPN, SGFP+'test_arg_key_without_value_emits_empty_call', '<tool_call>get_weather\n<arg_key>location</arg_key></tool_call>', SGFPT,
    note='disagrees on purpose: SGLang drops the orphan key and emits get_weather with {}; without its required location the call fits no schema, and toolfix takes only a call that fits')
vec('sglang-poolside-key-without-value-then-call', SGFPN, SGFP+'test_streaming_arg_key_without_value_closes_call',
    '<tool_call>get_weather\n<arg_key>location</arg_key></tool_call><tool_call>search\n<arg_key>query</arg_key>\n<arg_value>tacos</arg_value>\n</tool_call>', SGFPT,
    note='disagrees on purpose: SGLang emits both calls, the first with {}; the first fits no schema, and toolfix takes a tail whole or not at all')
vec('sglang-poolside-orphan-key', SGFPN, SGFP+'test_orphan_key_followed_by_new_key_uses_new_key (and its streaming twin)',
    '<tool_call>get_weather\n<arg_key>location</arg_key><arg_key>count</arg_key><arg_value>3</arg_value>\n</tool_call>', SGFPT,
    note='disagrees on purpose: SGLang drops the orphan key and emits {"count": 3}; a key without its value is no pair toolfix reads, and without the required location the call fits no schema')
vec('sglang-poolside-no-name', SGFPN, SGFP+'test_streaming_malformed_no_name_does_not_hang', '<tool_call><arg_key>k</arg_key><arg_value>v</arg_value></tool_call>', SGFPT)
vec('sglang-poolside-no-wrapper', SGFPN, SGFP+'test_streaming_arg_tags_without_tool_call_wrapper', '<arg_key>k</arg_key><arg_value>v</arg_value>', SGFPT)
vec('sglang-poolside-char-by-char', SGFPN, SGFP+'test_streaming_char_by_char_robustness', sgf_p('get_weather', 'location', 'hello world'), SGFPT, [('get_weather', {'location': 'hello world'})])
vec('sglang-poolside-search-only', SGFPN, SGFP+'test_streaming_index_is_sequential_not_tools_slot', sgf_p('search', 'query', 'tacos'), SGFPT, [('search', {'query': 'tacos'})])
vec('sglang-poolside-stream-text-before', SGFPN, SGFP+'test_streaming_text_before_tool_call', 'Let me check. ' + sgf_p('search', 'query', 'foo'), SGFPT, [('search', {'query': 'foo'})], keep='Let me check.')
# finish() (test_poolside_v1_detector_finish.py TestPoolsideV1DetectorFinishFlush), no tools declared
SGFPF = SGF + 'test_poolside_v1_detector_finish.py TestPoolsideV1DetectorFinishFlush '
vec('sglang-poolside-finish-partial', SGFPN, SGFPF+'test_partial_tool_call_at_end_is_flushed', 'hi <tool_call>get_weather', [], note='a cut-off call is never completed; the text passes as it came, as finish() flushes it')
vec('sglang-poolside-finish-clean', SGFPN, SGFPF+'test_clean_stream_finish_is_noop', 'just some text', [])
vec('sglang-poolside-finish-complete', SGFPN, SGFPF+'test_complete_call_not_duplicated_at_finish', '<tool_call>get_weather</tool_call>', [],
    note='the test declares no tool, nor does the case: a call of a tool the request lacks passes as text')

# --- vLLM's Poolside v1 test not yet converted (test_poolside_v1_tool_parser.py)
vec('poolside-responses-flat-tools', 'Poolside v1 (GLM row)', V+'test_poolside_v1_tool_parser.py test_responses_extract_tool_calls_with_flat_tools',
    '<tool_call>write_file\n<arg_key>content</arg_key>\n<arg_value>  x = 1\n</arg_value>\n</tool_call>', [sgf_raw('write_file', ['content'], content=S, mode=I)], [('write_file', {'content': '  x = 1\n'})])

# --- MiniMax M3 nested elements read by schema: vLLM's nested vector with its tool's own schema
SGFM3 = V + 'test_minimax_m3_tool_parser.py '
SGFM3T = [sgf_raw('create_order', user_id=I, urgent=B, note=S, shipping={'type': 'object', 'properties': {'city': {'type': 'string'}, 'zip': {'type': 'integer'}}},
                  items={'type': 'array', 'items': {'type': 'object', 'properties': {'sku': {'type': 'string'}, 'qty': {'type': 'integer'}}}},
                  metadata={'type': 'object', 'additionalProperties': {'type': 'string'}}, duplicate_demo={'type': 'object'})]
def sgf_order(zip_):
    return 'I will create it.\n' + NS + '<tool_call>\n' + sgf_w('<invoke name="create_order">', '<user_id>42', '</user_id>', '<urgent>true', '</urgent>', '<note>Please leave at front desk.', '</note>',
        '<shipping>', '<city>Singapore', '</city>', '<zip>' + zip_, '</zip>', '</shipping>', '<items>', '<item>', '<sku>book-001', '</sku>', '<qty>2', '</qty>', '</item>',
        '<item>', '<sku>pen-007', '</sku>', '<qty>5', '</qty>', '</item>', '</items>', '<metadata>', '<source>mobile', '</source>', '<campaign>may-launch', '</campaign>', '</metadata>',
        '<duplicate_demo>', '<tag>a', '</tag>', '<tag>b', '</tag>', '</duplicate_demo>', '</invoke>') + '\n' + NS + '</tool_call>'
SGFM3V = {'user_id': 42, 'urgent': True, 'note': 'Please leave at front desk.', 'shipping': {'city': 'Singapore', 'zip': 18956},
          'items': [{'sku': 'book-001', 'qty': 2}, {'sku': 'pen-007', 'qty': 5}], 'metadata': {'source': 'mobile', 'campaign': 'may-launch'}, 'duplicate_demo': {'tag': ['a', 'b']}}
vec('minimax-m3-nested-schema', 'MiniMax M3', SGFM3+'test_non_streaming_nested_tool_call (and test_streaming_nested_tool_call; its zip written 18956)', sgf_order('18956'), SGFM3T,
    [('create_order', SGFM3V)], keep='I will create it.',
    note='the vector with its tool\'s schema (sample_tools): an object of child elements, a list of <item> objects, a name written twice a list; its zip 018956 written 18956 (see minimax-m3-nested-leading-zero)')
vec('minimax-m3-nested-leading-zero', 'MiniMax M3', SGFM3+'test_non_streaming_nested_tool_call (with its tool\'s schema)', sgf_order('018956'), SGFM3T,
    note='disagrees on purpose: vLLM makes the zip 018956 the integer 18956; a leading zero is no integer text, so the input fits no schema and toolfix never guesses')
vec('minimax-m3-nested-for-string', 'MiniMax M3', SGFM3+'(look-alike: nested elements for a string parameter)', NS + '<tool_call>' + sgf_w('<invoke name="create_order">', '<note>', '<city>Singapore', '</city>', '</note>', '</invoke>', '</tool_call>'), SGFM3T,
    note='elements where the schema wants a string fit nothing; toolfix never passes markup on as a string value')
vec('minimax-m3-nested-text-beside', 'MiniMax M3', SGFM3+'(look-alike: text beside the nested elements)', NS + '<tool_call>' + sgf_w('<invoke name="create_order">', '<shipping>to ', '<city>Singapore', '</city>', '</shipping>', '</invoke>', '</tool_call>'), SGFM3T)
vec('minimax-m3-nested-one-item', 'MiniMax M3', SGFM3+'(one <item> for a list)', NS + '<tool_call>' + sgf_w('<invoke name="create_order">', '<items>', '<item>', '<sku>book-001', '</sku>', '<qty>2', '</qty>', '</item>', '</items>', '</invoke>', '</tool_call>'), SGFM3T,
    [('create_order', {'items': [{'sku': 'book-001', 'qty': 2}]})])
