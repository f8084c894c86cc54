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
