# The Qwen3 Coder vectors left after issue 20's earlier batches, converted by helper sgp: llama.cpp
# tests/test-chat.cpp's large-number vector of its Qwen3-Coder XML parser tests (ggml-org/llama.cpp
# e7e2116, test_parser_with_streaming of number_function), mlx-lm's '"quoted"' case of
# test_qwen3_coder_untyped_param (ml-explore/mlx-lm 7f7930e), which sgk.py's loop over that test's
# values left out, and the Qwen3-Coder peg_tester vectors of llama.cpp's newest test-chat.cpp
# (0042e20), which no batch had. The gap check found nothing else to convert in SGLang's
# test/registered/function_call/test_qwen3_coder_detector/ (test_cases.py's seven tests are gen.py's
# sglang-qwen3-coder-*, with test_fixtures.py's tools) nor in test_encoding_dsv32.py (it encodes a
# prompt and asserts its end; no model output). Run by gen.py in its own names (vec, T, S, I, ...,
# and the helpers of the batches before it: sgk_q, SGKQU, sgl_q); the helpers here start with sgp_
# or SGP.

SGPLC = 'ggml-org/llama.cpp e7e2116 tests/test-chat.cpp test_template_output_parsers (Qwen3-Coder XML, test_parser_with_streaming) '
SGPMX = 'ml-explore/mlx-lm 7f7930e tests/test_tool_parsing.py TestToolParsing '

# --- llama.cpp: a 60-digit integer, which llama.cpp reads as the double 1e+60. The test declares no
# tool; the vectors declare number_function with big_int an integer, as its name says, and a number.
# toolfix keeps the number's digits as written (a JSON number has no size limit); parsed as JSON by a client, both
# are the double 1e+60 (sgk_q: the call as test_parser_with_streaming writes it)
SGPBIG = '9' * 60
for _n, _t in [('integer', I), ('number', N)]:
    vec('qwen3-coder-big-int-' + _n, 'Qwen3 Coder/XML', SGPLC + '(number_function, "Very large numbers"; big_int declared %s)' % _n,
        sgk_q('number_function', 'big_int', '      ' + SGPBIG), [T('number_function', big_int=_t)], [('number_function', {'big_int': int(SGPBIG)})], pre='llamacpp-')

# --- mlx-lm: a JSON string for a parameter of a union of object, array and string (sgk.py's SGKQU).
# mlx-lm parses text for an untyped union as JSON and keeps the structures only (ml-explore/mlx-lm
# #1910: a number, boolean or string it parsed keeps the text as written), so "quoted" keeps its
# quote marks; so does toolfix, for which the template writes a string raw
vec('qwen3-coder-union-quoted', 'Qwen3 Coder/XML', SGPMX + 'test_qwen3_coder_untyped_param ("quoted", in <tool_call>)',
    '<tool_call><function=f><parameter=value>"quoted"</parameter></function></tool_call>', SGKQU, [('f', {'value': '"quoted"'})], pre='mlx-lm-')

# --- llama.cpp's newest Qwen3-Coder peg_tester vectors (ggml-org/llama.cpp 0042e20 tests/test-chat.cpp
# test_template_output_peg_parsers, peg_tester models/templates/Qwen3-Coder.jinja), which no batch
# had: the call without its opening <tool_call>, the flexible argument order, the nullable, union
# and enum schemas. Each value on its own line, as the template writes it; the tools are the
# test's own (special_function, python, html, todo_list, edit, tool_2req_4opt, tool_2req_5opt, ...)
SGPPG = 'ggml-org/llama.cpp 0042e20 tests/test-chat.cpp test_template_output_peg_parsers (peg_tester models/templates/Qwen3-Coder.jinja) '
SGPSF, SGPSO = T('special_function', arg1=I), T('special_function_with_opt', arg1=I, arg2=I)
SGP2R4 = T('tool_2req_4opt', req1=S, req2=I, opt1=S, opt2=I, opt3=S, opt4=I)
SGP2R5 = T('tool_2req_5opt', req1=S, req2=I, opt1=S, opt2=I, opt3=S, opt4=I, opt5=S)
SGPUNION = 'disagrees on purpose: llama.cpp reads JSON text as the other type the union allows; the union allows a string too, which the text is as the model wrote it, and toolfix does not guess that JSON text meant the other type (the template writes a string raw and the rest as JSON, so both read alike)'


def sgp_c(n, *kv):  # a call in <tool_call>, each value on its own line (sgl.py's sgl_q)
    return sgl_q(n, *kv, nl='\n')


def sgp_f(n, *kv):  # the <function=…> element without its opening <tool_call>, its line break kept
    return sgp_c(n, *kv)[len('<tool_call>\n'):-len('</tool_call>')]


def sgp_p(name, test, text, tools, calls=None, keep='', note=''):
    vec('peg-qwen3-coder-' + name, 'Qwen3 Coder/XML', SGPPG + test, text, tools, calls, keep=keep, note=note, pre='llamacpp-')


sgp_p('answer', '(message_assist)', "Hello, world!\nWhat's up?", [SGPSF])
sgp_p('call', '(message_assist_call)', sgp_c('special_function', 'arg1', '1'), [SGPSF], [('special_function', {'arg1': 1})])
sgp_p('no-opener', '(some models skip the opening <tool_call>)', sgp_f('special_function', 'arg1', '1') + '</tool_call>', [SGPSF], [('special_function', {'arg1': 1})])
sgp_p('no-opener-after-text', '(the opening <tool_call> skipped after content)', 'Let me call it.\n' + sgp_f('special_function', 'arg1', '1') + '</tool_call>', [SGPSF],
      [('special_function', {'arg1': 1})], keep='Let me call it.')
sgp_p('no-opener-two', '(only the first call omits the opener)', sgp_f('special_function', 'arg1', '1') + '</tool_call>\n' + sgp_c('special_function_with_opt', 'arg1', '1', 'arg2', '2'), [SGPSF, SGPSO],
      [('special_function', {'arg1': 1}), ('special_function_with_opt', {'arg1': 1, 'arg2': 2})])
sgp_p('two', '(parallel tool calls)', sgp_c('special_function', 'arg1', '1') + '\n' + sgp_c('special_function_with_opt', 'arg1', '1', 'arg2', '2'), [SGPSF, SGPSO],
      [('special_function', {'arg1': 1}), ('special_function_with_opt', {'arg1': 1, 'arg2': 2})])
SGPPY = 'def hello():\n    print("Hello, world!")\n\nhello()'
sgp_p('python-code', '(code content, multiline)', sgp_c('python', 'code', SGPPY), [T('python', code=S)], [('python', {'code': SGPPY})])
sgp_p('python-cjk', '(code content, asian unicode chars)', sgp_c('python', 'code', '格'), [T('python', code=S)], [('python', {'code': '格'})])
SGPHTML = '<html>\n <head>\n  <title>Hello!</title>\n </head>\n</html>'
sgp_p('html', '(HTML tag content)', sgp_c('html', 'markup', SGPHTML), [T('html', markup=S)], [('html', {'markup': SGPHTML})])
SGPTODO = [{'item': 'Check stuff', 'selected': False}, {'item': 'Prepare stuff', 'selected': True}]
sgp_p('todo-list', '(TODO list, an array of objects)', sgp_c('todo_list', 'todos', '[{"item": "Check stuff", "selected": false}, {"item": "Prepare stuff", "selected": true}]'), [T('todo_list', todos=A)],
      [('todo_list', {'todos': SGPTODO})])
sgp_p('required-order', '(flexible required argument ordering)', sgp_c('edit', 'newString', '#include', 'filename', 'foo.c', 'oldString', '#iclunde'), [T('edit', filename=S, oldString=S, newString=S)],
      [('edit', {'newString': '#include', 'filename': 'foo.c', 'oldString': '#iclunde'})])
sgp_p('required-order-opt', '(required args in any order, then an optional one)', sgp_c('tool_2req_4opt', 'req2', '42', 'req1', 'hello', 'opt2', '200'), [SGP2R4],
      [('tool_2req_4opt', {'req2': 42, 'req1': 'hello', 'opt2': 200})])
sgp_p('optional-reversed', '(2 required + 4 optional, reversed optional order)', sgp_c('tool_2req_4opt', 'req1', 'hello', 'req2', '42', 'opt4', '100', 'opt2', '200'), [SGP2R4],
      [('tool_2req_4opt', {'req1': 'hello', 'req2': 42, 'opt4': 100, 'opt2': 200})])
sgp_p('optional-reversed-five', '(2 required + 5 optional, reversed optional order)', sgp_c('tool_2req_5opt', 'req1', 'world', 'req2', '7', 'opt5', 'last', 'opt3', 'middle', 'opt1', 'first'), [SGP2R5],
      [('tool_2req_5opt', {'req1': 'world', 'req2': 7, 'opt5': 'last', 'opt3': 'middle', 'opt1': 'first'})])
sgp_p('optional-shuffled', '(2 required + 5 optional, all 5 in shuffled order)',
      sgp_c('tool_2req_5opt', 'req1', 'test', 'req2', '99', 'opt3', 'c', 'opt1', 'a', 'opt5', 'e', 'opt4', '4', 'opt2', '2'), [SGP2R5],
      [('tool_2req_5opt', {'req1': 'test', 'req2': 99, 'opt3': 'c', 'opt1': 'a', 'opt5': 'e', 'opt4': 4, 'opt2': 2})])
sgp_p('nullable-string', '(nullable string type ["string", "null"])', sgp_c('set_nullable_str', 'name', 'hello world'), [T('set_nullable_str', name={'type': ['string', 'null']})],
      [('set_nullable_str', {'name': 'hello world'})])
sgp_p('nullable-string-null-first', '(nullable string with null first in type array ["null", "string"])', sgp_c('set_nullable_str_nf', 'name', 'hello world'),
      [T('set_nullable_str_nf', name={'type': ['null', 'string']})], [('set_nullable_str_nf', {'name': 'hello world'})])
sgp_p('nullable-integer', '(nullable integer type ["integer", "null"])', sgp_c('set_nullable_int', 'count', '42'), [T('set_nullable_int', count={'type': ['integer', 'null']})],
      [('set_nullable_int', {'count': 42})])
sgp_p('nullable-string-given-null', '(nullable string given null)', sgp_c('set_nullable_str', 'name', 'null'), [T('set_nullable_str', name={'type': ['string', 'null']})],
      [('set_nullable_str', {'name': 'null'})],
      note='disagrees on purpose: llama.cpp reads the text null as JSON null; where the schema allows a string, toolfix keeps a raw text as the string written and reads it as JSON only when the string fits no schema')
SGPUT = [T('set_union', value={'type': ['string', 'object']}, amount={'type': ['string', 'integer']})]
sgp_p('union-object', '(unions with string: JSON values of the other types are typed)', sgp_c('set_union', 'value', '{"a": 1}', 'amount', '2 dollars'), SGPUT,
      [('set_union', {'value': '{"a": 1}', 'amount': '2 dollars'})], note=SGPUNION)
sgp_p('union-integer', '(unions with string: not valid JSON stays a string)', sgp_c('set_union', 'value', '{not valid json', 'amount', '42'), SGPUT,
      [('set_union', {'value': '{not valid json', 'amount': '42'})], note=SGPUNION)
sgp_p('enum-no-type', '(enum without explicit type key)', sgp_c('set_unit', 'unit', 'celsius'), [T('set_unit', unit={'enum': ['celsius', 'fahrenheit']})], [('set_unit', {'unit': 'celsius'})])
