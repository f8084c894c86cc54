package markup

import (
	"encoding/json"
	"strings"
)

// envelope parses one block of a family read by a shared body reader: one of its openers (of those
// that may stand here: stands, a bit per [Stand]), then one call, or more when f.Many, each
// written as f.Item, an optional f.Lead and a name, the body, f.ItemEnd, with f.Sep (or, where
// the row has a Sep, an opener that counts glued again) between them, then f.Close. A closer missing at the end of the text is forgiven once a call is complete
// (cut); a text that ends before that is short.
func envelope(c *cursor, f *Family, stands uint8) ([]Call, outcome) {
	at := c.i
	if o := c.opener(f.Open, stands); o != whole {
		return nil, o
	}
	if f.HeadEnd == "" {
		return envelopeRest(c, f, at)
	}
	head, o := c.name()
	if o != whole {
		return nil, o
	}
	if r := c.lit(f.HeadEnd); r != ok {
		return nil, failOrShort(r)
	}
	calls, o := envelopeRest(c, f, c.i)
	for _, call := range calls {
		if call.Name != head {
			return nil, fail
		}
	}
	return calls, o
}

// envelopeRest parses the rest of a block of f after its opener (and its header), at where the
// opener began (or the header ended): the opener of a row whose first tag is its own.
func envelopeRest(c *cursor, f *Family, at int) ([]Call, outcome) {
	// The XML-ish readers take their wrapper's closer themselves (Qwen: a </function> may be
	// left out before it; both: nothing but a closer may follow the last value).
	if len(f.Wraps) > 0 { // the opener is the first tag's own, read with its name
		if f.HeadEnd == "" {
			c.i = at
		}
		calls, o := wrapped(c, f)
		if o == whole && f.Close != "" { // an optional end token after the block
			save := c.i
			c.skipBlanks()
			if r, done := c.closeAny(f.Close, f.Close2); done {
				return calls, r
			}
			c.i = save
		}
		return calls, o
	}
	switch f.body {
	case bodyFunction:
		c.skipBlanks()
		call, o := qwenRest(c, f.Close, false)
		call.Syntax = f.Syntax
		return single(call, o)
	case bodyBareFunction:
		c.i = at
		return single(qwenRest(c, tcClose, true))
	case bodyElements:
		if f.Close == "" { // no wrapper: the opener is the call element's own
			c.i = at
			return single(elementCall(c, f, ""))
		}
	case bodyHeadJSON: // no blanks before its first header
		call, o := headCall(c, f)
		switch {
		case o != whole:
		case f.CloseOpt:
			o = c.closeOpt(f)
		case f.Close != "": // blanks, then the closer (or the end of the text inside one)
			c.skipBlanks()
			if r, done := c.closeAny(f.Close, f.Close2); done {
				o = r
			} else {
				o = fail
			}
		}
		return single(call, o)
	case bodyArgKV:
		if f.Item != "" {
			break // each call in its own item (Hunyuan), read by readBody
		}
		c.skipBlanks()
		if rest := c.rest(); rest == "" {
			return nil, short
		} else if !nameByte(rest[0]) {
			return nil, fail
		}
		return single(glmRest(c, f, f.Close))
	}
	if f.Tight && !c.eof() && isBlank(c.s[c.i]) {
		return nil, fail
	}
	var calls []Call
	for {
		c.skipBlanks()
		if f.Item != "" {
			if r := c.lit(f.Item); r != ok {
				return nil, failOrShort(r)
			}
		}
		if o := c.lead(f.Lead); o != whole {
			return nil, o
		}
		c.skipBlanks()
		cs, o := readBody(c, f)
		switch o {
		case fail, short:
			return nil, o
		case cut:
			return append(calls, cs...), cut
		}
		calls = append(calls, cs...)
		c.skipBlanks()
		if f.ItemEnd != "" && f.body != bodyArgKV { // the pairs' reader takes its item's closer itself
			switch c.lit(f.ItemEnd) {
			case bad:
				return nil, fail
			case eof:
				return calls, cut
			}
			c.skipBlanks()
		}
		if f.CloseOpt && !f.Many {
			return calls, c.closeOpt(f)
		}
		if o, done := c.closeAny(f.Close, f.Close2); done {
			if o == whole {
				o = c.trail(f.Trail)
			}
			return calls, o
		}
		if !f.Many {
			if f.Close == "" {
				return calls, c.trail(f.Trail)
			}
			return nil, fail
		}
		switch rest := c.rest(); {
		case f.Sep == "" && f.Item == "":
			continue // calls one after another, blanks between
		case f.Sep == "":
		case strings.HasPrefix(rest, f.Sep):
			c.i += len(f.Sep)
			continue
		case rest != "" && partial(rest, f.Sep):
			return nil, short
		default: // or each call after its own opener (Llama 3's <|python_tag|> again)
			switch o := c.opener(f.Open, 1<<Anywhere|1<<AfterStop|1<<Glued|1<<GluedColon); { // glued after the call before it
			case o == whole:
				continue
			case o == short && rest != "":
				return nil, short
			}
		}
		switch {
		case f.Item != "":
		case f.Close == "":
			return calls, whole
		default:
			return nil, fail
		}
	}
}

// trail takes one of the tokens ts (Family.Trail) after an envelope's closer along with the markup
// when only blanks (or end-of-turn tokens, endTokens) follow it to the end of the text: whole,
// the cursor after it; cut when the text ends inside one; whole with the cursor where it was when none stands there or text follows it
// (the tail's reader then judges that text as after any envelope).
func (c *cursor) trail(ts []string) outcome {
	save := c.i
	c.skipBlanks()
	rest := c.rest()
	for _, t := range ts {
		switch {
		case rest == "":
		case strings.HasPrefix(rest, t):
			c.i += len(t)
			c.skipBlanks()
			if c.eof() || c.endsTurn() != bad { // seq takes the end-of-turn tokens after it
				return whole
			}
		case partial(rest, t):
			return cut
		}
	}
	c.i = save
	return whole
}

// closeAny reads one of the closers a and b ("" none): done with whole when one comes (the cursor
// after it), with cut when the text ends inside one (a prefix of it, possibly empty); not done
// otherwise. a is tried first, so b may be a prefix of a (PLaMo's closer, then its end of turn).
func (c *cursor) closeAny(a, b string) (outcome, bool) {
	if a == "" {
		return fail, false
	}
	rest := c.rest()
	for _, cl := range [...]string{a, b} {
		switch {
		case cl == "":
		case strings.HasPrefix(rest, cl):
			c.i += len(cl)
			return whole, true
		case partial(rest, cl):
			return cut, true
		}
	}
	return fail, false
}

// opener consumes the first of os that may stand here (stands) and that the text begins with:
// whole; short when the text is a proper prefix of one; fail otherwise. An opener "{" or "[" is
// the first byte of the body itself, left for its reader.
func (c *cursor) opener(os []Opener, stands uint8) outcome {
	rest := c.rest()
	could := false
	for _, o := range os {
		if stands&(1<<o.Stand) == 0 {
			continue
		}
		if strings.HasPrefix(rest, o.Text) {
			if o.Stand == LineEnd {
				switch r := lineEnds(rest[len(o.Text):]); r {
				case eof:
					could = true
					continue
				case bad:
					continue
				}
			}
			if o.Text != "{" && o.Text != "[" {
				c.i += len(o.Text)
			}
			return whole
		}
		could = could || partial(rest, o.Text)
	}
	if could {
		return short
	}
	return fail
}

// lineEnds reports whether s begins with blanks other than a line break and then a line break: ok;
// eof when s ends before that shows; bad when other text comes first.
func lineEnds(s string) res {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\n':
			return ok
		case ' ', '\t', '\r':
		default:
			return bad
		}
	}
	return eof
}

// lead skips l, a name after it unless a tag follows l right away (SGLang's Step3 template writes
// function<｜tool_sep｜><steptml:invoke …>, sglang test_step3_detector.py) and blanks when the text
// has l here: whole (also when l is "" or absent); short when the text ends inside it.
func (c *cursor) lead(l string) outcome {
	if l == "" {
		return whole
	}
	switch rest := c.rest(); {
	case strings.HasPrefix(rest, l):
		c.i += len(l)
		if c.i < len(c.s) && c.s[c.i] == '<' {
			return whole
		}
		if _, o := c.name(); o != whole {
			return o
		}
	case partial(rest, l):
		return short
	}
	return whole
}

// readBody reads the calls of one item of f with its shared body reader.
func readBody(c *cursor, f *Family) ([]Call, outcome) {
	switch f.body {
	case bodyJSONCall:
		if r := keyGate(c.s, c.i, f); r != ok {
			return nil, failOrShort(r)
		}
		at := c.i
		obj, r := c.object()
		if r != bad && gateOf(c, f).refuses(c.s, at, c.m) {
			return nil, fail
		}
		if r != ok {
			return nil, failOrShort(r)
		}
		call, valid := callObject([]byte(obj), f)
		if !valid {
			return nil, fail
		}
		return []Call{call}, whole
	case bodyJSONList:
		return jsonCallList(c, f, true)
	case bodyNameJSON:
		return single(nameJSON(c, f))
	case bodyGemma:
		return single(gemmaBody(c, f.Syntax, f.Quote))
	case bodyKeyedList:
		return keyedList(c, f.Syntax)
	case bodyArgKV:
		return single(glmRest(c, f, f.ItemEnd))
	case bodyElements:
		return single(elementCall(c, f, f.Close))
	case bodyKeyElements:
		return single(keyedElements(c, f))
	case bodyInvoke:
		call, o := wrappedInvoke(c)
		call.Syntax = f.Syntax
		return single(call, o)
	}
	c.lines = f.Lines
	defer func() { c.lines = false }()
	return pythonCalls(c, f.Syntax)
}

// nameJSON reads bodyNameJSON: a tool name (f.NamePrefix and a :N index removed when f says so),
// blanks, f.NameSep, blanks and the arguments object. Where f says so, the arguments may follow
// the name glued, without NameSep (f.Glued: Mistral v11's T{…}), an id segment may stand before
// NameSep (f.ID, then a token: Mistral's [CALL_ID]id), and the name f.Fence followed by NameSep
// and no object introduces the tool's own name and its arguments in a Markdown fence
// (DeepSeek V3's function<｜tool▁sep｜>T⏎```json⏎{…}⏎```, see fenced).
func nameJSON(c *cursor, f *Family) (Call, outcome) {
	raw, o := c.name()
	if o != whole {
		return Call{}, o
	}
	name := strings.TrimPrefix(raw, f.NamePrefix)
	if k := strings.LastIndexByte(name, ':'); f.NameIndex && k >= 0 && allDigits(name[k+1:]) {
		name = name[:k]
	}
	fence := f.Fence != "" && name == f.Fence // a tool of that name is known only once an object follows
	if name == "" || !fence && !c.tool(name) {
		return Call{}, fail
	}
	c.skipBlanks()
	if rest := c.rest(); f.Glued && rest != "" && rest[0] == '{' {
		return argsObject(c, Call{Syntax: f.Syntax, Name: name})
	}
	if f.ID != "" {
		switch rest := c.rest(); {
		case strings.HasPrefix(rest, f.ID):
			c.i += len(f.ID)
			if _, r := c.token(); r != ok {
				return Call{}, short
			}
			c.skipBlanks()
		case partial(rest, f.ID) && !partial(rest, f.NameSep):
			return Call{}, short
		}
	}
	if r := c.lit(f.NameSep); r != ok {
		return Call{}, failOrShort(r)
	}
	c.skipBlanks()
	if fence {
		if c.eof() {
			return Call{}, short
		}
		if c.s[c.i] != '{' {
			return fenced(c, f)
		}
		if !c.tool(name) {
			return Call{}, fail
		}
	}
	return argsObject(c, Call{Syntax: f.Syntax, Name: name})
}

// argsObject reads the arguments object of call.
func argsObject(c *cursor, call Call) (Call, outcome) {
	obj, r := c.object()
	if r != ok {
		return Call{}, failOrShort(r)
	}
	call.JSON = []byte(obj)
	return call, whole
}

// fenced reads the rest of a call of f written in a fence after f.Fence and f.NameSep: the tool
// name, blanks, ```, an optional json, blanks, the arguments object, blanks and the closing ```.
func fenced(c *cursor, f *Family) (Call, outcome) {
	name, o := c.name()
	if o != whole {
		return Call{}, o
	}
	if !c.tool(name) {
		return Call{}, fail
	}
	c.skipBlanks()
	if r := c.lit("```"); r != ok {
		return Call{}, failOrShort(r)
	}
	if rest := c.rest(); strings.HasPrefix(rest, "json") {
		c.i += len("json")
	} else if partial(rest, "json") && rest != "" {
		return Call{}, short
	}
	c.skipBlanks()
	call, o := argsObject(c, Call{Syntax: f.Syntax, Name: name})
	if o != whole {
		return call, o
	}
	c.skipBlanks()
	if r := c.lit("```"); r != ok {
		return Call{}, failOrShort(r)
	}
	return call, whole
}

// jsonCallList reads a JSON list of call objects (see callObject) from its '[': each item a call of
// f's syntax, its keys as f names them (NameKey, Extra, Params); gate whether a list whose first
// item's first key is no call key is refused at that key.
func jsonCallList(c *cursor, f *Family, gate bool) ([]Call, outcome) {
	if c.eof() {
		return nil, short
	}
	if c.s[c.i] != '[' {
		return nil, fail
	}
	if gate { // a list that is no call list is let go early
		j := c.i + 1
		for j < len(c.s) && isBlank(c.s[j]) {
			j++
		}
		if j == len(c.s) {
			return nil, short
		}
		if c.s[j] != '{' {
			return nil, fail
		}
		if r := keyGate(c.s, j, f); r != ok {
			return nil, failOrShort(r)
		}
	}
	end, r := jsonArrayAt(c.s, c.i, c.m)
	if r != bad && gateOf(c, f).refusesList(c.s, c.i, c.m) {
		return nil, fail
	}
	if r != ok {
		return nil, failOrShort(r)
	}
	var items []json.RawMessage
	if json.Unmarshal([]byte(escapeControls(c.s[c.i:end])), &items) != nil || len(items) == 0 {
		return nil, fail
	}
	calls := make([]Call, 0, len(items))
	for _, it := range items {
		call, valid := callObject(it, f)
		if !valid {
			return nil, fail
		}
		calls = append(calls, call)
	}
	c.i = end
	return calls, whole
}

// keyedList reads a JSON list of objects that each hold one key, the tool name, whose value is
// the arguments object: [{"T": {…}}, …]; or one such object whose list brackets were left out,
// {"T": {…}}, one call (ml-explore/mlx-lm 5313609 test_apertus: a bare object rather than an
// array; the family's special tokens, which prose does not write, mark it a call).
func keyedList(c *cursor, syn Syntax) ([]Call, outcome) {
	at := jsonArrayAt
	bare := c.i < len(c.s) && c.s[c.i] == '{'
	if bare {
		at = jsonObjectAt
	}
	end, r := at(c.s, c.i, c.m)
	if r != ok {
		return nil, failOrShort(r)
	}
	body := escapeControls(c.s[c.i:end])
	if bare {
		body = "[" + body + "]"
	}
	var items []map[string]json.RawMessage
	if json.Unmarshal([]byte(body), &items) != nil || len(items) == 0 {
		return nil, fail
	}
	calls := make([]Call, 0, len(items))
	for _, it := range items {
		if len(it) != 1 {
			return nil, fail
		}
		for name, args := range it {
			if args = json.RawMessage(strings.TrimLeft(string(args), blanks)); name == "" || args[0] != '{' {
				return nil, fail
			}
			calls = append(calls, Call{Syntax: syn, Name: name, JSON: []byte(args)})
		}
	}
	c.i = end
	return calls, whole
}

// callKeys are the keys a call object's first key may be (keyGate), besides a family's NameKey,
// Extra and ArgsKey.
var callKeys = [...]string{"name", "arguments", "parameters"}

// keyGate checks the object opening at byte i of s as far as its first key: ok when that key is
// one of callKeys or f's NameKey, Extra or ArgsKey, or "type" when f.TypeKey (or the object is empty), eof when the text ends
// before the key is whole and what there is could still become one, bad otherwise. It lets an
// ordinary JSON answer go as soon as its first key shows it is no call, instead of holding it to
// its end.
func keyGate(s string, i int, f *Family) res {
	if i >= len(s) {
		return eof
	}
	if s[i] != '{' {
		return bad
	}
	j := i + 1
	for j < len(s) && isBlank(s[j]) {
		j++
	}
	if j == len(s) {
		return eof
	}
	if s[j] == '}' {
		return ok
	}
	if s[j] != '"' {
		return bad
	}
	k := strings.IndexAny(s[j+1:], "\"\\")
	if k >= 0 && s[j+1+k] == '\\' {
		return bad
	}
	key := s[j+1:]
	if k >= 0 {
		key = key[:k]
	}
	typed := ""
	if f.TypeKey {
		typed = "type"
	}
	for _, w := range append(callKeys[:], f.NameKey, f.Extra, f.ArgsKey, typed) {
		if w == "" {
			continue
		}
		if k >= 0 && key == w {
			return ok
		}
		if k < 0 && strings.HasPrefix(w, key) {
			return eof
		}
	}
	return bad
}
