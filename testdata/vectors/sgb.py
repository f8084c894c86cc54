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
vec('sglang-gemma4-finish-plain', 'Gemma 4', SGBG4F+'test_clean_stream_finish_is_noop', 'just some text', [T('get_weather', city=S)])
vec('sglang-gemma4-finish-single-quoted', 'Gemma 4', SGBG4F+'test_complete_call_not_duplicated_at_finish', "<|tool_call>call:get_weather{city: 'Paris'}<tool_call|>", [T('get_weather', city=S)],
    note='the value is neither <|"|>-quoted nor a JSON literal (SGLang\'s test asserts only its buffer), so the body does not read and the text passes')
