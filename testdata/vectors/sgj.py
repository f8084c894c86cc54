# Ollama's own parser tests converted in issue 20, part J (helper sgj): model/parsers/*_test.go of
# the families toolfix has rows for that servers.py, gen.py and sgi.py had not converted
# (qwen3coder, qwen3, qwen35, qwen3vl, granite_thinking, gemma4, commandr, deepseek, glm52,
# tool_number and the rest of lfm2). Each vector is a test's model output (a streaming test's
# chunks joined) with the calls Ollama expects; a value test of a parser's typing (Qwen's
# parseValue, Gemma's args) becomes one call of one parameter of that type. A vector declares each
# tool the call names with the property types of its arguments, since toolfix takes only a
# declared tool and types values by schema. Run by gen.py in its own names (vec, T, S, I, …) after
# sgi.py, whose helper and notes it shares; its own helpers start with sgj_ or SGJ.
sgj_v = sgi_v  # sgi.py's helper: a vector of Ollama's test, the folder prefix ollama-
SGJTAIL = SGITAIL
SGJRAW = 'the body between the tags is no call (Ollama\'s event test reads it raw); the text passes'

# --- Qwen3 Coder (qwen3coder_test.go): <tool_call><function=T><parameter=P>V</parameter>…
SGJQ = 'qwen3coder_test.go '
def sgj_q(n, *kv, nl='\n'):  # one call in <tool_call>, each value on lines of its own (nl '' glued)
    return '<tool_call>' + nl + '<function=%s>' % n + nl + ''.join('<parameter=%s>%s%s%s</parameter>' % (k, nl, v, nl) + nl for k, v in zip(kv[::2], kv[1::2])) + '</function>' + nl + '</tool_call>'
SGJQS = SGJQ + 'TestQwenParserStreaming'
sgj_v('qwen3coder-raw-two-between', 'Qwen3 Coder/XML', SGJQS + '[multiple tool calls in one message]', 'before1<tool_call>in tool call</tool_call>after1<tool_call>in tool call 2</tool_call>after2', [T('get_weather', location=S)], note=SGJRAW)
sgj_v('qwen3coder-raw-body', 'Qwen3 Coder/XML', SGJQS + '[empty content before tool call]', '\n<tool_call>abc</tool_call>', [T('get_weather', location=S)], note=SGJRAW)
sgj_v('qwen3coder-raw-fakeout', 'Qwen3 Coder/XML', SGJQS + '[partial tool open tag fakeout]', 'abc\n<tool_call fakeout', [T('get_weather', location=S)])
sgj_v('qwen3coder-raw-unicode', 'Qwen3 Coder/XML', SGJQS + '[unicode content]', '你好 🌍<tool_call>test</tool_call>مرحبا', [T('get_weather', location=S)], note=SGJRAW)
sgj_v('qwen3coder-ideographic-fakeout', 'Qwen3 Coder/XML', SGJQS + '[ideographic space before partial tool fakeout]', 'Hello\u3000<toolfakeout>abc', [T('get_weather', location=S)])
sgj_v('qwen3coder-partial-tag', 'Qwen3 Coder/XML', SGJQS + '[unicode with partial tool tag]', '测试🎯 <to', [T('get_weather', location=S)])
SGJQP = SGJQ + 'TestQwenToolParser'
sgj_v('qwen3coder-simple', 'Qwen3 Coder/XML', SGJQP + '[simple tool call]', sgj_q('get_current_temperature', 'location', 'San Francisco', 'unit', 'celsius'), [T('get_current_temperature', location=S, unit=S)],
    [('get_current_temperature', {'location': 'San Francisco', 'unit': 'celsius'})])
sgj_v('qwen3coder-typed', 'Qwen3 Coder/XML', SGJQP + '[tool call with typed parameters]', sgj_q('calculate', 'x', '3.14', 'y', '42', 'enabled', 'true', 'items', '["a", "b", "c"]'), [T('calculate', x=N, y=I, enabled=B, items=A)],
    [('calculate', {'x': 3.14, 'y': 42, 'enabled': True, 'items': ['a', 'b', 'c']})])
sgj_v('qwen3coder-ampersands', 'Qwen3 Coder/XML', SGJQP + '[ampersands in parameter values] (ollama/ollama #12357)', sgj_q('exec', 'command', 'ls && echo "done"'), [T('exec', command=S)], [('exec', {'command': 'ls && echo "done"'})])
sgj_v('qwen3coder-angle-brackets', 'Qwen3 Coder/XML', SGJQP + '[angle brackets in parameter values]', sgj_q('exec', 'command', 'ls && echo "a > b and a < b"'), [T('exec', command=S)], [('exec', {'command': 'ls && echo "a > b and a < b"'})])
sgj_v('qwen3coder-unicode-params', 'Qwen3 Coder/XML', SGJQP + '[unicode in function names and parameters] (the function named get_weather: a tool name is ASCII in every API)', sgj_q('get_weather', '城市', '北京', 'message', 'Hello! 你好! 🌟 مرحبا'),
    [T('get_weather', **{'城市': S, 'message': S})], [('get_weather', {'城市': '北京', 'message': 'Hello! 你好! 🌟 مرحبا'})])
# TestQwenToolCallValueParsing: parseValue of one raw value by its property type, here a call of one parameter
SGJQV = SGJQ + 'TestQwenToolCallValueParsing'
def sgj_qv(name, desc, typ, raw, want, note=''):
    sgj_v('qwen3coder-value-' + name, 'Qwen3 Coder/XML', SGJQV + '[' + desc + ']', '<tool_call>\n<function=set_value>\n<parameter=value>' + raw + '</parameter>\n</function>\n</tool_call>',
          [T('set_value', value=typ)], [('set_value', {'value': want})] if want is not SGJNONE else None, note=note)
SGJNONE = object()
SGJNOFIT = 'disagrees on purpose: Ollama passes the text on as a string, which the schema rejects; a value that fits not its schema is no value, so the call is not taken'
SGJZERO = 'disagrees on purpose: 007 is no JSON number; Ollama reads it as 7, toolfix reads only valid literals and does not take the call'
SGJUNION = 'disagrees on purpose: Ollama reads the text as the first non-string type of the union that parses; where the schema allows a string, toolfix keeps a raw value as the string it is (repair.BuildInput), which fits the schema too'
sgj_qv('string-trim-one', 'trim a single leading and trailing newline', S, '\nsome-string\n', 'some-string')
sgj_qv('string-trim-at-most-one', 'trim at most one leading and trailing newline', S, '\n\nsome-string\n\n', '\nsome-string\n')
sgj_qv('string-blank-first', 'newline really has to be the first character to be trimmed', S, ' \nsome-string\n ', ' \nsome-string\n ')
sgj_qv('number-int', 'numeric type', N, '123', 123)
sgj_qv('integer', 'integer type', I, '42', 42)
sgj_qv('integer-negative', 'negative integer', I, '-100', -100)
sgj_qv('integer-zero', 'zero integer', I, '0', 0)
sgj_qv('integer-leading-zeros', 'integer with leading zeros', I, '007', SGJNONE, note=SGJZERO)
sgj_qv('integer-large', 'large integer', I, '2147483648', 2147483648)
sgj_qv('number-float', 'float type', N, '3.14', 3.14)
sgj_qv('number-negative', 'negative float', N, '-273.15', -273.15)
sgj_qv('number-point-zero', 'float without decimal part', N, '100.0', 100)
sgj_qv('number-exp', 'scientific notation positive', N, '1.23e5', 123000)
sgj_qv('number-exp-negative', 'scientific notation negative', N, '1.5e-3', 0.0015)
sgj_qv('number-small', 'very small float', N, '0.00000001', 0.00000001)
sgj_qv('number-many-digits', 'float with many decimal places', N, '3.141592653589793', 3.141592653589793)
sgj_qv('string', 'explicit string type', S, 'hello world', 'hello world')
sgj_qv('string-path', 'string with special characters', S, '/usr/local/bin/test-file_v2.0.sh', '/usr/local/bin/test-file_v2.0.sh')
sgj_qv('string-quotes', 'string with quotes', S, 'He said "hello" to me', 'He said "hello" to me')
sgj_qv('string-lines', 'multiline string', S, 'line one\nline two\nline three', 'line one\nline two\nline three')
sgj_qv('string-empty', 'empty string', S, '', '')
sgj_qv('string-digits', 'string that looks like a number', S, '12345', '12345')
sgj_qv('string-json', 'string with JSON-like content', S, '{"this": "is", "just": "a string"}', '{"this": "is", "just": "a string"}')
sgj_qv('string-blanks', 'whitespace-only string', S, '   ', '   ')
sgj_qv('boolean-true', 'boolean true', B, 'true', True)
sgj_qv('boolean-false', 'boolean false', B, 'false', False)
sgj_qv('boolean-title', 'boolean case insensitive true', B, 'True', True)
sgj_qv('boolean-upper', 'boolean case insensitive false', B, 'FALSE', SGJNONE, note='disagrees on purpose: Ollama reads a boolean in any case; toolfix reads JSON\'s true/false and Python\'s True/False, and FALSE fits no boolean, so the call is not taken')
sgj_qv('null-for-string', 'null value lowercase', S, 'null', 'null', note='disagrees on purpose: Ollama reads the text null as null, which the string schema rejects; toolfix keeps the raw text of a string-typed value as the string it is')
sgj_qv('null-upper-for-integer', 'null value case insensitive', I, 'NULL', SGJNONE, note='disagrees on purpose: Ollama gives null, which the integer schema rejects; a value that fits not its schema is no value, so the call is not taken')
sgj_qv('array-strings', 'array of strings', A, '["foo", "bar", "baz"]', ['foo', 'bar', 'baz'])
sgj_qv('array-numbers', 'array of numbers', A, '[1, 2.5, 3]', [1, 2.5, 3])
sgj_qv('array-mixed', 'array of mixed types', A, '["string", 123, true, null]', ['string', 123, True, None])
sgj_qv('array-empty', 'empty array', A, '[]', [])
sgj_qv('object', 'simple object', O, '{"key": "value", "number": 42}', {'key': 'value', 'number': 42})
sgj_qv('object-nested', 'nested object', O, '{"outer": {"inner": "value"}}', {'outer': {'inner': 'value'}})
sgj_qv('object-empty', 'empty object', O, '{}', {})
sgj_qv('integer-not-a-number', 'invalid integer falls back to string', I, 'not-a-number', SGJNONE, note=SGJNOFIT)
sgj_qv('number-two-points', 'invalid float falls back to string', N, '3.14.159', SGJNONE, note=SGJNOFIT)
sgj_qv('boolean-yes', 'invalid boolean falls back to false', B, 'yes', SGJNONE, note='disagrees on purpose: Ollama reads any other word as false; yes fits no boolean, and toolfix never guesses a value, so the call is not taken')
sgj_qv('array-unclosed', 'invalid JSON array falls back to string', A, '[1, 2, unclosed', SGJNONE, note=SGJNOFIT)
sgj_qv('object-unclosed', 'invalid JSON object falls back to string', O, '{"key": unclosed', SGJNONE, note=SGJNOFIT)
sgj_qv('untyped', 'default string value (no type specified)', ANY, 'some-string', 'some-string')
sgj_qv('union-string-number-42', 'string or number union - valid number', {'type': ['string', 'number']}, '42.5', '42.5', note=SGJUNION)
sgj_qv('union-string-number-word', 'string or number union - non-numeric string', {'type': ['string', 'number']}, 'hello', 'hello')
sgj_qv('union-number-string', 'number or string union - valid number (order shouldn\'t matter)', {'type': ['number', 'string']}, '42.5', '42.5', note=SGJUNION)
sgj_qv('union-integer-null', 'integer or null union - valid integer', {'type': ['integer', 'null']}, '123', 123)
sgj_qv('union-integer-null-null', 'integer or null union - null value', {'type': ['integer', 'null']}, 'null', None)
sgj_qv('union-null-integer-null', 'null or integer union - null value (order shouldn\'t matter)', {'type': ['null', 'integer']}, 'null', None)
sgj_qv('union-boolean-string', 'boolean or string union - valid boolean', {'type': ['boolean', 'string']}, 'true', 'true', note=SGJUNION)
sgj_qv('union-boolean-string-yes', 'boolean or string union - non-boolean becomes string', {'type': ['boolean', 'string']}, 'yes', 'yes')
sgj_qv('union-string-boolean', 'string or boolean union - valid boolean (precedence test)', {'type': ['string', 'boolean']}, 'false', 'false', note=SGJUNION)
sgj_qv('union-integer-number', 'integer or number union - integer value', {'type': ['integer', 'number']}, '42', 42)
sgj_qv('union-integer-number-float', 'integer or number union - float value', {'type': ['integer', 'number']}, '42.5', 42.5)
sgj_qv('union-number-integer', 'number or integer union - integer value (precedence test)', {'type': ['number', 'integer']}, '42', 42)
sgj_qv('union-array-object-list', 'array or object union - valid array', {'type': ['array', 'object']}, '[1, 2, 3]', [1, 2, 3])
sgj_qv('union-array-object-object', 'array or object union - valid object', {'type': ['array', 'object']}, '{"key": "value"}', {'key': 'value'})
sgj_qv('union-object-array', 'object or array union - valid array (precedence test)', {'type': ['object', 'array']}, '[1, 2, 3]', [1, 2, 3])
SGJQU4 = {'type': ['string', 'number', 'boolean', 'null']}
sgj_qv('union-four-null', 'complex multi-type union - null', SGJQU4, 'null', 'null', note=SGJUNION)
sgj_qv('union-four-boolean', 'complex multi-type union - boolean', SGJQU4, 'true', 'true', note=SGJUNION)
sgj_qv('union-four-number', 'complex multi-type union - number', SGJQU4, '3.14', '3.14', note=SGJUNION)
sgj_qv('union-four-string', 'complex multi-type union - string', SGJQU4, 'hello', 'hello')
sgj_qv('union-integer-string', 'integer string union - integer string becomes integer', {'type': ['integer', 'string']}, '123', '123', note=SGJUNION)
sgj_qv('union-string-integer', 'string integer union - integer string becomes integer (precedence)', {'type': ['string', 'integer']}, '123', '123', note=SGJUNION)
SGJTODO = '[{"content": "task 1", "status": "pending", "priority": "high", "id": "1"}, {"content": "task 2", "status": "completed", "priority": "low", "id": "2"}]'
sgj_qv('anyof-array-string-list', 'anyOf array or string - with array of objects', {'anyOf': [{'type': 'array'}, {'type': 'string'}]}, SGJTODO, SGJTODO, note=SGJUNION)
sgj_qv('anyof-array-string-text', 'anyOf array or string - with plain string', {'anyOf': [{'type': 'array'}, {'type': 'string'}]}, 'Error: could not load data', 'Error: could not load data')
SGJQ3 = [T('first', a=S), T('second', b=S), T('third', c=S)]
SGJQ3C = [('first', {'a': '1'}), ('second', {'b': '2'}), ('third', {'c': '3'})]
sgj_v('qwen3coder-three-calls', 'Qwen3 Coder/XML', SGJQ + 'TestQwen3CoderParserToolCallIndexing', '\n'.join(sgj_q(n, k, v, nl='') for n, k, v in (('first', 'a', '1'), ('second', 'b', '2'), ('third', 'c', '3'))), SGJQ3, SGJQ3C)
sgj_v('qwen3coder-three-calls-glued', 'Qwen3 Coder/XML', SGJQ + 'TestQwen3CoderParserToolCallIndexingStreaming', ''.join(sgj_q(n, k, v, nl='') for n, k, v in (('first', 'a', '1'), ('second', 'b', '2'), ('third', 'c', '3'))), SGJQ3, SGJQ3C)
sgj_v('qwen3coder-index-reset', 'Qwen3 Coder/XML', SGJQ + 'TestQwen3CoderParserToolCallIndexResetOnInit (its second output)', sgj_q('second', 'b', '2', nl=''), SGJQ3, [('second', {'b': '2'})])

# --- Qwen 3 (qwen3_test.go) and Qwen3-VL (qwen3vl_*_test.go): Hermes's JSON call object in <tool_call>
SGJ3 = 'qwen3_test.go '
SGJ3W = T('get_weather', location=S, unit=S)
def sgj_h(n, a): return '<tool_call>' + json.dumps({'name': n, 'arguments': a}, ensure_ascii=False, separators=(',', ':')) + '</tool_call>'
sgj_v('qwen3-call', 'Hermes', SGJ3 + 'TestQwen3ParserToolCall', sgj_h('get_weather', {'location': 'San Francisco', 'unit': 'celsius'}), [SGJ3W], [('get_weather', {'location': 'San Francisco', 'unit': 'celsius'})])
sgj_v('qwen3-call-in-thinking', 'Hermes', SGJ3 + 'TestQwen3ParserThinkingWithToolCallBeforeThinkingClose', 'Let me think' + sgj_h('get_weather', {'location': 'San Francisco', 'unit': 'celsius'}), [SGJ3W],
    note='disagrees on purpose: <tool_call> glued to a word of an unfinished sentence is how prose names the tag (Ollama knows the prompt opened a <think> and ends the reasoning at the tag); toolfix takes Hermes markup at a line start or glued at a line\'s end')
sgj_v('qwen3-call-split-tag-in-thinking', 'Hermes', SGJ3 + 'TestQwen3ParserThinkingWithSplitToolOpenTag', 'Let me think' + sgj_h('get_weather', {'location': 'SF'}), [SGJ3W],
    note='disagrees on purpose: <tool_call> glued to a word of an unfinished sentence is how prose names the tag; toolfix takes Hermes markup at a line start or glued at a line\'s end')
SGJ3T = [T('first', a=S), T('second', b=S), T('third', c=S)]
sgj_v('qwen3-three-calls', 'Hermes', SGJ3 + 'TestQwen3ParserToolCallIndexing', '\n'.join(sgj_h(n, {k: v}) for n, k, v in (('first', 'a', '1'), ('second', 'b', '2'), ('third', 'c', '3'))), SGJ3T, SGJQ3C)
sgj_v('qwen3-three-calls-glued', 'Hermes', SGJ3 + 'TestQwen3ParserToolCallIndexingStreaming', ''.join(sgj_h(n, {k: v}) for n, k, v in (('first', 'a', '1'), ('second', 'b', '2'), ('third', 'c', '3'))), SGJ3T, SGJQ3C)
sgj_v('qwen3-index-reset', 'Hermes', SGJ3 + 'TestQwen3ParserToolCallIndexResetOnInit (its second output)', sgj_h('second', {'b': '2'}), SGJ3T, [('second', {'b': '2'})])
SGJVL = 'qwen3vl_nonthinking_test.go '
sgj_v('qwen3vl-two-calls', 'Hermes', SGJVL + 'TestQwen3VLNonThinkingAssignsSequentialToolCallIndices', sgj_h('first', {'a': '1'}) + sgj_h('second', {'b': '2'}), SGJ3T, [('first', {'a': '1'}), ('second', {'b': '2'})])
SGJVLP = SGJVL + 'TestQwen3VLNonThinkingToolParser'
def sgj_hs(n, a): return '<tool_call>' + json.dumps({'name': n, 'arguments': a}, ensure_ascii=False) + '</tool_call>'
sgj_v('qwen3vl-simple', 'Hermes', SGJVLP + '[simple tool call]', sgj_hs('get-current-weather', {'location': 'San Francisco, CA', 'unit': 'fahrenheit'}), [T('get-current-weather', location=S, unit=S)],
    [('get-current-weather', {'location': 'San Francisco, CA', 'unit': 'fahrenheit'})])
sgj_v('qwen3vl-typed', 'Hermes', SGJVLP + '[tool call with typed parameters (json types)]', sgj_hs('calculate', {'x': 3.14, 'y': 42, 'enabled': True, 'items': ['a', 'b', 'c']}), [T('calculate', x=N, y=I, enabled=B, items=A)],
    [('calculate', {'x': 3.14, 'y': 42, 'enabled': True, 'items': ['a', 'b', 'c']})])
sgj_v('qwen3vl-ampersands', 'Hermes', SGJVLP + '[ampersands in parameter values]', sgj_hs('exec', {'command': 'ls && echo "done"'}), [T('exec', command=S)], [('exec', {'command': 'ls && echo "done"'})])
sgj_v('qwen3vl-angle-brackets', 'Hermes', SGJVLP + '[angle brackets in parameter values]', sgj_hs('exec', {'command': 'ls && echo "a > b and a < b"'}), [T('exec', command=S)], [('exec', {'command': 'ls && echo "a > b and a < b"'})])
sgj_v('qwen3vl-unicode-args', 'Hermes', SGJVLP + '[unicode in function names and parameters] (the function named get_weather: a tool name is ASCII in every API)', sgj_hs('get_weather', {'城市': '北京', 'message': 'Hello! 你好! 🌟 مرحبا'}),
    [T('get_weather', **{'城市': S, 'message': S})], [('get_weather', {'城市': '北京', 'message': 'Hello! 你好! 🌟 مرحبا'})])
# the whitespace tests' raw bodies ("tool content", "first") written as calls, the text around them as the test has it
SGJVLW = SGJVL + 'TestQwen3VLNonThinkingToolCallWhitespaceHandling'
SGJX, SGJXC = T('x'), ('x', {})
SGJXH = '<tool_call>{"name": "x", "arguments": {}}</tool_call>'
sgj_v('qwen3vl-blanks-around-call-prose', 'Hermes', SGJVLW + '[whitespace between content and tool call] (its body a call)', 'content   \n  ' + SGJXH + '  \n  more content', [SGJX], note=SGJTAIL)
sgj_v('qwen3vl-blanks-before-call', 'Hermes', SGJVLW + '[whitespace before and after tool open tag] (its body a call)', 'text   \n   ' + SGJXH, [SGJX], [SGJXC], keep='text')
sgj_v('qwen3vl-blanks-between-calls', 'Hermes', SGJVLW + '[consecutive tool calls with whitespace] (its bodies calls)', SGJXH + '  \n  ' + SGJXH + '  \n  ' + SGJXH, [SGJX], [SGJXC, SGJXC, SGJXC])
sgj_v('qwen3vl-mixed-blanks-between-calls', 'Hermes', SGJVLW + '[mixed whitespace types between tool calls] (its bodies calls)', SGJXH + ' \t\n\r ' + SGJXH, [SGJX], [SGJXC, SGJXC])
sgj_v('qwen3vl-unicode-blanks-glued', 'Hermes', SGJVLW + '[unicode whitespace around tool calls] (its body a call, without the text after it)', 'text\u00a0\u3000' + SGJXH, [SGJX],
    note='disagrees on purpose: the tag glued after a word (the blanks between are no line break) on a line that goes on is how prose shows it; Hermes markup counts at a line start or glued at a line\'s end')
sgj_v('qwen3vl-blanks-in-call-line-after', 'Hermes', SGJVLW + '[whitespace inside tool call preserves trailing space] (its body a call)', '\n \n \n \n \n \n blahhhhhhhhhh blahhhh blahhhh \n\n\n\t\t     <tool_call>   {"name": "x", "arguments": {}}   </tool_call> \n\n\n\n\n\n\n after', [SGJX], note=SGJTAIL)
sgj_v('qwen3vl-blanks-in-call', 'Hermes', SGJVLW + '[whitespace inside tool call preserves trailing space] (its body a call, without the text after it)', '\n \n \n \n \n \n blahhhhhhhhhh blahhhh blahhhh \n\n\n\t\t     <tool_call>   {"name": "x", "arguments": {}}   </tool_call> \n\n\n\n\n\n\n', [SGJX],
    note='disagrees on purpose: the call stands after blank lines indented by two tabs and five blanks, an indented code block (CommonMark 4.4), and markup in code is never taken')
SGJVT = 'qwen3vl_thinking_test.go '
sgj_v('qwen3vl-prefill-think-close-then-call', 'Hermes', SGJVT + 'TestQwen3VLThinkingParserStreamingAssistantPrefillContent', 'abc</think>' + SGJXH, [SGJX], [SGJXC], keep='abc</think>')
sgj_v('qwen3vl-think-blanks-call-no-args', 'Hermes', SGJVT + 'TestQwen3VLThinkingWhitespaceHandling[whitespace between thinking and tool call]', 'thinking</think>  \n  <tool_call>{"name":"test"}</tool_call>', [T('test')], [('test', {})], keep='thinking</think>')
sgj_v('qwen3vl-think-blanks-call-prose', 'Hermes', SGJVT + 'TestQwen3VLToolCallWhitespaceHandling[thinking with whitespace then tool call] (its body a call)', 'thinking</think>   \n   ' + SGJXH + '   \n   content', [SGJX], note=SGJTAIL)
sgj_v('qwen3vl-glued-call-trailing-blanks', 'Hermes', SGJVT + 'TestQwen3VLToolCallWhitespaceHandling[whitespace after tool call trimmed across chunks (with content prefill)] (its body a call, the text after it left out)', 'before' + SGJXH + '   \n\t', [SGJX],
    note='disagrees on purpose: <tool_call> glued to a word on its line is how prose names the tag; Hermes markup counts at a line start or glued at a line\'s end')

# --- Qwen 3.5 (qwen35_test.go): Qwen3 Coder's XML, its values on lines of their own or glued
SGJ35 = 'qwen35_test.go '
SGJ35W = T('get_weather', location=S, days=I)
SGJ35SF = '<tool_call><function=get_weather><parameter=location>\nSF\n</parameter></function></tool_call>'
sgj_v('qwen35-xml-call', 'Qwen3 Coder/XML', SGJ35 + 'TestQwen35ParserXMLToolCall', '<tool_call><function=get_weather><parameter=location>\nSan Francisco\n</parameter><parameter=days>\n3\n</parameter></function></tool_call>', [SGJ35W],
    [('get_weather', {'location': 'San Francisco', 'days': 3})])
sgj_v('qwen35-call-in-thinking', 'Qwen3 Coder/XML', SGJ35 + 'TestQwen35ParserToolCallEmittedInThinkingIsParsed', 'Need weather lookup' + SGJ35SF, [SGJ35W],
    note='disagrees on purpose: <tool_call> glued to a word of an unfinished sentence is how prose names the tag (Ollama knows the prompt opened a <think>); toolfix takes Qwen markup at a line start, after a finished sentence or glued at a line\'s end')
sgj_v('qwen35-split-tag-in-thinking', 'Qwen3 Coder/XML', SGJ35 + 'TestQwen35ParserToolCallEmittedInThinkingIsParsedWhenToolCallTagIsSplitAcrossChunks', 'Need weather lookup' + SGJ35SF, [SGJ35W],
    note='disagrees on purpose: as qwen35-call-in-thinking, the tag split across chunks')
sgj_v('qwen35-partial-tag-then-think-close', 'Qwen3 Coder/XML', SGJ35 + 'TestQwen35ParserFakeoutPartialToolCallThenThinkCloseAcrossChunks', 'Need weather lookup<tool_c</think>', [SGJ35W])
sgj_v('qwen35-think-close-then-call', 'Qwen3 Coder/XML', SGJ35 + 'TestQwen35ParserToolCallAfterThinkingCloseIsParsed', 'Need weather lookup</think>' + SGJ35SF, [SGJ35W], [('get_weather', {'location': 'SF'})], keep='Need weather lookup</think>',
    note='Ollama splits the reasoning off at </think>; toolfix keeps the text before the call as it came')

# --- Granite 4 thinking (granite_thinking_test.go): Qwen3 Coder's XML
sgj_v('granite-thinking-call', 'Qwen3 Coder/XML', 'granite_thinking_test.go TestGraniteThinkingParserToolCall', '<tool_call>\n<function=get_weather>\n<parameter=location>\nParis\n</parameter>\n</function>\n</tool_call>\n', [T('get_weather', location=S)], [('get_weather', {'location': 'Paris'})])
sgj_v('granite-thinking-split', 'Qwen3 Coder/XML', 'granite_thinking_test.go TestGraniteThinkingParserThinkingSplit', 'reasoning here</think>\nhello world', [T('get_weather', location=S)])

# --- tool_number_test.go TestToolCallLargeNumber: 1e20 for a number parameter in each parser's markup
SGJN = 'tool_number_test.go TestToolCallLargeNumber'
SGJNT = [T('calculate', value=N)]
SGJNC = [('calculate', {'value': 1e20})]
sgj_v('tool-number-qwen3coder', 'Qwen3 Coder/XML', SGJN + '[qwen3-coder]', '<tool_call><function=calculate><parameter=value>1e20</parameter></function></tool_call>', SGJNT, SGJNC)
sgj_v('tool-number-glm46', 'GLM 4.5/4.7', SGJN + '[glm-4.6]', '<think></think><tool_call>calculate<arg_key>value</arg_key><arg_value>1e20</arg_value></tool_call>', SGJNT, SGJNC, keep='<think></think>')
sgj_v('tool-number-laguna', 'GLM 4.5/4.7', SGJN + '[laguna]', '<tool_call>calculate\n<arg_key>value</arg_key>\n<arg_value>1e20</arg_value>\n</tool_call>', SGJNT, SGJNC)
sgj_v('tool-number-glimmer', 'Muse Glimmer ATEM (Invoke row)', SGJN + '[glimmer]', ' to=calculate<|message|><atem:function_calls><atem:invoke name="calculate"><atem:parameter name="value">1e20</atem:parameter></atem:invoke></atem:function_calls><|eot|>', SGJNT, SGJNC)

# --- Gemma 4 (gemma4_test.go): <|tool_call>call:T{k:<|"|>v<|"|>,…}<tool_call|>
SGJG = 'gemma4_test.go '
def sgj_g(n, body, close='<tool_call|>'): return '<|tool_call>call:' + n + body + close
def sgj_gq(s): return '<|"|>' + s + '<|"|>'
SGJGW = T('get_weather', location=S, units=S)
SGJGP = SGJG + 'TestGemma4Parser'
sgj_v('gemma4-content', 'Gemma 4', SGJGP + '[simple_content]', 'This is a simple response.', [SGJGW])
sgj_v('gemma4-thinking-content', 'Gemma 4', SGJGP + '[thinking_then_content]', '<|channel>thought\nLet me think about this...<channel|>The answer is 42.', [SGJGW])
sgj_v('gemma4-two-thinking', 'Gemma 4', SGJGP + '[multiple_thinking_blocks]', '<|channel>first thought<channel|><|channel>second thought<channel|>Final answer.', [SGJGW])
sgj_v('gemma4-thinking-only', 'Gemma 4', SGJGP + '[thinking_only_no_content]', '<|channel>just thinking<channel|>', [SGJGW])
sgj_v('gemma4-simple', 'Gemma 4', SGJGP + '[tool_call_simple]', sgj_g('get_weather', '{location:' + sgj_gq('Paris') + '}'), [SGJGW], [('get_weather', {'location': 'Paris'})])
sgj_v('gemma4-two-args', 'Gemma 4', SGJGP + '[tool_call_with_multiple_args]', sgj_g('get_weather', '{location:' + sgj_gq('Paris') + ',units:' + sgj_gq('metric') + '}'), [SGJGW], [('get_weather', {'location': 'Paris', 'units': 'metric'})])
sgj_v('gemma4-number', 'Gemma 4', SGJGP + '[tool_call_with_number_arg]', sgj_g('set_temp', '{value:42}'), [T('set_temp', value=N)], [('set_temp', {'value': 42})])
sgj_v('gemma4-boolean', 'Gemma 4', SGJGP + '[tool_call_with_boolean_arg]', sgj_g('toggle', '{enabled:true}'), [T('toggle', enabled=B)], [('toggle', {'enabled': True})])
sgj_v('gemma4-null', 'Gemma 4', SGJGP + '[tool_call_with_null_arg] (value and nested.value typed string or null)', sgj_g('set_optional', '{value:null,nested:{value:null}}'),
    [T('set_optional', value={'type': ['string', 'null']}, nested={'type': 'object', 'properties': {'value': {'type': ['string', 'null']}}})], [('set_optional', {'value': None, 'nested': {'value': None}})])
sgj_v('gemma4-nested-object', 'Gemma 4', SGJGP + '[tool_call_with_nested_object]', sgj_g('process', '{config:{enabled:true,name:' + sgj_gq('test') + '}}'), [T('process', config=O)], [('process', {'config': {'enabled': True, 'name': 'test'}})])
sgj_v('gemma4-array', 'Gemma 4', SGJGP + '[tool_call_with_array]', sgj_g('process', '{items:[' + sgj_gq('a') + ',' + sgj_gq('b') + ']}'), [T('process', items=A)], [('process', {'items': ['a', 'b']})])
sgj_v('gemma4-array-quotes', 'Gemma 4', SGJGP + '[tool_call_with_array_of_multiple_gemma_quoted_strings]', sgj_g('process', '{items:[' + sgj_gq('a') + ',' + sgj_gq('b "quoted"') + ',' + sgj_gq('c') + ']}'), [T('process', items=A)],
    [('process', {'items': ['a', 'b "quoted"', 'c']})])
sgj_v('gemma4-multiline', 'Gemma 4', SGJGP + '[tool_call_with_multiline_string_arg]', sgj_g('bash', '{command:' + sgj_gq('date\n') + '}'), [T('bash', command=S)], [('bash', {'command': 'date\n'})])
SGJGS = T('search', query=S, note=S)
sgj_v('gemma4-escaped-quotes', 'Gemma 4', SGJGP + '[tool_call_with_escaped_double_quotes_in_string_arg]', sgj_g('search', '{query:' + sgj_gq('say \\"hello\\"') + '}'), [SGJGS], [('search', {'query': 'say \\"hello\\"'})])
sgj_v('gemma4-raw-quotes', 'Gemma 4', SGJGP + '[tool_call_with_unescaped_double_quotes_in_string_arg]', sgj_g('search', '{query:' + sgj_gq('say "hello"') + '}'), [SGJGS], [('search', {'query': 'say "hello"'})])
sgj_v('gemma4-raw-quote-segments', 'Gemma 4', SGJGP + '[tool_call_with_multiple_unescaped_double_quote_segments]', sgj_g('search', '{query:' + sgj_gq('say "hello", then "goodbye"') + '}'), [SGJGS], [('search', {'query': 'say "hello", then "goodbye"'})])
sgj_v('gemma4-mixed-quotes', 'Gemma 4', SGJGP + '[tool_call_with_mixed_escaped_and_unescaped_double_quotes]', sgj_g('search', '{query:' + sgj_gq('first \\"quoted\\" then "raw"') + '}'), [SGJGS], [('search', {'query': 'first \\"quoted\\" then "raw"'})])
sgj_v('gemma4-quoted-path', 'Gemma 4', SGJGP + '[tool_call_exec_with_embedded_quoted_path]', sgj_g('exec', '{command:' + sgj_gq('ls -F "vault/"') + '}'), [T('exec', command=S)], [('exec', {'command': 'ls -F "vault/"'})])
sgj_v('gemma4-quoted-url', 'Gemma 4', SGJGP + '[tool_call_exec_with_embedded_quoted_url]', sgj_g('exec', '{command:' + sgj_gq('fetch "https://ollama.com/library/gemma4" --extract') + '}'), [T('exec', command=S)],
    [('exec', {'command': 'fetch "https://ollama.com/library/gemma4" --extract'})])
sgj_v('gemma4-no-closer', 'Gemma 4', SGJGP + '[tool_call_done_flush_without_close_tag_with_unescaped_double_quotes]', sgj_g('search', '{query:' + sgj_gq('say "hello" and "bye"') + '}', close=''), [SGJGS], [('search', {'query': 'say "hello" and "bye"'})],
    note='the call is complete and only <tool_call|> is missing at the end, which is forgiven')
sgj_v('gemma4-json-and-gemma-quotes', 'Gemma 4', SGJGP + '[tool_call_with_mixed_raw_and_gemma_quoted_values]', sgj_g('search', '{query:"raw \\"quoted\\"",note:' + sgj_gq('gemma "quoted"') + '}'), [SGJGS],
    [('search', {'query': 'raw "quoted"', 'note': 'gemma "quoted"'})])
sgj_v('gemma4-array-of-objects', 'Gemma 4', SGJGP + '[tool_call_with_array_of_objects_and_mixed_quotes]', sgj_g('plan', '{steps:[{title:' + sgj_gq('step "one"') + ',done:false},{title:' + sgj_gq('step \\"two\\"') + ',done:true}]}'), [T('plan', steps=A)],
    [('plan', {'steps': [{'title': 'step "one"', 'done': False}, {'title': 'step \\"two\\"', 'done': True}]})])
SGJGE1 = ('# Gemma4 + openclaude speed optimization guide\n\nUse "nvfp4" only after validating tool calls.\n', '# Gemma4 + openclaude speed optimization guide\n\nUse the default quantization.\n',
          '## 14. Methods tried but not adopted\n\n### 1. Model quantization\nDo not enable "mxfp8" by default.\n', '## 14. Methods tried but not adopted\n')
sgj_v('gemma4-edit-markdown', 'Gemma 4', SGJGP + '[tool_call_edit_with_array_of_objects_multiline_markdown_and_quotes]',
    sgj_g('edit', '{edits:[\n  {newText:' + sgj_gq(SGJGE1[0]) + ',oldText:' + sgj_gq(SGJGE1[1]) + '},\n  {newText:' + sgj_gq(SGJGE1[2]) + ',oldText:' + sgj_gq(SGJGE1[3]) + '}\n]}'), [T('edit', edits=A)],
    [('edit', {'edits': [{'newText': SGJGE1[0], 'oldText': SGJGE1[1]}, {'newText': SGJGE1[2], 'oldText': SGJGE1[3]}]})])
sgj_v('gemma4-edit-spacing', 'Gemma 4', SGJGP + '[tool_call_edit_with_array_of_objects_issue_comment_spacing]',
    sgj_g('edit', '{edits:[\n  {newText:' + sgj_gq('# Gemma4 + openclaude speed optimization guide...') + ',\n   oldText:' + sgj_gq('# Gemma4 + openclaude speed optimization guide...') + '},\n  {newText:' + sgj_gq('## 14. Methods tried but not adopted\\n\\n### 1. Model quantization...') + ',\n   oldText:' + sgj_gq('## 14. Methods tried but not adopted\\n') + '}\n]}'), [T('edit', edits=A)],
    [('edit', {'edits': [{'newText': '# Gemma4 + openclaude speed optimization guide...', 'oldText': '# Gemma4 + openclaude speed optimization guide...'},
                         {'newText': '## 14. Methods tried but not adopted\\n\\n### 1. Model quantization...', 'oldText': '## 14. Methods tried but not adopted\\n'}]})])
sgj_v('gemma4-windows-path', 'Gemma 4', SGJGP + '[tool_call_with_windows_path_single_backslashes]', sgj_g('open_file', '{path:' + sgj_gq('C:\\users\\bob\\file.txt') + '}'), [T('open_file', path=S)], [('open_file', {'path': 'C:\\users\\bob\\file.txt'})])
sgj_v('gemma4-two-calls', 'Gemma 4', SGJGP + '[multiple_tool_calls]', sgj_g('get_weather', '{location:' + sgj_gq('Paris') + '}') + sgj_g('get_weather', '{location:' + sgj_gq('London') + '}'), [SGJGW],
    [('get_weather', {'location': 'Paris'}), ('get_weather', {'location': 'London'})])
sgj_v('gemma4-thinking-then-call', 'Gemma 4', SGJGP + '[thinking_then_tool_call]', '<|channel>thought\nI need to check the weather<channel|>' + sgj_g('get_weather', '{location:' + sgj_gq('Paris') + '}'), [SGJGW],
    [('get_weather', {'location': 'Paris'})], keep='<|channel>thought\nI need to check the weather<channel|>',
    note='Ollama takes the channel block as reasoning; toolfix keeps the text before the call as it came')
sgj_v('gemma4-content-then-call', 'Gemma 4', SGJGP + '[content_then_tool_call]', 'Let me check that for you.' + sgj_g('get_weather', '{location:' + sgj_gq('Paris') + '}'), [SGJGW],
    [('get_weather', {'location': 'Paris'})], keep='Let me check that for you.')
sgj_v('gemma4-channel-as-content', 'Gemma 4', SGJGP + '[thinking_disabled_channel_tags_as_content]', '<|channel>this is not thinking<channel|>actual content', [SGJGW])
sgj_v('gemma4-stream-thinking', 'Gemma 4', SGJG + 'TestGemma4Parser_Streaming', '<|channel>thought\nLet me think...<channel|>The answer is 42.', [SGJGW])
sgj_v('gemma4-tool-response-continuation', 'Gemma 4', SGJG + 'TestGemma4Parser_ToolResponseContinuationStartsInThinking', 'The user asked for files.<channel|>go.mod and go.sum', [SGJGW])
sgj_v('gemma4-stream-call', 'Gemma 4', SGJG + 'TestGemma4Parser_StreamingToolCall', sgj_g('get_weather', '{location:' + sgj_gq('Paris') + '}'), [SGJGW], [('get_weather', {'location': 'Paris'})])
SGJGPC = sgj_g('get_weather', '{location:' + sgj_gq('Paris') + '}')
SGJGX = SGJG + 'TestGemma4Parser_IgnoresExtraToolCallCloseTags'
sgj_v('gemma4-extra-closer', 'Gemma 4', SGJGX + '[same_chunk_without_trailing_content]', SGJGPC + '<tool_call|>', [SGJGW], [('get_weather', {'location': 'Paris'})])
sgj_v('gemma4-extra-closer-then-text', 'Gemma 4', SGJGX + '[same_chunk_before_real_content]', SGJGPC + '<tool_call|>Done.', [SGJGW], note=SGJTAIL)
SGJGR = SGJG + 'TestGemma4Parser_IgnoresToolResponseBoundaryAfterToolCall'
sgj_v('gemma4-tool-response-after', 'Gemma 4', SGJGR + '[same_chunk_without_trailing_content]', SGJGPC + '<|tool_response>', [SGJGW], [('get_weather', {'location': 'Paris'})])
sgj_v('gemma4-tool-response-then-text', 'Gemma 4', SGJGR + '[same_chunk_before_real_content]', SGJGPC + '<|tool_response>Done.', [SGJGW], note=SGJTAIL)
sgj_v('gemma4-split-channel', 'Gemma 4', SGJG + 'TestGemma4Parser_StreamingSplitThinkingTag[split_channel_open_tag]', '<|channel>thinking here<channel|>content', [SGJGW])
# TestGemma4ArgsToJSON: the arguments of one call, each in a call of its own
SGJGA = SGJG + 'TestGemma4ArgsToJSON'
def sgj_ga(name, desc, body, tool, want, note=''):
    sgj_v('gemma4-args-' + name, 'Gemma 4', SGJGA + '[' + desc + ']', sgj_g(tool[0], body), [tool], [(tool[0], want)] if want is not SGJNONE else None, note=note)
SGJGEd = T('edit', edits=A)
sgj_ga('space-after-brace', 'nested_object_with_space_after_object_open_and_before_bare_key', '{edits:[{ newText:' + sgj_gq('a') + ', oldText:' + sgj_gq('b') + '} ]}', SGJGEd, {'edits': [{'newText': 'a', 'oldText': 'b'}]})
sgj_ga('space-before-key', 'nested_object_with_space_before_bare_key', '{edits:[{newText:' + sgj_gq('a') + ', oldText:' + sgj_gq('b') + '} ]}', SGJGEd, {'edits': [{'newText': 'a', 'oldText': 'b'}]})
sgj_ga('newline-before-key', 'nested_object_with_newline_before_bare_key', '{edits:[\n{newText:' + sgj_gq('a') + ',\noldText:' + sgj_gq('b') + '}\n]}', SGJGEd, {'edits': [{'newText': 'a', 'oldText': 'b'}]})
sgj_ga('empty', 'empty_object', '{}', T('refresh'), {})
sgj_ga('mixed-types', 'mixed_types', '{name:' + sgj_gq('test') + ',count:5,active:true,tags:[' + sgj_gq('a') + ']}', T('tag', name=S, count=I, active=B, tags=A), {'name': 'test', 'count': 5, 'active': True, 'tags': ['a']})
SGJGQ = T('search', query=S)
sgj_ga('structural-chars', 'string_value_with_punctuation_and_structural_chars', '{query:' + sgj_gq('a,b:{c}[d]') + '}', SGJGQ, {'query': 'a,b:{c}[d]'})
SGJGF = T('open_file', path=S)
sgj_ga('doubled-backslashes', 'string_value_with_windows_path_backslashes', '{path:' + sgj_gq('C:\\\\Temp\\\\file.txt') + '}', SGJGF, {'path': 'C:\\\\Temp\\\\file.txt'})
sgj_ga('escaped-slashes', 'string_value_with_escaped_forward_slashes', '{url:' + sgj_gq('https:\\/\\/example.com\\/a') + '}', T('fetch', url=S), {'url': 'https:\\/\\/example.com\\/a'})
SGJGSS = T('say', s=S)
sgj_ga('unicode-escape', 'string_value_with_unicode_escape_sequence', '{s:' + sgj_gq('snowman:\\u2603') + '}', SGJGSS, {'s': 'snowman:\\u2603'})
sgj_ga('unknown-escape', 'string_value_with_unknown_escape_sequence', '{s:' + sgj_gq('bad \\x escape') + '}', SGJGSS, {'s': 'bad \\x escape'})
sgj_ga('bad-unicode-escape', 'string_value_with_invalid_unicode_escape_sequence', '{s:' + sgj_gq('bad \\uZZZZ escape') + '}', SGJGSS, {'s': 'bad \\uZZZZ escape'})
SGJGQN = T('search', q=S, note=S)
sgj_ga('json-string-escaped-quotes', 'raw_quoted_string_with_escaped_quotes', '{q:"say \\"hi\\" and \\"bye\\""}', SGJGQN, {'q': 'say "hi" and "bye"'})
sgj_ga('json-string-key-like', 'raw_quoted_string_containing_key_like_text', '{q:"keep , oldText: literal",note:' + sgj_gq('ok') + '}', SGJGQN, {'q': 'keep , oldText: literal', 'note': 'ok'})
sgj_ga('json-string-key-like-quotes', 'raw_quoted_string_with_escaped_quotes_and_key_like_text', '{q:"keep , oldText: and \\"quoted\\" text",note:' + sgj_gq('ok') + '}', SGJGQN, {'q': 'keep , oldText: and "quoted" text', 'note': 'ok'})
sgj_ga('nested-mixed-quotes', 'nested_mixed_raw_and_gemma_quoted_values', '{meta:{title:' + sgj_gq('t "1"') + ',note:"n \\"2\\""},items:[' + sgj_gq('x "3"') + ',"y \\"4\\""]}', T('note', meta=O, items=A),
       {'meta': {'title': 't "1"', 'note': 'n "2"'}, 'items': ['x "3"', 'y "4"']})
# the parse tests of parseGemma4ToolCall, in their envelope
sgj_v('gemma4-json-path-bad-escape', 'Gemma 4', SGJG + 'TestParseGemma4ToolCall_InvalidRawQuotedEscape', sgj_g('open_file', '{path:"C:\\users\\bob\\file.txt"}'), [SGJGF])
sgj_v('gemma4-quoted-scalars', 'Gemma 4', SGJG + 'TestParseGemma4ToolCall_QuotedScalarsStayStrings', sgj_g('foo', '{n:' + sgj_gq('1') + ',b:' + sgj_gq('true') + ',z:' + sgj_gq('null') + '}'), [T('foo', n=S, b=S, z=S)],
    [('foo', {'n': '1', 'b': 'true', 'z': 'null'})])
sgj_v('gemma4-bare-scalars', 'Gemma 4', SGJG + 'TestParseGemma4ToolCall_UnquotedScalarsKeepStructuredTypes', sgj_g('foo', '{n:1,b:true,z:null}'), [T('foo', n=N, b=B, z={'type': ['string', 'null']})],
    [('foo', {'n': 1, 'b': True, 'z': None})])
sgj_v('gemma4-reference-example', 'Gemma 4', SGJG + 'TestParseGemma4ToolCall_ReferenceImplementationExample', sgj_g('get_current_temperature', '{detail_level:0,location:' + sgj_gq('Paris, France') + ',unit:' + sgj_gq('celsius') + '}'),
    [T('get_current_temperature', detail_level=I, location=S, unit=S)], [('get_current_temperature', {'detail_level': 0, 'location': 'Paris, France', 'unit': 'celsius'})])
sgj_v('gemma4-json-string-structural', 'Gemma 4', SGJG + 'TestParseGemma4ToolCall_RawQuotedStructuralString', sgj_g('foo', '{q:"a,b:c"}'), [T('foo', q=S)], [('foo', {'q': 'a,b:c'})])
# the malformed arguments Ollama mends (ollama/ollama #15315): toolfix reads only well-formed markup
SGJGM = 'disagrees on purpose: Ollama mends the malformed arguments (%s, ollama/ollama #15315); toolfix reads only well-formed markup and guesses no value'
SGJGWR = "\n\n# Project Style Guide for Autonomous Agents' Code Generation (AGENTS.md)\n\nThis document captures the *de facto* coding standards observed across the `src/` and `components/` source code, designed to ensure consistency for all generated code and modules consumed by the agent system."
SGJGRI = SGJG + 'TestParseGemma4ToolCall_RepairsIssue15315Examples'
sgj_v('gemma4-raw-multiline-value', 'Gemma 4', SGJGRI + '[raw multiline string]', sgj_g('write', '{content:' + SGJGWR, close=''), [T('write', content=S)], note=SGJGM % 'a raw string value, neither quoted nor closed')
sgj_v('gemma4-single-quoted-dangling', 'Gemma 4', SGJGRI + '[single quoted value with dangling gemma string delimiter]',
    sgj_g('grep', '{include:' + sgj_gq('*.py') + ',output_mode:' + sgj_gq('content') + ',path:' + sgj_gq('/data/robotics/experiment1') + ",pattern:':\\s*\\w+'" + '<|"|>}'), [T('grep', include=S, output_mode=S, path=S, pattern=S)],
    note=SGJGM % 'a single-quoted value with a stray quote token after it')
sgj_v('gemma4-unclosed-string', 'Gemma 4', SGJGRI + '[unclosed gemma string before object close]', sgj_g('bash', '{command:' + '<|"|>ls}'), [T('bash', command=S, path=S)], note=SGJGM % 'a string whose closing quote token was left out')
SGJGRM = SGJG + 'TestParseGemma4ToolCall_RepairsMultipleProperties'
sgj_v('gemma4-single-quoted-middle', 'Gemma 4', SGJGRM + '[single_quoted_middle_property]', sgj_g('grep', '{include:' + sgj_gq('*.py') + ",pattern:'abc',path:" + sgj_gq('/tmp') + '}'), [T('grep', include=S, pattern=S, path=S)],
    note=SGJGM % 'a single-quoted value')
sgj_v('gemma4-unclosed-string-last', 'Gemma 4', SGJGRM + '[unclosed_gemma_string_terminal_property]', sgj_g('bash', '{path:' + sgj_gq('/tmp') + ',command:<|"|>ls}'), [T('bash', command=S, path=S)], note=SGJGM % 'a string whose closing quote token was left out')
sgj_v('gemma4-raw-value-before-key', 'Gemma 4', SGJGRM + '[raw_string_before_next_property]', sgj_g('write', '{content:hello,mode:' + sgj_gq('fast') + '}'), [T('write', content=S, mode=S)], note=SGJGM % 'a bare word for a string')
sgj_v('gemma4-unclosed-string-first', 'Gemma 4', SGJG + 'TestParseGemma4ToolCall_DoesNotRepairNonTerminalUnclosedGemmaString', sgj_g('example', '{first:<|"|>one,second:' + sgj_gq('two') + '}'), [T('example', first=S, second=S)])

# --- LFM2 (lfm2_test.go, the tests sgi.py did not convert): Python calls in <|tool_call_start|>…<|tool_call_end|>
SGJL = 'lfm2_test.go '
def sgj_lw(b): return '<|tool_call_start|>' + b + '<|tool_call_end|>'
SGJLW = T('get_weather', location=S)
SGJLS = SGJL + 'TestLFM2Parser_Streaming'
sgj_v('lfm2-stream-call', 'pythonic', SGJLS + '[streaming_tool_call]', "I'll check weather." + sgj_lw('[get_weather(location="Paris")]'), [SGJLW], [('get_weather', {'location': 'Paris'})], keep="I'll check weather.")
sgj_v('lfm2-stream-split-python', 'pythonic', SGJLS + '[streaming_tool_call_with_split_python]', 'Processing.' + sgj_lw('[calc(x=42, y=24)]'), [T('calc', x=I, y=I)], [('calc', {'x': 42, 'y': 24})], keep='Processing.')
sgj_v('lfm2-stream-angle', 'pythonic', SGJLS + '[streaming_direct_answer_starting_with_angle]', '<html> is a tag', [SGJLW])
sgj_v('lfm2-stream-think-blanks', 'pythonic', SGJLS + '[streaming_whitespace_after_close_tag]', '<think>Thinking</think>\n\n\nResponse content', [SGJLW])
# TestLFM2Parser_parseToolCallContent and _parseToolCallsContent: the wrapper's content, here in its tokens
SGJLC = SGJL + 'TestLFM2Parser_parseToolCallsContent'
def sgj_lc(name, desc, body, tools, calls=None, note='', test=SGJLC):
    sgj_v('lfm2-content-' + name, 'pythonic', test + '[' + desc + ']', sgj_lw(body), tools, calls, note=note)
SGJLB = T('bash', command=S, flag=S, count=I)
SGJLUNB = 'the call written without its list\'s brackets, as Ollama also reads it'
sgj_lc('unbracketed', 'python_style_single_call', 'get_weather(location="Paris")', [SGJLW], [('get_weather', {'location': 'Paris'})], note=SGJLUNB, test=SGJL + 'TestLFM2Parser_parseToolCallContent')
sgj_lc('complex-unbracketed', 'python_style_complex_arguments', "process(items=['a', 'b'], config={'enabled': True})", [T('process', items=A, config=O)], [('process', {'items': ['a', 'b'], 'config': {'enabled': True}})], note=SGJLUNB, test=SGJL + 'TestLFM2Parser_parseToolCallContent')
sgj_lc('no-parenthesis', 'missing_parenthesis', 'get_weather location="Paris")', [SGJLW], test=SGJL + 'TestLFM2Parser_parseToolCallContent')
sgj_lc('bare-argument', 'invalid_argument_format', 'bash(command)', [SGJLB], test=SGJL + 'TestLFM2Parser_parseToolCallContent')
sgj_lc('two-bash', 'multiple_python_style_calls', "[bash(command='curl google.com'),bash(command='curl example.com')]", [SGJLB], [('bash', {'command': 'curl google.com'}), ('bash', {'command': 'curl example.com'})])
sgj_lc('complex-literals', 'python_style_complex_literals', "[AskUserQuestion(question=\"What's up?\", headers=['Hello!', 'How can I help you?'], options=['Debugging help', 'Code writing assistance'], multiSelect=False, metadata={'priority': 1, 'active': True})]",
       [T('AskUserQuestion', question=S, headers=A, options=A, multiSelect=B, metadata=O)],
       [('AskUserQuestion', {'question': "What's up?", 'headers': ['Hello!', 'How can I help you?'], 'options': ['Debugging help', 'Code writing assistance'], 'multiSelect': False, 'metadata': {'priority': 1, 'active': True}})])
sgj_lc('single-unbracketed', 'single_python_style_call', "bash(command='ls -la')", [SGJLB], [('bash', {'command': 'ls -la'})], note=SGJLUNB)
sgj_lc('two-functions', 'multiple_different_functions', "[get_weather(location='Paris'),search(query='news')]", [SGJLW, T('search', query=S)], [('get_weather', {'location': 'Paris'}), ('search', {'query': 'news'})])
sgj_lc('parens-in-string', 'nested_parentheses_in_arg', "[bash(command='echo \"(hello)\"')]", [SGJLB], [('bash', {'command': 'echo "(hello)"'})])
sgj_lc('comma-in-string', 'comma_inside_quotes', "[bash(command='echo \"hello, world\"')]", [SGJLB], [('bash', {'command': 'echo "hello, world"'})])
sgj_lc('equals-in-string', 'equals_inside_quotes', "[bash(command='export FOO=bar')]", [SGJLB], [('bash', {'command': 'export FOO=bar'})])
sgj_lc('single-in-double', 'double_quotes_with_single_inside', "[bash(command=\"echo 'hello'\")]", [SGJLB], [('bash', {'command': "echo 'hello'"})])
sgj_lc('three-args', 'multiple_args', "[bash(command='ls', flag='-la', count=42)]", [SGJLB], [('bash', {'command': 'ls', 'flag': '-la', 'count': 42})])
sgj_lc('three-calls', 'three_calls', "[a(x='1'),b(y='2'),c(z='3')]", [T('a', x=S), T('b', y=S), T('c', z=S)], [('a', {'x': '1'}), ('b', {'y': '2'}), ('c', {'z': '3'})])
sgj_lc('escaped-quote', 'escaped_quote_in_value', "[bash(command='echo \\'hello\\'')]", [SGJLB], [('bash', {'command': "echo 'hello'"})],
       note='disagrees on purpose: Ollama keeps the backslashes (echo \\\'hello\\\'); the value is a Python literal, and toolfix reads its escapes as Python does')
sgj_lc('boolean-true', 'boolean_true_arg', '[configure(enabled=true)]', [T('configure', enabled=B)], [('configure', {'enabled': True})])
sgj_lc('boolean-false', 'boolean_false_arg', '[configure(enabled=false)]', [T('configure', enabled=B)], [('configure', {'enabled': False})])
sgj_lc('float', 'float_arg', '[set_threshold(value=0.95)]', [T('set_threshold', value=N)], [('set_threshold', {'value': 0.95})])
sgj_lc('negative', 'negative_number_arg', '[adjust(offset=-10)]', [T('adjust', offset=I)], [('adjust', {'offset': -10})])
sgj_lc('mixed-types', 'mixed_arg_types', '[process(name="test", count=42, ratio=3.14, active=true)]', [T('process', name=S, count=I, ratio=N, active=B)], [('process', {'name': 'test', 'count': 42, 'ratio': 3.14, 'active': True})])
sgj_lc('escaped-newlines', 'newline_in_string_arg', '[write_file(content="line1\\nline2\\nline3")]', [T('write_file', content=S)], [('write_file', {'content': 'line1\nline2\nline3'})],
       note='disagrees on purpose: Ollama keeps \\n as the two characters; the value is a Python literal, and toolfix reads \\n as Python does, a line break')
sgj_lc('empty-string', 'empty_string_arg', '[search(query="")]', [T('search', query=S)], [('search', {'query': ''})])
sgj_lc('blanks-around-args', 'whitespace_around_args', '[func( arg1 = "value1" , arg2 = 42 )]', [T('func', arg1=S, arg2=I)], [('func', {'arg1': 'value1', 'arg2': 42})])
sgj_lc('json-in-string', 'json_in_string_arg', '[send_data(payload=\'{"key": "value", "num": 123}\')]', [T('send_data', payload=S)], [('send_data', {'payload': '{"key": "value", "num": 123}'})])
sgj_lc('url', 'url_in_arg', '[fetch(url="https://example.com/api?foo=bar&baz=qux")]', [T('fetch', url=S)], [('fetch', {'url': 'https://example.com/api?foo=bar&baz=qux'})])
sgj_lc('path-spaces', 'path_with_spaces', '[read_file(path="/home/user/My Documents/file.txt")]', [T('read_file', path=S)], [('read_file', {'path': '/home/user/My Documents/file.txt'})])
sgj_v('lfm2-orphan-end', 'pythonic', SGJLC + '[single_call_with_orphan_end_tag] (as the whole text)', "[bash(command='ls')]<|tool_call_end|>", [SGJLB], [('bash', {'command': 'ls'})])
sgj_v('lfm2-bare-list', 'pythonic', SGJL + 'TestLFM2Parser_BareToolCallFallback', '[get_weather(location="Paris")]', [SGJLW], [('get_weather', {'location': 'Paris'})])
sgj_v('lfm2-bare-unknown', 'pythonic', SGJL + 'TestLFM2Parser_BareUnknownToolCallDoesNotParse', '[unknown_tool(location="Paris")]', [SGJLW])
sgj_v('lfm2-image-index', 'pythonic', SGJL + 'TestLFM2Parser_ImagePlaceholdersPreserved[indexed_img_placeholder]', '[img-0]describe this image', [T('bash', command=S)])
sgj_v('lfm2-image-tag', 'pythonic', SGJL + 'TestLFM2Parser_ImagePlaceholdersPreserved[template_image_placeholder]', '<image>describe this image', [T('bash', command=S)])

# --- Command R (commandr_test.go; cohere_test.go is in servers.py): Action: then a ```json fence holding the list of {"tool_name", "parameters"}
SGJR = 'commandr_test.go '
SGJRT = [T('get_weather', location=S, unit=S), T('get_time', timezone=S), T('bash', command=S), T('read_file', path=S)]
SGJRN = 'disagrees on purpose: Command R writes its calls in a ```json fence after "Action:"; a fence is code to toolfix, whose markup is never taken, and "Action:" is a word ReAct prose writes'
def sgj_r(body): return 'Action: ```json\n' + body + '\n```'
sgj_v('commandr-single', 'Cohere Command', SGJR + 'TestCommandRParser_SingleToolCall', sgj_r('[\n    {\n        "tool_name": "get_weather",\n        "parameters": {"location": "San Francisco", "unit": "celsius"}\n    }\n]'), SGJRT, note=SGJRN)
sgj_v('commandr-two', 'Cohere Command', SGJR + 'TestCommandRParser_MultipleToolCalls', sgj_r('[\n    {\n        "tool_name": "get_weather",\n        "parameters": {"location": "New York"}\n    },\n    {\n        "tool_name": "get_time",\n        "parameters": {"timezone": "EST"}\n    }\n]'), SGJRT, note=SGJRN)
sgj_v('commandr-directly-answer', 'Cohere Command', SGJR + 'TestCommandRParser_DirectlyAnswer', sgj_r('[\n    {\n        "tool_name": "directly-answer",\n        "parameters": {}\n    }\n]'), SGJRT)
sgj_v('commandr-content-before', 'Cohere Command', SGJR + 'TestCommandRParser_ContentBeforeAction', "I'll look up the weather for you.\n" + sgj_r('[{"tool_name": "get_weather", "parameters": {"location": "NYC"}}]'), SGJRT, note=SGJRN)
sgj_v('commandr-plain', 'Cohere Command', SGJR + 'TestCommandRParser_PlainTextResponse', 'Hello! How can I help you today?', SGJRT)
sgj_v('commandr-tokens', 'Cohere Command', SGJR + 'TestCommandRParser_StreamingTokenByToken', sgj_r('[\n    {\n        "tool_name": "bash",\n        "parameters": {"command": "ls -la"}\n    }\n]').replace('Action: ```json', 'Action: ```json'), SGJRT, note=SGJRN)
sgj_v('commandr-no-fence-end', 'Cohere Command', SGJR + 'TestCommandRParser_DoneWithPendingToolCalls', 'Action: ```json\n[{"tool_name": "bash", "parameters": {"command": "pwd"}}]', SGJRT, note=SGJRN)
sgj_v('commandr-partial-word', 'Cohere Command', SGJR + 'TestCommandRParser_PartialActionTag', 'Here is my response. Actually, let me think...', SGJRT)
sgj_v('commandr-single-object', 'Cohere Command', SGJR + 'TestCommandRParser_SingleObject', sgj_r('{\n    "tool_name": "read_file",\n    "parameters": {"path": "/etc/hosts"}\n}'), SGJRT, note=SGJRN)

# --- DeepSeek (deepseek_test.go, the older parser: its texts that deepseek3_test.go, converted in sgi.py, has not)
SGJD = 'deepseek_test.go TestDeepSeekParser_parseToolCallContent'
def sgj_d(b): return '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>' + b + '<｜tool▁call▁end｜><｜tool▁calls▁end｜>'
sgj_v('deepseek-content-valid', 'DeepSeek V3.1', SGJD + '[valid_tool_call] (in its tokens)', sgj_d('get_weather<｜tool▁sep｜>{"location":"Paris"}'), [T('get_weather', location=S)], [('get_weather', {'location': 'Paris'})])
sgj_v('deepseek-content-complex', 'DeepSeek V3.1', SGJD + '[complex_arguments] (in its tokens)', sgj_d('process_data<｜tool▁sep｜>{"items":["a","b"],"config":{"enabled":true}}'), [T('process_data', items=A, config=O)], [('process_data', {'items': ['a', 'b'], 'config': {'enabled': True}})])
sgj_v('deepseek-content-no-sep', 'DeepSeek V3.1', SGJD + '[invalid_format_no_separator] (in its tokens)', sgj_d('get_weather{"location":"Paris"}'), [T('get_weather', location=S)])
sgj_v('deepseek-content-bad-json', 'DeepSeek V3.1', SGJD + '[invalid_json] (in its tokens)', sgj_d('get_weather<｜tool▁sep｜>{invalid json}'), [T('get_weather', location=S)])

# --- GLM 5.2 (glm52_test.go): GLM's pairs after </think>; TestGLM52ParserAdd's output is glm47's (sgi.py)
sgj_v('glm52-think-answer-call', 'GLM 4.5/4.7', 'glm52_test.go TestGLM52ParserComplexPrompt', 'deep analysis of the problem</think>Found the answer<tool_call>search<arg_key>query</arg_key><arg_value>advanced search query</arg_value></tool_call>', [T('search', query=S)],
    note='disagrees on purpose: <tool_call> glued to a word of an unfinished sentence is how prose names the tag; toolfix takes GLM markup at a line start or after a finished sentence')
sgj_v('glm52-think-then-call', 'GLM 4.5/4.7', 'glm52_test.go TestGLM52ParserComplexPrompt (without the content words)', 'deep analysis of the problem</think><tool_call>search<arg_key>query</arg_key><arg_value>advanced search query</arg_value></tool_call>', [T('search', query=S)],
    [('search', {'query': 'advanced search query'})], keep='deep analysis of the problem</think>', note='Ollama splits the reasoning off at </think>; toolfix keeps the text before the call as it came')
