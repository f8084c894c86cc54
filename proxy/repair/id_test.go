package repair

import (
	"regexp"
	"testing"
)

func TestNewID(t *testing.T) {
	re := regexp.MustCompile(`^toolu_[0-9A-Za-z]{24}$`)
	seen := map[string]bool{}
	for i := 0; i < 100; i++ {
		id := NewID("toolu_")
		if !re.MatchString(id) {
			t.Fatalf("NewID = %q", id)
		}
		if seen[id] {
			t.Fatalf("NewID repeated %q", id)
		}
		seen[id] = true
	}
}
