package repair

import (
	"errors"
	"fmt"
	"strings"
)

// Param is one parameter of a tool call leaked as markup (<parameter name="N">V</parameter>,
// <parameter=N>V</parameter>, <arg_key>N</arg_key><arg_value>V</arg_value>, ...).
type Param struct {
	Name  string // the parameter name as written
	Value string // the raw text of the value, as the markup reader unwrapped it
	// JSON is set when the markup says Value is JSON text (DeepSeek V3.2 DSML's string="false",
	// docs/faults.md D05: ochafik/minja PR #11): Value is read as JSON, then typed by the schema like
	// any value. A Value that is no JSON is then read as raw text, as when JSON is false.
	JSON bool
	// Elements is set when the markup wrote the value as elements of its own (MiniMax M3's nested
	// <K>V</K>, [markup.Param]): Value is the JSON object built of them, its texts strings, which
	// the schema shapes (see shapeElements) and types; a value that then fits not is no value, never
	// a string of markup.
	Elements bool
}

// The errors BuildInput wraps; test with errors.Is.
var (
	ErrUnknownTool  = errors.New("repair: no such tool in the request")
	ErrUnknownParam = errors.New("repair: no such parameter in the tool's schema")
	ErrUntyped      = errors.New("repair: a value cannot be read as the type its schema wants")
	ErrNoFit        = errors.New("repair: the input does not fit the tool's schema")
)

// BuildInput builds the JSON input of a tool call that leaked as markup (docs/faults.md D01-D06:
// anthropics/claude-code #64314, MiniMax-AI/MiniMax-M2.5 #10, vllm-project/vllm #21571, ...)
// from its parameters in their order. A parameter whose schema allows a string (or says nothing
// of its type) keeps its raw text as a string, backslashes and all (D10: "\t" in "C:\test" is not
// a tab), unless the markup marked it as JSON (Param.JSON: DSML's string="false", D05) and the
// JSON value fits the parameter's schema. Any other value is read as the string a model would
// have stringified, exactly as RepairInput reads one: JSON, mended \u escapes, a Python literal
// for arrays and objects, leaked closing markup cut, up to two levels, numbers only from number
// text.
//
// It returns compact JSON that fits the tool's schema, or an error wrapping ErrUnknownTool (the
// request offers no such tool, or no usable schema for it), ErrUnknownParam (a name that is not
// a top-level property of the schema, or given twice; where a root anyOf or oneOf's branches
// disagree on its types, the branch a const or enum parameter chooses types it, see
// discriminated), ErrUntyped (a value that cannot be read
// as its schema's type) or ErrNoFit (the whole input, say with a required parameter missing).
func (t *Tools) BuildInput(tool string, params []Param) (out []byte, err error) {
	defer func() {
		if r := recover(); r != nil {
			out, err = nil, fmt.Errorf("building the input of %q: %w", tool, ErrNoFit)
		}
	}()
	return t.buildInput(tool, params)
}

// buildInput is BuildInput without the recover, for the fuzz tests to see a panic.
func (t *Tools) buildInput(tool string, params []Param) ([]byte, error) {
	tl := t.lookup(tool)
	if tl == nil || tl.schema == nil {
		return nil, fmt.Errorf("building the input of %q: %w", tool, ErrUnknownTool)
	}
	size := 0
	for _, p := range params {
		size += len(p.Value)
	}
	b := newBudget(size)
	obj := value{kind: kindObject, keys: make([]string, 0, len(params)), elems: make([]value, 0, len(params))}
	branch := b.discriminated(tl.schema, params, map[*schema]bool{})
	for _, p := range params {
		ps := propertySchema(branch, p.Name, map[*schema]bool{})
		if ps == nil {
			ps = propertySchema(tl.schema, p.Name, map[*schema]bool{})
		}
		if ps == nil || obj.member(p.Name) != nil {
			return nil, fmt.Errorf("building the input of %q: parameter %q: %w", tool, p.Name, ErrUnknownParam)
		}
		if p.Elements {
			w, ok := b.elementsParam(p, ps)
			if !ok {
				return nil, fmt.Errorf("building the input of %q: parameter %q: %w", tool, p.Name, ErrUntyped)
			}
			obj.keys = append(obj.keys, p.Name)
			obj.elems = append(obj.elems, w)
			continue
		}
		v := value{kind: kindString, text: p.Value}
		if w, ok := b.jsonParam(p, ps); ok {
			obj.keys = append(obj.keys, p.Name)
			obj.elems = append(obj.elems, w)
			continue
		}
		if ts, known := types(ps); known && ts&tString == 0 {
			w, _, ch := b.coerceString(v, ps, 0)
			if !ch {
				return nil, fmt.Errorf("building the input of %q: parameter %q: %w", tool, p.Name, ErrUntyped)
			}
			v = w
		} else if w, ok := b.textAsJSON(v, ps); ok {
			v = w
		}
		obj.keys = append(obj.keys, p.Name)
		obj.elems = append(obj.elems, v)
	}
	if !b.judges(&obj, tl.schema, 0) {
		return nil, fmt.Errorf("building the input of %q: %w", tool, ErrNoFit)
	}
	return appendJSON(nil, &obj), nil
}

// jsonParam reads a parameter the markup marked as JSON (Param.JSON) as a JSON value, typed by
// the parameter's schema ps; ok is false when it is not marked, is no JSON, or does not fit ps
// (it is then read as raw text).
func (b *budget) jsonParam(p Param, ps *schema) (value, bool) {
	if !p.JSON {
		return value{}, false
	}
	w, err := parseJSON(strings.TrimSpace(p.Value))
	if err != nil {
		return value{}, false
	}
	if w2, _, ch := b.coerce(w, ps, 0); ch {
		w = w2
	}
	return w, b.judges(&w, ps, 0)
}

// elementsParam reads a parameter written as elements (Param.Elements) as the JSON value its
// Value holds, shaped (shapeElements) and typed by the parameter's schema ps; ok is false when it
// is no JSON or does not then fit ps.
func (b *budget) elementsParam(p Param, ps *schema) (value, bool) {
	w, err := parseJSON(p.Value)
	if err != nil {
		return value{}, false
	}
	w = shapeElements(w, ps, 0)
	if w2, _, ch := b.coerce(w, ps, 0); ch {
		w = w2
	}
	return w, b.judges(&w, ps, 0)
}

// shapeElements gives v, a value read from nested elements, the shape its schema s wants, as the
// peers read MiniMax M3's arguments by schema (vllm test_minimax_m3_tool_parser.py
// test_non_streaming_nested_tool_call, sglang test_minimax_m3_detector.py
// test_nested_object_and_array): where s wants an array and no object, an object of one member
// (<tags><item>red</item><item>blue</item></tags>) stands for the list of that member's values,
// one value a list of one; an object's members and an array's items are shaped by their own
// schemas. Anything else stays as it is, for the schema to judge.
func shapeElements(v value, s *schema, hops int) value {
	if s == nil || hops > maxHops {
		return v
	}
	ts, known := types(s)
	switch {
	case v.kind == kindObject && known && ts&tArray != 0 && ts&tObject == 0 && len(v.keys) == 1:
		items := []value{v.elems[0]}
		if v.elems[0].kind == kindArray {
			items = v.elems[0].elems
		}
		out := value{kind: kindArray, elems: make([]value, len(items))}
		for i, e := range items {
			out.elems[i] = shapeElements(e, itemSchema(s, i), hops+1)
		}
		return out
	case v.kind == kindObject:
		out := value{kind: kindObject, keys: v.keys, elems: make([]value, len(v.elems))}
		for i, k := range v.keys {
			out.elems[i] = shapeElements(v.elems[i], propertySchema(s, k, map[*schema]bool{}), hops+1)
		}
		return out
	case v.kind == kindArray:
		out := value{kind: kindArray, elems: make([]value, len(v.elems))}
		for i, e := range v.elems {
			out.elems[i] = shapeElements(e, itemSchema(s, i), hops+1)
		}
		return out
	}
	return v
}

// textAsJSON reads a raw parameter text v as JSON when its schema ps allows a string (or says
// nothing of types) but the text as a string fits ps not (an enum or const of non-strings, or a
// string barred by them: {"const": 7} with text 7, {"enum": ["ok", null]} with text null; SGLang
// test_glm47_schema_types.py test_field_types), and the text read as JSON fits ps; ok is false
// otherwise, and the text stays the string it is.
func (b *budget) textAsJSON(v value, ps *schema) (value, bool) {
	if b.judges(&v, ps, 0) {
		return value{}, false
	}
	w, err := parseJSON(strings.TrimSpace(v.text))
	if err != nil || !b.judges(&w, ps, 0) {
		return value{}, false
	}
	return w, true
}
