# Ollama's own parser tests converted in issue 20, part N (helper sgn): the ones sgj.py left for lack
# of time, model/parsers/qwen38_test.go, qwen35_boundary_test.go and qwen3vl_toggle_test.go, and
# tools/utils_test.go TestParseJSONToolCalls as it stood before it was removed upstream (ollama/ollama
# 7ea065b44, 2025-05-19; its other tests read templates, not model output). Each vector is a test's
# model output (a streaming test's chunks joined: the split tests cut one text at every byte, so
# each text is one vector) with the calls Ollama expects. A vector declares each tool the call names
# with the property types of its arguments, since toolfix takes only a declared tool and types values
# by schema. Run by gen.py in its own names after sgi.py, whose helper and notes it shares; its own
# helpers start with sgn_ or SGN.
sgn_v = sgi_v  # sgi.py's helper: a vector of Ollama's test, the folder prefix ollama-
SGNTAIL = SGITAIL

# --- Qwen 3.5 (qwen38_test.go): Qwen3 Coder's XML after a closed <think>
SGN8 = 'qwen38_test.go '
SGN8T = [T('get_weather', city=S), T('set_uv_threshold', index=I)]
SGN8PRE = "<think>\nNeed weather and UV for Montréal.\n</think>\n\nI'll check both.\n\n"
SGN8CALLS = ('<tool_call>\n<function=get_weather>\n<parameter=city>\nMontréal\n</parameter>\n</function>\n</tool_call>\n'
             '<tool_call>\n<function=set_uv_threshold>\n<parameter=index>\n5\n</parameter>\n</function>\n</tool_call>')
sgn_v('qwen38-two-calls-after-thinking', 'Qwen3 Coder/XML', SGN8 + 'TestQwen38ParserReferenceContinuationAtEverySplit (every two-way split and one rune a chunk)',
      SGN8PRE + SGN8CALLS, SGN8T, [('get_weather', {'city': 'Montréal'}), ('set_uv_threshold', {'index': 5})], keep=SGN8PRE,
      note='Ollama splits the reasoning off at </think>; toolfix keeps the text before the calls as it came')
SGN8M = SGN8 + 'TestQwen38ParserMalformedAndControlLikeContent'
sgn_v('qwen38-control-like-text', 'Qwen3 Coder/XML', SGN8M + '[ordinary control-like text]', 'Plan</think>ordinary <tool_calling> marker.', [SGN8T[0]])
sgn_v('qwen38-truncated-call', 'Qwen3 Coder/XML', SGN8M + '[truncated tool call]', 'Plan</think>Before<tool_call><function=get_weather>', [SGN8T[0]],
      note='a cut-off call is never completed; Ollama drops the unfinished markup from the content, toolfix passes the text as it came')

# --- Qwen 3.5 (qwen35_boundary_test.go): an editor call inside and after the thinking block
SGN5 = 'qwen35_boundary_test.go '
SGN5T = [T('editor', path=S, new_text=S)]
SGN5CALL = '<tool_call><function=editor><parameter=path>manic_miner.html</parameter><parameter=new_text>}});</parameter></function></tool_call>'
SGN5TESTS = ('TestAToolCallOpenedInsideThinkingSurvivesAnyChunkBoundary, TestAToolCallOpenedInsideThinkingSurvivesTokenByToken'
             ' (qwen35CallAfterThinking)')
sgn_v('qwen35-boundary-call-after-thinking', 'Qwen3 Coder/XML', SGN5 + SGN5TESTS, '<think>The brace count is wrong.</think>' + SGN5CALL, SGN5T,
      [('editor', {'path': 'manic_miner.html', 'new_text': '}});'})], keep='<think>The brace count is wrong.</think>')
sgn_v('qwen35-boundary-call-inside-thinking', 'Qwen3 Coder/XML',
      SGN5 + SGN5TESTS.replace('After', 'Inside') + ', TestTheBoundaryThatSwallowedTheCall, TestReasoningIsStillDeliveredWithTheCall',
      '<think>I need to fix the extra brace. The line reads `}}});` and should read `}});`.' + SGN5CALL, SGN5T,
      note='disagrees on purpose: the call stands inside a <think> never closed, and toolfix takes no call from reasoning (a model reasons about calls it has not decided to make); Ollama knows the model and recovers it')

# --- Qwen3-VL (qwen3vl_toggle_test.go): thinking turned off, a </think> in the content is text
sgn_v('qwen3vl-think-off-text', 'Hermes', 'qwen3vl_toggle_test.go TestQwen3VLParserThinkToggle[thinking disabled at runtime]', 'plan</think>answer', [T('get_weather', location=S)])

# --- Ollama's JSON tool-call reader (tools/utils_test.go TestParseJSONToolCalls, removed upstream),
# name field "name", arguments "arguments": bare JSON, the Llama 3 JSON row and the bare list
SGNU = 'ollama/ollama tools/utils_test.go (7ea065b44) TestParseJSONToolCalls'
def sgn_u(name, case, text, calls=None, note=''):
    vec('tools-utils-' + name, 'Llama 3 JSON', SGNU + '[%s]' % case, text, [T('test_tool', arg1=S), T('tool1', arg1=N), T('tool2', arg2=S)], calls, note=note, pre='ollama-')
SGNU1 = '{"name": "tool1", "arguments": {"arg1": 1}}'
SGNU2 = '{"name": "tool2", "arguments": {"arg2": "value"}}'
SGNUC = [('tool1', {'arg1': 1}), ('tool2', {'arg2': 'value'})]
sgn_u('single', 'valid single tool call', '{"name": "test_tool", "arguments": {"arg1": "value1"}}', [('test_tool', {'arg1': 'value1'})])
sgn_u('incomplete', 'incomplete JSON', '{"name": "test_tool", "arguments": {"arg1": ',
      note='a cut-off call is never completed (Ollama waits for more)')
sgn_u('not-json', 'invalid JSON', 'not json at all')
sgn_u('no-name', 'missing required fields', '{"other": "field"}')
sgn_u('list', 'multiple tool calls in array', '[\n\t\t\t\t' + SGNU1 + ',\n\t\t\t\t' + SGNU2 + '\n\t\t\t]', SGNUC,
      note='a bare JSON list of call objects, the whole text')
sgn_u('comma-objects', 'multiple tool calls without array', '\n\t\t\t\t' + SGNU1 + ',\n\t\t\t\t' + SGNU2 + '\n\t\t\t',
      note='disagrees on purpose: two objects joined by a comma are no JSON value and no list of calls any row reads; nothing but its shape says bare JSON is a call, so toolfix takes it only as one whole value')
sgn_u('text-after', 'multiple tool calls with text after', '\n\t\t\t\t' + SGNU1 + ' text\n\t\t\t\t' + SGNU2 + ' text\n\t\t\t',
      note=SGNTAIL + '; a bare object counts only as the whole text')
sgn_u('leading-comma', 'second tool call in array', '\n\t\t\t\t, ' + SGNU2 + '\n\t\t\t',
      note='disagrees on purpose: Ollama reads the rest of a list it is inside; as a whole text a comma before an object is no call, and toolfix takes bare JSON only as one whole value')
