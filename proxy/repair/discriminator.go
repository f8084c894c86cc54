package repair

// discriminated finds the branch of a root anyOf or oneOf (the root's own, or through its $ref
// and allOf) that the call's parameters choose by a discriminator: a property whose schema in a
// branch is a const or an enum (a Pydantic tagged union, {"kind": {"const": "count"}}; SGLang
// test/registered/unit/function_call/test_glm47_schema_types.py
// test_root_unions_preserve_each_value_type). A branch is chosen when some parameter names such a
// property of it and fits it (as its raw text or, where that fits not, the text read as JSON), no
// parameter's text fits not a const or enum of it, and every other branch of the group has a
// const or enum that a parameter's text fits not. It returns nil when no group has exactly such a
// branch: the branches then type a value only where they agree (branchProperty), never by a guess.
func (b *budget) discriminated(s *schema, params []Param, seen map[*schema]bool) *schema {
	if s == nil || seen[s] {
		return nil
	}
	seen[s] = true
	if d := b.discriminated(s.ref, params, seen); d != nil {
		return d
	}
	for _, a := range s.allOf {
		if d := b.discriminated(a, params, seen); d != nil {
			return d
		}
	}
	for _, group := range [][]*schema{s.anyOf, s.oneOf} {
		if d := b.chosenBranch(group, params); d != nil {
			return d
		}
	}
	return nil
}

// chosenBranch is the one branch of group the parameters' tags choose (tagFit), or nil when none
// or two do, or a branch without a tag the parameters name might be the one.
func (b *budget) chosenBranch(group []*schema, params []Param) *schema {
	var chosen *schema
	for _, br := range group {
		switch b.tagFit(br, params) {
		case tagChosen:
			if chosen != nil {
				return nil
			}
			chosen = br
		case tagSilent:
			return nil
		}
	}
	return chosen
}

// How a branch's discriminators judge the parameters (tagFit).
const (
	tagSilent   = iota // no parameter names a const or enum property of the branch
	tagChosen          // one does and fits it, and none fits not
	tagRuledOut        // a parameter's text fits not a const or enum property of the branch
)

// tagFit judges the parameters against the const and enum properties of branch br.
func (b *budget) tagFit(br *schema, params []Param) int {
	res := tagSilent
	for _, p := range params {
		ps := propertySchema(br, p.Name, map[*schema]bool{})
		if ps == nil || (!ps.hasEnum && ps.constant == nil) {
			continue
		}
		v := value{kind: kindString, text: p.Value}
		if !b.judges(&v, ps, 0) {
			if _, ok := b.textAsJSON(v, ps); !ok {
				return tagRuledOut
			}
		}
		res = tagChosen
	}
	return res
}
