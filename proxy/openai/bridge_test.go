package openai

import (
	"reflect"
	"testing"

	"github.com/toolfix/toolfix/proxy/markup"
)

func TestGongjuTail(t *testing.T) {
	tests := []struct {
		name  string
		text  string
		start int // -1: no tail
		calls []markup.Call
	}{
		{"one block with end marker", "Ok.\n工具 write\nfile_path=\"C:\\test\\new\"\n工具结束\n", 4,
			[]markup.Call{{Name: "write", Params: []markup.Param{{Name: "file_path", Value: `C:\test\new`}}}}},
		{"escaped quote and backslash only", "工具 w\nv=\"a \\\"b\\\" \\\\ \\n\"", 0,
			[]markup.Call{{Name: "w", Params: []markup.Param{{Name: "v", Value: `a "b" \ \n`}}}}},
		{"value over lines, quote inside", "工具 w\nv=\"line \"one\" here\nline two\"\n", 0,
			[]markup.Call{{Name: "w", Params: []markup.Param{{Name: "v", Value: "line \"one\" here\nline two"}}}}},
		{"a line ending in a quote ends the value", "工具 w\nv=\"line \"one\"\nline two\"\n", -1, nil},
		{"indented lines, blanks around =, CRLF", "  工具 \tbash  \r\n  command = \"ls\"  \r\n\r\n工具结束\r\n", 0,
			[]markup.Call{{Name: "bash", Params: []markup.Param{{Name: "command", Value: "ls"}}}}},
		{"two blocks, no end marker", "工具 a\nx=\"1\"\n工具 b\n", 0,
			[]markup.Call{{Name: "a", Params: []markup.Param{{Name: "x", Value: "1"}}}, {Name: "b"}}},
		{"end marker with blanks after it, no line break", "Ok.\n工具 a\nx=\"1\"\n工具结束 \t", 4,
			[]markup.Call{{Name: "a", Params: []markup.Param{{Name: "x", Value: "1"}}}}},
		{"empty value", "工具 a\nx=\"\"", 0, []markup.Call{{Name: "a", Params: []markup.Param{{Name: "x", Value: ""}}}}},
		{"after a closed fence", "```\ncode\n```\n工具 a\n", 13, []markup.Call{{Name: "a"}}},
		{"inside a fence", "```\n工具 a\nx=\"1\"\n", -1, nil},
		{"prose after the end marker", "工具 a\nx=\"1\"\n工具结束\nmore", -1, nil},
		{"unclosed value", "工具 a\nx=\"1\n", -1, nil},
		{"a parameter before any block", "x=\"1\"\n", -1, nil},
		{"a word, not a header", "工具箱\n", -1, nil},
		{"a header without a name", "工具 \n", -1, nil},
		{"not at a line start", "see 工具 a\n", -1, nil},
		{"end marker without block", "工具结束\n", -1, nil},
		{"a bad name", "工具 a b\n", -1, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var h bridgeHolder
			start, calls, ok := h.Tail(tc.text)
			if tc.start < 0 {
				if ok {
					t.Fatalf("found a tail at %d: %+v", start, calls)
				}
				return
			}
			if !ok || start != tc.start || !reflect.DeepEqual(calls, tc.calls) {
				t.Fatalf("got %v at %d: %+v; want at %d: %+v", ok, start, calls, tc.start, tc.calls)
			}
			// Streamed in pieces, the holder never releases the tail's start.
			for n := 1; n <= 5; n++ {
				if _, rel := releaseAll(t, tc.text, n); rel > tc.start {
					t.Fatalf("pieces of %d: released %d bytes, past the tail at %d", n, rel, tc.start)
				}
			}
		})
	}
}

// releaseAll drives a bridgeHolder over text in pieces of n bytes, releasing what Safe allows, and
// returns the holder and how many bytes it released in all. It fails t when Safe allows less
// than nothing or more than it was given.
func releaseAll(t testing.TB, text string, n int) (*bridgeHolder, int) {
	t.Helper()
	var h bridgeHolder
	rel := 0
	for end := 0; end < len(text); {
		end = min(len(text), end+n)
		pending := text[rel:end]
		k := h.Safe(pending)
		if k < 0 || k > len(pending) {
			t.Fatalf("Safe %d of %d", k, len(pending))
		}
		h.Release(pending[:k])
		rel += k
	}
	return &h, rel
}

// FuzzBridgeHolder: never panic; what the holder releases never contains the start of the tail
// found on the whole text, and Tail on the held text agrees with the whole text.
func FuzzBridgeHolder(f *testing.F) {
	f.Add("Ok.\n工具 write\nfile_path=\"C:\\test\"\n工具结束\n", uint8(3))
	f.Add("```\n工具 a\n```\n工具 b\nx=\"1\"", uint8(1))
	f.Add("工具箱\n工具 a\nx=\"a\\\"b\"\n\n", uint8(7))
	f.Fuzz(func(t *testing.T, text string, step uint8) {
		n := int(step%16) + 1
		var whole bridgeHolder
		start, calls, ok := whole.Tail(text)
		h, rel := releaseAll(t, text, n)
		if ok && rel > start {
			t.Fatalf("released %d bytes, past the tail at %d", rel, start)
		}
		s2, c2, ok2 := h.Tail(text[rel:])
		if ok != ok2 || ok && (s2+rel != start || !reflect.DeepEqual(calls, c2)) {
			t.Fatalf("tail on held text %v at %d, on whole text %v at %d", ok2, s2+rel, ok, start)
		}
	})
}
