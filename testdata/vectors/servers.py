# The tool-call parser tests of the servers themselves (toolfix issue 20): mlx-lm's
# tests/test_tool_parsing.py, Ollama's model/parsers/*_test.go and llama.cpp's tests/test-chat.cpp,
# each test's model output written in its model's tokens as the server's parser receives it, and
# vLLM parsers of vllm/tool_parsers/ that had no vector yet. Run by gen.py (its vec, T, S, I, …).

# --- mlx-lm tests/test_tool_parsing.py (the three vectors of gen.py's mlx-lm section not redone):
# each parser's parse_tool_call is given the text between its module's tool_call_start and
# tool_call_end, so each vector wraps the test's text in those tokens
SVMX = 'ml-explore/mlx-lm tests/test_tool_parsing.py TestToolParsing '
SVMUL = T('multiply', a=N, b=N)
SVMULC = [('multiply', {'a': 12234585, 'b': 48838483920})]
SVGCT = T('get_current_temperature', location=S)
SVGCTC = [('get_current_temperature', {'location': 'London'})]
def svmx(name, family, test, text, tools, calls=None, keep='', note=''):
    vec(name, family, SVMX + test, text, tools, calls, keep=keep, note=note, pre='mlx-lm-')
SVQ = '<|"|>'
svmx('gemma4-multiply', 'Gemma 4', 'test_parsers[gemma4] (in <|tool_call>)', '<|tool_call>call:multiply{a:12234585,b:48838483920}<tool_call|>', [SVMUL], SVMULC)
svmx('function-gemma-multiply', 'FunctionGemma', 'test_parsers[function_gemma] (in <start_function_call>)', '<start_function_call>call:multiply{a:12234585,b:48838483920}<end_function_call>', [SVMUL], SVMULC)
svmx('glm47-pairs-multiply', 'GLM 4.5/4.7', 'test_parsers[glm47] (in <tool_call>)', '<tool_call>multiply<arg_key>a</arg_key><arg_value>12234585</arg_value><arg_key>b</arg_key><arg_value>48838483920</arg_value></tool_call>', [SVMUL], SVMULC)
svmx('glm47-spaced-multiply', 'GLM 4.5/4.7', 'test_parsers[glm47] (multiply a=… b=…, in <tool_call>)', '<tool_call>multiply a=12234585 b=48838483920</tool_call>', [SVMUL],
    note='disagrees on purpose: mlx-lm\'s GLM 4.7 parser also reads name key=value words; no GLM template writes them, and toolfix reads only the forms the templates write')
svmx('minimax-m2-multiply', 'MiniMax M2', 'test_parsers[minimax_m2] (in <minimax:tool_call>)', '<minimax:tool_call><invoke name="multiply">\n<parameter name="a">12234585</parameter>\n<parameter name="b">48838483920</parameter>\n</invoke></minimax:tool_call>', [SVMUL], SVMULC)
svmx('qwen3-coder-multiply', 'Qwen3 Coder/XML', 'test_parsers[qwen3_coder] (in <tool_call>)', '<tool_call><function=multiply>\n<parameter=a>\n12234585\n</parameter>\n<parameter=b>\n48838483920\n</parameter>\n</function></tool_call>', [SVMUL], SVMULC)
svmx('longcat-pairs-multiply', 'LongCat', 'test_parsers[longcat] (pairs, in <longcat_tool_call>)', '<longcat_tool_call>multiply<longcat_arg_key>a</longcat_arg_key>\n<longcat_arg_value>12234585</longcat_arg_value>\n<longcat_arg_key>b</longcat_arg_key>\n<longcat_arg_value>48838483920</longcat_arg_value></longcat_tool_call>', [SVMUL], SVMULC)
svmx('longcat-json-multiply', 'LongCat', 'test_parsers[longcat] (JSON, in <longcat_tool_call>)', '<longcat_tool_call>{"name": "multiply", "arguments": {"a": 12234585, "b": 48838483920}}</longcat_tool_call>', [SVMUL], SVMULC)
svmx('pythonic-multiply', 'pythonic', 'test_parsers[pythonic] (in <|tool_call_start|>)', '<|tool_call_start|>[multiply(a=12234585, b=48838483920)]<|tool_call_end|>', [SVMUL], SVMULC)
svmx('mistral-multiply', 'Mistral', 'test_parsers[mistral] (after [TOOL_CALLS])', '[TOOL_CALLS]multiply[ARGS]{"a": 12234585, "b": 48838483920}', [SVMUL], SVMULC)
svmx('gemma4-london', 'Gemma 4', 'test_parsers[gemma4] second set (in <|tool_call>)', '<|tool_call>call:get_current_temperature{location:' + SVQ + 'London' + SVQ + '}<tool_call|>', [SVGCT], SVGCTC)
svmx('glm47-quoted-london', 'GLM 4.5/4.7', 'test_parsers[glm47] second set (in <tool_call>)', '<tool_call>get_current_temperature<arg_key>location</arg_key><arg_value>"London"</arg_value></tool_call>', [SVGCT], [('get_current_temperature', {'location': '"London"'})],
    note='disagrees on purpose: mlx-lm reads the value as JSON ("London" → London); GLM\'s template writes a string value raw, so toolfix keeps its quotes as the model wrote them')
svmx('json-london', 'Hermes', 'test_parsers[json_tools] second set (in <tool_call>)', '<tool_call>{"name": "get_current_temperature", "arguments": {"location": "London"}}</tool_call>', [SVGCT], SVGCTC)
svmx('minimax-m2-london', 'MiniMax M2', 'test_parsers[minimax_m2] second set (in <minimax:tool_call>)', '<minimax:tool_call><invoke name="get_current_temperature">\n<parameter name="location">London</parameter>\n</invoke></minimax:tool_call>', [SVGCT], SVGCTC)
svmx('qwen3-coder-london', 'Qwen3 Coder/XML', 'test_parsers[qwen3_coder] second set (in <tool_call>)', '<tool_call><function=get_current_temperature>\n<parameter=location>\nLondon\n</parameter>\n</function></tool_call>', [SVGCT], SVGCTC)
svmx('longcat-pairs-london', 'LongCat', 'test_parsers[longcat] second set (pairs)', '<longcat_tool_call>get_current_temperature<longcat_arg_key>location</longcat_arg_key>\n<longcat_arg_value>London</longcat_arg_value></longcat_tool_call>', [SVGCT], SVGCTC)
svmx('longcat-json-london', 'LongCat', 'test_parsers[longcat] second set (JSON)', '<longcat_tool_call>{"name": "get_current_temperature", "arguments": {"location": "London"}}</longcat_tool_call>', [SVGCT], SVGCTC)
svmx('pythonic-london', 'pythonic', 'test_parsers[pythonic] second set (in <|tool_call_start|>)', '<|tool_call_start|>[get_current_temperature(location="London")]<|tool_call_end|>', [SVGCT], SVGCTC)
svmx('mistral-london', 'Mistral', 'test_parsers[mistral] second set (after [TOOL_CALLS])', '[TOOL_CALLS]get_current_temperature[ARGS]{"location": "London"}', [SVGCT], SVGCTC)
SVSRCH = T('search', filters=O, tags=A)
svmx('qwen3-coder-single-quoted', 'Qwen3 Coder/XML', 'test_qwen3_coder_single_quoted_params (in <tool_call>)', "<tool_call><function=search><parameter=filters>{'category': 'books', 'in_stock': True}</parameter><parameter=tags>['fiction', 'new']</parameter></function></tool_call>", [SVSRCH],
    [('search', {'filters': {'category': 'books', 'in_stock': True}, 'tags': ['fiction', 'new']})])
svmx('qwen3-coder-double-quoted', 'Qwen3 Coder/XML', 'test_qwen3_coder_single_quoted_params (valid JSON, in <tool_call>)', '<tool_call><function=search><parameter=filters>{"category": "books"}</parameter><parameter=tags>["fiction", "new"]</parameter></function></tool_call>', [SVSRCH],
    [('search', {'filters': {'category': 'books'}, 'tags': ['fiction', 'new']})])
def svg4(b): return '<|tool_call>' + b.replace('"', SVQ) + '<tool_call|>'
svmx('gemma4-nested', 'Gemma 4', 'test_gemma4 (nested object)', svg4('call:configure{settings:{enabled:true,name:"test"}}'), [T('configure', settings=O)], [('configure', {'settings': {'enabled': True, 'name': 'test'}})])
svmx('gemma4-string-array', 'Gemma 4', 'test_gemma4 (array of strings)', svg4('call:tag{items:["foo","bar"]}'), [T('tag', items=A)], [('tag', {'items': ['foo', 'bar']})])
SVGS = T('search', query=S, limit=I, verbose=B)
svmx('gemma4-mixed', 'Gemma 4', 'test_gemma4 (mixed types)', svg4('call:search{query:"hello world",limit:10,verbose:false}'), [SVGS], [('search', {'query': 'hello world', 'limit': 10, 'verbose': False})])
svmx('gemma4-two-in-one', 'Gemma 4', 'test_gemma4 (multiple tool calls in a single block)', svg4('call:glob{pattern:"README*.md"}call:glob{pattern:"CONTRIBUTING.md"}'), [T('glob', pattern=S)],
    note='disagrees on purpose: two calls in one <|tool_call> block with no delimiter; Gemma 4\'s template writes one block per call, and toolfix reads only the forms the template writes')
svmx('gemma4-two-blocks', 'Gemma 4', 'test_gemma4 (multiple tool calls with nested args, one block each as the template writes them)', svg4('call:search{query:"weather",limit:5}') + svg4('call:configure{settings:{enabled:true,name:"test"}}'), [SVGS, T('configure', settings=O)],
    [('search', {'query': 'weather', 'limit': 5}), ('configure', {'settings': {'enabled': True, 'name': 'test'}})])
svmx('gemma4-hyphen-name', 'Gemma 4', 'test_gemma4 (hyphenated function name)', svg4('call:manim-video{mode:"plan",prompt:"explain KV caching"}'), [T('manim-video', mode=S, prompt=S)], [('manim-video', {'mode': 'plan', 'prompt': 'explain KV caching'})])
svmx('gemma4-braces-in-string', 'Gemma 4', 'test_gemma4 (braces inside a string argument)', svg4('call:skill_manage{action:"create",content:"use a dict like {key: value} in your code"}'), [T('skill_manage', action=S, content=S)],
    [('skill_manage', {'action': 'create', 'content': 'use a dict like {key: value} in your code'})])
SVKB, SVKE = '<|tool_calls_section_begin|>', '<|tool_calls_section_end|>'
svmx('kimi-k2-single', 'Kimi K2', 'test_kimi_k2 (single tool call, in the section tokens)', SVKB + '<|tool_call_begin|>functions.multiply:0<|tool_call_argument_begin|>{"a": 12234585, "b": 48838483920}<|tool_call_end|>' + SVKE, [SVMUL], SVMULC)
svmx('kimi-k2-two', 'Kimi K2', 'test_kimi_k2 (multiple tool calls, in the section tokens)', SVKB + '<|tool_call_begin|>functions.search:0<|tool_call_argument_begin|>{"query": "weather"}<|tool_call_end|><|tool_call_begin|>functions.read_file:1<|tool_call_argument_begin|>{"path": "/tmp/test.txt"}<|tool_call_end|>' + SVKE,
    [T('search', query=S), T('read_file', path=S)], [('search', {'query': 'weather'}), ('read_file', {'path': '/tmp/test.txt'})])
svmx('minimax-m2-two', 'MiniMax M2', 'test_minimax_m2 (in <minimax:tool_call>)', '<minimax:tool_call><invoke name="search">\n<parameter name="query">weather</parameter>\n</invoke>\n<invoke name="read_file">\n<parameter name="path">/tmp/test.txt</parameter>\n</invoke></minimax:tool_call>',
    [T('search', query=S), T('read_file', path=S)], [('search', {'query': 'weather'}), ('read_file', {'path': '/tmp/test.txt'})])
svmx('qwen3-coder-iso-date', 'Qwen3 Coder/XML', 'test_qwen3_coder_iso_date (in <tool_call>)', '<tool_call>\n<function=schedule>\n<parameter=name>\ndeploy\n</parameter>\n<parameter=deadline>\n2025-06-15T10:30:00Z\n</parameter>\n</function>\n</tool_call>', [T('schedule', name=S, deadline=S)],
    [('schedule', {'name': 'deploy', 'deadline': '2025-06-15T10:30:00Z'})])
svmx('qwen3-coder-partial-number', 'Qwen3 Coder/XML', 'test_qwen3_coder_partial_number (in <tool_call>)', '<tool_call>\n<function=log>\n<parameter=msg>\nversion 3.10.5-beta\n</parameter>\n</function>\n</tool_call>', [T('log', msg=S)], [('log', {'msg': 'version 3.10.5-beta'})])

# --- Ollama model/parsers/*_test.go (kolibri1, bailing and glimmer are in gen.py): each test's
# input as the model wrote it, the tools of its test
SVOL = 'ollama/ollama model/parsers/'
def svol(name, family, test, text, tools, calls=None, keep='', note=''):
    vec(name, family, SVOL + test, text, tools, calls, keep=keep, note=note, pre='ollama-')
# cogito: DeepSeek V3's tokens
SVCW = T('get_weather', location=S)
def svd3(n, a): return '<｜tool▁call▁begin｜>function<｜tool▁sep｜>' + n + '\n```json\n' + a + '\n```<｜tool▁call▁end｜>'
SVD3B, SVD3E = '<｜tool▁calls▁begin｜>', '<｜tool▁calls▁end｜>'
CG = 'cogito_test.go TestCogitoParser'
svol('cogito-simple-content', 'DeepSeek V3', CG + '[simple_content]', 'This is a simple response.', [SVCW])
svol('cogito-thinking-only', 'DeepSeek V3', CG + '[thinking_only]', 'This is thinking content.</think>This is response content.', [SVCW])
svol('cogito-tool-call', 'DeepSeek V3', CG + '[tool_call_simple]', SVD3B + svd3('get_weather', '{"location":"Paris"}') + SVD3E, [SVCW], [('get_weather', {'location': 'Paris'})])
svol('cogito-think-then-call', 'DeepSeek V3', CG + '[thinking_with_tool_call]', 'I need to check the weather.</think>' + SVD3B + svd3('get_weather', '{"location":"Paris"}') + SVD3E, [SVCW], [('get_weather', {'location': 'Paris'})],
    keep='I need to check the weather.</think>', note='Ollama keeps the text before the call as content too (no thinking when tools are present)')
svol('cogito-two-calls', 'DeepSeek V3', CG + '[multiple_tool_calls]', SVD3B + svd3('get_weather', '{"location":"Paris"}') + '\n' + svd3('get_weather', '{"location":"London"}') + SVD3E, [SVCW],
    [('get_weather', {'location': 'Paris'}), ('get_weather', {'location': 'London'})])
svol('cogito-complex-args', 'DeepSeek V3', CG + '[complex_tool_arguments]', SVD3B + svd3('process_data', '{"items":["item1","item2"],"config":{"enabled":true,"threshold":0.95},"count":42}') + SVD3E,
    [T('process_data', items=A, config=O, count=N)], [('process_data', {'items': ['item1', 'item2'], 'config': {'enabled': True, 'threshold': 0.95}, 'count': 42})])
svol('cogito-tool-output', 'DeepSeek V3', CG + '[tool_output_parsing]', '<｜tool▁outputs▁begin｜><｜tool▁output▁begin｜>{"temperature": 22, "condition": "sunny"}<｜tool▁output▁end｜><｜tool▁outputs▁end｜>', [SVCW],
    note='a tool output block is no call')
svol('cogito-nested-think', 'DeepSeek V3', CG + '[nested_think_tags_in_thinking]', "I'm thinking <think>nested</think> more thinking</think>Final content.", [SVCW])
svol('cogito-think-tags-in-content', 'DeepSeek V3', CG + '[thinking_disabled_with_think_tags]', 'Content with </think> tags should be treated as content.', [SVCW])
# laguna: GLM's pairs in <tool_call>, Hermes's JSON, a name line then JSON, and <user> for <tool_call>
LG = 'laguna_test.go '
SVLW = T('get_weather', location=S, days=I)
SVLP = '<tool_call>get_weather\n<arg_key>location</arg_key>\n<arg_value>Paris</arg_value>\n</tool_call>'
svol('laguna-pairs', 'GLM 4.5/4.7', LG + 'TestLagunaParserToolCall', '<tool_call>get_weather\n<arg_key>location</arg_key>\n<arg_value>Paris</arg_value>\n<arg_key>days</arg_key>\n<arg_value>3</arg_value>\n</tool_call>', [SVLW],
    [('get_weather', {'location': 'Paris', 'days': 3})])
svol('laguna-json', 'Hermes', LG + 'TestLagunaParserJSONToolCall', '<tool_call>\n{"name":"get_weather","arguments":{"location":"Paris","days":3}}\n</tool_call>', [SVLW], [('get_weather', {'location': 'Paris', 'days': 3})])
svol('laguna-bare-json', 'Hermes', LG + 'TestLagunaParserStandaloneJSONToolCall', '{"name":"get_weather","arguments":{"location":"Paris","days":3}}', [SVLW], [('get_weather', {'location': 'Paris', 'days': 3})])
svol('laguna-bare-json-after-prose', 'Hermes', LG + 'TestLagunaParserStandaloneJSONToolCallAfterLeadingContent', 'Let me call the weather tool.\n{"name":"get_weather","arguments":{"location":"Paris"}}', [SVLW],
    note='disagrees on purpose: a bare JSON object counts only as the whole text; after prose it is an example')
svol('laguna-bare-json-comma', 'Hermes', LG + 'TestLagunaParserStreamingStandaloneJSONToolCall', '{"name":"get_weather","arguments":{"location":"San Francisco, CA"}}', [SVLW], [('get_weather', {'location': 'San Francisco, CA'})])
svol('laguna-name-line-json', 'GLM 4.5/4.7', LG + 'TestLagunaParserNameLineJSONToolCall', '<tool_call>get_weather\n{"location":"San Francisco"}</tool_call>', [SVLW], [('get_weather', {'location': 'San Francisco'})])
svol('laguna-alias-name', 'Hermes', LG + 'TestLagunaParserNormalizesCommonToolAliases', '<tool_call>\n{"name":"read_file","arguments":{"path":"./go.mod"}}\n</tool_call>', [T('read', path=S)],
    note='disagrees on purpose: Ollama maps read_file to the declared read; toolfix takes only a declared name')
svol('laguna-nested-duplicate', 'GLM 4.5/4.7', LG + 'TestLagunaParserIgnoresDuplicatedNestedToolCall', '<tool_call>skill\n{"name":"git-diff-review"}\n<tool_call>skill\n{"name":"git-diff-review"}</tool_call>', [T('skill', name=S)],
    note='disagrees on purpose: a <tool_call> opened inside an unclosed one; Ollama keeps one copy, toolfix takes a tail whole or not at all')
svol('laguna-think-then-call', 'GLM 4.5/4.7', LG + 'TestLagunaParserThinkingThenTool', '<think>Need current weather.</think>\n<tool_call>get_weather\n<arg_key>location</arg_key>\n<arg_value>SF</arg_value>\n</tool_call>', [SVLW],
    [('get_weather', {'location': 'SF'})], keep='<think>Need current weather.</think>', note='Ollama takes the <think> block as reasoning; toolfix keeps it as it came')
svol('laguna-user-tag', 'GLM 4.5/4.7', LG + 'TestLagunaParserUserTaggedToolAlias', '<user>get_weather\n<arg_key>location</arg_key>\n<arg_value>San Francisco, CA</arg_value>\n</user>', [SVLW], [('get_weather', {'location': 'San Francisco, CA'})])
svol('laguna-user-tag-after-prose', 'GLM 4.5/4.7', LG + 'TestLagunaParserUserTaggedToolAliasWithLeadingContent', "I'll read the file for you.\n<user>read\n<arg_key>path</arg_key>\n<arg_value>/Users/test/code/myproject/go.mod</arg_value>\n</user>", [T('read', path=S)],
    [('read', {'path': '/Users/test/code/myproject/go.mod'})], keep="I'll read the file for you.")
svol('laguna-user-tag-json-glued', 'Hermes', LG + 'TestLagunaParserUserTaggedJSONToolCallWithLeadingContent', "I'll run git diff for you.<user>\n{\"name\":\"bash\",\"arguments\":{\"command\":\"git diff main\"}}\n</user>", [T('bash', command=S)],
    [('bash', {'command': 'git diff main'})], keep="I'll run git diff for you.")
svol('laguna-user-tag-glued-pairs', 'GLM 4.5/4.7', LG + 'TestLagunaParserStreamingUserTaggedToolAliasAfterContent', "I'll read the file for you.<user>read\n<arg_key>path</arg_key>\n<arg_value>/Users/test/code/myproject/go.mod</arg_value>\n</user>", [T('read', path=S)],
    [('read', {'path': '/Users/test/code/myproject/go.mod'})], keep="I'll read the file for you.")
svol('laguna-user-tag-prose', 'GLM 4.5/4.7', LG + 'TestLagunaParserUserTaggedNonToolContent', '<user>hello</user>', [SVLW])
svol('laguna-think-answer', 'GLM 4.5/4.7', LG + 'TestLagunaParserThinkingDefaultsOff', '<think>Need to reason.</think>\nDirect answer.', [SVLW])
svol('laguna-think-then-call-off', 'GLM 4.5/4.7', LG + 'TestLagunaParserThinkingDefaultsOffWhenToolsPresent', '<think>Need to reason.</think>\n' + SVLP, [SVLW], [('get_weather', {'location': 'Paris'})], keep='<think>Need to reason.</think>')
svol('laguna-close-tag-answer', 'GLM 4.5/4.7', LG + 'TestLagunaParserThinkingExplicitlyDisabledDropsLeadingCloseTag', '</think>\nTokyo\n', [SVLW])
svol('laguna-reasoning-answer', 'GLM 4.5/4.7', LG + 'TestLagunaV8ParserAssistantHistoryStillPrimesThinking', 'Reasoning.</think>Answer.', [SVLW])
svol('laguna-primed-thinking', 'GLM 4.5/4.7', LG + 'TestLagunaParserPrimedThinkingThenContent', '\nReasoning here.\n</think>\nThe answer.', [SVLW])
svol('laguna-split-tag-in-think', 'GLM 4.5/4.7', LG + 'TestLagunaParserSplitToolTag', '<think>Need lookup<tool_call>get_weather\n<arg_key>location</arg_key>\n<arg_value>SF</arg_value>\n</tool_call>', [SVLW],
    note='disagrees on purpose: Ollama ends the reasoning at a <tool_call>; toolfix leaves markup inside an unclosed <think> as reasoning')
svol('laguna-fakeout', 'GLM 4.5/4.7', LG + 'TestLagunaParserPartialToolCallFakeoutInContent', 'Document literal <tool_call fakeout', [SVLW])
svol('laguna-think-fakeout', 'GLM 4.5/4.7', LG + 'TestLagunaParserPartialThinkOpenFakeoutInContent', 'Document literal <think fakeout', [SVLW])
# ministral: Mistral v11's [TOOL_CALLS]T[ARGS]{…} (the tests' tools declare no parameters; each
# vector declares those its call writes)
MN = 'ministral_test.go TestMinistralParserStreaming'
def svmn(name, case, text, tools, calls=None, keep='', note=''):
    svol('ministral-' + name, 'Mistral', MN + '[%s]' % case, text, tools, calls, keep=keep, note=note)
svmn('content', 'simple content', 'Hello, how can I help you?', [T('get_weather', location=S)])
svmn('single', 'simple tool call', '[TOOL_CALLS]get_weather[ARGS]{"location": "San Francisco"}', [T('get_weather', location=S)], [('get_weather', {'location': 'San Francisco'})])
svmn('nested-list', 'nested args', '[TOOL_CALLS]create_entities[ARGS]{"entities": [{"entityType": "Person", "name": "Jack", "observations": ["Works as a baker"]}]}', [T('create_entities', entities=A)],
    [('create_entities', {'entities': [{'entityType': 'Person', 'name': 'Jack', 'observations': ['Works as a baker']}]})])
svmn('deep-nested', 'deeply nested args', '[TOOL_CALLS]update_config[ARGS]{"settings": {"user": {"profile": {"name": "John", "age": 30}}, "theme": "dark"}}', [T('update_config', settings=O)],
    [('update_config', {'settings': {'user': {'profile': {'name': 'John', 'age': 30}}, 'theme': 'dark'}})])
svmn('array-objects', 'array of objects', '[TOOL_CALLS]process_items[ARGS]{"items": [{"id": 1}, {"id": 2}, {"id": 3}]}', [T('process_items', items=A)], [('process_items', {'items': [{'id': 1}, {'id': 2}, {'id': 3}]})])
svmn('escaped-quotes', 'escaped quotes', '[TOOL_CALLS]search[ARGS]{"query": "say \\"hello\\""}', [T('search', query=S)], [('search', {'query': 'say "hello"'})])
svmn('braces-in-string', 'braces in string', '[TOOL_CALLS]format[ARGS]{"template": "Hello {name}!"}', [T('format', template=S)], [('format', {'template': 'Hello {name}!'})])
svmn('empty-args', 'empty args', '[TOOL_CALLS]no_args[ARGS]{}', [T('no_args')], [('no_args', {})])
svmn('escaped-newlines', 'newlines in string', '[TOOL_CALLS]write[ARGS]{"content": "line1\\nline2\\nline3"}', [T('write', content=S)], [('write', {'content': 'line1\nline2\nline3'})])
svmn('backslashes', 'backslashes', '[TOOL_CALLS]path[ARGS]{"dir": "C:\\\\Users\\\\test"}', [T('path', dir=S)], [('path', {'dir': 'C:\\Users\\test'})])
svmn('content-after', 'content after tool call', '[TOOL_CALLS]test[ARGS]{"a": 1}some content after', [T('test', a=I)],
    note='disagrees on purpose: tail only; text after the call leaves the text as it is')
svmn('two-calls', 'multiple tool calls', '[TOOL_CALLS]get_weather[ARGS]{"location": "NYC"}[TOOL_CALLS]get_time[ARGS]{"timezone": "EST"}', [T('get_weather', location=S), T('get_time', timezone=S)],
    [('get_weather', {'location': 'NYC'}), ('get_time', {'timezone': 'EST'})])
svmn('fake-tag', 'partial tag that is not a tag', 'abc[TOOL not a tag', [T('test')])
svmn('after-space', 'content before tool call with space', 'hello [TOOL_CALLS]get_weather[ARGS]{}', [T('get_weather')],
     note='disagrees on purpose: a call token after a blank inside an unfinished sentence is how prose shows a token ("use the [TOOL_CALLS] token"), so toolfix takes it only at a line start, after a finished sentence, after a colon or glued to a word')
svmn('after-space-newline', 'whitespace with newline before tool call', 'content \n [TOOL_CALLS]test[ARGS]{}', [T('test')], [('test', {})], keep='content')
svmn('after-tab-newline', 'tabs and newlines before tool call', 'content\t\n\t[TOOL_CALLS]test[ARGS]{}', [T('test')],
    note='disagrees on purpose: a line that begins with a tab reads as indented code, which toolfix never touches (it does not tell a paragraph\'s indented continuation line from code, to stay on the safe side)')
svmn('after-nbsp', 'non-breaking space before tool call', 'content\u00a0[TOOL_CALLS]test[ARGS]{}', [T('test')], [('test', {})], keep='content\u00a0',
    note='Ollama trims the no-break space from the content; toolfix keeps the text before the call as it came (it trims only ASCII blanks)')
svmn('think-block', 'whitespace before think tag', 'content \n [THINK]thinking[/THINK]after', [T('test')])
svmn('think-then-call', 'tool call after thinking', 'let me think[/THINK][TOOL_CALLS]test[ARGS]{}', [T('test')], [('test', {})], keep='let me think[/THINK]',
    note='Ollama takes the text before [/THINK] as reasoning; toolfix keeps it as it came')
svmn('unicode', 'unicode in tool args', '[TOOL_CALLS]greet[ARGS]{"message": "你好 🌍"}', [T('greet', message=S)], [('greet', {'message': '你好 🌍'})])
# nemotron3nano: Qwen's <function=…> in <tool_call>, after the reasoning's </think>
NN = 'nemotron3nano_test.go '
SVNW, SVNS = T('get_weather', city=S), T('search', query=S)
SVNQ = '<tool_call>\n<function=get_weather>\n<parameter=city>\nParis\n</parameter>\n</function>\n</tool_call>'
svol('nemotron3nano-think-answer', 'Qwen3 Coder/XML', NN + 'TestNemotron3NanoParser[thinking then content]', 'Let me think about this...</think>\nHere is my answer.', [SVNW])
svol('nemotron3nano-think-lines', 'Qwen3 Coder/XML', NN + 'TestNemotron3NanoParser[thinking with newlines]', 'Step 1: Analyze\nStep 2: Process\nStep 3: Conclude</think>\nThe answer is 42.', [SVNW])
svol('nemotron3nano-think-then-call', 'Qwen3 Coder/XML', NN + 'TestNemotron3NanoParser[thinking then tool call]', 'I should check the weather...</think>\n' + SVNQ, [SVNW], [('get_weather', {'city': 'Paris'})],
    keep='I should check the weather...</think>', note='Ollama takes the text before </think> as reasoning; toolfix keeps it as it came')
svol('nemotron3nano-think-content-call', 'Qwen3 Coder/XML', NN + 'TestNemotron3NanoParser[thinking content then tool call]', "Let me think...</think>\nI'll check for you.\n<tool_call>\n<function=search>\n<parameter=query>\ntest\n</parameter>\n</function>\n</tool_call>", [SVNS],
    [('search', {'query': 'test'})], keep="Let me think...</think>\nI'll check for you.")
svol('nemotron3nano-spurious-close', 'Qwen3 Coder/XML', NN + 'TestNemotron3NanoParser[thinking disabled but model outputs think close anyway]', '</think>\nSome content after spurious tag.', [SVNW])
svol('nemotron3nano-blank-after-close', 'Qwen3 Coder/XML', NN + 'TestNemotron3NanoParser[thinking with only whitespace after close tag]', 'My thoughts...</think>   \n\t\n   Content here.', [SVNW])
svol('nemotron3nano-empty-think', 'Qwen3 Coder/XML', NN + 'TestNemotron3NanoParser[empty explicit think block is ignored]', '<think></think>\nHere is my answer.', [SVNW])
svol('nemotron3nano-stream-call', 'Qwen3 Coder/XML', NN + 'TestNemotron3NanoParser_Streaming[thinking then content then tool call - streaming]', "Analyzing your request...</think>\nI'll check that for you.\n<tool_call>\n<function=search>\n<parameter=query>\ntest query\n</parameter>\n</function>\n</tool_call>", [SVNS],
    [('search', {'query': 'test query'})], keep="Analyzing your request...</think>\nI'll check that for you.")
svol('nemotron3nano-no-params', 'Qwen3 Coder/XML', NN + 'TestNemotron3NanoParser_Streaming[tool call immediately after think close - no content]', 'Analyzing...</think>\n<tool_call>\n<function=test>\n</function>\n</tool_call>', [T('test')], [('test', {})], keep='Analyzing...</think>')
svol('nemotron3nano-fakeout', 'Qwen3 Coder/XML', NN + 'TestNemotron3NanoParser_Streaming[partial tool call tag fakeout while thinking preserves whitespace]', 'reasoning ending with <tool_call fakeout</think>Done.', [SVNW])
svol('nemotron3nano-call', 'Qwen3 Coder/XML', NN + 'TestNemotron3NanoParser_WithTools', SVNQ, [SVNW], [('get_weather', {'city': 'Paris'})])
svol('nemotron3nano-stream-raw-value', 'Qwen3 Coder/XML', NN + 'TestNemotron3NanoParser_ToolCallWithoutThinkClose (the streamed chunks joined)', 'Let me analyze this.\n<tool_call>\n<function=get_weather>\n<parameter=city>Paris</parameter>\n</function>\n</tool_call>', [SVNW],
    [('get_weather', {'city': 'Paris'})], keep='Let me analyze this.')
# cohere: Command A's <|START_ACTION|> list after <|END_THINKING|>
CO = 'cohere_test.go '
SVCWT = [T('get_weather', city=S), T('get_time')]
svol('cohere-think-text', 'Cohere Command', CO + 'TestCohereParseThinkingThenText', 'Let me think about this.<|END_THINKING|><|START_TEXT|>Hello world!<|END_TEXT|>', SVCWT)
svol('cohere-call', 'Cohere Command', CO + 'TestCohereParseToolCall', 'plan<|END_THINKING|><|START_ACTION|>[\n    {"tool_call_id": "0", "tool_name": "get_weather", "parameters": {"city": "Paris"}},    {"tool_call_id": "1", "tool_name": "get_time", "parameters": {}}\n]<|END_ACTION|>', SVCWT,
    [('get_weather', {'city': 'Paris'}), ('get_time', {})], keep='plan<|END_THINKING|>', note='Ollama takes the text before <|END_THINKING|> as reasoning; toolfix keeps it as it came')
svol('cohere-text-only', 'Cohere Command', CO + 'TestCohereParseReasoningOff', '<|START_TEXT|>direct answer<|END_TEXT|>', SVCWT)
svol('cohere-bare-content', 'Cohere Command', CO + 'TestCohereParseBareContent', 'thought<|END_THINKING|>Just plain text output', SVCWT)
svol('cohere-malformed-sibling', 'Cohere Command', CO + 'TestCohereParseMalformedActions (unquoted value)', 'plan<|END_THINKING|><|START_ACTION|>[\n    {"tool_call_id": "0", "tool_name": "set_alarm", "parameters": {"time": 15:30}},    {"tool_call_id": "1", "tool_name": "get_weather", "parameters": {"city": "Oslo"}}\n]<|END_ACTION|>',
    [T('set_alarm', time=S), T('get_weather', city=S)], note='disagrees on purpose: Ollama keeps the well-formed sibling; toolfix takes a tail whole or not at all')
svol('cohere-missing-comma', 'Cohere Command', CO + 'TestCohereParseMalformedActions (missing comma)', '<|END_THINKING|><|START_ACTION|>[{"tool_call_id": "0", "tool_name": "a", "parameters": {}}{"tool_call_id": "1", "tool_name": "b", "parameters": {"x": "{not json}"}}]<|END_ACTION|>',
    [T('a'), T('b', x=S)], note='disagrees on purpose: the list misses its comma, so it is no JSON; Ollama mends it, toolfix reads only valid JSON')
svol('cohere-garbage', 'Cohere Command', CO + 'TestCohereParseMalformedActions (garbage)', 'x<|END_THINKING|><|START_ACTION|>[!!!]<|END_ACTION|>', SVCWT)
svol('cohere-legacy-response', 'Cohere Command', CO + 'TestCohereParseLegacyResponseMarkers', 'plan<|END_THINKING|><|START_RESPONSE|>Hello there<|END_RESPONSE|>', SVCWT)
svol('cohere-tool-plan', 'Cohere Command', CO + 'TestCohereParseStreamsBeforeDone[unrecognized tag]', '<|TOOL_PLAN|>I should call the tool.', SVCWT)
svol('cohere-end-of-turn', 'Cohere Command', CO + 'TestCohereParseBareContentBeforeEndOfTurn', 't<|END_THINKING|>plain answer<|END_OF_TURN_TOKEN|>', SVCWT)

# --- llama.cpp tests/test-chat.cpp test_template_output_parsers: the common_chat_parse inputs and
# test_templates deltas of each format (the Hermes 2 Pro ones of gen.py not redone, nor a text
# gen.py already holds with the same tools); tools: special_function(arg1 integer) and
# python(code string), those of the test's tools list
SVLC = 'ggml-org/llama.cpp tests/test-chat.cpp test_template_output_parsers '
SVLT = [T('special_function', arg1=I), T('python', code=S)]
SVSF = ('special_function', {'arg1': 1})
SVSFJ = '{"name": "special_function", "arguments": {"arg1": 1}}'
SVHW = "Hello, world!\nWhat's up?"
def svlc(name, fmt, text, calls=None, keep='', note='', tools=None):
    vec(name, {'HERMES_2_PRO': 'Hermes', 'GENERIC': 'llama.cpp generic JSON'}.get(fmt, fmt), SVLC + '(COMMON_CHAT_FORMAT_%s) (%s)' % (fmt, json.dumps(text, ensure_ascii=False)[:60]), text,
        SVLT if tools is None else tools, calls, keep=keep, note=note, pre='llamacpp-')
SVCR = 'Cohere Command'
def svcr(name, text, calls=None, keep='', note=''):
    vec(name, SVCR, SVLC + '(COMMON_CHAT_FORMAT_COMMAND_R7B) (%s)' % json.dumps(text)[:60], text, SVLT, calls, keep=keep, note=note, pre='llamacpp-')
SVTH = "<|START_THINKING|>I'm\nthinking<|END_THINKING|>"
SVACT = '<|START_ACTION|>[\n    {"tool_call_id": "0", "tool_name": "special_function", "parameters": {"arg1": 1}}\n]<|END_ACTION|>'
svcr('command-r7b-response', '<|START_RESPONSE|>' + SVHW + '<|END_RESPONSE|>')
svcr('command-r7b-thinking-response', SVTH + '<|START_RESPONSE|>' + SVHW + '<|END_RESPONSE|>')
svcr('command-r7b-thinking-action', SVTH + SVACT, [SVSF], keep=SVTH, note='llama.cpp takes the thinking block as reasoning; toolfix keeps it as it came')
svcr('command-r7b-action-cut', SVTH + '<|START_ACTION|>[\n    {"tool_call_id": "0", "tool_name": "special', note='a cut-off call is never completed')
svcr('command-r7b-empty-thinking-action', '<|START_THINKING|><|END_THINKING|>' + SVACT, [SVSF], keep='<|START_THINKING|><|END_THINKING|>')
svlc('generic-cut', 'GENERIC', '{ "tool_call" : { "name" : "t', note='a cut-off call is never completed')
svlc('generic-cut-args', 'GENERIC', '{"tool_call": {"name": "puppeteer_screenshot", "arguments": {"name": "servethehome_homepage",', tools=SVLT + [T('puppeteer_screenshot', name=S)], note='a cut-off call is never completed')
svlc('generic-response', 'GENERIC', '{\n  "response": "Hello, world!\\nWhat\'s up?"\n}',
    note='disagrees on purpose: llama.cpp unwraps its generic format\'s response object into the content; toolfix repairs tool calls only and passes the text as it came')
svlc('generic-tool-calls', 'GENERIC', '{\n  "tool_calls": [\n    {\n      "name": "special_function",\n      "arguments": {\n        "arg1": 1\n      },\n      "id": "123456789"\n    }\n  ]\n}',
    [SVSF], note='the id the generic format carries is no argument: toolfix reads the call without it')
svlc('mistral-nemo-call-id', 'Mistral', '[TOOL_CALLS][{"name": "special_function", "arguments": {"arg1": 1}, "id": "123456789"}]', [SVSF])
svlc('magistral-think', 'Mistral', '[THINK]raisonnement[/THINK]Réponse')
svlc('hermes-fenced-function-call-cut', 'HERMES_2_PRO', '```json\n<function_call> { "name" : "python"', note='inside a code fence, cut off: never completed')
svlc('hermes-partial-name', 'HERMES_2_PRO', "Let's call something\n<tool_call>{\"name", note='a cut-off call is never completed')
svlc('hermes-fenced-xml-object', 'HERMES_2_PRO', '```xml\n  ' + SVSFJ + '\n```', note='disagrees on purpose: inside a code fence, which toolfix never touches (code)')
svlc('hermes-fenced-object', 'HERMES_2_PRO', '```\n  ' + SVSFJ + '\n```', note='disagrees on purpose: inside a code fence, which toolfix never touches (code)')
svlc('hermes-fenced-object-unindented', 'HERMES_2_PRO', '```\n' + SVSFJ + '\n```', note='disagrees on purpose: inside a code fence, which toolfix never touches (code)')
svlc('hermes-think-answer-fence', 'HERMES_2_PRO', "<think>I'm\nthinking</think>" + SVHW + '\n```json\n{}```')
svlc('hermes-unopened-think-answer', 'HERMES_2_PRO', "I'm\nthinking</think>" + SVHW)
svlc('hermes-two-calls-template', 'HERMES_2_PRO', '<tool_call>\n' + SVSFJ + '\n</tool_call>\n<tool_call>\n{"name": "python", "arguments": {"code":"print(\'test\')"}}\n</tool_call>', [SVSF, ('python', {'code': "print('test')"})])
svlc('hermes-python-lines', 'HERMES_2_PRO', '<tool_call>\n{"name": "python", "arguments": {"code":"# This is a program:\\nprint(\'hey\')"}}\n</tool_call>', [('python', {'code': "# This is a program:\nprint('hey')"})])
svlc('llama3-parameters', 'Llama 3 JSON', '{"name": "special_function", "parameters": {"arg1": 1}}', [SVSF])
svlc('llama3-builtin-code-interpreter', 'Llama 3 JSON', '<|python_tag|>code_interpreter.call(code="print(\'hey\')")', tools=[T('special_function', arg1=I), T('code_interpreter', code=S)],
    note='disagrees on purpose: Llama 3.1\'s built-in tool call T.call(…) after <|python_tag|> is read by no row; toolfix takes only the JSON calls the template writes for declared functions')
svlc('llama3-builtin-python', 'Llama 3 JSON', '<|python_tag|>python.call(code="print(\'hey\')")',
    note='disagrees on purpose: Llama 3.1\'s built-in tool call T.call(…) after <|python_tag|> is read by no row; toolfix takes only the JSON calls the template writes for declared functions')
svlc('functionary-v31-cut-closer', 'Hermes', '<function=special_function>{"arg1": 1}<', [SVSF], note='the closer is cut after its first byte; the call is complete, and a closer missing at the end of the text is forgiven (as llama.cpp does)')
svlc('functionary-v32-content-then-call', 'Functionary v3.2', "all\nHello, world!\nnono\nWhat's up?>>>special_function\n{\"arg1\": 1}\n",
    note='disagrees on purpose: the Functionary v3.2 row takes a >>>T recipient line at a line\'s start only; glued after a sentence its > would be a loud byte of every text (the quiet path lost for code\'s -> and =>), so this stays text')
svlc('functionary-v32-python-raw', 'Functionary v3.2', "python\n# This is a program:\nprint('hey')",
    note='disagrees on purpose: the first recipient of an answer stands in the prompt, and raw code after a python line is no markup; toolfix cannot tell it from text')
svlc('functionary-v32-name-object', 'Functionary v3.2', 'special_function\n{"arg1": 1} \n                    ',
    note='disagrees on purpose: the first >>> of an answer stands in the prompt; a bare tool name line then an object, with no >>> before it, is no markup toolfix can tell from text')
svlc('functionary-v32-all', 'Functionary v3.2', 'all\n' + SVHW)
svlc('firefunction-v2', 'Phi-4-mini', ' functools[{"name": "special_function", "arguments": {"arg1": 1}}]', [SVSF], note='FireFunction v2 writes Phi-4-mini\'s functools[…] list')
svlc('deepseek-r1-syntax-in-reasoning', 'DeepSeek V3', 'I need to remember the correct syntax. It starts with <｜tool▁calls▁begin｜> and ends with')
SVD1 = "<think>I'm\nthinking</think>\n\n"
SVDSF = '<｜tool▁call▁begin｜>function<｜tool▁sep｜>special_function\n```json\n{"arg1": 1}\n```<｜tool▁call▁end｜>'
svlc('deepseek-r1-think-call', 'DeepSeek V3', SVD1 + '<｜tool▁calls▁begin｜>' + SVDSF + '<｜tool▁calls▁end｜>', [SVSF], keep="<think>I'm\nthinking</think>",
    note='the R1 template writes DeepSeek V3\'s call tokens; llama.cpp keeps the thinking in the content here too')
svlc('deepseek-r1-calls-token', 'DeepSeek V3', '<｜tool▁calls｜>function<｜tool▁sep｜>special_function\n```json\n{"arg1": 1}\n```<｜tool▁call▁end｜><｜tool▁calls▁end｜>',
    note='disagrees on purpose: <｜tool▁calls｜> (no ▁begin) is a misspelt opener that llama.cpp accepts; toolfix reads only the tokens of the model\'s vocabulary')
svlc('deepseek-r1-template-call', 'DeepSeek V3', '<｜tool▁calls▁begin｜>' + SVDSF + '<｜tool▁calls▁end｜>', [SVSF])
svlc('granite-think-response', 'Granite', "<think>I'm\nthinking</think><response>" + SVHW + '</response>')
svlc('granite-think-response-open', 'Granite', "<think>I'm\nthinking</think><response>" + SVHW)
svlc('granite-think-cut', 'Granite', '<think', note='a cut-off tag')
svlc('granite-unclosed-think', 'Granite', "<think>I'm\nthinking")
svlc('granite-response-cut', 'Granite', "<think>I'm\nthinking</think><response")
svlc('granite-call', 'Granite', '<|tool_call|>[' + SVSFJ + ']', [SVSF])
svlc('granite-call-cut-name', 'Granite', '<|tool_call|>[{"name": "special_function"', note='a cut-off call is never completed')
svlc('granite-call-cut-args', 'Granite', '<|tool_call|>[{"name": "special_function", "arguments": {"arg', note='a cut-off call is never completed')
svlc('granite-think-call-cut', 'Granite', "<think>I'm\nthinking</think><|tool_call|>[" + SVSFJ + ', {', note='disagrees on purpose: llama.cpp takes the first call of the cut-off list; toolfix takes a tail whole or not at all')
SVGA = "<|channel|>analysis<|message|>I'm\nthinking<|end|>"
SVGN = [('special_function', {'arg1': 1})]
svlc('gpt-oss-analysis-cut', 'gpt-oss Harmony', "<|channel|>analysis<|message|>I'm\nthink")
svlc('gpt-oss-analysis', 'gpt-oss Harmony', SVGA)
svlc('gpt-oss-analysis-final', 'gpt-oss Harmony', SVGA + '<|start|>assistant<|channel|>final<|message|>' + SVHW,
    note='llama.cpp takes the final channel as the content; toolfix passes the text as it came (no call)')
svlc('gpt-oss-call-cut-constrain', 'gpt-oss Harmony', SVGA + '<|start|>assistant<|channel|>commentary to=functions.special_function <|constrain|>json<|message|>{"arg1', note='a cut-off call is never completed')
svlc('gpt-oss-call-cut', 'gpt-oss Harmony', SVGA + '<|start|>assistant<|channel|>commentary to=functions.special_function<|message|>{"arg1', note='a cut-off call is never completed')
svlc('gpt-oss-call', 'gpt-oss Harmony', SVGA + '<|start|>assistant<|channel|>commentary to=functions.special_function <|constrain|>json<|message|>{"arg1": 1}', SVGN, keep=SVGA,
    note='llama.cpp takes the analysis channel as reasoning; toolfix keeps the text before the call as it came')
svlc('gpt-oss-call-analysis-channel', 'gpt-oss Harmony', SVGA + '<|start|>assistant<|channel|>analysis to=functions.special_function <|constrain|>json<|message|>{"arg1": 1}', SVGN, keep=SVGA,
    note='a function call addressed from the analysis channel is a call, as llama.cpp, SGLang and vLLM take it; an analysis message without a recipient stays text')
svlc('gpt-oss-commentary-then-call', 'gpt-oss Harmony', SVGA + '<|start|>assistant<|channel|>commentary<|message|>' + SVHW + '<|end|><|start|>assistant<|channel|>commentary to=functions.special_function <|constrain|>json<|message|>{"arg1": 1}', SVGN,
    keep=SVGA + '<|start|>assistant<|channel|>commentary<|message|>' + SVHW + '<|end|>', note='llama.cpp takes the commentary preamble as the content; toolfix keeps the text before the call as it came')
svlc('gpt-oss-role-header-recipient', 'gpt-oss Harmony', ' to=functions.special_function<|channel|>commentary <|constrain|>json<|message|>{"arg1": 1}',
    note='disagrees on purpose: the text begins inside the role header (the prompt ended with <|start|>assistant); toolfix reads a Harmony call from its <|start|> or <|channel|> token, or detokenized from commentary at a line\'s start, and has no row for a text that begins with the recipient')
svlc('gpt-oss-call-spaced-constrain', 'gpt-oss Harmony', SVGA + '<|start|>assistant<|channel|>commentary to=functions.special_function <|constrain|> json<|message|>{"arg1": 1}', SVGN, keep=SVGA,
    note='the gpt-oss-call vector written <|constrain|> json, token and type apart, as the Harmony notebooks render it')
svlc('gpt-oss-start-header-spaced-constrain', 'gpt-oss Harmony', SVGA + '<|start|>assistant to=functions.special_function<|channel|>commentary <|constrain|> json<|message|>{"arg1": 1}<|call|>', SVGN, keep=SVGA,
    note='the recipient in the start header and <|constrain|> json apart (the role-header vector in the commentary channel)')
svlc('gpt-oss-detokenized-spaced-constrain', 'gpt-oss Harmony', 'commentary to=functions.special_function <|constrain|> json<|message|>{"arg1": 1}', SVGN,
    note='the call\'s header with its leading tokens dropped by the server, <|constrain|> json apart')
svlc('gpt-oss-role-header-analysis', 'gpt-oss Harmony', ' to=functions.special_function<|channel|>analysis <|constrain|>json<|message|>{"arg1": 1}',
    note='disagrees on purpose: the text begins inside the role header (as gpt-oss-role-header-recipient); toolfix has no row for a text that begins with the recipient')
svlc('gpt-oss-start-header-analysis', 'gpt-oss Harmony', SVGA + '<|start|>assistant to=functions.special_function<|channel|>analysis <|constrain|>json<|message|>{"arg1": 1}', SVGN, keep=SVGA,
    note='the recipient in the start header, the analysis channel: a call, as llama.cpp takes it')
SVSO = [T('calculate_sum', numbers=A), T('process_data', input=S, format=S), T('fun', smth=A)]
SVSOC = '<seed:tool_call>\n<function=calculate_sum>\n<parameter=numbers>[1, 2, 3]</parameter>\n</function>\n</seed:tool_call>'
svlc('seed-oss-think-answer', 'Seed-OSS', "<seed:think>I'm thinking about the answer</seed:think>Hello, world!", tools=SVSO)
svlc('seed-oss-budget-reflect', 'Seed-OSS', '<seed:think>Token usage: 45/1000\nI should continue thinking to find the best solution.</seed:think><seed:cot_budget_reflect>Token usage: 45/1000\nI should continue thinking to find the best solution.</seed:cot_budget_reflect>I need to calculate this step by step.', tools=SVSO)
svlc('seed-oss-call', 'Seed-OSS', SVSOC, [('calculate_sum', {'numbers': [1, 2, 3]})], tools=SVSO)
svlc('seed-oss-think-call', 'Seed-OSS', '<seed:think>I need to calculate the sum of these numbers</seed:think>' + SVSOC, [('calculate_sum', {'numbers': [1, 2, 3]})], tools=SVSO,
    keep='<seed:think>I need to calculate the sum of these numbers</seed:think>', note='llama.cpp takes the <seed:think> block as reasoning; toolfix keeps it as it came')
svlc('seed-oss-no-closer', 'Seed-OSS', '<seed:tool_call>\n<function=fun>\n<parameter=smth>[1, 2, 3]</parameter>\n</function>', [('fun', {'smth': [1, 2, 3]})], tools=SVSO,
    note='the call is complete and only </seed:tool_call> is missing at the end, which is forgiven')
svlc('seed-oss-two-params', 'Seed-OSS', '<seed:tool_call>\n<function=process_data>\n<parameter=input>test</parameter>\n<parameter=format>json</parameter>\n</function>\n</seed:tool_call>', [('process_data', {'input': 'test', 'format': 'json'})], tools=SVSO)
svlc('seed-oss-cut', 'Seed-OSS', '<seed:tool_call>\n<function=calculate_sum>\n<parameter=numbers>[1,\n', tools=SVSO, note='a cut-off call is never completed')
svlc('seed-oss-unclosed-think', 'Seed-OSS', '<seed:think>I was thinking', tools=SVSO)
svlc('seed-oss-plain', 'Seed-OSS', 'This is a simple response without reasoning.', tools=SVSO)
SVNC = '<TOOLCALL>[' + SVSFJ + ']</TOOLCALL>'
svlc('nemotron-v2-call', 'Nemotron JSON', SVNC, [SVSF])
svlc('nemotron-v2-think-call', 'Nemotron JSON', "<think>I'm\nthinking</think>" + SVNC, [SVSF], keep="<think>I'm\nthinking</think>", note='llama.cpp takes the <think> block as reasoning; toolfix keeps it as it came')
svlc('nemotron-v2-call-then-content', 'Nemotron JSON', SVNC + SVHW, note='disagrees on purpose: tail only; text after the call leaves the text as it is')
svlc('nemotron-v2-think-call-content', 'Nemotron JSON', "<think>I'm\nthinking</think>" + SVNC + SVHW, note='disagrees on purpose: tail only; text after the call leaves the text as it is')
svlc('nemotron-v2-think-answer', 'Nemotron JSON', "<think>I'm\nthinking</think>" + SVHW + '\n')
# DeepSeek V3.1: name<｜tool▁sep｜>{…} (the DeepSeek V3.1 row)
SVD31 = [T('get_time', city=S), T('get_weather', city=S), T('get_time2', city=S)]
def svd31(n, a): return '<｜tool▁call▁begin｜>' + n + '<｜tool▁sep｜>' + a + '<｜tool▁call▁end｜>'
def svd31s(*cs): return '<｜tool▁calls▁begin｜>' + ''.join(cs) + '<｜tool▁calls▁end｜>'
svlc('deepseek-v31-close-answer', 'DeepSeek V3.1', '</think>' + SVHW, tools=SVD31)
svlc('deepseek-v31-reasoning-ok', 'DeepSeek V3.1', 'REASONING</think>ok', tools=SVD31)
svlc('deepseek-v31-call', 'DeepSeek V3.1', svd31s(svd31('get_time', '{"city": "Tokyo"}')), [('get_time', {'city': 'Tokyo'})], tools=SVD31)
svlc('deepseek-v31-reasoning-call', 'DeepSeek V3.1', 'REASONING</think>' + svd31s(svd31('get_time', '{"city": "Tokyo"}')), [('get_time', {'city': 'Tokyo'})], tools=SVD31, keep='REASONING</think>',
    note='llama.cpp takes the text before </think> as reasoning; toolfix keeps it as it came')
svlc('deepseek-v31-content-two-calls', 'DeepSeek V3.1', 'CONTENT' + svd31s(svd31('get_time', '{"city": "Paris"}'), svd31('get_weather', '{"city": "Paris"}')), [('get_time', {'city': 'Paris'}), ('get_weather', {'city': 'Paris'})], tools=SVD31, keep='CONTENT')
svlc('deepseek-v31-call-in-reasoning', 'DeepSeek V3.1', 'REASONING' + svd31s(svd31('get_time2', '{"city": "Tokyo2"}')) + 'REASONING</think>' + svd31s(svd31('get_time', '{"city": "Tokyo"}')), [('get_time', {'city': 'Tokyo'})], tools=SVD31,
    keep='REASONING' + svd31s(svd31('get_time2', '{"city": "Tokyo2"}')) + 'REASONING</think>', note='the call written inside the reasoning stays text; only the call at the tail is taken, as llama.cpp does')
svlc('deepseek-v31-call-unclosed-reasoning', 'DeepSeek V3.1', 'REASONING' + svd31s(svd31('get_time', '{"city": "Tokyo"}')), [('get_time', {'city': 'Tokyo'})], tools=SVD31, keep='REASONING')
svlc('deepseek-v31-content', 'DeepSeek V3.1', 'CONTENT', tools=SVD31)
SVAP = '<|tools_prefix|>[{"special_function": {"arg1": 1}}]<|tools_suffix|>'
SVAT = "<|inner_prefix|>I'm\nthinking<|inner_suffix|>"
svlc('apertus-think-answer', 'Apertus', SVAT + SVHW)
svlc('apertus-call', 'Apertus', SVAP, [SVSF])
svlc('apertus-think-call', 'Apertus', SVAT + SVAP, [SVSF], keep=SVAT, note='llama.cpp takes the inner block as reasoning; toolfix keeps it as it came')
svlc('apertus-call-then-content', 'Apertus', SVAP + SVHW, note='disagrees on purpose: tail only; text after the call leaves the text as it is')
svlc('apertus-think-call-content', 'Apertus', SVAT + SVAP + SVHW, note='disagrees on purpose: tail only; text after the call leaves the text as it is')
SVLF = [T('special_function', arg1=I), T('get_weather', location=S), T('calculate', x=I, y=I, operation=S), T('get_time', timezone=S)]
def svlf(n, a): return '<|tool_call_start|>[' + ', '.join('{"name": "%s", "arguments": %s}' % (k, v) for k, v in zip(n, a)) + ']<|tool_call_end|>'
svlc('lfm2-json-call', 'openPangu', svlf(['special_function'], ['{"arg1": 1}']), [SVSF], tools=SVLF, note='LFM2\'s JSON tools write openPangu\'s JSON list in LFM2\'s tokens')
svlc('lfm2-json-string-arg', 'openPangu', svlf(['get_weather'], ['{"location": "Paris"}']), [('get_weather', {'location': 'Paris'})], tools=SVLF)
svlc('lfm2-json-multi-args', 'openPangu', svlf(['calculate'], ['{"x": 10, "y": 20, "operation": "add"}']), [('calculate', {'x': 10, 'y': 20, 'operation': 'add'})], tools=SVLF)
svlc('lfm2-json-two-calls', 'openPangu', svlf(['get_weather', 'get_time'], ['{"location": "Paris"}', '{"timezone": "UTC"}']), [('get_weather', {'location': 'Paris'}), ('get_time', {'timezone': 'UTC'})], tools=SVLF)
svlc('lfm2-json-content-before', 'openPangu', 'Let me check the weather for you.' + svlf(['get_weather'], ['{"location": "Paris"}']), [('get_weather', {'location': 'Paris'})], tools=SVLF, keep='Let me check the weather for you.')
svlc('lfm2-json-content-after', 'openPangu', svlf(['get_weather'], ['{"location": "Paris"}']) + "Here's the result.", tools=SVLF, note='disagrees on purpose: tail only; text after the call leaves the text as it is')
svlc('lfm2-json-newlines', 'openPangu', '<|tool_call_start|>[{\n    "name": "get_current_time",\n    "arguments": {\n        "location": "Paris"\n    }\n}]<|tool_call_end|>', [('get_current_time', {'location': 'Paris'})], tools=[T('get_current_time', location=S)])
# MiniMax M2: <invoke> elements in <minimax:tool_call>
SVMT = [T('special_function', arg1=I), T('special_function_with_opt', arg1=I, arg2=I)]
SVMI = '<minimax:tool_call><invoke name="special_function"><parameter name="arg1">1</parameter></invoke></minimax:tool_call>'
SVTK = "<think>I'm\nthinking</think>"
svlc('minimax-m2-call', 'MiniMax M2', SVMI, [SVSF], tools=SVMT)
svlc('minimax-m2-think-call', 'MiniMax M2', SVTK + SVMI, [SVSF], tools=SVMT, keep=SVTK, note='llama.cpp takes the <think> block as reasoning; toolfix keeps it as it came')
svlc('minimax-m2-call-then-content', 'MiniMax M2', SVMI + SVHW, tools=SVMT, note='disagrees on purpose: tail only; text after the call leaves the text as it is')
svlc('minimax-m2-stream-think-content-call', 'MiniMax M2', "<think>I'm\nthinking\n</think>" + SVHW + '\n' + SVMI, [SVSF], tools=SVMT, keep="<think>I'm\nthinking\n</think>" + SVHW)
svlc('minimax-m2-stream-think-call', 'MiniMax M2', SVTK + '\n\n' + SVMI, [SVSF], tools=SVMT, keep=SVTK)
svlc('minimax-m2-stream-spaced', 'MiniMax M2', "<think>I'm\nthinking\n</think>\n\n" + SVHW + '\n\n<minimax:tool_call>\n<invoke name="special_function">\n<parameter name="arg1">1</parameter>\n</invoke>\n</minimax:tool_call>\n', [SVSF], tools=SVMT, keep="<think>I'm\nthinking\n</think>\n\n" + SVHW)
svlc('minimax-m2-with-opt', 'MiniMax M2', '<minimax:tool_call>\n<invoke name="special_function_with_opt">\n<parameter name="arg1">1</parameter>\n<parameter name="arg2">2</parameter>\n</invoke>\n</minimax:tool_call>', [('special_function_with_opt', {'arg1': 1, 'arg2': 2})], tools=SVMT)
svlc('minimax-m2-no-opt', 'MiniMax M2', '<minimax:tool_call>\n<invoke name="special_function_with_opt">\n<parameter name="arg1">1</parameter>\n</invoke>\n</minimax:tool_call>', [('special_function_with_opt', {'arg1': 1})], tools=SVMT)
# GLM 4.5/4.6: pairs in <tool_call>
SVGT = [T('special_function', arg1=I), T('special_function_with_opt', arg1=I, arg2=I), T('complex_function', name=S, age=I, active=B, score=N), T('web_search', query=S, limit=I, type=S)]
SVGP = '<tool_call>special_function\n<arg_key>arg1</arg_key>\n<arg_value>1</arg_value>\n</tool_call>'
svlc('glm45-think-answer', 'GLM 4.5/4.7', "\n<think>I'm\nthinking</think>\n" + SVHW, tools=SVGT)
svlc('glm45-call', 'GLM 4.5/4.7', '\n' + SVGP, [SVSF], tools=SVGT)
svlc('glm45-think-call', 'GLM 4.5/4.7', '\n' + SVTK + '\n' + SVGP, [SVSF], tools=SVGT, keep='\n' + SVTK)
svlc('glm45-call-then-content', 'GLM 4.5/4.7', '\n' + SVGP + SVHW, tools=SVGT, note='disagrees on purpose: tail only; text after the call leaves the text as it is')
svlc('glm45-think-content-call', 'GLM 4.5/4.7', '\n' + SVTK + SVHW + '\n' + SVGP, [SVSF], tools=SVGT, keep='\n' + SVTK + SVHW)
svlc('glm45-think-blank-call', 'GLM 4.5/4.7', '\n' + SVTK + '\n\n' + SVGP, [SVSF], tools=SVGT, keep='\n' + SVTK)
svlc('glm45-empty-think-opt', 'GLM 4.5/4.7', '\n<think></think>\n<tool_call>special_function_with_opt\n<arg_key>arg1</arg_key>\n<arg_value>1</arg_value>\n<arg_key>arg2</arg_key>\n<arg_value>2</arg_value>\n</tool_call>\n', [('special_function_with_opt', {'arg1': 1, 'arg2': 2})], tools=SVGT, keep='\n<think></think>')
svlc('glm45-complex', 'GLM 4.5/4.7', '<tool_call>complex_function\n<arg_key>name</arg_key>\n<arg_value>John Doe</arg_value>\n<arg_key>age</arg_key>\n<arg_value>30</arg_value>\n<arg_key>active</arg_key>\n<arg_value>true</arg_value>\n<arg_key>score</arg_key>\n<arg_value>95.5</arg_value>\n</tool_call>',
    [('complex_function', {'name': 'John Doe', 'age': 30, 'active': True, 'score': 95.5})], tools=SVGT)
svlc('glm45-quoted-string', 'GLM 4.5/4.7', '<tool_call>web_search\n<arg_key>query</arg_key>\n<arg_value>"From Zero" Linkin Park album tracklist complete songs</arg_value>\n<arg_key>limit</arg_key>\n<arg_value>3</arg_value>\n<arg_key>type</arg_key>\n<arg_value>text</arg_value>\n</tool_call>',
    [('web_search', {'query': '"From Zero" Linkin Park album tracklist complete songs', 'limit': 3, 'type': 'text'})], tools=SVGT)
svlc('glm45-interleaved-think', 'GLM 4.5/4.7', '\n' + SVTK + 'Hello, world!\n<think>Thinking2</think>What\'s up?\n' + SVGP, [SVSF], tools=SVGT, keep='\n' + SVTK + 'Hello, world!\n<think>Thinking2</think>What\'s up?')
# Kimi K2 Thinking: the Kimi K2 row
SVKT = [T('special_function', arg1=ANY), T('special_function_with_opt', arg1=I, arg2=I), T('complex_function', name=S, age=I, active=B, score=N), T('web_search', query=S, limit=I, type=S),
        T('read_file', args=A, files=A), T('emoji_function', message=S), T('complex_function_in_think', name=S, age=I, active=B, score=N)]
def svk(n, a, i=0): return '<|tool_call_begin|>functions.%s:%d<|tool_call_argument_begin|>%s<|tool_call_end|>' % (n, i, a)
def svks(*cs): return '<|tool_calls_section_begin|>' + ''.join(cs) + '<|tool_calls_section_end|>'
SVK1 = svks(svk('special_function', '{"arg1": 1}'))
svlc('kimi-k2-call', 'Kimi K2', SVK1, [SVSF], tools=SVKT)
svlc('kimi-k2-think-call', 'Kimi K2', SVTK + SVK1, [SVSF], tools=SVKT, keep=SVTK, note='llama.cpp takes the <think> block as reasoning; toolfix keeps it as it came')
svlc('kimi-k2-call-then-content', 'Kimi K2', SVK1 + SVHW, tools=SVKT, note='disagrees on purpose: tail only; text after the call leaves the text as it is')
svlc('kimi-k2-stream-think-content-call', 'Kimi K2', "<think>I'm\nthinking\n</think>" + SVHW + '\n' + SVK1, [SVSF], tools=SVKT, keep="<think>I'm\nthinking\n</think>" + SVHW)
svlc('kimi-k2-stream-think-blank-call', 'Kimi K2', SVTK + '\n\n' + SVK1, [SVSF], tools=SVKT, keep=SVTK)
svlc('kimi-k2-with-opt', 'Kimi K2', svks(svk('special_function_with_opt', '{"arg1": 1, "arg2": 2}')), [('special_function_with_opt', {'arg1': 1, 'arg2': 2})], tools=SVKT)
svlc('kimi-k2-string-arg', 'Kimi K2', SVTK + SVHW + '\n' + svks(svk('special_function', '{"arg1": "123456"}')), [('special_function', {'arg1': '123456'})], tools=SVKT, keep=SVTK + SVHW)
svlc('kimi-k2-list-arg', 'Kimi K2', SVTK + SVHW + '\n' + svks(svk('special_function', '{"arg1": [1, 2, "345", 6]}')), [('special_function', {'arg1': [1, 2, '345', 6]})], tools=SVKT, keep=SVTK + SVHW)
svlc('kimi-k2-object-arg', 'Kimi K2', SVTK + SVHW + '\n' + svks(svk('special_function', '{"arg1": {"12": 34, "5": [67, 8], "9": "10"}}')), [('special_function', {'arg1': {'12': 34, '5': [67, 8], '9': '10'}})], tools=SVKT, keep=SVTK + SVHW)
SVKCX = '{"name": "John Doe", "age": 30, "active": true, "score": 95.5}'
SVKCXV = {'name': 'John Doe', 'age': 30, 'active': True, 'score': 95.5}
SVKWS = '{"query":"\\"From Zero\\" Linkin Park album tracklist complete songs","limit":3,"type":"text"}'
SVKWSV = {'query': '"From Zero" Linkin Park album tracklist complete songs', 'limit': 3, 'type': 'text'}
svlc('kimi-k2-complex', 'Kimi K2', svks(svk('complex_function', SVKCX)), [('complex_function', SVKCXV)], tools=SVKT)
svlc('kimi-k2-escaped-quotes', 'Kimi K2', svks(svk('web_search', SVKWS)), [('web_search', SVKWSV)], tools=SVKT)
SVKRF = '{"args": [{"path": "src/providers/ThemeProvider.tsx"}, {"path": "src/components/Header.tsx"}, {"path": "src/components/ThemeToggle.tsx"}, {"path": "src/app/globals.css"}, {"path": "src/app/layout.tsx"}]}'
svlc('kimi-k2-read-files', 'Kimi K2', svks(svk('read_file', SVKRF)), [('read_file', json.loads(SVKRF))], tools=SVKT)
SVKP = 'Let me start by examining the relevant files to understand the current implementation.'
SVKF = '{"files":[{"path":"src/app/Partners.tsx","line_ranges":["1-100"]}]}'
svlc('kimi-k2-content-call', 'Kimi K2', SVKP + svks(svk('read_file', SVKF)), [('read_file', json.loads(SVKF))], tools=SVKT, keep=SVKP)
SVKEM = '{"message":"Hello! 👋 🌟 🚀 Testing emojis: 😀😃😄😁 and symbols: ∑∏∆∇"}'
svlc('kimi-k2-four-calls', 'Kimi K2', "<think>I'm thinking.</think>Let me call multiple tools." + svks(svk('read_file', SVKF), svk('web_search', SVKWS, 1), svk('complex_function', SVKCX, 2), svk('emoji_function', SVKEM, 3)),
    [('read_file', json.loads(SVKF)), ('web_search', SVKWSV), ('complex_function', SVKCXV), ('emoji_function', json.loads(SVKEM))], tools=SVKT, keep="<think>I'm thinking.</think>Let me call multiple tools.")
svlc('kimi-k2-call-in-think', 'Kimi K2', "<think>I'm thinking" + svks(svk('complex_function_in_think', SVKCX)), tools=SVKT,
    note='disagrees on purpose: llama.cpp takes a call section written inside an unclosed <think>; toolfix leaves markup inside reasoning as reasoning')

# --- vLLM parsers of vllm/tool_parsers/ with no vector before
SVL3 = 'vllm-project/vllm tests/tool_parsers/test_ling3_tool_parser.py '
SVL3T = [T('ping'), T('get_weather', city=S)]
vec('ling3-newline', 'GLM 4.5/4.7', SVL3 + 'test_ling3_tool_call_name_separator[\\n]', '<tool_call>get_weather\n<arg_key>city</arg_key><arg_value>Beijing</arg_value></tool_call>', SVL3T, [('get_weather', {'city': 'Beijing'})],
    note='Ling 3 writes GLM\'s pairs in <tool_call>')
vec('ling3-literal-newline', 'GLM 4.5/4.7', SVL3 + 'test_ling3_tool_call_name_separator[\\\\n]', '<tool_call>get_weather\\n<arg_key>city</arg_key><arg_value>Beijing</arg_value></tool_call>', SVL3T,
    note='disagrees on purpose: a literal backslash-n after the name (the template\'s newline escaped twice) is mended by vLLM; toolfix reads the name only as the template writes it')
vec('ling3-compact', 'GLM 4.5/4.7', SVL3 + 'test_ling3_tool_call_name_separator[]', '<tool_call>get_weather<arg_key>city</arg_key><arg_value>Beijing</arg_value></tool_call>', SVL3T, [('get_weather', {'city': 'Beijing'})])
vec('ling3-zero-args', 'GLM 4.5/4.7', SVL3 + 'test_ling3_zero_arg_tool_call_streaming', '<tool_call>ping</tool_call>', SVL3T, [('ping', {})])
SVSA = 'vllm-project/vllm vllm/tool_parsers/step_audio_2_tool_parser.py (no test file; the format its parser reads, from its comments)'
vec('step-audio-2-call', 'Step-Audio 2', SVSA, '<tool_call>function\nforecast_weather\n{"location": "shanghai"}</tool_call>', [T('forecast_weather', location=S)],
    [('forecast_weather', {'location': 'shanghai'})], note='the type line function, the name line and the JSON arguments in <tool_call>: the Step-Audio 2 row')
vec('step-audio-2-after-prose', 'Step-Audio 2', SVSA + ' (content before the call, as extract_tool_calls keeps it)', 'Let me check the weather.\n<tool_call>function\nforecast_weather\n{"location": "shanghai"}</tool_call>', [T('forecast_weather', location=S)],
    [('forecast_weather', {'location': 'shanghai'})], keep='Let me check the weather.')
vec('step-audio-2-two', 'Step-Audio 2', SVSA + ' (its loop over several <tool_call> blocks)', '<tool_call>function\nforecast_weather\n{"location": "shanghai"}</tool_call><tool_call>function\nforecast_weather\n{"location": "beijing"}</tool_call>', [T('forecast_weather', location=S)],
    [('forecast_weather', {'location': 'shanghai'}), ('forecast_weather', {'location': 'beijing'})])
vec('step-audio-2-unknown-tool', 'Step-Audio 2', SVSA + ' (a name the request does not declare is skipped)', '<tool_call>function\nplay_music\n{"song": "x"}</tool_call>', [T('forecast_weather', location=S)])
vec('step-audio-2-not-json', 'Step-Audio 2', SVSA + ' (arguments that are no JSON are skipped)', '<tool_call>function\nforecast_weather\nshanghai</tool_call>', [T('forecast_weather', location=S)])
vec('step-audio-2-cut', 'Step-Audio 2', SVSA + ' (no </tool_call>: an incomplete call)', '<tool_call>function\nforecast_weather\n{"location": "shang', [T('forecast_weather', location=S)], note='a cut-off call is never completed')
svlc('kimi-k2-call-in-think-then-answer', 'Kimi K2', "<think>I'm thinking" + svks(svk('complex_function_in_think', SVKCX)) + "I'm still thinking</think>Hello", tools=SVKT,
    note='a call section inside the reasoning, an answer after it: no call at the tail (llama.cpp takes the one in the reasoning)')
svlc('kimi-k2-template-call', 'Kimi K2', '<think></think>' + SVK1, [SVSF], tools=SVKT, keep='<think></think>')
# Qwen3 Coder XML: <function=T><parameter=P> in <tool_call>, values on their own indented lines
def svq(n, *kv): return '<tool_call>\n  <function=%s>\n' % n + ''.join('    <parameter=%s>\n%s\n    </parameter>\n' % (k, v) for k, v in zip(kv[::2], kv[1::2])) + '  </function>\n</tool_call>'
SVQC = 'Qwen3 Coder/XML'
SVQWS = 'disagrees on purpose: llama.cpp trims the blanks around a string value; toolfix keeps a string as the model wrote it but for the one line break the template writes on each side, since a string\'s own leading and trailing blanks (code, a diff) may matter'
svlc('qwen3-coder-basic', SVQC, svq('special_function', 'arg1', '      1'), [SVSF])
svlc('qwen3-coder-types', SVQC, svq('complex_function', 'name', '      John Doe', 'age', '      30', 'active', '      true', 'score', '      95.5'), [('complex_function', dict(SVKCXV, name='      John Doe\n    '))], tools=[T('complex_function', name=S, age=I, active=B, score=N)], note=SVQWS)
svlc('qwen3-coder-unicode', SVQC, svq('unicode_function', 'message', '      Hello 世界! 🌍 Special chars: @#$%^&*()'), [('unicode_function', {'message': '      Hello 世界! 🌍 Special chars: @#$%^&*()\n    '})], tools=[T('unicode_function', message=S)], note=SVQWS)
svlc('qwen3-coder-multiline-code', SVQC, svq('code_function', 'code', 'def hello():\n    print("Hello, World!")\n    return True'), [('code_function', {'code': 'def hello():\n    print("Hello, World!")\n    return True\n    '})], tools=[T('code_function', code=S)], note=SVQWS)
svlc('qwen3-coder-json-object', SVQC, svq('json_function', 'config', '      {"host": "localhost", "port": 8080, "ssl": false}'), [('json_function', {'config': {'host': 'localhost', 'port': 8080, 'ssl': False}})], tools=[T('json_function', config=O)])
svlc('qwen3-coder-array', SVQC, svq('array_function', 'items', '      ["apple", "banana", "cherry"]'), [('array_function', {'items': ['apple', 'banana', 'cherry']})], tools=[T('array_function', items=A)])
svlc('qwen3-coder-empty-param', SVQC, '<tool_call>\n  <function=empty_function>\n    <parameter=empty_param>\n    </parameter>\n  </function>\n</tool_call>', [('empty_function', {'empty_param': '    '})], tools=[T('empty_function', empty_param=S)], note=SVQWS)
svlc('qwen3-coder-booleans', SVQC, svq('boolean_function', 'enabled', '      true', 'debug', '      false'), [('boolean_function', {'enabled': True, 'debug': False})], tools=[T('boolean_function', enabled=B, debug=B)])
svlc('qwen3-coder-null', SVQC, svq('null_function', 'optional_param', '      null'), [('null_function', {'optional_param': None})], tools=[T('null_function', optional_param={'type': 'null'})])
svlc('qwen3-coder-numbers', SVQC, svq('math_function', 'negative', '      -42', 'decimal', '      -3.14', 'scientific', '      1.23e-4'), [('math_function', {'negative': -42, 'decimal': -3.14, 'scientific': 1.23e-4})], tools=[T('math_function', negative=I, decimal=N, scientific=N)])
svlc('qwen3-coder-xml-value', SVQC, svq('xml_function', 'xml_content', '      <root><item>value</item></root>'), [('xml_function', {'xml_content': '      <root><item>value</item></root>\n    '})], tools=[T('xml_function', xml_content=S)], note=SVQWS)
svlc('qwen3-coder-quotes', SVQC, svq('quote_function', 'message', '      She said "Hello!" and left.'), [('quote_function', {'message': '      She said "Hello!" and left.\n    '})], tools=[T('quote_function', message=S)], note=SVQWS)
svlc('qwen3-coder-content-glued', SVQC, "I'll help you search for products. " + svq('search_function', 'query', '      laptops'), [('search_function', {'query': '      laptops\n    '})], tools=[T('search_function', query=S)],
    keep="I'll help you search for products.", note=SVQWS)
svlc('qwen3-coder-compact', SVQC, '<tool_call><function=compact_function><parameter=param>value</parameter></function></tool_call>', [('compact_function', {'param': 'value'})], tools=[T('compact_function', param=S)])
svlc('qwen3-coder-name-digits', SVQC, svq('get_user_data_v2', 'user_id', '      12345'), [('get_user_data_v2', {'user_id': 12345})], tools=[T('get_user_data_v2', user_id=I)])
svlc('qwen3-coder-param-digits', SVQC, svq('test_function', 'param3', '      123'), [('test_function', {'param3': 123})], tools=[T('test_function', param_1=S, param_2_name=S, param3=I)],
    note='the test\'s call shortened to its integer parameter (its string ones keep their blanks, as in qwen3-coder-types)')
svlc('qwen3-coder-whitespace-only', SVQC, '<tool_call>\n  <function=whitespace_function>\n    <parameter=spaces>\n      \n    </parameter>\n  </function>\n</tool_call>', [('whitespace_function', {'spaces': '      \n    '})], tools=[T('whitespace_function', spaces=S)], note=SVQWS)
