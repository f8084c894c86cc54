package markup

import "slices"

// MyCall is a made-up family for TestNewRowEveryAPI: <|mycall|>{"name", "arguments"}<|/mycall|>,
// one row of the table read by the shared JSON call reader. It shares LongCat's syntax bit, so
// that every dialect, which enables [All], enables it.
var MyCall = Family{Name: "made-up mycall", Row: "test", Syntax: LongCat, body: bodyJSONCall,
	Open: []Opener{{"<|mycall|>", Anywhere}}, Close: "<|/mycall|>"}

// AddFamily appends f to the table and derives the scanner's tables from it again, until undo,
// which restores the table. No scan may run meanwhile in another goroutine.
func AddFamily(f Family) (undo func()) {
	saved := families
	families = append(slices.Clip(families), f)
	derive()
	return func() {
		families = saved
		derive()
	}
}
