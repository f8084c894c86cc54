# SGLang's DeepSeek (V3, V3.1, V3.2 / DSML strict, V4/V4.1), Kimi K2, Cohere, Apertus, dots and
# BerryLM detector tests, and the unit copies of test_function_call_parser.py, as vectors (issue
# 20; run by gen.py in its names). Helpers here begin with sga_ / SGA_.

# --- test/registered/unit/function_call/test_deepseekv32_strict_dsml.py: DSML bodies, strict and default
SGA_SD = 'sgl-project/sglang test/registered/unit/function_call/test_deepseekv32_strict_dsml.py '
SGA_D = '｜DSML｜'
SGA_FLAV = {'v4': ('DeepSeek V4 DSML', 'tool_calls'), 'v32': ('DeepSeek V3.2 DSML', 'function_calls')}
def sga_p(n, s, v): return '<%sparameter name="%s" string="%s">%s</%sparameter>' % (SGA_D, n, s, v, SGA_D)
def sga_i(n, body): return '<%sinvoke name="%s">%s</%sinvoke>' % (SGA_D, n, body, SGA_D)
def sga_b(fl, *inv, pre=''):
    w = SGA_FLAV[fl][1]
    return pre + '<%s%s>\n' % (SGA_D, w) + '\n'.join(inv) + '\n</%s%s>' % (SGA_D, w)
SGA_ST = [T('set_flag', enabled=B), T('lookup_fixture', key=S), T('search', query=S, topn=I, ratio=N), T('submit')]
SGA_MT = ("I'll call the `set_flag` function to enable the flag.\n\n<%stool_calls>\n<%sinvoke name=\"set_flag\">\n<parameter name=\"enabled\">true</%sparameter>\n</%sinvoke>\n</%stool_calls>" % ((SGA_D,) * 5))
vec('sglang-dsml-strict-malformed-turn', 'DeepSeek V4 DSML', SGA_SD+'TestMalformedBodiesAreDropped test_malformed_turn_is_dropped_and_forwarded', SGA_MT, SGA_ST,
    note='a parameter tag without its DSML token is no DSML markup: the block stays text, as strict SGLang returns it')
SGA_MB = {
    'no-marker-no-string': '\n<parameter name="key">alpha</%sparameter>\n' % SGA_D,
    'no-string-attr': '<%sparameter name="key">alpha</%sparameter>' % (SGA_D, SGA_D),
    'no-marker': '<parameter name="key" string="true">alpha</%sparameter>' % SGA_D,
    'unterminated-param': '<%sparameter name="key" string="true">alpha' % SGA_D,
    'truncated-json': '{"key": "alpha"',
    'invalid-json': '{"key": alpha}',
    'non-object-json': '["alpha"]',
    'stray-tag-after': sga_p('key', 'true', 'alpha') + '\n<parameter name="x">1</%sparameter>' % SGA_D,
    'prose': '\nenable it please\n',
}
for fl in ('v4', 'v32'):
    for lab, body in SGA_MB.items():
        txt = sga_b(fl, sga_i('lookup_fixture', body), pre='Sure.\n\n')
        if lab == 'no-string-attr':
            # a parameter without string= is well formed DSML to toolfix (the schema types it)
            vec('sglang-dsml-strict-%s-%s' % (fl, lab), SGA_FLAV[fl][0], SGA_SD+'TestMalformedBodiesAreDropped test_every_malformed_body_in_every_flavour[%s, param_missing_string_attr_only]' % fl, txt, SGA_ST,
                [('lookup_fixture', {'key': 'alpha'})], keep='Sure.',
                note='disagrees on purpose: strict SGLang rejects a parameter without its string attribute; toolfix reads it (the attribute is optional in its DSML reader, the schema types the value), as SGLang does by default')
        else:
            vec('sglang-dsml-strict-%s-%s' % (fl, lab), SGA_FLAV[fl][0], SGA_SD+'TestMalformedBodiesAreDropped test_every_malformed_body_in_every_flavour[%s, %s]' % (fl, lab), txt, SGA_ST,
                note='a cut-off call is never completed' if lab in ('unterminated-param', 'truncated-json') else '')
vec('sglang-dsml-strict-one-malformed-member', 'DeepSeek V4 DSML', SGA_SD+'TestMalformedBodiesAreDropped test_a_block_with_one_malformed_member_yields_no_call',
    sga_b('v4', sga_i('lookup_fixture', sga_p('key', 'true', 'alpha')), sga_i('set_flag', '<parameter name="enabled">true</%sparameter>' % SGA_D)), SGA_ST,
    note='a tail is taken whole or not at all')
vec('sglang-dsml-strict-good-then-malformed', 'DeepSeek V4 DSML', SGA_SD+'TestStrictStreaming test_good_call_before_a_malformed_one_survives_alone',
    sga_b('v4', sga_i('lookup_fixture', sga_p('key', 'true', 'alpha')), sga_i('set_flag', '<parameter name="enabled">true</%sparameter>' % SGA_D), pre='Before.\n\n'), SGA_ST,
    note='disagrees on purpose: SGLang streams the good call before it meets the malformed one; toolfix takes a tail whole or not at all')
vec('sglang-dsml-strict-malformed-then-good', 'DeepSeek V4 DSML', SGA_SD+'TestStrictStreaming test_malformed_then_good_in_one_block_yields_no_call',
    sga_b('v4', sga_i('set_flag', '<parameter name="enabled">true</%sparameter>' % SGA_D), sga_i('lookup_fixture', sga_p('key', 'true', 'alpha')), pre='Two.\n\n'), SGA_ST)
SGA_POIS = sga_b('v4', sga_i('set_flag', '<parameter name="enabled">true</%sparameter>' % SGA_D), sga_i('lookup_fixture', sga_p('key', 'true', 'alpha')), pre='Two.\n\n')
vec('sglang-dsml-strict-poisoned-then-block', 'DeepSeek V4 DSML', SGA_SD+'TestStrictStreaming test_malformed_then_good_in_one_block_yields_no_call[then a later block]',
    SGA_POIS + '\n' + sga_b('v4', sga_i('lookup_fixture', sga_p('key', 'true', 'beta'))), SGA_ST, [('lookup_fixture', {'key': 'beta'})], keep=SGA_POIS,
    note='the block that is no call stays text; the block at the tail is taken')
SGA_SHAPES = {
    'str': ('lookup_fixture', [('key', 'true', 'alpha')], {'key': 'alpha'}),
    'two-str': ('search', [('query', 'true', 'a b'), ('topn', 'false', '3')], {'query': 'a b', 'topn': 3}),
    'numbers': ('search', [('topn', 'false', '10'), ('ratio', 'false', '3.5')], {'topn': 10, 'ratio': 3.5}),
    'bool-true': ('set_flag', [('enabled', 'false', 'true')], {'enabled': True}),
    'bool-false': ('set_flag', [('enabled', 'false', 'false')], {'enabled': False}),
    'nested-quotes': ('search', [('query', 'true', 'He said "hi" <b>&</b>\nnext'), ('topn', 'false', '{"name": "John", "age": 30}')], None),
    'empty-string': ('lookup_fixture', [('key', 'true', '')], {'key': ''}),
}
for fl in ('v4', 'v32'):
    for lab, (n, ps, exp) in SGA_SHAPES.items():
        txt = sga_b(fl, sga_i(n, '\n' + '\n'.join(sga_p(*p) for p in ps) + '\n'), pre='Let me look.\n\n')
        src = SGA_SD+'TestWellFormedBodiesUnchanged test_parameter_shapes[%s, %s]' % (fl, lab)
        if exp is None:
            vec('sglang-dsml-shape-%s-%s' % (fl, lab), SGA_FLAV[fl][0], src, txt, SGA_ST,
                note='disagrees on purpose: SGLang passes an object on for topn, which the schema declares an integer; the call fits no schema and toolfix never guesses')
            vec('sglang-dsml-shape-%s-%s-object' % (fl, lab), SGA_FLAV[fl][0], src + ' (topn declared an object)', txt, [T('search', query=S, topn=O)],
                [('search', {'query': 'He said "hi" <b>&</b>\nnext', 'topn': {'name': 'John', 'age': 30}})], keep='Let me look.')
        else:
            vec('sglang-dsml-shape-%s-%s' % (fl, lab), SGA_FLAV[fl][0], src, txt, SGA_ST, [(n, exp)], keep='Let me look.')
    vec('sglang-dsml-zero-arg-%s' % fl, SGA_FLAV[fl][0], SGA_SD+'TestWellFormedBodiesUnchanged test_zero_argument_forms[%s]' % fl, sga_b(fl, sga_i('submit', ''), pre='Let me look.\n\n'), SGA_ST, [('submit', {})], keep='Let me look.')
    vec('sglang-dsml-zero-arg-blank-%s' % fl, SGA_FLAV[fl][0], SGA_SD+'TestWellFormedBodiesUnchanged test_zero_argument_forms[%s, blank body]' % fl, sga_b(fl, sga_i('submit', '\n   \n'), pre='Let me look.\n\n'), SGA_ST, [('submit', {})], keep='Let me look.')
    vec('sglang-dsml-self-close-%s' % fl, SGA_FLAV[fl][0], SGA_SD+'TestWellFormedBodiesUnchanged test_zero_argument_forms[%s, self-closing]' % fl, sga_b(fl, '<%sinvoke name="submit"/>' % SGA_D), SGA_ST, [('submit', {})])
vec('sglang-dsml-json-body', 'DeepSeek V4 DSML', SGA_SD+'TestWellFormedBodiesUnchanged test_json_body_and_several_blocks', sga_b('v4', sga_i('lookup_fixture', '\n{"key": "alpha"}\n'), pre='Let me look.\n\n'), SGA_ST,
    [('lookup_fixture', {'key': 'alpha'})], keep='Let me look.')
vec('sglang-dsml-two-blocks', 'DeepSeek V4 DSML', SGA_SD+'TestWellFormedBodiesUnchanged test_json_body_and_several_blocks (two blocks)',
    sga_b('v4', sga_i('lookup_fixture', sga_p('key', 'true', 'a'))) + '\n' + sga_b('v4', sga_i('lookup_fixture', sga_p('key', 'true', 'b'))), SGA_ST,
    [('lookup_fixture', {'key': 'a'}), ('lookup_fixture', {'key': 'b'})])
vec('sglang-dsml-unknown-tool', 'DeepSeek V4 DSML', SGA_SD+'TestWellFormedBodiesUnchanged test_unknown_tool_is_still_dropped_by_parse_base_json', sga_b('v4', sga_i('nope', sga_p('key', 'true', 'a'))), SGA_ST)
vec('sglang-dsml-stream-mixed', 'DeepSeek V4 DSML', SGA_SD+'TestStrictStreaming test_well_formed_streams_match_the_one_shot_result[v4]',
    sga_b('v4', sga_i('search', '\n' + sga_p('query', 'true', 'WebNav') + '\n' + sga_p('topn', 'false', '10') + '\n'), sga_i('lookup_fixture', '{"key": "alpha"}'), pre='Checking.\n\n'), SGA_ST,
    [('search', {'query': 'WebNav', 'topn': 10}), ('lookup_fixture', {'key': 'alpha'})], keep='Checking.')
vec('sglang-dsml-stream-v32-quotes', 'DeepSeek V3.2 DSML', SGA_SD+'TestStrictStreaming test_well_formed_streams_match_the_one_shot_result[v32]',
    sga_b('v32', sga_i('search', sga_p('query', 'true', 'He said "hi"\nnext'))), SGA_ST, [('search', {'query': 'He said "hi"\nnext'})])
vec('sglang-dsml-json-body-forced', 'DeepSeek V4 DSML', SGA_SD+'TestStrictStreaming test_json_body_streams_the_name_with_the_json_prefix_in_one_item',
    sga_b('v4', sga_i('lookup_fixture', '{"key": "alpha"}'), pre='\n\n'), SGA_ST, [('lookup_fixture', {'key': 'alpha'})])
for lab, tr in (('prose', '\nnot json'), ('second-object', ' {}'), ('stray-tag', '\n<parameter name="x">1</%sparameter>' % SGA_D)):
    vec('sglang-dsml-json-body-then-' + lab, 'DeepSeek V4 DSML', SGA_SD+'TestStrictStreaming test_json_body_then_trailing_text_never_streams_a_complete_call[%s]' % lab.replace('-', '_'),
        sga_b('v4', sga_i('lookup_fixture', '\n{"key": "alpha"}' + tr + '\n')), SGA_ST)
vec('sglang-dsml-cut-malformed', 'DeepSeek V4 DSML', SGA_SD+'TestStrictStreaming test_cut_stream_with_an_unrecognised_body_tracks_nothing', SGA_MT[:SGA_MT.index('</%sinvoke>' % SGA_D)], SGA_ST)
vec('sglang-dsml-zero-arg-newline-v4', 'DeepSeek V4 DSML', SGA_SD+'TestStrictStreaming test_zero_argument_call_streams_its_name_at_the_closer[v4]', sga_b('v4', sga_i('submit', '\n')), SGA_ST, [('submit', {})])
vec('sglang-dsml-zero-arg-newline-v32', 'DeepSeek V3.2 DSML', SGA_SD+'TestStrictStreaming test_zero_argument_call_streams_its_name_at_the_closer[v32]', sga_b('v32', sga_i('submit', '\n')), SGA_ST, [('submit', {})])
vec('sglang-dsml-default-whitespace', 'DeepSeek V4 DSML', SGA_SD+'TestDefaultParsingUnchanged test_default_streams_complete_invokes_and_holds_whitespace', '\n\n' + sga_b('v4', sga_i('lookup_fixture', sga_p('key', 'true', 'a'))), SGA_ST, [('lookup_fixture', {'key': 'a'})])
vec('sglang-dsml-default-prose-before-param', 'DeepSeek V4 DSML', SGA_SD+'TestDefaultParsingUnchanged test_only_strict_mode_rejects_stray_prose_around_valid_parameters', sga_b('v4', sga_i('lookup_fixture', 'extra prose' + sga_p('key', 'true', 'alpha'))), SGA_ST,
    note='strict SGLang keeps it as text; toolfix reads no prose inside an invoke body either')

# --- test/registered/unit/function_call/test_deepseekv4_detector.py (TestDeepSeekV4Streaming)
SGA_V4 = 'sgl-project/sglang test/registered/unit/function_call/test_deepseekv4_detector.py TestDeepSeekV4Streaming '
def sga_w4(inv): return '<%stool_calls>\n%s\n</%stool_calls>' % (SGA_D, inv, SGA_D)
def sga_i4(n, ps=''): return '<%sinvoke name="%s">\n%s\n</%sinvoke>' % (SGA_D, n, ps, SGA_D)
def sga_wc(city='SF'): return sga_w4(sga_i4('get_weather', sga_p('city', 'true', city)))
SGA_GW = [T('get_weather', city=S)]
vec('sglang-dsv4-preamble', 'DeepSeek V4 DSML', SGA_V4+'test_preamble_in_same_delta_as_tool_call', 'Let me check.\n' + sga_wc(), SGA_GW, [('get_weather', {'city': 'SF'})], keep='Let me check.')
vec('sglang-dsv4-bare-invoke', 'DeepSeek V4 DSML', SGA_V4+'test_preamble_before_bare_invoke_without_wrapper', 'Checking.\n' + sga_i4('get_weather', sga_p('city', 'true', 'SF')), SGA_GW, [('get_weather', {'city': 'SF'})], keep='Checking.')
vec('sglang-dsv4-prose', 'DeepSeek V4 DSML', SGA_V4+'test_no_dsml_markers_leak_into_normal_text', 'Prose.\n' + sga_wc(), SGA_GW, [('get_weather', {'city': 'SF'})], keep='Prose.')
vec('sglang-dsv4-partial-json', 'DeepSeek V4 DSML', SGA_V4+'test_malformed_partial_json_falls_back_to_raw_value', '<%stool_calls>\n<%sinvoke name="get_weather">\n<%sparameter name="city" string="false">{"a"' % ((SGA_D,) * 3), SGA_GW,
    note='disagrees on purpose: SGLang streams the name of a call still open; a cut-off call is never completed')
vec('sglang-dsv4-two-sections', 'DeepSeek V4 DSML', SGA_V4+'test_non_streaming_parses_every_tool_calls_section', sga_wc('SF') + '\n' + sga_wc('NY'), SGA_GW, [('get_weather', {'city': 'SF'}), ('get_weather', {'city': 'NY'})])
SGA_SC = [T('set_config', value=ANY, label=S)]
for i, (val, exp) in enumerate((('12345e-3', 12.345), ('{"ratio":12345e-3,"enabled":true}', {'ratio': 12.345, 'enabled': True}), ('[{"step":"write code","ratio":12345e-3},null,false]', [{'step': 'write code', 'ratio': 12.345}, None, False]))):
    t4 = sga_w4(sga_i4('set_config', sga_p('value', 'false', val) + sga_p('label', 'true', 'complete')))
    for fl, t in (('v4', t4), ('v32', t4.replace('tool_calls', 'function_calls'))):
        vec('sglang-dsv4-non-string-%d-%s' % (i, fl), SGA_FLAV[fl][0], SGA_V4+'test_non_string_parameter_is_not_rewritten_after_streaming[%s, %s]' % (fl, val), t, SGA_SC, [('set_config', {'value': exp, 'label': 'complete'})])
vec('sglang-dsv4-exp-number-for-string', 'DeepSeek V4 DSML', SGA_V4+'test_incomplete_non_string_parameter_does_not_emit_a_guessed_value',
    '<%stool_calls><%sinvoke name="get_weather"><%sparameter name="city" string="false">12345e-3</%sparameter></%sinvoke></%stool_calls>' % ((SGA_D,) * 6), SGA_GW,
    [('get_weather', {'city': '12345e-3'})], note='disagrees on purpose: SGLang passes the number 12.345 on for city; toolfix types the value by the schema, which declares city a string, and keeps the text as written')
vec('sglang-dsv4-exp-number', 'DeepSeek V4 DSML', SGA_V4+'test_incomplete_non_string_parameter_does_not_emit_a_guessed_value (city declared a number)',
    '<%stool_calls><%sinvoke name="get_weather"><%sparameter name="city" string="false">12345e-3</%sparameter></%sinvoke></%stool_calls>' % ((SGA_D,) * 6), [T('get_weather', city=N)], [('get_weather', {'city': 12.345})])
vec('sglang-dsv4-string-streams', 'DeepSeek V4 DSML', SGA_V4+'test_string_parameter_still_streams_incrementally',
    '<%stool_calls><%sinvoke name="get_weather"><%sparameter name="city" string="true">San Francisco</%sparameter></%sinvoke></%stool_calls>' % ((SGA_D,) * 6), SGA_GW, [('get_weather', {'city': 'San Francisco'})])
vec('sglang-dsv4-truncated-non-string', 'DeepSeek V4 DSML', SGA_V4+'test_truncated_non_string_parameter_is_an_explicit_error',
    '<%stool_calls><%sinvoke name="get_weather"><%sparameter name="city" string="false">[1,2' % ((SGA_D,) * 3), SGA_GW, note='a cut-off call is never completed')
SGA_DMG = [('toolcalls', '\n\n<%stoolcalls>\n\n' % SGA_D), ('no-gt', '\n\n<%stool_calls\n' % SGA_D), ('doubled', '\n\n<%stool_calls<tool_calls>\n\n' % SGA_D),
           ('sugar-panel', 'Checking files.\n\n<%s SugarPanel>\n' % SGA_D), ('dots', '\n\n<%stool_calls...\n\n' % SGA_D), ('ok-prose', "Final scan:\n\n<%stool_calls-ok Let's scan the outputs.\n" % SGA_D)]
for lab, pre in SGA_DMG:
    for form, call in (('wrapped', sga_wc()), ('bare', sga_i4('get_weather', sga_p('city', 'true', 'SF')))):
        vec('sglang-dsv4-damaged-%s-%s' % (lab, form), 'DeepSeek V4 DSML', SGA_V4+'test_damaged_wrappers_do_not_become_assistant_preamble[%r, %s]' % (pre, form), pre + call, SGA_GW,
            [('get_weather', {'city': 'SF'})], keep=pre.rstrip(), note='SGLang drops the damaged wrapper from the content; toolfix keeps the text before the call as it came')
SGA_QUOTES = [('fence', 'Example:\n```xml\n%s\n```\n' % sga_wc('literal')), ('tilde', 'Example:\n~~~xml\n%s\n~~~\n' % sga_wc('literal')), ('backtick', 'Example: `%s`\n' % sga_wc('literal')),
              ('single-quote', "Example: '<%stoolcalls>'\n" % SGA_D), ('curly-quote', 'Example: “<%stoolcalls>”\n' % SGA_D)]
for lab, q in SGA_QUOTES:
    if lab in ('fence', 'tilde'):
        vec('sglang-dsv4-quoted-%s' % lab, 'DeepSeek V4 DSML', SGA_V4+'test_quoted_dsml_is_not_executed_or_removed[%s]' % lab, q + sga_wc(), SGA_GW, [('get_weather', {'city': 'SF'})], keep=q.rstrip())
    else:
        vec('sglang-dsv4-quoted-%s' % lab, 'DeepSeek V4 DSML', SGA_V4+'test_quoted_dsml_is_not_executed_or_removed[%s]' % lab, q + sga_wc(), SGA_GW,
            note='disagrees on purpose: a call token quoted in the text (in backticks or quote marks) makes the rest of the text about the format, so the call after it stays text (the look-alike rule: a missed repair, never a healthy answer rewritten)')
    vec('sglang-dsv4-quoted-only-%s' % lab, 'DeepSeek V4 DSML', SGA_V4+'test_quoted_dsml_is_not_executed_or_removed[%s, quoted only]' % lab, q, SGA_GW)
for i, t in enumerate(('Now let me update the result.\n\n</parameter>\n', '\n\n</parameter>\n</invoke>\n<invoke name="exec_command">\n', '</parameter></invoke><invoke name="exec_command">\n')):
    vec('sglang-dsv4-orphan-%d' % i, 'DeepSeek V4 DSML', SGA_V4+'test_strict_mode_rejects_orphan_markup_before_content_is_emitted[%d]' % i, t, SGA_GW + [T('exec_command', cmd=S)],
        note='strict SGLang raises an error; toolfix passes text without a call as it came')
for i, t in enumerate(('Literal `</parameter>`.', 'Example:\n```xml\n</parameter>\n</invoke>\n```', 'XML:\n<parameter description="a > b">\nvalue\n</parameter>', '</parameter>', 'Text with an unrelated SGML fragment: <![unexpected[.')):
    vec('sglang-dsv4-literal-markup-%d' % i, 'DeepSeek V4 DSML', SGA_V4+'test_strict_mode_preserves_literal_markup_and_balanced_xml[%d]' % i, t, SGA_GW)
vec('sglang-dsv4-invalid-non-string', 'DeepSeek V4 DSML', SGA_V4+'test_strict_mode_rejects_invalid_non_string_json_instead_of_coercion', sga_w4(sga_i4('get_weather', sga_p('city', 'false', '[1,broken]'))), SGA_GW, [('get_weather', {'city': '[1,broken]'})],
    note='disagrees on purpose: strict SGLang refuses a string="false" value that is no JSON; toolfix types the value by the schema, which declares city a string, and keeps the text as written')
SGA_LIT = 'Echo `<%stool_calls>` without interpreting it' % SGA_D
vec('sglang-dsv4-indented', 'DeepSeek V4 DSML', SGA_V4+'test_indented_native_calls_and_parameter_literals_are_preserved', 'Checking.\n' + '\n'.join('        ' + l for l in (sga_wc(SGA_LIT) + '\n' + sga_wc('NY')).splitlines()), SGA_GW,
    note='disagrees on purpose: lines indented four columns or more are a Markdown code block (CommonMark 4.4), and toolfix reads markup in one as an example')
SGA_MK = '</%sparameter |' % SGA_D
SGA_CMD = "cat <<'JSONEOF'\n{}\nJSONEOF\n" + 'echo "created"' + SGA_MK + '\npython3 -c "print(1)"'
vec('sglang-dsv4-bad-terminator', 'DeepSeek V4 DSML', SGA_V4+'test_strict_string_parameter_rejects_malformed_closer_before_dispatch', sga_w4(sga_i4('exec_command', sga_p('cmd', 'true', SGA_CMD))), [T('exec_command', cmd=S)],
    [('exec_command', {'cmd': SGA_CMD})], note='disagrees on purpose: strict SGLang rejects a value holding a damaged closer; toolfix reads up to the closer as written, as SGLang by default (test_new_parameter_guard_does_not_change_non_strict_behavior)')
vec('sglang-dsv4-bad-terminator-json', 'DeepSeek V4 DSML', SGA_V4+'test_strict_string_parameter_rejects_malformed_closer_before_dispatch (JSON body)', sga_w4(sga_i4('exec_command', json.dumps({'cmd': SGA_CMD}))), [T('exec_command', cmd=S)],
    [('exec_command', {'cmd': SGA_CMD})], note='disagrees on purpose: strict SGLang rejects it; the JSON body is whole and fits the schema')
for i, v in enumerate(('print("%s")' % SGA_MK, 'Example: `%s`' % SGA_MK, '```xml\n%s\n```' % SGA_MK, "cat <<'EOF'\n%s\nEOF" % SGA_MK, 'cat <<EOF\n%s\nEOF' % SGA_MK, 'cat <<-EOF\n\t%s\n\tEOF' % SGA_MK,
                       "cat <<'A' <<'B'\n%s\nA\n%s\nB" % (SGA_MK, SGA_MK), '# Literal example: %s\nprint(1)' % SGA_MK, 'echo \\%s' % SGA_MK)):
    vec('sglang-dsv4-marker-literal-%d' % i, 'DeepSeek V4 DSML', SGA_V4+'test_string_parameter_preserves_quoted_heredoc_and_escaped_marker_literals[%d]' % i, sga_wc(v), SGA_GW, [('get_weather', {'city': v})])
SGA_NSV = 'echo "created"</%sparameter |\nprintf done' % SGA_D
vec('sglang-dsv4-guard-non-strict', 'DeepSeek V4 DSML', SGA_V4+'test_new_parameter_guard_does_not_change_non_strict_behavior', sga_wc(SGA_NSV), SGA_GW, [('get_weather', {'city': SGA_NSV})])
vec('sglang-dsv4-direct-json', 'DeepSeek V4 DSML', SGA_V4+'test_strict_direct_json_waits_for_complete_validated_invoke', '<%stool_calls><%sinvoke name="get_weather">{"city":"SF"}</%sinvoke></%stool_calls>' % ((SGA_D,) * 4), SGA_GW, [('get_weather', {'city': 'SF'})])
vec('sglang-dsv4-nested-invoke', 'DeepSeek V4 DSML', SGA_V4+'test_strict_rejects_nested_invoke_instead_of_rewriting_streamed_arguments',
    sga_w4('<%sinvoke name="get_weather">' % SGA_D + sga_p('city', 'true', 'San Francisco') + '\n</' + sga_i4('get_weather', sga_p('city', 'true', 'NY'))), SGA_GW)
vec('sglang-dsv4-unclosed-param', 'DeepSeek V4 DSML', SGA_V4+'test_strict_rejects_unclosed_string_parameter_at_invoke_end',
    sga_w4('<%sinvoke name="get_weather"><%sparameter name="city" string="true">SF</%sinvoke>' % ((SGA_D,) * 3)), SGA_GW)
vec('sglang-dsv4-two-then-unclosed', 'DeepSeek V4 DSML', SGA_V4+'test_strict_incomplete_later_call_does_not_rewrite_previous_calls',
    sga_wc('SF') + sga_wc('NY') + sga_w4('<%sinvoke name="get_weather"><%sparameter name="city" string="true">LA</%sinvoke>' % ((SGA_D,) * 3)), SGA_GW,
    note='disagrees on purpose: SGLang streamed the first two calls before it met the broken third; toolfix takes a tail whole or not at all')
vec('sglang-dsv4-two-blocks-glued', 'DeepSeek V4 DSML', SGA_V4+'test_strict_incomplete_later_call_does_not_rewrite_previous_calls (its first two blocks)', sga_wc('SF') + sga_wc('NY'), SGA_GW,
    [('get_weather', {'city': 'SF'}), ('get_weather', {'city': 'NY'})])
vec('sglang-dsv4-duplicate-param', 'DeepSeek V4 DSML', SGA_V4+'test_non_strict_duplicate_parameters_retain_legacy_behavior', sga_w4(sga_i4('get_weather', sga_p('city', 'true', 'SF') + sga_p('city', 'true', 'NY'))), SGA_GW,
    note='disagrees on purpose: SGLang keeps the last of two values of one parameter; toolfix never picks one of two')
vec('sglang-dsv4-bad-string-flag', 'DeepSeek V4 DSML', SGA_V4+'test_strict_rejects_duplicate_xml_parameters_and_invalid_string_flags[maybe]', sga_w4(sga_i4('get_weather', sga_p('city', 'maybe', '"SF"'))), SGA_GW)
for i, (a, exp) in enumerate((('{"city": "SF", "city": "NY"}', {'city': 'NY'}), ('{"city": NaN}', None), ('{"city": Infinity}', None), ('{"city": {"value": 1, "value": 2}}', {'city': {'value': 2}}))):
    vec('sglang-dsv4-direct-json-bad-%d' % i, 'DeepSeek V4 DSML', SGA_V4+'test_strict_direct_json_rejects_duplicates_and_non_json_constants[%d]' % i, sga_w4(sga_i4('get_weather', a)), [T('get_weather', city=ANY)],
        exp and [('get_weather', exp)], note='disagrees on purpose: strict SGLang refuses a repeated key; toolfix forwards the arguments object as the model wrote it (a repeated key is JSON text, RFC 8259 leaves its reading to the client, which takes the last)' if exp else 'NaN and Infinity are no JSON: no call')
vec('sglang-dsv4-json-empty', 'DeepSeek V4 DSML', SGA_V4+'test_optional_schema_validation_is_off_by_default_and_requires_strict', sga_w4(sga_i4('get_weather', '{}')), SGA_GW, [('get_weather', {})])
vec('sglang-dsv4-json-unknown', 'DeepSeek V4 DSML', SGA_V4+'test_optional_schema_validation_preserves_unknown_tool_forwarding_policy', sga_w4(sga_i4('unknown_tool', '{}')), SGA_GW,
    note='toolfix takes only the request\'s tools, as SGLang without SGLANG_FORWARD_UNKNOWN_TOOLS')
vec('sglang-dsv4-json-valid', 'DeepSeek V4 DSML', SGA_V4+'test_optional_schema_validation_keeps_valid_arguments_unchanged[json]', sga_w4(sga_i4('get_weather', '{"city": "SF"}')), SGA_GW, [('get_weather', {'city': 'SF'})])
SGA_PY = 'python3 <<\'PY\'\ntext = """Notes.</think>"""\nprint(text)\nPY'
vec('sglang-dsv4-think-in-value', 'DeepSeek V4 DSML', SGA_V4+'test_opt_in_marker_policy_rejects_quoted_document_payload_without_rewriting (the policy off)', sga_wc(SGA_PY), SGA_GW, [('get_weather', {'city': SGA_PY})])
vec('sglang-dsv4-think-literal-text', 'DeepSeek V4 DSML', SGA_V4+'test_opt_in_marker_policy_does_not_filter_ordinary_text', 'Literal `<think>` and `</think>` in an explanation.', SGA_GW)

# --- test/registered/unit/function_call/test_deepseekv41_detector.py: V4.1's spaced DSML
SGA_V41 = 'sgl-project/sglang test/registered/unit/function_call/test_deepseekv41_detector.py '
SGA_SP = '｜DSML｜ '
def sga_p41(n, s, v): return '<%sparameter name="%s" string="%s">%s</%sparameter>\n' % (SGA_SP, n, s, v, SGA_SP)
def sga_b41(*inv): return '\n\n<%scalls>\n' % SGA_SP + ''.join('<%sinvoke name="%s">\n%s</%sinvoke>\n' % (SGA_SP, n, b, SGA_SP) for n, b in inv) + '</%scalls>' % SGA_SP
SGA_T41 = [T('get_weather', city=S), T('lookup', query=S, limit=I, flags=A)]
vec('sglang-dsv41-round-trip', 'DeepSeek V4.1 spaced DSML', SGA_V41+'TestDeepSeekV41RoundTrip test_one_shot (the content after the reasoning)',
    'summary' + sga_b41(('lookup', sga_p41('query', 'true', '{"a": 1}') + sga_p41('limit', 'false', '2') + sga_p41('flags', 'false', '[1, true, null]'))), SGA_T41,
    [('lookup', {'query': '{"a": 1}', 'limit': 2, 'flags': [1, True, None]})], keep='summary')
vec('sglang-dsv41-required', 'DeepSeek V4.1 spaced DSML', SGA_V41+'TestDeepSeekV41ConstrainedDecoding test_body_uses_available_xgrammar_style (native XML)', sga_b41(('get_weather', sga_p41('city', 'true', 'Paris'))), SGA_T41,
    [('get_weather', {'city': 'Paris'})])
vec('sglang-dsv41-json-body', 'DeepSeek V4.1 spaced DSML', SGA_V41+'TestDeepSeekV41ConstrainedDecoding test_body_uses_available_xgrammar_style (JSON fallback)', sga_b41(('get_weather', '{"city":"Paris"}')), SGA_T41,
    [('get_weather', {'city': 'Paris'})])
vec('sglang-dsv41-empty-invoke', 'DeepSeek V4.1 spaced DSML', SGA_V41+'TestDeepSeekV41ConstrainedDecoding test_body_uses_available_xgrammar_style (empty body)', sga_b41(('get_weather', '')), SGA_T41,
    [('get_weather', {})], note='the grammar refuses an empty body for a tool with a required parameter; toolfix takes the call without arguments (it checks the declared types, not which are required)')
vec('sglang-dsv41-unicode', 'DeepSeek V4.1 spaced DSML', SGA_V41+'TestDeepSeekV41ParameterGrammar test_strict_schema_rejects_missing_extra_and_wrong_type (the accepted render)', sga_b41(('get_weather', sga_p41('city', 'true', '杭州'))), SGA_T41,
    [('get_weather', {'city': '杭州'})])
vec('sglang-dsv41-wrong-type', 'DeepSeek V4.1 spaced DSML', SGA_V41+'TestDeepSeekV41ParameterGrammar test_strict_schema_rejects_missing_extra_and_wrong_type (string="false">42)', sga_b41(('get_weather', sga_p41('city', 'false', '42'))), SGA_T41, [('get_weather', {'city': '42'})],
    note='disagrees on purpose: the grammar refuses string="false" for a string; toolfix types the value by the schema, which declares city a string, and keeps the text as written')
vec('sglang-dsv41-extra', 'DeepSeek V4.1 spaced DSML', SGA_V41+'TestDeepSeekV41ParameterGrammar test_strict_schema_rejects_missing_extra_and_wrong_type[extra]', sga_b41(('get_weather', sga_p41('city', 'true', 'Paris') + sga_p41('extra', 'false', 'true'))), SGA_T41,
    note='a parameter the schema does not declare (additionalProperties false): no call')
vec('sglang-dsv41-two', 'DeepSeek V4.1 spaced DSML', SGA_V41+'TestDeepSeekV41ParameterGrammar test_parallel_and_named_choice_limit_calls (count=2)', sga_b41(('get_weather', sga_p41('city', 'true', 'Paris')), ('get_weather', sga_p41('city', 'true', 'Paris'))), SGA_T41,
    [('get_weather', {'city': 'Paris'}), ('get_weather', {'city': 'Paris'})])

# --- test/registered/unit/function_call/test_deepseekv32_detector.py: streaming preamble, V4 and V3.2
SGA_V32 = 'sgl-project/sglang test/registered/unit/function_call/test_deepseekv32_detector.py '
SGA_PRE = 'Let me look up the weather in Beijing for you.'
def sga_i32(city): return '<%sinvoke name="get_weather"><%sparameter name="city" string="true">%s</%sparameter></%sinvoke>' % (SGA_D, SGA_D, city, SGA_D, SGA_D)
for fl, cls in (('v4', 'TestDeepSeekV4StreamingPreamble'), ('v32', 'TestDeepSeekV32StreamingPreamble')):
    w = SGA_FLAV[fl][1]
    def sga_wr(*cs): return '<%s%s>' % (SGA_D, w) + ''.join(sga_i32(c) for c in cs) + '</%s%s>' % (SGA_D, w)
    fam = SGA_FLAV[fl][0]
    vec('sglang-dsv32-preamble-wrapped-' + fl, fam, SGA_V32+cls+' test_prose_and_wrapped_opener_in_one_delta', SGA_PRE + sga_wr('Beijing'), SGA_GW, [('get_weather', {'city': 'Beijing'})], keep=SGA_PRE)
    vec('sglang-dsv32-preamble-bare-' + fl, 'DeepSeek V3.2 DSML', SGA_V32+cls+' test_prose_and_bare_invoke_in_one_delta', SGA_PRE + sga_i32('Beijing'), SGA_GW, [('get_weather', {'city': 'Beijing'})], keep=SGA_PRE)
    vec('sglang-dsv32-partial-prefix-' + fl, fam, SGA_V32+cls+' test_partial_tag_prefix_held_back (the first delta)', SGA_PRE + '<｜', SGA_GW)
    vec('sglang-dsv32-literal-angle-' + fl, fam, SGA_V32+cls+' test_literal_angle_bracket_without_tool_call', 'The check 3 < 5 held, done.', SGA_GW)
    vec('sglang-dsv32-angle-before-call-' + fl, fam, SGA_V32+cls+' test_literal_angle_bracket_before_tool_call', 'Since 3 < 5 holds, calling the tool. ' + sga_wr('Beijing'), SGA_GW,
        [('get_weather', {'city': 'Beijing'})], keep='Since 3 < 5 holds, calling the tool.')
    vec('sglang-dsv32-two-invokes-' + fl, fam, SGA_V32+cls+' test_multiple_invokes_after_prose', SGA_PRE + sga_wr('Beijing', 'Tokyo'), SGA_GW,
        [('get_weather', {'city': 'Beijing'}), ('get_weather', {'city': 'Tokyo'})], keep=SGA_PRE)

# --- test/registered/unit/function_call/test_deepseekv4_streaming_robustness.py
SGA_RB = 'sgl-project/sglang test/registered/unit/function_call/test_deepseekv4_streaming_robustness.py '
SGA_RT = [T('get_weather', city=S, unit={'type': 'string', 'enum': ['celsius', 'fahrenheit']}), T('search', query=S, topn=I), T('submit')]
SGA_PSF = sga_p('city', 'true', 'SF')
vec('sglang-dsv4rb-preamble-wrapped', 'DeepSeek V4 DSML', SGA_RB+'TestPreamblePreservation test_prose_and_tool_call_one_delta_wrapped', 'Let me check the weather for you.\n\n' + sga_w4(sga_i4('get_weather', SGA_PSF)), SGA_RT,
    [('get_weather', {'city': 'SF'})], keep='Let me check the weather for you.')
vec('sglang-dsv4rb-preamble-bare', 'DeepSeek V4 DSML', SGA_RB+'TestPreamblePreservation test_prose_and_tool_call_one_delta_bare', 'Let me check the weather for you.\n\n' + sga_i4('get_weather', SGA_PSF), SGA_RT,
    [('get_weather', {'city': 'SF'})], keep='Let me check the weather for you.')
vec('sglang-dsv4rb-literal-lt', 'DeepSeek V4 DSML', SGA_RB+'TestPreamblePreservation test_literal_less_than_not_swallowed', 'Is 3 < 5? Yes.\n', SGA_RT)
vec('sglang-dsv4rb-lt-before-call', 'DeepSeek V4 DSML', SGA_RB+'TestPreamblePreservation test_literal_less_than_before_tool_call', 'Compare 3 < 5.\n' + sga_w4(sga_i4('get_weather', SGA_PSF)), SGA_RT,
    [('get_weather', {'city': 'SF'})], keep='Compare 3 < 5.')
vec('sglang-dsv4rb-tokenizer', 'DeepSeek V4 DSML', SGA_RB+'TestTokenizerLevelSplitting test_interval_1_single_token_chunks', 'Let me check.\n' + sga_w4(sga_i4('get_weather', SGA_PSF)), SGA_RT, [('get_weather', {'city': 'SF'})], keep='Let me check.')
vec('sglang-dsv4rb-bare-tokenizer', 'DeepSeek V4 DSML', SGA_RB+'TestTokenizerLevelSplitting test_bare_invoke_interval_1', sga_i4('get_weather', SGA_PSF), SGA_RT, [('get_weather', {'city': 'SF'})])
for lab, tool, p, exp in (('string-true', T('f', city=S), sga_p('city', 'true', '42'), {'city': '42'}), ('int', T('f', topn=I), sga_p('topn', 'false', '10'), {'topn': 10}),
                          ('bool', T('f', flag=B), sga_p('flag', 'false', 'true'), {'flag': True}), ('array', T('f', items=A), sga_p('items', 'false', '[1, 2, 3]'), {'items': [1, 2, 3]}),
                          ('object', T('f', obj=O), sga_p('obj', 'false', '{"name": "John", "age": 30}'), {'obj': {'name': 'John', 'age': 30}}),
                          ('direct-json', T('f', city=S, topn=I), '{"city": "SF", "topn": 5}', {'city': 'SF', 'topn': 5}),
                          ('null', T('f', opt={'anyOf': [{'type': 'string'}, {'type': 'null'}]}), sga_p('opt', 'false', 'null'), {'opt': None})):
    vec('sglang-dsv4rb-type-' + lab, 'DeepSeek V4 DSML', SGA_RB+'TestParameterTypeConversion test_%s' % {'string-true': 'string_true_is_string', 'int': 'string_false_int', 'bool': 'string_false_bool', 'array': 'string_false_array',
        'object': 'string_false_nested_object', 'direct-json': 'direct_json_body', 'null': 'anyof_null_accepts_null'}[lab] + ' (in a call of f)', sga_w4(sga_i4('f', p)), [tool], [('f', exp)])
vec('sglang-dsv4rb-type-malformed', 'DeepSeek V4 DSML', SGA_RB+'TestParameterTypeConversion test_malformed_json_fallback (in a call of f, bad declared an object)', sga_w4(sga_i4('f', sga_p('bad', 'false', '{"key": "val'))), [T('f', bad=O)],
    note='disagrees on purpose: SGLang falls back to the raw string; for a declared object it fits no schema, and toolfix never guesses')
vec('sglang-dsv4rb-two-invokes', 'DeepSeek V4 DSML', SGA_RB+'TestMultipleSequentialCalls test_two_sequential_invokes_distinct_tool_index', sga_w4(sga_i4('get_weather', SGA_PSF) + '\n' + sga_i4('search', sga_p('query', 'true', 'weather SF'))), SGA_RT,
    [('get_weather', {'city': 'SF'}), ('search', {'query': 'weather SF'})])
vec('sglang-dsv4rb-undeclared-param', 'DeepSeek V4 DSML', SGA_RB+'TestMultipleSequentialCalls test_name_delta_before_arg_deltas', sga_w4(sga_i4('get_weather', SGA_PSF) + '\n' + sga_i4('search', SGA_PSF)), SGA_RT,
    note='disagrees on purpose: the second call gives search a city, which its schema does not declare; SGLang streams both, toolfix takes a tail whole or not at all')
vec('sglang-dsv4rb-self-close-mix', 'DeepSeek V4 DSML', SGA_RB+'TestMultipleSequentialCalls test_self_closing_and_long_form_mix', sga_w4(sga_i4('get_weather', SGA_PSF) + '\n<%sinvoke name="submit"/>' % SGA_D), SGA_RT,
    [('get_weather', {'city': 'SF'}), ('submit', {})])
vec('sglang-dsv4rb-dsml-no-invoke', 'DeepSeek V4 DSML', SGA_RB+'TestFalsePositiveDSMLDetection test_less_than_then_dsml_without_invoke', 'Hello <｜DSML｜test more text', SGA_RT)
vec('sglang-dsv4rb-dsml-random', 'DeepSeek V4 DSML', SGA_RB+'TestFalsePositiveDSMLDetection test_partial_dsml_prefix_then_non_invoke', '<｜DSML｜random> stuff here', SGA_RT)
vec('sglang-dsv4rb-dsml-spaced-text', 'DeepSeek V4 DSML', SGA_RB+'TestFalsePositiveDSMLDetection test_dsml_prefix_without_invoke_across_deltas', 'Text < ｜DSML｜ not_invoke text', SGA_RT)
vec('sglang-dsv4rb-partial-opener', 'DeepSeek V4 DSML', SGA_RB+'TestStreamEndPartialOpener test_partial_opener_remains_in_buffer', 'Let me check the weather.\n<｜DSML｜invoke name="ba', SGA_RT, note='a cut-off call is never completed')
vec('sglang-dsv4rb-truncated-body', 'DeepSeek V4 DSML', SGA_RB+'TestFinishReasonViaRealCodePath test_truncated_tool_call_has_tool_calls_true', sga_w4('')[:len('<%stool_calls>\n' % SGA_D)] + '<%sinvoke name="get_weather">\n' % SGA_D + SGA_PSF, SGA_RT,
    [('get_weather', {'city': 'SF'})], note='the closers after a complete parameter are forgiven at the end of the text (SGLang too has the call with its parsed arguments, TestMaxTokensTruncation)')
for pos in (1, 8, 15, 22, 30):
    vec('sglang-dsv4rb-mid-opener-%d' % pos, 'DeepSeek V4 DSML', SGA_RB+'TestOpenerTruncationMidOpener test_all_truncation_positions[pos=%d]' % pos, 'Prose.\n' + '<%sinvoke name="get_weather">' % SGA_D[:0] + ('<%sinvoke name="get_weather">' % SGA_D)[:pos], SGA_RT)
vec('sglang-dsv4rb-fence-leak', 'DeepSeek V4 DSML', SGA_RB+'TestFenceLeak test_no_dsml_markers_in_normal_text', 'Prose here.\n' + sga_w4(sga_i4('get_weather', SGA_PSF)), SGA_RT, [('get_weather', {'city': 'SF'})], keep='Prose here.')
vec('sglang-dsv4rb-empty-delta', 'DeepSeek V4 DSML', SGA_RB+'TestEmptyContentDeltaBeforeTool test_no_empty_content_sse_chunk', sga_w4(sga_i4('get_weather', SGA_PSF)), SGA_RT, [('get_weather', {'city': 'SF'})])

# --- test/registered/unit/function_call/test_deepseek_detectors.py: a JSON object as each DSML invoke's body
SGA_DDS = 'sgl-project/sglang test/registered/unit/function_call/test_deepseek_detectors.py TestDeepSeekStreamingContent '
def sga_nav(w, *ds): return "I'll navigate there now.<%s%s>" % (SGA_D, w) + ''.join('<%sinvoke name="navigate">{"destination":"%s"}</%sinvoke>' % (SGA_D, d, SGA_D) for d in ds) + '</%s%s>' % (SGA_D, w)
SGA_NAV = [T('navigate', destination=S)]
for fl in ('v32', 'v4'):
    w = SGA_FLAV[fl][1]
    vec('sglang-dsds-json-body-' + fl, SGA_FLAV[fl][0], SGA_DDS+'test_content_and_complete_tool_call_in_single_increment[%s]' % fl, sga_nav(w, 'library'), SGA_NAV, [('navigate', {'destination': 'library'})], keep="I'll navigate there now.")
    vec('sglang-dsds-json-bodies-' + fl, SGA_FLAV[fl][0], SGA_DDS+'test_content_prefix_with_consecutive_tool_calls[%s]' % fl, sga_nav(w, 'library', 'museum'), SGA_NAV,
        [('navigate', {'destination': 'library'}), ('navigate', {'destination': 'museum'})], keep="I'll navigate there now.")

# --- test/registered/unit/function_call/test_deepseek_detector.py and test_deepseekv3_detector.py: V3 and V3.1 tokens
SGA_DD = 'sgl-project/sglang test/registered/unit/function_call/test_deepseek_detector.py '
SGA_D3 = 'sgl-project/sglang test/registered/unit/function_call/test_deepseekv3_detector.py TestDeepSeekV3Detector '
def sga_v3(n, a): return D31CB + 'function' + D31SEP + n + '\n```json\n' + a + '\n```' + D31CE
def sga_v31(n, a): return D31CB + n + D31SEP + a + D31CE
SGA_WS = [T('get_weather', city=S), T('search', q=S, query=S)]
vec('sglang-dsv3-malformed-sibling', 'DeepSeek V3', SGA_DD+'TestDeepSeekV3Detector test_malformed_call_does_not_discard_valid_call', 'Sure. ' + D31S + sga_v3('get_weather', '{"city": "Boston"}') + sga_v3('search', '{bad json') + D31E, SGA_WS,
    note='disagrees on purpose: SGLang keeps the good call beside the broken one; toolfix takes a tail whole or not at all')
vec('sglang-dsv3-two-valid', 'DeepSeek V3', SGA_DD+'TestDeepSeekV3Detector test_two_valid_calls_both_parse', D31S + sga_v3('get_weather', '{"city": "Boston"}') + sga_v3('search', '{"q": "hi"}') + D31E, SGA_WS,
    [('get_weather', {'city': 'Boston'}), ('search', {'q': 'hi'})], note='the peer tools declare no properties; the keys the calls use are declared here')
vec('sglang-dsv31-malformed-sibling', 'DeepSeek V3.1', SGA_DD+'TestDeepSeekV31Detector test_malformed_call_does_not_discard_valid_call', 'Sure. ' + D31S + sga_v31('get_weather', '{"city": "Boston"}') + sga_v31('search', '{bad json') + D31E, SGA_WS,
    note='disagrees on purpose: SGLang keeps the good call beside the broken one; toolfix takes a tail whole or not at all')
vec('sglang-dsv31-two-valid', 'DeepSeek V3.1', SGA_DD+'TestDeepSeekV31Detector test_malformed_call_does_not_discard_valid_call (both calls well formed)', 'Sure. ' + D31S + sga_v31('get_weather', '{"city": "Boston"}') + sga_v31('search', '{"q": "hi"}') + D31E, SGA_WS,
    [('get_weather', {'city': 'Boston'}), ('search', {'q': 'hi'})], keep='Sure.')
vec('sglang-dsv3-unit-single', 'DeepSeek V3', SGA_D3+'test_single_tool_call', D31S + sga_v3('get_weather', '{"city": "Beijing"}') + D31E, SGA_WS, [('get_weather', {'city': 'Beijing'})])
vec('sglang-dsv3-unit-multiple', 'DeepSeek V3', SGA_D3+'test_multiple_tool_calls', D31S + sga_v3('get_weather', '{"city": "Beijing"}') + '\n' + sga_v3('search', '{"query": "restaurants"}') + D31E, SGA_WS,
    [('get_weather', {'city': 'Beijing'}), ('search', {'query': 'restaurants'})])
vec('sglang-dsv3-unit-text-before', 'DeepSeek V3', SGA_D3+'test_tool_call_with_preceding_text', 'Let me check that for you.' + D31S + sga_v3('get_weather', '{"city": "Tokyo"}') + D31E, SGA_WS,
    [('get_weather', {'city': 'Tokyo'})], keep='Let me check that for you.')
vec('sglang-dsv3-unit-plain', 'DeepSeek V3', SGA_D3+'test_no_tool_call', 'Hello, how can I help you today?', SGA_WS)
vec('sglang-dsv3-unit-weather-text', 'DeepSeek V3', SGA_D3+'test_has_tool_call_false', 'The weather in Beijing is sunny today.', SGA_WS)
vec('sglang-dsv3-unit-malformed', 'DeepSeek V3', SGA_D3+'test_malformed_json', D31S + sga_v3('get_weather', '{invalid}') + D31E, SGA_WS)

# --- test/registered/unit/function_call/test_deepseekv31_detector.py (TestDeepSeekV31PrefixText)
SGA_D31U = 'sgl-project/sglang test/registered/unit/function_call/test_deepseekv31_detector.py TestDeepSeekV31PrefixText '
SGA_C31 = sga_v31('get_weather', '{"city": "Tokyo"}')
vec('sglang-dsv31-unit-prefix', 'DeepSeek V3.1', SGA_D31U+'test_text_before_tool_call_is_emitted_once[outer marker]', 'Let me check the weather.\n' + D31S + SGA_C31, SGA_GW, [('get_weather', {'city': 'Tokyo'})], keep='Let me check the weather.',
    note='the missing closer of the calls is forgiven at the end of the text')
vec('sglang-dsv31-unit-prefix-no-outer', 'DeepSeek V3.1', SGA_D31U+'test_text_before_tool_call_is_emitted_once[no outer marker]', 'Let me check the weather.\n' + SGA_C31, SGA_GW,
    note='disagrees on purpose: without <｜tool▁calls▁begin｜> the call token alone opens no markup toolfix reads (its rows begin at the calls token)')
vec('sglang-dsv31-unit-not-repeated', 'DeepSeek V3.1', SGA_D31U+'test_prefix_is_not_repeated_while_arguments_arrive', 'Checking... ' + D31S + sga_v31('get_weather', '{"city": "Tokyo"}') + D31E, SGA_GW, [('get_weather', {'city': 'Tokyo'})], keep='Checking...')

# --- test/registered/unit/function_call/test_kimik2_detector.py (the cases test/registered/function_call/'s copy lacks)
SGA_K2 = 'sgl-project/sglang test/registered/unit/function_call/test_kimik2_detector.py '
def sga_k2s(n, i, a): return '<|tool_calls_section_begin|><|tool_call_begin|>%s<|tool_call_argument_begin|>%s<|tool_call_end|><|tool_calls_section_end|>' % (('functions.%s:%s' % (n, i)) if n else i, a)
SGA_K2T = [T('ReadFile', path=S), T('get_weather', city=S, unit=S)]
vec('sglang-kimik2u-no-think-close-two', 'Kimi K2', SGA_K2+'TestKimiK2EndToEnd test_e2e_multiple_tool_calls_without_think_close', '<think>Let me check both files.' + k2(('ReadFile', 0, '{"path": "/a.py"}'), ('ReadFile', 1, '{"path": "/b.py"}')), SGA_K2T,
    note='disagrees on purpose: SGLang ends the reasoning at the call tokens; toolfix reads markup inside an unclosed <think> as reasoning and takes no call there')
vec('sglang-kimik2u-think-open-stream', 'Kimi K2', SGA_K2+'TestKimiK2EndToEnd test_e2e_streaming_reasoning_to_tool_call', '<think>I need to read the file to understand the code.' + k2(('ReadFile', 0, '{"path": "/Users/user/project/file.ts"}')), SGA_K2T,
    note='disagrees on purpose: the call stands inside an unclosed <think>, which toolfix reads as reasoning')
vec('sglang-kimik2u-text-between', 'Kimi K2', SGA_K2+'TestKimiK2EndToEnd test_e2e_normal_text_between_two_tool_calls',
    'Prefix text:' + sga_k2s('get_weather', 0, '{"city": "London"}') + ' Now calling next: ' + sga_k2s('get_weather', 1, '{"city": "Delhi"}'), SGA_K2T,
    note='disagrees on purpose: each section stands glued after a colon, where prose introduces an example (the Kimi opener counts at a line start or after a finished sentence, AfterStop), and text stands between them')
vec('sglang-kimik2u-bad-id-then-call', 'Kimi K2', SGA_K2+'TestKimiK2EndToEnd test_e2e_unparsable_tool_id_does_not_wedge_stream',
    'normal text before' + sga_k2s('', 'weird@id', '{"city": "London"}') + sga_k2s('get_weather', 0, '{"city": "Delhi"}'), SGA_K2T,
    note='disagrees on purpose: SGLang skips the section it cannot name and takes the next; toolfix takes a tail whole or not at all')
vec('sglang-kimik2u-malformed-middle', 'Kimi K2', SGA_K2+'TestKimiK2EndToEnd test_e2e_malformed_json_args_passes_through_to_client',
    sga_k2s('get_weather', 0, '{"city": "London"}') + sga_k2s('get_weather', 1, '{"city": "Bad", "valid": fasle') + sga_k2s('get_weather', 2, '{"city": "Delhi"}'), SGA_K2T,
    note='disagrees on purpose: SGLang passes the broken arguments on byte for byte; toolfix forwards only arguments that are JSON, and takes a tail whole or not at all')
vec('sglang-kimik2u-two-sections', 'Kimi K2', SGA_K2+'TestKimiK2EndToEnd test_e2e_exception_mid_drain_preserves_accumulated_calls (without the forced failure)',
    sga_k2s('get_weather', 0, '{"city": "London"}') + sga_k2s('get_weather', 1, '{"city": "Delhi"}'), SGA_K2T, [('get_weather', {'city': 'London'}), ('get_weather', {'city': 'Delhi'})])
SGA_K2W = [T('get_weather', city=S)]
SGA_K2I = SGA_K2+'TestKimiK2DetectorOpenAIIndexCompliance '
vec('sglang-kimik2u-counter-5', 'Kimi K2', SGA_K2I+'test_single_call_with_nonzero_model_counter_starts_at_index_0', sga_k2s('get_weather', 5, '{"city": "Paris"}'), SGA_K2W, [('get_weather', {'city': 'Paris'})])
vec('sglang-kimik2u-counter-7-8', 'Kimi K2', SGA_K2I+'test_multi_call_response_uses_dense_0_based_indices', sga_k2s('get_weather', 7, '{"city": "London"}') + sga_k2s('get_weather', 8, '{"city": "Berlin"}'), SGA_K2W,
    [('get_weather', {'city': 'London'}), ('get_weather', {'city': 'Berlin'})])
vec('sglang-kimik2u-counter-three', 'Kimi K2', SGA_K2I+'test_three_calls_with_nonzero_model_counter_indices_are_dense', ''.join(sga_k2s('get_weather', 10 + i, '{"city": "%s"}' % c) for i, c in enumerate(('Paris', 'Berlin', 'Madrid'))), SGA_K2W,
    [('get_weather', {'city': c}) for c in ('Paris', 'Berlin', 'Madrid')])
vec('sglang-kimik2u-bare-counter', 'Kimi K2', SGA_K2I+'test_bare_counter_id_also_starts_at_index_0', sga_k2s('', '5', '{"city": "Paris"}'), SGA_K2W,
    note='disagrees on purpose: SGLang names a call written with a bare counter by the one tool, or by the tool whose properties its arguments use; toolfix never guesses a tool name')
SGA_K2B = SGA_K2+'TestKimiK2BareCounterParsing '
vec('sglang-kimik2u-no-prefix', 'Kimi K2', SGA_K2B+'test_standard_format_without_functions_prefix (in a section)', sga_k2s('', 'ReadFile:1', '{"path": "/a.py"}'), SGA_K2T, [('ReadFile', {'path': '/a.py'})])
vec('sglang-kimik2u-bare-counter-infer', 'Kimi K2', SGA_K2B+'test_detect_and_parse_bare_counter', sga_k2s('', '0', '{"city": "Tokyo"}'), SGA_K2T,
    note='disagrees on purpose: SGLang infers get_weather from the arguments; toolfix never guesses a tool name')
vec('sglang-kimik2u-bare-counter-unknown', 'Kimi K2', SGA_K2B+'test_detect_and_parse_bare_counter_skips_unknown', sga_k2s('', '0', '{"unknown_key": "value"}'), SGA_K2T)
vec('sglang-kimik2u-bare-counter-single', 'Kimi K2', SGA_K2B+'test_streaming_bare_counter_single_tool', sga_k2s('', '0', '{"path": "/test"}'), [T('search', path=S)],
    note='disagrees on purpose: SGLang names the call by the request\'s one tool; toolfix never guesses a tool name')

# --- test/registered/unit/function_call/test_kimik2_inference.py: a call named by an id, not a tool
SGA_KI = 'sgl-project/sglang test/registered/unit/function_call/test_kimik2_inference.py TestKimiK2Inference '
SGA_KIT = [T('read', path=S), T('weather', city=S)]
for fid in ('call_3', '3'):
    vec('sglang-kimik2inf-id-%s' % fid.replace('_', '-'), 'Kimi K2', SGA_KI+'test_type_aliases_are_normalized_without_mutating_tools[%s] (in a section)' % fid, sga_k2s('', fid, '{"path":"/x"}'), SGA_KIT,
        note='disagrees on purpose: SGLang names the call by the one tool whose schema its arguments fit; toolfix never guesses a tool name')
vec('sglang-kimik2inf-explicit-bad-value', 'Kimi K2', SGA_KI+'test_invalid_values_are_not_identity_evidence_for_nameless_calls (functions.read:0, in a section)', sga_k2s('read', 0, '{"path":5}'), SGA_KIT,
    note='disagrees on purpose: SGLang passes the call on for the client to check its arguments; a number for the declared string path fits no schema, and toolfix makes no call of it')
vec('sglang-kimik2inf-unresolvable-then-explicit', 'Kimi K2', SGA_KI+'test_unresolvable_call_is_skipped_without_losing_next_explicit_call',
    '<|tool_calls_section_begin|><|tool_call_begin|>call_3<|tool_call_argument_begin|>{"path":"/x"}<|tool_call_end|><|tool_call_begin|>functions.weather:4<|tool_call_argument_begin|>{"city":"Paris"}<|tool_call_end|><|tool_calls_section_end|>',
    [T('delete', path=S), T('weather', city=S)], note='disagrees on purpose: SGLang skips the call it cannot name and takes the next; toolfix takes a tail whole or not at all, so the section stays text')

# --- test/registered/unit/function_call/test_dots_detector.py (the one case the vLLM copy in gen.py lacks)
SGA_DOT = 'sgl-project/sglang test/registered/unit/function_call/test_dots_detector.py TestDotsToolDetector '
vec('sglang-dots-text-between-after', 'dots.llm', SGA_DOT+'test_non_stream_keeps_text_between_and_after_tool_calls', 'before' + dfn(dinvk('search', 'query', 'chairs')) + 'middle' + dfn(dinvk('search', 'query', 'tables')) + 'after', [DSR],
    note='disagrees on purpose: SGLang takes both calls and joins the text around them; toolfix takes a call only at the tail (text after it shows an example)')
vec('sglang-dots-text-between', 'dots.llm', SGA_DOT+'test_non_stream_keeps_text_between_and_after_tool_calls (without the text after)', 'before' + dfn(dinvk('search', 'query', 'chairs')) + 'middle' + dfn(dinvk('search', 'query', 'tables')), [DSR],
    [('search', {'query': 'tables'})], keep='before' + dfn(dinvk('search', 'query', 'chairs')) + 'middle',
    note='disagrees on purpose: SGLang takes both calls; toolfix takes only the tail, the block after the prose, and leaves the block before the prose as text')

# --- test/registered/unit/function_call/test_cohere_command4_detector.py
SGA_CO = 'sgl-project/sglang test/registered/unit/function_call/test_cohere_command4_detector.py TestCohereCommand4Detector '
def sga_coa(n, p): return json.dumps({'tool_call_id': '0', 'tool_name': n, 'parameters': p})
def sga_cob(*a): return '<|START_ACTION|>[' + ', '.join(a) + ']<|END_ACTION|>'
SGA_COT = [T('get_weather', city=S), T('search', query=S)]
vec('sglang-cohere4-single', 'Cohere Command', SGA_CO+'test_single_tool_call', sga_cob(sga_coa('get_weather', {'city': 'Beijing'})), SGA_COT, [('get_weather', {'city': 'Beijing'})])
vec('sglang-cohere4-parallel-leading', 'Cohere Command', SGA_CO+'test_parallel_tool_calls_with_leading_text', 'Sure! ' + sga_cob(sga_coa('get_weather', {'city': 'Tokyo'}), sga_coa('search', {'query': 'ramen'})), SGA_COT,
    [('get_weather', {'city': 'Tokyo'}), ('search', {'query': 'ramen'})], keep='Sure!')
vec('sglang-cohere4-truncated', 'Cohere Command', SGA_CO+'test_truncated_body_uses_partial_fallback', '<|START_ACTION|>[{"tool_call_id": "0", "tool_name": "get_weather", "parameters": {"city": "Paris"', SGA_COT,
    note='disagrees on purpose: SGLang completes the cut-off list; a cut-off call is never completed')
vec('sglang-cohere4-malformed', 'Cohere Command', SGA_CO+'test_malformed_body_returns_normal_text', 'prefix <|START_ACTION|>[not valid json<|END_ACTION|>', SGA_COT,
    note='SGLang drops the broken block from the content; toolfix passes text without a call as it came')
vec('sglang-cohere4-plain', 'Cohere Command', SGA_CO+'test_no_tool_call', 'Just a plain answer.', SGA_COT)
vec('sglang-cohere4-weather-text', 'Cohere Command', SGA_CO+'test_has_tool_call_false', 'The weather is nice today.', SGA_COT)
vec('sglang-cohere4-stream-text-then-block', 'Cohere Command', SGA_CO+'test_streaming_text_then_block', 'Let me check. ' + sga_cob(sga_coa('get_weather', {'city': 'Berlin'})), SGA_COT,
    [('get_weather', {'city': 'Berlin'})], keep='Let me check.')
vec('sglang-cohere4-stream-compact', 'Cohere Command', SGA_CO+'test_streaming_waits_for_end_token', '<|START_ACTION|>[{"tool_call_id":"0","tool_name":"search","parameters":{"query":"x"}}]<|END_ACTION|>', SGA_COT, [('search', {'query': 'x'})])
vec('sglang-cohere4-stream-no-end', 'Cohere Command', SGA_CO+'test_streaming_waits_for_end_token (before the end token)', '<|START_ACTION|>[{"tool_call_id":"0","tool_name":"search","parameters":{"query":"x"}}]', SGA_COT,
    [('search', {'query': 'x'})], note='the missing end token is forgiven at the end of the text once the list is whole (SGLang waits for it while streaming)')

# --- test/registered/unit/function_call/test_apertus2509_detector.py
SGA_APS = 'sgl-project/sglang test/registered/unit/function_call/test_apertus2509_detector.py TestApertus2509Streaming '
def sga_apb(c): return '<|tools_prefix|>' + json.dumps(c) + '<|tools_suffix|>'
SGA_APT = [T('get_weather', city=S), T('get_time', zone=S)]
vec('sglang-apertus-blocks-text-after', 'Apertus', SGA_APS+'test_chunk_invariance_for_multiple_blocks_and_trailing_text',
    'before' + sga_apb([{'get_weather': {'city': 'Zürich'}}]) + 'between' + sga_apb([{'get_time': {}}, {'get_weather': {'city': 'Tokyo'}}]) + 'done', SGA_APT,
    note='disagrees on purpose: SGLang takes the calls of both blocks; toolfix takes a call only at the tail (text after it shows an example)')
vec('sglang-apertus-blocks-tail', 'Apertus', SGA_APS+'test_chunk_invariance_for_multiple_blocks_and_trailing_text (without the text after)',
    'before' + sga_apb([{'get_weather': {'city': 'Zürich'}}]) + 'between' + sga_apb([{'get_time': {}}, {'get_weather': {'city': 'Tokyo'}}]), SGA_APT,
    note='disagrees on purpose: the Apertus opener counts at a line start or after a finished sentence (AfterStop, a token prose quotes by name), and glued after "between" it is neither')
vec('sglang-apertus-second-block-text', 'Apertus', SGA_APS+'test_second_incomplete_block_stays_buffered (whole)', sga_apb([{'get_weather': {}}]) + 'between' + sga_apb([{'get_time': {'zone': 'UTC'}}]) + 'done', SGA_APT,
    note='disagrees on purpose: tail only')
vec('sglang-apertus-truncated-second', 'Apertus', SGA_APS+'test_truncated_second_block_is_not_emitted_by_finish', sga_apb([{'get_weather': {}}]) + '<|tools_prefix|>[{"get_time": {"zone":', SGA_APT,
    note='disagrees on purpose: SGLang takes the first block and holds the cut-off second; toolfix takes a tail whole or not at all, and never completes a cut-off call')
vec('sglang-apertus-plain', 'Apertus', SGA_APS+'test_plain_text_and_single_block_controls[hello]', 'hello', SGA_APT)
vec('sglang-apertus-block-done', 'Apertus', SGA_APS+'test_plain_text_and_single_block_controls[block + done]', sga_apb([{'get_time': {}}]) + 'done', SGA_APT, note='disagrees on purpose: tail only')
vec('sglang-apertus-block', 'Apertus', SGA_APS+'test_plain_text_and_single_block_controls (the block alone)', sga_apb([{'get_time': {}}]), SGA_APT, [('get_time', {})])

# --- test/registered/unit/function_call/test_berrylm_detector.py: Qwen3 Coder's XML in <tool_call>
SGA_BL = 'sgl-project/sglang test/registered/unit/function_call/test_berrylm_detector.py '
SGA_BLW = '<tool_call>\n<function=get_weather>\n<parameter=city>Tokyo</parameter>\n<parameter=days>3</parameter>\n</function>\n</tool_call>'
SGA_BLT = [T('get_weather', city=S, days=I, path=S, content=S), T('write_file', city=S, days=I, path=S, content=S)]
vec('sglang-berrylm-single', 'Qwen3 Coder/XML', SGA_BL+'TestBerryLMFunctionCallDetector test_single_tool_call_typed_arguments', SGA_BLW, SGA_BLT, [('get_weather', {'city': 'Tokyo', 'days': 3})])
vec('sglang-berrylm-multiple', 'Qwen3 Coder/XML', SGA_BL+'TestBerryLMFunctionCallDetector test_multiple_tool_calls', SGA_BLW + '\n<tool_call>\n<function=get_weather>\n<parameter=city>Osaka</parameter>\n</function>\n</tool_call>', SGA_BLT,
    [('get_weather', {'city': 'Tokyo', 'days': 3}), ('get_weather', {'city': 'Osaka'})])
vec('sglang-berrylm-text-before', 'Qwen3 Coder/XML', SGA_BL+'TestBerryLMFunctionCallDetector test_normal_text_before_tool_call', 'Checking the forecast.\n' + SGA_BLW, SGA_BLT, [('get_weather', {'city': 'Tokyo', 'days': 3})], keep='Checking the forecast.')
vec('sglang-berrylm-plain', 'Qwen3 Coder/XML', SGA_BL+'TestBerryLMFunctionCallDetector test_no_tool_call', 'Just an answer.', SGA_BLT)
vec('sglang-berrylm-multiline', 'Qwen3 Coder/XML', SGA_BL+'TestBerryLMFunctionCallDetector test_multiline_value', '<tool_call>\n<function=write_file>\n<parameter=path>/tmp/x.py</parameter>\n<parameter=content>\nline 1\nline 2\n</parameter>\n</function>\n</tool_call>', SGA_BLT,
    [('write_file', {'path': '/tmp/x.py', 'content': 'line 1\nline 2'})])
vec('sglang-berrylm-stream-two', 'Qwen3 Coder/XML', SGA_BL+'TestBerryLMFunctionCallDetector test_streaming_multiple_tool_calls',
    '<tool_call>\n<function=get_weather>\n<parameter=city>Tokyo</parameter>\n</function>\n</tool_call>\n<tool_call>\n<function=get_weather>\n<parameter=city>Osaka</parameter>\n</function>\n</tool_call>', SGA_BLT,
    [('get_weather', {'city': 'Tokyo'}), ('get_weather', {'city': 'Osaka'})])
vec('sglang-berrylm-lt-sign', 'Qwen3 Coder/XML', SGA_BL+'TestBerryLMFunctionCallDetector test_streaming_plain_text_passes_through', 'Just an answer with a < sign.', SGA_BLT)
vec('sglang-berrylm-think-open', 'Qwen3 Coder/XML', SGA_BL+'TestBerryLMReasoningDetector test_tool_call_without_think_end', '<think>I need the forecast.' + SGA_BLW, SGA_BLT,
    note='disagrees on purpose: SGLang ends the reasoning at <tool_call>; toolfix reads markup inside an unclosed <think> as reasoning and takes no call there')
vec('sglang-berrylm-think-closed', 'Qwen3 Coder/XML', SGA_BL+'TestBerryLMReasoningDetector test_tool_call_without_think_end (the reasoning closed)', '<think>I need the forecast.</think>\n' + SGA_BLW, SGA_BLT,
    [('get_weather', {'city': 'Tokyo', 'days': 3})], keep='<think>I need the forecast.</think>', note='SGLang splits the reasoning off; toolfix is no reasoning parser and keeps the text before the call as it came')
vec('sglang-berrylm-think-answer', 'Qwen3 Coder/XML', SGA_BL+'TestBerryLMReasoningDetector test_think_then_content', '<think>Plan the answer.</think>The answer is 42.', SGA_BLT)

# --- test/registered/unit/function_call/test_cohere_command4_streaming_blocks.py
SGA_COS = 'sgl-project/sglang test/registered/unit/function_call/test_cohere_command4_streaming_blocks.py TestCohereCommand4StreamingBlocks '
SGA_COB = '<|START_ACTION|>[{"tool_call_id":"0","tool_name":"get_weather","parameters":{"city":"SF"}}]<|END_ACTION|>'
SGA_COW = [T('get_weather', city=S)]
vec('sglang-cohere4s-leading', 'Cohere Command', SGA_COS+'test_leading_text_and_complete_call_in_final_chunk', 'Let me check.' + SGA_COB, SGA_COW, [('get_weather', {'city': 'SF'})], keep='Let me check.')
vec('sglang-cohere4s-trailing', 'Cohere Command', SGA_COS+'test_trailing_text_is_preserved_for_next_increment', 'Let me check.' + SGA_COB + 'All set.', SGA_COW, note='disagrees on purpose: tail only')
vec('sglang-cohere4s-two-in-block', 'Cohere Command', SGA_COS+'test_multiple_calls_in_one_action_block', 'Let me check.<|START_ACTION|>' + json.dumps([{'tool_call_id': '0', 'tool_name': 'get_weather', 'parameters': {'city': 'SF'}}] * 2) + '<|END_ACTION|>', SGA_COW,
    [('get_weather', {'city': 'SF'}), ('get_weather', {'city': 'SF'})], keep='Let me check.')
vec('sglang-cohere4s-no-text', 'Cohere Command', SGA_COS+'test_complete_call_without_leading_text', SGA_COB, SGA_COW, [('get_weather', {'city': 'SF'})])
vec('sglang-cohere4s-unknown', 'Cohere Command', SGA_COS+'test_unknown_tool_is_dropped', 'Let me check.' + SGA_COB.replace('get_weather', 'unknown_tool'), SGA_COW,
    note='SGLang drops the block; toolfix passes a call of a tool the request lacks as it came')
vec('sglang-cohere4s-cut-closer', 'Cohere Command', SGA_COS+'test_incomplete_block_waits_for_closing_marker (the first chunk)', 'Let me check.' + SGA_COB[:-1], SGA_COW, [('get_weather', {'city': 'SF'})], keep='Let me check.',
    note='the end token cut at the end of the text is forgiven once the list is whole')
vec('sglang-cohere4s-plain', 'Cohere Command', SGA_COS+'test_plain_text', 'Hello world.', SGA_COW)

# --- test/registered/unit/function_call/test_apertus2509_detector_finish.py
SGA_APF = 'sgl-project/sglang test/registered/unit/function_call/test_apertus2509_detector_finish.py TestApertus2509DetectorFinish '
SGA_AP2 = '<|tools_prefix|>[{"get_weather": {}}]<|tools_suffix|><|tools_prefix|>[{"get_time": {}}]<|tools_suffix|>'
vec('sglang-apertusf-two-blocks-done', 'Apertus', SGA_APF+'test_same_chunk_two_blocks_matches_one_shot', SGA_AP2 + 'done', SGA_APT, note='disagrees on purpose: tail only')
vec('sglang-apertusf-two-blocks', 'Apertus', SGA_APF+'test_same_chunk_two_blocks_matches_one_shot (without the text after)', SGA_AP2, SGA_APT, [('get_weather', {}), ('get_time', {})],
    note='two blocks back to back are read as one tail')
vec('sglang-apertusf-block-hi', 'Apertus', SGA_APF+'test_single_block_with_trailing_text', '<|tools_prefix|>[{"get_weather": {}}]<|tools_suffix|>hi', SGA_APT, note='disagrees on purpose: tail only')
vec('sglang-apertusf-plain', 'Apertus', SGA_APF+'test_plain_text_passes_through', 'hello world', SGA_APT)

# --- test/registered/unit/function_call/test_dots_detector_finish.py
SGA_DOF = 'sgl-project/sglang test/registered/unit/function_call/test_dots_detector_finish.py TestDotsToolDetectorFinishFlush '
SGA_DOW = [T('get_weather', city=S)]
vec('sglang-dotsf-partial', 'dots.llm', SGA_DOF+'test_partial_tool_call_at_end_is_flushed', "hi <dots_function_call>get_weather(city='P", SGA_DOW, note='a cut-off call is never completed')
vec('sglang-dotsf-plain', 'dots.llm', SGA_DOF+'test_clean_stream_finish_is_noop', 'just some text', SGA_DOW)
vec('sglang-dotsf-complete', 'dots.llm', SGA_DOF+'test_complete_call_not_duplicated_at_finish', '<dots_function_call><invoke name="get_weather"><parameter name="city">Paris</parameter></invoke></dots_function_call>', SGA_DOW, [('get_weather', {'city': 'Paris'})])

# --- test/registered/unit/function_call/test_kimik3_detector.py (its cases gen.py's copy of the other file lacks)
SGA_K3U = 'sgl-project/sglang test/registered/unit/function_call/test_kimik3_detector.py '
vec('sglang-kimik3u-bookkeeping', 'Kimi K3 XTML', SGA_K3U+'test_streaming_bookkeeping_for_serving_layer', k3t(k3c('python', 1, k3a('code', 'string', 'a'))), [T('python', code=S)], [('python', {'code': 'a'})])
vec('sglang-kimik3u-single-undeclared', 'Kimi K3 XTML', SGA_K3U+'test_detect_and_parse_single_call (its tool declares only code)', K3RO + 'Let me run it.' + K3RC + k3t(k3c('python', 1, k3a('code', 'string', 'print(1)'), k3a('opts', 'object', '{"a": 1}'))), [T('python', code=S)],
    note='disagrees on purpose: SGLang passes on opts, which the unit copy\'s schema does not declare (additionalProperties false here); the call fits no schema and toolfix never guesses')

# --- test/registered/unit/function_call/test_function_call_parser.py: its DeepSeek, pythonic, Mistral and base-format cases gen.py lacks
SGA_FP = 'sgl-project/sglang test/registered/unit/function_call/test_function_call_parser.py '
SGA_FPT = [T('get_weather', city=S), T('get_tourist_attractions', city=S)]
vec('sglang-fcp-dsv3-fence-end-one-chunk', 'DeepSeek V3', SGA_FP+'TestDeepSeekV3Detector test_streaming_closing_fence_and_end_tokens_in_one_chunk',
    D31S + D31CB + 'function' + D31SEP + 'get_weather\n```json\n{"city": "Paris"}\n```' + D31CE + '\n' + D31CB + 'function' + D31SEP + 'get_tourist_attractions\n```json\n{"city": "Tokyo"}\n```' + D31CE + D31E, SGA_FPT,
    [('get_weather', {'city': 'Paris'}), ('get_tourist_attractions', {'city': 'Tokyo'})])
SGA_FPS = [T('search', query=S, topn=I, source={'type': 'string', 'enum': ['web', 'news']}), T('get_favorite_tourist_spot', city=S), T('get_date')]
SGA_FPX = """I'll help you with information about San Francisco and get its favorite tourist spot for you.\n\n
        <｜DSML｜function_calls>\n
            <｜DSML｜invoke name="get_favorite_tourist_spot">\n
                <｜DSML｜parameter name="city" string="true">San Francisco</｜DSML｜parameter>\n
            </｜DSML｜invoke>\n
            <｜DSML｜invoke name="search">
                <｜DSML｜parameter name="query" string="true">WebNav benchmark</｜DSML｜parameter>
                <｜DSML｜parameter name="topn" string="false">10</｜DSML｜parameter>
                <｜DSML｜parameter name="source" string="true">web</｜DSML｜parameter>
            </｜DSML｜invoke>
        </｜DSML｜function_calls>
        """
SGA_FPJ = """I'll help you with information about San Francisco and get its favorite tourist spot for you.

        <｜DSML｜function_calls>
            <｜DSML｜invoke name="get_favorite_tourist_spot">
            {
                "city": "San Francisco"
            }
        </｜DSML｜invoke>
            <｜DSML｜invoke name="search">
            {
                "query": "WebNav benchmark",
                "topn": 10,
                "source": "web"
            }
        </｜DSML｜invoke>
        </｜DSML｜function_calls>
        """
SGA_FPI = 'disagrees on purpose: the block stands indented eight columns after a blank line, a Markdown code block (CommonMark 4.4), and toolfix reads markup in one as an example'
for fl, w in (('v32', 'function_calls'), ('v4', 'tool_calls')):
    cls = {'v32': 'TestDeepSeekV32Detector', 'v4': 'TestDeepSeekV4Detector'}[fl]
    x = SGA_FPX.replace('function_calls', w)
    vec('sglang-fcp-%s-xml-indented' % fl, SGA_FLAV[fl][0], SGA_FP+cls+' test_detect_and_parse_xml_format', x, SGA_FPS, note=SGA_FPI)
    vec('sglang-fcp-%s-xml' % fl, SGA_FLAV[fl][0], SGA_FP+cls+' test_detect_and_parse_xml_format (its lines not indented)', '\n'.join(l.strip() for l in x.split('\n')).strip(), SGA_FPS,
        [('get_favorite_tourist_spot', {'city': 'San Francisco'}), ('search', {'query': 'WebNav benchmark', 'topn': 10, 'source': 'web'})], keep="I'll help you with information about San Francisco and get its favorite tourist spot for you.")
    SGA_SX = """<｜DSML｜function_calls>
            <｜DSML｜invoke name="get_favorite_tourist_spot">
                <｜DSML｜parameter name="city" string="true">San Francisco</｜DSML｜parameter>
                <｜DSML｜parameter name="another_city" string="true">London</｜DSML｜parameter>
                <｜DSML｜parameter name="topn" string="false">10</｜DSML｜parameter>
                <｜DSML｜parameter name="obj" string="false">{"name": "John", "age": 30}</｜DSML｜parameter>
            </｜DSML｜invoke>
        </｜DSML｜function_calls>""".replace('function_calls', w)
    vec('sglang-fcp-%s-stream-xml-undeclared' % fl, SGA_FLAV[fl][0], SGA_FP+cls+' test_streaming_xml_format', SGA_SX, SGA_FPS,
        note='disagrees on purpose: SGLang passes on another_city, topn and obj, which get_favorite_tourist_spot\'s schema does not declare (additionalProperties false here); the call fits no schema and toolfix never guesses')
    vec('sglang-fcp-%s-stream-xml' % fl, SGA_FLAV[fl][0], SGA_FP+cls+' test_streaming_xml_format (the parameters declared)', SGA_SX, [T('get_favorite_tourist_spot', city=S, another_city=S, topn=I, obj=O)],
        [('get_favorite_tourist_spot', {'city': 'San Francisco', 'another_city': 'London', 'topn': 10, 'obj': {'name': 'John', 'age': 30}})])
    vec('sglang-fcp-%s-self-close' % fl, SGA_FLAV[fl][0], SGA_FP+cls+' test_self_closing_zero_arg_invoke', '<｜DSML｜%s>\n<｜DSML｜invoke name="submit"/>\n</｜DSML｜%s>' % (w, w), [T('submit')], [('submit', {})])
vec('sglang-fcp-v32-json-indented', 'DeepSeek V3.2 DSML', SGA_FP+'TestDeepSeekV32Detector test_detect_and_parse_json_format', SGA_FPJ, SGA_FPS, note=SGA_FPI)
vec('sglang-fcp-v32-json', 'DeepSeek V3.2 DSML', SGA_FP+'TestDeepSeekV32Detector test_detect_and_parse_json_format (its lines not indented)', '\n'.join(l.strip() for l in SGA_FPJ.split('\n')).strip(), SGA_FPS,
    [('get_favorite_tourist_spot', {'city': 'San Francisco'}), ('search', {'query': 'WebNav benchmark', 'topn': 10, 'source': 'web'})], keep="I'll help you with information about San Francisco and get its favorite tourist spot for you.")
SGA_SJ = """<｜DSML｜function_calls>
            <｜DSML｜invoke name="get_favorite_tourist_spot">
            {
                "city": "San Francisco",
                "another_city": "London",
                "topn": 10,
                "obj": {
                    "name": "John",
                    "age": 30
                }
            }
            </｜DSML｜invoke>
        </｜DSML｜function_calls>"""
vec('sglang-fcp-v32-stream-json', 'DeepSeek V3.2 DSML', SGA_FP+'TestDeepSeekV32Detector test_streaming_json_format (the keys declared)', SGA_SJ, [T('get_favorite_tourist_spot', city=S, another_city=S, topn=I, obj=O)],
    [('get_favorite_tourist_spot', {'city': 'San Francisco', 'another_city': 'London', 'topn': 10, 'obj': {'name': 'John', 'age': 30}})])
vec('sglang-fcp-v32-no-params', 'DeepSeek V3.2 DSML', SGA_FP+'TestDeepSeekV32Detector test_detect_and_parse_no_parameters', 'Let me get the current date for you.\n\n<｜DSML｜function_calls>\n<｜DSML｜invoke name="get_date">\n</｜DSML｜invoke>\n</｜DSML｜function_calls>', SGA_FPS,
    [('get_date', {})], keep='Let me get the current date for you.')
vec('sglang-fcp-v32-no-params-blank', 'DeepSeek V3.2 DSML', SGA_FP+'TestDeepSeekV32Detector test_streaming_no_parameters_with_whitespace', '<｜DSML｜function_calls>\n<｜DSML｜invoke name="get_date">\n\n</｜DSML｜invoke>\n</｜DSML｜function_calls>', SGA_FPS, [('get_date', {})])
SGA_PYT = [T('get_weather', location=S, unit={'type': 'string', 'enum': ['celsius', 'fahrenheit']}), T('search', query=S)]
vec('sglang-fcp-pythonic-invalid-escape', 'pythonic', SGA_FP+'TestPythonicDetector test_invalid_escape_sequence_still_parses', '[search(query="\\d+")]', SGA_PYT, [('search', {'query': '\\d+'})],
    note='an unknown escape keeps its backslash, as Python reads it')
vec('sglang-fcp-pythonic-nonfinite', 'pythonic', SGA_FP+'TestPythonicDetector test_non_finite_argument_never_emits_invalid_json', "[get_weather(location='Tokyo', unit=1e999)]", [T('get_weather', location=S, unit=N), T('search', query=S)],
    note='1e999 overflows Python\'s float, and SGLang skips the call; toolfix never forwards a literal that is no finite number either (unit declared a number here)')
vec('sglang-fcp-pythonic-bytes-sibling', 'pythonic', SGA_FP+'TestPythonicDetector test_unconvertible_argument_skips_only_that_call', "[get_weather(location='Tokyo'), search(query=b'raw')]", SGA_PYT,
    note='disagrees on purpose: SGLang keeps the good sibling; toolfix takes a leaked tail whole or not at all')
SGA_MD = [T('make_next_step_decision', decision=S, content=S)]
vec('sglang-fcp-mistral-compact', 'Mistral', SGA_FP+'TestMistralDetector test_detect_and_parse_compact_args_format', '[TOOL_CALLS]make_next_step_decision[ARGS]{"decision":"TOOL", "content":"Use weather API"}', SGA_MD,
    [('make_next_step_decision', {'decision': 'TOOL', 'content': 'Use weather API'})])
vec('sglang-fcp-base-chinese', 'Hermes', SGA_FP+'TestBaseFormatDetector test_chinese_characters_not_double_escaped', '<tool_call>{"name": "get_weather", "arguments": {"city": "杭州"}}</tool_call>', SGA_FPT, [('get_weather', {'city': '杭州'})])
vec('sglang-fcp-base-two-in-one-tag-space', 'Hermes', SGA_FP+'TestBaseFormatDetector test_buffer_content_preservation', '<tool_call>{"name": "get_weather", "arguments": {"city": "Paris"}}, {"name": "get_tourist_attractions", "arguments": {"city": "London"}} </tool_call>', SGA_FPT,
    note='disagrees on purpose: the test detector reads objects joined by commas in one <tool_call>, which no model template writes; toolfix reads one call object per <tool_call>')
vec('sglang-fcp-v4-self-close-final', 'DeepSeek V4 DSML', SGA_FP+'TestDeepSeekV4Detector test_self_closing_zero_arg_invoke', 'Final answer.\n<｜DSML｜tool_calls>\n<｜DSML｜invoke name="submit"/>\n</｜DSML｜tool_calls>', [T('submit')], [('submit', {})], keep='Final answer.')
vec('sglang-fcp-v4-self-close-mixed', 'DeepSeek V4 DSML', SGA_FP+'TestDeepSeekV4Detector test_self_closing_mixed_with_long_form',
    '<｜DSML｜tool_calls>\n<｜DSML｜invoke name="get_favorite_tourist_spot">\n<｜DSML｜parameter name="city" string="true">SF</｜DSML｜parameter>\n</｜DSML｜invoke>\n<｜DSML｜invoke name="submit"/>\n</｜DSML｜tool_calls>', SGA_FPS + [T('submit')],
    [('get_favorite_tourist_spot', {'city': 'SF'}), ('submit', {})])
# its Qwen3 Coder section
SGA_QT = [T('get_current_weather', location=S, unit={'type': 'string', 'enum': ['celsius', 'fahrenheit']}, days=I), T('sql_interpreter', query=S, dry_run=B),
          T('TodoWrite', todos={'type': 'array', 'items': {'type': 'object', 'properties': {'content': {'type': 'string'}, 'status': {'type': 'string'}}, 'required': ['content', 'status']}}),
          T('get_current_time', cities={'anyOf': [{'type': 'array', 'items': {'type': 'string'}}, {'type': 'null'}], 'default': None})]
SGA_QC = SGA_FP+'TestQwen3CoderDetector '
def sga_qf(n, *kv): return '<tool_call>\n<function=%s>\n' % n + ''.join('<parameter=%s>%s</parameter>\n' % (k, v) for k, v in zip(kv[::2], kv[1::2])) + '</function>\n</tool_call>'
vec('sglang-fcp-qwen3-plain', 'Qwen3 Coder/XML', SGA_QC+'test_plain_text_only', 'This is plain text without any tool calls.', SGA_QT)
vec('sglang-fcp-qwen3-prefix', 'Qwen3 Coder/XML', SGA_QC+'test_single_tool_call_with_text_prefix', 'Let me check the weather for you.\n\n' + sga_qf('get_current_weather', 'location', 'New York'), SGA_QT,
    [('get_current_weather', {'location': 'New York'})], keep='Let me check the weather for you.')
vec('sglang-fcp-qwen3-two', 'Qwen3 Coder/XML', SGA_QC+'test_multiple_tool_calls', sga_qf('get_current_weather', 'location', 'New York') + '\n' + sga_qf('sql_interpreter', 'query', 'SELECT * FROM users', 'dry_run', 'True'), SGA_QT,
    [('get_current_weather', {'location': 'New York'}), ('sql_interpreter', {'query': 'SELECT * FROM users', 'dry_run': True})], note='Python\'s True for a declared boolean is read as true, as SGLang reads it')
vec('sglang-fcp-qwen3-stream', 'Qwen3 Coder/XML', SGA_QC+'test_streaming_single_tool_call', '<tool_call><function=get_current_weather><parameter=location>Boston</parameter><parameter=unit>celsius</parameter></function></tool_call>', SGA_QT,
    [('get_current_weather', {'location': 'Boston', 'unit': 'celsius'})])
vec('sglang-fcp-qwen3-stream-text', 'Qwen3 Coder/XML', SGA_QC+'test_streaming_with_text_and_tool', 'Let me help you.\n\n<tool_call><function=get_current_weather><parameter=location>Paris</parameter></function></tool_call>', SGA_QT,
    [('get_current_weather', {'location': 'Paris'})], keep='Let me help you.')
vec('sglang-fcp-qwen3-integer', 'Qwen3 Coder/XML', SGA_QC+'test_integer_parameter_conversion', sga_qf('get_current_weather', 'location', 'Tokyo', 'days', '5'), SGA_QT, [('get_current_weather', {'location': 'Tokyo', 'days': 5})])
vec('sglang-fcp-qwen3-boolean', 'Qwen3 Coder/XML', SGA_QC+'test_boolean_parameter_conversion', sga_qf('sql_interpreter', 'query', 'SELECT 1', 'dry_run', 'True'), SGA_QT, [('sql_interpreter', {'query': 'SELECT 1', 'dry_run': True})])
SGA_TD = [{'content': 'Buy groceries', 'status': 'pending'}, {'content': 'Finish report', 'status': 'completed'}]
vec('sglang-fcp-qwen3-array', 'Qwen3 Coder/XML', SGA_QC+'test_complex_array_parameter', sga_qf('TodoWrite', 'todos', '\n[\n  {"content": "Buy groceries", "status": "pending"},\n  {"content": "Finish report", "status": "completed"}\n]\n'), SGA_QT, [('TodoWrite', {'todos': SGA_TD})])
vec('sglang-fcp-qwen3-anyof-array', 'Qwen3 Coder/XML', SGA_QC+'test_anyof_array_parameter_conversion', sga_qf('get_current_time', 'cities', '\n["NYC"]\n'), SGA_QT, [('get_current_time', {'cities': ['NYC']})])
vec('sglang-fcp-qwen3-anyof-null', 'Qwen3 Coder/XML', SGA_QC+'test_anyof_array_parameter_conversion_null', sga_qf('get_current_time', 'cities', '\nnull\n'), SGA_QT, [('get_current_time', {'cities': None})])
vec('sglang-fcp-qwen3-anyof-stream', 'Qwen3 Coder/XML', SGA_QC+'test_streaming_anyof_array_parameter_conversion', '<tool_call><function=get_current_time><parameter=cities>["NYC"]</parameter></function></tool_call>', SGA_QT, [('get_current_time', {'cities': ['NYC']})])
vec('sglang-fcp-qwen3-empty-value', 'Qwen3 Coder/XML', SGA_QC+'test_empty_parameter_value', sga_qf('get_current_weather', 'location', ''), SGA_QT, [('get_current_weather', {'location': ''})])
vec('sglang-fcp-qwen3-special-chars', 'Qwen3 Coder/XML', SGA_QC+'test_parameter_with_special_characters', sga_qf('sql_interpreter', 'query', 'SELECT * FROM users WHERE name = \'John "Doe"\''), SGA_QT, [('sql_interpreter', {'query': 'SELECT * FROM users WHERE name = \'John "Doe"\''})])
vec('sglang-fcp-qwen3-incomplete', 'Qwen3 Coder/XML', SGA_QC+'test_incomplete_tool_call', '<tool_call>\n<function=get_current_weather>\n<parameter=location>London', SGA_QT, note='a cut-off call is never completed')
vec('sglang-fcp-qwen3-nested-anyof', 'Qwen3 Coder/XML', SGA_QC+'test_nested_anyof_array_with_multiple_types_parameter_conversion', sga_qf('process_optional_list', 'optional_items_to_process', '\n[true, null, {"enabled": false}]\n'),
    [T('process_optional_list', optional_items_to_process={'anyOf': [{'anyOf': [{'type': 'null'}, {'anyOf': [{'type': 'array', 'items': {}}, {'type': 'null'}]}]}, {'type': 'null'}], 'default': None})],
    [('process_optional_list', {'optional_items_to_process': [True, None, {'enabled': False}]})])
# its GLM 4.5 section
SGA_GL = SGA_FP+'TestGlm4MoeDetector '
SGA_GLT = [T('get_weather', city=S, date=S)]
vec('sglang-fcp-glm4-no-args', 'GLM 4.5/4.7', SGA_GL+'test_streaming_tool_call_without_arguments', '<tool_call>get_weather\n</tool_call>', SGA_GLT, [('get_weather', {})])
SGA_TW = [T('todo_write', todos=A)]
for gl, cls, sep in (('glm4', 'TestGlm4MoeDetector', '\n'), ('glm47', 'TestGlm47MoeDetector', '')):
    src = SGA_FP + cls + ' '
    vec('sglang-fcp-%s-whitespace' % gl, 'GLM 4.5/4.7', src+'test_whitespace_preserved_in_arg_values',
        '<tool_call>apply_diff' + sep + '<arg_key>old_string</arg_key>' + sep + '<arg_value>    indented code</arg_value>' + sep + '<arg_key>new_string</arg_key>' + sep + '<arg_value>        also indented</arg_value>' + sep + '</tool_call>',
        [T('apply_diff', old_string=S, new_string=S)], [('apply_diff', {'old_string': '    indented code', 'new_string': '        also indented'})])
    vec('sglang-fcp-%s-quoted-escape' % gl, 'GLM 4.5/4.7', src+'test_quoted_string_invalid_python_escape_no_warning',
        '<tool_call>get_weather' + sep + '<arg_key>city</arg_key>' + sep + '<arg_value>"\\C|\\."</arg_value>' + sep + '<arg_key>date</arg_key>' + sep + '<arg_value>2024-06-27</arg_value>' + sep + '</tool_call>', SGA_GLT,
        [('get_weather', {'city': '"\\C|\\."', 'date': '2024-06-27'})], note='disagrees on purpose: SGLang reads the quoted value as a Python literal and drops its quotes; for a declared string toolfix keeps the text as written')
    vec('sglang-fcp-%s-invalid' % gl, 'GLM 4.5/4.7', src+'test_invalid_tool_call', '<tool_call>invalid_func' + sep + '<arg_key>city</arg_key>' + sep + '<arg_value>Beijing</arg_value>' + sep + '</tool_call>', SGA_GLT)
    for lab, task, exp in (('windows-path', 'Check file at C:\\\\Users\\\\test.txt', 'Check file at C:\\Users\\test.txt'), ('escaped-newline', 'Print \\\\n to see newline', 'Print \\n to see newline')):
        vec('sglang-fcp-%s-todo-%s' % (gl, lab), 'GLM 4.5/4.7', src+'test_array_argument_with_escaped_json (%s)' % lab,
            '<tool_call>todo_write' + sep + '<arg_key>todos</arg_key>' + sep + '<arg_value>[{"id": "1", "task": "%s", "status": "pending"}]</arg_value></tool_call>' % task, SGA_TW,
            [('todo_write', {'todos': [{'id': '1', 'task': exp, 'status': 'pending'}]})])
    vec('sglang-fcp-%s-todo-escaped-quotes' % gl, 'GLM 4.5/4.7', src+'test_array_argument_with_escaped_json (its raw-string form, quotes escaped)',
        '<tool_call>todo_write' + sep + '<arg_key>todos</arg_key>' + sep + '<arg_value>[{\\"id\\": \\"1\\", \\"task\\": \\"Check file at C:\\\\\\\\Users\\\\\\\\test.txt\\", \\"status\\": \\"pending\\"}]</arg_value></tool_call>', SGA_TW,
        note='disagrees on purpose: SGLang unescapes a list written with its quotes escaped; for a declared array that text is no JSON, and toolfix never guesses')
# its Ling 3 section (GLM's pairs)
SGA_LI = SGA_FP+'TestLing3Detector '
SGA_LIT = [T('get_weather', city=S, date=S), T('get_date')]
vec('sglang-fcp-ling3-newline', 'GLM 4.5/4.7', SGA_LI+'test_detect_and_parse_newline_and_compact_tool_call[newline]', '<tool_call>get_weather\n<arg_key>city</arg_key><arg_value>Beijing</arg_value><arg_key>date</arg_key><arg_value>2024-06-27</arg_value></tool_call>', SGA_LIT,
    [('get_weather', {'city': 'Beijing', 'date': '2024-06-27'})])
vec('sglang-fcp-ling3-compact', 'GLM 4.5/4.7', SGA_LI+'test_detect_and_parse_newline_and_compact_tool_call[compact]', '<tool_call>get_weather<arg_key>city</arg_key><arg_value>Shanghai</arg_value><arg_key>date</arg_key><arg_value>2024-06-28</arg_value></tool_call>', SGA_LIT,
    [('get_weather', {'city': 'Shanghai', 'date': '2024-06-28'})])
vec('sglang-fcp-ling3-empty', 'GLM 4.5/4.7', SGA_LI+'test_detect_and_parse_empty_args', '<tool_call>get_date</tool_call>', SGA_LIT, [('get_date', {})])
# its JSON array parser section (the xLAM row)
SGA_JA = SGA_FP+'TestJsonArrayParser '
SGA_JAT = [T('get_weather', location=S, unit={'type': 'string', 'enum': ['celsius', 'fahrenheit']}), T('search', query=S)]
vec('sglang-fcp-jsonarray-nested-commas', 'xLAM', SGA_JA+'test_nested_objects_with_commas', '[{"name": "get_weather", "parameters": {"location": "Tokyo", "unit": "celsius"}}]', SGA_JAT, [('get_weather', {'location': 'Tokyo', 'unit': 'celsius'})])
vec('sglang-fcp-jsonarray-three', 'xLAM', SGA_JA+'test_three_tool_calls_separate_chunks_with_commas', '[{"name": "get_weather", "parameters": {"location": "Tokyo"}},{"name": "search", "parameters": {"query": "restaurants"}},{"name": "get_weather", "parameters": {"location": "Paris"}}]', SGA_JAT,
    [('get_weather', {'location': 'Tokyo'}), ('search', {'query': 'restaurants'}), ('get_weather', {'location': 'Paris'})])
# its LFM2 section
SGA_LF = SGA_FP+'TestLfm2Detector '
SGA_LFT = [T('get_weather', city=S, unit={'type': 'string', 'enum': ['celsius', 'fahrenheit']}), T('search', query=S), T('calculator', expression=S), T('get_time')]
def sga_lw(b): return '<|tool_call_start|>' + b + '<|tool_call_end|>'
vec('sglang-fcp-lfm2-invalid-escape', 'pythonic', SGA_LF+'test_detect_and_parse_pythonic_invalid_escape', sga_lw('[search(query="\\d+")]'), SGA_LFT, [('search', {'query': '\\d+'})], note='an unknown escape keeps its backslash, as Python reads it')
vec('sglang-fcp-lfm2-no-args', 'pythonic', SGA_LF+'test_detect_and_parse_pythonic_no_args', sga_lw('[get_time()]'), SGA_LFT, [('get_time', {})])
vec('sglang-fcp-lfm2-two', 'pythonic', SGA_LF+'test_detect_and_parse_pythonic_multiple_calls', sga_lw('[get_weather(city="Paris"), search(query="restaurants")]'), SGA_LFT, [('get_weather', {'city': 'Paris'}), ('search', {'query': 'restaurants'})])
vec('sglang-fcp-lfm2-text-before', 'pythonic', SGA_LF+'test_detect_and_parse_with_normal_text_before', 'Let me check the weather for you. ' + sga_lw('[get_weather(city="Tokyo")]'), SGA_LFT, [('get_weather', {'city': 'Tokyo'})], keep='Let me check the weather for you.')
vec('sglang-fcp-lfm2-special-chars', 'pythonic', SGA_LF+'test_detect_and_parse_special_characters_in_value', sga_lw('[search(query="what\'s the weather?")]'), SGA_LFT, [('search', {'query': "what's the weather?"})])
vec('sglang-fcp-lfm2-json', 'openPangu', SGA_LF+'test_detect_and_parse_json_simple', sga_lw('[{"name": "get_weather", "arguments": {"city": "Berlin"}}]'), SGA_LFT, [('get_weather', {'city': 'Berlin'})])
vec('sglang-fcp-lfm2-json-two', 'openPangu', SGA_LF+'test_detect_and_parse_json_multiple_calls', sga_lw('[{"name": "get_weather", "arguments": {"city": "Paris"}}, {"name": "search", "arguments": {"query": "hotels"}}]'), SGA_LFT,
    [('get_weather', {'city': 'Paris'}), ('search', {'query': 'hotels'})])
vec('sglang-fcp-lfm2-json-parameters', 'openPangu', SGA_LF+'test_detect_and_parse_json_with_parameters_key', sga_lw('[{"name": "get_weather", "parameters": {"city": "Madrid"}}]'), SGA_LFT, [('get_weather', {'city': 'Madrid'})])
vec('sglang-fcp-lfm2-plain', 'pythonic', SGA_LF+'test_detect_and_parse_no_tool_call', 'This is just regular text without any tool calls.', SGA_LFT)
vec('sglang-fcp-lfm2-unknown', 'pythonic', SGA_LF+'test_detect_and_parse_unknown_function', sga_lw('[unknown_function(arg="value")]'), SGA_LFT)
vec('sglang-fcp-lfm2-empty', 'pythonic', SGA_LF+'test_detect_and_parse_empty_content', '<|tool_call_start|><|tool_call_end|>', SGA_LFT)
vec('sglang-fcp-lfm2-two-blocks-text', 'pythonic', SGA_LF+'test_detect_and_parse_multiple_blocks', sga_lw('[get_weather(city="Paris")]') + ' Some text ' + sga_lw('[search(query="food")]'), SGA_LFT,
    note='disagrees on purpose: SGLang takes both blocks; the second stands glued after "Some text", where the LFM2 opener counts only at a line start or after a finished sentence (AfterStop), and a tail is taken whole or not at all')
vec('sglang-fcp-lfm2-json-object', 'openPangu', SGA_LF+'test_streaming_json_split_across_chunks', sga_lw('{"name": "get_weather", "arguments": {"city": "Vienna"}}'), SGA_LFT, note='disagrees on purpose: SGLang\'s LFM2 detector takes one JSON object between the tokens; vLLM\'s openPangu parser refuses it (test_extract_tool_calls_invalid_single_object), and toolfix reads only the list the template writes')
vec('sglang-fcp-lfm2-json-object-text', 'openPangu', SGA_LF+'test_streaming_json_normal_text_before_tool_call', "I'll check the weather. " + sga_lw('{"name": "get_weather", "arguments": {"city": "Amsterdam"}}'), SGA_LFT,
    note='disagrees on purpose: SGLang\'s LFM2 detector takes one JSON object between the tokens; vLLM\'s openPangu parser refuses it (test_extract_tool_calls_invalid_single_object), and toolfix reads only the list the template writes')
# its Kimi K2 section (the one case gen.py's copy of test/srt/test_function_call_parser.py lacks)
vec('sglang-fcp-kimik2-second-cut', 'Kimi K2', SGA_FP+'TestKimiK2Detector test_tool_name_streaming',
    '<|tool_calls_section_begin|><|tool_call_begin|>functions.get_weather:0<|tool_call_argument_begin|>{"city": "Paris"}<|tool_call_end|><|tool_call_begin|>functions.get_tourist_attractions:1<|tool_call_argument_begin|>{', SGA_FPT,
    note='disagrees on purpose: SGLang streams the first call and the second one\'s name; a cut-off call is never completed, and a tail is taken whole or not at all')
