# Functionary v3.2's >>>T recipient lines (issue 20, helper sgh): llama.cpp's own tests of the
# format, converted, and look-alikes that write >>> in prose, quoted replies and Python prompts,
# which must stay text. Run by gen.py in its own names (vec, T, S, I, …); the helpers here start
# with sgh_ or SGH.
SGHC = 'ggml-org/llama.cpp tests/test-chat.cpp '
SGHT = 'ggml-org/llama.cpp tests/test-tool-call.cpp test_parsing (FunctionaryV3Llama3) '
SGHF = 'Functionary v3.2'
SGHW = [T('special_function', arg1=I), T('python', code=S), T('ipython', code=S), T('get_weather', city=S)]
SGHSF = ('special_function', {'arg1': 1})
SGHLA = SGHC + '(look-alike of the Functionary v3.2 recipient line: '
SGHPR = 'Functionary v3.2\'s recipient >>> stands at a line\'s start, glued to the name'
def sgh(name, source, text, calls=None, keep='', note=''):  # a name la-… is a look-alike of ours
    if name.startswith('la-'):
        vec('lookalike-sgh-functionary-' + name[3:], SGHF, source, text, SGHW, calls, keep=keep, note=note, pre='report-')
    else:
        vec('functionary-v32-' + name, SGHF, source, text, SGHW, calls, keep=keep, note=note, pre='llamacpp-')

# --- llama.cpp's positives and its negative
sgh('call-on-own-line', SGHC + 'test_template_output_parsers (COMMON_CHAT_FORMAT_FUNCTIONARY_V3_2, the call on a line of its own)',
    "all\nHello, world!\nnono\nWhat's up?\n>>>special_function\n{\"arg1\": 1}\n", [SGHSF], keep="all\nHello, world!\nnono\nWhat's up?",
    note='llama.cpp drops the all recipient of the speech; toolfix keeps the text before the call as it came')
sgh('peg-call', SGHC + 'peg_tester meetkai-functionary-medium-v3.2.jinja (message_assist_call)', '>>>special_function\n{"arg1": 1}', [SGHSF])
sgh('peg-all', SGHC + 'peg_tester meetkai-functionary-medium-v3.2.jinja (message_assist)', ">>>all\nHello, world!\nWhat's up?",
    note='all names no declared tool: the speech is text, and toolfix passes it as it came (llama.cpp drops the >>>all line)')
sgh('ipython', SGHT + '(ipython)', ">>>ipython\n{\"code\": \"print('Hello, world!')\"}", [('ipython', {'code': "print('Hello, world!')"})])
sgh('blank-after', SGHT + '(special_function, blanks after)', '>>>special_function\n{"arg1": 1}\n ', [SGHSF])
sgh('all-then-call', SGHC + '(the speech then a call, as the template writes a message with content and a call)',
    '>>>all\nLet me check.\n>>>get_weather\n{"city": "Paris"}', [('get_weather', {'city': 'Paris'})], keep='>>>all\nLet me check.',
    note='llama.cpp drops the all recipient; toolfix keeps the speech as it came')
sgh('two-calls', SGHC + '(two calls, each after its recipient line)', '>>>get_weather\n{"city": "Paris"}\n>>>special_function\n{"arg1": 1}',
    [('get_weather', {'city': 'Paris'}), SGHSF])
sgh('after-sentence', 'ggml-org/llama.cpp examples/function-calling (functionary-small-v3.2 transcript, "Phoenix.>>>get_weather")',
    "Sure, I'll look that up for you.>>>get_weather\n{\"city\": \"Phoenix\"}",
    note='disagrees on purpose: toolfix takes a >>>T recipient line at a line\'s start only; glued after a sentence its > would be a loud byte of every text (the quiet path lost for code\'s -> and =>)')
sgh('cut', SGHC + '(a call cut inside its object)', '>>>get_weather\n{"city": "Par', note='a cut-off call is never completed')
sgh('undeclared', SGHC + '(a recipient no request declares)', '>>>get_time\n{"zone": "UTC"}', note='a tool the request does not declare: the text passes as it came')
sgh('raw-python', SGHC + '(python recipient with raw code)', ">>>python\nprint('hey')",
    note='disagrees on purpose: llama.cpp takes raw code after a python recipient as its code argument; toolfix reads JSON arguments only and never guesses the argument\'s name')

# --- look-alikes that must stay text
sgh('la-python-prompt', SGHLA + 'a Python REPL transcript)', '>>> print(1)\n1\n>>> get_weather\n{"city": "Paris"}', note=SGHPR + '; a prompt puts a blank after it')
sgh('la-quoted-reply', SGHLA + 'an e-mail reply quoting three levels)', 'You wrote:\n>>> get_weather\n>>> {"city": "Paris"}\nThat is the call I meant.', note=SGHPR + '; a quote puts a blank after it, and prose follows')
sgh('la-prose-operator', SGHLA + 'prose naming the shift operator)', 'In Java, x >>>get_weather shifts; the object is\n{"city": "Paris"}', note=SGHPR + '; here it follows a word on its line')
sgh('la-glued-word', SGHLA + 'glued after a word)', 'Write it as>>>get_weather\n{"city": "Paris"}', note=SGHPR + '; here it follows a word, no sentence end')
sgh('la-prose-after', SGHLA + 'a call followed by prose)', '>>>get_weather\n{"city": "Paris"}\nThat is how Functionary writes it.', note='only a tail of markup is a call; prose after it makes it an example')
sgh('la-fenced', SGHLA + 'inside a code fence)', '```\n>>>get_weather\n{"city": "Paris"}\n```', note='inside a code fence, which toolfix never touches (code)')
sgh('la-markdown-quote', SGHLA + 'a nested Markdown quote)', '> > > Paris is nice.\n>>>\n>>> {"city": "Paris"}', note=SGHPR + '; a recipient without a name is none')
sgh('la-shell-redirect', SGHLA + 'an arrow in a diagram)', 'client >>> proxy >>> upstream', note=SGHPR)

# --- GLM 4.7 calls of a tagged union (look-alikes of sglang test_glm47_schema_types.py
# test_root_unions_preserve_each_value_type): the kind const chooses the branch that types value
# only when exactly one branch fits the call's tags; otherwise the branches type it only where
# they agree, and a call they cannot type passes as text
SGHG = 'toolfix look-alike after sgl-project/sglang test/registered/unit/function_call/test_glm47_schema_types.py TestGlm47SchemaTypes test_root_unions_preserve_each_value_type ('
SGHGT = {'type': 'object', 'properties': {'kind': {'const': 'text'}, 'value': {'type': 'string'}}}
SGHGC = {'type': 'object', 'properties': {'kind': {'const': 'count'}, 'value': {'type': 'integer'}}}
SGHGU = [('inspect', {}, {'oneOf': [SGHGT, SGHGC]})]
vec('lookalike-sgh-glm47-union-no-branch', 'GLM 4.5/4.7', SGHG + 'a kind no branch has)', g47('inspect', 'kind', 'size', 'value', '7'), SGHGU,
    note='no branch fits the kind size: nothing types value, and the call fits no branch; the text passes as it came', pre='report-')
vec('lookalike-sgh-glm47-union-no-tag', 'GLM 4.5/4.7', SGHG + 'no kind)', g47('inspect', 'value', '7'), SGHGU,
    note='without the kind no branch is chosen, and the branches type value differently: the text passes as it came', pre='report-')
vec('lookalike-sgh-glm47-union-misfit', 'GLM 4.5/4.7', SGHG + 'the chosen branch rejects the value)', g47('inspect', 'kind', 'count', 'value', 'auto'), SGHGU,
    note='the kind count chooses the integer branch, and auto is no integer: toolfix never guesses, the text passes as it came', pre='report-')
vec('lookalike-sgh-glm47-union-tag-after', 'GLM 4.5/4.7', SGHG + 'the kind written after the value)', g47('inspect', 'value', '7', 'kind', 'count'), SGHGU,
    [('inspect', {'value': 7, 'kind': 'count'})], note='the tag chooses the branch wherever it stands among the pairs', pre='report-')
