# toolfix look-alikes (issue 20, "no healthy answer changes"): healthy answers whose text talks
# about or quotes a format's call markup without being a call (documentation, an explained format,
# an example after a colon line, a token glued inside a sentence, e.g./i.e., fences, tables, an
# undeclared tool), each written here as its own vector, and true leaks (a real call at the tail
# after a finished sentence) that must still be repaired. Run by gen.py in its names.
LA3 = 'toolfix look-alike (%s)'
LA3W = T('get_weather', city=S, unit=S)
LA3R = T('read_file', path=S)
LA3T = [LA3W, LA3R]
def la3(name, family, what, text, calls=None, keep='', note='', tools=None):
    vec('lookalike3-' + name, family, LA3 % what, text, tools or LA3T, calls, keep=keep, note=note, pre='report-')
LA3P = ('get_weather', {'city': 'Paris'})
LA3H = '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>'
LA3H1 = '<tool_call>{"name": "get_weather", "arguments": {"city": "Paris"}}</tool_call>'
LA3Q = '<tool_call>\n<function=get_weather>\n<parameter=city>Paris</parameter>\n</function>\n</tool_call>'
LA3QB = '<function=get_weather>\n<parameter=city>Paris</parameter>\n</function>'
LA3G = '<tool_call>get_weather<arg_key>city</arg_key><arg_value>Paris</arg_value></tool_call>'
LA3I = '<invoke name="get_weather">\n<parameter name="city">Paris</parameter>\n</invoke>'
LA3FC = '<function_calls>\n' + LA3I + '\n</function_calls>'
LA3MM = '<minimax:tool_call>\n' + LA3I + '\n</minimax:tool_call>'
LA3K = '<|tool_calls_section_begin|><|tool_call_begin|>functions.get_weather:0<|tool_call_argument_begin|>{"city": "Paris"}<|tool_call_end|><|tool_calls_section_end|>'
LA3D = '<｜DSML｜function_calls>\n<｜DSML｜invoke name="get_weather">\n<｜DSML｜parameter name="city" string="true">Paris</｜DSML｜parameter>\n</｜DSML｜invoke>\n</｜DSML｜function_calls>'
LA3D4 = LA3D.replace('function_calls', 'tool_calls')
LA3DS = '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>get_weather\n```json\n{"city": "Paris"}\n```<｜tool▁call▁end｜><｜tool▁calls▁end｜>'
LA3GM = '<|tool_call>call:get_weather{city:<|"|>Paris<|"|>}<tool_call|>'
LA3FG = '<start_function_call>call:get_weather{city:<escape>Paris<escape>}<end_function_call>'
LA3LF = "<|tool_call_start|>[get_weather(city='Paris')]<|tool_call_end|>"
LA3MS = '[TOOL_CALLS]get_weather[ARGS]{"city": "Paris"}'
LA3ML = '[TOOL_CALLS][{"name": "get_weather", "arguments": {"city": "Paris"}}]'
LA3HA = '<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>{"city": "Paris"}<|call|>'
LA3HS = '<|start|>assistant' + LA3HA
LA3HD = 'commentary to=functions.get_weather json{"city": "Paris"}'
LA3PT = '<|python_tag|>{"name": "get_weather", "parameters": {"city": "Paris"}}'
LA3SO = '<|tool_call:start|>get_weather\n<|tool_arg:start|>city<|tool_arg:value|>Paris<|tool_arg:end|>\n<|tool_call:end|>'
LA3MB = '[TOOL_CALL] {"tool": "get_weather", "args": {"city": "Paris"}} [/TOOL_CALL]'
LA3CO = '<|START_ACTION|>[{"tool_call_id": "0", "tool_name": "get_weather", "parameters": {"city": "Paris"}}]<|END_ACTION|>'
LA3GR = '<|tool_call|>[{"name": "get_weather", "arguments": {"city": "Paris"}}]'
LA3GC = '<|function_call|>{"name": "get_weather", "arguments": {"city": "Paris"}}'
LA3L4 = "<|python_start|>[get_weather(city='Paris')]<|python_end|>"
LA3SE = '<seed:tool_call>\n<function=get_weather>\n<parameter=city>Paris</parameter>\n</function>\n</seed:tool_call>'
LA3PG = '<|tool_call_start|>[{"name": "get_weather", "arguments": {"city": "Paris"}}]<|tool_call_end|>'
LA3NM = '<TOOLCALL>[{"name": "get_weather", "arguments": {"city": "Paris"}}]</TOOLCALL>'
LA3LC = '<longcat_tool_call>{"name": "get_weather", "arguments": {"city": "Paris"}}</longcat_tool_call>'
LA3AP = '<|tools_prefix|>[{"get_weather": {"city": "Paris"}}]<|tools_suffix|>'
LA3K2 = '<ifm|tool_call>{"name": "get_weather", "arguments": {"city": "Paris"}}</ifm|tool_call>'
LA3DT = '<dots_function_call>{"name": "get_weather", "arguments": {"city": "Paris"}}</dots_function_call>'
LA3IL = '<|action_start|><|plugin|>{"name": "get_weather", "parameters": {"city": "Paris"}}<|action_end|>'
LA3IQ = '<iquestcoder_tool_call>get_weather<arg_key>city</arg_key><arg_value>Paris</arg_value></iquestcoder_tool_call>'
LA3GX = '<｜GCML｜tool_calls><｜GCML｜invoke name="get_weather"><｜GCML｜parameter name="city" string="true">Paris</｜GCML｜parameter></｜GCML｜invoke></｜GCML｜tool_calls>'
LA3ST = '<｜tool_calls_begin｜><｜tool_call_begin｜><steptml:invoke name="get_weather"><steptml:parameter name="city">Paris</steptml:parameter></steptml:invoke><｜tool_call_end｜><｜tool_calls_end｜>'

# --- look-alikes: an example after a colon line of words only ("Example:", "For instance:")
la3('hermes-example-line', 'Hermes', 'a Hermes call shown after an "Example:" line', 'Hermes-style models put the call object in a tag.\n\nExample:\n' + LA3H)
la3('hermes-for-instance', 'Hermes', 'a Hermes call after "For instance:"', 'The reply carries its call as JSON in a tag. For instance:\n' + LA3H)
la3('hermes-call-block-is', 'Hermes', 'a Hermes call after "The call block is:"', 'A model trained on the Hermes template answers with one tagged block per call.\nThe call block is:\n\n' + LA3H)
la3('qwen-example-line', 'Qwen3 Coder/XML', 'a Qwen XML call after "Example:"', 'Qwen3-Coder writes each argument as its own element.\nExample:\n' + LA3Q)
la3('qwen-bare-example', 'Qwen3 Coder/XML', 'a bare <function=…> after "For example:"', 'Without the wrapper the function element stands alone. For example:\n' + LA3QB)
la3('glm-example-line', 'GLM 4.5/4.7', 'a GLM pair call after "Example:"', 'GLM writes the tool name, then key and value pairs.\nExample:\n' + LA3G)
la3('invoke-example-line', 'MiniMax M2', 'an invoke block after "Example:"', 'The XML form names the tool in an attribute.\nExample:\n' + LA3FC)
la3('invoke-bare-example', 'MiniMax M2', 'a bare invoke after "Here is an example:"', 'Each parameter is an element of its own. Here is an example:\n\n' + LA3I)
la3('kimi-example-line', 'Kimi K2', 'Kimi section tokens after "Example:"', 'Kimi K2 uses special tokens around its calls.\nExample:\n' + LA3K)
la3('dsml-example-line', 'DeepSeek V3.2 DSML', 'a DSML block after "Example:"', 'DeepSeek V3.2 writes DSML markup.\nExample:\n' + LA3D)
la3('gemma4-example-line', 'Gemma 4', 'a Gemma 4 call after "Example:"', 'Gemma 4 quotes strings with its own token.\nExample:\n' + LA3GM)
la3('lfm2-example-line', 'pythonic', 'an LFM2 call after "For example:"', 'LFM2 wraps a Python call list in its tokens. For example:\n' + LA3LF)
la3('mistral-example-line', 'Mistral', 'a Mistral call after "Example:"', 'Devstral writes the name, then its arguments token.\nExample:\n' + LA3MS)
la3('mistral-list-example', 'Mistral', 'an old Mistral list after "For instance:"', 'Older Mistral models wrote a JSON list. For instance:\n' + LA3ML)
la3('harmony-example-line', 'gpt-oss Harmony', 'a Harmony call after "Example:"', 'gpt-oss addresses the tool in the header.\nExample:\n' + LA3HS)
la3('harmony-detok-example', 'gpt-oss Harmony', 'detokenized Harmony after "Example:"', 'Without its special tokens the header reads as words.\nExample:\n' + LA3HD)
la3('solar-example-line', 'Solar Open 2', 'a Solar Open 2 call after "Example:"', 'Solar Open 2 uses argument tokens.\nExample:\n' + LA3SO)
la3('minimax-bracket-example', 'MiniMax M2', 'MiniMax [TOOL_CALL] after "Example:"', 'LM Studio passes the bracket form on.\nExample:\n' + LA3MB)
la3('python-tag-example', 'Llama 3 JSON', 'a <|python_tag|> call after "Example:"', 'Llama 3.1 starts a call with its python tag.\nExample:\n' + LA3PT)
la3('cohere-example-line', 'Cohere Command', 'a Cohere action after "Example:"', 'Command A writes an action list.\nExample:\n' + LA3CO)
la3('seed-example-line', 'Seed-OSS', 'a Seed-OSS call after "Example:"', 'Seed-OSS has its own wrapper tag.\nExample:\n' + LA3SE)
la3('zh-example-line', 'Hermes', 'a Hermes call after a Chinese "示例：" line', '模型会把调用写在标签里。\n示例：\n' + LA3H)

# --- look-alikes: a token glued inside a sentence (no sentence end before it)
la3('dsml-inside-sentence', 'DeepSeek V3.2 DSML', 'DSML glued inside a sentence', 'DeepSeek V3.2 writes its calls as ' + LA3D + ' and the server parses them.')
la3('dsml-inside-sentence-tail', 'DeepSeek V3.2 DSML', 'DSML shown at the end of an unfinished sentence', 'DeepSeek V3.2 writes its calls as ' + LA3D)
la3('deepseek-inside-sentence', 'DeepSeek V3', 'DeepSeek V3 tokens after "looks like"', 'A DeepSeek V3 call looks like ' + LA3DS)
la3('mistral-as-in', 'Mistral', '[TOOL_CALLS] after "as in"', 'Mistral prefixes every call with one token, as in ' + LA3MS)
la3('mistral-list-inside', 'Mistral', 'the old list after "wrote"', 'Before v11 the model wrote ' + LA3ML)
la3('harmony-like', 'gpt-oss Harmony', 'a Harmony header after "like"', 'gpt-oss names the recipient in the header, like ' + LA3HA)
la3('harmony-start-inside', 'gpt-oss Harmony', 'a whole Harmony message after "such as"', 'The raw completion holds a whole message such as ' + LA3HS)
la3('solar-inside', 'Solar Open 2', 'a Solar call after "writes its calls as"', 'Solar Open 2 writes its calls as ' + LA3SO)
la3('minimax-wrap-inside', 'MiniMax M2', 'the MiniMax wrapper after "wraps invokes in"', 'MiniMax M2 wraps its invokes in ' + LA3MM)
la3('cohere-inside', 'Cohere Command', 'a Cohere action inside a sentence', 'Command R7B emits ' + LA3CO)
la3('gigachat-inside', 'GigaChat 3', 'GigaChat 3.1 token inside a sentence', 'GigaChat 3.1 marks a call with ' + LA3GC)
la3('llama4-inside', 'pythonic', 'Llama 4 tokens inside a sentence', 'Llama 4 puts its Python list between ' + LA3L4)
la3('functiongemma-inside', 'FunctionGemma', 'a FunctionGemma call inside a sentence', 'FunctionGemma answers with ' + LA3FG)
la3('seed-inside', 'Seed-OSS', 'a Seed-OSS call inside a sentence', 'Seed-OSS answers with ' + LA3SE)
la3('k2-horizon-inside', 'K2 Horizon', 'a K2 V3 item inside a sentence', 'K2 V3 writes one item per call, such as ' + LA3K2)
la3('dots-inside', 'dots.llm', 'a dots.llm call inside a sentence', 'dots.llm wraps the object in ' + LA3DT)
la3('iquest-inside', 'iQuest Coder V2', 'an iQuest V2 call inside a sentence', 'iQuest Coder V2 writes ' + LA3IQ)
la3('gigachat35-inside', 'GigaChat 3.5', 'a GCML block inside a sentence', 'GigaChat 3.5 writes ' + LA3GX)

# --- look-alikes: e.g. / i.e. mid-sentence (their dot ends no sentence)
la3('glm-eg', 'GLM 4.5/4.7', 'a GLM call after "e.g."', 'GLM puts the pairs inside the tag, e.g. ' + LA3G)
la3('glm-ie-glued', 'GLM 4.5/4.7', 'a GLM call glued after "i.e."', 'The model writes pairs, i.e.' + LA3G)
la3('hermes-eg-line-end', 'Hermes', 'a Hermes tag at a line end after "e.g."', 'Hermes wraps its JSON, e.g. ' + LA3H)
la3('kimi-eg', 'Kimi K2', 'Kimi tokens after "e.g."', 'Kimi K2 writes a section of calls, e.g. ' + LA3K)
la3('gemma4-ie', 'Gemma 4', 'a Gemma 4 call after "i.e."', 'Gemma 4 uses its own tokens, i.e. ' + LA3GM)
la3('lfm2-eg', 'pythonic', 'an LFM2 call after "e.g."', 'LFM2 writes Python calls in tokens, e.g. ' + LA3LF)
la3('granite-eg', 'Granite', 'a Granite call after "e.g."', 'Granite writes a JSON list after its token, e.g. ' + LA3GR)
la3('python-tag-ie', 'Llama 3 JSON', 'a <|python_tag|> call after "i.e."', 'Llama 3.1 starts with its python tag, i.e. ' + LA3PT)
la3('nemotron-eg', 'Nemotron JSON', 'a Nemotron call after "e.g."', 'Nemotron wraps a JSON list, e.g. ' + LA3NM)
la3('longcat-eg', 'LongCat', 'a LongCat call after "e.g."', 'LongCat has its own tag, e.g. ' + LA3LC)
la3('apertus-ie', 'Apertus', 'an Apertus call after "i.e."', 'Apertus keys each call by its tool, i.e. ' + LA3AP)
la3('pangu-eg', 'openPangu', 'an openPangu call after "e.g."', 'openPangu writes a JSON list in tokens, e.g. ' + LA3PG)
la3('internlm-eg', 'InternLM2', 'an InternLM2 call after "e.g."', 'InternLM2 calls a plugin, e.g. ' + LA3IL)
la3('step3-eg', 'Step3', 'a Step3 call after "e.g."', 'Step3 writes steptml invokes in tokens, e.g. ' + LA3ST)

# --- look-alikes: a quoted call token earlier in the text, then its example
la3('hermes-quoted-then-block', 'Hermes', 'the `<tool_call>` tag named in a code span, then the block', 'Hermes models wrap each call in a `<tool_call>` tag, then the JSON object follows on its own line\n' + LA3H)
la3('kimi-quoted-then-token', 'Kimi K2', 'the section token quoted, then the section', 'Kimi K2 opens its calls with "<|tool_calls_section_begin|>". The whole section reads ' + LA3K)
la3('kimi-quoted-then-line', 'Kimi K2', 'the section token in backticks, then the section on its line', 'Kimi K2 opens its calls with `<|tool_calls_section_begin|>` and closes them with `<|tool_calls_section_end|>`.\n' + LA3K)
la3('gemma4-quoted-then-call', 'Gemma 4', 'the `<|tool_call>` token quoted, then a call after a sentence', 'Gemma 4 marks a call with `<|tool_call>` and ends it with `<tool_call|>`. ' + LA3GM)
la3('lfm2-quoted-then-call', 'pythonic', 'the LFM2 token quoted, then a call on the next line', 'LFM2 writes `<|tool_call_start|>` before its list.\n' + LA3LF)
la3('mistral-quoted-then-call', 'Mistral', 'the `[TOOL_CALLS]` token quoted, then a call', 'Devstral starts a call with the `[TOOL_CALLS]` token.\n' + LA3MS)
la3('harmony-quoted-then-call', 'gpt-oss Harmony', 'the `<|channel|>` token quoted, then a header', 'gpt-oss switches channel with `<|channel|>`.\n' + LA3HA)
la3('solar-quoted-then-call', 'Solar Open 2', 'the Solar token quoted, then a call', 'Solar Open 2 opens a call with "<|tool_call:start|>".\n' + LA3SO)
la3('glm-quoted-then-call', 'GLM 4.5/4.7', 'the `<arg_key>` tag quoted, then a call after a sentence', 'GLM names each argument in `<arg_key>` and its value in `<arg_value>`. ' + LA3G)
la3('dsml-quoted-then-block', 'DeepSeek V3.2 DSML', 'the DSML token quoted, then its block', 'DeepSeek V3.2 opens with `<｜DSML｜function_calls>`.\n' + LA3D)

# --- look-alikes: a colon glued to the tag, and token-named colon lines
la3('mistral-colon-glued', 'Mistral', 'a [TOOL_CALLS] call glued to a colon', "Mistral's format:" + LA3MS)
la3('dsml-colon-glued', 'DeepSeek V3.2 DSML', 'DSML glued to a colon', 'The DSML form:' + LA3D)
la3('hermes-named-colon', 'Hermes', 'a line naming the `<tool_call>` format and ending with a colon', 'The `<tool_call>` format:\n' + LA3H)
la3('gemma4-named-colon', 'Gemma 4', 'a line naming the Gemma token and ending with a colon', 'The `<|tool_call>` syntax:\n' + LA3GM)
la3('kimi-named-colon', 'Kimi K2', 'a line naming the Kimi token and ending with a colon', 'Written out with `<|tool_calls_section_begin|>`:\n' + LA3K)

# --- look-alikes: fences, tables, quotes, undeclared tools
la3('hermes-fence', 'Hermes', 'a Hermes call in a code fence', 'The call looks like this:\n\n```xml\n' + LA3H + '\n```\n')
la3('kimi-table', 'Kimi K2', 'a Markdown table of Kimi tokens', '| token | meaning |\n| --- | --- |\n| `<|tool_calls_section_begin|>` | opens the section |\n| `<|tool_call_begin|>` | opens one call |\n')
la3('mistral-table-then-call', 'Mistral', 'a table naming [TOOL_CALLS], then an example call', '| token | meaning |\n| --- | --- |\n| `[TOOL_CALLS]` | a call follows |\n| `[ARGS]` | its arguments follow |\n\n' + LA3MS)
la3('hermes-undeclared', 'Hermes', 'a Hermes call of a tool the request lacks', 'Sure.\n<tool_call>\n{"name": "send_email", "arguments": {"to": "a@b.c"}}\n</tool_call>')
la3('dsml-undeclared', 'DeepSeek V3.2 DSML', 'DSML naming a tool the request lacks', 'Done.' + LA3D.replace('get_weather', 'search_web'))
la3('pythonic-prose-after', 'pythonic', 'a Python call list with prose after it', "[get_weather(city='Paris')] is how Llama 4 writes a call.")

# --- true leaks: a real call at the tail after a finished sentence, which must still be repaired
la3('leak-hermes-after-stop', 'Hermes', 'a real Hermes call after a finished sentence', 'Let me check the weather for you.\n' + LA3H, [LA3P], keep='Let me check the weather for you.')
la3('leak-hermes-glued-stop', 'Hermes', 'a Hermes tag glued after a sentence, its line ending', 'Let me check.<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>', [LA3P], keep='Let me check.')
la3('leak-qwen-after-stop', 'Qwen3 Coder/XML', 'a real Qwen call after a finished sentence', 'I will look it up.\n' + LA3Q, [LA3P], keep='I will look it up.')
la3('leak-glm-glued-stop', 'GLM 4.5/4.7', 'a GLM call glued after a finished sentence', 'I will check the weather.' + LA3G, [LA3P], keep='I will check the weather.')
la3('leak-invoke-after-stop', 'MiniMax M2', 'a real invoke block after a finished sentence', 'Checking now.\n' + LA3FC, [LA3P], keep='Checking now.')
la3('leak-kimi-glued-stop', 'Kimi K2', 'Kimi tokens glued after a finished sentence', 'Let me look that up.' + LA3K, [LA3P], keep='Let me look that up.')
la3('leak-dsml-glued-stop', 'DeepSeek V3.2 DSML', 'DSML glued after a finished sentence', 'Let me check.' + LA3D, [LA3P], keep='Let me check.')
la3('leak-dsml4-glued-word', 'DeepSeek V4 DSML', 'V4 DSML glued to the last word of a sentence, as the peers\' vectors glue their tokens', 'The V4 template ends the turn with' + LA3D4, [LA3P], keep='The V4 template ends the turn with',
    note='a token glued to a word, no blank between, is how a tokenizer emits it (sglang-minimax-m2-streaming-cut, vllm-deepseek-v31-with-tool), so it is taken though prose could write it')
la3('leak-dsml-line', 'DeepSeek V4 DSML', 'V4 DSML on its own line after a sentence', 'I will check the forecast.\n\n' + LA3D4, [LA3P], keep='I will check the forecast.')
la3('leak-deepseek-glued-stop', 'DeepSeek V3', 'DeepSeek V3 tokens glued after a sentence', 'Sure.' + LA3DS, [LA3P], keep='Sure.')
la3('leak-gemma4-glued-stop', 'Gemma 4', 'a Gemma 4 call after a finished sentence', 'Let me check the weather for you. ' + LA3GM, [LA3P], keep='Let me check the weather for you.')
la3('leak-lfm2-glued-stop', 'pythonic', 'an LFM2 call glued after a sentence', 'Checking the weather.' + LA3LF, [LA3P], keep='Checking the weather.')
la3('leak-mistral-glued-stop', 'Mistral', 'a Mistral call glued after a sentence', 'Let me check.' + LA3MS, [LA3P], keep='Let me check.')
la3('leak-mistral-text-start', 'Mistral', 'a Mistral call as the whole text', LA3MS, [LA3P])
la3('leak-harmony-glued-stop', 'gpt-oss Harmony', 'a Harmony call glued after a sentence', 'I need the weather first.' + LA3HA, [LA3P], keep='I need the weather first.')
la3('leak-harmony-start-line', 'gpt-oss Harmony', 'a Harmony message on its own line', 'Checking the forecast.\n' + LA3HS, [LA3P], keep='Checking the forecast.')
la3('leak-solar-glued-stop', 'Solar Open 2', 'a Solar call glued after a sentence', 'Let me check.' + LA3SO, [LA3P], keep='Let me check.')
la3('leak-minimax-glued-stop', 'MiniMax M2', 'the MiniMax wrapper glued after a sentence', 'Let me check.' + LA3MM, [LA3P], keep='Let me check.')
la3('leak-cohere-glued-stop', 'Cohere Command', 'a Cohere action glued after a sentence', 'I will look it up.' + LA3CO, [LA3P], keep='I will look it up.')
la3('leak-python-tag-stop', 'Llama 3 JSON', 'a <|python_tag|> call after a sentence', 'Let me check. ' + LA3PT, [LA3P], keep='Let me check.')
la3('leak-seed-glued-stop', 'Seed-OSS', 'a Seed-OSS call glued after a sentence', 'Let me check.' + LA3SE, [LA3P], keep='Let me check.')
la3('leak-granite-stop', 'Granite', 'a Granite call after a sentence', 'Let me check. ' + LA3GR, [LA3P], keep='Let me check.')
la3('leak-k2-glued-stop', 'K2 Horizon', 'a K2 V3 item glued after a sentence', 'Let me check.' + LA3K2, [LA3P], keep='Let me check.')
la3('leak-after-eg-sentence', 'Hermes', 'a real call after a sentence holding "e.g." and ending with a stop', 'Cities have many names, e.g. Lutetia for Paris. I will check the weather.\n' + LA3H, [LA3P], keep='Cities have many names, e.g. Lutetia for Paris. I will check the weather.')
la3('leak-zh-stop', 'Hermes', 'a real call after a Chinese sentence', '我来查一下天气。\n' + LA3H, [LA3P], keep='我来查一下天气。')

# --- a second batch: the other families, and the edges of the rules above
LA3HY = '<tool_calls>[{"name": "get_weather", "arguments": {"city": "Paris"}}]</tool_calls>'
LA3Q25 = '<tools>{"name": "get_weather", "arguments": {"city": "Paris"}}</tools>'
LA3MC = '<function name="get_weather"><param name="city">Paris</param></function>'
LA3OL = "<function_calls>\nget_weather(city='Paris')\n</function_calls>"
LA3PH = 'functools[{"name": "get_weather", "arguments": {"city": "Paris"}}]'
LA3G20 = '<function_call> {"name": "get_weather", "arguments": {"city": "Paris"}}'
LA3K3 = '<|open|>tools<|sep|><|open|>call tool="get_weather" index="0"<|sep|><|open|>argument key="city" type="string"<|sep|>Paris<|close|>argument<|sep|><|close|>call<|sep|><|close|>tools<|sep|>'
LA3HO = '<tool_calls:opensource><tool_call:opensource>get_weather<arg_key:opensource>city</arg_key:opensource><arg_value:opensource>Paris</arg_value:opensource></tool_call:opensource></tool_calls:opensource>'
LA3DI = '<｜DSML｜invoke name="get_weather">\n<｜DSML｜parameter name="city" string="true">Paris</｜DSML｜parameter>\n</｜DSML｜invoke>'
LA3M3 = ']<]minimax[>[<tool_call>]<]minimax[>[<invoke name="get_weather">]<]minimax[>[<city>Paris]<]minimax[>[</city>]<]minimax[>[</invoke>]<]minimax[>[</tool_call>'
la3('hunyuan-example-line', 'Hunyuan/Jamba <tool_calls>', 'a <tool_calls> list after "Example:"', 'Jamba writes a JSON list in a tag.\nExample:\n' + LA3HY)
la3('qwen25-example-line', 'Qwen2.5-Coder', 'a <tools> object after "For example:"', 'Qwen2.5-Coder wraps the object in a tag. For example:\n' + LA3Q25)
la3('minicpm-example-line', 'MiniCPM 5', 'a MiniCPM element after "Example:"', 'MiniCPM 5 names the parameters in attributes.\nExample:\n' + LA3MC)
la3('olmo-example-line', 'Olmo 3 pythonic', 'an Olmo 3 block after "Example:"', 'Olmo 3 writes one Python call a line.\nExample:\n' + LA3OL)
la3('phi4-example-line', 'Phi-4-mini', 'a functools list after "For instance:"', 'Phi-4-mini prefixes a JSON list with one word. For instance:\n' + LA3PH)
la3('granite20b-example-line', 'Granite 20B FC', 'a Granite 20B call after "Example:"', 'Granite 20B writes one tag a call.\nExample:\n' + LA3G20)
la3('kimik3-inside', 'Kimi K3 XTML', 'a Kimi K3 tools channel inside a sentence', 'Kimi K3 writes its calls in a channel such as ' + LA3K3)
la3('kimik3-example-line', 'Kimi K3 XTML', 'a Kimi K3 tools channel after "Example:"', 'Kimi K3 uses open and close tokens.\nExample:\n' + LA3K3)
la3('hunyuan-os-inside', 'Hunyuan V3/V4', 'Hunyuan V4 :opensource tokens inside a sentence', 'Hunyuan V4 suffixes its tags, as in ' + LA3HO)
la3('dsml-invoke-inside', 'DeepSeek V3.2 DSML', 'a bare DSML invoke inside a sentence', 'Without its wrapper the call reads ' + LA3DI)
la3('minimax-m3-example-line', 'MiniMax M3', 'a MiniMax M3 call after "Example:"', 'MiniMax M3 puts its namespace token before every tag.\nExample:\n' + LA3M3)
la3('plamo-inside', 'PLaMo 3', 'PLaMo 3 tokens inside a sentence', 'PLaMo 3 writes ' + '<|plamo:begin_tool_requests:plamo|><|plamo:begin_tool_request:plamo|><|plamo:begin_tool_name:plamo|>get_weather<|plamo:end_tool_name:plamo|><|plamo:begin_tool_arguments:plamo|><|plamo:constrain|>json<|plamo:msg|>{"city": "Paris"}<|plamo:end_tool_arguments:plamo|><|plamo:end_tool_request:plamo|><|plamo:end_tool_requests:plamo|>')
la3('hermes-syntax-colon-same-line', 'Hermes', 'a Hermes tag after "The syntax:" on its line', 'The syntax: <tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>')
la3('python-start-format-colon', 'pythonic', '<|python_start|> after "format:" on its line', 'Llama 4 format: ' + LA3L4)
la3('mistral-as-follows', 'Mistral', '[TOOL_CALLS] after "as follows:"', 'The raw output reads as follows:\n\n' + LA3MS)
la3('gemma4-looks-like', 'Gemma 4', 'a Gemma 4 call after "looks like:"', 'A call looks like:\n' + LA3GM)
la3('kimi-like-this', 'Kimi K2', 'Kimi tokens after "like this:"', 'It is written like this:\n' + LA3K)
la3('dsml-template-colon', 'DeepSeek V3.2 DSML', 'DSML after "The template:"', 'The template:\n' + LA3D)
la3('hermes-single-quotes', 'Hermes', 'the tag in single quotes, then the block', "Hermes wraps calls in '<tool_call>' tags.\n" + LA3H)
la3('glm-curly-quotes', 'GLM 4.5/4.7', 'the tag in curly quotes, then a call after a sentence', 'GLM names each key in “<arg_key>” tags. ' + LA3G)
la3('harmony-eg-start', 'gpt-oss Harmony', 'a Harmony message after "e.g."', 'the completion holds a message, e.g. ' + LA3HS)
la3('dots-eg-glued', 'dots.llm', 'a dots.llm call glued after "e.g."', 'dots.llm wraps the object, e.g.' + LA3DT)
la3('cohere-quoted-then-line', 'Cohere Command', 'the Cohere token quoted, then its action on a line', 'Command A starts an action with `<|START_ACTION|>`.\n' + LA3CO)
la3('apertus-quoted-then-call', 'Apertus', 'the Apertus token quoted, then its list after a sentence', 'Apertus opens the list with `<|tools_prefix|>`. ' + LA3AP)
la3('step3-example-line', 'Step3', 'a Step3 call after "Example:"', 'Step3 writes steptml invokes.\nExample:\n' + LA3ST)

la3('leak-hermes-plain-colon', 'Hermes', 'a real call after an ordinary colon line', 'Let me check the weather:\n' + LA3H, [LA3P], keep='Let me check the weather:')
la3('leak-mistral-call-colon', 'Mistral', 'a Mistral call after "the tool call:" and a blank', 'Calling the tool: ' + LA3MS, [LA3P], keep='Calling the tool:')
la3('leak-python-start-colon', 'pythonic', 'a Llama 4 call after an ordinary colon', 'Here is the call: ' + LA3L4, [LA3P], keep='Here is the call:')
la3('leak-kimik3-glued-stop', 'Kimi K3 XTML', 'a Kimi K3 channel glued after a sentence', 'Let me check.' + LA3K3, [LA3P], keep='Let me check.')
la3('leak-hunyuan-line', 'Hunyuan/Jamba <tool_calls>', 'a <tool_calls> list on its own line', 'Let me check.\n' + LA3HY, [LA3P], keep='Let me check.')
la3('leak-after-code-span', 'Hermes', 'a real call after a code span that quotes no call token', 'I will run `ls -l` after checking the weather.\n' + LA3H, [LA3P], keep='I will run `ls -l` after checking the weather.')
la3('leak-after-example-para', 'Gemma 4', 'a real call after a sentence holding the word "example"', 'That is an example city. Let me check it now. ' + LA3GM, [LA3P], keep='That is an example city. Let me check it now.')
la3('leak-dsml-invoke-stop', 'DeepSeek V3.2 DSML', 'a bare DSML invoke after a sentence', 'Let me check.\n' + LA3DI, [LA3P], keep='Let me check.')
la3('invoke-word-after-quoted', 'MiniMax M2', 'a stray word and an invoke after the tag was quoted in a code span', 'Claude Code sometimes leaks `<invoke>` markup after a stray word, like this one\n\ncall\n' + LA3I)

# Reasoning opened by another model's opener and never closed (D11, reasoningPairs): the markup
# inside is reasoning, as inside an unclosed <think>; after the opener's own closer it is a call.
for _n, _fam, _open, _close, _call in [
        ('seed', 'Seed-OSS', '<seed:think>', '</seed:think>', LA3SE),
        ('command-r', 'Hermes', '<|START_THINKING|>', '<|END_THINKING|>', LA3H),
        ('magistral', 'Mistral', '[THINK]', '[/THINK]', LA3MS),
        ('apertus', 'Qwen3 Coder/XML', '<|inner_prefix|>', '<|inner_suffix|>', LA3Q),
        ('gemma4', 'Gemma 4', '<|channel>thought\n', '<channel|>', LA3GM)]:
    la3('unclosed-reasoning-' + _n, _fam, 'markup inside an unclosed %s' % _open.strip(),
        _open + 'The user wants the weather in Paris. I will call the tool.\n' + _call,
        note='the opener is never closed: its markup is reasoning (D11), as inside an unclosed <think>')
    la3('closed-reasoning-' + _n, _fam, 'markup after %s' % _close,
        _open + 'The user wants the weather in Paris. I will call the tool.' + _close + '\n' + _call,
        [LA3P], keep=_open + 'The user wants the weather in Paris. I will call the tool.' + _close)

# Lead-ins that say the markup after them is not a call the text makes (break-it round of
# 2026-12-03): a question pointing at what follows, a colon after a negated last clause, "the call
# would be:". The markup is shown, not run; a negation in an earlier clause or sentence, or a
# question pointing at nothing, leaves a real leak a leak.
LA4 = 'toolfix look-alike, lead-in (%s)'
def la4(name, family, what, text, calls=None, keep='', note=''):
    vec('lookalike4-' + name, family, LA4 % what, text, LA3T, calls, keep=keep, note=note, pre='report-')
la4('dont-run-this', 'Qwen3 Coder/XML', "Don't run this:", "Don't run this:\n" + LA3Q)
la4('do-not-execute-invoke', 'MiniMax M2', 'Do not execute:, a Claude invoke', 'Do not execute:\n\n' + LA3FC)
la4('asks-following', 'Hermes', 'a question pointing at what follows', 'Do you want me to run the following?\n' + LA3H)
la4('asks-this', 'Kimi K2', 'Shall I run this?', 'Shall I run this?\n' + LA3K)
la4('why-not-run', 'Qwen3 Coder/XML', 'the user asked why a call did not run', 'You asked why this did not run:\n' + LA3Q)
la4('would-be', 'Hermes', 'the call would be:', "I won't check it without your OK; the call would be:\n" + LA3H)
la4('german-nicht', 'Qwen3 Coder/XML', 'nicht ausführen', 'Ich werde das nicht ausführen:\n' + LA3Q)
la4('chinese-bu', 'Hermes', '不要运行', '不要运行：\n' + LA3H)
la4('curly-dont', 'Gemma 4', 'Don’t run this:', 'Don’t run this:\n' + LA3GM)
la4('leak-negation-earlier-clause', 'Qwen3 Coder/XML', 'a negation in an earlier clause, then a leak', 'The forecast is not cached, so let me check it:\n' + LA3Q, [LA3P], keep='The forecast is not cached, so let me check it:')
la4('leak-negation-earlier-sentence', 'Hermes', 'a negation in an earlier sentence, then a leak', 'That did not work. Let me retry:\n' + LA3H, [LA3P], keep='That did not work. Let me retry:')
la4('leak-question-pointing-at-nothing', 'Hermes', 'a question pointing at nothing, then a leak', 'What is the weather in Paris?\n' + LA3H, [LA3P], keep='What is the weather in Paris?')
