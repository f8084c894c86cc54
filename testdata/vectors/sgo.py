# SGLang's test/registered/function_call/ tests converted in issue 20 (helper sgo): the tests of
# test_kimik3_detector.py, test_k2v3_tool_parser.py, test_multi_format_detector.py and
# test_nonfinite_coercion.py whose model output no earlier batch has (gen.py holds the rest of
# these files, and all of test_minicpm4_xml_detector.py, test_gpt_oss_detector.py,
# test_parallel_tool_bug.py and test_unknown_tool_name.py). Where a test repeats the text of a
# converted one, it still gets its vector under its own name, so each test is found by its source.
# Run by gen.py in its own names (vec, T, S, and the helpers of gen.py: k3t/k3c/k3a, K3RO/K3RC/K3TC,
# K3PY, K3TOKYO, SK3W, mfi, MFX, nfq, mmx; sgf.py's sgf_p and SGFPN); the helpers here start with
# sgo_ or SGO. The test_plain_text_is_untouched[""] case is left out: an empty reply is no text.
SGOK3 = 'sgl-project/sglang test/registered/function_call/test_kimik3_detector.py '
SGOK2 = 'sgl-project/sglang test/registered/function_call/test_k2v3_tool_parser.py '
SGOMF = 'sgl-project/sglang test/registered/function_call/test_multi_format_detector.py '
SGONF = 'sgl-project/sglang test/registered/function_call/test_nonfinite_coercion.py TestNonFiniteCoercion '
SGOTO = '<|open|>think<|sep|>'  # kimik3_format.THINK_OPEN
SGOSTRIP = 'SGLang strips the Kimi K3 channel markers from the reply; toolfix passes a text without a call as it came'


def sgo_k3(name, test, text, tools=None, calls=None, keep='', note=SGOSTRIP):
    vec('sglang-k3x-' + name, 'Kimi K3 XTML', SGOK3 + test, text, tools or [K3PY], calls, keep=keep, note=note)


# --- test_kimik3_detector.py: the streamed two calls, and the reply-cleanup tests (no call in them)
sgo_k3('two-calls-stream', 'test_streaming_two_calls', k3t(k3c('python', 1, k3a('code', 'string', 'a')), k3c('python', 2, k3a('code', 'string', 'b'))),
       calls=[('python', {'code': 'a'}), ('python', {'code': 'b'})], note='')
sgo_k3('blank', 'test_strip_template_artifacts_whitespace_behavior (blanks only)', '   ', note='')
sgo_k3('blank-response', 'test_strip_template_artifacts_whitespace_behavior (a response channel of blanks)', K3RO + '   ' + K3RC)
sgo_k3('blank-mixed', 'test_strip_response_wrappers_preserves_whitespace', ' \t\n ', note='')
for sgo_i, sgo_t in enumerate(('<|open|>', '<|close|>', '<|', '<|open|>tools', '<|close|>response', K3RO + '<|close|')):
    sgo_k3('truncated-marker-%d' % sgo_i, 'test_truncated_markers_leave_no_text[%s]' % sgo_t.replace(K3RO, 'RESPONSE_OPEN'), sgo_t,
           note=SGOSTRIP + ('; a cut-off tools channel is never completed' if 'tools' in sgo_t else ''))
sgo_k3('narration-cut-marker', 'test_narration_before_truncated_marker_survives', 'I am delegating the docs subagent.<|close|>response')
sgo_k3('think-channel', 'test_think_channel_content_is_dropped_not_unwrapped', SGOTO + 'secret' + K3TC + 'visible',
       note='SGLang drops the think channel; toolfix passes a text without a call as it came')
sgo_k3('think-channel-cut', 'test_think_channel_content_is_dropped_not_unwrapped (cut off mid-thought)', SGOTO + 'cut off mid-thought',
       note='SGLang drops the unclosed think channel; toolfix passes a text without a call as it came')
sgo_k3('think-close-kept', 'test_think_content_kept_when_reasoning_is_not_separated', 'weighing' + K3TC + 'visible')
sgo_k3('think-both-kept', 'test_think_content_kept_when_reasoning_is_not_separated (with the think opener)', SGOTO + 'weighing' + K3TC + 'visible')
sgo_k3('response-inline', 'test_response_channel_kept_inline_when_reasoning_is_not_separated', 'trace' + K3TC + K3RO + 'answer' + K3RC)
sgo_k3('think-close-visible', 'test_think_close_without_open_drops_reasoning (its reply without a call)', 'deliberating' + K3TC + 'visible',
       note='SGLang drops the reasoning before the think closer; toolfix passes a text without a call as it came')
sgo_k3('markers-only-think-close', 'test_markers_only_strip_keeps_reasoning_text (a think closer)', 'weighing options' + K3TC)
sgo_k3('markers-only-cut-argument', 'test_markers_only_strip_keeps_reasoning_text (a cut-off argument marker)', 'weighing options<|open|>argu')
sgo_k3('markers-only-cut-call', 'test_markers_only_strip_keeps_reasoning_text (a cut-off call header)', 'weighing <|open|>call tool="rea',
       note=SGOSTRIP + '; a cut-off call is never completed')
sgo_k3('plain-hello', 'test_plain_text_is_untouched[hello world]', 'hello world', note='')
sgo_k3('syntax-only', 'test_syntax_only_text_still_yields_a_message', K3RO + '<|close|')
sgo_k3('logprobs-think-close', 'test_logprobs_dropped_when_cleanup_changes_text', 'trace' + K3TC + 'answer')
sgo_k3('logprobs-plain', 'test_logprobs_kept_verbatim_when_cleanup_changes_nothing', 'answer', note='')
sgo_k3('logprobs-unreconciled', 'test_logprobs_dropped_when_they_cannot_be_reconciled', 'trace' + K3TC + 'answer')

# --- test_k2v3_tool_parser.py: the K2 Horizon item (K3TOKYO, gen.py) in the tests gen.py lacks
SGOK2N = 'SGLang strips the reasoning block; toolfix keeps the text before the call as it came'
vec('sglang-k2v3x-has-tool-call', K3FAM, SGOK2 + 'TestK2V3XmlExtraction test_has_tool_call', K3TOKYO, [SK3W], [('get_weather', {'city': 'Tokyo'})])
vec('sglang-k2v3x-has-tool-call-none', K3FAM, SGOK2 + 'TestK2V3XmlExtraction test_has_tool_call (no markers)', 'no markers here', [SK3W])
for sgo_th in ('think', 'think_faster'):
    vec('sglang-k2v3x-ifm-' + sgo_th.replace('_', '-'), K3FAM, SGOK2 + 'TestK2V3ReasoningPrefix test_all_three_effort_blocks_are_stripped[%s]' % sgo_th,
        '<ifm|%s>reasoning</ifm|%s>' % (sgo_th, sgo_th) + K3TOKYO, [SK3W], [('get_weather', {'city': 'Tokyo'})], keep='<ifm|%s>reasoning</ifm|%s>' % (sgo_th, sgo_th), note=SGOK2N)
vec('sglang-k2v3x-stream', K3FAM, SGOK2 + 'TestK2V3Streaming test_streaming_emits_nothing', K3TOKYO, [T('get_weather', city=S)], [('get_weather', {'city': 'Tokyo'})],
    note='SGLang\'s streaming increment of this embedded dialect emits nothing and parses the call when the answer ends; toolfix takes it at the tail, streamed or whole')
vec('sglang-k2v3x-pipeline', K3FAM, SGOK2 + 'TestK2V3RegistryWiring test_full_pipeline_non_stream', '<ifm|think>looking it up</ifm|think>' + K3TOKYO, [T('get_weather', city=S)],
    [('get_weather', {'city': 'Tokyo'})], keep='<ifm|think>looking it up</ifm|think>', note=SGOK2N)

# --- test_multi_format_detector.py: the DeepSeek V3.2 detector given the plain dialect, and the end-to-end test
vec('sglang-multix-plain-in-dsml', 'multi_format <tool_calls> invoke', SGOMF + 'TestDsv32VsDeepSeekV32Disjoint test_existing_dsv32_ignores_plain_tool_calls',
    mfi('x', '<parameter name="a" string="true">1</parameter>'), [T('x', a=S)], [('x', {'a': '1'})],
    note='disagrees on purpose: SGLang\'s DeepSeek V3.2 detector reads only its DSML markup; toolfix knows every row at once and reads the plain call (as sglang-multi-dsml-in-dsv32 the other way)')
vec('sglang-multix-pipeline-minimax', 'multi_format <tool_calls> invoke', SGOMF + 'TestMultiFormatEndToEnd test_full_pipeline_minimax', 'Some preamble. ' + mfi('get_weather', '<parameter name="x">NYC</parameter>'), [MFX],
    note='disagrees on purpose: <tool_calls> is a plain tag prose writes; glued after text on its line it counts as an example (the line-start rule, as sglang-multi-minimax-single)')
vec('sglang-multix-pipeline-minimax-line', 'multi_format <tool_calls> invoke', SGOMF + 'TestMultiFormatEndToEnd test_full_pipeline_minimax (a line break after the preamble)',
    'Some preamble.\n' + mfi('get_weather', '<parameter name="x">NYC</parameter>'), [MFX], [('get_weather', {'x': 'NYC'})], keep='Some preamble.')

# --- test_nonfinite_coercion.py: the qwen3_coder values gen.py lacks (NaN and [Infinity]; the
# -1e999, [1, 2, 1e999] and (1e999,) ones join the 1e999 vectors held back, see docs/repairs.md)
for sgo_i, (sgo_raw, sgo_pt) in enumerate((('NaN', N), ('[Infinity]', A))):
    vec('sglang-nonfinite-x%d' % sgo_i, 'Qwen3 Coder/XML', SGONF + 'test_non_finite_degrades_to_string[qwen3_coder, %s]' % sgo_raw, nfq(sgo_raw), [T('f', p=sgo_pt)],
        note='SGLang degrades the value to its raw string, which fits no %s; toolfix makes no call of a value that fits nothing' % sgo_pt)
# the same values in the markup of the test's minimax_m2 and poolside_v1 coercers (mmx of gen.py,
# sgf_p of sgf.py); its mimo coercer reads the Qwen XML markup the qwen3_coder vectors already write
for sgo_det, sgo_fam, sgo_mk in (('minimax_m2', 'MiniMax M2', lambda v: mmx('f', 'p', v)), ('poolside_v1', SGFPN, lambda v: sgf_p('f', 'p', v))):
    sgo_tag = sgo_det.split('_')[0]
    for sgo_i, (sgo_raw, sgo_pt) in enumerate((('inf', N), ('-inf', N), ('Infinity', N), ('nan', N), ('NaN', N), ('[Infinity]', A), ('[NaN]', A))):
        vec('sglang-nonfinite-%s-%d' % (sgo_tag, sgo_i), sgo_fam, SGONF + 'test_non_finite_degrades_to_string[%s, %s]' % (sgo_det, sgo_raw), sgo_mk(sgo_raw), [T('f', p=sgo_pt)],
            note='SGLang degrades the value to its raw string, which fits no %s; toolfix makes no call of a value that fits nothing' % sgo_pt)
    for sgo_i, (sgo_raw, sgo_pt, sgo_val) in enumerate((('42', N, 42), ('3.14', N, 3.14), ('[1, 2, 3]', A, [1, 2, 3]), ('{"a": 1}', O, {'a': 1}))):
        vec('sglang-finite-%s-%d' % (sgo_tag, sgo_i), sgo_fam, SGONF + 'test_finite_values_still_coerced[%s, %s]' % (sgo_det, sgo_raw), sgo_mk(sgo_raw), [T('f', p=sgo_pt)], [('f', {'p': sgo_val})])
