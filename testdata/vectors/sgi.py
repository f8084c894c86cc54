# Ollama's own parser tests converted in issue 20, part I (helper sgi): model/parsers/*_test.go
# not yet converted by servers.py and gen.py (deepseek3, ministral, glm47, …). Each vector is a
# test's model output (a streaming test's chunks joined) with the calls Ollama expects. Ollama
# often declares tools with no properties, or none at all; a vector declares each tool the call
# names with the property types of its arguments, since toolfix takes only a declared tool and
# types values by schema. Run by gen.py in its own names (vec, T, S, I, …); the helpers here
# start with sgi_ or SGI.
SGI = 'ollama/ollama model/parsers/'


def sgi_v(name, family, test, text, tools, calls=None, keep='', note=''):
    vec(name, family, SGI + test, text, tools, calls, keep=keep, note=note, pre='ollama-')


SGIOUT = 'Ollama strips the tool-output tokens from the content; toolfix passes the text as it came (a tool output is no call)'
SGITAIL = 'disagrees on purpose: tail only; text after the markup leaves it as it came'

# --- DeepSeek V3 (deepseek3_test.go): name<｜tool▁sep｜>JSON calls, the DeepSeek V3.1 row
SGID = 'deepseek3_test.go TestDeepSeekParser'
SGIDB, SGIDE = '<｜tool▁calls▁begin｜>', '<｜tool▁calls▁end｜>'
def sgi_d(*calls):  # calls of (name, JSON arguments) in one block
    return SGIDB + ''.join('<｜tool▁call▁begin｜>%s<｜tool▁sep｜>%s<｜tool▁call▁end｜>' % c for c in calls) + SGIDE
SGIDW = T('get_weather', location=S)
sgi_v('deepseek3-simple-content', 'DeepSeek V3.1', SGID + '[simple_content]', 'Hello, how are you?', [SGIDW])
sgi_v('deepseek3-thinking-content', 'DeepSeek V3.1', SGID + '[thinking_content]', 'I need to think about this...</think>The answer is 42.', [SGIDW])
sgi_v('deepseek3-thinking-newlines', 'DeepSeek V3.1', SGID + '[thinking_with_newlines]', "Let me think:\n- Point 1\n- Point 2</think>\n\nHere's my answer.", [SGIDW])
sgi_v('deepseek3-tool-call', 'DeepSeek V3.1', SGID + '[tool_call_simple]', "I'll check the weather." + sgi_d(('get_weather', '{"location":"Paris"}')), [SGIDW],
    [('get_weather', {'location': 'Paris'})], keep="I'll check the weather.")
sgi_v('deepseek3-two-calls', 'DeepSeek V3.1', SGID + '[multiple_tool_calls]', 'Getting weather for both cities.' + sgi_d(('get_weather', '{"location":"Paris"}'), ('get_weather', '{"location":"London"}')), [SGIDW],
    [('get_weather', {'location': 'Paris'}), ('get_weather', {'location': 'London'})], keep='Getting weather for both cities.')
sgi_v('deepseek3-tool-output', 'DeepSeek V3.1', SGID + '[tool_output]', "Here's the weather: <｜tool▁output▁begin｜>Temperature: 22°C, Sunny<｜tool▁output▁end｜> Hope that helps!", [SGIDW], note=SGIOUT)
SGIDP = T('process_data', items=A, config=O)
sgi_v('deepseek3-complex-args', 'DeepSeek V3.1', SGID + '[complex_tool_arguments]', 'Processing data.' + sgi_d(('process_data', '{"items":["item1","item2"],"config":{"enabled":true,"threshold":0.95}}')), [SGIDP],
    [('process_data', {'items': ['item1', 'item2'], 'config': {'enabled': True, 'threshold': 0.95}})], keep='Processing data.')
sgi_v('deepseek3-think-then-call', 'DeepSeek V3.1', SGID + '[thinking_with_tool_call]', "Let me check the weather...</think>I'll get that for you." + sgi_d(('get_weather', '{"location":"Paris"}')), [SGIDW],
    [('get_weather', {'location': 'Paris'})], keep="Let me check the weather...</think>I'll get that for you.", note='Ollama splits the reasoning off at </think>; toolfix keeps the text before the call as it came')
sgi_v('deepseek3-only-thinking', 'DeepSeek V3.1', SGID + '[only_thinking]', 'Just thinking content</think>', [SGIDW])
sgi_v('deepseek3-two-tool-outputs', 'DeepSeek V3.1', SGID + '[multiple_tool_outputs]', 'Results: <｜tool▁output▁begin｜>Paris: 22°C<｜tool▁output▁end｜> and <｜tool▁output▁begin｜>London: 18°C<｜tool▁output▁end｜>', [SGIDW], note=SGIOUT)
sgi_v('deepseek3-unicode-content', 'DeepSeek V3.1', SGID + '[unicode_content]', 'مرحبا بالعالم! 你好世界! 🌍', [SGIDW])
sgi_v('deepseek3-emoji', 'DeepSeek V3.1', SGID + '[emoji_passthrough]', 'Task completed ✅ 🎉', [SGIDW])
sgi_v('deepseek3-emoji-after-call', 'DeepSeek V3.1', SGID + '[emoji_after_tool_call]', "I'll help you." + sgi_d(('get_weather', '{"location":"Tokyo"}')) + '完成 ✅', [SGIDW], note=SGITAIL)
sgi_v('deepseek3-whitespace', 'DeepSeek V3.1', SGID + '[newlines_and_whitespace]', 'Line 1\n\nLine 3\t\tTabbed content', [SGIDW])
sgi_v('deepseek3-thinking-unicode', 'DeepSeek V3.1', SGID + '[thinking_with_unicode]', '我在思考这个问题...</think>答案是42。', [SGIDW])
SGIDS = T('search', query=S, language=S)
sgi_v('deepseek3-unicode-args', 'DeepSeek V3.1', SGID + '[tool_call_with_unicode_args]', 'Searching for information.' + sgi_d(('search', '{"query":"北京天气","language":"中文"}')), [SGIDS],
    [('search', {'query': '北京天气', 'language': '中文'})], keep='Searching for information.')
sgi_v('deepseek3-tool-output-unicode', 'DeepSeek V3.1', SGID + '[tool_output_with_unicode]', '天气信息: <｜tool▁output▁begin｜>北京: 25°C, 晴天<｜tool▁output▁end｜> 希望对您有帮助!', [SGIDW], note=SGIOUT)
sgi_v('deepseek3-special-chars-output', 'DeepSeek V3.1', SGID + '[mixed_content_with_special_chars]', 'Price: $100 & tax @ 10% = $110 <｜tool▁output▁begin｜>Total: $110<｜tool▁output▁end｜> (final)', [SGIDW], note=SGIOUT)
SGIDX = T('execute_command', command=S, path=S)
sgi_v('deepseek3-special-chars-args', 'DeepSeek V3.1', SGID + '[tool_call_with_special_chars]', 'Processing data.' + sgi_d(('execute_command', '{"command":"ls && echo \\"done\\"","path":"/home/user"}')), [SGIDX],
    [('execute_command', {'command': 'ls && echo "done"', 'path': '/home/user'})], keep='Processing data.')
sgi_v('deepseek3-thinking-special', 'DeepSeek V3.1', SGID + '[thinking_with_special_chars]', 'Let me calculate: 2+2=4 & 3*3=9...</think>The results are correct!', [SGIDW])
sgi_v('deepseek3-empty-args', 'DeepSeek V3.1', SGID + '[empty_tool_call_args]', 'Pinging server.' + sgi_d(('ping', '{}')), [T('ping')], [('ping', {})], keep='Pinging server.')
sgi_v('deepseek3-empty-tool-output', 'DeepSeek V3.1', SGID + '[empty_tool_output]', 'Checking status: <｜tool▁output▁begin｜><｜tool▁output▁end｜> No output received.', [SGIDW], note=SGIOUT)
SGIDST = 'deepseek3_test.go TestDeepSeekParser_Streaming'
sgi_v('deepseek3-stream-call', 'DeepSeek V3.1', SGIDST + '[streaming_tool_call]', "I'll check weather." + sgi_d(('get_weather', '{"location":"Paris"}')), [SGIDW],
    [('get_weather', {'location': 'Paris'})], keep="I'll check weather.")
sgi_v('deepseek3-stream-split-tags', 'DeepSeek V3.1', SGIDST + '[streaming_with_split_tags]', 'Content before ' + sgi_d(('test', '{}')) + ' after', [T('test')], note=SGITAIL)
sgi_v('deepseek3-stream-split-json', 'DeepSeek V3.1', SGIDST + '[streaming_tool_call_with_split_json]', 'Processing.' + sgi_d(('calc', '{"x":42,"y":24}')), [T('calc', x=N, y=N)],
    [('calc', {'x': 42, 'y': 24})], keep='Processing.')
sgi_v('deepseek3-stream-thinking', 'DeepSeek V3.1', SGIDST + '[streaming_thinking_with_partial_tag]', 'Thinking about this...</think>Done thinking.', [SGIDW])

# --- Ministral (ministral_test.go TestMinistralParser_EdgeCases, the error cases servers.py has not)
SGIME = 'ministral_test.go TestMinistralParser_EdgeCases'
def sgi_m(n, a): return '[TOOL_CALLS]' + n + '[ARGS]' + a
sgi_v('ministral-unknown-tool', 'Mistral', SGIME + '[unknown tool returns error]', sgi_m('unknown_tool', '{"a": 1}'), [T('known_tool', a=I)])
sgi_v('ministral-invalid-json', 'Mistral', SGIME + '[invalid JSON returns error]', sgi_m('test', '{invalid json}'), [T('test', a=O)])

# --- GLM 4.7 (glm47_test.go): <tool_call>NAME<arg_key>…</arg_key><arg_value>…</arg_value></tool_call>
SGIG = 'glm47_test.go '
def sgi_g(n, *kv): return '<tool_call>' + n + ''.join('<arg_key>%s</arg_key><arg_value>%s</arg_value>' % p for p in zip(kv[::2], kv[1::2])) + '</tool_call>'
SGIGC = T('calculate', count=I, enabled=B)
sgi_v('glm47-think-answer-call', 'GLM 4.5/4.7', SGIG + 'TestGLM47ParserAdd', 'plan</think>Answer' + sgi_g('calculate', 'count', '3', 'enabled', 'true'), [SGIGC],
    note='disagrees on purpose: <tool_call> glued to a word of an unfinished sentence is how prose names the tag; toolfix takes GLM markup at a line start or after a finished sentence')
sgi_v('glm47-think-then-call', 'GLM 4.5/4.7', SGIG + 'TestGLM47ParserAdd (without the content word)', 'plan</think>' + sgi_g('calculate', 'count', '3', 'enabled', 'true'), [SGIGC],
    [('calculate', {'count': 3, 'enabled': True})], keep='plan</think>', note='Ollama splits the reasoning off at </think>; toolfix keeps the text before the call as it came')
sgi_v('glm47-no-thinking', 'GLM 4.5/4.7', SGIG + 'TestGLM47ParserNoThinkingContent', '</think>Plain answer', [SGIGC])
sgi_v('glm47-thinking-disabled', 'GLM 4.5/4.7', SGIG + 'TestGLM47ParserThinkingDisabled', 'Plain answer', [SGIGC])
sgi_v('glm47-escaping', 'GLM 4.5/4.7', SGIG + 'TestGLM47ParserToolCallEscaping (in <tool_call>)', '<tool_call>exec\n<arg_key>expr</arg_key>\n<arg_value>a < b && c > d</arg_value></tool_call>', [T('exec', expr=S)],
    [('exec', {'expr': 'a < b && c > d'})])
sgi_v('glm47-close-tag-in-value', 'GLM 4.5/4.7', SGIG + 'TestGLM47ParserToolCloseTagInsideArgumentValue',
    sgi_g('write_file', 'path', 'docs/format.md', 'content', 'Wrap each call in <tool_call> and </tool_call>; this text is part of the argument.'), [T('write_file', path=S, content=S)],
    note='disagrees on purpose: the value holds the closer </tool_call>; toolfix ends the call at its first closer, so prose follows the markup and the text passes')
SGIG3 = [T('first', a=S), T('second', b=S), T('third', c=S)]
SGIG3C = [('first', {'a': '1'}), ('second', {'b': '2'}), ('third', {'c': '3'})]
sgi_v('glm47-three-calls', 'GLM 4.5/4.7', SGIG + 'TestGLM47ParserToolCallIndexing', 'plan</think>\n' + '\n'.join([sgi_g('first', 'a', '1'), sgi_g('second', 'b', '2'), sgi_g('third', 'c', '3')]), SGIG3, SGIG3C, keep='plan</think>')
sgi_v('glm47-three-calls-glued', 'GLM 4.5/4.7', SGIG + 'TestGLM47ParserToolCallIndexingStreaming', 'plan</think>' + sgi_g('first', 'a', '1') + sgi_g('second', 'b', '2') + sgi_g('third', 'c', '3'), SGIG3, SGIG3C, keep='plan</think>')
sgi_v('glm47-index-reset', 'GLM 4.5/4.7', SGIG + 'TestGLM47ParserToolCallIndexResetOnInit (its second output)', 'plan</think>' + sgi_g('second', 'b', '2'), SGIG3, [('second', {'b': '2'})], keep='plan</think>')

# --- MiniMax M2 (minimaxm2_test.go): <minimax:tool_call> around invoke/parameter elements
SGIX = 'minimaxm2_test.go TestMiniMaxM2Parser'
SGIXT = [T('get_weather', location=S, unit=S), T('search_web', query=S, limit=I), T('calculate', expression=S)]
def sgi_x(*invs): return '<minimax:tool_call>\n' + ''.join(invs) + '</minimax:tool_call>'
def sgi_xi(n, *kv): return '<invoke name="%s">\n' % n + ''.join('<parameter name="%s">%s</parameter>\n' % p for p in zip(kv[::2], kv[1::2])) + '</invoke>\n'
SGIXTK = sgi_x(sgi_xi('get_weather', 'location', 'Tokyo'))
SGIXTKC = [('get_weather', {'location': 'Tokyo'})]
sgi_v('minimax-m2-content', 'MiniMax M2', SGIX + '[simple content]', 'Hello world', SGIXT)
sgi_v('minimax-m2-single', 'MiniMax M2', SGIX + '[single invoke with single parameter]', SGIXTK, SGIXT, SGIXTKC)
sgi_v('minimax-m2-two-params', 'MiniMax M2', SGIX + '[single invoke with multiple parameters]', sgi_x(sgi_xi('get_weather', 'location', 'San Francisco', 'unit', 'celsius')), SGIXT,
    [('get_weather', {'location': 'San Francisco', 'unit': 'celsius'})])
sgi_v('minimax-m2-no-params', 'MiniMax M2', SGIX + '[single invoke with no parameters]', sgi_x(sgi_xi('calculate')), SGIXT, [('calculate', {})])
sgi_v('minimax-m2-two-invokes', 'MiniMax M2', SGIX + '[multiple invokes in one tool_call block]', sgi_x(sgi_xi('get_weather', 'location', 'Tokyo'), sgi_xi('get_weather', 'location', 'London')), SGIXT,
    [('get_weather', {'location': 'Tokyo'}), ('get_weather', {'location': 'London'})])
sgi_v('minimax-m2-object-for-string', 'MiniMax M2', SGIX + '[parameter with JSON object value]', sgi_x(sgi_xi('search_web', 'query', '{"keywords": ["AI", "news"]}')), SGIXT,
    [('search_web', {'query': '{"keywords": ["AI", "news"]}'})], note='disagrees on purpose: Ollama reads the value as JSON; the declared type is string, so toolfix keeps the text as the model wrote it')
sgi_v('minimax-m2-array-for-string', 'MiniMax M2', SGIX + '[parameter with JSON array value]', sgi_x(sgi_xi('search_web', 'query', '["AI", "machine learning"]')), SGIXT,
    [('search_web', {'query': '["AI", "machine learning"]'})], note='disagrees on purpose: Ollama reads the value as JSON; the declared type is string, so toolfix keeps the text as the model wrote it')
sgi_v('minimax-m2-integer', 'MiniMax M2', SGIX + '[parameter with integer value]', sgi_x(sgi_xi('search_web', 'query', 'AI news', 'limit', '10')), SGIXT, [('search_web', {'query': 'AI news', 'limit': 10})])
sgi_v('minimax-m2-content-before', 'MiniMax M2', SGIX + '[content before tool call]', 'Let me check the weather. ' + SGIXTK, SGIXT, SGIXTKC, keep='Let me check the weather.')
sgi_v('minimax-m2-content-after', 'MiniMax M2', SGIX + '[content after tool call]', SGIXTK + '\nHere is the weather.', SGIXT, note=SGITAIL)
sgi_v('minimax-m2-content-around', 'MiniMax M2', SGIX + '[content before and after tool call]', 'Let me check. ' + SGIXTK + '\nDone checking.', SGIXT, note=SGITAIL)
sgi_v('minimax-m2-thinking-only', 'MiniMax M2', SGIX + '[thinking content only]', '<think>I need to analyze this problem first.</think>', SGIXT)
sgi_v('minimax-m2-think-then-call', 'MiniMax M2', SGIX + '[thinking then tool call]', '<think>I should check the weather.</think>\n' + SGIXTK, SGIXT, SGIXTKC, keep='<think>I should check the weather.</think>',
    note='Ollama takes the <think> block as reasoning; toolfix keeps it as it came')
sgi_v('minimax-m2-think-in-content', 'MiniMax M2', SGIX + '[thinking with content]', 'Let me think. <think>This is complex.</think> Okay, done.', SGIXT)
sgi_v('minimax-m2-blank-value', 'MiniMax M2', SGIX + '[whitespace in parameter values]', sgi_x(sgi_xi('get_weather', 'location', '  San Francisco  ')), SGIXT, [('get_weather', {'location': '  San Francisco  '})],
    note='disagrees on purpose: Ollama trims the value; toolfix keeps a string value as the model wrote it, its blanks too')
sgi_v('minimax-m2-empty-value', 'MiniMax M2', SGIX + '[empty parameter value]', sgi_x(sgi_xi('get_weather', 'location', '')), SGIXT, [('get_weather', {'location': ''})])
sgi_v('minimax-m2-entity', 'MiniMax M2', SGIX + '[special characters in values]', sgi_x(sgi_xi('search_web', 'query', 'AI &amp; Machine Learning')), SGIXT, [('search_web', {'query': 'AI &amp; Machine Learning'})])
sgi_v('minimax-m2-call-in-think', 'MiniMax M2', SGIX + '[tool call inside think tag (should treat as thinking)]',
    '<think>Maybe I should call <minimax:tool_call><invoke name="get_weather"><parameter name="location">Tokyo</parameter></invoke></minimax:tool_call></think>', SGIXT)
sgi_v('minimax-m2-two-thinks', 'MiniMax M2', SGIX + '[multiple thinking blocks]', '<think>First thought</think> Some content. <think>Second thought</think>', SGIXT)
sgi_v('minimax-m2-two-blocks-text-between', 'MiniMax M2', SGIX + '[multiple tool call blocks]', SGIXTK + '\nSome text.\n' + sgi_x(sgi_xi('search_web', 'query', 'news')), SGIXT,
    [('search_web', {'query': 'news'})], keep=SGIXTK + '\nSome text.',
    note='disagrees on purpose: Ollama runs both blocks; toolfix takes only the block at the tail, and the first, followed by prose, stays text')
sgi_v('minimax-m2-no-param-closer', 'MiniMax M2', SGIX + '[missing closing parameter tag]', '<minimax:tool_call>\n<invoke name="get_weather">\n<parameter name="location">Tokyo</invoke>\n</minimax:tool_call>', SGIXT,
    note='disagrees on purpose: Ollama mends the missing </parameter>; toolfix reads only well-formed markup')
sgi_v('minimax-m2-no-invoke-closer', 'MiniMax M2', SGIX + '[missing closing invoke tag]', '<minimax:tool_call>\n<invoke name="get_weather">\n<parameter name="location">Tokyo</parameter>\n</minimax:tool_call>', SGIXT,
    note='disagrees on purpose: Ollama mends the missing </invoke>; toolfix reads only well-formed markup')
sgi_v('minimax-m2-value-lines', 'MiniMax M2', SGIX + '[parameter with newlines (should trim)]', sgi_x(sgi_xi('get_weather', 'location', '\nTokyo\n')), SGIXT, [('get_weather', {'location': '\nTokyo\n'})],
    note='disagrees on purpose: Ollama trims the value; toolfix keeps a string value as the model wrote it, its line breaks too')
SGIXS = 'minimaxm2_test.go TestMiniMaxM2ParserStreaming'
sgi_v('minimax-m2-stream-split-tag', 'MiniMax M2', SGIXS + '[tool call tag split across chunks]', 'Let me check. ' + SGIXTK, [T('get_weather', location=S)], SGIXTKC, keep='Let me check.')
sgi_v('minimax-m2-stream-split-value', 'MiniMax M2', SGIXS + '[parameter value split across chunks]', sgi_x(sgi_xi('get_weather', 'location', 'San Francisco')), [T('get_weather', location=S)], [('get_weather', {'location': 'San Francisco'})])
sgi_v('minimax-m2-stream-think', 'MiniMax M2', SGIXS + '[thinking tag split across chunks]', 'Let me think. <think>This is complex.</think> Done.', [T('get_weather', location=S)])

# --- FunctionGemma (functiongemma_test.go TestFunctionGemmaParser, chunks joined)
SGIF = 'functiongemma_test.go TestFunctionGemmaParser'
def sgi_f(n, b): return '<start_function_call>call:' + n + '{' + b + '}<end_function_call>'
def sgi_e(s): return '<escape>' + s + '<escape>'
SGIFW, SGIFT = T('get_weather', city=S), T('get_time', timezone=S)
sgi_v('functiongemma-plain', 'FunctionGemma', SGIF + '[plain_content]', 'Hello, world!', [SGIFW])
sgi_v('functiongemma-simple', 'FunctionGemma', SGIF + '[simple_tool_call]', sgi_f('get_weather', 'city:' + sgi_e('Paris')), [SGIFW], [('get_weather', {'city': 'Paris'})])
sgi_v('functiongemma-multiline', 'FunctionGemma', SGIF + '[multiline_string_argument]', sgi_f('write_file', 'content:' + sgi_e('first line\nsecond line')), [T('write_file', content=S)], [('write_file', {'content': 'first line\nsecond line'})])
sgi_v('functiongemma-crlf', 'FunctionGemma', SGIF + '[chunked_multiline_string_argument]', sgi_f('write_file', 'content:' + sgi_e('first line\r\nsecond line')), [T('write_file', content=S)], [('write_file', {'content': 'first line\r\nsecond line'})])
sgi_v('functiongemma-content-before', 'FunctionGemma', SGIF + '[content_before_tool_call]', 'Let me check.' + sgi_f('get_weather', 'city:' + sgi_e('Paris')), [SGIFW], [('get_weather', {'city': 'Paris'})], keep='Let me check.')
sgi_v('functiongemma-numbers', 'FunctionGemma', SGIF + '[numeric_arguments]', sgi_f('add', 'a:1,b:2'), [T('add', a=I, b=I)], [('add', {'a': 1, 'b': 2})])
sgi_v('functiongemma-booleans', 'FunctionGemma', SGIF + '[boolean_arguments]', sgi_f('set_flag', 'enabled:true,verbose:false'), [T('set_flag', enabled=B, verbose=B)], [('set_flag', {'enabled': True, 'verbose': False})])
sgi_v('functiongemma-two-calls', 'FunctionGemma', SGIF + '[multiple_tool_calls]', sgi_f('get_weather', 'city:' + sgi_e('Paris')) + sgi_f('get_weather', 'city:' + sgi_e('London')), [SGIFW],
    [('get_weather', {'city': 'Paris'}), ('get_weather', {'city': 'London'})])
sgi_v('functiongemma-array', 'FunctionGemma', SGIF + '[array_argument]', sgi_f('process', 'items:[' + ','.join(sgi_e(c) for c in 'abc') + ']'), [T('process', items=A)], [('process', {'items': ['a', 'b', 'c']})])
sgi_v('functiongemma-object', 'FunctionGemma', SGIF + '[object_argument]', sgi_f('update', 'data:{name:' + sgi_e('test') + ',value:42}'), [T('update', data=O)], [('update', {'data': {'name': 'test', 'value': 42}})])
sgi_v('functiongemma-no-args', 'FunctionGemma', SGIF + '[tool_call_with_no_arguments]', sgi_f('get_time', ''), [T('get_time')], [('get_time', {})])
sgi_v('functiongemma-angle-brackets', 'FunctionGemma', SGIF + '[content_with_angle_brackets]', 'The result is a <value> tag', [SGIFW])
sgi_v('functiongemma-float', 'FunctionGemma', SGIF + '[float_argument]', sgi_f('set_temp', 'value:3.14'), [T('set_temp', value=N)], [('set_temp', {'value': 3.14})])
sgi_v('functiongemma-content-after', 'FunctionGemma', SGIF + '[content_after_tool_call]', sgi_f('test', '') + 'Done!', [T('test')], note=SGITAIL)
sgi_v('functiongemma-unicode', 'FunctionGemma', SGIF + '[unicode_content_and_arguments]', 'こんにちは ' + sgi_f('greet', 'name:' + sgi_e('日本語')), [T('greet', name=S)],
    note='disagrees on purpose: the call follows a blank inside an unfinished sentence, where prose shows markup as an example; toolfix takes it only at a line start, after a finished sentence or glued to a word')
sgi_v('functiongemma-unicode-args', 'FunctionGemma', SGIF + '[unicode_content_and_arguments] (its call alone)', sgi_f('greet', 'name:' + sgi_e('日本語')), [T('greet', name=S)], [('greet', {'name': '日本語'})])
sgi_v('functiongemma-three-params', 'FunctionGemma', SGIF + '[multiple_params_sorted]', sgi_f('search', 'query:' + sgi_e('test') + ',limit:10,offset:0'), [T('search', query=S, limit=I, offset=I)],
    [('search', {'query': 'test', 'limit': 10, 'offset': 0})])
sgi_v('functiongemma-nested', 'FunctionGemma', SGIF + '[nested_object_argument]', sgi_f('create', 'config:{settings:{enabled:true,name:' + sgi_e('test') + '}}'), [T('create', config=O)],
    [('create', {'config': {'settings': {'enabled': True, 'name': 'test'}}})])
sgi_v('functiongemma-partial-tag', 'FunctionGemma', SGIF + '[partial_start_tag_in_content]', 'Hello <start world', [SGIFW])
sgi_v('functiongemma-parallel', 'FunctionGemma', SGIF + '[parallel_tool_calls]', sgi_f('get_weather', 'city:' + sgi_e('Paris')) + sgi_f('get_time', 'timezone:' + sgi_e('UTC')), [SGIFW, SGIFT],
    [('get_weather', {'city': 'Paris'}), ('get_time', {'timezone': 'UTC'})])
sgi_v('functiongemma-text-between', 'FunctionGemma', SGIF + '[content_between_tool_calls]', sgi_f('first', '') + 'Some text here' + sgi_f('second', ''), [T('first'), T('second')],
    [('second', {})], keep=sgi_f('first', '') + 'Some text here',
    note='disagrees on purpose: Ollama runs both calls; toolfix takes only the call at the tail (glued to a word, as FunctionGemma writes it), and the first, followed by text, stays text')

# --- GLM 4.6 (glm46_test.go): each raw call of TestGLM46ToolCallParsing in its <tool_call>, and
# the streamed outputs of TestGLM46ParserStreaming that hold a call (tool test, no parameters)
SGIH = 'glm46_test.go '
def sgi_h(raw): return '<tool_call>' + raw + '\n</tool_call>'
SGIHP = SGIH + 'TestGLM46ToolCallParsing'
SGIHCW = ('get-current-weather', {'location': S, 'unit': S})
sgi_v('glm46-simple', 'GLM 4.5/4.7', SGIHP + '[simple tool call]', sgi_h('get-current-weather\n<arg_key>location</arg_key>\n<arg_value>New York, NY</arg_value>\n<arg_key>unit</arg_key>\n<arg_value>celsius</arg_value>'), [SGIHCW],
    [('get-current-weather', {'location': 'New York, NY', 'unit': 'celsius'})])
sgi_v('glm46-typed', 'GLM 4.5/4.7', SGIHP + '[tool call with typed parameters]',
    sgi_h('calculate\n<arg_key>x</arg_key>\n<arg_value>3.14</arg_value>\n<arg_key>y</arg_key>\n<arg_value>42</arg_value>\n<arg_key>enabled</arg_key>\n<arg_value>true</arg_value>\n<arg_key>items</arg_key>\n<arg_value>["a", "b", "c"]</arg_value>'),
    [T('calculate', x=N, y=I, enabled=B, items=A)], [('calculate', {'x': 3.14, 'y': 42, 'enabled': True, 'items': ['a', 'b', 'c']})])
sgi_v('glm46-name-blanks', 'GLM 4.5/4.7', SGIHP + '[function name with whitespace]', sgi_h('  get-weather\n<arg_key>city</arg_key>\n<arg_value>Paris</arg_value>'), [('get-weather', {'city': S})], [('get-weather', {'city': 'Paris'})])
sgi_v('glm46-special-chars', 'GLM 4.5/4.7', SGIHP + '[values with special characters]', sgi_h('execute-command\n<arg_key>command</arg_key>\n<arg_value>ls && echo "done"</arg_value>\n<arg_key>message</arg_key>\n<arg_value>a < b and c > d</arg_value>'),
    [('execute-command', {'command': S, 'message': S})], [('execute-command', {'command': 'ls && echo "done"', 'message': 'a < b and c > d'})])
sgi_v('glm46-unicode', 'GLM 4.5/4.7', SGIHP + '[unicode in function names and values]', sgi_h('获取天气\n<arg_key>城市</arg_key>\n<arg_value>北京</arg_value>\n<arg_key>message</arg_key>\n<arg_value>Hello! 你好! 🌟</arg_value>'),
    [('获取天气', {'城市': S, 'message': S})], note='disagrees on purpose: toolfix reads a tool name of ASCII letters, digits and _ - . : (the APIs\' own rule for a function name)')
sgi_v('glm46-unicode-values', 'GLM 4.5/4.7', SGIHP + '[unicode in function names and values] (an ASCII tool name)', sgi_h('get_weather\n<arg_key>城市</arg_key>\n<arg_value>北京</arg_value>\n<arg_key>message</arg_key>\n<arg_value>Hello! 你好! 🌟</arg_value>'),
    [('get_weather', {'城市': S, 'message': S})], [('get_weather', {'城市': '北京', 'message': 'Hello! 你好! 🌟'})])
SGIHTF = lambda **p: ('test-function', p)
sgi_v('glm46-empty-value', 'GLM 4.5/4.7', SGIHP + '[empty value]', sgi_h('test-function\n<arg_key>param1</arg_key>\n<arg_value></arg_value>'), [SGIHTF(param1=S)], [('test-function', {'param1': ''})])
sgi_v('glm46-special-keys', 'GLM 4.5/4.7', SGIHP + '[special chars in arg_key names]',
    sgi_h('test-function\n<arg_key>param<1></arg_key>\n<arg_value>value1</arg_value>\n<arg_key>a&b</arg_key>\n<arg_value>value2</arg_value>\n<arg_key>x>y</arg_key>\n<arg_value>value3</arg_value>'),
    [('test-function', {'param<1>': S, 'a&b': S, 'x>y': S})], [('test-function', {'param<1>': 'value1', 'a&b': 'value2', 'x>y': 'value3'})])
sgi_v('glm46-ampersands', 'GLM 4.5/4.7', SGIHP + '[multiple consecutive ampersands]', sgi_h('test-function\n<arg_key>param</arg_key>\n<arg_value>test &&&& more</arg_value>'), [SGIHTF(param=S)], [('test-function', {'param': 'test &&&& more'})])
sgi_v('glm46-mixed-specials', 'GLM 4.5/4.7', SGIHP + '[mixed special chars together]', sgi_h('test-function\n<arg_key>param</arg_key>\n<arg_value><>&<>&</arg_value>'), [SGIHTF(param=S)], [('test-function', {'param': '<>&<>&'})])
sgi_v('glm46-value-lines-tabs', 'GLM 4.5/4.7', SGIHP + '[newlines and tabs in parameter values]', sgi_h('test-function\n<arg_key>multiline</arg_key>\n<arg_value>line1\n\tindented line2\nline3</arg_value>'), [SGIHTF(multiline=S)],
    [('test-function', {'multiline': 'line1\n\tindented line2\nline3'})])
sgi_v('glm46-quotes', 'GLM 4.5/4.7', SGIHP + '[single and double quotes in values]', sgi_h('test-function\n<arg_key>quotes</arg_key>\n<arg_value>She said "Hello\'s there!"</arg_value>'), [SGIHTF(quotes=S)],
    [('test-function', {'quotes': 'She said "Hello\'s there!"'})])
sgi_v('glm46-cdata', 'GLM 4.5/4.7', SGIHP + '[CDATA-like content that should be treated as text]', sgi_h('test-function\n<arg_key>cdata</arg_key>\n<arg_value><![CDATA[not actual cdata]]></arg_value>'), [SGIHTF(cdata=S)],
    [('test-function', {'cdata': '<![CDATA[not actual cdata]]>'})])
sgi_v('glm46-entities', 'GLM 4.5/4.7', SGIHP + '[all special XML entities]', sgi_h('test-function\n<arg_key>entities</arg_key>\n<arg_value>&lt;&gt;&amp;&apos;&quot;</arg_value>'), [SGIHTF(entities=S)],
    [('test-function', {'entities': '&lt;&gt;&amp;&apos;&quot;'})])
sgi_v('glm46-five-params', 'GLM 4.5/4.7', SGIHP + '[order preservation with multiple parameters]',
    sgi_h('test-function' + ''.join('\n<arg_key>%s</arg_key>\n<arg_value>value%d</arg_value>' % (k, i + 1) for i, k in enumerate(['first', 'second', 'third', 'fourth', 'fifth']))),
    [SGIHTF(first=S, second=S, third=S, fourth=S, fifth=S)], [('test-function', {'first': 'value1', 'second': 'value2', 'third': 'value3', 'fourth': 'value4', 'fifth': 'value5'})])
sgi_v('glm46-duplicate-key', 'GLM 4.5/4.7', SGIHP + '[order preservation with identical key names but different positions]',
    sgi_h('test-function\n<arg_key>param</arg_key>\n<arg_value>first occurrence</arg_value>\n<arg_key>other</arg_key>\n<arg_value>middle</arg_value>\n<arg_key>param</arg_key>\n<arg_value>second occurrence</arg_value>'),
    [SGIHTF(param=S, other=S)], note='disagrees on purpose: Ollama keeps the later of a key written twice; toolfix builds no call from two values for one key')
sgi_v('glm46-mixed-array', 'GLM 4.5/4.7', SGIHP + '[array with mixed types]', sgi_h('process\n<arg_key>items</arg_key>\n<arg_value>[1, "hello", true, null]</arg_value>'), [T('process', items=A)],
    [('process', {'items': [1, 'hello', True, None]})])
sgi_v('glm46-empty-array', 'GLM 4.5/4.7', SGIHP + '[empty array]', sgi_h('test\n<arg_key>tags</arg_key>\n<arg_value>[]</arg_value>'), [T('test', tags=A)], [('test', {'tags': []})])
SGIHTODO = [{'content': 'task 1', 'status': 'pending', 'priority': 'high', 'id': '1'}, {'content': 'task 2', 'status': 'completed', 'priority': 'low', 'id': '2'}]
sgi_v('glm46-anyof-array', 'GLM 4.5/4.7', SGIHP + '[anyOf array or string - with array of objects]',
    sgi_h('TodoWrite\n<arg_key>todos</arg_key>\n<arg_value>[{"content": "task 1", "status": "pending", "priority": "high", "id": "1"}, {"content": "task 2", "status": "completed", "priority": "low", "id": "2"}]</arg_value>'),
    [('TodoWrite', {'todos': {'anyOf': [{'type': 'array'}, {'type': 'string'}]}})], [('TodoWrite', {'todos': json.dumps(SGIHTODO)})],
    note='disagrees on purpose: Ollama reads the value as the array; the schema takes a string too, and the text as written fits it, so toolfix keeps it')
sgi_v('glm46-array-or-string', 'GLM 4.5/4.7', SGIHP + '[anyOf array or string - with plain string]', sgi_h('TodoWrite\n<arg_key>todos</arg_key>\n<arg_value>Error: could not load todos</arg_value>'),
    [('TodoWrite', {'todos': {'type': ['array', 'string']}})], [('TodoWrite', {'todos': 'Error: could not load todos'})])
SGIHUN = 'disagrees on purpose: Ollama closes an unclosed <arg_value>; toolfix reads only well-formed markup'
SGIHGW = ('get-weather', {'city': S, 'unit': S})
sgi_v('glm46-unclosed-value-end', 'GLM 4.5/4.7', SGIHP + '[unclosed arg_value at end]', sgi_h('get-weather\n<arg_key>city</arg_key>\n<arg_value>Paris'), [SGIHGW], note=SGIHUN)
sgi_v('glm46-unclosed-value-next', 'GLM 4.5/4.7', SGIHP + '[unclosed arg_value before next arg_key]', sgi_h('get-weather\n<arg_key>city</arg_key>\n<arg_value>Paris<arg_key>unit</arg_key>\n<arg_value>celsius</arg_value>'), [SGIHGW], note=SGIHUN + ' (a value holding the next pair\'s tags fails the call)')
sgi_v('glm46-unclosed-values', 'GLM 4.5/4.7', SGIHP + '[multiple unclosed arg_values]', sgi_h('get-weather\n<arg_key>city</arg_key>\n<arg_value>Paris<arg_key>unit</arg_key>\n<arg_value>celsius'), [SGIHGW], note=SGIHUN)
sgi_v('glm46-truncated', 'GLM 4.5/4.7', SGIH + 'TestGLM46ParserTruncatedToolCallNoCloseTag', '<think>Let me help</think><tool_call>get-weather\n<arg_key>city</arg_key>\n<arg_value>Par', [SGIHGW], note='a cut-off call is never completed')
sgi_v('glm46-truncated-stream', 'GLM 4.5/4.7', SGIH + 'TestGLM46ParserTruncatedToolCallNoCloseTagStreaming', '<think>thinking</think>Here is the result:<tool_call>get-weather\n<arg_key>city</arg_key>\n<arg_value>incomplete...', [SGIHGW],
    note='a cut-off call is never completed')
sgi_v('glm46-key-count-mismatch', 'GLM 4.5/4.7', SGIH + 'TestGLM46ParserInvalidToolCallXML', '<think></think><tool_call>get-weather\n<arg_key>city</arg_key>\n<arg_key>extra</arg_key>\n<arg_value>Paris</arg_value></tool_call>', [SGIHGW])
sgi_v('glm46-valid-after-empty', 'GLM 4.5/4.7', SGIH + 'TestGLM46ParserValidToolCallAfterInvalid', '<think></think><tool_call></tool_call><tool_call>get-weather\n<arg_key>city</arg_key>\n<arg_value>SF</arg_value></tool_call>', [SGIHGW],
    note='disagrees on purpose: Ollama drops the empty call and runs the next; toolfix takes a tail whole or not at all')
sgi_v('glm46-drain', 'GLM 4.5/4.7', SGIH + 'TestGLM46ParserContentDrainOnDone', '<think></think>Hello world\n', [SGIHGW])
SGIHS = SGIH + 'TestGLM46ParserStreaming'
SGIHT = [T('test'), T('first'), T('second'), T('inside')]
sgi_v('glm46-stream-blanks-in-call', 'GLM 4.5/4.7', SGIHS + '[tool call with leading whitespace after opening tag]', '<think></think><tool_call>  \n  test  \n  </tool_call>', SGIHT, [('test', {})], keep='<think></think>')
sgi_v('glm46-stream-content-before', 'GLM 4.5/4.7', SGIHS + '[content before tool call]', '<think>Let me call a tool</think>here is text<tool_call>function_name\n<arg_key>param</arg_key>\n<arg_value>value</arg_value>\n</tool_call>',
    [T('function_name', param=S)], note='disagrees on purpose: <tool_call> glued to a word of an unfinished sentence is how prose names the tag; toolfix takes GLM markup at a line start or after a finished sentence')
sgi_v('glm46-stream-content-after', 'GLM 4.5/4.7', SGIHS + '[tool call with content after]', '<think>thinking</think><tool_call>test</tool_call>after tool', SGIHT, note=SGITAIL)
sgi_v('glm46-stream-blanks-before-call', 'GLM 4.5/4.7', SGIHS + '[trailing whitespace between content and tool call is trimmed]', '<think>thinking</think>content\n  \t  <tool_call>test</tool_call>', SGIHT,
    note='disagrees on purpose: a line that begins with a tab reads as indented code, which toolfix never touches')
sgi_v('glm46-stream-blanks-after-call', 'GLM 4.5/4.7', SGIHS + '[trailing whitespace between tool call and content is trimmed]', '<think>think</think><tool_call>test</tool_call>\n\t  after', SGIHT, note=SGITAIL)
sgi_v('glm46-stream-split-open', 'GLM 4.5/4.7', SGIHS + '[split tool open tag]', '<think>think</think>content<tool_call>inside</tool_call>', SGIHT,
    note='disagrees on purpose: <tool_call> glued to a word of an unfinished sentence is how prose names the tag; toolfix takes GLM markup at a line start or after a finished sentence')
sgi_v('glm46-stream-tool-fakeout', 'GLM 4.5/4.7', SGIHS + '[partial tool open tag fakeout]', '<think></think>content\n<tool fakeout', SGIHT)
sgi_v('glm46-stream-close-fakeout', 'GLM 4.5/4.7', SGIHS + '[partial tool close tag fakeout]', '<think></think><tool_call>content</tool fakeout</tool_call>', SGIHT,
    note='Ollama reads the name "content</tool fakeout", which names no tool; the text passes')
sgi_v('glm46-stream-two-calls-between', 'GLM 4.5/4.7', SGIHS + '[multiple tool calls in sequence]', '<think>think</think><tool_call>first</tool_call>between<tool_call>second</tool_call>end', SGIHT, note=SGITAIL)
sgi_v('glm46-stream-answer-then-call', 'GLM 4.5/4.7', SGIHS + '[no thinking tag - skip to content then tool call]', "Here's the answer:<tool_call>test</tool_call>done", SGIHT, note=SGITAIL)
sgi_v('glm46-stream-think-answer', 'GLM 4.5/4.7', SGIHS + '[think tag with whitespace inside]', '<think>  \n  thinking content  \n  </think>regular content', SGIHT)
sgi_v('glm46-stream-think-fakeout', 'GLM 4.5/4.7', SGIHS + '[partial thinking close tag fakeout]', '<think>content</thought more', SGIHT)
sgi_v('glm46-stream-blank-answer', 'GLM 4.5/4.7', SGIHS + '[whitespace after tool_call close tag gets eaten]', '<think></think><tool_call>test</tool_call>  \n\t  content', SGIHT, note=SGITAIL)

# --- Qwen3 Coder without its <tool_call> opener (qwen3coder_bare_test.go)
SGIQB = 'qwen3coder_bare_test.go '
SGIQBT = [T('exec_command', cmd=S)]
SGIQBC = '<function=exec_command>\n<parameter=cmd>\nls -la\n</parameter>\n</function>'
sgi_v('qwen3coder-bare', 'Qwen3 Coder/XML', SGIQB + 'TestQwen3CoderBareFunctionCallIsParsed', SGIQBC, SGIQBT, [('exec_command', {'cmd': 'ls -la'})])
sgi_v('qwen3coder-bare-orphan-close-then-prose', 'Qwen3 Coder/XML', SGIQB + 'TestQwen3CoderBareCallSwallowsOrphanCloseTag', SGIQBC + '\n</tool_call>\ndone', SGIQBT, note=SGITAIL)
sgi_v('qwen3coder-bare-orphan-close', 'Qwen3 Coder/XML', SGIQB + 'TestQwen3CoderBareCallSwallowsOrphanCloseTag (without the text after it)', SGIQBC + '\n</tool_call>', SGIQBT, [('exec_command', {'cmd': 'ls -la'})])
sgi_v('qwen3coder-bare-wrapped', 'Qwen3 Coder/XML', SGIQB + 'TestQwen3CoderWrappedCallStillWorks', '<tool_call>\n' + SGIQBC + '\n</tool_call>', SGIQBT, [('exec_command', {'cmd': 'ls -la'})])
sgi_v('qwen3coder-bare-prose', 'Qwen3 Coder/XML', SGIQB + 'TestQwen3CoderProseWithUnclosedFunctionTagFlushesAsContent', 'the tag <function=foo is documented here', SGIQBT)
sgi_v('qwen3coder-bare-garbage', 'Qwen3 Coder/XML', SGIQB + 'TestQwen3CoderBareGarbagePayloadDowngradesToContent', '<function=<<not xml>></function>', SGIQBT)

# --- LFM2 (lfm2_test.go): pythonic calls in <|tool_call_start|>[…]<|tool_call_end|>
SGIL = 'lfm2_test.go '
def sgi_l(b): return '<|tool_call_start|>[' + b + ']<|tool_call_end|>'
SGILW = T('get_weather', location=S)
SGILP = sgi_l('get_weather(location="Paris")')
SGILB = SGIL + 'TestLFM2Parser_ToolCallChunkBoundaries'
sgi_v('lfm2-tool-only', 'pythonic', SGILB + '[tool_only]', SGILP, [SGILW], [('get_weather', {'location': 'Paris'})])
sgi_v('lfm2-content-before', 'pythonic', SGILB + '[content_before_tool]', 'Checking Paris.' + SGILP, [SGILW], [('get_weather', {'location': 'Paris'})], keep='Checking Paris.')
sgi_v('lfm2-unicode-before', 'pythonic', SGILB + '[unicode_before_tool]', 'Vérifions 🌍.' + SGILP, [SGILW], [('get_weather', {'location': 'Paris'})], keep='Vérifions 🌍.')
sgi_v('lfm2-consecutive', 'pythonic', SGILB + '[consecutive_tools]', SGILP + SGILP, [SGILW], [('get_weather', {'location': 'Paris'}), ('get_weather', {'location': 'Paris'})])
sgi_v('lfm2-content-between', 'pythonic', SGILB + '[content_between_tools]', SGILP + 'Checking again.' + SGILP, [SGILW], [('get_weather', {'location': 'Paris'})], keep=SGILP + 'Checking again.',
    note='disagrees on purpose: Ollama runs both calls; toolfix takes only the call at the tail, and the first, followed by text, stays text')
sgi_v('lfm2-content-after', 'pythonic', SGILB + '[content_after_tool]', SGILP + 'Done.', [SGILW], note=SGITAIL)
sgi_v('lfm2-ordinary-text', 'pythonic', SGILB + '[ordinary_text]', 'Use <html> or compare 1 < 2.\n', [SGILW])
sgi_v('lfm2-nonmatching-tag', 'pythonic', SGILB + '[nonmatching_tag]', 'Example: <|tool_call_started|>', [SGILW])
sgi_v('lfm2-truncated-tag', 'pythonic', SGILB + '[truncated_tag]', 'Example: <|tool_call_sta', [SGILW])
sgi_v('lfm2-think-then-call', 'pythonic', SGILB + '[thinking_block/tool_only]', '<think>Check the weather.</think>' + SGILP, [SGILW], [('get_weather', {'location': 'Paris'})], keep='<think>Check the weather.</think>',
    note='Ollama takes the <think> block as reasoning; toolfix keeps it as it came')
sgi_v('lfm2-partial-start', 'pythonic', SGIL + 'TestLFM2Parser_PartialToolCallStart (prefix 5, suffix x)', 'Example: \n\t<|too' + 'x', [SGILW])
SGILP2 = SGIL + 'TestLFM2Parser'
sgi_v('lfm2-simple-content', 'pythonic', SGILP2 + '[simple_content]', 'Hello, how are you?', [SGILW])
sgi_v('lfm2-thinking-content', 'pythonic', SGILP2 + '[thinking_content]', '<think>I need to think about this...</think>The answer is 42.', [SGILW])
sgi_v('lfm2-direct-call', 'pythonic', SGILP2 + '[tool_call_simple]', "I'll check the weather." + SGILP, [SGILW], [('get_weather', {'location': 'Paris'})], keep="I'll check the weather.")
sgi_v('lfm2-two-calls', 'pythonic', SGILP2 + '[multiple_tool_calls]', 'Getting weather for both cities.' + SGILP + sgi_l('get_weather(location="London")'), [SGILW],
    [('get_weather', {'location': 'Paris'}), ('get_weather', {'location': 'London'})], keep='Getting weather for both cities.')
sgi_v('lfm2-complex-args', 'pythonic', SGILP2 + '[complex_tool_arguments]', 'Processing data.' + sgi_l("process_data(items=['item1','item2'], config={'enabled': True, 'threshold': 0.95})"), [T('process_data', items=A, config=O)],
    [('process_data', {'items': ['item1', 'item2'], 'config': {'enabled': True, 'threshold': 0.95}})], keep='Processing data.')
sgi_v('lfm2-think-content-call', 'pythonic', SGILP2 + '[thinking_with_tool_call]', "<think>Let me check the weather...</think>I'll get that for you." + SGILP, [SGILW], [('get_weather', {'location': 'Paris'})],
    keep="<think>Let me check the weather...</think>I'll get that for you.", note='Ollama takes the <think> block as reasoning; toolfix keeps it as it came')
sgi_v('lfm2-only-thinking', 'pythonic', SGILP2 + '[only_thinking]', '<think>Just thinking content</think>', [SGILW])
sgi_v('lfm2-text-args', 'pythonic', SGILP2 + '[tool_call_with_text_args]', 'Searching for information.' + sgi_l("search(query='beijing weather', language='zh')"), [T('search', query=S, language=S)],
    [('search', {'query': 'beijing weather', 'language': 'zh'})], keep='Searching for information.')
sgi_v('lfm2-empty-args', 'pythonic', SGILP2 + '[empty_tool_call_args]', 'Pinging server.' + sgi_l('ping()'), [T('ping')], [('ping', {})], keep='Pinging server.')
sgi_v('lfm2-candidate', 'pythonic', SGILP2 + '[python_style_tool_call]', 'Let me check that.' + sgi_l('get_candidate_status(candidate_id="12345")'), [T('get_candidate_status', candidate_id=S)],
    [('get_candidate_status', {'candidate_id': '12345'})], keep='Let me check that.')
sgi_v('lfm2-two-in-list', 'pythonic', SGILP2 + '[python_style_multiple_calls]', 'Running commands.' + sgi_l("bash(command='ls'),bash(command='pwd')"), [T('bash', command=S)],
    [('bash', {'command': 'ls'}), ('bash', {'command': 'pwd'})], keep='Running commands.')
sgi_v('lfm2-mixed-types', 'pythonic', SGILP2 + '[python_style_mixed_types]', 'Processing.' + sgi_l('process(name="test", count=42, enabled=true)'), [T('process', name=S, count=I, enabled=B)],
    [('process', {'name': 'test', 'count': 42, 'enabled': True})], keep='Processing.', note='the JSON literal true is read as Python\'s True, as LFM2 writes it')
sgi_v('lfm2-check', 'pythonic', SGILP2 + '[tool_call_only_no_content]', sgi_l('check()'), [T('check')], [('check', {})])
sgi_v('lfm2-think-direct-call', 'pythonic', SGILP2 + '[thinking_directly_to_tool_call]', "<think>Let me run this command...</think>" + sgi_l("bash(command='ls')"), [T('bash', command=S)],
    [('bash', {'command': 'ls'})], keep='<think>Let me run this command...</think>')

# --- Apertus 1.5 (apertus15_test.go): <|tools_prefix|>[{"T": {…}}, …]<|tools_suffix|>, reasoning in
# <|inner_prefix|>…<|inner_suffix|>
SGIA = 'apertus15_test.go '
SGIAB, SGIAE = '<|tools_prefix|>', '<|tools_suffix|>'
SGIAI, SGIAIE = '<|inner_prefix|>', '<|inner_suffix|>'
sgi_v('apertus15-content-thinking', 'Apertus', SGIA + 'TestApertus15ParserContentAndThinking', '<|assistant_start|>Before.' + SGIAI + 'Reason carefully.' + SGIAIE + 'After.<|assistant_end|>', [T('lookup', id=S)])
sgi_v('apertus15-hidden-thinking', 'Apertus', SGIA + 'TestApertus15ParserSuppressesUnexpectedThinking', SGIAI + 'Hidden.' + SGIAIE + 'Visible.', [T('lookup', id=S)])
sgi_v('apertus15-prefill', 'Apertus', SGIA + 'TestApertus15ParserContinuesThinkingPrefill', ' Continued reasoning.' + SGIAIE + 'Answer.', [T('lookup', id=S)])
SGIAT = [T('get_weather', city=S), T('get_time', offset=I, dst=B)]
sgi_v('apertus15-two-calls', 'Apertus', SGIA + 'TestApertus15ParserToolCalls', 'I will check.' + SGIAB + '[{"get_weather":{"city":"Zurich"}},{"get_time":{"offset":2,"dst":true}}]' + SGIAE, SGIAT,
    [('get_weather', {'city': 'Zurich'}), ('get_time', {'offset': 2, 'dst': True})], keep='I will check.')
sgi_v('apertus15-call-in-thinking', 'Apertus', SGIA + 'TestApertus15ParserToolCallInsideThinking', SGIAI + 'Need weather.' + SGIAB + '[{"get_weather":{"city":"Bern"}}]' + SGIAE, SGIAT,
    note='disagrees on purpose: Ollama ends the reasoning at the tools token and takes the call; toolfix reads markup inside an unclosed <|inner_prefix|> as reasoning (D11), as inside an unclosed <think>')
sgi_v('apertus15-no-suffix', 'Apertus', SGIA + 'TestApertus15ParserAcceptsConsumedToolSuffix', SGIAB + '[{"lookup":{"id":"42"}}]', [T('lookup', id=S)], [('lookup', {'id': '42'})],
    note='the suffix token, which the server may consume as a stop token, is left out at the end of the text')
sgi_v('apertus15-envelopes-between', 'Apertus', SGIA + 'TestApertus15ParserMultipleToolEnvelopesWithContent',
    'Before.' + SGIAB + '[{"first":{"x":1}}]' + SGIAE + 'Between.' + SGIAB + '[{"second":{"y":2}}]' + SGIAE + 'After.', [T('first', x=I), T('second', y=I)], note=SGITAIL)
sgi_v('apertus15-empty-args', 'Apertus', SGIA + 'TestApertus15ParserInitResetsToolCallIndexes', SGIAB + '[{"first":{}}]' + SGIAE, [T('first')], [('first', {})])
sgi_v('apertus15-every-boundary', 'Apertus', SGIA + 'TestApertus15ParserEveryByteBoundary', '<|assistant_start|>' + SGIAI + 'Think.' + SGIAIE + 'Answer.' + SGIAB + '[{"lookup":{"id":"42"}}]' + SGIAE + '<|assistant_end|>',
    [T('lookup', id=S)], [('lookup', {'id': '42'})], keep='<|assistant_start|>' + SGIAI + 'Think.' + SGIAIE + 'Answer.',
    note='the end-of-turn token after the call goes with the markup (the end-of-turn rule, mk.py); Ollama splits the reasoning off, toolfix keeps the text before the call as it came')
sgi_v('apertus15-every-boundary-no-end', 'Apertus', SGIA + 'TestApertus15ParserEveryByteBoundary (without <|assistant_start|> and <|assistant_end|>)', SGIAI + 'Think.' + SGIAIE + 'Answer.' + SGIAB + '[{"lookup":{"id":"42"}}]' + SGIAE,
    [T('lookup', id=S)], [('lookup', {'id': '42'})], keep=SGIAI + 'Think.' + SGIAIE + 'Answer.')
sgi_v('apertus15-byte-at-a-time', 'Apertus', SGIA + 'TestApertus15ParserByteAtATime', SGIAI + 'Reason.' + SGIAIE + SGIAB + '[{"first":{"x":1}},{"second":{"y":[1,2]}}]' + SGIAE, [T('first', x=I), T('second', y=A)],
    [('first', {'x': 1}), ('second', {'y': [1, 2]})], keep=SGIAI + 'Reason.' + SGIAIE)
SGIAM = SGIA + 'TestApertus15ParserRejectsMalformedToolCalls'
sgi_v('apertus15-malformed-cut', 'Apertus', SGIAM + '[0]', SGIAB + '[{"lookup":' + SGIAE, [T('lookup', id=S)])
sgi_v('apertus15-malformed-two-keys', 'Apertus', SGIAM + '[1]', SGIAB + '[{"one":{},"two":{}}]' + SGIAE, [T('one'), T('two')])
sgi_v('apertus15-malformed-string', 'Apertus', SGIAM + '[2]', SGIAB + '[{"lookup":"not-an-object"}]' + SGIAE, [T('lookup', id=S)])
sgi_v('apertus15-malformed-list', 'Apertus', SGIAM + '[3]', SGIAB + '[{"lookup":[1,2]}]' + SGIAE, [T('lookup', id=S)])
sgi_v('apertus15-malformed-null', 'Apertus', SGIAM + '[4]', SGIAB + '[{"lookup":null}]' + SGIAE, [T('lookup', id=S)])

# --- Ollama's template-guided tool parser (tools/tools_test.go TestParseToolCalls; the model each
# test names, its tool get_current_weather(format, location)); and tools/deepseek_tools_test.go
SGIT = 'ollama/ollama tools/tools_test.go TestParseToolCalls'
def sgi_t(name, family, case, text, calls=None, keep='', note=''):
    vec(name, family, SGIT + '[%s]' % case, text, [T('get_current_weather', format=S, location=S)], calls, keep=keep, note=note, pre='ollama-')
SGIT1 = '{"name": "get_current_weather", "arguments": {"format":"fahrenheit","location":"San Francisco, CA"}}'
SGIT2 = '{"name": "get_current_weather", "arguments": {"format":"celsius","location":"Toronto, Canada"}}'
SGITC1 = ('get_current_weather', {'format': 'fahrenheit', 'location': 'San Francisco, CA'})
SGITC2 = ('get_current_weather', {'format': 'celsius', 'location': 'Toronto, Canada'})
sgi_t('tools-mistral-malformed', 'Mistral', 'mistral malformed json with tool calls prefix', '[TOOL_CALLS]  [' + SGIT1 + ',{"name": "get_curren}]',
    note='disagrees on purpose: Ollama keeps the first call of a list whose second is cut off; toolfix takes a tail whole or not at all')
sgi_t('tools-mistral-bare-list', 'Mistral', 'mistral multiple tool calls without prefix', '[' + SGIT1 + ',' + SGIT2 + ' ]', [SGITC1, SGITC2],
    note='a bare JSON list of call objects, the whole text')
sgi_t('tools-mistral-text-between', 'Mistral', 'mistral tool calls with text between no prefix',
    '[' + SGIT1 + ',' + SGIT2 + '] \n\t\t\tmodel outputs more tokens here and then [' + SGIT1 + ',' + SGIT2 + ']',
    note='disagrees on purpose: a bare list counts only as the whole text; after prose it is an example')
sgi_t('tools-mistral-prefix', 'Mistral', 'mistral valid json with tool calls prefix', '[TOOL_CALLS]  [' + SGIT1 + ',' + SGIT2 + ']', [SGITC1, SGITC2])
sgi_t('tools-mistral-prefix-text-between', 'Mistral', 'mistral multiple tool calls with text between and prefix',
    '[TOOL_CALLS]  [' + SGIT1 + ',' + SGIT2 + ']\n\t\t\tmodel outputs more tokens here and then [' + SGIT1 + ',' + SGIT2 + ']', note=SGITAIL)
sgi_t('tools-mistral-incomplete', 'Mistral', 'mistral incomplete json with tool calls prefix', '[TOOL_CALLS]  [{"name": "get_current_weather", "arguments": {"format":"fahrenheit","location":"San Francisco, ',
    note='a cut-off call is never completed')
sgi_t('tools-mistral-explained', 'Mistral', 'mistral invalid tool call with explanatory text no prefix',
    'I\'m not aware of that information. However, I can suggest searching for the weather using the "get_current_weather" function:\n\n\t\t[' + SGIT1 + ',' + SGIT2 + ']',
    note='a bare list after prose introducing it is an example')
sgi_t('tools-command-r-plus-fenced', 'Cohere Command', 'command r plus tool calls with json block format',
    'Action: ```json\n\t\t[\n\t\t    {\n\t\t        "tool_name": "get_current_weather",\n\t\t        "parameters": {\n\t\t            "format": "fahrenheit",\n\t\t            "location": "San Francisco, CA"\n\t\t        }\n\t\t    }\n\t\t]\n\t\t```',
    note='disagrees on purpose: inside a code fence, which toolfix never touches (code)')
sgi_t('tools-firefunction', 'Phi-4-mini', 'firefunction tool calls with functools prefix', ' functools[' + SGIT1 + ',' + SGIT2 + ']', [SGITC1, SGITC2],
    note='FireFunction v2 writes the functools[…] list of Phi-4-mini\'s row')
sgi_t('tools-groq-tool-call', 'Hermes', 'llama3 groq single tool call with xml tags', '<tool_call>\n\t\t' + SGIT1 + '\n\t\t</tool_call>', [SGITC1])
sgi_t('tools-xlam-wrapper', 'xLAM', 'xlam tool calls with wrapper object', '{"tool_calls": [' + SGIT1 + ',' + SGIT2 + ']}', [SGITC1, SGITC2])
sgi_t('tools-qwen25-tool-call', 'Hermes', 'qwen2.5 single tool call with prefix', '<tool_call>' + SGIT1 + '</tool_call>', [SGITC1])
sgi_t('tools-qwen25-bare-then-tagged', 'Hermes', 'qwen2.5 multiple tool calls with and without prefix', SGIT1 + ' <tool_call>' + SGIT1 + '</tool_call> <tool_call>' + SGIT2 + '</tool_call>',
    note='disagrees on purpose: a bare object glued before tagged calls on one line; toolfix takes calls starting their line or after a finished sentence, and a bare object only as the whole text')
sgi_t('tools-qwen25-plain', 'Hermes', 'qwen2.5 plain text response no tool calls', 'The weather in San Francisco, CA is 70°F and in Toronto, Canada is 20°C.')
sgi_t('tools-qwen25-list-then-text', 'Hermes', 'qwen2.5 tool calls with trailing text', '[' + SGIT1 + ', ' + SGIT2 + '] some tokens after call', note=SGITAIL)
sgi_t('tools-qwen25-text-then-list', 'Hermes', 'qwen2.5 tool calls with initial text', 'some tokens before call [' + SGIT1 + ', ' + SGIT2 + ']')
sgi_t('tools-qwen25-tagged-list-then-text', 'Hermes', 'qwen2.5 tool calls with prefix and trailing text', '<tool_call> [' + SGIT1 + ', ' + SGIT2 + '] </tool_call> some tokens after call', note=SGITAIL)
sgi_t('tools-qwen25-text-then-tagged-list', 'Hermes', 'qwen2.5 tool calls with prefix and initial text', 'some tokens before call <tool_call> [' + SGIT1 + ', ' + SGIT2 + '] </tool_call>',
    note='disagrees on purpose: <tool_call> after a blank inside an unfinished sentence is how prose names the tag; toolfix takes it at a line start or after a finished sentence')
sgi_t('tools-qwen25-tagged-list', 'Hermes', 'qwen2.5 tool calls with prefix and trailing text (without the text after it)', '<tool_call> [' + SGIT1 + ', ' + SGIT2 + '] </tool_call>',
    note='disagrees on purpose: a JSON list in one <tool_call> is no form the Hermes template writes (one object per tag), and toolfix reads only the forms templates write')
sgi_t('tools-qwen25-bare-then-one-tagged', 'Hermes', 'qwen2.5 tool calls without and with prefix', SGIT1 + ' <tool_call>' + SGIT2 + '</tool_call>',
    note='disagrees on purpose: a bare object glued before a tagged call on one line; toolfix takes a bare object only as the whole text')
vec('tools-deepseek-r1', 'DeepSeek V3', 'ollama/ollama tools/deepseek_tools_test.go TestDeepSeekToolParser[single tool call]',
    '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>get_current_weather\n```json\n{"format":"fahrenheit","location":"San Francisco, CA"}\n```<｜tool▁call▁end｜>',
    [T('get_current_weather', format=S, location=S)], [SGITC1], note='the section\'s closer left out at the end of the text', pre='ollama-')

# --- Olmo 3 (olmo3_test.go): pythonic calls one a line in <function_calls>
SGIO = 'olmo3_test.go '
def sgi_o(b): return '<function_calls>' + b + '</function_calls>'
SGIOP = SGIO + 'TestOlmo3Parser'
SGIOW = T('get_weather', location=S)
sgi_v('olmo3-content', 'Olmo 3 pythonic', SGIOP + '[simple content]', 'Hello, how can I help you?', [SGIOW])
sgi_v('olmo3-simple', 'Olmo 3 pythonic', SGIOP + '[simple tool call]', sgi_o('get_weather(location="San Francisco")'), [SGIOW], [('get_weather', {'location': 'San Francisco'})])
sgi_v('olmo3-content-then-call', 'Olmo 3 pythonic', SGIOP + '[content then tool call]', 'Let me check the weather.' + sgi_o('get_weather(location="NYC")'), [SGIOW],
    note='disagrees on purpose: <function_calls> is a plain word prose uses; glued after a sentence on its line it counts as an example (the line-start rule), so the text passes')
sgi_v('olmo3-three-args', 'Olmo 3 pythonic', SGIOP + '[tool call with multiple arguments]', sgi_o('book_flight(from="SFO", to="NYC", date="2024-01-15")'), [('book_flight', {'from': S, 'to': S, 'date': S})],
    [('book_flight', {'from': 'SFO', 'to': 'NYC', 'date': '2024-01-15'})])
sgi_v('olmo3-two-lines', 'Olmo 3 pythonic', SGIOP + '[multiple tool calls]', sgi_o('get_weather(location="San Francisco")\nget_weather(location="New York")'), [SGIOW],
    [('get_weather', {'location': 'San Francisco'}), ('get_weather', {'location': 'New York'})])
sgi_v('olmo3-integer', 'Olmo 3 pythonic', SGIOP + '[tool call with numeric argument]', sgi_o('set_temperature(value=72)'), [T('set_temperature', value=I)], [('set_temperature', {'value': 72})])
sgi_v('olmo3-float', 'Olmo 3 pythonic', SGIOP + '[tool call with float argument]', sgi_o('set_price(amount=19.99)'), [T('set_price', amount=N)], [('set_price', {'amount': 19.99})])
sgi_v('olmo3-boolean', 'Olmo 3 pythonic', SGIOP + '[tool call with boolean argument]', sgi_o('toggle_setting(enabled=true)'), [T('toggle_setting', enabled=B)], [('toggle_setting', {'enabled': True})])
sgi_v('olmo3-null', 'Olmo 3 pythonic', SGIOP + '[tool call with null argument]', sgi_o('clear_value(field=null)'), [T('clear_value', field=S)],
    note='disagrees on purpose: a null for a declared string is no value toolfix types')
sgi_v('olmo3-array', 'Olmo 3 pythonic', SGIOP + '[tool call with array argument]', sgi_o('process_items(items=["apple", "banana", "cherry"])'), [T('process_items', items=A)], [('process_items', {'items': ['apple', 'banana', 'cherry']})])
sgi_v('olmo3-dict', 'Olmo 3 pythonic', SGIOP + '[tool call with dict argument]', sgi_o('update_config(settings={"theme": "dark", "fontSize": 14})'), [T('update_config', settings=O)], [('update_config', {'settings': {'theme': 'dark', 'fontSize': 14}})])
sgi_v('olmo3-nested-dict', 'Olmo 3 pythonic', SGIOP + '[tool call with nested dict]', sgi_o('create_request(data={"user": {"name": "John", "age": 30}, "active": true})'), [T('create_request', data=O)],
    [('create_request', {'data': {'user': {'name': 'John', 'age': 30}, 'active': True}})])
sgi_v('olmo3-no-args', 'Olmo 3 pythonic', SGIOP + '[tool call with no arguments]', sgi_o('get_current_time()'), [T('get_current_time')], [('get_current_time', {})])
sgi_v('olmo3-single-quotes', 'Olmo 3 pythonic', SGIOP + '[tool call with single quotes]', sgi_o("search(query='hello world')"), [T('search', query=S)], [('search', {'query': 'hello world'})])
sgi_v('olmo3-escaped-quotes', 'Olmo 3 pythonic', SGIOP + '[tool call with escaped quotes]', sgi_o('search(query="say \\"hello\\"")'), [T('search', query=S)], [('search', {'query': 'say "hello"'})])
sgi_v('olmo3-mixed', 'Olmo 3 pythonic', SGIOP + '[tool call with mixed argument types]', sgi_o('create_user(name="John", age=30, active=true)'), [T('create_user', name=S, age=I, active=B)],
    [('create_user', {'name': 'John', 'age': 30, 'active': True})])
SGIOT = SGIO + 'TestOlmo3Parser_TerminalChunk'
sgi_v('olmo3-text-space-call', 'Olmo 3 pythonic', SGIOT + '[text before tool call in terminal chunk]', 'Let me check that. ' + sgi_o('get_weather(location="San Francisco")'), [SGIOW],
    note='disagrees on purpose: <function_calls> is a plain word prose uses; glued after a sentence on its line it counts as an example (the line-start rule), so the text passes')
sgi_v('olmo3-incomplete', 'Olmo 3 pythonic', SGIOT + '[incomplete tool call in terminal chunk]', '<function_calls>get_weather(location="San Francisco")', [SGIOW],
    [('get_weather', {'location': 'San Francisco'})], note='disagrees on purpose: Ollama drops the unterminated body; the call in it is whole, and the wrapper\'s closer may be left out at the end of the text (a stop token the server consumed)')
sgi_v('olmo3-malformed', 'Olmo 3 pythonic', SGIOT + '[malformed tool call in terminal chunk]', '<function_calls>not a function call</function_calls>', [SGIOW],
    note='Ollama drops the body; toolfix passes the text as it came (it is no call)')
sgi_v('olmo3-stream-split', 'Olmo 3 pythonic', SGIO + 'TestOlmo3Parser_Streaming[tool call tag split across chunks]', sgi_o('test()'), [T('test')], [('test', {})])
sgi_v('olmo3-two-tools', 'Olmo 3 pythonic', SGIO + 'TestParseOlmo3FunctionCalls[multiple calls with newlines] (in <function_calls>)', sgi_o('get_weather(location="SF")\nget_time(timezone="PST")'), [SGIOW, T('get_time', timezone=S)],
    [('get_weather', {'location': 'SF'}), ('get_time', {'timezone': 'PST'})])
sgi_v('olmo3-email', 'Olmo 3 pythonic', SGIO + 'TestParseOlmo3FunctionCalls[multiple args] (in <function_calls>)', sgi_o('send_email(to="user@example.com", subject="Hello", body="Test message")'), [T('send_email', to=S, subject=S, body=S)],
    [('send_email', {'to': 'user@example.com', 'subject': 'Hello', 'body': 'Test message'})])

# --- MiniCPM 5 (minicpm5_test.go): <function name="T"><param name="K">V</param></function>
SGIC = 'minicpm5_test.go TestMiniCPM5Parser'
SGICW = T('get_weather', city=S)
def sgi_c(city): return '<function name="get_weather"><param name="city">' + city + '</param></function>'
SGICP = [('get_weather', {'city': 'Paris'})]
sgi_v('minicpm5-content', 'MiniCPM 5', SGIC + '[simple_content]', 'Hello, how are you?', [SGICW])
sgi_v('minicpm5-think-answer', 'MiniCPM 5', SGIC + '[thinking_then_content]', '<think>Let me think about this.</think>The answer is 42.', [SGICW])
sgi_v('minicpm5-forced-think-answer', 'MiniCPM 5', SGIC + '[thinking_without_open_tag]', 'The user wants the weather.</think>It is sunny.', [SGICW])
sgi_v('minicpm5-think-then-call', 'MiniCPM 5', SGIC + '[native_tool_call]', '<think>The user wants the weather in Paris.</think>' + sgi_c('Paris'), [SGICW], SGICP, keep='<think>The user wants the weather in Paris.</think>',
    note='Ollama takes the <think> block as reasoning; toolfix keeps it as it came')
sgi_v('minicpm5-call', 'MiniCPM 5', SGIC + '[tool_call_without_thinking]', sgi_c('Paris'), [SGICW], SGICP)
sgi_v('minicpm5-content-before', 'MiniCPM 5', SGIC + '[tool_call_with_content_before]', "I'll check the weather for you." + sgi_c('Paris'), [SGICW],
    note='disagrees on purpose: <function name=…> is HTML-like text prose uses; glued after a sentence on its line it counts as an example (the line-start rule), so the text passes')
sgi_v('minicpm5-arguments-wrapper', 'MiniCPM 5', SGIC + '[tool_call_with_arguments_wrapper]', '<function name="get_weather"><arguments><param name="city">Paris</param></arguments></function>', [SGICW],
    note='disagrees on purpose: toolfix reads the form the MiniCPM 5 row knows, each <param> right in its <function>; an <arguments> element around them is text in the call, and the call fails open')
sgi_v('minicpm5-cdata', 'MiniCPM 5', SGIC + '[tool_call_with_cdata_param]', sgi_c('<![CDATA[Paris & <surroundings>]]>'), [SGICW], [('get_weather', {'city': 'Paris & <surroundings>'})])
sgi_v('minicpm5-two-calls', 'MiniCPM 5', SGIC + '[multiple_tool_calls]', sgi_c('Paris') + sgi_c('London'), [SGICW], [('get_weather', {'city': 'Paris'}), ('get_weather', {'city': 'London'})])
sgi_v('minicpm5-unknown-tool', 'MiniCPM 5', SGIC + '[unknown_tool_name_falls_back_to_content]', '<function name="unknown_tool"><param name="city">Paris</param></function>', [SGICW])
sgi_v('minicpm5-function-word', 'MiniCPM 5', SGIC + '[content_mentioning_function_word]', 'The function of this tool is simple.', [SGICW])
sgi_v('minicpm5-stream-think-then-call', 'MiniCPM 5', SGIC + '_Streaming[streaming_tool_call_split_tags]', '<think>The user wants the weather.</think>' + sgi_c('Paris'), [SGICW], SGICP, keep='<think>The user wants the weather.</think>')

# --- INTELLECT-3 (intellect3_test.go): Qwen3 Coder's <tool_call><function=…> after <think>
SGII = 'intellect3_test.go '
SGIIW = T('get_weather', location=S, unit=S)
def sgi_i(loc, unit): return '<tool_call><function=get_weather>\n<parameter=location>\n%s\n</parameter>\n<parameter=unit>\n%s\n</parameter>\n</function></tool_call>' % (loc, unit)
def sgi_ic(loc, unit): return ('get_weather', {'location': loc, 'unit': unit})
SGIIG = 'disagrees on purpose: <tool_call> glued to a word of an unfinished sentence is how prose names the tag; toolfix takes it at a line start or after a finished sentence'
sgi_v('intellect3-think-answer', 'Qwen3 Coder/XML', SGII + 'TestIntellect3ParserThinkingOnly[simple thinking content]', '<think>I need to analyze this</think>Here is my response', [SGIIW])
sgi_v('intellect3-unclosed-think', 'Qwen3 Coder/XML', SGII + 'TestIntellect3ParserEdgeCases[unclosed thinking tag]', '<think>Never closes', [SGIIW])
sgi_v('intellect3-glued-call', 'Qwen3 Coder/XML', SGII + 'TestIntellect3ParserToolCallsOnly[simple tool call]', 'Let me check the weather' + sgi_i('San Francisco', 'celsius'), [SGIIW], note=SGIIG)
sgi_v('intellect3-call-then-done', 'Qwen3 Coder/XML', SGII + 'TestIntellect3ParserToolCallsOnly[tool call streaming]', 'Checking' + sgi_i('New York', 'fahrenheit') + 'Done', [SGIIW], note=SGITAIL)
sgi_v('intellect3-two-calls', 'Qwen3 Coder/XML', SGII + 'TestIntellect3ParserToolCallsOnly[multiple tool calls]', sgi_i('Boston', 'celsius') + sgi_i('Seattle', 'fahrenheit'), [SGIIW],
    [sgi_ic('Boston', 'celsius'), sgi_ic('Seattle', 'fahrenheit')])
sgi_v('intellect3-think-glued-call', 'Qwen3 Coder/XML', SGII + 'TestIntellect3ParserCombined[thinking then tool call]', '<think>Need to get weather data</think>Let me check' + sgi_i('Paris', 'celsius'), [SGIIW], note=SGIIG)
sgi_v('intellect3-think-then-call', 'Qwen3 Coder/XML', SGII + 'TestIntellect3ParserCombined[thinking then tool call] (without the content words)', '<think>Need to get weather data</think>' + sgi_i('Paris', 'celsius'), [SGIIW],
    [sgi_ic('Paris', 'celsius')], keep='<think>Need to get weather data</think>', note='Ollama takes the <think> block as reasoning; toolfix keeps it as it came')
sgi_v('intellect3-think-call-done', 'Qwen3 Coder/XML', SGII + 'TestIntellect3ParserCombined[thinking, tool call, and final content]', '<think>User wants weather info</think>Checking weather' + sgi_i('Tokyo', 'celsius') + 'Done!', [SGIIW], note=SGITAIL)
sgi_v('intellect3-two-calls-and', 'Qwen3 Coder/XML', SGII + 'TestIntellect3ParserCombined[multiple tool calls with thinking]', '<think>Need multiple locations</think>' + sgi_i('Boston', 'celsius') + 'and' + sgi_i('Berlin', 'celsius'), [SGIIW],
    note='disagrees on purpose: Ollama runs both calls; text stands between them, and the last is glued to a word, so toolfix takes neither')
sgi_v('intellect3-unclosed-call', 'Qwen3 Coder/XML', SGII + 'TestIntellect3ParserEdgeCases[unclosed tool call tag]', '<tool_call><function=test_func>\n<parameter=param>\nvalue\n</parameter>\n</function>', [T('test_func', param=S)],
    [('test_func', {'param': 'value'})], note='disagrees on purpose: Ollama waits for </tool_call>; the call is whole, and its closer may be left out at the end of the text (a stop token the server consumed)')
sgi_v('intellect3-fake-thinking', 'Qwen3 Coder/XML', SGII + 'TestIntellect3ParserEdgeCases[fake thinking tag]', '<thinking>This is not the right tag</thinking>Content', [SGIIW])
sgi_v('intellect3-fake-tool', 'Qwen3 Coder/XML', SGII + 'TestIntellect3ParserEdgeCases[fake tool call tag]', '<tool>Not a tool call</tool>', [SGIIW])
sgi_v('intellect3-blanks-before-call', 'Qwen3 Coder/XML', SGII + 'TestIntellect3ParserWhitespaceHandling[whitespace before tool call]', 'Text   <tool_call><function=test>\n<parameter=param>\nvalue\n</parameter>\n</function></tool_call>', [T('test', param=S)],
    note='disagrees on purpose: the call follows a blank inside an unfinished sentence, where prose shows markup as an example; toolfix takes it only at a line start or after a finished sentence')
sgi_v('intellect3-blanks-after-call', 'Qwen3 Coder/XML', SGII + 'TestIntellect3ParserWhitespaceHandling[whitespace after tool call]', '<tool_call><function=test>\n<parameter=param>\nvalue\n</parameter>\n</function></tool_call>   Text', [T('test', param=S)], note=SGITAIL)
