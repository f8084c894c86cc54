# --- a call inside a wrapper whose other part toolfix does not take (issue 20): the tail is taken
# whole or not at all, so a bare call row must not take the declared call out of the block
WRT = 'toolfix look-alike (a wrapper holding a call toolfix does not take and one it would)'
WRW = [T('get_weather', city=S)]
def wr(name, text, note=''):
    vec('wrap-' + name, 'MiniMax M2' if 'minimax' in text else 'Qwen3 Coder/XML', WRT, text, WRW, note=note, pre='report-')
wr('minimax-undeclared-first', 'Let me look.\n<minimax:tool_call>\n<invoke name="lookup_city">\n<parameter name="q">SF</parameter>\n</invoke>\n<invoke name="get_weather">\n<parameter name="city">SF</parameter>\n</invoke>\n</minimax:tool_call>')
wr('minimax-broken-first', 'Let me look.\n<minimax:tool_call>\n<invoke name="get_weather">\n<parameter name="town">SF</parameter>\n</invoke>\n<invoke name="get_weather">\n<parameter name="city">SF</parameter>\n</invoke>\n</minimax:tool_call>')
wr('qwen-undeclared-first', 'Let me look.\n<tool_call>\n<function=lookup_city>\n<parameter=q>\nSF\n</parameter>\n</function>\n<function=get_weather>\n<parameter=city>\nSF\n</parameter>\n</function>\n</tool_call>')
wr('qwen-glued-parameter', 'Let me look.\n<tool_call>\n<function=get_weather>\n<parameter=city>\nSF<parameter=city>\nLA\n</parameter>\n</function>\n</tool_call>')
