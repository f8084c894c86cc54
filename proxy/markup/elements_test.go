package markup

import "testing"

// TestNestedJSON: nestedJSON reads a MiniMax M3 argument written as elements of its own into the
// JSON object the schema engine shapes (vllm test_minimax_m3_tool_parser.py
// test_non_streaming_nested_tool_call, sglang test_minimax_m3_detector.py
// test_nested_object_and_array), and refuses any other text.
func TestNestedJSON(t *testing.T) {
	w := func(parts ...string) string {
		s := ""
		for _, p := range parts {
			s += minimaxNS + p
		}
		return s
	}
	for _, tt := range []struct{ name, text, want string }{
		{"object", w("<city>NYC", "</city>", "<zip>10001", "</zip>"), `{"city":"NYC","zip":"10001"}`},
		{"items", w("<item>red", "</item>", "<item>blue", "</item>"), `{"item":["red","blue"]}`},
		{"nested objects", w("<item>", "<sku>a", "</sku>", "<qty>2", "</qty>", "</item>", "<item>", "<sku>b", "</sku>", "</item>"), `{"item":[{"sku":"a","qty":"2"},{"sku":"b"}]}`},
		{"blanks between, text kept", "\n " + w("<note> a \"q\"\n", "</note>") + "\n", `{"note":" a \"q\"\n"}`},
		{"empty element", w("<a>", "</a>"), `{"a":""}`},
		{"text beside", "to " + w("<city>NYC", "</city>"), ""},
		{"text after", w("<city>NYC", "</city>") + " and", ""},
		{"closed by another name", w("<city>NYC", "</town>"), ""},
		{"left open", w("<city>NYC"), ""},
		{"an opener in a text", w("<city>N", "<b>YC", "</city>"), ""},
		{"bad name", w("<a b>x", "</a b>"), ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got, valid := nestedJSON(tt.text, minimaxNS)
			if tt.want == "" {
				if valid {
					t.Fatalf("read %s, want a refusal", got)
				}
				return
			}
			if !valid || got != tt.want {
				t.Fatalf("got %s, %v, want %s", got, valid, tt.want)
			}
		})
	}
	deep := ""
	for range maxNested + 1 {
		deep = w("<a>") + deep + w("</a>")
	}
	if got, valid := nestedJSON(w("<x>")+deep+w("</x>"), minimaxNS); valid {
		t.Fatalf("read %d levels: %s", maxNested+2, got)
	}
}
