# Break-it misses in leaked call markup converted in issue 20 (helper mk): the break-it helper's
# examples (brk/README.md: qwen-then-im-end-token, hermes-then-eot-token,
# hermes-json-trailing-comma-geniepod469) and their kind in other families. Part 1: a model's
# end-of-turn token after its last call (<|im_end|>, <|eot_id|>, </s>, ...), which a server
# without the model's parser passes on, goes with the markup at the very end of the text; the
# token alone after prose, in code or before more text leaves the text as it came. Run by gen.py
# in its own names (vec, T, S, I, ...); the helpers here start with mk_ or MK.
MKSRC = 'issue 20 break-it (brk/README.md) '


def mk_v(name, family, source, text, tools, calls=None, keep='', note=''):
    vec('mk-' + name, family, MKSRC + source, text, tools, calls, keep=keep, note=note, pre='report-')


MKBASH = T('bash', command=S)
MKLS = [('bash', {'command': 'ls'})]
MKQWEN = '<tool_call>\n<function=bash>\n<parameter=command>\nls\n</parameter>\n</function>\n</tool_call>'
MKHERMES = '<tool_call>\n{"name": "bash", "arguments": {"command": "ls"}}\n</tool_call>'
MKEND = 'the model\'s end-of-turn token after its last call goes with the markup'

# --- part 1: end-of-turn tokens after the last call
mk_v('qwen-then-im-end', 'Qwen3 Coder/XML', 'qwen-then-im-end-token (variant of ollama/ollama #16686: the chat template\'s <|im_end|> leaked after the call)',
     'Running the tests.\n' + MKQWEN + '\n<|im_end|>', [MKBASH], MKLS, keep='Running the tests.', note=MKEND)
mk_v('qwen-then-im-end-endoftext', 'Qwen3 Coder/XML', 'variant of qwen-then-im-end-token: <|im_end|> and then <|endoftext|>',
     MKQWEN + '<|im_end|>\n<|endoftext|>\n', [MKBASH], MKLS, note=MKEND)
mk_v('hermes-then-eot', 'Hermes', 'hermes-then-eot-token (variant: a Llama/Hermes end token <|eot_id|> after the call)',
     MKHERMES + '<|eot_id|>', [MKBASH], MKLS, note=MKEND)
mk_v('hermes-then-im-end-then-prose', 'Hermes', 'variant of hermes-then-eot-token (look-alike: text after the token)',
     MKHERMES + '\n<|im_end|>\nThat lists the files.', [MKBASH], note='disagrees on purpose: tail only; text after the markup (and its end token) leaves it as it came')
mk_v('kimi-then-im-end', 'Kimi K2', 'variant of qwen-then-im-end-token in Kimi K2\'s tokens',
     '<|tool_calls_section_begin|><|tool_call_begin|>functions.bash:0<|tool_call_argument_begin|>{"command": "ls"}<|tool_call_end|><|tool_calls_section_end|><|im_end|>',
     [MKBASH], MKLS, note=MKEND)
mk_v('mistral-then-eos', 'Mistral', 'variant of hermes-then-eot-token in Mistral\'s tokens (</s>)',
     '[TOOL_CALLS]bash[ARGS]{"command": "ls"}</s>', [MKBASH], MKLS, note=MKEND)
mk_v('deepseek-then-eos', 'DeepSeek V3.1', 'variant of hermes-then-eot-token in DeepSeek\'s tokens (<｜end▁of▁sentence｜>)',
     '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>bash<｜tool▁sep｜>{"command": "ls"}<｜tool▁call▁end｜><｜tool▁calls▁end｜><｜end▁of▁sentence｜>', [MKBASH], MKLS, note=MKEND)
mk_v('glm-then-observation', 'GLM 4.5/4.7', 'variant of qwen-then-im-end-token in GLM\'s markup (<|observation|>, the turn its template opens for the tool\'s reply)',
     'Listing.\n<tool_call>bash\n<arg_key>command</arg_key>\n<arg_value>ls</arg_value>\n</tool_call><|observation|>', [MKBASH], MKLS, keep='Listing.', note=MKEND)
mk_v('pythonic-then-eot', 'pythonic', 'variant of hermes-then-eot-token in a Llama 3.2 Python call list (<|eot_id|>)',
     '[bash(command="ls")]<|eot_id|>', [MKBASH], MKLS, note=MKEND)
mk_v('gemma4-then-end-of-turn', 'Gemma 4', 'variant of hermes-then-eot-token in Gemma 4\'s markup (<end_of_turn>)',
     '<|tool_call>call:bash{command:<|"|>ls<|"|>}<tool_call|>\n<end_of_turn>', [MKBASH], MKLS, note=MKEND)
mk_v('harmony-then-return', 'gpt-oss Harmony', 'variant of hermes-then-eot-token in Harmony\'s markup (<|return|>)',
     '<|start|>assistant<|channel|>commentary to=functions.bash <|constrain|>json<|message|>{"command": "ls"}<|call|><|return|>', [MKBASH], MKLS, note=MKEND)
mk_v('invoke-then-end-of-turn-token', 'MiniMax M2', 'variant of hermes-then-eot-token after invoke markup (Cohere\'s <|END_OF_TURN_TOKEN|>)',
     '<minimax:tool_call>\n<invoke name="bash">\n<parameter name="command">ls</parameter>\n</invoke>\n</minimax:tool_call>\n<|END_OF_TURN_TOKEN|>', [MKBASH], MKLS, note=MKEND)
# look-alikes: the token without a call, in code, between calls
mk_v('im-end-after-prose', 'Hermes', 'look-alike of qwen-then-im-end-token: the token alone after prose',
     'All tests pass.<|im_end|>', [MKBASH])
mk_v('im-end-in-code', 'Hermes', 'look-alike of qwen-then-im-end-token: the call and its token in a code fence',
     'The model wrote:\n```\n' + MKHERMES + '\n<|im_end|>\n```', [MKBASH])
mk_v('eot-in-prose-after-example', 'Hermes', 'look-alike of hermes-then-eot-token: a call quoted in a sentence, the token after it',
     'A call looks like ' + MKHERMES + ' and ends with <|eot_id|>', [MKBASH])
