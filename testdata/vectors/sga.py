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
