# SGLang's function-call tests converted in issue 20, part E (helper sge): Inkling's detector and
# finish() tests, Muse Glimmer's ATEM detector and format tests, MiMo's detector and streaming
# tests, MiniCPM 5's detector and finish() tests, Spark 2.5's and Spark 3's detector tests and
# Step 3.5's. A streaming test's model output is its chunks joined. Run by gen.py in its own names
# (vec, T, S, I, …); the helpers here start with sge_ or SGE.
SGE = 'sgl-project/sglang test/registered/unit/function_call/'
SGECUT = 'a cut-off call is never completed'
SGETAIL = 'disagrees on purpose: tail only; text after the markup leaves it as it is'


def sge_raw(_n, **props):  # a tool with the peer's schema as it is: no additionalProperties
    return (_n, {}, {'type': 'object', 'properties': {k: (v if isinstance(v, dict) else {'type': v}) for k, v in props.items()}})


def sge_req(_n, _req, **props):  # the same with its required list
    return (_n, {}, dict(sge_raw(_n, **props)[2], required=_req))


# --- Inkling (test_inkling_detector.py, test_inkling_detector_finish.py): a call is
# <|message_model|>T<|content_invoke_tool_json|>{"name": T, "args": {…}}<|end_message|>, its
# header optional
SGEIN = SGE + 'test_inkling_detector.py '
SGEMM, SGEJ, SGEX, SGEEND = '<|message_model|>', '<|content_invoke_tool_json|>', '<|content_invoke_tool_text|>', '<|end_message|>'
SGETHINK, SGETEXT = '<|content_thinking|>', '<|content_text|>'
SGEW = [('weather', {}, {'type': 'object'})]
def sge_ink(args=None, name='weather', head='weather'):  # the test's _canonical_call
    return SGEMM + head + SGEJ + json.dumps({'name': name, 'args': args if args is not None else {}}, separators=(',', ':')) + SGEEND
SGEINONAME = 'disagrees on purpose: SGLang makes a call without a tool name of a raw-text frame; toolfix takes only a call of a declared tool'
vec('sglang-inkd-marker-json-prose', 'Inkling', SGEIN+'TestInklingDetectorMarkerDetection test_has_tool_call_fires_only_on_invoke_markers (the json marker in prose)', 'before ' + SGEJ + ' after', SGEW)
vec('sglang-inkd-marker-text-prose', 'Inkling', SGEIN+'TestInklingDetectorMarkerDetection test_has_tool_call_fires_only_on_invoke_markers (the text marker in prose)', 'before ' + SGEX + ' after', SGEW)
vec('sglang-inkd-plain', 'Inkling', SGEIN+'TestInklingDetectorMarkerDetection test_has_tool_call_fires_only_on_invoke_markers (plain text)', 'plain assistant text', SGEW)
vec('sglang-inkd-framing-only', 'Inkling', SGEIN+'TestInklingDetectorMarkerDetection test_has_tool_call_fires_only_on_invoke_markers (framing tokens only)', SGEMM + SGETEXT + SGEEND, SGEW)
SGEIO = SGEIN + 'TestInklingDetectorOneShotParse '
vec('sglang-inkd-visible-prefix', 'Inkling', SGEIO+'test_visible_prefix_survives_header_stripping', 'Sure, let me check.' + sge_ink({'city': 'SF'}), SGEW, [('weather', {'city': 'SF'})], keep='Sure, let me check.')
vec('sglang-inkd-batch', 'Inkling', SGEIO+'test_batch_calls_get_sequential_indices', sge_ink({'city': 'SF'}) + sge_ink({'city': 'NY'}), SGEW, [('weather', {'city': 'SF'}), ('weather', {'city': 'NY'})])
vec('sglang-inkd-json-then-text', 'Inkling', SGEIO+'test_markers_order_by_position_not_type (json_first)', sge_ink({'city': 'SF'}) + SGEX + 'raw body' + SGEEND, SGEW,
    note=SGEINONAME + ', and a tail is taken whole or not at all')
vec('sglang-inkd-text-then-json', 'Inkling', SGEIO+'test_markers_order_by_position_not_type (text_first)', SGEX + 'raw body' + SGEEND + sge_ink({'city': 'SF'}), SGEW,
    [('weather', {'city': 'SF'})], keep=SGEX + 'raw body' + SGEEND, note=SGEINONAME + '; tail only, the frame at the tail is taken and the raw-text frame left as it came')
vec('sglang-inkd-empty-frame', 'Inkling', SGEIO+'test_degenerate_payloads_yield_no_call (empty)', SGEJ + SGEEND, SGEW)
vec('sglang-inkd-array-frame', 'Inkling', SGEIO+'test_degenerate_payloads_yield_no_call (array)', SGEJ + '[1, 2, 3]' + SGEEND, SGEW)
vec('sglang-inkd-missing-name', 'Inkling', SGEIO+'test_payload_missing_name_yields_no_call', SGEJ + '{"args":{}}' + SGEEND, SGEW)
vec('sglang-inkd-missing-args', 'Inkling', SGEIO+'test_payload_missing_args_yields_no_call', SGEJ + '{"name":"weather"}' + SGEEND, SGEW, [('weather', {})],
    note='disagrees on purpose: a JSON call object without arguments is a call without arguments in every JSON row of toolfix, and the declared weather takes {}')
vec('sglang-inkd-unterminated-json', 'Inkling', SGEIO+'test_unterminated_json_frame_is_recovered_through_end_of_response', 'Sure, let me check.' + SGEJ + '{"name":"weather","args":{"city":"SF"}}', SGEW,
    [('weather', {'city': 'SF'})], keep='Sure, let me check.', note='SGLang drops the text before the frame it recovers; toolfix keeps it as it came. Its closer missing at the end of the text, the call complete, is forgiven')
vec('sglang-inkd-unterminated-text', 'Inkling', SGEIO+'test_unterminated_text_frame_falls_back_to_text', SGEX + 'search the web', SGEW)
vec('sglang-inkd-text-frame-tokens', 'Inkling', SGEIO+'test_text_call_body_strips_control_tokens', SGEX + 'hello' + SGETHINK + 'world' + SGEEND, SGEW, note=SGEINONAME)
vec('sglang-inkd-token-after-json', 'Inkling', SGEIO+'test_recovery_cleans_control_tokens_before_parsing', SGEJ + '{"name":"weather","args":{}}' + SGETHINK + SGEEND, SGEW,
    note='disagrees on purpose: SGLang cleans a control token out of the frame; toolfix takes only the call its closer follows, nothing between')
SGEIS = SGEIN + 'TestInklingDetectorStreamingFrames '
vec('sglang-inkd-framed-text', 'Inkling', SGEIS+'test_control_token_split_across_chunks_never_leaks', 'Hi' + SGEMM + SGETEXT + 'there' + SGEEND, SGEW,
    note='SGLang strips the framing tokens from the text; toolfix passes the text as it came (it is no reasoning or framing parser)')
vec('sglang-inkd-text-frame-stream', 'Inkling', SGEIS+'test_text_marker_frame_streams_as_a_single_raw_call', SGEMM + 'weather' + SGEX + 'search the web' + SGEEND, SGEW, note=SGEINONAME)
vec('sglang-inkd-prefix-flush', 'Inkling', SGEIS+'test_incomplete_frame_flushes_visible_prefix', 'Sure, let me check.' + SGEMM + 'weather' + SGEJ + '{"name":"weather","args":{"city":"SF"}}' + SGEEND, SGEW,
    [('weather', {'city': 'SF'})], keep='Sure, let me check.')
SGENAN = SGEJ + '{"name":"weather","args":{"v":NaN}}' + SGEEND
vec('sglang-inkd-recovered-index', 'Inkling', SGEIS+'test_recovered_streaming_call_keeps_the_index_sequence', sge_ink({'city': 'SF'}) + SGENAN + sge_ink({'city': 'LA'}), SGEW,
    [('weather', {'city': 'LA'})], keep=sge_ink({'city': 'SF'}) + SGENAN,
    note='disagrees on purpose: SGLang forwards the first two frames as calls and the third as text; NaN is no JSON, so tail only: toolfix takes the frame after it and leaves the frames before as they came')
vec('sglang-inkd-good-then-nan', 'Inkling', SGEIS+'test_same_increment_good_then_recoverable_frame_emits_only_recovered', sge_ink({'city': 'SF'}) + SGENAN, SGEW,
    note='disagrees on purpose: SGLang recovers the NaN frame as a call; NaN is no JSON, so the arguments fit no schema, and toolfix takes a tail whole or not at all')
vec('sglang-inkd-header-mismatch', 'Inkling', SGEIN+'(look-alike after inkling_detector.py _tool_call_item: a header naming another tool than its payload)', sge_ink({'city': 'SF'}, head='search'), SGEW + [('search', {}, {'type': 'object'})],
    note='SGLang rejects a call whose header and payload name differ; so does toolfix')
vec('sglang-inkd-quoted', 'Inkling', SGEIN+'(look-alike: the frame quoted inside a sentence)', 'Inkling writes ' + sge_ink({'city': 'SF'}) + ' for a call.', SGEW)
SGEIF = SGE + 'test_inkling_detector_finish.py TestInklingDetectorFinishFlush '
SGEGW = [sge_raw('get_weather', city=S)]
vec('sglang-inkfin-partial', 'Inkling', SGEIF+'test_partial_tool_call_at_end_is_flushed', 'hi ' + SGEJ + 'get_weather(city=', SGEGW, note=SGECUT)
vec('sglang-inkfin-clean', 'Inkling', SGEIF+'test_clean_stream_finish_is_noop', 'just some text', SGEGW)
vec('sglang-inkfin-complete', 'Inkling', SGEIF+'test_complete_call_not_duplicated_at_finish', SGEJ + '{"name": "get_weather", "arguments": {"city": "Paris"}}' + SGEEND, SGEGW, [('get_weather', {'city': 'Paris'})],
    note='disagrees on purpose: SGLang\'s detector reads the arguments only under "args" and makes no call of this frame (the test asserts only that nothing is left over); toolfix reads "arguments" too, as in every JSON call row')

# --- Muse Glimmer (test_muse_glimmer_detector.py): its channels ` to=R<|message|>…<|eom|>` and
# `<|start|>assistant to=R<|message|>`, a tool's channel holding an ATEM block
SGEMG = SGE + 'test_muse_glimmer_detector.py TestMuseGlimmerDetector '
SGEMGD = 'get_weather.get_weather'
def sge_atem(n, **params):
    return '<atem:function_calls>\n<atem:invoke name="%s">\n' % n + ''.join('<atem:parameter name="%s">%s</atem:parameter>\n' % kv for kv in params.items()) + '</atem:invoke>\n</atem:function_calls>'
def sge_ch(r): return '<|start|>assistant to=%s<|message|>' % r
SGEMGW = [sge_req('get_weather', ['city'], city=S)]
SGEMGN = 'disagrees on purpose: SGLang strips the chat template\'s doubled namespace get_weather.get_weather to the declared get_weather; toolfix never guesses a tool name'
SGEMR = ' to=self<|message|>Need weather.<|eom|>'
vec('sglang-mgd-single', 'Muse Glimmer ATEM (Invoke row)', SGEMG+'test_single_tool_call', SGEMR + sge_ch(SGEMGD) + sge_atem(SGEMGD, city='Paris'), SGEMGW, note=SGEMGN)
vec('sglang-mgd-single-undoubled', 'Muse Glimmer ATEM (Invoke row)', SGEMG+'test_single_tool_call (the tool named once)', SGEMR + sge_ch('get_weather') + sge_atem('get_weather', city='Paris'), SGEMGW,
    [('get_weather', {'city': 'Paris'})], keep=SGEMR, note='SGLang takes the reasoning channel out as reasoning; toolfix keeps it as it came')
SGEMP = ' to=self<|message|>Two cities.<|eom|>'
vec('sglang-mgd-parallel', 'Muse Glimmer ATEM (Invoke row)', SGEMG+'test_parallel_tool_calls', SGEMP + sge_ch(SGEMGD) + sge_atem(SGEMGD, city='Paris') + '<|eom|>' + sge_ch(SGEMGD) + sge_atem(SGEMGD, city='Tokyo'), SGEMGW, note=SGEMGN)
vec('sglang-mgd-parallel-undoubled', 'Muse Glimmer ATEM (Invoke row)', SGEMG+'test_parallel_tool_calls (the tool named once)', SGEMP + sge_ch('get_weather') + sge_atem('get_weather', city='Paris') + '<|eom|>' + sge_ch('get_weather') + sge_atem('get_weather', city='Tokyo'), SGEMGW,
    [('get_weather', {'city': 'Paris'}), ('get_weather', {'city': 'Tokyo'})], keep=SGEMP)
vec('sglang-mgd-then-answer', 'Muse Glimmer ATEM (Invoke row)', SGEMG+'test_tool_call_then_final_answer',
    ' to=self<|message|>r<|eom|>' + sge_ch(SGEMGD) + sge_atem(SGEMGD, city='Paris') + '<|eom|>' + sge_ch('user') + 'It is sunny.', SGEMGW, note=SGETAIL)
vec('sglang-mgd-namespaced', 'Muse Glimmer ATEM (Invoke row)', SGEMG+'test_namespaced_name_passes_through', ' to=self<|message|>r<|eom|>' + sge_ch('weather.get') + sge_atem('weather.get', city='Paris'), [sge_raw('weather.get')],
    note='disagrees on purpose: weather.get declares no parameter and the call passes city; toolfix types every value of a markup call by its schema, and an undeclared one refuses the call')
vec('sglang-mgd-namespaced-declared', 'Muse Glimmer ATEM (Invoke row)', SGEMG+'test_namespaced_name_passes_through (city declared)', ' to=self<|message|>r<|eom|>' + sge_ch('weather.get') + sge_atem('weather.get', city='Paris'), [sge_raw('weather.get', city=S)],
    [('weather.get', {'city': 'Paris'})], keep=' to=self<|message|>r<|eom|>')
vec('sglang-mgd-value-typing', 'Muse Glimmer ATEM (Invoke row)', SGEMG+'test_parameter_value_typing',
    sge_ch('get_weather') + '<atem:function_calls>\n<atem:invoke name="get_weather">\n<atem:parameter name="s">hello world</atem:parameter>\n<atem:parameter name="i">42</atem:parameter>\n'
    '<atem:parameter name="b">true</atem:parameter>\n<atem:parameter name="n">null</atem:parameter>\n<atem:parameter name="o">{"a": 1}</atem:parameter>\n<atem:parameter name="l">[1, 2]</atem:parameter>\n</atem:invoke>\n</atem:function_calls>',
    SGEMGW, note='disagrees on purpose: the test\'s get_weather requires city, which the call lacks; toolfix takes only a call that fits its schema')
vec('sglang-mgd-value-typing-typed', 'Muse Glimmer ATEM (Invoke row)', SGEMG+'test_parameter_value_typing (its parameters declared)',
    sge_ch('get_weather') + '<atem:function_calls>\n<atem:invoke name="get_weather">\n<atem:parameter name="s">hello world</atem:parameter>\n<atem:parameter name="i">42</atem:parameter>\n'
    '<atem:parameter name="b">true</atem:parameter>\n<atem:parameter name="o">{"a": 1}</atem:parameter>\n<atem:parameter name="l">[1, 2]</atem:parameter>\n</atem:invoke>\n</atem:function_calls>',
    [T('get_weather', s=S, i=I, b=B, o=O, l=A)], [('get_weather', {'s': 'hello world', 'i': 42, 'b': True, 'o': {'a': 1}, 'l': [1, 2]})],
    note='the peer vector\'s n=null is left out (no value for a typed field)')
vec('sglang-mgd-multiline', 'Muse Glimmer ATEM (Invoke row)', SGEMG+'test_multiline_parameter_value',
    sge_ch('get_weather') + '<atem:function_calls>\n<atem:invoke name="get_weather">\n<atem:parameter name="code">line1\nline2\n"quoted"\n</atem:parameter>\n</atem:invoke>\n</atem:function_calls>',
    SGEMGW, note='disagrees on purpose: the test\'s get_weather requires city, which the call lacks; toolfix takes only a call that fits its schema')
vec('sglang-mgd-multiline-declared', 'Muse Glimmer ATEM (Invoke row)', SGEMG+'test_multiline_parameter_value (code declared)',
    sge_ch('get_weather') + '<atem:function_calls>\n<atem:invoke name="get_weather">\n<atem:parameter name="code">line1\nline2\n"quoted"\n</atem:parameter>\n</atem:invoke>\n</atem:function_calls>',
    [T('get_weather', code=S)], [('get_weather', {'code': 'line1\nline2\n"quoted"\n'})])
vec('sglang-mgd-in-reasoning', 'Muse Glimmer ATEM (Invoke row)', SGEMG+'test_invoke_inside_reasoning_is_not_a_call',
    ' to=self<|message|>Maybe I call ' + sge_atem(SGEMGD, city='X') + ' — no.<|eom|>' + sge_ch('user') + 'I will not call it.', SGEMGW)
vec('sglang-mgd-in-answer', 'Muse Glimmer ATEM (Invoke row)', SGEMG+'test_invoke_inside_final_answer_is_not_a_call', ' to=self<|message|>r<|eom|>' + sge_ch('user') + 'You would write:\n' + sge_atem(SGEMGD, city='X'), SGEMGW)
vec('sglang-mgd-in-answer-undoubled', 'Muse Glimmer ATEM (Invoke row)', SGEMG+'test_invoke_inside_final_answer_is_not_a_call (the tool named once)', ' to=self<|message|>r<|eom|>' + sge_ch('user') + 'You would write:\n' + sge_atem('get_weather', city='X'), SGEMGW,
    [('get_weather', {'city': 'X'})], keep=' to=self<|message|>r<|eom|>' + sge_ch('user') + 'You would write:',
    note='disagrees on purpose: SGLang reads no call in the user channel; toolfix does not read the channels before a block, and a block of a declared tool on a line of its own after a line ending in a colon is a leak in every family (ollama-glimmer-leading-prose)')
vec('sglang-mgd-truncated-reasoning', 'Muse Glimmer ATEM (Invoke row)', SGEMG+'test_invoke_inside_truncated_reasoning_is_not_a_call', ' to=self<|message|>I could call ' + sge_atem(SGEMGD, city='X') + ' but', SGEMGW)
vec('sglang-mgd-truncated-tool', 'Muse Glimmer ATEM (Invoke row)', SGEMG+'test_truncated_tool_channel_drops_partial_invoke',
    SGEMR + sge_ch(SGEMGD) + '<atem:function_calls>\n<atem:invoke name="%s">\n<atem:parameter name="city">Par' % SGEMGD, SGEMGW, note=SGECUT)
vec('sglang-mgd-truncated-tool-undoubled', 'Muse Glimmer ATEM (Invoke row)', SGEMG+'test_truncated_tool_channel_drops_partial_invoke (the tool named once)',
    SGEMR + sge_ch('get_weather') + '<atem:function_calls>\n<atem:invoke name="get_weather">\n<atem:parameter name="city">Par', SGEMGW, note=SGECUT)
for _i, _t in enumerate(('to=x is the syntax.', 'to= is an assignment', 'to=a<b is false')):
    vec('sglang-mgd-prose-to-%d' % _i, 'Muse Glimmer ATEM (Invoke row)', SGEMG+'test_prose_opening_with_to_equals_does_not_stall (%r)' % _t, _t, SGEMGW)
vec('sglang-mgd-unframed', 'Muse Glimmer ATEM (Invoke row)', SGEMG+'test_unframed_atem_is_content_not_a_call', sge_atem(SGEMGD, city='Paris'), SGEMGW, note='SGLang reads no call outside a tool\'s channel; toolfix reads none of a tool the request lacks')
SGEMPA = ' to=self<|message|>Need weather.<|eom|>' + sge_ch(SGEMGD) + sge_atem(SGEMGD, city='Paris') + '<|eom|>' + sge_ch('user') + 'It is sunny in Paris.'
vec('sglang-mgd-pipeline', 'Muse Glimmer ATEM (Invoke row)', SGEMG+'test_pipeline_with_reasoning_parser', SGEMPA, SGEMGW, note=SGETAIL)
vec('sglang-mgd-pipeline-quoted', 'Muse Glimmer ATEM (Invoke row)', SGEMG+'test_pipeline_quoted_invoke_stays_content', ' to=self<|message|>r<|eom|>' + sge_ch('user') + 'Example:\n' + sge_atem(SGEMGD, city='X'), SGEMGW)
for _i, _q in enumerate(('after prose:\n', '')):
    vec('sglang-mgd-quoted-header-%d' % _i, 'Muse Glimmer ATEM (Invoke row)', SGEMG+'test_pipeline_quoted_header_in_answer_is_not_a_call (%r)' % _q,
        ' to=self<|message|>r<|eom|>' + sge_ch('user') + _q + sge_ch(SGEMGD) + sge_atem(SGEMGD, city='X'), SGEMGW)
vec('sglang-mgd-preamble', 'Muse Glimmer ATEM (Invoke row)', SGEMG+'test_pipeline_preamble_before_tool_call_streams',
    ' to=self<|message|>r<|eom|>' + sge_ch('user') + 'Let me check.<|eom|>' + sge_ch(SGEMGD) + sge_atem(SGEMGD, city='Paris'), SGEMGW, note=SGEMGN)
SGEMPR = ' to=self<|message|>r<|eom|>' + sge_ch('user') + 'Let me check.<|eom|>'
vec('sglang-mgd-preamble-undoubled', 'Muse Glimmer ATEM (Invoke row)', SGEMG+'test_pipeline_preamble_before_tool_call_streams (the tool named once)',
    SGEMPR + sge_ch('get_weather') + sge_atem('get_weather', city='Paris'), SGEMGW, [('get_weather', {'city': 'Paris'})], keep=SGEMPR)
vec('sglang-mgd-user-channel-block', 'Muse Glimmer ATEM (Invoke row)', SGEMG+'(look-alike after test_invoke_inside_final_answer_is_not_a_call: a block of a declared tool glued after the user channel\'s header)',
    ' to=self<|message|>r<|eom|>' + sge_ch('user') + sge_atem('get_weather', city='Paris'), SGEMGW,
    note='a user channel holds no call: the Glimmer channel row refuses a header naming no declared tool, and an invoke on its own line inside the <atem:function_calls> left open is a part of that block, never a call of its own')
vec('sglang-mgd-plain-answer', 'Muse Glimmer ATEM (Invoke row)', SGEMG+'test_pipeline_plain_answer_stays_clean_without_tool_parse', ' to=self<|message|>r<|eom|>' + sge_ch('user') + 'Hello there.', SGEMGW)
vec('sglang-mgd-plain-text', 'Muse Glimmer ATEM (Invoke row)', SGEMG+'test_reasoning_finish_flushes_unframed_text', 'Just plain text.', SGEMGW)
vec('sglang-mgd-interleaved', 'Muse Glimmer ATEM (Invoke row)', SGEMG+'test_interleaved_reasoning_blocks_join_with_newline',
    ' to=self<|message|>first thought<|eom|>' + sge_ch(SGEMGD) + sge_atem(SGEMGD, city='Paris') + '<|eom|>' + sge_ch('self') + 'second thought<|eom|>' + sge_ch('user') + 'done', SGEMGW, note=SGETAIL)
vec('sglang-mgd-partial-marker', 'Muse Glimmer ATEM (Invoke row)', SGEMG+'test_stream_end_flushes_partial_marker', ' to=self<|message|>r<|eom|>' + sge_ch('user') + 'answer<|st', SGEMGW)
vec('sglang-mgd-blank-before-header', 'Muse Glimmer ATEM (Invoke row)', SGEMG+'test_whitespace_before_header_is_tolerated', ' to=self<|message|>r<|eom|>\n' + sge_ch(SGEMGD) + sge_atem(SGEMGD, city='Paris'), SGEMGW, note=SGEMGN)
vec('sglang-mgd-blank-before-header-undoubled', 'Muse Glimmer ATEM (Invoke row)', SGEMG+'test_whitespace_before_header_is_tolerated (the tool named once)',
    ' to=self<|message|>r<|eom|>\n' + sge_ch('get_weather') + sge_atem('get_weather', city='Paris'), SGEMGW, [('get_weather', {'city': 'Paris'})], keep=' to=self<|message|>r<|eom|>')

# --- Muse Glimmer format helpers (test_muse_glimmer_format.py): the texts whose markers it tests
SGEMF = SGE + 'test_muse_glimmer_format.py '
vec('sglang-mgf-invoke-open', 'Muse Glimmer ATEM (Invoke row)', SGEMF+'TestHasAtemMarkers test_invoke_open_is_a_marker', '<atem:invoke name="get_weather">', SGEMGW, note=SGECUT)
vec('sglang-mgf-wrapper-open', 'Muse Glimmer ATEM (Invoke row)', SGEMF+'TestHasAtemMarkers test_function_calls_open_is_a_marker', '<atem:function_calls>', SGEMGW, note=SGECUT)
vec('sglang-mgf-invoke-in-prose', 'Muse Glimmer ATEM (Invoke row)', SGEMF+'TestHasAtemMarkers test_invoke_inside_prose_is_still_detected', 'Sure.\n<atem:invoke name="search"></atem:invoke>', SGEMGW,
    note='search is no declared tool')
vec('sglang-mgf-invoke-in-prose-declared', 'Muse Glimmer ATEM (Invoke row)', SGEMF+'TestHasAtemMarkers test_invoke_inside_prose_is_still_detected (search declared)', 'Sure.\n<atem:invoke name="search"></atem:invoke>', [sge_raw('search')],
    [('search', {})], keep='Sure.', note='a bare namespaced invoke on its own line is the Invoke row\'s')
vec('sglang-mgf-plain', 'Muse Glimmer ATEM (Invoke row)', SGEMF+'TestHasAtemMarkers test_plain_text_is_not_a_marker', 'The weather in Beijing is sunny.', SGEMGW)
vec('sglang-mgf-closers', 'Muse Glimmer ATEM (Invoke row)', SGEMF+'TestHasAtemMarkers test_close_tags_alone_are_not_open_markers', '</atem:invoke></atem:function_calls>', SGEMGW)
vec('sglang-mgf-parameter', 'Muse Glimmer ATEM (Invoke row)', SGEMF+'TestHasAtemMarkers test_similar_atem_tag_is_not_an_open_marker', '<atem:parameter name="city">SF</atem:parameter>', SGEMGW)
vec('sglang-mgf-partial-message', 'Muse Glimmer ATEM (Invoke row)', SGEMF+'TestPartialMarkerLen test_holds_back_the_longest_matching_suffix', 'Sure.<|mess', SGEMGW)
vec('sglang-mgf-angle', 'Muse Glimmer ATEM (Invoke row)', SGEMF+'TestPartialMarkerLen test_single_angle_bracket_is_held', 'price is 10<', SGEMGW)
vec('sglang-mgf-eo', 'Muse Glimmer ATEM (Invoke row)', SGEMF+'TestPartialMarkerLen test_shared_prefix_of_eom_and_eot_is_held', 'done<|eo', SGEMGW)
vec('sglang-mgf-eox', 'Muse Glimmer ATEM (Invoke row)', SGEMF+'TestPartialMarkerLen test_lookalike_suffix_is_not_held', 'done<|eox', SGEMGW)
vec('sglang-mgf-wrapper-partial', 'Muse Glimmer ATEM (Invoke row)', SGEMF+'TestPartialMarkerLen test_partial_function_calls_open_uses_max_marker', 'hi<atem:function_calls', SGEMGW)
vec('sglang-mgf-eom-text', 'Muse Glimmer ATEM (Invoke row)', SGEMF+'TestPartialMarkerLen test_complete_marker_followed_by_text_is_released', '<|eom|>hello', SGEMGW)
for _i, _t in enumerate(('to=functions.get_weather', 'to=functions.get_weather<|message|>', 'to=functions.get_weather<|mess', 'too=', 'to=foo bar', 'to=foo<|eom', 'to=foo bar<|message|>')):
    vec('sglang-mgf-header-%d' % _i, 'Muse Glimmer ATEM (Invoke row)', SGEMF+'TestCouldStartHeader (%r)' % _t, _t, SGEMGW)

# --- MiMo (test_mimo_detector.py, test_mimo_detector_streaming.py): Qwen's <function=T> in
# <tool_call>, read by the Qwen3 Coder/XML rows
SGEMI = SGE + 'test_mimo_detector.py '
SGEMIT = [sge_req('execute_bash', ['command'], command=S), sge_raw('get_weather', city=S, days=I, verbose=B)]
def sge_q(n, *kv, nl=''):  # a Qwen call, nl between its tags
    return '<tool_call>%s<function=%s>%s' % (nl, n, nl) + ''.join('<parameter=%s>%s</parameter>%s' % (k, v, nl) for k, v in zip(kv[::2], kv[1::2])) + '</function>%s</tool_call>' % nl
SGEMIH = SGEMI + 'TestMiMoDetectorHasToolCall '
vec('sglang-mimod-has-start', 'Qwen3 Coder/XML', SGEMIH+'test_detects_start_token', '<tool_call><function=foo></function></tool_call>', SGEMIT, note='foo is no declared tool')
vec('sglang-mimod-plain', 'Qwen3 Coder/XML', SGEMIH+'test_plain_text_is_not_a_tool_call', 'Just a plain answer.', SGEMIT)
vec('sglang-mimod-wrong-tag', 'Qwen3 Coder/XML', SGEMIH+'test_similar_but_wrong_tag_is_rejected', '<tool>inner</tool>', SGEMIT)
vec('sglang-mimod-start-alone', 'Qwen3 Coder/XML', SGEMIH+'test_start_token_alone_is_enough', 'prefix <tool_call><function=f>', SGEMIT, note=SGECUT)
SGEMID = SGEMI + 'TestMiMoDetectorDetectAndParse '
vec('sglang-mimod-single', 'Qwen3 Coder/XML', SGEMID+'test_single_call_is_parsed', sge_q('execute_bash', 'command', 'pwd && ls', nl='\n'), SGEMIT, [('execute_bash', {'command': 'pwd && ls'})])
vec('sglang-mimod-two', 'Qwen3 Coder/XML', SGEMID+'test_multiple_calls_accumulate', sge_q('execute_bash', 'command', 'ls') + sge_q('get_weather', 'city', 'Tokyo'), SGEMIT,
    [('execute_bash', {'command': 'ls'}), ('get_weather', {'city': 'Tokyo'})])
vec('sglang-mimod-leading-text', 'Qwen3 Coder/XML', SGEMID+'test_leading_normal_text_preserved', 'Sure, running now. ' + sge_q('execute_bash', 'command', 'ls'), SGEMIT,
    note='disagrees on purpose: a <tool_call> after prose on its line, the line going on after it, is an example to toolfix, not a leak')
vec('sglang-mimod-plain-prose', 'Qwen3 Coder/XML', SGEMID+'test_plain_text_yields_no_calls', 'Just prose.', SGEMIT)
vec('sglang-mimod-typed', 'Qwen3 Coder/XML', SGEMID+'test_parameter_types_are_coerced_per_schema', sge_q('get_weather', 'city', 'Berlin', 'days', '5', 'verbose', 'true'), SGEMIT,
    [('get_weather', {'city': 'Berlin', 'days': 5, 'verbose': True})])
vec('sglang-mimod-unknown', 'Qwen3 Coder/XML', SGEMID+'test_unknown_function_is_dropped_from_calls_by_default', sge_q('unknown_fn', 'x', '1'), SGEMIT)
vec('sglang-mimod-no-function', 'Qwen3 Coder/XML', SGEMID+'test_function_tag_missing_yields_no_call', '<tool_call>no function here</tool_call>', SGEMIT)
vec('sglang-mimod-no-params', 'Qwen3 Coder/XML', SGEMID+'test_parameterless_function_call', '<tool_call><function=execute_bash></function></tool_call>', [sge_raw('execute_bash', command=S)], [('execute_bash', {})],
    note='the test\'s execute_bash requires command; declared here without it, so that its empty call fits')
vec('sglang-mimod-no-params-required', 'Qwen3 Coder/XML', SGEMID+'test_parameterless_function_call (command required, as the test declares it)', '<tool_call><function=execute_bash></function></tool_call>', SGEMIT,
    note='disagrees on purpose: the call lacks the required command, and toolfix takes only a call that fits its schema')
SGEMS = SGE + 'test_mimo_detector_streaming.py TestMiMoStreamingRegression '
SGEMIS = [sge_raw('search', query=S)]
SGEMIB = '<tool_call>\n<function=search>\n<parameter=query>ls</parameter>\n</function>\n</tool_call>'
vec('sglang-mimos-text-after', 'Qwen3 Coder/XML', SGEMS+'test_text_after_last_tool_call_is_flushed', SGEMIB + 'Done, files are listed.', SGEMIS, note=SGETAIL)
vec('sglang-mimos-split-bot', 'Qwen3 Coder/XML', SGEMS+'test_split_bot_token_across_increments_still_parses', 'I will run it.\n' + SGEMIB, SGEMIS, [('search', {'query': 'ls'})], keep='I will run it.')
vec('sglang-mimos-chars', 'Qwen3 Coder/XML', SGEMS+'test_char_level_streaming_matches_one_shot', 'Let me check.\n' + SGEMIB, SGEMIS, [('search', {'query': 'ls'})], keep='Let me check.')
vec('sglang-mimos-text-between', 'Qwen3 Coder/XML', SGEMS+'test_text_between_two_calls_is_preserved', SGEMIB + '\nand also\n' + SGEMIB, SGEMIS, [('search', {'query': 'ls'})], keep=SGEMIB + '\nand also',
    note='disagrees on purpose: tail only; SGLang takes both calls and keeps the text between them, toolfix takes the call at the tail and leaves the one before the text as it came')

# --- MiniCPM 5 (test_minicpm5_detector.py, test_minicpm5_detector_finish.py)
SGEMC = SGE + 'test_minicpm5_detector.py '
SGEMCW = sge_req('get_weather', ['city'], city=S, date=S)
SGEMCS = sge_req('sum_values', ['nums'], nums=A, exact=B)
def sge_mf(n, *kv): return '<function name="%s">' % n + ''.join('<param name="%s">%s</param>' % p for p in zip(kv[::2], kv[1::2])) + '</function>'
vec('sglang-mcpm5-intro-outro', 'MiniCPM 5', SGEMC+'test_detect_and_parse_single_call_v3', 'Intro before.\n' + sge_mf('get_weather', 'city', '上海', 'date', '2024-06-27') + '\nOutro after.\n', [SGEMCW], note=SGETAIL)
vec('sglang-mcpm5-intro', 'MiniCPM 5', SGEMC+'test_detect_and_parse_single_call_v3 (without the outro)', 'Intro before.\n' + sge_mf('get_weather', 'city', '上海', 'date', '2024-06-27') + '\n', [SGEMCW],
    [('get_weather', {'city': '上海', 'date': '2024-06-27'})], keep='Intro before.')
vec('sglang-mcpm5-cdata', 'MiniCPM 5', SGEMC+'test_detect_and_parse_cdata_multiline_v3', sge_mf('get_weather', 'city', '<![CDATA[北\n京]]>', 'date', '2024-06-27') + '\n', [SGEMCW], [('get_weather', {'city': '北\n京', 'date': '2024-06-27'})])
vec('sglang-mcpm5-unknown', 'MiniCPM 5', SGEMC+'test_unknown_tool_block_preserved_v3', sge_mf('unknown', 'x', '1') + '\n', [SGEMCW])
vec('sglang-mcpm5-non-string', 'MiniCPM 5', SGEMC+'test_non_string_types_v3', sge_mf('sum_values', 'nums', '[1, 2, 3]', 'exact', 'true') + '\n', [SGEMCS], [('sum_values', {'nums': [1, 2, 3], 'exact': True})])
vec('sglang-mcpm5-interleaved', 'MiniCPM 5', SGEMC+'test_multiple_calls_interleaved_text_v3',
    'Head\n' + sge_mf('get_weather', 'city', '北京') + '\nTXT\n' + sge_mf('sum_values', 'nums', '[7,8,9]', 'exact', 'false') + '\nTail\n', [SGEMCW, SGEMCS], note=SGETAIL)
vec('sglang-mcpm5-interleaved-last', 'MiniCPM 5', SGEMC+'test_multiple_calls_interleaved_text_v3 (without the tail)',
    'Head\n' + sge_mf('get_weather', 'city', '北京') + '\nTXT\n' + sge_mf('sum_values', 'nums', '[7,8,9]', 'exact', 'false') + '\n', [SGEMCW, SGEMCS],
    [('sum_values', {'nums': [7, 8, 9], 'exact': False})], keep='Head\n' + sge_mf('get_weather', 'city', '北京') + '\nTXT',
    note='disagrees on purpose: tail only; the call before TXT stays text, the one at the tail is taken')
vec('sglang-mcpm5-missing-end', 'MiniCPM 5', SGEMC+'test_incomplete_missing_function_end_v3', '<function name="get_weather"><param name="city">北京</param>', [SGEMCW], [('get_weather', {'city': '北京'})],
    note='disagrees on purpose: the text ends after a complete parameter with only </function> missing, which toolfix forgives in every family')
vec('sglang-mcpm5-param-no-name', 'MiniCPM 5', SGEMC+'test_param_missing_name_invalid_v3', '<function name="get_weather"><param>北京</param><param name="date">2024-06-27</param></function>\n', [SGEMCW])
vec('sglang-mcpm5-duplicate', 'MiniCPM 5', SGEMC+'test_duplicate_param_names_invalid_v3', sge_mf('get_weather', 'city', '北京', 'city', '上海') + '\n', [SGEMCW])
vec('sglang-mcpm5-case', 'MiniCPM 5', SGEMC+'test_case_sensitive_param_name_invalid_v3', sge_mf('get_weather', 'City', '北京') + '\n', [sge_raw('get_weather', city=S, date=S)],
    note='City is no declared parameter; the tool declared without its required list, so that only the name\'s case refuses the call')
vec('sglang-mcpm5-zero-param', 'MiniCPM 5', SGEMC+'test_no_required_and_zero_param_valid_v3', '<function name="noop"></function>\n', [sge_req('noop', [], note=S)], [('noop', {})])
vec('sglang-mcpm5-stream', 'MiniCPM 5', SGEMC+'test_streaming_increment_v3', 'Hello\n<function name="get_weather">\n  <param name="city">北京</param>\n  <param name="date">2024-06-27</param>\n</function>\n', [SGEMCW],
    [('get_weather', {'city': '北京', 'date': '2024-06-27'})], keep='Hello')
vec('sglang-mcpm5-split-bot', 'MiniCPM 5', SGEMC+'test_streaming_split_bot_token', sge_mf('get_weather', 'city', '北京'), [SGEMCW], [('get_weather', {'city': '北京'})])
vec('sglang-mcpm5-two-one-delta', 'MiniCPM 5', SGEMC+'test_streaming_multiple_complete_blocks_in_one_delta', sge_mf('get_weather', 'city', '北京') + sge_mf('sum_values', 'nums', '[1,2]'), [SGEMCW, SGEMCS],
    [('get_weather', {'city': '北京'}), ('sum_values', {'nums': [1, 2]})], note='a later block of a tail may follow the one before glued')
vec('sglang-mcpm5-ampersand', 'MiniCPM 5', SGEMC+'test_malformed_xml_with_unescaped_ampersand_falls_back_to_regex', sge_mf('get_weather', 'city', 'A & B'), [SGEMCW], [('get_weather', {'city': 'A & B'})])
SGEMCF = SGE + 'test_minicpm5_detector_finish.py TestMiniCPM5DetectorFinish '
vec('sglang-mcpm5fin-truncated', 'MiniCPM 5', SGEMCF+'test_truncated_call_at_end_drops_protocol_block', "hi <functionget_weather('par", [SGEMCW], note=SGECUT + '; SGLang drops the block, toolfix passes it as it came')
vec('sglang-mcpm5fin-marker-prefix', 'MiniCPM 5', SGEMCF+'test_truncated_marker_prefix_is_released', 'hello <fun', [SGEMCW])
vec('sglang-mcpm5fin-clean', 'MiniCPM 5', SGEMCF+'test_clean_stream_finish_is_noop', 'just some text', [SGEMCW])
vec('sglang-mcpm5fin-complete', 'MiniCPM 5', SGEMCF+'test_complete_call_not_duplicated_at_finish', '<function name="get_weather"</function>', [SGEMCW],
    note='the test\'s bot token, name attribute and eot token written as it joins them, no element; SGLang reads no call of it either')

# --- Spark 2.5 and Spark 3 (test_spark25_detector.py, test_spark3_detector.py): GLM's
# <tool_call>T<arg_key>K</arg_key><arg_value>V</arg_value></tool_call>, read by the GLM rows
SGESPT = [sge_raw('set_state', name=S, count=I, ratio=N, active=B, items=A, metadata=O), sge_raw('now')]
def sge_g(n, *kv): return '<tool_call>' + n + ''.join('<arg_key>%s</arg_key><arg_value>%s</arg_value>' % p for p in zip(kv[::2], kv[1::2])) + '</tool_call>'
SGESPS = sge_g('set_state', 'name', '上海', 'count', '42', 'ratio', '2.5', 'active', '1', 'items', '["a", "b"]', 'metadata', '{"source":"spark"}')
for _k, _f, _c in (('spark25', 'test_spark25_detector.py', 'Spark25'), ('spark3', 'test_spark3_detector.py', 'Spark3')):
    SGESP = SGE + _f + ' Test%sDetector' % _c
    SGESF = 'Spark 2.5/3 (GLM rows)'
    vec('sglang-%s-text-between' % _k, SGESF, SGESP+'DetectAndParse test_nonstream_parses_multiple_calls_and_preserves_normal_text', 'before' + SGESPS + 'middle' + sge_g('now') + 'after', SGESPT,
        note='disagrees on purpose: tail only (text between and after the calls)')
    vec('sglang-%s-two' % _k, SGESF, SGESP+'DetectAndParse test_nonstream_parses_multiple_calls_and_preserves_normal_text (its calls alone)', SGESPS + sge_g('now'), SGESPT,
        note='disagrees on purpose: SGLang reads active=1 as true; 1 is no JSON boolean, and toolfix types a value by the schema only where it fits')
    vec('sglang-%s-two-typed' % _k, SGESF, SGESP+'DetectAndParse test_nonstream_parses_multiple_calls_and_preserves_normal_text (its calls alone, active written true)',
        SGESPS.replace('<arg_value>1<', '<arg_value>true<') + sge_g('now'), SGESPT,
        [('set_state', {'name': '上海', 'count': 42, 'ratio': 2.5, 'active': True, 'items': ['a', 'b'], 'metadata': {'source': 'spark'}}), ('now', {})])
    vec('sglang-%s-fallbacks' % _k, SGESF, SGESP+'DetectAndParse test_null_and_conversion_fallbacks_match_%s_protocol' % ('spark2_5' if _k == 'spark25' else 'spark3'),
        sge_g('set_state', 'name', 'null', 'count', 'not-an-int', 'active', 'false', 'undeclared', '42'), SGESPT,
        note='disagrees on purpose: SGLang forwards the integer count as the string "not-an-int"; it fits no integer, and toolfix takes only a call that fits its schema')
    vec('sglang-%s-malformed' % _k, SGESF, SGESP+'DetectAndParse test_malformed_block_is_text_and_unknown_tool_honors_policy (malformed)', 'x<tool_call></tool_call>y', SGESPT)
    vec('sglang-%s-unknown' % _k, SGESF, SGESP+'DetectAndParse test_malformed_block_is_text_and_unknown_tool_honors_policy (unknown tool)', sge_g('missing', 'value', '1'), SGESPT,
        note='SGLang drops the call, or forwards it under SGLANG_FORWARD_UNKNOWN_TOOLS; toolfix never takes a call of a tool the request lacks, and the text passes')
    vec('sglang-%s-partial-marker' % _k, SGESF, SGESP+'DetectAndParse test_stream_end_flushes_partial_marker_and_required_stays_native (partial marker)', 'plain<tool_', SGESPT)
    vec('sglang-%s-truncated' % _k, SGESF, SGESP+'DetectAndParse test_stream_end_flushes_partial_marker_and_required_stays_native (truncated call)', 'plain<tool_call>set_state<arg_key>count</arg_key>', SGESPT,
        note=SGECUT + '; SGLang drops the block, toolfix passes it as it came')
    vec('sglang-%s-chars' % _k, SGESF, SGESP+'Streaming test_streaming_character_chunks_match_nonstream_result', 'answer:' + sge_g('set_state', 'count', '42', 'active', '0') + sge_g('now') + 'done', SGESPT,
        note='disagrees on purpose: tail only (text after the calls)')
    vec('sglang-%s-chars-calls' % _k, SGESF, SGESP+'Streaming test_streaming_character_chunks_match_nonstream_result (without the text after the calls, active written false)',
        'answer:' + sge_g('set_state', 'count', '42', 'active', 'false') + sge_g('now'), SGESPT,
        note='disagrees on purpose: a <tool_call> glued after a colon is an example to toolfix ("The format is:<tool_call>…"); SGLang takes it (its active=0 written false here, 0 being no JSON boolean)')
    vec('sglang-%s-chars-calls-line' % _k, SGESF, SGESP+'Streaming test_streaming_character_chunks_match_nonstream_result (the calls on a line after the colon, active written false)',
        'answer:\n' + sge_g('set_state', 'count', '42', 'active', 'false') + sge_g('now'), SGESPT, [('set_state', {'count': 42, 'active': False}), ('now', {})], keep='answer:')

# --- Step 3.5 (test_step3p5_detector.py): Qwen's <function=T> in <tool_call>, read by the Qwen
# rows; the Step detector's own mending of broken tags is for its model only
SGES5 = SGE + 'test_step3p5_detector.py TestStep3p5Detector '
SGES5T = [sge_raw('bash', command=S, items=A, options=O, timeout=I), sge_raw('weather', city=S, state=S)]
SGES5F = 'Step 3.5 (Qwen XML rows)'
SGES5N = 'disagrees on purpose: SGLang\'s Step 3.5 detector mends this broken tag for its model; toolfix does not know the model, and the text is no Qwen call'
SGES5B = sge_q('bash', 'command', 'pwd')
SGES5W = sge_q('weather', 'city', 'Paris')
vec('sglang-step3p5-canonical', SGES5F, SGES5+'test_canonical_xml_matches_qwen_parser', 'prefix' + sge_q('bash', 'command', 'pwd', 'timeout', '5'), SGES5T,
    note='disagrees on purpose: a <tool_call> glued to a word, the line going on after it, is no leak to toolfix (prose writes the tag too)')
vec('sglang-step3p5-canonical-line', SGES5F, SGES5+'test_canonical_xml_matches_qwen_parser (the call on a line of its own)', 'prefix\n' + sge_q('bash', 'command', 'pwd', 'timeout', '5'), SGES5T,
    [('bash', {'command': 'pwd', 'timeout': 5})], keep='prefix')
for _i, _tag in enumerate(('<function bash>', '<functionbash>')):
    vec('sglang-step3p5-missing-equals-%d' % _i, SGES5F, SGES5+'test_missing_equals_in_known_function_tag (%s)' % _tag, '<tool_call>' + _tag + '<parameter=command>pwd</parameter></function></tool_call>', SGES5T, note=SGES5N)
vec('sglang-step3p5-missing-gt', SGES5F, SGES5+'test_missing_right_angle_in_function_and_parameter_tags', '<tool_call><function=bash\n<parameter=command\npwd</parameter></function></tool_call>', SGES5T, note=SGES5N)
vec('sglang-step3p5-doubled-prefix', SGES5F, SGES5+'test_duplicate_parameter_prefix_is_repaired_when_boundary_is_known', '<tool_call><function=bash><parameter=parameter=command\npwd</parameter></function></tool_call>', SGES5T, note=SGES5N)
vec('sglang-step3p5-no-wrapper', SGES5F, SGES5+'test_missing_outer_tool_call_wrapper', '<function=bash><parameter=command>pwd</parameter></function>', SGES5T, [('bash', {'command': 'pwd'})])
vec('sglang-step3p5-open-param', SGES5F, SGES5+'test_missing_parameter_close_before_next_parameter', '<tool_call><function=weather><parameter=city>Dallas<parameter=state>TX</parameter></function></tool_call>', SGES5T, note=SGES5N)
vec('sglang-step3p5-tool-close', SGES5F, SGES5+'test_tool_close_repairs_open_parameter_and_function', '<tool_call><function=bash><parameter=command>pwd</tool_call>', SGES5T,
    note='disagrees on purpose: SGLang\'s Step 3.5 detector closes the open parameter at </tool_call>; toolfix reads </tool_call> inside a value as the value\'s text (a value may hold the tag), so the call never closes')
vec('sglang-step3p5-adjacent', SGES5F, SGES5+'test_adjacent_calls_in_one_mtp_chunk', SGES5B + SGES5W, SGES5T, [('bash', {'command': 'pwd'}), ('weather', {'city': 'Paris'})])
vec('sglang-step3p5-interleaved', SGES5F, SGES5+'test_interleaved_text_is_preserved_in_both_modes', 'hello' + SGES5B + 'between' + SGES5W + 'bye', SGES5T, note=SGETAIL)
vec('sglang-step3p5-python-literals', SGES5F, SGES5+'test_python_literal_container_parameters_remain_supported', sge_q('bash', 'options', "{'check': True}", 'items', '[1, 2]'), SGES5T,
    [('bash', {'options': {'check': True}, 'items': [1, 2]})], note='a Python literal where the schema wants an object is read by the coerce rule\'s exact Python-literal parser')
vec('sglang-step3p5-unknown-malformed', SGES5F, SGES5+'test_unknown_malformed_function_is_not_repaired', '<tool_call><function unknown><parameter=command>pwd</parameter></function></tool_call>', SGES5T,
    note='SGLang drops the block; toolfix passes it as it came')
vec('sglang-step3p5-bare-unknown', SGES5F, SGES5+'test_bare_unknown_function_is_preserved_as_text', 'prefix<function=unknown><parameter=command>pwd</parameter></function>suffix', SGES5T)
vec('sglang-step3p5-xml-prose-then-call', SGES5F, SGES5+'test_xml_like_prose_does_not_block_a_later_real_call', 'intro<functions>x</functions><function_name>y</function_name>' + SGES5B, SGES5T,
    note='disagrees on purpose: the <tool_call> is glued to markup-like prose on its line, where toolfix takes no call')
for _i, _t in enumerate(('This uses <functionality in prose', 'This uses <functionbashful in prose', 'This uses <function unknown in prose', 'This discusses <parameterization forever')):
    vec('sglang-step3p5-function-word-%d' % _i, SGES5F, SGES5+'test_partial_function_words_are_plain_stream_content (%r)' % _t, _t, SGES5T)
vec('sglang-step3p5-stray-closers', SGES5F, SGES5+'test_unmatched_closing_tags_are_preserved_as_text', 'a</function>b</parameter>c</tool_call>d', SGES5T)
vec('sglang-step3p5-private-use', SGES5F, SGES5+'test_private_use_text_has_no_special_meaning', 'prefix\ue000step3p5-literal-lt\ue001suffix', SGES5T)
vec('sglang-step3p5-literal-then-call', SGES5F, SGES5+'test_literal_and_parser_segments_do_not_reorder_text', 'a<</function>b' + SGES5B, SGES5T,
    note='disagrees on purpose: the <tool_call> is glued to a word on its line, where toolfix takes no call')
vec('sglang-step3p5-eos', SGES5F, SGES5+'test_non_stream_closes_confirmed_call_at_eos', '<tool_call><function=bash><parameter=command>pwd', SGES5T,
    note='a cut-off call is never completed: the text ends inside a value, which may go on')
for _i, _t in enumerate(('<tool_call><function=bash', '<tool_call><function=bash><parameter=command')):
    vec('sglang-step3p5-partial-open-%d' % _i, SGES5F, SGES5+'test_non_stream_does_not_invent_call_from_partial_opening_tag (%r)' % _t, _t, SGES5T)
vec('sglang-step3p5-partial-second', SGES5F, SGES5+'test_non_stream_partial_second_call_keeps_completed_first_call', SGES5B + '<tool_call><function=weather', SGES5T,
    note='disagrees on purpose: SGLang keeps the first call and the cut second as text; a cut-off call is never completed and a tail is taken whole or not at all')
for _i, _sep in enumerate(('', '\n', '\n  ')):
    vec('sglang-step3p5-stray-close-%d' % _i, SGES5F, SGES5+'test_redundant_close_after_synthetic_wrapper_is_consumed (%r)' % _sep,
        '<function=bash><parameter=command>pwd</parameter></function>' + _sep + '</tool_call>', SGES5T, [('bash', {'command': 'pwd'})])
vec('sglang-step3p5-bare-blank-after', SGES5F, SGES5+'test_whitespace_after_synthetic_wrapper_is_preserved_without_close', '<function=bash></function>\n', SGES5T, [('bash', {})],
    note='SGLang keeps the line break after the call as text; toolfix takes the blanks after a tail with it')
vec('sglang-step3p5-conversion-error', SGES5F, SGES5+'test_non_stream_conversion_error_falls_back_to_text', sge_q('bash', 'options', '{1, 2}'), SGES5T)
vec('sglang-step3p5-escaped-in-value', SGES5F, SGES5+'test_function_like_text_inside_parameter_is_not_repaired', sge_q('bash', 'command', "printf '&lt;function bash&gt;'"), SGES5T,
    [('bash', {'command': "printf '&lt;function bash&gt;'"})])
vec('sglang-step3p5-raw-in-value', SGES5F, SGES5+'test_function_like_text_inside_parameter_is_not_repaired (raw_source)', sge_q('bash', 'command', "printf '<function bash>'"), SGES5T,
    [('bash', {'command': "printf '<function bash>'"})])
vec('sglang-step3p5-opener-in-value', SGES5F, SGES5+'test_tool_call_start_text_inside_parameter_is_not_repaired', sge_q('bash', 'command', "printf '<tool_call>'"), SGES5T,
    [('bash', {'command': "printf '<tool_call>'"})])
vec('sglang-step3p5-qwen-no-repair', SGES5F, SGES5+'test_qwen_parser_does_not_gain_step_repair', '<tool_call><function bash><parameter=command>pwd</parameter></function></tool_call>', SGES5T,
    note='as SGLang\'s Qwen3 Coder detector, toolfix takes no call of it')
