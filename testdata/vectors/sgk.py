# llama.cpp's chat-parser tests and mlx-lm's remaining tool-parser tests converted in issue 20 (helper
# sgk): ggml-org/llama.cpp tests/test-chat-parser.cpp (its model outputs: reasoning, gpt-oss and
# DeepSeek V3.1 messages) and the tests/test-chat.cpp vectors servers.py, sgh.py and gen.py have not
# (FunctionGemma, Seed-OSS with values on their own lines, Ministral 3, Nemotron 3 Nano, the rest of
# Qwen3 Coder's streaming vectors); ml-explore/mlx-lm tests/test_tool_parsing.py tests of the parsers
# added after servers.py's batch (laguna, llm_jp_harmony, hy_v3, hy_v3_opensource) and the newer
# tests of the parsers it had (glm47's string-typed pairs, pythonic, mistral, qwen3_coder). mlx-lm's
# parse_tool_call is given the text between its module's tool_call_start and tool_call_end, so each
# vector wraps the test's text in those tokens, as the model writes it. Run by gen.py in its own
# names (vec, T, S, I, …); the helpers here start with sgk_ or SGK.

SGKLC = 'ggml-org/llama.cpp tests/test-chat.cpp '
SGKLP = 'ggml-org/llama.cpp tests/test-chat-parser.cpp '
SGKMX = 'ml-explore/mlx-lm tests/test_tool_parsing.py TestToolParsing '
SGKTAIL = 'disagrees on purpose: tail only; text after the markup leaves it as it came'
SGKCUT = 'a cut-off call is never completed'


def sgk_l(name, family, source, text, tools, calls=None, keep='', note=''):
    vec(name, family, source, text, tools, calls, keep=keep, note=note, pre='llamacpp-')


def sgk_m(name, family, test, text, tools, calls=None, keep='', note=''):
    vec(name, family, SGKMX + test, text, tools, calls, keep=keep, note=note, pre='mlx-lm-')


# --- llama.cpp tests/test-chat-parser.cpp: the reasoning and Harmony messages, no call (the
# DeepSeek V3.1 ones are servers.py's deepseek-v31-*; the rest of the file tests the parser's
# regex and JSON-healing helpers, no model output)
SGKRW = [T('special_function', arg1=I)]
sgk_l('parser-tnk-reasoning', 'Hermes', SGKLP + 'test_reasoning (<tnk>Cogito</tnk>Ergo sum)', '<tnk>Cogito</tnk>Ergo sum', SGKRW)
sgk_l('parser-inline-think', 'Hermes', SGKLP + 'test_reasoning (content_only_inline_think)', '<think>Pense</think>Bonjour', SGKRW)
sgk_l('parser-llama3-inline-think', 'Llama 3 JSON', SGKLP + 'test_reasoning (llama_3_inline_think)', '<think>Plan</think>Réponse', SGKRW)
sgk_l('parser-deepseek-v31-reasoning-content', 'DeepSeek V3.1', SGKLP + 'test_deepseek_v3_1_tool_calls (thinking_forced_open_reasoning_regular_content_no_tool_calls)',
      'REASONING</think>CONTENT', [T('get_time', city=S)])
SGKHA = '<|channel|>analysis<|message|>'
SGKHF = '<|start|>assistant<|channel|>final<|message|>'
SGKHS = SGKLP + 'test_gpt_oss_harmony_format '
sgk_l('parser-harmony-final-end', 'gpt-oss Harmony', SGKHS + '(with <|end|>)', SGKHA + 'Let me think about this...' + SGKHF + 'The answer is 42<|end|>', SGKRW,
      note='llama.cpp takes the final channel as the content; toolfix passes the text as it came (no call)')
sgk_l('parser-harmony-final-open', 'gpt-oss Harmony', SGKHS + '(no <|end|>, real server scenario)', SGKHA + 'Need location info' + SGKHF + 'Could you specify the location?', SGKRW)
sgk_l('parser-harmony-final-no-end', 'gpt-oss Harmony', SGKHS + '(without <|end|>, backward compatibility)', SGKHA + 'Thinking...' + SGKHF + 'Hello world', SGKRW)
sgk_l('parser-harmony-final-partial-end', 'gpt-oss Harmony', SGKHS + '(partial message with <|e)', SGKHA + 'Processing...' + SGKHF + 'Partial result<|e', SGKRW)

# --- llama.cpp tests/test-chat.cpp test_template_output_parsers: FunctionGemma
SGKFG = SGKLC + 'test_template_output_parsers (google-functiongemma.jinja, COMMON_CHAT_FORMAT_FUNCTION_GEMMA) '
sgk_l('functiongemma-call', 'FunctionGemma', SGKFG + '(get_weather)', '<start_function_call>call:get_weather{location:<escape>Tokyo<escape>}<end_function_call>',
      [T('get_weather', location=S)], [('get_weather', {'location': 'Tokyo'})])
sgk_l('functiongemma-numeric', 'FunctionGemma', SGKFG + '(numeric argument)', '<start_function_call>call:set_temperature{value:25}<end_function_call>',
      [T('set_temperature', value=I)], [('set_temperature', {'value': 25})])
sgk_l('functiongemma-content-before', 'FunctionGemma', SGKFG + '(content before tool call)',
      'Let me check that for you.<start_function_call>call:get_weather{location:<escape>London<escape>}<end_function_call>',
      [T('get_weather', location=S)], [('get_weather', {'location': 'London'})], keep='Let me check that for you.')

# --- Seed-OSS, the values on their own lines as the template writes them (servers.py has the
# inline ones)
SGKSO = SGKLC + 'test_template_output_parsers (ByteDance-Seed-OSS.jinja, COMMON_CHAT_FORMAT_SEED_OSS) '
SGKSOT = [T('special_function', arg1=I), T('process_data', input=S, format=S)]
SGKSOC = '<seed:tool_call>\n<function=special_function>\n<parameter=arg1>\n42\n</parameter>\n</function>\n</seed:tool_call>'
sgk_l('seed-oss-value-lines', 'Seed-OSS', SGKSO + '(special_function, arg1 on its own line)', SGKSOC, SGKSOT, [('special_function', {'arg1': 42})])
sgk_l('seed-oss-value-lines-two', 'Seed-OSS', SGKSO + '(multiple parameters in tool call)',
      '<seed:tool_call>\n<function=process_data>\n<parameter=input>\ntest\n</parameter>\n<parameter=format>\njson\n</parameter>\n</function>\n</seed:tool_call>', SGKSOT,
      [('process_data', {'input': 'test', 'format': 'json'})])
sgk_l('seed-oss-value-lines-think', 'Seed-OSS', SGKSO + '(reasoning + tool call combination)', '<seed:think>I need to call the special function</seed:think>' + SGKSOC, SGKSOT,
      [('special_function', {'arg1': 42})], keep='<seed:think>I need to call the special function</seed:think>',
      note='llama.cpp takes the <seed:think> block as reasoning; toolfix keeps it as it came')
sgk_l('seed-oss-value-lines-cut', 'Seed-OSS', SGKSO + '(partial parsing for incomplete string parameter)', '<seed:tool_call>\n<function=process_data>\n<parameter=input>\ntest', SGKSOT,
      note=SGKCUT + ' (llama.cpp streams the partial value)')

# --- Qwen3 Coder XML: the streaming vectors servers.py has not, values on indented lines
SGKQ = SGKLC + 'test_template_output_parsers (Qwen3-Coder.jinja, test_parser_with_streaming) '
def sgk_q(n, k, v):  # one call, one parameter, as the test writes it
    return '<tool_call>\n  <function=%s>\n    <parameter=%s>\n%s\n    </parameter>\n  </function>\n</tool_call>' % (n, k, v)
SGKLONG = "This is a long text parameter that should test the parser's ability to handle larger amounts of text data."
for _n, _f, _k, _v in [
        ('long-text', 'long_function', 'long_text', '      ' + SGKLONG),
        ('deep-xml', 'xml_parser', 'xml', '      <root><level1><level2><level3>deep content</level3></level2></level1></root>'),
        ('tabs', 'tab_function', 'content', 'line1\n\tindented line\n    spaces'),
        ('control-chars', 'control_function', 'text', 'Line1\nLine2\tTabbed\rCarriage return'),
        ('emoji', 'emoji_function', 'message', '      Hello! 👋 🌟 🚀 Testing emojis: 😀😃😄😁 and symbols: ∑∏∆∇'),
        ('math', 'math_function', 'formula', '      E = mc² and ∫f(x)dx = F(x) + C'),
        ('sql', 'sql_function', 'query', '      SELECT * FROM users WHERE id = 1; DROP TABLE users; --'),
        ('html', 'html_function', 'content', "      <script>alert('xss')</script><img src=x onerror=alert(1)>"),
        ('base64', 'binary_function', 'data', '      SGVsbG8gV29ybGQh')]:
    sgk_l('qwen3-coder-' + _n, 'Qwen3 Coder/XML', SGKQ + '(%s)' % _f + (' (shortened: a run of 32 or more characters mixing cases and digits is what a sample redacts as a token, and the cases hold nothing a sample would redact, proxy/sample TestCasesHaveNothingToRedact)' if _n == 'base64' else ''), sgk_q(_f, _k, _v), [T(_f, **{_k: S})], [(_f, {_k: _v + '\n    '})], note=SVQWS)

# --- Ministral 3 (test_template_output_peg_parsers, mistralai-Ministral-3-14B-Reasoning-2512.jinja)
SGKMI = SGKLC + 'test_template_output_peg_parsers (mistralai-Ministral-3-14B-Reasoning-2512.jinja) '
SGKMIT = [T('special_function', arg1=I), T('special_function_with_opt', arg1=I, arg2=I)]
sgk_l('ministral3-answer', 'Mistral', SGKMI + '(basic message)', "Hello, world!\nWhat's up?", SGKMIT)
sgk_l('ministral3-think-answer', 'Mistral', SGKMI + '(reasoning, reasoning_format none)', "[THINK]I'm\nthinking[/THINK]Hello, world!\nWhat's up?", SGKMIT)
sgk_l('ministral3-call', 'Mistral', SGKMI + '(tool call)', '[TOOL_CALLS]special_function[ARGS]{"arg1":1}', SGKMIT, [('special_function', {'arg1': 1})])
sgk_l('ministral3-think-call', 'Mistral', SGKMI + '(tool call with reasoning)', "[THINK]I'm\nthinking[/THINK][TOOL_CALLS]special_function[ARGS]{\"arg1\":1}", SGKMIT,
      [('special_function', {'arg1': 1})], keep="[THINK]I'm\nthinking[/THINK]", note='llama.cpp takes the [THINK] block as reasoning; toolfix keeps it as it came')
sgk_l('ministral3-parallel', 'Mistral', SGKMI + '(parallel tool calls)', '[TOOL_CALLS]special_function[ARGS]{"arg1": 1}[TOOL_CALLS]special_function_with_opt[ARGS]{"arg1": 1, "arg2": 2}', SGKMIT,
      [('special_function', {'arg1': 1}), ('special_function_with_opt', {'arg1': 1, 'arg2': 2})])
sgk_l('ministral3-response-format', 'Mistral', SGKMI + '(response format)', '[THINK]I need to output the invoice details in JSON[/THINK]```json\n{"amount": 123.45, "date": "2025-12-03"}\n```',
      [T('special_function', arg1=I)], note='a JSON answer to a response format, in a code fence: no call')

# --- Nemotron 3 Nano (test_template_output_peg_parsers, NVIDIA-Nemotron-3-Nano-30B-A3B-BF16.jinja):
# Qwen's <function=…> in <tool_call>, after the reasoning's </think>
SGKNN = SGKLC + 'test_template_output_peg_parsers (NVIDIA-Nemotron-3-Nano-30B-A3B-BF16.jinja) '
SGKNNT = SGKMIT + [T('python', code=S)]
def sgk_nq(n, *kv):  # Nemotron 3 Nano's call: each value on its own line
    return '<tool_call>\n<function=%s>\n' % n + ''.join('<parameter=%s>\n%s\n</parameter>\n' % p for p in zip(kv[::2], kv[1::2])) + '</function>\n</tool_call>'
SGKNNC = sgk_nq('special_function', 'arg1', '1')
SGKNNP = 'def hello():\n    print("Hello, world!")\n\nhello()'
sgk_l('nemotron3-nano-think-answer', 'Qwen3 Coder/XML', SGKNN + '(reasoning, reasoning_format none)', "I'm\nthinking\n</think>\nHello, world!\nWhat's up?", SGKNNT)
sgk_l('nemotron3-nano-call', 'Qwen3 Coder/XML', SGKNN + '(tool call)', SGKNNC, SGKNNT, [('special_function', {'arg1': 1})])
sgk_l('nemotron3-nano-think-call', 'Qwen3 Coder/XML', SGKNN + '(tool call with reasoning)', "I'm\nthinking\n</think>\n" + SGKNNC, SGKNNT, [('special_function', {'arg1': 1})],
      keep="I'm\nthinking\n</think>", note='llama.cpp takes the text before </think> as reasoning; toolfix keeps it as it came')
sgk_l('nemotron3-nano-parallel', 'Qwen3 Coder/XML', SGKNN + '(parallel tool calls)', SGKNNC + '\n' + sgk_nq('special_function_with_opt', 'arg1', '1', 'arg2', '2'), SGKNNT,
      [('special_function', {'arg1': 1}), ('special_function_with_opt', {'arg1': 1, 'arg2': 2})])
sgk_l('nemotron3-nano-code', 'Qwen3 Coder/XML', SGKNN + '(tool call with string parameter)', sgk_nq('python', 'code', SGKNNP), SGKNNT, [('python', {'code': SGKNNP})])
sgk_l('nemotron3-nano-code-no-param-closer', 'Qwen3 Coder/XML', SGKNN + '(string parameter and no closing </parameter> tag)',
      '<tool_call>\n<function=python>\n<parameter=code>\n' + SGKNNP + '\n</function>\n</tool_call>', SGKNNT, [('python', {'code': SGKNNP})],
      note='the parameter\'s closer left out before </function>: the value ends at the function\'s closer, as llama.cpp reads it')
sgk_l('nemotron3-nano-response-format', 'Qwen3 Coder/XML', SGKNN + '(response format)', 'I need to output the invoice details in JSON\n</think>\n{"amount": 123.45, "date": "2025-12-03"}', SGKNNT,
      note='a JSON answer to a response format, no call')

# --- mlx-lm laguna (ml-explore/mlx-lm commits 4264da5 "add tool parsing" and aa8eb90 "refactor tool
# parser and tests"): GLM's pairs after a name line, in <tool_call>
SGKLGW = T('get_weather', location=S, days=I, postal_code=S)
sgk_m('laguna-string-args', 'GLM 4.5/4.7', 'test_laguna_strips_function_name_and_preserves_string_args (in <tool_call>)',
      '<tool_call>get_weather\n<arg_key>location</arg_key>\n<arg_value>Warsaw</arg_value>\n<arg_key>days</arg_key>\n<arg_value>3</arg_value>\n<arg_key>postal_code</arg_key>\n<arg_value>00123</arg_value></tool_call>',
      [SGKLGW], [('get_weather', {'location': 'Warsaw', 'days': 3, 'postal_code': '00123'})], note='a string-typed 00123 stays the string the model wrote')
sgk_m('laguna-multiply', 'GLM 4.5/4.7', 'test_parsers[laguna] (in <tool_call>)',
      '<tool_call>multiply\n<arg_key>a</arg_key>\n<arg_value>12234585</arg_value>\n<arg_key>b</arg_key>\n<arg_value>48838483920</arg_value></tool_call>',
      [T('multiply', a=N, b=N)], [('multiply', {'a': 12234585, 'b': 48838483920})])
sgk_m('laguna-london', 'GLM 4.5/4.7', 'test_parsers[laguna] second set (in <tool_call>)', '<tool_call>get_current_temperature\n<arg_key>location</arg_key>\n<arg_value>London</arg_value></tool_call>',
      [T('get_current_temperature', location=S)], [('get_current_temperature', {'location': 'London'})])
SGKLGS = '<tool_call>search\n<arg_key>query</arg_key>\n<arg_value>weather</arg_value>\n</tool_call>'
SGKLGT = [T('search', query=S), T('read_file', path=S)]
sgk_m('laguna-full-tags', 'GLM 4.5/4.7', 'test_laguna_full_tool_call_tags', SGKLGS, SGKLGT, [('search', {'query': 'weather'})])
sgk_m('laguna-full-tags-two', 'GLM 4.5/4.7', 'test_laguna_full_tool_call_tags (two calls)', SGKLGS + '<tool_call>read_file\n<arg_key>path</arg_key>\n<arg_value>/tmp/test.txt</arg_value>\n</tool_call>', SGKLGT,
      [('search', {'query': 'weather'}), ('read_file', {'path': '/tmp/test.txt'})])
sgk_m('glm47-laguna-string-typed', 'GLM 4.5/4.7', 'test_glm47_string_typed_args (ml-explore/mlx-lm 7f7930e, Laguna\'s pairs one a line, in <tool_call>)',
      '<tool_call>get_weather\n<arg_key>postal_code</arg_key>\n<arg_value>123</arg_value>\n<arg_key>days</arg_key>\n<arg_value>3</arg_value></tool_call>',
      [T('get_weather', postal_code=S, days=I)], [('get_weather', {'postal_code': '123', 'days': 3})])

# --- mlx-lm llm_jp_harmony (ml-explore/mlx-lm 7f7930e): LLM-jp-4.1 writes gpt-oss's Harmony with a
# space after every special token; the parser is given the text after " to=functions.", so each
# vector writes the message the model does, after its analysis message
SGKJA = '<|channel|> analysis<|message|> The user asks for the weather.<|end|>'
SGKJ = 'test_llm_jp_harmony '
SGKJW = [T('get_weather', city=S), T('ping'), T('spotify.play', artist=S, options=O), T('get_time', city=S)]
sgk_m('llm-jp-harmony-role-header', 'gpt-oss Harmony', SGKJ + '(recipient in the role header)',
      SGKJA + '<|start|> assistant to=functions.get_weather<|channel|> commentary <|constrain|>  json<|message|> {"city": "Tokyo"}', SGKJW,
      [('get_weather', {'city': 'Tokyo'})], keep=SGKJA, note='mlx-lm takes the analysis message as reasoning; toolfix keeps it as it came')
sgk_m('llm-jp-harmony-channel-header', 'gpt-oss Harmony', SGKJ + '(recipient in the channel header)',
      SGKJA + '<|start|> assistant<|channel|> commentary to=functions.get_weather <|constrain|>  json<|message|> {"city": "Osaka"}', SGKJW,
      [('get_weather', {'city': 'Osaka'})], keep=SGKJA)
sgk_m('llm-jp-harmony-nested', 'gpt-oss Harmony', SGKJ + '(nested arguments and a name with dots)',
      '<|start|> assistant to=functions.spotify.play<|channel|> commentary <|constrain|>  json<|message|> {"artist": "Taylor Swift", "options": {"shuffle": true, "n": 2}}<|call|>', SGKJW,
      [('spotify.play', {'artist': 'Taylor Swift', 'options': {'shuffle': True, 'n': 2}})])
sgk_m('llm-jp-harmony-empty-body', 'gpt-oss Harmony', SGKJ + '(empty body)', '<|start|> assistant to=functions.ping<|channel|> commentary<|message|> ', SGKJW,
      note='disagrees on purpose: mlx-lm reads a message with no arguments as {}; a text that ends before the arguments object came may be cut off, and a cut-off call is never completed')
sgk_m('llm-jp-harmony-cut', 'gpt-oss Harmony', SGKJ + '(truncated JSON)', '<|start|> assistant to=functions.get_weather<|channel|> commentary <|constrain|>  json<|message|> {"city": "To', SGKJW, note=SGKCUT)
sgk_m('llm-jp-harmony-parallel', 'gpt-oss Harmony', SGKJ + ' (parallel calls, consecutive assistant messages, all but the last closed by <|end|>, as ggml-org/llama.cpp common/parsers/llm-jp-harmony.cpp reads them)',
      '<|start|> assistant to=functions.get_weather<|channel|> commentary <|constrain|>  json<|message|> {"city": "Tokyo"}<|end|><|start|> assistant to=functions.get_time<|channel|> commentary <|constrain|>  json<|message|> {"city": "Tokyo"}', SGKJW,
      [('get_weather', {'city': 'Tokyo'}), ('get_time', {'city': 'Tokyo'})])

# --- mlx-lm hy_v3 and hy_v3_opensource (ml-explore/mlx-lm 84f6d12 "Fix for Hy3 final"): Hunyuan (Hy)
# V3's pairs in <tool_calls>, and the :opensource tags
SGKHY = [T('search', query=S), T('read_file', path=S), T('configure', name=S, limit=I, enabled=B), T('multiply', a=N, b=N), T('get_current_temperature', location=S)]
def sgk_hy(sx, *calls):  # calls of (name, key, value, …), each value after a line break
    return '<tool_calls%s>' % sx + '\n'.join('<tool_call%s>%s<tool_sep%s>\n' % (sx, c[0], sx) + ''.join('<arg_key%s>%s</arg_key%s>\n<arg_value%s>%s</arg_value%s>\n' % (sx, k, sx, sx, v, sx) for k, v in zip(c[1::2], c[2::2])) + '</tool_call%s>' % sx for c in calls) + '</tool_calls%s>' % sx
for _sx, _t in (('', 'test_hy_v3'), (':opensource', 'test_hy_v3_opensource')):
    _p = 'hy-v3' + ('-opensource' if _sx else '')
    sgk_m(_p + '-single', 'Hunyuan V3/V4', _t + ' (single tool call, in <tool_calls%s>)' % _sx, sgk_hy(_sx, ('search', 'query', 'weather')), SGKHY, [('search', {'query': 'weather'})])
    sgk_m(_p + '-two', 'Hunyuan V3/V4', _t + ' (multiple tool calls, in <tool_calls%s>)' % _sx, sgk_hy(_sx, ('search', 'query', 'weather'), ('read_file', 'path', '/tmp/test.txt')), SGKHY,
          [('search', {'query': 'weather'}), ('read_file', {'path': '/tmp/test.txt'})])
    sgk_m(_p + '-multiply', 'Hunyuan V3/V4', 'test_parsers[%s] (in <tool_calls%s>)' % (_t[5:], _sx), sgk_hy(_sx, ('multiply', 'a', '12234585', 'b', '48838483920')), SGKHY,
          [('multiply', {'a': 12234585, 'b': 48838483920})])
    sgk_m(_p + '-london', 'Hunyuan V3/V4', 'test_parsers[%s] second set (in <tool_calls%s>)' % (_t[5:], _sx), sgk_hy(_sx, ('get_current_temperature', 'location', 'London')), SGKHY,
          [('get_current_temperature', {'location': 'London'})])
sgk_m('hy-v3-typed', 'Hunyuan V3/V4', 'test_hy_v3 (type coercion via schema, in <tool_calls>)', sgk_hy('', ('configure', 'name', '5', 'limit', '5', 'enabled', 'true')), SGKHY,
      [('configure', {'name': '5', 'limit': 5, 'enabled': True})])
sgk_m('hy-v3-opensource-truncated', 'Hunyuan V3/V4', 'test_hy_v3_opensource (truncated call without the </tool_call:opensource> terminator)',
      '<tool_calls:opensource><tool_call:opensource>search<tool_sep:opensource>\n<arg_key:opensource>query</arg_key:opensource>\n<arg_value:opensource>weather</arg_value:opensource>', SGKHY,
      [('search', {'query': 'weather'})], note='the missing </tool_call:opensource> and </tool_calls:opensource> are forgiven: the last value is complete')

# --- mlx-lm pythonic, mistral and qwen3_coder tests newer than servers.py's batch (ml-explore/mlx-lm
# 7f7930e), each in its parser's tokens (pythonic: LFM2's <|tool_call_start|>; mistral: after
# [TOOL_CALLS]; qwen3_coder: in <tool_call>)
def sgk_lw(t): return '<|tool_call_start|>' + t + '<|tool_call_end|>'
sgk_m('pythonic-single-quoted-commas', 'pythonic', 'test_pythonic_single_quoted_args_with_commas', sgk_lw("[write(filePath='/tmp/hello.py', content='# Hello, world!')]"),
      [T('write', filePath=S, content=S)], [('write', {'filePath': '/tmp/hello.py', 'content': '# Hello, world!'})])
sgk_m('pythonic-double-quoted-commas', 'pythonic', 'test_pythonic_single_quoted_args_with_commas (double-quoted)', sgk_lw('[search(query="hello, world")]'),
      [T('search', query=S)], [('search', {'query': 'hello, world'})])
sgk_m('pythonic-json-literals', 'pythonic', 'test_pythonic_nested_args (containers rendered with tojson)',
      sgk_lw('[grocery.orderIngredients(ingredientList=[{"name": "noodles", "organic": true, "unit": null}], deliveryAddress="845 Willow Lane, Springfield, IL 62704")]'),
      [T('grocery.orderIngredients', ingredientList=A, deliveryAddress=S)],
      [('grocery.orderIngredients', {'ingredientList': [{'name': 'noodles', 'organic': True, 'unit': None}], 'deliveryAddress': '845 Willow Lane, Springfield, IL 62704'})],
      note='the template renders a container argument with tojson, so its true, false and null are read as Python\'s True, False and None')
sgk_m('pythonic-parallel', 'pythonic', 'test_pythonic_parallel_calls', sgk_lw('[get_time(location="Paris"), get_temperature(location="Tokyo")]'),
      [T('get_time', location=S), T('get_temperature', location=S)], [('get_time', {'location': 'Paris'}), ('get_temperature', {'location': 'Tokyo'})])
sgk_m('pythonic-hyphen-name', 'pythonic', 'test_pythonic_invalid_calls (a hyphenated name)', sgk_lw('[manim-video(mode="plan")]'), [T('manim-video', mode=S)],
      note='manim-video is no Python name, so the list is no Python call list; mlx-lm rejects it too')
sgk_m('pythonic-no-brackets', 'pythonic', 'test_pythonic_invalid_calls (no list brackets)', sgk_lw('get_time(location="Paris")'), [T('get_time', location=S)],
      [('get_time', {'location': 'Paris'})], note='mlx-lm rejects a call without its list\'s brackets; LFM2\'s tokens, which no prose writes, mark it a call, so toolfix takes it, as it takes SGLang multi_format\'s one call in <tool_call>')
SGKMW = [T('get_weather', city=S), T('get-weather', city=S), T('a', x=I), T('b', y=I), T('run', cmd=S, opts=O), T('c', e=S), T('shell', cmd=S)]
sgk_m('mistral-text-after', 'Mistral', 'test_mistral (single call with trailing natural-language text)', '[TOOL_CALLS]get_weather[ARGS]{"city": "Paris"}\n\nLet me check that.', SGKMW, note=SGKTAIL)
sgk_m('mistral-parallel-hyphen', 'Mistral', 'test_mistral (parallel calls, a hyphenated name)', '[TOOL_CALLS]get-weather[ARGS]{"city": "Paris"}[TOOL_CALLS]get_weather[ARGS]{"city": "Tokyo"}', SGKMW,
      [('get-weather', {'city': 'Paris'}), ('get_weather', {'city': 'Tokyo'})])
sgk_m('mistral-no-separator', 'Mistral', 'test_mistral (multiple calls with no separator between them)', '[TOOL_CALLS]a[ARGS]{"x": 1}b[ARGS]{"y": 2}', SGKMW,
      note='disagrees on purpose: the template writes [TOOL_CALLS] before every call; a name glued after a call\'s object is text after the markup, and toolfix takes a tail whole or not at all')
sgk_m('mistral-braces-in-string', 'Mistral', 'test_mistral (nested JSON, braces and [ARGS] inside a string)', '[TOOL_CALLS]run[ARGS]{"cmd": "echo {x} [ARGS] }", "opts": {"deep": [1, 2, {"k": "v"}]}}', SGKMW,
      [('run', {'cmd': 'echo {x} [ARGS] }', 'opts': {'deep': [1, 2, {'k': 'v'}]}})])
sgk_m('mistral-second-cut', 'Mistral', 'test_mistral (the second call cut off)', '[TOOL_CALLS]a[ARGS]{"x": 1}b[ARGS]{"y":', SGKMW, note=SGKCUT)
sgk_m('mistral-json-list', 'Mistral', 'test_mistral_json_list (after [TOOL_CALLS])', '[TOOL_CALLS][{"name": "get_weather", "arguments": {"city": "Paris"}}]', SGKMW, [('get_weather', {'city': 'Paris'})])
sgk_m('mistral-json-list-string-args', 'Mistral', 'test_mistral_json_list (arguments as a JSON string, an id)', '[TOOL_CALLS][{"name": "c", "arguments": "{\\"e\\": \\"2+3\\"}", "id": "abcdefghi"}]', SGKMW,
      [('c', {'e': '2+3'})])
sgk_m('mistral-json-list-two-empty', 'Mistral', 'test_mistral_json_list (two calls without arguments)', '[TOOL_CALLS][{"name": "a", "arguments": {}}, {"name": "b", "arguments": {}}]', SGKMW, [('a', {}), ('b', {})])
sgk_m('mistral-json-list-args-token-in-string', 'Mistral', 'test_mistral_json_list ([ARGS] inside a string)', '[TOOL_CALLS][{"name": "shell", "arguments": {"cmd": "run[ARGS]{}"}}]', SGKMW,
      [('shell', {'cmd': 'run[ARGS]{}'})])
sgk_m('mistral-json-list-bad-name', 'Mistral', 'test_mistral_json_list (a malformed entry raises)', '[TOOL_CALLS][{"name": 1, "arguments": {"cmd": "run[ARGS]{}"}}]', SGKMW,
      note='a name that is no string names no tool; mlx-lm raises too')
SGKQR = [T('read_file', path=S), T('get_current_time')]
sgk_m('qwen3-coder-param-name-unclosed', 'Qwen3 Coder/XML', 'test_qwen3_coder_missing_parameter_tag_close (in <tool_call>)', '<tool_call>\n<function=read_file>\n<parameter=path\n/etc/hosts\n</parameter>\n</function>\n</tool_call>', SGKQR,
      note='disagrees on purpose: the > after the parameter\'s name was left out; mlx-lm mends it at the line break, toolfix reads only well-formed tags')
sgk_m('qwen3-coder-function-name-unclosed', 'Qwen3 Coder/XML', 'test_qwen3_coder_missing_function_tag_close (in <tool_call>)', '<tool_call>\n<function=get_current_time\n</parameter>\n</function>\n</tool_call>', SGKQR,
      note='disagrees on purpose: the > after the function\'s name was left out and an orphan </parameter> follows; mlx-lm mends both, toolfix reads only well-formed tags')
SGKQU = [('f', {}, {'type': 'object', 'properties': {'value': {'anyOf': [{'type': 'object'}, {'type': 'array'}, {'type': 'string'}]}}})]
SGKQUJ = ('disagrees on purpose: mlx-lm reads JSON text as the object or array the union allows; the union allows a string too, which the text is as the '
          'model wrote it, and toolfix does not guess that JSON text meant the structure (the template writes a string raw and an object as JSON, so both read alike)')
for _n, _v, _note in [('object', '{"kind": "new"}', SGKQUJ), ('array', '["a", "b"]', SGKQUJ), ('text', 'plain text', ''), ('unfinished', '["unfinished"', ''), ('number', '123', '')]:
    sgk_m('qwen3-coder-union-' + _n, 'Qwen3 Coder/XML', 'test_qwen3_coder_untyped_param (%s, in <tool_call>)' % _v, '<tool_call><function=f><parameter=value>%s</parameter></function></tool_call>' % _v, SGKQU,
          [('f', {'value': _v})], note=_note or 'a value of a union of object, array and string that fits no structure stays the text as written')
