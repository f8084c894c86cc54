package anthropic

import (
	"regexp"
	"strings"
	"testing"
)

// TestBlockIndexOutOfRange holds issue 13 item 9: a block index toolfix cannot use as a block
// number (1e30, negative, MaxInt64 that a shift would wrap round) is never renumbered: after a
// leaked call moved the later blocks up, such an event goes out as it came, not as another block's
// index, and with no shift a stream holding one passes byte for byte.
func TestBlockIndexOutOfRange(t *testing.T) {
	closed := strings.Replace(d46Text, `</parameter>\n"`, `</parameter>\n</invoke>"`, 1)
	for _, idx := range []string{"1e30", "-1", "9223372036854775807", "1e3", "1000000000", "2.5", `"1"`} {
		start := `{"type":"content_block_start","index":` + idx + `,"content_block":{"type":"text","text":""}}`
		delta := fText(idx, `"Done."`)
		stop := `{"type":"content_block_stop","index":` + idx + `}`
		t.Run(idx+" after a shift", func(t *testing.T) {
			in := sseOf(fStart, fTextStart, fText("0", closed), fStop0, start, delta, stop, fMsgDelta(`"end_turn"`), fEnd)
			for mode, r := range readers(in) {
				out, kinds := run(t, []byte(dbTools), r)
				if !strings.Contains(strings.Join(kinds, ","), "leaked_call") {
					t.Fatalf("%s: the leaked call was not converted (kinds %v), so nothing was shifted", mode, kinds)
				}
				for _, ev := range []string{start, delta, stop} {
					if !strings.Contains(string(out), "data: "+ev+"\n") {
						t.Errorf("%s: %s did not go out as it came:\n%s", mode, ev, out)
					}
				}
				for _, m := range indexRe.FindAllStringSubmatch(string(out), -1) {
					if m[1] != "0" && m[1] != "1" && m[1] != idx {
						t.Errorf("%s: index %s went out, want only 0, 1 (text and tool_use) and %s as it came:\n%s", mode, m[1], idx, out)
					}
				}
			}
		})
		t.Run(idx+" without a shift", func(t *testing.T) {
			streamCase{name: idx, request: dbTools, in: sseOf(fStart, fTextStart, fText("0", `"Hi."`), fStop0, start, delta, stop, fMsgDelta(`"end_turn"`), fEnd)}.check(t)
		})
	}
}

var indexRe = regexp.MustCompile(`"index":([^,}]*)`)
