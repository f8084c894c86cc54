# llama.cpp's tests/test-chat.cpp, the part before the templates sgl.py converted, converted in issue
# 20 (helper sgq): ggml-org/llama.cpp tests/test-chat.cpp at 0042e20 (331,400 characters). Its first
# 76,000 characters hold no model output (the tools, the expected messages, the peg_tester harness
# and the JSON conversion tests); what follows them and no batch had is test_lfm2_parser (the LFM2
# cases every LFM2 template shares) and the Qwen3.5-4B.jinja peg_tester of
# test_template_output_peg_parsers, and its Cohere2MoE.jinja and google-gemma-4-31B-it.jinja
# peg_testers. Each vector is the text the test's parser is given and the calls
# it expects; the tools are the test's own (each with its schema's property types). Run by gen.py in
# its own names (vec, T, S, I, …); the helpers here start with sgq_ or SGQ.

SGQLC = 'ggml-org/llama.cpp 0042e20 tests/test-chat.cpp '
SGQCUT = 'disagrees on purpose: llama.cpp streams the partial call it has (is_partial); a cut-off call is never completed'
SGQSF = T('special_function', arg1=I)
SGQSFO = T('special_function_with_opt', arg1=I, arg2=I)
SGQPY = T('python', code=S)
SGQTIME = T('get_time', city=S)
SGQRUN = T('run_in_terminal', command=S)
SGQTODO = T('manage_todo_list', todos=A)
SGQEDIT = T('edit', filename=S, oldString=S, newString=S)


def sgq_v(name, family, test, text, tools, calls=None, keep='', note=''):
    vec(name, family, SGQLC + test, text, tools, calls, keep=keep, note=note, pre='llamacpp-')


# --- test_lfm2_parser: LFM2's Python call list in <|tool_call_start|>[…]<|tool_call_end|> (gen.py's lw)
SGQL = 'test_lfm2_parser '
sgq_v('lfm2-shared-single', 'pythonic', SGQL + '(single tool call without reasoning)', lw('special_function(arg1=1)'), [SGQSF], [('special_function', {'arg1': 1})])
sgq_v('lfm2-shared-string-arg', 'pythonic', SGQL + '(tool call with string argument)', lw('get_time(city="XYZCITY")'), [SGQTIME], [('get_time', {'city': 'XYZCITY'})])
sgq_v('lfm2-shared-python-true', 'pythonic', SGQL + '(Python literals become JSON: True)', lw('toggle(enabled=True)'), [T('toggle', enabled=B)], [('toggle', {'enabled': True})])
sgq_v('lfm2-shared-python-none', 'pythonic', SGQL + '(Python literals become JSON: None for a null-typed property)', lw('set_nullable(value=None)'),
      [('set_nullable', {}, {'type': 'object', 'properties': {'value': {'type': 'null'}}, 'required': ['value']})], [('set_nullable', {'value': None})])
SGQCFG = T('set_config', config=O)
sgq_v('lfm2-shared-nested-python', 'pythonic', SGQL + '(nested Python literal)', lw('set_config(config={"enabled": True, "count": 3})'), [SGQCFG],
      [('set_config', {'config': {'enabled': True, 'count': 3}})])
sgq_v('lfm2-shared-nested-json', 'pythonic', SGQL + '(JSON literals are accepted too)', lw('set_config(config={"enabled": true, "note": null})'), [SGQCFG],
      [('set_config', {'config': {'enabled': True, 'note': None}})])
sgq_v('lfm2-shared-dotted-name', 'pythonic', SGQL + '(dotted function name with structured args)',
      lw('Calendar.create_event(title="demo", participants=["Alice", "Bob"], metadata={"priority": "high", "reminder": true})'),
      [T('Calendar.create_event', title=S, participants=A, metadata=O)],
      [('Calendar.create_event', {'title': 'demo', 'participants': ['Alice', 'Bob'], 'metadata': {'priority': 'high', 'reminder': True}})])
sgq_v('lfm2-shared-markdown-links', 'pythonic', SGQL + '(Markdown links stay content)',
      'Use this format: [link text](url). Example: [Wikipedia](https://www.wikipedia.org).', [SGQTIME])
sgq_v('lfm2-shared-multiline-code', 'pythonic', SGQL + '(python tool with multiline code in string)', lw('python(code="def hello():\\n    print(\'hey\')")'), [SGQPY],
      [('python', {'code': "def hello():\n    print('hey')"})], note='the \\n in the Python string literal is a real newline in the value')
sgq_v('lfm2-shared-escapes', 'pythonic', SGQL + '(string escape sequences decode to their characters)', lw('python(code="First line\\nSecond line\\tindented")'), [SGQPY],
      [('python', {'code': 'First line\nSecond line\tindented'})])
sgq_v('lfm2-shared-escaped-quotes', 'pythonic', SGQL + '(escaped quotes inside a string argument)', lw('python(code="print(\\"hi\\")")'), [SGQPY],
      [('python', {'code': 'print("hi")'})])
sgq_v('lfm2-shared-content-before', 'pythonic', SGQL + '(content before tool call, no reasoning)', 'Let me check the time.' + lw('get_time(city="Paris")'), [SGQTIME],
      [('get_time', {'city': 'Paris'})], keep='Let me check the time.')
sgq_v('lfm2-shared-parallel', 'pythonic', SGQL + '(multiple tool calls, parallel)', lw('special_function(arg1=1), special_function_with_opt(arg1=1, arg2=2)'), [SGQSF, SGQSFO],
      [('special_function', {'arg1': 1}), ('special_function_with_opt', {'arg1': 1, 'arg2': 2})])
sgq_v('lfm2-shared-partial', 'pythonic', SGQL + '(partial tool call, streaming)', '<|tool_call_start|>[special_function(arg1=', [SGQSF], note=SGQCUT)
sgq_v('lfm2-shared-empty-args', 'pythonic', SGQL + '(tool call with empty arguments)', lw('empty_args()'), [T('empty_args')], [('empty_args', {})])

# --- test_template_output_peg_parsers, peg_tester models/templates/Qwen3.5-4B.jinja: Qwen3 Coder's
# XML with each value on lines of its own; the generation prompt opens <think> when thinking is on,
# so a text may close a block it never opened. llama.cpp splits the reasoning off; toolfix keeps the
# text before the call as it came (keep=)
SGQQ = 'test_template_output_peg_parsers (peg_tester models/templates/Qwen3.5-4B.jinja) '
SGQQN = 'llama.cpp splits the reasoning off at </think>; toolfix keeps the text before the call as it came'


def sgq_x(name, *kv):  # one <tool_call> with a parameter per key and value, each value on its own lines
    return ('<tool_call>\n<function=%s>\n' % name + ''.join('<parameter=%s>\n%s\n</parameter>\n' % (k, v) for k, v in zip(kv[::2], kv[1::2]))
            + '</function>\n</tool_call>')


SGQQSF = sgq_x('special_function', 'arg1', '1')
SGQQPWD = sgq_x('run_in_terminal', 'command', 'pwd')
SGQPWD = [('run_in_terminal', {'command': 'pwd'})]
sgq_v('qwen35-peg-call', 'Qwen3 Coder/XML', SGQQ + '(message_assist_call, thinking off)', SGQQSF, [SGQSF], [('special_function', {'arg1': 1})])
sgq_v('qwen35-peg-thoughts-call', 'Qwen3 Coder/XML', SGQQ + '(message_assist_call_thoughts)', "I'm\nthinking\n</think>\n\n" + SGQQSF, [SGQSF],
      [('special_function', {'arg1': 1})], keep="I'm\nthinking\n</think>", note=SGQQN)
sgq_v('qwen35-peg-parallel', 'Qwen3 Coder/XML', SGQQ + '(parallel tool calls)', SGQQSF + '\n' + sgq_x('special_function_with_opt', 'arg1', '1', 'arg2', '2'), [SGQSF, SGQSFO],
      [('special_function', {'arg1': 1}), ('special_function_with_opt', {'arg1': 1, 'arg2': 2})])
sgq_v('qwen35-peg-python-code', 'Qwen3 Coder/XML', SGQQ + '(python code on lines of its own)', sgq_x('python', 'code', 'def hello():\n    print("Hello, world!")\n\nhello()'), [SGQPY],
      [('python', {'code': 'def hello():\n    print("Hello, world!")\n\nhello()'})])
sgq_v('qwen35-peg-edit', 'Qwen3 Coder/XML', SGQQ + '(edit tool, three string parameters)', sgq_x('edit', 'filename', 'foo.c', 'oldString', '#iclunde', 'newString', '#include'), [SGQEDIT],
      [('edit', {'filename': 'foo.c', 'oldString': '#iclunde', 'newString': '#include'})])
sgq_v('qwen35-peg-edit-trailing-newline', 'Qwen3 Coder/XML', SGQQ + '(a parameter value that itself ends in a newline)',
      sgq_x('edit', 'filename', 'foo.c', 'oldString', '#iclunde', 'newString', '#include\n'), [SGQEDIT],
      [('edit', {'filename': 'foo.c', 'oldString': '#iclunde', 'newString': '#include\n'})],
      note='the value\'s own trailing newline is kept: only the one newline the template writes before </parameter> is the markup\'s')
sgq_v('qwen35-peg-indented-code', 'Qwen3 Coder/XML', SGQQ + '(code that starts with indent)', sgq_x('python', 'code', '    print("Hello, world!")'), [SGQPY],
      [('python', {'code': '    print("Hello, world!")'})])
sgq_v('qwen35-peg-call-ends-prefilled-thinking', 'Qwen3 Coder/XML', SGQQ + '(a tool call ends the prefilled thinking block without a closing </think>)', SGQQPWD, [SGQRUN], SGQPWD)
sgq_v('qwen35-peg-thought-then-call', 'Qwen3 Coder/XML', SGQQ + '(a tool call after the model has thought, no </think>)', 'Need to inspect the current directory.\n' + SGQQPWD, [SGQRUN], SGQPWD,
      keep='Need to inspect the current directory.', note='llama.cpp counts the text before the call as reasoning (its prompt opened <think>); toolfix keeps it as it came')
sgq_v('qwen35-peg-empty-args', 'Qwen3 Coder/XML', SGQQ + '(no args tool)', '<tool_call>\n<function=empty_args>\n</function>\n</tool_call>', [T('empty_args')], [('empty_args', {})])
sgq_v('qwen35-peg-empty-args-no-props', 'Qwen3 Coder/XML', SGQQ + '(no args tool with no properties defined)', '<tool_call>\n<function=empty_args_no_props>\n</function>\n</tool_call>',
      [('empty_args_no_props', {}, {'type': 'object'})], [('empty_args_no_props', {})])
sgq_v('qwen35-peg-empty-think', 'Qwen3 Coder/XML', SGQQ + '(reasoning traces not sent: an empty <think> block)', '<think>\n\n</think>\n\n' + SGQQSF, [SGQSF],
      [('special_function', {'arg1': 1})], keep='<think>\n\n</think>', note=SGQQN)
sgq_v('qwen35-peg-bare-think-close', 'Qwen3 Coder/XML', SGQQ + '(reasoning traces not sent: a </think> alone)', '</think>\n\n' + SGQQSF, [SGQSF],
      [('special_function', {'arg1': 1})], keep='</think>', note=SGQQN)
sgq_v('qwen35-peg-bare-think-close-terminal', 'Qwen3 Coder/XML', SGQQ + '(a </think> alone, thinking on; also its multi-turn twin with manage_todo_list declared)',
      '</think>\n\n' + SGQQPWD, [SGQTODO, SGQRUN], SGQPWD, keep='</think>', note=SGQQN)
sgq_v('qwen35-peg-think-close-content-call', 'Qwen3 Coder/XML', SGQQ + '(</think>, content, then the call; also with tool_choice required)',
      '</think>\n\nLet me inspect the current directory.\n' + SGQQPWD, [SGQRUN], SGQPWD, keep='</think>\n\nLet me inspect the current directory.', note=SGQQN)
sgq_v('qwen35-peg-reasoning-content-call', 'Qwen3 Coder/XML', SGQQ + '(reasoning, </think>, content, then the call)',
      'I should inspect the directory.\n</think>\n\nLet me inspect it now.\n' + SGQQPWD, [SGQRUN], SGQPWD,
      keep='I should inspect the directory.\n</think>\n\nLet me inspect it now.', note=SGQQN)
sgq_v('qwen35-peg-multi-turn', 'Qwen3 Coder/XML', SGQQ + '(multi-turn after a manage_todo_list call and its result)',
      'I need to run a terminal command.\n</think>\n\n' + SGQQPWD, [SGQTODO, SGQRUN], SGQPWD, keep='I need to run a terminal command.\n</think>', note=SGQQN)
sgq_v('qwen35-peg-multi-turn-content', 'Qwen3 Coder/XML', SGQQ + '(multi-turn, reasoning and content before the call, tool_choice required)',
      'I need to run a terminal command.\n</think>\n\nLet me inspect the current directory.\n' + SGQQPWD, [SGQTODO, SGQRUN], SGQPWD,
      keep='I need to run a terminal command.\n</think>\n\nLet me inspect the current directory.', note=SGQQN)

# --- peg_tester models/templates/Cohere2MoE.jinja (North Code): the generation prompt opens
# <|START_THINKING|>, so a text begins inside the thinking block; a call is Command R's JSON list in
# <|START_ACTION|>…<|END_ACTION|>, each object with its tool_call_id
SGQC = 'test_template_output_peg_parsers (peg_tester models/templates/Cohere2MoE.jinja) '
SGQCN = 'llama.cpp splits the reasoning off at <|END_THINKING|>; toolfix keeps the text before the call as it came'
def sgq_c(*objs): return '<|START_ACTION|>[\n' + ',\n'.join('    ' + o for o in objs) + '\n]<|END_ACTION|>'
SGQCSF = '{"tool_call_id": "0", "tool_name": "special_function", "parameters": {"arg1": 1}}'
sgq_v('cohere2-moe-thoughts-call', 'Cohere Command', SGQC + '(single tool call with reasoning)', "I'm\nthinking<|END_THINKING|>" + sgq_c(SGQCSF), [SGQSF],
      [('special_function', {'arg1': 1})], keep="I'm\nthinking<|END_THINKING|>", note=SGQCN)
sgq_v('cohere2-moe-empty-thinking-call', 'Cohere Command', SGQC + '(single tool call, empty thinking block)', '<|END_THINKING|>' + sgq_c(SGQCSF), [SGQSF],
      [('special_function', {'arg1': 1})], keep='<|END_THINKING|>', note=SGQCN)
sgq_v('cohere2-moe-array-arg', 'Cohere Command', SGQC + '(tool call with an array argument, todo_list)',
      '<|END_THINKING|>' + sgq_c('{"tool_call_id": "0", "tool_name": "todo_list", "parameters": {"todos": ["buy milk", "walk dog"]}}'), [T('todo_list', todos=A)],
      [('todo_list', {'todos': ['buy milk', 'walk dog']})], keep='<|END_THINKING|>', note=SGQCN)
sgq_v('cohere2-moe-parallel', 'Cohere Command', SGQC + '(parallel tool calls with reasoning)',
      "I'm\nthinking<|END_THINKING|>" + sgq_c(SGQCSF, '{"tool_call_id": "1", "tool_name": "python", "parameters": {"code": "print(\'hey\')"}}'), [SGQSF, SGQPY],
      [('special_function', {'arg1': 1}), ('python', {'code': "print('hey')"})], keep="I'm\nthinking<|END_THINKING|>", note=SGQCN)
sgq_v('cohere2-moe-text-with-tools', 'Cohere Command', SGQC + '(tools available, the model answers with content)',
      "I'm\nthinking<|END_THINKING|><|START_TEXT|>Hello, world!\nWhat's up?<|END_TEXT|>", [SGQSF])
sgq_v('cohere2-moe-partial', 'Cohere Command', SGQC + '(partial tool call, streaming)',
      "I'm\nthinking<|END_THINKING|><|START_ACTION|>[\n" + '    {"tool_call_id": "0", "tool_name": "special_function", ', [SGQSF], note=SGQCUT)

# --- peg_tester models/templates/google-gemma-4-31B-it.jinja: <|tool_call>call:NAME{…}<tool_call|>,
# strings in <|"|> (gen.py's Q), bare keys
SGQG = 'test_template_output_peg_parsers (peg_tester models/templates/google-gemma-4-31B-it.jinja) '
def sgq_g(name, body): return '<|tool_call>call:%s{%s}<tool_call|>' % (name, body)
SGQAMT = T('amount', orig=N)
SGQTOG = T('toggle', enabled=B)
SGQTL = T('todo_list', todos=A)
sgq_v('gemma4-peg-string', 'Gemma 4', SGQG + '(simple tool call with string argument)', sgq_g('get_time', 'city:' + Q + 'London' + Q), [SGQTIME], [('get_time', {'city': 'London'})])
sgq_v('gemma4-peg-string-space', 'Gemma 4', SGQG + '(string argument with a space)', sgq_g('get_time', 'city:' + Q + 'San Francisco' + Q), [SGQTIME], [('get_time', {'city': 'San Francisco'})])
sgq_v('gemma4-peg-empty-args', 'Gemma 4', SGQG + '(tool call with empty args)', sgq_g('empty_args', ''), [T('empty_args')], [('empty_args', {})])
sgq_v('gemma4-peg-content-before', 'Gemma 4', SGQG + '(tool call with string and content)', "Hello, world!\nWhat's up?" + sgq_g('get_time', 'city:' + Q + 'Paris' + Q), [SGQTIME],
      [('get_time', {'city': 'Paris'})], keep="Hello, world!\nWhat's up?")
sgq_v('gemma4-peg-after-thought', 'Gemma 4', SGQG + '(required tool call after reasoning)', "<|channel>thought\nI'm\nthinking<channel|>" + sgq_g('get_time', 'city:' + Q + 'Paris' + Q), [SGQTIME],
      [('get_time', {'city': 'Paris'})], keep="<|channel>thought\nI'm\nthinking<channel|>", note='llama.cpp splits the thought channel off; toolfix keeps it as it came')
sgq_v('gemma4-peg-parallel', 'Gemma 4', SGQG + '(parallel tool calls)', sgq_g('get_time', 'city:' + Q + 'London' + Q) + sgq_g('get_weather', 'city:' + Q + 'Paris' + Q),
      [SGQTIME, T('get_weather', city=S)], [('get_time', {'city': 'London'}), ('get_weather', {'city': 'Paris'})])
sgq_v('gemma4-peg-integer', 'Gemma 4', SGQG + '(integer argument)', sgq_g('special_function', 'arg1:42'), [SGQSF], [('special_function', {'arg1': 42})])
sgq_v('gemma4-peg-negative', 'Gemma 4', SGQG + '(negative number argument)', sgq_g('special_function', 'arg1:-7'), [SGQSF], [('special_function', {'arg1': -7})])
sgq_v('gemma4-peg-decimal', 'Gemma 4', SGQG + '(decimal number argument)', sgq_g('amount', 'orig:3.14'), [SGQAMT], [('amount', {'orig': 3.14})])
sgq_v('gemma4-peg-true', 'Gemma 4', SGQG + '(boolean argument true)', sgq_g('toggle', 'enabled:true'), [SGQTOG], [('toggle', {'enabled': True})])
sgq_v('gemma4-peg-false', 'Gemma 4', SGQG + '(boolean argument false)', sgq_g('toggle', 'enabled:false'), [SGQTOG], [('toggle', {'enabled': False})])
sgq_v('gemma4-peg-null', 'Gemma 4', SGQG + '(null argument)', sgq_g('set_nullable', 'value:null'),
      [('set_nullable', {}, {'type': 'object', 'properties': {'value': {'type': 'null'}}, 'required': ['value']})], [('set_nullable', {'value': None})])
sgq_v('gemma4-peg-array', 'Gemma 4', SGQG + '(array argument, todo list)', sgq_g('todo_list', 'todos:[' + Q + 'buy milk' + Q + ',' + Q + 'walk dog' + Q + ']'), [SGQTL],
      [('todo_list', {'todos': ['buy milk', 'walk dog']})])
sgq_v('gemma4-peg-object', 'Gemma 4', SGQG + '(object argument)', sgq_g('set_config', 'config:{theme:' + Q + 'dark' + Q + ',count:3}'), [SGQCFG],
      [('set_config', {'config': {'theme': 'dark', 'count': 3}})])
sgq_v('gemma4-peg-empty-array', 'Gemma 4', SGQG + '(empty array)', sgq_g('todo_list', 'todos:[]'), [SGQTL], [('todo_list', {'todos': []})])
sgq_v('gemma4-peg-empty-object', 'Gemma 4', SGQG + '(empty dict)', sgq_g('set_config', 'config:{}'), [SGQCFG], [('set_config', {'config': {}})])
sgq_v('gemma4-peg-scientific', 'Gemma 4', SGQG + '(scientific notation number)', sgq_g('amount', 'orig:1.5e10'), [SGQAMT], [('amount', {'orig': 1.5e10})])

# --- peg_tester models/templates/NousResearch-Hermes-2-Pro-Llama-3-8B-tool_use.jinja and
# ibm-granite-granite-4.0.jinja / granite-4.1.jinja: Hermes' JSON object in <tool_call>
SGQH = 'test_template_output_peg_parsers (peg_tester models/templates/%s) '
SGQHJ = '{"name": "special_function", "arguments": {"arg1": 1}}'
sgq_v('hermes2-pro-peg-call', 'Hermes', SGQH % 'NousResearch-Hermes-2-Pro-Llama-3-8B-tool_use.jinja' + '(message_assist_call)', '<tool_call>\n' + SGQHJ + '</tool_call>', [SGQSF],
      [('special_function', {'arg1': 1})])
sgq_v('hermes2-pro-peg-content-call', 'Hermes', SGQH % 'NousResearch-Hermes-2-Pro-Llama-3-8B-tool_use.jinja' + '(message_assist_call_content)', "Hello, world!\nWhat's up?<tool_call>\n" + SGQHJ + '</tool_call>',
      [SGQSF], [('special_function', {'arg1': 1})], keep="Hello, world!\nWhat's up?")
sgq_v('granite-4-peg-call', 'Hermes', SGQH % 'ibm-granite-granite-4.0.jinja and ibm-granite-granite-4.1.jinja' + '(message_assist_call)', '<tool_call>\n' + SGQHJ + '\n</tool_call>', [SGQSF],
      [('special_function', {'arg1': 1})])

# --- peg_tester models/templates/ByteDance-Seed-OSS.jinja: Qwen3 Coder's XML in <seed:tool_call>,
# each value glued to its tags
SGQS = SGQH % 'ByteDance-Seed-OSS.jinja'
def sgq_s(name, *kv):
    return ('<seed:tool_call>\n<function=%s>\n' % name + ''.join('<parameter=%s>%s</parameter>\n' % (k, v) for k, v in zip(kv[::2], kv[1::2]))
            + '</function>\n</seed:tool_call>')
SGQTODOS = '[{"item": "Check stuff", "selected": false}, {"item": "Prepare stuff", "selected": true}]'
SGQTODOV = [{'item': 'Check stuff', 'selected': False}, {'item': 'Prepare stuff', 'selected': True}]
sgq_v('seed-oss-peg-call', 'Seed-OSS', SGQS + '(message_assist_call)', sgq_s('special_function', 'arg1', '1'), [SGQSF], [('special_function', {'arg1': 1})])
sgq_v('seed-oss-peg-parallel', 'Seed-OSS', SGQS + '(parallel tool calls)', sgq_s('special_function', 'arg1', '1') + '\n' + sgq_s('special_function_with_opt', 'arg1', '1', 'arg2', '2'), [SGQSF, SGQSFO],
      [('special_function', {'arg1': 1}), ('special_function_with_opt', {'arg1': 1, 'arg2': 2})])
sgq_v('seed-oss-peg-todo-objects', 'Seed-OSS', SGQS + '(an array of objects)', sgq_s('todo_list', 'todos', SGQTODOS), [T('todo_list', todos=A)], [('todo_list', {'todos': SGQTODOV})])
sgq_v('seed-oss-peg-quotes', 'Seed-OSS', SGQS + '(tool call with inside quotes)',
      sgq_s('edit', 'filename', 'foo.cpp', 'oldString', 'def foo(arg = "14"):\n    return arg + "bar"\n', 'newString', 'def foo(arg = "15"):\n    pass\n'), [SGQEDIT],
      [('edit', {'filename': 'foo.cpp', 'oldString': 'def foo(arg = "14"):\n    return arg + "bar"', 'newString': 'def foo(arg = "15"):\n    pass'})],
      note='disagrees on purpose: llama.cpp keeps each value\'s trailing newline; toolfix reads the one newline before </parameter> as the layout the Qwen3 Coder XML writes '
      '(its values on lines of their own, the reader Seed-OSS shares), so the values end without it')

# --- peg_tester models/templates/Qwen3-Coder.jinja (the tests sgk.py's Qwen3 Coder vectors do not hold)
SGQK = SGQH % 'Qwen3-Coder.jinja'
SGQKB = '<function=special_function>\n<parameter=arg1>\n1\n</parameter>\n</function>\n</tool_call>'
SGQ2R4 = T('tool_2req_4opt', req1=S, req2=I, opt1=S, opt2=I, opt3=S, opt4=I)
SGQ2R5 = T('tool_2req_5opt', req1=S, req2=I, opt1=S, opt2=I, opt3=S, opt4=I, opt5=S)
def sgq_ns(tname, ptype): return (tname, {}, {'type': 'object', 'properties': {'name' if tname != 'set_nullable_int' else 'count': {'type': ptype}}, 'required': ['name' if tname != 'set_nullable_int' else 'count']})
SGQUNION = ('set_union', {}, {'type': 'object', 'properties': {'value': {'type': ['string', 'object']}, 'amount': {'type': ['string', 'integer']}}, 'required': ['value', 'amount']})
sgq_v('qwen3-coder-peg-no-open', 'Qwen3 Coder/XML', SGQK + '(some models skip the opening <tool_call>)', SGQKB, [SGQSF], [('special_function', {'arg1': 1})])
sgq_v('qwen3-coder-peg-no-open-content', 'Qwen3 Coder/XML', SGQK + '(content, then a call without its opening <tool_call>)', 'Let me call it.\n' + SGQKB, [SGQSF],
      [('special_function', {'arg1': 1})], keep='Let me call it.')
sgq_v('qwen3-coder-peg-no-open-then-second', 'Qwen3 Coder/XML', SGQK + '(only the first call may omit it)', SGQKB + '\n' + sgq_x('special_function_with_opt', 'arg1', '1', 'arg2', '2'), [SGQSF, SGQSFO],
      [('special_function', {'arg1': 1}), ('special_function_with_opt', {'arg1': 1, 'arg2': 2})])
sgq_v('qwen3-coder-peg-html', 'Qwen3 Coder/XML', SGQK + '(HTML tag content)', sgq_x('html', 'markup', '<html>\n <head>\n  <title>Hello!</title>\n </head>\n</html>'), [T('html', markup=S)],
      [('html', {'markup': '<html>\n <head>\n  <title>Hello!</title>\n </head>\n</html>'})])
sgq_v('qwen3-coder-peg-todo-objects', 'Qwen3 Coder/XML', SGQK + '(TODO list, an array of objects)', sgq_x('todo_list', 'todos', SGQTODOS), [T('todo_list', todos=A)], [('todo_list', {'todos': SGQTODOV})])
sgq_v('qwen3-coder-peg-required-reordered', 'Qwen3 Coder/XML', SGQK + '(flexible required argument ordering)', sgq_x('edit', 'newString', '#include', 'filename', 'foo.c', 'oldString', '#iclunde'), [SGQEDIT],
      [('edit', {'newString': '#include', 'filename': 'foo.c', 'oldString': '#iclunde'})])
sgq_v('qwen3-coder-peg-2req-4opt-required-reversed', 'Qwen3 Coder/XML', SGQK + '(tool_2req_4opt, required arguments reversed)', sgq_x('tool_2req_4opt', 'req2', '42', 'req1', 'hello', 'opt2', '200'), [SGQ2R4],
      [('tool_2req_4opt', {'req2': 42, 'req1': 'hello', 'opt2': 200})])
sgq_v('qwen3-coder-peg-2req-4opt-optional-reversed', 'Qwen3 Coder/XML', SGQK + '(tool_2req_4opt, optional arguments reversed)', sgq_x('tool_2req_4opt', 'req1', 'hello', 'req2', '42', 'opt4', '100', 'opt2', '200'), [SGQ2R4],
      [('tool_2req_4opt', {'req1': 'hello', 'req2': 42, 'opt4': 100, 'opt2': 200})])
sgq_v('qwen3-coder-peg-2req-5opt-reversed', 'Qwen3 Coder/XML', SGQK + '(tool_2req_5opt, reversed optional order)',
      sgq_x('tool_2req_5opt', 'req1', 'world', 'req2', '7', 'opt5', 'last', 'opt3', 'middle', 'opt1', 'first'), [SGQ2R5],
      [('tool_2req_5opt', {'req1': 'world', 'req2': 7, 'opt5': 'last', 'opt3': 'middle', 'opt1': 'first'})])
sgq_v('qwen3-coder-peg-2req-5opt-shuffled', 'Qwen3 Coder/XML', SGQK + '(tool_2req_5opt, all 5 optional in shuffled order)',
      sgq_x('tool_2req_5opt', 'req1', 'test', 'req2', '99', 'opt3', 'c', 'opt1', 'a', 'opt5', 'e', 'opt4', '4', 'opt2', '2'), [SGQ2R5],
      [('tool_2req_5opt', {'req1': 'test', 'req2': 99, 'opt3': 'c', 'opt1': 'a', 'opt5': 'e', 'opt4': 4, 'opt2': 2})])
sgq_v('qwen3-coder-peg-nullable-string', 'Qwen3 Coder/XML', SGQK + '(nullable string type ["string", "null"])', sgq_x('set_nullable_str', 'name', 'hello world'), [sgq_ns('set_nullable_str', ['string', 'null'])],
      [('set_nullable_str', {'name': 'hello world'})])
sgq_v('qwen3-coder-peg-nullable-string-null-first', 'Qwen3 Coder/XML', SGQK + '(nullable string with null first ["null", "string"])', sgq_x('set_nullable_str_nf', 'name', 'hello world'),
      [sgq_ns('set_nullable_str_nf', ['null', 'string'])], [('set_nullable_str_nf', {'name': 'hello world'})])
sgq_v('qwen3-coder-peg-nullable-int', 'Qwen3 Coder/XML', SGQK + '(nullable integer ["integer", "null"])', sgq_x('set_nullable_int', 'count', '42'), [sgq_ns('set_nullable_int', ['integer', 'null'])],
      [('set_nullable_int', {'count': 42})])
sgq_v('qwen3-coder-peg-nullable-string-given-null', 'Qwen3 Coder/XML', SGQK + '(nullable string given null)', sgq_x('set_nullable_str', 'name', 'null'), [sgq_ns('set_nullable_str', ['string', 'null'])],
      [('set_nullable_str', {'name': 'null'})],
      note='disagrees on purpose: llama.cpp reads the text null as JSON null; where the schema allows a string, toolfix keeps a raw text as the string written (as sgm.py\'s string|null vector)')
sgq_v('qwen3-coder-peg-union-object', 'Qwen3 Coder/XML', SGQK + '(unions with string: a JSON object typed, other text a string)', sgq_x('set_union', 'value', '{"a": 1}', 'amount', '2 dollars'), [SGQUNION],
      [('set_union', {'value': '{"a": 1}', 'amount': '2 dollars'})], note='disagrees on purpose: llama.cpp types a union\'s JSON-looking text by its look; where the schema allows a string, toolfix keeps a raw text as the string written (as sgm.py\'s string|null vector)')
sgq_v('qwen3-coder-peg-union-not-json', 'Qwen3 Coder/XML', SGQK + '(unions with string: text that is no JSON a string, 42 an integer)', sgq_x('set_union', 'value', '{not valid json', 'amount', '42'), [SGQUNION],
      [('set_union', {'value': '{not valid json', 'amount': '42'})], note='disagrees on purpose: llama.cpp types a union\'s JSON-looking text by its look; where the schema allows a string, toolfix keeps a raw text as the string written (as sgm.py\'s string|null vector)')
sgq_v('qwen3-coder-peg-enum-no-type', 'Qwen3 Coder/XML', SGQK + '(enum without explicit type key)', sgq_x('set_unit', 'unit', 'celsius'),
      [('set_unit', {}, {'type': 'object', 'properties': {'unit': {'enum': ['celsius', 'fahrenheit']}}, 'required': ['unit']})], [('set_unit', {'unit': 'celsius'})])

# --- peg_tester models/templates/deepseek-ai-DeepSeek-V3.1.jinja (gen.py's D31 tokens)
SGQD = SGQH % 'deepseek-ai-DeepSeek-V3.1.jinja'
def sgq_d(*cs): return D31S + ''.join(D31CB + n + D31SEP + a + D31CE for n, a in cs) + D31E
sgq_v('deepseek-v31-peg-call', 'DeepSeek V3.1', SGQD + '(thinking off)', sgq_d(('get_time', '{"city": "XYZCITY"}')), [SGQTIME], [('get_time', {'city': 'XYZCITY'})])
sgq_v('deepseek-v31-peg-reasoning-call', 'DeepSeek V3.1', SGQD + '(reasoning, then the call)', 'REASONING</think>' + sgq_d(('get_time', '{"city": "Tokyo"}')), [SGQTIME],
      [('get_time', {'city': 'Tokyo'})], keep='REASONING</think>', note=SGQQN)
sgq_v('deepseek-v31-peg-reasoning-content-parallel', 'DeepSeek V3.1', SGQD + '(reasoning, content, then two calls)',
      'REASONING</think>CONTENT' + sgq_d(('get_time', '{"city": "Paris"}'), ('get_weather', '{"city": "Paris"}')), [SGQTIME, T('get_weather', city=S)],
      [('get_time', {'city': 'Paris'}), ('get_weather', {'city': 'Paris'})], keep='REASONING</think>CONTENT', note=SGQQN)
