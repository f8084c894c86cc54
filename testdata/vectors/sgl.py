# mlx-lm's tool-parser tests found on its PR branches and commits, converted in issue 20 (helper
# sgl): ml-explore/mlx-lm tests/test_tool_parsing.py TestToolParsing as it stands at the commit each
# section names (git log --all of github:ml-explore/mlx-lm): kimi_k3, minicpm5, minimax_m3,
# apertus, granite, olmo3, lfm2, deepseek_dsml (parallel), longcat (no arguments), gemma4 (unbalanced
# braces), json_tools (malformed JSON, a merged start marker) and the qwen3_coder fallback tests.
# mlx-lm's parse_tool_call is given the text between its module's tool_call_start and
# tool_call_end, so each vector wraps the test's text in those tokens, as the model writes it. Run by
# gen.py in its own names (vec, T, S, I, …); the helpers here start with sgl_ or SGL.

SGLTAIL = 'disagrees on purpose: toolfix takes a tail whole or not at all'
SGLCUT = 'a cut-off call is never completed'
SGLJSON = ('disagrees on purpose: mlx-lm mends the JSON; toolfix reads leaked markup only as well-formed JSON (a malformed body may be prose or a half-written '
           'example, and the Hermes reader refuses a trailing comma too), and mends argument text only in the real tool calls of a response (D65)')


def sgl_src(commit, test):  # the test at a commit of mlx-lm
    return 'ml-explore/mlx-lm %s tests/test_tool_parsing.py TestToolParsing %s ' % (commit, test)


def sgl_m(name, family, source, text, tools, calls=None, keep='', note=''):
    vec(name, family, source, text, tools, calls, keep=keep, note=note, pre='mlx-lm-')


# --- kimi_k3 (ml-explore/mlx-lm 7d505c2 "Add Kimi K3"): between <|open|>tools<|sep|> and
# <|close|>tools<|sep|> (gen.py's k3t, k3c, k3a)
SGLK3 = sgl_src('7d505c2', 'test_kimi_k3')
SGLK3T = [T('multiply', a=N, b=N), T('search', query=S, limit=N, safe=B, filters=A), T('get_weather', city=S), T('say', text=S), T('echo_log'),
          T('broken', x=S), T('cut', x=N)]
SGLK3SAY = k3c('say', 1, k3a('text', 'string', 'hi'))
sgl_m('kimi-k3-typed', 'Kimi K3 XTML', SGLK3 + '(typed per-key arguments)', k3t(k3c('multiply', 1, k3a('a', 'number', '12234585'), k3a('b', 'number', '48838483920'))), SGLK3T,
      [('multiply', {'a': 12234585, 'b': 48838483920})])
sgl_m('kimi-k3-string-raw', 'Kimi K3 XTML', SGLK3 + '(string argument stays raw, other types decode as JSON)',
      k3t(k3c('search', 1, k3a('query', 'string', '{"not": "json"}'), k3a('limit', 'number', '5'), k3a('safe', 'boolean', 'true'), k3a('filters', 'array', '["a", "b"]'))), SGLK3T,
      [('search', {'query': '{"not": "json"}', 'limit': 5, 'safe': True, 'filters': ['a', 'b']})])
sgl_m('kimi-k3-json-block', 'Kimi K3 XTML', SGLK3 + '(raw JSON object block)',
      k3t('<|open|>call tool="get_weather" index="1"<|sep|><|open|>json type="object"<|sep|>{"city": "Tokyo"}<|close|>json<|sep|><|close|>call<|sep|>'), SGLK3T,
      [('get_weather', {'city': 'Tokyo'})])
sgl_m('kimi-k3-two-no-args', 'Kimi K3 XTML', SGLK3 + '(multiple calls in one tools section, the second without arguments; its escaped name echo&amp;log written echo_log, a name a client can declare)',
      k3t(SGLK3SAY, '<|open|>call tool="echo_log" index="2"<|sep|><|close|>call<|sep|>'), SGLK3T, [('say', {'text': 'hi'}), ('echo_log', {})])
sgl_m('kimi-k3-nameless-sibling', 'Kimi K3 XTML', SGLK3 + '(malformed call, missing tool name, before a valid sibling)',
      k3t('<|open|>call index="1"<|sep|><|close|>call<|sep|>' + k3c('say', 2, k3a('text', 'string', 'hi'))), SGLK3T,
      note=SGLTAIL + ': mlx-lm keeps the valid sibling of a call that names no tool; a section with a call toolfix cannot read is left as it came')
sgl_m('kimi-k3-bad-json-sibling', 'Kimi K3 XTML', SGLK3 + '(valid call followed by a call with a bad JSON block)',
      k3t(SGLK3SAY, '<|open|>call tool="broken" index="2"<|sep|><|open|>json type="object"<|sep|>{not json<|close|>json<|sep|><|close|>call<|sep|>'), SGLK3T,
      note=SGLTAIL + ': mlx-lm keeps the call before a call whose JSON block is no JSON; a section with a call toolfix cannot read is left as it came')
sgl_m('kimi-k3-truncated-sibling', 'Kimi K3 XTML', SGLK3 + '(truncated trailing call after a complete one)',
      '<|open|>tools<|sep|>' + SGLK3SAY + '<|open|>call tool="cut" index="2"<|sep|><|open|>argument key="x" type="num', SGLK3T,
      note=SGLTAIL + ' (mlx-lm keeps the complete first call); ' + SGLCUT)
sgl_m('kimi-k3-nothing', 'Kimi K3 XTML', SGLK3 + '(nothing parseable raises)', k3t('<|open|>call index="1"<|sep|><|close|>call<|sep|>'), SGLK3T)

# --- minicpm5 (ml-explore/mlx-lm 93e15d2 "Add MiniCPM5 XML tool-call parser"): tool_call_start is
# "<function" and tool_call_end "</function>", so the text is the model's <function …>…</function>
SGLMC = sgl_src('93e15d2', 'test_minicpm5')
SGLMCT = [('get_weather', {}, {'type': 'object', 'required': ['city'], 'properties': {'city': {'type': 'string'}, 'date': {'type': 'string'}}}),
          ('sum_values', {}, {'type': 'object', 'required': ['nums'], 'properties': {'nums': {'type': 'array'}, 'exact': {'type': 'boolean'}}})]
sgl_m('minicpm5-cdata', 'MiniCPM 5', SGLMC + '(CDATA-wrapped multi-line param)', mf('get_weather', 'city', '<![CDATA[Bei\njing]]>', 'date', '2024-06-27'), SGLMCT,
      [('get_weather', {'city': 'Bei\njing', 'date': '2024-06-27'})])
sgl_m('minicpm5-typed', 'MiniCPM 5', SGLMC + '(non-string typed params, array and boolean)', mf('sum_values', 'nums', '[1, 2, 3]', 'exact', 'true'), SGLMCT,
      [('sum_values', {'nums': [1, 2, 3], 'exact': True})])
sgl_m('minicpm5-tokyo', 'MiniCPM 5', SGLMC + '(body-only form, as the model writes it whole)', mf('get_weather', 'city', 'Tokyo'), SGLMCT, [('get_weather', {'city': 'Tokyo'})])
sgl_m('minicpm5-missing-required', 'MiniCPM 5', SGLMC + '(missing required param raises)', mf('get_weather', 'date', '2024-06-27'), SGLMCT,
      note='a call without a property its schema requires fits no schema; mlx-lm raises too')
sgl_m('minicpm5-unknown-param', 'MiniCPM 5', SGLMC + '(unknown param raises)', mf('get_weather', 'bogus', 'x'), SGLMCT,
      note='a parameter the tool does not declare; mlx-lm raises too')
sgl_m('minicpm5-duplicate-param', 'MiniCPM 5', SGLMC + '(duplicate param raises)', mf('get_weather', 'city', 'A', 'city', 'B'), SGLMCT,
      note='a parameter written twice; mlx-lm raises too')
sgl_m('minicpm5-nameless-param', 'MiniCPM 5', SGLMC + '(<param> missing its name attribute raises)', '<function name="get_weather"><param>nope</param></function>', SGLMCT,
      note='a <param> without a name; mlx-lm raises too')
sgl_m('minicpm5-single-quoted', 'MiniCPM 5', SGLMC + '(single-quoted attributes)', "<function name='get_weather'><param name='city'>Osaka</param></function>", SGLMCT,
      [('get_weather', {'city': 'Osaka'})])

# --- minimax_m3 (ml-explore/mlx-lm 2e35538 "Add MiniMax-M3 tool-call parser"): the namespace
# token before every tag (gen.py's NS), in NS<tool_call>
SGLM3 = sgl_src('2e35538', 'test_minimax_m3')
SGLM3T = [T('search', query=S), T('read_file', path=S), T('get_time'),
          ('filter', {}, {'type': 'object', 'properties': {'rules': {'type': 'array', 'items': {'type': 'object', 'properties': {'field': {'type': 'string'}, 'value': {'type': ['string', 'integer']}}}}}})]
def sgl_m3(*parts): return ''.join(NS + p for p in parts)
sgl_m('minimax-m3-two-invokes', 'MiniMax M3', SGLM3 + '(multiple tool calls in a single <tool_call> block)',
      sgl_m3('<tool_call>', '<invoke name="search">', '<query>weather', '</query>', '</invoke>', '<invoke name="read_file">', '<path>/tmp/test.txt', '</path>', '</invoke>', '</tool_call>'), SGLM3T,
      [('search', {'query': 'weather'}), ('read_file', {'path': '/tmp/test.txt'})])
sgl_m('minimax-m3-item-list', 'MiniMax M3', SGLM3 + '(nested array of objects, one <item> each)',
      sgl_m3('<tool_call>', '<invoke name="filter">', '<rules>', '<item>', '<field>city', '</field>', '<value>Paris', '</value>', '</item>', '<item>', '<field>year', '</field>', '<value>2026', '</value>', '</item>', '</rules>', '</invoke>', '</tool_call>'),
      SGLM3T, [('filter', {'rules': [{'field': 'city', 'value': 'Paris'}, {'field': 'year', 'value': '2026'}]})],
      note='disagrees on purpose: mlx-lm is given no tools and reads the text 2026 as JSON; the vector declares value a string or an integer, the union allows the text as written, '
      'and toolfix does not guess that digits meant the number (MiniMax M3 writes every value as raw text)')
sgl_m('minimax-m3-glued-prose', 'MiniMax M3', SGLM3 + '(conversational prefix before the tool call)',
      "I'll look up the current time for you." + sgl_m3('<tool_call>', '<invoke name="get_time">', '</invoke>', '</tool_call>'), SGLM3T,
      note='disagrees on purpose: a line-start rule; the MiniMax M3 row opens only at a line\'s start (its \']\' glued to text would cost every text with a \']\' the quiet path), and the template starts the line')
sgl_m('minimax-m3-prose-line', 'MiniMax M3', SGLM3 + '(conversational prefix before the tool call, on a line of its own)',
      "I'll look up the current time for you.\n" + sgl_m3('<tool_call>', '<invoke name="get_time">', '</invoke>', '</tool_call>'), SGLM3T,
      [('get_time', {})], keep="I'll look up the current time for you.")
sgl_m('minimax-m3-plain', 'MiniMax M3', SGLM3 + '(no tool call raises)', 'just plain text, no tool call', SGLM3T)

# --- apertus (ml-explore/mlx-lm 5313609 "Add Apertus tool parser"): in <|tools_prefix|> and
# <|tools_suffix|> (gen.py's TP, TS); its multiple, nested and truncated vectors are gen.py's
# apertus-two, apertus-nested and apertus-incomplete, the same texts
SGLAP = sgl_src('5313609', 'test_apertus')
SGLAPT = [T('multiply', a=N, b=N), T('get_weather', location=S), T('get_time', location=S), T('complex_function', nested=O, list=A)]
def sgl_ap(t): return TP + t + TS
sgl_m('apertus-multiply', 'Apertus', SGLAP + '(single tool call)', sgl_ap('[{"multiply": {"a": 12234585, "b": 48838483920}}]'), SGLAPT, [('multiply', {'a': 12234585, 'b': 48838483920})])
sgl_m('apertus-null-args', 'Apertus', SGLAP + '(null arguments are normalized to an empty object)', sgl_ap('[{"get_time": null}]'), SGLAPT,
      note='disagrees on purpose: mlx-lm makes null arguments an empty object; toolfix never makes a call of arguments that are no JSON object')
sgl_m('apertus-bare-object', 'Apertus', SGLAP + '(a bare object rather than an array)', sgl_ap('{"get_time": {}}'), SGLAPT, [('get_time', {})])
sgl_m('apertus-junk-entries', 'Apertus', SGLAP + '(entries which cannot be a tool call are skipped)', sgl_ap('[{"get_time": {}}, {}, "junk"]'), SGLAPT,
      note=SGLTAIL + ': mlx-lm skips the list\'s entries that are no call; a list toolfix cannot read whole is left as it came')
sgl_m('apertus-empty-list', 'Apertus', SGLAP + '(nothing parseable raises)', sgl_ap('[]'), SGLAPT)

# --- granite (ml-explore/mlx-lm 088eec8 "Add Granite tool parser"): Granite 4's JSON call in
# <tool_call>, the Hermes row
SGLGR = sgl_src('088eec8', 'test_granite')
SGLGRT = [T('get_current_weather', city=S, location=O)]
SGLGRC = '{"name": "get_current_weather", "arguments": {"city": "Boston"}}'
sgl_m('granite-tool-call', 'Hermes', SGLGR + '(a clean call, in <tool_call>)', '<tool_call>' + SGLGRC + '</tool_call>', SGLGRT, [('get_current_weather', {'city': 'Boston'})])
for _n, _c in (('', 1), ('-many', 4)):
    sgl_m('granite-extra-brace' + _n, 'Hermes', SGLGR + '(%d extra } after the call object, in <tool_call>)' % _c, '<tool_call>' + SGLGRC + '}' * _c + '</tool_call>', SGLGRT, note=SGLJSON)
sgl_m('granite-extra-brace-nested', 'Hermes', SGLGR + '(an extra } after a call of nested arguments, in <tool_call>)',
      '<tool_call>{"name": "get_current_weather", "arguments": {"location": {"city": "Boston"}}}}</tool_call>', SGLGRT, note=SGLJSON)
sgl_m('granite-trailing-junk', 'Hermes', SGLGR + '(trailing junk raises, in <tool_call>)', '<tool_call>{"name": "get_current_weather", "arguments": {}} trailing junk</tool_call>', SGLGRT,
      note='text after the call object inside the element; mlx-lm raises too')

# --- olmo3 (ml-explore/mlx-lm a3fa9b8 "Add Olmo3 tool call support"): one Python call a line in
# <function_calls>
SGLOL = sgl_src('a3fa9b8', 'test_olmo3')
SGLOLT = [T('search', query=S), T('read_file', path=S), T('configure', enabled=B, name=S, missing=ANY)]
sgl_m('olmo3-two-lines', 'Olmo 3 pythonic', SGLOL + '(multiple tool calls, in <function_calls>)', '<function_calls>search(query="weather")\nread_file(path="/tmp/test.txt")</function_calls>', SGLOLT,
      [('search', {'query': 'weather'}), ('read_file', {'path': '/tmp/test.txt'})])
sgl_m('olmo3-json-literals', 'Olmo 3 pythonic', SGLOL + '(JSON literals true, false, null accepted, in <function_calls>)', '<function_calls>configure(enabled=true, name="x", missing=null)</function_calls>', SGLOLT,
      [('configure', {'enabled': True, 'name': 'x', 'missing': None})])

# --- lfm2 (ml-explore/mlx-lm 40f84fc "add: lfm2/2.5 tool parser"): a Python call list in
# <|tool_call_start|> and <|tool_call_end|> (sgk.py's sgk_lw); its hyphenated-name and no-list
# vectors are sgk.py's pythonic-hyphen-name and pythonic-no-brackets, the same texts
SGLLF = sgl_src('40f84fc', 'test_lfm2')
SGLLFT = [T('get_current_time', location=S), T('get_current_temperature', location=S), T('grocery.orderIngredients', ingredientList=A, deliveryAddress=S),
          T('configure', enabled=B, retries=ANY, verbose=B)]
sgl_m('lfm2-basic', 'pythonic', SGLLF + '(basic single call)', sgk_lw('[get_current_time(location="Paris")]'), SGLLFT, [('get_current_time', {'location': 'Paris'})])
sgl_m('lfm2-tokyo', 'pythonic', SGLLF + '(multi_tool_choice failure)', sgk_lw('[get_current_temperature(location="Tokyo")]'), SGLLFT, [('get_current_temperature', {'location': 'Tokyo'})])
SGLLFG = [{'name': 'noodles', 'amount': 500, 'unit': 'grams'}, {'name': 'ground beef', 'amount': 300, 'unit': 'grams'}, {'name': "za'atar", 'amount': 1, 'unit': 'gram'}]
sgl_m('lfm2-dotted-nested', 'pythonic', SGLLF + '(dotted function name, nested list of dicts)',
      sgk_lw('[grocery.orderIngredients(ingredientList=[{"name": "noodles", "amount": 500, "unit": "grams"}, {"name": "ground beef", "amount": 300, "unit": "grams"}, '
             '{"name": "za\'atar", "amount": 1, "unit": "gram"}], deliveryAddress="845 Willow Lane, Springfield, IL 62704, United States")]'), SGLLFT,
      [('grocery.orderIngredients', {'ingredientList': SGLLFG, 'deliveryAddress': '845 Willow Lane, Springfield, IL 62704, United States'})])
sgl_m('lfm2-two', 'pythonic', SGLLF + '(multiple calls in one block)', sgk_lw('[get_current_time(location="Paris"), get_current_temperature(location="Paris")]'), SGLLFT,
      [('get_current_time', {'location': 'Paris'}), ('get_current_temperature', {'location': 'Paris'})])
sgl_m('lfm2-json-literals', 'pythonic', SGLLF + '(JSON-style booleans and null tolerated)', sgk_lw('[configure(enabled=true, retries=null, verbose=false)]'), SGLLFT,
      [('configure', {'enabled': True, 'retries': None, 'verbose': False})])

# --- deepseek_dsml (ml-explore/mlx-lm ff6b319 "Add deepseek_dsml tool parser for DeepSeek-V4's
# native DSML format"): the test's leading ">" is what the server leaves of <｜DSML｜tool_calls>
# after its start marker <｜DSML｜tool_calls, so the model wrote the whole wrapper
SGLDS = sgl_src('ff6b319', 'test_deepseek_dsml_parallel')
SGLDST = [T('get_weather', city=S), T('calc', expr=S, n=I, tags=A)]
def sgl_dsp(k, s, v): return '<｜DSML｜parameter name="%s" string="%s">%s</｜DSML｜parameter>\n' % (k, s, v)
def sgl_dsi(n, *ps): return '<｜DSML｜invoke name="%s">\n' % n + ''.join(sgl_dsp(*p) for p in ps) + '</｜DSML｜invoke>\n'
sgl_m('deepseek-dsml-parallel', 'DeepSeek V4 DSML', SGLDS + '(two invokes in one <｜DSML｜tool_calls> block)',
      '<｜DSML｜tool_calls>\n' + sgl_dsi('get_weather', ('city', 'true', 'Tokyo')) + sgl_dsi('get_weather', ('city', 'true', 'Paris')) + '</｜DSML｜tool_calls>', SGLDST,
      [('get_weather', {'city': 'Tokyo'}), ('get_weather', {'city': 'Paris'})])
sgl_m('deepseek-dsml-string-attr', 'DeepSeek V4 DSML', SGLDS + '(string="true" a literal string, string="false" JSON-decoded, in <｜DSML｜tool_calls>)',
      '<｜DSML｜tool_calls>\n' + sgl_dsi('calc', ('expr', 'true', '2+2'), ('n', 'false', '3'), ('tags', 'false', '["a", "b"]')) + '</｜DSML｜tool_calls>', SGLDST,
      [('calc', {'expr': '2+2', 'n': 3, 'tags': ['a', 'b']})])

# --- longcat (ml-explore/mlx-lm 9049ab3 "Add LongCat-2.0"): a call without arguments, its name
# alone on its line, in <longcat_tool_call>
sgl_m('longcat-no-args', 'LongCat', sgl_src('9049ab3', 'test_longcat_no_args') + '(in <longcat_tool_call>)', '<longcat_tool_call>get_current_time\n</longcat_tool_call>', [T('get_current_time')],
      [('get_current_time', {})])

# --- gemma4 (ml-explore/mlx-lm e451b87 "[Bugfix] Fix Gemma 4 tool call regex failing on unbalanced
# braces in string arguments"): in <|tool_call> and <tool_call|> (servers.py's svg4)
SGLG4 = sgl_src('e451b87', 'test_gemma4_unbalanced_braces_in_strings')
sgl_m('gemma4-unbalanced-open-brace', 'Gemma 4', SGLG4 + '(an unbalanced { inside a string argument)', svg4('call:write_file{content:"if (x) { console.log(y)"}'), [T('write_file', content=S)],
      [('write_file', {'content': 'if (x) { console.log(y)'})])
sgl_m('gemma4-unbalanced-close-brace', 'Gemma 4', SGLG4 + '(an unbalanced } inside a string argument)', svg4('call:write_file{content:"test } only"}'), [T('write_file', content=S)],
      [('write_file', {'content': 'test } only'})])

# --- json_tools (ml-explore/mlx-lm 10dc233 "test: Add unit tests for repairing malformed json" and
# eccb27c "Fix json_tools: match "<tool_call" prefix to survive ">" token merge"): Hermes's JSON call
# in <tool_call>
SGLJT = sgl_src('10dc233', 'test_json_tools_repairs_malformed_json')
SGLJTT = [T('multiply', a=N, b=N)]
SGLJTS = [('get_current_temperature', {}, {'type': 'object', 'required': ['location'], 'properties': {'location': {'type': 'str', 'description': 'The location.'}}})]
sgl_m('json-tools-marker-merge', 'Hermes', sgl_src('eccb27c', 'test_json_tools_marker_merge') + '(the call on its own lines, the end marker kept)',
      '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>', [T('get_weather', city=S)], [('get_weather', {'city': 'Paris'})],
      note='the test\'s variants are what the server leaves of one text after its start marker <tool_call; the model wrote this one')
sgl_m('json-tools-nested-braces', 'Hermes', sgl_src('eccb27c', 'test_json_tools_marker_merge') + '(nested braces and a } inside a string value, in <tool_call>)',
      '<tool_call>{"name": "f", "arguments": {"expr": "a{b}c", "n": {"k": 2}}}</tool_call>', [T('f', expr=S, n=O)], [('f', {'expr': 'a{b}c', 'n': {'k': 2}})])
sgl_m('json-tools-trailing-commas', 'Hermes', SGLJT + '(trailing_comma, in <tool_call>)', '<tool_call>{"name": "multiply", "arguments": {"a": 12234585, "b": 48838483920,},}</tool_call>', SGLJTT, note=SGLJSON)
sgl_m('json-tools-single-quoted', 'Hermes', SGLJT + '(single_quoted, in <tool_call>)', "<tool_call>{'name': 'multiply', 'arguments': {'a': 12234585, 'b': 48838483920}}</tool_call>", SGLJTT, note=SGLJSON)
sgl_m('json-tools-trailing-commas-str-type', 'Hermes', SGLJT + '(trailing commas, a property typed "str", in <tool_call>)',
      '<tool_call>{"name": "get_current_temperature", "arguments": {"location": "London",},}</tool_call>', SGLJTS, note=SGLJSON)

# --- qwen3_coder's fallback tests (ml-explore/mlx-lm, each at the commit named): mlx-lm keeps a
# value that does not convert to its schema type as the raw string; toolfix types by the schema
# and never guesses, so a call with a value that fits no schema is left as it came. Each text in
# <tool_call>, as the model writes it
def sgl_q(n, *kv, nl=''):  # a Qwen3 Coder call, each value between nl
    return '<tool_call>\n<function=%s>' % n + nl + ''.join('<parameter=%s>%s%s%s</parameter>' % (k, nl, v, nl) + nl for k, v in zip(kv[::2], kv[1::2])) + '</function>\n</tool_call>'
def sgl_qt(name, **types):  # a tool whose properties have these schema types, as the test writes them
    return (name, {}, {'type': 'object', 'properties': {k: {'type': t} for k, t in types.items()}})
SGLQFIT = 'disagrees on purpose: mlx-lm keeps a value that does not convert to its declared type as the raw string; toolfix types by the schema, and a value that fits no schema leaves the call as it came (it never guesses)'
SGLQF = sgl_src('dfb95a0', 'test_qwen3_coder_unparseable_params_fall_back_to_strings')
sgl_m('qwen3-coder-fallback-object-custom', 'Qwen3 Coder/XML', SGLQF + '(an object param not JSON, a param of type custom)',
      sgl_q('search', 'filters', '{invalid: true', 'mode', 'not a literal'), [sgl_qt('search', filters='object', mode='custom')], note=SGLQFIT)
# its test_qwen3_coder_unparseable_numeric_params_fall_back_to_strings (ml-explore/mlx-lm 74dd30c)
# and the datetime vector of test_qwen3_coder_unparseable_params declare the types int, float and
# datetime, no JSON Schema types, which the AI SDK's clients refuse in a request: not converted
SGLQM = sgl_src('72edd65', 'test_qwen3_coder_malformed_params_degrade_instead_of_crashing')
SGLQMT = [T('read', filePath=S, limit=I, when=S, payload=O)]
SGLQ140 = ('disagrees on purpose: mlx-lm makes the text 140.0 the integer 140; toolfix turns a text into an integer only when it is an integer literal '
           '(proxy/repair isIntegerLiteral, the rule its coerce repair keeps), so the value fits no schema and the call is left as it came')
sgl_m('qwen3-coder-float-formatted-limit', 'Qwen3 Coder/XML', SGLQM + '(a float-formatted integer 140.0)', sgl_q('read', 'filePath', '/x/y.py', 'limit', '140.0'), SGLQMT, note=SGLQ140)
sgl_m('qwen3-coder-fallback-limit-words', 'Qwen3 Coder/XML', SGLQM + '(a non-numeric value for an integer param)', sgl_q('read', 'filePath', '/x/y.py', 'limit', 'not-a-number'), SGLQMT, note=SGLQFIT)
sgl_m('qwen3-coder-iso-timestamp', 'Qwen3 Coder/XML', SGLQM + '(an ISO 8601 timestamp for a string param)', sgl_q('read', 'filePath', '/x/y.py', 'when', '2026-01-15T10:00:00Z'), SGLQMT,
      [('read', {'filePath': '/x/y.py', 'when': '2026-01-15T10:00:00Z'})])
sgl_m('qwen3-coder-fallback-payload-blob', 'Qwen3 Coder/XML', SGLQM + '(an unparseable blob for an object param)', sgl_q('read', 'filePath', '/x/y.py', 'payload', 'not json, not a python literal { [ ,,,'), SGLQMT,
      note=SGLQFIT)
SGLQL = sgl_src('d97a424', 'test_qwen3_coder_non_literal_object_array_params')
SGLQLT = [T('edit', edits=A, config=O)]
sgl_m('qwen3-coder-fallback-code-for-array', 'Qwen3 Coder/XML', SGLQL + '(multi-line code for an array param; its SECRET_KEY named APP_MODE: a value assigned to a secret\'s name is what a sample redacts, and the cases hold nothing a sample would redact)', sgl_q('edit', 'edits', 'APP_MODE = os.environ.get("APP_MODE", "dev\nDEBUG = [True'), SGLQLT,
      note=SGLQFIT)
sgl_m('qwen3-coder-array-object-json', 'Qwen3 Coder/XML', SGLQL + '(valid JSON for an object and an array param)', sgl_q('edit', 'edits', '["a", "b"]', 'config', '{"x": 1}'), SGLQLT,
      [('edit', {'edits': ['a', 'b'], 'config': {'x': 1}})])
SGLQI = sgl_src('806e3cf', 'test_qwen3_coder_float_formatted_integer')
SGLQIT = [T('read', filePath=S, limit=I)]
for _n, _v, _c, _note in (('float-formatted', '140.0', None, SGLQ140), ('plain', '140', 140, ''), ('fraction', '140.5', None,
        'disagrees on purpose: mlx-lm keeps 140.5 for an integer param; it fits no integer schema, so toolfix leaves the call as it came (it never guesses)')):
    sgl_m('qwen3-coder-integer-' + _n, 'Qwen3 Coder/XML', SGLQI + '(limit %s, values on their own lines)' % _v, sgl_q('read', 'filePath', '/x/y.py', 'limit', _v, nl='\n'), SGLQIT,
          _c and [('read', {'filePath': '/x/y.py', 'limit': _c})], note=_note)
SGLQU = sgl_src('37d0925', 'test_qwen3_coder_unparseable_params')
for _t, _k, _v in (('object', 'when', '2026-01-15T10:30:00Z'), ('array', 'note', 'Alex has written several books.'), ('integer', 'day', '2026-01-15'), ('number', 'ratio', 'about three')):
    sgl_m('qwen3-coder-fallback-%s-text' % _t, 'Qwen3 Coder/XML', SGLQU + '(%s)' % _t, sgl_q('log_event', _k, _v), [sgl_qt('log_event', **{_k: _t})], note=SGLQFIT)
SGLQE = sgl_src('e9822ab', 'test_qwen3_coder_unparseable_numeric_params')
SGLQET = [T('log_event', day=I, score=N)]
sgl_m('qwen3-coder-fallback-day-score', 'Qwen3 Coder/XML', SGLQE + '(a date for an integer, words for a number)', sgl_q('log_event', 'day', '2026-01-15', 'score', 'not-a-number'), SGLQET, note=SGLQFIT)
sgl_m('qwen3-coder-day-score', 'Qwen3 Coder/XML', SGLQE + '(valid numeric values still coerced)', sgl_q('log_event', 'day', '15', 'score', '3.5'), SGLQET, [('log_event', {'day': 15, 'score': 3.5})])
SGLQB = sgl_src('3ce2ef1', 'test_qwen3_coder_backtick_string_params')
SGLQBO = "import React, { useState, useRef, useEffect, useCallback } from 'react';\nconst title = \"Hello\";"
SGLQBN = "import React from 'react';\nconst title = \"Goodbye\";"
sgl_m('qwen3-coder-backtick-strings', 'Qwen3 Coder/XML', SGLQB + '(JavaScript backtick strings in an array param)', sgl_q('edit', 'edits', '[{"oldText": `' + SGLQBO + '`, "newText": `' + SGLQBN + '`}]'), [T('edit', edits=A)],
      note='disagrees on purpose: mlx-lm reads backtick-quoted strings into the array; they are neither JSON nor Python, and toolfix does not guess what a value in no known notation meant')
sgl_m('qwen3-coder-multiline-json-strings', 'Qwen3 Coder/XML', sgl_src('2ad3e3e', 'test_qwen3_coder_multiline_string_params') + '(raw line breaks inside the JSON strings of an array param)',
      sgl_q('edit', 'edits', '[{"oldText": "const first = 1;\nconst second = 2;", "newText": "const first = 3;\nconst second = 4;"}]'), [T('edit', edits=A)],
      [('edit', {'edits': [{'oldText': 'const first = 1;\nconst second = 2;', 'newText': 'const first = 3;\nconst second = 4;'}]})])
SGLQP = sgl_src('8601e7f', 'test_qwen3_coder_value_contains_parameter_tags')
SGLQPF = "def example():\n    # see <parameter=path>...</parameter> in the docs\n    return '<parameter=path>nested</parameter>'"
sgl_m('qwen3-coder-value-holds-parameter-tags', 'Qwen3 Coder/XML', SGLQP + '(a string value holding <parameter=…> and </parameter>)',
      sgl_q('str_replace_editor', 'command', 'create', 'path', '/tmp/foo.py', 'file_text', SGLQPF, nl='\n'), [T('str_replace_editor', command=S, path=S, file_text=S)],
      note='disagrees on purpose: the value holds the opener of a declared parameter glued to the text before it (\'<parameter=path>); where such a value ends is a guess, '
      'and toolfix does not take the call (the guard of report-wrap-qwen-glued-parameter); qwen3-coder-object-holds-parameter-tags is taken')
sgl_m('qwen3-coder-object-holds-parameter-tags', 'Qwen3 Coder/XML', SGLQP + '(an object value whose JSON holds the markup)',
      sgl_q('set_filter', 'spec', '{"hint": "use <parameter=name>val</parameter>"}', nl='\n'), [T('set_filter', spec=O)], [('set_filter', {'spec': {'hint': 'use <parameter=name>val</parameter>'}})])

# --- llama.cpp tests/test-chat.cpp test_template_output_peg_parsers, the newer version that gives
# every template a peg_tester (the texts servers.py, gen.py and sgk.py do not hold already:
# Apertus, Hermes 3 / Qwen 2.5 / MiMo-VL, Functionary v3.1 and v3.2, FireFunction, Mistral Nemo,
# Command R7B and DeepSeek R1 are there); tools: special_function(arg1 integer), the test's
SGLLC = 'ggml-org/llama.cpp tests/test-chat.cpp test_template_output_peg_parsers (peg_tester models/templates/%s) '
SGLLCT = [T('special_function', arg1=I)]
SGLSF = [('special_function', {'arg1': 1})]
SGLHW = "Hello, world!\nWhat's up?"
def sgl_l(name, family, template, test, text, calls=None, keep='', note=''):
    vec(name, family, SGLLC % template + test, text, SGLLCT, calls, keep=keep, note=note, pre='llamacpp-')
sgl_l('peg-minimax-m2', 'MiniMax M2', 'MiniMax-M2.jinja', '(message_assist_call)',
      '<minimax:tool_call>\n<invoke name="special_function"><parameter name="arg1">1</parameter></invoke>\n</minimax:tool_call>', SGLSF)
sgl_l('peg-nemotron-nano-v2', 'Nemotron JSON', 'NVIDIA-Nemotron-Nano-v2.jinja', '(message_assist_call)', '<TOOLCALL>[{"name": "special_function", "arguments": {"arg1": 1}}]</TOOLCALL>', SGLSF)
sgl_l('peg-command-r-plus-answer', 'Cohere Command', 'CohereForAI-c4ai-command-r-plus-tool_use.jinja', '(message_assist)', '<|CHATBOT_TOKEN|>' + SGLHW + '<|END_OF_TURN_TOKEN|>',
      note='llama.cpp takes the text between the tokens as the content; toolfix passes it as it came (no call)')
sgl_l('peg-command-r-plus-action', 'Cohere Command', 'CohereForAI-c4ai-command-r-plus-tool_use.jinja', '(message_assist_call: Action: then a JSON code block)',
      'Action:\n```json\n[{"tool_name": "special_function", "parameters": {"arg1": 1}}]\n```',
      note='disagrees on purpose: the call list is inside a code fence, which toolfix never touches (code); Command R+ writes its action as Markdown a text may show as well')
sgl_l('peg-kimi-k2', 'Kimi K2', 'moonshotai-Kimi-K2.jinja and Kimi-K2-Instruct.jinja', '(message_assist_call)',
      '<|tool_calls_section_begin|><|tool_call_begin|>functions.special_function:0<|tool_call_argument_begin|>{"arg1": 1}<|tool_call_end|><|tool_calls_section_end|>', SGLSF)
sgl_l('peg-apriel-1-5-answer', 'Hunyuan/Jamba <tool_calls>', 'unsloth-Apriel-1.5.jinja', '(message_assist)', SGLHW)
sgl_l('peg-apriel-1-5-call', 'Hunyuan/Jamba <tool_calls>', 'unsloth-Apriel-1.5.jinja', '(message_assist_call)', '<tool_calls>[{"name": "special_function", "arguments": {"arg1": 1}}]</tool_calls>', SGLSF,
      note='Apriel 1.5 writes the JSON list in <tool_calls> that Hunyuan A13B and Jamba write')
sgl_l('peg-mistral-small-3-2-call-id', 'Mistral', 'Mistral-Small-3.2-24B-Instruct-2506.jinja', '(message_assist_call_id)', '[TOOL_CALLS]special_function[CALL_ID]123456789[ARGS]{"arg1": 1}', SGLSF,
      note='the call id segment is no argument: toolfix reads the call without it')
sgl_l('peg-devstral', 'Mistral', 'unsloth-mistral-Devstral-Small-2507.jinja', '(message_assist_call)', '[TOOL_CALLS]special_function[ARGS]{"arg1": 1}', SGLSF)
