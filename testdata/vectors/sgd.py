# SGLang's function-call tests converted in issue 20, part D (helper sgd): Kimi K2's name
# inference, K2 V3 (K2 Horizon), Kimi K3's structural tag, DeepSeek V3.2's encoding, the streaming
# half of the Hunyuan detector's tests and the finish() tests of Hunyuan, GigaChat 3 and Hermes,
# Step3's streaming tests, GLM 4.5/4.7's streaming and detector tests and GLM 5.3 Flash. A
# streaming test's model output is its chunks joined. Run by gen.py in its own names (vec, T, S,
# I, …); the helpers here start with sgd_ or SGD.
SGD = 'sgl-project/sglang test/registered/unit/function_call/'


def sgd_raw(name, **props):  # a tool with the peer's schema as it is: no additionalProperties
    return (name, {}, {'type': 'object', 'properties': {k: (v if isinstance(v, dict) else {'type': v}) for k, v in props.items()}})


# --- Kimi K2 (test_kimik2_inference.py): the tool named by the arguments when the id names none
SGDKI = SGD + 'test_kimik2_inference.py TestKimiK2Inference '
def sgd_k2(*calls):  # calls of (id, arguments) in one section
    return '<|tool_calls_section_begin|>' + ''.join('<|tool_call_begin|>%s<|tool_call_argument_begin|>%s<|tool_call_end|>' % c for c in calls) + '<|tool_calls_section_end|>'
SGDKP = {'type': 'object', 'properties': {'path': {'type': 'string'}}, 'required': ['path']}
SGDKW = ('weather', {}, {'type': 'object', 'properties': {'city': {'type': 'string'}}, 'required': ['city']})
SGDKR, SGDKD = ('read', {}, SGDKP), ('delete', {}, SGDKP)
SGDKN = 'disagrees on purpose: SGLang names a call whose id names no tool by the one tool whose schema its arguments fit; toolfix never guesses a tool name'
vec('sglang-k2inf-unique-match', 'Kimi K2', SGDKI+'test_evaluated_properties_preserve_unique_and_ambiguous_matches (call_3, read and weather declared)', sgd_k2(('call_3', '{"path":"/x"}')), [SGDKR, SGDKW], note=SGDKN)
vec('sglang-k2inf-bare-counter', 'Kimi K2', SGDKI+'test_type_aliases_are_normalized_without_mutating_tools (id 3)', sgd_k2(('3', '{"path":"/x"}')), [SGDKR, SGDKW], note=SGDKN)
vec('sglang-k2inf-ambiguous', 'Kimi K2', SGDKI+'test_evaluated_properties_preserve_unique_and_ambiguous_matches (call_3, read and delete declared)', sgd_k2(('call_3', '{"path":"/x"}')), [SGDKR, SGDKD],
    note='SGLang names no tool when two fit; toolfix never guesses one, and the text passes')
vec('sglang-k2inf-invalid-nameless', 'Kimi K2', SGDKI+'test_invalid_values_are_not_identity_evidence_for_nameless_calls (call_3)', sgd_k2(('call_3', '{"path":5}')), [SGDKR, SGDKW])
vec('sglang-k2inf-invalid-explicit', 'Kimi K2', SGDKI+'test_invalid_values_are_not_identity_evidence_for_nameless_calls (functions.read:0)', sgd_k2(('functions.read:0', '{"path":5}')), [SGDKR, SGDKW],
    note='disagrees on purpose: SGLang names the call read and leaves its arguments to the client; the integer 5 does not fit the declared string path, and toolfix takes only a call that fits its schema')
vec('sglang-k2inf-unresolvable-then-explicit', 'Kimi K2', SGDKI+'test_unresolvable_call_is_skipped_without_losing_next_explicit_call',
    sgd_k2(('call_3', '{"path":"/x"}'), ('functions.weather:4', '{"city":"Paris"}')), [('delete', {}, dict(SGDKP, **{'$ref': '#/$defs/missing'})), SGDKW],
    note='disagrees on purpose: SGLang drops the call it cannot name and forwards the next; toolfix takes a tail whole or not at all')
vec('sglang-k2inf-explicit', 'Kimi K2', SGDKI+'test_unresolvable_call_is_skipped_without_losing_next_explicit_call (its explicit call alone)',
    sgd_k2(('functions.weather:4', '{"city":"Paris"}')), [SGDKW], [('weather', {'city': 'Paris'})])

# --- K2 V3 (test_k2_v3_detector.py): the K2 Horizon row
SGDK3 = SGD + 'test_k2_v3_detector.py TestK2V3Detector '
SGDK3W = sgd_raw('get_weather', city=S, days=I, options=O)
def sgd_kx(n, *kv):  # an <ifm|tool_call> of name n and its key/value pairs
    return '<ifm|tool_call>' + n + ''.join('<ifm|arg_key>%s</ifm|arg_key><ifm|arg_value>%s</ifm|arg_value>' % p for p in zip(kv[::2], kv[1::2])) + '</ifm|tool_call>'
def sgd_kthink(tag):
    return '<ifm|%s>Consider ' % tag + sgd_kx('get_weather', 'city', 'Boston') + ' as hypothetical text.</ifm|%s>\n' % tag
SGDK3T = sgd_kx('get_weather', 'city', 'Tokyo')
vec('sglang-k2v3d-typed-values', 'K2 Horizon', SGDK3+'test_xml_and_typed_values',
    '<ifm|tool_call>get_weather\n<ifm|arg_key>city</ifm|arg_key>\n<ifm|arg_type>string</ifm|arg_type>\n<ifm|arg_value>  Boston  </ifm|arg_value>\n<ifm|arg_key>days</ifm|arg_key>\n<ifm|arg_type>integer</ifm|arg_type>\n<ifm|arg_value>3</ifm|arg_value>\n<ifm|arg_key>options</ifm|arg_key>\n<ifm|arg_value>{"units": "metric"}</ifm|arg_value>\n</ifm|tool_call>',
    [SGDK3W], [('get_weather', {'city': '  Boston  ', 'days': 3, 'options': {'units': 'metric'}})])
vec('sglang-k2v3d-json-wire', 'K2 Horizon', SGDK3+'test_json_content_is_detected_from_wire', '<ifm|tool_calls>\n<ifm|tool_call>{"name":"get_weather","arguments":{"city":"Tokyo","days":2}}</ifm|tool_call>\n</ifm|tool_calls>',
    [SGDK3W], [('get_weather', {'city': 'Tokyo', 'days': 2})])
vec('sglang-k2v3d-json-strings', 'K2 Horizon', SGDK3+'test_json_strings_are_not_reinterpreted_without_a_schema', '<ifm|tool_call>{"name":"get_weather","arguments":{"numeric":"123","boolean":"true","object":"{}"}}</ifm|tool_call>',
    [SGDK3W], [('get_weather', {'numeric': '123', 'boolean': 'true', 'object': '{}'})])
vec('sglang-k2v3d-ref-string', 'K2 Horizon', SGDK3+'test_local_schema_ref_preserves_xml_string_value', sgd_kx('lookup', 'id', '123'),
    [('lookup', {}, {'type': 'object', '$defs': {'Identifier': {'type': 'string'}}, 'properties': {'id': {'$ref': '#/$defs/Identifier'}}})], [('lookup', {'id': '123'})])
vec('sglang-k2v3d-typed-union', 'K2 Horizon', SGDK3+'test_xml_typed_union_uses_wire_value_type',
    '<ifm|tool_call>lookup<ifm|arg_key>id</ifm|arg_key><ifm|arg_type>integer</ifm|arg_type><ifm|arg_value>123</ifm|arg_value></ifm|tool_call>',
    [('lookup', {}, {'type': 'object', 'properties': {'id': {'anyOf': [{'type': 'string'}, {'type': 'integer'}]}}})], [('lookup', {'id': 123})])
vec('sglang-k2v3d-number-name', 'K2 Horizon', SGDK3+'test_non_string_json_function_name_is_forwarded_as_text', '<ifm|tool_call>{"name":123,"arguments":{}}</ifm|tool_call>', [SGDK3W])
vec('sglang-k2v3d-parallel', 'K2 Horizon', SGDK3+'test_parallel_calls_keep_wire_order_and_indices', '<ifm|tool_calls>\n' + SGDK3T + '\n' + sgd_kx('get_weather', 'city', 'Boston') + '\n</ifm|tool_calls>',
    [SGDK3W], [('get_weather', {'city': 'Tokyo'}), ('get_weather', {'city': 'Boston'})])
vec('sglang-k2v3d-think-answer', 'K2 Horizon', SGDK3+'test_non_streaming_preserves_reasoning_for_ordinary_answer', ' \n' + sgd_kthink('think_fast') + 'The answer is 42.', [SGDK3W])
vec('sglang-k2v3d-think-answer-stream', 'K2 Horizon', SGDK3+'test_streaming_preserves_reasoning_for_ordinary_answer', ' \n' + sgd_kthink('think_faster') + 'The answer is 42.', [SGDK3W])
vec('sglang-k2v3d-think-then-call', 'K2 Horizon', SGDK3+'test_non_streaming_tool_call_preserves_reasoning_prefix', sgd_kthink('think') + '<ifm|tool_calls>\n' + SGDK3T + '\n</ifm|tool_calls>',
    [SGDK3W], [('get_weather', {'city': 'Tokyo'})], keep=sgd_kthink('think').rstrip('\n'))
vec('sglang-k2v3d-forced-think', 'K2 Horizon', SGDK3+'test_forced_reasoning_without_opening_tag_is_preserved', 'work</ifm|think>\n<ifm|tool_calls>' + SGDK3T + '</ifm|tool_calls>',
    [SGDK3W], [('get_weather', {'city': 'Tokyo'})], keep='work</ifm|think>')
vec('sglang-k2v3d-think-then-call-stream', 'K2 Horizon', SGDK3+'test_streaming_tool_call_preserves_reasoning_at_every_boundary',
    sgd_kthink('think') + '<ifm|tool_calls>\n' + sgd_kx('get_weather', 'city', '東京') + '\n</ifm|tool_calls>', [SGDK3W], [('get_weather', {'city': '東京'})], keep=sgd_kthink('think').rstrip('\n'))
vec('sglang-k2v3d-malformed-block', 'K2 Horizon', SGDK3+'test_malformed_complete_block_is_forwarded_as_text', 'prefix<ifm|tool_call>get_weather<ifm|arg_key>city</ifm|arg_key></ifm|tool_call>suffix', [SGDK3W])
vec('sglang-k2v3d-malformed-group', 'K2 Horizon', SGDK3+'test_malformed_canonical_group_is_forwarded_intact', 'prefix<ifm|tool_calls>\n<ifm|tool_call>get_weather<ifm|arg_key>city</ifm|arg_key></ifm|tool_call>\n</ifm|tool_calls>suffix', [SGDK3W])
vec('sglang-k2v3d-unknown-dropped', 'K2 Horizon', SGDK3+'test_unknown_tool_respects_forwarding_policy (dropped)', '<ifm|tool_call>unknown</ifm|tool_call>', [SGDK3W])
vec('sglang-k2v3d-unknown-forwarded', 'K2 Horizon', SGDK3+'test_unknown_tool_respects_forwarding_policy (SGLANG_FORWARD_UNKNOWN_TOOLS)', '<ifm|tool_call>unknown</ifm|tool_call>', [SGDK3W],
    note='disagrees on purpose: SGLang may forward a call of a tool the request lacks; toolfix never does (D57)')
vec('sglang-k2v3d-any-schema', 'K2 Horizon', SGDK3+'test_any_schema_preserves_json_value', '<ifm|tool_call>{"name":"get_weather","arguments":{"options":{"units":"metric"}}}</ifm|tool_call>',
    [sgd_raw('get_weather', city=S, days=I, options={'type': 'any'})], [('get_weather', {'options': {'units': 'metric'}})])
vec('sglang-k2v3d-unterminated', 'K2 Horizon', SGDK3+'test_unterminated_stream_is_released_on_finish', 'prefix<ifm|tool_call>get_weather<ifm|arg_key>city', [SGDK3W], note='a cut-off call is never completed')

# --- Kimi K3 (test_kimik3_structural_tag.py): its one model output with expected calls
vec('sglang-k3st-nested-closes', 'Kimi K3 XTML', SGD+'test_kimik3_structural_tag.py test_auto_hook_does_not_swallow_parser_visible_closes',
    k3t('<|open|>call tool="weather" index="23"<|sep|>' + k3a('city', 'string', 'Paris') + '<|open|>argument key="days" type="number"<|sep|><|close|>argument<|sep|><|close|>call<|sep|>3<|close|>argument<|sep|><|close|>call<|sep|>'),
    [sgd_raw('weather', city={'type': 'string', 'pattern': '[A-Z][A-Za-z ]+'}, days={'type': 'integer', 'minimum': 1, 'maximum': 10}, unit={'type': ['string', 'null'], 'enum': ['celsius', 'fahrenheit', None]},
             metadata={'type': 'object', 'properties': {'source': {'type': 'string'}}, 'required': ['source'], 'additionalProperties': False}, tags={'type': 'array', 'items': {'type': 'string'}})],
    note='disagrees on purpose: SGLang forwards {"city": "Paris", "days": ""}; the empty days does not fit the declared integer and text stands between the call and the section\'s closer, so toolfix takes no call')

# --- DeepSeek V3.2 (test/registered/function_call/test_encoding_dsv32.py): the assistant turn
# encode_messages writes for the test's tool call, as the model writes it after its <think>
SGDEN = 'sgl-project/sglang test/registered/function_call/test_encoding_dsv32.py test_tool_call_thinking_end_logic '
SGDENR = 'I need to check the weather...</think>'
SGDENC = '\n\n<｜DSML｜function_calls>\n<｜DSML｜invoke name="get_weather">\n<｜DSML｜parameter name="city" string="true">Tokyo</｜DSML｜parameter>\n</｜DSML｜invoke>\n</｜DSML｜function_calls>'
vec('sglang-dsv32enc-thinking', 'DeepSeek V3.2 DSML', SGDEN+'(the assistant turn encoded, its end-of-sentence token left out)', SGDENR + SGDENC, [T('get_weather', city=S)], [('get_weather', {'city': 'Tokyo'})], keep=SGDENR)
vec('sglang-dsv32enc-chat', 'DeepSeek V3.2 DSML', SGDEN+'(the assistant turn encoded without its reasoning)', SGDENC.lstrip('\n'), [T('get_weather', city=S)], [('get_weather', {'city': 'Tokyo'})])
vec('sglang-dsv32enc-eos', 'DeepSeek V3.2 DSML', SGDEN+'(the assistant turn encoded with its end-of-sentence token)', SGDENR + SGDENC + '<｜end▁of▁sentence｜>', [T('get_weather', city=S)],
    [('get_weather', {'city': 'Tokyo'})], keep=SGDENR, note='the end-of-sentence token a server strips, left in the text after the call, goes with the markup (the end-of-turn rule, mk.py)')

# --- Hunyuan V3 (test_hunyuan_detector.py, its streaming and FunctionCallParser tests; the
# detect_and_parse half is sgb.py's)
SGDHY = SGD + 'test_hunyuan_detector.py '
SGDHS = SGDHY + 'TestHunyuanDetectorStreaming '
SGDHT = [T('get_current_date'), T('get_weather', city=S, date=S), T('search', query=S, count=I), T('calculate', expression=S, precision=N, verbose=B)]
def sgd_hc(n, *kv):  # a Hunyuan V3 call: name, <tool_sep>, its pairs
    return '<tool_call>%s<tool_sep>' % n + ''.join('<arg_key>%s</arg_key><arg_value>%s</arg_value>' % p for p in zip(kv[::2], kv[1::2])) + '</tool_call>'
def sgd_hs(*calls): return '<tool_calls>' + ''.join(calls) + '</tool_calls>'
SGDHD = sgd_hs(sgd_hc('get_current_date'))
vec('sglang-hyds-plain', 'Hunyuan V3/V4', SGDHS+'test_normal_text_only', 'Hello, I can help you with that.', SGDHT)
vec('sglang-hyds-single-chunk', 'Hunyuan V3/V4', SGDHS+'test_complete_tool_call_single_chunk', SGDHD, SGDHT, [('get_current_date', {})])
vec('sglang-hyds-hy4-chars', 'Hunyuan V3/V4', SGDHS+'test_hy4_format_without_tool_separator_char_by_char',
    '<tool_calls:opensource><tool_call:opensource>get_weather<arg_key:opensource>city</arg_key:opensource><arg_value:opensource>Tokyo</arg_value:opensource></tool_call:opensource></tool_calls:opensource>', SGDHT,
    [('get_weather', {'city': 'Tokyo'})])
vec('sglang-hyds-chunked', 'Hunyuan V3/V4', SGDHS+'test_chunked_tool_call', sgd_hs(sgd_hc('get_weather', 'city', 'Tokyo')), SGDHT, [('get_weather', {'city': 'Tokyo'})])
vec('sglang-hyds-text-before', 'Hunyuan V3/V4', SGDHS+'test_normal_text_before_tool', 'Let me check. ' + SGDHD, SGDHT, [('get_current_date', {})], keep='Let me check.')
vec('sglang-hyds-two-chunked', 'Hunyuan V3/V4', SGDHS+'test_multiple_tool_calls_chunked',
    '<tool_calls>\n<tool_call>get_weather<tool_sep>\n<arg_key>city</arg_key><arg_value>Beijing</arg_value>\n</tool_call>\n<tool_call>get_weather<tool_sep>\n<arg_key>city</arg_key><arg_value>Tokyo</arg_value>\n</tool_call>\n</tool_calls>', SGDHT,
    [('get_weather', {'city': 'Beijing'}), ('get_weather', {'city': 'Tokyo'})])
vec('sglang-hyds-partial-bot', 'Hunyuan V3/V4', SGDHS+'test_partial_bot_token_buffered', 'Hello <tool_', SGDHT)
vec('sglang-hyds-chars', 'Hunyuan V3/V4', SGDHS+'test_char_by_char_streaming', SGDHD, SGDHT, [('get_current_date', {})])
vec('sglang-hyds-args-chars', 'Hunyuan V3/V4', SGDHS+'test_streaming_with_args_char_by_char', sgd_hs(sgd_hc('get_weather', 'city', 'NYC')), SGDHT, [('get_weather', {'city': 'NYC'})])
vec('sglang-hyds-three', 'Hunyuan V3/V4', SGDHS+'test_streaming_three_tools_sequential', sgd_hs(sgd_hc('get_current_date'), sgd_hc('get_weather', 'city', 'SF'), sgd_hc('search', 'query', 'test')), SGDHT,
    [('get_current_date', {}), ('get_weather', {'city': 'SF'}), ('search', {'query': 'test'})])
vec('sglang-hyds-text-kept', 'Hunyuan V3/V4', SGDHS+'test_streaming_normal_text_not_lost', 'I will check the date now. ' + SGDHD, SGDHT, [('get_current_date', {})], keep='I will check the date now.')
vec('sglang-hyds-name-first', 'Hunyuan V3/V4', SGDHS+'test_streaming_name_comes_before_args', sgd_hs(sgd_hc('get_weather', 'city', 'Paris')), SGDHT, [('get_weather', {'city': 'Paris'})])
vec('sglang-hyds-typed', 'Hunyuan V3/V4', SGDHS+'test_streaming_typed_args_coerced', sgd_hs(sgd_hc('search', 'query', 'pizza', 'count', '7')), SGDHT, [('search', {'query': 'pizza', 'count': 7})])
vec('sglang-hyds-end-tag-held', 'Hunyuan V3/V4', SGDHS+'test_streaming_string_arg_holds_back_partial_end_tag', sgd_hs(sgd_hc('get_weather', 'city', 'San Francisco')), SGDHT, [('get_weather', {'city': 'San Francisco'})])
vec('sglang-hyds-one-delta', 'Hunyuan V3/V4', SGDHS+'test_streaming_all_in_one_delta', '<tool_calls>\n<tool_call>get_current_date<tool_sep>\n</tool_call>\n</tool_calls>', SGDHT, [('get_current_date', {})])
vec('sglang-hyds-content-before', 'Hunyuan V3/V4', SGDHS+'test_streaming_content_before', 'Checking.<tool_calls>\n<tool_call>get_current_date<tool_sep>\n</tool_call>\n</tool_calls>', SGDHT, [('get_current_date', {})], keep='Checking.')
SGDHP = SGDHY + 'TestHunyuanDetectorFunctionCallParser '
vec('sglang-hyds-parser-non-stream', 'Hunyuan V3/V4', SGDHP+'test_parse_non_stream', 'Checking.' + sgd_hs(sgd_hc('get_weather', 'city', 'Tokyo')), SGDHT, [('get_weather', {'city': 'Tokyo'})], keep='Checking.')
vec('sglang-hyds-parser-stream', 'Hunyuan V3/V4', SGDHP+'test_parse_stream_chunks', SGDHD, SGDHT, [('get_current_date', {})])
vec('sglang-hyds-parser-foo', 'Hunyuan V3/V4', SGDHP+'test_has_tool_call_through_parser', '<tool_calls>foo</tool_calls>', SGDHT)

# --- Hunyuan V3 finish() (test_hunyuan_detector_finish.py); the test declares no tools, the
# date tool is declared here so that its call may fit
SGDHF = SGD + 'test_hunyuan_detector_finish.py TestHunyuanDetectorFinish '
vec('sglang-hyfin-truncated', 'Hunyuan V3/V4', SGDHF+'test_truncated_call_at_end_drops_protocol_block (an earlier revision\'s test_partial_tool_call_at_end_is_flushed)', "hi <tool_calls>get_weather('par", SGDHT, note='a cut-off call is never completed; SGLang drops the block, toolfix passes it as it came')
vec('sglang-hyfin-marker-prefix', 'Hunyuan V3/V4', SGDHF+'test_truncated_marker_prefix_is_released', 'hello <tool_ca', SGDHT)
vec('sglang-hyfin-post-call-text', 'Hunyuan V3/V4', SGDHF+'test_post_call_text_is_released', SGDHD + 'tail', SGDHT, note='disagrees on purpose: tail only; text after the markup leaves it as it is')
vec('sglang-hyfin-clean', 'Hunyuan V3/V4', SGDHF+'test_clean_stream_finish_is_noop', 'just some text', SGDHT)
vec('sglang-hyfin-complete', 'Hunyuan V3/V4', SGDHF+'test_complete_call_not_duplicated_at_finish', SGDHD, SGDHT, [('get_current_date', {})])

# --- GigaChat 3.1 finish() (test_gigachat3_detector_finish.py)
SGDGF = SGD + 'test_gigachat3_detector_finish.py TestGigaChat3DetectorFinishFlush '
SGDGW = [sgd_raw('get_weather', city=S)]
vec('sglang-gcfin-partial', 'GigaChat 3', SGDGF+'test_partial_tool_call_at_end_is_flushed', 'hi <|function_call|> {"name": "get_weather", "arguments": {"city": "P', SGDGW, note='a cut-off call is never completed')
vec('sglang-gcfin-plain', 'GigaChat 3', SGDGF+'test_plain_text_finish_flushes_not_drops', 'just some text', SGDGW)
vec('sglang-gcfin-complete', 'GigaChat 3', SGDGF+'test_complete_call_not_duplicated_at_finish', '<|function_call|> {"name": "get_weather", "arguments": {"city": "Paris"}}', SGDGW, [('get_weather', {'city': 'Paris'})])

# --- Hermes finish() (test_hermes_detector_finish.py)
SGDEF = SGD + 'test_hermes_detector_finish.py TestHermesDetectorFinishFlush '
vec('sglang-hefin-partial', 'Hermes', SGDEF+'test_partial_tool_call_at_end_is_flushed', 'hi <tool_call>\n{"name": "get_weather", "arguments": {"city": "P', SGDGW, note='a cut-off call is never completed')
vec('sglang-hefin-clean', 'Hermes', SGDEF+'test_clean_stream_finish_is_noop', 'just some text', SGDGW)
vec('sglang-hefin-complete', 'Hermes', SGDEF+'test_complete_call_not_duplicated_at_finish', '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>', SGDGW, [('get_weather', {'city': 'Paris'})])

# --- Step3 (test_step3_detector_streaming.py)
SGDST = SGD + 'test_step3_detector_streaming.py TestStep3DetectorStreaming '
SGDSB, SGDSE = '<｜tool_calls_begin｜>', '<｜tool_calls_end｜>'
def sgd_sc(n, params): return '<｜tool_call_begin｜>function<｜tool_sep｜><steptml:invoke name="%s">\n%s</steptml:invoke><｜tool_call_end｜>\n' % (n, params)
def sgd_sp(k, v): return '<steptml:parameter name="%s">%s</steptml:parameter>\n' % (k, v)
SGDSTT = [sgd_raw('get_weather', city=S, days=I), sgd_raw('get_time', tz=S), sgd_raw('ping')]
SGDSTN = 'disagrees on purpose: tail only; SGLang takes the call and keeps the text after the block'
SGDS1 = SGDSB + '\n' + sgd_sc('get_weather', sgd_sp('city', 'SF') + sgd_sp('days', '3')) + SGDSE
vec('sglang-st3s-text-call-text', 'Step3', SGDST+'test_streaming_text_call_and_text_in_one_increment', 'Sure.\n' + SGDS1 + '\nDone.', SGDSTT, note=SGDSTN)
vec('sglang-st3s-text-call', 'Step3', SGDST+'test_streaming_text_call_and_text_in_one_increment (without the text after the block)', 'Sure.\n' + SGDS1, SGDSTT, [('get_weather', {'city': 'SF', 'days': 3})], keep='Sure.')
SGDS2 = SGDSB + '\n' + sgd_sc('get_weather', sgd_sp('city', 'SF')) + sgd_sc('get_time', sgd_sp('tz', 'UTC')) + SGDSE
vec('sglang-st3s-two-text-after', 'Step3', SGDST+'test_streaming_two_calls_in_one_increment_keep_their_own_parameters', 'Checking.\n' + SGDS2 + '\nBoth done.', SGDSTT, note=SGDSTN)
vec('sglang-st3s-two', 'Step3', SGDST+'test_streaming_two_calls_in_one_increment_keep_their_own_parameters (without the text after the block)', 'Checking.\n' + SGDS2, SGDSTT,
    [('get_weather', {'city': 'SF'}), ('get_time', {'tz': 'UTC'})], keep='Checking.')
vec('sglang-st3s-trailing-text', 'Step3', SGDST+'test_streaming_trailing_text_is_chunk_invariant', SGDSB + '\n' + sgd_sc('get_weather', sgd_sp('city', 'SF')) + SGDSE + '\nIt is sunny in SF.', SGDSTT, note=SGDSTN)
vec('sglang-st3s-zero-param-text', 'Step3', SGDST+'test_streaming_zero_parameter_call_has_valid_arguments', SGDSB + '\n' + sgd_sc('ping', '') + SGDSE + '\nok', SGDSTT, note=SGDSTN)
vec('sglang-st3s-zero-param', 'Step3', SGDST+'test_streaming_zero_parameter_call_has_valid_arguments (without the text after the block)', SGDSB + '\n' + sgd_sc('ping', '') + SGDSE, SGDSTT, [('ping', {})])
vec('sglang-st3s-empty-invoke', 'Step3', SGDST+'test_detect_and_parse_keeps_call_with_empty_invoke_body',
    SGDSB + '\n<｜tool_call_begin｜>function<｜tool_sep｜><steptml:invoke name="ping"></steptml:invoke><｜tool_call_end｜>\n' + SGDSE, SGDSTT, [('ping', {})])
vec('sglang-st3s-unknown', 'Step3', SGDST+'test_streaming_rejected_calls_keep_trailing_text (unknown tool)', SGDSB + '\n' + sgd_sc('get_wether', sgd_sp('city', 'SF')) + SGDSE + '\nhmm', SGDSTT,
    note='SGLang drops the block and keeps the text after it; toolfix passes the whole text as it came')
vec('sglang-st3s-bad-type', 'Step3', SGDST+'test_streaming_rejected_calls_keep_trailing_text (a custom call type)',
    SGDSB + '\n<｜tool_call_begin｜>custom<｜tool_sep｜><steptml:invoke name="get_weather">' + sgd_sp('city', 'SF') + '</steptml:invoke><｜tool_call_end｜>\n' + SGDSE + '\ntail', SGDSTT,
    note='SGLang drops the block and keeps the text after it; toolfix passes the whole text as it came')
vec('sglang-st3s-truncated', 'Step3', SGDST+'test_truncated_tool_block_is_markup_not_content',
    'Let me check.\n' + SGDSB + '\n' + sgd_sc('get_weather', sgd_sp('city', 'SF')) + '<｜tool_call_begin｜>function<｜tool_sep｜><steptml:invoke name="get_ti', SGDSTT,
    note='disagrees on purpose: SGLang keeps the call completed before the cut; a cut-off call is never completed and a tail is taken whole or not at all')
vec('sglang-st3s-marker-prefix', 'Step3', SGDST+'test_streaming_releases_text_that_looked_like_a_tool_marker', 'The price is 10<｜', SGDSTT)

# --- GLM 4.7 (test_glm47_stream_chunks.py)
SGDG7 = SGD + 'test_glm47_stream_chunks.py TestGlm47StreamChunks '
SGDG7T = [sgd_raw('read_file', path=S), ('status', {}, {'type': 'object'})]
def sgd_g7(path): return '<tool_call>read_file<arg_key>path</arg_key><arg_value>%s</arg_value></tool_call>' % path
vec('sglang-glm47sc-two', 'GLM 4.5/4.7', SGDG7+'test_complete_calls_are_drained_before_finish', sgd_g7('first.py') + sgd_g7('目录/café.py'), SGDG7T,
    [('read_file', {'path': 'first.py'}), ('read_file', {'path': '目录/café.py'})])
vec('sglang-glm47sc-text-between', 'GLM 4.5/4.7', SGDG7+'test_partition_invariance_with_normal_text_and_no_args',
    'Before: ' + sgd_g7('目录/café.py') + ' Between: <tool_call>status</tool_call>' + sgd_g7('quote"and\\slash.py') + ' After.', SGDG7T, note='disagrees on purpose: tail only (text between and after the calls)')
vec('sglang-glm47sc-three', 'GLM 4.5/4.7', SGDG7+'test_partition_invariance_with_normal_text_and_no_args (its calls alone)',
    sgd_g7('目录/café.py') + '<tool_call>status</tool_call>' + sgd_g7('quote"and\\slash.py'), SGDG7T,
    [('read_file', {'path': '目录/café.py'}), ('status', {}), ('read_file', {'path': 'quote"and\\slash.py'})])
vec('sglang-glm47sc-not-repeated', 'GLM 4.5/4.7', SGDG7+'test_single_call_arguments_are_not_repeated',
    '<tool_call>search<arg_key>path_prefix</arg_key><arg_value>Doc/library/glob.rst</arg_value><arg_key>max_matches</arg_key><arg_value>5</arg_value><arg_key>query</arg_key><arg_value>filenames starting with</arg_value></tool_call>',
    [sgd_raw('search', path_prefix=S, max_matches=I, query=S)], [('search', {'path_prefix': 'Doc/library/glob.rst', 'max_matches': 5, 'query': 'filenames starting with'})])
SGDG7S = sgd_g7('目录/second.py')
for _i, _cut in enumerate((5, 20, SGDG7S.index('second') + 3)):
    vec('sglang-glm47sc-incomplete-%d' % _i, 'GLM 4.5/4.7', SGDG7+'test_incomplete_final_call_preserves_state[split=%d]' % _cut, sgd_g7('first.py') + SGDG7S[:_cut], SGDG7T,
        note='disagrees on purpose: SGLang forwards the first call and waits for the second; a cut-off call is never completed, and a tail is taken whole or not at all')
vec('sglang-glm47sc-incomplete-3', 'GLM 4.5/4.7', SGDG7+'test_incomplete_final_call_preserves_state[split=%d]' % (len(SGDG7S) - 1), sgd_g7('first.py') + SGDG7S[:-1], SGDG7T,
    [('read_file', {'path': 'first.py'}), ('read_file', {'path': '目录/second.py'})],
    note='disagrees on purpose: SGLang waits for the rest of the second call; the text ends inside its closer, its value complete, and a closer cut at the end of the text is forgiven')

# --- GLM 4.5 and 4.7 (test_glm_detector_streaming.py): each value in both detectors' markup
SGDGS = SGD + 'test_glm_detector_streaming.py '
SGDGST = [sgd_raw('typed', s=S, n=N, b=B, o=O, a=A), sgd_raw('untyped')]
SGDGSN = ('disagrees on purpose: SGLang infers %s from the text; the schema declares no such parameter, and toolfix builds a call written as markup only of '
          'the parameters its schema declares, whose types it knows (a value\'s text has no type of its own: 123 may be a number or a string)')
for _t, _f, _pairs, _want in (
        ('typed_string', 'typed', [('s', 'hello')], {'s': 'hello'}),
        ('typed_number', 'typed', [('n', '42')], {'n': 42}),
        ('typed_number_negative', 'typed', [('n', '-7')], {'n': -7}),
        ('typed_number_float', 'typed', [('n', '3.14')], {'n': 3.14}),
        ('typed_boolean', 'typed', [('b', 'true')], {'b': True}),
        ('typed_array', 'typed', [('a', '[1, 2]')], {'a': [1, 2]}),
        ('typed_empty_string', 'typed', [('s', '')], {'s': ''}),
        ('typed_multiple_arguments', 'typed', [('s', 'abc'), ('n', '5')], {'s': 'abc', 'n': 5}),
        ('typed_object_closing_brace', 'typed', [('o', '{"k": 1}')], {'o': {'k': 1}}),
        ('untyped_int_stays_int', 'untyped', [('x', '123')], {'x': 123}),
        ('untyped_negative_int_stays_int', 'untyped', [('x', '-123')], {'x': -123}),
        ('untyped_float_stays_float', 'untyped', [('x', '1.5')], {'x': 1.5}),
        ('untyped_bool_stays_bool', 'untyped', [('x', 'true')], {'x': True}),
        ('untyped_plain_text_stays_string', 'untyped', [('x', 'hello world')], {'x': 'hello world'}),
        ('untyped_text_starting_with_digit_stays_string', 'untyped', [('x', '123abc')], {'x': '123abc'}),
        ('untyped_object', 'untyped', [('x', '{"k": 1}')], {'x': {'k': 1}}),
        ('untyped_array', 'untyped', [('x', '[1, 2]')], {'x': [1, 2]}),
        ('untyped_empty_value', 'untyped', [('x', '')], {'x': ''}),
        ('untyped_unicode', 'untyped', [('x', '北京')], {'x': '北京'}),
        ('untyped_mixed_arguments', 'untyped', [('x', '7'), ('y', 'text')], {'x': 7, 'y': 'text'})):
    for _cls, _fam, _txt in (('TestGlm4MoeDetectorStreaming', 'glm45', '<tool_call>%s\n' % _f + ''.join('<arg_key>%s</arg_key>\n<arg_value>%s</arg_value>\n' % p for p in _pairs) + '</tool_call>'),
                             ('TestGlm47MoeDetectorStreaming', 'glm47', '<tool_call>%s' % _f + ''.join('<arg_key>%s</arg_key><arg_value>%s</arg_value>' % p for p in _pairs) + '</tool_call>')):
        if _f == 'typed':
            vec('sglang-glmds-%s-%s' % (_fam, _t.replace('_', '-')), 'GLM 4.5/4.7', SGDGS + '%s test_%s' % (_cls, _t), _txt, SGDGST, [(_f, _want)])
        else:
            vec('sglang-glmds-%s-%s' % (_fam, _t.replace('_', '-')), 'GLM 4.5/4.7', SGDGS + '%s test_%s' % (_cls, _t), _txt, SGDGST, note=SGDGSN % json.dumps(_want, ensure_ascii=False))

# --- GLM 4.5/4.6 (test_glm4_moe_detector.py)
SGDG4 = SGD + 'test_glm4_moe_detector.py TestGlm4MoeDetector '
SGDG4T = [('get_weather', {}, {'type': 'object', 'properties': {'city': {'type': 'string'}, 'count': {'type': 'number'}, 'filters': {'type': 'object'}}, 'required': ['city']}),
          sgd_raw('noop'), sgd_raw('search', query=S)]
def sgd_g4(*pairs): return '<tool_call>get_weather\n' + ''.join('<arg_key>%s</arg_key>\n<arg_value>%s</arg_value>\n' % p for p in pairs) + '</tool_call>'
SGDG4S = '\n<tool_call>search\n<arg_key>query</arg_key>\n<arg_value>cafes</arg_value>\n</tool_call>'
vec('sglang-glm4moe-quoted-number', 'GLM 4.5/4.7', SGDG4+'test_schema_type_coercion', sgd_g4(('city', '北京'), ('count', '"42"'), ('filters', '{"a": 1}')), SGDG4T,
    [('get_weather', {'city': '北京', 'count': 42, 'filters': {'a': 1}})])
vec('sglang-glm4moe-string-digits', 'GLM 4.5/4.7', SGDG4+'test_string_typed_digits_stay_string', sgd_g4(('city', '123')), SGDG4T, [('get_weather', {'city': '123'})])
vec('sglang-glm4moe-backslashes', 'GLM 4.5/4.7', SGDG4+'test_string_value_backslashes_preserved', sgd_g4(('city', 'C:\\Users\\test')), SGDG4T, [('get_weather', {'city': 'C:\\Users\\test'})])
vec('sglang-glm4moe-leading-text', 'GLM 4.5/4.7', SGDG4+'test_leading_text_preserved', 'Let me check. ' + sgd_g4(('city', 'Tokyo')), SGDG4T, [('get_weather', {'city': 'Tokyo'})], keep='Let me check.')
vec('sglang-glm4moe-two', 'GLM 4.5/4.7', SGDG4+'test_multiple_calls_parsed_in_order', sgd_g4(('city', 'Tokyo')) + SGDG4S, SGDG4T, [('get_weather', {'city': 'Tokyo'}), ('search', {'query': 'cafes'})])
vec('sglang-glm4moe-no-name-sep', 'GLM 4.5/4.7', SGDG4+'test_missing_name_separator_yields_no_calls', '<tool_call>get_weather</tool_call>', SGDG4T,
    note='SGLang\'s GLM 4.5 reader wants a line break after the name; toolfix\'s GLM row reads both forms, and the call lacks its required city, so the text passes')
for _k, _t in (('typed-args', sgd_g4(('city', '北京'), ('filters', '{"a": 1}'), ('count', '42'))), ('angle-bracket', sgd_g4(('city', 'a<b & c'))), ('quote-newline', sgd_g4(('city', 'say "hi"\nok')))):
    vec('sglang-glm4moe-stream-' + _k, 'GLM 4.5/4.7', SGDG4+'test_streaming_matches_non_streaming_at_small_chunk_sizes[%s]' % _k.replace('-', '_'), _t, SGDG4T,
        [('get_weather', {'typed-args': {'city': '北京', 'filters': {'a': 1}, 'count': 42}, 'angle-bracket': {'city': 'a<b & c'}, 'quote-newline': {'city': 'say "hi"\nok'}}[_k])])
vec('sglang-glm4moe-stream-two', 'GLM 4.5/4.7', SGDG4+'test_streaming_matches_non_streaming_at_small_chunk_sizes[two_calls]', sgd_g4(('city', 'Tokyo')) + SGDG4S, SGDG4T, [('get_weather', {'city': 'Tokyo'}), ('search', {'query': 'cafes'})])
vec('sglang-glm4moe-noop', 'GLM 4.5/4.7', SGDG4+'test_streaming_no_args_emits_empty_object', '<tool_call>noop\n</tool_call>', SGDG4T, [('noop', {})])
vec('sglang-glm4moe-sequential', 'GLM 4.5/4.7', SGDG4+'test_streaming_sequential_calls_get_distinct_indices', sgd_g4(('city', 'Tokyo')) + SGDG4S, SGDG4T, [('get_weather', {'city': 'Tokyo'}), ('search', {'query': 'cafes'})])
vec('sglang-glm4moe-split-name', 'GLM 4.5/4.7', SGDG4+'test_streaming_never_emits_truncated_tool_name', sgd_g4(('city', 'x')), SGDG4T, [('get_weather', {'city': 'x'})])
vec('sglang-glm4moe-angles', 'GLM 4.5/4.7', SGDG4+'test_streaming_plain_text_with_angle_brackets_passes_through', 'a < b and c > d. done', SGDG4T)
vec('sglang-glm4moe-stream-leading-text', 'GLM 4.5/4.7', SGDG4+'test_streaming_leading_text_then_call', 'Let me check. ' + sgd_g4(('city', 'Tokyo')), SGDG4T, [('get_weather', {'city': 'Tokyo'})], keep='Let me check.')

# --- GLM 5.3 Flash (test_glm53_flash_detector.py, the revision whose markers are the model's
# added tokens; earlier revisions wrote <![ for <tool_call>, which that revision says no model
# writes and its test_three_char_marker_is_not_a_tool_call holds as text)
SGDG5 = SGD + 'test_glm53_flash_detector.py '
SGDG5W = [sgd_raw('get_weather', city=S)]
SGDG5W[0][2]['required'] = ['city']
SGDG5TT = SGDG5W + [sgd_raw('get_time', tz=S)]
SGDG5SR = [sgd_raw('search', query=S, limit=I, fuzzy=B)]
SGDG5P = 'disagrees on purpose: <tool_call> is a tag prose writes; glued after text that ends no sentence it counts as an example (the AfterStop rule of the GLM rows)'
SGDG5G = 'disagrees on purpose: SGLang maps a name no tool has onto a declared tool; toolfix never guesses a tool name'
vec('sglang-glm53-three-char-marker', 'GLM 4.5/4.7', SGDG5+'test_three_char_marker_is_not_a_tool_call', '<![get_weather>{"city": "Beijing"}', SGDG5W)
vec('sglang-glm53-plain', 'GLM 4.5/4.7', SGDG5+'test_no_tool_call_preserves_text', '今天天气不错。', SGDG5W)
vec('sglang-glm53-json-single', 'GLM 4.5/4.7', SGDG5+'test_json_format_single_call', '我来帮您查询。<tool_call>get_weather>{"city": "北京"}', SGDG5W, [('get_weather', {'city': '北京'})], keep='我来帮您查询。')
vec('sglang-glm53-has-tool-call', 'GLM 4.5/4.7', SGDG5+'test_has_tool_call', '<tool_call>get_weather>{"city": "Beijing"}', SGDG5W, [('get_weather', {'city': 'Beijing'})])
vec('sglang-glm53-display-name', 'GLM 4.5/4.7', SGDG5+'test_json_format_display_name_prefix', '<tool_call>Weather/get_weather>{"city": "北京"}', SGDG5W, note=SGDG5G)
vec('sglang-glm53-upper-name', 'GLM 4.5/4.7', SGDG5+'test_json_format_case_insensitive_name', '<tool_call>GET_WEATHER>{"city": "北京"}', SGDG5W, note=SGDG5G)
vec('sglang-glm53-json-two', 'GLM 4.5/4.7', SGDG5+'test_multiple_json_calls', '<tool_call>get_weather>{"city": "北京"}<tool_call>get_weather>{"city": "上海"}', SGDG5W,
    [('get_weather', {'city': '北京'}), ('get_weather', {'city': '上海'})])
vec('sglang-glm53-unknown-then-known', 'GLM 4.5/4.7', SGDG5+'test_unknown_function_dropped_when_ambiguous', '<tool_call>not_a_tool>{"x": 1}<tool_call>get_time>{"tz": "UTC"}', SGDG5TT,
    note='disagrees on purpose: SGLang drops the call of a tool the request lacks and forwards the next; toolfix takes a tail whole or not at all')
vec('sglang-glm53-single-tool-fallback', 'GLM 4.5/4.7', SGDG5+'test_unknown_function_falls_back_to_single_tool', '<tool_call>Weather>{"city": "北京"}', SGDG5W, note=SGDG5G)
vec('sglang-glm53-args-in-prose', 'GLM 4.5/4.7', SGDG5+'test_json_args_wrapped_in_prose', '<tool_call>get_weather>here: {"city": "北京"} thanks', SGDG5W,
    note='disagrees on purpose: SGLang digs the object out of the words around it; toolfix reads the arguments only as the object right after the name, and takes a call only at the tail')
vec('sglang-glm53-tag-single', 'GLM 4.5/4.7', SGDG5+'test_tag_format_single_call', '<tool_call>get_weather<arg_key>city</arg_key><arg_value>北京</arg_value></tool_call>', SGDG5W, [('get_weather', {'city': '北京'})])
vec('sglang-glm53-tag-multiline', 'GLM 4.5/4.7', SGDG5+'test_tag_format_multiline', '<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>北京</arg_value>\n</tool_call>', SGDG5W, [('get_weather', {'city': '北京'})])
vec('sglang-glm53-tag-typed', 'GLM 4.5/4.7', SGDG5+'test_tag_format_typed_values',
    '<tool_call>search<arg_key>query</arg_key><arg_value>北京</arg_value><arg_key>limit</arg_key><arg_value>3</arg_value><arg_key>fuzzy</arg_key><arg_value>true</arg_value></tool_call>', SGDG5SR,
    [('search', {'query': '北京', 'limit': 3, 'fuzzy': True})])
vec('sglang-glm53-tag-two', 'GLM 4.5/4.7', SGDG5+'test_tag_format_multiple_calls',
    '<tool_call>get_weather<arg_key>city</arg_key><arg_value>北京</arg_value></tool_call><tool_call>get_weather<arg_key>city</arg_key><arg_value>上海</arg_value></tool_call>', SGDG5W,
    [('get_weather', {'city': '北京'}), ('get_weather', {'city': '上海'})])
vec('sglang-glm53-tag-then-json', 'GLM 4.5/4.7', SGDG5+'test_tag_format_then_json_format',
    '<tool_call>get_weather<arg_key>city</arg_key><arg_value>北京</arg_value></tool_call><tool_call>get_weather>{"city": "上海"}', SGDG5W,
    [('get_weather', {'city': '北京'}), ('get_weather', {'city': '上海'})])
vec('sglang-glm53-stream-json', 'GLM 4.5/4.7', SGDG5+'test_streaming_json_format_split_across_chunks', '<tool_call>get_weather>{"city": "北京"}', SGDG5W, [('get_weather', {'city': '北京'})])
vec('sglang-glm53-stream-tag', 'GLM 4.5/4.7', SGDG5+'test_streaming_tag_format_split_across_chunks', '<tool_call>get_weather\n<arg_key>city</arg_key><arg_value>北京</arg_value></tool_call>', SGDG5W, [('get_weather', {'city': '北京'})])
for _k, _t, _pre in (('partial-marker', 'buffers_partial_marker', '你好'), ('text-before', 'preserves_text_before_call', '前缀')):
    vec('sglang-glm53-stream-' + _k, 'GLM 4.5/4.7', SGDG5+'test_streaming_' + _t, _pre + '<tool_call>get_weather>{"city": "北京"}', SGDG5W, note=SGDG5P)
vec('sglang-glm53-stream-text-before-stop', 'GLM 4.5/4.7', SGDG5+'test_streaming_preserves_text_before_call (the text a sentence)', '前缀。<tool_call>get_weather>{"city": "北京"}', SGDG5W,
    [('get_weather', {'city': '北京'})], keep='前缀。')
# the earlier revision's schema fixes, in the model's tokens
SGDG5TB = [('todo_write', {}, {'type': 'object', 'properties': {'todos': {'type': 'array', 'items': {'type': 'object', 'properties': {'content': {'type': 'string'}, 'status': {'type': 'string', 'enum': ['pending', 'in_progress', 'completed']}}, 'required': ['content', 'status']}}}, 'required': ['todos']}),
           ('bash', {}, {'type': 'object', 'properties': {'command': {'type': 'string'}, 'description': {'type': 'string'}}, 'required': ['command', 'description']})]
vec('sglang-glm53-unwrapped-item', 'GLM 4.5/4.7', SGDG5+'test_fix_args_against_schema_unwrapped (an earlier revision, <tool_call> for its <![)', '<tool_call>todo_write>{"content": "write code", "status": "pending"}', SGDG5TB,
    note='disagrees on purpose: SGLang wraps the item in the todos list the schema requires; toolfix never guesses where arguments belong')
vec('sglang-glm53-wrapped', 'GLM 4.5/4.7', SGDG5+'test_fix_args_against_schema_correct_args (an earlier revision, <tool_call> for its <![)', '<tool_call>todo_write>{"todos": [{"content": "write code", "status": "pending"}]}', SGDG5TB,
    [('todo_write', {'todos': [{'content': 'write code', 'status': 'pending'}]})])
vec('sglang-glm53-todo-bash', 'GLM 4.5/4.7', SGDG5+'test_streaming_multi_tool_todo_bash (an earlier revision, <tool_call> for its <![)',
    '<tool_call>todo_write>{"todos": [{"content": "write code", "status": "pending"}]}<tool_call>bash>{"command": "ls -la", "description": "List files"}', SGDG5TB,
    [('todo_write', {'todos': [{'content': 'write code', 'status': 'pending'}]}), ('bash', {'command': 'ls -la', 'description': 'List files'})])
vec('sglang-glm53-bare-array', 'GLM 4.5/4.7', SGDG5+'test_non_streaming_bare_json_array_args (an earlier revision, <tool_call> for its <![)',
    '<tool_call>todo_write>[{"content": "task1", "status": "pending"}, {"content": "task2", "status": "pending"}]', SGDG5TB,
    note='disagrees on purpose: SGLang wraps the bare list in the todos member the schema requires; toolfix never guesses where arguments belong')

# --- Kimi K2 (test/srt/test_function_call_parser.py TestKimiK2Detector, its streaming tests; the
# extraction tests are gen.py's sglang-kimik2-*)
SGDK2S = 'sgl-project/sglang test/srt/test_function_call_parser.py TestKimiK2Detector '
SGDK2T = [T('get_weather', city=S), T('get_tourist_attractions', city=S)]
SGDK2P = sgd_k2(('functions.get_weather:0', '{"city": "Paris"}'))
vec('sglang-k2srt-stream-one', 'Kimi K2', SGDK2S+'test_streaming_tool_call', SGDK2P, SGDK2T, [('get_weather', {'city': 'Paris'})])
vec('sglang-k2srt-stream-two', 'Kimi K2', SGDK2S+'test_streaming_multiple_tool_calls', sgd_k2(('functions.get_weather:0', '{"city": "Paris"}'), ('functions.get_tourist_attractions:1', '{"city": "London"}')), SGDK2T,
    [('get_weather', {'city': 'Paris'}), ('get_tourist_attractions', {'city': 'London'})])
vec('sglang-k2srt-completion', 'Kimi K2', SGDK2S+'test_tool_call_completion', SGDK2P, SGDK2T, [('get_weather', {'city': 'Paris'})])
vec('sglang-k2srt-name-streaming', 'Kimi K2', SGDK2S+'test_tool_name_streaming',
    '<|tool_calls_section_begin|><|tool_call_begin|>functions.get_weather:0<|tool_call_argument_begin|>{"city": "Paris"}<|tool_call_end|><|tool_call_begin|>functions.get_tourist_attractions:1<|tool_call_argument_begin|>{', SGDK2T,
    note='disagrees on purpose: SGLang streams the first call and the second\'s name; a cut-off call is never completed, and a tail is taken whole or not at all')

# --- look-alikes of the forms this file's rows take (GLM 5.3 Flash's <tool_call>T>{…}, Hunyuan
# V3's block after a sentence): prose that shows them stays text, a call after a finished
# sentence is taken
SGDLA = 'toolfix look-alike (%s)'
SGDLW = [T('get_weather', city=S, unit=S)]
SGDLG = '<tool_call>get_weather>{"city": "Paris"}'
SGDLH = '<tool_calls><tool_call>get_weather<tool_sep><arg_key>city</arg_key><arg_value>Paris</arg_value></tool_call></tool_calls>'
for _n, _fam, _what, _t in (
        ('glm53-inside', 'GLM 4.5/4.7', 'a GLM 5.3 Flash call inside a sentence', 'GLM 5.3 Flash writes a call as ' + SGDLG),
        ('glm53-colon', 'GLM 4.5/4.7', 'a GLM 5.3 Flash call after a colon', 'The JSON form: ' + SGDLG),
        ('glm53-example-line', 'GLM 4.5/4.7', 'a GLM 5.3 Flash call after "Example:"', 'GLM 5.3 Flash leaves the closer out.\nExample:\n' + SGDLG),
        ('glm53-text-after', 'GLM 4.5/4.7', 'a GLM 5.3 Flash call with prose after it', SGDLG + ' is the JSON form.'),
        ('glm53-in-code', 'GLM 4.5/4.7', 'a GLM 5.3 Flash call in inline code', 'It writes `' + SGDLG + '`'),
        ('hyv3-inside', 'Hunyuan V3/V4', 'a Hunyuan V3 block inside a sentence', 'Hunyuan V3 wraps each call, as in ' + SGDLH),
        ('hyv3-colon', 'Hunyuan V3/V4', 'a Hunyuan V3 block after a colon', 'Its block: ' + SGDLH),
        ('hyv3-example-line', 'Hunyuan V3/V4', 'a Hunyuan V3 block after "Example:"', 'Hunyuan V3 separates the name with a token.\nExample:\n' + SGDLH),
        ('hyv3-eg', 'Hunyuan V3/V4', 'a Hunyuan V3 block after "e.g."', 'It writes its calls in a block, e.g. ' + SGDLH)):
    vec('lookalike-sgd-' + _n, _fam, SGDLA % _what, _t, SGDLW, pre='report-')
vec('lookalike-sgd-glm53-leak', 'GLM 4.5/4.7', SGDLA % 'a GLM 5.3 Flash call glued after a sentence', 'Let me check.' + SGDLG, SGDLW, [('get_weather', {'city': 'Paris'})], keep='Let me check.', pre='report-')
vec('lookalike-sgd-hyv3-leak', 'Hunyuan V3/V4', SGDLA % 'a Hunyuan V3 block after a sentence and a blank', 'Let me check. ' + SGDLH, SGDLW, [('get_weather', {'city': 'Paris'})], keep='Let me check.', pre='report-')
